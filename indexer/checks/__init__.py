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
    from indexer.scan.context import ScanContext


class Check(Protocol):
    """What reports one rule: findings for `ctx`, at `rule.severity`, tuned by `rule.options`.

    A check says what its findings depend on with a `SCOPE` in its module (or a `scope`
    attribute on the function, where a module holds checks of different scopes), which the
    delta scan (`indexer.scan.delta`) reads:
    - "file": a file's findings depend on that file and on the world alone (the tracked
      paths, every file's definitions, the history, the legacy set, the configuration), so a
      scan after a change recomputes them for the changed files only;
    - "world": the findings depend on the world alone (legacy paths and what points at them,
      the standards' declarations); kept while the world is unchanged;
    - "tree" (the default): they may read any file; recomputed over the whole tree.
    """

    def __call__(self, ctx: "ScanContext", rule: RuleSettings) -> Iterable[Finding]: ...


SCOPES = ("file", "world", "tree")


@dataclass(frozen=True)
class LoadedCheck:
    """A rule's settings and the function that checks it."""

    rule: RuleSettings
    run: Check

    @property
    def scope(self) -> str:
        """"file", "world" or "tree": see `Check`."""
        scope = getattr(self.run, "scope", None) or getattr(
            importlib.import_module(self.run.__module__), "SCOPE", "tree")
        return scope if scope in SCOPES else "tree"


def resolve_check(target: str) -> Check:
    """The function a rule's `check: module:function` names (ImportError/AttributeError if none)."""
    module, _, function = target.partition(":")
    return getattr(importlib.import_module(module), function or "check")


def load_checks(config: Any = None) -> list[LoadedCheck]:
    """Every enabled rule's check with its settings for `config`, in rule id order."""
    settings = settings_for(config)
    return [LoadedCheck(settings[rule.id], resolve_check(rule.check))
            for rule in load_rules().values() if settings[rule.id].enabled]
