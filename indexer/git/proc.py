"""Subprocesses with a deadline: on timeout the whole process group is killed.

`subprocess.run(timeout=...)` kills only the direct child; git's helpers (`git-remote-https`,
`index-pack`) would keep the pipes open and the wait would hang. Each command here runs in a
new session and its group is killed when the deadline passes.
"""
from __future__ import annotations

import os
import signal
import subprocess
import time
from typing import NamedTuple, Sequence

__all__ = ["Ran", "TimedOut", "run", "Deadline"]


class TimedOut(Exception):
    """The command did not finish before the deadline."""


class Ran(NamedTuple):
    code: int
    stdout: bytes
    stderr: bytes


class Deadline:
    """The time left for one repository's work, shared by its commands."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.end = time.monotonic() + seconds

    def left(self) -> float:
        left = self.end - time.monotonic()
        if left <= 0:
            raise TimedOut(f"time limit of {self.seconds:g} s reached")
        return left


def run(argv: Sequence[str], deadline: Deadline, cwd: str | None = None,
        env: dict[str, str] | None = None) -> Ran:
    """Run `argv` (never through a shell) with stdin closed; raise TimedOut past the deadline."""
    process = subprocess.Popen(list(argv), cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        stdout, stderr = process.communicate(timeout=deadline.left())
    except subprocess.TimeoutExpired:
        _kill_group(process)
        raise TimedOut(f"time limit of {deadline.seconds:g} s reached") from None
    except BaseException:
        _kill_group(process)
        raise
    return Ran(process.returncode, stdout, stderr)


def _kill_group(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        process.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        pass
