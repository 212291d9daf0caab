"""age: when was each TODO line last changed, by `git blame`, batched and bounded.

One blame per file, one `-L n,n` per line asked. `--since=<cutoff>` stops the history walk at
the cutoff: every older line is attributed to a *boundary* commit, which is all the
stale/fresh decision needs (older than the cutoff). Such a line's age is `older_than=cutoff`
whichever boundary commit blame stopped at (on a merge history there are several), so the
answer is the same however it was found. Exact dates for such lines are resolved on demand
(`exact_ages`, `since=None`) where a person will read them.

A blame still walks every commit between HEAD and the cutoff, once per file. Most files with a
TODO were not touched inside the stale window at all, and for those blame's answer is known
without running it: every line belongs to a boundary. One `git log --since=<cutoff>
--name-only` over the window (the same walk blame makes, merges included: a merge lists what
differs from its first parent, a root or grafted commit everything it holds) names the files
that were touched; only those, and files whose work-tree bytes are not their blob at HEAD, are
blamed. On the dev set's real (merge-heavy) histories this replaced a replay of `git log -p`
that only ever ran on linear histories (none of them are).

Blame runs with `--no-ignore-revs-file`: a `blame.ignoreRevsFile` setting (often global, often
naming a file most repositories lack, which makes blame fail) is dropped. A blame that still
fails is an `AgeingError` (exit 2), never a silent "age unknown" that would report no stale
TODO at all; only a repository without a first commit has lines of unknown age.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import threading
import time
from dataclasses import replace
from datetime import datetime, timezone
from typing import Any, Callable, Iterable, Mapping, NamedTuple

from indexer.errors import OrgmemoryError
from indexer.git.history import PACK_LIMITS
from indexer.git.run import FULL_SHA, filters_off, git_argv, git_process
from indexer.models import LineAge
from indexer.threads import Job, Pool

#: Every blame's: `--no-ignore-revs-file` (see the module's note), `--no-textconv` (a driver the
#: repository's `.gitattributes` names would be a program its `.git/config` names).
_BLAME = ("blame", "--porcelain", "--root", "--no-ignore-revs-file", "--no-textconv")
_UNCOMMITTED = "0" * 40
#: Blames at once: each is a git process that mostly waits on its reads, so twice the CPUs.
_WORKERS = max(2, (os.cpu_count() or 2) * 2)
#: Blame's work-tree pseudo-commit is dated "now" and is subject to `--since` too: a cutoff later
#: than the clock makes it the boundary (every line "uncommitted"). Near or past the clock,
#: every file is blamed as it is.
_CLOCK_MARGIN = 3600
#: Fewer files than this to blame are all blamed, without reading the window's history first
#: (it would cost more than it saves); still at HEAD's commit, where the commit-graph serves them.
_PLAN_MIN_FILES = 3

#: `on_aged(path, line -> age)`: a file's ages are known (see `start_blaming`).
OnAged = Callable[[str, Mapping[int, LineAge]], None]
#: (HEAD's commit, path -> its blob at HEAD) for files that may be their blob at HEAD, as the
#: scan's snapshot has them (the index's blob of a file `git status` finds clean): the ageing
#: and the exact-origin blames ask these of git otherwise (`_head_blobs`, a process each). Each
#: file is still hashed before a blame at HEAD answers for it (`_is_head_blob`).
HeadBlobs = tuple[str, Mapping[str, str]]


class AgeingError(OrgmemoryError):
    """`git blame` failed for a file: the scan cannot tell its TODOs' ages, so it stops."""


# --------------------------------------------------------------------------- commit-graph
#: The folder, inside the per-repository cache folder, that git reads as an extra object
#: directory (`GIT_ALTERNATE_OBJECT_DIRECTORIES`) holding no object, only git's own
#: commit-graph of HEAD's history (`info/commit-graphs/`, a chain of two layers) with
#: changed-path Bloom filters for its recent commits. Blame then reads commits from the graph
#: instead of inflating them, and skips the commits that did not touch the file without
#: reading their trees: on terraform (36k commits) the exact-date blames of 160 files take 3.7
#: CPU-s instead of 13.8. The answers are git's, the same with or without it. Nothing is
#: written into the repository; a repository with a commit-graph of its own (which git reads
#: first) is left as it is.
GRAPH_FOLDER = "git-commit-graph"
#: Fewer files than this to blame use the graph that is there, if any, and write none. Both the
#: write and what it saves grow with the history's length; the write starts beside the
#: extraction (`indexer.scan.pipeline`), so it is paid in CPU more than in time. In CPU it once
#: took 35-45 whole-history blames on terraform to pay; since the filters cover only recent
#: commits it takes fewer. Cold scans, `farm-bench -n 3`, this against 40: rubocop (38 files,
#: 17k commits) wall 0.78 and CPU 0.80; a graph for 9 files (jekyll, 12k commits) cost 8%.
GRAPH_MIN_FILES = 20
#: Bloom filters are computed only for the commits of the last FILTER_SPAN seconds before the
#: stale cutoff (and later); older commits are in a base layer without filters. A filter costs
#: one whole-tree diff of its commit, once; it saves one path-limited diff per blame that walks
#: past the commit. Every exact-date blame starts at the cutoff and stops at its line's origin,
#: so fewer and fewer walk past a commit the older it is. Measured with the scan's own blames
#: replayed (CPU-s, write + blames): rails (99k commits since 2004, 41 files) 5.4 + 2.3 with
#: filters for every commit, 2.9 + 3.3 with a base layer of the commits older than 10 years
#: before the cutoff; terraform (36k since 2014) 2.0 + 3.9 -> 1.7 + 3.9; etcd (25k since 2013,
#: 133 files, old TODOs: more blames walk far) 0.9 + 3.1 -> 0.75 + 3.2. With 8 years etcd's
#: blames cost 0.5 more (3.6) for 0.3 saved in the write; on rails, splits 5 to 13 years back
#: all came within 0.3 CPU-s of each other.
FILTER_SPAN = 10 * 365 * 86400

GraphEnv = Callable[[], "dict[str, str] | None"]
_graphs: dict[tuple[str, str], GraphEnv] = {}
_graphs_lock = threading.Lock()
_CHAIN = os.path.join("info", "commit-graphs", "commit-graph-chain")
_SINGLE = os.path.join("info", "commit-graph")  # (what an earlier version wrote; read while current)


