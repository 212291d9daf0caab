"""Choose what goes into the block: rank by relevance to the task, then fit the token budget.

Ranking. `must` standards are always in, most relevant first. Everything else competes on

    score = (relevance + path_bonus) * weight

`relevance` is the task's BM25F score times the share of the task's terms the record matches
(`coordinated`), relative to the best such score of any standard or record, `must` ones
included: 1.0 is the best match whatever the size of the index, and when a `must` standard is
what the task is about, a record sharing one common word with the task is not. `path_bonus`
rewards `--paths` matches (a scoped standard whose scope matches, a record in or beside those
paths); `weight` says what kind of fact it is (a `should` standard over a `may`, a resolved
contradiction over a stray TODO, an error over a note). A record needs `MIN_RELEVANCE` or a
path match to compete at all: an overlap on one common word is no reason to spend an agent's
attention. An observation no path pulls in must also clear its floor (`floor_class`) and say
enough of the task in its own words (`_evident`).

Budget. The whole rendered text counts, `ceil(len(text) / 4)`. Evidence (quotes, references)
is shortened before any item is dropped, items are dropped least relevant first, and room left
goes back to the most relevant items as evidence (`fit`). `must` standards are never dropped: their
provenance is shortened to id and priority first (owner and source stay in the JSON), and given
back only with the room the other items leave; when they alone exceed the budget the selection
says so.
"""
import math
from datetime import date
from functools import lru_cache
from typing import Any, Callable, NamedTuple, Sequence

from indexer.globs import compile_globs
from indexer.prime import index
from indexer.prime.index import Hit, IndexView
from indexer.prime.query import Scope, in_scope, is_ci_config, words_of_name

MIN_RELEVANCE = 0.15
# The absolute floor an observation's own task score (coordinated BM25, `raw`) must clear when
# no `--paths` or working-tree file pulls it up: learned on the `learn` half of
# `bench/relevance.py --floor-sweep` (real commits' subjects as tasks; round 3, 147 tasks: 1.5 / 3.0
# kept the same 3 of 13 changed files' findings as 0.6 / 2.0 with 17 observations shown instead
# of 32, precision 0.59 instead of 0.41). Under it the block stays silent.
RELEVANCE_FLOOR = 1.5
# An observation outside the area the task names, and not in a file it names or whose own name
# holds one of its words, needs this much more. A task word anywhere else in the observation's
# path once needed only RELEVANCE_FLOOR: on large repositories nobody tuned on that let a top
# folder's name ("activesupport", "e2e", "server") pull every TODO under it. Holding those to this
# floor too (`bench/relevance.py --repos`, etcd, express, httpx, rails, 120 tasks): 102 observations
# instead of 137 at precision 0.235 (0.226) from the subject, 0.725 (0.66) with `--paths`; dev
# learn 0.818 (0.783), recall unchanged everywhere (bench/README.md, relevance round 5).
TEXT_ONLY_FLOOR = 3.0
# A finding whose file's own name holds a task word as written, plurals aside (`node_groups.tf` for
# "sec groups", `flag_impl.go` for "Flag.SchemaType"), or whose file the task names (`Update
# test.yml`), needs only `NAME_FLOOR`; the word's stem must be in fewer than about 60% of the
# records (IDF >= NAME_IDF_MIN: not `package` in a monorepo of packages). Learned on the learn half of `bench/relevance.py --floor-sweep` (round 4,
# 147 tasks): 0.45-0.7 reach 6 of 13 changed files' findings (3 before) at precision 0.77 (0.71
# before); 0.8 or more loses one, 0.3 or less adds only neighbours of a flat layout's files.
NAME_FLOOR = 0.6
NAME_IDF_MIN = 0.5
# From the subject alone, outside the area and the files the task names: how many of the task's
# specific words an observation must hold in its own text or the name of what it is about (`_evident`).
MIN_EVIDENCE = 2
# Words every task and every comment has: a record matching only these is no match.
GENERIC = frozenset(index.stems("""
    add new fix option options support remove removed delete allow allows improve improved better
    correct typo small minor issue issues bug bugs error errors test tests file files code doc docs
    value values default case cases check type types name names list set get call run return result
    when more less first last other same each all only one two line lines function method class
    readme version bump release update upgrade refactor cleanup clean simplify rename move handle
    handling missing wrong correctly properly instead enable disable use used can cannot possible
"""))
MAX_CANDIDATES = 60
# Observations (findings, resolutions) a block can hold, whatever the budget: past the first
# few, more lines of evidence cost an agent attention, and rendering them costs the hook time.
MAX_OBSERVATIONS = 10
DIRECT_PATH_BONUS = 1.0
NEAR_PATH_BONUS = 0.5
PRIORITY_WEIGHT = {"must": 1.0, "should": 1.0, "may": 0.7}
SEVERITY_WEIGHT = {"error": 0.8, "warning": 0.6, "note": 0.4}
RESOLUTION_WEIGHT = 1.2
EXPIRED_WEIGHT = 0.8


