"""orgmemory validate [FILE]..."""
from __future__ import annotations

import os
import sys

import click

from indexer.commands.options import cache_dir_option, now_option, repo_option


@click.command("validate")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--no-extends", is_flag=True,
              help="Check each file alone, without reading or fetching its extends sources.")
@click.option("--max-proposal-age", type=click.IntRange(min=0), metavar="DAYS",
              help="Also an error: a proposal (status: proposed) older than DAYS, counted from its "
                   "proposed_on (or added) date to --now.")
@now_option
@cache_dir_option
@repo_option
def command(files, no_extends, max_proposal_age, now, cache_dir, repo):
    """Check .orgmemory.yaml files: syntax, types, ids, supersedes, contradictions, extends.

    Without FILE, checks the repository's own file (--repo, else the current repository).
    Reads only the YAML (and its extends sources), so it is fast enough for pre-commit, which
    passes the staged files: use the
    `orgmemory-validate` hook from this project's .pre-commit-hooks.yaml.

    \b
    Every problem of a file is printed, one line each (file:line: key: message).

    \b
    Exit codes: 0 valid, 2 a problem.
    """
    from indexer.commands.options import resolve_repo
    from indexer.git.root import config_file

    targets = list(files) or _default_target(config_file(resolve_repo(repo, outside_ok=True), None))
    failed = sum(not _check(path, no_extends, cache_dir, max_proposal_age, now) for path in targets)
    sys.exit(2 if failed else 0)


def _default_target(path: str) -> list[str]:
    """The repository's own memory file, when it has one."""
    if os.path.lexists(path):  # a link, even a broken one, is checked (and refused if it leaves)
        return [path]
    click.echo(f"No .orgmemory.yaml in {os.path.dirname(path)}: nothing to validate.", err=True)
    return []


def _check(path: str, no_extends: bool, cache_dir: str | None, max_proposal_age: int | None, now) -> bool:
    """Print the outcome for one file; False when it is invalid."""
    from indexer.errors import ConfigError, OrgmemoryError
    from indexer.memory.check import config_errors
    from indexer.memory.load import load_memory
    from indexer.git.root import repo_root

    root = repo_root(path, outside_ok=True)  # a memory file is checked before `git init` too
    try:
        config = load_memory(root, os.path.abspath(path), cache_dir, extends=not no_extends)
    except OrgmemoryError as error:  # ConfigError, or a file refused for leaving the repository
        every = config_errors(root, os.path.abspath(path)) if isinstance(error, ConfigError) else []
        for problem in every or [error]:  # none in the file itself: the problem is in an extends source
            click.echo(f"orgmemory: error: {problem}", err=True)
        return False
    stale = _old_proposals(config, max_proposal_age, now) if max_proposal_age is not None else []
    for standard, days in stale:
        click.echo(f"orgmemory: error: {standard.file}:{standard.line}: {standard.id}: proposed {days} days "
                   f"ago, more than {max_proposal_age}: accept or reject it "
                   f"(orgmemory facts accept|reject {standard.id})", err=True)
    if stale:
        return False
    for note in config.notes:
        click.echo(f"orgmemory: note: {note}", err=True)
    count = len(config.standards)
    inherited = f" ({len(config.extends)} extends)" if config.extends and not no_extends else ""
    click.echo(f"{os.path.relpath(path)}: ok, {count} standard{'s' * (count != 1)}{inherited}")
    return True


def _old_proposals(config, max_days: int, now) -> list:
    """Proposals waiting longer than `max_days` for a curator, with their age in days."""
    found = []
    for standard in config.standards:
        since = standard.proposed_on or standard.added
        if standard.status == "proposed" and since is not None and (now - since).days > max_days:
            found.append((standard, (now - since).days))
    return found
