"""orgmemory schema"""
from __future__ import annotations

import json

import click


@click.command("schema")
def command():
    """Print the JSON Schema of .orgmemory.yaml (draft 2020-12).

    Save it beside the file and point the YAML language server at it, so editors complete
    keys and flag mistakes while you type:

    \b
      orgmemory schema > .orgmemory.schema.json
      # first line of .orgmemory.yaml:
      # yaml-language-server: $schema=./.orgmemory.schema.json
    """
    click.echo(render())


def render() -> str:
    """The schema as written to `.orgmemory.schema.json` (stable key order, two-space indent)."""
    from indexer.memory.load import json_schema

    return json.dumps(json_schema(), indent=2, ensure_ascii=False)
