"""The history cache on a real repository (issue 18): what a scan pays for HEAD's history when the
cache holds HEAD~N's (extended by N commits, or a full read when extending would not be exact),
when it holds HEAD's already, and a full read for comparison; the extended history must equal
the full read.

    python bench/history_extend.py REPO N [N ...] [--runs 3] [--now 2026-11-01]
    PYTHONPATH=<another package> python bench/history_extend.py ...   # the same over another version

Each figure is the median of `--runs` runs, each with fresh cache folders (temporary), through
the public `load_history` with `indexer.cache.Cache`: what a scan's contradictions stage calls.
"extend" includes the git processes, the merge of the new commits and the cache write; "seen"
is `load_history` of a HEAD already cached, plus one lookup in `activity` and `removals` (what a
scan asks of it: reading the row and what the lookups decode).
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from datetime import date

from indexer.cache import Cache
from indexer.git import history as h


def tracked_at(root: str, rev: str) -> frozenset[str]:
    files = subprocess.run(["git", "ls-tree", "-r", "--name-only", "-z", rev], cwd=root, capture_output=True,
                           text=True, check=True).stdout.split("\0")
    paths: set[str] = set()
    for f in filter(None, files):
        parts = f.split("/")
        paths.update("/".join(parts[:d]) for d in range(1, len(parts) + 1))
    return frozenset(paths)


def rev(root: str, name: str) -> str:
    return subprocess.run(["git", "rev-parse", name], cwd=root, capture_output=True, text=True,
                          check=True).stdout.strip()


def touch(history) -> None:
    """What a scan asks of a history beyond loading it: a lookup in each table."""
    history.activity.get("README.md")
    history.removals.get("README.md")
    history.was_removed("README.md")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("repo")
    parser.add_argument("back", nargs="+", type=int)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--now", default="2026-11-01")
    args = parser.parse_args()
    root, now = args.repo, date.fromisoformat(args.now)
    new = rev(root, "HEAD")
    tracked_new = tracked_at(root, new)
    for back in args.back:
        old = rev(root, f"HEAD~{back}")
        tracked_old = tracked_at(root, old)
        full_s, extend_s, seen_s, equal = [], [], [], []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="history-bench-") as tmp:
                full_cache, cache = Cache(f"{tmp}/full"), Cache(f"{tmp}/ext")
                t = time.perf_counter()
                full = h.load_history(root, new, now, tracked_new, full_cache)
                touch(full)
                full_s.append(time.perf_counter() - t)
                prefetch = h.LogPrefetch(root, old)  # HEAD~N's history into the cache, as a scan there would
                prefetch.start()
                h.load_history(root, old, now, tracked_old, cache, prefetch)
                cache.close()
                cache = Cache(f"{tmp}/ext")
                t = time.perf_counter()
                extended = h.load_history(root, new, now, tracked_new, cache)
                touch(extended)
                extend_s.append(time.perf_counter() - t)
                cache.close()
                cache = Cache(f"{tmp}/ext")
                t = time.perf_counter()
                seen = h.load_history(root, new, now, tracked_new, cache)
                touch(seen)
                seen_s.append(time.perf_counter() - t)
                equal.append(extended == full and seen == full)
                cache.close()
                full_cache.close()
        print(f"HEAD~{back}: full read {statistics.median(full_s):.3f} s, from HEAD~{back}'s cache"
              f" {statistics.median(extend_s):.3f} s, HEAD seen {statistics.median(seen_s):.4f} s,"
              f" equal to the full read: {all(equal)}", flush=True)


if __name__ == "__main__":
    main()
