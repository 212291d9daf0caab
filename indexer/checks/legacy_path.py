"""legacy-path: a path that is legacy, declared under `legacy:` or detected from evidence.

The finding points at the legacy path itself and carries the evidence and the confidence;
`indexer.contradictions.legacy` does the detecting.
"""
from __future__ import annotations

from typing import Iterator

from indexer.findings import Finding, fingerprint
from indexer.rulepack import RuleSettings

RULE = "legacy-path"
SCOPE = "world"  # the legacy set and what points at it (`indexer.checks.Check`)


def check(ctx, rule: RuleSettings) -> Iterator[Finding]:
    found = ctx.contradictions
    for legacy in found.legacy:
        pointing = found.pointing.get(legacy.path, [])
        if legacy.declared:
            message = f"{legacy.path} is legacy ({legacy.evidence[0].summary})"
        else:
            reasons = "; ".join(e.summary for e in legacy.evidence if e.kind != "activity-info")
            message = f"{legacy.path} looks legacy (confidence {legacy.confidence:.2f}): {reasons}"
        if legacy.successor:
            message += f"; use {legacy.successor}"
        if pointing:
            message += ("; 1 reference still points at it" if len(pointing) == 1
                        else f"; {len(pointing)} references still point at it")
        yield Finding(rule=RULE, severity=rule.severity, path=legacy.path, line=None, message=message,
                      fingerprint=fingerprint(RULE, legacy.path, legacy.path),
                      details={"declared": legacy.declared, "successor": legacy.successor,
                               "confidence": legacy.confidence,
                               "evidence": [e.to_json() for e in legacy.evidence],
                               "resolution": f"legacy:{legacy.path}"})
