"""orgmemory scan [PATH]"""
from __future__ import annotations

import sys
import time

import click

from indexer.commands.options import cache_dir_option, config_option, now_option
from indexer.output import SCAN_FORMATS, scan_renderer
from indexer.models import SEVERITIES

FAIL_ON = ("error", "warning", "note", "never")


@click.command("scan")
@click.argument("path", default=".", type=click.Path())
@now_option
@click.option("--format", "fmt", type=click.Choice(sorted(SCAN_FORMATS)), default="text",
              show_default=True, help="text: path:line: rule message. json: the contract's object.")
@click.option("--fail-on", type=click.Choice(FAIL_ON), default="warning", show_default=True,
              help="Exit 1 when a finding has this severity or a worse one.")
@config_option
@cache_dir_option
def command(path, now, fmt, fail_on, config_path, cache_dir):
    """Scan the git repository at PATH for contradictory artifacts.

    Reports stale TODOs (aged per line by git blame), legacy paths and what still points at
    them, dangling references, standard violations and expired standards. Only files git
    tracks are read; scan.exclude in .orgmemory.yaml leaves out more.

    \b
    Exit codes: 0 no finding at or above --fail-on, 1 findings, 2 usage or config error.
    """
    from indexer.scan import run_scan

    result = run_scan(path, now, cache_dir=cache_dir, config_path=config_path,
                      progress=_progress if sys.stderr.isatty() else None)
    sys.stdout.write(scan_renderer(fmt)(result))
    if fail_on != "never":
        worst = SEVERITIES.index(fail_on)
        if any(SEVERITIES.index(f.severity) <= worst for f in result.findings):
            sys.exit(1)


def _progress(total: int):
    """A bar on stderr that appears only once the work has taken more than half a second."""
    started = time.monotonic()
    state = {"bar": None, "done": 0}

    def update(n: int) -> None:
        state["done"] += n
        if state["bar"] is None and time.monotonic() - started > 0.5:
            state["bar"] = click.progressbar(length=total, label="scanning", file=sys.stderr)
            state["bar"].update(state["done"])
        elif state["bar"] is not None:
            state["bar"].update(n)
            if state["done"] >= total:
                state["bar"].render_finish()
    return update
