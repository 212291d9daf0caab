"""orgmemory's benchmark: one command, one table, targets from issue 7.

    python bench/run.py [--quick] [--runs N] [--corpus NAME ...] [--json FILE]

Prepares the corpora (cached, see corpora.py), then measures on each, interleaving every
measure with its baseline run by run, because the machines this runs on are noisy and a
ratio is only fair when both sides saw the same noise. Each figure is the median of N runs
after one untimed warm-up. Progress goes to stderr; stdout gets the table only.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import corpora  # noqa: E402  (a sibling module, not an installed package)
import prime as prime_bench  # noqa: E402

DEFAULT_NOW = "2026-11-01"
QUICK_CORPORA = ("synthetic-1k", "sqlalchemy")
LEASOT_VERSION = "14.4.0"
RG_PATTERN = "TODO|FIXME|XXX|HACK"
PRIME_TASK = "add a retry to the billing client"
PRIME_BUDGET = "400"
PRIME_FLOOR_IMPORTS = "exact"  # probe the modules a real prime imports (bench/prime.py)
STAGED_FILES = 5
MB = 1_000_000
# How a line comment looks per extension: the pre-commit measure appends one to staged files.
COMMENT_STYLE = {".py": "# {}", ".sh": "# {}", ".yaml": "# {}", ".tf": "# {}", ".ts": "// {}",
                 ".go": "// {}", ".bicep": "// {}", ".js": "// {}", ".md": "<!-- {} -->"}


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------
# Running one command, timed


@dataclass(frozen=True)
class Sample:
    seconds: float
    maxrss: int  # bytes: the largest single process of the command's tree (wait4's ru_maxrss)
    returncode: int
    stderr: str


def run_once(cmd: list[str], cwd: str, env: dict[str, str], timeout: float) -> Sample:
    """Wall time with perf_counter around fork..reap, and the peak RSS from `wait4`.

    `wait4` reports this one child (including the children it reaped, such as git), unlike
    RUSAGE_CHILDREN, which is the maximum over every child this process ever had. Output
    goes to a real file: some tools (rg, grep) stop at the first match when stdout is
    /dev/null, which would flatter them.
    """
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=err, start_new_session=True)
        timer = threading.Timer(timeout, _kill_group, (proc.pid,))
        timer.start()
        try:
            _pid, status, usage = os.wait4(proc.pid, 0)
        except BaseException:  # Ctrl-C: the child has its own session, so end it here
            _kill_group(proc.pid)
            proc.wait()
            raise
        finally:
            timer.cancel()
        seconds = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        stderr = err.read()[-4000:].decode("utf-8", "replace")
    return Sample(seconds, usage.ru_maxrss * 1024, proc.returncode, stderr)


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


@dataclass
class Series:
    """The runs of one command. Its first failure ends it and becomes its table cell."""

    label: str
    ok_codes: tuple[int, ...] = (0,)
    missing: str | None = None  # set when it cannot or did not run: shown instead of a figure
    samples: list[Sample] = field(default_factory=list)

    def run(self, cmd: list[str] | None, cwd: str, env: dict[str, str], timeout: float,
            record: bool = True) -> None:
        if self.missing or cmd is None:
            return
        sample = run_once(cmd, cwd, env, timeout)
        if sample.returncode == -signal.SIGKILL:
            self.missing = f"timeout (> {timeout:.0f} s)"
        elif sample.returncode not in self.ok_codes:
            self.missing = f"error (exit {sample.returncode}): {_last_line(sample.stderr)}"
        elif record:
            self.samples.append(sample)

    @property
    def seconds(self) -> float | None:
        return statistics.median(s.seconds for s in self.samples) if self.samples and not self.missing else None

    @property
    def maxrss(self) -> int | None:
        return int(statistics.median(s.maxrss for s in self.samples)) if self.samples and not self.missing else None


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return (lines[-1] if lines else "no message")[:120]


Step = tuple[Series, Callable[[int], "list[str] | None"]]


def interleave(steps: list[Step], runs: int, cwd: str, env: dict[str, str], timeout: float) -> None:
    """One untimed warm-up of each, then run i of every series before run i+1 of any.

    A step's callable gets the run number (-1 for the warm-up), does any per-run set-up
    (a fresh cache folder, a new staged change) untimed, and returns the command.
    """
    for run in range(-1, runs):
        for series, make in steps:
            if not series.missing:
                series.run(make(run), cwd, env, timeout, record=run >= 0)


# --------------------------------------------------------------------------------------------
# The tools under test and the baselines


@dataclass
class Tools:
    orgmemory: str
    python: str  # orgmemory's interpreter: the floors run in it, so both sides pay its start-up
    now: str
    version: str
    scan_help: str
    prime_help: str | None  # None when the CLI has no `prime`
    leasot: str | None
    leasot_why: str  # why leasot is missing
    rg: str | None
    prime_floor_imports: str

    @property
    def has_staged(self) -> bool:
        return "--staged" in self.scan_help

    def scan(self, repo: str, cache_dir: str, staged: bool = False) -> list[str]:
        return [self.orgmemory, "scan", *(["--staged"] if staged else []), repo, "--now", self.now,
                "--format", "json", "--fail-on", "never", "--cache-dir", cache_dir]

    def prime(self, cache_dir: str) -> list[str] | None:
        if self.prime_help is None:
            return None
        cmd = [self.orgmemory, "prime", PRIME_TASK, "--budget", PRIME_BUDGET]
        if "--now" in self.prime_help:
            cmd += ["--now", self.now]
        if "--cache-dir" in self.prime_help:
            cmd += ["--cache-dir", cache_dir]
        return cmd

    def prime_floor(self) -> list[str]:
        modules = ", ".join(m.strip() for m in self.prime_floor_imports.split(",") if m.strip())
        return [self.python, "-c", f"import {modules}"]

    def probe_prime_floor(self, repo: Path, cache_dir: str, env: dict[str, str]) -> None:
        """With "exact", the floor imports what an up-to-date prime in `repo` imported."""
        if self.prime_floor_imports != "exact" or self.prime_help is None:
            return
        subprocess.run(self.prime(cache_dir), cwd=repo, env=env, capture_output=True)
        try:
            modules = prime_bench.imported_modules(self.python, ["orgmemory", *self.prime(cache_dir)[1:]], repo, env)
        except subprocess.CalledProcessError:
            return
        self.prime_floor_imports = ",".join(modules)

    def leasot_cmd(self, files: list[str]) -> list[str] | None:
        if not self.leasot:
            return None
        return [self.leasot, "--exit-nicely", "--skip-unsupported", "--reporter", "json",
                "--tags", "XXX,HACK", *files]

    def rg_cmd(self) -> list[str] | None:
        return [self.rg, RG_PATTERN, "."] if self.rg else None


def find_orgmemory(explicit: str | None) -> str:
    """--orgmemory, else $ORGMEMORY_BIN, else the one beside this Python, else PATH."""
    candidates = [explicit, os.environ.get("ORGMEMORY_BIN"),
                  str(Path(sys.executable).parent / "orgmemory"), shutil.which("orgmemory")]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise SystemExit("bench: no `orgmemory` found: install the project (pip install -e .) or pass --orgmemory")


def interpreter_of(script: str) -> str:
    """The Python a console script runs in (its shebang), so floors start the same Python."""
    try:
        with open(script, "rb") as fh:
            first = fh.readline().decode("utf-8", "replace").strip()
    except OSError:
        return sys.executable
    if first.startswith("#!") and "python" in first:
        candidate = first[2:].split()[0]
        if os.access(candidate, os.X_OK):
            return candidate
    return sys.executable


def cli_help(orgmemory: str, *command: str) -> str | None:
    proc = subprocess.run([orgmemory, *command, "--help"], capture_output=True, text=True,
                          env=bench_env(), stdin=subprocess.DEVNULL)
    return proc.stdout if proc.returncode == 0 else None


def ensure_leasot(cache_root: Path) -> tuple[str | None, str]:
    """A leasot pinned and installed under the bench cache by npm, once."""
    prefix = cache_root / "node"
    binary = prefix / "node_modules" / ".bin" / "leasot"
    if binary.exists():
        return str(binary), ""
    npm = shutil.which("npm")
    if not npm:
        return None, "leasot not installed: no npm"
    log(f"installing leasot@{LEASOT_VERSION} under {prefix} ...")
    prefix.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run([npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund",
                           "--loglevel=error", f"leasot@{LEASOT_VERSION}"],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if proc.returncode != 0 or not binary.exists():
        return None, f"leasot not installed: npm failed ({_last_line(proc.stderr)})"
    return str(binary), ""


def detect_tools(args: argparse.Namespace) -> Tools:
    orgmemory = find_orgmemory(args.orgmemory)
    scan_help = cli_help(orgmemory, "scan")
    if scan_help is None:
        raise SystemExit(f"bench: `{orgmemory} scan --help` failed; is the project installed?")
    version = subprocess.run([orgmemory, "--version"], capture_output=True, text=True).stdout.strip()
    leasot, why = ensure_leasot(args.cache_root)
    python = interpreter_of(orgmemory)
    prime_bench.compile_bytecode(python)
    return Tools(orgmemory=orgmemory, python=python, now=args.now, version=version,
                 scan_help=scan_help, prime_help=cli_help(orgmemory, "prime"), leasot=leasot,
                 leasot_why=why, rg=shutil.which("rg"), prime_floor_imports=args.prime_floor_imports)


def bench_env() -> dict[str, str]:
    """Hermetic git (no user or system config) for the tool and the baselines alike."""
    env = corpora.git_env()
    env.pop("ORGMEMORY_CACHE_DIR", None)
    return env


# --------------------------------------------------------------------------------------------
# Targets


@dataclass(frozen=True)
class Target:
    """A target from issue 7. `corpora` names where the issue sets it; on other corpora the
    verdict is shown in parentheses, for orientation only."""

    text: str
    limit: float | None = None  # seconds or bytes
    max_ratio: float | None = None
    corpora: tuple[str, ...] | None = None
    strict: bool = True  # "under" the limit; False for "at most"

    def verdict(self, corpus: str, ours: float | None, base: float | None) -> str:
        if ours is None:
            return "n/a"
        checks = []
        if self.limit is not None:
            checks.append(ours < self.limit if self.strict else ours <= self.limit)
        if self.max_ratio is not None:
            checks.append(None if not base else ours / base <= self.max_ratio)
        word = "FAIL" if False in checks else "?" if None in checks else "PASS"
        if self.corpora is None or corpus in self.corpora:
            return word
        return f"({word.lower()})"


COLD = Target("<= 5x, <= 3 s", limit=3.0, max_ratio=5.0, corpora=("synthetic-1k",), strict=False)
WARM = Target("<= 3x, < 150 ms", limit=0.150, max_ratio=3.0, corpora=("synthetic-1k",))
PRECOMMIT = Target("< 300 ms", limit=0.300)
PRIME = Target("<= 1.3x, < 150 ms", limit=0.150, max_ratio=1.3)
MEMORY = Target("< 300 MB", limit=300 * MB, corpora=("synthetic-5k",))


# --------------------------------------------------------------------------------------------
# Measuring one corpus


@dataclass
class Row:
    corpus: corpora.Corpus
    measure: str
    ours: Series
    baseline_label: str = ""
    baseline: Series | None = None
    target: Target | None = None
    unit: str = "s"  # "s": seconds, "rss": peak RSS

    def figures(self) -> tuple[float | None, float | None]:
        pick = (lambda s: s.seconds) if self.unit == "s" else (lambda s: s.maxrss)
        return pick(self.ours), (pick(self.baseline) if self.baseline else None)

    def ratio(self) -> float | None:
        ours, base = self.figures()
        return ours / base if ours is not None and base else None

    def verdict(self) -> str:
        ours, base = self.figures()
        return self.target.verdict(self.corpus.name, ours, base) if self.target else ""


class Workspace:
    """Scratch cache folders for one corpus, under the bench cache, removed afterwards."""

    def __init__(self, root: Path) -> None:
        root.mkdir(parents=True, exist_ok=True)
        self.root = Path(tempfile.mkdtemp(prefix="run-", dir=root))

    def fresh(self, name: str) -> str:
        path = self.root / name
        shutil.rmtree(path, ignore_errors=True)
        path.mkdir()
        return str(path)

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def bench_corpus(corpus: corpora.Corpus, tools: Tools, runs: int, timeout: float,
                 cache_root: Path) -> list[Row]:
    """cold (with leasot and rg), warm (with its floor), prime (with its floor), pre-commit."""
    ensure_clean(corpus)
    env, repo = bench_env(), corpus.path
    space = Workspace(cache_root / "tmp")
    try:
        cold, leasot, rg = measure_cold(corpus, tools, runs, timeout, space, env)
        warm_cache = space.fresh("warm")
        Series("fill").run(tools.scan(repo, warm_cache), repo, env, timeout)
        warm, floor = Series("warm scan"), Series("floor")
        interleave([(warm, lambda i: tools.scan(repo, warm_cache)),
                    (floor, lambda i: [tools.python, str(HERE / "floor_warm.py"), repo, warm_cache])],
                   runs, repo, env, timeout)
        prime, prime_floor, prime_changed, prime_floor2 = measure_prime(
            corpus, tools, runs, timeout, warm_cache, env)
        precommit = measure_precommit(corpus, tools, runs, timeout, warm_cache, env)
    finally:
        space.close()
    floor_label = "floor: ls-files+status+cache"
    imports_label = "floor: imports only"
    return [
        Row(corpus, "cold scan", cold, "leasot", leasot, COLD),
        Row(corpus, "cold scan", cold, "rg", rg),
        Row(corpus, "warm scan", warm, floor_label, floor, WARM),
        Row(corpus, f"pre-commit ({STAGED_FILES} staged)", precommit, target=PRECOMMIT),
        Row(corpus, "prime", prime, imports_label, prime_floor, PRIME),
        Row(corpus, "prime, 1 file changed", prime_changed, imports_label, prime_floor2),
        Row(corpus, "peak RSS, cold scan", cold, "leasot", leasot, MEMORY, unit="rss"),
    ]


def measure_cold(corpus, tools: Tools, runs: int, timeout: float, space: Workspace,
                 env: dict[str, str]) -> tuple[Series, Series, Series]:
    """A cold scan gets an empty cache folder every run; leasot and rg read the same tree."""
    repo = corpus.path
    files = corpora.git(repo, "ls-files", "-z").split("\0")[:-1]
    cold = Series("cold scan")
    leasot = Series("leasot", missing=None if tools.leasot else f"n/a ({tools.leasot_why})")
    rg = Series("rg", ok_codes=(0, 1), missing=None if tools.rg else "n/a (rg not installed)")
    interleave([(cold, lambda i: tools.scan(repo, space.fresh("cold"))),
                (leasot, lambda i: tools.leasot_cmd(files)),
                (rg, lambda i: tools.rg_cmd())], runs, repo, env, timeout)
    return cold, leasot, rg


def measure_prime(corpus, tools: Tools, runs: int, timeout: float, cache_dir: str,
                  env: dict[str, str]) -> tuple[Series, Series, Series, Series]:
    """prime on an up-to-date index (the warm-up brings it up to date), then prime right
    after one file changed (a different change every run, so each run refreshes)."""
    why = None if tools.prime_help is not None else "n/a (command missing)"
    prime, floor = Series("prime", missing=why), Series("prime floor")
    changed, floor2 = Series("prime, 1 file changed", missing=why), Series("prime floor")
    repo = corpus.path
    prime_env = {**env, "ORGMEMORY_CACHE_DIR": cache_dir}
    tools.probe_prime_floor(repo, cache_dir, prime_env)
    interleave([(prime, lambda i: tools.prime(cache_dir)), (floor, lambda i: tools.prime_floor())],
               runs, repo, prime_env, timeout)
    if why:
        return prime, floor, changed, floor2
    with WorkTreeEdits(corpus) as edits:
        def change_one(run: int) -> list[str] | None:
            edits.append_todo(edits.candidates[:1], run)
            return tools.prime(cache_dir)

        interleave([(changed, change_one), (floor2, lambda i: tools.prime_floor())],
                   runs, repo, prime_env, timeout)
    return prime, floor, changed, floor2


def measure_precommit(corpus, tools: Tools, runs: int, timeout: float, cache_dir: str,
                      env: dict[str, str]) -> Series:
    """`scan --staged` after staging a new one-line change (a TODO) to 5 files, a different
    change every run, so each run sees blobs its cache has never seen."""
    series = Series("pre-commit", missing=None if tools.has_staged else "n/a (command missing)")
    if series.missing:
        return series
    with WorkTreeEdits(corpus) as edits:
        if len(edits.candidates) < STAGED_FILES:
            series.missing = "n/a (too few text files)"
            return series

        def stage(run: int) -> list[str]:
            edits.append_todo(edits.candidates, run)
            corpora.git(corpus.path, "add", "--", *edits.candidates)
            return tools.scan(corpus.path, cache_dir, staged=True)

        interleave([(series, stage)], runs, corpus.path, env, timeout)
    return series


class WorkTreeEdits:
    """Changes to a few tracked files of a cached corpus, undone (reset to HEAD) on exit."""

    def __init__(self, corpus) -> None:
        self.repo = Path(corpus.path)
        self.candidates = staged_candidates(corpus)
        self.originals = {path: (self.repo / path).read_bytes() for path in self.candidates}

    def append_todo(self, paths: Iterable[str], run: int) -> None:
        """The original content plus one TODO line naming the run: new bytes every run."""
        for path in paths:
            data = self.originals[path]
            style = COMMENT_STYLE[os.path.splitext(path)[1]]
            line = style.format(f"TODO: bench change {run + 1}") + "\n"
            (self.repo / path).write_bytes(data + (b"" if data.endswith(b"\n") else b"\n") + line.encode())

    def __enter__(self) -> "WorkTreeEdits":
        return self

    def __exit__(self, *exc) -> None:
        corpora.git(self.repo, "reset", "-q", "--hard", "HEAD")
        corpora.settle_index(self.repo)


def staged_candidates(corpus) -> list[str]:
    """Five tracked files with a known comment syntax, picked by a seed: the same every run."""
    files = sorted(p for p in corpora.git(corpus.path, "ls-files", "-z").split("\0")
                   if os.path.splitext(p)[1] in COMMENT_STYLE)
    return sorted(random.Random(corpus.name).sample(files, min(STAGED_FILES, len(files))))


def ensure_clean(corpus) -> None:
    """A previous run killed mid pre-commit could have left changes: put HEAD back."""
    if corpora.git(corpus.path, "status", "--porcelain", "--untracked-files=no").strip():
        log(f"[{corpus.name}] work tree was modified; resetting it to HEAD")
        corpora.git(corpus.path, "reset", "-q", "--hard", "HEAD")
        corpora.settle_index(Path(corpus.path))


# --------------------------------------------------------------------------------------------
# Output


def fmt_seconds(value: float | None) -> str:
    if value is None:
        return ""
    if value >= 1:
        return f"{value:.2f} s"
    return f"{value * 1000:.1f} ms" if value < 0.01 else f"{value * 1000:.0f} ms"


def fmt_value(row: Row, value: float | None) -> str:
    if row.unit == "rss":
        return "" if value is None else f"{value / MB:.0f} MB"
    return fmt_seconds(value)


def table(rows: list[Row]) -> str:
    header = ("corpus", "files", "commits", "measure", "median", "baseline", "baseline median",
              "ratio", "target", "verdict")
    body: list[tuple[str, ...]] = []
    previous = None
    for row in rows:
        ours, base = row.figures()
        first = row.corpus.name != previous
        previous = row.corpus.name
        ratio = row.ratio()
        body.append((
            row.corpus.name if first else "", str(row.corpus.files) if first else "",
            str(row.corpus.commits) if first else "", row.measure,
            row.ours.missing or fmt_value(row, ours),
            row.baseline_label,
            (row.baseline.missing or fmt_value(row, base)) if row.baseline else "",
            f"{ratio:.2f}x" if ratio is not None else "",
            row.target.text if row.target else "", row.verdict(),
        ))
    right = {1, 2, 4, 6, 7}
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *(line(r) for r in body)])


def legend(runs: int, tools: Tools) -> str:
    return (f"median of {runs} run{'' if runs == 1 else 's'} after one warm-up, each interleaved with its baseline; "
            f"ratio = median / baseline median. imports-only floor: {tools.python} -c "
            f"'import {tools.prime_floor_imports}'. A verdict in (parentheses) is for orientation: "
            "the issue sets that target on another corpus.")


def to_json(rows: list[Row], tools: Tools, runs: int, corpus_list: list[corpora.Corpus]) -> dict:
    def series(s: Series | None) -> dict | None:
        if s is None:
            return None
        return {"label": s.label, "missing": s.missing,
                "seconds": [round(x.seconds, 6) for x in s.samples],
                "maxrss_bytes": [x.maxrss for x in s.samples]}

    return {
        "version": 1,
        "now": tools.now,
        "runs": runs,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "platform": platform.platform()},
        "tools": {"orgmemory": tools.version, "leasot": LEASOT_VERSION if tools.leasot else None,
                  "rg": tools.rg, "git": corpora.git(".", "--version").strip()},
        "corpora": [{"name": c.name, "files": c.files, "commits": c.commits, "head": c.head,
                     "path": c.path} for c in corpus_list],
        "rows": [{"corpus": r.corpus.name, "measure": r.measure, "unit": r.unit,
                  "median": r.figures()[0], "baseline_label": r.baseline_label,
                  "baseline_median": r.figures()[1], "ratio": r.ratio(),
                  "target": r.target.text if r.target else None, "verdict": r.verdict(),
                  "ours": series(r.ours), "baseline": series(r.baseline)} for r in rows],
    }


# --------------------------------------------------------------------------------------------
# Entry point


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help=f"3 runs on {' and '.join(QUICK_CORPORA)} (unless --runs/--corpus say otherwise)")
    parser.add_argument("--runs", type=int, default=None, help="timed runs per measure (default 5, quick 3)")
    parser.add_argument("--corpus", action="append", choices=sorted(corpora.CORPORA), default=None,
                        help="repeatable; default: all")
    parser.add_argument("--json", type=Path, default=None, help="also write every sample to this file")
    parser.add_argument("--cache-root", type=Path, default=corpora.default_cache_root(),
                        help="corpora, leasot and scratch caches [default: %(default)s]")
    parser.add_argument("--orgmemory", default=None, help="the CLI to measure [default: beside this python]")
    parser.add_argument("--now", default=DEFAULT_NOW, help="passed to orgmemory [default: %(default)s]")
    parser.add_argument("--timeout", type=float, default=600.0, help="per command, seconds")
    parser.add_argument("--prime-floor-imports", default=PRIME_FLOOR_IMPORTS,
                        help="modules the prime floor imports [default: %(default)s]")
    args = parser.parse_args(argv)
    args.runs = args.runs or (3 if args.quick else 5)
    args.corpus = args.corpus or list(QUICK_CORPORA if args.quick else corpora.CORPORA)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    tools = detect_tools(args)
    prepared = [corpora.prepare(name, args.cache_root, log=log) for name in args.corpus]
    rows: list[Row] = []
    for corpus in prepared:
        log(f"[{corpus.name}] measuring ({args.runs} run{'' if args.runs == 1 else 's'}) ...")
        started = time.perf_counter()
        rows += bench_corpus(corpus, tools, args.runs, args.timeout, args.cache_root)
        log(f"[{corpus.name}] done in {time.perf_counter() - started:.0f} s")
    print(table(rows))
    print(legend(args.runs, tools))
    if args.json:
        args.json.write_text(json.dumps(to_json(rows, tools, args.runs, prepared), indent=2) + "\n")
        log(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
