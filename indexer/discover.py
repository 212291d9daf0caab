"""discover: the repository as git sees it, in three plumbing calls.

`ls-files -s -z` gives every tracked path with the blob SHA of its staged content, `status`
tells which of those differ in the work tree, and `rev-parse` gives HEAD and whether the
history is shallow. Nothing walks the file system, so untracked and ignored files
(node_modules/, vendor/) are never seen.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from indexer.gitcmd import rev_parse, run_git

if TYPE_CHECKING:
    from indexer.models import Snapshot

_SKIPPED_MODES = {b"120000": "symlink", b"160000": "submodule"}


@dataclass(frozen=True)
class GitState:
    """What the three plumbing calls said, unparsed: enough to tell whether anything changed."""

    root: str  # the top of the work tree
    head: str | None
    shallow: bool
    index: bytes  # `git ls-files -s -z`
    status: bytes  # `git status --porcelain=v1 -z`

    def worktree_changes(self) -> tuple[set[str], set[str]]:
        """Paths whose work-tree or staged content differs from HEAD, and paths deleted on disk."""
        dirty: set[str] = set()
        deleted: set[str] = set()
        for entry in self.status.split(b"\0"):
            if len(entry) < 4:
                continue
            state, path = entry[:2], entry[3:].decode("utf-8", "surrogateescape")
            dirty.add(path)
            if state[1:2] == b"D":
                deleted.add(path)
        return dirty, deleted


def read_state(path: str) -> GitState:
    """The state of the work tree containing `path`; exit 2 when there is none."""
    root, shallow, head = rev_parse(path, "--is-shallow-repository", "HEAD")
    return GitState(root=root, head=None if head == "HEAD" else head, shallow=shallow == "true",
                    index=run_git(root, "ls-files", "-s", "-z"),
                    status=run_git(root, "status", "--porcelain=v1", "-z", "--untracked-files=no",
                                   "--no-renames"))


def snapshot(root: str, exclude=None, state: GitState | None = None) -> tuple[Snapshot, dict[str, str]]:
    """Return the snapshot and the tracked paths left out (path -> reason)."""
    from indexer.models import Snapshot  # not at the top: a memoised scan never builds one

    state = state or read_state(root)
    files: dict[str, str] = {}
    left_out: dict[str, str] = {}
    for record in state.index.split(b"\0"):
        if not record:
            continue
        meta, _, raw_path = record.partition(b"\t")
        mode, sha, _stage = meta.split(b" ")
        path = raw_path.decode("utf-8", "surrogateescape")
        if mode in _SKIPPED_MODES:
            left_out[path] = _SKIPPED_MODES[mode]
        elif exclude is not None and exclude.match(path):
            left_out[path] = "excluded"
        else:
            files[path] = sha.decode()
    dirty, deleted = state.worktree_changes()
    for path in deleted:
        files.pop(path, None)
    return Snapshot(root=root, head=state.head, files=files, dirty=frozenset(dirty & files.keys()),
                    shallow=state.shallow), left_out


def blob_sha(data: bytes) -> str:
    """The SHA git would give these bytes as a blob (for work-tree content not in the index)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
