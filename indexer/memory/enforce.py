"""Enforcement of curated standards against the repository's tracked files.

A standard's `forbid` entries name evidence that contradicts it and its `require` entries
evidence that must exist; `scope` limits which files a `forbid` looks at, while a `require` is
about the repository and is matched against every tracked file (a root `buf.yaml` satisfies a
standard scoped to `proto/**`; an anchored glob such as `/infra/*.bicep` still picks a place). Only the snapshot's
tracked files are considered (so `.gitignore` and `scan.exclude` already apply), and only the
files a `forbid` glob matches are ever read for its per-line `pattern`.

Truth maintenance runs the other way too: when the code overwhelmingly contradicts a standard
(many violating files, little or nothing that complies), the report says the standard itself
may be stale, so the human fixes one line of memory instead of reading thirty findings.

Pure over its inputs: no git, no cache, no findings. `indexer.checks.standards` turns reports
into findings and `orgmemory facts show` prints them.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from indexer.globs import GlobSet, compile_globs
from indexer.models import Match, Standard

__all__ = ["Violation", "Report", "evaluate", "compile_pattern", "STALE_MIN_FILES", "STALE_RATIO"]

# The code "overwhelmingly contradicts" a standard when at least STALE_MIN_FILES files violate
# it and they outnumber the files that comply with it at least STALE_RATIO to one.
STALE_MIN_FILES = 10
STALE_RATIO = 3

LineReader = Callable[[str], Sequence[str] | None]  # repo path -> its lines, None if unreadable


@dataclass(frozen=True)
class Violation:
    """A tracked file matching a `forbid` entry; `line`/`text` are set when it has a pattern."""

    path: str
    match: Match
    line: int | None = None
    text: str | None = None


@dataclass(frozen=True)
class Report:
    """What the repository says about one standard."""

    standard: Standard
    violations: tuple[Violation, ...]
    unmet: tuple[Match, ...]  # `require` entries no tracked file satisfies
    supporting_files: int  # files in scope that comply: require matches, pattern-clean candidates

    @property
    def violating_files(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v.path for v in self.violations))

    @property
    def stale(self) -> bool:
        """The code overwhelmingly contradicts the standard: it may be the memory that is wrong."""
        against = len(self.violating_files)
        return against >= STALE_MIN_FILES and against >= STALE_RATIO * self.supporting_files


def evaluate(standard: Standard, files: Iterable[str], read_lines: LineReader,
             candidates: frozenset[str] | None = None) -> Report:
    """The report for one active standard over `files` (repo-relative, `/`-separated).

    `candidates`, when given, limits which files are read and reported as violations (a
    pre-commit run's staged files); `require` is still judged on every tracked file.
    """
    files = list(files)
    scope = compile_globs(standard.scope)
    in_scope = [path for path in files if scope.match(path)]
    violations: list[Violation] = []
    supporting = 0
    checked = in_scope if candidates is None else [p for p in in_scope if p in candidates]
    for entry in standard.forbid:
        found, clean = _forbidden(entry, checked, read_lines)
        violations += found
        supporting += clean
    unmet = []
    for entry in standard.require:
        matched = sum(1 for path in files if _glob(entry).match(path))  # repository-wide
        supporting += matched
        if not matched:
            unmet.append(entry)
    return Report(standard, tuple(violations), tuple(unmet), supporting)


def _forbidden(entry: Match, files: Sequence[str], read_lines: LineReader) -> tuple[list[Violation], int]:
    """Violations of one `forbid` entry, and how many matching files were clean of its pattern."""
    glob = _glob(entry)
    matching = [path for path in files if glob.match(path)]
    if entry.pattern is None:
        return [Violation(path, entry) for path in matching], 0
    regex = compile_pattern(entry.pattern)
    found: list[Violation] = []
    clean = 0
    for path in matching:
        hits = [Violation(path, entry, number, text.rstrip("\r\n"))
                for number, text in enumerate(read_lines(path) or (), start=1) if regex.search(text)]
        found += hits
        clean += not hits
    return found, clean


@functools.lru_cache(maxsize=256)
def compile_pattern(pattern: str) -> Any:
    """A memory `pattern` compiled by RE2, which matches in time linear in the line.

    The memory is untrusted: under Python's backtracking `re`, `(a+)+$` takes exponential time
    on a line of a's. RE2 refuses what it cannot run in linear time (backreferences,
    lookaround): ValueError, with RE2's reason but not the pattern's text.
    """
    import re2

    options = re2.Options()
    options.log_errors = False  # RE2 would print the pattern to stderr
    try:
        return re2.compile(pattern, options)
    except re2.error as error:
        reason = error.args[0] if error.args else ""
        reason = (reason.decode("utf-8", "replace") if isinstance(reason, bytes) else str(reason))
        raise ValueError(f"RE2 cannot run it ({reason.split(':')[0] or 'invalid'}; backreferences, "
                         "lookaround and repetitions above 1000 are not supported)") from None


_GLOBS: dict[str, GlobSet] = {}


def _glob(entry: Match) -> GlobSet:
    """One compiled set per distinct glob: a standard's entries are matched against every file."""
    if entry.glob not in _GLOBS:
        _GLOBS[entry.glob] = compile_globs([entry.glob])
    return _GLOBS[entry.glob]
