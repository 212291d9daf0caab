"""One pass over git history: activity per path, and what became of paths that are gone.

`load_history` runs a single `git log --name-status -M` (newest first, at most
`MAX_COMMITS` commits, merges left out) and keeps, for every path tracked now (files and the
folders above them), its last commit and its commit counts in the last 90 and 365 days, and,
for every path that was renamed or deleted, the newest such event. The result is cached by
HEAD (the year's commit times kept, to count again for a later `--now`); after new commits, the
history of the HEAD seen last is extended with the log of `OLD..NEW` only (`extended_history`),
when that gives exactly what a full read gives. Its output is parsed as git writes it;
a cold scan starts it early (`prefetch`, from `indexer.scan.collect`) to run beside the extraction.

GitPython is not used: this is one plumbing command whose output is parsed anyway, and its
import cost would be paid on every cold run for nothing.
"""
from __future__ import annotations

import bisect
import functools
import posixpath
import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, Iterable, Iterator

from indexer.dates import day_of, epoch

HISTORY_CACHE_VERSION = 2  # keyed by HEAD alone; the year's commit times kept to re-count for a later now
MAX_COMMITS = 20000
RECENT_DAYS = 90
YEAR_DAYS = 365
_FOLLOW_LIMIT = 20


@dataclass(frozen=True)
class Activity:
    """Commits that touched a path (a file, or anything under a folder)."""

    last_commit: str
    last_author: str
    last_time: int  # epoch seconds
    recent: int  # commits in the last RECENT_DAYS days
    year: int  # commits in the last YEAR_DAYS days
    total: int

    @property
    def last_day(self) -> date:
        return day_of(self.last_time)


@dataclass(frozen=True)
class Removal:
    """The newest commit that renamed a path away or deleted it."""

    path: str
    commit: str
    time: int
    author: str
    renamed_to: str | None = None

    @property
    def day(self) -> date:
        return day_of(self.time)

    def describe(self) -> str:
        """`docs/setup.md was renamed to docs/install.md in 3f2a1c0, 2024-05-02`."""
        what = f"was renamed to {self.renamed_to}" if self.renamed_to else "was deleted"
        return f"{self.path} {what} in {self.commit[:7]}, {self.day.isoformat()}"


