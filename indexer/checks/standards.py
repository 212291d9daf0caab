"""standard-violation and expired-standard: the curated memory checked against the code.

A violation's severity follows its standard's priority (the rule's `must`, `should` and `may`
options: error, warning, note by default; a `severity:` set in `rules:` overrides all three). A failing `require` and an expired standard point at the file that declares the
standard, at the line of its `- id:`. When a standard looks stale (the code overwhelmingly
contradicts it) its violations fold into one summary finding that lists them in its details.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from indexer.scan.collect import read_file
from indexer.findings import Finding, fingerprint
from indexer.models import Match, Standard
from indexer.rulepack import RuleSettings, load_rules

if TYPE_CHECKING:  # the engine is imported when a standard is enforced (most repositories have none)
    from indexer.memory.enforce import Report, Violation

VIOLATION, EXPIRED = "standard-violation", "expired-standard"


def check_expired(ctx, rule: RuleSettings) -> Iterator[Finding]:
    for standard in ctx.config.standards:
        if standard.in_force and standard.expired(ctx.now):  # proposals are never enforced
            yield expired_finding(standard, ctx.now, rule.severity)


check_expired.scope = "world"  # the standards file and `--now` (`indexer.checks.Check`)


def check_violations(ctx, rule: RuleSettings) -> Iterator[Finding]:
    active = [s for s in ctx.config.standards if s.in_force]  # proposals are never enforced
    severities = severity_by_priority(rule)
    read_lines = line_reader(ctx.root, ctx.config.scan.max_file_bytes)
    files = sorted(ctx.snapshot.files)
    candidates = getattr(ctx, "only", None)
    for standard in active:
        if standard.forbid or standard.require:
            from indexer.memory.enforce import evaluate

            yield from report_findings(evaluate(standard, files, read_lines, candidates), severities)


check_violations.scope = "tree"  # reads any tracked file; `require` and staleness count them all


def severity_by_priority(rule: RuleSettings | None = None) -> dict[str, str]:
    """must/should/may -> severity: the rule's options, or its `severity:` set in `rules:` for all."""
    pack = load_rules()[VIOLATION]
    options = rule.options if rule is not None else {name: o.value for name, o in pack.options.items()}
    if rule is not None and rule.severity_given:
        return {priority: rule.severity for priority in ("must", "should", "may")}
    return {priority: options[priority] for priority in ("must", "should", "may")}


def report_findings(report: Report, severities: dict[str, str] | None = None) -> Iterator[Finding]:
    """One finding per violation and per unmet `require`, or one summary for a stale standard."""
    severity = (severities or severity_by_priority())[report.standard.priority]
    if report.stale:
        yield _stale_finding(report, severity)
        return
    for violation in report.violations:
        yield _violation_finding(report.standard, violation, severity)
    for entry in report.unmet:
        yield _unmet_finding(report.standard, entry, severity)


def expired_finding(standard: Standard, now, severity: str | None = None) -> Finding:
    days = (now - standard.review_by).days
    message = (f"{standard.id}: review_by {standard.review_by.isoformat()} passed {days} days ago; "
               f"review it (extend review_by, `orgmemory facts supersede`, or `orgmemory facts forget`): "
               f"{_quote(standard)}")
    return Finding(rule=EXPIRED, severity=severity or load_rules()[EXPIRED].severity, path=standard.file, line=standard.line,
                   message=message,
                   fingerprint=fingerprint(EXPIRED, standard.file, f"{standard.id} {standard.review_by}"),
                   details={"standard": standard.id, "review_by": standard.review_by,
                            "owner": standard.owner, "days_overdue": days})


# --------------------------------------------------------------------------- findings
def _violation_finding(standard: Standard, violation: Violation, severity: str) -> Finding:
    entry = violation.match
    what = f"line matches {entry.pattern!r}" if entry.pattern else f"file matches {entry.glob!r}"
    message = f"{what}, forbidden by {standard.id} ({standard.priority}): {_quote(standard)}"
    content = f"{standard.id} {entry.glob} {entry.pattern or ''} {violation.text or ''}"
    return Finding(rule=VIOLATION, severity=severity,
                   path=violation.path, line=violation.line, message=message,
                   fingerprint=fingerprint(VIOLATION, violation.path, content),
                   details={**_standard_details(standard), "glob": entry.glob, "pattern": entry.pattern,
                            "text": violation.text})


def _unmet_finding(standard: Standard, entry: Match, severity: str) -> Finding:
    message = (f"no tracked file matches {entry.glob!r}, required by {standard.id} "
               f"({standard.priority}): {_quote(standard)}")
    return Finding(rule=VIOLATION, severity=severity,
                   path=standard.file, line=standard.line, message=message,
                   fingerprint=fingerprint(VIOLATION, standard.file, f"{standard.id} require {entry.glob}"),
                   details={**_standard_details(standard), "require": entry.glob})


def _stale_finding(report: Report, severity: str) -> Finding:
    standard = report.standard
    files = report.violating_files
    unmet = ", ".join(repr(entry.glob) for entry in report.unmet)
    evidence = (f"no file satisfies its require {unmet}" if unmet
                else f"only {report.supporting_files} comply")
    message = (f"the standard {standard.id} may itself be stale: {len(files)} files contradict it "
               f"and {evidence}; confirm it and fix the code, or supersede it "
               f"(`orgmemory facts supersede {standard.id} --by NEW`): {_quote(standard)}")
    return Finding(rule=VIOLATION, severity=severity,
                   path=standard.file, line=standard.line, message=message,
                   fingerprint=fingerprint(VIOLATION, standard.file, f"{standard.id} stale"),
                   details={**_standard_details(standard), "stale_standard": True,
                            "violating_files": len(files), "supporting_files": report.supporting_files,
                            "unmet_require": [entry.glob for entry in report.unmet],
                            "violations": [_violation_json(v) for v in report.violations]})


def _violation_json(violation: Violation) -> dict:
    return {"file": violation.path, "line": violation.line, "glob": violation.match.glob,
            "pattern": violation.match.pattern, "text": violation.text}


def _standard_details(standard: Standard) -> dict:
    return {"standard": standard.id, "priority": standard.priority, "statement": standard.statement,
            "source": standard.source, "declared_at": f"{standard.file}:{standard.line}"}


def _quote(standard: Standard) -> str:
    source = f" (source: {standard.source})" if standard.source else ""
    return f"\"{standard.statement}\"{source}"


def line_reader(root: str, max_bytes: int):
    """Lines of a tracked file as text; None when it is binary, too large or unreadable."""
    def read_lines(path: str) -> list[str] | None:
        data, _reason = read_file(root, path, max_bytes)
        return None if data is None else data.decode("utf-8").splitlines()
    return read_lines
