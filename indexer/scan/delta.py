"""The delta scan: after a change, the work of the changed files, not of the repository.

A complete scan stores a *base* in the cache (`store_base`): what it scanned (every path's
content SHA, in a row of its own that a moved base names with the few paths that differ), the
world its per-file findings were computed against (every file's definitions, the legacy paths,
which files point into them or ask to migrate), and the memo row holding its result.
The base's key is everything else a scan depends on (package version, merged configuration,
rule pack, remote identity, branch), never the checkout's path, so clones share it; not `--now`
either: the base says the day it was taken at, and a scan at a later day (a nightly job's next
run) re-derives what depends on the day (`_NOW_RULES`: every TODO's age against the new cutoff,
from the ages the cache holds; the standards due for review; legacy detection, from the cached
history's commit times) instead of rescanning. A base of a later day than the scan's is not used.

A later scan whose files differ from the base's in a set C of changed and added files, and a
set D of deleted ones (`try_delta`): re-extracts C; recomputes the findings of the "file"
rules (`indexer.checks.Check`) for C against the world; drops D's; keeps the base's findings
of the "world" rules and of the other files; runs the "tree" rules (standards) over the tree
again. After new commits (`--since` in CI), C also holds every file a commit of the range
touched (their lines' ages moved). When paths came or went (in the work tree or in the new
commits, whose removals the history then says), C also holds the files whose resolutions
rest on a lookup whose answer moved (`indexer.contradictions.deps`: the base keeps every
file's lookups), and legacy detection runs again only if what it reads of the paths moved
(`_legacy_inputs`). It runs again too when a migrate ask in C, or what C says is deprecated,
differs from the base's; the delta goes on if the legacy paths are the base's (what
detection says of them, its evidence, confidence and successors, may differ: a count of the
last year's commits moves with the day; the legacy rules' findings and the resolutions are
then made again from the base's references into them, `_legacy_picture`). It raises
`Fallback`, and the caller runs the full pipeline (`scan -v` says why), whenever C or D could
change the world or the base cannot be trusted: a definition changed, added or deleted, a
reference into a legacy path in C that differs from the base's (or a migrate ask or such a
reference in D at all), legacy paths that came or went, a file at or in a legacy path,
`.gitattributes`, `.gitmodules` or the standards file (a `.gitignore` changed concerns the
files that looked for a path under its folder), a new identity of the repository (go.mod,
package.json, pyproject.toml at the root), a skipped file (or one added), a path added or
deleted in a folder of libraries or that changes which folders are all vendored (vendored and
generated files added or deleted are set aside as the full scan sets them aside), a path that
changes what every file is resolved against (a docs or package root, a site, a working folder:
the resolution's frame), a HEAD that does not descend from the base's. A window of the history
that moves past a removal reads the removed paths again, as new commits that delete one do
(`_Removals`).
A delta after new commits becomes the base; one after work-tree edits leaves the base as it
is (the change is measured from the complete scan of HEAD). After new commits, legacy
detection runs again only when a path it reads the history of (`_watch`: its candidates, their
successors, declared and deprecated paths) changed activity; the history itself is not even
read when no new commit touched a watched path and the commits its window of `MAX_COMMITS`
pushes out, flagged when the base was stored (`_window`), removed nothing and touched none.
An edited file's unchanged lines keep the ages and exact dates of HEAD's lines
(`indexer.git.blame.worktree_lines`): only new lines would need a blame. A large changed
changelog is extracted without its references, which make no finding (`collect`'s `lean`),
and a changelog is not resolved: the record keeps no lookup of one, unless it holds a TODO.
The result is the one a scan with an empty cache gives (`tests/test_delta.py`).
"""
from __future__ import annotations

import hashlib
import json
import os
import posixpath
import time
from dataclasses import replace
from types import SimpleNamespace
from typing import Any, Callable, Mapping, NamedTuple

from indexer import __version__
from indexer.contradictions.deps import FRAME_PARTS, encode, frame_of, replaced
from indexer.extract.definitions import resolved_against
from indexer.findings import Finding
from indexer.git.root import CONFIG_NAMES

BASE_KIND = "scan-base/v6"  # v6: its record of lookups names the branches hosted links name (`b`)
FILES_KIND = "scan-base-files/v2"  # the base's files (path -> content SHA) as JSON, one row per base
#: The base's history: its HEAD, a newline, every path removed, sorted, NUL-separated (`_Sorted`).
REMOVED_KIND = "scan-base-removed/v4"
#: The lookups the base's files' resolutions rest on (`indexer.contradictions.deps.encode`), one row
#: per base, written with its `FILES_KIND` row (the base's `deps_files`: a file whose content
#: differs from that row's is resolved again when paths move). A moved base keeps the files
#: resolved again since in its `deps_patch` (`_DEPS_PATCH`) rather than writing the row again.
#: The row is the record's digest (the base's `deps_digest`), a newline and the record.
DEPS_KIND = "scan-base-deps/v2"
#: The bases a moved base replaced (`KEEP_EARLIER`, newest first), as one JSON list of [HEAD, the
#: base's text]: after `git commit --amend`, a rebase or a checkout of a pull request's own head,
#: HEAD no longer descends from the last base's, but it may from an earlier one (`_earlier_base`).
EARLIER_KIND = "scan-base-earlier/v1"
KEEP_EARLIER = 3
#: Earlier formats (~3 MB on terraform; v3 kept a base per `--now`, one more each day): pruned.
_OLD_KINDS = ("scan-base/v2", "scan-base-removed/v2", "scan-base/v3", "scan-base-files/v1", "scan-base-removed/v3",
              "scan-base-deps/v1", "scan-base/v4", "scan-base/v5")
#: The rules whose findings depend on `--now` beside the files and the world: stale-todo (a
#: TODO's age against the cutoff, its deadline) and the standards due for review
#: (`indexer.checks.standards.check_expired`, a "world" rule). A base of an earlier day has them
#: computed again, every TODO file's (named by the base); the others do not read the day.
_NOW_RULES = frozenset({"stale-todo", "expired-standard"})
#: What the legacy set says of itself: its findings are made again when only that changed.
_LEGACY_RULES = frozenset({"legacy-path", "legacy-reference"})
#: More changed files than this (or than a tenth of the repository) and the full pipeline runs:
#: it is then no slower, and the base is rewritten.
MAX_CHANGED = 200
#: Files that feed the world wherever they are (attributes, submodules, the standards file). A
#: `.gitignore` changed concerns the files that looked for a path under its folder (`_concerned`).
_GLOBAL_NAMES = frozenset({".gitattributes", ".gitmodules", *CONFIG_NAMES})
#: Files at the root that the repository's identity is read from (`Resolver.identities`).
_ROOT_GLOBAL = frozenset({"go.mod", "package.json", "pyproject.toml"})


def _link_targets(root: str, left_out: Mapping[str, str]) -> dict[str, list[str]]:
    """`resolve.link_targets` of the tracked symlinks and submodules (`RepoPaths.links`)."""
    links = [path for path, why in left_out.items() if why in ("symlink", "submodule")]
    if not links:
        return {}
    from indexer.contradictions.resolve import link_targets

    return link_targets(root, links)


#: What a base holds (`store_base`), checked before it is used.
_BASE_SHAPE = {"head": (str, type(None)), "files": dict, "left_out": dict, "definitions": dict, "skipped": list,
               "generated": list, "vendored": list, "legacy": list, "legacy_state": str,
               "pointing_files": list, "pointing": dict, "suppression_files": list, "identities": list,
               "ask_files": list, "removals": int, "asks": list, "memo": str, "now": str,
               "todo_files": list}
#: A moved base names its files as the `FILES_KIND` row plus the paths whose content differs
#: from it (None: deleted since); more such paths than this, and the row is written again.
_FILES_PATCH = 500
#: A moved base keeps the lookups of the files resolved again since its `DEPS_KIND` row was
#: written, path -> [content SHA, or None for a path deleted since; its keys], in the base
#: itself; more than this, and the row is written again with them (ansible's is 3.3 MB: 38 ms).
_DEPS_PATCH = 200


def base_key(root: str, config: Any, environment: tuple[bytes, ...] | None = None, state=None,
             branch: str | None = None) -> str:
    """Every input of a scan but the files, HEAD and `--now`: what a base must share with a scan
    (`state`: the scan's `GitState`, which may hold the branch; `branch`: `links_branch`'s answer,
    when the caller has it: "" is the key of the default branch's base)."""
    from indexer.git.discover import links_branch
    from indexer.scan.inputs import environment_of

    settings = config.to_json()
    if isinstance(settings.get("file"), str):  # the standards file's place, not the checkout's path
        settings["file"] = os.path.relpath(settings["file"], root)
    digest = hashlib.sha256()
    for part in (__version__, json.dumps(settings, sort_keys=True, default=str),
                 links_branch(root, state) if branch is None else branch):
        digest.update(hashlib.sha256(part.encode("utf-8", "surrogateescape")).digest())
    for part in environment or environment_of(root):
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()


