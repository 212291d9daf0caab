"""`lazy(pattern, flags)`: a regular expression compiled on its first use, not at import.

The reference readers hold about ninety patterns, one reader per format; a scan that reads one
changed Go file (the delta scan) meets one or two formats, and compiling all of them at import
was a tenth of its fixed cost. The first call of any method compiles the pattern and binds the
compiled pattern's methods on the object itself, so every later call costs what a compiled
pattern's does (an instance attribute instead of a module global's attribute).
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
            for name in _METHODS:  # instance attributes win over the class's methods below
                setattr(self, name, getattr(found, name))
            self._compiled = found
        return found

    def search(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().search(*args, **kwargs)

    def match(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().match(*args, **kwargs)

    def fullmatch(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().fullmatch(*args, **kwargs)

    def finditer(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().finditer(*args, **kwargs)

    def findall(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().findall(*args, **kwargs)

    def sub(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().sub(*args, **kwargs)

    def subn(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().subn(*args, **kwargs)

    def split(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().split(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:  # pattern, flags, groups, groupindex
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)


def lazy(pattern: Any, flags: int = 0) -> LazyPattern:
    return LazyPattern(pattern, flags)
