"""SARIF 2.1.0, shaped the way GitHub code scanning ingests it.

GitHub reads the rule metadata (`shortDescription`, `fullDescription`, `help`) to explain an
alert, the result `level`, the location (a repo-relative URI under `%SRCROOT%`) and
`partialFingerprints`, which it uses to recognise the same alert across commits. Our
fingerprint is content-based (rule + path + normalised line text), so an alert survives code
moving up or down the file. Identical lines in one file share that fingerprint, and GitHub
would merge their alerts, so the SARIF value is the fingerprint plus `:N`, N the occurrence
(1-based, in line order) of that fingerprint in the run, the way GitHub's own
`primaryLocationLineHash` tells identical lines apart. The finding's fingerprint itself (which
baselines key on) is unchanged. Every built-in rule is listed, so `ruleIndex` is stable across runs.
"""
from __future__ import annotations

import json
from typing import Any

from indexer import __version__
from indexer.findings import occurrences
from indexer.output import message, notes
from indexer.rulepack import RuleInfo, load_rules
from indexer.text import safe_uri

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/orgmemory/"
FINGERPRINT_KEY = "orgmemory/v1"
SRCROOT = "%SRCROOT%"
LEVELS = {"error": "error", "warning": "warning", "note": "note"}


def render(result) -> str:
    return json.dumps(sarif_log(result), indent=2) + "\n"


def sarif_log(result) -> dict[str, Any]:
    rules = _rules_for(result.findings)
    index = {rule.id: position for position, rule in enumerate(rules)}
    occurrence = occurrences(result.findings)
    run: dict[str, Any] = {
        "tool": {"driver": _driver(rules)},
        "columnKind": "utf16CodeUnits",
        "results": [_result(finding, index[finding.rule], occurrence[position])
                    for position, finding in enumerate(result.findings)],
    }
    notifications = [{"level": "note", "message": {"text": note}} for note in notes(result)]
    run["invocations"] = [{"executionSuccessful": True, "toolExecutionNotifications": notifications}]
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}


def _rules_for(findings) -> list[RuleInfo]:
    """The rule pack, plus a bare entry for any rule a finding uses that the pack lacks."""
    rules = dict(load_rules())
    for finding in findings:
        if finding.rule not in rules:
            rules[finding.rule] = RuleInfo(id=finding.rule, severity=finding.severity,
                                           summary=finding.rule, help=finding.rule)
    return [rules[rule_id] for rule_id in sorted(rules)]


def _driver(rules: list[RuleInfo]) -> dict[str, Any]:
    return {
        "name": "orgmemory",
        "version": __version__,
        "semanticVersion": __version__,
        "informationUri": INFORMATION_URI,
        "rules": [_rule(rule) for rule in rules],
    }


def _rule(rule: RuleInfo) -> dict[str, Any]:
    return {
        "id": rule.id,
        "name": _camel(rule.id),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": _first_paragraph(rule.help)},
        "help": {"text": rule.help, "markdown": f"**{rule.summary}**\n\n{rule.help}"},
        "defaultConfiguration": {"level": LEVELS.get(rule.severity, "warning")},
        "properties": {"tags": ["orgmemory", "maintainability"]},
    }


def _camel(rule_id: str) -> str:
    return "".join(part.capitalize() for part in rule_id.split("-"))


def _first_paragraph(text: str) -> str:
    return " ".join(text.split("\n\n", 1)[0].split())


def _result(finding, rule_index: int, occurrence: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ruleId": finding.rule,
        "ruleIndex": rule_index,
        "level": LEVELS.get(finding.severity, "warning"),
        "message": {"text": message(finding)},
        "partialFingerprints": {FINGERPRINT_KEY: f"{finding.fingerprint}:{occurrence}"},
    }
    if finding.path:
        out["locations"] = [{"physicalLocation": _physical_location(finding)}]
        # a stale TODO's note said on several lines: the others, where code scanning shows them beside it
        others = [line for line in finding.details.get("lines", ()) if line != finding.line]
        if others:
            out["relatedLocations"] = [{"id": number, "physicalLocation": _physical_location(finding, line)}
                                       for number, line in enumerate(others, 1)]
    return out


def _physical_location(finding, line: int | None = None) -> dict[str, Any]:
    location: dict[str, Any] = {
        "artifactLocation": {"uri": safe_uri(finding.path), "uriBaseId": SRCROOT},  # a name's own bytes
    }
    if (line or finding.line) is not None:
        location["region"] = {"startLine": line or finding.line}
    return location
