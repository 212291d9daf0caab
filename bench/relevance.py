"""How relevant the priming block is, measured on real history.

    python bench/relevance.py [--mode task|paths|both] [--half learn|eval|both] [--per-repo N] [--seed S] [--budget B]
                              [--json FILE] [--floor-sweep] [--work DIR] [NAME...]

Each task is a real commit of a dev-set repository (`bench/real/repos.json`, the bare mirrors
`fetch` brings under /work/.mirror) that changed 1-5 files, none vendored: the task is the
commit's subject, "now" is its date, the repository is its parent commit, and the files it
changed are where the work happened. Tasks are sampled with a fixed seed from the last
`--window` non-merge commits before the pinned commit (clustered in time, so the per-repository
cache is shared between their scans), and each is primed as an agent would prime it:

    orgmemory prime SUBJECT --now COMMIT_DATE --format json --budget B --cache-dir CACHE

in a scratch clone (`git clone --shared`) checked out at the parent, and again with
`--paths` the commit's changed files (`--mode paths`): the agent after its first edit, when the
hooks pass the working tree's changed files. Each mode is reported in its own rows. Scored per task:

* precision: the share of shown observations (findings, resolutions) whose file is a changed
  file or sits in the folder of one;
* strict: the share whose file is exactly a changed file (a resolution: its legacy path or a
  file still pointing at it); in a flat layout the folder-based precision counts every root file;
* recall: over the tasks where the index held a finding in a changed file, the share where one
  of those made it into the block;
* acted: over the tasks whose commit changed or deleted the line of a finding in a changed file
  (the work acted on it: a TODO done, a dangling path mended), the share where one of those was
  shown: the findings that matter most for a task, whatever words it is written in;
* empty: the share of tasks whose block has no observation;
* tokens: the block's tokens (median and mean).

Tasks are split in two halves by a hash of the commit: `learn` (where the floors of
`indexer/prime/select.py` are chosen: `--floor-sweep` primes with them at 0.0001 and prints what
each pair (RELEVANCE_FLOOR, TEXT_ONLY_FLOOR) and each NAME_FLOOR would give) and `eval` (the figures reported). `--json`
keeps each task's row, with the task scores and matched terms of the index's records in the
changed files (`changed`): what a miss is studied with. Run the old code with `PYTHONPATH=/tmp/old python bench/...`:
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


def acted_on(work: Path, task: dict) -> set[tuple[str, int]]:
    """The (path, line) at the parent that the commit changed or deleted: `git diff -U0`'s old sides."""
    diff = git(work, "diff", "-U0", "--no-color", "--no-ext-diff", task["parent"], task["commit"], "--", *task["files"])
    out: set[tuple[str, int]] = set()
    path = ""
    for line in diff.splitlines():
        if line.startswith("--- "):
            path = line[6:] if line.startswith("--- a/") else ""
        elif line.startswith("@@ -") and path:
            old = line[4:].split(" ", 1)[0]
            start, _, count = old.partition(",")
            out.update((path, n) for n in range(int(start), int(start) + int(count or 1)))
    return out


def available(cache: Path, files: list[str]) -> list[dict]:
    """The prime index's observations (findings, resolutions) in one of the changed files: the
    tasks recall is counted over are those with one (kept, shortened, to study misses)."""
    out = []
    for db_path in cache.glob("*/prime-index.sqlite3"):
        db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
        try:
            for (payload,) in db.execute("SELECT payload FROM records WHERE kind IN ('finding', 'resolution')"):
                record = json.loads(payload)
                place = record.get("path", record.get("legacy_path"))
                if place in files:
                    out.append({"path": place, "line": record.get("line"), "rule": record.get("rule", "resolution"),
                                "text": str(record.get("text") or record.get("message") or record.get("statement", ""))[:160]})
        finally:
            db.close()
    return out


