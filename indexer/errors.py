"""Errors that end a command with exit code 2 (usage or configuration)."""
from __future__ import annotations


class OrgmemoryError(Exception):
    """A problem the user must fix; printed as one line, exit code 2."""

    exit_code = 2


class ConfigError(OrgmemoryError):
    """`.orgmemory.yaml` is broken: carries file, line and key for `file:line: key: message`."""

    def __init__(self, file: str, line: int | None, key: str | None, message: str) -> None:
        self.file = file
        self.line = line
        self.key = key
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.key}: {self.message}" if self.key else f"{where}: {self.message}"


class NotARepositoryError(OrgmemoryError):
    pass
