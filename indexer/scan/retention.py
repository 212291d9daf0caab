"""What the per-repository cache keeps: a bound on a cache that lives for months (a developer's
checkout, or CI's, restored by `actions/cache` on every run), so that it does not grow with
every commit, day and branch ever scanned.

Some kinds bound themselves where they are written: the history (`indexer.git.history`, the rows
of the last HEADs), the main line's answers (`indexer.git.mainline`), the paths asked whether a
long history removed them (`indexer.git.history.removed_paths`, the last HEAD's), the paths the
stale window's commits touched (`indexer.git.blame.TOUCHED_KIND`, the last HEAD's), the resolutions
(`indexer.contradictions.incremental`, the last worlds). `record`, run after each scan that
stored a result, bounds the rest:

- **Results** (`MEMO_KIND`, and the `explain` picture under the same key, the largest rows: 5 MB
  on terraform): the last `KEEP_RESULTS` stored, and the result each kept base names (a delta
  scan starts from it). The picture only for the last `KEEP_RESULTS`.
- **Bases** (`indexer.scan.delta`: the base, its files, its removed paths, the earlier bases it
  replaced): the last `KEEP_BASES` stored or used by a delta scan (one per configuration and
  branch). An earlier base's result is kept only while it is among the last results.
  Both lists are one row (`KIND`), read and written in one transaction with the deletions, so
  concurrent scans do not lose each other's entries; a row pushed out is deleted by its key.
- **Per-file rows** (extraction, ages, exact dates, the priming block's shown origins), keyed by
  a file's content: every new version of a file adds its rows. When the rows the cache holds
  reach twice what they held after the last sweep, a sweep deletes the per-file rows of contents
  the scanned tree does not have (`PER_FILE`: where each kind's key holds the SHA), the results
  and bases the lists do not hold (a concurrent scan's, or an older version's), and the rows
  of those kinds' earlier formats; the file is then VACUUMed when more than half of it is free
  pages. After a sweep, a scan of another branch re-extracts the files that differ from the
  swept tree's (the per-file rows of the current tree are kept), and the next scan of this tree
  stays warm.
"""
from __future__ import annotations

import json
import sqlite3
from typing import Iterable

from indexer.cache import Cache, _original  # (`_original`: a value stored as hex, no UTF-8)

KIND = "retention/v1"  # key "lists": {"results": [memo keys], "bases": [base keys], "swept": bytes}, newest first
KEEP_RESULTS = 4
KEEP_BASES = 3
#: Per-file kinds by the start of their name, and where their key holds the content SHA (or
#: HEAD, for the priming block's origins): the part before the first ':' (`first`) or after
#: the last (`last`). blob: `{sha}:{file name}`; origin and shown origins: `{sha}:{path}:{line}`;
#: ages: `{path}:{sha}`; origins at a boundary: `{commit}:{line}:{path}`, a commit that is no
#: content SHA, so each sweep deletes them all.
PER_FILE = (("blob/", "first"), ("origin/", "first"), ("origin-at/", "first"),
            ("prime-shown-origins/", "first"), ("age/", "last"), ("prime-age/", "last"), ("report-age/", "last"))


def record(cache: Cache, result: str, base: str | None, tree: Iterable[str]) -> None:
    """After a scan stored its result under `result` (and used or stored the base `base`):
    put them first in the lists, delete what the lists pushed out, and sweep when the cache has
    doubled since the last sweep. `tree`: the content SHAs (and HEAD) of the scanned tree."""
    from indexer.contradictions.explain import EXPLAIN_KIND
    from indexer.scan import delta
    from indexer.scan.inputs import MEMO_KIND

    base_kinds = (delta.BASE_KIND, delta.FILES_KIND, delta.REMOVED_KIND, delta.DEPS_KIND, delta.EARLIER_KIND)
    vacuum = []

    def apply(db: sqlite3.Connection) -> None:
        lists = _lists(db)
        results = [result] + [key for key in lists["results"] if key != result]
        bases = [base] + [key for key in lists["bases"] if key != base] if base else lists["bases"]
        gone_results, results = results[KEEP_RESULTS:], results[:KEEP_RESULTS]
        gone_bases, bases = bases[KEEP_BASES:], bases[:KEEP_BASES]
        if gone_bases:
            gone_results += _named(db, delta.BASE_KIND, gone_bases)
            for kind in base_kinds:
                _delete(db, kind, gone_bases)
        if gone_results:
            named = set(_named(db, delta.BASE_KIND, bases))
            _delete(db, EXPLAIN_KIND, [key for key in gone_results if key not in results])
            _delete(db, MEMO_KIND, [key for key in gone_results if key not in results and key not in named])
        swept = lists["swept"]
        live = _live_bytes(db)
        if not swept or live > 2 * swept:
            if swept:  # (the first scan only sets the mark)
                named = set(_named(db, delta.BASE_KIND, bases))
                _keep_only(db, MEMO_KIND, {*results, *named})
                _keep_only(db, EXPLAIN_KIND, set(results))
                for kind in base_kinds:
                    _keep_only(db, kind, set(bases))
                _drop_formats(db, {MEMO_KIND: "scan-result/", EXPLAIN_KIND: "explain/", delta.BASE_KIND: "scan-base/",
                                   delta.FILES_KIND: "scan-base-files/", delta.REMOVED_KIND: "scan-base-removed/",
                                   delta.DEPS_KIND: "scan-base-deps/", delta.EARLIER_KIND: "scan-base-earlier/"})
                _sweep_per_file(db, set(tree))
                live = _live_bytes(db)
                vacuum.append(_free_pages(db) * 2 > _pages(db))
            swept = live
        db.execute("INSERT OR REPLACE INTO entries (kind, key, value) VALUES (?, ?, ?)",
                   (KIND, "lists", json.dumps({"results": results, "bases": bases, "swept": swept})))

    cache.transaction(apply, "could not prune the cache ({}); it is pruned on a later run")
    if any(vacuum):
        cache.vacuum()


