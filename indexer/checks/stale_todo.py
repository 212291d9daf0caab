"""stale-todo: a marker comment that is old, past its deadline, or names a path that is gone."""
from __future__ import annotations

import posixpath
from datetime import timedelta
from typing import Iterator

from indexer.dates import day_of, deadline_day, epoch
from indexer.findings import Finding, fingerprint
from indexer.models import LineAge, Todo
from indexer.rulepack import RuleSettings

RULE = "stale-todo"


def check(ctx, rule: RuleSettings) -> Iterator[Finding]:
    stale_after = rule.options["stale_after"]
    cutoff = epoch(ctx.now - timedelta(days=stale_after))
    for path, todos in ctx.collected.todos.items():
        ages = ctx.ages.get(path, {})
        for todo in todos:
            age = ages.get(todo.line) or LineAge(line=todo.line, unknown=True)
            reasons: list[str] = []
            clauses: list[str] = []
            if _older_than(age, cutoff):
                reasons.append("age")
                clauses.append(_age_clause(age, ctx.now, stale_after))
            deadline = deadline_day(todo.deadline) if todo.deadline else None
            if deadline is not None and deadline < ctx.now:
                reasons.append("deadline")
                clauses.append(f"its deadline {todo.deadline} has passed")
            missing = [p for p in todo.paths if _is_gone(ctx, path, p)]
            if missing:
                reasons.append("missing-path")
                clauses.append(f"{', '.join(missing)} no longer exists")
            if reasons:
                yield _finding(todo, age, reasons, clauses, rule.severity, missing)


def _older_than(age: LineAge, cutoff: int) -> bool:
    if age.time is not None:
        return age.time < cutoff
    return age.older_than is not None and age.older_than <= cutoff


def _age_clause(age: LineAge, now, stale_after: int) -> str:
    if age.time is not None:
        changed = day_of(age.time)
        return f"last changed {changed} ({(now - changed).days} days ago, stale after {stale_after}d)"
    return f"unchanged for over {stale_after} days (last changed before {day_of(age.older_than)})"


def _is_gone(ctx, referrer: str, named: str) -> bool:
    """Named, absent from both the referring folder and the root, and deleted in history."""
    candidates = [posixpath.normpath(posixpath.join(posixpath.dirname(referrer), named)),
                  posixpath.normpath(named)]
    candidates = [c.rstrip("/") for c in candidates if not c.startswith("..")]
    if not candidates or any(ctx.path_exists(c) for c in candidates):
        return False
    return any(c in ctx.removed_paths for c in candidates)


def _finding(todo: Todo, age: LineAge, reasons, clauses, severity: str, missing) -> Finding:
    details = {
        "marker": todo.marker,
        "text": todo.text,
        "reason": reasons,
        "author_tag": todo.author_tag,
        "deadline": todo.deadline,
        "missing_paths": missing,
        "last_changed": day_of(age.time).isoformat() if age.time is not None else None,
        "last_changed_before": day_of(age.older_than).isoformat() if age.older_than else None,
        "commit": age.commit,
        "author": age.author,
        "age_unknown": age.unknown,
    }
    message = f"{'; '.join(clauses)}: {todo.text}"
    return Finding(rule=RULE, severity=severity, path=todo.path,
                   line=todo.line, message=message,
                   fingerprint=fingerprint(RULE, todo.path, todo.text), details=details)
