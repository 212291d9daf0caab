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
    return rev_parse(path)[0]


def rev_parse(path: str, *args: str) -> list[str]:
    """`git rev-parse --show-toplevel ARGS` run from `path`: the work tree's top, then one line per
    argument (one git cannot resolve, such as HEAD before the first commit, comes back as written).

    Exit 2 when `path` does not exist or is in no work tree.
    """
    start = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path)) or "."
    if not os.path.exists(path):
        raise NotARepositoryError(f"{path}: no such file or directory")
    try:
        proc = subprocess.run(
            ["git", "rev-parse", "--show-toplevel", *args], cwd=start,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        )
    except FileNotFoundError:
        raise OrgmemoryError("git is not installed or not on PATH") from None
    lines = proc.stdout.decode().split("\n")[:-1]
    if len(lines) <= len(args) or not lines[0]:
        raise NotARepositoryError(f"{path}: not inside a git work tree (orgmemory scans git repositories)")
    answers = lines[len(lines) - len(args):] if args else []
    return ["\n".join(lines[:len(lines) - len(args)]), *answers]


def nearest_work_tree(folder: str) -> str | None:
    """The nearest folder at or above `folder` that holds `.git` (found without running git)."""
    while True:
        if os.path.exists(os.path.join(folder, ".git")):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent
