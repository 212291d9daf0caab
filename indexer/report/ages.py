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
    return age_stage.CachedAges(cache, CACHE_KIND, keys, wanted, since=None).start(root)()
