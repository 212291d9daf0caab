"""collect: run the per-blob extractors over a snapshot, through the cache.

Extraction is a pure function of a blob's bytes and its file name, so its results are cached
by blob SHA: a second scan of an unchanged repository reads no file and parses nothing.
Files that cannot be text (binary, huge, not UTF-8, unreadable) are skipped and counted.
"""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from indexer.cache import Cache
from indexer.discover import blob_sha
from indexer.models import Reference, Snapshot, Todo

EXTRACTOR_VERSION = 2
_BINARY_SNIFF = 8000


@dataclass
class Collected:
    todos: dict[str, list[Todo]] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)  # path -> reason
    content_sha: dict[str, str] = field(default_factory=dict)  # path -> SHA of the bytes scanned
    parsed: int = 0  # files read and extracted in this run (0 on a warm run)
    references: dict[str, list[Reference]] = field(default_factory=dict)  # path -> its references
    suppressions: dict[str, list[Any]] = field(default_factory=dict)  # path -> `orgmemory: ignore[...]`s
    definitions: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # make targets, scripts, routes


def classify(data: bytes) -> str | None:
    """Why these bytes are not scannable text, or None."""
    if b"\0" in data[:_BINARY_SNIFF]:
        return "binary"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "not-utf8"
    return None


def read_file(root: str, path: str, max_bytes: int) -> tuple[bytes | None, str | None]:
    full = os.path.join(root, path)
    try:
        if os.path.getsize(full) > max_bytes:
            return None, "too-large"
        with open(full, "rb") as fh:
            data = fh.read()
    except OSError:
        return None, "unreadable"
    reason = classify(data)
    return (None, reason) if reason else (data, None)


def collect(snapshot: Snapshot, cache: Cache, markers: tuple[str, ...], max_bytes: int,
            progress: Callable[[int], None] | None = None,
            only: frozenset[str] | None = None) -> Collected:
    """Extract from every tracked file, or from `only` those (a pre-commit run's staged files)."""
    from indexer.extract.facts import blob_facts, restore
    from indexer.extract.todos import extract_todos

    kind = "blob/v%d/%s/%d" % (EXTRACTOR_VERSION, _digest(",".join(markers)), max_bytes)
    out = Collected()
    paths = sorted(snapshot.files if only is None else only & snapshot.files.keys())
    keys = {path: _key(snapshot.files[path], path) for path in paths if path not in snapshot.dirty}
    cached = cache.get_many(kind, keys.values())
    fresh: dict[str, Any] = {}
    for path in paths:
        key = keys.get(path)
        entry = cached.get(key) if key else None
        content_sha = snapshot.files[path]
        if entry is None:
            data, reason = read_file(snapshot.root, path, max_bytes)
            if path in snapshot.dirty and data is not None:
                content_sha = blob_sha(data)
                key = _key(content_sha, path)
                entry = cache.get_many(kind, [key]).get(key)
            if entry is None:
                entry = {"skip": reason} if reason else {
                    "todos": [_todo_row(t) for t in extract_todos(path, data, markers)],
                    **blob_facts(path, data)}
                out.parsed += 1
                if reason != "unreadable" and key:
                    fresh[key] = entry
            if progress:
                progress(1)
        out.content_sha[path] = content_sha
        restore(out, path, entry)
        if entry.get("skip"):
            out.skipped[path] = entry["skip"]
        elif entry.get("todos"):
            out.todos[path] = [_todo_from_row(path, row) for row in entry["todos"]]
    cache.put_many(kind, fresh)
    return out


def _key(sha: str, path: str) -> str:
    """Language is chosen from the file name, so the name is part of what was extracted."""
    return f"{sha}:{os.path.basename(path)}"


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:8]


def _todo_row(todo: Todo) -> list[Any]:
    return [todo.line, todo.marker, todo.text, todo.author_tag, todo.deadline, list(todo.paths)]


def _todo_from_row(path: str, row: list[Any]) -> Todo:
    line, marker, text, author_tag, deadline, paths = row
    return Todo(path=path, line=line, marker=marker, text=text, author_tag=author_tag,
                deadline=deadline, paths=tuple(paths))
