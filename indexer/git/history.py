"""One pass over git history: activity per path, and what became of paths that are gone.

`load_history` runs a single `git log --name-status --no-renames` (newest first, at most
`MAX_COMMITS` commits, merges left out) and keeps, for every path tracked now (files and the
folders above them), its last commit and its commit counts in the last 90 and 365 days, and,
for every path that was renamed or deleted, the newest such event. Its output is parsed as git
writes it; a cold scan starts it early (`prefetch`, from `indexer.scan.collect`) to run beside
the extraction.

Where a removed path went is asked of git only for the removals a scan asks about (`Renames`):
`-M` on the whole log was 45-55% of its time on traefik and terraform, spent mostly on commits
that moved thousands of vendored files nobody refers to. A removal by a commit that added
nothing is a deletion; one by a commit that also added files is *pending* until asked, when
`git diff-tree -M` of that commit says whether it was renamed, as `git log -M` would have.

The result is cached per HEAD and tracked-path set (the history depends on both), the year's
commit times kept to count again for a later `--now`. A cached history is cheap to read for
what a scan asks of it: the paths of each table are read at once, a path's row is decoded when
that path is asked for (`_Rows`). After new commits, the history of the HEAD seen last is
extended with the log of `OLD..NEW` only (`extended_history`), when that gives exactly what a
full read gives (a merged branch's older commits, which the whole log lists among the old ones,
included: each row's newest commit is then taken by its place in that log, `_interleaved`), and
stored as a patch (the rows those commits changed) over the last full table;
when the window of `MAX_COMMITS` moves, the commits leaving it are named by the window's kept
end (`tail`), not found by walking it. Rows are data (JSON and text), never code; a row of
another shape is a miss; only the last few HEADs' rows are kept.

GitPython is not used: this is one plumbing command whose output is parsed anyway, and its
import cost would be paid on every cold run for nothing.
"""
from __future__ import annotations

import bisect
import functools
import hashlib
import json
import os
import posixpath
import re
import signal
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, Callable, Iterable, Iterator

from indexer.dates import day_of, epoch
from indexer.forking import usable_cpus
from indexer.git.run import FULL_SHA, git_argv

