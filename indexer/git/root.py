"""The repository a folder belongs to, found without running git.

`orgmemory validate` runs as a pre-commit hook on every commit, and the `facts` commands
should also work in a folder that is not (yet) a repository, so neither can afford or
require `git rev-parse`: the nearest folder holding `.git` (a folder, or a worktree's file)
is the root, and without one the folder itself is.
"""
from __future__ import annotations

import os

from indexer.git.run import nearest_work_tree

__all__ = ["CONFIG_NAMES", "repo_root", "config_file"]

CONFIG_NAMES = (".orgmemory.yaml", ".orgmemory.yml")  # looked for in this order at the repo root


def repo_root(path: str) -> str:
    start = os.path.abspath(path if os.path.isdir(path) else os.path.dirname(path) or ".")
    return nearest_work_tree(start) or start


def config_file(root: str, given: str | None) -> str:
    """The memory file to edit: `--config`, else the existing default, else `.orgmemory.yaml`."""
    if given:
        return os.path.abspath(os.path.join(root, given))
    for name in CONFIG_NAMES:
        if os.path.isfile(os.path.join(root, name)):
            return os.path.join(root, name)
    return os.path.join(root, CONFIG_NAMES[0])
