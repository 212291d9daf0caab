"""Sources of the report that other parts of orgmemory produce: resolutions, usage, priming.

Each is read through its owner's public functions (all of them ship with orgmemory); a source
that fails is a bug and is allowed to surface.
"""
from __future__ import annotations

from datetime import date
from typing import Any, Mapping

from indexer.models import Config, LegacyPath


# --------------------------------------------------------------------------- contradictions
def resolutions(config: Config, extra: Mapping[str, Any]) -> tuple[list[dict[str, Any]], bool]:
    """The scan's resolutions completed by declared legacy paths, and whether the scan had any.

    A declared `legacy:` entry is a resolution by definition, so the page shows it even when
    the contradiction stage is missing; the flag lets the page say detection did not run.
    """
    found = extra.get("resolutions")
    by_path = {r["legacy_path"]: r for r in (_plain(r) for r in found or ())}
    for entry in config.legacy:
        by_path.setdefault(entry.path, _declared(entry))
    return [by_path[path] for path in sorted(by_path)], found is not None


def _plain(resolution: Any) -> dict[str, Any]:
    return resolution.to_json() if hasattr(resolution, "to_json") else dict(resolution)


def _declared(entry: LegacyPath) -> dict[str, Any]:
    from indexer.prime.documents import declared_resolution

    return declared_resolution(entry).to_json()


# --------------------------------------------------------------------------- memory health
def usage_stats(cache_dir: str, config: Config, now: date) -> dict[str, Any]:
    """`orgmemory stats` over the usage log: injections per active standard, block size vs budget."""
    from indexer.prime import usage

    entries = usage.read(cache_dir)
    active = [(s.id, s.priority) for s in config.standards if s.in_force]
    stats = usage.compute(entries, active, now)
    return {"ready": True, **stats.to_json()}


# --------------------------------------------------------------------------- priming block
def priming_block(config: Config, now: date) -> dict[str, Any]:
    """The task-independent priming block, exactly as an agent receives it.

    That is the block `orgmemory sync` writes between the markers of AGENTS.md, CLAUDE.md and
    the other agent instruction files: every active standard, rendered by the prime renderer.
    It is rendered here, not read from those files, so the page shows what the memory says now.
    """
    from indexer.integrations.sync import TARGETS, standards_block
    from indexer.prime.select import tokens

    text = "\n".join(standards_block(config, now)) + "\n"
    return {"ready": True, "text": text, "tokens": tokens(text), "targets": list(TARGETS)}
