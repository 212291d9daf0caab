"""The `orgmemory` command. Subcommands load lazily, so `prime` never imports the scanner.

`hook claude-code`, which Claude Code runs before every prompt, is answered without click when
its options are plain (`indexer.integrations.claude_code.fast_options`): click is imported only
by the other commands, for `--help` and for any option click has to judge. `cli` (the click group)
is built on first use (`from indexer.cli import cli` works as before).
"""
from __future__ import annotations

import errno
import importlib
import os
import sys

from indexer import __version__
from indexer.errors import OrgmemoryError

# name -> (module, one-line help shown by `orgmemory --help` without importing the module)
COMMANDS: dict[str, tuple[str, str]] = {
    "scan": ("indexer.commands.scan", "Scan the repository and report contradictory artifacts."),
    "explain": ("indexer.commands.explain", "Explain a path or finding: the resolved truth, evidence, links."),
    "prime": ("indexer.commands.prime", "Print what an agent should know for a task, within a token budget."),
    "stats": ("indexer.commands.stats", "Show how often each standard was primed, and what never was."),
    "baseline": ("indexer.commands.baseline", "Record current findings so scans report only new ones."),
    "hook": ("indexer.commands.hook", "Entry points for Claude Code and pre-commit hooks."),
    "install": ("indexer.commands.install", "Register orgmemory's hooks with Claude Code."),
    "sync": ("indexer.commands.sync", "Write the standards into AGENTS.md, CLAUDE.md, Copilot, Cursor."),
    "mcp": ("indexer.commands.mcp", "Serve the memory as MCP tools over stdio (orgmemory[mcp])."),
    "report": ("indexer.commands.report", "Write one self-contained HTML page about the memory."),
    "facts": ("indexer.commands.facts", "Curate the memory: list, show, propose, accept, reject, add, supersede, forget, review."),
    "validate": ("indexer.commands.validate", "Check .orgmemory.yaml (and its extends) alone: fast, for pre-commit."),
    "schema": ("indexer.commands.schema", "Print the JSON Schema of .orgmemory.yaml, for editors."),
    "rule": ("indexer.commands.rule", "List the rules, or show one rule's documentation and options."),
    "init": ("indexer.commands.init", "Write a starter .orgmemory.yaml with what the repository suggests."),
    "demo": ("indexer.commands.demo", "Build a small sample repository and show scan and prime on it."),
    "fleet": ("indexer.commands.fleet", "Scan many repositories; report standards, migrations, failures across them."),
}


#: Characters of an exception's message shown: enough for a path, never a file's worth of text.
_MAX_MESSAGE = 300


def failure_lines(exc: BaseException) -> list[str]:
    """What the user sees for an exception no command turned into an `OrgmemoryError`.

    What the system did to us (a read-only folder, a file where a folder should be, a full
    disk, no git, a damaged cache database, text that is not UTF-8, input nested too deeply,
    no memory) is one line naming the path involved; anything else is a bug of ours, reported
    as one line and a hint. Never file contents: only the path and the system's words.
    """
    sqlite3 = sys.modules.get("sqlite3")  # not imported for this: if it was never loaded, it did not fail
    if isinstance(exc, OSError):
        return [f"orgmemory: error: {_os_message(exc)}"]
    if sqlite3 is not None and isinstance(exc, sqlite3.Error):
        return [f"orgmemory: error: the cache database failed ({_short(exc)}); "
                "remove the cache folder or point --cache-dir elsewhere"]
    if isinstance(exc, UnicodeError):
        return [f"orgmemory: error: text that is not valid UTF-8 ({_short(exc)})"]
    if isinstance(exc, RecursionError):
        return ["orgmemory: error: input nested too deeply to process"]
    if isinstance(exc, MemoryError):
        return ["orgmemory: error: out of memory"]
    return [f"orgmemory: internal error: {type(exc).__name__}: {_short(exc)}",
            "orgmemory: this is a bug: please report it with the command you ran "
            "(ORGMEMORY_DEBUG=1 shows the traceback)"]


def _os_message(exc: OSError) -> str:
    if isinstance(exc, FileNotFoundError) and exc.filename == "git":
        return "git is not installed or not on PATH"
    reason = exc.strerror or _short(exc)
    paths = [str(p) for p in (exc.filename, exc.filename2) if p is not None]
    return f"{' -> '.join(paths)}: {reason}" if paths else reason


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= _MAX_MESSAGE else text[:_MAX_MESSAGE] + "..."


def _is_broken_pipe(exc: BaseException) -> bool:
    return isinstance(exc, OSError) and exc.errno == errno.EPIPE


def _click_group():
    """`LazyGroup` and `cli`, defined with click once something asks for them."""
    import click

    class LazyGroup(click.Group):
        def list_commands(self, ctx: click.Context) -> list[str]:
            return sorted(COMMANDS)

        def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
            if name not in COMMANDS:
                return None
            return importlib.import_module(COMMANDS[name][0]).command

        def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
            rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
            with formatter.section("Commands"):
                formatter.write_dl(rows)

        def invoke(self, ctx: click.Context):
            try:
                return super().invoke(ctx)
            except OrgmemoryError as exc:
                click.echo(f"orgmemory: error: {exc}", err=True)
                ctx.exit(exc.exit_code)
            except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
                raise
            except Exception as exc:  # noqa: BLE001 - never a traceback (unless ORGMEMORY_DEBUG=1)
                if os.environ.get("ORGMEMORY_DEBUG") or _is_broken_pipe(exc):
                    raise  # click quiets a closed stdout (`orgmemory scan | head`) itself
                for line in failure_lines(exc):
                    click.echo(line, err=True)
                ctx.exit(2)

    @click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
    @click.version_option(__version__, prog_name="orgmemory")
    def cli() -> None:
        """orgmemory: what a coding agent should know about this repository, and what in it lies.

        Scans the git repository for contradictory artifacts (stale TODOs, legacy paths and what
        still points at them, dangling references, code that breaks a curated standard), keeps the
        human-curated standards in .orgmemory.yaml, and primes agents with a bounded, sourced block.

        Exit codes: 0 nothing at or above --fail-on, 1 findings, 2 usage or configuration error.
        """

    return LazyGroup, cli


def __getattr__(name: str):
    if name in ("cli", "LazyGroup"):
        globals()["LazyGroup"], globals()["cli"] = _click_group()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:2] == ["hook", "claude-code"]:  # the fast path: no click (see the module's docstring)
        from indexer.integrations import claude_code

        options = claude_code.fast_options(args[2:])
        if options is not None:
            claude_code.run(getattr(sys.stdin, "buffer", None), **options)
            if argv is None:  # the process is the hook's own (the console script), not a caller's
                claude_code.exit_at_once()
            return 0
    try:
        group = globals().get("cli") or __getattr__("cli")
        group.main(args=argv, prog_name="orgmemory", standalone_mode=True)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
