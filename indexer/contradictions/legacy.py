"""Legacy paths: declared under `legacy:`, or detected from evidence, each with a confidence.

Detection needs more than a name. A folder is a candidate when its name reads as legacy
(`legacy`, `old`, `deprecated`, `classic`, `obsolete` as a word of the name, or `v1` beside a
newer `v2`), or when a comment asks to migrate off it; it is reported when the evidence adds
up to `min_confidence`:

| evidence | weight |
|---|---|
| a legacy-like name | 0.35 |
| a successor beside it (`tools/release` for `tools/old-release`) that is live | 0.2 |
| ... or, both quiet, one that changed after it (beside a legacy word in the name: 0.1) | 0.2 |
| no commits for `stale_after` while the successor had commits within `active_within` | 0.25 |
| a comment asking to migrate off or remove it (each further one +0.05, up to two) | 0.3 |
| the path says it is deprecated (Go `// Deprecated:`, module-level DeprecationWarning, top-level `@Deprecated`, npm/Helm `deprecated`, a README notice) | 0.6 |
| a short page or README says it moved ("Moved to ...") | 0.6 |
| a README or doc lists its name under "Deprecated" | 0.5 |
| prose: "`X` is deprecated in favour of `Y`", "replaced by", "`Y` replaces `X`" | 0.5 |

(`indexer.extract.deprecation` reads those signals per blob; `deprecation_notices` maps them to
paths, a name only when exactly one path answers to it.) Files are candidates too, when a legacy
name or `-v1` stands beside their successor (`build-v1.yml` beside `build.yml`).

A name alone (0.35) is not enough; `api/v1` with no `v2` (or unsuffixed `api`) beside it is no candidate.
Declared paths have confidence 1.0 and collect the same evidence, for the record.
"""
from __future__ import annotations

import functools
import posixpath
import re
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from typing import Any, Callable, Iterable, Mapping

from indexer.dates import epoch
from indexer.git.history import History
from indexer.models import Evidence, LegacyPath, Todo
from indexer.contradictions.paths import RepoPaths
from indexer.contradictions.resolve import EXISTS, Resolved
from indexer.regex import lazy

WEIGHTS = {"name": 0.35, "successor": 0.2, "successor-newer": 0.1, "activity": 0.25, "migrate-comment": 0.3,
           "deprecation-notice": 0.6, "moved-stub": 0.6, "listed-deprecated": 0.5, "prose": 0.5}
#: Evidence kinds read from what files say (`indexer.extract.deprecation`), strong enough alone.
NOTICE_KINDS = {"self-deprecated": "deprecation-notice", "moved-stub": "moved-stub",
                "listed-deprecated": "listed-deprecated", "prose": "prose"}
_MAX_DETECTED = 0.95
LEGACY_WORDS = ("legacy", "old", "deprecated", "classic", "obsolete", "outdated", "retired", "unused",
                "archive", "archived")
_LEGACY_NAME = lazy(rf"^(?:(?P<pre>.*?)[-_.])?(?P<word>{'|'.join(LEGACY_WORDS)})(?:[-_.](?P<post>.*))?$", re.I)
#: A file named for archives is about them (`git-archive.adoc` documents `git archive`); an
#: `archive/` folder is where old things go.
_NOT_LEGACY_IN_FILE_NAMES = frozenset({"archive"})
#: A configuration's flavour for old targets, beside the configuration (TanStack query's
#: `tsconfig.legacy.json` beside `tsconfig.json` builds for older TypeScript; `webpack.legacy.config.js`):
#: a build it still runs, not one left behind.
_CONFIG_FLAVOUR = lazy(r"(?i)^(?:[tj]sconfig|[\w.-]*[._-]config|\.\w+rc)$")
_VERSION = lazy(r"^(?P<stem>.*?)(?P<sep>[-_.]?)v(?P<number>\d+)$", re.I)
_NEWER_BARE = ("v2", "v3", "new", "next", "current", "modern", "latest")
MIGRATE = lazy(
    r"(?i)\b(?:migrat\w*|mov(?:e|ing)|port(?:ing)?|switch(?:ing)?)\s+(?:\w+\s+)?(?:off|away\s+from|from)\b"
    r"|\b(?:remove|delete|drop|retire|kill|deprecate)\b.*\b(?:once|when|after|in\s+favou?r|instead)\b"
    r"|(?<!will\s)(?<!would\s)\buse\s+\S+\s+instead\b|\breplace\w*\s+(?:this\s+)?(?:with|by)\b|\bin\s+favou?r\s+of\b"
)
#: Test data and examples keep `old/` and `new/` side by side on purpose (authelia's
#: `internal/configuration/test_resources/config.deprecated.yml`: the configuration its test warns of;
#: qwik's `e2e/qwik-e2e/apps/` keep a `@deprecated` component for the test; ava's `test-tap/reporters/`
#: keeps each reporter's output for every Node.js version it runs on, `default.only.v22.log` to `.v25.log`).
_TEST_DATA = lazy(r"(?:^|/)(?:tests?(?:[-_][a-z]+)?|testdata|fixtures|__tests__|testing|examples?"
                  r"|e2e(?:[-_][a-z]+)?)/")
