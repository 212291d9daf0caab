"""Replace a file all at once: readers see the old content or the new, never half of either.

The new bytes go to a temporary file in the same folder (so the final `os.replace` is a rename
on one file system) and get the old file's permissions and owner. `replace_checked` also runs a
check on the temporary file before the rename, so content that fails it never reaches the real
path, and, given the bytes the caller read, refuses when the file changed since (an editor saved
it meanwhile): the caller's edit is then dropped, never theirs. A read-only file is refused, not
replaced. A failed check, a refusal, an interruption or a crash leaves the original file exactly
as it was; the temporary file is removed on every path out (one left by a killed process is
removed by the next `sweep_temporaries`).
"""
from __future__ import annotations

import glob
import os
import stat
import tempfile
from typing import Callable

from indexer.errors import OrgmemoryError

__all__ = ["write_atomic", "replace_checked", "sweep_temporaries", "ChangedMeanwhileError", "ReadOnlyError"]

_UNSET = object()


class ChangedMeanwhileError(OrgmemoryError):
    """The file on disk is no longer what the edit was made from; nothing was written."""


class ReadOnlyError(OrgmemoryError):
    """The file is read-only (or its owner cannot be kept); nothing was written."""


def write_atomic(path: str, text: str) -> None:
    """Write `text` (UTF-8) to `path` atomically."""
    replace_checked(path, text.encode("utf-8"), lambda _temporary: None)


def replace_checked(path: str, data: bytes, check: Callable[[str], None],
                    expected: bytes | None | object = _UNSET) -> None:
    """Write `data` to `path` atomically once `check(temporary_path)` returned without raising.

    With `expected` (the bytes the edit was made from, None for "no file"), refuse with
    `ChangedMeanwhileError` when the file holds anything else just before the rename.
    A symlink is followed, so the file it points at is the one replaced.
    """
    target = os.path.realpath(path)
    folder, name = os.path.split(target)
    existing = _stat(target)
    if existing is not None and not _writable(target, existing):
        raise ReadOnlyError(f"{path}: the file is read-only; not written (make it writable first)")
    mode = existing.st_mode & 0o7777 if existing is not None else _new_file_mode()
    temporary = None
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        if existing is not None:
            _keep_owner(path, temporary, existing)
        check(temporary)
        if expected is not _UNSET and _current(target) != expected:
            raise ChangedMeanwhileError(f"{path}: the file changed while this edit was made; nothing was "
                                        "written (run the command again)")
        os.replace(temporary, target)
        temporary = None
    finally:
        if temporary is not None:
            _remove(temporary)


def sweep_temporaries(path: str) -> None:
    """Remove temporary files a killed writer of `path` left. Call it only while holding the
    lock every writer of `path` takes, so none of them is still writing."""
    folder, name = os.path.split(os.path.realpath(path))
    for leftover in glob.glob(os.path.join(glob.escape(folder), glob.escape(f".{name}.") + "*.tmp")):
        info = _stat(leftover, follow=False)
        if info is not None and stat.S_ISREG(info.st_mode) and info.st_uid == _uid(info):
            _remove(leftover)


def _writable(target: str, info: os.stat_result) -> bool:
    """No write bit at all means read-only, even for root (who `os.access` always lets write)."""
    return bool(info.st_mode & 0o222) and os.access(target, os.W_OK)


def _keep_owner(path: str, temporary: str, existing: os.stat_result) -> None:
    created = os.stat(temporary)
    if (created.st_uid, created.st_gid) == (existing.st_uid, existing.st_gid) or not hasattr(os, "chown"):
        return
    try:
        os.chown(temporary, existing.st_uid, existing.st_gid)
    except PermissionError:
        raise ReadOnlyError(f"{path}: the file belongs to another user or group, which replacing it "
                            "would change; not written") from None
    os.chmod(temporary, existing.st_mode & 0o7777)  # chown clears set-id bits


def _current(target: str) -> bytes | None:
    try:
        with open(target, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        return None


def _stat(path: str, follow: bool = True) -> os.stat_result | None:
    try:
        return os.stat(path) if follow else os.lstat(path)
    except FileNotFoundError:
        return None


def _uid(info: os.stat_result) -> int:
    return os.getuid() if hasattr(os, "getuid") else info.st_uid


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def _new_file_mode() -> int:
    """What a new file would get under the umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