class Candidate(NamedTuple):
    key: str
    kind: str  # standard | resolution | finding
    payload: dict[str, Any]
    score: float = 0.0
    must: bool = False
    expired: bool = False
    raw: float = 0.0  # the task's own coordinated BM25 score, before any path bonus


class Entry(NamedTuple):
    candidate: Candidate
    level: int  # detail of its evidence: 0 is the shortest


class Selection(NamedTuple):
    entries: list[Entry]
    dropped: list[Candidate]  # for the budget
    over_budget: bool
    limited: list[Candidate] = []  # past MAX_OBSERVATIONS


def tokens(text: str) -> int:
    """The contract's count: ceil(len(text) / 4)."""
    return tokens_for_length(len(text))


def tokens_for_length(characters: int) -> int:
    return math.ceil(characters / 4)


# --------------------------------------------------------------------------- ranking
def rank(view: IndexView, terms: Sequence[tuple[str, float]], paths: Sequence[str],
         now: date, scope: Scope = Scope(), scope_exists: Callable[[], bool] = lambda: False,
         ) -> tuple[list[Candidate], list[Candidate]]:
    """(must standards, other candidates best first).

    `scope`: what the task says of its place (`query.task_scope`). When some record's path
    holds them all, or `scope_exists()` finds a file or folder of the repository that does, the
    task is about that area: an observation elsewhere needs a `--paths` match to be shown, one
    inside it the lower floor. When some observation lies in the area from the repository's
    root, the area is that folder alone.
    """
    relevance = coordinated(view.scored, dict(terms))
    specific = {key for key, hit in view.scored.items() if hit.matched - GENERIC}
    task_words = {term: view.idf.get(term, 0.0) for term, weight in terms if weight >= 1.0 and term not in GENERIC}
    area = scope.area
    observations = [hit for hit in view.scored.values() if hit.kind in ("resolution", "finding")]
    # a file named by a path some observation lies in is that file, not every file of its name
    named = frozenset(scope.paths) & {hit.payload.get("path", "").lower() for hit in observations}
    leads = Leads(frozenset(scope.files) - {path.rsplit("/", 1)[-1] for path in named}, named, frozenset(
        word for word in scope.words
        if any(task_words.get(stem, -1.0) >= NAME_IDF_MIN for stem in index.stems(word))))
    if area and not any(_in_area(hit, area) for hit in observations) and not scope_exists():
        area = ()  # it names no place of this repository
    rooted = bool(area) and any(_in_area(hit, area, rooted=True) for hit in observations)
    musts: list[Candidate] = []
    pool: list[tuple[Candidate, float, float]] = []  # candidate, relevance, path bonus
    for standard in view.standards:
        key = f"standard:{standard['id']}"
        expired = bool(standard.get("review_by")) and standard["review_by"] < now.isoformat()
        candidate = Candidate(key, "standard", standard, must=standard.get("priority") == "must",
                              expired=expired)
        if candidate.must:
            musts.append(candidate._replace(score=relevance.get(key, 0.0)))
            continue
        bonus = _scope_bonus(standard.get("scope") or ["**"], paths)
        if bonus is not None:
            pool.append((candidate, relevance.get(key, 0.0), bonus))
    seen: dict[tuple[str, str], list[int]] = {}
    for key in sorted(set(view.scored) | set(view.near), key=lambda k: (-relevance.get(k, 0.0), k)):
        hit = view.scored.get(key) or view.near[key]
        if hit.kind not in ("resolution", "finding") or _same_comment(hit, seen):
            continue
        raw = relevance.get(key, 0.0) if key in specific else 0.0
        bonus = _record_bonus(hit, paths)
        if scope.ci and bonus <= 0 and any(is_ci_config(place) for place in _places(hit)):
            bonus = NEAR_PATH_BONUS  # a `ci: ...` task is about the CI configuration, as if beside it
        if area and not _in_area(hit, area, rooted) and bonus <= 0:
            continue  # the task is about another area
        if raw < _floor(key, hit, area, task_words, bonus, leads) and bonus <= 0:
            continue  # nothing rather than noise: a weak or generic match is no reason to show it
        if bonus <= 0 and not _evident(hit, task_words, bool(paths), area, leads):
            continue  # one shared word is no reason: the observation must be about the task
        pool.append((Candidate(key, hit.kind, hit.payload, raw=round(raw, 3)), raw, bonus))
    best = max([c.score for c in musts] + [raw for _c, raw, _b in pool], default=0.0)
    musts = [c._replace(score=round(c.score / best, 6) if best > 0 else 0.0) for c in musts]
    musts.sort(key=lambda c: (-c.score, c.payload.get("order", 0), c.key))
    return musts, _ordered(pool, best)


