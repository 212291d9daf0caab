"""The prime index: standards, resolutions and findings, with their postings, in one SQLite file.

The file is ours and holds data only: rows of text and integers, payloads as JSON. Nothing in
it is executed or unpickled, and its place is the repository's cache folder (`cache_dir_for`),
which the repository cannot commit into. Whatever else is found there (not SQLite, truncated,
foreign tables or triggers, rows of the wrong shape, a folder or a symlink in the file's place)
reads as no index: a reader that finds it damaged marks it so, and the refresh that follows
builds it anew (`write`).

Scoring is BM25 with Robertson's IDF over one searched text per record, in which each part
(text, tags, paths, id words) counts `FIELD_WEIGHTS` times before the term frequencies
saturate: BM25F's model, with one posting list per task term. Postings are plain rows
(term, record, frequency, record length as scored), so a prime reads a few index ranges and
scores them in Python. `terms` keeps each term's record count and the bounds MaxScore needs;
`meta` keeps the live record count and total length, so the statistics, and the ranking, are
exactly a fresh build's after any sequence of incremental writes. The meta record counts as a
record and lengths are scored as Whoosh stored them, as in the Whoosh index this replaced
(prime-index/6): the blocks did not change. FTS5's `bm25()` was not used: it weighs no query
term above another (related words weigh half), tells no matched terms (the coordination
`select` needs), and has its own IDF; and plain tables leave no shadow tables to trust.

Writes are incremental: every record carries the hash of its content, and a write deletes and
adds only the records whose hash changed, in one transaction. The file is in WAL mode and a
reader reads in one transaction: it sees one committed generation, never a half-written one,
and never waits for a writer. Writers are serialised by a lock file beside the index.
"""
from __future__ import annotations

import bisect
import functools
import hashlib
import heapq
import json
import math
import os
import re
import sqlite3
import stat
from collections import Counter
from typing import Any, Callable, Iterable, NamedTuple, Sequence

from indexer import __version__
from indexer.cache import _original, _stored  # keys and folders that are no UTF-8 (a file name git keeps as bytes)
from indexer.errors import OrgmemoryError

INDEX_FILE = "prime-index.sqlite3"
FORMAT = "prime-index/8"  # /8: low-information TODOs left out
FRESHNESS_FORMAT = f"{FORMAT};orgmemory {__version__}"  # an upgrade invalidates older indexes
SCHEMA_VERSION = 8  # PRAGMA user_version of a complete index; 0 marks one found damaged
# A record's searchable parts, and how many times each counts in its one searched text
# (BM25F's weighted term frequencies: a tag says more about a record than a word of its text).
FIELD_WEIGHTS = {"text": 1, "tags": 2, "paths": 2, "ident": 1}
SEARCH_LIMIT = 100  # records read per query: past the 60 candidates a block ranks, few enough to stay fast
TOKEN_PATTERN = r"[^\W_]+"
K1, B = 1.2, 0.75
MIN_WORD = 2
# English stop words: the list the index has always used (Whoosh's), so the same words count.
STOP_WORDS = frozenset("""
    a an and are as at be by can for from have if in is it may not of on or tbd that the this to us
    we when will with yet you your
""".split())

_SCHEMA = {
    "meta": "CREATE TABLE meta (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)",
    "records": "CREATE TABLE records (doc INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,"
               " hash TEXT NOT NULL, length INTEGER NOT NULL, payload TEXT NOT NULL)",
    "records_kind": "CREATE INDEX records_kind ON records (kind)",
    "postings": "CREATE TABLE postings (term TEXT NOT NULL, doc INTEGER NOT NULL, tf INTEGER NOT NULL,"
                " length INTEGER NOT NULL, PRIMARY KEY (term, doc)) WITHOUT ROWID",
    "postings_doc": "CREATE INDEX postings_doc ON postings (doc)",
    "terms": "CREATE TABLE terms (term TEXT PRIMARY KEY, df INTEGER NOT NULL, max_tf INTEGER NOT NULL,"
             " min_length INTEGER NOT NULL) WITHOUT ROWID",
    "folders": "CREATE TABLE folders (folder TEXT NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (folder, doc))"
               " WITHOUT ROWID",
    "folders_doc": "CREATE INDEX folders_doc ON folders (doc)",
}
# A record's length as scoring sees it: Whoosh's logarithmic one-byte code (rounded up to the
# next code's length; exact below 11), which prime-index/6 scored with. Keeping it keeps every
# score, and so every block, as it was.
_SCORED_LENGTHS = tuple(round((1.033 ** code - 1) * 27) for code in range(256))
_SIDE_FILES = ("-wal", "-shm")
_CHUNK = 500  # bound parameters per statement (old SQLite allows 999)
_BUSY_SECONDS = 10.0


