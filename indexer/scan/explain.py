"""`explain_target`: `explain` over the scan's memo when it holds the picture, else a fresh scan.

It sits with the scan because it runs one; `indexer.contradictions.explain` builds the views and
never imports the scan (a stage imports no later one).
"""
from __future__ import annotations

from typing import Any

from indexer.contradictions.explain import NeedsStages, explain
from indexer.scan.run import run_scan


def explain_target(root: str, target: str, now, cache_dir: str | None = None,
                   config_path: str | None = None, cwd: str | None = None) -> dict[str, Any]:
    """`explain(result, target)` over the scan's memo when it holds the picture, else a fresh scan."""
    result = run_scan(root, now, cache_dir=cache_dir, config_path=config_path, with_memory=True,
                      with_contradictions=True)
    if result.contradictions is not None:
        try:
            return explain(result, target, cwd)
        except NeedsStages:
            pass
    return explain(run_scan(root, now, cache_dir=cache_dir, config_path=config_path, memo=False), target, cwd)