# With `--floor F` the primes run with `indexer.prime.select`'s floors set to F here, in the
# bench's own launcher: product code reads no bench override. The launcher also reports on
# stderr (a `RELEVANCE {json}` line) which floor each observation was held to (`select.floor_class`: `area`
# (and `path` before round 5): RELEVANCE_FLOOR; `name`: NAME_FLOOR; `text`: TEXT_ONLY_FLOOR), whether a path bonus carried it, and the task score
# and matched terms of the index's records in the changed files (`RELEVANCE_FILES`): what
# `--floor-sweep` learns both floors from and what a miss is studied with. When sweeping, it also
# reports every candidate an observation floor was asked about (class, bonus, task score, matched
# terms, weight, text) and the index's record count: `--json` keeps them per task (`candidates`),
# so other floors and rules can be simulated offline from one run.
_LAUNCH = """
import atexit, json, os, sys
import indexer.prime.select as s
floor = sys.argv.pop(1)
sweeping = floor == "0.0001"
if floor != "-":
    s.RELEVANCE_FLOOR = s.TEXT_ONLY_FLOOR = s.NAME_FLOOR = float(floor)
files, floors, changed = set(os.environ.get("RELEVANCE_FILES", "").split(",")), {}, {}
_floor, _coordinated = getattr(s, "_floor", None), s.coordinated
candidates, relevance = {}, {}
def floor(key, hit, area, words, bonus, *named):
    if hasattr(s, "floor_class"):
        floors[key] = [s.floor_class(hit, area, words, *named), bonus > 0]
    else:  # round 3: no name class
        floors[key] = ["area" if area else "path" if s._path_words(hit) & words else "text", bonus > 0]
    if candidates is not None:
        payload = hit.payload
        candidates[key] = {"class": floors[key][0], "bonus": bonus, "kind": hit.kind, "places": s._places(hit),
                           "raw": relevance.get(key, 0.0) if hit.matched - s.GENERIC else 0.0,
                           "matched": sorted(hit.matched), "weight": s._weight(s.Candidate(key, hit.kind, payload)),
                           "text": str(payload.get("text") or payload.get("message") or payload.get("statement") or "")[:300],
                           "rule": payload.get("rule", hit.kind), "words": words}
    return _floor(key, hit, area, words, bonus, *named)
def coordinated(scored, weights):
    out = _coordinated(scored, weights)
    relevance.update(out)
    for key, hit in scored.items():
        if hit.kind in ("finding", "resolution") and set(s._places(hit)) & files:
            changed[key] = [out.get(key, 0.0), sorted(hit.matched), s._places(hit)[0], str(hit.payload.get("text") or hit.payload.get("statement") or "")[:120]]
    return out
s.coordinated = coordinated
_rank, index_meta = s.rank, {}
def rank(view, *args, **kwargs):
    index_meta["doc_count"] = view.meta.get("doc_count")
    return _rank(view, *args, **kwargs)
s.rank = rank
if hasattr(s, "_floor"):  # older versions have none: their floors are not reported
    s._floor = floor
if not sweeping:
    candidates = None  # kept only when sweeping, to simulate other floors offline
atexit.register(lambda: sys.stderr.write("RELEVANCE " + json.dumps({
    "floors": floors, "changed": changed, "candidates": candidates,
    "best": max([v for k, v in relevance.items() if k.startswith("standard:")], default=0.0),
    "doc_count": index_meta.get("doc_count")}) + "\\n"))
from indexer.cli import main
sys.argv[0] = "orgmemory"
sys.exit(main())
"""


def prime(work: Path, cache: Path, task: dict, budget: int, floor: float | None = None,
          paths: bool = False) -> dict:
    """`paths`: also pass the commit's changed files as `--paths`, what the hooks pass once the
    agent has edited them (a file the commit adds does not exist yet at the parent: it is passed
    all the same, as the working tree's changed files would be)."""
    launch = ["-c", _LAUNCH, "-" if floor is None else str(floor)]
    cmd = [sys.executable, *launch, "prime", task["task"], "--now", task["now"], "--format", "json",
           "--budget", str(budget), "--cache-dir", str(cache)]
    if paths:
        cmd += ["--paths", ",".join(task["files"])]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=work, capture_output=True, text=True,
                          env={**os.environ, "RELEVANCE_FILES": ",".join(task["files"])})
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        said = "\n".join(line for line in proc.stderr.splitlines() if not line.startswith("RELEVANCE "))
        return {"error": said.strip()[-300:], "seconds": elapsed}
    block = json.loads(proc.stdout)
    report = next((json.loads(line[len("RELEVANCE "):]) for line in proc.stderr.splitlines()
                   if line.startswith("RELEVANCE ")), {})
    return {"block": block, "seconds": elapsed, "report": report}


