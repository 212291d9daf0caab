"""The prime index: standards, resolutions and findings in one Whoosh index under the cache dir.

Whoosh gives BM25 with stemming over the records' text, tags, paths and id words, persisted,
so a prime reads a few postings instead of re-reading the YAML and re-running the scan. The
parts are combined into one field with per-part weights before the term frequencies saturate,
which is BM25F's model, and keeps a query to one posting list per task term: scoring is pure
Python, and a query over four fields cost 1.6x more on an index of 6,000 findings.

Writes are incremental: every document carries the hash of its content, and a refresh deletes
and adds only the documents whose hash changed. A commit writes a new generation beside the
old one and publishes it by atomically renaming its table of contents; Whoosh's write lock
serialises writers (a second writer waits up to `timeout`). A commit that changed records
merges the index into one segment without deleted ones, and `meta` records the exact total
length of the searched text, so BM25 statistics, and therefore the ranking, are the same as a
fresh build's; a commit that only replaced the `meta` record (HEAD moved, nothing indexed
changed) is cheap and leaves them alone, since `meta` has no text. Ties are broken by key, not
by document number, which depends on the write history.
A reader opens the latest committed generation; when a concurrent commit removes files between
listing and opening, it retries on the new generation.

Reading imports only `whoosh.filedb.filestore` and `whoosh.scoring` (plus what opening a
searcher and unpickling the stored schema pull in): no query parser and no query objects; the
task's terms are scored by walking their posting lists with Whoosh's scorer.
"""
import hashlib
import heapq
import json
import math
import os
import pickle
import struct
import time
from typing import Any, Callable, Iterable, NamedTuple, Sequence

from indexer import __version__

INDEX_DIRNAME = "prime-index"
FORMAT = "prime-index/6"
FRESHNESS_FORMAT = f"{FORMAT};orgmemory {__version__}"  # an upgrade invalidates older indexes
META_KEY = "meta"
# A record's searchable parts, and how many times each counts in its one searched field, `body`
# (BM25F's weighted term frequencies: a tag says more about a record than a word of its text).
FIELD_WEIGHTS = {"text": 1, "tags": 2, "paths": 2, "ident": 1}
SEARCH_LIMIT = 200  # records read per query: far more than a block holds, few enough to stay fast
TOKEN_PATTERN = r"[^\W_]+"
_READ_ATTEMPTS = 20


def index_dir(cache_dir: str) -> str:
    return os.path.join(cache_dir, INDEX_DIRNAME)


class IndexDoc(NamedTuple):
    """One searchable record: a standard, a resolution or a finding (and the `meta` record)."""

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


# --------------------------------------------------------------------------- reading
def read(directory: str, terms: Sequence[tuple[str, float]], dirs: Sequence[str]) -> IndexView | None:
    """Standards, task-scored records and records near `dirs`.

    None when there is no index, or one that stays unreadable over the retries (a damaged
    index is then rebuilt by the refresh like a missing one).
    """
    if not _has_toc(directory):
        return None
    for attempt in range(_READ_ATTEMPTS):
        try:
            return _read_once(directory, terms, dirs)
        except _read_errors():
            time.sleep(0.01 * (attempt + 1))
    return None


def _read_errors() -> tuple[type[BaseException], ...]:
    """What a reader racing a commit, or reading a damaged index, runs into."""
    from whoosh.index import IndexError as WhooshIndexError

    return OSError, EOFError, ValueError, struct.error, pickle.UnpicklingError, WhooshIndexError


def _has_toc(directory: str) -> bool:
    try:
        return any(name.endswith(".toc") for name in os.listdir(directory))
    except OSError:
        return False


