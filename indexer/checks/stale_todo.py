"""stale-todo: a marker comment that is old, past its deadline, or names a path that is gone."""
from __future__ import annotations

import posixpath
import re
from dataclasses import replace
from datetime import timedelta
from typing import Iterator

from indexer.dates import day_of, deadline_day, epoch
from indexer.findings import Finding, fingerprint
from indexer.git.blame import Origin, older_than, origins, shallow_commits
from indexer.models import LineAge, Todo
from indexer.regex import lazy
from indexer.rulepack import RuleSettings
from indexer.scan.suppress import apply_suppressions

RULE = "stale-todo"
SCOPE = "file"  # a TODO's findings: its line, its age, the paths it names (`indexer.checks.Check`)
#: A test-data folder holds the tests' inputs: a comment in them is data under test (black's
#: `tests/data/cases/comments.py`, a formatter's input; Go's `testdata/`; Maven's `src/test/resources/`;
#: kapitan's `tests/test_resources/charts/istio/`, an upstream chart's copy), not a task. (A
#: `fixtures/` package elsewhere is code that makes them: moby's `internal/testutil/fixtures/`.)
TEST_DATA = re.compile(r"(?:^|/)(?:testdata|test_data|test[-_]resources|__fixtures__|tests?/(?:data|fixtures)"
                       r"|src/test/resources)/")
#: A marker that tells whoever uses the file what to fill in, not a task of its maintainers:
#: kubebuilder's scaffold `TODO(user): Configure the resources accordingly` (kept in every
#: project it made: jobset, lws, kueue, tilt), a manifest's "TODO: replace with the namespace you
#: want for your sidecar" (external-snapshotter), a Markdown pull request template's "TODO: Say
#: why you made your changes" (an issue form's YAML comments are its maintainers': ansible's).
_FOR_THE_READER = lazy(r"(?i)\b(?:replace|set|change)\b[^.]{0,60}\byou\s+want\b")
_REQUEST_TEMPLATE = lazy(r"(?i)(?:^|/)(?:pull_request_template|(?:PULL_REQUEST|ISSUE)_TEMPLATE/[^/]+)\.md$")


def _for_the_reader(todo: Todo) -> bool:
    return (todo.author_tag or "").lower() == "user" or _FOR_THE_READER.search(todo.text) is not None \
        or _REQUEST_TEMPLATE.search(todo.path) is not None


def check(ctx, rule: RuleSettings) -> Iterator[Finding]:
    stale_after = rule.options["stale_after"]
    cutoff = epoch(ctx.now - timedelta(days=stale_after))
    pending: list[tuple[Todo, LineAge, list[str], list[str | None], list[str]]] = []
    gone = _gone_paths(ctx)
    for path, todos in ctx.collected.todos.items():
        if TEST_DATA.search(path):
            continue
        ages = ctx.ages.get(path, {})
        for todo in todos:
            if _for_the_reader(todo):
                continue
            age = ages.get(todo.line) or LineAge(line=todo.line, unknown=True)
            reasons: list[str] = []
            clauses: list[str | None] = []
            if _older_than(age, cutoff):
                reasons.append("age")
                clauses.append(None)  # the exact date, filled in below
            deadline = deadline_day(todo.deadline) if todo.deadline else None
            if deadline is not None and deadline < ctx.now:
                reasons.append("deadline")
                clauses.append(f"its deadline {todo.deadline} has passed")
            missing = [p for p in todo.paths if gone.get((path, p))]
            if missing:
                reasons.append("missing-path")
                clauses.append(f"{', '.join(missing)} no longer exists")
            if reasons:
                pending.append((todo, age, reasons, clauses, missing))
    found = _exact_origins(ctx, [(t.path, t.line) for t, age, reasons, _, _ in pending if "age" in reasons])
    findings = []
    for todo, age, reasons, clauses, missing in pending:
        origin = found.get((todo.path, todo.line))
        text = [c if c is not None else _age_clause(age, origin, stale_after) for c in clauses]
        findings.append(_finding(todo, age, origin, reasons, text, rule.severity, missing))
    yield from _each_note_once(findings, ctx.collected.suppressions)


