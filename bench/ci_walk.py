"""CI on a main branch: the last COUNT first-parent commits of HEAD, oldest first, each scanned with
`--since` its parent from the cache the scan before it left (as a CI job that restores its cache
on every push does). Says, per commit, whether the delta ran or why the full scan did, and how
long it took; then, per outcome, how often and the median against the warm scan; and whether the
last commit's scan from that cache says what a scan into an empty cache says.

    python bench/ci_walk.py REPO [COUNT] [--now YYYY-MM-DD] [--each]

`--each` also scans every commit with `--since` its parent into an empty cache and says whether
the two reports differ (the delta's output against a cold scan's, step by step; untimed).

REPO is a clone with history (`bench/real/checkout.py`); it is cloned again (shared objects) into
a temporary folder. One cold scan fills the cache at the oldest commit; each commit is timed once
(the walk itself is the repetition). `bench/path_commits.py` looks at single commits that add or
delete paths, each from its parent's own cold scan.
"""
from __future__ import annotations

import argparse
import collections
import os
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from path_commits import git, report, scan, why


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repo")
    parser.add_argument("count", type=int, nargs="?", default=30)
    parser.add_argument("--now", default="2026-11-01")
    parser.add_argument("--each", action="store_true", help="compare every step with a cold scan")
    args = parser.parse_args()
    source = os.path.abspath(args.repo)
    commits = git(source, "rev-list", "--first-parent", f"--max-count={args.count + 1}", "HEAD").split()[::-1]
    top = Path(tempfile.mkdtemp(prefix="ci-walk-"))
    work, cache = str(top / "repo"), top / "cache"
    subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", source, work], check=True)
    git(work, "checkout", "-q", "--detach", commits[0])
    scan(work, cache, args.now)
    outcomes: dict[str, list[float]] = collections.defaultdict(list)
    differing = 0
    for parent, sha in zip(commits, commits[1:]):
        git(work, "checkout", "-q", "--detach", sha)
        seconds, proc = scan(work, cache, args.now, "--since", parent, "-v")
        outcome = why(proc)
        outcomes[outcome].append(seconds)
        if args.each:
            shutil.rmtree(top / "cold", ignore_errors=True)
            cold = scan(work, top / "cold", args.now, "--since", parent)[1]
            differing += report(proc) != report(cold)
            outcome += "" if report(proc) == report(cold) else "  DIFFERS FROM A COLD SCAN"
        print(f"{sha[:10]}  {seconds:5.2f} s  {outcome[:100]}", flush=True)
    warm = statistics.median(scan(work, cache, args.now)[0] for _ in range(3))
    same = report(scan(work, cache, args.now)[1]) == report(scan(work, top / "cold", args.now)[1])
    shutil.rmtree(top, ignore_errors=True)
    print(f"\n{os.path.basename(source)}: {len(commits) - 1} commits, warm {warm:.3f} s; "
          f"the last one's scan the same as a cold scan: {same}"
          + (f"; steps that differ from a cold scan: {differing}" if args.each else ""))
    for outcome, times in sorted(outcomes.items(), key=lambda item: -len(item[1])):
        median = statistics.median(times)
        print(f"  {len(times):3d} x  median {median:.2f} s ({median / warm:.1f}x warm)  {outcome[:90]}")


if __name__ == "__main__":
    main()
