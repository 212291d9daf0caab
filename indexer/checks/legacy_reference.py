"""legacy-reference: a doc, comment, config or import that points at a legacy path as if current.

Exactly the resolution's "still pointing at it" list (`indexer.contradictions.graph.still_pointing`):
references from outside the legacy path, outside historical docs and `.orgmemory.yaml`, whose
own sentence does not already say the path is deprecated.
"""
from __future__ import annotations

from typing import Iterator

from indexer.findings import Finding, fingerprint
from indexer.rulepack import RuleSettings

RULE = "legacy-reference"
SCOPE = "world"  # the legacy set and what points at it (`indexer.checks.Check`)


def check(ctx, rule: RuleSettings) -> Iterator[Finding]:
    found = ctx.contradictions
    for legacy in found.legacy:
        for resolved in found.pointing.get(legacy.path, []):
            reference = resolved.reference
            instead = f"; use {legacy.successor}" if legacy.successor else ""
            how = "declared" if legacy.declared else f"detected, confidence {legacy.confidence:.2f}"
            yield Finding(
                rule=RULE, severity=rule.severity, path=reference.path, line=reference.line,
                message=f"points at legacy {legacy.path} ({how}) via {reference.target}{instead}",
                fingerprint=fingerprint(RULE, reference.path, f"{reference.target} {reference.text}"),
                details={"legacy_path": legacy.path, "successor": legacy.successor,
                         "target": reference.target, "resolved": resolved.path, "kind": reference.kind,
                         "declared": legacy.declared, "resolution": f"legacy:{legacy.path}"})
