"""The commit-graph's Bloom filters: the scan's span against filters for every commit.

    python bench/graph_filters.py [--now 2026-11-01] REPO [REPO ...]

For each repository: one cold scan with `GIT_TRACE` names its exact-date blames (the ones
without `--since`); the commit-graph of HEAD is written twice into empty folders, as the scan
writes it (filters for the commits since `FILTER_SPAN` before the stale cutoff) and with filters
for every commit; then the blames are replayed one after another under each graph. Prints the
CPU seconds (user+sys of git) of each write and each replay, and whether the replays' outputs
are byte-identical (they must be: the graph changes how fast git answers, never what).
"""
from __future__ import annotations

import argparse
import os
import resource
import shlex
import subprocess
import sys
import tempfile
from datetime import date

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from indexer.git.blame import FILTER_SPAN, _blame_env, _graph_env, _write_graph  # noqa: E402
from indexer.scan.pipeline import _stale_cutoff  # noqa: E402
from indexer.memory.load import load_config  # noqa: E402


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def exact_blames(repo: str, now: str, scratch: str) -> list[list[str]]:
    """The argument lists of the exact-date blames a cold scan of `repo` runs."""
    trace = os.path.join(scratch, "trace")
    env = {**os.environ, "GIT_TRACE": trace}
    subprocess.run([sys.executable, "-m", "indexer", "scan", repo, "--format", "json", "--fail-on", "never",
                    "--now", now, "--cache-dir", os.path.join(scratch, "cache")],
                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    blames = []
    with open(trace, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            _, found, command = line.partition("trace: built-in: git ")
            if found:
                args = shlex.split(command)
                if "blame" in args and not any(a.startswith("--since") for a in args):
                    blames.append(args)
    return blames


def write(repo: str, folder: str, head: str, filters_from: int | None) -> float:
    before = children_cpu()
    if not _write_graph(repo, folder, head, _graph_env(folder), filters_from):
        raise SystemExit(f"{repo}: the commit-graph could not be written")
    return children_cpu() - before


def replay(repo: str, folder: str, blames: list[list[str]]) -> tuple[float, bytes]:
    env = {**os.environ, **_blame_env(_graph_env(folder))}
    before, out = children_cpu(), []
    for args in blames:
        out.append(subprocess.run(["git", *args], cwd=repo, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL).stdout)
    return children_cpu() - before, b"".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--now", default="2026-11-01")
    parser.add_argument("repos", nargs="+")
    args = parser.parse_args()
    print("| repository | exact blames | the scan's span: write + blames CPU-s "
          "| every commit: write + blames CPU-s | same output |")
    print("|---|---:|---:|---:|---|")
    for repo in map(os.path.abspath, args.repos):
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True,
                              check=True).stdout.strip()
        cutoff = _stale_cutoff(load_config(repo), date.fromisoformat(args.now))
        with tempfile.TemporaryDirectory() as scratch:
            blames = exact_blames(repo, args.now, scratch)
            rows = []
            for name, filters_from in (("span", cutoff - FILTER_SPAN), ("all", None)):
                folder = os.path.join(scratch, name)
                written = write(repo, folder, head, filters_from)
                cpu, out = replay(repo, folder, blames)
                rows.append((written, cpu, out))
        (w1, b1, o1), (w2, b2, o2) = rows
        print(f"| {os.path.basename(repo)} | {len(blames)} | {w1:.2f} + {b1:.2f} | {w2:.2f} + {b2:.2f} "
              f"| {o1 == o2} |", flush=True)


if __name__ == "__main__":
    main()
