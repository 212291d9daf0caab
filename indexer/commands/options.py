"""Options shared by several commands."""
from __future__ import annotations

from datetime import date

import click


class DayType(click.ParamType):
    name = "YYYY-MM-DD"

    def convert(self, value, param, ctx):
        if isinstance(value, date):
            return value
        try:
            day = date.fromisoformat(value)
        except ValueError:
            self.fail(f"{value!r} is not a date like 2026-11-01", param, ctx)
        if not 1970 <= day.year <= 9000:  # ages and windows subtract up to a century from it
            self.fail(f"{value!r} is outside 1970-01-01 .. 9000-12-31", param, ctx)
        return day


now_option = click.option(
    "--now", type=DayType(), default=lambda: date.today().isoformat(), show_default="today",
    help="The date to judge ages and deadlines against; fix it for reproducible results.",
)
cache_dir_option = click.option(
    "--cache-dir", type=click.Path(file_okay=False), envvar="ORGMEMORY_CACHE_DIR",
    help="Where to keep the cache and index, one folder per repository. "
         "[default: the user cache directory, env ORGMEMORY_CACHE_DIR]",
)
config_option = click.option(
    "--config", "config_path", type=click.Path(dir_okay=False),
    help="The standards file. [default: <repo>/.orgmemory.yaml]",
)

#: The one way to choose the repository (`indexer.git.root.repo_root` documents the rule).
REPO_HELP = ("The repository to work on: DIR or any folder inside it. "
             "[default: the repository containing the current folder]")
repo_option = click.option("--repo", "repo", default=None, metavar="DIR",
                           type=click.Path(file_okay=False, exists=True), help=REPO_HELP)


class _HiddenArgument(click.Argument):
    """An argument kept for compatibility and left out of the usage line (`--repo` is the way)."""

    def get_usage_pieces(self, ctx: click.Context) -> list[str]:
        return []


#: The old positional PATH of `report` and `baseline`: a hidden alias of `--repo`.
old_path_argument = click.argument("path", default=None, required=False, type=click.Path(), cls=_HiddenArgument)


def resolve_repo(repo: str | None, start: str | None = None, *, outside_ok: bool = False) -> str:
    """The root of the repository `--repo` names; without it, the one containing `start` (scan's
    first PATH) or the current folder. Exit 2 with one line when there is none."""
    from indexer.git.root import repo_root

    return repo_root(repo or start or ".", outside_ok=outside_ok)


#: `--fail-on`: the severity from which findings fail the run (exit 1), as ruff and semgrep do.
FAIL_ON = ("error", "warning", "note", "never")


def fail_on_option(help: str = "Exit 1 when a finding has this severity or a worse one."):
    return click.option("--fail-on", type=click.Choice(FAIL_ON), default="warning", show_default=True, help=help)


def fails(findings, fail_on: str) -> bool:
    """Whether a finding reaches `--fail-on` (never with `never`)."""
    from indexer.findings import SEVERITIES

    if fail_on == "never":
        return False
    worst = SEVERITIES.index(fail_on)
    return any(SEVERITIES.index(f.severity) <= worst for f in findings)