#: What an ask says it replaces ("use exceptions instead of `die`").
_INSTEAD_OF = lazy(r"(?i)\binstead\s+of\s+\S")
_TOWARD = lazy(r"(?i)\b(?:use|uses|using|to|onto|into|with|by|of|toward|towards)\s*$")


@dataclass(frozen=True)
class Settings:
    """Legacy detection's thresholds (`rules/legacy-path.yaml`'s options)."""

    stale_after_days: int = 365
    active_within_days: int = 90
    min_confidence: float = 0.5


@dataclass(frozen=True)
class MigrateAsk:
    """A comment that asks to move off something: where, what it says, what it names."""

    path: str
    line: int
    text: str
    leave: tuple[str, ...] = ()  # repo paths it asks to leave
    toward: tuple[str, ...] = ()  # repo paths it asks to use instead


@dataclass(frozen=True)
class Legacy:
    """A legacy path, declared or detected: its successor, how sure, and why."""

    path: str
    successor: str | None
    declared: bool
    confidence: float
    evidence: tuple[Evidence, ...] = ()
    declaration: LegacyPath | None = None
    asks: tuple[MigrateAsk, ...] = field(default=(), compare=False)


def migrate_asks(todos: Mapping[str, list[Todo]], references: Iterable[Resolved],
                 historical: Callable[[str], bool]) -> list[MigrateAsk]:
    """TODOs and path-naming comments whose words ask to migrate off or remove something.

    A historical document (a changelog) asks nothing of the present: "migrated from X" there
    is done, as its paths are no claims (`Contradictions.is_claim_site`). A delta scan then
    need not read a changed changelog's references at all (`indexer.scan.delta`)."""
    by_line: dict[tuple[str, int], list[Resolved]] = {}
    for resolved in references:
        if resolved.reference.kind == "comment":
            by_line.setdefault((resolved.reference.path, resolved.reference.line), []).append(resolved)
    asks: dict[tuple[str, int], MigrateAsk] = {}
    texts = {(t.path, t.line): t.text for todos_of in todos.values() for t in todos_of}
    for key, refs in by_line.items():
        texts.setdefault(key, refs[0].reference.text)
    historical = functools.cache(historical)  # (asked once per file, and only of one that asks)
    for (path, line), text in texts.items():
        if not MIGRATE.search(text) or historical(path):
            continue
        leave, toward = [], []
        for resolved in by_line.get((path, line), ()):
            if resolved.status != EXISTS or resolved.path is None:
                continue
            before = text[:max(text.find(resolved.reference.target), 0)]
            (toward if _TOWARD.search(before) else leave).append(resolved.path)
        asks[(path, line)] = MigrateAsk(path, line, text, tuple(leave), tuple(toward))
    return sorted(asks.values(), key=lambda a: (a.path, a.line))