class Leads(NamedTuple):
    """What leads to a finding by its file's own name: the names of the files the task names, and
    the task's words (`query.plain_form`) whose stem is at least `NAME_IDF_MIN` specific."""

    files: frozenset[str] = frozenset()
    paths: frozenset[str] = frozenset()  # the files it names by their path (`query.named_paths`)
    words: frozenset[str] = frozenset()


_NO_LEADS = Leads()


def _floor(key: str, hit: Hit, area: tuple[tuple[str, ...], ...], task_words: dict[str, float], bonus: float,
           leads: Leads = _NO_LEADS) -> float:
    """The task score an observation needs without a path bonus (`floor_class`)."""
    held = floor_class(hit, area, task_words, leads)
    if held == "named":
        return 0.0  # the task says where the work is, as `--paths` would: any match of it is shown
    if held == "name":
        return min(NAME_FLOOR, RELEVANCE_FLOOR)
    if held == "text":
        return max(TEXT_ONLY_FLOOR, RELEVANCE_FLOOR)
    return RELEVANCE_FLOOR


def floor_class(hit: Hit, area: tuple[tuple[str, ...], ...], task_words: dict[str, float],
                leads: Leads = _NO_LEADS) -> str:
    """Which floor an observation is held to: `named` for a finding in a file the task names by its
    path (`fix the links in guide/setup.md`); `area` inside the area the task names; `name` for a
    finding in a file the task names (`Update test.yml`), or whose file's own name holds one of
    the task's specific words as written, plurals aside (`leads`: `node_groups.tf` for "sec
    groups"; `terminal.go` is not "terminate"); `text` else. (`task_words` is not read since round 5
    dropped the `path` class; `bench/relevance.py`'s launcher calls every version alike.)"""
    if hit.kind == "finding" and hit.payload.get("path", "").lower() in leads.paths:
        return "named"
    if area:
        return "area"
    if hit.kind == "finding":
        name = hit.payload.get("path", "").rsplit("/", 1)[-1].lower()
        if name in leads.files or (leads.words and not leads.words.isdisjoint(words_of_name(name))):
            return "name"
    return "text"


def _evident(hit: Hit, task_words: dict[str, float], edited: bool, area: tuple[tuple[str, ...], ...],
             leads: Leads) -> bool:
    """Whether an observation no path bonus carries says enough of the task to be shown.

    With the edited files (`--paths`, the hooks' changed files), which say where the work is
    better than any word: its own text must hold one of the task's specific words (`_own_words`;
    a word shared with its file's or folders' names is not enough). From the subject alone, in
    a file the task names: shown; in the area it names: one task word beyond the area's own, in
    its text or the name of what it is about (`_subject_words`); elsewhere, a resolution needs one
    task word in the name of its legacy path or successor, or their folder (`deploy` for
    `deploy/old`), a finding `MIN_EVIDENCE` of them in its text and its file's name together. One word
    shared with a file's name ("column" and `columns_test.rb`, "leader" and `leader.go`, "cobra"
    and `cobra.go`) is as often a namesake as the place of the work. Learned on
    `bench/relevance.py --floor-sweep` candidates (round 6, bench/README.md)."""
    if edited:
        return not _own_words(hit).isdisjoint(task_words)
    if any(place.lower() in leads.paths or place.rsplit("/", 1)[-1].lower() in leads.files for place in _places(hit)):
        return True
    subject = task_words.keys() & index.stems(" ".join(_subject_words(hit)))
    said = subject | (_own_words(hit) & task_words.keys())
    if area:  # the area says where; what the observation says must still be of the task
        return not said.issubset(stem for segment in area for stem in segment)
    if subject and hit.kind == "resolution":
        return True  # one per legacy path, and about it: `deploy` names `deploy/old`'s topic
    return len(said) >= MIN_EVIDENCE


