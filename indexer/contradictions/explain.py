"""`explain`: everything the scan knows about one path or one finding, with provenance.

`explain(result, target)` reads a finished `ScanResult` (its findings and its
`contradictions`) and returns a JSON-ready dict; renderers turn it into text. A target is a
finding fingerprint, a `path:line`, a repository path (tracked now, or known to history), or
the id of an entry of the memory (its statement, status, provenance, live violations, and
what superseded it).
For a legacy path, or anything inside one or succeeding one, the explanation carries the
resolution. Evidence that names a file line but no commit is blamed here, on demand, so the
reader sees who wrote it and when.

`indexer.scan.explain.explain_target` is what the CLI and the MCP tool call (it lives with the
scan, so this stage never imports a later one): after a scan it is a cache read. The scan stores beside its memo the picture `explain` reads (`explain_index`: the resolved references,
the legacy paths, what still points at them, the tracked paths), and a memo hit carries it back as
`StoredContradictions` (a picture stored without import references, or none stored, and the
stages run again).

The view quotes the repository (context lines, referring lines, messages, statements,
evidence, authors), so `explain` returns it through the gate of `indexer.text`: the text and
JSON renderings and the MCP `explain` tool all show the same gated view.
"""
from __future__ import annotations

import functools
import json
import os
import posixpath
from typing import Any

from indexer.git.blame import blame_lines
from indexer.git.discover import read_worktree
from indexer.dates import day_of
from indexer.errors import OrgmemoryError
from indexer.findings import occurrences
from indexer.text import STRUCTURAL, safe_record, safe_tree
from indexer.regex import lazy

_FINGERPRINT = lazy(r"^([0-9a-f]{16})(?::([1-9][0-9]*))?$")  # as scan --format json, or SARIF's FINGERPRINT:N
_LOCATION = lazy(r"^(.+?):(\d+)$")
CONTEXT_LINES = 3
CONTEXT_MAX_BYTES = 4 * 2**20  # a file larger than this shows no context lines
_OURS = STRUCTURAL | {"commit", "last_commit", "kind", "status", "standing"}


class UnknownTarget(OrgmemoryError):
    pass


EXPLAIN_KIND = "explain/v1"  # the cache kind of `explain_index`, stored under the memo's key


class NeedsStages(Exception):
    """The stored picture cannot answer: run the stages (`scan.explain.explain_target` does)."""


def explain_index(found) -> str:
    """What `explain` reads of the contradictions stage, as JSON text (no repository code runs
    on reading it back: plain values only)."""
    def resolved(r) -> list:
        ref = r.reference
        return [ref.path, ref.line, ref.target, ref.kind, ref.text, ref.deprecated, r.status, r.path, r.why]

    referrers = {r.reference.path for r in found.resolved}
    imports = found.imports  # resolved on first use; from the per-file cache, so cheap after a scan
    referrers |= {r.reference.path for r in imports}
    return json.dumps({
        "files": sorted(found.paths.files),
        "left_out": sorted(found.paths.all_files - found.paths.files),
        "links": sorted(found.paths.links),
        "resolved": [resolved(r) for r in found.resolved],
        "imports": None if imports is None else [resolved(r) for r in imports],
        "legacy": [[item.path, item.successor] for item in found.legacy],
        "pointing": {path: [[r.reference.path, r.reference.line, r.reference.target] for r in refs]
                     for path, refs in found.pointing.items()},
        "config_file": found.config_file,
        "not_claim_sites": sorted(f for f in referrers if not found.is_claim_site(f)),
    }, separators=(",", ":"), ensure_ascii=False)