def _lists(db: sqlite3.Connection) -> dict:
    row = db.execute("SELECT value FROM entries WHERE kind = ? AND key = 'lists'", (KIND,)).fetchone()
    try:
        value = json.loads(row[0]) if row else {}
    except (TypeError, ValueError):
        value = {}
    value = value if isinstance(value, dict) else {}
    out: dict = {}
    for name in ("results", "bases"):
        keys = value.get(name)
        out[name] = [key for key in keys if isinstance(key, str)] if isinstance(keys, list) else []
    swept = value.get("swept")
    out["swept"] = swept if isinstance(swept, int) and swept > 0 else 0
    return out


def _named(db: sqlite3.Connection, kind: str, bases: list[str]) -> list[str]:
    """The result keys these bases name (`memo`); SQLite reads the field, Python when SQLite
    cannot (no JSON functions, a value stored as hex)."""
    if not bases:
        return []
    marks = ",".join("?" * len(bases))
    try:
        rows = db.execute(f"SELECT CASE WHEN json_valid(value) THEN json_extract(value, '$.memo') ELSE value END"
                          f" FROM entries WHERE kind = ? AND key IN ({marks})", (kind, *bases)).fetchall()
    except sqlite3.OperationalError:
        rows = db.execute(f"SELECT value FROM entries WHERE kind = ? AND key IN ({marks})", (kind, *bases)).fetchall()
    out = []
    for (value,) in rows:
        if isinstance(value, str) and len(value) > 128:  # the whole base: read here
            try:
                value = json.loads(_original(value)).get("memo")
            except (ValueError, AttributeError):
                value = None
        if isinstance(value, str):
            out.append(value)
    return out


def _delete(db: sqlite3.Connection, kind: str, keys: list[str]) -> None:
    db.executemany("DELETE FROM entries WHERE kind = ? AND key = ?", [(kind, key) for key in keys])


def _keep_only(db: sqlite3.Connection, kind: str, keep: set[str]) -> None:
    stale = [key for (key,) in db.execute("SELECT key FROM entries WHERE kind = ?", (kind,)) if key not in keep]
    _delete(db, kind, stale)


def _kinds(db: sqlite3.Connection, prefix: str) -> list[str]:
    """The kinds starting with `prefix`, from the primary key's index (one step a kind)."""
    out: list[str] = []
    after = prefix
    while True:
        row = db.execute("SELECT kind FROM entries WHERE kind >= ? AND kind < ? ORDER BY kind LIMIT 1",
                         (after, prefix + "\U0010ffff")).fetchone()
        if row is None:
            return out
        out.append(row[0])
        after = row[0] + "\0"


def _drop_formats(db: sqlite3.Connection, current: dict[str, str]) -> None:
    """Every row of the earlier formats of these kinds (`current`: kind -> its family's prefix)."""
    for kind, prefix in current.items():
        for other in _kinds(db, prefix):
            if other != kind and other.count("/") == kind.count("/"):
                db.execute("DELETE FROM entries WHERE kind = ?", (other,))


def _sweep_per_file(db: sqlite3.Connection, tree: set[str]) -> None:
    for prefix, where in PER_FILE:
        for kind in _kinds(db, prefix):
            stale = []
            for (stored,) in db.execute("SELECT key FROM entries WHERE kind = ?", (kind,)):
                key = _original(stored)
                sha = key.partition(":")[0] if where == "first" else key.rpartition(":")[2]
                if sha not in tree:
                    stale.append(stored)
            _delete(db, kind, stale)


def _live_bytes(db: sqlite3.Connection) -> int:
    size = db.execute("PRAGMA page_size").fetchone()[0]
    return (_pages(db) - _free_pages(db)) * size


def _pages(db: sqlite3.Connection) -> int:
    return db.execute("PRAGMA page_count").fetchone()[0]


def _free_pages(db: sqlite3.Connection) -> int:
    return db.execute("PRAGMA freelist_count").fetchone()[0]