HISTORY_CACHE_VERSION = 4  # keyed by HEAD and the tracked paths; rows decoded when asked for; patches over a full table; renames pending
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
    """What HEAD's history says of paths: their recent activity and their removals."""

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
        if isinstance(self.activity, _Activities):  # a cached history: counted again row by row, when asked
            seen = History(activity=self.activity.seen(now), removals=self.removals, commits=self.commits,
                           truncated=self.truncated, as_of=now.isoformat())
            seen.year_times = _YearTimes(seen.activity)
            if "removed_folders" in self.__dict__:
                seen.__dict__["removed_folders"] = self.__dict__["removed_folders"]
            seen.tail = _tail_of(self)
            return seen
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
        seen = History(activity=activity, removals=self.removals, commits=self.commits,
                       truncated=self.truncated, as_of=now.isoformat(), year_times=times)
        seen.tail = _tail_of(self)
        return seen

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

    def maybe_deleted(self) -> list[str]:
        """The removed paths not known to be renamed away: the deleted ones and those whose
        commit's renames were not asked for yet (`Renames`). Told apart without decoding a row."""
        if isinstance(self.removals, _Removals):
            return self.removals.maybe_deleted()
        return [path for path, removal in self.removals.items() if removal.renamed_to is None]

    def deleted_in(self, needed: Mapping[str, int]) -> dict[str, tuple[int, int]]:
        """folder -> (at least, at most) how many files history deleted directly in it, not
        renamed away, known well enough to tell whether that is `needed[folder]` or more: the
        renames of the commits that removed them are asked for (`Renames`) until the two bounds
        are on one side of it, the commits that removed the most files there first. On
        virtualenv a folder of wheels replaced in 92 commits asked them all (`git diff-tree
        -M` over binaries, 1.4 s of a 1.8 s cold scan) to learn what a third of them tells."""
        inside: dict[str, list[str]] = {folder: [] for folder in needed}
        for path in self.maybe_deleted():
            folder = path.rpartition("/")[0]
            if folder in inside:
                inside[folder].append(path)
        return {folder: self._deleted_bounds(paths, needed[folder]) for folder, paths in inside.items()}

    def _deleted_bounds(self, paths: list[str], needed: int) -> tuple[int, int]:
        if not isinstance(self.removals, _Removals):
            deleted = sum(self.removals[path].renamed_to is None for path in paths)
            return deleted, deleted
        pending: dict[str, list[str]] = {}  # commit -> the paths it removed, renamed or not
        for path in paths:
            row = self.removals.raw(path)
            if row[3] is True:
                pending.setdefault(row[0], []).append(path)
        renames = self.removals.renames
        renames.settle(pending, ask=False)  # (what the cache knows first: it costs nothing)
        order = sorted(pending, key=lambda commit: (not renames.knows(commit), -len(pending[commit]), commit))
        low, high = len(paths) - sum(map(len, pending.values())), len(paths)
        while order and low < needed <= high:
            chunk, order = order[:_ASK_AT_ONCE], order[_ASK_AT_ONCE:]
            renames.settle(chunk)
            for commit in chunk:
                went = renames.of(commit)
                renamed = sum(path in went for path in pending[commit])
                low, high = low + len(pending[commit]) - renamed, high - renamed
        return low, high

    def removed_under(self, folder: str) -> list[tuple[str, str, int]]:
        """(path, the commit that removed it last, its time) of each path removed under `folder`,
        in path order, without asking where they went."""
        paths = self._removed_sorted
        # the paths under it, in a row: from `folder/` up to `folder0` ("0" follows "/")
        under = paths[bisect.bisect_left(paths, folder + "/"):bisect.bisect_left(paths, folder + "0")]
        if isinstance(self.removals, _Removals):
            return self.removals.whens(under)
        return [(path, removal.commit, removal.time) for path in under for removal in (self.removals[path],)]

    def was_removed(self, path: str) -> bool:
        """Whether history knows `path` (a file, or a folder with files) went away: a set lookup."""
        return path in self.removals or path in self.removed_folders

    def is_removed_folder(self, path: str) -> bool:
        """Whether `path` held a path that went away (`removed_folders`)."""
        return path in self.removed_folders

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
        """(Once per folder: packer's references into the plugins it moved out, `builder/amazon/`
        and the like, asked for 1,712 folders' fates, each a walk of the paths removed under it.)"""
        folder = folder.rstrip("/")
        known = self.__dict__.setdefault("_folder_removals", {})
        if folder not in known:
            known[folder] = self._removal_of_folder(folder)
        return known[folder]

    def _removal_of_folder(self, folder: str) -> Removal | None:
        if folder not in self.removed_folders:
            return None
        prefix = folder + "/"
        inside = self.removed_under(folder)
        if not inside:
            return None
        newest = self.removals[max(inside, key=lambda row: row[2])[0]]
        last = [path for path, commit, _when in inside if commit == newest.commit]
        if isinstance(self.removals, _Removals):
            self.removals.settle(last)  # (only where the newest commit's files went: asked at once)
        targets: set[str | None] = set()
        for path in last:  # (read until two differ or one went nowhere: twisted's 4,000 rows, 5 ms)
            targets.add(_new_folder(self.removals[path], prefix))
            if None in targets or len(targets) > 1:
                break
        if len(targets) == 1 and None not in targets:
            return Removal(folder, newest.commit, newest.time, newest.author, targets.pop())
        return Removal(folder, newest.commit, newest.time, newest.author)

    def to_json(self) -> dict[str, Any]:
        return {
            "activity": {p: [a.last_commit, a.last_author, a.last_time, a.recent, a.year, a.total]
                         for p, a in self.activity.items()},
            "removals": {p: [r.commit, r.time, r.author, r.renamed_to] for p, r in self.removals.items()},
            "commits": self.commits,
            "truncated": self.truncated,
            "as_of": self.as_of,
            "year_times": dict(self.year_times),
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


class Renames:
    """Where the files a commit removed went, found by git's rename detection (`git diff-tree
    -M`, which pairs them with the files it added as `git log -M` does), asked once per commit and
    kept in the cache (`_KIND_RENAMES`, by commit: what a commit renamed never changes)."""

    def __init__(self, root: str, cache=None) -> None:
        self.root, self.cache = root, cache
        self._known: dict[str, dict[str, str]] = {}

    def of(self, commit: str) -> dict[str, str]:
        """old path -> new path, for the files `commit` renamed."""
        self.settle([commit])
        return self._known[commit]

    def knows(self, commit: str) -> bool:
        return commit in self._known

    def settle(self, commits: Iterable[str], ask: bool = True) -> None:
        """Learn the renames of `commits`: from the cache, and (`ask`) from git for the rest."""
        wanted = [c for c in dict.fromkeys(commits) if c not in self._known]
        if not wanted:
            return
        if self.cache is not None:
            for commit, pairs in self.cache.get_many(_KIND_RENAMES, wanted).items():
                if all(isinstance(old, str) and isinstance(new, str) for old, new in pairs.items()):
                    self._known[commit] = pairs
        missing = [c for c in wanted if c not in self._known]
        if missing and ask:
            found = renames_in(self.root, missing)
            self._known.update({commit: found.get(commit, {}) for commit in missing})
            if self.cache is not None and found:
                self.cache.put_many(_KIND_RENAMES, found)


_KIND_RENAMES = "renames/v1"  # commit -> {old path: new path}
#: Commits asked at once (one `git diff-tree --stdin`) while bounding a folder's deletions.
_ASK_AT_ONCE = 8


def renames_in(root: str, commits: list[str]) -> dict[str, dict[str, str]]:
    """commit -> {old path: new path} of what each commit renamed against its first parent: one
    `git diff-tree -M --stdin` for all of them (renames only: `--diff-filter=R`). When git fails
    (a blob this clone lacks: a partial clone, a damaged pack), each commit is asked on its own,
    and one that fails again is left out: its removals count as deletions, and are asked again
    by the next scan. Split over two processes when there are a few commits: the rename
    detection of large blobs (wheels, archives) is CPU work, 20-40 ms a commit."""
    halves = [commits[:len(commits) // 2], commits[len(commits) // 2:]] if len(commits) >= 4 else [commits]
    if len(halves) > 1 and usable_cpus() > 1:
        from indexer.threads import Pool

        pool = Pool(len(halves))
        parts = [job.result() for job in [pool.submit(_diff_renames, root, half) for half in halves]]
        found = None if None in parts else {commit: pairs for part in parts for commit, pairs in part.items()}
    else:
        found = _diff_renames(root, commits)
    if found is None:
        found = {}
        for commit in commits if len(commits) > 1 else ():
            found.update(_diff_renames(root, [commit]) or {})
    return found


def _diff_renames(root: str, commits: list[str]) -> dict[str, dict[str, str]] | None:
    from indexer.git.run import git_process

    proc = git_process(root, *PACK_LIMITS, "diff-tree", "--stdin", "-r", "-z", "-M", "--diff-filter=R",
                       "--name-status", "--no-color", input=("\n".join(commits) + "\n").encode())
    if proc.returncode != 0:
        return None
    found: dict[str, dict[str, str]] = {commit: {} for commit in commits}
    pairs: dict[str, str] | None = None
    fields = proc.stdout.split(b"\0")
    index = 0
    while index < len(fields):
        field = fields[index].decode("utf-8", "surrogateescape")
        if field.startswith("R") and pairs is not None and index + 2 < len(fields):
            pairs[fields[index + 1].decode("utf-8", "surrogateescape")] = fields[index + 2].decode(
                "utf-8", "surrogateescape")
            index += 3
            continue
        if field.strip() in found:  # (a commit's line opens its renames; git prints none without any)
            pairs = found[field.strip()]
        index += 1
    return found


def load_history(root: str, head: str | None, now: date, tracked: Iterable[str], cache,
                 prefetched: "LogPrefetch | None" = None, walk: Walk | None = None) -> History:
    """The history of HEAD as seen from `now`, from the cache when HEAD was seen before with the
    same tracked paths; `prefetched` is this scan's early `git log` of the same HEAD, if it
    started one; `walk`, a delta's early walk of HEAD's commits (`Walk`).

    The cache holds a row per (HEAD, tracked paths): a full table, or the paths the commits since
    a full table's HEAD changed (a patch over it), so that extending by a few commits writes a few
    rows. A row is read back as data (JSON), its entries decoded when asked for; a row of
    another shape is a miss. The last `_KEEP` rows (and the full tables they patch) are kept,
    older ones pruned."""
    if head is None:
        return History()
    tracked = frozenset(tracked)
    key = f"{head}:{MAX_COMMITS}:{_tracked_digest(tracked)}"
    renames = Renames(root, cache)
    latest = cache.get_many(_KIND_HEAD, [_LATEST]).get(_LATEST, {})
    recent = _recent_rows(latest)
    wanted = [key] + [k for k, _base in recent[:1] if k != key]
    rows = cache.get_many(_KIND, wanted)
    log = prefetched if prefetched is not None and prefetched.head == head else None
    cached = _from_row(cache, key, rows.get(key), renames)
    seen = cached[0].seen_from(now) if cached is not None else None
    if seen is not None:  # (a nightly run's new `now` re-counts the cached year, no new log)
        if log is not None:
            log.discard()
        return seen
    nearest = _nearest_row(root, [k for k, _base in recent if k != key], head)
    if nearest != wanted[1:]:  # (after an amend or a rebase: an earlier row HEAD descends from)
        wanted = [key, *nearest]
        rows.update(cache.get_many(_KIND, nearest))
    extended = None
    if len(wanted) > 1 and (previous := _from_row(cache, wanted[1], rows.get(wanted[1]), renames)) is not None:
        old_head = wanted[1].split(":", 1)[0]
        if FULL_SHA.fullmatch(old_head):
            try:
                extended = _extend(root, old_head, head, previous[0], now, tracked, getattr(cache, "directory", None),
                                   lambda: _stored_order(cache, wanted[1], previous[0].commits), walk)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                extended = None  # (a row of another shape, decoded only now: the log is read whole)
    if extended is None:
        parsed = log.take_parsed(now, tracked) if log is not None else None
        read = _from_row(cache, key, parsed[0], renames, parsed[1]) if parsed is not None else None
        if read is not None:  # (parsed beside the extraction: read back as a cached table is)
            history, (row, texts), base = read[0], parsed, None
        else:
            running = log.take() if log is not None else None
            history = read_history(root, now, tracked, _read_prefetched(*running) if running is not None else None,
                                   renames)
            (row, texts), base = _full_row(history, tracked), None
    else:
        if log is not None:
            log.discard()
        history, changes = extended
        _old, base, earlier = previous  # type: ignore[possibly-undefined]
        if base is None:  # the previous row was a full table: this row patches it
            base = wanted[1]
        merged = ({**earlier[0], **changes[0]}, {**earlier[1], **changes[1]})
        if len(merged[0]) + len(merged[1]) > max(_PATCH_MIN, (len(history.activity) + len(history.removals)) // 8):
            (row, texts), base = _full_row(history, tracked), None  # patches this large: a full table again
        else:
            row, texts = _patch_row(history, tracked, base, merged), {}
    cache.put_texts(_KIND_TABLE, {k: texts[part] for k, part in zip(_table_keys(key), _PARTS)} if texts else {})
    order = texts.get(_ORDER) if texts else _order_text(history).get(_ORDER)
    if order:
        cache.put_texts(_KIND_ORDER, {key: order})
    cache.put_many(_KIND, {key: row})  # (after its texts: a row is never read without them)
    recent = [(key, base)] + [(k, b) for k, b in recent if k != key][:_KEEP - 1]
    cache.put_many(_KIND_HEAD, {_LATEST: {"rows": [[k, b] for k, b in recent]}})
    keep = {k for pair in recent for k in pair if k}
    if extended is None:  # a full read (a complete scan): every row but the kept ones pruned
        cache.prune(_KIND, keep=keep, kinds=_OLD_KINDS)
        cache.prune(_KIND_TABLE, keep=[t for k in keep for t in _table_keys(k)])
        cache.prune(_KIND_ORDER, keep=keep)
    else:  # an extension (a delta scan's): only the rows it pushed out, by key (no range scan)
        dropped = {k for pair in _recent_rows(latest) for k in pair if k} - keep
        cache.prune_keys(_KIND, dropped)
        cache.prune_keys(_KIND_TABLE, [t for k in dropped for t in _table_keys(k)])
        cache.prune_keys(_KIND_ORDER, dropped)
    return history


_KIND = f"history/v{HISTORY_CACHE_VERSION}"
_KIND_HEAD = f"{_KIND}/head"  # `_LATEST`: the rows written last, newest first, with the full table each patches
_LATEST = "latest"
_KEEP = 4  # rows kept (each with its full table): other HEADs' histories are pruned
_PATCH_MIN = 2000  # a patch may hold this many changed paths, or an eighth of the table, before a full one
_OLD_KINDS = ("history/v1", "history/v1/head", "history/v2", "history/v2/head",
              "history/v3", "history/v3/head", "history/v3/table")  # earlier formats: pruned


def _nearest_row(root: str, keys: list[str], head: str) -> list[str]:
    """The first of the recent rows `keys` (newest first) whose HEAD `head` descends from, as a
    list: after new commits the newest, after an amend or a rebase of the last commits an
    earlier one (else the history is read whole: 0.7 s on sympy). One `git merge-base` each,
    whose answer `_extend` finds kept."""
    from indexer.git.run import is_ancestor

    for key in keys:
        old_head = key.split(":", 1)[0]
        if FULL_SHA.fullmatch(old_head) and is_ancestor(root, old_head, head):
            return [key]
    return []


def _tracked_digest(tracked: frozenset[str]) -> str:
    """The history's content depends on the tracked paths (activity for them, removals of the
    others): a changed `scan.exclude` or a new file in the work tree is another row."""
    return hashlib.sha256("\0".join(sorted(tracked)).encode("utf-8", "surrogateescape")).hexdigest()[:16]


def _recent_rows(latest: Any) -> list[tuple[str, str | None]]:
    rows = latest.get("rows") if isinstance(latest, dict) else None
    if not isinstance(rows, list):
        return []
    return [(k, b) for k, b in (r for r in rows if isinstance(r, list) and len(r) == 2)
            if isinstance(k, str) and (b is None or isinstance(b, str))]


# A cached row, read as data (JSON), its texts as text. A full row: {"base": None, "folders": [...],
# header}, its tables in four texts of kind `_KIND_TABLE` (`_PARTS`); a patch: {"base": <key of a
# full row>, "activity": {"set": {path: row}, "drop": [path]}, "removals": {...}, "folders": [...] or
# None (the base's and the patch's), header}. Activity rows: [last commit, author, time, total,
# [commit times in the year before as_of]]; removal rows: [commit, time, author, renamed to, or
# None (deleted), or true (pending: `Renames`)]. A row's line is decoded when its path is asked for.

def _full_row(history: History, tracked: frozenset[str]) -> tuple[dict[str, Any], dict[str, str]]:
    """The row of a full table, and its four texts (`_PARTS`, stored as they are: no JSON around them)."""
    act, rem = _raw_tables(history)
    dumps = json.JSONEncoder(separators=(",", ":")).encode  # (what `json.dumps` makes anew per call)
    texts = [_paths_text(act), "\n".join(map(dumps, act.values())), _paths_text(rem),
             "\n".join(map(dumps, rem.values()))]
    return {**_header(history, tracked), "base": None, "folders": sorted(history.removed_folders)}, \
        {**dict(zip(_PARTS, texts)), **_order_text(history)}


_PARTS = ("activity-paths", "activity-rows", "removal-paths", "removal-rows")  # (paths: NUL-separated; rows: a line each)
_KIND_TABLE = f"{_KIND}/table"  # `{row key}\0{part}`: a full row's texts
#: `{row key}`: the commits of the row's window in `git log` order, space-separated, when known
#: (a full read's log, or an extension that placed a merged branch's commits among them): the
#: next extension by a merged branch (`_interleaved`) reads them instead of walking the old
#: HEAD's window again: a 40 ms walk on sympy's 62k commits, against 3 ms to read 0.8 MB (the
#: delta after a pull request's merge: 16-25 ms less in all).
_KIND_ORDER = f"{_KIND}/order"
_ORDER = "order"  # (a full row's texts carry it from a forked parse: `LogPrefetch`)


def _order_text(history: History) -> dict[str, str]:
    order = getattr(history, "order", None)
    return {_ORDER: " ".join(order)} if order else {}


def _stored_order(cache, key: str, commits: int) -> list[str] | None:
    """The window order kept for the row `key` (`_KIND_ORDER`), if it holds `commits` commits.
    (Only ever compared with git's own list, never given to git: not checked commit by commit.)"""
    text = cache.get_text(_KIND_ORDER, key)
    order = text.split(" ") if text else []
    return order if len(order) == commits else None


def _paths_text(paths: Iterable[str]) -> str:
    """Paths separated by NUL (git's paths hold none); when one is no UTF-8 (a name git stores
    as bytes, decoded with surrogates), `_JSON_PATHS` and a JSON list (which escapes them)."""
    text = "\0".join(paths)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _JSON_PATHS + json.dumps(list(paths))
    return text


_JSON_PATHS = "\x01"


def _table_keys(key: str) -> list[str]:
    return [f"{key}\0{part}" for part in _PARTS]


def _patch_row(history: History, tracked: frozenset[str], base: str,
               changes: tuple[dict[str, Any], dict[str, Any]]) -> dict[str, Any]:
    act, rem = changes
    return {**_header(history, tracked), "base": base,
            "activity": {"set": {p: r for p, r in act.items() if r is not None},
                         "drop": [p for p, r in act.items() if r is None]},
            "removals": {"set": {p: r for p, r in rem.items() if r is not None},
                         "drop": [p for p, r in rem.items() if r is None]},
            "folders": sorted(history.removed_folders) if any(r is None for r in rem.values()) else None}


def _header(history: History, tracked: frozenset[str]) -> dict[str, Any]:
    return {"v": HISTORY_CACHE_VERSION, "tracked": _tracked_digest(tracked), "commits": history.commits,
            "truncated": history.truncated, "as_of": history.as_of,
            "tail": None if (tail := _tail_of(history)) is None else " ".join(tail)}


class _Damaged(ValueError):
    """A cached row of another shape."""


def _from_row(cache, key: str, row: Any, renames: "Renames", texts: dict[str, str] | None = None,
              ) -> "tuple[History, str | None, tuple[dict, dict]] | None":
    """(the history, the full row it patches or None, the patch's changes); None for a row of
    another shape (a miss). `texts`: a full row's texts by part (`_PARTS`), when not yet stored."""
    if row is None:
        return None
    try:
        base_key = row["base"]
        full = row if base_key is None else cache.get_many(_KIND, [base_key]).get(base_key)
        if full is None or full["base"] is not None:
            return None
        if texts is not None and base_key is None:
            texts = {k: texts.get(part) for k, part in zip(_table_keys(key), _PARTS)}
        else:
            texts = cache.get_texts(_KIND_TABLE, _table_keys(key if base_key is None else base_key))
        act, rem = (_index(*(texts.get(k) for k in _table_keys(key if base_key is None else base_key)[at:at + 2]))
                    for at in (0, 2))
        folders = full["folders"]
        changes: tuple[dict, dict] = ({}, {})
        if base_key is not None:
            changes = (_changes(row["activity"]), _changes(row["removals"]))
            for table, changed in zip((act, rem), changes):
                for path, value in changed.items():
                    if value is None:
                        table.pop(path, None)
                    else:
                        table[path] = value
            if row["folders"] is not None:
                folders = row["folders"]
        if not isinstance(folders, list):
            raise _Damaged("folders")
        commits, truncated, as_of = row["commits"], row["truncated"], row["as_of"]
        if not (row["v"] == HISTORY_CACHE_VERSION and isinstance(commits, int) and isinstance(truncated, bool)
                and isinstance(as_of, str) and len(as_of) == 10):
            raise _Damaged("header")
        history = History(activity=_Activities(act, date.fromisoformat(as_of)), removals=_Removals(rem, renames),
                          commits=commits, truncated=truncated, as_of=as_of)
        history.year_times = _YearTimes(history.activity)
        tail = row["tail"].split() if row["tail"] is not None else None
        if tail is not None and not all(FULL_SHA.fullmatch(sha) for sha in tail):
            raise _Damaged("tail")
        history.tail = tuple(tail) if tail is not None else None
        folder_set = frozenset(folders)
        if base_key is not None and row["folders"] is None:
            folder_set |= _folders_of(changes[1])
        history.__dict__["removed_folders"] = folder_set
        return history, base_key, changes
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def _index(paths: str | None, rows: str | None) -> dict[str, Any]:
    if paths is None or rows is None:
        raise _Damaged("table missing")
    if paths.startswith(_JSON_PATHS):
        names = json.loads(paths[len(_JSON_PATHS):])
        if not isinstance(names, list):
            raise _Damaged("table")
    else:
        names = paths.split("\0") if paths else []  # (git's paths hold no NUL)
    lines = rows.split("\n") if rows else []
    if len(names) != len(lines):
        raise _Damaged("table")
    return dict(zip(names, lines))


def _changes(table: Any) -> dict[str, Any]:
    changed: dict[str, Any] = {p: None for p in table["drop"] if isinstance(p, str)}
    for path, row in table["set"].items():
        if not isinstance(row, list):
            raise _Damaged("patch")
        changed[path] = row
    return changed


def _folders_of(paths: Iterable[str]) -> frozenset[str]:
    folders: set[str] = set()
    for path in paths:
        folder = posixpath.dirname(path)
        while folder and folder not in folders:
            folders.add(folder)
            folder = posixpath.dirname(folder)
    return frozenset(folders)


class _Rows(Mapping):
    """A table of a cached history: path -> its value, made from the stored row on first use
    (a scan asks for a few paths of thousands). Equal to a dict with the same items."""

    def __init__(self, rows: dict[str, Any]) -> None:
        self._rows = rows  # path -> its row: a JSON line, or the decoded list
        self._made: dict[str, Any] = {}

    def raw(self, path: str) -> list:
        row = self._rows[path]
        if isinstance(row, str):
            try:
                row = json.loads(row)
            except ValueError as exc:
                raise _Damaged(f"history row of {path}") from exc
            if not isinstance(row, list):
                raise _Damaged(f"history row of {path}")
            self._rows[path] = row
        return row

    def __getitem__(self, path: str) -> Any:
        made = self._made.get(path)
        if made is None:
            made = self._made[path] = self._make(path, self.raw(path))
        return made

    def __contains__(self, path: object) -> bool:
        return path in self._rows

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} paths)"

    def _make(self, path: str, row: list) -> Any:
        raise NotImplementedError


class _Activities(_Rows):
    """Activity counted as of `now` from each row's commit times in the year before (rows stored
    at an earlier `as_of` count again here, as `History.seen_from` does)."""

    def __init__(self, rows: dict[str, Any], now: date) -> None:
        super().__init__(rows)
        self.now = now
        self.recent_since = epoch(now - timedelta(days=RECENT_DAYS))
        self.year_since = epoch(now - timedelta(days=YEAR_DAYS))

    def seen(self, now: date) -> "_Activities":
        return _Activities(self._rows, now)

    def times(self, path: str) -> list[int]:
        """`path`'s commit times inside the year before `now`."""
        times = self.raw(path)[4]
        return [t for t in times if t >= self.year_since]

    def _make(self, path: str, row: list) -> Activity:
        commit, author, when, total, times = row
        if not (isinstance(commit, str) and isinstance(author, str) and isinstance(when, int)
                and isinstance(total, int) and isinstance(times, list)):
            raise _Damaged(f"history row of {path}")
        kept = [t for t in times if t >= self.year_since]
        return Activity(commit, author, when, sum(t >= self.recent_since for t in kept), len(kept), total)


#: The start of a removal's JSON line, `["<commit>",<time>,`: its commit and time, read without
#: decoding the line (a line that does not start so is decoded: `_Rows.raw`).
_ROW_START = re.compile(r'^\["([0-9a-f]+)",(\d+),', re.M)


class _Removals(_Rows):
    """path -> its `Removal`; a pending row's rename is asked of `renames` when it is made."""

    def __init__(self, rows: dict[str, Any], renames: "Renames") -> None:
        super().__init__(rows)
        self.renames = renames

    def maybe_deleted(self) -> list[str]:
        """Paths whose removal is no known rename: a stored line ends in `,null]` or `,true]`."""
        return [path for path, row in self._rows.items()
                if (row.endswith((",null]", ",true]")) if isinstance(row, str) else row[3] is None or row[3] is True)]

    def settle(self, paths: Iterable[str]) -> None:
        """Ask at once for the renames of the commits that removed these `paths` (those pending)."""
        self.renames.settle(row[0] for row in map(self.raw, paths) if row[3] is True)

    def whens(self, paths: list[str]) -> list[tuple[str, str, int]]:
        """(path, commit, time) of each of `paths`' rows, read at once from the start of their JSON
        lines, each row's own when one is not such a line (a folder's fate asks it of every path
        removed under the folder: twisted's 4,000, 10 ms one by one)."""
        rows = [self._rows[path] for path in paths]
        if all(isinstance(row, str) and "\n" not in row for row in rows):
            found = _ROW_START.findall("\n".join(rows))
            if len(found) == len(rows):
                return [(path, commit, int(when)) for path, (commit, when) in zip(paths, found)]
        return [(path, *self.raw(path)[:2]) for path in paths]

    def _make(self, path: str, row: list) -> Removal:
        commit, when, author, renamed_to = row
        if not (isinstance(commit, str) and isinstance(when, int) and isinstance(author, str)
                and (renamed_to is None or renamed_to is True or isinstance(renamed_to, str))):
            raise _Damaged(f"history row of {path}")
        if renamed_to is True:
            renamed_to = self.renames.of(commit).get(path)
        return Removal(path, commit, when, author, renamed_to)


class _YearTimes(Mapping):
    """`History.year_times` of a cached history: each path's commit times in the year, if any."""

    def __init__(self, activity: _Activities) -> None:
        self._activity = activity
        self._kept: list[str] | None = None

    def __getitem__(self, path: str) -> list[int]:
        times = self._activity.times(path)  # (KeyError for a path with no activity)
        if not times:
            raise KeyError(path)
        return times

    def __contains__(self, path: object) -> bool:
        return path in self._activity and bool(self._activity.times(path))  # type: ignore[arg-type]

    def _paths(self) -> list[str]:
        if self._kept is None:
            self._kept = [p for p in self._activity if self._activity.times(p)]
        return self._kept

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths())

    def __len__(self) -> int:
        return len(self._paths())


def _raw_tables(history: History) -> tuple[dict[str, list], dict[str, list]]:
    """The history's activity and removals as stored rows (decoded)."""
    activity, removals = history.activity, history.removals
    if isinstance(activity, _Activities):
        act = {p: activity.raw(p) for p in activity}
    else:
        act = {p: [a.last_commit, a.last_author, a.last_time, a.total, list(history.year_times.get(p, ()))]
               for p, a in activity.items()}
    if isinstance(removals, _Removals):
        rem = {p: removals.raw(p) for p in removals}
    else:
        rem = {p: [r.commit, r.time, r.author, r.renamed_to] for p, r in removals.items()}
    return act, rem


def _rows_of(history: History) -> tuple[dict[str, Any], dict[str, Any]]:
    """The history's tables as path -> row (a JSON line or the decoded list), to copy and
    change: a cached history's rows are not decoded."""
    if isinstance(history.activity, _Activities) and isinstance(history.removals, _Removals):
        return dict(history.activity._rows), dict(history.removals._rows)
    return _raw_tables(history)


def extended_history(root: str, old_head: str, head: str, old: History, now: date,
                     tracked: frozenset[str]) -> History | None:
    """`read_history` of `head`, from `old` (the history of `old_head`) and the log of
    `old_head..head` only; None when that would not give exactly what a full read gives: `old_head`
    is no ancestor of `head`, the new commits are more than the log holds, the whole log would list
    them among the old ones in another order than their own log's, or the old ones in another order
    than `old_head`'s log (`_interleaved`), a path tracked now went away before (its old commits
    were not counted), or a path went away without a commit of its own (in a merge)."""
    extended = _extend(root, old_head, head, old, now, tracked)
    return extended[0] if extended is not None else None


def _extend(root: str, old_head: str, head: str, old: History, now: date, tracked: frozenset[str],
            graph_dir: str | None = None, old_order: Callable[[], list[str] | None] = lambda: None,
            walk: Walk | None = None) -> "tuple[History, tuple[dict[str, Any], dict[str, Any]]] | None":
    """`extended_history`, and the rows it changed (path -> new row, or None when gone) in the
    activity and the removals: what a patch of the cached row holds. `graph_dir`: the cache
    folder whose commit-graph serves `_interleaved`'s walks; `old_order`: gives `old`'s window
    in log order, when it is kept (`_KIND_ORDER`); `walk`: `head`'s, if one was started."""
    from indexer.git.run import is_ancestor

    if old.seen_from(now) is None:
        return None
    if not is_ancestor(root, old_head, head):
        return None  # (also an old head this clone does not have)
    range_log = b"".join(_log_chunks(root, f"{old_head}..{head}")) if old_head != head else b""
    new = read_history(root, now, tracked, [range_log],
                       old.removals.renames if isinstance(old.removals, _Removals) else None)
    if new.truncated:
        return None
    shas = [sha for sha, *_ in _commits([range_log])]
    # the window's oldest commits, which the new ones push out of it, as the kept tail has them:
    # their log is read beside the walks below (an interleaved merge places no new commit among
    # them, `_interleaved`)
    drop = old.commits + new.commits - MAX_COMMITS
    tail = _tail_of(old)
    oldest = tuple(tail[len(tail) - drop:]) if drop > 0 and tail is not None and len(tail) >= drop else ()
    oldest_log = _start_log_of(root, oldest)
    try:
        return _placed(root, old_head, head, old, now, tracked, graph_dir, old_order, walk, new, shas, drop,
                       lambda dropped: oldest_log() if dropped == oldest else _log_of(root, dropped))
    finally:
        oldest_log()  # (waited for, read or not)


def _placed(root: str, old_head: str, head: str, old: History, now: date, tracked: frozenset[str],
            graph_dir: str | None, old_order: Callable[[], list[str] | None], walk: Walk | None, new: History,
            shas: list[str], drop: int, log_of: Callable[[tuple[str, ...]], bytes],
            ) -> "tuple[History, tuple[dict[str, Any], dict[str, Any]]] | None":
    """`_extend`, once the new commits (`new`, `shas`) are read: their place in the window, and the
    rows they and the commits they push out of it (`drop`, their log from `log_of`) change."""
    from indexer.git.run import run_git

    # the whole log's first commits are mostly exactly these, in this order; else (a merged branch
    # with commits older than the main line's newest) the place of every commit in it
    order: list[str] | None = None
    if shas:
        first = walk.first(head, len(shas)) if walk is not None else None
        if first is None:
            first = run_git(root, "rev-list", "--no-merges", f"--max-count={len(shas)}", head,
                            check=False).decode("ascii", "replace").split()
        if first != shas:
            order = _interleaved(root, old_head, head, shas, old.commits, graph_dir, old_order(), walk)
            if order is None:
                return None
    place = {sha: at for at, sha in enumerate(order)} if order is not None else {}
    old_removed, old_folders = old.removals, old.removed_folders
    for path in tracked:
        if path not in old.activity and (path in old_removed or path in old_folders):
            return None  # tracked again: its commits before `old_head` were not counted
    gone = [path for path in old.activity if path not in tracked]
    for path in gone:
        if path not in new.removals and path not in new.removed_folders:
            return None  # gone with no commit of its own (a merge's), or a folder emptied that way
    activity, removals = _rows_of(old)
    changed_activity: dict[str, Any] = {}
    changed_removals: dict[str, Any] = {}
    year_since = epoch(now - timedelta(days=YEAR_DAYS))
    for path in gone:
        del activity[path]
        changed_activity[path] = None
    for path, a in new.activity.items():
        times = list(new.year_times.get(path, ()))
        row = activity.get(path)
        last = [a.last_commit, a.last_author, a.last_time]
        if row is not None:
            if isinstance(row, str):
                row = json.loads(row)
            times += [t for t in row[4] if t >= year_since]
            total = a.total + row[3]
            if place and place.get(row[0], len(place)) < place[a.last_commit]:  # (its old last commit first)
                last = row[:3]
        else:
            total = a.total
        times.sort(reverse=True)
        activity[path] = changed_activity[path] = [*last, total, times]
    for path in new.removals:
        row = new.removals.raw(path)  # (pending renames stay pending)
        if place and path in removals:
            before = removals[path]
            before = json.loads(before) if isinstance(before, str) else before
            if place.get(before[0], len(place)) < place[row[0]]:
                continue
        removals[path] = changed_removals[path] = row
    tail = _tail_of(old)
    if order is not None:  # the window's order is known whole: what leaves it, and its new end
        window, dropped = order[:MAX_COMMITS], tuple(order[MAX_COMMITS:])
        if dropped:
            _forget(log_of(dropped), activity, removals, changed_activity, changed_removals, now, tracked)
        tail = tuple(window[-_TAIL:])
        order = window
    elif drop > 0:  # the window moves: its oldest commits leave it, as they would from a full read
        tail = _window_end(root, old_head, old, drop)
        dropped = log_of(tuple(tail[len(tail) - drop:]))
        tail = tail[:len(tail) - drop]
        _forget(dropped, activity, removals, changed_activity, changed_removals, now, tracked)
    history = History(activity=_Activities(activity, now), removals=_Removals(removals, new.removals.renames),
                      commits=min(old.commits + new.commits, MAX_COMMITS), truncated=old.truncated or drop > 0,
                      as_of=now.isoformat())
    history.year_times = _YearTimes(history.activity)
    if order is None and drop <= 0 and tail is not None and old.commits < _TAIL:  # (a window of fewer commits: all)
        tail = (tuple(shas) + tail)[-_TAIL:]
    history.tail = tail
    history.order = order  # (None unless placed: what the next such extension reads, `_KIND_ORDER`)
    if any(r is None for r in changed_removals.values()):
        history.__dict__["removed_folders"] = _folders_of(removals)
    else:
        history.__dict__["removed_folders"] = old_folders | new.removed_folders
    return history, (changed_activity, changed_removals)


_TAIL = 1000  # the window's last commits, kept with a history: the ones a moving window drops first


class Walk:
    """HEAD's log of commits alone (`git rev-list --no-merges`), its first `count`, started as
    soon as a delta knows the new commits are a merged branch's, older than the main line's
    newest: extending the history then places them in it (`_interleaved`), and this walk (30 ms
    on sympy's 62k commits) runs beside the delta's extraction. `first` reads it; `discard`
    waits for it unread (no process outlives the scan)."""

    def __init__(self, root: str, head: str, count: int, graph_dir: str | None) -> None:
        from indexer.git.blame import commit_graph
        from indexer.git.run import start_git

        self.head, self.count = head, count
        self._finish: Callable[[], Any] | None = start_git(
            root, "rev-list", "--no-merges", f"--max-count={count}", head, "--",
            env=commit_graph(root, graph_dir, head, False)(), drained=True)
        self._order: list[str] | None = None

    def first(self, head: str, count: int) -> list[str] | None:
        """The first `count` commits of `head`'s log; None if this walk is not of them."""
        if head != self.head or count > self.count:
            return None
        if self._finish is not None:
            done, self._finish = self._finish(), None
            self._order = done.stdout.decode("ascii", "replace").split() if done.returncode == 0 else None
        return self._order[:count] if self._order is not None else None

    def discard(self) -> None:
        if self._finish is not None:
            self._finish, finish = None, self._finish
            finish()


def _interleaved(root: str, old_head: str, head: str, new: list[str], count: int, graph_dir: str | None,
                 before: list[str] | None = None, walk: Walk | None = None) -> list[str] | None:
    """The first `count + len(new)` commits of `head`'s log (`count`: the commits of `old_head`'s
    window; `new`: those of `old_head..head`, as their own log lists them), when that log lists
    the new commits in their own order, each inside the window of `MAX_COMMITS`, and the old
    ones exactly as `old_head`'s log does: then a history extended by the new commits, each row's
    newest commit taken by its place in this list, is what a full read gives. None otherwise
    (commit dates out of order can move old commits too). Walks of commits alone, no diffs:
    0.05 s each on moby's 57k commits with the scan's commit-graph, against 1.2 s for the
    history's whole log; one, of `head`'s, when `before` (`old_head`'s window in log order) is
    kept, else one of each. `walk`: `head`'s, if one was started."""
    from indexer.git.blame import commit_graph
    from indexer.git.run import git_process

    env = commit_graph(root, graph_dir, head, False)()
    order = walk.first(head, count + len(new)) if walk is not None else None
    if order is None:
        after = git_process(root, "rev-list", "--no-merges", f"--max-count={count + len(new)}", head, "--", env=env)
        if after.returncode != 0:
            return None
        order = after.stdout.decode("ascii", "replace").split()
    fresh = set(new)
    if [sha for sha in order if sha in fresh] != new or any(sha in fresh for sha in order[MAX_COMMITS:]):
        return None
    if before is None:
        walked = git_process(root, "rev-list", "--no-merges", f"--max-count={count}", old_head, "--", env=env)
        if walked.returncode != 0:
            return None
        before = walked.stdout.decode("ascii", "replace").split()
    if [sha for sha in order if sha not in fresh] != before:
        return None
    return order


def _tail_of(history: History) -> tuple[str, ...] | None:
    """The last commits of `history`'s window (up to `_TAIL`, oldest last); None if unknown."""
    return getattr(history, "tail", None)


def _window_end(root: str, head: str, history: History, drop: int) -> tuple[str, ...]:
    """The last commits of the window of `head`'s `history`, at least `drop` of them (oldest
    last): the kept tail when it is long enough, else one walk of the revisions (no diffs)."""
    from indexer.git.run import run_git

    tail = _tail_of(history)
    if tail is not None and (len(tail) > drop or len(tail) == history.commits):
        return tail
    count = min(history.commits, drop + _TAIL)
    out = run_git(root, *PACK_LIMITS, "rev-list", "--no-merges", f"--skip={history.commits - count}",
                  f"--max-count={count}", head, check=False)
    return tuple(out.decode("ascii", "replace").split())


def start_changes_of(root: str, shas: tuple[str, ...],
                     ) -> Callable[[], list[tuple[str, list[tuple[str, str, str | None]]]]]:
    """(sha, [(status letter, path, None)]) of these commits, as the history's log reads them
    (a rename as a deletion and an addition), in this order: what the window's oldest commits
    would take with them. Its `git log` started now; the returned function waits for it."""
    log = _start_log_of(root, shas)
    read: list[list[tuple[str, list[tuple[str, str, str | None]]]]] = []

    def parsed() -> list[tuple[str, list[tuple[str, str, str | None]]]]:
        if not read:
            read.append([(sha, changes) for sha, _when, _author, changes in _commits([log()])])
        return read[0]
    return parsed


def _log_of(root: str, shas: tuple[str, ...]) -> bytes:
    """The history's log of these commits alone (no walk), in this order."""
    return _start_log_of(root, shas)()


def _start_log_of(root: str, shas: tuple[str, ...]) -> Callable[[], bytes]:
    """`_log_of`, started now (its output read as it comes); the returned function waits for it."""
    from indexer.git.run import start_git

    if not shas:
        return lambda: b""
    finish = start_git(root, *_log_args(), "--no-walk=unsorted", "--stdin", input=("\n".join(shas) + "\n").encode(),
                       drained=True)
    return lambda: finish().stdout


def _forget(log: bytes, activity: dict[str, Any], removals: dict[str, Any], changed_activity: dict[str, Any],
            changed_removals: dict[str, Any], now: date, tracked: frozenset[str]) -> None:
    """Take the commits of `log` (the oldest of the window) out of what `read_history` counted,
    in the rows of `activity` and `removals` (path -> stored row, a JSON line or decoded)."""
    year_since = epoch(now - timedelta(days=YEAR_DAYS))

    def row_of(table: dict[str, Any], path: str) -> list | None:
        row = table.get(path)
        return json.loads(row) if isinstance(row, str) else row

    for sha, when, _author, changes in _commits([log]):
        touched: set[str] = set()
        for status, old, new in changes:
            if status in ("D", "R") and old in removals and row_of(removals, old)[0] == sha:
                del removals[old]  # its newest removal was this commit: none left in the window
                changed_removals[old] = None
            touched.update(p for p in _with_folders(new or old) if p in tracked)
            if status == "R":
                touched.update(p for p in _with_folders(old) if p in tracked)
        for path in touched:
            row = row_of(activity, path)
            if row is None:
                continue
            if row[3] <= 1:
                del activity[path]
                changed_activity[path] = None
                continue
            times = list(row[4])
            if when >= year_since and when in times:
                del times[len(times) - 1 - times[::-1].index(when)]
            activity[path] = changed_activity[path] = [row[0], row[1], row[2], row[3] - 1, times]


def commit_days(root: str, paths: Iterable[str]) -> list[tuple[str, list[str]]]:
    """(author day YYYY-MM-DD, files touched among `paths`) per commit reachable from HEAD."""
    from indexer.git.run import run_git

    out = run_git(root, *PACK_LIMITS, "log", "--format=%x00%ad", "--date=short", "--name-only", "--no-renames",
                  "HEAD", "--", *(f":(literal){p}" for p in paths), check=False)
    commits = []
    for record in out.decode("utf-8", "replace").split("\0")[1:]:
        lines = [line for line in record.splitlines() if line]
        if lines:
            commits.append((lines[0], lines[1:]))
    return commits


REMOVED_KIND = "removed-paths/v1"  # key: HEAD; value: {path: whether a commit of its history removed it}


def removed_paths(root: str, paths: Iterable[str], head: str, cache=None) -> frozenset[str]:
    """Those of `paths` (files or folders) that a commit in `head`'s whole history deleted or
    renamed away, themselves or a file under them: for when `load_history` did not see the whole
    history. One `git log` limited to the paths not answered yet (its pathspecs taken literally,
    read from stdin), with the scan's commit-graph when there is one; the answers kept per HEAD in
    `cache`. (The whole history's removals unlimited: 1.6 s on moby's 57k commits; its four paths:
    0.26 s, and none on the next day's scan.) A new HEAD that descends from the kept one starts
    from its answers: a removal stays in the history, and a path not removed then is looked up
    in the new commits alone."""
    from indexer.git.blame import commit_graph

    wanted = sorted({p.strip("/") for p in paths} - {""})
    if not wanted:
        return frozenset()
    known = cache.get_flags(REMOVED_KIND, head) if cache is not None else {}
    ask = [p for p in wanted if p not in known and "\n" not in p]
    if ask:
        env = commit_graph(root, getattr(cache, "directory", None), head, False)()
        earlier, before = _earlier_answers(root, cache, head) if cache is not None else ("", {})
        again = [p for p in ask if before.get(p) is False]
        found = {p: True for p in ask if before.get(p) is True}
        for revisions, asked in ((f"^{earlier}\n{head}", again), (head, [p for p in ask if p not in before])):
            gone = _removed_in(root, revisions, asked, env) if asked else set()
            if gone is None:
                return frozenset()
            found.update((p, p in gone) for p in asked)
        known.update(found)
        if cache is not None:
            cache.put_many(REMOVED_KIND, {head: known})
            cache.prune(REMOVED_KIND, keep=[head])
    return frozenset(p for p in wanted if known.get(p))


def _earlier_answers(root: str, cache, head: str) -> tuple[str, dict[str, bool]]:
    """The HEAD whose answers `cache` keeps (one: see `removed_paths`) and those answers, when
    `head` descends from it; else ("", {})."""
    from indexer.git.run import is_ancestor

    for earlier in cache.keys_between(REMOVED_KIND, "0", "g"):
        if earlier != head and FULL_SHA.fullmatch(earlier) and is_ancestor(root, earlier, head):
            return earlier, cache.get_flags(REMOVED_KIND, earlier)
    return "", {}


def _removed_in(root: str, revisions: str, paths: list[str], env: dict[str, str] | None) -> set[str] | None:
    """The paths, and folders above them, that the commits of `revisions` (stdin's revision
    lines) deleted or renamed among `paths`; None when git fails."""
    from indexer.git.run import git_process

    stdin = (revisions + "\n--\n" + "".join(f":(literal){p}\n" for p in paths)).encode("utf-8", "surrogateescape")
    proc = git_process(root, *PACK_LIMITS, "log", "--format=", "--name-only", "-z", "--diff-filter=DR",
                       "--no-renames", "--stdin", input=stdin, env=env)
    if proc.returncode != 0:
        return None
    gone: set[str] = set()
    for name in proc.stdout.split(b"\0"):
        parts = name.strip(b"\n").decode("utf-8", "surrogateescape").split("/")
        gone.update("/".join(parts[:depth]) for depth in range(1, len(parts) + 1) if parts[0])
    return gone


class LogPrefetch:
    """The history's `git log` of `head`, started early to run beside other work (a cold scan's
    extraction); `load_history` given it reads that instead of running its own. With `now` and
    `tracked` (a function: asked only when it starts), where forking is safe, a forked process
    runs the log and parses it too (`read_history`, and the table `load_history` stores), so that
    the parse runs beside the extraction rather than after it; else the log alone runs, into a
    temporary file. Owned by the scan that made it, which `discard()`s it when done (a no-op once
    taken): no process outlives the scan, and nothing is kept between scans."""

    def __init__(self, root: str, head: str | None, now: date | None = None,
                 tracked: Callable[[], frozenset[str]] | None = None) -> None:
        self.root, self.head, self.now, self._tracked = root, head, now, tracked
        self._running: tuple[subprocess.Popen, Any] | None = None
        self._parsing: tuple[int, Any, frozenset[str]] | None = None  # (process, its output, the paths it was given)

    def start(self) -> None:
        if self.head is None or self._running is not None or self._parsing is not None:
            return
        import tempfile  # (with shutil and random: a cold scan's, not every delta scan's imports)

        from indexer.forking import fork_safe

        out = tempfile.TemporaryFile(prefix="orgmemory-history-")
        if self.now is not None and self._tracked is not None and usable_cpus() >= 2 and fork_safe():
            tracked = self._tracked()
            try:
                pid = os.fork()
            except OSError:
                pid = None
            if pid == 0:  # the forked process: the log, parsed and tabled; nothing else it touches
                status = 1
                try:
                    history = read_history(self.root, self.now, tracked, _log_chunks(self.root, self.head))
                    row, texts = _full_row(history, tracked)
                    out.write(json.dumps([row, texts], ensure_ascii=False).encode("utf-8", "surrogateescape"))
                    out.flush()
                    status = 0
                finally:
                    os._exit(status)
            if pid is not None:
                self._parsing = (pid, out, tracked)
                return
        try:
            proc = subprocess.Popen(git_argv(*_log_args(), self.head), cwd=self.root, stdout=out,
                                    stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        except OSError:
            out.close()
            return
        self._running = (proc, out)

    def take(self) -> tuple[subprocess.Popen, Any] | None:
        running, self._running = self._running, None
        return running

    def take_parsed(self, now: date, tracked: frozenset[str]) -> tuple[dict[str, Any], dict[str, str]] | None:
        """The forked parse's (row, texts) of a full table (`_full_row`), when it ran for this
        `now` and these paths and ended well; None otherwise (and the caller reads the log)."""
        parsing, self._parsing = self._parsing, None
        if parsing is None:
            return None
        pid, out, given = parsing
        try:
            _pid, status = os.waitpid(pid, 0)
            if status != 0 or now != self.now or tracked != given:
                return None
            out.seek(0)
            row, texts = json.loads(out.read().decode("utf-8", "surrogateescape"))
            return (row, texts) if isinstance(row, dict) and isinstance(texts, dict) else None
        except (OSError, ValueError):
            return None
        finally:
            out.close()

    def discard(self) -> None:
        running = self.take()
        if running is not None:
            _discard(*running)
        parsing, self._parsing = self._parsing, None
        if parsing is not None:
            pid, out, _given = parsing
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except OSError:
                pass
            out.close()


#: git maps pack files in windows of 1 GiB up to 8 GiB by default, and every page a walk over the
#: whole history touches counts in its resident memory: terraform's `git log` peaked at 317 MB
#: (its 327 MB pack), 83 MB with these limits, in the same time. For every walk of the history,
#: blames included: git/git's 72 exact-date blames replayed peaked at 234 MB, 100 MB with them
#: (7.0 -> 6.5 CPU-s); rails' 41 at 158 MB, 98 MB (the same CPU).
PACK_LIMITS = ("-c", "core.packedGitWindowSize=16m", "-c", "core.packedGitLimit=96m",
               "-c", "core.deltaBaseCacheLimit=32m")


def _log_args() -> tuple[str, ...]:
    """The history's `git log`: one commit more than is read, to know if there are more; renames
    are found later, for the removals asked about (`Renames`)."""
    return (*PACK_LIMITS, "log", "-z", "--no-merges", "--no-color", f"--max-count={MAX_COMMITS + 1}",
            "--format=%x01%H%x02%at%x02%an", "--name-status", "--no-renames")


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
                 output: Iterable[bytes] | None = None, renames: "Renames | None" = None) -> History:
    """`output`: the log's output (`prefetch`), else `git log` runs now; `renames`: where pending
    removals are settled (by default asked of git, not kept)."""
    recent_since = epoch(now - timedelta(days=RECENT_DAYS))
    year_since = epoch(now - timedelta(days=YEAR_DAYS))
    counts: dict[str, list] = {}
    removals: dict[str, list] = {}  # path -> its row (`_Removals`)
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
    order: list[str] = []
    for sha, when, author, changes in _commits(output if output is not None else _log_chunks(root)):
        if commits == MAX_COMMITS:
            truncated = True
            break
        commits += 1
        order.append(sha)
        touched: set[str] = set()
        pending: bool | None = False  # (True when this commit adds a path: a deletion beside one may be
        for status, old, new in changes:  # a rename; None when it adds none; False: not looked yet)
            if status == "D" or status == "R":
                if old not in removals:
                    if pending is False:
                        pending = True if any(change[0] == "A" for change in changes) else None
                    removals[old] = [sha, when, author, new if status == "R" else pending]
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
    for times in year_times.values():  # newest first: the order an extension by a merged branch's
        times.sort(reverse=True)  # older commits (`_extend`) gives too, whatever the log's order
    history = History(activity={p: Activity(*row) for p, row in counts.items()},
                      removals=_Removals({p: r for p, r in removals.items() if p not in tracked},
                                         renames if renames is not None else Renames(root)),
                      commits=commits, truncated=truncated, as_of=now.isoformat(), year_times=year_times)
    history.tail = tuple(order[-_TAIL:])
    history.order = order
    return history


def _log_chunks(root: str, revisions: str = "HEAD", extra: tuple[str, ...] = ()) -> Iterator[bytes]:
    """The output of the history's `git log`, as it comes: parsed while git still writes."""
    proc = subprocess.Popen(git_argv(*_log_args(), *extra, revisions), cwd=root, stdout=subprocess.PIPE,
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
