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

__all__ = ["OutsideRepositoryError", "is_inside", "resolve_inside", "read_inside"]


class OutsideRepositoryError(OrgmemoryError):
    """A path taken from the repository resolves outside it (through `..` or a symlink)."""


def is_inside(root: str, path: str) -> bool:
    """Whether `path` (absolute, or relative to `root`), symlinks resolved, lies within `root`."""
    real_root = os.path.realpath(root)
    real = os.path.realpath(os.path.join(real_root, path))
    return real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)


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
