"""Gitignore-semantics globs: `scan.exclude`, `history_paths`, `scope`, `forbid`/`require`.

Paths are repo-relative with `/` separators and no leading `./`. The rules, as in gitignore:

* a pattern without `/` (a trailing `/` aside) matches a name at any depth: `*.tf`, `vendor`;
* a pattern with a `/` elsewhere, or a leading `/`, is anchored at the repo root: `deploy/legacy`;
* `*` and `?` never cross `/`; `[abc]`, `[a-z]` and `[!abc]` match one character of a name;
* `**/` matches any number of folders, `/**` everything inside, `a/**/b` zero or more folders;
* a pattern that names a folder matches everything under it (`deploy/legacy` matches
  `deploy/legacy/x.sh`); a trailing `/` matches only folders, so only paths under one;
* `!pattern` re-includes what earlier patterns matched: the last matching pattern wins;
* `\\` escapes the next character (`\\!keep`, `\\*`).

A whole set compiles to one regular expression per run of same-polarity patterns (one in all
when there is no `!`), because `match` runs once per tracked file. Patterns come from the
repository (`.orgmemory.yaml`), so they are matched by RE2, in time linear in the path: under
Python's backtracking `re`, `*a*a*a*a*a*a*b` against a name of 80 `a`s took 22 s.
"""
from __future__ import annotations

import re
from typing import Iterable

__all__ = ["GlobSet", "check_glob", "compile_globs", "glob_to_regex", "literal_prefix", "globs_may_overlap"]

_ANY_FOLDERS = "(?:.*/)?"
_NOTHING = r"[^\x00-\x{10ffff}]"  # a class of `/` alone matches no character of a name
_WILDCARDS = frozenset("*?[")


def glob_to_regex(pattern: str) -> str | None:
    """The regex source (without anchors or flags) a path must fully match; None if blank."""
    body = pattern.rstrip("/") if pattern != "/" else ""
    folder_only = body != pattern
    anchored = body.startswith("/") or "/" in body
    body = body.lstrip("/")
    if not body:
        return None
    prefix = "" if anchored else _ANY_FOLDERS
    suffix = "/.*" if folder_only else "(?:/.*)?"
    return prefix + _translate_path(body) + suffix


def _translate_path(body: str) -> str:
    segments = body.split("/")
    out = []
    for index, segment in enumerate(segments):
        last = index == len(segments) - 1
        if segment == "**":
            out.append(".*" if last else _ANY_FOLDERS)
        else:
            out.append(_translate_segment(segment) + ("" if last else "/"))
    return "".join(out)


