"""orgmemory facts list|show|add|supersede|forget|review

Reading commands see the merged memory (the repository's file over its `extends` sources);
writing commands edit the repository's own file, one entry at a time, and only humans run them.
"""
from __future__ import annotations

import json
import sys
from datetime import date, timedelta

import click

from indexer.commands.options import DayType, cache_dir_option, config_option, now_option

KINDS = ("standard", "decision", "convention", "fact")
PRIORITIES = ("must", "should", "may")
FORMATS = ("text", "json")

repo_option = click.option("--repo", default=".", show_default=True,
                           type=click.Path(file_okay=False, exists=True),
                           help="A folder inside the repository.")
format_option = click.option("--format", "fmt", type=click.Choice(FORMATS), default="text",
                             show_default=True)


@click.group("facts")
def command() -> None:
    """Read, add, supersede and forget the curated memory in .orgmemory.yaml.

    Every write keeps the file's comments and layout (only the entry concerned changes),
    replaces the file atomically, and is refused when the result would not validate.
    """


# --------------------------------------------------------------------------- reading
@command.command("list")
@click.option("--kind", type=click.Choice(KINDS), help="Only this kind.")
@click.option("--tag", "tags", multiple=True, metavar="T", help="Only entries with this tag (repeatable).")
@click.option("--expired", is_flag=True, help="Only entries past their review_by date (see --now).")
@format_option
@now_option
@repo_option
@config_option
@cache_dir_option
def list_command(kind, tags, expired, fmt, now, repo, config_path, cache_dir):
    """List the entries, with their status."""
    _root, config = _merged(repo, config_path, cache_dir)
    chosen = [s for s in config.standards
              if (kind is None or s.kind == kind) and set(tags) <= set(s.tags)
              and (not expired or (s.expired(now) and not s.superseded))]
    if fmt == "json":
        _print_json({"version": 1, "now": now, "standards": [_entry_json(s, now) for s in chosen]})
        return
    for standard in chosen:
        click.echo(f"{standard.id:<28} {standard.kind:<10} {standard.priority:<6} "
                   f"{_status(standard, now):<24} {standard.statement}")
    if not chosen:
        click.echo("No entries.", err=True)


@command.command("show")
@click.argument("standard_id", metavar="ID")
@format_option
@now_option
@repo_option
@config_option
@cache_dir_option
def show_command(standard_id, fmt, now, repo, config_path, cache_dir):
    """Show one entry in full, and where the repository violates it now.

    Lists its statement, kind, priority, scope, owner, source, dates, what it supersedes or
    is superseded by, and the files (and lines) that contradict it today.
    """
    root, config = _merged(repo, config_path, cache_dir)
    standard = config.standard(standard_id)
    if standard is None:
        raise click.BadParameter(_unknown(standard_id, config), param_hint="ID")
    superseding = [s.id for s in config.standards if standard.id in s.supersedes]
    violations = _violations_now(root, config, standard)
    if fmt == "json":
        _print_json({**_entry_json(standard, now), "superseded_by_entries": superseding,
                     "violations": violations})
        return
    click.echo(_show_text(standard, now, violations))


@command.command("review")
@click.option("--within", type=click.IntRange(min=0), default=30, show_default=True, metavar="DAYS",
              help="Also list entries whose review_by falls within this many days of --now.")
@format_option
@now_option
@repo_option
@config_option
@cache_dir_option
def review_command(within, fmt, now, repo, config_path, cache_dir):
    """What is expired or due for review soon, by owner."""
    _root, config = _merged(repo, config_path, cache_dir)
    horizon = now + timedelta(days=within)
    due = sorted((s for s in config.standards
                  if not s.superseded and s.review_by is not None and s.review_by <= horizon),
                 key=lambda s: (s.owner or "", s.review_by, s.id))
    by_owner: dict[str, list] = {}
    for standard in due:
        by_owner.setdefault(standard.owner or "(no owner)", []).append(standard)
    if fmt == "json":
        _print_json({"version": 1, "now": now, "within_days": within,
                     "owners": {owner: [_entry_json(s, now) for s in items] for owner, items in by_owner.items()}})
        return
    if not due:
        click.echo(f"Nothing expired or due within {within} days of {now.isoformat()}.")
    for owner, items in by_owner.items():
        click.echo(owner)
        for standard in items:
            days = (standard.review_by - now).days
            when = f"expired {-days} days ago" if days < 0 else f"due in {days} days"
            click.echo(f"  {standard.id:<28} review_by {standard.review_by.isoformat()}  {when:<22} "
                       f"{standard.file}:{standard.line}")


