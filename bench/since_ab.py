"""`scan --since HEAD~1` of this checkout (A) against another version of orgmemory (B), interleaved.

    python bench/since_ab.py REPO --base CHECKOUT [--runs N] [--now YYYY-MM-DD] [--fresh-clone]

CHECKOUT is a work tree of the baseline (`git worktree add /tmp/base <commit>`), run with
`PYTHONPATH` set to it. As `real_perf.py`'s `--since` measure, in a `git clone --shared` of REPO
at HEAD~1 each version fills its own cache (their formats may differ); the clone moves to HEAD,
and each run restores that version's cache (untimed) and times `scan --since HEAD~1`. A and B
alternate, A first in one pair and B first in the next (the first of a pair ran a few percent slower);
the ratio A/B is the median of the pairs', and the warm scan (A's memo hit) is timed beside them.
`--fresh-clone`: each run scans a new `git clone --shared` at HEAD (made untimed, its HEAD detached
as the filling clone's is and a pull request's checkout is), as every CI run's checkout is a new
clone, instead of the same clone each time.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ab  # noqa: E402


def main() -> int:
    parser = ab.arguments(__doc__, runs=7)
    parser.add_argument("--fresh-clone", action="store_true", help="each run in a new clone, as CI's")
    args = parser.parse_args()
    if not args.base:
        parser.error("--base CHECKOUT is required")
    versions = {version: {**os.environ, "PYTHONPATH": tree} for version, tree in ab.versions(args.base).items()}
    with tempfile.TemporaryDirectory(prefix="orgmemory-since-ab-") as work:
        clone = os.path.join(work, "repo")
        subprocess.run(["git", "clone", "-q", "--shared", os.path.abspath(args.repo), clone], check=True)
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=clone, capture_output=True, text=True,
                              check=True).stdout.strip()

        def scan(version: str, cache: str, *more: str, cwd: str = clone) -> float:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "indexer", "scan", ".", "--format", "json", "--fail-on", "never",
                            "--cache-dir", cache, "--now", args.now, *more], cwd=cwd, env=versions[version],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            return time.perf_counter() - start

        subprocess.run(["git", "-c", "advice.detachedHead=false", "checkout", "-q", "HEAD~1"], cwd=clone, check=True)
        for version in versions:
            scan(version, os.path.join(work, version + "0"))
        subprocess.run(["git", "-c", "advice.detachedHead=false", "checkout", "-q", head], cwd=clone, check=True)
        times: dict[str, list[float]] = {"A": [], "B": [], "warm": []}
        for run in range(args.runs):
            for version in sorted(versions, reverse=run % 2 == 1):  # (A B, then B A: no side always first)
                cache = os.path.join(work, version)
                shutil.rmtree(cache, ignore_errors=True)
                shutil.copytree(cache + "0", cache, symlinks=True)
                where = clone
                if args.fresh_clone:
                    where = os.path.join(work, f"run-{run}-{version}")
                    subprocess.run(["git", "clone", "-q", "--shared", os.path.abspath(args.repo), where], check=True)
                    subprocess.run(["git", "checkout", "-q", "--detach"], cwd=where, check=True)  # (as the fill's)
                times[version].append(scan(version, cache, "--since", "HEAD~1", cwd=where))
            times["warm"].append(scan("A", os.path.join(work, "A")))
    a, b, warm = (statistics.median(times[name]) for name in ("A", "B", "warm"))
    ratio = statistics.median(x / y for x, y in zip(times["A"], times["B"]))
    print(f"{os.path.basename(os.path.abspath(args.repo))}: A {a:.3f} s ({a / warm:.2f}x warm), "
          f"B {b:.3f} s ({b / warm:.2f}x), A/B {ratio:.3f}, warm {warm:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