class StoredContradictions:
    """The part of `Contradictions` that `explain` reads, rebuilt from `explain_index`; the
    history comes from the scan's cache (`load_history`), read when a path view needs it."""

    def __init__(self, text: str, root: str, head: str | None, now, cache_dir: str | None) -> None:
        from indexer.contradictions.legacy import Legacy
        from indexer.contradictions.paths import RepoPaths

        data = json.loads(text)
        self._where = (root, head, now, cache_dir)
        left_out = {path: "symlink" if path in set(data["links"]) else "left out" for path in data["left_out"]}
        self.paths = RepoPaths(data["files"], left_out)
        self.resolved = [_resolved(row) for row in data["resolved"]]
        self._imports = None if data["imports"] is None else [_resolved(row) for row in data["imports"]]
        self.legacy = [Legacy(path=path, successor=successor, declared=False, confidence=0.0)
                       for path, successor in data["legacy"]]
        by_key = {(r.reference.path, r.reference.line, r.reference.target): r
                  for r in (*self.resolved, *(self._imports or ()))}
        self.pointing = {path: [by_key[tuple(key)] for key in keys if tuple(key) in by_key]
                         for path, keys in data["pointing"].items()}
        self.config_file = data["config_file"]
        self._not_claim_sites = frozenset(data["not_claim_sites"])

    @functools.cached_property
    def history(self):
        from indexer.cache import Cache, cache_dir_for
        from indexer.git.history import load_history

        root, head, now, cache_dir = self._where
        cache = Cache(cache_dir_for(root, cache_dir))
        try:
            return load_history(root, head, now, self.paths.paths, cache)
        finally:
            cache.close()

    def legacy_at(self, path: str):
        return next((item for item in self.legacy if path == item.path or path.startswith(item.path + "/")), None)

    def incoming(self, path: str) -> list:
        if self._imports is None:
            raise NeedsStages(path)
        from indexer.contradictions.resolve import EXISTS

        return [r for r in (*self.resolved, *self._imports) if r.status == EXISTS and r.path is not None
                and (r.path == path or r.path.startswith(path + "/"))]

    def is_claim_site(self, file: str) -> bool:
        return file not in self._not_claim_sites


def _resolved(row: list):
    from indexer.contradictions.resolve import Resolved
    from indexer.models import Reference

    path, line, target, kind, text, deprecated, status, resolved, why = row
    return Resolved(Reference(path=path, line=line, target=target, kind=kind, text=text, deprecated=deprecated),
                    status=status, path=resolved, why=why)


def explain(result, target: str, cwd: str | None = None) -> dict[str, Any]:
    """The view of `target`, every repository string through the gate."""
    view = _view(result, target, cwd)
    return {key: [safe_record(f) for f in value] if key == "findings" else safe_tree(value, _OURS)
            for key, value in view.items()}


def _view(result, target: str, cwd: str | None) -> dict[str, Any]:
    found = result.contradictions
    fingerprint = _FINGERPRINT.match(target)
    if fingerprint:
        findings = _by_fingerprint(result.findings, fingerprint.group(1), fingerprint.group(2))
        if findings:
            return _finding_view(result, target, findings)
    location = _LOCATION.match(target)
    if location:
        path, line = _repo_path(result.root, location.group(1), cwd), int(location.group(2))
        findings = [f for f in result.findings if f.path == path and f.line == line]
        references = [r for r in found.resolved if r.reference.path == path and r.reference.line == line]
        if findings or references:
            return _finding_view(result, target, findings, path, line, references)
        if path is not None and found.paths.is_file(path):
            raise UnknownTarget(f"explain: {target!r}: no finding and no reference on line {line} of {path}")
    path = _repo_path(result.root, target, cwd)
    if path is not None and (found.paths.exists(path) or found.history.fate(path, found.paths.exists)
                             or any(r.status == "missing" and r.path == path for r in found.resolved)):
        return _path_view(result, path)  # (a missing path some file names: what points at it)
    memory = result.memory
    standard = memory.standard(target.strip()) if memory is not None else None
    if standard is not None:
        return _standard_view(result, memory, standard)
    raise UnknownTarget(
        f"explain: {target!r} is neither a path of this repository (tracked now, in its history, or named by a file), "
        f"a finding (a fingerprint from `scan --format json` or SARIF, or path:line) nor a standard id"
        + _did_you_mean(target, memory))