def find_legacy(declared: Iterable[LegacyPath], paths: RepoPaths, history: History, now: date,
                asks: list[MigrateAsk], settings: Settings = Settings(),
                notices: Mapping[str, list[Evidence]] | None = None,
                successors: Mapping[str, str] | None = None) -> list[Legacy]:
    """Declared legacy paths, then detected ones that reach `min_confidence`, by path.

    `notices`: path -> what files say about it being deprecated or moved (`deprecation_notices`);
    `successors`: path -> the successor that evidence names."""
    notices = notices or {}
    successors = successors or {}
    out: dict[str, Legacy] = {}
    for item in declared:
        path = item.path.strip("/")
        evidence = [Evidence(kind="declared", summary=f"declared in {item.file}:{item.line}"
                             + (f" since {item.since}" if item.since else "")
                             + (f": {item.note}" if item.note else ""),
                             path=item.file, line=item.line)]
        legacy = Legacy(path, item.successor.strip("/") if item.successor else None, True, 1.0,
                        declaration=item)
        out[path] = _with_evidence(legacy, evidence, paths, history, now, asks, settings)
    candidates = dict(_candidates(paths, asks))
    for path in sorted(notices):
        candidates.setdefault(path, None)
        if candidates[path] is None and successors.get(path):
            candidates[path] = successors[path]
    for path, successor in sorted(candidates.items()):
        if path in out or any(path.startswith(known + "/") for known in out):
            continue
        legacy = Legacy(path, successor, False, 0.0)
        name = posixpath.basename(path)
        stem = posixpath.splitext(name)[0] if path in paths.all_files else name
        evidence = list(notices.get(path, ()))
        if _LEGACY_NAME.match(stem) or _VERSION.match(stem):
            evidence.append(Evidence(kind="name", summary=f"its name '{name}' reads as legacy"
                                     + (f" beside {successor}" if successor else ""), path=path))
        found = _with_evidence(legacy, evidence, paths, history, now, asks, settings)
        if found.confidence >= settings.min_confidence:
            out[path] = found
    return sorted(_as_folders(out, paths).values(), key=lambda legacy: legacy.path)


#: What a folder keeps beside its code that says nothing of the folder being deprecated.
_FURNITURE = lazy(r"^(?:package-info\.java|__init__\.py|mod\.rs|doc\.go|index\.[jt]sx?|readme(?:\.\w+)?)$", re.I)


def folder_listing(paths: RepoPaths, files: Iterable[str]) -> dict[str, tuple[list[str], list[str]]]:
    """folder -> (its files' names, its folders) for the folders of `files` and those above them
    (the root left out): what `_as_folders` reads, and what a delta compares before it trusts
    its base's legacy set."""
    wanted: set[str] = set()
    for path in files:
        folder = path.rpartition("/")[0]
        while folder and folder not in wanted:
            wanted.add(folder)
            folder = folder.rpartition("/")[0]
    out: dict[str, tuple[list[str], list[str]]] = {folder: ([], []) for folder in sorted(wanted)}
    if not wanted:
        return out
    for path in paths.paths:
        parent, _, name = path.rpartition("/")
        if parent in out:
            if path in paths.all_files:
                out[parent][0].append(name)
            else:
                out[parent][1].append(path)
    for names, folders in out.values():
        names.sort()
        folders.sort()
    return out


def _as_folders(found: dict[str, Legacy], paths: RepoPaths) -> dict[str, Legacy]:
    """Detected legacy files that are every file of their folder (its `package-info.java`,
    `__init__.py` and the like aside), and whose every folder is legacy too, as that one
    folder: commons-lang's 12 deprecated classes of `lang3/text/translate` and the 10 beside it
    in `lang3/text` are one legacy folder, `lang3/text`, not 22 findings. Deepest first, so
    folders gather into the folder above them."""
    detected = [path for path, legacy in found.items() if not legacy.declared and path in paths.all_files]
    if len(detected) < 2:
        return found
    out = dict(found)
    listing = folder_listing(paths, detected)
    for folder in sorted(listing, key=lambda f: -f.count("/")):
        names, folders = listing[folder]
        own = [posixpath.join(folder, name) for name in names if not _FURNITURE.match(name)]
        members = own + folders
        if len(own) < 2 or not all(m in out and not out[m].declared for m in members):
            continue
        parts = [out.pop(m) for m in members]
        successors = {part.successor for part in parts}
        inside = _count(len(own), "file") + (f" and {_count(len(folders), 'folder')}" if folders else "")
        # (pages that each say they moved: fastlane's `docs/`, its guides moved to docs.fastlane.tools)
        moved = all(e.kind == "moved-stub" for part in parts for e in part.evidence if e.kind in WEIGHTS)
        summary = (f"everything in it {'moved' if moved else 'is deprecated'} ({inside}): "
                   + ", ".join(posixpath.basename(m) for m in members[:3]) + (", ..." if len(members) > 3 else ""))
        first = parts[0].evidence[0] if parts[0].evidence else None
        out[folder] = Legacy(folder, successors.pop() if len(successors) == 1 else None, False,
                             min(part.confidence for part in parts),
                             (Evidence(kind="moved-stub" if moved else "deprecation-notice", summary=summary,
                                       path=first.path if first else folder, line=first.line if first else None),))
    return out


