"""Local clones of remote `extends` sources, kept up to date at most every N seconds.

The URL and ref come from a repository's `.orgmemory.yaml`, so they are untrusted input:

- options and arguments are separated (`--`); `indexer.memory.extends` has already refused refs that
  are not plain names (`gitcmd.is_plain_ref`) and URLs whose host or user starts with `-`;
- git speaks only the allowed protocols (`-c protocol.allow=never`, then `always` for each of
  `allowed_protocols()`: https and ssh, more through ORGMEMORY_EXTENDS_PROTOCOLS; `ext` and `fd`
  never), runs no hooks (`core.hooksPath=/dev/null`), never prompts (GIT_TERMINAL_PROMPT=0, and
  a new session without a terminal for ssh), downloads no LFS content, and ignores the
  variables a git hook sets (GIT_DIR, GIT_INDEX_FILE, ...) that would point it at the user's
  repository;
- every git call of one update shares a deadline (ORGMEMORY_GIT_TIMEOUT seconds, default 30)
  and is killed with its helpers when it passes (`indexer.git.proc`);
- the URL, which may carry credentials, is never stored: the clone has no remote (each fetch
  names the URL), and the stamp and every message carry it through `redact`.

A clone is built in a temporary folder and renamed into place, so a failed or concurrent first
clone never leaves a half-made copy that later runs would trust. The time of the last successful
fetch is the mtime of a stamp file beside the clone.
"""
from __future__ import annotations

import os
import re
import shutil
import tempfile

from indexer.errors import OrgmemoryError
from indexer.git.proc import Deadline, TimedOut, run
from indexer.git.run import GitMissingError

__all__ = ["CloneError", "ensure_clone", "clone_age", "allowed_protocols", "redact"]

PROTOCOLS_VARIABLE = "ORGMEMORY_EXTENDS_PROTOCOLS"
TIMEOUT_VARIABLE = "ORGMEMORY_GIT_TIMEOUT"
DEFAULT_PROTOCOLS = ("https", "ssh")
#: What ORGMEMORY_EXTENDS_PROTOCOLS may add; `ext` (runs a command) and `fd` never.
_KNOWN_PROTOCOLS = ("https", "ssh", "http", "git", "file")
_DEFAULT_TIMEOUT = 30.0
_QUIET_GIT = {"GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "echo", "GCM_INTERACTIVE": "never",
              "GIT_LFS_SKIP_SMUDGE": "1"}
#: `git rev-parse --local-env-vars` less the `-c` ones: inside a git hook these point git at
#: the user's repository (its index, objects, work tree) instead of the clone.
_REPOSITORY_VARIABLES = ("GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_OBJECT_DIRECTORY",
                         "GIT_DIR", "GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE",
                         "GIT_INDEX_FILE", "GIT_NO_REPLACE_OBJECTS", "GIT_REPLACE_REF_BASE", "GIT_PREFIX",
                         "GIT_INTERNAL_SUPER_PREFIX", "GIT_SHALLOW_FILE", "GIT_COMMON_DIR", "GIT_NAMESPACE")
