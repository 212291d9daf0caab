"""orgmemory install claude-code"""
from __future__ import annotations

import os

import click

from indexer.errors import OrgmemoryError


@click.group("install")
def command():
    """Register orgmemory with another tool."""


@command.command("claude-code")
@click.option("--settings", "settings_path", type=click.Path(dir_okay=False),
              help="The settings file to add the hooks to. [default: <repo>/.claude/settings.json]")
@click.option("--command", "hook_command", default="orgmemory hook claude-code", show_default=True,
              help="The command Claude Code should run (give a full path when orgmemory is not on PATH).")
def claude_code(settings_path, hook_command):
    """Add the SessionStart and UserPromptSubmit hooks to Claude Code's settings.

    Merges into the existing file: other hooks and keys are kept, and running it again changes
    nothing. A file that is not valid JSON is refused (exit 2) and left untouched.
    """
    from indexer.atomic import write_atomic
    from indexer.integrations.claude_settings import install

    path = settings_path or _default_settings()
    before = _read(path)
    result = install(before, path, hook_command)
    if not result.added:
        click.echo(f"{path}: the orgmemory hooks are already installed.", err=True)
        return
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    write_atomic(path, result.text)
    click.echo(f"{path}: added the orgmemory hook to {', '.join(result.added)}.", err=True)


def _default_settings() -> str:
    """`<repo>/.claude/settings.json`, refused when a committed link takes it out of the repository
    (`.claude -> ~/.config`); a --settings path is the user's own choice and is written as given."""
    from indexer.confine import resolve_inside

    root = _project_root()
    resolve_inside(root, ".claude/settings.json", what="Claude Code settings file")
    return os.path.join(root, ".claude", "settings.json")


def _project_root() -> str:
    from indexer.git.root import repo_root

    try:
        return repo_root(".")
    except OrgmemoryError:
        return os.getcwd()


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise OrgmemoryError(f"{path}: cannot read it: {exc}") from None
