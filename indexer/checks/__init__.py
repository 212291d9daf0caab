"""Detectors, one module per rule, one tiny interface: `check(ctx) -> Iterable[Finding]`.

Each module names the rule ids it reports in `RULES`; `indexer.scan.run` runs them in order over
one `ScanContext` and never needs to know what any of them does.
"""
from __future__ import annotations

import importlib
from types import ModuleType

CHECK_MODULES = (
    "indexer.checks.stale_todo",
    "indexer.checks.standards",
    "indexer.checks.suspicious_instruction",
    "indexer.checks.dangling_reference",
    "indexer.checks.dangling_command",
    "indexer.checks.legacy_path",
    "indexer.checks.legacy_reference",
    "indexer.checks.bad_suppression",
)


def load_checks() -> list[ModuleType]:
    return [importlib.import_module(name) for name in CHECK_MODULES]
