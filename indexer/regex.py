"""`lazy(pattern, flags)`: a regular expression compiled on its first use, not at import, and
from the compiled form an earlier process kept (`keep`) when there is one.

It stands for `re.compile` in the extractors', the resolver's and the legacy detection's modules:
a scan that reads one changed file (the delta scan, `--since`) meets a few of their ~150
patterns, and compiling all of them at import was a tenth of its fixed cost. The first call of
any method compiles the pattern and binds the compiled pattern's methods on the object itself,
so every later call costs what a compiled pattern's does (an instance attribute instead of a
module global's attribute). (`indexer.text.patterns.Pattern` is the gate's kind: compiled on
first use too, and tried only on text that holds its needles.)

Compiling is mostly Python (`re`'s parser and code generator): the ~100 patterns a delta scan
meets took ~30 ms of it, whatever the change. So `keep` writes what each lazy pattern compiles
to (the program `_sre.compile` takes, a list of ints) to a file of orgmemory's own beside the
repositories' caches (`indexer.cache.shared_file`), for this interpreter's build alone; a later
process makes its patterns from there, without `re`'s parser. The file is as trusted as the
cached extractions beside it (never the repository's: a cache folder git tracks is refused).
A damaged or foreign file, or an entry `_sre` rejects, is compiled again; `re.compile`'s result
either way (a test compares the two for every pattern).
"""
from __future__ import annotations

import os
import re
import sys
from typing import Any

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


class LazyPattern:
    """Stands for `re.compile(pattern, flags)`: the same methods and attributes."""

    def __init__(self, pattern: Any, flags: int = 0) -> None:
        self._source = (pattern, int(flags))  # (a plain int: the store's key)
        _LAZY.append(self)

    def compiled(self) -> re.Pattern:
        found = self.__dict__.get("_compiled")
        if found is None:
            found = compile_pattern(*self._source)
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


_LAZY: list[LazyPattern] = []  # every one made in this process: `keep` stores them all
_STORE_FILE = f"regex-{sys.implementation.cache_tag}.json"
#: What a kept program is valid for: the interpreter's build and its regex engine's version
#: (the programs' format changes with them), and the byte order of the stored ints.
_STORE_KEY = f"1|{sys.version}|{sys.byteorder}"
_stored: dict[tuple[str | bytes, int], list] | None = None
_made: dict[tuple[str | bytes, int], list] = {}  # compiled here, not from the store: what `keep` adds


def compile_pattern(source: str | bytes, flags: int = 0) -> re.Pattern:
    """`re.compile(source, flags)`, from its kept program when there is one."""
    global _stored
    if _stored is None:
        _stored = _read_store()
    row = _stored.get((source, flags))
    if row is not None:
        try:
            return _sre_compile(source, row)
        except Exception:  # noqa: BLE001 (damaged or foreign: made again below)
            pass
    try:
        row = _program(source, flags)
        compiled = _sre_compile(source, row)
    except Exception:  # noqa: BLE001 (a private interface that changed: re's own way)
        return re.compile(source, flags)
    _made[(source, flags)] = row
    return compiled


def _program(source: str | bytes, flags: int) -> list:
    """What `re`'s compiler hands `_sre.compile` for `source` (its final flags, program, number
    of groups, group names)."""
    try:
        from re import _compiler, _parser
    except ImportError:  # Python 3.10
        import sre_compile as _compiler  # type: ignore[no-redef]
        import sre_parse as _parser  # type: ignore[no-redef]

    parsed = _parser.parse(source, flags)
    code = _compiler._code(parsed, flags)
    names = [None] * parsed.state.groups
    for name, index in parsed.state.groupdict.items():
        names[index] = name
    return [flags | parsed.state.flags, code, parsed.state.groups - 1, dict(parsed.state.groupdict), names]


def _sre_compile(source: str | bytes, row: list) -> re.Pattern:
    import _sre

    final_flags, code, groups, groupindex, indexgroup = row
    if not (isinstance(code, list) and isinstance(groupindex, dict) and isinstance(indexgroup, list)):
        raise ValueError("not a kept program")
    return _sre.compile(source, final_flags, code, groups, groupindex, tuple(indexgroup))


def _read_store() -> dict[tuple[str | bytes, int], list]:
    import json

    from indexer.cache import shared_file

    path = shared_file(_STORE_FILE)
    try:
        if path is None or os.path.islink(path):
            return {}
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        if data.get("key") != _STORE_KEY:
            return {}
        return {(text.encode("latin-1") if kind == "b" else text, flags): row
                for kind, text, flags, *row in data["patterns"]
                if kind in ("s", "b") and isinstance(text, str) and isinstance(flags, int)}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}


def _stored_row(source: str | bytes, flags: int, row: list) -> list:
    """A pattern's row in the store's JSON: "s" and its text, or "b" and its bytes as Latin-1."""
    return ["b", source.decode("latin-1"), flags, *row] if isinstance(source, bytes) else ["s", source, flags, *row]


def keep() -> None:
    """Store the programs of the lazy patterns of every module this process imported, when the
    store lacks any: compiled here, or made now (a complete scan extracts in worker processes,
    whose patterns never reach this one). A cache: a failed write leaves the next process
    compiling them."""
    global _stored
    if _stored is None:
        _stored = _read_store()
    for pattern in _LAZY:
        source, flags = key = pattern._source
        if key not in _stored and key not in _made:
            try:
                _made[key] = _program(source, flags)
            except Exception:  # noqa: BLE001 (re.compile says what is wrong, where it is used)
                pass
    if not _made:
        return
    import json

    from indexer.atomic import write_atomic
    from indexer.cache import shared_file

    path = shared_file(_STORE_FILE)
    if path is None or os.path.islink(path):
        return
    rows = {**_read_store(), **_made}  # (and what another process kept meanwhile)
    try:
        rows_json = [_stored_row(*key, row) for key, row in rows.items()]
        write_atomic(path, json.dumps({"key": _STORE_KEY, "patterns": rows_json}, separators=(",", ":")))
    except Exception:  # noqa: BLE001
        return
    _stored = rows
    _made.clear()
