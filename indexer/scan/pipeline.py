"""The scan pipeline: discover -> collect (extract) -> age -> contradictions -> checks -> suppressions.

Each stage is a plain function over plain data; this module only wires them in order and fills
the context the checks read from (`indexer.scan.context`). It imports every stage, so only
`indexer.scan.run` and the delta scan import it, and only when the memoised result of an
identical earlier scan cannot be reused.
"""
from __future__ import annotations

import time
from datetime import date, timedelta
from typing import Callable, TypeVar

from indexer.git import blame as age_stage
from indexer.cache import Cache
from indexer.checks import load_checks
from indexer.scan.collect import (VENDORED_QUIET, classify_vendored, collect, set_aside_vendored,
                                   vendored_folders)
from indexer.contradictions.stage import attach as attach_contradictions
from indexer.dates import epoch
from indexer.contradictions.paths import RepoPaths
from indexer.git.history import LogPrefetch
from indexer.findings import Finding
from indexer.models import Config, LineAge, Snapshot
from indexer.scan.context import ScanContext
from indexer.rulepack import settings_for
from indexer.scan.suppress import apply_suppressions

AGE_CACHE_VERSION = 1
T = TypeVar("T")


# What reading an entry of another shape raises (the cache is keyed by content, not guarded
# against a file written by another program or tampered with).
_FOREIGN_ENTRY = (KeyError, TypeError, AttributeError, ValueError, IndexError)


def without_foreign_entries(cache: Cache, compute: Callable[[], T]) -> T:
    """`compute()`; when cached entries make it fail, the cache is emptied (with a note) and it
    runs once more, so an error that was not the cache's shows itself again."""
    try:
        return compute()
    except _FOREIGN_ENTRY as exc:
        cache.reset(f"{type(exc).__name__}: {exc}")
        return compute()


def run_pipeline(root: str, config: Config, now: date, snapshot: Snapshot,
                 left_out: dict[str, str], cache: Cache,
                 progress: Callable[[int], None] | None, only: frozenset[str] | None):
    """Run every stage; return (findings, context)."""
    history_log = LogPrefetch(root, snapshot.head, now,  # started by `collect` only on a cold run
                              lambda: RepoPaths(snapshot.files, left_out).paths)
    try:
        return _run_stages(root, config, now, snapshot, left_out, cache, progress, only, history_log)
    finally:
        history_log.discard()  # not read (the history was cached, or a stage failed): ended here


def _run_stages(root, config, now, snapshot, left_out, cache, progress, only, history_log):
    clock = time.perf_counter()
    collected = collect(snapshot, cache, config.scan.markers, config.scan.max_file_bytes, progress, only,
                        on_cold=history_log.start, on_todo_files=_graph_when_needed(root, config, now, snapshot, cache))
    report_vendored = config.scan.vendored == "report"
    set_aside_vendored(collected, root, snapshot.files, report=report_vendored)
    ctx = ScanContext(root=root, config=config, now=now, snapshot=snapshot, collected=collected,
                      ages={}, cache=cache, notes=list(config.notes), only=only, left_out=left_out,
                      history_log=history_log)
    clock = _lap(ctx, "extract", clock)
    finish_ageing = start_ageing(ctx)
    attach_contradictions(ctx)
    clock = _lap(ctx, "contradictions (ageing meanwhile)", clock)
    ctx.ages = finish_ageing()
    clock = _lap(ctx, "age (the rest)", clock)
    findings: list[Finding] = []
    for check in load_checks(config):
        findings.extend(check.run(ctx, check.rule))
        clock = _lap(ctx, f"check {check.rule.id}", clock)
    findings = apply_suppressions(findings, ctx.collected.suppressions)
    if collected.vendored and not report_vendored:  # nothing reported in third-party/generated code
        folders = vendored_folders(collected.vendored, snapshot.files)
        findings = [f for f in findings if f.rule not in VENDORED_QUIET
                    or (f.path not in collected.vendored and f.path not in folders)]
    if only is not None:
        findings = [f for f in findings if f.path in only]
    findings.sort(key=lambda f: (f.path, f.line or 0, f.rule, f.message))
    return findings, ctx