def content_map(snapshot) -> dict[str, str]:
    """path -> the SHA of what a scan reads there (work-tree edits hashed by content)."""
    from indexer.scan.inputs import worktree_sha

    files = dict(snapshot.files)
    for path in snapshot.dirty:
        if path in files:
            files[path] = worktree_sha(snapshot.root, path)
    return files


def store_base(cache, key: str, snapshot, left_out, collected, found, memo: str, now, declared=()) -> None:
    """Keep what a delta scan needs of a complete scan at `now`: its stages' `collected` and
    `found`, and the memo key its result (and gated `--format json` text) is stored under
    (`MEMO_KIND`); `declared`: the configuration's legacy paths."""
    from indexer.contradictions.legacy import named_candidates
    from indexer.contradictions.resolve import deletion_counts, working_folders

    legacy_paths = sorted(item.path for item in found.legacy)
    deleted_in = deletion_counts(found.history) if found.history is not None else None
    deleted_bounds: dict[str, list[int]] = {}
    if found.resolver is not None and deleted_in is not None:  # (the frame's working folders, counted once)
        found.resolver.__dict__.setdefault("_working_folders", working_folders(
            deleted_in, found.paths.all_files, _counted(found.history, deleted_bounds)))
    pointing = _pointing_rows((*found.resolved, *found.imports) if legacy_paths else (), legacy_paths,
                              found.historical)
    files = content_map(snapshot)
    lookups = encode({path: keys for path, keys in found.deps.items() if path in files})
    cache.put_text(BASE_KIND, key, json.dumps({
        "head": snapshot.head,
        "files": (listed := _store_files(cache, key, files)),
        "deps_files": listed["digest"],  # the files row the lookups (`DEPS_KIND`) were written with
        "deps_digest": _put_deps(cache, key, lookups),  # (a row another scan wrote since is told apart)
        "left_out": left_out,
        "link_targets": found.resolver.link_targets_by_path if found.resolver is not None
        else _link_targets(snapshot.root, left_out),
        "definitions": collected.definitions,
        "skipped": sorted(collected.skipped),
        "generated": sorted(collected.generated),
        "vendored": sorted(collected.vendored),
        "legacy": legacy_paths,
        "legacy_state": _legacy_state(found.legacy),
        "pointing_files": sorted(pointing),
        "pointing": pointing,
        "suppression_files": sorted(collected.suppressions),
        "identities": _identities(snapshot.root, found.paths, found.history, collected.definitions),
        "ask_files": sorted({ask.path for ask in found.asks}),
        "removals": len(found.history.removals),
        "removed_head": snapshot.head,  # the HEAD the list of removed paths (`REMOVED_KIND`) was written at
        "legacy_watch": (watch := _watch(collected.definitions, found)),
        "window": _window(snapshot.root, found.history, watch),
        "asks": [[a.path, a.line, a.text, list(a.leave), list(a.toward)] for a in found.asks],
        "memo": memo,
        "now": now.isoformat(),
        "todo_files": sorted(collected.todos),  # (vendored ones set aside)
        "frame": frame_of(found.resolver) if found.resolver is not None else None,
        "legacy_inputs": _legacy_inputs(collected.definitions, found.paths, found.asks, found.historical, declared),
        "legacy_named": _named_row(named_candidates(found.paths)),
        # its files that are historical documents: a delta answers them without the globs (RE2 unloaded)
        "historical": sorted(path for path in files if found.historical(path)),
        "deleted_in": deleted_in,
        "deleted_bounds": deleted_bounds,
    }, separators=(",", ":"), ensure_ascii=False))
    history = found.history  # what resolution asks of it most (`History.was_removed`), read on its own
    removed = sorted(set(history.removals) | history.removed_folders) if history is not None else []
    cache.put_text(REMOVED_KIND, key, (snapshot.head or "") + "\n" + "\0".join(removed))
    cache.put_text(EARLIER_KIND, key, "[]")  # (their files row and record of lookups are gone)
    from indexer.contradictions.incremental import OLD_KINDS

    cache.prune(_OLD_KINDS[0], kinds=(*_OLD_KINDS[1:], *OLD_KINDS))


def _store_files(cache, key: str, files: dict[str, str]) -> dict[str, Any]:
    """Write the base's files as its `FILES_KIND` row; what the base says of them: the row's
    digest (a row another scan wrote since is told apart) and no path differing from it."""
    text = json.dumps(files, separators=(",", ":"), ensure_ascii=False)
    cache.put_text(FILES_KIND, key, text)
    return {"digest": _digest(text), "patch": {}}


def _read_files(cache, key: str, named: Any) -> tuple[dict[str, str], dict[str, str]] | None:
    """(the `FILES_KIND` row, the base's files: the row and its patch); None when the row is not
    the one the base names."""
    text = cache.get_text(FILES_KIND, key)
    if text is None or not isinstance(named, dict) or named.get("digest") != _digest(text) \
            or not isinstance(named.get("patch"), dict):
        return None
    row = json.loads(text)
    return row, _patched(row, named["patch"])


def _patched(files: dict[str, str], shas: Mapping[str, str | None]) -> dict[str, str]:
    """`files` (path -> content SHA) with `shas` over them, None for a path deleted since."""
    if not shas:
        return files
    out = {**files, **shas}
    for path, sha in shas.items():
        if sha is None:
            out.pop(path, None)
    return out


def _deps_patch(base) -> dict[str, list]:
    """The base's `deps_patch` (`_DEPS_PATCH`); None when it is damaged."""
    patch = base.get("deps_patch", {})
    if not isinstance(patch, dict) or not all(
            isinstance(row, list) and len(row) == 2 and isinstance(row[0], (str, type(None)))
            and isinstance(row[1], list) and all(isinstance(k, str) for k in row[1]) for row in patch.values()):
        return None
    return patch


def _listed(stored_files: dict[str, str], base) -> dict[str, str] | None:
    """The files the base's record of lookups is in step with: its `FILES_KIND` row, with the
    contents of the files resolved again since (`deps_patch`); None if that is damaged."""
    patch = _deps_patch(base)
    return _patched(stored_files, {path: sha for path, (sha, _) in patch.items()}) if patch is not None else None


def _put_deps(cache, key: str, text: str) -> str:
    """Write the record of lookups `text` as the `DEPS_KIND` row; its digest."""
    digest = _digest(text)
    cache.put_text(DEPS_KIND, key, digest + "\n" + text)
    return digest


def _get_deps(cache, key: str, digest: Any) -> bytes | None:
    """The record of lookups as `naming` searches it (`deps.stored_bytes`), if the `DEPS_KIND` row
    is the one of this `digest` (the row says which it is: 3 MB are not hashed again on every
    read)."""
    row = cache.get_bytes(DEPS_KIND, key)
    if row is None or not isinstance(digest, str):
        return None
    head, _, record = row.partition(b"\n")
    return record if head == digest.encode() else None


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()


class Fallback(Exception):
    """Why this scan cannot be computed from the base: the full pipeline runs (`scan -v` says why)."""


class NoBase(Fallback):
    """The cache holds no base under the key asked."""


class _Elsewhere(Fallback):
    """HEAD does not descend from the base's HEAD: an earlier base may serve (`_earlier_base`)."""


class Diverged(Fallback):
    """HEAD descends neither from the base's HEAD nor from an earlier base's (a rebased branch)."""


def _put_moved(cache, key: str, base: dict[str, Any]) -> None:
    """Write the moved `base`, the one it replaces kept first among the earlier bases."""
    replaced = cache.get_text(BASE_KIND, key)
    kept = _earlier(cache, key)
    if replaced is not None:
        try:
            kept.insert(0, [json.loads(replaced)["head"], replaced])
        except (ValueError, TypeError, KeyError):
            pass  # (a damaged base is kept by no one)
    kept = [row for row in kept if row[0] != base["head"]][:KEEP_EARLIER]
    cache.put_text(EARLIER_KIND, key, json.dumps(kept, separators=(",", ":"), ensure_ascii=False))
    cache.put_text(BASE_KIND, key, json.dumps(base, separators=(",", ":"), ensure_ascii=False))


def _earlier(cache, key: str) -> list[list[str]]:
    """The `EARLIER_KIND` row: [HEAD, text] of each base kept, newest first ([] when damaged)."""
    try:
        rows = json.loads(cache.get_text(EARLIER_KIND, key) or "[]")
    except ValueError:
        return []
    return [row for row in rows if isinstance(row, list) and len(row) == 2
            and all(isinstance(part, str) for part in row)] if isinstance(rows, list) else []


def _earlier_base(root: str, cache, key: str, last: str, head: str | None) -> tuple[str, str] | None:
    """(HEAD, text) of the newest earlier base that `head` descends from and that reads the rows
    the last base reads (its files row, record of lookups and removed paths: a base written
    since a complete scan or a rewrite of them reads rows that are gone), and whose result is
    still kept. One `git merge-base` per base asked, newest first."""
    from indexer.git.run import is_ancestor
    from indexer.scan.inputs import MEMO_KIND

    def rows_read(base: Any) -> tuple:
        files = base.get("files")
        return (files.get("digest") if isinstance(files, dict) else None, base.get("deps_digest"),
                base.get("removed_head", base.get("head")))

    try:
        wanted = rows_read(json.loads(last))
    except (ValueError, AttributeError):
        return None
    for earlier_head, text in _earlier(cache, key):
        try:
            base = json.loads(text)
        except ValueError:
            continue
        if not isinstance(base, dict) or rows_read(base) != wanted or not isinstance(base.get("memo"), str):
            continue
        if head and is_ancestor(root, earlier_head, head) \
                and cache.keys_between(MEMO_KIND, base["memo"], base["memo"] + "\0"):
            return earlier_head, text
    return None


class _Removals(Exception):
    """The history's window of `MAX_COMMITS` moved past a removal: the delta runs again reading the
    removed paths, as after new commits that delete one (the first run's extraction, ages and
    history are in the cache by then)."""


def try_delta(root: str, config, now, snapshot, left_out, cache, key: str, progress=None, memo: str | None = None,
              branch: str = ""):
    """The result of this scan computed from the stored base; `Fallback` (why not) otherwise.
    `memo`: the key the caller stores this scan's whole result under (`MEMO_KIND`); after new
    commits, the base then moves to this scan, naming that row as its result. When HEAD does not
    descend from the base's, the newest earlier base it descends from serves (`_earlier_base`).
    `branch`: the current branch, when `key` is the default branch's base and the scan is on
    another branch that has none (`links_branch`): the files whose links to this repository's
    hosting site name it are resolved again, and the base is not moved (give no `memo`)."""
    text = cache.get_text(BASE_KIND, key)
    if text is None:
        raise NoBase("no base (no complete scan with this configuration and rules)")
    try:
        found = _from_base(text, root, config, now, snapshot, left_out, cache, key, progress, memo, branch)
    except _Elsewhere as elsewhere:
        earlier = _earlier_base(root, cache, key, text, snapshot.head)
        if earlier is None:
            raise Diverged(f"{elsewhere}, nor from an earlier base kept") from None
        found = _from_base(earlier[1], root, config, now, snapshot, left_out, cache, key, progress, memo, branch)
        found = replace(found, timings={f"delta: from the base of {earlier[0][:12]} ({elsewhere})": None,
                                        **found.timings})
    if branch:
        found = replace(found, timings={f"delta: from the base of the default branch ({branch} has none)": None,
                                        **found.timings})
    return found


def _from_base(text: str, root: str, config, now, snapshot, left_out, cache, key: str, progress, memo, branch):
    """`try_delta` from the base whose JSON text is `text`."""
    clock = time.perf_counter()
    try:
        base = json.loads(text)
    except ValueError:
        base = None
    if not (isinstance(base, dict) and all(isinstance(base.get(name), kind) for name, kind in _BASE_SHAPE.items())):
        raise Fallback("the base is damaged or of another version")  # the full scan writes a new one
    if base["now"] > now.isoformat():
        raise Fallback(f"the base is of a later --now ({base['now']})")
    # the new commits' git processes run while the base's files are read and compared
    since = _commits_since(root, base["head"], snapshot.head) if base["head"] != snapshot.head else None
    try:
        files = _read_files(cache, key, base["files"])
        if files is None:
            raise Fallback("the base is damaged or of another version")
        stored_files, base_files = files
        listed = _listed(stored_files, base) if base.get("deps_files") == base["files"]["digest"] else None
        current = content_map(snapshot)
        if base.get("left_out") != left_out:
            raise Fallback("a symlink, submodule or excluded path came or went")
        if base.get("link_targets", {}) != _link_targets(root, left_out):
            raise Fallback("a symlink points elsewhere")
        deleted = frozenset(base_files.keys() - current.keys())
        changed = {path for path, sha in current.items() if base_files.get(path) != sha}  # (added ones too)
    finally:
        span = since() if since is not None else None  # (waited for either way: no process outlives the scan)
    if since is not None:
        if span is None:
            from indexer.git.run import is_ancestor

            if base["head"] and snapshot.head and not is_ancestor(root, base["head"], snapshot.head):  # (kept)
                raise _Elsewhere(f"HEAD does not descend from the base's HEAD, {base['head'][:12]}")
            raise Fallback("the commits since the base's HEAD do not all add, delete or modify files on its line")
        changed |= span.touched & current.keys()
    if (deleted or changed - base_files.keys() or span and span.deleted) and not isinstance(base.get("frame"), dict):
        raise Fallback("a path was added or removed, and the base is of an earlier version")
    if len(changed) + len(deleted) > _most_changed(current):
        raise Fallback(f"{len(changed) + len(deleted)} files changed")
    legacy_paths = base["legacy"]
    for path in changed | deleted:
        name = posixpath.basename(path)
        if name in _GLOBAL_NAMES:
            raise Fallback(f"{path} is read by every file's scan")
        if _under(path, legacy_paths):
            raise Fallback(f"{path} is at or in a legacy path")
    if (changed | deleted).intersection(base["skipped"]):
        raise Fallback(f"{min((changed | deleted).intersection(base['skipped']))} was skipped")
    for path in sorted(deleted):
        if path in base["pointing"] or path in base["ask_files"]:
            raise Fallback(f"{path} was deleted, and it pointed into a legacy path or asked to migrate")
        defs = base["definitions"].get(path)
        if resolved_against(defs) or isinstance(defs, dict) and defs.get("deprecated"):
            raise Fallback(f"{path} was deleted, and it defined something (a make target, a script, a route...)")
    if span is not None and memo is not None:  # what it will say of its files once this scan is the base
        patch = {path: sha for path, sha in current.items() if stored_files.get(path) != sha}
        patch.update(dict.fromkeys(stored_files.keys() - current.keys()))  # (None: deleted since)
        base["files"] = {"digest": base["files"]["digest"], "patch": patch} \
            if len(patch) <= _FILES_PATCH else None  # (written again, with the base)
    vendored = {path: base_files[path] for path in (changed | deleted).intersection(base["vendored"])}
    started = _Started(_start_walk(root, base, span, now, snapshot.head, cache))
    try:
        return _delta(root, config, now, snapshot, left_out, cache, key, base, changed, span, progress, clock, memo,
                      current, vendored, deleted, frozenset(base_files), listed, started, branch=branch)
    except _Removals:
        return _delta(root, config, now, snapshot, left_out, cache, key, base, changed, span, progress,
                      time.perf_counter(), memo, current, vendored, deleted, frozenset(base_files), listed, started,
                      removals_moved=True, branch=branch)
    finally:
        started.close()


class _Started:
    """The git processes a delta starts early, to run beside its other work: HEAD's walk
    (`_start_walk`) and the log of its history window's oldest commits (`_start_window`), once
    the history is extended. `close` waits for them, read or not: no process outlives the scan."""

    def __init__(self, walk) -> None:
        self.walk = walk
        self.window: Callable[[dict[str, Any]], list | None] | None = None
        self._waits: list[Callable[[], Any]] = [walk.discard] if walk is not None else []

    def start_window(self, root: str, history) -> None:
        window = self.window = _start_window(root, history)
        self._waits.append(lambda: window({}))

    def close(self) -> None:
        for wait in self._waits:
            wait()


def _start_walk(root: str, base, span, now, head: str | None, cache):
    """HEAD's walk of commits (`indexer.git.history.Walk`), started now when the new commits are a
    merged branch's, older than the main line's newest, and the history will be read and extended
    by them: they overflow the window, delete a path, or the day moved (`_window_after`)."""
    if span is None or span.first or not span.commits or head is None:
        return None
    from indexer.git.history import MAX_COMMITS, Walk

    window = base.get("window")
    if isinstance(window, list) and len(window) == 2 and isinstance(window[0], int) \
            and window[0] + len(span.commits) <= MAX_COMMITS and not span.deleted and base["now"] == now.isoformat():
        return None
    return Walk(root, head, MAX_COMMITS + len(span.commits), getattr(cache, "directory", None))


