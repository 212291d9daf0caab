"""Where a scan's time goes: `-X importtime` and cProfile of one scan of a bench corpus.

    python bench/profile_scan.py [--corpus synthetic-1k] [--warm] [--top 20]

Runs the scan in orgmemory's own interpreter (as `python -m indexer`), once with
`-X importtime` and once under cProfile, with an empty cache (cold) or, with --warm, a cache
filled by a first scan. Prints the slowest imports (cumulative) and the orgmemory functions
with the most cumulative time. The numbers feed "Where the time goes" in bench/README.md.
Note that cProfile slows pure-Python code down (often 1.5-2x) but not time spent waiting on
git or in tree-sitter's C code, so read its figures as shares, and time with run.py.
"""
from __future__ import annotations

import argparse
import pstats
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import corpora  # noqa: E402
from prime import compile_bytecode  # noqa: E402
from run import DEFAULT_NOW, bench_env, find_orgmemory, interpreter_of  # noqa: E402


def scan_args(repo: str, cache_dir: str, now: str) -> list[str]:
    return ["-m", "indexer", "scan", repo, "--now", now, "--format", "json", "--fail-on", "never",
            "--cache-dir", cache_dir]


def slowest_imports(python: str, args: list[str], cwd: str, top: int) -> list[tuple[int, int, str]]:
    """(cumulative us, self us, module) of the slowest imports of one run."""
    proc = subprocess.run([python, "-X", "importtime", *args], cwd=cwd, env=bench_env(),
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, cumulative, name = (part.strip() for part in line[len("import time:"):].split("|"))
        rows.append((int(cumulative), int(own), name))
    return sorted(rows, reverse=True)[:top]


def profile(python: str, args: list[str], cwd: str, out: Path) -> pstats.Stats:
    subprocess.run([python, "-m", "cProfile", "-o", str(out), *args], cwd=cwd, env=bench_env(),
                   stdout=subprocess.DEVNULL, check=True)
    return pstats.Stats(str(out))


def hot_functions(stats: pstats.Stats, top: int, only: str = "/indexer/") -> list[tuple[float, float, int, str]]:
    """(cumulative s, own s, calls, where) for the project's own functions, most cumulative first."""
    rows = []
    for (filename, line, name), (_cc, calls, own, cumulative, _callers) in stats.stats.items():
        if only in filename:
            where = f"{filename.split(only, 1)[1]}:{line}({name})"
            rows.append((cumulative, own, calls, where))
    return sorted(rows, reverse=True)[:top]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default="synthetic-1k", choices=sorted(corpora.CORPORA))
    parser.add_argument("--warm", action="store_true", help="profile a scan with a filled cache")
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--now", default=DEFAULT_NOW)
    parser.add_argument("--cache-root", type=Path, default=corpora.default_cache_root())
    parser.add_argument("--orgmemory", default=None)
    args = parser.parse_args(argv)
    python = interpreter_of(find_orgmemory(args.orgmemory))
    compile_bytecode(python)
    corpus = corpora.prepare(args.corpus, args.cache_root, log=lambda m: print(m, file=sys.stderr))
    work = Path(tempfile.mkdtemp(prefix="profile-"))
    try:
        def cache(name: str) -> str:
            path = work / name
            if not args.warm:
                shutil.rmtree(path, ignore_errors=True)
            elif not path.exists():  # fill it once
                subprocess.run([python, *scan_args(corpus.path, str(path), args.now)], cwd=corpus.path,
                               env=bench_env(), stdout=subprocess.DEVNULL, check=True)
            return str(path)

        kind = "warm" if args.warm else "cold"
        print(f"# {kind} scan of {corpus.name} ({corpus.files} files, {corpus.commits} commits)\n")
        print("## slowest imports (cumulative ms, self ms)")
        for cumulative, own, name in slowest_imports(python, scan_args(corpus.path, cache("imports"), args.now),
                                                     corpus.path, args.top):
            print(f"{cumulative / 1000:8.1f} {own / 1000:8.1f}  {name}")
        stats = profile(python, scan_args(corpus.path, cache("profile"), args.now), corpus.path, work / "scan.prof")
        print(f"\n## orgmemory functions by cumulative time (s); the profiled run took {stats.total_tt:.2f} s")
        print(f"{'cumulative':>10} {'own':>8} {'calls':>7}  where")
        for cumulative, own, calls, where in hot_functions(stats, args.top):
            print(f"{cumulative:10.3f} {own:8.3f} {calls:7d}  {where}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
