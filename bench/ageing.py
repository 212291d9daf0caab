"""Ageing's cost on a real repository: `blame_files` over every TODO file, cold (no age cache).

    python bench/ageing.py REPO NOW [--module PATH] [--runs 5]

Prints the median seconds of `blame_files(root, requests, cutoff)` and how many files were
asked. `--module` loads another version of `indexer/git/blame.py` (e.g. `git show
REV:indexer/git/blame.py > /tmp/old.py`) to compare with, run by run, in the same session.

    python bench/ageing.py REPO NOW --exact

The exact dates of the lines stale by age (what stale-todo's messages print): the way the scan
finds them (`OriginPrefetch`: from where the ageing blame stopped) against one full-history
`git blame` from HEAD per file (`line_origins`), line by line, with the git CPU seconds
(user+sys of the child processes) each takes, one file at a time.
"""
from __future__ import annotations

import argparse
import importlib.util
import resource
import statistics
import subprocess
import sys
import time
from datetime import date, timedelta

from indexer.dates import epoch
from indexer.extract.todos import extract_todos

MARKERS = ("TODO", "FIXME", "HACK", "XXX")


def requests_of(root: str) -> dict[str, list[int]]:
    out = {}
    names = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout
    for name in names.decode("utf-8", "surrogateescape").split("\0"):
        if not name:
            continue
        try:
            with open(f"{root}/{name}", "rb") as fh:
                data = fh.read(1 << 20)
        except OSError:
            continue
        todos = extract_todos(name, data, MARKERS)
        if todos:
            out[name] = [t.line for t in todos]
    return out


def load(path: str | None):
    if path is None:
        from indexer.git import blame
        return blame
    spec = importlib.util.spec_from_file_location("blame_other", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def exact(root: str, requests: dict[str, list[int]], since: int) -> None:
    from indexer.git import blame

    aged: dict[str, dict] = {}
    start = _children_cpu()
    blame.start_blaming(root, requests, since, on_aged=lambda path, ages: aged.__setitem__(path, ages))()
    ageing = _children_cpu() - start
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True).stdout.strip()
    stale = {path: [line for line, age in ages.items() if blame.older_than(age, since)] for path, ages in aged.items()}
    stale = {path: lines for path, lines in stale.items() if lines}
    cpu_full = cpu_fast = 0.0
    lines = differ = 0
    for path, wanted in sorted(stale.items()):
        start = _children_cpu()
        full = blame.line_origins(root, path, wanted, head)
        middle = _children_cpu()
        fast = blame._exact_origins(root, path, wanted, aged[path], head, frozenset())
        cpu_full += middle - start
        cpu_fast += _children_cpu() - middle
        for line in wanted:
            lines += 1
            if full.get(line) != fast.get(line):
                differ += 1
                print(f"  DIFFERS {path}:{line}: from HEAD {full.get(line)}, from the boundary {fast.get(line)}")
    print(f"{root}: {len(requests)} TODO files (ageing: {ageing:.2f} CPU-s), {len(stale)} with {lines} lines "
          f"stale by age; exact dates from HEAD {cpu_full:.2f} CPU-s, from the boundary {cpu_fast:.2f} CPU-s; "
          f"{differ} lines differ")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("repo")
    parser.add_argument("now")
    parser.add_argument("--module", action="append", default=[], help="other blame.py versions")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--exact", action="store_true", help="exact dates: from the boundary vs from HEAD")
    args = parser.parse_args()
    since = epoch(date.fromisoformat(args.now) - timedelta(days=args.days))
    requests = requests_of(args.repo)
    if args.exact:
        return exact(args.repo, requests, since)
    modules = {"current": load(None), **{path: load(path) for path in args.module}}
    times: dict[str, list[float]] = {name: [] for name in modules}
    answers = {}
    for _ in range(args.runs):
        for name, module in modules.items():  # interleaved
            start = time.perf_counter()
            answers[name] = module.blame_files(args.repo, requests, since)
            times[name].append(time.perf_counter() - start)
    print(f"{args.repo}: {len(requests)} TODO files, {sum(map(len, requests.values()))} lines")
    for name, values in times.items():
        print(f"  {name}: median {statistics.median(values):.3f} s  (min {min(values):.3f}, max {max(values):.3f})")
    current = answers["current"]
    for name, other in answers.items():
        same_decision = all((a.older_than is not None) == (other[p][l].older_than is not None)
                            and a.commit == other[p][l].commit for p, lines in current.items() for l, a in lines.items())
        print(f"  {name}: same commits and stale decisions as current: {same_decision}")


if __name__ == "__main__":
    main()