def index_path(cache_dir: str) -> str:
    return os.path.join(cache_dir, INDEX_FILE)


class IndexDoc(NamedTuple):
    """One searchable record: a standard, a resolution or a finding."""

    key: str
    kind: str
    payload: dict[str, Any]
    text: str = ""
    tags: str = ""
    paths: str = ""
    ident: str = ""
    dirs: tuple[str, ...] = ()

    @property
    def content_hash(self) -> str:
        body = json.dumps([self.kind, self.payload, self.text, self.tags, self.paths, self.ident,
                           list(self.dirs)], sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(body.encode()).hexdigest()[:24]


class Hit(NamedTuple):
    key: str
    kind: str
    score: float
    payload: dict[str, Any]
    matched: frozenset[str] = frozenset()  # the query's stems found in this record


class IndexView(NamedTuple):
    """What one prime reads from one committed generation."""

    meta: dict[str, Any]
    standards: list[dict[str, Any]]
    scored: dict[str, Hit]  # key -> task relevance
    near: dict[str, Hit]  # key -> records in the --paths folders
    idf: dict[str, float] = {}  # the task's terms found in the index -> their IDF (how specific)


class Damaged(Exception):
    """The file is not a complete prime index of this format."""


class IndexWriteError(OrgmemoryError):
    """The prime index cannot be written (busy beyond the timeout, or an unwritable folder)."""


#: What reading a file that is not a sound index of ours runs into.
_DAMAGE = (Damaged, sqlite3.DatabaseError, TypeError, ValueError, KeyError, IndexError, AttributeError,
           OverflowError, RecursionError, ZeroDivisionError)


# --------------------------------------------------------------------------- analysis
@functools.lru_cache(maxsize=1)
def _stemmer():
    import Stemmer  # PyStemmer: Snowball's English (Porter2) stemmer, in C

    return Stemmer.Stemmer("english")


_WORDS = re.compile(TOKEN_PATTERN)


def stems(text: str, stop_words: frozenset[str] = STOP_WORDS) -> list[str]:
    """Words (split at `_`, `-`, `/`, `.` too), lower case, stop words and 1-letter words out,
    Porter2 stems. The task is read the same way, so `deployments` meets `deploy`."""
    words = [word for word in map(str.lower, _WORDS.findall(text))
             if len(word) >= MIN_WORD and word not in stop_words]
    return _stemmer().stemWords(words)


def term_counts(doc: IndexDoc) -> Counter[str]:
    """Term -> weighted frequency in the record's searched text (each part `FIELD_WEIGHTS` times)."""
    counts: Counter[str] = Counter()
    for part, times in FIELD_WEIGHTS.items():
        for term, count in Counter(stems(getattr(doc, part))).items():
            counts[term] += count * times
    return counts


def scored_length(length: int) -> int:
    return _SCORED_LENGTHS[min(bisect.bisect_left(_SCORED_LENGTHS, length), len(_SCORED_LENGTHS) - 1)]


# --------------------------------------------------------------------------- opening
def _is_regular_file(path: str) -> bool:
    """A plain file, not a link, and no link among its side files (never followed out)."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return False
    except OSError:
        return False
    return not any(os.path.islink(path + suffix) for suffix in _SIDE_FILES)


def _uri(path: str, mode: str) -> str:
    quoted = path.replace("%", "%25").replace("?", "%3f").replace("#", "%23")
    return f"file:{quoted}?mode={mode}"


def _connect(path: str, mode: str) -> sqlite3.Connection:
    """A connection that never creates the file (`mode=rw`) unless asked (`rwc`), and runs no
    function a schema names that could have side effects."""
    db = sqlite3.connect(_uri(path, mode), uri=True, timeout=_BUSY_SECONDS, isolation_level=None)
    db.execute("PRAGMA trusted_schema = OFF")
    db.execute("PRAGMA cell_size_check = ON")
    return db


def _check_schema(db: sqlite3.Connection) -> None:
    """Exactly our tables and indexes, no views or triggers, at our version; else `Damaged`."""
    if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
        raise Damaged("not a complete index of this version")
    found = {name: sql for _type, name, sql in db.execute("SELECT type, name, sql FROM sqlite_master")
             if not (sql is None and name.startswith("sqlite_autoindex_"))}
    if found != _SCHEMA:
        raise Damaged("foreign schema")


def _json_object(text: Any) -> dict[str, Any]:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise Damaged("a payload is not an object")
    return value


# --------------------------------------------------------------------------- reading
def read(path: str, terms: Sequence[tuple[str, float]], dirs: Sequence[str],
         exhaustive: bool = False) -> IndexView | None:
    """Standards, task-scored records and records near `dirs`, from one committed generation.

    `exhaustive` scores every posting of every term: the plain version the MaxScore shortcut
    (`_scores`) must agree with, for checks.

    None when there is no index, or one that cannot be read as ours: then a damaged index is
    marked (`_condemn`) so the refresh that follows rebuilds it rather than keeps its records.
    """
    if not _is_regular_file(path):
        return None
    try:
        db = _connect(path, "rw")
    except sqlite3.Error:
        return None
    try:
        db.execute("PRAGMA query_only = ON")
        db.execute("BEGIN")
        try:
            return _read_once(db, terms, dirs, exhaustive)
        finally:
            db.rollback()
    except sqlite3.OperationalError:
        return None  # busy, or unreadable right now: no verdict on the file
    except _DAMAGE:
        _condemn(db)
        return None
    finally:
        db.close()


def _condemn(db: sqlite3.Connection) -> None:
    """Mark the index damaged (user_version 0), so the next write starts over. Best effort: a
    file too broken to take the mark is found broken by the writer anyway."""
    try:
        if db.execute("PRAGMA user_version").fetchone()[0] == 0:
            return  # marked already, or being built: a writer holds it
        db.execute("PRAGMA busy_timeout = 1000")
        db.execute("PRAGMA query_only = OFF")
        db.execute("PRAGMA user_version = 0")
    except sqlite3.Error:
        pass


class _Stats(NamedTuple):
    doc_count: int  # records, plus one for the meta record
    average: float  # average length of the searched text


def _read_once(db: sqlite3.Connection, terms: Sequence[tuple[str, float]], dirs: Sequence[str],
               exhaustive: bool = False) -> IndexView:
    _check_schema(db)
    rows = db.execute("SELECT payload FROM meta").fetchall()
    if len(rows) != 1:
        raise Damaged("no meta record")
    meta = _json_object(rows[0][0])
    if meta.get("format") != FORMAT:
        return IndexView(meta, [], {}, {})  # an older layout: stale, to be rebuilt
    doc_count, body_length = int(meta["doc_count"]), int(meta["body_length"])
    stats = _Stats(doc_count, body_length / doc_count if doc_count > 0 else 1.0)
    standards = [_standard(payload) for (payload,) in
                 db.execute("SELECT payload FROM records WHERE kind = 'standard' ORDER BY key")]
    ranked = _term_stats(db, stats, terms) if terms else []
    scored = _best(db, *_scores(db, stats, terms, ranked, exhaustive)) if terms else {}
    near = _near(db, dirs) if dirs else {}
    return IndexView(meta, standards, scored, near, {item.term: item.idf for item in ranked})


def _standard(payload: str) -> dict[str, Any]:
    standard = _json_object(payload)
    if not isinstance(standard.get("id"), str):
        raise Damaged("a standard without an id")
    return standard


def _bm25(idf: float, tf: float, length: float, average: float) -> float:
    return idf * ((tf * (K1 + 1)) / (tf + K1 * ((1 - B) + B * length / average)))


class _Term(NamedTuple):
    term: str
    weight: float
    idf: float
    bound: float  # the most one record can score on this term, weight included


def _term_stats(db: sqlite3.Connection, stats: _Stats, terms: Sequence[tuple[str, float]]) -> list[_Term]:
    """The task's terms found in the index, by decreasing bound (ties in the task's order)."""
    weights = dict(terms)
    found = {}
    for chunk in _chunks(list(weights)):
        marks = ",".join("?" * len(chunk))
        found.update((row[0], row[1:]) for row in
                     db.execute(f"SELECT term, df, max_tf, min_length FROM terms WHERE term IN ({marks})", chunk))
    out = []
    for term, weight in terms:
        if term not in found:
            continue
        df, max_tf, min_length = found[term]
        idf = math.log(1 + (stats.doc_count - df + 0.5) / (df + 0.5))  # Robertson's: ~0 for common words
        out.append(_Term(term, weight, idf, _bm25(idf, max_tf, min_length, stats.average) * weight))
    return sorted(out, key=lambda item: -item.bound)


def _scores(db: sqlite3.Connection, stats: _Stats, terms: Sequence[tuple[str, float]], ranked: Sequence[_Term],
            exhaustive: bool = False) -> tuple[dict[int, float], Callable[[int], frozenset[str]]]:
    """record -> BM25 score summed over the task's terms, and record -> the terms it contains.
    `ranked` is `_term_stats` of the terms.

    Terms are read by decreasing bound on what they can add (MaxScore): once the
    `SEARCH_LIMIT`-th best score so far is above all that the unread terms could add together,
    a record none of the read terms matched can no longer be among the best `SEARCH_LIMIT`, nor
    tie with them, so an unread term's postings are only looked up for the records already
    found. A common word of the task then costs a lookup per candidate, not a score per record
    holding it. Scores are summed in the task's term order: the floats an exhaustive walk gives.
    """
    found: dict[str, dict[int, float]] = {term: {} for term, _weight in terms}
    unread = sum(item.bound for item in ranked)
    seen: set[int] = set()  # records found so far
    for item in ranked:
        scores = found[item.term]
        if (not exhaustive and len(seen) >= SEARCH_LIMIT
                and unread + _MAXSCORE_MARGIN < _kth_best(found, SEARCH_LIMIT)):
            postings = lookup(db, item.term, sorted(seen))
        else:
            postings = db.execute("SELECT doc, tf, length FROM postings WHERE term = ?", (item.term,)).fetchall()
            seen.update(doc for doc, _tf, _length in postings)
        for doc, tf, length in postings:
            scores[doc] = _bm25(item.idf, tf, length, stats.average) * item.weight
        unread -= item.bound
    total: dict[int, float] = {}
    for term, _weight in terms:
        for doc, score in found[term].items():
            total[doc] = total.get(doc, 0.0) + score
    return total, lambda doc: frozenset(term for term, scores in found.items() if doc in scores)


def lookup(db: sqlite3.Connection, term: str, docs: Sequence[int]) -> list[tuple[int, int, int]]:
    """(record, frequency, length) of `term` in the given records only."""
    out = []
    for chunk in _chunks(docs):
        marks = ",".join("?" * len(chunk))
        out += db.execute(f"SELECT doc, tf, length FROM postings WHERE term = ? AND doc IN ({marks})",
                          (term, *chunk)).fetchall()
    return out


#: Scores are compared rounded to 6 places (`_best`): a bound must clear the threshold by more.
_MAXSCORE_MARGIN = 1e-5


def _kth_best(found: dict[str, dict[int, float]], k: int) -> float:
    """The k-th best score summed so far (a lower bound of the final one), -inf below k records."""
    partial: dict[int, float] = {}
    for scores in found.values():
        for doc, score in scores.items():
            partial[doc] = partial.get(doc, 0.0) + score
    best = heapq.nlargest(k, partial.values())
    return best[-1] if len(best) == k else -math.inf


def _near(db: sqlite3.Connection, dirs: Sequence[str]) -> dict[str, Hit]:
    """The records in one of `dirs` (score 0: being near is no relevance to the task), the first
    `SEARCH_LIMIT` by key, as `_best` chooses among equal scores; the database sorts and cuts,
    so only the records kept are read and decoded."""
    rows: dict[int, tuple[str, str, str]] = {}
    for chunk in _chunks([_stored(folder) for folder in dirs]):
        marks = ",".join("?" * len(chunk))
        rows.update((doc, (key, kind, payload)) for doc, key, kind, payload in db.execute(
            "SELECT doc, key, kind, payload FROM records WHERE doc IN"
            f" (SELECT doc FROM folders WHERE folder IN ({marks})) ORDER BY key LIMIT {SEARCH_LIMIT}", chunk))
    kept = sorted(rows.values())[:SEARCH_LIMIT]  # several chunks: the first by key of all of them
    return {_original(key): Hit(_original(key), kind, 0.0, _json_object(payload)) for key, kind, payload in kept}


def _best(db: sqlite3.Connection, scores: dict[int, float], matched: Callable[[int], frozenset[str]]
          ) -> dict[str, Hit]:
    """The `SEARCH_LIMIT` best records by (score, key), read from the index.

    Ordered by key among equal scores: record numbers depend on the index's write history,
    keys do not, so a fresh and an incremental index choose alike. Stored records are read
    for the chosen ones alone.
    """
    top = [(-round(score, 6), doc) for doc, score in scores.items()]
    if len(top) <= SEARCH_LIMIT:
        top.sort()
        rows = {doc: (key, kind, payload) for doc, key, kind, payload in _records(db, [doc for _score, doc in top])}
    else:  # all above the cut are kept; among those at it (often many: one TODO text in many files), the first by key
        cut = heapq.nsmallest(SEARCH_LIMIT, top)[-1][0]
        tied = [doc for score, doc in top if score == cut]
        top = [hit for hit in top if hit[0] < cut]
        room = SEARCH_LIMIT - len(top)
        if len(tied) > room:
            keys = {doc: key for doc, key, _kind, _payload in _records(db, tied, "key")}
            tied = sorted(tied, key=keys.__getitem__)[:room]
        top += [(cut, doc) for doc in tied]
        rows = {doc: (key, kind, payload) for doc, key, kind, payload in _records(db, [doc for _score, doc in top])}
        top.sort(key=lambda hit: (hit[0], rows[hit[1]][0]))
    hits = {}
    for negated, doc in top:
        key, kind, payload = rows[doc]
        key = _original(key)
        hits[key] = Hit(key, kind, -negated, _json_object(payload), matched(doc))
    return hits


def _records(db: sqlite3.Connection, docs: Sequence[int], payload: str = "payload"):
    """(record, key, kind, payload) rows of `docs`; `payload="key"` skips reading payloads."""
    for chunk in _chunks(docs):
        marks = ",".join("?" * len(chunk))
        yield from db.execute(f"SELECT doc, key, kind, {payload} FROM records WHERE doc IN ({marks})", chunk)


def _chunks(items: Sequence[Any]) -> Iterable[Sequence[Any]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start:start + _CHUNK]


# --------------------------------------------------------------------------- writing
class WriteStats(NamedTuple):
    added: int
    deleted: int
    unchanged: int


def write(path: str, docs: Iterable[IndexDoc], meta: dict[str, Any], timeout: float = 30.0) -> WriteStats:
    """Make the index hold exactly `docs` and `meta`, rewriting only what changed.

    A file that is not a sound index of this format is replaced by a new one. Raises
    `IndexWriteError` when another writer holds the index for longer than `timeout`, or when
    the cache folder cannot be written.
    """
    from filelock import FileLock, Timeout

    wanted = {doc.key: doc for doc in docs}
    lock_path = path + ".lock"
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        if os.path.islink(lock_path):
            os.unlink(lock_path)
        with FileLock(lock_path, timeout=timeout):
            try:
                return _write_locked(path, wanted, meta)
            except sqlite3.OperationalError:
                raise  # busy, read-only, disk full: not the file's fault
            except sqlite3.DatabaseError:
                _remove(path)  # damaged in a way opening did not show: start over
                return _write_locked(path, wanted, meta)
    except Timeout:
        raise IndexWriteError(f"{path}: another process has been writing the prime index for over "
                              f"{timeout:g} s; try again") from None
    except (OSError, sqlite3.OperationalError) as exc:
        raise IndexWriteError(f"{path}: cannot write the prime index ({_reason(exc)})") from None


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)


def _write_locked(path: str, wanted: dict[str, IndexDoc], meta: dict[str, Any]) -> WriteStats:
    db, new = _open_for_writing(path)
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            if new:
                for statement in _SCHEMA.values():
                    db.execute(statement)
            stats = _apply(db, wanted, meta)
            if new:
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.rollback()
            raise
        return stats
    finally:
        db.close()


def read_transient(docs: Iterable[IndexDoc], meta: dict[str, Any], terms: Sequence[tuple[str, float]],
                   dirs: Sequence[str]) -> IndexView:
    """`docs` scored against `terms` and `dirs` exactly as `write` then `read` would score them,
    in a database held in memory: for the handful of records a hook scores on the prompt's path
    (the standards read from the file), no file is written, so a hook killed midway leaves
    nothing behind in the cache folder."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for statement in _SCHEMA.values():
            db.execute(statement)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        _apply(db, {doc.key: doc for doc in docs}, meta)
        return _read_once(db, terms, dirs)
    finally:
        db.close()


