"""orgmemory report --html FILE [--repo DIR]"""
from __future__ import annotations

import os
from pathlib import Path

import click

from indexer.commands.options import cache_dir_option, config_option, now_option, old_path_argument, repo_option


@click.command("report")
@old_path_argument
@click.option("--html", "html_file", required=True, type=click.Path(dir_okay=False, writable=True),
              help="Write the report to this HTML file.")
@click.option("--open", "open_browser", is_flag=True, help="Open the written file in the default browser.")
@now_option
@config_option
@cache_dir_option
@repo_option
def command(path, html_file, open_browser, now, config_path, cache_dir, repo):
    """Write one self-contained HTML page about the memory of the repository (--repo, else the current one).

    Standards with their status and live violations, contradictions (legacy paths, their
    successors, the evidence and what still points at them), findings with a TODO age
    histogram, memory health from the usage log, and the task-independent priming block.
    The page loads nothing from the network and works opened from disk.

    \b
    Exit codes: 0 written, 2 usage or configuration error.
    """
    from indexer.atomic import write_atomic
    from indexer.report.data import build_report
    from indexer.commands.scan import terminal_progress
    from indexer.report.html import render

    from indexer.commands.options import resolve_repo

    page = render(build_report(resolve_repo(repo, path), now, cache_dir=cache_dir, config_path=config_path,
                                     progress=terminal_progress()))
    write_atomic(html_file, page)  # a browser reloading the file never sees half a page
    click.echo(f"wrote {html_file} ({_size(len(page.encode('utf-8')))})", err=True)
    if open_browser:
        import webbrowser

        webbrowser.open(Path(os.path.abspath(html_file)).as_uri())


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KiB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MiB"
