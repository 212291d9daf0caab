"""The scan pipeline: discover -> collect (extract) -> age -> checks -> findings.

Each stage is a plain function over plain data; this module only wires them in order and
keeps the context the checks read from.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, Callable

from indexer import age as age_stage
from indexer.cache import Cache, cache_dir_for
from indexer.checks import load_checks
from indexer.collect import Collected, collect, skipped_counts
from indexer.config import load_config
from indexer.dates import epoch
from indexer.discover import snapshot as take_snapshot
from indexer.gitcmd import find_root, run_git
from indexer.globs import compile_globs
from indexer.models import Config, Finding, LineAge, Snapshot

AGE_CACHE_VERSION = 1


@dataclass
class ScanContext:
    """Everything the checks may read. Expensive, rarely needed facts are computed lazily."""

    root: str
    config: Config
    now: date
    snapshot: Snapshot
    collected: Collected
    ages: dict[str, dict[int, LineAge]]
    cache: Cache
    notes: list[str] = field(default_factory=list)

    @property
    def cutoff(self) -> int:
        return epoch(self.now - timedelta(days=self.config.scan.stale_after_days))

    def path_exists(self, path: str) -> bool:
        """A tracked file, or a folder holding tracked files."""
        return path in self.tracked_paths

    @functools.cached_property
    def tracked_paths(self) -> frozenset[str]:
        paths: set[str] = set()
        for path in self.snapshot.files:
            paths.add(path)
            parts = path.split("/")
            for depth in range(1, len(parts)):
                paths.add("/".join(parts[:depth]))
        return frozenset(paths)

    @functools.cached_property
    def removed_paths(self) -> frozenset[str]:
        """Every path a commit in HEAD's history deleted or renamed away (one `git log`)."""
        if self.snapshot.head is None:
            return frozenset()
        out = run_git(self.root, "log", "--format=", "--name-only", "--diff-filter=DR",
                      "--no-renames", "HEAD", check=False)
        paths: set[str] = set()
        for line in out.decode("utf-8", "replace").splitlines():
            if line:
                parts = line.split("/")
                paths.update("/".join(parts[:depth]) for depth in range(1, len(parts) + 1))
        return frozenset(paths)


@dataclass(frozen=True)
class ScanResult:
    root: str
    head: str | None
    now: date
    findings: tuple[Finding, ...]
    files: int
    parsed: int
    skipped: dict[str, int]
    notes: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)  # additional top-level JSON sections

    def to_json(self) -> dict[str, Any]:
        out = {
            "version": 1,
            "root": self.root,
            "head": self.head,
            "now": self.now.isoformat(),
            "summary": {
                "files": self.files,
                "parsed": self.parsed,
                "skipped": self.skipped,
                "findings": _count_by(self.findings, "rule"),
                "severities": _count_by(self.findings, "severity"),
            },
            "notes": list(self.notes),
            "findings": [f.to_json() for f in self.findings],
        }
        out.update(self.extra)
        return out


def _count_by(findings, attribute: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for finding in findings:
        key = getattr(finding, attribute)
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))


def run_scan(path: str, now: date, cache_dir: str | None = None, config_path: str | None = None,
             progress: Callable[[int], Callable[[int], None]] | None = None) -> ScanResult:
    root = find_root(path)
    config = load_config(root, config_path)
    snapshot, _left_out = take_snapshot(root, compile_globs(config.scan.exclude))
    cache = Cache(cache_dir_for(root, cache_dir))
    try:
        collected = collect(snapshot, cache, config.scan.markers, config.scan.max_file_bytes,
                            progress(len(snapshot.files)) if progress else None)
        ctx = ScanContext(root=root, config=config, now=now, snapshot=snapshot,
                          collected=collected, ages={}, cache=cache, notes=list(config.notes))
        ctx.ages = age_todos(ctx)
        findings: list[Finding] = []
        for check in load_checks():
            findings.extend(check.check(ctx))
        notes = ctx.notes + cache.warnings
    finally:
        cache.close()
    findings.sort(key=lambda f: (f.path, f.line or 0, f.rule, f.message))
    return ScanResult(root=root, head=snapshot.head, now=now, findings=tuple(findings),
                      files=len(snapshot.files), parsed=collected.parsed,
                      skipped=skipped_counts(collected.skipped), notes=tuple(dict.fromkeys(notes)))


def age_todos(ctx: ScanContext) -> dict[str, dict[int, LineAge]]:
    """Blame every TODO line, reusing cached ages that still decide stale-or-fresh."""
    kind = f"age/v{AGE_CACHE_VERSION}"
    keys = {path: f"{path}:{ctx.collected.content_sha[path]}" for path in ctx.collected.todos}
    cached = ctx.cache.get_many(kind, keys.values())
    ages: dict[str, dict[int, LineAge]] = {}
    requests: dict[str, list[int]] = {}
    cutoff = ctx.cutoff
    for path, todos in ctx.collected.todos.items():
        known = {int(line): LineAge(**row) for line, row in cached.get(keys[path], {}).items()}
        if all(t.line in known and age_stage.decides(known[t.line], cutoff) for t in todos):
            ages[path] = known
        else:
            requests[path] = [t.line for t in todos]
    if not requests:
        return ages
    shallow = age_stage.shallow_commits(ctx.root) if ctx.snapshot.shallow else frozenset()
    if shallow:
        ctx.notes.append("shallow clone: lines from before the clone's depth have an unknown age"
                         " and are not called stale by age alone (git fetch --unshallow to fix)")
    blamed = age_stage.blame_files(ctx.root, requests, cutoff, shallow)
    fresh: dict[str, Any] = {}
    for path, lines in blamed.items():
        ages[path] = lines
        if not any(a.uncommitted or a.unknown for a in lines.values()):
            fresh[keys[path]] = {str(line): a.to_json() for line, a in lines.items()}
    ctx.cache.put_many(kind, fresh)
    return ages