def _open_for_writing(path: str) -> tuple[sqlite3.Connection, bool]:
    """The index, and whether it is new: a file that is not a sound index of this format
    (checked down to every page) is removed first, links and folders in its place too."""
    if os.path.lexists(path) and not _is_regular_file(path):
        _remove(path)
    if os.path.exists(path):
        db = _connect(path, "rw")
        try:
            _check_schema(db)
            rows = db.execute("SELECT payload FROM meta").fetchall()
            if len(rows) != 1 or _json_object(rows[0][0]).get("format") != FORMAT:
                raise Damaged("no meta record of this format")
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise Damaged("quick_check failed")
            return db, False
        except sqlite3.OperationalError:
            db.close()
            raise
        except _DAMAGE:
            db.close()
            _remove(path)
    db = _connect(path, "rwc")
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    return db, True


def _remove(path: str) -> None:
    """The index file and its side files, whatever they are (links are removed, not followed)."""
    import shutil

    for name in (path, *(path + suffix for suffix in _SIDE_FILES)):
        if os.path.isdir(name) and not os.path.islink(name):
            shutil.rmtree(name)
        elif os.path.lexists(name):
            os.unlink(name)


def _apply(db: sqlite3.Connection, wanted: dict[str, IndexDoc], meta: dict[str, Any]) -> WriteStats:
    """Inside the write transaction: delete changed and removed records, add new ones, update
    the affected terms' statistics and the meta record."""
    existing = {_original(key): (doc, digest)
                for doc, key, digest in db.execute("SELECT doc, key, hash FROM records")}
    hashes = {key: doc.content_hash for key, doc in wanted.items()}  # (a JSON dump and a SHA-256 each)
    stale = [doc for key, (doc, digest) in existing.items() if hashes.get(key) != digest]
    fresh = [doc for key, doc in sorted(wanted.items()) if existing.get(key, (None, None))[1] != hashes[key]]
    affected: set[str] = set()
    for chunk in _chunks(stale):
        marks = ",".join("?" * len(chunk))
        affected.update(term for (term,) in db.execute(f"SELECT DISTINCT term FROM postings WHERE doc IN ({marks})",
                                                       chunk))
        for table in ("postings", "folders", "records"):
            db.execute(f"DELETE FROM {table} WHERE doc IN ({marks})", chunk)
    postings: list[tuple[str, int, int, int]] = []
    folders: list[tuple[str, int]] = []
    for doc in fresh:  # (each record's number first; its postings and folders in one statement each, after)
        counts = term_counts(doc)
        length = sum(counts.values())
        number = db.execute("INSERT INTO records (key, kind, hash, length, payload) VALUES (?, ?, ?, ?, ?)",
                            (_stored(doc.key), doc.kind, hashes[doc.key], length,
                             json.dumps(doc.payload, sort_keys=True))).lastrowid
        scored = scored_length(length)
        postings.extend((term, number, tf, scored) for term, tf in sorted(counts.items()))
        folders.extend((_stored(folder), number) for folder in set(doc.dirs))
        affected.update(counts)
    db.executemany("INSERT INTO postings (term, doc, tf, length) VALUES (?, ?, ?, ?)", postings)
    db.executemany("INSERT INTO folders (folder, doc) VALUES (?, ?)", folders)
    for chunk in _chunks(sorted(affected)):
        marks = ",".join("?" * len(chunk))
        db.execute(f"DELETE FROM terms WHERE term IN ({marks})", chunk)
        db.execute("INSERT INTO terms (term, df, max_tf, min_length) SELECT term, count(*), max(tf), min(length)"
                   f" FROM postings WHERE term IN ({marks}) GROUP BY term", chunk)
    records, body_length = db.execute("SELECT count(*), coalesce(sum(length), 0) FROM records").fetchone()
    payload = {**meta, "body_length": body_length, "doc_count": records + 1}
    db.execute("DELETE FROM meta")
    db.execute("INSERT INTO meta (id, payload) VALUES (0, ?)", (json.dumps(payload, sort_keys=True),))
    return WriteStats(added=len(fresh), deleted=len(stale), unchanged=len(wanted) - len(fresh))
