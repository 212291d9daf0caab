"""How relevant the priming block is, measured on real history.

    python bench/relevance.py [--per-repo N] [--seed S] [--budget B] [--json FILE] [NAME...]

Each task is a real commit of a dev-set repository (`bench/real/repos.json`, the bare mirrors
`fetch` brings under /work/.mirror) that changed 1-5 files, none vendored: the task is the
commit's subject, "now" is its date, the repository is its parent commit, and the files it
changed are where the work happened. Tasks are sampled with a fixed seed from the last
`--window` non-merge commits before the pinned commit (clustered in time, so the per-repository
cache is shared between their scans), and each is primed as an agent would prime it:

    orgmemory prime SUBJECT --now COMMIT_DATE --format json --budget B --cache-dir CACHE

in a scratch clone (`git clone --shared`) checked out at the parent. Scored per task:

* precision: the share of shown observations (findings, resolutions) whose file is a changed
  file or sits in the folder of one;
* recall: over the tasks where the index held a finding in a changed file, the share where one
  of those made it into the block;
* empty: the share of tasks whose block has no observation;
* tokens: the block's tokens (median and mean).

Tasks are split in two halves by a hash of the commit: `learn` (where the relevance floor of
`indexer/prime/select.py` was chosen, `--floor-sweep` prints what each floor would give) and
`eval` (the figures reported). Run the old code with `PYTHONPATH=/tmp/old python bench/...`:
the primes run `python -m indexer` with the same environment.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESERVED = {"pip", "setuptools", "flask", "kompose"}  # kept for independent evaluation
VENDORED = ("vendor/", "_vendor/", "vendored/", "third_party/", "third-party/", "node_modules/",
            "external/", "extern/")


def git(repo: Path | str, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True, errors="replace").stdout


def vendored(path: str) -> bool:
    return any(path.startswith(v) or f"/{v}" in path for v in VENDORED)


def sample_tasks(mirror: Path, pinned: str, window: int, count: int, seed: int) -> list[dict]:
    log = git(mirror, "log", "--no-merges", f"-{window}", "--format=%x01%H %P%x02%cs%x02%s", "--name-only",
              "--no-renames", pinned)
    tasks = []
    for chunk in log.split("\x01")[1:]:
        head, _, names = chunk.partition("\n")
        shas, day, subject = head.split("\x02", 2)
        parents = shas.split()
        files = [name for name in names.split("\n") if name.strip()]
        if len(parents) != 2 or not 1 <= len(files) <= 5 or any(vendored(f) for f in files):
            continue
        if len(subject.strip()) < 8:
            continue
        tasks.append({"commit": parents[0], "parent": parents[1], "now": day, "task": subject.strip(),
                      "files": files})
    rng = random.Random(seed)
    chosen = rng.sample(tasks, min(count, len(tasks)))
    return sorted(chosen, key=lambda t: t["now"])


def half(task: dict) -> str:
    return "learn" if int(hashlib.sha256(task["commit"].encode()).hexdigest(), 16) % 2 == 0 else "eval"


def concerns(place: str, files: list[str]) -> bool:
    """The place is a changed file, or in the folder of one."""
    if not place:
        return False
    folders = {f.rsplit("/", 1)[0] if "/" in f else "" for f in files}
    folder = place.rsplit("/", 1)[0] if "/" in place else ""
    return place in files or folder in folders


def available(cache: Path, files: list[str]) -> bool:
    """Whether the prime index held an observation (finding, resolution) in one of the changed
    files: the tasks recall is counted over."""
    for db_path in cache.glob("*/prime-index.sqlite3"):
        db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
        try:
            for (payload,) in db.execute("SELECT payload FROM records WHERE kind IN ('finding', 'resolution')"):
                record = json.loads(payload)
                if record.get("path", record.get("legacy_path")) in files:
                    return True
        finally:
            db.close()
    return False


# With `--floor F` the primes run with `indexer.prime.select`'s floors set to F here, in the
# bench's own launcher: product code reads no bench override.
_LAUNCH = ("import sys; import indexer.prime.select as s; s.RELEVANCE_FLOOR = s.TEXT_ONLY_FLOOR = float(sys.argv.pop(1)); "
           "from indexer.cli import main; sys.argv[0] = 'orgmemory'; sys.exit(main())")


def prime(work: Path, cache: Path, task: dict, budget: int, floor: float | None = None) -> dict:
    launch = ["-m", "indexer"] if floor is None else ["-c", _LAUNCH, str(floor)]
    cmd = [sys.executable, *launch, "prime", task["task"], "--now", task["now"], "--format", "json",
           "--budget", str(budget), "--cache-dir", str(cache)]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=work, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        return {"error": proc.stderr.strip()[-300:], "seconds": elapsed}
    block = json.loads(proc.stdout)
    return {"block": block, "seconds": elapsed}


def score(task: dict, block: dict, had: bool) -> dict:
    observations = [item for item in block["items"] if item["kind"] in ("finding", "resolution")]
    relevant = [item for item in observations
                if concerns(item.get("path", ""), task["files"])
                or any(concerns(ref.rsplit(":", 1)[0], task["files"]) for ref in item.get("still_pointing", ()))]
    hit = any(item.get("path", item.get("legacy_path")) in task["files"] for item in observations)
    return {"observations": len(observations), "relevant": len(relevant), "available": had,
            "hit": hit, "tokens": block["tokens"],
            "scores": [(item.get("relevance", item["score"]), bool(concerns(item.get("path", ""), task["files"])),
                        item.get("path", "")) for item in observations]}


def summary(rows: list[dict]) -> dict:
    shown = sum(r["observations"] for r in rows)
    with_available = [r for r in rows if r["available"]]
    tokens = [r["tokens"] for r in rows]
    return {
        "tasks": len(rows),
        "precision": round(sum(r["relevant"] for r in rows) / shown, 3) if shown else None,
        "observations": shown,
        "recall": round(sum(r["hit"] for r in with_available) / len(with_available), 3) if with_available else None,
        "recall_tasks": len(with_available),
        "empty": round(sum(r["observations"] == 0 for r in rows) / len(rows), 3) if rows else None,
        "tokens_median": statistics.median(tokens) if tokens else None,
        "tokens_mean": round(statistics.mean(tokens), 1) if tokens else None,
    }


def floor_sweep(rows: list[dict]) -> list[tuple[float, dict]]:
    """What a floor on the item score would give (items under it removed; nothing re-fitted)."""
    out = []
    for floor in (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0):
        shown = relevant = empty = 0
        for r in rows:
            kept = [ok for s, ok, *_path in r["scores"] if s >= floor]
            shown += len(kept)
            relevant += sum(kept)
            empty += not kept
        out.append((floor, {"precision": round(relevant / shown, 3) if shown else None, "shown": shown,
                            "empty": round(empty / len(rows), 3) if rows else None}))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="only these dev-set repositories")
    parser.add_argument("--per-repo", type=int, default=30)
    parser.add_argument("--window", type=int, default=400, help="sample from this many latest commits")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--budget", type=int, default=800)
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--work", type=Path, default=Path("/tmp/orgmemory-relevance"))
    parser.add_argument("--json", type=Path, help="write every task's row here")
    parser.add_argument("--floor-sweep", action="store_true",
                        help="prime with the floors at 0.0001 and print what each floor would give on learn")
    args = parser.parse_args()
    repos = json.loads((HERE / "real" / "repos.json").read_text())
    rows: list[dict] = []
    for repo in repos:
        if repo["name"] in RESERVED or (args.names and repo["name"] not in args.names):
            continue
        owner, name = repo["upstream"].removeprefix("github:").split("/", 1)
        mirror = args.mirrors / f"{owner}+{name}" / "repo"
        if not mirror.is_dir():
            print(f"skip {repo['name']}: no mirror", file=sys.stderr)
            continue
        work, cache = args.work / repo["name"], args.work / f"cache-{repo['name']}"
        if not (work / ".git").exists():
            subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", str(mirror), str(work)], check=True)
        tasks = sample_tasks(mirror, repo["commit"], args.window, args.per_repo, args.seed)
        started = time.perf_counter()
        for task in tasks:
            git(work, "checkout", "-q", "--force", "--detach", task["parent"])
            out = prime(work, cache, task, args.budget, 0.0001 if args.floor_sweep else None)
            if "error" in out:
                print(f"  {repo['name']} {task['parent'][:8]}: {out['error']}", file=sys.stderr)
                continue
            row = score(task, out["block"], available(cache, task["files"]))
            rows.append({**row, "repo": repo["name"], "half": half(task), "task": task["task"],
                         "commit": task["commit"], "files": task["files"], "seconds": round(out["seconds"], 2)})
        print(f"{repo['name']}: {len(tasks)} tasks in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    repos_seen = sorted({r["repo"] for r in rows})
    print(f"{len(rows)} tasks from {len(repos_seen)} repositories ({', '.join(repos_seen)}), budget {args.budget}")
    print("| half | tasks | precision | observations | recall (tasks with one available) | empty | tokens median / mean |")
    print("|---|---|---|---|---|---|---|")
    for name in ("learn", "eval", "all"):
        part = [r for r in rows if name == "all" or r["half"] == name]
        s = summary(part)
        print(f"| {name} | {s['tasks']} | {s['precision']} | {s['observations']} | {s['recall']} ({s['recall_tasks']})"
              f" | {s['empty']} | {s['tokens_median']} / {s['tokens_mean']} |")
    if args.floor_sweep:
        for floor, s in floor_sweep([r for r in rows if r["half"] == "learn"]):
            print(f"learn, floor {floor}: {s}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
