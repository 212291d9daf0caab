"""Exclusion lists: `exclude = [...]`, `paths-ignore:`, `redirects = {...}` and the like.

What an exclusion or redirect list names may well not exist (a build folder to skip, a page
that moved away): such lists are no claims, so their lines are left out of the references.
"""
from __future__ import annotations

import re

from indexer.extract.references.tokens import occurrences
from indexer.regex import lazy

#: (pytest's `norecursedirs` too: ansible-lint's lists `src/ansible_lint.egg-info`, which a build makes)
_WORDS = (b"exclude", b"ignore", b"omit", b"skip", b"redirect", b"norecurse")
_START = lazy(
    r"^([ \t]*)(?:-[ \t]+)?[\"']?[\w.-]*?(?:exclude|ignore|omit|skip|redirect|norecurse)[\w.-]*[\"']?[ \t]*[=:][ \t]*(.*)$",
    re.I,
)
_OPEN, _CLOSE = "[{(", "]})"


def exclusion_lines(lines: list[str], data: bytes) -> tuple[set[int], set[int]]:
    """(0-based indexes of the lines inside exclusion lists, those inside redirect lists): one
    pass over the text for both."""
    lowered = data.lower()
    offsets = sorted(offset for word in _WORDS for offset in occurrences(lowered, word))
    excluded: set[int] = set()
    redirected: set[int] = set()
    line, counted_to = 0, 0
    for offset in offsets:
        line += data.count(b"\n", counted_to, offset)
        counted_to = offset
        if line >= len(lines) or line in excluded and line in redirected:
            continue
        start = _START.match(lines[line])
        if start is None:
            continue
        out = redirected if "redirect" in lines[line][:len(lines[line]) - len(start.group(2))].lower() else excluded
        if line not in out:  # (a key inside a list of its own kind is one of its entries)
            out.update(_list_lines(lines, line, len(start.group(1)), start.group(2)))
    return excluded, redirected


def _list_lines(lines: list[str], first: int, indent: int, rest: str) -> list[int]:
    """The key's line and the lines of its value: a bracketed list, or an indented block."""
    found = [first]
    depth = _depth(rest)
    for index in range(first + 1, len(lines)):
        line = lines[index]
        if depth > 0:
            depth += _depth(line)
            found.append(index)
            if depth <= 0:
                break
        elif rest.strip() and not re.fullmatch(r"[|>][+-]?\d*\s*", rest.strip()):  # `key: |` block scalar
            break
        elif not line.strip():
            continue
        elif len(line) - len(line.lstrip()) > indent:
            found.append(index)
        else:
            break
    return found


def _depth(text: str) -> int:
    return sum(text.count(c) for c in _OPEN) - sum(text.count(c) for c in _CLOSE)
