"""discover: the repository as git sees it, in three plumbing calls.

`ls-files -s -z` gives every tracked path with the blob SHA of its staged content, `status`
tells which of those differ in the work tree, and `rev-parse` gives HEAD and whether the
history is shallow. Nothing walks the file system, so untracked and ignored files
(node_modules/, vendor/) are never seen.
"""
from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable

from indexer.confine import is_inside
from indexer.git.run import checked, filters_off, git_process, own_top, rev_parse, run_git, start_git

if TYPE_CHECKING:
    from indexer.models import Snapshot

_SKIPPED_MODES = {b"120000": "symlink", b"160000": "submodule"}
#: Skip reasons that depend on the work tree, not on a blob's bytes: never cached by blob SHA.
WORKTREE_REASONS = frozenset({"unreadable", "outside-repository", "not-a-file"})
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)


@dataclass(frozen=True)
class GitState:
    """What the three plumbing calls said, unparsed: enough to tell whether anything changed."""

    root: str  # the top of the work tree
    head: str | None
    shallow: bool
    index: bytes  # `git ls-files -s -z`
    status: bytes  # `git status --porcelain=v1 -z`
    branch: str | None = None  # `git rev-parse --abbrev-ref HEAD` (`current_branch`), when it was read with HEAD

    def tracked(self, pathspecs: Iterable[str]) -> set[str]:
        """The tracked paths at or under these repository-relative paths (`.`: all), as `git
        --literal-pathspecs ls-files -- PATHSPECS` lists them, read from `index`."""
        specs = {spec.rstrip("/") or "." for spec in pathspecs}
        everything = "." in specs
        found: set[str] = set()
        for record in self.index.split(b"\0"):
            path = record.partition(b"\t")[2].decode("utf-8", "surrogateescape")
            if path and (everything or path in specs or any(path.startswith(spec + "/") for spec in specs)):
                found.add(path)
        return found

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


def read_state(path: str, meanwhile: Callable[[], object] | None = None) -> GitState:
    """The state of the work tree containing `path`; exit 2 when there is none.

    `meanwhile` runs while `git status` stats the work tree (11 ms of ansible's 5k files, the
    longest of its waits): what the caller would do next anyway, such as importing the scan."""
    root, shallow, head, branch = _head_and_branch(path)
    status = start_git(root, *filters_off(root), "status", "--porcelain=v1", "-z", "--untracked-files=no",
                       "--no-renames", "--ignore-submodules=dirty")
    index = run_git(root, "ls-files", "-s", "-z")  # (read as it comes: more than a pipe holds)
    if meanwhile is not None:
        meanwhile()
    return GitState(root=root, head=None if head == "HEAD" else head, shallow=shallow == "true",
                    index=index, status=checked(status(), "status"), branch=branch)


def _head_and_branch(path: str) -> tuple[str, str, str, str | None]:
    """(top, shallow, HEAD, branch) from one `git rev-parse` (the branch is what a scan keys its
    base by: `links_branch`); before the first commit, where git stops at HEAD, the branch is
    left to `current_branch`."""
    if os.path.isdir(path):
        proc = git_process(path, "rev-parse", "--show-toplevel", "--is-shallow-repository", "HEAD",
                           "--abbrev-ref", "HEAD")
        lines = os.fsdecode(proc.stdout).split("\n")[:-1]
        if proc.returncode == 0 and len(lines) >= 4 and lines[0]:
            return own_top(path, "\n".join(lines[:-3])), lines[-3], lines[-2], lines[-1]
    return (*rev_parse(path, "--is-shallow-repository", "HEAD"), None)  # (its errors: exit 2)


def snapshot(root: str, exclude=None, state: GitState | None = None) -> tuple[Snapshot, dict[str, str]]:
    """Return the snapshot and the tracked paths left out (path -> reason)."""
    from indexer.models import Snapshot  # not at the top: a memoised scan never builds one

    state = state or read_state(root)
    exclude = exclude or None  # (no pattern: no call per path)
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


def read_worktree(root: str, path: str, max_bytes: int | None = None,
                  inside: Callable[[str], bool] | None = None) -> tuple[bytes | None, str | None]:
    """The work-tree bytes of the tracked `path`, or None and why they were not read.

    Git tracks paths, not what is on disk now: a tracked file may have been replaced by a
    symlink out of the repository (`README.md -> /etc/passwd`, `a.py -> /dev/zero`), by a FIFO,
    or sit under a folder that became a link. Those are never read: `outside-repository` when
    the real path leaves the root (`indexer.confine`), `not-a-file` for anything but a regular
    file (opened non-blocking, so a FIFO cannot hang us), `too-large` above `max_bytes`
    (checked on the open file, and the read is bounded too), `unreadable` on any OSError.
    `inside`: an `indexer.confine.Inside` of `root`, for many paths in a row.
    """
    if not (inside(path) if inside is not None else is_inside(root, path)):
        return None, "outside-repository"
    return read_regular(os.path.join(root, path), max_bytes)


def read_regular(path: str, max_bytes: int | None = None) -> tuple[bytes | None, str | None]:
    """`read_worktree` of a path already known to be the repository's: a regular file's bytes
    (up to `max_bytes`), else None and why."""
    try:
        descriptor = os.open(path, _OPEN_FLAGS)
    except OSError:
        return None, "unreadable"
    try:  # fstat before fdopen: fdopen refuses a folder (a file replaced by one, a submodule's checkout)
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            return None, "not-a-file"
        if max_bytes is not None and info.st_size > max_bytes:
            return None, "too-large"
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            data = handle.read() if max_bytes is None else handle.read(max_bytes + 1)
    except OSError:
        return None, "unreadable"
    finally:
        os.close(descriptor)
    if max_bytes is not None and len(data) > max_bytes:
        return None, "too-large"
    return data, None