def _names_a_place(token: str) -> bool:
    """A path, URL or file name an observation quotes (`version/version.go`, `https://...`,
    `store.rb`): its words are places, not what the observation says. Read token by token, in
    linear time (repository text: a regular expression over a 4,000-character word took 0.3 s)."""
    if "/" in token or "\\" in token:
        return True
    name = token.strip("()[]{}<>`'\",;:!?*").split(":", 1)[0]  # (`store.rb:12`)
    stem, dot, suffix = name.rpartition(".")
    return bool(dot and stem and 1 <= len(suffix) <= 6 and suffix[0].isalpha() and suffix.isalnum())


def _own_words(hit: Hit) -> set[str]:
    """The stems of what an observation says in its own words (a TODO's text, a finding's
    message, a resolution's statement and evidence), without the paths, file names and URLs it
    quotes."""
    payload = hit.payload
    if hit.kind == "resolution":  # (not the lines still pointing at it: other files' words)
        text = " ".join([str(payload.get("statement", "")), *(str(e.get("summary", ""))
                         for e in payload.get("evidence", ()) if isinstance(e, dict))])
    else:
        text = str(payload.get("text") or payload.get("message") or "")
    return set(index.stems(" ".join(token for token in text.split() if not _names_a_place(token))))


def _subject_words(hit: Hit) -> list[str]:
    """The words of what an observation is about: a finding's file's own name (`node_groups.tf`:
    node, group), and a dangling reference's missing target too (click's contributing guide
    naming a deleted workflow file `test-flask.yaml` is about testing Flask in a workflow); a
    resolution's legacy path and successor. A path counts by its name and its folder's
    (`deploy/old` and `deploy/new`: deploy, old, new), not the module roots above them."""
    payload = hit.payload
    if hit.kind == "resolution":
        names = [segment for path in (payload.get("legacy_path"), payload.get("successor")) if path
                 for segment in path.strip("/").split("/")[-2:]]
    else:
        target = str(payload.get("target") or "")
        names = [payload.get("path", "").rsplit("/", 1)[-1], *target.strip("./").split("/")[-2:]]
    return [word for name in names for word in words_of_name(name.lower())]


def _in_area(hit: Hit, area: tuple[tuple[str, ...], ...], rooted: bool = False) -> bool:
    """In the area the task names; `rooted`: from the repository's root (`cache: ...` is `cache/`
    when some observation lies there, not `client/v3/leasing/cache.go`)."""
    return any(in_scope(area, place, rooted) for place in _places(hit))


def _same_comment(hit: Hit, seen: dict[tuple[str, str], list[int]]) -> bool:
    """A finding on the same text, or within two lines of one already taken for the same rule
    and file: one comment gives one item (a three-line TODO is one observation)."""
    if hit.kind != "finding":
        return False
    payload = hit.payload
    path, line = payload.get("path", ""), int(payload.get("line") or 0)
    text = " ".join(str(payload.get("text") or payload.get("message") or "").split())[:80]
    by_text = seen.setdefault((path, "text:" + text), [])
    lines = seen.setdefault((path, "rule:" + payload.get("rule", "")), [])
    if (text and by_text) or (line and any(abs(line - other) <= 2 for other in lines)):
        return True
    by_text.append(line)
    lines.append(line)
    return False


def coordinated(scored: dict[str, Hit], weights: dict[str, float]) -> dict[str, float]:
    """BM25F times the share of the task's (weighted) terms each record matches.

    The share counts only terms some record matches at all. A record matching one common word
    of a five-concept task keeps a fifth of its score; one matching them all keeps it whole.
    """
    present = set().union(*(hit.matched for hit in scored.values())) if scored else set()
    total = sum(weights.get(term, 0.0) for term in present) or 1.0
    return {key: round(hit.score * sum(weights.get(term, 0.0) for term in hit.matched) / total, 6)
            for key, hit in scored.items()}


def _ordered(pool: list[tuple[Candidate, float, float]], best: float) -> list[Candidate]:
    ranked = []
    for candidate, raw, bonus in pool:
        relevance = raw / best if best > 0 else 0.0
        if relevance < MIN_RELEVANCE and bonus <= 0:
            continue
        score = round((relevance + bonus) * _weight(candidate), 6)
        ranked.append(candidate._replace(score=score))
    ranked.sort(key=lambda c: (-c.score, c.kind, c.key))
    return ranked[:MAX_CANDIDATES]


def _weight(candidate: Candidate) -> float:
    payload = candidate.payload
    if candidate.kind == "standard":
        return PRIORITY_WEIGHT.get(payload.get("priority"), 1.0) * (EXPIRED_WEIGHT if candidate.expired else 1.0)
    if candidate.kind == "resolution":
        return RESOLUTION_WEIGHT * max(float(payload.get("confidence") or 0.0), 0.5)
    return SEVERITY_WEIGHT.get(payload.get("severity"), 0.5)


