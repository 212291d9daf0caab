"""Ageing's cost on a real repository: `blame_files` over every TODO file, cold (no age cache).

    python bench/ageing.py REPO NOW [--module PATH] [--runs 5]

Prints the median seconds of `blame_files(root, requests, cutoff)` and how many files were
asked. `--module` loads another version of `indexer/git/blame.py` (e.g. `git show
REV:indexer/git/blame.py > /tmp/old.py`) to compare with, run by run, in the same session.
"""
from __future__ import annotations

import argparse
import importlib.util
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("repo")
    parser.add_argument("now")
    parser.add_argument("--module", action="append", default=[], help="other blame.py versions")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--days", type=int, default=365)
    args = parser.parse_args()
    since = epoch(date.fromisoformat(args.now) - timedelta(days=args.days))
    requests = requests_of(args.repo)
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
