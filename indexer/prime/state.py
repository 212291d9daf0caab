"""What the index must match to be up to date, learned with a single `git status`.

`git status --porcelain=v2 --branch -z --untracked-files=no` gives HEAD's object id and every
tracked path whose staged or work-tree content differs from HEAD, in one call. The digest of
that set also covers each dirty file's size and mtime, so editing an already-dirty file again
changes it. The standards files are hashed directly. Together with `--now` and the index format
they form the key the index records when it is built (`Freshness`).

The repository root is found by walking up to `.git` (no second git call); only unusual
layouts (`GIT_DIR`, no `.git` above) fall back to asking git.
"""
import hashlib
import os
from typing import Callable, Iterable, NamedTuple

from indexer.git.root import repo_root  # noqa: F401 - the one rule, `indexer.git.root` (prime's callers import it here)
from indexer.git.run import GitError, filters_off, start_git

# One thread (no preloadIndex) so this process keeps the other core; no ahead/behind count
# against an upstream, which can walk much history. A submodule counts when its commit changes,
# not when its work tree does (`--ignore-submodules=dirty`): the scan never reads a submodule's
# files, and otherwise git runs a whole `git status` inside every submodule on every prompt.
_STATUS = ("-c", "core.preloadIndex=false", "status", "--porcelain=v2", "--branch",
           "--no-ahead-behind", "-z", "--untracked-files=no", "--no-renames", "--ignore-submodules=dirty")
# fields before the path in porcelain v2 records: 1 = ordinary, 2 = renamed, u = unmerged
_FIELDS_BEFORE_PATH = {b"1": 8, b"2": 9, b"u": 10}


class RepoState(NamedTuple):
    root: str
    head: str | None
    dirty: tuple[str, ...]
    dirty_digest: str


class Freshness(NamedTuple):
    """The inputs an index was built from; equal keys mean the index is up to date."""

    format: str
    head: str | None
    dirty_digest: str
    config_digest: str
    now: str
    config_arg: str | None = None
    watched: tuple[str, ...] = ()  # the standards files whose content `config_digest` covers
    vendored: bool = False  # built with `--include-vendored`: vendored and generated code primed too

    def to_json(self) -> dict:
        return {**self._asdict(), "watched": list(self.watched)}

    @classmethod
    def from_json(cls, data: dict) -> "Freshness":
        return cls(format=data.get("format", ""), head=data.get("head"),
                   dirty_digest=data.get("dirty_digest", ""), config_digest=data.get("config_digest", ""),
                   now=data.get("now", ""), config_arg=data.get("config_arg"),
                   watched=tuple(data.get("watched", ())), vendored=bool(data.get("vendored", False)))

    def differences(self, other: "Freshness") -> list[str]:
        """What changed since `other` was recorded, in words."""
        changes = []
        if self.format != other.format:
            changes.append("orgmemory was upgraded")
        if self.head != other.head:
            changes.append(f"HEAD moved from {_short(other.head)} to {_short(self.head)}")
        if self.dirty_digest != other.dirty_digest:
            changes.append("the working tree changed")
        if self.config_digest != other.config_digest or self.config_arg != other.config_arg:
            changes.append("the standards file changed")
        if self.vendored != other.vendored:
            changes.append("it was built " + ("without" if self.vendored else "with") + " --include-vendored")
        if self.now != other.now:
            changes.append(f"it was built for --now {other.now}")
        return changes


def _short(sha: str | None) -> str:
    return sha[:7] if sha else "(no commit)"




def start_probe(root: str, refresh_index: bool = False) -> Callable[[], RepoState]:
    """Start the one git call of the fast path; the returned function waits for it and gives
    HEAD and the dirty set of the repository at `root`.

    `git status` reads every tracked file's metadata on the other core while this process
    imports and reads the index, so the fast path does not wait for it in turn. It never takes
    git's index lock (`--no-optional-locks`: a prompt must not make the user's own `git commit`
    fail), so it never writes the index it refreshed, unless `refresh_index`: when a scan follows
    (`prime` with no index yet), whose `git status` takes that lock anyway. In a new clone, whose
    files are all racily clean to git, each status reads every file whole until one writes the
    index: 60-70 ms each on ansible's 5k files, which the first prime paid twice.
    """
    no_lock = () if refresh_index else ("--no-optional-locks",)
    status = start_git(root, *no_lock, *filters_off(root), *_STATUS)

    def finish() -> RepoState:
        proc = status()
        if proc.returncode != 0:
            raise GitError(f"git status failed: {proc.stderr.decode('utf-8', 'replace').strip()}")
        return _parse_status(root, proc.stdout)
    return finish


def _parse_status(root: str, out: bytes) -> RepoState:
    head: str | None = None
    dirty: list[str] = []
    digest = hashlib.sha256()
    records = iter(out.split(b"\0"))
    for record in records:
        if record.startswith(b"# branch.oid "):
            oid = record[len(b"# branch.oid "):].decode()
            head = oid if len(oid) == 40 else None
        elif record[:1] in _FIELDS_BEFORE_PATH:
            path = record.split(b" ", _FIELDS_BEFORE_PATH[record[:1]])[-1]
            if record[:1] == b"2":
                next(records, None)  # the rename's original path
            digest.update(record + b"\0")
            dirty.append(path.decode("utf-8", "surrogateescape"))
    for path in dirty:
        digest.update(_stat_key(os.path.join(root, path)))
    return RepoState(root=root, head=head, dirty=tuple(dirty), dirty_digest=digest.hexdigest()[:32])


def _stat_key(path: str) -> bytes:
    try:
        st = os.stat(path)
    except OSError:
        return b"-\0"
    return b"%d:%d\0" % (st.st_size, st.st_mtime_ns)


def files_digest(paths: Iterable[str]) -> str:
    """One digest over the content of `paths` (a missing file counts as absent, not an error)."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.encode("utf-8", "surrogateescape") + b"\0")
        try:
            with open(path, "rb") as fh:
                digest.update(hashlib.sha256(fh.read()).digest())
        except OSError:
            digest.update(b"absent")
    return digest.hexdigest()[:32]
