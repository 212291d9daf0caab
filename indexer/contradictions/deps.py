"""What a file's resolutions rest on, so that a delta after a path was added or removed resolves
again only the files the change concerns (`indexer.scan.delta`).

A resolution reads the world through point lookups (`RepoPaths.exists`, `is_file`, `has_name`,
`has_stem`, `has_suffix`, and `History.was_removed`) and through a few sets derived from all the
paths at once (the Sphinx and site roots, built sites, generators, working folders, whether a
Dockerfile is tracked: the *frame*, `frame_of`). While `RepoPaths.trace` is set, each point lookup
adds its *key*: its kind's letter and what it asked (`e` exists, `f` a file, `n` a name, `s` a
stem, `x` a tail of two or more segments, `p` a package's folder, `r` removed in history, `b` a
branch that a link to this repository's hosting site names: a local path only on that branch). The
answers to a file's lookups decide its answers, so when the frame is the same and none of its keys
is among those whose answer changed (`changed_keys`), the file's resolutions are what they were,
without resolving it.

The base of a complete scan keeps every file's keys (`encode`), written with its list of files'
content (`indexer.scan.delta`): a file whose content differs from that list is resolved again.
stale-todo's "no longer exists" (`indexer.checks.stale_todo`) asks the same lookups of the paths
a TODO names: the comment (or prose) it is read from yields them as references too, so their
keys are there.
"""
from __future__ import annotations

import bisect
import posixpath
from typing import Iterable, Mapping

from indexer.contradictions.paths import PACKAGE_MANIFESTS, RepoPaths, made_tails, unnumbered_tails

#: Between a record's fields (its path, then its keys) and between records: no path holds a NUL.
_FIELD, _RECORD = "\0", "\0\0"
#: The same in a record as `naming` searches it (`stored_bytes`); `_FIELD_BYTE`: what indexing it gives.
_FIELD_BYTES, _RECORD_BYTES = _FIELD.encode(), _RECORD.encode()
_FIELD_BYTE = _FIELD_BYTES[0]
#: More changed keys than this, and the record is searched for all of them in one RE2 pass
#: rather than key by key (ansible's 3.3 MB record, as bytes: one pass 3 ms for 40 keys).
_SEARCHED = 6


def encode(records: Mapping[str, Iterable[str]]) -> str:
    """path -> keys as one text (`decode`, `naming`)."""
    kept = {path: _kept(keys) for path, keys in records.items()}
    return _RECORD.join(_FIELD.join((path, *kept[path])) for path in sorted(kept) if kept[path])


def _kept(keys: Iterable[str]) -> list[str]:
    """`keys` in order, less those holding a NUL: the text a file's reference names may hold one
    (after the first 8 KB, which alone are sniffed for binary content), and in a record it would
    end the key, or the record, and start another file's (whose own record, written again, it
    would replace). No path and no branch holds a NUL, so such a lookup's answer never changes."""
    return sorted(key for key in keys if "\0" not in key)