def commit_graph(root: str, directory: str | None, head: str | None, build: bool,
                 cutoff: int | None = None) -> GraphEnv:
    """A function that gives the environment under which git reads the cached commit-graph of
    `head`'s history (None: no graph), waiting for it when it is being written. With `build`,
    a graph missing or written for another HEAD is (re)written in a thread, once per process
    for a cache folder and HEAD, with filters for the commits since FILTER_SPAN before
    `cutoff` (None: all); without, whatever graph is there is used."""
    if not directory or not head or ":" in directory or '"' in directory:
        return lambda: None
    folder = os.path.join(os.path.abspath(directory), GRAPH_FOLDER)
    with _graphs_lock:
        known = _graphs.get((folder, head))
        if known is not None:
            return known
        env = _graph_env(folder)
        present = any(os.path.isfile(os.path.join(folder, graph)) for graph in (_CHAIN, _SINGLE))
        current = present and _read(os.path.join(folder, "HEAD")) == head
        if current or not build:
            answer: GraphEnv = (lambda: env) if present else (lambda: None)
            if current:
                _graphs[(folder, head)] = answer
            return answer
        result: list[dict[str, str] | None] = [None]
        filters_from = cutoff - FILTER_SPAN if cutoff is not None else None

        def write() -> None:
            result[0] = env if _write_graph(root, folder, head, env, filters_from) else None

        thread = threading.Thread(target=write, name="orgmemory-commit-graph", daemon=True)
        thread.start()

        def wait() -> dict[str, str] | None:
            thread.join()
            return result[0]

        _graphs[(folder, head)] = wait
        return wait


#: glibc's malloc for `git blame`: each revision's blob and diff arrays are large allocations
#: that glibc maps and unmaps, or trims off the heap, and the kernel zeroes their pages again for
#: the next revision: a third of an exact-date blame's CPU on sqlalchemy's 6,700-line modules.
#: Large allocations from the heap, and up to 128 MB of it kept when freed: those 124 blames
#: 5.0 -> 4.1 CPU-s with the same output, the cold scan 8% faster (git/git 3%, etcd the same),
#: its peak unchanged. Other C libraries ignore the variable; one the user set is left alone.
_BLAME_MALLOC = {"GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=134217728"}


def _blame_env(env: dict[str, str] | None) -> dict[str, str] | None:
    if "GLIBC_TUNABLES" in os.environ:
        return env
    return {**_BLAME_MALLOC, **(env or {})}


def _graph_env(folder: str) -> dict[str, str]:
    others = os.environ.get("GIT_ALTERNATE_OBJECT_DIRECTORIES")
    return {"GIT_ALTERNATE_OBJECT_DIRECTORIES": f"{others}:{folder}" if others else folder}


#: A graph of an earlier HEAD that this one descends from gets one more layer, of the new
#: commits with filters (on moby, 57k commits: ~0.1 s, against 2.5 s for the whole graph); with
#: this many layers already, the graph is written whole again.
_MAX_LAYERS = 32


def _write_graph(root: str, folder: str, head: str, env: dict[str, str], filters_from: int | None) -> bool:
    """Write the graph of `head`'s history: one more layer on the graph of an earlier HEAD
    (`_MAX_LAYERS`), or a base layer, without filters, of the history of the first-parent
    commit before `filters_from` (none when there is no such commit), then a layer of the rest
    with filters. The graph of an earlier HEAD is removed first."""
    own = git_process(root, "rev-parse", "--git-path", "objects/info/commit-graph",
                      "--git-path", "objects/info/commit-graphs")
    if own.returncode != 0:
        return False
    if any(os.path.exists(os.path.join(root, line)) for line in own.stdout.decode("utf-8", "replace").splitlines()):
        return False  # git reads the repository's own graph; ours would never be read
    if _add_layer(root, folder, head, env):
        return True
    import shutil

    try:
        for name in ("HEAD", _SINGLE):
            if os.path.isfile(os.path.join(folder, name)):
                os.remove(os.path.join(folder, name))
        shutil.rmtree(os.path.join(folder, "info", "commit-graphs"), ignore_errors=True)
        os.makedirs(os.path.join(folder, "info"), exist_ok=True)
        os.makedirs(os.path.join(folder, "pack"), exist_ok=True)
    except OSError:
        return False
    base = ""
    if filters_from is not None:
        proc = git_process(root, "rev-list", "--first-parent", "-1", f"--until={filters_from}", head, "--")
        base = proc.stdout.decode("ascii", "replace").strip() if proc.returncode == 0 else ""
    layers: list[tuple[str, tuple[str, ...]]] = [(head, () if base == head else ("--changed-paths",))]
    if len(base) == 40 and base != head:
        layers.insert(0, (base, ()))
    for layer, filters in layers:
        proc = git_process(root, *PACK_LIMITS, "commit-graph", "write", "--split=no-merge", "--stdin-commits",
                           *filters, "--no-progress", "--object-dir", folder, input=f"{layer}\n".encode("ascii"),
                           env=env)
        if proc.returncode != 0:
            return False
    if not os.path.isfile(os.path.join(folder, _CHAIN)):
        return False
    _write_head(folder, head)
    return True


def _add_layer(root: str, folder: str, head: str, env: dict[str, str]) -> bool:
    """Add the commits of `head`'s history that the graph lacks, as one layer with filters, when
    the graph is of an earlier HEAD `head` descends from (a graph holds facts about commits:
    one of more commits than a HEAD's history serves it as well). False otherwise."""
    from indexer.git.run import is_ancestor

    earlier = _read(os.path.join(folder, "HEAD")) or ""
    layers = (_read(os.path.join(folder, _CHAIN), 65 * _MAX_LAYERS) or "").split()
    if not (FULL_SHA.fullmatch(earlier) and 0 < len(layers) < _MAX_LAYERS and is_ancestor(root, earlier, head)):
        return False
    proc = git_process(root, *PACK_LIMITS, "commit-graph", "write", "--split=no-merge", "--stdin-commits",
                       "--changed-paths", "--no-progress", "--object-dir", folder, input=f"{head}\n".encode("ascii"),
                       env=env)
    if proc.returncode != 0:
        return False
    _write_head(folder, head)
    return True



def _write_head(folder: str, head: str) -> None:
    """Record the HEAD whose history the graph holds."""
    try:
        temporary = os.path.join(folder, f"HEAD.{os.getpid()}.{threading.get_ident()}")
        with open(temporary, "w", encoding="ascii") as fh:
            fh.write(head)
        os.replace(temporary, os.path.join(folder, "HEAD"))
    except OSError:
        pass


def _read(path: str, limit: int = 100) -> str | None:
    try:
        with open(path, encoding="ascii", errors="replace") as fh:
            return fh.read(limit).strip()
    except OSError:
        return None


