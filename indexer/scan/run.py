"""`run_scan`: the scan as callers see it, memoised on everything it depends on.

A scan is a pure function of the tracked content (HEAD, the index, the work-tree edits), the
merged configuration, `--now` and the files asked about. When all of those are what an earlier
scan saw, its result is read back from the cache: the warm path costs the three git plumbing
calls and one cache read, and imports none of the stages (`indexer.scan.pipeline` does).
"""
from __future__ import annotations

from collections import Counter
import json
import time
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Any, Callable

from indexer.cache import Cache, cache_dir_for
from indexer.git.discover import GitState, links_branch, read_state
from indexer.git.discover import snapshot as take_snapshot
from indexer.git.root import memory_files
from indexer.scan.inputs import MEMO_KIND, environment_of, memo_key, raw_memo_key
from indexer.scan.result import ScanResult, with_parsed

if TYPE_CHECKING:
    from indexer.models import Config


def run_scan(path: str, now: date, cache_dir: str | None = None, config_path: str | None = None,
             progress: Callable[[int], Callable[[int], None]] | None = None,
             only: frozenset[str] | None = None, memo: bool = True,
             include_vendored: bool = False, with_memory: bool = False,
             with_contradictions: bool = False, state: GitState | None = None) -> ScanResult:
    """Scan the repository containing `path`; with `only`, read and report those paths alone.

    `memo=False` always runs the stages (callers that need `ScanResult.contradictions` or
    `ScanResult.collected`); `with_memory` sets `ScanResult.memory` on a memo hit too.
    `include_vendored` reports vendored and generated code too (`scan.vendored: report`).
    `with_contradictions`: a memo hit carries the picture `explain` reads, when the scan stored
    one (`indexer.contradictions.explain.StoredContradictions`), else `contradictions` stays None.
    `state`: the repository's `read_state`, when the caller has just read it.
    """
    state = state or read_state(path)
    root = state.root
    cache = Cache(cache_dir_for(root, cache_dir))
    try:
        environment = environment_of(root)  # (read once: every key below hashes it)
        # a link to this repository's hosting site that names the current branch is a local path:
        # the branch is an input of the result (and of the base's key, `delta.base_key`)
        branch = links_branch(root, state)
        results = (*environment, branch.encode("utf-8", "surrogateescape"))
        quick = None if include_vendored else raw_memo_key(root, state, config_path, now, only, results)
        if memo and quick is not None and (hit := _recall(cache, quick, root)) is not None:
            hit = _with_stored(hit, cache, quick, cache_dir) if with_contradictions else hit
            if not with_memory:
                return hit
            return _with_memory(hit, _load_memory(root, config_path, cache_dir))
        from indexer.globs import compile_globs

        config = _load_memory(root, config_path, cache_dir)
        if config.extends:  # the merged memory, not the file's bytes, is an input: `memo_key`
            quick = None
        if include_vendored:
            config = replace(config, scan=replace(config.scan, vendored="report"))
        discovering = time.perf_counter()
        snapshot, left_out = take_snapshot(root, compile_globs(config.scan.exclude), state)
        discovered = time.perf_counter() - discovering
        key = quick or memo_key(snapshot, config, now, only, results)
        if memo and quick is None and (hit := _recall(cache, key, root)) is not None:
            return _with_memory(_with_stored(hit, cache, key, cache_dir) if with_contradictions else hit, config)
        from indexer.scan.pipeline import run_pipeline, without_foreign_entries
        from indexer.scan import delta

        # a complete scan keeps a base; a later one that differs from it in a few files' content
        # does the work of those files (`indexer.scan.delta`); callers of `memo=False` want the stages' outputs
        base = delta.base_key(root, config, environment, state, branch) if memo else None

        used: list[str] = []  # the base a delta scan started from (kept by `retention.record`)

        def fresh() -> ScanResult:
            why: dict[str, Any] = {}
            if base is not None:
                try:
                    # (a FILES result is not the whole one: the memo's row under `key` is no base)
                    try:
                        found = delta.try_delta(root, config, now, snapshot, left_out, cache, base, progress,
                                                key if only is None else None)
                        used.append(base)
                    except (delta.NoBase, delta.Diverged):
                        if not branch:
                            raise
                        # a branch without a base of its own (a new one), or whose base it no longer descends
                        # from (rebased onto the default branch): the default branch's serves, not moved
                        default = delta.base_key(root, config, environment, state, "")
                        found = delta.try_delta(root, config, now, snapshot, left_out, cache, default, progress,
                                                branch=branch)
                        used.append(default)
                    if only is not None:  # FILES / pre-commit: the full-equivalent result on those files
                        from indexer.scan.narrow import on_files

                        return on_files(replace(found, timings={"discover": discovered, **found.timings}), only)
                    return replace(found, timings={"discover": discovered, **found.timings}, gated=found.gated_json,
                                   text=found.memo_text)
                except delta.Fallback as exc:  # `scan -v` says why the whole pipeline ran
                    why = {f"{'full' if only is None else 'narrowed'} scan: {exc}": None}
            findings, ctx = run_pipeline(root, config, now, snapshot, left_out, cache,
                                         progress(len(snapshot.files)) if progress else None, only)
            notes = ctx.notes + cache.warnings
            return ScanResult(
                root=root, head=snapshot.head, now=now, findings=tuple(findings),
                files=len(snapshot.files), parsed=ctx.collected.parsed,
                skipped=dict(sorted(Counter(ctx.collected.skipped.values()).items())),
                notes=tuple(dict.fromkeys(notes)), set_aside=dict(ctx.collected.set_aside),
                resolutions=tuple(r.to_json() for r in ctx.contradictions.resolutions),
                memory=config, collected=ctx.collected, contradictions=ctx.contradictions,
                timings={"discover": discovered, **why, **ctx.timings})

        result = without_foreign_entries(cache, fresh)
        # a narrowed scan (FILES with no base to measure from) is not kept: once a complete scan
        # leaves a base, the same FILES get the complete answer, not this one from the memo
        narrowed = only is not None and result.contradictions is not None
        if not cache.warnings and not narrowed:
            from indexer.output.json_report import render as gated_json

            stored = replace(result, parsed=0)
            # the gated `--format json` text too, so a hit writes it back without the gate's cost (a
            # delta result comes gated: the base's gated findings and the changed files' own)
            gated = with_parsed(result.gated_json, result.files, result.parsed, 0) if result.gated_json else None
            gated = gated or gated_json(stored)
            # (a delta's result comes with its JSON text too: `to_json()` is not made again)
            text = with_parsed(result.memo_text, result.files, result.parsed, 0) if result.memo_text else None
            cache.put_text(MEMO_KIND, key, (text or stored.to_json_text()) + "\n" + gated)
            if only is None and result.contradictions is not None:  # what `explain` reads, so that
                # explaining after a scan is a cache read (a delta scan has no picture of its own)
                from indexer.contradictions.explain import EXPLAIN_KIND, explain_index

                cache.put_text(EXPLAIN_KIND, key, explain_index(result.contradictions))
                if base is not None:  # a complete scan: the base the next change is measured from
                    used.append(base)
                    delta.store_base(cache, base, snapshot, left_out, result.collected, result.contradictions, key, now,
                                     config.legacy)
            # and this scan's own `--format json` is that text with its `parsed`: gated once, not twice
            result = replace(result, gated=with_parsed(gated, result.files, 0, result.parsed))
            from indexer.scan import retention

            retention.record(cache, key, used[-1] if used else None, {*snapshot.files.values(), snapshot.head or ""})
        from indexer.regex import keep

        keep()  # (the patterns this scan compiled, for the next one: `indexer.regex`)
        return result
    finally:
        cache.close()


