"""The delta scan's cases of `real_perf.py` (warm, one-change, `--since HEAD~1`), without its cold
column, for versions of the package side by side, interleaved run by run; wall and CPU.

    python bench/delta_ab.py REPO RUNS [PYTHONPATH ...]     (TARGET=path to change another file,
                                                             AT=top to write the change above its first line)

Each PYTHONPATH is a source tree (`git archive <commit> indexer rules | tar -x -C DIR`); ''
is the installed package. The cases are `real_perf.py`'s own (`Repo`, `SinceRun`): one-change
appends a TODO line to `Repo.target` (or $TARGET) and scans from the warm cache, then restores
the file (AT=top: a new entry above its first line, as a CHANGELOG gets one, moving every line
below); `--since` restores the cache of HEAD~1's scan in a shared clone at HEAD and scans
`--since HEAD~1`; next-day scans the unchanged tree with a `--now` one day later each run
(the first scan of a new day) from the warm cache. CPU is user + system of the process and the git children it waited for.
Unset PYTHONDONTWRITEBYTECODE (and compile each tree once) to time what users run.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import real_perf as rp  # noqa: E402


def timed(cmd: list[str], cwd: str, env: dict[str, str]) -> tuple[float, float]:
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, _status, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def change_at_top(repo: rp.Repo, run: int, lines: int) -> None:
    """A new first entry of `lines` lines in `repo.target` (a CHANGELOG's): every line below it
    moves (by a count unlike the previous run's, as a second entry moves them from the first's)."""
    with open(os.path.join(repo.path, repo.target), "wb") as fh:
        fh.write(f"* Bench change {run} {time.time_ns()}.\n\n".encode() * lines + repo.original)


def next_day(repo: rp.Repo, days: int) -> list[str]:
    """The scan of the unchanged tree `days` after the warm scan's `--now` (a nightly job's next run)."""
    cmd = repo.scan()
    at = cmd.index("--now") + 1
    cmd[at] = (date.fromisoformat(cmd[at]) + timedelta(days=days)).isoformat()
    return cmd


def main() -> None:
    path, runs, versions = sys.argv[1], int(sys.argv[2]), sys.argv[3:] or [""]
    rp.ORGMEMORY[:] = [sys.executable, "-m", "indexer"]
    top = Path(tempfile.mkdtemp(prefix="delta-ab-"))
    setups = []
    for index, pythonpath in enumerate(versions):
        work = top / str(index)
        work.mkdir()
        repo = rp.Repo(path, "2026-11-01", work)
        if os.environ.get("TARGET"):
            repo.target = os.environ["TARGET"]
            with open(os.path.join(path, repo.target), "rb") as fh:
                repo.original = fh.read()
        if pythonpath:
            repo.env["PYTHONPATH"] = pythonpath
        timed(repo.scan(), path, repo.env)  # the warm cache
        setups.append((pythonpath or "installed", repo, rp.SinceRun(repo)))
    found = {name: {case: [] for case in ("warm", "one", "since", "day")} for name, _, _ in setups}
    count = 0
    try:
        for round_ in range(runs):
            for name, repo, ci in setups:
                found[name]["warm"].append(timed(repo.scan(), path, repo.env))
                count += 1
                change_at_top(repo, count, 1 + round_ % 2) if os.environ.get("AT") == "top" else repo.change(count)
                found[name]["one"].append(timed(repo.scan(), path, repo.env))
                repo.restore()
                shutil.rmtree(ci.cache, ignore_errors=True)
                shutil.copytree(ci.saved, ci.cache)
                found[name]["since"].append(timed(ci.scan(), ci.clone, repo.env))
                found[name]["day"].append(timed(next_day(repo, round_ + 1), path, repo.env))
    finally:
        for _, repo, _ in setups:
            repo.restore()
    for name, repo, _ in setups:
        med = {case: (statistics.median(w for w, _ in rows), statistics.median(c for _, c in rows))
               for case, rows in found[name].items()}
        (ww, wc), (ow, oc), (sw, sc), (dw, dc) = med["warm"], med["one"], med["since"], med["day"]
        print(f"{os.path.basename(path.rstrip('/'))} [{name}] change {repo.target}: warm {ww:.2f} s ({wc:.2f} CPU-s); "
              f"one-change {ow:.2f} s ({oc:.2f}) = {ow / ww:.1f}x wall, {oc / wc:.1f}x CPU; "
              f"--since HEAD~1 {sw:.2f} s ({sc:.2f}) = {sw / ww:.1f}x wall, {sc / wc:.1f}x CPU; "
              f"next-day {dw:.2f} s ({dc:.2f}) = {dw / ww:.1f}x wall, {dc / wc:.1f}x CPU")
    shutil.rmtree(top, ignore_errors=True)


if __name__ == "__main__":
    main()