def blame_lines(root: str, path: str, lines: Iterable[int], since: int | None,
                shallow_commits: frozenset[str] = frozenset(), env: dict[str, str] | None = None,
                rev: str | None = None) -> dict[int, LineAge]:
    """Blame the work-tree version of `path` at `lines` (`rev`: that commit's instead); `since`
    is an epoch cutoff or None. `env`: see `commit_graph`."""
    wanted = sorted(set(lines))
    if not wanted:
        return {}
    args = [*PACK_LIMITS, *filters_off(root), *_BLAME]
    if since is not None:
        args.append(f"--since={since}")
    for line in wanted:
        args += ["-L", f"{line},{line}"]
    proc = git_process(root, *args, *((rev,) if rev else ()), "--", path, env=_blame_env(env))
    if proc.returncode != 0:
        if git_process(root, "rev-parse", "--verify", "--quiet", "HEAD").returncode != 0:
            return {line: LineAge(line=line, unknown=True) for line in wanted}  # no commit yet
        reason = proc.stderr.decode("utf-8", "replace").strip().splitlines() or [f"exit {proc.returncode}"]
        raise AgeingError(f"{path}: git blame failed ({reason[-1].removeprefix('fatal: ')}); "
                          "its TODOs' ages cannot be told, so nothing is reported")
    return parse_porcelain(proc.stdout, shallow_commits, since)


def parse_porcelain(out: bytes, shallow_commits: frozenset[str] = frozenset(),
                    since: int | None = None) -> dict[int, LineAge]:
    """Porcelain output: a `<sha> <orig> <final> [n]` header per line, commit details once.
    With `since`, a boundary line is `older_than=since` (see the module's note)."""
    return _parse(out, shallow_commits, since)


