"""Real commits that add or delete paths, scanned as CI scans them: `--since HEAD~1` from the cache
of the parent's scan. Says, per commit, whether the delta ran (or why the full scan did), how long
it took against the warm scan of the same commit, and whether it says what a scan into an empty
cache says (byte for byte, `--format json` less `summary.parsed`).

    python bench/path_commits.py REPO [COUNT] [--now YYYY-MM-DD]

REPO is a clone with history (`bench/real/checkout.py`); it is cloned again (shared objects)
into a temporary folder, which is checked out at each commit in turn. The commits are the last
COUNT (default 10) first-parent commits of HEAD whose diff to their first parent adds or deletes
a path (`git diff --no-renames --diff-filter=AD`). Times are medians of 3 (the `--since` scan
from a fresh copy of the parent's cache each run).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ORGMEMORY = [sys.executable, "-m", "indexer"]


def git(repo: str, *args: str) -> str:
    return subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True, check=True).stdout


def commits_adding_or_deleting(repo: str, count: int) -> list[str]:
    out = []
    for sha in git(repo, "rev-list", "--first-parent", "--max-count=400", "HEAD").split():
        parents = git(repo, "rev-list", "--parents", "-n", "1", sha).split()[1:]
        if not parents:
            continue
        if git(repo, "diff", "--name-only", "--no-renames", "--diff-filter=AD", parents[0], sha).strip():
            out.append(sha)
        if len(out) == count:
            break
    return out


def scan(repo: str, cache: Path, now: str, *args: str) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    proc = subprocess.run([*ORGMEMORY, "scan", repo, "--now", now, "--cache-dir", str(cache), "--fail-on", "never",
                           "--format", "json", *args], capture_output=True, text=True, cwd=repo)
    if proc.returncode != 0:
        raise SystemExit(proc.stderr)
    return time.perf_counter() - start, proc


def report(proc: subprocess.CompletedProcess) -> str:
    data = json.loads(proc.stdout)
    data["summary"].pop("parsed", None)
    return json.dumps(data, sort_keys=True)


def why(proc: subprocess.CompletedProcess) -> str:
    for line in proc.stderr.splitlines():
        if "full scan:" in line:
            return line.split("full scan:", 1)[1].strip()
    return "delta" if "delta:" in proc.stderr else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repo")
    parser.add_argument("count", type=int, nargs="?", default=10)
    parser.add_argument("--now", default="2026-12-01")
    args = parser.parse_args()
    source, count, now = os.path.abspath(args.repo), args.count, args.now
    top = Path(tempfile.mkdtemp(prefix="path-commits-"))
    work = str(top / "repo")
    subprocess.run(["git", "clone", "-q", "--shared", source, work], check=True)
    rows = []
    for sha in commits_adding_or_deleting(source, count):
        changed = git(source, "diff", "--name-status", "--no-renames", "--diff-filter=AD", f"{sha}~1", sha).split("\n")
        added = sum(line.startswith("A") for line in changed)
        deleted = sum(line.startswith("D") for line in changed)
        git(work, "checkout", "-q", "--detach", f"{sha}~1")
        parent = top / "parent"
        shutil.rmtree(parent, ignore_errors=True)
        scan(work, parent, now)
        git(work, "checkout", "-q", "--detach", sha)
        times, outcome, got = [], "", ""
        for run in range(3):
            cache = top / f"since-{run}"
            shutil.rmtree(cache, ignore_errors=True)
            shutil.copytree(parent, cache)
            seconds, proc = scan(work, cache, now, "--since", "HEAD~1", "-v")
            times.append(seconds)
            outcome, got = why(proc), report(proc)
        warm = statistics.median(scan(work, top / "since-0", now, "--since", "HEAD~1")[0] for _ in range(3))
        cold = top / "cold"
        shutil.rmtree(cold, ignore_errors=True)
        same = report(scan(work, cold, now, "--since", "HEAD~1")[1]) == got
        since = statistics.median(times)
        rows.append((sha[:10], added, deleted, outcome, since, warm, same))
        print(f"{sha[:10]} +{added} -{deleted}  {outcome[:70]:70}  since {since:.2f}s  warm {warm:.3f}s "
              f"({since / warm:.1f}x)  same: {same}", flush=True)
    shutil.rmtree(top, ignore_errors=True)
    ran = [r for r in rows if r[3] == "delta"]
    print(f"\n{len(ran)} of {len(rows)} through the delta; all the same as a cold scan: {all(r[6] for r in rows)}")
    if ran:
        print(f"delta: median {statistics.median(r[4] / r[5] for r in ran):.1f}x warm "
              f"(range {min(r[4] / r[5] for r in ran):.1f}-{max(r[4] / r[5] for r in ran):.1f}x)")


if __name__ == "__main__":
    main()
