"""What the rules report: `Finding`, its severity scale and its location-free fingerprint.

Kept apart from `indexer.models` because a warm scan answered from the memo needs this and
nothing else of the pipeline's data.
"""
from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Mapping

SEVERITIES = ("error", "warning", "note")


def jsonable(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float)):
        return value
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, (tuple, list, frozenset, set)):
        return [jsonable(v) for v in value]
    if isinstance(value, (dict, Mapping)):
        return {k: jsonable(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value):
        return value.to_json()
    return value


@dataclass(frozen=True)
class Finding:
    """One problem a check reports, with a fingerprint that survives line moves."""

    rule: str
    severity: str
    path: str
    line: int | None
    message: str
    fingerprint: str
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out = {
            "rule": self.rule,
            "severity": self.severity,
            "path": self.path,
            "line": self.line,
            "message": self.message,
            "fingerprint": self.fingerprint,
        }
        out.update(jsonable(dict(self.details)))
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Finding":
        details = dict(data)
        return cls(details.pop("rule"), details.pop("severity"), details.pop("path"), details.pop("line"),
                   details.pop("message"), details.pop("fingerprint"), details)


def fingerprint(rule: str, path: str, content: str) -> str:
    """A location-free identity: rule + path + normalised text, so moving code keeps it."""
    normalised = " ".join(content.split())
    return hashlib.sha1(f"{rule}\0{path}\0{normalised}".encode("utf-8", "surrogateescape")).hexdigest()[:16]


def occurrences(findings) -> list[int]:
    """For each finding (by position), the 1-based occurrence of its fingerprint in line order.

    A fingerprint leaves the line out (so a finding keeps it when lines move), so two findings
    of one rule and message in one file share it; the occurrence tells them apart. SARIF's
    `partialFingerprints` carry `FINGERPRINT:N`, and `explain` reads the same form back.
    """
    seen: dict[str, int] = {}
    out = [0] * len(findings)
    in_line_order = sorted(range(len(findings)),
                           key=lambda i: (findings[i].line is not None, findings[i].line or 0, i))
    for position in in_line_order:
        fingerprint = findings[position].fingerprint
        seen[fingerprint] = seen.get(fingerprint, 0) + 1
        out[position] = seen[fingerprint]
    return out
