"""orgmemory facts list|show|review|add|propose|accept|reject|supersede|forget

Reading commands see the merged memory (the repository's file over its `extends` sources);
writing commands edit the repository's own file, one entry at a time. `propose` is the write
path for agents and people (a `proposed` entry with its provenance); `accept` and `reject` are
the curators' answers; the others are for curators only.
"""
from __future__ import annotations

import json
import sys
from datetime import date, timedelta

import click

from indexer.commands.options import DayType, cache_dir_option, config_option, now_option, repo_option

from indexer.models import KINDS, PRIORITIES, STATES  # noqa: E402  (defined once, beside Standard)
FORMATS = ("text", "json")

format_option = click.option("--format", "fmt", type=click.Choice(FORMATS), default="text",
                             show_default=True)


@click.group("facts")
def command() -> None:
    """Read and curate the memory in .orgmemory.yaml: propose, accept, reject, supersede.

    Each entry has a status: proposed (offered by an agent, `init` or a person; never primed,
    synced or enforced), active, expired (past review_by), superseded, rejected. Every write
    keeps the file's comments and layout (only the entry concerned changes), replaces the file
    atomically, and is refused when the result would not validate.
    """


# --------------------------------------------------------------------------- reading
@command.command("list")
@click.option("--kind", type=click.Choice(KINDS), help="Only this kind.")
@click.option("--tag", "tags", multiple=True, metavar="T", help="Only entries with this tag (repeatable).")
@click.option("--status", "statuses", multiple=True, type=click.Choice(STATES),
              help="Only entries with this status (repeatable).")
@click.option("--expired", is_flag=True, help="Only entries past their review_by date (see --now); "
                                              "the same as --status expired.")
@format_option
@now_option
@repo_option
@config_option
@cache_dir_option
def list_command(kind, tags, statuses, expired, fmt, now, repo, config_path, cache_dir):
    """List the entries with their status; proposals are listed apart, after the others."""
    _root, config = _merged(repo, config_path, cache_dir)
    statuses = set(statuses) | ({"expired"} if expired else set())
    chosen = [s for s in config.standards
              if (kind is None or s.kind == kind) and set(tags) <= set(s.tags)
              and (not statuses or s.state(now) in statuses)]
    if fmt == "json":
        _print_json({"version": 1, "now": now, "standards": [_entry_json(s, now) for s in chosen]})
        return
    curated = [s for s in chosen if s.status != "proposed"]
    proposed = [s for s in chosen if s.status == "proposed"]
    for standard in curated:
        click.echo(f"{standard.id:<28} {standard.kind:<10} {standard.priority:<6} "
                   f"{_status(standard, now):<24} {standard.statement}")
    if proposed:
        click.echo(f"{chr(10) if curated else ''}Proposals (not in force; `orgmemory facts accept ID` or "
                   "`reject ID`):")
        for standard in proposed:
            by = f"by {standard.proposed_by}" if standard.proposed_by else ""
            on = standard.proposed_on or standard.added
            click.echo(f"  {standard.id:<26} {by}{' on ' + on.isoformat() if on else ''}: {standard.statement}")
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
@click.option("--fail-on", type=click.Choice(["expired", "due"]),
              help="Exit 1 when an entry is expired (or, with `due`, expired or due within DAYS): "
                   "for CI.")
@format_option
@now_option
@repo_option
@config_option
@cache_dir_option
def review_command(within, fail_on, fmt, now, repo, config_path, cache_dir):
    """What is expired or due for review soon, by owner, and the proposals waiting for a curator.

    \b
    Exit codes: 0 (or 1 with --fail-on when something is expired or due), 2 an error.
    """
    _root, config = _merged(repo, config_path, cache_dir)
    horizon = now + timedelta(days=within)
    due = sorted((s for s in config.standards
                  if s.in_force and s.review_by is not None and s.review_by <= horizon),
                 key=lambda s: (s.owner or "", s.review_by, s.id))
    pending = [s for s in config.standards if s.status == "proposed"]
    failing = [s for s in due if fail_on == "due" or (fail_on == "expired" and s.expired(now))]
    _review_output(due, pending, within, fmt, now)
    if failing:
        sys.exit(1)


