"""Git plumbing for the hot paths.

GitPython costs ~50 ms to import, a third of the warm-scan budget, and every call here is one
plumbing command whose output we parse anyway, so the hot paths talk to `git` directly.
GitPython serves the cold paths that want its object model (cloning `extends` sources).
"""
from __future__ import annotations

import os
import subprocess

from indexer.errors import NotARepositoryError, OrgmemoryError


class GitError(OrgmemoryError):
    pass


def run_git(root: str, *args: str, check: bool = True) -> bytes:
    proc = subprocess.run(
        ["git", *args], cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
    )
    if check and proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip()
        raise GitError(f"git {' '.join(args[:2])} failed: {message}")
    return proc.stdout


def find_root(path: str) -> str:
    """The top of the work tree containing `path`; exit 2 when there is none."""
    start = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path)) or "."
    if not os.path.exists(path):
        raise NotARepositoryError(f"{path}: no such file or directory")
    try:
        proc = subprocess.run(
            ["git", "rev-parse", "--show-toplevel"], cwd=start,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        )
    except FileNotFoundError:
        raise OrgmemoryError("git is not installed or not on PATH") from None
    if proc.returncode != 0 or not proc.stdout.strip():
        raise NotARepositoryError(f"{path}: not inside a git work tree (orgmemory scans git repositories)")
    return proc.stdout.decode().strip()


def nearest_work_tree(folder: str) -> str | None:
    """The nearest folder at or above `folder` that holds `.git` (found without running git)."""
    while True:
        if os.path.exists(os.path.join(folder, ".git")):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent
