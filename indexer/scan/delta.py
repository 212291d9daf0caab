"""The delta scan: after a change, the work of the changed files, not of the repository.

A complete scan stores a *base* in the cache (`store_base`): what it scanned (every path's
content SHA), the world its per-file findings were computed against (every file's
definitions, the legacy paths, which files point into them or ask to migrate), and its result.
The base's key is everything else a scan depends on (package version, merged configuration,
rule pack, remote identity, branch, `--now`), never the checkout's path, so clones share it.

A later scan whose files differ from the base's only in content, in a set C (`try_delta`):
re-extracts C; recomputes the findings of the "file" rules (`indexer.checks.Check`) for C
against the world; keeps the base's findings of the "world" rules and of the other files;
runs the "tree" rules (standards) over the tree again. After new commits (`--since` in CI), C
also holds every file a commit of the range touched (their lines' ages moved). It raises
`Fallback`, and the caller runs the full pipeline (`scan -v` says why), whenever C could change
the world or the base cannot be trusted: a path added,
removed or renamed, a definition changed, a migrate ask or a reference into a legacy path in
C that differs from the base's, a file at or in a legacy path, `.gitignore`/`.gitattributes`/the
standards file, a new identity of the repository (go.mod, package.json, pyproject.toml at the
root), a vendored, generated or skipped file, a HEAD that does not descend from the base's, a
commit that adds, deletes or renames a path, a legacy set that moved with the history.
A delta after new commits becomes the base; one after work-tree edits leaves the base as it
is (the change is measured from the complete scan of HEAD). After new commits, legacy detection runs again only when a path it reads the history of
(`_watch`: its candidates, their successors, declared and deprecated paths) changed activity.
An edited file's unchanged lines keep the ages and exact dates of HEAD's lines
(`indexer.git.blame.worktree_lines`): only new lines would need a blame.
The result is the one a scan with an empty cache gives (`tests/test_delta.py`).
"""
from __future__ import annotations

import hashlib
import json
import os
import posixpath
import time
from dataclasses import replace
from typing import Any

from indexer import __version__
from indexer.findings import Finding
from indexer.git.root import CONFIG_NAMES

BASE_KIND = "scan-base/v2"
REMOVED_KIND = "scan-base-removed/v2"  # the base's history: every path removed, one a line
#: More changed files than this (or than a tenth of the repository) and the full pipeline runs:
#: it is then no slower, and the base is rewritten.
MAX_CHANGED = 200
#: Files that feed the world wherever they are (ignore rules, attributes, the standards file).
_GLOBAL_NAMES = frozenset({".gitignore", ".gitattributes", ".gitmodules", *CONFIG_NAMES})
#: Files at the root that the repository's identity is read from (`Resolver.identities`).
_ROOT_GLOBAL = frozenset({"go.mod", "package.json", "pyproject.toml"})


#: What a base holds (`store_base`), checked before it is used.
_BASE_SHAPE = {"head": (str, type(None)), "files": dict, "left_out": dict, "definitions": dict, "skipped": list,
               "generated": list, "vendored": list, "legacy": list, "legacy_state": str,
               "pointing_files": list, "pointing": dict, "suppression_files": list, "identities": list,
               "ask_files": list, "removals": int, "asks": list, "result": str,
               "gated": str}


def base_key(root: str, config: Any, now, environment: tuple[bytes, bytes] | None = None) -> str:
    """Every input of a scan but the files and HEAD: what a base must share with a scan."""
    from indexer.git.discover import links_branch
    from indexer.scan.inputs import environment_of

    settings = config.to_json()
    if isinstance(settings.get("file"), str):  # the standards file's place, not the checkout's path
        settings["file"] = os.path.relpath(settings["file"], root)
    digest = hashlib.sha256()
    for part in (__version__, now.isoformat(), json.dumps(settings, sort_keys=True, default=str),
                 links_branch(root)):
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