def _graph_when_needed(root: str, config: Config, now: date, snapshot: Snapshot, cache: Cache
                       ) -> Callable[[list[str]], None]:
    """`collect`'s `on_todo_files`: once a cold extraction has found as many files of the
    project's own with TODOs (vendored ones are set aside before the ageing) as make the ageing
    write its commit-graph (`age_stage.GRAPH_MIN_FILES`), start writing it, beside the rest of
    the extraction and the history's log, rather than after them (the graph is written once per
    cache and HEAD; the ageing then finds it written or being written). On a long history the
    graph takes seconds, and the blames wait for it."""
    found: set[str] = set()
    vendored: dict[str, str] | None = None  # (classified once, when the files found are enough)
    started = False

    def seen(paths: list[str]) -> None:
        nonlocal started, vendored
        if started or snapshot.head is None:
            return
        found.update(paths)
        if len(found) < age_stage.GRAPH_MIN_FILES:
            return
        if vendored is None:
            vendored = {} if config.scan.vendored == "report" else classify_vendored(root, snapshot.files)
        if len(found - vendored.keys()) >= age_stage.GRAPH_MIN_FILES:
            started = True
            age_stage.commit_graph(root, cache.directory, snapshot.head, True, _stale_cutoff(config, now))

    return seen


def _stale_cutoff(config: Config, now: date) -> int:
    """stale-todo's cutoff: lines older than it are stale by age, and their messages give the
    exact date (`age_stage.OriginPrefetch`); the scan's own when the rule is off."""
    rule = settings_for(config).get("stale-todo")
    days = rule.options["stale_after"] if rule is not None and rule.enabled else config.scan.stale_after_days
    return epoch(now - timedelta(days=days))


def _lap(ctx: ScanContext, stage: str, since: float) -> float:
    """Record how long `stage` took (what `scan -v` prints); the clock for the next stage."""
    now = time.perf_counter()
    ctx.timings[stage] = ctx.timings.get(stage, 0.0) + now - since
    return now


def start_ageing(ctx: ScanContext, recommitted: frozenset[str] = frozenset()) -> Callable[[], dict[str, dict[int, LineAge]]]:
    """Start blaming every TODO line that the cached ages cannot decide.

    git works in child processes while this process builds the contradictions (which never
    read ages); the returned function waits, caches and returns the ages. `recommitted`: the
    files new commits changed since the scan the cache knows (a delta's); their lines are
    blamed, not read from rows of the same content, which another history may have written
    (a revert brings back bytes whose lines blame dates to the revert).
    """
    keys = {path: f"{path}:{ctx.collected.content_sha[path]}" for path in ctx.collected.todos}
    ages = age_stage.CachedAges(ctx.cache, f"age/v{AGE_CACHE_VERSION}", keys,
                                {path: [t.line for t in todos] for path, todos in ctx.collected.todos.items()},
                                ctx.cutoff, recommitted)
    if not ages.missing:
        return lambda: ages.ages
    shallow = age_stage.shallow_commits(ctx.root) if ctx.snapshot.shallow else frozenset()
    if shallow:
        ctx.notes.append("shallow clone: lines from before the clone's depth have an unknown age"
                         " and are not called stale by age alone (git fetch --unshallow to fix)")
    rule = settings_for(ctx.config).get("stale-todo")
    dirty = ctx.snapshot.dirty if ctx.snapshot.head is not None else ()
    head_key = (lambda path, blob: f"{path}:{blob}")  # HEAD's row of an edited file (`keys`' form)
    head_blobs = ctx.snapshot.head_blobs(ctx.collected.todos)
    if ctx.snapshot.head is None or rule is None or not rule.enabled:
        return ages.start(ctx.root, shallow, dirty=dirty, head_key=head_key, head_blobs=head_blobs)
    # stale-todo's messages carry the exact date of each line stale by age: one more blame per
    # file over its whole history, started here as each file's age is known (cached by the time
    # the check asks), so that it runs beside the contradictions stage, not after it
    exact = age_stage.OriginPrefetch(ctx.root, ctx.cache, ctx.snapshot.head,
                                     {path: [t.line for t in todos] for path, todos in ctx.collected.todos.items()},
                                     ctx.snapshot.dirty, _stale_cutoff(ctx.config, ctx.now), shallow, recommitted,
                                     head_blobs)
    finish_ageing = ages.start(ctx.root, shallow, exact.aged, dirty, head_key, head_blobs)

    def finish() -> dict[str, dict[int, LineAge]]:
        out = finish_ageing()
        exact.finish()
        return out

    return finish
