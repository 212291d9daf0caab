"""`lazy(pattern, flags)`: a regular expression compiled on its first use, not at import.

It stands for `re.compile` in the extractors', the resolver's and the legacy detection's modules:
a scan that reads one changed file (the delta scan, `--since`) meets a few of their ~150
patterns, and compiling all of them at import was a tenth of its fixed cost. The first call of
any method compiles the pattern and binds the compiled pattern's methods on the object itself,
so every later call costs what a compiled pattern's does (an instance attribute instead of a
module global's attribute). (`indexer.text.patterns.Pattern` is the gate's kind: compiled on
first use too, and tried only on text that holds its needles.)
"""
from __future__ import annotations

import re
from typing import Any

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


class LazyPattern:
    """Stands for `re.compile(pattern, flags)`: the same methods and attributes."""

    def __init__(self, pattern: Any, flags: int = 0) -> None:
        self._source = (pattern, flags)

    def compiled(self) -> re.Pattern:
        found = self.__dict__.get("_compiled")
        if found is None:
            found = re.compile(*self._source)
            for name in _METHODS:  # bound on the object: later calls skip `__getattr__`
                setattr(self, name, getattr(found, name))
            self._compiled = found
        return found

    def __getattr__(self, name: str) -> Any:
        # only for what the object lacks: before the first compile, every method and attribute
        # (search, match, ..., pattern, flags, groups); after it, the attributes not bound above
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)


def lazy(pattern: Any, flags: int = 0) -> LazyPattern:
    return LazyPattern(pattern, flags)