def store_base(cache, key: str, snapshot, left_out, result, collected, found, gated: str) -> None:
    """Keep what a delta scan needs of the complete scan `result` (its stages' `collected` and
    `found`, and its gated `--format json` text)."""
    legacy_paths = sorted(item.path for item in found.legacy)
    pointing = _pointing_rows((*found.resolved, *found.imports) if legacy_paths else (), legacy_paths)
    cache.put_text(BASE_KIND, key, json.dumps({
        "head": snapshot.head,
        "files": content_map(snapshot),
        "left_out": left_out,
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
        "legacy_watch": _watch(collected.definitions, found),
        "asks": [[a.path, a.line, a.text, list(a.leave), list(a.toward)] for a in found.asks],
        "result": result.to_json_text(),
        "gated": gated,
    }, separators=(",", ":"), ensure_ascii=False))
    history = found.history  # what resolution asks of it most (`History.was_removed`), read on its own
    removed = sorted(set(history.removals) | history.removed_folders) if history is not None else []
    cache.put_text(REMOVED_KIND, key, "\n".join([snapshot.head or "", *removed]))


class Fallback(Exception):
    """Why this scan cannot be computed from the base: the full pipeline runs (`scan -v` says why)."""


def try_delta(root: str, config, now, snapshot, left_out, cache, key: str, progress=None):
    """The result of this scan computed from the stored base; `Fallback` (why not) otherwise."""
    clock = time.perf_counter()
    text = cache.get_text(BASE_KIND, key)
    if text is None:
        raise Fallback("no base (no complete scan with this configuration, rules and --now)")
    try:
        base = json.loads(text)
    except ValueError:
        base = None
    if not isinstance(base, dict) or any(not isinstance(base.get(name), kind) for name, kind in _BASE_SHAPE.items()):
        raise Fallback("the base is damaged or of another version")  # the full scan writes a new one
    base_files: dict[str, str] = base["files"]
    current = content_map(snapshot)
    if current.keys() != base_files.keys() or base.get("left_out") != left_out:
        raise Fallback("a path was added, removed or renamed")
    changed = {path for path, sha in current.items() if base_files[path] != sha}
    moved = base["head"] != snapshot.head
    if moved:
        touched = _touched_since(root, base["head"], snapshot.head)
        if touched is None:
            raise Fallback("the commits since the base's HEAD are not all file modifications on its line")
        changed |= touched & current.keys()
    if len(changed) > min(MAX_CHANGED, max(len(current) // 10, 8)):
        raise Fallback(f"{len(changed)} files changed")
    legacy_paths = base["legacy"]
    for path in changed:
        name = posixpath.basename(path)
        if name in _GLOBAL_NAMES:
            raise Fallback(f"{path} is read by every file's scan")
        if _under(path, legacy_paths):
            raise Fallback(f"{path} is at or in a legacy path")
    for listed, what in (("skipped", "skipped"), ("vendored", "vendored or generated"), ("generated", "generated")):
        if changed.intersection(base[listed]):
            raise Fallback(f"{min(changed.intersection(base[listed]))} was {what}")
    base["files"] = current  # what it will say once this scan is the base
    return _delta(root, config, now, snapshot, left_out, cache, key, base, changed, moved, progress, clock)


def _delta(root, config, now, snapshot, left_out, cache, key, base, changed, moved, progress, clock):
    start = clock
    from indexer.contradictions.legacy import deprecation_notices, find_legacy, migrate_asks, MigrateAsk
    from indexer.contradictions.paths import RepoPaths
    from indexer.contradictions.resolve import IMPORT_KINDS, Resolver
    from indexer.contradictions.stage import Contradictions, config_file_of, historical_test, legacy_settings
    from indexer.checks import load_checks
    from indexer.git.history import load_history
    from indexer.scan.collect import collect, vendored_folders
    from indexer.scan.pipeline import ScanContext, _lap, start_ageing
    from indexer.scan.result import ScanResult, with_parsed
    from indexer.scan.suppress import apply_suppressions
    from indexer.text import STRUCTURAL, safe_record, safe_tree

    only = frozenset(changed)
    collected = collect(snapshot, cache, config.scan.markers, config.scan.max_file_bytes,
                        progress(len(only)) if progress else None, only)
    if collected.skipped or any(path in collected.generated for path in only):
        raise Fallback("a changed file is skipped or generated now")
    definitions = base["definitions"]
    if any(_plain(collected.definitions.get(path)) != _plain(definitions.get(path)) for path in only):
        raise Fallback("a definition changed (a make target, a script, a route...)")
    ctx = ScanContext(root=root, config=config, now=now, snapshot=snapshot, collected=collected,
                      ages={}, cache=cache, notes=list(config.notes), left_out=left_out)
    clock = _lap(ctx, "delta: read the base, extract the changed files", clock)
    finish_ageing = start_ageing(ctx)
    paths = RepoPaths(snapshot.files, left_out)
    if moved:  # extended by the new commits (and cached for the next scan)
        history = load_history(root, snapshot.head, now, paths.paths, cache)
        if len(history.removals) != base["removals"]:  # the new commits only modify files, so
            finish_ageing()  # a window that moved past a removal is the one way they can differ
            raise Fallback("the history's removals changed")
    else:  # the base's own history: read only if a changed file's references need it
        history = _Lazy(lambda: load_history(root, snapshot.head, now, paths.paths, cache),
                        lambda: _removed(cache, key, base.get("removed_head", base["head"])))
    resolver = Resolver(root, paths, history, definitions)
    if only & _ROOT_GLOBAL and _identities(root, paths, history, definitions, resolver) != base["identities"]:
        finish_ageing()  # links to this repository's hosting site resolve as paths: in every file
        raise Fallback("the repository's identity (go.mod, package.json, pyproject.toml) changed")
    references = [(path, ref) for path in sorted(collected.references) for ref in collected.references[path]]
    resolved = resolver._without_ignored([resolver.resolve(ref) for _, ref in references
                                          if ref.kind not in IMPORT_KINDS])
    legacy_paths = base["legacy"]
    imports = [resolver.resolve(ref) for _, ref in references if ref.kind in IMPORT_KINDS] if legacy_paths else []
    # what legacy detection and "still pointing at it" read of the changed files, as the base had it
    asks = [[a.path, a.line, a.text, list(a.leave), list(a.toward)] for a in migrate_asks(collected.todos, resolved)]
    if asks != [row for row in base["asks"] if row[0] in only]:
        finish_ageing()
        raise Fallback("a migrate ask changed")
    pointing = _pointing_rows((*resolved, *imports), legacy_paths)
    if any(pointing.get(path) != base["pointing"].get(path) for path in only):
        finish_ageing()
        raise Fallback("a reference into a legacy path changed")
    suppressed = set(base["suppression_files"]) | set(collected.suppressions)
    if any(path in base["pointing"] and path in suppressed for path in only):
        finish_ageing()  # its legacy-reference findings are the base's, suppressed as they were
        raise Fallback("a file pointing into a legacy path has suppressions")
    historical = historical_test(config)
    watch = base.get("legacy_watch")
    if moved and isinstance(watch, dict) and _activities(history, watch) == watch:
        clock = _lap(ctx, "delta: legacy detection skipped (no path it reads moved)", clock)
    elif moved:  # the history moved: the legacy set is what detection says now, or the base is no good
        asks = [MigrateAsk(p, line, text, tuple(leave), tuple(toward)) for p, line, text, leave, toward in base["asks"]]
        notices, successors = deprecation_notices(definitions, paths, historical)
        legacy = find_legacy(config.legacy, paths, history, now, asks, legacy_settings(config), notices, successors)
        vendored = set(base["vendored"])
        if vendored and config.scan.vendored != "report":  # as `indexer.contradictions.stage.attach` does
            folders = vendored_folders(vendored, snapshot.files)
            legacy = [item for item in legacy if item.declared or (item.path not in vendored and item.path not in folders)]
        if _legacy_state(legacy) != base["legacy_state"]:
            finish_ageing()
            raise Fallback("the legacy set changed with the history")
    ctx.contradictions = Contradictions(
        paths=paths, history=history, resolved=resolved, legacy=[], asks=[],
        resolve_imports=lambda: imports, config_file=config_file_of(ctx), historical=historical,
        standards=tuple(config.standards))
    clock = _lap(ctx, "delta: contradictions of the changed files", clock)
    ctx.ages = finish_ageing()
    clock = _lap(ctx, "delta: age", clock)
    fresh: list[Finding] = []
    tree: list[Finding] = []
    checks = load_checks(config)
    for check in checks:  # "world" rules: the base's findings stand
        if check.scope != "world":
            (fresh if check.scope == "file" else tree).extend(check.run(ctx, check.rule))
            clock = _lap(ctx, f"delta: check {check.rule.id}", clock)
    suppressions = dict(collected.suppressions)
    elsewhere = {f.path for f in tree} - only
    if elsewhere:  # the suppressions of the files a tree rule reports on
        suppressions.update(collect(snapshot, cache, config.scan.markers, config.scan.max_file_bytes,
                                    None, frozenset(elsewhere) & snapshot.files.keys()).suppressions)
    fresh = apply_suppressions([*fresh, *tree], suppressions)
    try:
        previous = ScanResult.from_json_text(base["result"])
        previous_gated = json.loads(base["gated"])
    except (ValueError, KeyError, TypeError, AttributeError):
        raise Fallback("the base's result is damaged") from None
    if len(previous_gated.get("findings", ())) != len(previous.findings):
        raise Fallback("the base's result is damaged")
    scope = {c.rule.id: c.scope for c in checks}
    # each finding with its gated JSON object: the base's as they were gated, the new ones gated here
    pairs = [(f, g) for f, g in zip(previous.findings, previous_gated["findings"])
             if scope.get(f.rule) == "world" or (scope.get(f.rule) == "file" and f.path not in only)]
    pairs.extend((f, safe_record(f.to_json())) for f in fresh)
    pairs.sort(key=lambda pair: (pair[0].path, pair[0].line or 0, pair[0].rule, pair[0].message))
    result = ScanResult(
        root=root, head=snapshot.head, now=now, findings=tuple(f for f, _ in pairs), files=len(snapshot.files),
        parsed=collected.parsed, skipped=previous.skipped, notes=previous.notes,
        set_aside=previous.set_aside, resolutions=previous.resolutions, memory=config,
        timings=ctx.timings)
    out = result.to_json()
    gated = {name: [g for _, g in pairs] if name == "findings" else
             value if name in STRUCTURAL or name == "summary" else
             previous_gated[name] if name in previous_gated else safe_tree(value, STRUCTURAL)
             for name, value in out.items()}  # notes and resolutions are the base's: gated as they were
    text = json.dumps(gated, separators=(",", ":"), ensure_ascii=False) + "\n"
    result = replace(result, gated=text)
    # After new commits, the next change is measured from here: this result is the new base.
    # Work-tree edits on the base's HEAD leave it as it is (rewriting ~1 MB on terraform cost
    # each edit's scan a tenth of its time): the next scan's change is what differs from it.
    if moved and not cache.warnings:
        base.update(head=snapshot.head, result=replace(result, parsed=0).to_json_text(),
                    gated=with_parsed(text, result.files, result.parsed, 0) or "")
        # the new commits only modify files and the count of removals is the base's, so the
        # removed paths are the same (the window of `MAX_COMMITS` can only drop some): their
        # list, written at `removed_head`, stands
        base.setdefault("removed_head", previous.head)
        if isinstance(watch, dict):
            base["legacy_watch"] = _activities(history, watch)
        cache.put_text(BASE_KIND, key, json.dumps(base, separators=(",", ":"), ensure_ascii=False))
    ctx.timings[f"delta: {len(only)} changed file{'s' * (len(only) != 1)} in all"] = time.perf_counter() - start
    return result


def _touched_since(root: str, base_head: str | None, head: str | None) -> set[str] | None:
    """Paths the commits from the base's HEAD to this one modified (their lines' ages may have
    moved, whatever their content), merged branches' commits included: a file no commit of the
    range touched keeps its blame (git passes a line to the parent whose file is identical).
    None when HEAD does not descend from the base's, or a commit added, deleted or renamed a
    path (the history's removals would differ from the base's)."""
    from indexer.git.run import git_process, is_ancestor

    if base_head is None or head is None:
        return None
    if not is_ancestor(root, base_head, head):
        return None
    proc = git_process(root, "-c", "core.quotePath=false", "log", "--format=%x01", "--name-status",
                       "--no-renames", "-z", f"{base_head}..{head}")
    if proc.returncode != 0:
        return None
    touched: set[str] = set()
    fields = iter(proc.stdout.decode("utf-8", "surrogateescape").split("\0"))
    for field in fields:
        field = field.lstrip("\n")
        if field.startswith("\x01"):  # a commit (a merge lists no files of its own: its
            continue  # branch's commits are in the range; an evil merge's edit differs from the base)
        if field == "M":
            path = next(fields, None)
            if path is None:
                return None
            touched.add(path)
        elif field:
            return None
    return touched


class _Lazy:
    """The history, read from the cache on first use (a 5 MB row on a 36k-commit repository);
    `was_removed`, what resolving a missing path asks, from the base's list of removed paths."""

    def __init__(self, load, removed) -> None:
        self._load = load
        self._read_removed = removed
        self._value = None
        self._removed: frozenset[str] | None = None

    def was_removed(self, path: str) -> bool:
        if self._removed is None and self._value is None:
            self._removed = self._read_removed()
        if self._removed is None:
            return self.__getattr__("was_removed")(path)
        return path in self._removed

    def __getattr__(self, name: str):
        if self._value is None:
            self._value = self._load()
        return getattr(self._value, name)


def _removed(cache, key: str, head: str | None) -> frozenset[str] | None:
    text = cache.get_text(REMOVED_KIND, key)
    if text is None:
        return None
    first, _, rest = text.partition("\n")
    return frozenset(rest.split("\n")) - {""} if first == (head or "") else None


def _watch(definitions, found) -> dict[str, Any]:
    """Every path whose history legacy detection reads, with its activity then: the candidates
    (`legacy._candidates`: folders and files named like legacy, folders asked to be left) and the
    successors they name, the paths files call deprecated and theirs, the declared ones and
    theirs. Detection reads the history through these paths' `Activity` alone (and whether
    there is any), so when new commits leave every one of them as it was (the commits a window
    of `MAX_COMMITS` drops included), detection says what it said: the delta skips it. The
    candidates and notices depend on the paths, the migrate asks and the definitions, which a
    delta keeps as the base's."""
    from indexer.contradictions.legacy import _candidates, deprecation_notices

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


def _pointing_rows(resolved, legacy_paths) -> dict[str, list]:
    """file -> its references into a legacy path, everything a legacy finding or resolution
    quotes of them (references in order, then imports)."""
    out: dict[str, list] = {}
    for r in resolved:
        if r.path is not None and _under(r.path, legacy_paths):
            ref = r.reference
            out.setdefault(ref.path, []).append([ref.line, ref.target, ref.kind, ref.text, ref.deprecated,
                                                 ref.base, ref.example, r.status, r.path])
    return out


def _plain(value: Any) -> str:
    """As the base stores it (JSON: tuples are lists)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _under(path: str, prefixes) -> bool:
    return any(path == p or path.startswith(p + "/") for p in prefixes)


def _legacy_state(legacy) -> str:
    data = json.dumps([repr(item) for item in legacy], ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8", "surrogateescape")).hexdigest()
