"""Renderers: findings in, text out. No logic beyond presentation.

Findings carry the repository's text as it is; every renderer shows it through the gate in
`indexer.text` (see there why at output): `message`, `path` and `notes` below for the
line-oriented formats, `result_json` and `record` for the JSON ones. The gate also shows each
byte of a file name that is not UTF-8 as U+FFFD, so every format stays valid UTF-8; the JSON
formats add `path_uri` (the name's exact bytes, percent-encoded) beside such a `path`, and
SARIF's `uri` is those bytes (`indexer.text.safe_uri`).
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
    data = result.to_json()
    gated = safe_tree({key: value for key, value in data.items() if key not in ("findings", "summary")}, STRUCTURAL)
    return {key: [safe_record(f) for f in value] if key == "findings" else value if key == "summary" else gated[key]
            for key, value in data.items()}
