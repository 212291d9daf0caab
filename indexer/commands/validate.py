"""orgmemory validate [FILE]..."""
from __future__ import annotations

import os
import sys

import click

from indexer.commands.options import cache_dir_option


@click.command("validate")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--no-extends", is_flag=True,
              help="Check each file alone, without reading or fetching its extends sources.")
@cache_dir_option
def command(files, no_extends, cache_dir):
    """Check .orgmemory.yaml files: syntax, types, ids, supersedes, contradictions, extends.

    Without FILE, checks the repository's own file. Reads only the YAML (and its extends
    sources), so it is fast enough for pre-commit, which passes the staged files: use the
    `orgmemory-validate` hook from this project's .pre-commit-hooks.yaml.

    \b
    Exit codes: 0 valid, 2 a problem (printed as file:line: key: message).
    """
    from indexer.git.root import config_file, repo_root

    targets = list(files) or _default_target(config_file(repo_root("."), None))
    failed = sum(not _check(path, no_extends, cache_dir) for path in targets)
    sys.exit(2 if failed else 0)


def _default_target(path: str) -> list[str]:
    """The repository's own memory file, when it has one."""
    if os.path.isfile(path):
        return [path]
    click.echo(f"No .orgmemory.yaml in {os.path.dirname(path)}: nothing to validate.", err=True)
    return []


def _check(path: str, no_extends: bool, cache_dir: str | None) -> bool:
    """Print the outcome for one file; False when it is invalid."""
    from indexer.errors import OrgmemoryError
    from indexer.memory.load import load_memory
    from indexer.git.root import repo_root

    root = repo_root(path)
    try:
        config = load_memory(root, os.path.abspath(path), cache_dir, extends=not no_extends)
    except OrgmemoryError as error:  # ConfigError, or a file refused for leaving the repository
        click.echo(f"orgmemory: error: {error}", err=True)
        return False
    for note in config.notes:
        click.echo(f"orgmemory: note: {note}", err=True)
    count = len(config.standards)
    inherited = f" ({len(config.extends)} extends)" if config.extends and not no_extends else ""
    click.echo(f"{os.path.relpath(path)}: ok, {count} standard{'s' * (count != 1)}{inherited}")
    return True
