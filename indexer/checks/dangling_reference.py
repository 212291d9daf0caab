"""dangling-reference: a doc, comment or config that names a repository path that does not exist.

The resolution (`indexer.contradictions.resolve`) decides what is missing and what claims nothing; this check
leaves out historical documents, `.orgmemory.yaml`, sentences that retire their target and
a document's prose naming the document itself by an earlier name, and
says what history knows: renamed to where, or deleted when and in which commit. That story must
be about the path itself and not predate the referring line's own last change (by the blame-age
service) by `EVIDENCE_GAP_YEARS` or more: then it confirms nothing, and a weak mention that was a
claim only because of it is dropped.
"""
from __future__ import annotations

import re
import time
from dataclasses import replace
from typing import Iterator

from indexer.findings import Finding, fingerprint
from indexer.contradictions.resolve import MISSING, STRONG_KINDS, Resolved
from indexer.rulepack import RuleSettings

RULE = "dangling-reference"
SCOPE = "file"  # a file's references resolved against the world, and their lines' ages
#: Data files inside test folders are fixtures, broken on purpose as often as not, or naming what
#: the test makes (scikit-build's `tests/samples/issue-401-sdist-with-symlinks/MANIFEST.in` names
#: the `VERSION` link its test creates).
FIXTURE = re.compile(r"(?:^|/)(?:tests?|testdata|test_data|fixtures|__fixtures__|testing)/(?:.*/)?"
                     r"[^/]+\.(?:rst|md|markdown|txt|adoc|html?|json|ya?ml|toml|cfg|ini|xml|in)$")


#: A file's header: the lines where a comment names the file itself (its license block's first line).
_HEADER_LINES = 5
#: History evidence this much older than the referring line's own last change confirms nothing:
#: the line was written (or rewritten) long after, about something else of the same name.
EVIDENCE_GAP_YEARS = 8


def check(ctx, rule: RuleSettings) -> Iterator[Finding]:
    found = ctx.contradictions
    todo_paths = {(t.path, t.line): t.paths for todos in ctx.collected.todos.values() for t in todos}
    reported = []
    for resolved in found.resolved:
        reference = resolved.reference
        if resolved.status != MISSING or reference.kind == "command" or reference.deprecated:
            continue
        if not found.is_claim_site(reference.path) or FIXTURE.search(reference.path) \
                or _stale_todo_says_so(resolved, todo_paths):
            continue
        fate = found.history.fate(resolved.path, found.paths.exists) if resolved.removed else []
        if fate and fate[0].path != resolved.path:
            fate = []  # a story about another path is no evidence about this one
        if fate and fate[-1].renamed_to == reference.path and (
                reference.kind == "prose" or reference.kind == "comment" and reference.line <= _HEADER_LINES):
            # a document's text naming the document by a name it had (release notes' titles from
            # before a rename), or a file's header comment naming the file so (collectd's
            # `collectd - src/collectd.c`, now `src/daemon/collectd.c`): the reader is there. A
            # script's usage line is a command: it fails.
            continue
        reported.append((resolved, fate))
    reported = _one_per_target(reported)
    lines = _line_times(ctx, [(r.reference, fate[0].time) for r, fate in reported if fate])
    # a Dockerfile's COPY of what the build makes (migrate's `COPY migrate /usr/local/bin/`, its
    # binary) is no claim (`resolve`), unless history removed it: but a COPY written only after the
    # removal never copied the removed file either
    copies = _line_times(ctx, [(r.reference, fate[0].time) for r, fate in reported
                               if fate and r.reference.kind == "docker-copy"], gap_years=0)
    for resolved, fate in reported:
        reference = resolved.reference
        if fate and copies.get((reference.path, reference.line), 0) > fate[0].time:
            continue
        written = lines.get((reference.path, reference.line))
        if fate and written is not None and written - fate[0].time > EVIDENCE_GAP_YEARS * _YEAR:
            # the removal predates the line by many years: not the confirmation of a deletion
            if reference.kind not in STRONG_KINDS and reference.kind != "tree-entry":
                continue  # a weak mention was a claim only because of that history
            resolved, fate = replace(resolved, removed=False), []
        yield _finding(resolved, fate, rule.severity)


_YEAR = 365 * 24 * 3600


def _line_times(ctx, wanted: list, gap_years: int = EVIDENCE_GAP_YEARS) -> dict[tuple[str, int], int]:
    """(path, line) -> when the referring line last changed (epoch seconds), for lines whose
    reference history says was removed: through the blame-age service, blamed back only as far
    as `gap_years` after the removal needs (a line older than that cutoff is old enough; its
    time is not needed). Lines the service cannot date (uncommitted, unknown) are left out: no check."""
    content_sha = ctx.collected.content_sha
    wanted = [(reference, removed) for reference, removed in wanted if reference.path in content_sha]
    if not wanted or ctx.snapshot.head is None:
        return {}
    from indexer.git import blame as age_stage

    since = min(removed for _, removed in wanted) + gap_years * _YEAR
    # Every removal younger than the gap: no committed line is that much newer. (A blame
    # `--since` a future date gives each line to the work tree's pseudo-commit: "uncommitted".)
    if since > time.time():
        return {}
    requests: dict[str, set[int]] = {}
    for reference, _ in wanted:
        requests.setdefault(reference.path, set()).add(reference.line)
    keys = {path: f"{path}:{content_sha[path]}" for path in requests}
    try:
        ages = age_stage.CachedAges(ctx.cache, "reference-age/v1", keys, requests, since).start(ctx.root)()
    except OSError:
        return {}
    return {(path, line): age.time for path, rows in ages.items() for line, age in rows.items()
            if age.time is not None and age.commit is not None}


def _one_per_target(reported: list) -> list:
    """One finding for a target a line names twice (vcluster's ``[`.claude/x.md`](.claude/x.md)``:
    the link, resolved from its folder, and the code span, from the root): the one history tells
    more of, else the first."""
    kept: dict[tuple[str, int, str], int] = {}
    out: list = []
    for resolved, fate in reported:
        reference = resolved.reference
        key = (reference.path, reference.line, reference.target.removeprefix("./"))
        if key not in kept:
            kept[key] = len(out)
            out.append((resolved, fate))
        elif fate and not out[kept[key]][1]:
            out[kept[key]] = (resolved, fate)
    return out


def _stale_todo_says_so(resolved: Resolved, todo_paths) -> bool:
    """A TODO naming a removed path is a `stale-todo` (reason missing-path): one finding, not two."""
    reference = resolved.reference
    named = todo_paths.get((reference.path, reference.line), ())
    return resolved.removed and reference.target.removeprefix("./").rstrip("/") in named


def _finding(resolved: Resolved, fate, severity: str) -> Finding:
    reference = resolved.reference
    written = reference.target
    if fate:
        story = "; then ".join(removal.describe() for removal in fate)
        message = (f"{story}" if written.strip("./") == resolved.path else f"{written}: {story}")
    else:
        places = " or ".join(resolved.looked_in)
        message = f"{written} does not exist" + (f" (no {places})" if places and places != written else "")
    last = fate[-1] if fate else None
    details = {
        "target": written,
        "resolved": resolved.path,
        "kind": reference.kind,
        "looked_in": list(resolved.looked_in),
        "renamed_to": last.renamed_to if last else None,
        "removed_in": last.commit if last else None,
        "removed_on": last.day.isoformat() if last else None,
        "removed_by": last.author if last else None,
    }
    return Finding(rule=RULE, severity=severity, path=reference.path, line=reference.line,
                   message=message, fingerprint=fingerprint(RULE, reference.path, f"{written} {reference.text}"),
                   details=details)