_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)([^/?#\s'\"]*)@")


class CloneError(Exception):
    """The remote could not be cloned or fetched; the message says why, in one line."""


def redact(text: str) -> str:
    """`text` with the credentials of every URL in it replaced by `***`: a user and password,
    or any user of an http(s) URL (a token is often the user); an ssh user name stays."""
    def replace(match: re.Match) -> str:
        scheme, userinfo = match[1], match[2]
        if ":" not in userinfo and scheme.lower().rstrip(":/").endswith("ssh"):
            return match[0]
        return f"{scheme}***@"

    return _USERINFO.sub(replace, text)


def allowed_protocols() -> tuple[str, ...]:
    """The protocols `extends` sources may use: https and ssh, or ORGMEMORY_EXTENDS_PROTOCOLS."""
    value = os.environ.get(PROTOCOLS_VARIABLE, "").strip()
    if not value:
        return DEFAULT_PROTOCOLS
    names = tuple(dict.fromkeys(name.strip().lower() for name in value.split(",") if name.strip()))
    unknown = [name for name in names if name not in _KNOWN_PROTOCOLS]
    if unknown:
        raise OrgmemoryError(f"{PROTOCOLS_VARIABLE}: {unknown[0]!r} is not a protocol extends may use "
                             f"(choose from {', '.join(_KNOWN_PROTOCOLS)})")
    return names


def timeout_seconds() -> float:
    """The time one fetch of an `extends` source may take: ORGMEMORY_GIT_TIMEOUT, default 30 s."""
    value = os.environ.get(TIMEOUT_VARIABLE, "").strip()
    if not value:
        return _DEFAULT_TIMEOUT
    try:
        seconds = float(value)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < 86400:
        raise OrgmemoryError(f"{TIMEOUT_VARIABLE}: {value!r} is not a number of seconds above 0")
    return seconds


def clone_age(dest: str, now: float) -> float | None:
    """Seconds since the clone at `dest` was last fetched, or None when there is no clone."""
    try:
        return max(0.0, now - os.path.getmtime(_stamp(dest)))
    except OSError:
        return None


def ensure_clone(url: str, ref: str | None, dest: str, refresh_seconds: float, now: float) -> None:
    """A checkout of `ref` (default: the remote's HEAD) at `dest`, fetched within `refresh_seconds`.

    Raises CloneError when the remote cannot be reached in time; an existing clone is left as
    it was. GitMissingError when there is no git at all (no cached copy makes up for that).
    """
    age = clone_age(dest, now)
    if age is not None and age < refresh_seconds and os.path.isdir(dest):
        return
    git = _Git(allowed_protocols(), Deadline(timeout_seconds()))
    try:
        if age is None or not os.path.isdir(dest):
            _fresh_clone(git, url, ref, dest)
        else:
            _update(git, dest, url, ref)
    except TimedOut:
        raise CloneError(f"timed out after {git.deadline.seconds:g} s") from None
    except OSError as error:
        raise CloneError(redact(str(error))) from None
    with open(_stamp(dest), "w", encoding="utf-8") as handle:
        handle.write(f"{redact(url)} {ref or 'HEAD'}\n")


class _Git:
    """git with the hardening above, every call within one deadline."""

    def __init__(self, protocols: tuple[str, ...], deadline: Deadline) -> None:
        self.deadline = deadline
        settings = ["protocol.allow=never", *(f"protocol.{name}.allow=always" for name in protocols),
                    "core.hooksPath=/dev/null", "core.fsmonitor=false", "submodule.recurse=false",
                    "advice.detachedHead=false"]
        self.options = [item for setting in settings for item in ("-c", setting)]
        self.env = {key: value for key, value in os.environ.items() if key not in _REPOSITORY_VARIABLES}
        self.env.update(_QUIET_GIT)

    def __call__(self, cwd: str, *args: str) -> None:
        try:
            ran = run(["git", *self.options, *args], self.deadline, cwd=cwd, env=self.env)
        except FileNotFoundError:
            raise GitMissingError() from None
        if ran.code != 0:
            raise CloneError(redact(_reason(ran.stderr)) or f"git {args[0]} exited with {ran.code}")


def _fresh_clone(git: _Git, url: str, ref: str | None, dest: str) -> None:
    parent = os.path.dirname(dest)
    os.makedirs(parent, exist_ok=True)
    building = tempfile.mkdtemp(prefix=".clone-", dir=parent)
    try:
        git(building, "init", "--quiet")
        _update(git, building, url, ref)
        shutil.rmtree(dest, ignore_errors=True)
        os.replace(building, dest)
    finally:
        shutil.rmtree(building, ignore_errors=True)


def _update(git: _Git, dest: str, url: str, ref: str | None) -> None:
    """Fetch `ref` (a branch, tag or commit) and check it out detached, discarding local edits."""
    git(dest, "fetch", "--quiet", "--force", "--no-tags", "--no-recurse-submodules", "--", url, ref or "HEAD")
    git(dest, "checkout", "--quiet", "--force", "--detach", "FETCH_HEAD", "--")


def _stamp(dest: str) -> str:
    return dest + ".fetched"


def _reason(stderr: bytes) -> str:
    """git's reason in one line: its first `fatal:` or `error:` line, else its last line."""
    lines = [line.strip() for line in stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    lines = [line for line in lines if not line.startswith("hint:")]
    for line in lines:
        for prefix in ("fatal: ", "error: "):
            if line.startswith(prefix):
                return line[len(prefix):]
    return lines[-1] if lines else ""
