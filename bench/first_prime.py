"""A scan in one clone, then a prime in another (issue 18, item 1: one cache, and the check it
names): how long that first prime takes, against a prime of an up-to-date index.

    python bench/first_prime.py REPO [--runs N] [--now YYYY-MM-DD] [--task TEXT] [--base CHECKOUT] [--fresh-clone]

Two `git clone --shared` of REPO at two paths. A complete scan in the first fills a cache (once
per version, untimed); each run restores a copy of it (untimed, then `sync`ed: a restored cache's
pages written back by the prime's first `fsync` are the disk's cost, not the prime's, and vary
from run to run by tens of ms) and times, in the second clone,
the first `prime` (which builds its index from the scan's result: the observations' documents
and dates, no scan) and then a second one (an up-to-date index: what an agent's prompts get).

`--fresh-clone`: each run's primes in a new clone, made untimed just before (as an agent's sandbox
or a CI job clones and starts at once: git then sees every file as racily clean).

With `--base CHECKOUT` (a work tree of another version, run with `PYTHONPATH` set to it) each run
times both versions, alternating which goes first; the ratio is of the medians. The blocks the
two versions print (`--format json`) are compared.
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
    parser = ab.arguments(__doc__)
    parser.add_argument("--task", default="add a retry to the client")
    parser.add_argument("--fresh-clone", action="store_true", help="each run's primes in a new clone")
    args = parser.parse_args()
    versions = ab.versions(args.base)
    with tempfile.TemporaryDirectory(prefix="orgmemory-first-prime-") as work:
        one, other = os.path.join(work, "ci"), os.path.join(work, "laptop")
        for clone in (one, other):
            subprocess.run(["git", "clone", "-q", "--shared", os.path.abspath(args.repo), clone], check=True)

        def run(version: str, cwd: str, *argv: str) -> tuple[float, str]:
            start = time.perf_counter()
            proc = subprocess.run([sys.executable, "-m", "indexer", *argv, "--now", args.now], cwd=cwd,
                                  env={**os.environ, "PYTHONPATH": versions[version]}, capture_output=True,
                                  text=True, check=True)
            return time.perf_counter() - start, proc.stdout

        for version in versions:  # each version's own complete scan (what it keeps differs)
            run(version, one, "scan", ".", "--format", "json", "--fail-on", "never",
                "--cache-dir", os.path.join(work, version + "0"))
        first: dict[str, list[float]] = {version: [] for version in versions}
        warm: dict[str, list[float]] = {version: [] for version in versions}
        blocks: dict[str, str] = {}
        for number in range(args.runs):
            for version in (versions if number % 2 == 0 else reversed(versions)):
                cache = os.path.join(work, version)
                shutil.rmtree(cache, ignore_errors=True)
                shutil.copytree(os.path.join(work, version + "0"), cache, symlinks=True)
                os.sync()  # (else the prime's first fsync writes back the whole copy: tens of ms, untimed here)
                where = other
                if args.fresh_clone:
                    where = os.path.join(work, f"run-{number}-{version}")
                    subprocess.run(["git", "clone", "-q", "--shared", os.path.abspath(args.repo), where], check=True)
                prime = ("prime", args.task, "--format", "json", "--cache-dir", cache)
                seconds, blocks[version] = run(version, where, *prime)
                first[version].append(seconds)
                warm[version].append(run(version, where, *prime)[0])
        for version in versions:
            print(f"{version}: first prime {statistics.median(first[version]):.3f} s, up-to-date prime "
                  f"{statistics.median(warm[version]):.3f} s "
                  f"({statistics.median(first[version]) / statistics.median(warm[version]):.2f}x)")
        if args.base:
            print(f"first prime A/B: {statistics.median(first['A']) / statistics.median(first['B']):.3f}; "
                  f"the same block: {blocks['A'] == blocks['B']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
