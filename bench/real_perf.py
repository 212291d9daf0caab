"""Performance on real repositories with their history (issue 18): one table row per repository.

    python bench/real_perf.py [--runs 3] [--now D] [--target PATH] REPO [REPO ...]

REPO is a work tree with its whole history (`bench/real/checkout.py` makes the dev set's;
`git clone` a mirror for bigger ones), scanned in place: the measures that change a file put it
back afterwards. Every measure is interleaved run by run with its baseline, and each figure is
the median of the runs (the machine is shared and noisy: ratios taken in the same session).

| column | what runs | against |
|---|---|---|
| cold | `scan REPO --format json --fail-on never --cache-dir <empty folder>` | leasot on the tracked files (`leasot -x -S -r json -T XXX,HACK <files>`) |
| warm | the same scan, cache filled, nothing changed | the floor (`floor_warm.py`: git ls-files -s + status + read the cache) |
| one-change | append a TODO line to one tracked file (another line each run; `--target`, or the first hand-written source file of 1-20 KB, see `pick_target`), then scan | the warm scan |
| prime-after-change | the same change, then `prime TASK` | the warm scan |
| --since | CI after a new commit: in a `git clone --shared` at HEAD~1, a scan fills a cache; the clone moves to HEAD; each run restores that cache (untimed) and times `scan --since HEAD~1` | the warm scan |
| peak | the largest process of the cold scan (ru_maxrss) | |
"""
from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
LEASOT = os.environ.get("LEASOT") or shutil.which("leasot") or "/tmp/f18/npm/node_modules/.bin/leasot"
TASK = "fix the failing test in the command line"
#: How to run orgmemory: `ORGMEMORY_CMD="python -m indexer"` with PYTHONPATH at another
#: checkout measures that version (the "before" column of bench/README.md).
ORGMEMORY = os.environ.get("ORGMEMORY_CMD", "orgmemory").split()
#: Source files the one-change measure may append a TODO line to, with their comment marker.
COMMENT = {**dict.fromkeys((".py", ".sh", ".tf", ".rb", ".pl", ".r"), "#"),
           **dict.fromkeys((".go", ".java", ".ts", ".js", ".mjs", ".rs", ".c", ".h", ".cc", ".cpp", ".hpp",
                            ".cs", ".kt", ".scala", ".swift", ".php", ".dart"), "//")}


