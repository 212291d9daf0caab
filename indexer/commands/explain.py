"""orgmemory explain PATH_OR_FINDING"""
from __future__ import annotations

import json
import os
import sys

import click

from indexer.commands.options import cache_dir_option, config_option, now_option, repo_option


@click.command("explain")
@click.argument("target")
@repo_option
@now_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@config_option
@cache_dir_option
def command(target, repo, now, fmt, config_path, cache_dir):
    """Explain a path or a finding: the resolved truth, its evidence, and what links to it.

    TARGET is a repository path (`deploy/legacy`, tracked now or known to git history), a
    finding's fingerprint (from `scan --format json`, or SARIF's `FINGERPRINT:N`, the Nth
    finding with it), or `path:line`. For a legacy path (or
    one inside it, or its successor) this prints the resolution with each piece of evidence
    and its provenance (file:line, commit, author, date), then every reference to it and
    whether it still treats it as current.

    \b
    Exit codes: 0 explained, 2 unknown target or usage error.
    """
    from indexer.scan.explain import explain_target
    from indexer.output.explain_text import render

    from indexer.commands.options import resolve_repo

    view = explain_target(resolve_repo(repo), target, now, cache_dir=cache_dir, config_path=config_path,
                          cwd=os.getcwd())
    if fmt == "json":
        sys.stdout.write(json.dumps(view, indent=2) + "\n")
    else:
        sys.stdout.write(render(view))
