"""The hook, two trees of orgmemory, one clone: an interleaved A/B at a fixed state.

    python bench/hook_ab.py REPO CACHE BEFORE [--rounds 15] [--now 2026-11-01]

REPO is a clone whose prime index in CACHE is already up to date (run `orgmemory prime` there
once, with the working-tree edits you want; then no hook starts a background refresh, so the
rounds measure the same state). BEFORE is an unpacked `git archive REV indexer rules`. Each round
times the prime import floor (`bench/prime.py`'s), the hook on BEFORE (PYTHONPATH), the hook on
this tree, and this tree without bytecode (PYTHONDONTWRITEBYTECODE=1, as in a development shell).
The hook's outputs must be identical (`--outputs-may-differ` times them anyway). Medians of wall time, and of CPU time (user + system of the
process and the children it waited for, `git status` included): on a machine shared with other
jobs, the CPU time moves far less with the load than the wall time does.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from prime import imported_modules  # noqa: E402

ORGMEMORY = str(Path(sys.executable).with_name("orgmemory"))
PROMPT = "Add retry handling to the billing worker"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo")
    parser.add_argument("cache")
    parser.add_argument("before")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--now", default="2026-11-01")
    parser.add_argument("--outputs-may-differ", action="store_true",
                        help="time the trees even when their blocks differ (a change that ranks otherwise on purpose)")
    args = parser.parse_args()
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    base["PYTHONPYCACHEPREFIX"] = os.path.join(args.cache, "..", "ab-pycache")
    hook = [ORGMEMORY, "hook", "claude-code", "--now", args.now, "--cache-dir", args.cache]
    event = json.dumps({"hook_event_name": "UserPromptSubmit", "cwd": os.path.abspath(args.repo), "prompt": PROMPT,
                        "session_id": "ab"})
    modules = imported_modules(sys.executable, ["orgmemory", "prime", PROMPT, "--now", args.now,
                                                "--cache-dir", args.cache], Path(args.repo))
    variants = {
        "floor": ([sys.executable, "-c", "import " + ", ".join(modules)], base, None),
        "before": (hook, {**base, "PYTHONPATH": os.path.abspath(args.before)}, event),
        "after": (hook, base, event),
        "after, PYTHONDONTWRITEBYTECODE=1": (hook, {**{k: v for k, v in base.items() if k != "PYTHONPYCACHEPREFIX"},
                                                     "PYTHONDONTWRITEBYTECODE": "1"}, event),
    }

    def run(command, env, stdin) -> tuple[float, str, float]:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        out = subprocess.run(command, cwd=args.repo, env=env, input=stdin, text=True, capture_output=True,
                             check=True).stdout
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall, out, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

    outputs = {name: run(*variant)[1] for name, variant in variants.items()}  # also the warm-up
    if len({outputs[name] for name in variants if name != "floor"}) != 1:
        print("the hook's outputs differ between the trees", file=sys.stderr)
        if not args.outputs_may_differ:
            return 1
    times: dict[str, list[float]] = {name: [] for name in variants}
    cpu: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(args.rounds):
        for name, variant in variants.items():
            wall, _out, used = run(*variant)
            times[name].append(wall)
            cpu[name].append(used)
    floor, floor_cpu = statistics.median(times["floor"]), statistics.median(cpu["floor"])
    for name, measured in times.items():
        median, used = statistics.median(measured), statistics.median(cpu[name])
        print(f"{name}: {median * 1000:.0f} ms (ratio {median / floor:.2f}; fastest {min(measured) * 1000:.0f} ms); "
              f"CPU {used * 1000:.0f} ms (ratio {used / floor_cpu:.2f})")
    print("load average " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
