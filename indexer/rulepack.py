"""The built-in rule pack: one YAML file per rule in `rules/` (shipped as `indexer/_rules`).

Detectors live in `indexer.checks`; this is what each rule *is*: id, default severity, a
one-line summary and help text. `--help`, SARIF rule descriptions and the docs read from here.
"""
from __future__ import annotations

import functools
import os
from dataclasses import dataclass, field
from typing import Any, Mapping

import yaml


@dataclass(frozen=True)
class RuleInfo:
    id: str
    severity: str
    summary: str
    help: str
    options: Mapping[str, Any] = field(default_factory=dict)


def rules_dir() -> str:
    """`indexer/_rules` in an installed wheel, `rules/` beside the package in a checkout."""
    package = os.path.dirname(os.path.abspath(__file__))
    installed = os.path.join(package, "_rules")
    return installed if os.path.isdir(installed) else os.path.join(os.path.dirname(package), "rules")


@functools.lru_cache(maxsize=1)
def load_rules() -> dict[str, RuleInfo]:
    directory = rules_dir()
    rules: dict[str, RuleInfo] = {}
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".yaml"):
            continue
        with open(os.path.join(directory, name), encoding="utf-8") as fh:
            data = yaml.safe_load(fh)
        rules[data["id"]] = RuleInfo(
            id=data["id"], severity=data["severity"], summary=data["summary"].strip(),
            help=data["help"].strip(), options=data.get("options") or {},
        )
    return rules


def severity(rule_id: str) -> str:
    return load_rules()[rule_id].severity
