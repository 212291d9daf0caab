"""dangling-reference: a doc, comment or config that names a repository path that does not exist.

The resolution (`indexer.contradictions.resolve`) decides what is missing and what claims nothing; this check
leaves out historical documents, `.orgmemory.yaml` and sentences that retire their target, and
says what history knows: renamed to where, or deleted when and in which commit.
"""
from __future__ import annotations

import re
from typing import Iterator

from indexer.findings import Finding, fingerprint
from indexer.contradictions.resolve import MISSING, Resolved
from indexer.rulepack import RuleSettings

RULE = "dangling-reference"
#: Data files inside test folders are fixtures, broken on purpose as often as not.
FIXTURE = re.compile(r"(?:^|/)(?:tests?|testdata|test_data|fixtures|__fixtures__|testing)/(?:.*/)?"
                     r"[^/]+\.(?:rst|md|markdown|txt|adoc|html?|json|ya?ml|toml|cfg|ini|xml)$")


def check(ctx, rule: RuleSettings) -> Iterator[Finding]:
    found = ctx.contradictions
    todo_paths = {(t.path, t.line): t.paths for todos in ctx.collected.todos.values() for t in todos}
    for resolved in found.resolved:
        reference = resolved.reference
        if resolved.status != MISSING or reference.kind == "command" or reference.deprecated:
            continue
        if not found.is_claim_site(reference.path) or FIXTURE.search(reference.path) \
                or _stale_todo_says_so(resolved, todo_paths):
            continue
        fate = found.history.fate(resolved.path, found.paths.exists) if resolved.removed else []
        yield _finding(resolved, fate, rule.severity)


def _stale_todo_says_so(resolved: Resolved, todo_paths) -> bool:
    """A TODO naming a removed path is a `stale-todo` (reason missing-path): one finding, not two."""
    reference = resolved.reference
    named = todo_paths.get((reference.path, reference.line), ())
    return resolved.removed and reference.target.removeprefix("./").rstrip("/") in named


def _finding(resolved: Resolved, fate, severity: str) -> Finding:
    reference = resolved.reference
    written = reference.target
    if fate:
        story = "; then ".join(removal.describe() for removal in fate)
        message = (f"{story}" if written.strip("./") == resolved.path else f"{written}: {story}")
    else:
        places = " or ".join(resolved.looked_in)
        message = f"{written} does not exist" + (f" (no {places})" if places and places != written else "")
    last = fate[-1] if fate else None
    details = {
        "target": written,
        "resolved": resolved.path,
        "kind": reference.kind,
        "looked_in": list(resolved.looked_in),
        "renamed_to": last.renamed_to if last else None,
        "removed_in": last.commit if last else None,
        "removed_on": last.day.isoformat() if last else None,
        "removed_by": last.author if last else None,
    }
    return Finding(rule=RULE, severity=severity, path=reference.path, line=reference.line,
                   message=message, fingerprint=fingerprint(RULE, reference.path, f"{written} {reference.text}"),
                   details=details)
