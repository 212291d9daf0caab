"""Detectors, one module per rule, one tiny interface: `check(ctx) -> Iterable[Finding]`.

Each module names the rule ids it reports in `RULES`; `indexer.scan` runs them in order over
one `ScanContext` and never needs to know what any of them does.
"""
from __future__ import annotations

import importlib
from types import ModuleType

CHECK_MODULES = (
    "indexer.checks.stale_todo",
)


def load_checks() -> list[ModuleType]:
    return [importlib.import_module(name) for name in CHECK_MODULES]
