"""Replace a file all at once: readers see the old content or the new, never half of either.

The new bytes go to a temporary file in the same folder (so the final `os.replace` is a rename
on one file system) and get the old file's permissions. `replace_checked` also runs a check on
the temporary file before the rename, so content that fails it never reaches the real path.
A failed check or a crash leaves the original file exactly as it was.
"""
from __future__ import annotations

import os
import tempfile
from typing import Callable

__all__ = ["write_atomic", "replace_checked"]


def write_atomic(path: str, text: str) -> None:
    """Write `text` (UTF-8) to `path` atomically."""
    replace_checked(path, text.encode("utf-8"), lambda _temporary: None)


def replace_checked(path: str, data: bytes, check: Callable[[str], None]) -> None:
    """Write `data` to `path` atomically once `check(temporary_path)` returned without raising.

    A symlink is followed, so the file it points at is the one replaced.
    """
    target = os.path.realpath(path)
    folder, name = os.path.split(target)
    mode = _mode_for(target)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        check(temporary)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise


def _mode_for(target: str) -> int:
    """The existing file's permission bits, or what a new file would get under the umask."""
    try:
        return os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
