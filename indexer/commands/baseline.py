"""orgmemory baseline [--repo DIR]"""
from __future__ import annotations

import os
import sys

import click

from indexer.commands.options import cache_dir_option, config_option, now_option, old_path_argument, repo_option


@click.command("baseline")
@old_path_argument
@click.option("--output", "-o", type=click.Path(dir_okay=False),
              help="Where to write it ('-' for stdout). [default: <repo>/.orgmemory-baseline.json]")
@now_option
@config_option
@cache_dir_option
@repo_option
def command(path, output, now, config_path, cache_dir, repo):
    """Record today's findings as accepted, so `scan --baseline` reports only new ones.

    The file lists each finding's content fingerprint (rule + path + normalised line text,
    not the line number) with its rule, path and message for reviewers. It is sorted and
    has no timestamp: commit it, and regenerate it when you accept more.
    """
    from indexer.scan import baseline as baseline
    from indexer.atomic import write_atomic
    from indexer.scan.run import run_scan

    from indexer.commands.options import resolve_repo

    from indexer.commands.scan import terminal_progress

    result = run_scan(resolve_repo(repo, path), now, cache_dir=cache_dir, config_path=config_path,
                      progress=terminal_progress())
    text = baseline.dumps(result.findings)
    if output == "-":
        sys.stdout.write(text)
        return
    target = output or os.path.join(result.root, baseline.DEFAULT_FILE)
    os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
    write_atomic(target, text)
    count = len(result.findings)
    click.echo(f"Wrote {count} finding{'s' * (count != 1)} to {target}.", err=True)