def _weighting():
    """BM25 over live records, with Robertson's IDF.

    Whoosh's IDF is floored at 1, so a word every path contains (`services` in a monorepo)
    still scores in the few statements that use it; Robertson's tends to 0 for common terms
    and keeps the ranking on the words that tell records apart. Whoosh's total field length
    keeps the lengths of records deleted since the index was built, even through a merge, so
    the average length comes from the total `write` records in `meta` (`body_length`, set once
    that record is read): the scores are exactly a fresh build's.
    """
    from whoosh.scoring import BM25F, BM25FScorer

    class LiveScorer(BM25FScorer):
        def __init__(self, searcher, fieldname, text, B, K1, avgfl, qf=1):
            self.idf = searcher.get_parent().idf(fieldname, text)
            self.avgfl = avgfl
            self.B, self.K1, self.qf = B, K1, qf
            self.setup(searcher, fieldname, text)

    class LiveBM25(BM25F):
        body_length = 0

        def idf(self, searcher, fieldname, text):
            parent = searcher.get_parent()
            found = parent.doc_frequency(fieldname, text)
            return math.log(1 + (parent.doc_count() - found + 0.5) / (found + 0.5))

        def scorer(self, searcher, fieldname, text, qf=1):
            if not searcher.schema[fieldname].scorable:
                return super().scorer(searcher, fieldname, text, qf=qf)
            average = self.body_length / (searcher.get_parent().doc_count() or 1) or 1
            return LiveScorer(searcher, fieldname, text, self.B, self.K1, average, qf=qf)

    return LiveBM25()


def _read_once(directory: str, terms: Sequence[tuple[str, float]], dirs: Sequence[str]) -> IndexView | None:
    from whoosh.filedb.filestore import FileStorage

    weighting = _weighting()
    # Without mmap: over a mapped segment, Whoosh copies each part it opens into a BytesIO,
    # which costs more than the few reads a prime makes once the index holds thousands of records.
    storage = FileStorage(directory, readonly=True, supports_mmap=False)
    with storage.open_index().searcher(weighting=weighting) as searcher:
        meta = searcher.document(key=META_KEY)
        if meta is None:
            return None
        recorded = json.loads(meta["payload"])
        if recorded.get("format") != FORMAT:
            return IndexView(recorded, [], {}, {})  # an older layout: stale, to be rebuilt
        weighting.body_length = recorded["body_length"]
        standards = [json.loads(doc["payload"]) for doc in searcher.documents(kind="standard")]
        scored = _best(searcher, *_scores(searcher, weighting, terms)) if terms else {}
        near = _best(searcher, _in_folders(searcher, dirs), lambda docnum: frozenset()) if dirs else {}
        return IndexView(recorded, standards, scored, near)


def _scores(searcher, weighting, terms: Sequence[tuple[str, float]]
            ) -> tuple[dict[int, float], Callable[[int], frozenset[str]]]:
    """docnum -> BM25 score summed over the task's terms, and docnum -> the terms it contains.

    Walking one posting list per term and segment with Whoosh's scorer gives the scores a query
    would, and the matched terms (the coordination `select` needs) without a query's overhead.

    Terms are read by decreasing bound on what they can add (MaxScore): once the
    `SEARCH_LIMIT`-th best score so far is above all that the unread terms could add together,
    a record none of the read terms matched can no longer be among the best `SEARCH_LIMIT`, nor
    tie with them, so an unread term's postings are only looked up for the records already
    found. A common word of the task then costs a lookup per candidate, not a score per record
    holding it. Scores are summed in the task's term order: the floats an exhaustive walk gives.
    """
    found: dict[str, dict[int, float]] = {term: {} for term, _weight in terms}
    for leaf, offset in searcher.leaf_searchers():
        reader = leaf.reader()
        scorers = sorted(((term, weight, weighting.scorer(leaf, "body", term)) for term, weight in terms
                          if ("body", term) in reader), key=lambda item: -item[2].max_quality() * item[1])
        unread = sum(scorer.max_quality() * weight for _term, weight, scorer in scorers)
        seen: set[int] = set()  # this segment's records found so far
        for term, weight, scorer in scorers:
            postings = reader.postings("body", term, scorer=scorer)
            scores = found[term]
            if len(seen) >= SEARCH_LIMIT and unread + _MAXSCORE_MARGIN < _kth_best(found, SEARCH_LIMIT):
                for docnum in sorted(seen):
                    if not postings.is_active():
                        break
                    postings.skip_to(docnum)
                    if postings.is_active() and postings.id() == docnum:
                        scores[offset + docnum] = postings.score() * weight
            else:
                while postings.is_active():
                    docnum = postings.id()
                    seen.add(docnum)
                    scores[offset + docnum] = postings.score() * weight
                    postings.next()
            unread -= scorer.max_quality() * weight
    total: dict[int, float] = {}
    for term, _weight in terms:
        for docnum, score in found[term].items():
            total[docnum] = total.get(docnum, 0.0) + score
    return total, lambda docnum: frozenset(term for term, scores in found.items() if docnum in scores)