def _by_fingerprint(findings, fingerprint: str, occurrence: str | None) -> list:
    """The findings with `fingerprint`; with SARIF's `:N`, only its Nth in line order."""
    if occurrence is None:
        return [f for f in findings if f.fingerprint == fingerprint]
    numbered = zip(findings, occurrences(findings))
    return [f for f, n in numbered if f.fingerprint == fingerprint and n == int(occurrence)]


def _did_you_mean(target: str, memory) -> str:
    import difflib

    ids = [s.id for s in memory.standards] if memory is not None else []
    close = difflib.get_close_matches(target.strip(), ids, n=1)
    return f"; did you mean the standard {close[0]!r}?" if close else ""


# --------------------------------------------------------------------------- standards
def _standard_view(result, memory, standard) -> dict[str, Any]:
    """One entry of the memory: what it says, its status and provenance, and what the scan
    found against it now (a proposal is never enforced, so it has no violations)."""
    superseding = [s.id for s in memory.standards if standard.id in s.supersedes and s.accepted]
    day = lambda value: value.isoformat() if value else None  # noqa: E731
    return {
        "target": standard.id,
        "kind": "standard",
        "statement": " ".join(standard.statement.split()),
        "status": standard.state(result.now),
        "entry_kind": standard.kind, "priority": standard.priority,
        "scope": list(standard.scope), "tags": list(standard.tags),
        "source": standard.source, "owner": standard.owner,
        "added": day(standard.added), "review_by": day(standard.review_by),
        "declared_at": f"{standard.file}:{standard.line}" if standard.line else standard.file,
        "proposed_by": standard.proposed_by, "proposed_on": day(standard.proposed_on),
        "evidence": list(standard.evidence), "rejected_why": standard.rejected_why,
        "supersedes": list(standard.supersedes),
        "superseded_by": standard.superseded_by or (superseding[0] if superseding else None),
        "superseded_on": day(standard.superseded_on),
        "forbid": [{"glob": m.glob, "pattern": m.pattern} for m in standard.forbid],
        "require": [m.glob for m in standard.require],
        "findings": [f.to_json() for f in result.findings if f.details.get("standard") == standard.id],
    }


def _repo_path(root: str, given: str, cwd: str | None) -> str | None:
    """`given` as a repo-relative path: as written, or relative to the current folder."""
    given = given.strip()
    if os.path.isabs(given):
        relative = os.path.relpath(given, root)
        return None if relative.startswith("..") else relative.replace(os.sep, "/")
    candidate = posixpath.normpath(given.replace(os.sep, "/")).strip("/")
    if cwd and os.path.realpath(cwd) != os.path.realpath(root):
        inside = os.path.relpath(os.path.join(cwd, given), root).replace(os.sep, "/")
        if not inside.startswith("..") and os.path.exists(os.path.join(root, inside)):
            return inside
    return "" if candidate == "." else candidate


# --------------------------------------------------------------------------- paths
def _path_view(result, path: str) -> dict[str, Any]:
    found = result.contradictions
    legacy = found.legacy_at(path)
    succeeding = [item for item in found.legacy if item.successor and
                  (path == item.successor or path.startswith(item.successor + "/"))]
    resolutions = [r for r in result.resolutions
                   if legacy and r["legacy_path"] == legacy.path
                   or any(r["legacy_path"] == item.path for item in succeeding)]
    activity = found.history.activity.get(path)
    fate = found.history.fate(path, found.paths.exists)
    view: dict[str, Any] = {
        "target": path,
        "kind": "legacy" if legacy else "successor" if succeeding else "path",
        "exists": found.paths.exists(path),
        "legacy_path": legacy.path if legacy else None,
        "resolutions": [dict(r, evidence=_with_provenance(result.root, r["evidence"])) for r in resolutions],
        "activity": None if activity is None else {
            "last_commit": activity.last_commit, "last_author": activity.last_author,
            "last_date": activity.last_day.isoformat(), "commits_90_days": activity.recent,
            "commits_365_days": activity.year, "commits": activity.total},
        "history": [{"path": r.path, "commit": r.commit, "date": r.day.isoformat(), "author": r.author,
                     "renamed_to": r.renamed_to, "summary": r.describe()} for r in fate],
        "linked_from": _linked_from(found, path, legacy),
        "findings": [f.to_json() for f in result.findings
                     if f.path == path or f.path.startswith(path + "/")
                     or f.details.get("resolved") == path or f.details.get("legacy_path") == path],
    }
    return view