@dataclass
class History:
    activity: dict[str, Activity] = field(default_factory=dict)
    removals: dict[str, Removal] = field(default_factory=dict)
    commits: int = 0
    truncated: bool = False  # more than MAX_COMMITS: older renames and deletions are unknown
    as_of: str = ""  # the `now` the activity counts were taken at (ISO day)
    # path -> the times of its commits inside the year before `as_of`: enough to count
    # `recent` and `year` again for any later `now` (`seen_from`) without reading the log again
    year_times: dict[str, list[int]] = field(default_factory=dict)

    def seen_from(self, now: date) -> "History | None":
        """This history with its activity counted as of `now`; None when `now` is before
        `as_of` (older commits than were kept would count)."""
        if now.isoformat() == self.as_of:
            return self
        if not self.as_of or now.isoformat() < self.as_of:
            return None
        recent_since = epoch(now - timedelta(days=RECENT_DAYS))
        year_since = epoch(now - timedelta(days=YEAR_DAYS))
        activity = {}
        times = {}
        for path, a in self.activity.items():
            kept = [t for t in self.year_times.get(path, ()) if t >= year_since]
            if kept:
                times[path] = kept
            activity[path] = Activity(a.last_commit, a.last_author, a.last_time,
                                      sum(t >= recent_since for t in kept), len(kept), a.total)
        return History(activity=activity, removals=self.removals, commits=self.commits,
                       truncated=self.truncated, as_of=now.isoformat(), year_times=times)

    @functools.cached_property
    def removed_folders(self) -> frozenset[str]:
        """Folders that held a path which was renamed away or deleted."""
        folders: set[str] = set()
        for path in self.removals:
            folder = posixpath.dirname(path)
            while folder and folder not in folders:
                folders.add(folder)
                folder = posixpath.dirname(folder)
        return frozenset(folders)

    def was_removed(self, path: str) -> bool:
        """Whether history knows `path` (a file, or a folder with files) went away: a set lookup."""
        return path in self.removals or path in self.removed_folders

    def fate(self, path: str, exists) -> list[Removal]:
        """What happened to a missing `path`: its removal, then where each rename led, if gone too.

        A folder that no longer exists is followed through the removals of the files that were
        in it: renamed together into one folder, it was renamed; otherwise it was deleted.
        """
        chain: list[Removal] = []
        current: str | None = path
        while current and len(chain) < _FOLLOW_LIMIT and not exists(current):
            removal = self.removals.get(current) or self._folder_removal(current)
            if removal is None or removal in chain:
                break
            chain.append(removal)
            current = removal.renamed_to
        return chain

    @functools.cached_property
    def _removed_sorted(self) -> list[str]:
        return sorted(self.removals)

    def _folder_removal(self, folder: str) -> Removal | None:
        if folder.rstrip("/") not in self.removed_folders:
            return None
        prefix = folder.rstrip("/") + "/"
        paths = self._removed_sorted
        inside = []
        for at in range(bisect.bisect_left(paths, prefix), len(paths)):  # the paths under it, in a row
            if not paths[at].startswith(prefix):
                break
            inside.append(self.removals[paths[at]])
        if not inside:
            return None
        newest = max(inside, key=lambda r: r.time)
        targets = {_new_folder(r, prefix) for r in inside if r.commit == newest.commit}
        if len(targets) == 1 and None not in targets:
            return Removal(folder.rstrip("/"), newest.commit, newest.time, newest.author, targets.pop())
        return Removal(folder.rstrip("/"), newest.commit, newest.time, newest.author)

    def to_json(self) -> dict[str, Any]:
        return {
            "activity": {p: [a.last_commit, a.last_author, a.last_time, a.recent, a.year, a.total]
                         for p, a in self.activity.items()},
            "removals": {p: [r.commit, r.time, r.author, r.renamed_to] for p, r in self.removals.items()},
            "commits": self.commits,
            "truncated": self.truncated,
            "as_of": self.as_of,
            "year_times": self.year_times,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "History":
        return cls(
            activity={p: Activity(*row) for p, row in data["activity"].items()},
            removals={p: Removal(p, *row) for p, row in data["removals"].items()},
            commits=data["commits"],
            truncated=data["truncated"],
            as_of=data.get("as_of", ""),
            year_times=data.get("year_times", {}),
        )


def _new_folder(removal: Removal, prefix: str) -> str | None:
    """`docs/guides/` + `docs/guides/a.md -> docs/guide/a.md` gives `docs/guide`."""
    if not removal.renamed_to:
        return None
    rest = removal.path[len(prefix):]
    if not removal.renamed_to.endswith("/" + rest):
        return None
    return removal.renamed_to[: -len(rest) - 1]


def load_history(root: str, head: str | None, now: date, tracked: Iterable[str], cache,
                 prefetched: "LogPrefetch | None" = None) -> History:
    """The history of HEAD as seen from `now`, from the cache when HEAD was seen before;
    `prefetched` is this scan's early `git log` of the same HEAD, if it started one."""
    if head is None:
        return History()
    kind = f"history/v{HISTORY_CACHE_VERSION}"
    key = f"{head}:{MAX_COMMITS}"
    latest = cache.get_many(f"{kind}/head", [_LATEST]).get(_LATEST, {}).get("head")
    wanted = [key] + ([f"{latest}:{MAX_COMMITS}"] if isinstance(latest, str) and _SHA.fullmatch(latest)
                      and latest != head else [])
    rows = cache.get_many(kind, wanted)
    cached = rows.get(key)
    prefetched = prefetched.take() if prefetched is not None and prefetched.head == head else None
    seen = History.from_json(cached).seen_from(now) if cached is not None else None
    if seen is not None:  # (a nightly run's new `now` re-counts the cached year, no new log)
        if prefetched is not None:
            _discard(*prefetched)
        return seen
    tracked = frozenset(tracked)
    history = None
    if len(wanted) > 1 and wanted[1] in rows:
        history = extended_history(root, latest, head, History.from_json(rows[wanted[1]]), now, tracked)
    if history is None:
        history = read_history(root, now, tracked,
                               _read_prefetched(*prefetched) if prefetched is not None else None)
    elif prefetched is not None:
        _discard(*prefetched)
    cache.put_many(kind, {key: history.to_json()})
    cache.put_many(f"{kind}/head", {_LATEST: {"head": head}})
    return history


_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
_LATEST = "latest"  # the key of the last HEAD whose history was cached (`{kind}/head`)


def extended_history(root: str, old_head: str, head: str, old: History, now: date,
              tracked: frozenset[str]) -> History | None:
    """`read_history` of `head`, from `old` (the history of `old_head`) and the log of
    `old_head..head` only; None when that would not give exactly what a full read gives: `old_head`
    is no ancestor of `head`, the new commits are more than the log holds, the whole log would not list the new commits
    first (a merged branch with commits older than `old_head`'s), a path tracked now went away
    before (its old commits were not counted), or a path went away without a commit of its own
    (in a merge)."""
    from indexer.git.run import git_process, run_git

    old_seen = old.seen_from(now)
    if old_seen is None:
        return None
    if git_process(root, "merge-base", "--is-ancestor", old_head, head).returncode != 0:
        return None  # (also an old head this clone does not have)
    range_log = b"".join(_log_chunks(root, f"{old_head}..{head}"))
    new = read_history(root, now, tracked, [range_log])
    if new.truncated:
        return None
    shas = [sha for sha, *_ in _commits([range_log])]
    if shas:  # the whole log's first commits must be exactly these, in this order
        first = run_git(root, "rev-list", "--no-merges", f"--max-count={len(shas)}", head, check=False)
        if first.decode("ascii", "replace").split() != shas:
            return None
    for path in tracked:
        if path not in old.activity and (path in old.removals or path in old.removed_folders):
            return None  # tracked again: its commits before `old_head` were not counted
    for path in old.activity:
        if path not in tracked and path not in new.removals and path not in new.removed_folders:
            return None  # gone with no commit of its own (a merge's), or a folder emptied that way
    activity = dict(new.activity)
    year_times = {p: list(t) for p, t in new.year_times.items()}
    for path, a in old_seen.activity.items():
        if path not in tracked:
            continue
        newer = activity.get(path)
        if newer is None:
            activity[path] = a
        else:
            activity[path] = Activity(newer.last_commit, newer.last_author, newer.last_time,
                                      newer.recent + a.recent, newer.year + a.year, newer.total + a.total)
        if path in old_seen.year_times:
            year_times.setdefault(path, []).extend(old_seen.year_times[path])
    removals = dict(new.removals)
    for path, removal in old.removals.items():
        if path not in removals and path not in tracked:
            removals[path] = removal
    drop = old.commits + new.commits - MAX_COMMITS
    if drop > 0:  # the window moves: its oldest commits leave it, as they would from a full read
        dropped = b"".join(_log_chunks(root, old_head, ("--skip", str(old.commits - drop), f"--max-count={drop}")))
        _forget(dropped, activity, removals, year_times, now, tracked)
    return History(activity=activity, removals=removals, commits=min(old.commits + new.commits, MAX_COMMITS),
                   truncated=old.truncated or drop > 0, as_of=now.isoformat(), year_times=year_times)


def _forget(log: bytes, activity: dict[str, Activity], removals: dict[str, Removal],
            year_times: dict[str, list[int]], now: date, tracked: frozenset[str]) -> None:
    """Take the commits of `log` (the oldest of the window) out of what `read_history` counted."""
    recent_since = epoch(now - timedelta(days=RECENT_DAYS))
    year_since = epoch(now - timedelta(days=YEAR_DAYS))
    for sha, when, _author, changes in _commits([log]):
        touched: set[str] = set()
        for status, old, new in changes:
            if status in ("D", "R") and old in removals and removals[old].commit == sha:
                del removals[old]  # its newest removal was this commit: none left in the window
            touched.update(p for p in _with_folders(new or old) if p in tracked)
            if status == "R":
                touched.update(p for p in _with_folders(old) if p in tracked)
        for path in touched:
            a = activity.get(path)
            if a is None:
                continue
            if a.total <= 1:
                del activity[path]
                year_times.pop(path, None)
                continue
            activity[path] = Activity(a.last_commit, a.last_author, a.last_time, a.recent - (when >= recent_since),
                                      a.year - (when >= year_since), a.total - 1)
            if when >= year_since and when in year_times.get(path, ()):
                times = year_times[path]
                del times[len(times) - 1 - times[::-1].index(when)]
                if not times:
                    del year_times[path]


def commit_days(root: str, paths: Iterable[str]) -> list[tuple[str, list[str]]]:
    """(author day YYYY-MM-DD, files touched among `paths`) per commit reachable from HEAD."""
    from indexer.git.run import run_git

    out = run_git(root, "log", "--format=%x00%ad", "--date=short", "--name-only", "--no-renames",
                  "HEAD", "--", *(f":(literal){p}" for p in paths), check=False)
    commits = []
    for record in out.decode("utf-8", "replace").split("\0")[1:]:
        lines = [line for line in record.splitlines() if line]
        if lines:
            commits.append((lines[0], lines[1:]))
    return commits


def removed_paths(root: str) -> frozenset[str]:
    """Every path (and folder of one) a commit in HEAD's history deleted or renamed away: one
    `git log` of its own, for when `load_history` did not see the whole history."""
    from indexer.git.run import run_git

    out = run_git(root, "log", "--format=", "--name-only", "--diff-filter=DR", "--no-renames", "HEAD",
                  check=False)
    paths: set[str] = set()
    for line in out.decode("utf-8", "replace").splitlines():
        if line:
            parts = line.split("/")
            paths.update("/".join(parts[:depth]) for depth in range(1, len(parts) + 1))
    return frozenset(paths)


class LogPrefetch:
    """The history's `git log` of `head`, started early into a temporary file to run beside other
    work (a cold scan's extraction); `load_history` given it reads its output instead of running
    its own. Owned by the scan that made it, which `discard()`s it when done (a no-op once
    taken): no process outlives the scan, and nothing is kept between scans."""

    def __init__(self, root: str, head: str | None) -> None:
        self.root, self.head = root, head
        self._running: tuple[subprocess.Popen, Any] | None = None

    def start(self) -> None:
        if self.head is None or self._running is not None:
            return
        out = tempfile.TemporaryFile(prefix="orgmemory-history-")
        try:
            proc = subprocess.Popen(["git", *_log_args(), self.head], cwd=self.root, stdout=out,
                                    stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        except OSError:
            out.close()
            return
        self._running = (proc, out)

    def take(self) -> tuple[subprocess.Popen, Any] | None:
        running, self._running = self._running, None
        return running

    def discard(self) -> None:
        running = self.take()
        if running is not None:
            _discard(*running)


#: git maps pack files in windows of 1 GiB up to 8 GiB by default, and every page a walk over the
#: whole history touches counts in its resident memory: terraform's `git log` peaked at 317 MB
#: (its 327 MB pack), 83 MB with these limits, in the same time. For the whole-history `git log`s;
#: not for `git blame` (~10% more CPU with them there, and a blame's peak stays near 150 MB).
PACK_LIMITS = ("-c", "core.packedGitWindowSize=16m", "-c", "core.packedGitLimit=96m",
               "-c", "core.deltaBaseCacheLimit=32m")


def _log_args() -> tuple[str, ...]:
    """The history's `git log`: one commit more than is read, to know if there are more."""
    return (*PACK_LIMITS, "log", "-z", "--no-merges", "--no-color", f"--max-count={MAX_COMMITS + 1}",
            "--format=%x01%H%x02%at%x02%an", "--name-status", "-M")


def _read_prefetched(proc: subprocess.Popen, out) -> Iterator[bytes]:
    try:
        proc.wait()
        out.seek(0)
        while True:
            chunk = out.read(1 << 20)
            if not chunk:
                break
            yield chunk
    finally:
        out.close()


def _discard(proc: subprocess.Popen, out) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait()
    out.close()


def read_history(root: str, now: date, tracked: frozenset[str],
                 output: Iterable[bytes] | None = None) -> History:
    """`output`: the log's output (`prefetch`), else `git log` runs now."""
    recent_since = epoch(now - timedelta(days=RECENT_DAYS))
    year_since = epoch(now - timedelta(days=YEAR_DAYS))
    counts: dict[str, list] = {}
    removals: dict[str, Removal] = {}
    commits = 0
    chains: dict[str, tuple[str, ...]] = {}  # path -> itself and its folders that are tracked

    def chain(path: str) -> tuple[str, ...]:
        found = chains.get(path)
        if found is None:  # (`_with_folders` inlined: this runs for every path of every commit)
            kept = []
            at = path
            while at:
                if at in tracked:
                    kept.append(at)
                cut = at.rfind("/")
                at = at[:cut] if cut > 0 else ""
            found = chains[path] = tuple(kept)
        return found

    truncated = False
    year_times: dict[str, list[int]] = {}
    for sha, when, author, changes in _commits(output if output is not None else _log_chunks(root)):
        if commits == MAX_COMMITS:
            truncated = True
            break
        commits += 1
        touched: set[str] = set()
        for status, old, new in changes:
            if status == "D" or status == "R":
                if old not in removals:
                    removals[old] = Removal(old, sha, when, author, new if status == "R" else None)
            touched.update(chain(new or old))
            if status == "R":
                touched.update(chain(old))
        for path in touched:
            row = counts.get(path)
            if row is None:
                row = counts[path] = [sha, author, when, 0, 0, 0]
            row[3] += when >= recent_since
            row[4] += when >= year_since
            row[5] += 1
            if when >= year_since:
                year_times.setdefault(path, []).append(when)
    return History(activity={p: Activity(*row) for p, row in counts.items()},
                   removals={p: r for p, r in removals.items() if p not in tracked},
                   commits=commits, truncated=truncated, as_of=now.isoformat(), year_times=year_times)


def _log_chunks(root: str, revisions: str = "HEAD", extra: tuple[str, ...] = ()) -> Iterator[bytes]:
    """The output of the history's `git log`, as it comes: parsed while git still writes."""
    proc = subprocess.Popen(["git", *_log_args(), *extra, revisions], cwd=root, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        while True:
            chunk = proc.stdout.read1(1 << 16)
            if not chunk:
                break
            yield chunk
    finally:
        if proc.poll() is None:
            proc.kill()
        if proc.stdout is not None:
            proc.stdout.close()
        proc.wait()


def _commits(chunks: Iterable[bytes]) -> Iterator[tuple[str, int, str, list[tuple[str, str, str | None]]]]:
    """(sha, author time, author, [(status letter, path, new path)]) per commit, newest first.

    `chunks` is the output in pieces: a commit is parsed once the next one has begun."""
    pending: bytes | None = None  # None until the first record begins (what precedes it is no commit)
    for chunk in chunks:
        records = ((pending or b"") + chunk).split(b"\x01")
        if pending is None:
            if len(records) == 1:
                continue
            records = records[1:]
        pending = records.pop()
        for record in records:
            yield _commit(record)
    if pending is not None:
        yield _commit(pending)


def _commit(chunk: bytes) -> tuple[str, int, str, list[tuple[str, str, str | None]]]:
    header, _, body = chunk.partition(b"\0")
    sha, when, author = header.decode("utf-8", "replace").split("\x02")
    fields = body.lstrip(b"\n").split(b"\0")
    changes: list[tuple[str, str, str | None]] = []
    index = 0
    while index < len(fields) and fields[index]:
        status = fields[index].decode()[:1]
        if status in ("R", "C"):
            old, new = (fields[index + 1].decode("utf-8", "surrogateescape"),
                        fields[index + 2].decode("utf-8", "surrogateescape"))
            changes.append((status, old, new) if status == "R" else ("A", new, None))
            index += 3
        else:
            changes.append((status, fields[index + 1].decode("utf-8", "surrogateescape"), None))
            index += 2
    return sha, int(when), author, changes


def _with_folders(path: str) -> Iterator[str]:
    """`a/b/c`, `a/b`, `a` (git's paths: relative, no doubled or trailing slash)."""
    while path:
        yield path
        cut = path.rfind("/")
        path = path[:cut] if cut > 0 else ""
