"""A regex compiled on first use and tried only on text that holds its needles."""
from __future__ import annotations

import re
from typing import NamedTuple

I, S = int(re.I), int(re.S)  # plain ints: `re.RegexFlag` arithmetic is slow
_UNFOLDED = object()


def fold(text: str) -> str | None:
    """What case-insensitive needles are looked up in: lower-case ASCII, None for other text."""
    return text.lower() if text.isascii() else None


class Pattern(NamedTuple):
    """A regex compiled on first use, tried only on text that holds its needles.

    `needles` are groups of substrings; text can match only if it holds a member of every
    group (a necessary condition, not a sufficient one). Most text holds none, so a prime
    rarely compiles these patterns at all. With `ignore_case`, the needles are lower case and
    are only trusted on ASCII text: case-insensitive matching also folds characters such as
    the long s or the Kelvin sign, which `str.lower` does not.
    """

    source: str
    needles: tuple[tuple[str, ...], ...]
    flags: int = 0
    min_length: int = 0  # the shortest text the regex can match in, when needles say little

    def may_match(self, text: str, folded: object = _UNFOLDED) -> bool:
        """`folded` is `fold(text)` when the caller has it (one `lower()` for many patterns)."""
        if len(text) < self.min_length:
            return False
        if self.flags & I:
            folded = fold(text) if folded is _UNFOLDED else folded
            if folded is None:
                return True
            text = folded  # type: ignore[assignment]
        for group in self.needles:  # plain loops: a generator costs more than the look-ups
            for needle in group:
                if needle in text:
                    break
            else:
                return False
        return True

    def compiled(self) -> re.Pattern[str]:
        return re.compile(self.source, self.flags)  # `re` keeps compiled patterns in its cache

    def search(self, text: str, folded: object = _UNFOLDED) -> re.Match[str] | None:
        return self.compiled().search(text) if self.may_match(text, folded) else None

    def sub(self, replacement, text: str, folded: object = _UNFOLDED) -> str:
        return self.compiled().sub(replacement, text) if self.may_match(text, folded) else text
