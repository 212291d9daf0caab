"""Which repository a command works on: the one rule every command follows.

The repository is found from a folder (`--repo DIR`, else the current folder; `scan` uses its
first PATH when `--repo` is not given) by this rule, `repo_root`:

1. the nearest folder at or above it that holds `.git` (a folder, or a worktree's or
   submodule's `.git` file), found without running git: `prime` and the agent hooks run on
   every prompt and `validate` on every commit, so none of them can afford `git rev-parse`;
2. when there is none, the commands that only read or edit the memory file (`facts`, `init`,
   `validate`: `outside_ok=True`) work on the folder itself, without running git, so a memory
   file can be written and checked before `git init`;
3. every other command asks git (`git rev-parse --show-toplevel`), also when `$GIT_DIR` is set
   (git hooks), and ends with one line and exit 2 when git finds no work tree either.

The folders are walked as named (a folder linking out of the repository is not a way out of
it); the root is returned as a real path, as git's `--show-toplevel` gives it, except by the
memory-file commands, which keep the path as named.
"""
from __future__ import annotations

import os

from indexer.errors import NotARepositoryError
from indexer.git.run import find_root, nearest_work_tree

__all__ = ["CONFIG_NAMES", "repo_root", "memory_files", "config_file"]

CONFIG_NAMES = (".orgmemory.yaml", ".orgmemory.yml")  # looked for in this order at the repo root


def repo_root(path: str | None = None, *, outside_ok: bool = False) -> str:
    """The top of the repository containing `path` (a file or folder; default: the current folder)."""
    path = path or "."
    if not os.path.exists(path):
        raise NotARepositoryError(f"{path}: no such file or directory")
    start = os.path.abspath(path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path)))
    if outside_ok or not os.environ.get("GIT_DIR"):
        found = nearest_work_tree(start)  # walked as named: a link out of the repository stays out
        if outside_ok:
            return found or start
        if found:
            return os.path.realpath(found)
    return find_root(start)


def memory_files(root: str) -> list[str]:
    """The memory file finder: the default names present at `root`, in order of preference."""
    # lexists, not isfile: a committed link out of the repository is refused by the loader even
    # when its target is missing here, never mistaken for "no memory file"
    return [name for name in CONFIG_NAMES if os.path.lexists(os.path.join(root, name))]


def config_file(root: str, given: str | None) -> str:
    """The memory file: `--config` (relative to the repository root, or absolute), else the
    existing `.orgmemory.yaml` or `.orgmemory.yml`, else `.orgmemory.yaml` (to be created)."""
    if given:
        return os.path.abspath(os.path.join(root, given))
    return os.path.join(root, (memory_files(root) or [CONFIG_NAMES[0]])[0])
