"""orgmemory install claude-code"""
from __future__ import annotations

import os

import click

from indexer.errors import OrgmemoryError


@click.group("install")
def command():
    """Register orgmemory with another tool."""


# Claude Code's settings scopes (code.claude.com/docs/en/settings): the project's shared file is
# committed, the local one is personal and git-ignored, the user's applies to every project.
SCOPES = {
    "project": os.path.join(".claude", "settings.json"),
    "local": os.path.join(".claude", "settings.local.json"),
}


@command.command("claude-code")
@click.option("--scope", type=click.Choice(["project", "local", "user"]), default="project", show_default=True,
              help="project: <repo>/.claude/settings.json, shared with the team through git; "
                   "local: <repo>/.claude/settings.local.json, yours only (keep it out of git); "
                   "user: ~/.claude/settings.json, every repository you open.")
@click.option("--settings", "settings_path", type=click.Path(dir_okay=False),
              help="Any other settings file to add the hooks to (instead of --scope).")
@click.option("--command", "hook_command", default="orgmemory hook claude-code", show_default=True,
              help="The command Claude Code should run (give a full path when orgmemory is not on PATH).")
def claude_code(scope, settings_path, hook_command):
    """Add the SessionStart and UserPromptSubmit hooks to Claude Code's settings.

    Merges into the existing file: other hooks and keys are kept, and running it again changes
    nothing. A file that is not valid JSON is refused (exit 2) and left untouched.
    """
    from indexer.atomic import write_atomic
    from indexer.integrations.claude_settings import install

    if settings_path and scope != "project":
        raise click.UsageError("give --scope or --settings, not both")
    path = settings_path or _settings_for(scope)
    before = _read(path)
    result = install(before, path, hook_command)
    if not result.added:
        click.echo(f"{path}: the orgmemory hooks are already installed.", err=True)
        return
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    write_atomic(path, result.text)
    click.echo(f"{path}: added the orgmemory hook to {', '.join(result.added)}.", err=True)


def _settings_for(scope: str) -> str:
    """The scope's settings file. A repository's file is refused when a committed link takes it out
    of the repository (`.claude -> ~/.config`); the user's file and a --settings path are the
    user's own choice and are written as given."""
    from indexer.confine import resolve_inside

    if scope == "user":
        return os.path.join(os.path.expanduser("~"), ".claude", "settings.json")
    root = _project_root()
    resolve_inside(root, SCOPES[scope], what="Claude Code settings file")
    return os.path.join(root, SCOPES[scope])


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
