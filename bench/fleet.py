"""`orgmemory fleet scan` on 50 generated repositories: parallel speed-up, skip, memory, Dask.

    python bench/fleet.py [--repos 50] [--files 120] [--workers 2] [--no-dask] [--json FILE]

Generates the repositories once (cached under --root, default $TMPDIR/orgmemory-bench-fleet),
each with backdated history, TODOs, legacy references and a Terraform file that an org
standard forbids; then measures, each in a fresh work folder so every scan is cold:

1. sequential: `--workers 1` (the same process pool, one process);
2. parallel: `--workers 2`; target: wall time <= 0.6 x sequential;
3. unchanged re-run of (2); target: <= 5 % of (2);
4. the same run through Dask's LocalCluster (`--engine dask --workers 2`), if installed.

Peak memory: the largest resident set of any process a worker ran (git, `orgmemory scan`),
from each result's `max_rss_mb` (getrusage of the worker's children), and of the whole run
(getrusage of this script's children); target < 300 MB. Prints a table; `--json` writes it.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NOW = "2026-11-01"
ORG = """\
version: 1
org: bench
standards:
  - id: iac-azure-bicep
    statement: All infrastructure is provisioned on Azure with Bicep.
    priority: must
    forbid: [{glob: "**/*.tf"}]
  - id: python-311
    statement: Services run on Python 3.11.
    review_by: 2026-06-01
legacy:
  - path: deploy/legacy
    successor: deploy/v2
"""


def git(root: Path, *args: str, when: str | None = None) -> None:
    env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull,
               GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="bench@example.com",
               GIT_COMMITTER_NAME="Bench", GIT_COMMITTER_EMAIL="bench@example.com")
    if when:
        env.update(GIT_AUTHOR_DATE=f"{when}T12:00:00+00:00", GIT_COMMITTER_DATE=f"{when}T12:00:00+00:00")
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def make_repo(root: Path, index: int, files: int) -> None:
    root.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    for step, when in enumerate(("2021-04-01", "2023-02-01", "2025-01-15", "2026-09-01")):
        for n in range(files // 4):
            number = step * (files // 4) + n
            (root / f"svc{number % 7}").mkdir(exist_ok=True)
            body = "".join(
                f"def handler_{number}_{k}(event):\n    # TODO: retry on timeout ({index}/{k})\n"
                f"    return event.get('id')  # see deploy/legacy/run.sh\n\n" for k in range(12))
            (root / f"svc{number % 7}" / f"mod_{number}.py").write_text(f'"""Module {number}."""\n' + body)
        (root / "README.md").write_text(f"# repo {index}\n\nDeploy with `deploy/{'legacy' if index % 3 else 'v2'}/run.sh`;"
                                        f" see docs/guide-{step}.md.\n")
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", f"step {step}", when=when)
    (root / "deploy" / "legacy").mkdir(parents=True)
    (root / "deploy" / "legacy" / "run.sh").write_text("echo old\n")
    (root / "deploy" / "v2").mkdir(parents=True)
    (root / "deploy" / "v2" / "run.sh").write_text("echo new\n")
    if index % 2:
        (root / "infra").mkdir()
        (root / "infra" / "main.tf").write_text('resource "x" "y" {}\n')
    if index % 5:
        (root / ".orgmemory.yaml").write_text("version: 1\nscan:\n  todo:\n    stale_after: 400d\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "deploy", when="2026-10-01")


def prepare(root: Path, repos: int, files: int) -> Path:
    stamp = root / f"ready-{repos}-{files}"
    if not stamp.exists():
        shutil.rmtree(root, ignore_errors=True)
        root.mkdir(parents=True)
        for index in range(repos):
            make_repo(root / f"repo{index:03d}", index, files)
        (root / "fleet.txt").write_text("".join(f"repo{i:03d}\n" for i in range(repos)))
        (root / "org.yaml").write_text(ORG)
        stamp.write_text("ok\n")
    return root / "fleet.txt"


def fleet(listing: Path, work: Path, *extra: str) -> tuple[float, dict]:
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "indexer", "fleet", "scan", str(listing), "--work", str(work),
                           "--standards", str(listing.parent / "org.yaml"), "--now", NOW, "--format", "json",
                           *extra], capture_output=True, text=True)
    seconds = time.monotonic() - started
    if proc.returncode not in (0, 1):
        sys.exit(f"fleet scan failed: {proc.stderr.strip()}")
    manifest = json.loads(proc.stdout)
    failed = [r for r in manifest["repositories"] if r["status"] == "failed"]
    if failed:
        sys.exit(f"{len(failed)} repositories failed, e.g. {failed[0]}")
    return seconds, manifest


def peak(manifest: dict) -> float:
    return max(r.get("max_rss_mb") or 0 for r in manifest["repositories"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repos", type=int, default=50)
    parser.add_argument("--files", type=int, default=120)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--root", type=Path, default=Path(tempfile.gettempdir()) / "orgmemory-bench-fleet")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    print(f"preparing {args.repos} repositories under {args.root}", file=sys.stderr)
    listing = prepare(args.root, args.repos, args.files)
    works = args.root / "work"
    shutil.rmtree(works, ignore_errors=True)
    rows = []
    print("sequential", file=sys.stderr)
    sequential, m1 = fleet(listing, works / "seq", "--workers", "1")
    rows.append(("sequential (--workers 1)", sequential, peak(m1), ""))
    print("parallel", file=sys.stderr)
    parallel, m2 = fleet(listing, works / "par", "--workers", str(args.workers))
    rows.append((f"parallel (--workers {args.workers})", parallel, peak(m2),
                 f"{parallel / sequential:.2f}x sequential (target <= 0.60)"))
    print("unchanged re-run", file=sys.stderr)
    rerun, m3 = fleet(listing, works / "par", "--workers", str(args.workers))
    assert all(r["reused"] for r in m3["repositories"]), "an unchanged repository was scanned again"
    rows.append(("unchanged re-run", rerun, peak(m3), f"{100 * rerun / parallel:.1f} % of the first (target <= 5 %)"))
    if not args.no_dask:
        try:
            import distributed  # noqa: F401
        except ImportError:
            rows.append(("dask LocalCluster", None, None, "n/a (pip install 'orgmemory[fleet]')"))
        else:
            print("dask", file=sys.stderr)
            dask_s, m4 = fleet(listing, works / "dask", "--engine", "dask", "--workers", str(args.workers))
            rows.append((f"dask LocalCluster ({args.workers} workers)", dask_s, peak(m4),
                         f"{dask_s / sequential:.2f}x sequential"))
    whole = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    findings = sum(r.get("findings", 0) for r in m2["repositories"])
    print(f"{args.repos} repositories x {args.files} files, {findings} findings, {os.cpu_count()} CPUs\n")
    print("| run | wall s | peak MB per process | against target |\n|---|---:|---:|---|")
    for name, seconds, mb, note in rows:
        print(f"| {name} | {'' if seconds is None else f'{seconds:.2f}'} | {'' if mb is None else f'{mb:.0f}'} | {note} |")
    print(f"\nlargest process of the whole bench: {whole:.0f} MB (target per worker < 300 MB)")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "peak_mb": whole}, indent=1))


if __name__ == "__main__":
    main()
