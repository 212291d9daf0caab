"""Cold scan A/B against leasot: wall and CPU, interleaved run by run.

    python bench/cold_ab.py [--runs 3] [--now D] BEFORE AFTER REPO [REPO ...]

BEFORE and AFTER are package trees (`git archive <commit> indexer rules | tar -x -C DIR`); each
run times leasot on the tracked files (as `real_perf.py` does), then `python -m indexer scan
REPO --format json` with BEFORE and with AFTER on `PYTHONPATH`, each with an empty cache folder.
Prints per run and the medians: wall seconds, CPU seconds (user+sys of the whole process tree,
git included: on a shared machine the figure that moves least with the load), the largest
process's peak RSS, and whether the two JSON outputs are byte-identical.

`--git-cpu` adds, per repository, one more cold AFTER scan with every git process timed (a
`git` on PATH that runs the real one under `/usr/bin/time`) and prints git's CPU seconds by
subcommand beside the scan's total: what the history's `git log`, the commit-graph and the
blames cost, and what is left to Python.
"""
from __future__ import annotations

import argparse
import collections
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from real_perf import LEASOT  # noqa: E402


def timed(cmd: list[str], cwd: str, env: dict[str, str], out: str | None = None) -> tuple[float, float, int, int]:
    """(wall s, CPU s of the process tree, peak RSS MB of its largest process, exit code)."""
    start = time.perf_counter()
    with open(out or os.devnull, "wb") as sink:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=sink,
                                stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
    return (time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024,
            os.waitstatus_to_exitcode(status))


def git_cpu(after: str, repo: str, now: str, work: str) -> None:
    """One cold scan by AFTER with each git process timed; git's CPU seconds by subcommand."""
    real, timer = shutil.which("git"), shutil.which("time")
    if real is None or timer is None:
        print(f"{repo}: --git-cpu needs git and /usr/bin/time on PATH", flush=True)
        return
    folder, log = os.path.join(work, "git-bin"), os.path.join(work, "git-cpu.txt")
    os.makedirs(folder, exist_ok=True)
    wrapper = os.path.join(folder, "git")
    with open(wrapper, "w") as fh:
        fh.write(f'#!/bin/sh\nexec "{timer}" -a -o "{log}" -f "%U %S %C" "{real}" "$@"\n')
    os.chmod(wrapper, 0o755)
    if os.path.exists(log):
        os.remove(log)
    cache = os.path.join(work, "cache-git-cpu")
    shutil.rmtree(cache, ignore_errors=True)
    env = dict(os.environ, PYTHONPATH=os.path.abspath(after), PATH=folder + os.pathsep + os.environ["PATH"])
    wall, cpu, _peak, _code = timed([sys.executable, "-m", "indexer", "scan", repo, "--now", now, "--format", "json",
                                     "--fail-on", "never", "--cache-dir", cache], repo, env)
    by: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0.0])
    with open(log, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            words = line.split()
            if len(words) < 3 or not words[2].endswith("git"):
                continue  # (a wrapped git's own message, e.g. a non-zero exit)
            args, at = words[3:], 0
            while at < len(args) and args[at].startswith("-"):  # `-c key=value` and other global options
                at += 2 if args[at] == "-c" else 1
            name = args[at] if at < len(args) else "?"
            by[name][0] += 1
            by[name][1] += float(words[0]) + float(words[1])
    total = sum(cpu for _n, cpu in by.values())
    print(f"{repo}: one cold scan {wall:.2f} s, {cpu:.1f} CPU-s; git {total:.1f} CPU-s: " + ", ".join(
        f"{name} {cpu:.2f} ({count})" for name, (count, cpu) in sorted(by.items(), key=lambda kv: -kv[1][1])
        if cpu >= 0.01), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("repos", nargs="+")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--now", default="2026-11-01")
    parser.add_argument("--git-cpu", action="store_true", help="also one AFTER scan with git's CPU by subcommand")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="cold-ab-")
    try:
        for repo in args.repos:
            names = subprocess.run(["git", "ls-files", "-z"], cwd=repo, capture_output=True, check=True).stdout
            files = [n for n in names.decode("utf-8", "surrogateescape").split("\0") if n]
            results: dict[str, list[tuple[float, float, int, int]]] = {"leasot": [], "before": [], "after": []}
            for run in range(args.runs):
                results["leasot"].append(timed([LEASOT, "--exit-nicely", "--skip-unsupported", "--reporter", "json",
                                                "--tags", "XXX,HACK", *files], repo, dict(os.environ)))
                outputs = []
                for name, tree in (("before", args.before), ("after", args.after)):
                    cache = os.path.join(work, f"cache-{name}")
                    shutil.rmtree(cache, ignore_errors=True)
                    out = os.path.join(work, f"{name}.json")
                    results[name].append(timed([sys.executable, "-m", "indexer", "scan", repo, "--now", args.now,
                                                "--format", "json", "--fail-on", "never", "--cache-dir", cache],
                                               repo, dict(os.environ, PYTHONPATH=os.path.abspath(tree)), out))
                    with open(out, "rb") as fh:
                        outputs.append(fh.read())
                row = {name: f"{r[-1][0]:.2f} s {r[-1][1]:.1f} CPU-s" for name, r in results.items()}
                print(f"{repo} run {run + 1}: {row} identical={outputs[0] == outputs[1]} "
                      f"load={os.getloadavg()[0]:.1f}", flush=True)
            median = {name: (statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs),
                             max(r[2] for r in rs)) for name, rs in results.items()}
            lea = median["leasot"][0]
            print(f"{repo}: leasot {lea:.2f} s ({median['leasot'][1]:.1f} CPU-s); " + "; ".join(
                f"{name} {median[name][0]:.2f} s ({median[name][0] / lea:.1f}x), {median[name][1]:.1f} CPU-s, "
                f"peak {median[name][2]} MB" for name in ("before", "after"))
                + f"; after/before wall {median['after'][0] / median['before'][0]:.2f}, "
                  f"CPU {median['after'][1] / median['before'][1]:.2f}", flush=True)
            if args.git_cpu:
                git_cpu(args.after, repo, args.now, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
