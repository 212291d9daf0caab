"""Who last changed each observed line, and when: the provenance an observation shows.

The scan dates TODO lines itself (`stale-todo` carries `last_changed`/`commit`/`author`, a
stale line's exact origin, or `last_changed_before`); other findings (references, violations)
come without a date. Their lines get one here from the same bounded blame the scan uses,
`--since=<cutoff>`: changed since the staleness cutoff, its date, commit and author (exact: a
prime shows it without blaming it again); older, "last changed before <cutoff>", until a prime
that shows the line blames it (`indexer.prime.block._origins`). A full
blame (the report's `exact_ages`) walks a file's whole history: ~30 s cold on a
20,000-commit repository, too much for a prime's refresh.

Ages are cached per file content, and a cached age is reused while it still decides the
question for the current cutoff (`age.decides`), so a refresh after one edit blames that file
alone. What is shown depends only on the line's history and `--now`, never on the cache.
"""
from __future__ import annotations

import os
from datetime import date, timedelta
from typing import Any, Iterable

from indexer.git import blame as age_stage
from indexer.cache import Cache
from indexer.dates import day_of, epoch
from indexer.git.discover import blob_sha
from indexer.git.discover import snapshot as take_snapshot
from indexer.findings import Finding
from indexer.models import LineAge, Snapshot

CACHE_KIND = "prime-age/v1"
DATED_BY_SCAN = ("last_changed", "last_changed_before")


def finding_dates(root: str, cache_dir: str, findings: Iterable[Finding], now: date,
                  stale_after_days: int, state=None) -> dict[str, dict[int, dict[str, Any]]]:
    """{path: {line: shown}} for every finding with a line; `shown` is {"date", "commit", "author"}
    for a line changed since the cutoff (its exact origin: the blame saw its commit) or a stale
    TODO the scan dated exactly, {"last_changed_before": cutoff} for an older line,
    {"uncommitted": True} or {} when no commit can tell. `state`: the work tree's
    (`indexer.git.discover.read_state`), when the caller has just read it."""
    cutoff = epoch(now - timedelta(days=stale_after_days))
    before = day_of(cutoff).isoformat()
    dates: dict[str, dict[int, dict[str, Any]]] = {}
    requests: dict[str, set[int]] = {}
    for finding in findings:
        if not finding.line:
            continue
        if any(key in finding.details for key in DATED_BY_SCAN):
            dates.setdefault(finding.path, {})[finding.line] = _from_scan(finding.details, before)
        else:
            requests.setdefault(finding.path, set()).add(finding.line)
    if requests:
        snapshot, _left_out = take_snapshot(root, state=state)
        requests = {path: lines for path, lines in requests.items() if path in snapshot.files}
        cache = Cache(cache_dir)
        try:
            ages = _ages(snapshot, cache, requests, cutoff)
        finally:
            cache.close()
        for path, lines in requests.items():
            shown = {line: _shown(ages[path].get(line), cutoff, before) for line in lines}
            dates.setdefault(path, {}).update(shown)
    return dates


def _from_scan(details: dict[str, Any], before: str) -> dict[str, Any]:
    """The scan's own dating of a TODO line, put on the same cutoff as every other line (the
    scan may report an exact date it had cached for a line older than today's cutoff)."""
    changed, commit = details.get("last_changed"), details.get("commit")
    if changed and commit:  # the line's exact origin: a stale line's, blamed by the scan over its whole
        # history, or one changed inside the window: kept, so that the first prompt shows it and no
        # prime blames it again (a stale one was once cut to the cutoff here)
        return {"date": changed, "commit": commit, "author": details.get("author")}
    if changed and changed >= before:
        return {"date": changed, "author": details.get("author")}
    if changed or details.get("last_changed_before"):
        return {"last_changed_before": before}
    return {}


def _ages(snapshot: Snapshot, cache: Cache, requests: dict[str, set[int]],
          cutoff: int) -> dict[str, dict[int, LineAge]]:
    keys = {path: f"{path}:{_content_sha(snapshot, path)}" for path in requests}
    shallow = age_stage.shallow_commits(snapshot.root) if snapshot.shallow else frozenset()
    return age_stage.CachedAges(cache, CACHE_KIND, keys, requests, cutoff).start(
        snapshot.root, shallow, head_blobs=snapshot.head_blobs(requests))()


def _content_sha(snapshot: Snapshot, path: str) -> str:
    """The blob SHA of what is on disk: the index's for a clean file, hashed for a dirty one."""
    if path not in snapshot.dirty:
        return snapshot.files[path]
    try:
        with open(os.path.join(snapshot.root, path), "rb") as fh:
            return blob_sha(fh.read())
    except OSError:
        return "unreadable"


def _shown(line_age: LineAge | None, cutoff: int, before: str) -> dict[str, Any]:
    if line_age is None or line_age.unknown or line_age.uncommitted:
        return {"uncommitted": True} if line_age is not None and line_age.uncommitted else {}
    if line_age.time is not None and line_age.time >= cutoff:  # blamed inside the window: its exact origin
        shown = {"date": day_of(line_age.time).isoformat(), "author": line_age.author}
        return {**shown, "commit": line_age.commit} if line_age.commit else shown
    return {"last_changed_before": before}
