"""Hook latency while an agent edits: `orgmemory hook claude-code` with a dirty working tree.

    python bench/hook_latency.py [--runs N] [--edits 1,5,20] [--repo DIR] [--cache DIR] [--vs BEFORE]

On a 5,000-file repository (default: `bench/corpora.py`'s synthetic-5k, cloned into a scratch
folder so the cached corpus stays clean), the index is built once; then for each count of
edited files, every run appends a line to that many tracked files (so each prompt sees a working
tree changed since the last one, as when an agent edits between prompts) and times one
`UserPromptSubmit` event through the hook, interleaved with the prime import floor (a Python
process importing exactly the modules `orgmemory prime` imports, orgmemory's own left out:
`bench/prime.py`'s floor). Medians of N runs. Before each run the bench waits for the
background refresh the last prompt started (`--no-settle`: it does not). The target: hook <= 1.3x the floor and < 300 ms.
`--vary-prompt`: each run asks a different task (as each prompt of a session does), so the block
shows lines no earlier prompt showed, whose exact origin is not known yet (a `git blame` each).
Each row also gives CPU time (user + system of the process and the children it waited for, the
hook's `git status` included; its detached children are not), which moves far less with the
load of a shared machine than wall time does.
`--vs BEFORE` (an unpacked `git archive` of another revision, put on PYTHONPATH) times that tree's
hook in every run too, alternating which goes first, each after edits of its own and with a
prompt of its own under `--vary-prompt`: before and after at the same load. `--cache DIR` starts
from a copy of a cache folder that already holds a scan of the same repository (e.g. one a
`prime` there filled), so the index is built from the cached scan in seconds, not minutes.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from prime import imported_modules  # noqa: E402

NOW = "2026-11-01"
ORGMEMORY = str(Path(sys.executable).with_name("orgmemory"))
PROMPT = "Add retry handling to the billing worker"
_WORDS = ("order", "invoice", "session", "queue", "report", "token", "ledger", "export", "account", "search",
          "notify", "payment", "audit", "quota", "user", "cache")
PROMPTS = [f"Fix the {a} {b} when the {c} is empty" for shift in (5, 3, 7)
           for a, b, c in zip(_WORDS, _WORDS[shift:] + _WORDS[:shift], _WORDS[shift + 4:] + _WORDS[:shift + 4])]


# Bytecode as an installed package has it: a development shell often sets PYTHONDONTWRITEBYTECODE,
# and then every module edited since its .pyc was written is compiled from source on every run
# (5 of the hook's modules, ~11 ms, in round 3), which no user pays and the floor never does.
# The compiled files go to a scratch folder (PYTHONPYCACHEPREFIX), not into the source tree.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(command: list[str], cwd: Path, stdin: str | None = None, env: dict | None = None) -> tuple[float, float]:
    """Wall time and CPU time (user + system of the process and the children it waited for)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, input=stdin, text=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True, env=ENV if env is None else env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def settle(cache: Path, timeout: float = 120.0) -> None:
    """Wait until the background refresh the last prompt started has finished (a process
    `prime --refresh-only ... --cache-dir CACHE`), and the blame of its newly shown lines (a
    `date_detached` child, `indexer.prime.block`): an agent edits between prompts for seconds,
    and a prompt timed while the last refresh still runs measures the refresh's CPU, not the hook."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        running = False
        for proc in Path("/proc").iterdir():
            try:
                argv = (proc / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            mine = any(str(cache).encode() in arg for arg in argv)
            if mine and (b"--refresh-only" in argv or any(b"date_detached" in arg for arg in argv)):
                running = True
                break
        if not running:
            return
        time.sleep(0.2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, help="a git repository to clone (default: synthetic-5k)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--edits", default="0,1,5,20")
    parser.add_argument("--vary-prompt", action="store_true", help="a different task for each run (see above)")
    parser.add_argument("--no-settle", action="store_true",
                        help="time the next prompt at once, while the last prompt's background refresh may still run")
    parser.add_argument("--vs", type=Path, metavar="BEFORE", help="also time the hook of this tree (see above)")
    parser.add_argument("--cache", type=Path, help="start from a copy of this cache folder (see above)")
    args = parser.parse_args()
    source = args.repo
    if source is None:
        import corpora

        source = corpora.prepare("synthetic-5k").path
    scratch = Path(tempfile.mkdtemp(prefix="orgmemory-hook-bench-"))
    try:
        repo, cache = scratch / "repo", scratch / "cache"
        ENV["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
        subprocess.run(["git", "clone", "-q", "--shared", str(source), str(repo)], check=True)
        if args.cache:
            shutil.copytree(args.cache, cache, symlinks=True)
        files = subprocess.run(["git", "ls-files", "*.py"], cwd=repo, capture_output=True, text=True,
                               check=True).stdout.split()
        hook = [ORGMEMORY, "hook", "claude-code", "--now", NOW, "--cache-dir", str(cache)]
        event = json.dumps({"hook_event_name": "UserPromptSubmit", "cwd": str(repo), "prompt": PROMPT,
                            "session_id": "bench"})
        build, _cpu = timed([ORGMEMORY, "prime", PROMPT, "--now", NOW, "--cache-dir", str(cache)], repo)
        modules = imported_modules(sys.executable, ["orgmemory", "prime", PROMPT, "--now", NOW,
                                                    "--cache-dir", str(cache)], repo)
        floor = [sys.executable, "-c", "import " + ", ".join(modules)]
        print(f"{len(files)} Python files of {source}; index built in {build:.1f} s; floor imports "
              f"{len(modules)} modules")
        variants = {"after": ENV}
        if args.vs:
            variants["before"] = {**ENV, "PYTHONPATH": str(args.vs.resolve())}
        for env in variants.values():  # warm-ups: they also write the bytecode each will read
            timed(hook, repo, event, env)
        timed(floor, repo)
        for count in (int(x) for x in args.edits.split(",")):
            hooks = {name: [] for name in variants}
            hooks_cpu = {name: [] for name in variants}
            floors, floors_cpu = [], []
            for run in range(args.runs):
                if not args.no_settle:
                    settle(cache)
                wall, cpu = timed(floor, repo)  # before the hooks: the refresh one starts would slow it
                floors.append(wall)
                floors_cpu.append(cpu)
                order = list(variants) if run % 2 == 0 else list(variants)[::-1]
                for turn, name in enumerate(order):
                    if turn and not args.no_settle:
                        settle(cache)
                    for path in files[:count]:
                        with open(repo / path, "a") as fh:
                            fh.write(f"# edited by the agent, run {run}, {name}\n")
                    if args.vary_prompt:  # a prompt of its own: no variant shows lines the other dated
                        prompt = PROMPTS[(count * 7 + run * len(variants) + turn) % len(PROMPTS)]
                        event = json.dumps({"hook_event_name": "UserPromptSubmit", "cwd": str(repo),
                                            "session_id": "bench", "prompt": prompt})
                    wall, cpu = timed(hook, repo, event, variants[name])
                    hooks[name].append(wall)
                    hooks_cpu[name].append(cpu)
            f, fc = statistics.median(floors) * 1000, statistics.median(floors_cpu) * 1000
            load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
            for name in variants:
                h, hc = statistics.median(hooks[name]) * 1000, statistics.median(hooks_cpu[name]) * 1000
                label = f"{count:>2} edited files" + (f", {name}" if args.vs else "")
                print(f"{label}: hook {h:.0f} ms, floor {f:.0f} ms, ratio {h / f:.2f} "
                      f"(median of {args.runs}; max hook {max(hooks[name]) * 1000:.0f} ms); CPU hook {hc:.0f} ms, "
                      f"floor {fc:.0f} ms, ratio {hc / fc:.2f}; load average {load}", flush=True)
            subprocess.run(["git", "checkout", "-q", "--", "."], cwd=repo, check=True)
    finally:
        time.sleep(1)
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
