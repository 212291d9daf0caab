"""The exact origin of the few lines a block shows: last-changed date, commit and author.

The scan dates lines against a staleness cutoff (`git blame --since`), which only says "before
the cutoff" for an old line. A block shows a handful of observations, so their lines are blamed
exactly, one `git blame -L n,n --porcelain HEAD -- path` each, and the answer is kept in the
per-repository cache, keyed by HEAD, path and line: a later prime at the same HEAD reads it back.
A line in a file changed in the working tree is not blamed (its line numbers are the work
tree's, not HEAD's): it keeps the scan's dating.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Iterable, NamedTuple

from indexer.git.run import git_process

CACHE_KIND = "prime-origin/v1"


class Origin(NamedTuple):
    date: str  # YYYY-MM-DD (UTC) of the commit's author time
    commit: str  # full object id
    author: str


def line_origin(root: str, path: str, line: int, rev: str = "HEAD") -> Origin | None:
    """Who last changed `path`'s `line` at `rev`, and when; None when git cannot tell."""
    if line < 1 or not path or path.startswith("-"):
        return None
    proc = git_process(root, "-c", "core.hooksPath=/dev/null", "blame", "--porcelain", "--no-ignore-revs-file",
                       "-L", f"{line},{line}", rev, "--", path)
    if proc.returncode != 0:
        return None
    return _parse(proc.stdout.decode("utf-8", "replace"))


def _parse(text: str) -> Origin | None:
    lines = text.split("\n")
    if not lines or len(lines[0].split(" ")[0]) != 40:
        return None
    commit = lines[0].split(" ")[0]
    fields: dict[str, str] = {}
    for entry in lines[1:]:
        if entry.startswith("\t"):
            break
        key, _, value = entry.partition(" ")
        fields[key] = value
    if set(commit) == {"0"} or "author-time" not in fields:
        return None
    day = datetime.fromtimestamp(int(fields["author-time"]), tz=timezone.utc).date().isoformat()
    return Origin(date=day, commit=commit, author=fields.get("author", "")[:80])


def origins(root: str, cache_dir: str, head: str | None, places: Iterable[tuple[str, int]],
            dirty: Iterable[str] = ()) -> dict[tuple[str, int], Origin]:
    """The origin of each (path, line), from the cache or one blame each; dirty files skipped."""
    if not head:
        return {}
    skip = set(dirty)
    wanted = [(path, line) for path, line in dict.fromkeys(places) if path not in skip and line]
    if not wanted:
        return {}
    from indexer.cache import Cache

    keys = {place: f"{head}:{place[0]}:{place[1]}" for place in wanted}
    cache = Cache(cache_dir)
    try:
        cached: dict[str, Any] = cache.get_many(CACHE_KIND, keys.values())
        out: dict[tuple[str, int], Origin] = {}
        new: dict[str, Any] = {}
        for place, key in keys.items():
            value = cached.get(key)  # the cache holds JSON objects
            if isinstance(value, dict) and all(isinstance(value.get(f), str) for f in Origin._fields):
                out[place] = Origin(**{f: value[f] for f in Origin._fields})
                continue
            found = line_origin(root, *place)
            if found is not None:
                out[place] = found
                new[key] = found._asdict()
        if new:
            cache.put_many(CACHE_KIND, new)
    finally:
        cache.close()
    return out