def score(task: dict, block: dict, held: list[dict], report: dict | None = None,
          touched: set[tuple[str, int]] = frozenset()) -> dict:
    floors, changed = (report or {}).get("floors", {}), (report or {}).get("changed", {})
    observations = [item for item in block["items"] if item["kind"] in ("finding", "resolution")]

    def about(item: dict) -> bool:
        return (concerns(item.get("path", ""), task["files"])
                or any(concerns(ref.rsplit(":", 1)[0], task["files"]) for ref in item.get("still_pointing", ())))

    def exactly(item: dict) -> bool:
        return (item.get("path", item.get("legacy_path")) in task["files"]
                or any(ref.rsplit(":", 1)[0] in task["files"] for ref in item.get("still_pointing", ())))

    relevant = [item for item in observations if about(item)]
    hit = any(item.get("path", item.get("legacy_path")) in task["files"] for item in observations)
    acted = {(h["path"], h["line"]) for h in held if h.get("line") and (h["path"], h["line"]) in touched}
    return {"acted": sorted(acted), "acted_hit": any((item.get("path"), item.get("line")) in acted for item in observations),
            "observations": len(observations), "relevant": len(relevant), "strict": sum(map(exactly, observations)),
            "available": bool(held), "held": held[:8],
            "hit": hit, "tokens": block["tokens"],
            "scores": [(item.get("relevance", item["score"]), about(item),
                        item.get("path", ""), *floors.get(_key(item), (None, False))) for item in observations],
            "changed": changed, **({"candidates": report["candidates"], "best_standard": report.get("best", 0.0),
                                    "doc_count": report.get("doc_count")}
                                   if (report or {}).get("candidates") is not None else {})}


def _key(item: dict) -> str:
    if item["kind"] == "resolution":
        return f"resolution:{item['id']}"
    return f"finding:{item['id']}:{item.get('line') or 0}"


def summary(rows: list[dict]) -> dict:
    shown = sum(r["observations"] for r in rows)
    with_available = [r for r in rows if r["available"]]
    tokens = [r["tokens"] for r in rows]
    return {
        "tasks": len(rows),
        "precision": round(sum(r["relevant"] for r in rows) / shown, 3) if shown else None,
        "strict": round(sum(r["strict"] for r in rows) / shown, 3) if shown else None,
        "observations": shown,
        "recall": round(sum(r["hit"] for r in with_available) / len(with_available), 3) if with_available else None,
        "recall_tasks": len(with_available),
        "acted": (f"{sum(r['acted_hit'] for r in rows if r.get('acted'))}/{sum(bool(r.get('acted')) for r in rows)}"
                  if any("acted" in r for r in rows) else None),
        "empty": round(sum(r["observations"] == 0 for r in rows) / len(rows), 3) if rows else None,
        "tokens_median": statistics.median(tokens) if tokens else None,
        "tokens_mean": round(statistics.mean(tokens), 1) if tokens else None,
    }


FLOORS = (0.3, 0.45, 0.6, 0.8, 1.0, 1.5, 2.0, 3.0)
TEXT_FLOORS = (0.6, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 6.0, 99.0)
NAME_FLOORS = (0.2, 0.3, 0.45, 0.6, 0.8, 1.0, 1.5, 2.0)


def floor_sweep(rows: list[dict], name_floor: float, pair: tuple[float, float]
                ) -> list[tuple[float, float, float, dict]]:
    """What each pair of floors (RELEVANCE_FLOOR, TEXT_ONLY_FLOOR) would give with NAME_FLOOR at
    `name_floor`, and each NAME_FLOOR with the pair at `pair`, on rows primed with the floors at
    0.0001: an item is kept when a path bonus carried it or its task score clears the floor it
    was held to (`select.floor_class`). Items past the budget or MAX_OBSERVATIONS at the lowest
    floors are not re-fitted, so recall at high floors is a lower bound."""
    triples = [(floor, text_floor, name_floor) for floor in FLOORS for text_floor in TEXT_FLOORS if text_floor >= floor]
    triples += [(*pair, name) for name in NAME_FLOORS]
    out = []
    for floor, text_floor, name in triples:
        held = {"text": max(text_floor, floor), "name": min(name, floor)}
        shown = relevant = empty = hits = 0
        with_available = [r for r in rows if r["available"]]
        for r in rows:
            kept = [(ok, path in r["files"]) for raw, ok, path, cls, bonus in r["scores"]
                    if bonus or raw >= held.get(cls, floor)]
            shown += len(kept)
            relevant += sum(ok for ok, _hit in kept)
            empty += not kept
            hits += r["available"] and any(hit for _ok, hit in kept)
        out.append((floor, text_floor, name, {
            "precision": round(relevant / shown, 3) if shown else None, "shown": shown,
            "recall": round(hits / len(with_available), 3) if with_available else None,
            "empty": round(empty / len(rows), 3) if rows else None}))
    return out