def _with_evidence(legacy: Legacy, evidence: list[Evidence], paths: RepoPaths, history: History,
                   now: date, asks: list[MigrateAsk], settings: Settings) -> Legacy:
    successor = legacy.successor if legacy.successor and paths.exists(legacy.successor) else None
    mine = history.activity.get(legacy.path)
    theirs = history.activity.get(successor) if successor else None
    if successor:
        live = theirs is None and not history.activity or theirs is not None and theirs.year > 0
        # Of two versions, one changed last or with the other was not left behind: versions kept
        # side by side (jaeger's `docker-compose/elasticsearch/v7`, `v8` and `v9`, one for each
        # Elasticsearch it supports, changed in the same commit). A version beside the bare name
        # says which is the newer (`payments-v1` beside `payments`); a word may be what the file
        # is about (rails' `oid/legacy_point.rb` beside `oid/point.rb`, rubocop's
        # `deprecated_attribute_assignment.rb` cop beside `attribute_assignment.rb`): a successor
        # that is live, or changed last, is no sign such a file was left while it is kept about as
        # busy: as many commits in the year, or two or more and half as many (terragrunt's
        # `deprecated_flag.go` and `flag.go`: three each; Flask-AppBuilder's
        # `requirements/base_legacy.txt`, the pins its CI tests the oldest versions with, two to
        # `base.txt`'s three; not sympy's `old_fractionfield.py`, one to two)
        stem = posixpath.splitext(posixpath.basename(legacy.path))[0]
        worded = _LEGACY_NAME.match(stem) is not None and _VERSION.match(stem) is None
        versions = _VERSION.match(posixpath.splitext(posixpath.basename(successor))[0]) is not None
        if live and not (theirs is not None and mine is not None and (
                versions and mine.last_time >= theirs.last_time
                or worded and (mine.year >= theirs.year or mine.year >= 2 and 2 * mine.year >= theirs.year))):
            evidence.append(Evidence(kind="successor", summary=f"successor {successor} is live"
                                     + (f" ({_commits(theirs.year)} in the last 12 months)" if theirs else ""),
                                     path=successor, commit=theirs.last_commit if theirs else None,
                                     date=theirs.last_day.isoformat() if theirs else None,
                                     author=theirs.last_author if theirs else None))
        elif theirs is not None and mine is not None and theirs.last_time > mine.last_time:
            # the successor is the one that changed last: the newer one (a word, weakly). Of two
            # versions (velero's plugin API `backupitemaction/v1` and `v2`, both quiet for years)
            # the later one changed last by being written later: both are kept, as `payments-v1`
            # renamed beside the plain `payments` is not
            weak = worded or _VERSION.match(posixpath.splitext(posixpath.basename(successor))[0]) is not None
            evidence.append(Evidence(kind="successor-newer" if weak else "successor",
                                     summary=f"successor {successor} changed after it"
                                     f" (last commit {theirs.last_day.isoformat()})",
                                     path=successor, commit=theirs.last_commit,
                                     date=theirs.last_day.isoformat(), author=theirs.last_author))
    if mine is not None:
        stale_since = epoch(now - timedelta(days=settings.stale_after_days))
        active_since = epoch(now - timedelta(days=settings.active_within_days))
        summary = f"last commit {mine.last_day.isoformat()}"
        if mine.year or (theirs and theirs.year):  # "0 vs 0" says nothing the date does not
            contrast = f" vs {theirs.year} in {successor}" if theirs else ""
            summary += f"; {_commits(mine.year)} in the last 12 months{contrast}"
        kind = "activity"
        if not (mine.last_time < stale_since and theirs is not None and theirs.last_time >= active_since):
            kind = "activity-info"
        evidence.append(Evidence(kind=kind, summary=summary, path=legacy.path, commit=mine.last_commit,
                                 date=mine.last_day.isoformat(), author=mine.last_author))
    related = [a for a in asks if _asks_about(a, legacy.path, successor)]
    for ask in related:
        evidence.append(Evidence(kind="migrate-comment", summary=f"asks to migrate: {ask.text}",
                                 path=ask.path, line=ask.line))
    confidence = 1.0 if legacy.declared else _confidence(evidence)
    return replace(legacy, successor=successor or legacy.successor, evidence=tuple(evidence),
                   confidence=confidence, asks=tuple(related))