def _most_changed(current) -> int:
    """More changed files than this (`MAX_CHANGED`, or a tenth of the repository) and the full
    pipeline runs."""
    return min(MAX_CHANGED, max(len(current) // 10, 8))


def _delta(root, config, now, snapshot, left_out, cache, key, base, changed, span, progress, clock, memo, current,
           vendored, deleted, base_paths, listed, started, removals_moved=False, branch=""):
    """(`vendored`: the changed and deleted files that are vendored or generated, with their base's
    content SHA; `deleted`: the base's paths gone; `base_paths`: the base's files; `listed`: the files
    its record of lookups is in step with, None if it is not the base's; `started`: git processes
    started early (`_Started`); `removals_moved`: the history's window moved past a removal, `_Removals`;
    `branch`: see `try_delta`.)"""
    start = clock
    moved = span is not None
    aged = base["now"] != now.isoformat()  # (an earlier day's base: `_NOW_RULES` computed again)
    from indexer.contradictions.legacy import (deprecation_notices, find_legacy, migrate_asks, moved_candidates,
                                               named_candidates, MigrateAsk)
    from indexer.contradictions.paths import RepoPaths
    from indexer.contradictions.resolve import IMPORT_KINDS, Resolver, deletion_counts, working_folders
    from indexer.contradictions.stage import Contradictions, config_file_of, historical_test, legacy_settings
    from indexer.checks import load_checks
    from indexer.git.history import load_history, removed_paths
    from indexer.scan.collect import VENDORED_QUIET, collect, vendored_folders
    from indexer.scan.pipeline import ScanContext, _lap, start_ageing
    from indexer.scan.inputs import MEMO_KIND
    from indexer.scan.result import ScanResult, json_text, split_findings, spliced, with_finding_texts
    from indexer.scan.suppress import apply_suppressions
    from indexer.text import STRUCTURAL, safe_record, safe_tree

    paths = RepoPaths(snapshot.files, left_out)
    added = frozenset(changed - base_paths)
    # (new commits deleted a path, or the window moved past one: the history's removals are read)
    renewed = moved and (bool(span.deleted) or removals_moved)
    history = load_history(root, snapshot.head, now, paths.paths, cache, walk=started.walk) if renewed else None
    lookups = None  # the base's record of its files' lookups (`indexer.contradictions.deps`), when paths moved
    # (the folders whose ignore rules changed: a path looked for under them may be ignored now, or no longer)
    ignores = {posixpath.dirname(path) for path in changed | deleted if posixpath.basename(path) == ".gitignore"}
    named_branch = {"b" + branch} if branch else set()  # (links naming it: a local path here, not on the base's)
    if added or deleted or renewed or ignores or named_branch:
        lookups, concerned, removed_before = _concerned(cache, key, base, listed, base_paths, paths, current, history,
                                                        span.deleted if renewed else (), ignores, named_branch)
        changed = changed | concerned
        # (a vendored one is set aside as a changed one is; its content is the base's)
        vendored = {**{path: current[path] for path in concerned.intersection(base["vendored"])}, **vendored}
        if len(changed) + len(deleted) > _most_changed(current):
            raise Fallback(f"{len(changed) + len(deleted)} files changed or concerned by a path added or removed")
        global_ = sorted(path for path in concerned
                         if posixpath.basename(path) in _GLOBAL_NAMES or _under(path, base["legacy"]))
        if global_:
            raise Fallback(f"{global_[0]} names a path added or removed, and is read by every file's scan"
                           " or lies in a legacy path")
        concerning = time.perf_counter() - clock  # (the lap is written once the context is made)
        clock += concerning
    only = frozenset(changed)
    historical = historical_test(config)
    if isinstance(base.get("historical"), list):  # (the base's answers for its files: `scan.history_paths`
        historical = _known_first(historical, frozenset(base["historical"]), base_paths)  # is in its key)
    # A changed historical document's references (a changelog's: fastapi adds to a 700 KB one in
    # most commits) make no finding, as it is no claim site, ask nothing (`migrate_asks`) and are
    # not among those still pointing into a legacy path (`_pointing_rows`). So they are not read,
    # nor resolved (below), and when paths came or went (`lookups`) the record of lookups keeps
    # none of them: no output rests on them. A TODO's do (stale-todo looks up the paths it names):
    # a file with a TODO is read whole (`collect`). So is an added one, which may be vendored
    # (`_check_vendored`; its references are counted as set aside).
    def lean(path: str) -> bool:
        return path not in vendored and path not in added and historical(path)

    collected = collect(snapshot, cache, config.scan.markers, config.scan.max_file_bytes,
                        progress(len(only)) if progress else None, only, lean=lean)
    if collected.skipped:
        raise Fallback("a changed file is skipped now")
    if any((path in collected.generated) != (path in base["generated"]) for path in only - added):
        raise Fallback("a changed file's generated-code header came or went")
    # the files set aside as vendored or generated now (a dependency bump adds and deletes some)
    aside_now = frozenset(base["vendored"])
    if added or deleted:
        new = _check_vendored(root, snapshot, aside_now, added, deleted, base_paths, collected)
        aside_now = (aside_now - deleted) | new
        vendored = {**vendored, **dict.fromkeys(new)}  # (no base content: nothing to take back)
    quiet = bool(vendored) and config.scan.vendored != "report"  # (else they are files like any other)
    set_aside = _set_aside(cache, config, collected, vendored) if quiet else {}
    definitions = base["definitions"]
    if any(_plain(resolved_against(collected.definitions.get(path)) or None)
           != _plain(resolved_against(definitions.get(path)) or None) for path in only):  # (deprecations alone: {})
        raise Fallback("a definition changed (a make target, a script, a route...)")
    ctx = ScanContext(root=root, config=config, now=now, snapshot=snapshot, collected=collected,
                      ages={}, cache=cache, notes=list(config.notes), left_out=left_out)
    if lookups is not None:
        ctx.timings[f"delta: the files a path added or removed{' or the branch' * bool(branch)} concerns"
                    f" ({len(concerned)})"] = concerning
    # the changed files, and on a later day every file with a TODO (the base's others, as cached)
    dated = replace(ctx, collected=_with_todo_files(collected, collect(
        snapshot, cache, config.scan.markers, config.scan.max_file_bytes, None,
        frozenset(base["todo_files"]) - only - deleted))) if aged else ctx
    clock = _lap(ctx, "delta: read the base, extract the changed files", clock)
    finish_ageing = start_ageing(dated, span.touched if span is not None else frozenset())
    watch = base.get("legacy_watch")
    window = _window_after(base.get("window"), span, watch, paths) if moved and not aged else None
    if moved and (window is None or renewed):  # extended by the new commits (and cached for the next scan)
        history = history or load_history(root, snapshot.head, now, paths.paths, cache, walk=started.walk)
        if len(history.removals) != base["removals"] and not renewed:  # the new commits only modify
            finish_ageing()  # files, so a window that moved past a removal is the one way they can differ
            if not isinstance(base.get("frame"), dict):
                raise Fallback("the history's removals changed, and the base is of an earlier version")
            raise _Removals()
        if memo is not None:  # (the base moves: its window's oldest commits are read beside the rest)
            started.start_window(root, history)
    else:  # the base's own history (or, after commits that left it as it was, HEAD's): read only
        # if a changed file's references need it
        history = _Lazy(lambda: load_history(root, snapshot.head, now, paths.paths, cache, walk=started.walk),
                        lambda: _removed(cache, key, base.get("removed_head", base["head"])),
                        {gone for path in deleted for gone in (path, *_folders_of(path)) if gone not in paths.paths},
                        lambda gone: removed_paths(root, gone, snapshot.head, cache) if snapshot.head else frozenset())
    resolver = Resolver(root, paths, history, definitions, snapshot.head, cache)
    deleted_in = base.get("deleted_in")  # (the base's history's: not read for the working folders)
    deleted_bounds = base.get("deleted_bounds")
    if lookups is not None:
        if renewed or not (isinstance(deleted_bounds, dict) and all(_is_bounds(b) for b in deleted_bounds.values())):
            deleted_bounds = {}
        if renewed:
            deleted_in = deletion_counts(history)
        if isinstance(deleted_in, dict):
            resolver.__dict__["_working_folders"] = working_folders(deleted_in, paths.all_files,
                                                                    _counted(history, deleted_bounds))
        frame = frame_of(resolver)
        if frame != base["frame"]:
            finish_ageing()
            moved_parts = [FRAME_PARTS[name] for name in frame if frame[name] != base["frame"].get(name)]
            raise Fallback(f"a path added or removed changed what every file is resolved against: {', '.join(moved_parts)}")
    elif isinstance(base.get("frame"), dict) and isinstance(base["frame"].get("working"), list):
        # no path came or went, and the history's removals are the base's: so are its working
        # folders (not counted again from the history's deletions: 5 ms of twisted's one-change)
        resolver.__dict__["_working_folders"] = frozenset(base["frame"]["working"])
    if (only | deleted) & _ROOT_GLOBAL and _identities(root, paths, history, definitions, resolver) != base["identities"]:
        finish_ageing()  # links to this repository's hosting site resolve as paths: in every file
        raise Fallback("the repository's identity (go.mod, package.json, pyproject.toml) changed")
    legacy_paths = base["legacy"]
    resolver.deps = {}  # (what the files resolved here rest on: the base's record of them, once it moves)
    resolved, imports = [], []
    for path in sorted(collected.references):
        if path not in collected.todos and historical(path):  # (no output rests on its answers: `lean`)
            continue
        refs = collected.references[path]
        answers, keys = resolver.resolve_traced([r for r in refs if r.kind not in IMPORT_KINDS])
        resolved.extend(answers)
        if legacy_paths:
            answers, more = resolver.resolve_traced([r for r in refs if r.kind in IMPORT_KINDS])
            imports.extend(answers)
            keys |= more
        resolver.deps.setdefault(path, set()).update(keys)
    resolved = resolver._without_ignored(resolved)
    clock = _lap(ctx, "delta: the history (if it moved), the changed files' references resolved", clock)
    # what legacy detection and "still pointing at it" read of the changed files, as the base had it
    # (a migrate ask that came, went or moved a line: detection runs again with it, below)
    asks = [[a.path, a.line, a.text, list(a.leave), list(a.toward)]
            for a in migrate_asks(collected.todos, resolved, historical)]
    asked = asks != [row for row in base["asks"] if row[0] in only]
    if asked:
        asks = sorted([row for row in base["asks"] if row[0] not in only] + asks, key=lambda row: (row[0], row[1]))
    pointing = _pointing_rows((*resolved, *imports), legacy_paths, historical)
    if any(pointing.get(path) != base["pointing"].get(path) for path in only):
        finish_ageing()
        raise Fallback("a reference into a legacy path changed")
    suppressed = set(base["suppression_files"]) | set(collected.suppressions)
    if any(path in base["pointing"] and path in suppressed for path in only):
        finish_ageing()  # its legacy-reference findings are the base's, suppressed as they were
        raise Fallback("a file pointing into a legacy path has suppressions")
    # what the changed files say of paths being deprecated (their signals' lines move with any
    # edit above them: a new CHANGELOG entry); legacy detection reads it only as notices
    noticed = [path for path in sorted(only) if _said(definitions, path, paths, historical)
               != _said(collected.definitions, path, paths, historical)]
    if noticed:  # (then the legacy set must be the base's; its evidence quotes their lines)
        definitions = {**definitions, **{path: collected.definitions[path] for path in noticed
                                         if path in collected.definitions}}
        for path in noticed:
            if path not in collected.definitions:
                definitions.pop(path, None)
    base_asks = [MigrateAsk(p, line, text, tuple(leave), tuple(toward))
                 for p, line, text, leave, toward in (asks if asked else base["asks"])]
    def named_now():
        """The candidates by name, from the base's: asked again only where paths moved (13k files
        of moby: 115 ms asked of every path)."""
        named = moved_candidates(base.get("legacy_named"), paths, added | deleted)
        if named is not None:
            paths.__dict__["_legacy_named"] = named  # (`legacy.named_candidates`: this scan's whole answer)
        return named

    inputs = _legacy_inputs(definitions, paths, base_asks, historical, config.legacy, named_now()) \
        if lookups is not None or asked or noticed else base.get("legacy_inputs")
    detected = noticed or aged or asked or inputs != base.get("legacy_inputs") or (moved and window is None and not (
        isinstance(watch, dict) and _activities(history, watch) == watch))
    relegacy = False  # the same legacy paths, said otherwise: their findings and resolutions made again
    if detected:
        if "_legacy_named" not in paths.__dict__:
            named_now()
        # the history or the day moved, or a file says something new of a path: the legacy set
        # is what detection says now, or the base is no good
        notices, successors = deprecation_notices(definitions, paths, historical)
        legacy = find_legacy(config.legacy, paths, history, now, base_asks, legacy_settings(config), notices,
                             successors)
        if aside_now and config.scan.vendored != "report":  # as `indexer.contradictions.stage.attach` does
            folders = vendored_folders(aside_now, snapshot.files)
            legacy = [item for item in legacy
                      if item.declared or (item.path not in aside_now and item.path not in folders)]
        relegacy = _legacy_state(legacy) != base["legacy_state"]
        if relegacy and sorted(item.path for item in legacy) != legacy_paths:
            finish_ageing()
            raise Fallback("the legacy set changed with " + (
                "a migrate ask" if asked else f"what {noticed[0]} says is deprecated" if noticed else
                "the paths added or removed" if lookups is not None and inputs != base.get("legacy_inputs") else
                "the history" if moved else "--now"))
        clock = _lap(ctx, "delta: legacy detection", clock)
    elif moved and window is not None:
        clock = _lap(ctx, "delta: legacy detection skipped (no path it reads moved: the history not read)", clock)
    elif moved:
        clock = _lap(ctx, "delta: legacy detection skipped (no path it reads moved)", clock)
    ctx.contradictions = Contradictions(
        paths=paths, history=history, resolved=resolved, legacy=[], asks=[],
        resolve_imports=lambda: imports, config_file=config_file_of(ctx), historical=historical,
        standards=tuple(config.standards))
    clock = _lap(ctx, "delta: contradictions of the changed files", clock)
    ctx.ages = dated.ages = finish_ageing()
    dated.contradictions = ctx.contradictions
    clock = _lap(ctx, "delta: age", clock)
    fresh: list[Finding] = []
    tree: list[Finding] = []
    checks = load_checks(config)
    again = {check.rule.id for check in checks if aged and check.rule.id in _NOW_RULES}
    if relegacy:  # (a count of the last year's commits moved with the day, a successor, a confidence)
        legacy_ctx = replace(ctx, contradictions=_legacy_picture(ctx, legacy, base["pointing"], config))
        again |= {check.rule.id for check in checks if check.rule.id in _LEGACY_RULES}
    for check in checks:  # "world" rules: the base's findings stand (but for a new day's `again`)
        if check.scope != "world" or check.rule.id in again:
            found = check.run(legacy_ctx if relegacy and check.rule.id in _LEGACY_RULES
                              else dated if check.rule.id in again else ctx, check.rule)
            (fresh if check.scope == "file" else tree).extend(found)
            clock = _lap(ctx, f"delta: check {check.rule.id}", clock)
    suppressions = dict(dated.collected.suppressions)
    elsewhere = {f.path for f in tree} - only
    if elsewhere:  # the suppressions of the files a tree rule reports on
        suppressions.update(collect(snapshot, cache, config.scan.markers, config.scan.max_file_bytes,
                                    None, frozenset(elsewhere) & snapshot.files.keys()).suppressions)
    fresh = apply_suppressions([*fresh, *tree], suppressions)
    if quiet:  # nothing reported in third-party or generated code (as `indexer.scan.pipeline`)
        reported = {f.path for f in fresh if f.rule in VENDORED_QUIET and f.path not in aside_now}
        folders = vendored_folders(aside_now, snapshot.files, reported)  # (of the paths findings name: a legacy folder)
        fresh = [f for f in fresh
                 if f.rule not in VENDORED_QUIET or (f.path not in aside_now and f.path not in folders)]
    stored = cache.get_text(MEMO_KIND, base["memo"])  # the base's result, and its gated `--format json` text
    if stored is None:
        raise Fallback("no base (the result it names is gone)")
    try:
        previous_text, _, previous_gated_text = stored.partition("\n")
        previous_data, own_texts = split_findings(previous_text) or with_finding_texts(previous_text)
        previous = ScanResult.from_json_data(previous_data, previous_text)
        # (of the gated text, the findings' texts alone: `previous_gated` is read for other keys)
        previous_gated, gated_texts = split_findings(previous_gated_text, len(previous.findings)) \
            or with_finding_texts(previous_gated_text)
    except (ValueError, KeyError, TypeError, AttributeError):
        raise Fallback("the base's result is damaged") from None
    if len(gated_texts) != len(previous.findings):
        raise Fallback("the base's result is damaged")
    scope = {c.rule.id: c.scope for c in checks}
    # each finding with its gated JSON text and its own: the base's as they were written, the new ones made here
    triples = [(f, g, own) for f, g, own in zip(previous.findings, gated_texts, own_texts)
               if f.rule not in again and (scope.get(f.rule) == "world" or (scope.get(f.rule) == "file"
                                                                            and f.path not in only
                                                                            and f.path not in deleted))]
    # (one made again as the base had it, a later day's stale TODO, keeps the base's gated text:
    # the gate is a function of the finding's JSON alone)
    gated_as = dict(zip(own_texts, gated_texts))
    for f in fresh:
        own = f.to_json()
        text = json_text(own)
        triples.append((f, gated_as.get(text) or json_text(safe_record(own)), text))
    triples.sort(key=lambda triple: (triple[0].path, triple[0].line or 0, triple[0].rule, triple[0].message))
    result = ScanResult(
        root=root, head=snapshot.head, now=now, findings=tuple(f for f, _, _ in triples), files=len(snapshot.files),
        parsed=collected.parsed, skipped=previous.skipped, notes=previous.notes,
        set_aside=_set_aside_counts(previous.set_aside, set_aside, aside_now) if quiet else previous.set_aside,
        resolutions=tuple(r.to_json() for r in legacy_ctx.contradictions.resolutions) if relegacy
        else previous.resolutions, memory=config,
        timings=ctx.timings)
    out = result.to_json([])  # (its findings are the texts spliced in)
    gated = {name: value if name in STRUCTURAL or name in ("summary", "findings") else
             previous_gated[name] if name in previous_gated and not (relegacy and name == "resolutions")
             else safe_tree(value, STRUCTURAL)
             for name, value in out.items()}  # notes and resolutions are the base's: gated as they were
    # the gated `--format json` text, and its own JSON text, which the memo stores
    result = replace(result, gated=spliced(gated, [g for _, g, _ in triples]) + "\n",
                     text=spliced(out, [own for _, _, own in triples]))
    # After new commits, the next change is measured from here: this result (stored by the caller
    # under `memo`) is the new base. Work-tree edits on the base's HEAD leave it as it is: the
    # next scan's change is what differs from it.
    if moved and memo is not None and not cache.warnings:
        base.update(head=snapshot.head, memo=memo, now=now.isoformat(),
                    todo_files=sorted(set(base["todo_files"]).difference(only, deleted).union(collected.todos)),
                    vendored=sorted(aside_now),
                    generated=sorted(set(base["generated"]).difference(deleted).union(collected.generated & added)))
        if isinstance(base.get("historical"), list) and (added or deleted):
            base["historical"] = sorted(set(base["historical"]).difference(deleted).union(filter(historical, added)))
        if lookups is not None:  # paths came or went: what the base says of its paths and their lookups
            _move_paths(cache, key, base, lookups, resolver.deps, collected, only, deleted, current,
                        history if renewed else None, removed_before, deleted_in, deleted_bounds)
            base["legacy_named"] = _named_row(named_candidates(paths))
        if base["files"] is None:  # many files differ from the files row, or some are gone
            base["files"] = _store_files(cache, key, current)
        if inputs != base.get("legacy_inputs"):  # (the paths legacy detection reads the history of moved)
            watch = base["legacy_watch"] = _watch(definitions, SimpleNamespace(
                paths=paths, asks=base_asks, historical=historical, legacy=legacy, history=history))
            window = None
            base["legacy_inputs"] = inputs
        if asked:
            base.update(asks=asks, ask_files=sorted({row[0] for row in asks}))
        if relegacy:
            base["legacy_state"] = _legacy_state(legacy)
        for path in noticed:  # (with paths moved, `_move_paths` has done it)
            if path in definitions:
                base["definitions"][path] = definitions[path]
            else:
                base["definitions"].pop(path, None)
        # the new commits only modify files and the count of removals is the base's, so the
        # removed paths are the same (the window of `MAX_COMMITS` can only drop some): their
        # list, written at `removed_head`, stands
        base.setdefault("removed_head", previous.head)
        if window is None:  # (else the history was not read: the watched activities are the base's)
            if isinstance(watch, dict):
                base["legacy_watch"] = _activities(history, watch)
            window = (started.window or (lambda watched: _window(root, history, watched)))(base["legacy_watch"]) \
                if isinstance(watch, dict) else None
        base["window"] = window
        _put_moved(cache, key, base)
    ctx.timings[f"delta: {len(only)} changed file{'s' * (len(only) != 1)} in all"] = time.perf_counter() - start
    return result


def _legacy_picture(ctx, legacy, rows: dict[str, list], config):
    """The picture the legacy rules and the resolutions read (`Contradictions.pointing`), for the
    base's legacy paths as detection sees them now: what points into them is what the base's
    `_pointing_rows` kept, every file's as it is now (a changed file's that differ, or a deleted
    one's, make the full scan run)."""
    from indexer.contradictions.graph import resolutions
    from indexer.contradictions.resolve import Resolved
    from indexer.contradictions.stage import Contradictions
    from indexer.models import Reference

    found = ctx.contradictions
    resolved = [Resolved(Reference(path, line, target, kind, text, deprecated, base, example), status, named)
                for path in sorted(rows)
                for line, target, kind, text, deprecated, base, example, status, named in rows[path]]
    picture = Contradictions(paths=found.paths, history=found.history, resolved=resolved, legacy=legacy, asks=[],
                             config_file=found.config_file, historical=found.historical,
                             standards=tuple(config.standards))
    picture.pointing = {item.path: picture.pointing_at(item.path) for item in legacy}  # (as `stage.attach`)
    picture.resolutions = resolutions(picture, config.standards)
    return picture


def _known_first(historical: Callable[[str], bool], known: frozenset[str], files: frozenset[str]):
    """`historical`, answered from the base's list (`known`) for the base's `files`: the globs of
    `scan.history_paths` are compiled (RE2 loaded, ~5 ms) only for a path the base did not have."""
    return lambda path: path in known if path in files else historical(path)


def _named_row(named) -> list:
    """`legacy.named_candidates` as the base keeps it (`legacy.moved_candidates` reads it)."""
    folders, files = named
    return [[[path, successor] for path, successor in folders.items()], [list(pair) for pair in files]]


def _legacy_inputs(definitions, paths, asks, historical, declared, named=None) -> str:
    """What legacy detection reads of the paths (`indexer.contradictions.legacy.find_legacy`): its
    candidates, what files call deprecated, whether each is a file and each declared successor
    exists, what lies beside the files among them (`legacy.folder_listing`); a digest. A delta
    after paths came or went whose digest is the base's, and whose history is the base's, finds
    what the base found without running detection. `named`: the candidates by name
    (`legacy.named_candidates`), when the caller has them."""
    from indexer.contradictions.legacy import _candidates, deprecation_notices, folder_listing

    candidates = sorted(_candidates(paths, asks, named), key=lambda candidate: candidate[0])  # (one per path)
    notices, successors = deprecation_notices(definitions, paths, historical)
    notices = {path: sorted(map(repr, evidence)) for path, evidence in notices.items()}  # (in no order of the files')
    named = sorted({path for path, _ in candidates} | set(notices))
    successors_declared = sorted({item.successor.strip("/") for item in declared if item.successor})
    files = [path for path in named if paths.is_file(path)]
    data = repr((candidates, sorted(notices.items()), sorted(successors.items()),
                 [paths.is_file(path) for path in named], [paths.exists(path) for path in successors_declared],
                 folder_listing(paths, files) if len(files) > 1 else {}))  # (files gather into their folder)
    return hashlib.sha256(data.encode("utf-8", "surrogateescape")).hexdigest()


def _move_paths(cache, key: str, base, record: bytes, deps, collected, only, deleted, current, history,
                removed_before, deleted_in, deleted_bounds) -> None:
    """The base, moved to a scan whose paths differ from it: its definitions, suppressions and
    lookups (`DEPS_KIND`, its `record` as `_get_deps` read it) of the files resolved again and
    without the deleted ones; after new commits that added or deleted paths (`history`), its removals (`REMOVED_KIND`,
    written again if they are not `removed_before`) and the counts of files deleted per folder
    (`deleted_in`, as `indexer.contradictions.resolve.deletion_counts` made them, and the exact
    bounds asked of the history so far, `deleted_bounds`)."""
    for path in deleted:
        base["definitions"].pop(path, None)
    for path in only:
        if path in collected.definitions:
            base["definitions"][path] = collected.definitions[path]
    base["suppression_files"] = sorted(set(base["suppression_files"]).difference(only, deleted)
                                       .union(collected.suppressions))
    # Every file whose content differs from what the record was written with was resolved again
    # here (`_concerned`): the record, with these, is as fresh as the files (`_listed`).
    patch = {**base.get("deps_patch", {}), **{path: [current[path], sorted(deps.get(path, ()))] for path in only},
             **{path: [None, []] for path in deleted}}
    if base["files"] is not None and len(patch) <= _DEPS_PATCH:
        base["deps_patch"] = patch  # (and the files row the record is read against stands)
    else:  # the record written again, and the files row it is read against (due anyway if None)
        text = replaced(record.decode("utf-8", "surrogatepass"),
                        {path: looked for path, (sha, looked) in patch.items() if sha is not None},
                        [path for path, (sha, _) in patch.items() if sha is None])
        digest = _put_deps(cache, key, text)
        base["files"] = _store_files(cache, key, current)
        base.update(deps_digest=digest, deps_files=base["files"]["digest"], deps_patch={})
    if history is not None:
        removed = set(history.removals) | history.removed_folders
        if removed != removed_before:
            cache.put_text(REMOVED_KIND, key, (base["head"] or "") + "\n" + "\0".join(sorted(removed)))
            base["removed_head"] = base["head"]
        base.update(removals=len(history.removals), deleted_in=deleted_in)
    if deleted_bounds is not None:
        base["deleted_bounds"] = deleted_bounds


def _check_vendored(root: str, snapshot, vendored: frozenset[str], added, deleted, base_paths,
                    collected) -> frozenset[str]:
    """The paths added that are vendored or generated (`indexer.scan.collect.classify_vendored`),
    beside the base's `vendored`: set aside as the full scan sets them aside. `Fallback` when the paths added or deleted change
    what the base's result was filtered by: a library's license file or an `UPSTREAM` note (which
    make their folder vendored), or a folder of the base's no longer all vendored, or now all vendored
    (`vendored_folders`). Only a file of the project's own added or deleted can do the last two;
    a folder that is new, as a dependency bump's new module is, or gone, filters nothing the
    base reported."""
    from indexer.scan.collect import (_LIBRARY_FOLDERS, LICENSE_FILE, UPSTREAM_MARKS, classify_vendored,
                                      folders_all_vendored, upstream_copies)

    if any(path.startswith(_LIBRARY_FOLDERS) for path in added | deleted):
        raise Fallback(f"{min(p for p in added | deleted if p.startswith(_LIBRARY_FOLDERS))}: a path added or "
                       "removed in a folder of libraries")
    marks = sorted(p for p in added | deleted if (name := p.rpartition("/")[2]) in UPSTREAM_MARKS
                   or LICENSE_FILE.match(name) and ((pinned := p.rpartition("/")[0] + "/commit.txt") in snapshot.files
                                                    or pinned in base_paths))
    if marks:  # (a folder's copy of another project is told by these: `upstream_copies`)
        raise Fallback(f"{marks[0]}: a path added or removed that tells another project's copy")
    attributes = [p for p in snapshot.files if p == ".gitattributes" or p.endswith("/.gitattributes")]
    new = frozenset(classify_vendored(root, sorted(added) + attributes, collected.generated,
                                      upstream_copies(snapshot.files))) & added if added else frozenset()
    # (only the folders above them can change; moby's 13k files: 50 -> 5 ms)
    folders = {folder for path in (added - new) | (deleted - vendored) for folder in _folders_of(path)}
    if folders:
        before = folders_all_vendored(vendored, base_paths, folders)
        after = folders_all_vendored((vendored - deleted) | new, snapshot.files, folders)
        if any(after.get(folder, every) != every for folder, every in before.items()):
            raise Fallback("a path added or removed changed which folders are all vendored")
    return new


def _folders_of(path: str) -> list[str]:
    """The folders `path` lies in, innermost first."""
    out = []
    while "/" in path:
        path = path.rpartition("/")[0]
        out.append(path)
    return out


def _concerned(cache, key: str, base, listed, base_paths, paths, current, history, removed_again, ignores=(),
               also: set[str] | frozenset[str] = frozenset()):
    """(the base's record of every file's lookups; the files whose answers a path added or
    removed, or a removal the new commits made, may change, `indexer.contradictions.deps`, and
    those whose content differs from the files row the record was written with, `listed`; the
    base's removed paths, when the new commits' `history` is read; `removed_again`: the paths
    they deleted, whose last removal moved even where they were removed before; `ignores`: the
    folders whose `.gitignore` changed, under which every path a file looked for concerns it;
    `also`: more keys whose answers changed)."""
    from indexer.contradictions.deps import changed_keys, naming, naming_under, stored_bytes

    record = _get_deps(cache, key, base.get("deps_digest")) if listed is not None else None
    if record is None:
        raise Fallback("a path was added or removed, and the base's record of what its files resolve against "
                       "is gone or not the base's")
    removed_before: set[str] = set()
    removed_after: set[str] = set()
    if history is not None:  # (new commits added or deleted paths)
        before = _removed(cache, key, base.get("removed_head", base["head"]))
        if before is None:
            raise Fallback("the base's list of removed paths is gone")
        removed_before = before.entries()
        removed_after = set(history.removals) | history.removed_folders
    keys = changed_keys(base_paths, paths, removed_before, removed_after, removed_again) | also
    moved = {path for path, sha in current.items() if listed.get(path) != sha}

    def named(searched: bytes) -> set[str]:
        return naming(searched, keys).union(*(naming_under(searched, "e" + (folder + "/" if folder else ""))
                                              for folder in ignores))  # (what `git check-ignore` was asked)

    patch = base.get("deps_patch") or {}  # (checked by `_listed`): the records of these files are its
    patched = stored_bytes(encode({path: looked for path, (_, looked) in patch.items()}))
    concerned = (named(record) - patch.keys()) | named(patched)
    return record, (concerned & current.keys()) | moved, removed_before


def _set_aside(cache, config, collected, vendored: dict[str, str | None]) -> dict[str, int]:
    """Set the changed vendored files' TODOs and references aside, as the full scan does
    (`indexer.scan.collect.set_aside_vendored`): taken out of `collected`; what the counts of the
    base's result move by (their base content's entry is the cached extraction of it; an added
    file has none, a deleted one no TODOs or references now)."""
    from indexer.scan.collect import _key, blob_kind

    keys = {path: _key(sha, path) for path, sha in vendored.items() if sha is not None}
    entries = cache.get_many(blob_kind(config.scan.markers, config.scan.max_file_bytes), keys.values())
    if len(entries) != len(set(keys.values())):
        raise Fallback(f"{min(keys)} was vendored or generated, and its base's extraction is gone")
    todos = references = 0
    for path in vendored:
        entry = entries[keys[path]] if path in keys else {}
        todos += len(collected.todos.pop(path, ())) - len(entry.get("todos") or ())
        references += len(collected.references.pop(path, ())) - len(entry.get("refs") or ())
    return {"todos": todos, "references": references}


def _set_aside_counts(previous: dict[str, int], moved: dict[str, int], aside: frozenset[str]) -> dict[str, int]:
    """The result's counts of what is set aside (`Collected.set_aside`): the base's, moved by the
    changed files'; none when no file is vendored or generated now, as a full scan says."""
    if not aside:
        return {}
    return {"files": len(aside), **{name: previous.get(name, 0) + moved[name] for name in ("todos", "references")}}


def _with_todo_files(collected, others):
    """`collected` (the changed files') and what stale-todo reads of `others` (the base's other
    files with TODOs): their TODOs, content and suppressions."""
    from indexer.scan.collect import Collected

    return Collected(todos={**others.todos, **collected.todos},
                     content_sha={**others.content_sha, **collected.content_sha},
                     suppressions={**others.suppressions, **collected.suppressions})


class _Span(NamedTuple):
    """The commits from the base's HEAD to this one (`_commits_since`)."""

    touched: frozenset[str]  # the paths they added, deleted or modified (merged branches' commits included)
    commits: tuple[str, ...]  # the non-merge ones (what the history counts), in `git log` order
    first: bool  # whether those are the first commits of HEAD's own log (the history's order)
    deleted: frozenset[str] = frozenset()  # the paths they deleted or renamed away (the history's removals moved)


#: The first commits of HEAD's log read beside the range's: more new commits than this, and a
#: second `git rev-list` tells whether they come first.
_FIRST = 64


def _commits_since(root: str, base_head: str | None, head: str | None) -> Callable[[], _Span | None]:
    """The commits from the base's HEAD to this one: the paths they modified (their lines' ages may
    have moved, whatever their content), merged branches' commits included: a file no commit of
    the range touched keeps its blame (git passes a line to the parent whose file is identical).
    None when HEAD does not descend from the base's, or a commit added, deleted or renamed a
    path (the history's removals would differ from the base's). The ancestry, the range's log
    and HEAD's first commits are three git processes started now, side by side; the returned
    function waits for them and reads them."""
    from indexer.git.run import start_git, start_is_ancestor

    if base_head is None or head is None:
        return lambda: None
    ancestor = start_is_ancestor(root, base_head, head)
    log = start_git(root, "-c", "core.quotePath=false", "log", "--format=%x01%H%x02%P", "--name-status",
                    "--no-renames", "-z", f"{base_head}..{head}")
    first = start_git(root, "rev-list", "--no-merges", f"--max-count={_FIRST}", head)
    return lambda: _span(root, head, ancestor(), log(), first())


def _span(root: str, head: str, ancestor: bool, proc, leading) -> _Span | None:
    """`_commits_since`'s answer from its three processes' (the ancestry, the range's log, HEAD's
    first commits)."""
    from indexer.git.run import run_git

    if not ancestor or proc.returncode != 0:
        return None
    touched: set[str] = set()
    commits: list[str] = []
    deleted: set[str] = set()
    fields = iter(proc.stdout.decode("utf-8", "surrogateescape").split("\0"))
    for field in fields:
        field = field.lstrip("\n")
        if field.startswith("\x01"):  # a commit (a merge lists no files of its own: its
            sha, _, parents = field[1:].partition("\x02")  # branch's commits are in the range; an
            if len(parents.split()) <= 1:  # evil merge's edit differs from the base)
                commits.append(sha)
        elif field in ("M", "A", "D"):
            path = next(fields, None)
            if path is None:
                return None
            touched.add(path)
            if field == "D":
                deleted.add(path)
        elif field:
            return None
    order = leading.stdout.decode("ascii", "replace").split() if leading.returncode == 0 else []
    if len(commits) > _FIRST:
        order = run_git(root, "rev-list", "--no-merges", f"--max-count={len(commits)}", head,
                        check=False).decode("ascii", "replace").split()
    return _Span(frozenset(touched), tuple(commits), order[:len(commits)] == commits, frozenset(deleted))


#: How many of the oldest commits of a (nearly) full history window a base describes (`_window`):
#: what the next new commits push out of it, known without reading the history.
_WINDOW_NEXT = 256


def _window(root: str, history, watch: dict[str, Any]) -> list | None:
    """[the commits in the history's window, a flag for each commit the next `_WINDOW_NEXT` new
    commits would push out of it (oldest last): "1" when its leaving changes what the base keeps
    of the history (it removes or renames a path, or touches a watched path: `_watch`), else
    "0"]. One `git log` of those commits, when the window of `MAX_COMMITS` is that close to
    full; None when its end is unknown."""
    return _start_window(root, history)(watch)


def _start_window(root: str, history) -> Callable[[dict[str, Any]], list | None]:
    """`_window`, its `git log` started now (beside the rest of a delta); the returned function
    waits for it and flags the commits for `watch`."""
    from indexer.git import history as log

    need = _WINDOW_NEXT - (log.MAX_COMMITS - history.commits)
    if need <= 0:
        return lambda watch: [history.commits, ""]
    tail = getattr(history, "tail", None)
    if tail is None:
        return lambda watch: None
    shas = tuple(tail[max(len(tail) - need, 0):])
    started = log.start_changes_of(root, shas)

    def flagged(watch: dict[str, Any]) -> list | None:
        read = started()
        if [sha for sha, _ in read] != list(shas):
            return None
        watched = [path for path in watch if path != "."]
        return [history.commits, "".join(
            "1" if any(status in ("D", "R") or _under(old, watched) or (new is not None and _under(new, watched))
                       for status, old, new in changes) else "0"
            for _, changes in read)]
    return flagged


def _window_after(window: Any, span: _Span, watch: Any, paths) -> list | None:
    """The base's `_window` once the new commits of `span` are in the history, when what the
    base keeps of the history (its removals, the watched paths' activities: `_watch`) provably
    stands: no new commit touched a watched path (they only modify files: `_commits_since`), and
    the window holds every commit still, or they come first in HEAD's log (so what they push out
    of the window is its last commits) and those are flagged harmless. A merged branch's commits
    older than the main line's newest come later in the log (`indexer.git.history._interleaved`):
    they need a window with room. None otherwise: the history is read (and extended, `load_history`)."""
    from indexer.git import history as log

    if not (isinstance(window, list) and len(window) == 2 and isinstance(window[0], int)
            and isinstance(window[1], str) and isinstance(watch, dict) and watch.get(".") is True):
        return None
    watched = [path for path in watch if path != "."]
    if any(_under(path, watched) for path in span.touched):
        return None
    count, flags = window
    drop = max(count + len(span.commits) - log.MAX_COMMITS, 0)
    if drop and not span.first:
        return None
    if drop > len(flags) or "1" in flags[len(flags) - drop:]:
        return None
    if drop and not any(path in paths.paths for path in span.touched):
        return None  # (the window keeps some activity: "." in `watch`)
    return [min(count + len(span.commits), log.MAX_COMMITS), flags[:len(flags) - drop]]


def _counted(history, known: dict[str, list[int]]):
    """`History.deleted_in` for `working_folders`: a folder whose bounds in `known` (the base's)
    tell its needed count is answered from them, the others asked of `history` and kept in
    `known` (for the base)."""
    def bounds(needed: dict[str, int]) -> dict[str, list[int]]:
        missing = {folder: count for folder, count in needed.items()
                   if folder not in known or known[folder][0] < count <= known[folder][1]}
        if missing:
            known.update((folder, list(pair)) for folder, pair in history.deleted_in(missing).items())
        return known
    return bounds


def _is_bounds(value) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(isinstance(n, int) for n in value) \
        and value[0] <= value[1]


class _Lazy:
    """The history, read from the cache on first use (a 5 MB row on a 36k-commit repository);
    `was_removed`, what resolving a missing path asks, from the base's list of removed paths. That
    list leaves out the removals of paths tracked then (the history keeps those of the paths gone
    alone): for `gone`, the paths deleted since and the folders they leave, git is asked whether
    the whole history removed them (`ever_removed`: mostly not, and then no history is read; a
    file a doc names deleted in rails' work tree: 1.6 -> 0.45 s), and the history is read for
    those it did."""

    def __init__(self, load, removed, gone: set[str] | frozenset[str] = frozenset(),
                 ever_removed: Callable[[list[str]], frozenset[str]] | None = None) -> None:
        self._load = load
        self._read_removed = removed
        self._gone = gone
        self._ever_removed = ever_removed
        self._gone_removed: frozenset[str] | None = None
        self._value = None
        self._removed: _Sorted | None = None

    def was_removed(self, path: str) -> bool:
        if path in self._gone:
            if self._gone_removed is None:
                self._gone_removed = self._ever_removed(sorted(self._gone)) if self._ever_removed else None
            if self._gone_removed is not None and path not in self._gone_removed:
                return False
            return self.__getattr__("was_removed")(path)
        if self._removed is None and self._value is None:
            self._removed = self._read_removed()
        if self._removed is None:
            return self.__getattr__("was_removed")(path)
        return path in self._removed

    def is_removed_folder(self, path: str) -> bool:
        """From the base's list too, which holds every removed path's folders: `path` held a
        removed path when an entry lies under it (what ignored build outputs ask of each missing
        path: numpy's one-change read its whole history for it)."""
        if path not in self._gone and self._value is None:
            if self._removed is None:
                self._removed = self._read_removed()
            if self._removed is not None:
                return self._removed.holds_under(path)
        return self.__getattr__("is_removed_folder")(path)

    def __getattr__(self, name: str):
        if self._value is None:
            self._value = self._load()
        return getattr(self._value, name)


def _removed(cache, key: str, head: str | None) -> "_Sorted | None":
    text = cache.get_text(REMOVED_KIND, key)
    if text is None:
        return None
    first, _, rest = text.partition("\n")
    return _Sorted(rest) if first == (head or "") else None


class _Sorted:
    """Sorted paths in one NUL-separated text (the base's removed paths: ~50k on terraform):
    `in` by binary search over the text, without splitting it or building a set."""

    def __init__(self, text: str) -> None:
        self._text = text

    def entries(self) -> set[str]:
        return set(self._text.split("\0")) - {""}

    def __contains__(self, path: str) -> bool:
        return self._first_from(path) == path

    def holds_under(self, folder: str) -> bool:
        """Whether an entry lies under `folder` (the entries beginning with `folder/` are one run)."""
        first = self._first_from(folder + "/")
        return first is not None and first.startswith(folder + "/")

    def _first_from(self, key: str) -> str | None:
        """The first entry not before `key`, if any."""
        text = self._text
        found = None
        low, high = 0, len(text)  # whole entries: `low` starts one, `high` ends one
        while low < high:
            mid = (low + high) // 2
            start = text.rfind("\0", low, mid) + 1 or low
            end = text.find("\0", start, high)
            end = high if end < 0 else end
            entry = text[start:end]
            if entry < key:
                low = end + 1
            else:
                found = entry
                high = max(start - 1, low)
        return found


def _watch(definitions, found) -> dict[str, Any]:
    """Every path whose history legacy detection reads, with its activity then: the candidates
    (`legacy._candidates`: folders and files named like legacy, folders asked to be left) and the
    successors they name, the paths files call deprecated and theirs, the declared ones and
    theirs. Detection reads the history through these paths' `Activity` alone (and whether
    there is any), so when new commits leave every one of them as it was (the commits a window
    of `MAX_COMMITS` drops included), detection says what it said: the delta skips it. The
    candidates and notices depend on the paths, the migrate asks and the definitions, which a
    delta keeps as the base's."""
    from indexer.contradictions.legacy import _candidates, deprecation_notices, folder_listing

    watched: set[str] = {"."}  # "." stands for "any activity at all"
    for path, successor in _candidates(found.paths, found.asks):
        watched.update(p for p in (path, successor) if p)
    notices, successors = deprecation_notices(definitions, found.paths, found.historical)
    watched.update(notices)
    watched.update(successors.values())
    for item in found.legacy:
        watched.update(p for p in (item.path, item.successor) if p)
    return _activities(found.history, watched)


def _activities(history, paths) -> dict[str, Any]:
    """path -> its activity as JSON (None: none), "." -> whether the history has any."""
    out: dict[str, Any] = {}
    activity = history.activity
    for path in sorted(paths):
        if path == ".":
            out[path] = bool(activity)
            continue
        found = activity.get(path)
        out[path] = None if found is None else [found.last_commit, found.last_author, found.last_time,
                                                found.recent, found.year, found.total]
    return out


def _identities(root: str, paths, history, definitions, resolver=None) -> list:
    """(host, owner, name) the repository goes by (`Resolver.identities`), as JSON."""
    if resolver is None:
        from indexer.contradictions.resolve import Resolver

        resolver = Resolver(root, paths, history, definitions)
    return sorted([list(identity) for identity in resolver.identities()])


def _pointing_rows(resolved, legacy_paths, historical) -> dict[str, list]:
    """file -> its references into a legacy path, everything a legacy finding or resolution
    quotes of them (references in order, then imports); none of a historical document, which
    they never quote (`Contradictions.treats_as_current`)."""
    out: dict[str, list] = {}
    for r in resolved:
        if r.path is not None and _under(r.path, legacy_paths) and not historical(r.reference.path):
            ref = r.reference
            out.setdefault(ref.path, []).append([ref.line, ref.target, ref.kind, ref.text, ref.deprecated,
                                                 ref.base, ref.example, r.status, r.path])
    return out


def _said(definitions, path: str, paths, historical) -> tuple:
    """What legacy detection reads of one file's deprecation signals (`deprecation_notices`):
    the paths it names deprecated, with their evidence (its lines), and their successors."""
    from indexer.contradictions.legacy import deprecation_notices

    defs = definitions.get(path)
    if not (isinstance(defs, dict) and defs.get("deprecated")):
        return {}, {}
    return deprecation_notices({path: defs}, paths, historical)


def _plain(value: Any) -> str:
    """As the base stores it (JSON: tuples are lists)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _under(path: str, prefixes) -> bool:
    return any(path == p or path.startswith(p + "/") for p in prefixes)


def _legacy_state(legacy) -> str:
    data = json.dumps([repr(item) for item in legacy], ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8", "surrogateescape")).hexdigest()