def _each_note_once(findings: list[Finding], suppressions) -> Iterator[Finding]:
    """A note said on several lines of a file is one task: one finding, on its first line, that
    names the others (`lines`: every line it is on). cherrypy's `.ruff.toml` marks 231 ignored
    lint rules `# FIXME`; terraform's mock client says "TODO implement me" in 15 methods. The
    lines an inline suppression covers are left out first, as the suppression stage would."""
    notes: dict[tuple[str, str], list[Finding]] = {}
    for finding in apply_suppressions(findings, suppressions):
        notes.setdefault((finding.path, finding.fingerprint), []).append(finding)  # (the fingerprint: its text)
    for first, *more in notes.values():
        if not more:
            yield first
            continue
        lines = [first.line, *(f.line for f in more)]
        shown = ", ".join(map(str, lines[1:6])) + (", ..." if len(more) > 5 else "")
        text = first.details["text"]
        clauses = first.message[:-len(text) - 2]  # (`_finding`'s "clauses: text")
        yield replace(first, message=f"{clauses}; the same note is on {len(more)} more line{'s' * (len(more) > 1)}"
                                     f" ({shown}): {text}", details={**first.details, "lines": lines})


def _exact_origins(ctx, places: list[tuple[str, int]]) -> dict[tuple[str, int], Origin]:
    """The real last-changed date and commit of the lines stale by age: the ageing blame stops
    at the cutoff, so these few lines are blamed once more over their whole history (cached)."""
    if not places or ctx.snapshot.head is None:
        return {}
    shallow = shallow_commits(ctx.root) if ctx.snapshot.shallow else frozenset()
    return origins(ctx.root, ctx.cache, ctx.snapshot.head, places, ctx.snapshot.dirty, blame_dirty=True,
                   shallow_commits=shallow, head_blobs=ctx.snapshot.head_blobs({path for path, _ in places}))


_older_than = older_than  # (the one test, shared with the exact-date prefetch)


def _age_clause(age: LineAge, origin: Origin | None, stale_after: int) -> str:
    """`last changed 2019-03-02 (a1b2c3d), stale after 365d`: no date that moves with the clock."""
    if origin is not None:
        return f"last changed {origin.date} ({origin.commit[:7]}), stale after {stale_after}d"
    if age.time is not None:
        commit = f" ({age.commit[:7]})" if age.commit else ""
        return f"last changed {day_of(age.time)}{commit}, stale after {stale_after}d"
    return f"unchanged for over {stale_after} days (last changed before {day_of(age.older_than)})"


def _gone_paths(ctx) -> dict[tuple[str, str], bool]:
    """(referring file, named path) -> whether the TODO's path is gone: absent from both the
    referring folder and the root, and removed in history from HEAD's main line (a path deleted
    only in a history merged in from another root was never this repository's:
    `indexer.git.mainline`, one `git log` for every TODO's candidates)."""
    absent: dict[tuple[str, str], list[str]] = {}
    for referrer, todos in ctx.collected.todos.items():
        for named in {p for todo in todos for p in todo.paths}:
            found = [posixpath.normpath(posixpath.join(posixpath.dirname(referrer), named)),
                     posixpath.normpath(named)]
            found = [c.rstrip("/") for c in found if not c.startswith("..")]
            if found and not any(ctx.path_exists(c) for c in found):
                absent[(referrer, named)] = found
    removed = ctx.removed({c for found in absent.values() for c in found}) if absent else frozenset()
    candidates = {key: [c for c in found if c in removed] for key, found in absent.items()}
    candidates = {key: found for key, found in candidates.items() if found}
    if not candidates:
        return {}
    from indexer.git.mainline import removals_of, touched

    asked = {c for found in candidates.values() for c in found}
    stage = ctx.contradictions  # (its history, when this scan has one: which commit removed each)
    kept = touched(ctx.root, asked, ctx.snapshot.head, ctx.cache,
                   (lambda ask: removals_of(stage.history, ask, stage.paths.exists)) if stage is not None else None)
    return {key: bool(kept.intersection(found)) for key, found in candidates.items()}


def _finding(todo: Todo, age: LineAge, origin: Origin | None, reasons, clauses, severity: str,
             missing) -> Finding:
    details = {
        "marker": todo.marker,
        "text": todo.text,
        "reason": reasons,
        "author_tag": todo.author_tag,
        "deadline": todo.deadline,
        "missing_paths": missing,
        "last_changed": origin.date if origin else day_of(age.time).isoformat() if age.time is not None else None,
        "last_changed_before": day_of(age.older_than).isoformat() if age.older_than and not origin else None,
        "commit": origin.commit if origin else age.commit,
        "author": origin.author if origin else age.author,
        "age_unknown": age.unknown,
    }
    message = f"{'; '.join(clauses)}: {todo.text}"
    return Finding(rule=RULE, severity=severity, path=todo.path,
                   line=todo.line, message=message,
                   fingerprint=fingerprint(RULE, todo.path, todo.text), details=details)