#: Scores are compared rounded to 6 places (`_best`): a bound must clear the threshold by more.
_MAXSCORE_MARGIN = 1e-5


def _kth_best(found: dict[str, dict[int, float]], k: int) -> float:
    """The k-th best score summed so far (a lower bound of the final one), -inf below k records."""
    partial: dict[int, float] = {}
    for scores in found.values():
        for docnum, score in scores.items():
            partial[docnum] = partial.get(docnum, 0.0) + score
    best = heapq.nlargest(k, partial.values())
    return best[-1] if len(best) == k else -math.inf


def _in_folders(searcher, dirs: Sequence[str]) -> dict[int, float]:
    """docnum -> 0 for every record in one of `dirs`."""
    reader = searcher.reader()
    return {docnum: 0.0 for folder in dirs if ("dirs", folder) in reader
            for docnum in reader.postings("dirs", folder).all_ids()}


def _best(searcher, scores: dict[int, float], matched: Callable[[int], frozenset[str]]) -> dict[str, Hit]:
    """The `SEARCH_LIMIT` best records by (score, key), read from the index.

    Ordered by key, not by document number, among equal scores: document numbers depend on the
    index's write history, keys do not, so a fresh and an incremental index choose alike.
    Stored records are read for the chosen ones alone.
    """
    top = sorted((-round(score, 6), docnum) for docnum, score in scores.items())
    if len(top) > SEARCH_LIMIT:
        cut = top[SEARCH_LIMIT - 1][0]
        keys = searcher.reader().column_reader("key")
        top = sorted((hit for hit in top if hit[0] <= cut), key=lambda hit: (hit[0], keys[hit[1]]))[:SEARCH_LIMIT]
    hits = {}
    for negated, docnum in top:
        fields = searcher.stored_fields(docnum)
        hits[fields["key"]] = Hit(fields["key"], fields["kind"], -negated, json.loads(fields["payload"]),
                                  matched(docnum))
    return hits


# --------------------------------------------------------------------------- writing
class WriteStats(NamedTuple):
    added: int
    deleted: int
    unchanged: int


def analyzer(extra_stop_words: frozenset[str] = frozenset()):
    """Words (split at `_`, `-`, `/`, `.` too), lower case, English stop words, Porter2 stems.

    The same analyzer reads the task, so `deployments` meets `deploy` and `logging` meets `log`.
    """
    from whoosh.analysis import STOP_WORDS, StemmingAnalyzer
    from whoosh.lang.porter2 import stem

    return StemmingAnalyzer(expression=TOKEN_PATTERN, stemfn=stem, stoplist=STOP_WORDS | extra_stop_words)


def schema():
    from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

    return Schema(
        key=ID(unique=True, stored=True, sortable=True), kind=ID(stored=True), priority=ID(stored=True),
        severity=ID(stored=True), hash=STORED(), length=STORED(), payload=STORED(), dirs=KEYWORD(commas=True),
        body=TEXT(analyzer=analyzer()),
    )


