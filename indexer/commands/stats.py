"""orgmemory stats"""
from __future__ import annotations

import json
import sys

import click

from indexer.commands.options import cache_dir_option, config_option, now_option, repo_option


@click.command("stats")
@click.option("--last", type=click.IntRange(min=1), default=None,
              help="Only the last N primes (after --days).")
@click.option("--days", type=click.IntRange(min=1), default=None,
              help="Only primes of the D days up to --now.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@now_option
@config_option
@cache_dir_option
@repo_option
def command(last, days, fmt, now, config_path, cache_dir, repo):
    """Show what the priming blocks injected: the memory's health.

    Per standard, how many primes injected it; the standards never injected (candidates to
    retire or retag); the average block size against the budget; and how many observations
    the budget dropped. Read from the usage log each `orgmemory prime` appends to.
    """
    from indexer.cache import cache_dir_for
    from indexer.memory.load import load_memory
    from indexer.prime import usage
    from indexer.prime.state import repo_root

    root = repo_root(repo or ".")
    config = load_memory(root, config_path, cache_dir)
    standards = [(s.id, s.priority) for s in config.standards if s.in_force]
    stats = usage.compute(usage.read(cache_dir_for(root, cache_dir)), standards, now, last=last, days=days)
    if fmt == "json":
        sys.stdout.write(json.dumps(stats.to_json(), indent=2) + "\n")
    else:
        sys.stdout.write(render_text(stats))


def render_text(stats) -> str:
    window = ", ".join(part for part in (
        stats.window["last"] and f"last {stats.window['last']}",
        stats.window["days"] and f"{stats.window['days']} days to {stats.window['until']}") if part)
    lines = [f"{stats.primes} primes" + (f" ({window})" if window else "")]
    if stats.primes:
        fill = f"{stats.average_fill:.0%}"
        lines += [
            f"block size: {stats.average_tokens:.0f} tokens on average, budget {stats.average_budget:.0f}"
            f" ({fill} used)",
            f"dropped for budget: {stats.dropped_observations} observations,"
            f" in {stats.primes_with_drops} primes",
        ]
        if stats.over_budget:
            lines.append(f"must standards over budget: {stats.over_budget} primes")
    lines.append("standards injected:")
    lines += [f"  {s.injected:5d}  {s.id} ({s.priority})" for s in stats.standards if s.injected]
    never = stats.never_injected
    if never:
        lines.append("never injected (candidates to retire or retag):")
        lines += [f"         {s.id} ({s.priority})" for s in never]
    return "\n".join(lines) + "\n"
