"""The baseline: findings a team has accepted for now, so CI and pre-commit report only new ones.

Entries are keyed by the finding's content fingerprint (rule + path + normalised line text),
never by line number, so inserting or deleting lines above a baselined TODO does not bring it
back. The same text twice in one file gives two equal fingerprints (a stale TODO's note said on
several lines is one finding naming its `lines`: an entry for each); the baseline keeps one
entry per copy and matching consumes them as a multiset, so a third copy is still new.

The file is sorted and carries no timestamp, and each entry holds only what does not move with
the day: the fingerprint, rule, path and, for a finding that quotes a line (a TODO), that
line's text. Never the message, which says "passed 154 days ago" or "before 2025-07-20": so
regenerating the baseline for an unchanged repository on any later day produces the same
bytes, and a reviewable diff otherwise. The quoted text leaves the tool, so it goes through the
gate in `indexer.text` (secrets redacted, instructions to an AI withheld).
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from indexer.errors import OrgmemoryError
from indexer.findings import Finding

DEFAULT_FILE = ".orgmemory-baseline.json"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Filtered:
    """Findings less those a baseline file already lists."""

    new: tuple[Finding, ...]
    baselined: int  # findings matched (and so not reported)


def to_json(findings: Iterable[Finding]) -> dict:
    entries = [_entry(f) for f in findings for _ in range(_copies(f))]
    entries.sort(key=lambda e: (e["path"], e["rule"], e["fingerprint"], e.get("text", "")))
    return {"version": FORMAT_VERSION, "tool": "orgmemory", "findings": entries}


def _entry(finding: Finding) -> dict:
    from indexer.text import safe_text

    entry = {"fingerprint": finding.fingerprint, "rule": finding.rule, "path": safe_text(finding.path)}
    quoted = finding.details.get("text")
    if isinstance(quoted, str):
        entry["text"] = safe_text(quoted)
    return entry


def dumps(findings: Iterable[Finding]) -> str:
    return json.dumps(to_json(findings), indent=2, ensure_ascii=False) + "\n"


def load(path: str) -> Counter[str]:
    """The fingerprints in the baseline file at `path`, with their multiplicity."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        raise OrgmemoryError(f"{path}: no such baseline file (create it with `orgmemory baseline`)") from None
    except json.JSONDecodeError as exc:
        raise OrgmemoryError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise OrgmemoryError(f"{path}: cannot read the baseline: {exc}") from None
    return _fingerprints(data, path)


def _fingerprints(data, path: str) -> Counter[str]:
    if not isinstance(data, dict) or not isinstance(data.get("findings"), list):
        raise OrgmemoryError(f"{path}: findings: expected an object with a `findings` list")
    if data.get("version") != FORMAT_VERSION:
        raise OrgmemoryError(f"{path}: version: expected {FORMAT_VERSION}, got {data.get('version')!r}")
    counts: Counter[str] = Counter()
    for position, entry in enumerate(data["findings"]):
        fingerprint = entry.get("fingerprint") if isinstance(entry, dict) else None
        if not isinstance(fingerprint, str) or not fingerprint:
            raise OrgmemoryError(f"{path}: findings[{position}].fingerprint: expected a string")
        counts[fingerprint] += 1
    return counts


def filter_new(findings: Iterable[Finding], baseline: Counter[str]) -> Filtered:
    """The findings the baseline does not account for, in their original order."""
    remaining = Counter(baseline)
    new: list[Finding] = []
    matched = 0
    for finding in findings:
        copies = _copies(finding)
        taken = min(copies, remaining[finding.fingerprint])
        remaining[finding.fingerprint] -= taken
        matched += taken
        if taken < copies:  # (a note now on more lines than the baseline accepted is new, all of it)
            new.append(finding)
    return Filtered(new=tuple(new), baselined=matched)


def _copies(finding: Finding) -> int:
    """How many copies of its text a finding stands for: a stale TODO's note, one a line it is on."""
    return len(finding.details.get("lines") or (finding.line,))
