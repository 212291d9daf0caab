"""orgmemory init"""
from __future__ import annotations

import os
import sys
from datetime import date, timedelta

import click

from indexer.commands.options import now_option, repo_option

PROPOSAL_REVIEW_DAYS = 90
_READ_LIMIT = 256 * 1024
_SKIPPED_FOLDERS = {".git", "node_modules", ".venv", "venv", "__pycache__", ".orgmemory", "dist", "build"}

HEADER = """\
# {name}: the curated memory of this repository, read by orgmemory.
# Started by `orgmemory init` on {now}.
#
# Every entry below was INFERRED from the repository's files and is a PROPOSAL
# (`status: proposed`): never primed, synced into agent files or enforced until a curator
# runs `orgmemory facts accept ID` (or `orgmemory facts reject ID --why "..."`); see
# `orgmemory facts list --status proposed`. Then add what no file says but everyone knows, e.g.
#   orgmemory facts add --id iac-azure-bicep --priority must --statement "..."
# Editor completion: orgmemory schema > .orgmemory.schema.json, then put
#   # yaml-language-server: $schema=./.orgmemory.schema.json
# on the first line.
version: 1
"""


@click.command("init")
@repo_option
@click.option("--force", is_flag=True, help="Replace an existing .orgmemory.yaml.")
@click.option("--stdout", "to_stdout", is_flag=True, help="Print the file instead of writing it.")
@now_option
def command(repo, force, to_stdout, now):
    """Write a starter .orgmemory.yaml from what the repository suggests.

    Looks at the tracked files for languages, infrastructure-as-code tools (Terraform, Bicep,
    Pulumi, CloudFormation, CDK), package managers (lockfiles), the CI system and a few
    conventions (test file names, container base images). Each becomes a proposal for a human
    to accept or reject (`status: proposed`, kind fact, priority may, reviewed within 90 days):
    a proposal is never primed, synced or enforced until `orgmemory facts accept ID`.

    \b
    Exit codes: 0 written, 2 the file exists (use --force) or a usage error.
    """
    from indexer.atomic import replace_checked
    from indexer.memory.load import load_config
    from indexer.confine import resolve_inside
    from indexer.errors import OrgmemoryError
    from indexer.memory.infer import infer
    from indexer.commands.options import resolve_repo

    root = resolve_repo(repo, outside_ok=True)
    target = os.path.join(root, ".orgmemory.yaml")
    if not to_stdout:  # a committed `.orgmemory.yaml -> ~/.bashrc` is never written through
        resolve_inside(root, ".orgmemory.yaml", what="the memory file")
    existing = [name for name in (".orgmemory.yaml", ".orgmemory.yml") if os.path.exists(os.path.join(root, name))]
    if existing and not force and not to_stdout:
        raise OrgmemoryError(f"{existing[0]} already exists in {root}; use --force to replace it")
    paths = _tracked_files(root)
    text = render(infer(paths, lambda path: _read_small(root, path)), os.path.basename(root), now)
    if to_stdout:
        sys.stdout.write(text)
        return
    replace_checked(target, text.encode("utf-8"), lambda temporary: load_config(root, temporary))
    click.echo(f"Wrote {os.path.relpath(target)} with proposals from {len(paths)} files: "
               "accept or reject each one (orgmemory facts list --status proposed).", err=True)


def render(inferred, name: str, now: date) -> str:
    """The starter file: header, proposed scan settings, proposed facts."""
    from indexer.memory.edit import render_entry

    parts = [HEADER.format(name=name, now=now.isoformat())]
    if inferred.exclude or inferred.history_paths:
        parts.append("\nscan:\n")
        if inferred.exclude:
            parts.append("  # PROPOSAL: confirm or delete. Tracked third-party code, left out of every rule.\n"
                         f"  exclude: [{', '.join(_quoted(g) for g in inferred.exclude)}]\n")
        if inferred.history_paths:
            parts.append("  # PROPOSAL: confirm or delete. Historical docs: old paths there are not claims.\n"
                         f"  history_paths: [{', '.join(_quoted(g) for g in inferred.history_paths)}]\n")
    parts.append("\nstandards:\n" if inferred.proposals else "\nstandards: []\n")
    review_by = now + timedelta(days=PROPOSAL_REVIEW_DAYS)
    for index, proposal in enumerate(inferred.proposals):
        fields = {"id": proposal.id, "statement": proposal.statement, "kind": "fact", "priority": "may",
                  "scope": list(proposal.scope), "tags": list(proposal.tags),
                  "added": now, "review_by": review_by, "status": "proposed",
                  "proposed_by": "orgmemory init", "proposed_on": now}
        entry = {key: value for key, value in fields.items() if value != []}
        parts.append(("\n" if index else "") + f"  # PROPOSAL (inferred): accept or reject. Evidence: {proposal.evidence}\n")
        parts += render_entry(entry, "  - ", "\n")
    return "".join(parts)


def _quoted(glob: str) -> str:
    return '"' + glob.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _tracked_files(root: str) -> list[str]:
    """`git ls-files` in a repository; otherwise a walk that skips dependency and build folders."""
    if os.path.exists(os.path.join(root, ".git")):
        from indexer.git.discover import ls_files

        return ls_files(root, check=False)
    found = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if d not in _SKIPPED_FOLDERS)
        relative = os.path.relpath(folder, root)
        found += [name if relative == "." else f"{relative}/{name}".replace(os.sep, "/") for name in sorted(names)]
    return found


def _read_small(root: str, path: str) -> str | None:
    """A small tracked file's text; None when it is large, not text, or not inside the repository."""
    from indexer.git.discover import read_worktree

    data, _reason = read_worktree(root, path, _READ_LIMIT)
    try:
        return data.decode("utf-8") if data is not None else None
    except UnicodeDecodeError:
        return None
