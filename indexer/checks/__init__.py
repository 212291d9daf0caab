"""Detectors, one function per rule, one typed interface: `Check`.

Adding a rule is one YAML file in `rules/` and one module here: the YAML names its check
(`check: module:function`, by default `indexer.checks.<id with _>:check`), so there is no list of
modules to keep in step. Rules that share a module (standard-violation and expired-standard in
`standards`) name their own function in it. `indexer.scan.pipeline` runs every enabled rule's
check over one `ScanContext` with that rule's settings (`indexer.rulepack.settings_for`: the
pack's severity and options under the repository's `rules:` section).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Protocol

from indexer.findings import Finding
from indexer.rulepack import RuleSettings, load_rules, settings_for

if TYPE_CHECKING:
    from indexer.scan.pipeline import ScanContext


class Check(Protocol):
    """What reports one rule: findings for `ctx`, at `rule.severity`, tuned by `rule.options`."""

    def __call__(self, ctx: "ScanContext", rule: RuleSettings) -> Iterable[Finding]: ...


@dataclass(frozen=True)
class LoadedCheck:
    rule: RuleSettings
    run: Check


def resolve_check(target: str) -> Check:
    """The function a rule's `check: module:function` names (ImportError/AttributeError if none)."""
    module, _, function = target.partition(":")
    return getattr(importlib.import_module(module), function or "check")


def load_checks(config: Any = None) -> list[LoadedCheck]:
    """Every enabled rule's check with its settings for `config`, in rule id order."""
    settings = settings_for(config)
    return [LoadedCheck(settings[rule.id], resolve_check(rule.check))
            for rule in load_rules().values() if settings[rule.id].enabled]