def write(directory: str, docs: Iterable[IndexDoc], meta: dict[str, Any], timeout: float = 30.0) -> WriteStats:
    """Make the index hold exactly `docs` and `meta`, rewriting only what changed.

    Raises whoosh's LockError when another writer holds the index for longer than `timeout`.
    """
    wanted = {doc.key: doc for doc in docs}
    ix = _open_or_create(directory)
    writer = ix.writer(timeout=timeout)
    try:
        existing = _existing(writer.reader())
        stale = [key for key, (digest, _length) in existing.items()
                 if key not in wanted or wanted[key].content_hash != digest]
        fresh = [doc for key, doc in sorted(wanted.items())
                 if existing.get(key, (None, 0))[0] != doc.content_hash]
        for key in [*stale, META_KEY]:
            writer.delete_by_term("key", key)
        lengths = {doc.key: _length(ix.schema["body"], body(doc)) for doc in fresh}
        for doc in fresh:
            writer.add_document(**_fields(doc), length=lengths[doc.key])
        kept = sum(length for key, (_digest, length) in existing.items() if key not in stale)
        body_length = kept + sum(lengths.values())
        writer.add_document(key=META_KEY, kind="meta",
                            payload=json.dumps({**meta, "body_length": body_length}, sort_keys=True))
    except BaseException:
        writer.cancel()
        raise
    writer.commit(optimize=bool(stale or fresh))
    return WriteStats(added=len(fresh), deleted=len(stale), unchanged=len(wanted) - len(fresh))


def _existing(reader) -> dict[str, tuple[str | None, int]]:
    """key -> (content hash, length of `body`) of every live record but `meta`.

    The exact length is stored with each record: Whoosh keeps per-record lengths only
    approximately (one byte), and its own total counts deleted records too.
    """
    return {fields["key"]: (fields.get("hash"), fields.get("length", 0))
            for _docnum, fields in reader.iter_docs() if fields["key"] != META_KEY}


def _length(field, text: str) -> int:
    """How many terms Whoosh counts in `text` for the field's length (as `add_document` does)."""
    return sum(frequency for _term, frequency, _weight, _value in field.index(text))


def _fields(doc: IndexDoc) -> dict[str, Any]:
    return {"key": doc.key, "kind": doc.kind, "hash": doc.content_hash,
            "priority": doc.payload.get("priority") or "", "severity": doc.payload.get("severity") or "",
            "payload": json.dumps(doc.payload, sort_keys=True), "dirs": ",".join(doc.dirs),
            "body": body(doc)}


def body(doc: IndexDoc) -> str:
    """The searched text: each part repeated as many times as `FIELD_WEIGHTS` counts it."""
    return "\n".join(" ".join([getattr(doc, part)] * times) for part, times in FIELD_WEIGHTS.items())


def _open_or_create(directory: str):
    """The index in `directory`, created (or re-created for a new format) under a lock."""
    from whoosh.filedb.filestore import FileStorage
    from whoosh.util.filelock import try_for

    os.makedirs(directory, exist_ok=True)
    storage = FileStorage(directory)
    lock = storage.lock("_MAIN_CREATELOCK")
    if not try_for(lock.acquire, timeout=30.0, delay=0.05):
        from whoosh.index import LockError
        raise LockError("the prime index is being created by another process")
    try:
        try:
            ix = storage.open_index()
            if _format_of(ix) == FORMAT:
                return ix
        except _read_errors():
            pass  # none yet, or damaged: start over
        return storage.create_index(schema())
    finally:
        lock.release()


def _format_of(ix) -> str | None:
    """The FORMAT recorded in the meta record; None for an empty or foreign index."""
    names = set(ix.schema.names())
    if not {"key", "kind", "priority", "severity", "length", "payload", "dirs", "body"} <= names:
        return None
    with ix.searcher() as searcher:
        meta = searcher.document(key=META_KEY)
    if meta is None:
        return FORMAT  # created, never committed to: the schema is ours
    return json.loads(meta["payload"]).get("format")
