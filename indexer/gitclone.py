"""Local clones of remote `extends` sources, kept up to date at most every N seconds.

This is the one cold path that uses GitPython (imported here only, when a git source is
actually resolved). A clone is built in a temporary folder and renamed into place, so a
failed or concurrent first clone never leaves a half-made copy that later runs would trust.
The time of the last successful fetch is the mtime of a stamp file beside the clone.
"""
from __future__ import annotations

import os
import shutil
import tempfile

__all__ = ["CloneError", "ensure_clone", "clone_age"]

_QUIET_GIT = {"GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "echo", "GCM_INTERACTIVE": "never"}


class CloneError(Exception):
    """The remote could not be cloned or fetched; the message says why, in one line."""


def clone_age(dest: str, now: float) -> float | None:
    """Seconds since the clone at `dest` was last fetched, or None when there is no clone."""
    try:
        return max(0.0, now - os.path.getmtime(_stamp(dest)))
    except OSError:
        return None


def ensure_clone(url: str, ref: str | None, dest: str, refresh_seconds: float, now: float) -> None:
    """A checkout of `ref` (default: the remote's HEAD) at `dest`, fetched within `refresh_seconds`.

    Raises CloneError when the remote cannot be reached; an existing clone is left as it was.
    """
    age = clone_age(dest, now)
    if age is not None and age < refresh_seconds and os.path.isdir(dest):
        return
    import git  # GitPython: ~50 ms to import, so only here

    try:
        if age is None or not os.path.isdir(dest):
            _fresh_clone(git, url, ref, dest)
        else:
            _update(git.Repo(dest), ref)
    except (git.GitError, OSError) as error:
        raise CloneError(_one_line(error)) from None
    with open(_stamp(dest), "w", encoding="utf-8") as handle:
        handle.write(f"{url} {ref or 'HEAD'}\n")


def _fresh_clone(git, url: str, ref: str | None, dest: str) -> None:
    parent = os.path.dirname(dest)
    os.makedirs(parent, exist_ok=True)
    building = tempfile.mkdtemp(prefix=".clone-", dir=parent)
    try:
        repo = git.Repo.clone_from(url, building, no_checkout=True, env=_QUIET_GIT)
        _update(repo, ref)
        repo.close()
        shutil.rmtree(dest, ignore_errors=True)
        os.replace(building, dest)
    finally:
        shutil.rmtree(building, ignore_errors=True)


def _update(repo, ref: str | None) -> None:
    """Fetch `ref` (a branch, tag or commit) and check it out detached, discarding local edits."""
    repo.git.update_environment(**_QUIET_GIT)
    repo.git.fetch("--quiet", "--force", "--tags", "origin", ref or "HEAD")
    repo.git.checkout("--quiet", "--force", "--detach", "FETCH_HEAD")


def _stamp(dest: str) -> str:
    return dest + ".fetched"


def _one_line(error: Exception) -> str:
    stderr = getattr(error, "stderr", None)
    text = (stderr or str(error)).strip().replace("stderr:", "").strip(" '\n")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else type(error).__name__
