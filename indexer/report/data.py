"""Everything the report shows, gathered into one plain dict (JSON-serialisable).

The renderer reads only this dict, so what the page says can be tested without a browser and
the page can be tested without git. Long lists are capped here, once, so a 5,000-file
repository still gives a page under 2 MB; every capped list carries its full `total` so the
page can say how much it left out.
"""
from __future__ import annotations

import os
import time
from datetime import date, datetime, timezone
from typing import Any, Iterable, Mapping, Sequence

from indexer.cache import Cache, cache_dir_for
from indexer.scan.collect import collect, set_aside_vendored
from indexer.dates import day_of
from indexer.git.discover import snapshot as take_snapshot
from indexer.globs import compile_globs
from indexer.findings import SEVERITIES, Finding
from indexer.models import STATES_IN_FORCE_FIRST, Config, LineAge, Standard, Todo
from indexer.report import sources
from indexer.report.activity import monthly_activity
from indexer.report.ages import exact_ages
from indexer.text import safe_text

MAX_FINDINGS = 1000  # rows in the findings table, most severe first
MAX_POINTING = 100  # artifacts listed per legacy path
MAX_VIOLATIONS = 50  # violations listed per standard
MAX_MESSAGE = 300  # characters of a finding's message
STATUSES = STATES_IN_FORCE_FIRST  # defined once, in indexer.models


def build_report(path: str, now: date, cache_dir: str | None = None,
                 config_path: str | None = None, progress=None) -> dict[str, Any]:
    """Scan the repository at `path` and collect every section of the report."""
    from indexer.scan.run import run_scan

    started, generated = time.monotonic(), datetime.now(timezone.utc)
    result = run_scan(path, now, cache_dir=cache_dir, config_path=config_path, with_memory=True,
                      progress=progress)  # `report` passes the scan's terminal progress bar
    root, config = result.root, result.memory  # the merged memory: standards from `extends` too
    resolved, detected = sources.resolutions(config, {"resolutions": result.resolutions})
    shown = most_severe(result.findings, MAX_FINDINGS)
    cache = Cache(cache_dir_for(root, cache_dir))
    try:
        todos, content_sha = all_todos(root, config, cache)
        requests = line_requests(todos, shown, resolved)
        ages = exact_ages(root, cache, content_sha, requests)
    finally:
        cache.close()
    return {
        "version": 1,
        "header": header(result, config, generated, time.monotonic() - started),
        "standards": standards_section(config.standards, result.findings, now),
        "contradictions": contradictions_section(root, resolved, detected, ages, now),
        "findings": findings_section(result.findings, shown, ages, now),
        "todo_ages": todo_age_section(todos, result.findings, ages, now),
        "health": sources.usage_stats(cache_dir_for(root, cache_dir), config, now),
        "priming": sources.priming_block(config, now),
    }


# --------------------------------------------------------------------------- inputs
def all_todos(root: str, config: Config, cache: Cache) -> tuple[dict[str, list[Todo]], dict[str, str]]:
    """Every TODO, fresh or stale, and each file's content SHA; those in vendored and generated
    code set aside as the scan sets them aside (`scan.vendored: report` keeps them).

    The scan reports only stale TODOs; the age histogram wants them all. The extraction cache
    the scan has just filled makes this a read of the cache, not a second parse. (Each TODO
    file is blamed over its whole history for the histogram: moby's 1,429 TODOs in vendored Go
    modules took 60 s of it, for code the project does not write.)
    """
    snap, _ = take_snapshot(root, compile_globs(config.scan.exclude))
    collected = collect(snap, cache, config.scan.markers, config.scan.max_file_bytes)
    set_aside_vendored(collected, root, snap.files, report=config.scan.vendored == "report")
    return collected.todos, collected.content_sha


def most_severe(findings: Iterable[Finding], limit: int) -> list[Finding]:
    """The findings the table shows when it cannot show them all: errors first, then by place."""
    ordered = sorted(findings, key=lambda f: (_severity_rank(f.severity), f.path, f.line or 0, f.rule))
    return ordered[:limit]


def line_requests(todos: Mapping[str, Sequence[Todo]], findings: Iterable[Finding],
                  resolved: Iterable[Mapping[str, Any]]) -> dict[str, set[int]]:
    """Every line the page dates: all TODOs, the shown findings, the artifacts still pointing."""
    wanted: dict[str, set[int]] = {}
    for path, items in todos.items():
        wanted.setdefault(path, set()).update(t.line for t in items)
    for finding in findings:
        if finding.line:
            wanted.setdefault(finding.path, set()).add(finding.line)
    for resolution in resolved:
        for ref in pointing(resolution)[:MAX_POINTING]:
            wanted.setdefault(ref["path"], set()).add(ref["line"])
    return wanted