MODE_LABEL = {"task": "subject", "paths": "subject + --paths"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="only these dev-set repositories")
    parser.add_argument("--per-repo", type=int, default=30)
    parser.add_argument("--window", type=int, default=400, help="sample from this many latest commits")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--budget", type=int, default=800)
    parser.add_argument("--repos", type=Path, default=HERE / "real" / "repos.json",
                        help="the repositories (name, upstream, pinned commit), as bench/real/repos.json")
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--work", type=Path, default=Path("/tmp/orgmemory-relevance"))
    parser.add_argument("--json", type=Path, help="write every task's row here")
    parser.add_argument("--floor-sweep", action="store_true",
                        help="prime with the floors at 0.0001 and print what each floor would give on learn")
    parser.add_argument("--half", choices=("learn", "eval", "both"), default="both",
                        help="prime only the tasks of this half (tune on learn; read eval once)")
    parser.add_argument("--mode", choices=("task", "paths", "both"), default="both",
                        help="task: the subject only (an agent before its first edit); paths: the subject plus "
                             "`--paths` the changed files (after its first edit, what the hooks pass); both")
    args = parser.parse_args()
    modes = ("task", "paths") if args.mode == "both" else (args.mode,)
    repos = json.loads(args.repos.read_text())
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
            if args.half != "both" and half(task) != args.half:
                continue
            try:
                git(work, "checkout", "-q", "--force", "--detach", task["parent"])
            except subprocess.CalledProcessError as exc:  # a snapshot without its largest blobs
                print(f"  {repo['name']} {task['parent'][:8]}: not checked out ({exc.stderr.strip()[-120:]})",
                      file=sys.stderr)
                continue
            touched = acted_on(work, task)
            for mode in modes:
                out = prime(work, cache, task, args.budget, 0.0001 if args.floor_sweep else None,
                            paths=mode == "paths")
                if "error" in out:
                    print(f"  {repo['name']} {task['parent'][:8]} ({mode}): {out['error']}", file=sys.stderr)
                    continue
                row = score(task, out["block"], available(cache, task["files"]), out.get("report"), touched)
                rows.append({**row, "mode": mode, "repo": repo["name"], "half": half(task), "task": task["task"],
                             "commit": task["commit"], "files": task["files"], "seconds": round(out["seconds"], 2)})
        print(f"{repo['name']}: {len(tasks)} tasks in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    repos_seen = sorted({r["repo"] for r in rows})
    print(f"{len(rows)} tasks from {len(repos_seen)} repositories ({', '.join(repos_seen)}), budget {args.budget}")
    print("| primed with | half | tasks | precision | strict | observations | recall (tasks with one available)"
          " | acted on | empty | tokens median / mean |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for mode in modes:
        for name in ("learn", "eval", "all"):
            part = [r for r in rows if r["mode"] == mode and (name == "all" or r["half"] == name)]
            s = summary(part)
            print(f"| {MODE_LABEL[mode]} | {name} | {s['tasks']} | {s['precision']} | {s['strict']} | {s['observations']}"
                  f" | {s['recall']} ({s['recall_tasks']}) | {s['acted']} | {s['empty']} | {s['tokens_median']} / {s['tokens_mean']} |")
    if args.floor_sweep:
        # the version under test's floors, to sweep around
        from indexer.prime import select

        for mode in modes:
            learn = [r for r in rows if r["half"] == "learn" and r["mode"] == mode]
            for floor, text_floor, name, s in floor_sweep(learn, getattr(select, "NAME_FLOOR", 99.0),
                                                          (select.RELEVANCE_FLOOR, select.TEXT_ONLY_FLOOR)):
                print(f"learn, {MODE_LABEL[mode]}, floors {floor} / {text_floor} / name {name}: {s}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
