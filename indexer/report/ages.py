"""Exact last-change dates for the lines a person reads in the report.

The scan blames with `--since=<cutoff>`, which is enough to call a line stale but leaves old
lines as "changed before <cutoff>". A page that sorts findings by age and draws TODO ages by
year needs the real dates, so the report blames those lines again without `--since`. That is
a full history walk per file, so results are cached per file content (like the scan's own
ages) and files without uncommitted lines are never blamed twice.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from indexer.git import blame as age_stage
from indexer.cache import Cache
from indexer.models import LineAge

CACHE_KIND = "report-age/v1"


def exact_ages(root: str, cache: Cache, content_sha: Mapping[str, str],
               requests: Mapping[str, Iterable[int]]) -> dict[str, dict[int, LineAge]]:
    """{path: {line: LineAge}} for every requested line, from the cache or a fresh blame."""
    wanted = {path: set(lines) for path, lines in requests.items() if lines}
    keys = {path: f"{path}:{content_sha[path]}" for path in wanted if path in content_sha}
    cached = cache.get_many(CACHE_KIND, keys.values())
    ages: dict[str, dict[int, LineAge]] = {}
    missing: dict[str, list[int]] = {}
    for path, lines in wanted.items():
        known = {int(line): LineAge(**row) for line, row in cached.get(keys.get(path, ""), {}).items()}
        if lines <= known.keys():
            ages[path] = known
        else:
            missing[path] = sorted(lines | known.keys())
    blamed = age_stage.blame_files(root, missing, since=None)
    ages.update(blamed)
    cache.put_many(CACHE_KIND, {keys[path]: _row(lines) for path, lines in blamed.items()
                                if path in keys and _settled(lines)})
    return ages


def _settled(lines: Mapping[int, LineAge]) -> bool:
    """Uncommitted or unknown lines will change age once committed or fetched: don't keep them."""
    return not any(a.uncommitted or a.unknown for a in lines.values())


def _row(lines: Mapping[int, LineAge]) -> dict[str, dict]:
    return {str(line): age.to_json() for line, age in lines.items()}