def _linked_from(found, path: str, legacy) -> list[dict[str, Any]]:
    """Every reference to `path` (or inside it), and what it counts as."""
    pointing = {(r.reference.path, r.reference.line, r.reference.target)
                for item in found.legacy for r in found.pointing.get(item.path, [])}
    out = []
    references = found.incoming(path) + [r for r in found.resolved if r.status == "missing" and r.path == path]
    for resolved in sorted(references, key=lambda r: (r.reference.path, r.reference.line)):
        reference = resolved.reference
        key = (reference.path, reference.line, reference.target)
        if key in pointing:
            standing = "still pointing"
        elif legacy and (reference.path == legacy.path or reference.path.startswith(legacy.path + "/")):
            standing = "inside"
        elif reference.path == found.config_file:
            standing = "declaration"
        elif not found.is_claim_site(reference.path):
            standing = "history"
        elif reference.deprecated:
            standing = "says it is retired"
        else:
            standing = "dangling" if resolved.status == "missing" else "current"
        out.append({"path": reference.path, "line": reference.line, "kind": reference.kind,
                    "target": reference.target, "resolved": resolved.path, "standing": standing,
                    "text": reference.text})
    return out


def _with_provenance(root: str, evidence: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Fill commit, author and date of evidence that names a file line, by blaming that line."""
    wanted: dict[str, set[int]] = {}
    for item in evidence:
        if item.get("line") and item.get("path") and not item.get("commit"):
            wanted.setdefault(item["path"], set()).add(item["line"])
    blamed = {path: blame_lines(root, path, lines, None) for path, lines in wanted.items()
              if os.path.isfile(os.path.join(root, path))}
    out = []
    for item in evidence:
        age = blamed.get(item.get("path") or "", {}).get(item.get("line") or 0)
        if age is not None and age.commit and age.time is not None:
            item = dict(item, commit=age.commit, author=age.author, date=day_of(age.time).isoformat())
        out.append(item)
    return out


# --------------------------------------------------------------------------- findings
def _finding_view(result, target: str, findings, path: str | None = None, line: int | None = None,
                  references=()) -> dict[str, Any]:
    found = result.contradictions
    path = path or findings[0].path
    line = line or findings[0].line
    related = {f.details.get("resolution") for f in findings} - {None}
    resolutions = [dict(r, evidence=_with_provenance(result.root, r["evidence"]))
                   for r in result.resolutions if r["id"] in related]
    references = references or [r for r in found.resolved
                                if r.reference.path == path and r.reference.line == line]
    return {
        "target": target,
        "kind": "finding",
        "findings": [f.to_json() for f in findings],
        "resolutions": resolutions,
        "references": [{"target": r.reference.target, "kind": r.reference.kind, "status": r.status,
                        "resolved": r.path, "why": r.why} for r in references],
        "context": _context(result.root, path, line),
    }


def _context(root: str, path: str, line: int | None) -> dict[str, Any]:
    if not line:
        return {"path": path, "line": None, "lines": []}
    data, _why = read_worktree(root, path, CONTEXT_MAX_BYTES)  # never through a link out of the repository
    if data is None:
        return {"path": path, "line": line, "lines": []}
    text = data.decode("utf-8", errors="replace").split("\n")
    first = max(1, line - CONTEXT_LINES)
    last = min(len(text), line + CONTEXT_LINES)
    return {"path": path, "line": line, "lines": [[n, text[n - 1]] for n in range(first, last + 1)]}