def pointing(resolution: Mapping[str, Any]) -> list[dict[str, Any]]:
    refs = resolution.get("still_pointing") or ()
    return sorted((_plain(r) for r in refs), key=lambda r: (r["path"], r.get("line") or 0))


# --------------------------------------------------------------------------- header
def header(result, config: Config, generated: datetime, seconds: float) -> dict[str, Any]:
    return {
        "repo": os.path.basename(result.root.rstrip("/")) or result.root,
        "root": result.root,
        "org": config.org,
        "head": result.head,
        "generated": generated.strftime("%Y-%m-%d %H:%M UTC"),
        "seconds": round(seconds, 2),
        "now": result.now.isoformat(),
        "files": result.files,
        "config": _config_name(result.root, config),
        "notes": list(result.notes),
    }


def _config_name(root: str, config: Config) -> str | None:
    return os.path.relpath(config.file, root).replace(os.sep, "/") if config.file else None


# --------------------------------------------------------------------------- standards
def standards_section(standards: Sequence[Standard], findings: Sequence[Finding], now: date) -> dict[str, Any]:
    known = {s.id for s in standards}
    violations = _violations_by_standard(findings)
    # proposals and rejected entries apart, after the entries in force
    standards = sorted(standards, key=lambda s: not s.accepted)
    items = [standard_item(s, violations.get(s.id, []), known, now) for s in standards]
    return {
        "items": items,
        "kinds": sorted({s.kind for s in standards}),
        "owners": sorted({s.owner for s in standards if s.owner}),
        "tags": sorted({t for s in standards for t in s.tags}),
        "counts": {status: sum(1 for i in items if i["status"] == status) for status in STATUSES},
    }


def standard_status(standard: Standard, now: date) -> str:
    """Superseded wins (it is not enforced at all), then expired (enforced but not trusted)."""
    return standard.state(now)  # proposed and rejected entries are shown apart


def standard_item(standard: Standard, found: list[Finding], known: set[str], now: date) -> dict[str, Any]:
    status = standard_status(standard, now)
    violations = [_violation(f) for f in found if not f.details.get("stale_standard")]
    stale = next((f for f in found if f.details.get("stale_standard")), None)
    if stale is not None:
        violations += [{"path": v["file"], "line": v.get("line"), "severity": stale.severity,
                        "message": _cap(v.get("text") or f"file matches the forbidden {v.get('glob')!r}")}
                       for v in stale.details.get("violations", ())]
    return {
        "id": standard.id,
        "statement": standard.statement,
        "kind": standard.kind,
        "priority": standard.priority,
        "status": status,
        "owner": standard.owner,
        "source": standard.source,
        "tags": list(standard.tags),
        "scope": list(standard.scope),
        "added": _iso(standard.added),
        "review_by": _iso(standard.review_by),
        "review_in_days": (standard.review_by - now).days if standard.review_by else None,
        "superseded_by": standard.superseded_by,
        "superseded_by_known": standard.superseded_by in known,
        "superseded_on": _iso(standard.superseded_on),
        "supersedes": list(standard.supersedes),
        "proposed_by": standard.proposed_by,
        "proposed_on": _iso(standard.proposed_on),
        "declared_at": f"{standard.file}:{standard.line}" if standard.line else standard.file,
        "violations": violations[:MAX_VIOLATIONS],
        "violation_total": len(violations),
        "stale_note": stale.message if stale is not None else None,
    }


def _violations_by_standard(findings: Iterable[Finding]) -> dict[str, list[Finding]]:
    out: dict[str, list[Finding]] = {}
    for finding in findings:
        if finding.rule == "standard-violation" and finding.details.get("standard"):
            out.setdefault(finding.details["standard"], []).append(finding)
    return out


def _violation(finding: Finding) -> dict[str, Any]:
    """What violates, without the standard's statement the row already shows."""
    details = finding.details
    if details.get("text"):
        what = details["text"].strip()
    elif details.get("require"):
        what = f"nothing in scope matches the required {details['require']!r}"
    elif details.get("glob"):
        what = f"file matches the forbidden {details['glob']!r}"
    else:
        what = finding.message
    return {"path": finding.path, "line": finding.line, "message": _cap(what), "severity": finding.severity}


# --------------------------------------------------------------------------- contradictions
def contradictions_section(root: str, resolved: Sequence[Mapping[str, Any]], detected: bool,
                           ages: Mapping[str, Mapping[int, LineAge]], now: date) -> dict[str, Any]:
    paths = [p for r in resolved for p in (r["legacy_path"], r.get("successor")) if p]
    activity = monthly_activity(root, paths, now)
    return {
        "detected": detected,
        "items": [contradiction_item(r, activity, ages) for r in resolved],
    }


