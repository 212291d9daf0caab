"""orgmemory prime [TASK]"""
from __future__ import annotations

import json
import sys

import click

from indexer.commands.options import cache_dir_option, config_option, now_option, repo_option

FORMATS = ("markdown", "text", "json")


@click.command("prime")
@click.argument("task", required=False)
@click.option("--budget", type=click.IntRange(min=1), default=800, show_default=True,
              help="Tokens the whole block may take, counted as ceil(characters / 4).")
@click.option("--paths", "paths", multiple=True, metavar="P",
              help="Files or folders the task touches (repeat, or separate with commas; relative to the current "
                   "directory inside the repository, else to its root): standards "
                   "scoped there and findings in or beside them rank higher.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="markdown", show_default=True,
              help="markdown or text: the block. json: the contract's object with the block in `text`.")
@now_option
@config_option
@cache_dir_option
@click.option("--no-refresh", is_flag=True,
              help="Serve the last index even when the repository changed since (its age is reported).")
@click.option("--log-task", is_flag=True, envvar="ORGMEMORY_LOG_TASK",
              help="Keep the task's text in the usage log (by default only its SHA-256). [env ORGMEMORY_LOG_TASK]")
@click.option("--include-vendored", is_flag=True,
              help="Prime findings in vendored and generated code too (set aside by default, like "
                   "`scan --include-vendored`); the index is rebuilt when this changes.")
@repo_option
@click.option("--refresh-only", is_flag=True, hidden=True,
              help="Bring the index up to date and print nothing (what a prime starts in the background).")
def command(task, budget, paths, fmt, now, config_path, cache_dir, no_refresh, log_task, include_vendored, repo,
            refresh_only):
    """Print what a coding agent should know for TASK, within a token budget.

    TASK is an argument or, when absent or `-`, read from stdin. The block lists the
    organization's `must` standards, then the standards, resolved contradictions (legacy paths
    and their successors) and repository observations most relevant to the task, each line with
    its provenance. Observed text is quoted evidence: secrets are redacted and lines that read
    like instructions to an AI are withheld.

    \b
    Exit codes: 0 printed (also when the must standards alone exceed the budget: see stderr),
    2 usage or configuration error.
    """
    from indexer.prime.block import PrimeRequest, build

    if refresh_only:
        _refresh_only(repo or ".", now, cache_dir, config_path, include_vendored)
        return
    text = _task_text(task)
    if not text and not paths:
        raise click.UsageError("give a TASK (argument or stdin) or --paths")
    block = build(PrimeRequest(task=text, budget=budget, now=now, fmt=fmt, paths=tuple(paths), repo=repo or ".",
                               cache_dir=cache_dir, config_path=config_path, refresh=not no_refresh,
                               log_task=log_task, include_vendored=include_vendored))
    for warning in block.warnings:
        click.echo(f"orgmemory: warning: {warning}", err=True)
    if fmt == "json":
        sys.stdout.write(json.dumps(block.to_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(block.text)


def _task_text(task: str | None) -> str:
    if task is not None and task != "-":
        return task.strip()
    if sys.stdin is None or sys.stdin.isatty():
        return ""
    return sys.stdin.read().strip()


def _refresh_only(repo: str, now, cache_dir: str | None, config_path: str | None,
                  include_vendored: bool = False) -> None:
    """One refresh at a time per cache folder: a refresh already running makes this one a no-op."""
    import fcntl
    import os

    from indexer.cache import cache_dir_for, ensure_dir
    from indexer.prime.refresh import refresh
    from indexer.prime.state import repo_root, start_probe

    try:
        os.nice(10)  # the next prompt's hook must not wait for this process's CPU
    except OSError:
        pass
    root = repo_root(repo)
    folder = cache_dir_for(root, cache_dir)
    ensure_dir(folder)
    with open(os.path.join(folder, "prime-refresh.lock"), "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return
        refresh(start_probe(root)(), now, folder, config_path, include_vendored)
