"""bad-suppression: an inline `orgmemory: ignore[rule]` without a reason, or naming no rule.

Such a suppression suppresses nothing (`indexer.scan.suppress`); this says so where it is written.
"""
from __future__ import annotations

from typing import Iterator

from indexer.findings import Finding, fingerprint
from indexer.rulepack import RuleSettings, load_rules

RULE = "bad-suppression"
SCOPE = "file"  # a file's suppressions and the rule pack


def check(ctx, rule: RuleSettings) -> Iterator[Finding]:
    known = set(load_rules())
    for path, suppressions in ctx.collected.suppressions.items():
        for suppression in suppressions:
            unknown = [name for name in suppression.rules if name not in known]
            problems = []
            if suppression.reason is None:
                problems.append("has no reason (write `-- why`), so it suppresses nothing")
            if not suppression.rules:
                problems.append("names no rule")
            if unknown:
                problems.append(f"names unknown rule{'s' * (len(unknown) != 1)} {', '.join(unknown)}")
            if problems:
                rules = ",".join(suppression.rules)
                yield Finding(rule=RULE, severity=rule.severity, path=path, line=suppression.line,
                              message=f"orgmemory: ignore[{rules}] {' and '.join(problems)}",
                              fingerprint=fingerprint(RULE, path, suppression.text),
                              details={"rules": list(suppression.rules), "reason": suppression.reason})
