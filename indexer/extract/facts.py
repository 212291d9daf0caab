"""The path facts of one blob, as `indexer.scan.collect` caches them beside its TODOs.

`blob_facts(path, data)` runs the reference, suppression and definition extractors and
returns the JSON-ready part of the cache entry; `restore(collected, path, entry)` turns a
(possibly cached) entry back into objects. Only non-empty facts are stored.
"""
from __future__ import annotations

from typing import Any

from indexer.extract.definitions import extract_definitions
from indexer.extract.deprecation import extract_deprecations
from indexer.extract.references.readers import extract_references
from indexer.extract.suppressions import Suppression, extract_suppressions
from indexer.models import Reference


def blob_facts(path: str, data: bytes) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    references = extract_references(path, data)
    if references:
        facts["refs"] = [_reference_row(r) for r in references]
    suppressions = extract_suppressions(path, data)
    if suppressions:
        facts["supp"] = [s.to_row() for s in suppressions]
    definitions = extract_definitions(path, data)
    deprecations = extract_deprecations(path, data)
    if deprecations:  # read by legacy detection as definitions[path]["deprecated"]
        definitions = {**definitions, "deprecated": [signal.to_row() for signal in deprecations]}
    if definitions:
        facts["defs"] = definitions
    return facts


def restore(collected: Any, path: str, entry: dict[str, Any]) -> None:
    """Put the facts of `entry` on `collected` (its `references`, `suppressions`, `definitions`)."""
    if entry.get("refs"):
        collected.references[path] = [_reference(path, row) for row in entry["refs"]]
    if entry.get("supp"):
        collected.suppressions[path] = [Suppression.from_row(path, row) for row in entry["supp"]]
    if entry.get("defs"):
        collected.definitions[path] = entry["defs"]


def _reference_row(reference: Reference) -> list[Any]:
    return [reference.line, reference.target, reference.kind, reference.text,
            int(reference.deprecated), reference.base, int(reference.example)]


def _reference(path: str, row: list[Any]) -> Reference:
    line, target, kind, text, deprecated, base, example = row
    return Reference(path=path, line=line, target=target, kind=kind, text=text,
                     deprecated=bool(deprecated), base=base, example=bool(example))
