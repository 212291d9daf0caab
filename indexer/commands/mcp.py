"""orgmemory mcp"""
from __future__ import annotations

import click

from indexer.commands.options import DayType, cache_dir_option, config_option, repo_option


@click.command("mcp")
@repo_option
@click.option("--now", type=DayType(), default=None,
              help="Fix the date ages and deadlines are judged against. [default: today, at each call]")
@config_option
@cache_dir_option
def command(repo, now, config_path, cache_dir):
    """Serve the org memory over the Model Context Protocol on stdio.

    Tools: prime(task, paths, budget), search(query), explain(path_or_id), list_facts(kind, tag).
    Needs the optional MCP SDK: pip install 'orgmemory[mcp]'. Register it with
    `claude mcp add orgmemory -- orgmemory mcp` or in .cursor/mcp.json.
    """
    from indexer.integrations.mcp import Settings, serve

    serve(Settings(repo=repo or ".", cache_dir=cache_dir, config_path=config_path, now=now))