def _paths(out: bytes) -> list[str]:
    return [p.decode("utf-8", "surrogateescape") for p in out.split(b"\0") if p]


def ls_files(root: str, *pathspecs: str, literal: bool = False, check: bool = True) -> list[str]:
    """`git ls-files`: the tracked paths (under `pathspecs`, taken literally with `literal`);
    with `check=False` a folder git cannot list gives none instead of an error."""
    prefix = ("--literal-pathspecs",) if literal else ()
    return _paths(run_git(root, *prefix, "ls-files", "-z", "--", *pathspecs, check=check))


def staged_files(root: str) -> frozenset[str]:
    """Paths added, copied, modified or renamed in the index (what the next commit changes)."""
    return frozenset(_paths(run_git(root, "diff", "--cached", "--name-only", "-z", "--no-renames",
                                    "--diff-filter=ACMR", "--no-ext-diff")))


def user_name(root: str) -> str | None:
    """The committer name git is configured with here, or None."""
    name = run_git(root, "config", "user.name", check=False).decode("utf-8", "replace").strip()
    return name or None


def ignored(root: str, paths: Iterable[str]) -> set[str]:
    """Which of `paths` the repository ignores (`check-ignore --no-index`: tracked or not): by its
    `.gitignore` files and its `info/exclude` (an input of the scan: `local_excludes`), not by the
    developer's own ignore file (`core.excludesFile`), so a scan answers as it does in CI."""
    data = b"".join(p.encode("utf-8", "surrogateescape") + b"\0" for p in sorted(paths))
    return set(_paths(git_process(root, "-c", "core.excludesFile=", "check-ignore", "-z", "--stdin", "--no-index",
                                  input=data).stdout))


def local_excludes(root: str) -> bytes:
    """The rules of the repository's `info/exclude`, which `ignored` reads: its lines less comments
    and blank ones (the comments git's templates write differ between versions, and a cache must
    serve a clone made by another git), b"" when there is none, else why it was not read. In
    `.git` for a repository's own work tree, else where `git rev-parse --git-path` says (a linked
    work tree's, in the repository it belongs to)."""
    if os.path.isdir(os.path.join(root, ".git")):
        data, why = read_worktree(root, ".git/info/exclude", _MAX_EXCLUDES)
    else:
        path = run_git(root, "rev-parse", "--git-path", "info/exclude", check=False).rstrip(b"\n")
        data, why = read_regular(os.path.join(root, os.fsdecode(path)), _MAX_EXCLUDES) if path else (None, None)
    if data is None:
        return b"" if why in (None, "unreadable") else b"\0" + why.encode()  # (absent: `unreadable`; git reads nothing)
    return b"\n".join(line for line in data.splitlines() if line.strip() and not line.startswith(b"#"))


_MAX_EXCLUDES = 1 << 20  # (git reads more; past this, the scan's key says "too-large")


def attributes(root: str, paths: Iterable[str], names: Iterable[str]) -> dict[str, dict[str, str]]:
    """path -> {attribute: value} from `git check-attr` for the attributes `names` (unset ones left out)."""
    data = b"".join(p.encode("utf-8", "surrogateescape") + b"\0" for p in paths)
    fields = run_git(root, "check-attr", "-z", "--stdin", *names, input=data, check=False).split(b"\0")
    out: dict[str, dict[str, str]] = {}
    for start in range(0, len(fields) - 2, 3):
        path, attribute, value = (f.decode("utf-8", "surrogateescape") for f in fields[start:start + 3])
        if value != "unspecified":
            out.setdefault(path, {})[attribute] = value
    return out


def current_branch(root: str) -> str:
    """`HEAD`'s branch name (`HEAD` when detached)."""
    return run_git(root, "rev-parse", "--abbrev-ref", "HEAD", check=False).decode().strip()


#: Refs a hosted link names to mean "the default branch, whatever this checkout is on"
#: (`indexer.contradictions.resolve` resolves such links to this repository locally).
DEFAULT_BRANCHES = frozenset({"main", "master", "HEAD", "trunk", "develop", "dev", "default", "latest"})


def links_branch(root: str, state: GitState | None = None, branch: str | None = None) -> str:
    """The current branch as far as resolution depends on it: a hosted link to this repository
    resolves locally when its ref is one of `DEFAULT_BRANCHES` or the current branch, so a
    current branch among them (a detached HEAD is `HEAD`) resolves exactly as any other of them
    does, and is "" here. Caches keyed by it are shared by a CI run on `main` and a pull
    request's detached checkout. `state`: this scan's, whose `rev-parse` may have read it;
    `branch`: the branch when the caller has it."""
    if branch is None:
        branch = state.branch if state is not None and state.branch is not None else current_branch(root)
    return "" if branch in DEFAULT_BRANCHES else branch


def root_commit(root: str) -> str | None:
    """The root commit of HEAD's chain of first parents (a repository's identity across
    clones); None when git cannot tell (no commit, no such folder, git missing)."""
    from indexer.errors import OrgmemoryError

    try:
        proc = git_process(root, "rev-list", "--first-parent", "--max-parents=0", "HEAD", "--")
    except (OSError, OrgmemoryError):
        return None
    found = proc.stdout.decode("ascii", "replace").split() if proc.returncode == 0 else []
    return found[-1] if found else None


def may_be_tracked(root: str, relative: str) -> bool:
    """Whether git tracks something at `relative` (a file or under a folder); True when git
    cannot tell, so a caller guarding tracked content errs on the safe side."""
    proc = git_process(root, "ls-files", "-z", "--", relative)
    return bool(proc.stdout) or proc.returncode != 0
