"""Renderers: findings in, text out. No logic beyond presentation.

Findings carry the repository's text as it is; every renderer shows it through the gate in
`indexer.text` (see there why at output): `message`, `path` and `notes` below for the
line-oriented formats, `result_json` and `record` for the JSON ones.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable

from indexer.text import STRUCTURAL, safe_message, safe_record, safe_text, safe_tree

# --format name -> module exposing `render(result) -> str`
SCAN_FORMATS: dict[str, str] = {
    "text": "indexer.output.text",
    "json": "indexer.output.json_report",
    "sarif": "indexer.output.sarif",
    "github": "indexer.output.github",
    "json-lines": "indexer.output.jsonl",
}


def scan_renderer(name: str) -> Callable:
    return importlib.import_module(SCAN_FORMATS[name]).render


def message(finding) -> str:
    """The finding's message through the gate; a quoted TODO withheld leaves the prose before it."""
    quoted = finding.details.get("text")
    return safe_message(finding.message, quoted if isinstance(quoted, str) else None)


def path(finding) -> str:
    return safe_text(finding.path)


def notes(result) -> list[str]:
    return [safe_text(note) for note in result.notes]


def record(finding) -> dict[str, Any]:
    """The finding's JSON object through the gate."""
    return safe_record(finding.to_json())


def result_json(result) -> dict[str, Any]:
    """The contract's JSON object through the gate (the same object, key for key, for benign text)."""
    return {key: [safe_record(f) for f in value] if key == "findings" else
            value if key in STRUCTURAL or key == "summary" else safe_tree(value, STRUCTURAL)
            for key, value in result.to_json().items()}
