"""A HEAD beside the cache's base, as developers and CI make one (issue 18, item 3: work
proportional to the change): how long the scan takes, and whether it says what a scan into an
empty cache says.

    python bench/sideways.py REPO [--runs N] [--now YYYY-MM-DD] [--base CHECKOUT]

In a `git clone --shared` of REPO, a scan at HEAD~1 fills a cache and `scan --since HEAD~1` at
HEAD moves its base there (as CI does on two pushes). Each case then starts from a copy of that
cache (restored untimed before every run):

| case | what changed | the scan it times |
|---|---|---|
| amend | HEAD's message amended (`git commit --amend`): HEAD no longer descends from the base's | `scan` |
| branch | a new branch (`git switch -c`), one line appended to a file: the branch has no base | `scan` |
| rebase | a branch off HEAD~1 with a commit of its own, given a base of its own (a scan a day before `--now`, which cannot start from the later base), then rebased onto HEAD | `scan` |

With `--base CHECKOUT` (a work tree of another version, run with `PYTHONPATH` set to it) each run
times both versions, alternating which goes first, and the ratio is the median of the pairs'.
The output of this checkout's last run is compared with a scan into an empty cache (`summary.parsed`
aside, which counts the work done).
"""
from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ab  # noqa: E402


def main() -> int:
    args = ab.arguments(__doc__).parse_args()
    versions = ab.versions(args.base)
    with tempfile.TemporaryDirectory(prefix="orgmemory-sideways-") as work:
        clone = os.path.join(work, "repo")
        subprocess.run(["git", "clone", "-q", "--shared", os.path.abspath(args.repo), clone], check=True)

        def git(*argv: str) -> str:
            return subprocess.run(["git", "-c", "advice.detachedHead=false", "-c", "user.name=bench",
                                   "-c", "user.email=bench@example.com", *argv], cwd=clone, check=True,
                                  capture_output=True, text=True).stdout.strip()

        def scan(version: str, cache: str, *more: str) -> tuple[float, str]:
            start = time.perf_counter()
            proc = subprocess.run([sys.executable, "-m", "indexer", "scan", ".", "--format", "json", "--fail-on",
                                   "never", "--cache-dir", cache, "--now", args.now, *more], cwd=clone,
                                  env={**os.environ, "PYTHONPATH": versions[version]}, capture_output=True,
                                  text=True, check=True)
            return time.perf_counter() - start, proc.stdout

        head = git("rev-parse", "HEAD")
        git("checkout", "-q", "HEAD~1")
        for version in versions:  # a scan at HEAD~1, then the base moved to HEAD
            filled = os.path.join(work, version + "0")
            scan(version, filled)
            git("checkout", "-q", head)
            scan(version, filled, "--since", "HEAD~1")
            git("checkout", "-q", "HEAD~1")
        git("checkout", "-q", head)
        target = next(path for path in git("ls-files").splitlines() if path.endswith((".py", ".md", ".sh", ".go")))
        def append() -> None:
            with open(os.path.join(clone, target), "a", encoding="utf-8") as fh:
                fh.write("\nTODO: sideways\n")

        def rebased() -> None:  # (each version's cache gets the branch's own base before the rebase)
            git("switch", "-q", "-c", "sideways", "HEAD~1")
            append()
            git("commit", "-q", "-am", "the branch's own", "--no-verify")
            day_before = (date.fromisoformat(args.now) - timedelta(days=1)).isoformat()
            for version in versions:
                shutil.copytree(os.path.join(work, version + "0"), os.path.join(work, version + "R"), symlinks=True)
                subprocess.run([sys.executable, "-m", "indexer", "scan", ".", "--format", "json", "--fail-on", "never",
                                "--cache-dir", os.path.join(work, version + "R"), "--now", day_before], cwd=clone,
                               env={**os.environ, "PYTHONPATH": versions[version]}, capture_output=True, check=True)
            git("rebase", "-q", head)

        def back() -> None:
            git("checkout", "-q", "--", target)
            git("checkout", "-q", head)
            git("branch", "-q", "-D", "sideways")

        cases = {"amend": (lambda: git("commit", "-q", "--amend", "-m", "amended", "--no-verify"),
                           lambda: git("reset", "-q", "--hard", head), "0"),
                 "branch": (lambda: (git("switch", "-q", "-c", "sideways"), append()), back, "0"),
                 "rebase": (rebased, back, "R")}
        for name, (make, undo, filled) in cases.items():
            make()
            times: dict[str, list[float]] = {version: [] for version in versions}
            out = ""
            for run in range(args.runs):
                for version in sorted(versions, reverse=run % 2 == 1):
                    cache = os.path.join(work, version)
                    shutil.rmtree(cache, ignore_errors=True)
                    shutil.copytree(os.path.join(work, version + filled), cache, symlinks=True)
                    seconds, text = scan(version, cache)
                    times[version].append(seconds)
                    out = text if version == "A" else out
            cold = scan("A", os.path.join(work, f"cold-{name}"))[1]
            same = _plain(out) == _plain(cold)
            line = f"{name}: A {statistics.median(times['A']):.3f} s"
            if "B" in times:
                ratio = statistics.median(a / b for a, b in zip(times["A"], times["B"]))
                line += f", B {statistics.median(times['B']):.3f} s, A/B {ratio:.3f}"
            print(f"{os.path.basename(os.path.abspath(args.repo))} {line}; "
                  f"{'the same as' if same else 'DIFFERS from'} a scan into an empty cache", flush=True)
            undo()
    return 0


def _plain(text: str) -> dict:
    data = json.loads(text)
    data["summary"].pop("parsed", None)
    return data


if __name__ == "__main__":
    sys.exit(main())
