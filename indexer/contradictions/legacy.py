"""Legacy paths: declared under `legacy:`, or detected from evidence, each with a confidence.

Detection needs more than a name. A folder is a candidate when its name reads as legacy
(`legacy`, `old`, `deprecated`, `classic`, `obsolete` as a word of the name, or `v1` beside a
newer `v2`), or when a comment asks to migrate off it; it is reported when the evidence adds
up to `min_confidence`:

| evidence | weight |
|---|---|
| a legacy-like name | 0.35 |
| a live successor beside it (`tools/release` for `tools/old-release`) | 0.2 |
| no commits for `stale_after` while the successor had commits within `active_within` | 0.25 |
| a comment asking to migrate off or remove it (each further one +0.05, up to two) | 0.3 |

A name alone (0.35) is not enough; `api/v1` with no `v2` beside it is no candidate at all.
Declared paths have confidence 1.0 and collect the same evidence, for the record.
"""
from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from typing import Iterable, Mapping

from indexer.dates import epoch
from indexer.git.history import History
from indexer.models import Evidence, LegacyPath, Todo
from indexer.contradictions.paths import RepoPaths
from indexer.contradictions.resolve import EXISTS, Resolved

WEIGHTS = {"name": 0.35, "successor": 0.2, "activity": 0.25, "migrate-comment": 0.3}
_MAX_DETECTED = 0.95
LEGACY_WORDS = ("legacy", "old", "deprecated", "classic", "obsolete", "outdated", "retired")
_LEGACY_NAME = re.compile(rf"^(?:(?P<pre>.*?)[-_.])?(?:{'|'.join(LEGACY_WORDS)})(?:[-_.](?P<post>.*))?$", re.I)
_VERSION = re.compile(r"^(?P<stem>.*?)(?P<sep>[-_.]?)v(?P<number>\d+)$", re.I)
_NEWER_BARE = ("v2", "v3", "new", "next", "current", "modern", "latest")
MIGRATE = re.compile(
    r"(?i)\b(?:migrat\w*|mov(?:e|ing)|port(?:ing)?|switch(?:ing)?)\s+(?:\w+\s+)?(?:off|away\s+from|from)\b"
    r"|\b(?:remove|delete|drop|retire|kill|deprecate)\b.*\b(?:once|when|after|in\s+favou?r|instead)\b"
    r"|\buse\s+\S+\s+instead\b|\breplace\w*\s+(?:this\s+)?(?:with|by)\b|\bin\s+favou?r\s+of\b"
)
#: Test data and examples keep `old/` and `new/` side by side on purpose.
_TEST_DATA = re.compile(r"(?:^|/)(?:tests?|testdata|test_data|fixtures|__tests__|testing|examples?)/")
_TOWARD = re.compile(r"(?i)\b(?:use|uses|using|to|onto|into|with|by|of|toward|towards)\s*$")


@dataclass(frozen=True)
class Settings:
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
    path: str
    successor: str | None
    declared: bool
    confidence: float
    evidence: tuple[Evidence, ...] = ()
    declaration: LegacyPath | None = None
    asks: tuple[MigrateAsk, ...] = field(default=(), compare=False)


def migrate_asks(todos: Mapping[str, list[Todo]], references: Iterable[Resolved]) -> list[MigrateAsk]:
    """TODOs and path-naming comments whose words ask to migrate off or remove something."""
    by_line: dict[tuple[str, int], list[Resolved]] = {}
    for resolved in references:
        if resolved.reference.kind == "comment":
            by_line.setdefault((resolved.reference.path, resolved.reference.line), []).append(resolved)
    asks: dict[tuple[str, int], MigrateAsk] = {}
    texts = {(t.path, t.line): t.text for todos_of in todos.values() for t in todos_of}
    for key, refs in by_line.items():
        texts.setdefault(key, refs[0].reference.text)
    for (path, line), text in texts.items():
        if not MIGRATE.search(text):
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
                asks: list[MigrateAsk], settings: Settings = Settings()) -> list[Legacy]:
    """Declared legacy paths, then detected ones that reach `min_confidence`, by path."""
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
    for path, successor in _candidates(paths, asks):
        if path in out or any(path.startswith(known + "/") for known in out):
            continue
        legacy = Legacy(path, successor, False, 0.0)
        name = posixpath.basename(path)
        evidence = []
        if _LEGACY_NAME.match(name) or _VERSION.match(name):
            evidence.append(Evidence(kind="name", summary=f"its name '{name}' reads as legacy"
                                     + (f" beside {successor}" if successor else ""), path=path))
        found = _with_evidence(legacy, evidence, paths, history, now, asks, settings)
        if found.confidence >= settings.min_confidence:
            out[path] = found
    return sorted(out.values(), key=lambda legacy: legacy.path)


def _with_evidence(legacy: Legacy, evidence: list[Evidence], paths: RepoPaths, history: History,
                   now: date, asks: list[MigrateAsk], settings: Settings) -> Legacy:
    successor = legacy.successor if legacy.successor and paths.exists(legacy.successor) else None
    mine = history.activity.get(legacy.path)
    theirs = history.activity.get(successor) if successor else None
    if successor:
        live = theirs is None and not history.activity or theirs is not None and theirs.year > 0
        if live:
            evidence.append(Evidence(kind="successor", summary=f"successor {successor} is live"
                                     + (f" ({_commits(theirs.year)} in the last 12 months)" if theirs else ""),
                                     path=successor, commit=theirs.last_commit if theirs else None,
                                     date=theirs.last_day.isoformat() if theirs else None,
                                     author=theirs.last_author if theirs else None))
    if mine is not None:
        stale_since = epoch(now - timedelta(days=settings.stale_after_days))
        active_since = epoch(now - timedelta(days=settings.active_within_days))
        contrast = f" vs {theirs.year} in {successor}" if theirs else ""
        summary = (f"last commit {mine.last_day.isoformat()}; {_commits(mine.year)} in the last 12 months"
                   f"{contrast}")
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
    return f"{count} commit{'s' * (count != 1)}"


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
    mentions = re.search(rf"(?i)\b{re.escape(posixpath.basename(path))}\b", ask.text) is not None
    return toward_successor and (inside or mentions) or inside and not ask.toward


def _candidates(paths: RepoPaths, asks: list[MigrateAsk]) -> list[tuple[str, str | None]]:
    """(folder, successor or None) for folders named like legacy, and folders asked to be left."""
    folders = paths.paths - paths.all_files
    out: dict[str, str | None] = {}
    for folder in sorted(folders):
        if _TEST_DATA.search(folder):
            continue
        successor = _named_successor(folder, folders)
        if successor is not None or _LEGACY_NAME.match(posixpath.basename(folder)):
            out[folder] = successor
    for ask in asks:
        for left in ask.leave:
            if left in folders and out.get(left) is None and ask.toward:
                out[left] = ask.toward[0]
    return list(out.items())


def _named_successor(folder: str, folders: frozenset[str]) -> str | None:
    """The sibling a legacy-named or versioned folder gives way to, if there is one."""
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
    if version:
        stem, sep, number = version.group("stem"), version.group("sep"), int(version.group("number"))
        newer = [(int(m.group("number")), sibling) for sibling in folders
                 if posixpath.dirname(sibling) == parent
                 and (m := _VERSION.match(posixpath.basename(sibling)))
                 and m.group("stem") == stem and m.group("sep") == sep and int(m.group("number")) > number]
        return max(newer)[1] if newer else None
    return None
