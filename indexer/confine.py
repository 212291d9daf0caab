"""The repository is untrusted input: every file orgmemory reads from it stays inside it.

A committed symlink (`.orgmemory.yaml -> ~/.ssh/id_ed25519`), a work-tree file replaced by one
(`README.md -> /etc/passwd`) or a local `extends` path (`../../prod.env`) must not make us read,
quote or write anything outside the repository. Everything that opens a path taken from the
repository goes through `resolve_inside` or `read_inside`; both compare real paths, so links
are followed only while they stay within the root.
"""
from __future__ import annotations

import os

from indexer.errors import OrgmemoryError

__all__ = ["OutsideRepositoryError", "Inside", "is_inside", "resolve_inside", "read_inside"]


class OutsideRepositoryError(OrgmemoryError):
    """A path taken from the repository resolves outside it (through `..` or a symlink)."""


def is_inside(root: str, path: str) -> bool:
    """Whether `path` (absolute, or relative to `root`), symlinks resolved, lies within `root`."""
    real_root = os.path.realpath(root)
    return _within(real_root, os.path.realpath(os.path.join(real_root, path)))


def _within(real_root: str, real: str) -> bool:
    return real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)


class Inside:
    """`is_inside(root, path)` for the many paths of one task (a scan's files, a worker's chunk):
    each folder's real path is resolved once, then a path costs one `lstat` of its own name
    (followed, as `realpath` would, when it is a link). `realpath` resolves every component of
    every path again: 29k `lstat`s for traefik's 2,256 files. Make one per task, not per
    process: what it learnt of a folder is as old as the task (a long-lived server would
    otherwise trust a folder that became a link since)."""

    def __init__(self, root: str) -> None:
        self.root = os.path.realpath(root)
        self._folders: dict[str, str] = {}

    def __call__(self, path: str) -> bool:
        folder, _, name = path.rpartition("/")
        if os.path.isabs(path) or ".." in path or name in ("", "."):
            return is_inside(self.root, path)  # (git's paths have no such parts)
        real_folder = self._folders.get(folder)
        if real_folder is None:
            real_folder = self._folders[folder] = os.path.realpath(os.path.join(self.root, folder))
        joined = os.path.join(real_folder, name)
        return _within(self.root, os.path.realpath(joined) if os.path.islink(joined) else joined)


def resolve_inside(root: str, path: str, *, what: str = "file") -> str:
    """The real path of `path` under `root`; `OutsideRepositoryError` when it leaves the root.

    The message names the path only: never the target's content, never where the link points.
    """
    if not is_inside(root, path):
        shown = os.path.relpath(os.path.join(root, path), root) if not os.path.isabs(path) else path
        raise OutsideRepositoryError(
            f"{shown}: {what} resolves outside the repository (a symlink or '..'); refused"
        )
    return os.path.realpath(os.path.join(os.path.realpath(root), path))


def read_inside(root: str, path: str, *, what: str = "file", limit: int | None = None) -> bytes:
    """The bytes of `path` under `root` (at most `limit`), refused when it resolves outside."""
    real = resolve_inside(root, path, what=what)
    with open(real, "rb") as handle:
        return handle.read() if limit is None else handle.read(limit)