def decode(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for record in text.split(_RECORD) if text else ():
        path, *keys = record.split(_FIELD)
        out[path] = keys
    return out


def replaced(text: str, records: Mapping[str, Iterable[str]], gone: Iterable[str] = ()) -> str:
    """The record `text` (`encode`) with `records` in place of those paths' and without `gone`'s:
    the other records' text kept as it is (not split into keys)."""
    out = {}
    for record in text.split(_RECORD) if text else ():
        out[record.partition(_FIELD)[0]] = record
    for path in gone:
        out.pop(path, None)
    for path, keys in records.items():
        if keys := _kept(keys):
            out[path] = _FIELD.join((path, *keys))
        else:
            out.pop(path, None)
    return _RECORD.join(out[path] for path in sorted(out))


def naming(record: bytes, changed: set[str]) -> set[str]:
    """The files of the `record` (`stored_bytes`) with a key in `changed`: each key searched for
    (a few changed keys, a record of megabytes), or all in one RE2 pass (`_SEARCHED`)."""
    if len(changed) <= _SEARCHED:
        return set().union(*(_files_with(record, stored_bytes(key), whole=True) for key in changed))
    import re2

    from indexer.globs import re2_options

    options = re2_options()
    options.encoding = re2.Options.Encoding.LATIN1  # (a byte a character: any path's bytes, as they are)
    # longest first: a key matched and not followed by the end of the key is followed by a
    # character of it, so no shorter key that matches there ends there either
    keys = sorted(changed, key=len, reverse=True)
    source = _FIELD_BYTES + b"(?:" + b"|".join(re2.escape(stored_bytes(key)) for key in keys) + b")"
    try:
        found = re2.compile(source, options).finditer(record)
    except re2.error:  # (more keys than RE2's memory holds)
        return {path for path, keys in decode(record.decode("utf-8", "surrogatepass")).items()
                if not changed.isdisjoint(keys)}
    return {_record_path(record, match.start()) for match in found if record[match.start() - 1] != _FIELD_BYTE
            and (match.end() == len(record) or record[match.end()] == _FIELD_BYTE)}


def naming_under(record: bytes, prefix: str) -> set[str]:
    """The files of the `record` (`stored_bytes`) with a key that begins with `prefix` (`e` and a
    folder: the paths looked for under it, which a `.gitignore` there may ignore)."""
    return _files_with(record, stored_bytes(prefix), whole=False)


def _files_with(record: bytes, key: bytes, whole: bool) -> set[str]:
    """The files of the `record` with the key `key` (`whole`) or one beginning with it."""
    out: set[str] = set()
    needle = _FIELD_BYTES + key
    at = record.find(needle)
    while at >= 0:
        end = at + len(needle)
        # (a key, not a record's path after its `_RECORD`; the whole key, not one it begins)
        if record[at - 1] != _FIELD_BYTE and (not whole or end == len(record) or record[end] == _FIELD_BYTE):
            out.add(_record_path(record, at))
        at = record.find(needle, end)
    return out


def _record_path(record: bytes, at: int) -> str:
    """The path of the record of `record` that holds the position `at`."""
    start = record.rfind(_RECORD_BYTES, 0, at)
    start = 0 if start < 0 else start + len(_RECORD_BYTES)
    return record[start:record.find(_FIELD_BYTES, start)].decode("utf-8", "surrogatepass")


def stored_bytes(text: str) -> bytes:
    """`text`'s bytes as the cache stores them (`indexer.cache.Cache.get_bytes`; a path git keeps
    as bytes, decoded with surrogates, among them): how a record (`encode`) is searched. A C
    search of bytes finds a key without the text decoded first, or its positions counted in
    characters (ansible's 3.3 MB record, which holds non-ASCII paths: 24 -> 5 ms to read it and
    find the files of 40 keys)."""
    return text.encode("utf-8", "surrogatepass")


def changed_keys(before: Iterable[str], after: RepoPaths, removed_before: set[str] | frozenset[str],
                 removed_after: set[str] | frozenset[str], removed_again: Iterable[str] = ()) -> set[str]:
    """The keys whose answer may differ between the files `before` and the paths `after` (the
    same ones left out) and between the removals before and after: exactly for what exists
    (each folder's files counted), and for names, stems and tails, every one a path added or
    deleted has (one that another file shares too is counted changed: a file or two more
    resolved). `removed_again`: paths deleted since, whose removal (and their folders', which
    history follows through their files) says something new even where it was known before:
    what dangling-reference tells of a missing path is its last removal."""
    left_out = after.all_files - after.files
    old = sorted(set(before) | left_out)
    new = sorted(after.all_files)
    old_files = frozenset(old)
    moved = old_files ^ after.all_files
    keys = {"f" + path for path in moved}
    folders = set()
    for path in moved:
        while path and path not in folders:
            folders.add(path)
            path = path.rpartition("/")[0]
    for folder in folders:
        if _holds(old, old_files, folder) != _holds(new, after.all_files, folder):
            keys.add("e" + folder)
            keys.add("n" + posixpath.basename(folder))
    for path in moved:
        stem = posixpath.splitext(path)[0]
        keys.update(("n" + posixpath.basename(path), "n" + posixpath.basename(stem), "s" + stem))
        folder, _, name = path.rpartition("/")
        if name in PACKAGE_MANIFESTS:
            keys.add("p" + folder)
        parts = path.split("/")
        keys.update("x" + "/".join(parts[start:]) for start in range(1, len(parts) - 1))
        keys.update("u" + tail for tail in unnumbered_tails(path))
        keys.update("x" + tail for tail in made_tails(path))
    keys.update("r" + path for path in set(removed_before) ^ set(removed_after))
    for path in removed_again:
        while path:
            keys.add("r" + path)
            path = path.rpartition("/")[0]
    return keys


def _holds(ordered: list[str], files: frozenset[str], path: str) -> bool:
    """Whether `path` is one of the sorted `files` or a folder of one."""
    if path in files:
        return True
    at = bisect.bisect_left(ordered, path + "/")
    return at < len(ordered) and ordered[at].startswith(path + "/")


#: The frame's parts (`frame_of`), as `scan -v` names the one that moved.
FRAME_PARTS = {"sphinx": "the Sphinx roots", "sites": "the docs sites' roots", "mkdocs": "the MkDocs sites' folders",
               "next": "the Next.js apps' page folders",
               "built": "the built docs' folders", "links": "the tracked links", "assets": "the sites' asset folders",
               "generators": "the generators' folders", "working": "the working folders",
               "dockerfile": "whether a Dockerfile is tracked", "writerside": "the Writerside projects' folders",
               "hugo": "the Hugo sites' page URLs"}


def frame_of(resolver) -> dict[str, list[str]]:
    """The sets a resolution reads of all the paths at once (and of the history: the working
    folders), as JSON: when a delta's differs from its base's, the full scan runs."""
    paths = resolver.paths
    parts = {"sphinx": paths.sphinx_roots, "sites": paths.site_roots, "mkdocs": paths.mkdocs_roots,
             "built": paths.built_sites,
             "next": [" ".join(pair) for pair in paths.next_pages], "links": paths.links,
             "assets": resolver._site_asset_bases, "generators": resolver._generators,
             "working": resolver._working_folders, "dockerfile": [resolver._has_dockerfile],
             "writerside": paths.writerside_roots, "hugo": [f"{url} {path}" for url, path in resolver.hugo_urls.items()]}
    return {name: sorted(part) for name, part in parts.items()}  # (in one order: the roots of a length are a set's)