def _review_output(due, pending, within, fmt, now) -> None:
    by_owner: dict[str, list] = {}
    for standard in due:
        by_owner.setdefault(standard.owner or "(no owner)", []).append(standard)
    if fmt == "json":
        _print_json({"version": 1, "now": now, "within_days": within,
                     "owners": {owner: [_entry_json(s, now) for s in items] for owner, items in by_owner.items()},
                     "proposals": [_entry_json(s, now) for s in pending]})
        return
    if not due:
        click.echo(f"Nothing expired or due within {within} days of {now.isoformat()}.")
    if pending:
        click.echo(f"{len(pending)} proposal{'s' * (len(pending) != 1)} waiting for a curator: "
                   f"{', '.join(s.id for s in pending)} (orgmemory facts list --status proposed)")
    for owner, items in by_owner.items():
        click.echo(owner)
        for standard in items:
            days = (standard.review_by - now).days
            when = f"expired {-days} days ago" if days < 0 else f"due in {days} days"
            click.echo(f"  {standard.id:<28} review_by {standard.review_by.isoformat()}  {when:<22} "
                       f"{standard.file}:{standard.line}")


# --------------------------------------------------------------------------- writing
def _entry_options(inherit: bool = False):
    """The options describing a new entry; with `inherit` (supersede) the defaults are OLD's."""
    def default(fallback: str) -> str:
        return "[default: OLD's]" if inherit else f"[default: {fallback}]"

    options = [
        click.option("--statement", help="What the organization holds to be true."),
        click.option("--kind", type=click.Choice(KINDS), help=default("standard")),
        click.option("--priority", type=click.Choice(PRIORITIES), help=default("should")),
        click.option("--scope", multiple=True, metavar="GLOB",
                     help="Where it applies (repeatable). " + default("the whole repository")),
        click.option("--tag", "tags", multiple=True, metavar="T", help="A tag (repeatable). " + default("none")),
        click.option("--source", help="Where the decision is written down (repo path or URL)."),
        click.option("--owner", help="Who answers for it. " + default("none")),
        click.option("--review-by", type=DayType(), help="When it must be reviewed again."),
        click.option("--forbid", "forbid", multiple=True, metavar="GLOB[:REGEX]",
                     help="Evidence that contradicts it: files matching GLOB, or their lines matching "
                          "REGEX (repeatable). " + default("none")),
        click.option("--require", "require", multiple=True, metavar="GLOB",
                     help="Evidence that must exist somewhere in the repository (repeatable). "
                          + default("none")),
    ]

    def decorate(function):
        for option in reversed(options):
            function = option(function)
        return function
    return decorate


@command.command("add")
@click.option("--id", "standard_id", required=True, help="A new, stable id (lower-case, digits, . _ -).")
@_entry_options()
@now_option
@repo_option
@config_option
def add_command(standard_id, statement, kind, priority, scope, tags, source, owner, review_by, forbid,
                require, now, repo, config_path):
    """Add an active entry to the repository's .orgmemory.yaml (dated --now). For curators;
    agents and others use `orgmemory facts propose`."""
    from indexer.memory.edit import add_standard

    if not statement:
        raise click.UsageError("--statement is required")
    root, file = _target(repo, config_path)
    fields = _new_fields(standard_id, statement, kind or "standard", priority or "should", scope, tags,
                         source, owner, now, review_by, _matches(forbid, "--forbid"), _matches(require, "--require"))
    _warn_past(review_by, now)
    add_standard(root, file, fields)
    click.echo(f"Added {standard_id} to {_relative(root, file)}.", err=True)


@command.command("propose")
@click.option("--statement", required=True, help="The fact, in a sentence or two (at most 300 characters).")
@click.option("--id", "standard_id", help="An id for it. [default: from the statement's first words]")
@click.option("--kind", type=click.Choice(KINDS), help="[default: fact]")
@click.option("--scope", multiple=True, metavar="GLOB", help="Where it applies (repeatable).")
@click.option("--tag", "tags", multiple=True, metavar="T", help="A tag (repeatable).")
@click.option("--source", help="Where it is written down (repo path or URL).")
@click.option("--evidence", multiple=True, metavar="PATH[:LINE]",
              help="Where in the repository it shows (repeatable).")