def _commits(count: int) -> str:
    return _count(count, "commit")


def _count(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' * (count != 1)}"


def _confidence(evidence: list[Evidence]) -> float:
    kinds = [e.kind for e in evidence]
    score = sum(WEIGHTS[k] for k in set(kinds) if k in WEIGHTS)
    score += 0.05 * min(2, max(0, kinds.count("migrate-comment") - 1))
    return round(min(score, _MAX_DETECTED), 2)


def _asks_about(ask: MigrateAsk, path: str, successor: str | None) -> bool:
    if any(p == path or p.startswith(path + "/") for p in ask.leave):
        return True
    inside = ask.path.startswith(path + "/")
    toward_successor = successor is not None and any(
        p == successor or p.startswith(successor + "/") for p in ask.toward)
    name = re.escape(posixpath.basename(path))
    mentions = re.search(rf"(?i)\b{name}\b", ask.text) is not None
    # (keras' `legacy/` holds "TODO: Replace with legacy serialization": a way into it, not out)
    into = mentions and re.search(rf"(?i)\b(?:with|by|use|using)\s+(?:the\s+)?{name}\b", ask.text) is not None
    # (Shaarli's `legacy/LegacyLinkDB.php`: "TODO: use exceptions instead of "die"", a change of
    # its code, which names what it replaces: not a way out of the folder)
    other = _INSTEAD_OF.search(ask.text) is not None and not mentions
    return toward_successor and (inside or mentions) or inside and not ask.toward and not into and not other


def _candidates(paths: RepoPaths, asks: list[MigrateAsk],
                named: "tuple[dict[str, str | None], list[tuple[str, str]]] | None" = None,
                ) -> list[tuple[str, str | None]]:
    """(folder, successor or None) for folders named like legacy, and folders asked to be left;
    (file, successor) for files named like legacy beside theirs. `named`: `named_candidates`
    (a delta's, moved from its base's: `moved_candidates`)."""
    folders = paths.folders
    named_folders, named_files = named_candidates(paths) if named is None else named
    out = dict(named_folders)
    for ask in asks:
        for left in ask.leave:
            if left in folders and out.get(left) is None and ask.toward:
                out[left] = ask.toward[0]
    for file, successor in named_files:
        out.setdefault(file, successor)
    return list(out.items())


def named_candidates(paths: RepoPaths, within: "tuple[set[str], set[str]] | None" = None,
                     ) -> tuple[dict[str, str | None], list[tuple[str, str]]]:
    """The candidates by name alone: folder -> successor or None (in path order), and (file,
    successor) pairs. A folder's answer rests on its siblings, a file's on the files beside it,
    so `within` = (parents, folders) asks only of the folders under those parents and the files
    in those folders (`moved_candidates`). The whole answer is kept on `paths` (a scan asks it
    of legacy detection, of the delta's base and of its watch list)."""
    if within is None and "_legacy_named" in paths.__dict__:
        return paths.__dict__["_legacy_named"]
    parents, in_folders = within if within is not None else (None, None)
    folders = paths.folders
    asked = folders if parents is None else [folder for folder in folders if folder.rpartition("/")[0] in parents]
    children: dict[str, list[str]] = {}  # parent -> its folders: a versioned folder's siblings
    for folder in asked:
        children.setdefault(folder.rpartition("/")[0], []).append(folder)
    named: dict[str, str | None] = {}
    for folder in sorted(asked):
        if _TEST_DATA.search(folder) or _served_api_version(paths, folder):
            continue
        successor = _named_successor(folder, folders, children)
        if successor is not None or _LEGACY_NAME.match(posixpath.basename(folder)):
            named[folder] = successor
    found = named, _file_candidates(paths, in_folders)
    if within is None:
        paths.__dict__["_legacy_named"] = found
    return found


def moved_candidates(before: Any, paths: RepoPaths, moved: Iterable[str],
                     ) -> tuple[dict[str, str | None], list[tuple[str, str]]] | None:
    """`named_candidates(paths)` from `before` (those of the paths before the files `moved`
    came or went, as JSON: [[[folder, successor], ...], [[file, successor], ...]]), asking
    again only of the folders and files the moved ones can change; None for `before` of
    another shape."""
    try:
        folders_before, files_before = before
        folders_before = [(path, successor) for path, successor in folders_before
                          if isinstance(path, str) and (successor is None or isinstance(successor, str))]
        files_before = [(path, successor) for path, successor in files_before
                        if isinstance(path, str) and isinstance(successor, str)]
    except (TypeError, ValueError):
        return None
    parents: set[str] = set()  # every folder above a moved file: its children may have come or gone
    in_folders: set[str] = set()  # the folders of the moved files
    for path in moved:
        folder = path.rpartition("/")[0]
        in_folders.add(folder)
        while folder not in parents:
            parents.add(folder)
            if not folder:
                break
            folder = folder.rpartition("/")[0]
    named_folders, named_files = named_candidates(paths, (parents, in_folders))
    kept = {path: successor for path, successor in folders_before if path.rpartition("/")[0] not in parents}
    folders = dict(sorted({**kept, **named_folders}.items()))
    files = [pair for pair in files_before if pair[0].rpartition("/")[0] not in in_folders] + named_files
    return folders, files


def _named_successor(folder: str, folders: frozenset[str], children: Mapping[str, list[str]]) -> str | None:
    """The sibling a legacy-named or versioned folder gives way to, if there is one
    (`children`: parent -> the folders in it)."""
    parent, name = posixpath.split(folder)
    legacy = _LEGACY_NAME.match(name)
    if legacy:
        stem = "-".join(part for part in (legacy.group("pre"), legacy.group("post")) if part)
        names = [stem, stem.replace("-", "_")] if stem else list(_NEWER_BARE)
        for candidate in names:
            sibling = posixpath.join(parent, candidate)
            if candidate and sibling in folders:
                return sibling
        return None
    version = _VERSION.match(name)
    if version and _SCHEMAS.search(parent):
        return None
    if version:
        stem, sep, number = version.group("stem"), version.group("sep"), int(version.group("number"))
        newer = [(int(m.group("number")), sibling) for sibling in children.get(parent, ())
                 if (m := _VERSION.match(posixpath.basename(sibling)))
                 and m.group("stem") == stem and m.group("sep") == sep and int(m.group("number")) > number]
        if newer:
            return max(newer)[1]
        bare = posixpath.join(parent, stem)  # `payments-v1` beside `payments`: the unsuffixed successor
        return bare if number == 1 and sep and stem and bare in folders else None
    return None


#: A folder of published schemas keeps every version for those who still write that one
#: (terragrunt's `docs/public/schemas/run/report/v1` to `v4`, skaffold's `pkg/skaffold/schema/v1`
#: among 70 versions it still reads and upgrades).
_SCHEMAS = lazy(r"(?:^|/)schemas?(?:/|$)", re.I)
#: A Kubernetes API group's version (kyverno's `api/kyverno/v1` beside `v2`, 271 imports of it
#: reported): its types are served side by side with the newer ones', as a schema folder's versions
#: are kept; the generated `zz_generated.deepcopy.go`, or kubebuilder's `groupversion_info.go`, says
#: what the folder is. (A version deprecated says so of itself: `deprecation_notices`.)
_API_VERSION_FILES = ("zz_generated.deepcopy.go", "groupversion_info.go")


def _served_api_version(paths: RepoPaths, folder: str) -> bool:
    return any(paths.is_file(posixpath.join(folder, name)) for name in _API_VERSION_FILES)


#: A versioned name that is a document about that version, not a copy the next one replaced:
#: fastify's `Migration-Guide-V3.md` beside `Migration-Guide-V5.md` still guides off v3.
_ABOUT_A_VERSION = lazy(r"(?i)migrat|upgrad|release|changelog|changes|whats[-_]?new|news")
#: A version of a protocol, spoken beside the newer ones for the peers that still speak it
#: (emqx's `emqx_cm_proto_v1.erl` to `_v4.erl`, its cluster's backplane API in a rolling upgrade: 25).
_PROTOCOL_VERSION = lazy(r"(?i)[-_]proto(?:col)?$")


def _migrated_from(number: int, names: Iterable[str]) -> bool:
    """Whether a file among `names` migrates data from version `number`: minikube's
    `host/migrate_v0_v1.go` reads what `host_v0.go` describes, kept for the machines it made."""
    pattern = re.compile(rf"(?i)(?:migrat|upgrad|convert)\w*?(?<![a-z0-9])v?{number}(?![0-9])")
    return any(pattern.search(name) for name in names)


def _one_of_a_family(prefix: str, name: str, names: set[str]) -> bool:
    """Whether `name` is one of three or more files named `prefix` and a word, with its extension:
    plotnine's `theme_classic.py` beside `theme_bw.py` and `theme_dark.py` is one theme of many
    (ggplot2's "classic"), not the old `theme.py`. (Asked of "classic" only: govuk-frontend's
    `_colours-legacy-functional.scss` beside `_colours-applied.scss` and others is the legacy one.)"""
    if not prefix or prefix[-1] not in "-_.":
        return False
    extension = posixpath.splitext(name)[1]
    return sum(other != name and other.startswith(prefix) and other.endswith(extension) for other in names) >= 2


def _file_candidates(paths: RepoPaths, in_folders: set[str] | None = None) -> list[tuple[str, str]]:
    """(file, successor) for files named like legacy or `-v1` beside the file that replaces them
    (`deploy-old.sh` beside `deploy.sh`, `build-v1.yml` beside `build.yml` or `build-v2.yml`).
    A file needs its successor beside it: a name alone says too little. `in_folders`: only the
    files in these folders."""
    out = []
    by_folder: dict[str, set[str]] = {}
    for file in paths.files:
        folder, _, name = file.rpartition("/")
        if in_folders is None or folder in in_folders:
            by_folder.setdefault(folder, set()).add(name)
    for folder, names in by_folder.items():
        if _TEST_DATA.search(folder + "/"):
            continue
        for name in sorted(names):
            stem, extension = posixpath.splitext(name)
            successor = None
            legacy = _LEGACY_NAME.match(stem)
            version = _VERSION.match(stem)
            if legacy and legacy.group("word").lower() not in _NOT_LEGACY_IN_FILE_NAMES:
                rest = "-".join(part for part in (legacy.group("pre"), legacy.group("post")) if part)
                if _CONFIG_FLAVOUR.match(rest) or legacy.group("word").lower() == "classic" \
                        and _one_of_a_family(stem[:legacy.start("word")], name, names):
                    continue
                for candidate in (rest, rest.replace("-", "_")):
                    if candidate and candidate + extension in names and candidate + extension != name:
                        successor = candidate + extension
                        break
            elif version and version.group("sep") and version.group("stem") \
                    and not _ABOUT_A_VERSION.search(version.group("stem")) and not _SCHEMAS.search(folder) \
                    and not _PROTOCOL_VERSION.search(version.group("stem")):
                # (of the names with this one's extension: nebula's `cert_v1.go` beside `cert_v2.go`,
                # whatever `cert_v2.asn1` is beside them)
                newer = [(int(m.group("number")), other) for other, other_extension in map(posixpath.splitext, names)
                         if other_extension == extension and (m := _VERSION.match(other))
                         and m.group("stem") == version.group("stem") and m.group("sep") == version.group("sep")
                         and int(m.group("number")) > int(version.group("number"))]
                if _migrated_from(int(version.group("number")), names):
                    pass  # the folder still reads that version's data to migrate it
                elif newer:
                    successor = max(newer)[1] + extension
                elif int(version.group("number")) == 1 and version.group("stem") + extension in names:
                    successor = version.group("stem") + extension
            if successor:
                out.append((posixpath.join(folder, name), posixpath.join(folder, successor)))
    return out


# --------------------------------------------------------------------------- what files say
def deprecation_notices(definitions: Mapping[str, Mapping[str, list[str]]], paths: RepoPaths,
                        skip: "Callable[[str], bool]" = lambda path: False
                        ) -> tuple[dict[str, list[Evidence]], dict[str, str]]:
    """(path -> evidence, path -> successor) from the deprecation signals files carry
    (`indexer.extract.deprecation`): a file or package that says it is deprecated or moved, names
    listed under "Deprecated", "X is deprecated in favour of Y". A name counts when exactly one
    path answers to it. `skip(file)`: files whose words are history, not the present."""
    from indexer.extract.deprecation import Signal

    notices: dict[str, list[Evidence]] = {}
    successors: dict[str, str] = {}
    for file, defs in definitions.items():
        rows = defs.get("deprecated") if isinstance(defs, Mapping) else None
        if not rows or skip(file):
            continue
        for signal in map(Signal.from_row, rows):
            if signal.subject == ".":
                target = file
            elif signal.subject == "./":
                target = posixpath.dirname(file)
            else:
                target = _path_named(signal.subject, file, paths)
            if not target or _TEST_DATA.search(target + "/"):
                continue
            kind = NOTICE_KINDS.get(signal.kind)
            if kind is None:
                continue
            successor = _successor_named(signal.successor, file, paths) if signal.successor else None
            said = {"deprecation-notice": "says it is deprecated", "moved-stub": "says it has moved",
                    "listed-deprecated": "lists it as deprecated", "prose": "says it is replaced"}[kind]
            notices.setdefault(target, []).append(Evidence(
                kind=kind, summary=f"{file}:{signal.line} {said}: {signal.text[:160]}"
                + (f" (successor {successor})" if successor else ""), path=file, line=signal.line))
            if successor and successor != target:
                successors.setdefault(target, successor)
    return notices, successors


_DOC_SUFFIXES = ("", ".md", ".rst", ".txt", ".adoc", ".mdx")
#: Names too common to stand for one path when a list says they are deprecated (an option, a key),
#: and values ("`:all` replaces `true`" in rails' upgrade guide is no word on `arel/nodes/true.rb`).
_GENERIC_NAMES = frozenset({"config", "configs", "settings", "utils", "util", "lib", "libs", "common", "core",
                            "api", "main", "index", "src", "test", "tests", "docs", "doc", "app", "cli",
                            "server", "client", "options", "default", "defaults", "types", "internal",
                            "build", "scripts", "tools", "examples", "example", "data", "init", "setup",
                            "true", "false", "null", "none", "nil", "undefined", "yes", "no", "on", "off"})


def _successor_named(name: str, file: str, paths: RepoPaths) -> str | None:
    """The repository path a notice's successor names: a relative link or doc name, else a unique name."""
    if "://" in name:
        return None
    folder = posixpath.dirname(file)
    for base in (folder, ""):
        stem = posixpath.normpath(posixpath.join(base, name.lstrip("/")))
        for suffix in _DOC_SUFFIXES:
            if not stem.startswith("..") and paths.exists(stem + suffix) and stem + suffix:
                return stem + suffix
    return _path_named(name, file, paths)


def _path_named(name: str, file: str, paths: RepoPaths) -> str | None:
    """The one path `name` (a file stem, a folder or package name, `@scope/name`) answers to."""
    name = name.strip("`'\"./").split("/")[-1] if name.startswith("@") else name.strip("`'\"")
    if "/" in name:
        name = name.rstrip("/")
        return name if paths.exists(name) else None
    if not re.fullmatch(r"[A-Za-z][\w.-]{1,60}", name) or name.lower() in _GENERIC_NAMES:
        return None
    matches = set(paths.folders_named.get(name, ()))
    matches |= {p for p in paths.files_stemmed.get(name, ())
                if not _TEST_DATA.search(p) and posixpath.splitext(p)[1] not in (".md", ".rst", ".txt")}
    near = posixpath.dirname(file)
    matches = {m for m in matches if not _TEST_DATA.search(m + "/")}
    if len(matches) > 1 and near:  # a README lists what lives beside or below it
        matches = {m for m in matches if m.startswith(near + "/")} or matches
    return next(iter(matches)) if len(matches) == 1 else None
