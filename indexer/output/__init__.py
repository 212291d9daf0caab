"""Renderers: findings in, text out. No logic beyond presentation."""
from __future__ import annotations

import importlib
from typing import Callable

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