def _load_memory(root: str, config_path: str | None, cache_dir: str | None) -> Config:
    """`load_memory`, without importing the standards loader (and PyYAML) when the repository
    has no standards file: that is `Config()`, what the loader returns for it."""
    if config_path is None and not memory_files(root):
        from indexer.models import Config

        return Config()
    from indexer.memory.load import load_memory

    return load_memory(root, config_path, cache_dir)


def _with_memory(result: ScanResult, config: Config) -> ScanResult:
    """`result` carrying the loaded memory; the same result, so the memo's texts stay."""
    return replace(result, memory=config, text=result.memo_text, gated=result.gated_json)


def _with_stored(result: ScanResult, cache: Cache, key: str, cache_dir: str | None) -> ScanResult:
    """`result` carrying the contradictions picture stored under `key`, if any (a damaged one is none)."""
    from indexer.contradictions.explain import EXPLAIN_KIND, StoredContradictions

    text = cache.get_text(EXPLAIN_KIND, key)
    try:
        found = StoredContradictions(text, result.root, result.head, result.now, cache_dir) if text else None
    except (ValueError, KeyError, TypeError):
        found = None
    return replace(result, contradictions=found, text=result.memo_text, gated=result.gated_json)


def _recall(cache: Cache, key: str, root: str) -> ScanResult | None:
    """The memoised result, as seen from this checkout (keys leave the checkout's path out, so
    clones sharing a cache share results)."""
    text = cache.get_text(MEMO_KIND, key)
    if text is None:
        return None
    text, _, gated = text.partition("\n")
    try:
        result = ScanResult.from_json_text(text)
    except (ValueError, KeyError, TypeError, AttributeError):  # a damaged row is a miss
        return None
    if result.root != root:
        head = '{"version":1,"root":'
        before, after = head + json.dumps(result.root, ensure_ascii=False) + ",", head + json.dumps(root, ensure_ascii=False) + ","
        gated = after + gated[len(before):] if gated.startswith(before) else ""
        return replace(result, root=root, gated=gated)
    return replace(result, text=text, gated=gated) if gated else result
