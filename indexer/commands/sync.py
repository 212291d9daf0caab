"""orgmemory sync [FILES...]"""
from __future__ import annotations

import sys

import click

from indexer.commands.options import cache_dir_option, config_option, now_option, repo_option


@click.command("sync")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--check", is_flag=True,
              help="Change nothing; exit 1 and print a unified diff when a file is out of date.")
@click.option("--create", is_flag=True, help="Create the files that do not exist yet.")
@now_option
@config_option
@cache_dir_option
@repo_option
def command(files, check, create, now, config_path, cache_dir, repo):
    """Write the standards block into the agent instruction files.

    Updates AGENTS.md, CLAUDE.md, .github/copilot-instructions.md and
    .cursor/rules/orgmemory.mdc (or only FILES), between `<!-- orgmemory:begin -->` and
    `<!-- orgmemory:end -->`; everything outside the markers is kept as it is. Each tool in its
    own convention: CLAUDE.md imports `@AGENTS.md` when both are written; Cursor and Copilot
    get the repository-wide standards in their main file and one file per scope
    (.cursor/rules/orgmemory-*.mdc with `globs`, .github/instructions/orgmemory-*.instructions.md
    with `applyTo`); such a per-scope file that orgmemory wrote and no scope produces any more
    is removed (--check reports it). Only existing
    files are touched unless --create is given. The standards are those of .orgmemory.yaml
    merged with its `extends` sources. The block has no date in it, so --check (for CI and
    pre-commit) fails only when the standards changed.

    \b
    Exit codes: 0 up to date or written, 1 out of date (--check), 2 usage or configuration error.
    """
    import os

    from indexer.atomic import write_atomic
    from indexer.memory.load import load_memory
    from indexer.commands.options import resolve_repo
    from indexer.integrations import sync

    root = resolve_repo(repo)
    config = load_memory(root, config_path, cache_dir)
    changes = sync.plan(root, sync.relative_targets(root, list(files)), create, config, now)
    if not changes:
        click.echo(f"orgmemory sync: none of {', '.join(sync.TARGETS)} exists; "
                   "add --create to create them.", err=True)
        return
    stale = [change for change in changes if change.changed]
    if check:
        for change in stale:
            sys.stdout.write(change.diff())
        for change in stale:
            click.echo(f"{change.path}: " + ("left over from a scope that is gone" if change.after is None
                                             else "out of date") + " (run `orgmemory sync`)", err=True)
        if stale:
            sys.exit(1)
        return
    for change in changes:
        target = os.path.join(root, change.path)
        if change.after is None:  # a per-scope file of a scope that is gone
            os.remove(target)
        elif change.changed:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            write_atomic(target, change.after)
        verb = ("removed (no scope produces it now)" if change.after is None else "created" if change.before is None
                else "updated" if change.changed else "up to date")
        click.echo(f"{change.path}: {verb}", err=True)
