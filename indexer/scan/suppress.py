"""The suppression stage: drop findings an inline `orgmemory: ignore[rule] -- reason` covers.

A suppression covers a finding of a rule it names on its own line; one alone on its line
(nothing but the comment) covers the line below it too, one trailing code covers only its line.
A finding without a line (a legacy folder) is covered by a suppression in the first two lines
of the file it names, or of a file directly inside the folder it names (its README, say).
A suppression without a reason covers nothing; `bad-suppression` reports it.
"""
from __future__ import annotations

import posixpath
from typing import Iterable, Mapping

from indexer.extract.suppressions import Suppression
from indexer.findings import Finding

HEADER_LINES = 2


def apply_suppressions(findings: Iterable[Finding],
                       suppressions: Mapping[str, list[Suppression]]) -> list[Finding]:
    if not suppressions:
        return list(findings)
    by_folder: dict[str, list[Suppression]] = {}
    for path, found in suppressions.items():
        by_folder.setdefault(posixpath.dirname(path), []).extend(found)
    return [f for f in findings if not _covered(f, suppressions, by_folder)]


def _covered(finding: Finding, suppressions: Mapping[str, list[Suppression]],
             by_folder: Mapping[str, list[Suppression]]) -> bool:
    if finding.line is not None:
        return any((s.line == finding.line or s.own_line and s.line == finding.line - 1)
                   and _applies(s, finding.rule) for s in suppressions.get(finding.path, ()))
    header = list(suppressions.get(finding.path, ())) + list(by_folder.get(finding.path, ()))
    return any(s.line <= HEADER_LINES and _applies(s, finding.rule) for s in header)


def _applies(suppression: Suppression, rule: str) -> bool:
    return suppression.reason is not None and rule in suppression.rules