def _scope_bonus(scope: Sequence[str], paths: Sequence[str]) -> float | None:
    """Bonus for a scoped standard matching `--paths`; None when it applies to none of them."""
    specific = [glob for glob in scope if glob.strip("*/")]
    if not paths or not specific or len(specific) < len(scope):
        return 0.0
    globs = compile_globs(specific)
    if any(globs.match(path) or globs.match(path + "/") for path in paths):
        return DIRECT_PATH_BONUS
    return None


def _record_bonus(hit: Hit, paths: Sequence[str]) -> float:
    """In one of `--paths` (or under it), or in the same folder as one (not in a folder under
    it: editing `gson/pom.xml` says nothing of the whole `gson/` module)."""
    if not paths:
        return 0.0
    places = _places(hit)
    direct, near = _path_sets(tuple(paths))
    if any(_under_any(place, *direct) for place in places):
        return DIRECT_PATH_BONUS
    if any((place.rsplit("/", 1)[0] if "/" in place else "") in near[1] for place in places):
        return NEAR_PATH_BONUS
    return 0.0


def _places(hit: Hit) -> list[str]:
    payload = hit.payload
    if hit.kind == "resolution":
        return [payload["legacy_path"], *(ref["path"] for ref in payload.get("still_pointing", ()))]
    return [payload.get("path", "")]


_PathSet = tuple[frozenset[str], frozenset[str]]  # the paths as given, and without a trailing "/"


@lru_cache(maxsize=4)
def _path_sets(paths: tuple[str, ...]) -> tuple[_PathSet, _PathSet]:
    """`paths`, and their folders, as `_under_any` looks them up: built once per ranking, not
    once per record and path."""
    folders = [path.rsplit("/", 1)[0] for path in paths if "/" in path]
    return ((frozenset(paths), frozenset(p.rstrip("/") for p in paths)),
            (frozenset(folders), frozenset(f.rstrip("/") for f in folders)))


def _under_any(place: str, exact: frozenset[str], prefixes: frozenset[str]) -> bool:
    """`place` is one of the paths, or lies under one: one of its ancestor folders is one of
    them without its trailing "/"."""
    if place in exact:
        return True
    cut = place.find("/")
    while cut >= 0:
        if place[:cut] in prefixes:
            return True
        cut = place.find("/", cut + 1)
    return False


# --------------------------------------------------------------------------- budget
def fit(musts: Sequence[Candidate], ranked: Sequence[Candidate], budget: int,
        measure: Callable[[list[Entry]], int], max_level: Callable[[Candidate], int]) -> Selection:
    """The entries to render within `budget` tokens, as measured by `measure`.

    Every item is first taken at its shortest evidence, most relevant first, until the next
    one would not fit: that one and all less relevant ones are dropped. The room left is then
    given back as evidence, most relevant item first. So evidence is always shortened before
    an item is dropped, and items are dropped least relevant first.
    """
    entries = [Entry(c, 0) for c in musts]  # provenance is shortened before anything is dropped
    observations = [c.key for c in ranked if c.kind != "standard"][:MAX_OBSERVATIONS]
    limited = [c for c in ranked if c.kind != "standard" and c.key not in set(observations)]
    ranked = [c for c in ranked if c.kind == "standard" or c.key in set(observations)]
    if measure(entries) > budget:
        return Selection(entries=entries, dropped=list(ranked), over_budget=True, limited=limited)
    fixed = len(entries)
    dropped: list[Candidate] = []
    for position, candidate in enumerate(ranked):
        entries.append(Entry(candidate, 0))
        if measure(entries) > budget:
            entries.pop()
            dropped = list(ranked[position:])
            break
    _regrow(entries, fixed, lambda: measure(entries) <= budget, max_level)
    _regrow(entries, 0, lambda: measure(entries) <= budget, max_level, stop=fixed)
    return Selection(entries=entries, dropped=dropped, over_budget=False, limited=limited)


def _regrow(entries: list[Entry], fixed: int, fits: Callable[[], bool],
            max_level: Callable[[Candidate], int], stop: int | None = None) -> None:
    """Give the room left back as evidence, one step at a time, most relevant item first
    (entries `fixed` to `stop`: the others first, then the `must` standards' full provenance)."""
    for at in range(fixed, len(entries) if stop is None else stop):
        while entries[at].level < max_level(entries[at].candidate):
            entries[at] = entries[at]._replace(level=entries[at].level + 1)
            if not fits():
                entries[at] = entries[at]._replace(level=entries[at].level - 1)
                break
