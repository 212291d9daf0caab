"""The path facts of one blob, as `indexer.scan.collect` caches them beside its TODOs.

`blob_facts(path, data)` runs the reference, suppression and definition extractors and
returns the JSON-ready part of the cache entry (its form, and `restore`, are
`indexer.extract.rows`). Only non-empty facts are stored.
"""
from __future__ import annotations

from typing import Any

from indexer.extract.definitions import extract_definitions
from indexer.extract.deprecation import extract_deprecations
from indexer.extract.references.readers import extract_references
from indexer.extract.rows import reference_row
from indexer.extract.suppressions import extract_suppressions


def blob_facts(path: str, data: bytes, references: bool = True) -> dict[str, Any]:
    """(Without `references`, the facts but the reference rows: `indexer.scan.collect`'s `lean`.)"""
    facts: dict[str, Any] = {}
    found = extract_references(path, data) if references else ()
    if found:
        facts["refs"] = [reference_row(r) for r in found]
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