def _translate_segment(segment: str) -> str:
    """One path segment: `*` and `?` stay inside it; `**` inside a name is a plain `*`."""
    out: list[str] = []
    i, n = 0, len(segment)
    while i < n:
        char = segment[i]
        if char == "*":
            while i + 1 < n and segment[i + 1] == "*":
                i += 1
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[":
            end = _class_end(segment, i)
            if end < 0:
                out.append(re.escape(char))
            else:
                out.append(_translate_class(segment[i + 1:end]))
                i = end
        elif char == "\\" and i + 1 < n:
            i += 1
            out.append(re.escape(segment[i]))
        else:
            out.append(re.escape(char))
        i += 1
    return "".join(out)


def _class_end(segment: str, start: int) -> int:
    """Index of the `]` closing the class opened at `start`, or -1 when it is a literal `[`."""
    i = start + 1
    if i < len(segment) and segment[i] in "!^":
        i += 1
    if i < len(segment) and segment[i] == "]":
        i += 1
    while i < len(segment):
        if segment[i] == "\\":
            i += 2
            continue
        if segment[i] == "]":
            return i
        i += 1
    return -1


def _translate_class(inner: str) -> str:
    negated = inner[:1] in ("!", "^")
    if negated:
        inner = inner[1:]
    body = "".join(re.escape(first) if first == last else f"{re.escape(first)}-{re.escape(last)}"
                   for first, last in _class_ranges(inner))
    if negated:
        return f"[^/{body}]"
    ranges = [part for first, last in _class_ranges(inner) for part in _without_slash(first, last)]
    if not ranges:
        return _NOTHING
    return "[" + "".join(re.escape(first) if first == last else f"{re.escape(first)}-{re.escape(last)}"
                         for first, last in ranges) + "]"


def _without_slash(first: str, last: str) -> list[tuple[str, str]]:
    """The range minus `/`, which no class matches (RE2 has no lookahead to say `(?!/)`)."""
    if not first <= "/" <= last:
        return [(first, last)]
    return [r for r in ((first, chr(ord("/") - 1)), (chr(ord("/") + 1), last)) if r[0] <= r[1]]


def _class_ranges(inner: str) -> list[tuple[str, str]]:
    """The (first, last) character ranges of a class body, read as Python's `re` reads them:
    `a-z` is a range, a `-` first or last is itself; `\\` escapes. ValueError for `[z-a]`."""
    chars: list[tuple[str, bool]] = []  # (character, written escaped)
    i = 0
    while i < len(inner):
        escaped = inner[i] == "\\" and i + 1 < len(inner)
        i += escaped
        chars.append((inner[i], escaped))
        i += 1
    ranges = []
    i = 0
    while i < len(chars):
        first = chars[i][0]
        if i + 2 < len(chars) and chars[i + 1] == ("-", False):
            last = chars[i + 2][0]
            if last < first:
                raise ValueError(f"invalid range {first}-{last} in a [...] class: "
                                 "the first character must not come after the last")
            ranges.append((first, last))
            i += 3
        else:
            ranges.append((first, first))
            i += 1
    return ranges


class GlobSet:
    """Compiled patterns; `match(path)` is True when the last pattern that matches includes.

    A folder can be asked about with a trailing `/` (`match("build/")`), which is how
    folder-only patterns such as `build/` see it. All runs of same-polarity patterns sit in one
    RE2 set, so a path is read once, by a DFA, however many patterns there are.
    """

    __slots__ = ("patterns", "_set", "_includes")

    def __init__(self, patterns: Iterable[str]) -> None:
        self.patterns: tuple[str, ...] = tuple(patterns)
        runs = _compile_runs(self.patterns)
        self._includes = tuple(include for _source, include in runs)
        self._set = _re2_set([source for source, _include in runs]) if runs else None

    def match(self, path: str) -> bool:
        if self._set is None:
            return False
        hits = self._set.Match(path.encode("utf-8", "surrogateescape"))
        return bool(hits) and self._includes[max(hits)]

    def __bool__(self) -> bool:
        return bool(self._includes)

    def __repr__(self) -> str:
        return f"GlobSet({list(self.patterns)!r})"


def _compile_runs(patterns: tuple[str, ...]) -> list[tuple[str, bool]]:
    """Group consecutive patterns of the same polarity: within a run, any match decides."""
    runs: list[tuple[list[str], bool]] = []
    for pattern in patterns:
        include = not pattern.startswith("!")
        source = glob_to_regex(pattern if include else pattern[1:])
        if source is None:
            continue
        if runs and runs[-1][1] == include:
            runs[-1][0].append(source)
        else:
            runs.append(([source], include))
    if runs and not runs[0][1]:
        runs.pop(0)
    return [("(?s)(?:" + "|".join(sources) + ")", include) for sources, include in runs]


def re2_options():
    import re2

    options = re2.Options()
    options.log_errors = False  # RE2 would print the pattern to stderr
    options.max_mem = 64 << 20  # many long patterns in one set: RE2's default 8 MiB is too little
    return options


def _re2_set(sources: list[str]):
    """One RE2 set of whole-path (anchored both ends) regexes; `Match` lists those that match."""
    import re2

    compiled = re2._re2.Set(re2._re2.RE2.Anchor.ANCHOR_BOTH, re2_options())
    for source in sources:
        if compiled.Add(source.encode("utf-8", "surrogateescape")) < 0:
            raise ValueError("RE2 cannot match this glob")
    if not compiled.Compile():
        raise ValueError("the globs are too many or too large to match together (RE2 refused them)")
    return compiled


def check_glob(pattern: str) -> None:
    """ValueError, with a message for the user, when `pattern` is not a glob we can match."""
    source = glob_to_regex(pattern[1:] if pattern.startswith("!") else pattern)
    if source is not None:
        _re2_set([source])


def compile_globs(patterns: Iterable[str]) -> GlobSet:
    """Compile `patterns` once; call `.match(path)` per file. Blank patterns are ignored."""
    return GlobSet(patterns)


def literal_prefix(pattern: str) -> str:
    """The folders an anchored pattern is confined to (`infra/azure` for `/infra/azure/*.bicep`).

    Empty for a pattern that can match at any depth.
    """
    body = pattern.rstrip("/")
    if not (body.startswith("/") or "/" in body):
        return ""
    folders = []
    for segment in body.lstrip("/").split("/")[:-1]:
        if _WILDCARDS.intersection(segment) or "\\" in segment:
            break
        folders.append(segment)
    return "/".join(folders)


def globs_may_overlap(first: str, second: str) -> bool:
    """False only when the two patterns are confined to disjoint folders.

    A cheap, conservative test (it never says False for patterns that can match the same
    path): the folder prefixes must be equal or one must contain the other.
    """
    a, b = literal_prefix(first), literal_prefix(second)
    return not a or not b or a == b or a.startswith(b + "/") or b.startswith(a + "/")