@click.option("--forbid", "forbid", multiple=True, metavar="GLOB[:REGEX]", help="What would contradict it.")
@click.option("--require", "require", multiple=True, metavar="GLOB", help="What must exist for it.")
@click.option("--by", "proposed_by", default=None,
              help="Who or which tool proposes it. [default: the git user.name, or `cli`]")
@now_option
@repo_option
@config_option
@cache_dir_option
def propose_command(statement, standard_id, kind, scope, tags, source, evidence, forbid, require,
                    proposed_by, now, repo, config_path, cache_dir):
    """Offer a fact to the curators: written with `status: proposed` and its provenance.

    A proposal is never primed, synced or enforced; a curator accepts it (`facts accept ID`)
    or rejects it (`facts reject ID`), in a pull request like code. One that restates an
    existing entry is not added (the answer names it); one carrying instructions to an AI,
    secrets or more than 300 characters is refused with the reason.

    \b
    Exit codes: 0 proposed or already known, 2 refused or an error.
    """
    from indexer.memory.propose import propose

    root, file = _target(repo, config_path)
    _, config = _merged(repo, config_path, cache_dir)
    fields = {"id": standard_id, "statement": statement, "kind": kind or "fact", "priority": "should",
              "scope": list(scope), "tags": list(tags), "source": source,
              "forbid": _matches(forbid, "--forbid"), "require": _matches(require, "--require"),
              "evidence": list(evidence)}
    outcome = propose(root, file, config, fields, proposed_by or _git_user(root) or "cli", now)
    click.echo(outcome.message(_relative(root, file)))


@command.command("accept")
@click.argument("standard_id", metavar="ID")
@click.option("--priority", type=click.Choice(PRIORITIES), help="Set its priority. [default: as proposed]")
@click.option("--kind", type=click.Choice(KINDS), help="Set its kind. [default: as proposed]")
@click.option("--owner", help="Who answers for it. [default: as proposed]")
@click.option("--review-by", type=DayType(), help="When it must be reviewed again. [default: as proposed]")
@now_option
@repo_option
@config_option
def accept_command(standard_id, priority, kind, owner, review_by, now, repo, config_path):
    """Accept a proposal: it becomes active (primed, synced, enforced), dated --now.

    Its provenance (proposed_by, proposed_on, evidence) stays for the record.
    """
    from indexer.memory.edit import update_standard

    root, file = _target(repo, config_path)
    _warn_past(review_by, now)
    changes = {"status": "active", "priority": priority, "kind": kind, "owner": owner,
               "review_by": review_by, "added": now}
    update_standard(root, file, standard_id, {k: v for k, v in changes.items() if v is not None},
                    only_status="proposed")
    click.echo(f"Accepted {standard_id} in {_relative(root, file)}.", err=True)


@command.command("reject")
@click.argument("standard_id", metavar="ID")
@click.option("--why", help="The reason, kept with the entry so it is not proposed again.")
@repo_option
@config_option
def reject_command(standard_id, why, repo, config_path):
    """Reject a proposal: kept as `status: rejected` (never in force), so a new proposal that
    restates it is answered with this one. `facts forget ID` deletes it instead."""
    from indexer.memory.edit import update_standard

    root, file = _target(repo, config_path)
    update_standard(root, file, standard_id, {"status": "rejected", "rejected_why": why},
                    only_status="proposed")
    click.echo(f"Rejected {standard_id} in {_relative(root, file)}.", err=True)


@command.command("supersede")
@click.argument("old", metavar="OLD")
@click.option("--by", "new", required=True, metavar="NEW",
              help="The id that replaces OLD; created here when --statement is given.")
@_entry_options(inherit=True)
@now_option
@repo_option
@config_option
@cache_dir_option
def supersede_command(old, new, statement, kind, priority, scope, tags, source, owner, review_by, forbid,
                      require, now, repo, config_path, cache_dir):
    """Mark OLD as superseded by NEW; OLD stays, marked and dated, for the record.

    With --statement, NEW is created in the same write; it takes OLD's kind, priority, scope,
    tags, owner, forbid and require unless given, so enforcement carries over.
    """
    from indexer.memory.edit import add_standard, supersede_standard

    root, file = _target(repo, config_path)
    _, config = _merged(repo, config_path, cache_dir)
    previous = config.standard(old)
    if previous is None:
        raise click.BadParameter(_unknown(old, config), param_hint="OLD")
    if not previous.in_force:
        raise click.BadParameter(f"{old} is {previous.state(now)}: only an active entry can be superseded",
                                 param_hint="OLD")
    fields = None
    if statement:
        _warn_past(review_by, now)
        fields = _new_fields(new, statement, kind or previous.kind, priority or previous.priority,
                             scope or _explicit_scope(previous), tags or previous.tags, source,
                             owner or previous.owner, now, review_by,
                             _matches(forbid, "--forbid") or _match_fields(previous.forbid),
                             _matches(require, "--require") or _match_fields(previous.require))
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
    from indexer.memory.load import load_memory
    from indexer.commands.options import resolve_repo

    root = resolve_repo(repo, outside_ok=True)  # facts work before `git init`
    return root, load_memory(root, config_path, cache_dir)