# --------------------------------------------------------------------------- writing
def _entry_options(function):
    """The options describing a new entry, shared by `add` and `supersede`."""
    options = [
        click.option("--statement", help="What the organization holds to be true."),
        click.option("--kind", type=click.Choice(KINDS), help="[default: standard]"),
        click.option("--priority", type=click.Choice(PRIORITIES), help="[default: should]"),
        click.option("--scope", multiple=True, metavar="GLOB", help="Where it applies (repeatable)."),
        click.option("--tag", "tags", multiple=True, metavar="T", help="A tag (repeatable)."),
        click.option("--source", help="Where the decision is written down (repo path or URL)."),
        click.option("--owner", help="Who answers for it."),
        click.option("--review-by", type=DayType(), help="When it must be reviewed again."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


@command.command("add")
@click.option("--id", "standard_id", required=True, help="A new, stable id (lower-case, digits, . _ -).")
@_entry_options
@now_option
@repo_option
@config_option
def add_command(standard_id, statement, kind, priority, scope, tags, source, owner, review_by, now,
                repo, config_path):
    """Add an entry to the repository's .orgmemory.yaml (dated --now)."""
    from indexer.memory.edit import add_standard

    if not statement:
        raise click.UsageError("--statement is required")
    root, file = _target(repo, config_path)
    fields = _new_fields(standard_id, statement, kind or "standard", priority or "should", scope, tags,
                         source, owner, now, review_by)
    add_standard(root, file, fields)
    click.echo(f"Added {standard_id} to {_relative(root, file)}.", err=True)


@command.command("supersede")
@click.argument("old", metavar="OLD")
@click.option("--by", "new", required=True, metavar="NEW",
              help="The id that replaces OLD; created here when --statement is given.")
@_entry_options
@now_option
@repo_option
@config_option
@cache_dir_option
def supersede_command(old, new, statement, kind, priority, scope, tags, source, owner, review_by, now,
                      repo, config_path, cache_dir):
    """Mark OLD as superseded by NEW; OLD stays, marked and dated, for the record.

    With --statement, NEW is created in the same write; it takes OLD's kind, priority, scope,
    tags and owner unless given.
    """
    from indexer.memory.edit import add_standard, supersede_standard

    root, file = _target(repo, config_path)
    _, config = _merged(repo, config_path, cache_dir)
    previous = config.standard(old)
    if previous is None:
        raise click.BadParameter(_unknown(old, config), param_hint="OLD")
    fields = None
    if statement:
        fields = _new_fields(new, statement, kind or previous.kind, priority or previous.priority,
                             scope or _explicit_scope(previous), tags or previous.tags, source,
                             owner or previous.owner, now, review_by)
    if _declared_here(previous, root, file):
        supersede_standard(root, file, old, new, now, fields)
    elif fields is None:
        raise click.UsageError(f"{old} is declared in {previous.file}, not in this repository's file: "
                               f"give --statement to add {new} with `supersedes: [{old}]`")
    else:
        add_standard(root, file, {**fields, "supersedes": [old]})
    click.echo(f"{old} is superseded by {new} in {_relative(root, file)}.", err=True)


@command.command("forget")
@click.argument("standard_id", metavar="ID")
@repo_option
@config_option
def forget_command(standard_id, repo, config_path):
    """Delete one entry for good, with its comments.

    For facts that must not be kept. To retire an entry but keep its record, use
    `orgmemory facts supersede` instead.
    """
    from indexer.memory.edit import forget_standard

    root, file = _target(repo, config_path)
    forget_standard(root, file, standard_id)
    click.echo(f"Forgot {standard_id} from {_relative(root, file)}.", err=True)


# --------------------------------------------------------------------------- helpers
def _merged(repo: str, config_path: str | None, cache_dir: str | None):
    from indexer.memory.extends import load_with_extends
    from indexer.git.root import repo_root

    root = repo_root(repo)
    return root, load_with_extends(root, config_path, cache_dir)


def _target(repo: str, config_path: str | None) -> tuple[str, str]:
    from indexer.git.root import config_file, repo_root

    root = repo_root(repo)
    return root, config_file(root, config_path)


def _declared_here(standard, root: str, file: str) -> bool:
    return standard.file == _relative(root, file)


def _explicit_scope(standard) -> tuple[str, ...]:
    """The scope as written: the default (the whole repository) is not worth copying."""
    return () if standard.scope == ("**",) else standard.scope


def _relative(root: str, file: str) -> str:
    import os

    return os.path.relpath(file, root).replace(os.sep, "/")


def _new_fields(standard_id, statement, kind, priority, scope, tags, source, owner, added, review_by) -> dict:
    """The keys of a new entry, in the contract's order; empty options are left out."""
    fields = {"id": standard_id, "statement": statement, "kind": kind, "priority": priority,
              "scope": list(scope), "tags": list(tags), "source": source, "owner": owner,
              "added": added, "review_by": review_by}
    return {key: value for key, value in fields.items() if value not in (None, [], ())}


def _unknown(standard_id: str, config) -> str:
    import difflib

    close = difflib.get_close_matches(standard_id, [s.id for s in config.standards], n=1)
    return f"no standard {standard_id!r}" + (f"; did you mean {close[0]!r}?" if close else "")


def _status(standard, now: date) -> str:
    if standard.superseded:
        return f"superseded by {standard.superseded_by}"
    if standard.expired(now):
        return f"expired {standard.review_by.isoformat()}"
    return "active"


def _entry_json(standard, now: date) -> dict:
    return {**standard.to_json(), "status": _status(standard, now),
            "superseded": standard.superseded, "expired": standard.expired(now)}


def _violations_now(root: str, config, standard) -> list[dict] | None:
    """Where the repository contradicts `standard` today; None outside a git repository."""
    import os

    if standard.superseded or not (standard.forbid or standard.require):
        return []
    if not os.path.exists(os.path.join(root, ".git")):
        return None
    from indexer.checks.standards import line_reader
    from indexer.git.discover import snapshot
    from indexer.globs import compile_globs
    from indexer.memory.enforce import evaluate

    files, _ = snapshot(root, compile_globs(config.scan.exclude))
    report = evaluate(standard, sorted(files.files), line_reader(root, config.scan.max_file_bytes))
    found = [{"path": v.path, "line": v.line, "forbid": v.match.glob, "pattern": v.match.pattern}
             for v in report.violations]
    found += [{"path": standard.file, "line": standard.line, "require": m.glob} for m in report.unmet]
    return found


def _show_text(standard, now: date, violations: list[dict] | None) -> str:
    rows = [
        ("kind", standard.kind), ("priority", standard.priority), ("status", _status(standard, now)),
        ("scope", ", ".join(standard.scope)), ("tags", ", ".join(standard.tags)),
        ("owner", standard.owner), ("source", standard.source),
        ("added", standard.added), ("review by", standard.review_by),
        ("superseded on", standard.superseded_on),
        ("supersedes", ", ".join(standard.supersedes)), ("superseded by", standard.superseded_by),
        ("forbid", "; ".join(_match_text(m) for m in standard.forbid)),
        ("require", "; ".join(_match_text(m) for m in standard.require)),
        ("declared at", f"{standard.file}:{standard.line}"),
    ]
    lines = [standard.id, f"  {standard.statement}", ""]
    lines += [f"  {label + ':':<15}{value}" for label, value in rows if value]
    if violations is None:
        lines.append("  violations:    not checked (not a git repository)")
    elif standard.forbid or standard.require:
        lines.append(f"  violations:    {len(violations) or 'none'}")
        lines += [f"    {v['path']}{':' + str(v['line']) if v['line'] else ''}  {v.get('forbid') or 'require ' + v['require']}"
                  for v in violations]
    return "\n".join(lines)


def _match_text(match) -> str:
    return match.glob + (f" /{match.pattern}/" if match.pattern else "")


def _print_json(value) -> None:
    def default(item):
        if isinstance(item, date):
            return item.isoformat()
        raise TypeError(type(item).__name__)

    sys.stdout.write(json.dumps(value, indent=2, ensure_ascii=False, default=default) + "\n")
