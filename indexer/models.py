"""The data that flows through the pipeline: small frozen dataclasses, each with `to_json()`.

discover -> Snapshot; extract -> Todo; age -> LineAge; config -> Config (Standard, LegacyPath);
rules -> Finding (`indexer.findings`).  Everything here is plain data: no I/O, no imports of the heavy stages.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Mapping

from indexer.findings import jsonable as _jsonable


class _Json:
    def to_json(self) -> dict[str, Any]:
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}


# --------------------------------------------------------------------------- configuration
# The values a standard's fields take, defined once (the schema in `indexer.memory.load`, the
# `facts` options and the MCP tools read them here).
KINDS = ("standard", "decision", "convention", "fact")
PRIORITIES = ("must", "should", "may")
STATUSES = ("proposed", "active", "rejected")  # as written; superseded and expired are derived
#: What an active entry becomes without an edit (`Standard.state(now)`).
DERIVED_STATUSES = ("expired", "superseded")
#: Every state an entry can be in, in the order of its life: `facts list --status`, MCP `list_facts`.
STATES = ("proposed", "active", *DERIVED_STATUSES, "rejected")
#: The same states, those that count (active, or once active) first: the report's order.
STATES_IN_FORCE_FIRST = tuple(sorted(STATES, key=lambda state: state not in ("active", *DERIVED_STATUSES)))


@dataclass(frozen=True)
class Match(_Json):
    """One `forbid`/`require` entry: a gitignore-style glob, optionally a per-line regex."""

    glob: str
    pattern: str | None = None
    line: int | None = None


@dataclass(frozen=True)
class Standard(_Json):
    """One entry of `standards:` in `.orgmemory.yaml`."""

    id: str
    statement: str
    kind: str = "standard"  # standard | decision | convention | fact
    priority: str = "should"  # must | should | may
    scope: tuple[str, ...] = ("**",)
    tags: tuple[str, ...] = ()
    source: str | None = None
    owner: str | None = None
    added: date | None = None
    review_by: date | None = None
    forbid: tuple[Match, ...] = ()
    require: tuple[Match, ...] = ()
    supersedes: tuple[str, ...] = ()
    superseded_by: str | None = None  # derived: the active standard that names this one
    superseded_on: date | None = None  # recorded by `facts supersede`
    status: str = "active"  # as written: proposed | active | rejected (superseded, expired: derived)
    proposed_by: str | None = None  # provenance of a proposal: who or which tool
    proposed_on: date | None = None
    evidence: tuple[str, ...] = ()  # PATH:LINE the proposal rests on
    rejected_why: str | None = None
    file: str = ".orgmemory.yaml"  # the file that declares it (repo-relative, or an extends URL)
    line: int | None = None  # line of its `- id:`

    @property
    def superseded(self) -> bool:
        return self.superseded_by is not None

    @property
    def accepted(self) -> bool:
        """Accepted by a curator: only these are primed, synced and enforced (proposals never)."""
        return self.status == "active"

    @property
    def in_force(self) -> bool:
        return self.accepted and not self.superseded

    def state(self, now: date) -> str:
        """proposed | rejected | superseded | expired | active."""
        if not self.accepted:
            return self.status
        if self.superseded:
            return "superseded"
        return "expired" if self.expired(now) else "active"

    def expired(self, now: date) -> bool:
        return self.review_by is not None and self.review_by < now


@dataclass(frozen=True)
class LegacyPath(_Json):
    """One entry of `legacy:` in `.orgmemory.yaml`."""

    path: str
    successor: str | None = None
    since: date | None = None
    note: str | None = None
    file: str = ".orgmemory.yaml"
    line: int | None = None


@dataclass(frozen=True)
class ScanSettings(_Json):
    """The `scan:` section of `.orgmemory.yaml`."""

    exclude: tuple[str, ...] = ()
    history_paths: tuple[str, ...] = ("CHANGELOG*", "HISTORY*", "docs/adr/**")
    markers: tuple[str, ...] = ("TODO", "FIXME", "HACK", "XXX")
    stale_after_days: int = 365
    max_file_bytes: int = 2 * 1024 * 1024
    extends_refresh_hours: int = 24  # git `extends` sources are fetched at most this often
    vendored: str = "skip"  # "report": TODOs and references in vendored/generated code are reported too


@dataclass(frozen=True)
class RuleConfig(_Json):
    """One rule's entry in the `rules:` section; None/empty: the rule pack's default."""

    id: str
    enabled: bool | None = None
    severity: str | None = None
    options: tuple[tuple[str, Any], ...] = ()  # (name, value as a check gets it: days for durations)
    line: int | None = None


@dataclass(frozen=True)
class Config(_Json):
    """The loaded `.orgmemory.yaml`, its `extends` sources merged in (the defaults when there is none)."""

    file: str | None = None  # absolute path of the loaded file; None when defaults are used
    version: int = 1
    org: str | None = None
    scan: ScanSettings = field(default_factory=ScanSettings)
    standards: tuple[Standard, ...] = ()
    legacy: tuple[LegacyPath, ...] = ()
    rules: tuple[RuleConfig, ...] = ()  # the repository's `rules:` section (`indexer.rulepack.settings_for`)
    extends: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()  # non-fatal remarks from loading (e.g. age of a cached extends clone)

    def standard(self, standard_id: str) -> Standard | None:
        return next((s for s in self.standards if s.id == standard_id), None)


# --------------------------------------------------------------------------- repository
@dataclass(frozen=True)
class Snapshot(_Json):
    """What git says the repo is right now: tracked files and their blob SHAs."""

    root: str
    head: str | None  # None in a repo with no commits
    files: Mapping[str, str]  # repo-relative path -> blob SHA (index blob for staged files)
    dirty: frozenset[str] = frozenset()  # tracked paths whose working-tree content differs from HEAD
    shallow: bool = False

    def head_blobs(self, paths) -> tuple[str, dict[str, str]] | None:
        """HEAD's commit, and the blob of each of `paths` that `git status` finds clean: its blob
        at HEAD, which a blame at HEAD would otherwise ask `git cat-file` for (`HeadBlobs`)."""
        if self.head is None:
            return None
        return self.head, {path: self.files[path] for path in paths if path in self.files and path not in self.dirty}


# --------------------------------------------------------------------------- extraction
@dataclass(frozen=True)
class Todo(_Json):
    """A TODO-style marker comment: where, which marker, and its text."""

    path: str
    line: int
    marker: str  # TODO | FIXME | HACK | XXX (or a configured marker)
    text: str  # the comment text from the marker on, one line
    author_tag: str | None = None  # TODO(alice)
    deadline: str | None = None  # YYYY-MM or YYYY-MM-DD as written
    paths: tuple[str, ...] = ()  # repo-looking paths the TODO names


@dataclass(frozen=True)
class LineAge(_Json):
    """Blame of one line. Exactly one of `time` or `older_than` tells the age.

    `older_than` is set when blame ran with `--since` and the line belongs to the boundary:
    we only know it was last changed before that instant (epoch seconds), which is all the
    stale/fresh decision needs.
    """

    line: int
    commit: str | None = None  # None for uncommitted lines
    author: str | None = None
    time: int | None = None  # author time, epoch seconds
    older_than: int | None = None
    uncommitted: bool = False
    unknown: bool = False  # shallow history: the age cannot be told


# --------------------------------------------------------------------------- contradictions
@dataclass(frozen=True)
class Reference(_Json):
    """A mention of a repository path (or a make target / package script) in a file."""

    path: str  # the referring file
    line: int
    target: str  # as written: "./deploy/legacy/deploy_staging.sh", "../architecture.md"
    kind: str  # md-link | code-span | shell | string | comment | import | config | command | ...
    text: str = ""  # the referring line, stripped
    deprecated: bool = False  # its own sentence says the target is deprecated, moved or removed
    base: str = ""  # one more folder the target may be relative to (`cd web && ...`, `make -C x`), or the
    # URL of the repository a document cloned and moved into (`git clone URL && cd name`)
    example: bool = False  # its own sentence gives it as an example, or says it gets created


@dataclass(frozen=True)
class Evidence(_Json):
    """One reason to believe something, with its provenance."""

    kind: str  # declared | name | activity | migrate-comment | successor | ...
    summary: str
    path: str | None = None
    line: int | None = None
    commit: str | None = None
    date: str | None = None
    author: str | None = None


@dataclass(frozen=True)
class Resolution(_Json):
    """One resolved truth per conflict: a legacy path, its successor, and who still says otherwise."""

    id: str  # "legacy:deploy/legacy"
    legacy_path: str
    successor: str | None
    declared: bool
    confidence: float  # 0..1
    statement: str  # "Deploy through deploy/v2. deploy/legacy is legacy (...). Still pointing at it: ..."
    evidence: tuple[Evidence, ...] = ()
    still_pointing: tuple[Reference, ...] = ()