class Aged(dict):
    """line -> age, as one `--since` blame answered it, with where each boundary line stood
    when the walk stopped: `boundaries[line] = (commit, its line there, its path there)`. A
    full-history blame of that line from that commit gives what a blame from HEAD gives (the
    walk down to the boundary is the same walk), without walking the window again."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.boundaries: dict[int, tuple[str, int, str]] = {}


def _parse(out: bytes, shallow_commits: frozenset[str], since: int | None) -> Aged:
    commits: dict[str, dict[str, str]] = {}
    attributions: list[tuple[int, str, int, list[str]]] = []
    current: dict[str, str] = {}
    filename: list[str] = []
    for raw in out.split(b"\n"):
        if raw.startswith(b"\t") or not raw:
            continue
        head, _, rest = raw.decode("utf-8", "replace").partition(" ")
        if len(head) == 40 and rest[:1].isdigit():
            current = commits.setdefault(head, {})
            numbers = rest.split()
            filename = []  # a group's own `filename` line, when git writes one
            attributions.append((int(numbers[1]), head, int(numbers[0]), filename))
        else:
            current[head] = rest
            if head == "filename":
                filename.append(rest)
    ages = Aged((line, _age(line, sha, commits[sha], shallow_commits, since)) for line, sha, _, _ in attributions)
    for line, sha, orig, name in attributions:
        info = commits[sha]
        path = name[0] if name else info.get("filename", "")
        # a quoted name (unusual characters) is left to a blame from HEAD
        if "boundary" in info and sha not in shallow_commits and path and path[0] not in '"-':
            ages.boundaries[line] = (sha, orig, path)
    return ages


def _age(line: int, sha: str, info: Mapping[str, str], shallow_commits: frozenset[str],
         since: int | None) -> LineAge:
    if sha == _UNCOMMITTED:
        return LineAge(line=line, uncommitted=True)
    if sha in shallow_commits:
        return LineAge(line=line, commit=sha, unknown=True)
    time_ = int(info.get("author-time", "0"))
    if "boundary" in info:
        return LineAge(line=line, older_than=since if since is not None else time_ + 1)
    return LineAge(line=line, commit=sha, author=info.get("author"), time=time_)


def blame_files(root: str, requests: Mapping[str, Iterable[int]], since: int | None,
                shallow_commits: frozenset[str] = frozenset(), graph_dir: str | None = None,
                ) -> dict[str, dict[int, LineAge]]:
    """Blame `requests` (path -> lines) and wait for the answer (see `start_blaming`)."""
    return start_blaming(root, requests, since, shallow_commits, graph_dir=graph_dir)()


def start_blaming(root: str, requests: Mapping[str, Iterable[int]], since: int | None,
                  shallow_commits: frozenset[str] = frozenset(), on_aged: OnAged | None = None,
                  graph_dir: str | None = None, head_blobs: HeadBlobs | None = None, cache=None,
                  ) -> Callable[[], dict[str, dict[int, LineAge]]]:
    """Start blaming `requests`; the returned function waits and gives path -> line -> age.

    The window is `since`'s, or when HEAD is older than it, a whole number of years more
    (`_window_start`: `on_aged` then has the ages in that window, the answer the cutoff's:
    every committed line older than it, even one a commit dated before an older commit hides).
    Files that are their blob at HEAD and that no commit inside it touched are
    answered without blame (every line older than `since`); the others get one `git blame`
    each, in threads that keep both cores busy, while the caller goes on (the scan builds its
    contradictions meanwhile). `on_aged(path, ages)` is called as each file's ages are known
    (from a worker thread for a blamed file). `graph_dir`: the cache folder where the blames
    find (or, when they are many, write) a commit-graph (`commit_graph`). `head_blobs`: see
    `HeadBlobs`. `cache`: where the paths the window's commits touched are kept (`TOUCHED_KIND`).
    """
    if not requests:
        return dict
    requests = {path: sorted(set(lines)) for path, lines in requests.items()}
    cutoff = since
    untouched: dict[str, dict[int, LineAge]] = {}
    head: str | None = None
    if since is not None and since < time.time() - _CLOCK_MARGIN:
        committed = _head_time(root)  # (beside the blobs' lookup, if the caller has not the blobs)
        head, blobs = head_blobs if head_blobs is not None else _head_blobs(root, requests)
        since = _window_start(committed(head), cutoff)
        touched = _touched_since(root, head, since, cache, shallow_commits) \
            if head is not None and len(requests) >= _PLAN_MIN_FILES else None
        if touched is not None:
            for path, lines in requests.items():
                if path not in touched and _is_head_blob(root, path, blobs.get(path), lines):
                    untouched[path] = Aged((line, LineAge(line=line, older_than=since)) for line in lines)
            if untouched:
                _mark_boundaries(root, head, since, blobs, untouched)
    if on_aged is not None:
        for path, ages in untouched.items():
            on_aged(path, ages)
    to_blame = {path: lines for path, lines in requests.items() if path not in untouched}
    # a file that is its blob at HEAD is blamed at HEAD: the same answer as of its work tree
    # (the work tree's pseudo-commit, dated now, is inside the window and holds no line of
    # it), without git reading the index and the file (~4 ms a blame on terraform's 5k files)
    at_head = {path: head for path in to_blame
               if head is not None and _is_head_blob(root, path, blobs.get(path), to_blame[path])}
    graph = commit_graph(root, graph_dir, head, len(to_blame) >= GRAPH_MIN_FILES, since) if to_blame else None
    blaming = _start_blames(root, to_blame, since, shallow_commits, on_aged, graph, at_head)

    def finish() -> dict[str, dict[int, LineAge]]:
        out = blaming()
        out.update(untouched)
        if since != cutoff:  # what a blame `--since` the cutoff says: HEAD is every committed line's boundary
            return {path: {line: age if age.uncommitted else LineAge(line=line, older_than=cutoff)
                           for line, age in out[path].items()} for path in requests}
        return {path: out[path] for path in requests}

    return finish


#: See `_window_start`: the window's steps back from the cutoff when HEAD is older than it.
_WINDOW_STEP = 365 * 86400


def _window_start(committed: int | None, since: int) -> int:
    """Where the ageing blames of HEAD stop: the cutoff `since`, unless HEAD's own commit
    (`committed`, its committer time) is older than it (a snapshot scanned long after its last
    commit). Every line is then older than the cutoff, and a blame `--since` it would stop at
    HEAD at once: every line's boundary would be HEAD, which each new commit replaces, so the
    exact dates kept at a boundary (`BOUNDARY_ORIGIN_KIND`) would never serve the scan after a
    commit, and its changed files would be blamed over their whole history again (0.19 s of
    each delta on ansible's 2024 snapshot at `--now 2026-11-01`). The window then starts whole
    `_WINDOW_STEP`s before the cutoff, at the first step before HEAD's commit: a boundary that
    stays while HEAD moves within the step, as the cutoff's does in a live repository. The
    ages given out are still the cutoff's (`start_blaming`)."""
    if committed is None or committed >= since:
        return since
    return since - ((since - committed) // _WINDOW_STEP + 1) * _WINDOW_STEP


def _head_time(root: str) -> Callable[[str | None], int | None]:
    """Start reading HEAD's committer time; the returned function gives it if HEAD is still the
    commit it is given (HEAD may move meanwhile), else None."""
    from indexer.git.run import start_git

    shown = start_git(root, "show", "-s", "--format=%H %ct", "HEAD", "--")

    def committed(head: str | None) -> int | None:
        proc = shown()
        sha, _, stamp = proc.stdout.decode("ascii", "replace").strip().partition(" ")
        return int(stamp) if proc.returncode == 0 and head and sha == head and stamp.isdigit() else None

    return committed


#: `_touched_since`'s answer for one HEAD, window start and shallow boundary, which alone decide
#: it: the scan's ageing asks it, and the dates of the next prime's refresh ask it again (a year
#: of `git log`: 33-80 ms on the five unseen repositories). The rows of the last HEAD asked about
#: are kept (one per window: the ageing's, the dangling references' line times), no other.
TOUCHED_KIND = "touched-since/v1"


def _touched_since(root: str, head: str, since: int, cache=None,
                   shallow_commits: frozenset[str] = frozenset()) -> frozenset[str] | None:
    """Every path a commit reachable from `head` through commits no older than `since` (by
    committer date, as blame's walk) added, changed or deleted; None when git cannot tell.

    A merge lists what differs from its first parent (blame hands a path identical to a
    parent wholly to it; a side branch's own commits are listed themselves), a root or grafted
    commit (a shallow clone's) everything it holds. Kept in `cache` (`TOUCHED_KIND`), when given:
    its callers give a shallow clone's grafted roots, which deepening it changes.
    """
    key = f"{head}:{since}"
    if shallow_commits:
        key += ":" + hashlib.sha256("\n".join(sorted(shallow_commits)).encode()).hexdigest()[:16]
    kept = cache.get_text(TOUCHED_KIND, key) if cache is not None else None
    if kept is not None:
        return frozenset(kept.split("\0")) - {""}
    proc = git_process(root, *PACK_LIMITS, "-c", "log.showRoot=true", "log", f"--since={since}", "--format=",
                       "--name-only", "-z", "--no-renames", "--diff-merges=first-parent",
                       "--no-ext-diff", "--no-textconv", "--no-relative", head, "--")
    if proc.returncode != 0:
        return None
    touched = frozenset(p.lstrip(b"\n").decode("utf-8", "surrogateescape") for p in proc.stdout.split(b"\0")
                        if p.strip(b"\n"))
    if cache is not None:
        cache.prune(TOUCHED_KIND, keep=cache.keys_between(TOUCHED_KIND, f"{head}:", f"{head};"))
        cache.put_text(TOUCHED_KIND, key, "\0".join(sorted(touched)))
    return touched


def _mark_boundaries(root: str, head: str, since: int, head_blobs: Mapping[str, str],
                     untouched: Mapping[str, Aged]) -> None:
    """Where blame's walk would stop for files no commit in the window touched: each commit of
    the window leaves such a file as its first parent has it, so blame hands every line to the
    first parent, down to the first commit older than `since` on HEAD's first-parent line (its
    boundary). Marked only where that commit holds the same blob."""
    proc = git_process(root, "rev-list", "--first-parent", "-1", f"--until={since - 1}", head, "--")
    boundary = proc.stdout.decode("ascii", "replace").strip() if proc.returncode == 0 else ""
    if len(boundary) != 40:
        return
    _, blobs = _blobs_at(root, boundary, untouched)
    for path, ages in untouched.items():
        if blobs.get(path) is not None and blobs.get(path) == head_blobs.get(path) and path[:1] not in '"-':
            ages.boundaries = {line: (boundary, line, path) for line in ages}


def _start_blames(root: str, requests: Mapping[str, list[int]], since: int | None,
                  shallow_commits: frozenset[str], on_aged: OnAged | None = None,
                  graph: GraphEnv | None = None, revs: Mapping[str, str] = {},
                  ) -> Callable[[], dict[str, dict[int, LineAge]]]:
    """One `git blame` per file (of its work tree, or of the commit `revs` gives), in threads;
    the returned function waits for them all."""
    if not requests:
        return dict
    pool = Pool(min(len(requests), _WORKERS))
    jobs = {path: pool.submit(_blame_file, on_aged, root, path, lines, since, shallow_commits, graph, revs.get(path))
            for path, lines in requests.items()}
    return lambda: {path: job.result() for path, job in jobs.items()}


def _blame_file(on_aged: OnAged | None, root: str, path: str, lines: list[int], since: int | None,
                shallow_commits: frozenset[str], graph: GraphEnv | None = None, rev: str | None = None,
                ) -> dict[int, LineAge]:
    """`blame_lines`, then `on_aged` in the same worker: its answer is not given out before
    `on_aged` has run (a future's done-callback can run after a waiter has its result)."""
    ages = blame_lines(root, path, lines, since, shallow_commits, graph() if graph else None, rev)
    if on_aged is not None:
        on_aged(path, ages)
    return ages


def _head_blobs(root: str, paths: Iterable[str]) -> tuple[str | None, dict[str, str]]:
    """HEAD's commit, and the blob SHA of each path in it (see `_blobs_at`)."""
    return _blobs_at(root, "HEAD", paths)


def _blobs_at(root: str, rev: str, paths: Iterable[str]) -> tuple[str | None, dict[str, str]]:
    """`rev`'s commit, and the blob SHA of each path in it: one `git cat-file --batch-check`,
    asked for `rev` first, then for `<that commit>:<path>`."""
    names = [path for path in paths if "\n" not in path and "\r" not in path]
    try:
        proc = subprocess.Popen(git_argv("cat-file", "--batch-check=%(objectname) %(objecttype)"),
                                cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL)
    except OSError:
        return None, {}
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(rev.encode("ascii") + b"\n")
        proc.stdin.flush()
        first = proc.stdout.readline().split()
    except OSError:
        first = []
    if len(first) != 2 or first[1] != b"commit" or len(first[0]) != 40:
        proc.kill()
        proc.communicate()
        return None, {}
    head = first[0].decode("ascii")
    request = "".join(f"{head}:{path}\n" for path in names).encode("utf-8", "surrogateescape")
    out, _ = proc.communicate(request)
    if proc.returncode != 0:
        return head, {}
    blobs: dict[str, str] = {}
    for path, answer in zip(names, out.split(b"\n")):
        parts = answer.split()
        if len(parts) == 2 and parts[1] == b"blob" and len(parts[0]) == 40:
            blobs[path] = parts[0].decode("ascii")
    return head, blobs


def _is_head_blob(root: str, path: str, head_blob: str | None, lines: list[int]) -> bool:
    """Whether the work-tree file is byte for byte its blob at HEAD, holds `lines`, and has no
    carriage return (which an end-of-line attribute could rewrite before blame reads it)."""
    if head_blob is None or not lines or lines[0] < 1:
        return False
    try:
        with open(os.path.join(root, path), "rb") as fh:
            data = fh.read()
    except OSError:
        return False
    if b"\r" in data or lines[-1] > data.count(b"\n"):
        return False
    from indexer.git.discover import blob_sha  # the one content hash of a work-tree file

    return blob_sha(data) == head_blob


def shallow_commits(root: str, git_dir: str | None = None) -> frozenset[str]:
    """The grafted roots of a shallow clone: lines blamed on them have no knowable age."""
    from indexer.git.run import run_git

    git_dir = git_dir or run_git(root, "rev-parse", "--absolute-git-dir").decode().strip()
    try:
        with open(os.path.join(git_dir, "shallow"), encoding="ascii") as fh:
            return frozenset(line.strip() for line in fh if line.strip())
    except OSError:
        return frozenset()


class CachedAges:
    """The blame-age service: line ages cached per file content, blamed only when the cache
    cannot answer. The scan (`--since` the stale cutoff), the priming block's dates (the same
    cutoff) and the report's exact dates (`since=None`) all age lines through it, each under its
    own cache `kind` (an answer bounded by a cutoff is not an exact date).

    `keys` maps a path to its cache key (path and content SHA; a path without one is blamed and
    not kept). A cached file answers when it holds every asked line and, with a cutoff, each
    age `decides` it. Rows with uncommitted or unknown lines are never kept: their age changes.
    The files of `recommitted` are blamed whatever the cache holds, and their rows written anew
    (see `indexer.scan.pipeline.start_ageing`).
    """

    def __init__(self, cache, kind: str, keys: Mapping[str, str], requests: Mapping[str, Iterable[int]],
                 since: int | None, recommitted: frozenset[str] = frozenset()) -> None:
        self.cache, self.kind, self.keys, self.since = cache, kind, keys, since
        self.recommitted = recommitted
        cached = cache.get_many(kind, [key for path, key in keys.items() if path not in recommitted])
        self.ages: dict[str, dict[int, LineAge]] = {}  # answered from the cache
        self.missing: dict[str, list[int]] = {}  # to blame
        for path, lines in requests.items():
            lines = set(lines)
            known = {int(line): LineAge(**row) for line, row in cached.get(keys.get(path, ""), {}).items()}
            if all(line in known and (since is None or decides(known[line], since)) for line in lines):
                # what a blame `--since` this cutoff says: a line older than it (by an earlier
                # cutoff, or by a date now past this one) is a boundary line
                self.ages[path] = known if since is None else {line: _as_of(age, since) for line, age in known.items()}
            else:  # an exact row is re-blamed whole, so it stays complete
                self.missing[path] = sorted(lines | known.keys()) if since is None else sorted(lines)

    def start(self, root: str, shallow_commits: frozenset[str] = frozenset(), on_aged: OnAged | None = None,
              dirty: Iterable[str] = (), head_key: Callable[[str, str], str] | None = None,
              head_blobs: HeadBlobs | None = None) -> Callable[[], dict[str, dict[int, LineAge]]]:
        """Start blaming what the cache lacks; the returned function waits, caches and returns
        path -> line -> age for every path asked. `on_aged`: see `start_blaming` (called for
        the cached files first). A `dirty` file's lines that the edit provably left alone are
        aged as at HEAD, from the row `head_key(path, HEAD's blob)` (`worktree_lines`); lines
        HEAD lacks are uncommitted; only the others are blamed."""
        carried = self._carry(root, dirty, head_key) if dirty and head_key is not None else {}
        if on_aged is not None:
            for path, ages in self.ages.items():
                on_aged(path, ages)
        if not self.missing:
            return lambda: self.ages
        blaming = start_blaming(root, self.missing, self.since, shallow_commits, on_aged,
                                getattr(self.cache, "directory", None), head_blobs, self.cache)

        def finish() -> dict[str, dict[int, LineAge]]:
            blamed = blaming()
            for path, ages in carried.items():
                blamed[path] = {**ages, **blamed[path]}
            self.ages.update(blamed)
            self.cache.put_many(self.kind, {self.keys[path]: {str(line): age.to_json() for line, age in lines.items()}
                                            for path, lines in blamed.items()
                                            if path in self.keys and settled(lines)})
            return self.ages

        return finish


    def _carry(self, root: str, dirty: Iterable[str], head_key: Callable[[str, str], str],
               ) -> dict[str, dict[int, LineAge]]:
        """Answer the missing dirty files' lines from HEAD's rows; moves the files wholly
        answered to `ages`, and returns the partly answered ones' answers (the rest is blamed).
        With a cutoff, only while blame's work-tree pseudo-commit (dated now) is inside the
        window: it then hands every unchanged line to HEAD and walks on from there."""
        since = self.since
        if since is not None and since >= time.time() - _CLOCK_MARGIN:
            return {}
        paths = [path for path in dirty if path in self.missing and path not in self.recommitted]
        if not paths:
            return {}
        _, blobs = _head_blobs(root, paths)
        olds = read_blobs(root, [blobs[path] for path in paths if path in blobs])
        maps = {path: worktree_lines(root, path, blobs[path], olds.get(blobs[path])) for path in paths if path in blobs}
        maps = {path: mapped for path, mapped in maps.items() if mapped is not None}
        keys = {path: head_key(path, blobs[path]) for path in maps}
        rows = self.cache.get_many(self.kind, keys.values()) if keys else {}
        partly: dict[str, dict[int, LineAge]] = {}
        for path, mapped in maps.items():
            row = rows.get(keys[path], {})
            answered: dict[int, LineAge] = {}
            for line in self.missing[path]:
                if line in mapped.new:
                    answered[line] = LineAge(line=line, uncommitted=True)
                    continue
                value = row.get(str(mapped.head.get(line, 0)))
                if not isinstance(value, dict):
                    continue
                try:
                    age = LineAge(**value)
                except TypeError:
                    continue
                if since is None or decides(age, since):
                    age = replace(age, line=line)
                    answered[line] = age if since is None else _as_of(age, since)
            rest = [line for line in self.missing[path] if line not in answered]
            if not rest:
                self.ages[path] = answered
                del self.missing[path]
            elif answered:
                partly[path] = answered
                self.missing[path] = rest
        return partly


def _as_of(age: LineAge, since: int) -> LineAge:
    if age.older_than is not None or (age.time is not None and age.time < since and age.commit is not None):
        return LineAge(line=age.line, older_than=since)
    return age


def settled(lines: Mapping[int, LineAge]) -> bool:
    """Uncommitted or unknown lines will change age once committed or fetched: not cached."""
    return not any(age.uncommitted or age.unknown for age in lines.values())


def decides(age: LineAge, cutoff: int) -> bool:
    """Whether a cached age answers "is this line older than `cutoff`?" without a new blame."""
    if age.uncommitted or age.unknown or age.time is not None:
        return True
    return age.older_than is not None and age.older_than <= cutoff


# --------------------------------------------------------------------------- exact origins
class Origin(NamedTuple):
    """Who last changed a line, and when: what a person reads ("last changed 2019-03-02 (a1b2c3d)")."""

    date: str  # YYYY-MM-DD (UTC) of the commit's author time
    commit: str  # full object id
    author: str


ORIGIN_CACHE_KIND = "origin/v1"
#: The exact origin of a line blamed from where an ageing blame stopped (`_exact_origins`), keyed
#: `{boundary commit}:{line there}:{path there}`, which alone decide blame's answer: a file whose
#: blob changed keeps its old lines' boundary, so the scan after a commit (a delta scan, `scan
#: --since`, with the same cutoff) finds what the scan before it blamed, merges included. Swept
#: whole by each sweep of the cache (`indexer.scan.retention`: the key holds no content SHA).
BOUNDARY_ORIGIN_KIND = "origin-at/v1"


def _boundary_key(commit: str, line: int, path: str) -> str:
    return f"{commit}:{line}:{path}"


def line_origins(root: str, path: str, lines: Iterable[int], rev: str | None = "HEAD",
                 shallow_commits: frozenset[str] = frozenset(), env: dict[str, str] | None = None,
                 ) -> dict[int, Origin]:
    """The exact origin of `path`'s `lines` at `rev` (None: the work tree): ONE
    `git blame --porcelain -L a,a -L b,b ...` without `--since` (a walk of the file's whole
    history). Lines git cannot date (uncommitted, behind a shallow clone's graft) are left out.
    `env`: see `commit_graph`."""
    wanted = sorted({line for line in lines if line >= 1})
    if not wanted or not path or path.startswith("-"):
        return {}
    args = [*PACK_LIMITS, *filters_off(root), *_BLAME]
    for line in wanted:
        args += ["-L", f"{line},{line}"]
    if rev:
        args.append(rev)
    proc = git_process(root, *args, "--", path, env=_blame_env(env))
    if proc.returncode != 0:
        return {}
    return {line: _origin(age) for line, age in parse_porcelain(proc.stdout, shallow_commits).items()
            if age.time is not None and age.commit and not age.unknown}


def _origin(age: LineAge) -> Origin:
    day = datetime.fromtimestamp(age.time or 0, tz=timezone.utc).date().isoformat()
    return Origin(date=day, commit=age.commit or "", author=(age.author or "")[:80])


def origins(root: str, cache: Any, head: str | None, places: Iterable[tuple[str, int]],
            dirty: Iterable[str] = (), blame_dirty: bool = False,
            shallow_commits: frozenset[str] = frozenset(),
            head_blobs: HeadBlobs | None = None) -> dict[tuple[str, int], Origin]:
    """The exact origin of each (path, line): the one implementation the scan's stale-todo
    messages and the priming block's shown lines share.

    One blame per file (all its lines in one call, files in threads). Answers are kept in the
    per-repository cache (`cache`: a `Cache` or its folder) keyed by the file's blob at HEAD,
    path and line: a new commit that leaves a file alone does not blame it again. A `dirty`
    file (work tree differs from HEAD) has the work tree's line numbers: skipped, or with
    `blame_dirty` answered as a blame of the work tree would: a line the edit provably left
    alone is its line at HEAD (`worktree_lines`, cached as HEAD's), a line HEAD lacks is
    uncommitted (no origin), any other blamed as it is in the work tree and not kept.
    `head_blobs` (`HeadBlobs`): the files' blobs at HEAD as the scan has them; the others are
    asked of `git cat-file`.
    """
    if not head:
        return {}
    skip = set(dirty)
    by_path: dict[str, set[int]] = {}
    for path, line in places:
        if path and line:
            by_path.setdefault(path, set()).add(int(line))
    if not blame_dirty:
        by_path = {path: lines for path, lines in by_path.items() if path not in skip}
    if not by_path:
        return {}
    from indexer.cache import Cache

    owned = not isinstance(cache, Cache)
    store = Cache(cache) if owned else cache
    try:
        known = head_blobs[1] if head_blobs is not None and head_blobs[0] == head else {}
        asked = [path for path in by_path if path not in known]  # (a process only for those)
        blobs = {**(_head_blobs(root, asked)[1] if asked else {}), **{p: known[p] for p in by_path if p in known}}
        # (path, line) -> (path, its line at HEAD): where the cache and a blame at HEAD answer it
        at_head: dict[tuple[str, int], tuple[str, int]] = {}
        uncommitted: set[tuple[str, int]] = set()
        olds = read_blobs(root, [blobs[path] for path in by_path if path in skip and path in blobs])
        for path in by_path:
            if path in skip and path in blobs:
                mapped = worktree_lines(root, path, blobs[path], olds.get(blobs[path]))
                for line in by_path[path] if mapped is not None else ():
                    if line in mapped.head:
                        at_head[(path, line)] = (path, mapped.head[line])
                    elif line in mapped.new:
                        uncommitted.add((path, line))
        heads = {(path, line) for path in by_path if path not in skip for line in by_path[path]}
        heads.update(at_head.values())
        keys = {place: f"{blobs[place[0]]}:{place[0]}:{place[1]}" for place in heads if place[0] in blobs}
        cached: dict[str, Any] = store.get_many(ORIGIN_CACHE_KIND, keys.values()) if keys else {}
        found: dict[tuple[str, int], Origin] = {}
        # (path, work tree or not) -> blamed line -> the places it answers
        to_blame: dict[tuple[str, bool], dict[int, list[tuple[str, int]]]] = {}
        for path, lines in by_path.items():
            for line in sorted(lines):
                if (path, line) in uncommitted:
                    continue
                place = at_head.get((path, line), (path, line))
                value = cached.get(keys.get(place, ""))
                if isinstance(value, dict) and all(isinstance(value.get(f), str) for f in Origin._fields):
                    found[(path, line)] = Origin(**{f: value[f] for f in Origin._fields})
                elif place in keys or path in skip:
                    worktree = place not in keys
                    to_blame.setdefault((path, worktree), {}).setdefault(place[1], []).append((path, line))
        if to_blame:
            env = commit_graph(root, store.directory, head, False)()  # (the scan writes it; not a prime)
            pool = Pool(min(len(to_blame), _WORKERS))
            blamed = {(path, worktree): pool.submit(line_origins, root, path, list(lines),
                                                    None if worktree else head, shallow_commits, env)
                      for (path, worktree), lines in to_blame.items()}
            new: dict[str, Any] = {}
            for (path, worktree), job in blamed.items():
                for line, origin in job.result().items():
                    for place in to_blame[(path, worktree)].get(line, ()):
                        found[place] = origin
                    if not worktree and (path, line) in keys:
                        new[keys[(path, line)]] = origin._asdict()
            if new:
                store.put_many(ORIGIN_CACHE_KIND, new)
    finally:
        if owned:
            store.close()
    return found


class LineMap(NamedTuple):
    """How a blame of a work-tree file hands its lines to HEAD (`worktree_lines`)."""

    head: dict[int, int]  # work-tree line -> the HEAD line it is, for the lines it provably is
    new: frozenset[int]  # work-tree lines whose text HEAD's blob lacks: uncommitted, whatever the diff


def worktree_lines(root: str, path: str, head_blob: str, old: bytes | None = None) -> LineMap | None:
    """Which lines of the work-tree `path` a `git blame` of the work tree attributes to HEAD's
    blob `head_blob`, and at which line, without running blame; None when it cannot be told.

    Blame diffs HEAD's file with the work tree's (xdiff, no `-M`/`-C`), which first sets aside
    the common leading and trailing lines: those are HEAD's same lines. Only the lines between
    can be aligned otherwise, and the diff may slide a hunk across equal lines at its edges
    (which keeps the set of texts inside the hunk), so a leading or trailing line whose text
    also occurs between is left to blame. A line whose text is nowhere in HEAD's blob cannot
    be matched by any diff: it is uncommitted. Files with a carriage return (an end-of-line
    attribute may rewrite them before blame reads them), an LFS pointer, a NUL byte (binary or
    encrypted at HEAD: a clean filter's) or an `$Id$` keyword at HEAD are not mapped. `old`: the
    blob's bytes, when the caller read them (`read_blobs`).
    """
    from indexer.git.discover import read_worktree

    data, _ = read_worktree(root, path)
    if data is None or b"\r" in data:
        return None
    if old is None:
        proc = git_process(root, "cat-file", "blob", head_blob)
        if proc.returncode != 0:
            return None
        old = proc.stdout
    if b"\r" in old or b"\0" in old or b"$Id" in old or b"$Id" in data \
            or old.startswith(b"version https://git-lfs"):
        return None
    before, after = _records(old), _records(data)
    limit = min(len(before), len(after))
    prefix = 0
    while prefix < limit and before[prefix] == after[prefix]:
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and before[-1 - suffix] == after[-1 - suffix]:
        suffix += 1
    between = set(before[prefix:len(before) - suffix]) | set(after[prefix:len(after) - suffix])
    shift = len(before) - len(after)
    head: dict[int, int] = {}
    for index in (*range(prefix), *range(len(after) - suffix, len(after))):
        if after[index] not in between:
            head[index + 1] = index + 1 + (shift if index >= prefix else 0)
    known = set(before)
    new = frozenset(index + 1 for index in range(prefix, len(after) - suffix) if after[index] not in known)
    return LineMap(head, new)


def read_blobs(root: str, shas: Iterable[str]) -> dict[str, bytes]:
    """sha -> the blob's bytes, for those git has: one `git cat-file --batch` for them all (a
    pre-commit of four edited files read HEAD's four blobs with four processes)."""
    wanted = list(dict.fromkeys(sha for sha in shas if sha and "\n" not in sha))
    if not wanted:
        return {}
    proc = git_process(root, "cat-file", "--batch", input="".join(f"{sha}\n" for sha in wanted).encode("ascii"))
    out, at, found = proc.stdout, 0, {}
    for sha in wanted:
        end = out.find(b"\n", at)
        header = out[at:end].split() if end >= 0 else []
        if len(header) != 3 or header[1] != b"blob" or not header[2].isdigit():
            if len(header) == 2 and header[1] == b"missing":
                at = end + 1
                continue
            break  # (anything else: the rest unread, read one by one by the caller)
        size = int(header[2])
        found[sha] = out[end + 1:end + 1 + size]
        at = end + 1 + size + 1
    return found


def _records(data: bytes) -> list[bytes]:
    """Lines as git's diff compares them: each with its newline (a last line without one differs)."""
    lines = data.split(b"\n")
    last = lines.pop()
    out = [line + b"\n" for line in lines]
    if last:
        out.append(last)
    return out


class OriginPrefetch:
    """The exact-origin blames of `origins`, started while the scan goes on: a file's lines are
    blamed as soon as its ageing says they are older than `cutoff` (`aged`, the `on_aged` of
    `CachedAges.start`), beside the contradictions stage and the other files' ageing, instead of
    all after them in the stale-todo check. `finish()` waits and writes the answers into the
    cache, where the check's own `origins` call finds them: the same blames, the same keys, so
    the same answers. Files whose work tree differs from HEAD are left to that call."""

    def __init__(self, root: str, cache: Any, head: str, requests: Mapping[str, Iterable[int]],
                 dirty: Iterable[str], cutoff: int, shallow_commits: frozenset[str] = frozenset(),
                 recommitted: frozenset[str] = frozenset(), head_blobs: HeadBlobs | None = None) -> None:
        self.root, self.cache, self.head, self.cutoff, self.shallow = root, cache, head, cutoff, shallow_commits
        skip = set(dirty)
        clean = [path for path in requests if path not in skip]
        _, blobs = (head_blobs if head_blobs is not None and head_blobs[0] == head else _head_blobs(root, clean)) \
            if clean else (None, {})
        self.keys = {(path, int(line)): f"{blobs[path]}:{path}:{int(line)}"
                     for path in clean if path in blobs for line in requests[path] if int(line) >= 1}
        trusted = [key for (path, _), key in self.keys.items() if path not in recommitted]  # (see `CachedAges`)
        cached = cache.get_many(ORIGIN_CACHE_KIND, trusted) if trusted else {}
        self.known = frozenset(cached)
        to_blame = {path for (path, _), key in self.keys.items() if key not in self.known}
        self.graph = commit_graph(root, getattr(cache, "directory", None), head, len(to_blame) >= GRAPH_MIN_FILES,
                                  cutoff)
        self.at_boundary = _boundary_origins(cache, to_blame)  # (read here: the cache is this thread's)
        self._lock = threading.Lock()
        self._pool = Pool(_WORKERS)  # (no thread until a file is submitted)
        self._jobs: dict[str, Job] = {}
        self._closed = False

    def aged(self, path: str, ages: Mapping[int, LineAge]) -> None:
        lines = [line for line, age in ages.items() if older_than(age, self.cutoff)
                 and (path, line) in self.keys and self.keys[(path, line)] not in self.known]
        if not lines:
            return
        with self._lock:
            if self._closed or path in self._jobs:
                return
            self._jobs[path] = self._pool.submit(_exact_origins, self.root, path, lines, ages, self.head,
                                                 self.shallow, self.graph, self.at_boundary)

    def finish(self) -> None:
        with self._lock:
            self._closed = True
            jobs = dict(self._jobs)
        new: dict[str, Any] = {}
        at_boundary: dict[str, Any] = {}
        for path, job in jobs.items():
            found, blamed = job.result()
            for line, origin in found.items():
                if (path, line) in self.keys:
                    new[self.keys[(path, line)]] = origin._asdict()
            at_boundary.update((key, origin._asdict()) for key, origin in blamed.items())
        if new:
            self.cache.put_many(ORIGIN_CACHE_KIND, new)
        if at_boundary:
            self.cache.put_many(BOUNDARY_ORIGIN_KIND, at_boundary)


def _boundary_origins(cache: Any, paths: Iterable[str]) -> dict[str, Origin]:
    """The rows of `BOUNDARY_ORIGIN_KIND` whose path is one of `paths` (`_boundary_key`'s last part)."""
    paths = set(paths)
    if not paths or not hasattr(cache, "keys_between"):
        return {}
    keys = [key for key in cache.keys_between(BOUNDARY_ORIGIN_KIND, "0", "g") if key.split(":", 2)[-1] in paths]
    rows = cache.get_many(BOUNDARY_ORIGIN_KIND, keys) if keys else {}
    return {key: Origin(**{f: value[f] for f in Origin._fields}) for key, value in rows.items()
            if all(isinstance(value.get(f), str) for f in Origin._fields)}


def _exact_origins(root: str, path: str, lines: list[int], ages: Mapping[int, LineAge], head: str,
                   shallow_commits: frozenset[str], graph: GraphEnv | None = None,
                   at_boundary: Mapping[str, Origin] = {}) -> tuple[dict[int, Origin], dict[str, Origin]]:
    """`line_origins(root, path, lines, head)`, with less walking where the ageing blame (of a
    file whose work tree is its blob at HEAD) already walked the window: a line it dated is
    that blame's answer as it stands (the walk from HEAD to it is the same walk), and a boundary
    line is blamed from where the walk stopped (`Aged.boundaries`), one blame per boundary,
    unless `at_boundary` (`BOUNDARY_ORIGIN_KIND`'s rows) has the answer. Returns line -> origin,
    and the answers blamed from a boundary, by `BOUNDARY_ORIGIN_KIND`'s key."""
    fresh = isinstance(ages, Aged)  # (not a cached row: that blame may have been of another HEAD)
    boundaries = ages.boundaries if fresh else {}
    out: dict[int, Origin] = {}
    blamed: dict[str, Origin] = {}
    rest: list[int] = []
    groups: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for line in lines:
        age = ages.get(line)
        if fresh and age is not None and age.time is not None and age.commit and not age.unknown:
            out[line] = _origin(age)
        elif line in boundaries:
            commit, orig, there = boundaries[line]
            if (known := at_boundary.get(_boundary_key(commit, orig, there))) is not None:
                out[line] = known
            else:
                groups.setdefault((commit, there), []).append((orig, line))
        else:
            rest.append(line)
    env = graph() if graph and (groups or rest) else None
    for (commit, there), pairs in groups.items():
        found = line_origins(root, there, [orig for orig, _ in pairs], commit, shallow_commits, env)
        for orig, line in pairs:
            if orig in found:
                out[line] = blamed[_boundary_key(commit, orig, there)] = found[orig]
    if rest:
        out.update(line_origins(root, path, rest, head, shallow_commits, env))
    return out, blamed


def older_than(age: LineAge, cutoff: int) -> bool:
    """Whether a line is older than `cutoff`: stale by age (stale-todo's test)."""
    if age.time is not None:
        return age.time < cutoff
    return age.older_than is not None and age.older_than <= cutoff
