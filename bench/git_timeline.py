"""When a cold scan's git processes run: one line per time step, how many of each kind were running.

    python bench/git_timeline.py [--step 0.5] [--now D] REPO

Runs one cold scan of REPO (`scan --format json --fail-on never --cache-dir <empty folder>`)
with `GIT_TRACE2_EVENT` set, then reads every git process's start and exit from the trace and
prints, per step, the average number of processes of each kind that were running:

    L  git log (the history, the main line's walks, the window's touched paths)
    G  git commit-graph write
    B  git blame --since (the ageing)
    X  git blame without --since (the exact dates of stale lines)
    R  git rev-list
    o  anything else

A kind that waits on another shows as a gap: this is how the blames were seen to start only
after the commit-graph, and the commit-graph only after the extraction (issue 18, session 14).
The scan's own `-v` stage timings are printed first.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
from datetime import datetime

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from real_perf import ORGMEMORY  # noqa: E402


def kind(argv: list[str]) -> str:
    if "blame" in argv:
        return "B" if any(arg.startswith("--since") for arg in argv) else "X"
    if "commit-graph" in argv:
        return "G"
    if "log" in argv:
        return "L"
    if "rev-list" in argv:
        return "R"
    return "o"


def processes(trace: str) -> list[tuple[float, float, str]]:
    """(start, end, kind) of every git process the trace saw start and exit."""
    seen: dict[str, dict] = collections.defaultdict(dict)
    with open(trace, encoding="utf-8") as fh:
        for line in fh:
            event = json.loads(line)
            if event["event"] == "start":
                seen[event["sid"]].update(start=event["time"], argv=event["argv"])
            elif event["event"] == "exit":
                seen[event["sid"]]["end"] = event["time"]

    def moment(text: str) -> float:
        return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()

    return [(moment(p["start"]), moment(p["end"]), kind(p["argv"])) for p in seen.values()
            if "start" in p and "end" in p]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("repo")
    parser.add_argument("--step", type=float, default=0.5)
    parser.add_argument("--now", default="2026-11-01")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="git-timeline-") as work:
        trace = os.path.join(work, "trace.json")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["GIT_TRACE2_EVENT"] = trace
        proc = subprocess.run([*ORGMEMORY, "scan", args.repo, "--now", args.now, "--format", "json",
                               "--fail-on", "never", "--cache-dir", os.path.join(work, "cache"), "-v"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        print("\n".join(line for line in proc.stderr.splitlines() if " check " not in line))
        rows = processes(trace)
    if not rows:
        sys.exit("no git process was traced")
    origin = min(start for start, _, _ in rows)
    end = max(stop for _, stop, _ in rows) - origin
    moment = 0.0
    while moment < end:
        running: collections.Counter[str] = collections.Counter()
        for start, stop, what in rows:
            overlap = min(stop - origin, moment + args.step) - max(start - origin, moment)
            if overlap > 0:
                running[what] += overlap / args.step
        print(f"{moment:6.1f} s  " + " ".join(f"{what}:{count:.1f}" for what, count in sorted(running.items())))
        moment += args.step


if __name__ == "__main__":
    main()
