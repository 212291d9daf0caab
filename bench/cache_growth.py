"""How the cache grows over a repository's history (issue 18): one scan per commit, as a nightly CI
job with a restored cache runs them, and the cache's size after each.

    python bench/cache_growth.py CLONE [--commits 50] [--days 1] [--cache-dir DIR] [--pythonpath DIR]

CLONE is a clone of your own: its HEAD is moved (detached) to each of the last `--commits`
first-parent commits, oldest first, and put back at the end; a clone with work-tree edits is
refused. Each scan runs `python -m indexer scan CLONE --now D --cache-dir DIR --format json` as a
separate process; `--now` starts at the newest commit's date plus a year and moves `--days` days
per scan (0: the same day throughout, so scans after a commit are deltas). `--pythonpath` runs
another checkout of orgmemory (a "before" tree from `git archive`). The table: the scan's wall and
CPU seconds, the cache file's size on disk (with its WAL), the bytes its rows hold, and the rows of
the kinds that grow: per-file (`blob/`, `age/`, `origin/`), results (`scan-result/`, `explain/`)
and bases (`scan-base*`).
"""
from __future__ import annotations

import argparse
import datetime as dt
import glob
import os
import resource
import sqlite3
import subprocess
import sys
import time


def _git(clone: str, *args: str) -> str:
    return subprocess.run(["git", "-C", clone, *args], check=True, capture_output=True, text=True).stdout.strip()


def _measure(cache_dir: str) -> dict[str, float]:
    files = glob.glob(os.path.join(cache_dir, "git-*", "cache.sqlite3"))
    if not files:
        return {}
    path = files[0]
    disk = sum(os.path.getsize(path + suffix) for suffix in ("", "-wal") if os.path.exists(path + suffix))
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        out = {"disk": disk, "live": 0, "per-file": 0, "results": 0, "bases": 0, "other": 0}
        for kind, rows, size in db.execute("SELECT kind, count(*), sum(length(key) + length(value)) FROM entries"
                                           " GROUP BY kind"):
            out["live"] += size
            group = ("per-file" if kind.startswith(("blob/", "age/", "origin/")) else
                     "results" if kind.startswith(("scan-result/", "explain/")) else
                     "bases" if kind.startswith("scan-base") else "other")
            out[group] += rows
    finally:
        db.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("clone")
    parser.add_argument("--commits", type=int, default=50)
    parser.add_argument("--days", type=int, default=1, help="days --now moves per scan (0: the same day)")
    parser.add_argument("--cache-dir", default=None, help="default: a new folder under /tmp")
    parser.add_argument("--pythonpath", default=None, help="run the orgmemory found there")
    args = parser.parse_args()
    clone = os.path.abspath(args.clone)
    if _git(clone, "status", "--porcelain", "--untracked-files=no"):
        print(f"{clone}: the work tree has edits; refused (use a clone of your own)", file=sys.stderr)
        return 2
    start = _git(clone, "rev-parse", "HEAD")
    commits = _git(clone, "rev-list", "--first-parent", f"--max-count={args.commits}", "HEAD").split()[::-1]
    newest = dt.date.fromisoformat(_git(clone, "log", "-1", "--format=%cs", start))
    now = newest.replace(year=newest.year + 1)
    cache_dir = args.cache_dir or f"/tmp/cache-growth-{os.getpid()}"
    env = dict(os.environ)
    if args.pythonpath:
        env["PYTHONPATH"] = args.pythonpath
    print("| scan | commit | --now | wall s | CPU s | file MB | rows MB | per-file rows | results | bases |")
    print("|---:|---|---|---:|---:|---:|---:|---:|---:|---:|")
    try:
        for number, commit in enumerate(commits, 1):
            _git(clone, "checkout", "-q", "--detach", commit)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            clock = time.perf_counter()
            ran = subprocess.run([sys.executable, "-m", "indexer", "scan", clone, "--now", now.isoformat(),
                                  "--cache-dir", cache_dir, "--format", "json"],
                                 env=env, cwd="/", stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            wall = time.perf_counter() - clock
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            if ran.returncode not in (0, 1):
                print(f"scan {number} ({commit[:10]}) exited {ran.returncode}: {ran.stderr.strip()[-300:]}",
                      file=sys.stderr)
                return 1
            size = _measure(cache_dir)
            print(f"| {number} | {commit[:10]} | {now} | {wall:.2f} | {cpu:.2f} | {size['disk'] / 1e6:.1f} |"
                  f" {size['live'] / 1e6:.1f} | {size['per-file']} | {size['results']} | {size['bases']} |", flush=True)
            now += dt.timedelta(days=args.days)
    finally:
        _git(clone, "checkout", "-q", "--detach", start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
