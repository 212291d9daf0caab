"""What a scan depends on, as digests: the memo keys, and the inputs outside the tracked content.

Keys leave the checkout's path out, so clones sharing a cache share results (`indexer.scan.run`'s
memo and `indexer.scan.delta`'s base both read them).
"""
from __future__ import annotations

import hashlib
import json
import os
from datetime import date
from typing import TYPE_CHECKING

from indexer import __version__
from indexer.git.discover import GitState, blob_sha, local_excludes, read_worktree
from indexer.git.root import config_file

if TYPE_CHECKING:
    from indexer.models import Config, Snapshot

#: The memo (`indexer.scan.run`): a scan's result as JSON, a newline, its gated `--format json`
#: text, under the key of every input (`memo_key`, `raw_memo_key`). A delta's base names its row.
MEMO_KIND = "scan-result/v4"  # v4: stale-todo messages carry the exact date


def raw_memo_key(root: str, state: GitState, config_path: str | None, now: date,
                 only: frozenset[str] | None, environment: tuple[bytes, ...] | None = None) -> str | None:
    """The memo key from unparsed inputs: git's own output and the standards file's bytes.

    Lets an unchanged repository skip even loading the YAML. None when the file cannot be read.
    A configuration that `extends` other files is never stored under this key (`run_scan`
    drops it once the file is parsed: the merged configuration is then part of `memo_key`), so
    a hit here is always a file without `extends`.
    """
    config = _config_bytes(root, config_path)
    if config is None:
        return None
    digest = hashlib.sha256()
    for part in (b"raw", __version__.encode(),
                 (state.head or "").encode(), now.isoformat().encode(),
                 json.dumps(sorted(only)).encode() if only is not None else b"*",
                 config, state.index, state.status, *(environment or environment_of(root))):
        digest.update(hashlib.sha256(part).digest())
    dirty, _deleted = state.worktree_changes()
    for path in sorted(dirty):
        digest.update(f"{path}\0{worktree_sha(root, path)}\0".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def _config_bytes(root: str, config_path: str | None) -> bytes | None:
    """The standards file as bytes; b"" when there is none; None when it cannot be read."""
    try:
        with open(config_file(root, config_path), "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        present = os.path.lexists(config_file(root, config_path))  # a broken link is not "no file"
        return None if config_path or present else b""
    except OSError:
        return None


def memo_key(snapshot: Snapshot, config: Config, now: date, only: frozenset[str] | None,
             environment: tuple[bytes, ...] | None = None) -> str:
    """A digest of every input of a scan. Work-tree edits are hashed by content, since
    `git status` names a dirty file but does not change when it is edited again."""
    digest = hashlib.sha256()
    for part in (__version__, snapshot.head or "", now.isoformat(),
                 json.dumps(sorted(only)) if only is not None else "*",
                 json.dumps(config.to_json(), sort_keys=True, default=str)):
        digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    for part in environment or environment_of(snapshot.root):
        digest.update(hashlib.sha256(part).digest())
    for path in sorted(snapshot.files):
        digest.update(f"{path}\0{snapshot.files[path]}\0".encode("utf-8", "surrogateescape"))
    for path in sorted(snapshot.dirty):
        digest.update(f"{path}\0{worktree_sha(snapshot.root, path)}\0".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def environment_of(root: str) -> tuple[bytes, bytes, bytes]:
    """Inputs of a scan outside the tracked content and the standards file: the remote URL (links
    to this repository's hosting site resolve as local paths), the rule pack (rule options), and
    the ignore rules of `.git/info/exclude` (a path git ignores is no dangling reference)."""
    from indexer.git.run import origin_identity
    from indexer.rulepack import rules_dir

    remote = json.dumps(origin_identity(root)).encode()  # not the URL: https and ssh clones agree
    rules = hashlib.sha256()
    directory = rules_dir()
    for name in sorted(os.listdir(directory)):
        if name.endswith(".yaml"):
            with open(os.path.join(directory, name), "rb") as fh:
                rules.update(name.encode() + b"\0" + fh.read() + b"\0")
    return remote, rules.digest(), local_excludes(root)


def worktree_sha(root: str, path: str) -> str:
    data, reason = read_worktree(root, path)  # never through a link out of the repository, nor a FIFO
    return blob_sha(data) if data is not None else reason or "unreadable"
