"""The cached form of a blob's path facts (`indexer.extract.facts.blob_facts` writes it) and
`restore(collected, path, entry)`, which turns a (possibly cached) entry back into objects.

Apart from the extractors so that a scan answering from the cache (a delta with no file to
read, the next day's scan) loads none of them.
"""
from __future__ import annotations

from typing import Any

from indexer.extract.suppressions import Suppression
from indexer.models import Reference


def restore(collected: Any, path: str, entry: dict[str, Any]) -> None:
    """Put the facts of `entry` on `collected` (its `references`, `suppressions`, `definitions`)."""
    if entry.get("refs"):
        collected.references[path] = [_reference(path, row) for row in entry["refs"]]
    if entry.get("supp"):
        collected.suppressions[path] = [Suppression.from_row(path, row) for row in entry["supp"]]
    if entry.get("defs"):
        collected.definitions[path] = entry["defs"]


def reference_row(reference: Reference) -> list[Any]:
    return [reference.line, reference.target, reference.kind, reference.text,
            int(reference.deprecated), reference.base, int(reference.example)]


def _reference(path: str, row: list[Any]) -> Reference:
    line, target, kind, text, deprecated, base, example = row
    return Reference(path=path, line=line, target=target, kind=kind, text=text,
                     deprecated=bool(deprecated), base=base, example=bool(example))