def contradiction_item(resolution: Mapping[str, Any], activity: Mapping[str, Any],
                       ages: Mapping[str, Mapping[int, LineAge]]) -> dict[str, Any]:
    refs = pointing(resolution)
    legacy, successor = resolution["legacy_path"], resolution.get("successor")
    return {
        "id": resolution["id"],
        "legacy_path": legacy,
        "successor": successor,
        "declared": bool(resolution.get("declared")),
        "confidence": resolution.get("confidence"),
        "statement": resolution.get("statement") or "",
        "evidence": [_plain(e) for e in resolution.get("evidence") or ()],
        "activity": {role: activity[p].to_json() for role, p in (("legacy", legacy), ("successor", successor))
                     if p in activity},
        "still_pointing": [_dated_ref(ref, ages) for ref in refs[:MAX_POINTING]],
        "still_pointing_total": max(len(refs), resolution.get("still_pointing_total") or 0),
    }


def _dated_ref(ref: Mapping[str, Any], ages: Mapping[str, Mapping[int, LineAge]]) -> dict[str, Any]:
    age = ages.get(ref["path"], {}).get(ref.get("line"))
    return {"path": ref["path"], "line": ref.get("line"), "target": ref.get("target"),
            "kind": ref.get("kind"), "text": _cap(ref.get("text") or ""), **_blame(age)}


# --------------------------------------------------------------------------- findings
def findings_section(findings: Sequence[Finding], shown: Sequence[Finding],
                     ages: Mapping[str, Mapping[int, LineAge]], now: date) -> dict[str, Any]:
    from indexer.rulepack import load_rules

    rules = load_rules()
    by_rule: dict[str, int] = {}
    for finding in findings:
        by_rule[finding.rule] = by_rule.get(finding.rule, 0) + 1
    return {
        "items": [finding_item(f, ages, now) for f in shown],
        "total": len(findings),
        "rules": [{"id": rule, "count": count, "summary": rules[rule].summary if rule in rules else ""}
                  for rule, count in sorted(by_rule.items())],
    }


def finding_item(finding: Finding, ages: Mapping[str, Mapping[int, LineAge]], now: date) -> dict[str, Any]:
    blame = _blame(ages.get(finding.path, {}).get(finding.line))
    changed = blame["date"]
    return {
        "rule": finding.rule,
        "severity": finding.severity,
        "path": finding.path,
        "line": finding.line,
        "message": _cap(finding.message),
        **blame,
        "age_days": (now - date.fromisoformat(changed)).days if changed else None,
    }


# --------------------------------------------------------------------------- TODO ages
def todo_age_section(todos: Mapping[str, Sequence[Todo]], findings: Iterable[Finding],
                     ages: Mapping[str, Mapping[int, LineAge]], now: date) -> dict[str, Any]:
    """TODOs per year of their line's last change, split stale / not stale; gaps kept as zeros."""
    stale = {(f.path, f.line) for f in findings if f.rule == "stale-todo"}
    per_year: dict[int, list[int]] = {}
    undated = 0
    for path, items in todos.items():
        for todo in items:
            age = ages.get(path, {}).get(todo.line)
            if age is None or age.time is None:
                undated += 1
                continue
            counts = per_year.setdefault(day_of(age.time).year, [0, 0])
            counts[0 if (path, todo.line) in stale else 1] += 1
    years = range(min(per_year), max(max(per_year), now.year) + 1) if per_year else range(0)
    return {
        "years": [{"year": y, "stale": per_year.get(y, [0, 0])[0], "fresh": per_year.get(y, [0, 0])[1]}
                  for y in years],
        "total": sum(len(items) for items in todos.values()),
        "stale": sum(1 for path, items in todos.items() for t in items if (path, t.line) in stale),
        "undated": undated,
    }


# --------------------------------------------------------------------------- helpers
def _blame(age: LineAge | None) -> dict[str, Any]:
    """Date, author and short commit of a line; all None when not committed or unknown."""
    if age is None or age.time is None:
        return {"date": None, "author": None, "commit": None,
                "uncommitted": bool(age and age.uncommitted)}
    return {"date": day_of(age.time).isoformat(), "author": age.author,
            "commit": (age.commit or "")[:12] or None, "uncommitted": False}


def _severity_rank(severity: str) -> int:
    return SEVERITIES.index(severity) if severity in SEVERITIES else len(SEVERITIES)


def _plain(value: Any) -> dict[str, Any]:
    return value.to_json() if hasattr(value, "to_json") else dict(value)


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


def _cap(text: str, limit: int = MAX_MESSAGE) -> str:
    text = safe_text(text)  # gated before the cut: half a secret no longer matches its pattern
    return text if len(text) <= limit else text[: limit - 1] + "…"
