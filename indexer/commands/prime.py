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
@click.option("-v", "--verbose", is_flag=True,
              help="Also print, on stderr, how the index was used (up to date, refreshed, served as is), what "
                   "the block holds, and where the shown lines' dates came from.")
@click.option("--refresh-only", is_flag=True, hidden=True,
              help="Bring the index up to date and print nothing (what a prime starts in the background).")
def command(task, budget, paths, fmt, now, config_path, cache_dir, no_refresh, log_task, include_vendored, repo,
            verbose, refresh_only):
    """Print what a coding agent should know before working on TASK.

    TASK is an argument or, when absent or `-`, read from stdin. The block has up to three
    sections: the organization's standards (from .orgmemory.yaml; every `must` standard is always
    included), legacy paths and their successors, and what the repository shows that concerns
    the task (stale TODOs, dangling references, violations), each line with where it comes from
    and when it last changed. Repository text is quoted as evidence: secrets are redacted, and
    lines that read like instructions to an AI are withheld.

    The first prime of a repository scans it to build an index (in the cache folder); later
    primes read that index, and refresh it when the repository changed.

    \b
    Exit codes: 0 the block was printed, 2 usage or configuration error. When the `must`
    standards alone take more than --budget, they are printed anyway, with a warning on stderr.
    """
    import time

    from indexer.prime.block import PrimeRequest, build

    if refresh_only:
        _refresh_only(repo or ".", now, cache_dir, config_path, include_vendored)
        return
    text = _task_text(task)
    if not text and not paths:
        raise click.UsageError("give a TASK (argument or stdin) or --paths")
    started = time.perf_counter()
    block = build(PrimeRequest(task=text, budget=budget, now=now, fmt=fmt, paths=tuple(paths), repo=repo or ".",
                               cache_dir=cache_dir, config_path=config_path, refresh=not no_refresh,
                               log_task=log_task, include_vendored=include_vendored))
    for warning in block.warnings:
        click.echo(f"orgmemory: warning: {warning}", err=True)
    if fmt == "json":
        sys.stdout.write(json.dumps(block.to_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(block.text)
    if verbose:
        for line in what_it_did(block, time.perf_counter() - started):
            click.echo(f"orgmemory: {line}", err=True)


def what_it_did(block, seconds: float) -> list[str]:
    """`prime -v`'s lines: the index, the block, the dates of the shown observations."""
    status, selection, dating = block.status, block.selection, block.dating
    if status.refreshed:
        index = "refreshed (the repository had changed, or there was none)"
    elif status.stale:
        index = f"served as is, {status.age_words()} old ({'; '.join(status.changes)})"
        index += "; refreshing in the background" if status.background else ""
    else:
        index = "up to date"
    kinds = [entry.candidate.kind for entry in selection.entries]
    counts = ", ".join(f"{kinds.count(kind)} {word}" for kind, word in
                       (("standard", "standards"), ("resolution", "legacy paths"), ("finding", "observations")))
    dropped = len(selection.dropped) + len(selection.limited)
    return [
        f"primed in {seconds:.2f} s; index: {index}",
        f"block: {counts}; {block.tokens} of {block.request.budget} tokens; {dropped} left out",
        f"dates of the shown observations: {dating.index} exact in the index, {dating.kept} kept from an "
        f"earlier prime, {dating.blamed} blamed now, {dating.later} left to a blame after this prime",
    ]


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
