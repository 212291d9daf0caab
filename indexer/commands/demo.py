"""orgmemory demo [DIR]"""
from __future__ import annotations

import tempfile
from pathlib import Path

import click

from indexer.commands.options import now_option


@click.command("demo")
@click.argument("directory", required=False, type=click.Path(file_okay=False))
@now_option
@click.option("--task", default="Paginate the orders list with a cursor and deploy it", show_default=True,
              help="The task the priming block is built for.")
def command(directory, now, task):
    """Build a small brownfield repository in DIR and run `scan` and `prime` on it.

    DIR (default: a new temporary folder) gets three years of backdated git history: a legacy
    deploy folder the README still points at, a stale TODO, a TODO past its deadline, a link
    to a runbook that does not exist, Terraform against a Bicep standard, and the
    .orgmemory.yaml that records the standards. Then you see what `orgmemory scan` reports and
    the block `orgmemory prime` gives a coding agent. The sample repository is
    created only inside DIR (the scan's cache goes where it always does).
    """
    from indexer.cli import cli
    from indexer.demo import build

    target = Path(directory) if directory else Path(tempfile.mkdtemp(prefix="orgmemory-demo-"))
    root = build(target, now)
    day = now.isoformat()
    click.secho(f"A sample repository with three years of history is in {root}", bold=True)
    click.secho(f"\n$ orgmemory scan --now {day}", bold=True)
    cli.main(["scan", "--repo", str(root), "--now", day, "--fail-on", "never"], standalone_mode=False)
    click.secho(f'\n$ orgmemory prime "{task}" --now {day}', bold=True)
    cli.main(["prime", task, "--repo", str(root), "--now", day], standalone_mode=False)
    click.echo(f"\nTry it on your repository: cd <your repo> && orgmemory init && orgmemory scan\n"
               f"Look around the sample: cd {root} && orgmemory explain deploy/legacy")
