"""Inline suppressions: `orgmemory: ignore[rule] -- reason` (or `ignore[rule1,rule2]`) in a comment.

Found with one cheap regex per line that names `orgmemory:`; a comment leader (`#`, `//`,
`/*`, `<!--`, `--`, reST `..`, ...) must come before it on the line, so prose that merely
quotes the syntax mid-sentence is no suppression. In a language the comment table knows, the
line must also lie inside a real comment, so a string literal that quotes a suppression (a
test fixture, a help text) suppresses nothing. A suppression without a reason is kept
(with `reason=None`): it suppresses nothing and is reported as `bad-suppression`.
"""
from __future__ import annotations

from dataclasses import dataclass
from indexer.regex import lazy

_SUPPRESSION = lazy(r"orgmemory:\s*ignore\[([^\]]*)\]")
#: What may follow the rule list: a reason after `--` (not a comment's closing `-->`) or a dash,
#: then the comment's closing delimiter. (Read apart from the list, in one pass each: as one
#: pattern, a lazy reason between runs of spaces took 100 s on one 4 KB line.)
_REASON_SEPARATOR = lazy(r"\s*(?:--(?!>)|—|–)")
_CLOSERS = ("-->", "*/", "#}", "%}")
_COMMENT_LEADER = lazy(r"#|//|/\*|<!--|(?:^|\s)--|(?:^|\s);|^\s*\.\.|^\s*%|\{#|\{%|^\s*\*")
_LEADER_ONLY = lazy(r"^\s*(?:#+|//+|/\*+|<!--|--|;+|\.\.|%+|\{#|\{%|\*)\s*$")


@dataclass(frozen=True)
class Suppression:
    """An `orgmemory: ignore[...]` comment: the rules it silences, where, and why."""

    path: str
    line: int
    rules: tuple[str, ...]
    reason: str | None
    text: str = ""
    own_line: bool = True  # alone on its line: it covers the next line too, not only its own

    def to_row(self) -> list:
        return [self.line, list(self.rules), self.reason, self.text, self.own_line]

    @classmethod
    def from_row(cls, path: str, row: list) -> "Suppression":
        line, rules, reason, text, own_line = row
        return cls(path=path, line=line, rules=tuple(rules), reason=reason, text=text, own_line=own_line)


def extract_suppressions(path: str, data: bytes) -> list[Suppression]:
    if b"orgmemory:" not in data:
        return []
    in_comments = _comment_lines(path, data)
    found = []
    for index, line in enumerate(data.decode("utf-8", "replace").split("\n")):
        if "orgmemory:" not in line or (in_comments is not None and index + 1 not in in_comments):
            continue
        match, reason = _suppression(line)
        if match is None or not _COMMENT_LEADER.search(line[:match.start()]):
            continue
        rules = tuple(rule.strip() for rule in match.group(1).split(",") if rule.strip())
        reason = (reason or "").strip(" -—–") or None
        found.append(Suppression(path=path, line=index + 1, rules=rules, reason=reason,
                                 text=line.strip()[:300],
                                 own_line=_LEADER_ONLY.match(line[:match.start()]) is not None))
    return found


def _suppression(line: str):
    """(the `orgmemory: ignore[...]` match, its reason or None) of the first one on `line` that
    ends the line (bar a comment's closing delimiter) or gives a reason; (None, None) if none does."""
    for match in _SUPPRESSION.finditer(line):
        rest = line[match.end():].rstrip()
        closer = next((c for c in _CLOSERS if rest.endswith(c)), "")
        rest = rest[:len(rest) - len(closer)]
        if not rest.strip():
            return match, None
        separator = _REASON_SEPARATOR.match(rest)
        if separator:
            return match, rest[separator.end():]
    return None, None


#: Markup has no string literals to quote a suppression in: its comment leader is proof enough.
_MARKUP = frozenset({"markdown", "html", "rst", "asciidoc"})


def _comment_lines(path: str, data: bytes) -> set[int] | None:
    """The lines inside comments holding `orgmemory:`; None where the leader alone decides
    (markup, or a language the table does not know)."""
    from indexer.extract.comments import comments_holding
    from indexer.extract.languages import language_for

    language = language_for(path, data.split(b"\n", 1)[0])
    if language is None or language.name in _MARKUP:
        return None
    return {comment.start_line + offset
            for comment in comments_holding(language, data, (b"orgmemory:",))
            for offset in range(len(comment.lines))}
