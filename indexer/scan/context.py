"""`ScanContext`: everything the checks may read of one scan (`indexer.checks`), built by the
pipeline (`indexer.scan.pipeline`) and by the delta scan (`indexer.scan.delta`)."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TYPE_CHECKING, Iterable

from indexer.cache import Cache
from indexer.dates import epoch
from indexer.git.history import LogPrefetch, removed_paths
from indexer.models import Config, LineAge, Snapshot
from indexer.scan.collect import Collected

if TYPE_CHECKING:
    from indexer.contradictions.stage import Contradictions


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
    only: frozenset[str] | None = None  # report on these paths alone (pre-commit: the staged files)
    left_out: dict[str, str] = field(default_factory=dict)  # tracked paths not scanned -> why
    contradictions: Contradictions | None = None  # set by the contradictions stage, before the checks
    history_log: LogPrefetch | None = None  # this scan's early `git log`, for the contradictions stage
    timings: dict[str, float] = field(default_factory=dict)  # stage -> seconds (`scan -v`)

    @property
    def cutoff(self) -> int:
        return epoch(self.now - timedelta(days=self.config.scan.stale_after_days))

    def path_exists(self, path: str) -> bool:
        """A scanned file, or a folder holding one. Narrower than the contradictions stage's
        `RepoPaths.exists` (every path git tracks, `scan.exclude`d files, links and submodules
        included), which is what reference resolution asks."""
        return path in self.scanned_paths

    @functools.cached_property
    def scanned_paths(self) -> frozenset[str]:
        paths: set[str] = set()
        for path in self.snapshot.files:
            paths.add(path)
            parts = path.split("/")
            for depth in range(1, len(parts)):
                paths.add("/".join(parts[:depth]))
        return frozenset(paths)

    def removed(self, paths: Iterable[str]) -> frozenset[str]:
        """Those of `paths` that a commit in HEAD's history deleted or renamed away.

        Read off the contradictions stage's history pass when it saw the whole history; else
        asked of git for these paths (`indexer.git.history.removed_paths`, kept per HEAD).
        """
        history = self.contradictions.history if self.contradictions is not None else None
        if history is not None and not history.truncated:
            gone = frozenset(history.removals) | history.removed_folders
            return frozenset(path for path in paths if path in gone)
        if self.snapshot.head is None:
            return frozenset()
        return removed_paths(self.root, paths, self.snapshot.head, self.cache)