def timed(cmd: list[str], cwd: str, env: dict[str, str]) -> tuple[float, int, int]:
    """(wall seconds, peak RSS bytes of the largest process, exit code)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return seconds, usage.ru_maxrss * 1024, proc.returncode


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def pick_target(path: str, files: list[str]) -> str:
    """The first hand-written source file of 1-20 KB (else of under 20 KB) in `git ls-files` order:
    a known extension, not vendored or generated as the scan itself classifies it (patterns,
    `.gitattributes`, the generated header), and not under a build-output folder. A change to a
    generated file makes the delta decline on purpose: not the routine edit being measured."""
    from indexer.scan.collect import GENERATED_HEADER, classify_vendored

    def sized(name: str, low: int) -> bool:
        full = os.path.join(path, name)
        return os.path.isfile(full) and low <= os.path.getsize(full) < 20000

    def hand_written(name: str) -> bool:
        with open(os.path.join(path, name), "rb") as fh:
            return not GENERATED_HEADER.search(fh.read(1024))

    sources = [name for name in files if name.lower().endswith(tuple(COMMENT))
               and not any(part in ("dist", "build") for part in name.split("/")[:-1])]
    marked = classify_vendored(path, sources)
    for low in (1000, 0):
        found = next((name for name in sources if name not in marked and sized(name, low) and hand_written(name)),
                     None)
        if found:
            return found
    raise SystemExit(f"real_perf: {path}: no source file to change ({' '.join(sorted(COMMENT))}); "
                     "name one with --target")


class Repo:
    def __init__(self, path: str, now: str, work: Path, target: str | None = None) -> None:
        self.path, self.now, self.work = path, now, work
        self.cache = str(work / "cache")
        self.env = dict(os.environ, ORGMEMORY_CACHE_DIR=self.cache)
        names = subprocess.run(["git", "ls-files", "-z"], cwd=path, capture_output=True, check=True).stdout
        self.files = [n for n in names.decode("utf-8", "surrogateescape").split("\0") if n]
        self.commits = int(subprocess.run(["git", "rev-list", "--count", "HEAD"], cwd=path, capture_output=True,
                                          check=True, text=True).stdout)
        self.target = target or pick_target(path, self.files)
        self.fresh = 0
        with open(os.path.join(path, self.target), "rb") as fh:
            self.original = fh.read()

    def scan(self, *extra: str, cache: str | None = None) -> list[str]:
        return [*ORGMEMORY, "scan", self.path, "--now", self.now, "--format", "json", "--fail-on", "never",
                "--cache-dir", cache or self.cache, *extra]

    def cold_cache(self) -> str:
        self.fresh += 1
        folder = self.work / f"cold-{self.fresh}"
        shutil.rmtree(folder, ignore_errors=True)
        return str(folder)

    def change(self, run: int) -> None:
        comment = COMMENT.get(os.path.splitext(self.target)[1].lower(), "#")
        with open(os.path.join(self.path, self.target), "a", encoding="utf-8") as fh:
            fh.write(f"\n{comment} TODO: bench change {run} {time.time_ns()}\n")

    def restore(self) -> None:
        """The file's bytes put back (not `git checkout`: a prime's background refresh may hold
        the index lock)."""
        with open(os.path.join(self.path, self.target), "wb") as fh:
            fh.write(self.original)


class SinceRun:
    """`scan --since HEAD~1` as CI runs it after a new commit: the cache holds the scan of HEAD~1
    (restored by actions/cache), the work tree is at HEAD. A shared clone of the repository is
    scanned at HEAD~1 once, its cache copied aside, then moved to HEAD; each run starts from
    that copy."""

    def __init__(self, repo: Repo) -> None:
        self.repo = repo
        self.clone = str(repo.work / "since-clone")
        self.cache, self.saved = str(repo.work / "since-cache"), str(repo.work / "since-saved")
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo.path, capture_output=True, text=True,
                              check=True).stdout.strip()
        subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", repo.path, self.clone], check=True)
        self.checkout(f"{head}~1")
        timed(self.scan()[:-2], self.clone, repo.env)  # a plain scan of HEAD~1
        shutil.copytree(self.cache, self.saved)
        self.checkout(head)

    def checkout(self, rev: str) -> None:
        """Check `rev` out; the files whose blobs the repository lacks (a snapshot without its
        large test files: git leaves them out and says so) are marked skip-worktree, so the
        work tree reads as clean and `--since` has no deleted blob to diff."""
        subprocess.run(["git", "checkout", "-q", rev], cwd=self.clone, stderr=subprocess.DEVNULL)
        missing = subprocess.run(["git", "ls-files", "-z", "--deleted"], cwd=self.clone, capture_output=True,
                                 check=True).stdout.split(b"\0")
        if any(missing):
            subprocess.run(["git", "update-index", "-z", "--skip-worktree", "--stdin"], cwd=self.clone,
                           input=b"\0".join(path for path in missing if path) + b"\0", check=True)

    def scan(self) -> list[str]:
        return [*ORGMEMORY, "scan", self.clone, "--now", self.repo.now, "--format", "json", "--fail-on", "never",
                "--cache-dir", self.cache, "--since", "HEAD~1"]

    def since(self) -> float:
        shutil.rmtree(self.cache, ignore_errors=True)
        shutil.copytree(self.saved, self.cache)
        seconds, _, code = timed(self.scan(), self.clone, self.repo.env)
        assert code == 0, f"scan --since HEAD~1 failed ({code}) in {self.clone}"  # (an error is fast, and no figure)
        return seconds


def measure(repo: Repo, runs: int) -> dict[str, str]:
    def run(cmd: list[str]) -> tuple[float, int, int]:
        measured = timed(cmd, repo.path, repo.env)
        assert measured[2] == 0, f"{' '.join(cmd[:3])} failed ({measured[2]})"
        return measured

    cold, leasot, peak = [], [], []
    for _ in range(runs):
        seconds, rss, _ = run(repo.scan(cache=repo.cold_cache()))
        cold.append(seconds)
        peak.append(rss)
        seconds, _, code = timed([LEASOT, "--exit-nicely", "--skip-unsupported", "--reporter", "json", "--tags",
                                  "XXX,HACK", *repo.files], repo.path, repo.env)
        leasot.append(seconds if code == 0 else float("nan"))  # (leasot gave up on a file: no anchor)
    run(repo.scan())  # fills the warm cache
    run([*ORGMEMORY, "prime", TASK, "--now", repo.now, "--cache-dir", repo.cache])  # the prime index
    warm, floor = [], []
    for _ in range(runs):
        warm.append(run(repo.scan())[0])
        floor.append(run([sys.executable, str(HERE / "floor_warm.py"), repo.path, repo.cache])[0])
    one, prime, since, warm2 = [], [], [], []
    ci = SinceRun(repo)
    try:
        for index in range(runs):
            repo.change(2 * index)
            one.append(run(repo.scan())[0])
            repo.restore()
            warm2.append(run(repo.scan())[0])
            since.append(ci.since())  # (before the prime, whose refresh goes on in the background)
            repo.change(2 * index + 1)
            prime.append(run([*ORGMEMORY, "prime", TASK, "--now", repo.now, "--cache-dir", repo.cache])[0])
            repo.restore()
    finally:
        repo.restore()
    w = median(warm2 + warm)
    return {
        "repository": os.path.basename(repo.path.rstrip("/")),
        "files": f"{len(repo.files):,}", "commits": f"{repo.commits:,}",
        "cold s (x leasot)": f"{median(cold):.2f} (leasot failed)" if any(map(math.isnan, leasot))
                             else f"{median(cold):.2f} ({median(cold) / median(leasot):.1f}x)",
        "warm s (x floor)": f"{median(warm):.3f} ({median(warm) / median(floor):.1f}x)",
        "one-change s (x warm)": f"{median(one):.2f} ({median(one) / w:.1f}x)",
        "prime-after-change s (x warm)": f"{median(prime):.2f} ({median(prime) / w:.1f}x)",
        "--since HEAD~1 s (x warm)": f"{median(since):.2f} ({median(since) / w:.1f}x)",
        "peak MB": f"{max(peak) / 1e6:.0f}",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repos", nargs="+")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--now", default="2026-11-01")
    parser.add_argument("--target", help="the file (relative to each REPO) the one-change and prime measures "
                                         "append a TODO line to, instead of the one picked")
    args = parser.parse_args()
    for number, path in enumerate(args.repos):
        with tempfile.TemporaryDirectory(prefix="orgmemory-realperf-", ignore_cleanup_errors=True) as work:
            print(f"measuring {path} ...", file=sys.stderr, flush=True)
            row = measure(Repo(os.path.abspath(path), args.now, Path(work), args.target), args.runs)
            time.sleep(2)  # a prime's background refresh finishing before the folder goes
        if number == 0:
            print("| " + " | ".join(row) + " |")
            print("|" + "|".join("---" if i == 0 else "---:" for i in range(len(row))) + "|")
        print("| " + " | ".join(row.values()) + " |", flush=True)  # a row as soon as it is measured
    return 0


if __name__ == "__main__":
    sys.exit(main())