def _target(repo: str, config_path: str | None) -> tuple[str, str]:
    from indexer.commands.options import resolve_repo
    from indexer.git.root import config_file

    root = resolve_repo(repo, outside_ok=True)
    return root, config_file(root, config_path)


def _declared_here(standard, root: str, file: str) -> bool:
    return standard.file == _relative(root, file)


def _explicit_scope(standard) -> tuple[str, ...]:
    """The scope as written: the default (the whole repository) is not worth copying."""
    return () if standard.scope == ("**",) else standard.scope


def _relative(root: str, file: str) -> str:
    import os

    return os.path.relpath(file, root).replace(os.sep, "/")


def _new_fields(standard_id, statement, kind, priority, scope, tags, source, owner, added, review_by,
                forbid=(), require=()) -> dict:
    """The keys of a new entry, in the contract's order; empty options are left out."""
    fields = {"id": standard_id, "statement": statement, "kind": kind, "priority": priority,
              "scope": list(scope), "tags": list(tags), "source": source, "owner": owner,
              "added": added, "review_by": review_by, "forbid": list(forbid), "require": list(require)}
    return {key: value for key, value in fields.items() if value not in (None, [], ())}


def _matches(values, option: str) -> list[dict]:
    """`GLOB` or `GLOB:REGEX` (split at the first colon) as `forbid`/`require` entries."""
    out = []
    for value in values:
        glob, _, pattern = value.partition(":") if option == "--forbid" else (value, "", "")
        if not glob.strip():
            raise click.BadParameter(f"{value!r}: expected GLOB or GLOB:REGEX", param_hint=option)
        out.append({"glob": glob, **({"pattern": pattern} if pattern else {})})
    return out


def _match_fields(matches) -> list[dict]:
    return [{"glob": m.glob, **({"pattern": m.pattern} if m.pattern else {})} for m in matches]


def _warn_past(review_by, now: date) -> None:
    if review_by is not None and review_by < now:
        click.echo(f"orgmemory: warning: --review-by {review_by.isoformat()} is before --now "
                   f"{now.isoformat()}: the entry is expired from the start", err=True)


def _git_user(root: str) -> str | None:
    from indexer.errors import OrgmemoryError
    from indexer.git.discover import user_name

    try:
        name = user_name(root)
    except OrgmemoryError:
        return None
    return name[:100] if name else None


def _unknown(standard_id: str, config) -> str:
    import difflib

    close = difflib.get_close_matches(standard_id, [s.id for s in config.standards], n=1)
    return f"no standard {standard_id!r}" + (f"; did you mean {close[0]!r}?" if close else "")


def _status(standard, now: date) -> str:
    if not standard.accepted:
        return standard.status
    if standard.superseded:
        return f"superseded by {standard.superseded_by}"
    if standard.expired(now):
        return f"expired {standard.review_by.isoformat()}"
    return "active"


def _entry_json(standard, now: date) -> dict:
    return {**standard.to_json(), "status": standard.state(now), "status_detail": _status(standard, now),
            "superseded": standard.superseded, "expired": standard.expired(now)}


def _violations_now(root: str, config, standard) -> list[dict] | None:
    """Where the repository contradicts `standard` today; None outside a git repository."""
    import os

    if not standard.in_force or not (standard.forbid or standard.require):  # proposals are never enforced
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
        ("proposed by", standard.proposed_by), ("proposed on", standard.proposed_on),
        ("evidence", ", ".join(standard.evidence)), ("rejected", standard.rejected_why),
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
