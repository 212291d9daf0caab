"""Is the output byte-identical? A check for refactors that must not change behaviour.

    python bench/same_output.py run OUT [--corpus NAME ...] [--pythonpath DIR]
    python bench/same_output.py compare BEFORE AFTER

`run` writes, for every corpus, what a user sees from

    orgmemory scan --format json, orgmemory scan (text), orgmemory prime TASK --format json,
    orgmemory report --html

with a fixed `--now` and a fresh cache folder (always the same path, so a path quoted in an
output is the same in both runs; the report's wall-clock times are masked), plus each command's exit code and stderr, into OUT/<corpus>/.
`compare` lists the files that differ between two such folders and shows the first lines of
each difference; it exits 1 when anything differs.

The corpora:

* `brownfield`: the public evaluation fixture from /work/shared/corpus/make_brownfield.py
  (only when that script exists), built once into the corpora folder;
* `synthetic-small`: a `bench/corpora.py` synthetic brownfield history (300 files, 3,000
  commits; cached like every bench corpus), small enough to run on every refactor;
* any name of `bench/corpora.py` CORPORA given with --corpus (synthetic-1k, ...);
* `real:NAME`, a dev-set repository of `bench/real/repos.json` at its pinned commit and with its
  own `now` (checked out by `bench/real/checkout.py` from the fetched mirrors).

To show that a difference comes from someone else's commit rather than yours, run `run` with
`--pythonpath` pointing at a `git worktree add /tmp/wt <commit>` of that commit.
"""
from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpora  # noqa: E402

NOW = "2026-11-01"
TASK = "rename the deployment scripts and update the docs that point at them"
BROWNFIELD = Path("/work/shared/corpus/make_brownfield.py")
WORK = Path(os.environ.get("ORGMEMORY_SAME_OUTPUT_WORK", "/tmp/orgmemory-same-output"))
corpora.CORPORA.setdefault("synthetic-small", corpora.SyntheticSpec(files=300, commits=3_000))
DEFAULT = ("brownfield", "synthetic-small")


def real_repo(name: str) -> dict:
    repos = json.loads((HERE / "real" / "repos.json").read_text())
    return next(r for r in repos if r["name"] == name)


def corpus_path(name: str) -> Path:
    if name.startswith("real:"):
        work = WORK / "devset"
        subprocess.run([sys.executable, str(HERE / "real" / "checkout.py"), "--work", str(work), name[5:]],
                       check=True, stderr=subprocess.DEVNULL)
        return work / name[5:]
    if name == "brownfield":
        target = WORK / "corpora" / "brownfield"
        if not (target / ".git").is_dir():
            target.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run([sys.executable, str(BROWNFIELD), str(target), "--force"], check=True,
                           stdout=subprocess.DEVNULL)
        return target
    return Path(corpora.prepare(name, log=lambda m: print(m, file=sys.stderr)).path)


def commands(repo: Path, out: Path, now: str = NOW) -> dict[str, list[str]]:
    report = str(WORK / "report.html")
    NOW = now  # noqa: N806  (the corpus's own date for a dev-set repository)
    return {
        "scan.json": ["scan", str(repo), "--format", "json", "--now", NOW, "--fail-on", "never"],
        "scan.txt": ["scan", str(repo), "--now", NOW, "--fail-on", "never"],
        "prime.json": ["prime", TASK, "--repo", str(repo), "--format", "json", "--now", NOW],
        "report.html": ["report", str(repo), "--html", report, "--now", NOW],
    }


def run(out: Path, names: list[str], pythonpath: str | None) -> None:
    env = {**os.environ, "ORGMEMORY_LOG_TASK": ""}
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    for name in names:
        if name == "brownfield" and not BROWNFIELD.exists():
            print(f"skip brownfield: {BROWNFIELD} does not exist", file=sys.stderr)
            continue
        repo = corpus_path(name)
        folder = out / name.replace(':', '-')
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        cache = WORK / "cache"
        shutil.rmtree(cache, ignore_errors=True)  # the same fresh cache for every run
        now = real_repo(name[5:])["now"] if name.startswith("real:") else NOW
        for filename, argv in commands(repo, folder, now).items():
            proc = subprocess.run([sys.executable, "-m", "indexer", *argv, "--cache-dir", str(cache)],
                                  cwd=repo, env=env, capture_output=True)
            if filename == "report.html":
                page = WORK / "report.html"
                body = page.read_bytes() if page.exists() else b""
                page.unlink(missing_ok=True)
            else:
                body = proc.stdout
            (folder / filename).write_bytes(_mask_clock(body))
            (folder / f"{filename}.exit").write_text(f"{proc.returncode}\n")
            (folder / f"{filename}.stderr").write_bytes(proc.stderr)
            print(f"{name}/{filename}: exit {proc.returncode}, {len(body)} bytes", file=sys.stderr)


# The two wall-clock facts a report states: when the scan ran and how long it took, and the
# times of day in the usage log (whose dates follow --now). Everything else must match.
CLOCK = [(re.compile(rb"(<dt>Scanned</dt><dd>)[^<]*(</dd>)"), rb"\1(clock)\2"),
         (re.compile(rb"(\d{4}-\d\d-\d\dT)\d\d:\d\d:\d\dZ"), rb"\1(clock)Z")]


def _mask_clock(body: bytes) -> bytes:
    for pattern, replacement in CLOCK:
        body = pattern.sub(replacement, body)
    return body


def compare(before: Path, after: Path) -> int:
    left = {p.relative_to(before) for p in before.rglob("*") if p.is_file()}
    right = {p.relative_to(after) for p in after.rglob("*") if p.is_file()}
    differ = 0
    for rel in sorted(left | right):
        if rel not in left or rel not in right:
            print(f"only in {'before' if rel in left else 'after'}: {rel}")
            differ += 1
            continue
        a, b = (before / rel).read_bytes(), (after / rel).read_bytes()
        if a == b:
            continue
        differ += 1
        print(f"differs: {rel}")
        lines = difflib.unified_diff(a.decode("utf-8", "replace").splitlines(),
                                     b.decode("utf-8", "replace").splitlines(), lineterm="", n=0)
        for i, line in enumerate(lines):
            if i >= 40:
                print("    ...")
                break
            print(f"    {line[:200]}")
    print(f"{differ} file(s) differ" if differ else "identical")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="action", required=True)
    r = sub.add_parser("run", help="write every output for every corpus into OUT")
    r.add_argument("out", type=Path)
    r.add_argument("--corpus", action="append", help=f"default: {', '.join(DEFAULT)}")
    r.add_argument("--pythonpath", help="run orgmemory from this source tree (a git worktree)")
    c = sub.add_parser("compare", help="list what differs between two `run` folders")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    if args.action == "run":
        run(args.out, args.corpus or list(DEFAULT), args.pythonpath)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
