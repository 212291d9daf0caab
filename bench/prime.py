"""The priming block's acceptance cases and latency, on the brownfield corpus.

    python bench/prime.py [--repo DIR] [--runs N] [--json FILE]

Without --repo, builds the corpus with ../shared/corpus/make_brownfield.py into a temporary
folder. Then:

1. runs each `prime_cases` entry of the corpus labels (`orgmemory prime TASK --budget B
   --now 2026-11-01 --format json` inside the repo) and checks must_include (a standard id, or
   a legacy path with its successor), must_exclude and the budget;
2. times `orgmemory prime` on an up-to-date index against its floor, a Python process that
   imports exactly the modules that prime imports (orgmemory's own excepted), interleaving the
   two run by run so both see the same machine noise; medians of N runs after a warm-up;
3. times a prime right after one tracked file changed (each run edits it again), which
   refreshes the index through the scan.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NOW = "2026-11-01"
TASK = "Add a staging deployment step for the notifications service."
BUDGET = "400"
CHANGED_FILE = "services/orders/app/main.py"
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "make_brownfield.py"
ORGMEMORY = str(Path(sys.executable).with_name("orgmemory"))


def prime_command(task: str = TASK, budget: str = BUDGET, fmt: str = "markdown") -> list[str]:
    return [ORGMEMORY, "prime", task, "--budget", budget, "--now", NOW, "--format", fmt]


def check_cases(repo: Path, labels: dict) -> list[dict]:
    rows = []
    for number, case in enumerate(labels["prime_cases"], 1):
        proc = subprocess.run(prime_command(case["task"], str(case["budget"]), "json"), cwd=repo,
                              capture_output=True, text=True, check=True)
        block = json.loads(proc.stdout)
        ids = {item["id"] for item in block["items"]}
        legacy = {item["legacy_path"]: item.get("successor") for item in block["items"]
                  if item["kind"] == "resolution"}
        missing = [x for x in case["must_include"] if x not in ids and not legacy.get(x)]
        present = [x for x in case["must_exclude"] if x in ids or x in block["text"]]
        rows.append({"case": number, "task": case["task"], "budget": case["budget"], "tokens": block["tokens"],
                     "missing": missing, "excluded_present": present,
                     "ok": not missing and not present and block["tokens"] <= case["budget"]})
    return rows


def floor_modules(repo: Path) -> list[str]:
    """The modules a prime imports beyond a bare interpreter's, orgmemory's own left out."""
    return imported_modules(sys.executable, ["orgmemory", *prime_command()[1:]], repo)


def imported_modules(python: str, argv: list[str], repo: Path, env: dict | None = None) -> list[str]:
    """What running the orgmemory CLI with `argv` imports, orgmemory's own modules left out."""
    probe = ("import sys\nbase = set(sys.modules)\nfrom indexer.cli import main\n"
             f"sys.argv = {argv!r}\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "new = sorted(m for m in set(sys.modules) - base if m != 'indexer' and not m.startswith('indexer.'))\n"
             "print(','.join(new), file=sys.stderr)\n")
    proc = subprocess.run([python, "-c", probe], cwd=repo, env=env, capture_output=True, text=True, check=True)
    return proc.stderr.strip().splitlines()[-1].split(",")


def timed(command: list[str], repo: Path) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=repo, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def compile_bytecode(python: str) -> None:
    """Byte-compile the measured package, as `pip install` does for a wheel.

    An editable install writes `.pyc` files only on first import, and never under
    PYTHONDONTWRITEBYTECODE=1 (set on some CI machines): every run would then compile
    orgmemory's own modules from source, while the floors import third-party modules that
    were compiled at their install.
    """
    probe = "import indexer, os; print(os.path.dirname(indexer.__file__))"
    folder = subprocess.run([python, "-c", probe], capture_output=True, text=True).stdout.strip()
    if folder:
        subprocess.run([python, "-m", "compileall", "-q", folder], capture_output=True)


def latency(repo: Path, runs: int) -> dict:
    compile_bytecode(sys.executable)
    modules = floor_modules(repo)
    floor = [sys.executable, "-c", "import " + ", ".join(modules)]
    prime = prime_command()
    timed(prime, repo)
    primes, floors = [], []
    for _ in range(runs):
        primes.append(timed(prime, repo))
        floors.append(timed(floor, repo))
    changed = repo / CHANGED_FILE
    original = changed.read_text()
    after_change = []
    try:
        for n in range(runs):
            changed.write_text(original + f"# edited for the benchmark, run {n}\n")
            after_change.append(timed(prime, repo))
    finally:
        changed.write_text(original)
        timed(prime, repo)
    ms = lambda values: round(statistics.median(values) * 1000, 1)  # noqa: E731
    return {"runs": runs, "prime_ms": ms(primes), "floor_ms": ms(floors),
            "ratio": round(statistics.median(primes) / statistics.median(floors), 2),
            "after_one_change_ms": ms(after_change), "floor_modules": len(modules)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, help="a brownfield corpus with REPO.labels.json beside it")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args()
    scratch = None
    repo = args.repo
    if repo is None:
        scratch = Path(tempfile.mkdtemp(prefix="orgmemory-prime-bench-"))
        repo = scratch / "brownfield"
        subprocess.run([sys.executable, str(CORPUS), str(repo)], check=True, stdout=subprocess.DEVNULL)
    try:
        labels = json.loads(Path(f"{repo}.labels.json").read_text())
        cases = check_cases(repo, labels)
        timing = latency(repo, args.runs)
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
    for row in cases:
        verdict = "ok  " if row["ok"] else "FAIL"
        print(f"{verdict} case {row['case']}: {row['tokens']}/{row['budget']} tokens"
              + (f", missing {row['missing']}" if row["missing"] else "")
              + (f", should be absent {row['excluded_present']}" if row["excluded_present"] else ""))
    print(f"prime (up to date): {timing['prime_ms']} ms median of {timing['runs']}; "
          f"floor ({timing['floor_modules']} modules): {timing['floor_ms']} ms; ratio {timing['ratio']} "
          f"(target <= 1.3 and < 150 ms)")
    print(f"prime right after one file changed: {timing['after_one_change_ms']} ms median")
    if args.json:
        args.json.write_text(json.dumps({"cases": cases, "latency": timing}, indent=2) + "\n")
    return 0 if all(row["ok"] for row in cases) else 1


if __name__ == "__main__":
    sys.exit(main())
