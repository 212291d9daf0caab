"""Benchmark corpora, prepared reproducibly into a cache folder.

Two kinds:

* **sdist** corpora: a real source distribution from PyPI (`pip download`), extracted and
  committed into a fresh git repository with a fixed identity and date. Real code, real
  comment density, but a single commit.
* **synthetic** corpora: a brownfield repository with a long backdated history, generated
  from a seed. It exists because the expensive part of a scan is ageing TODO lines through
  history, and sdists have none. The history is written as one `git fast-import` stream
  (backdated `author`/`committer` lines), which builds 20,000 commits in seconds where
  20,000 `git commit` calls would take many minutes.

Every corpus is cached under a folder named by its parameters and format version, and marked
ready only once complete (a `<name>.json` beside it), so a re-run is instant and an
interrupted build is redone rather than trusted. Git always runs with the system and global
configuration disabled, so the same parameters give the same commit SHAs on every machine.

    python bench/corpora.py [--cache-root DIR] [NAME ...]   # prepare and describe
"""
from __future__ import annotations

import argparse
import calendar
import hashlib
import json
import math
import os
import posixpath
import random
import shutil
import subprocess
import sys
import tarfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable

# Bump when the content that a given set of parameters produces changes: caches of the old
# format are then ignored (and `corpora.py --prune` removes them).
SDIST_FORMAT = 1
SYNTHETIC_FORMAT = 2

BENCH_NAME, BENCH_EMAIL = "Bench Builder", "bench@example.com"
SDIST_DATE = "2024-06-03T12:00:00+00:00"


# --------------------------------------------------------------------------------------------
# Specifications and the named corpora


@dataclass(frozen=True)
class SdistSpec:
    """A PyPI source distribution committed as one commit."""

    package: str
    version: str
    date: str = SDIST_DATE

    @property
    def key(self) -> str:
        return f"sdist-{self.package.lower()}-{self.version}-f{SDIST_FORMAT}"


@dataclass(frozen=True)
class SyntheticSpec:
    """A generated brownfield repository.

    `files` is the number of tracked files at HEAD, `commits` the length of the history.
    `todo_rate` is the chance that a newly written line is a marker comment (tuned so HEAD has
    a few hundred markers per thousand files, a little above sqlalchemy's density),
    `trap_rate` the chance that an ordinary line says TODO without being a marker, and
    `ref_rate` the chance that a line of a doc, script or config names a repository path.
    """

    files: int
    commits: int
    seed: int = 20261101
    median_lines: int = 120
    todo_rate: float = 0.003
    trap_rate: float = 0.005
    ref_rate: float = 0.1
    start: str = "2015-01-05"
    end: str = "2026-10-15"

    @property
    def key(self) -> str:
        digest = hashlib.sha1(json.dumps([asdict(self), SYNTHETIC_FORMAT], sort_keys=True).encode()).hexdigest()
        return f"synthetic-f{self.files}-c{self.commits}-{digest[:10]}"


CORPORA: dict[str, SdistSpec | SyntheticSpec] = {
    "sqlalchemy": SdistSpec("sqlalchemy", "2.0.36"),
    "django": SdistSpec("django", "5.1.4"),
    "synthetic-1k": SyntheticSpec(files=1_000, commits=20_000),
    "synthetic-5k": SyntheticSpec(files=5_000, commits=20_000),
}


@dataclass(frozen=True)
class Corpus:
    """A prepared corpus: a git repository with a clean, fully refreshed work tree."""

    name: str
    path: str
    files: int
    commits: int
    head: str
    build_seconds: float  # how long the first preparation took
    cached: bool  # True when this call found it ready


def default_cache_root() -> Path:
    """$ORGMEMORY_BENCH_CACHE, else $XDG_CACHE_HOME/orgmemory-bench, else ~/.cache/..."""
    if os.environ.get("ORGMEMORY_BENCH_CACHE"):
        return Path(os.environ["ORGMEMORY_BENCH_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "orgmemory-bench"


# --------------------------------------------------------------------------------------------
# Git, hermetic


def git_env(when: str | None = None, name: str = BENCH_NAME, email: str = BENCH_EMAIL) -> dict[str, str]:
    """No system or user configuration, a fixed identity: the same input gives the same SHAs."""
    env = dict(os.environ)
    env.update(GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull,
               GIT_AUTHOR_NAME=name, GIT_AUTHOR_EMAIL=email,
               GIT_COMMITTER_NAME=name, GIT_COMMITTER_EMAIL=email)
    if when:
        env.update(GIT_AUTHOR_DATE=when, GIT_COMMITTER_DATE=when)
    return env


def git(repo: Path | str, *args: str, when: str | None = None) -> str:
    proc = subprocess.run(["git", *args], cwd=repo, env=git_env(when), stdin=subprocess.DEVNULL,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} failed in {repo}: {proc.stderr.strip()}")
    return proc.stdout


def settle_index(repo: Path) -> None:
    """Leave an index whose timestamps are newer than every file.

    Files written in the same second as the index are "racily clean": every later
    `git status` re-reads them. That would inflate the warm-scan measure and its floor, so
    wait past the second and let `git status` rewrite the index (it does when entries are racy).
    """
    time.sleep(1.05)
    git(repo, "status", "--porcelain", "--untracked-files=no")


def describe(repo: Path) -> dict[str, object]:
    files = git(repo, "ls-files", "-z").count("\0")
    commits = int(git(repo, "rev-list", "--count", "HEAD").strip())
    head = git(repo, "rev-parse", "HEAD").strip()
    return {"files": files, "commits": commits, "head": head}


# --------------------------------------------------------------------------------------------
# Preparation, cached by parameters


def prepare(name: str, cache_root: Path | None = None, log: Callable[[str], None] | None = None) -> Corpus:
    """The corpus `name`, built on first use and read from the cache afterwards."""
    if name not in CORPORA:
        raise KeyError(f"unknown corpus {name!r}; known: {', '.join(CORPORA)}")
    spec = CORPORA[name]
    root = (cache_root or default_cache_root()) / "repos"
    target, marker = root / spec.key, root / f"{spec.key}.json"
    ready = _read_marker(marker, target)
    if ready is not None:
        return Corpus(name=name, path=str(target), cached=True, **ready)
    log = log or (lambda message: None)
    log(f"preparing corpus {name} ({spec.key}) ...")
    root.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    scratch = root / f"{spec.key}.tmp-{os.getpid()}"
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir()
    try:
        if isinstance(spec, SdistSpec):
            build_sdist(spec, scratch, (cache_root or default_cache_root()) / "downloads")
        else:
            build_synthetic(spec, scratch)
        shutil.rmtree(target, ignore_errors=True)
        os.rename(scratch, target)  # only a complete build gets the real name
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    settle_index(target)  # a rename keeps every file's stat data, so this holds after it
    facts = {**describe(target), "build_seconds": round(time.perf_counter() - started, 2)}
    marker.write_text(json.dumps({"spec": asdict(spec), **facts}, indent=2, sort_keys=True) + "\n")
    log(f"prepared {name}: {facts['files']} files, {facts['commits']} commits "
        f"in {facts['build_seconds']:.1f} s")
    return Corpus(name=name, path=str(target), cached=False, **facts)


def _read_marker(marker: Path, target: Path) -> dict[str, object] | None:
    if not (marker.is_file() and (target / ".git").is_dir()):
        return None
    try:
        data = json.loads(marker.read_text())
        return {key: data[key] for key in ("files", "commits", "head", "build_seconds")}
    except (ValueError, KeyError):
        return None


# --------------------------------------------------------------------------------------------
# sdist corpora


def build_sdist(spec: SdistSpec, repo: Path, downloads: Path) -> None:
    """`pip download` the sdist (pip checks it against PyPI's hash), extract, commit once."""
    archive = download_sdist(spec, downloads)
    extract_archive(archive, repo)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", f"{spec.package} {spec.version} from its PyPI sdist", when=spec.date)


def download_sdist(spec: SdistSpec, downloads: Path) -> Path:
    """Only this package is forced to source: build dependencies may come as wheels, which
    keeps pip's metadata step at seconds instead of compiling Cython from source."""
    downloads.mkdir(parents=True, exist_ok=True)
    found = _find_archive(spec, downloads)
    if found:
        return found
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--no-binary", spec.package, "-d", str(downloads), f"{spec.package}=={spec.version}"],
                   check=True, stdin=subprocess.DEVNULL)
    found = _find_archive(spec, downloads)
    if not found:
        raise RuntimeError(f"pip download left no sdist of {spec.package}=={spec.version} in {downloads}")
    return found


def _find_archive(spec: SdistSpec, downloads: Path) -> Path | None:
    """sdist names vary in case and separators (Django-5.1.4, sqlalchemy-2.0.36)."""
    wanted = {f"{spec.package}-{spec.version}".lower(),
              f"{spec.package.replace('-', '_')}-{spec.version}".lower()}
    for entry in sorted(downloads.iterdir()):
        if entry.name.endswith(".tar.gz") and entry.name[:-len(".tar.gz")].lower() in wanted:
            return entry
    return None


def extract_archive(archive: Path, repo: Path) -> None:
    """Extract with the single top-level folder stripped; the `data` filter refuses
    absolute paths, links out of the tree and device files."""
    with tarfile.open(archive) as tar:
        members = []
        for member in tar.getmembers():
            parts = member.name.split("/", 1)
            if len(parts) < 2 or not parts[1]:
                continue
            member.name = parts[1]
            members.append(member)
        tar.extractall(repo, members=members, filter="data")


# --------------------------------------------------------------------------------------------
# Synthetic corpora: content


WORDS = ("order", "invoice", "user", "session", "cache", "queue", "report", "token", "retry",
         "billing", "ledger", "export", "account", "search", "notify", "payment", "audit", "quota")
AREAS = ("billing", "accounts", "search", "reports", "ingest", "notify")
PEOPLE = ("Ada Lovelace", "Grace Hopper", "Alan Turing", "Barbara Liskov", "Ken Thompson",
          "Margaret Hamilton", "Dennis Ritchie", "Frances Allen", "John Backus", "Radia Perlman",
          "Edsger Dijkstra", "Leslie Lamport")
TODO_TEXTS = ("handle the empty case", "remove after the v2 migration", "this is slow on large inputs",
              "replace with the new client", "make this configurable", "flaky under load, retry?",
              "check with ops before enabling", "migrate off the legacy path", "drop this shim",
              "validate the input", "log the failure instead of swallowing it", "dedupe with the v2 code")
PROSE = ("compute the {w} total", "the {w} list is kept sorted", "callers expect a {w} here",
         "keep in sync with the {w} service", "see the {w} runbook")
MARKERS = (("TODO", 60), ("FIXME", 20), ("HACK", 10), ("XXX", 10))


@dataclass(frozen=True)
class Lang:
    """How to write one language: where its files live and what its blocks look like.

    A file is a header plus blocks; a block is `opening + body lines + closing`, so edits that
    replace or insert body lines keep the file syntactically plausible for the parsers.
    """

    name: str
    weight: int
    comment: str  # line-comment prefix, or an HTML comment template for markdown
    indent: str
    path: Callable[[random.Random, int, str], str]  # (rng, serial, era) -> path
    header: Callable[[random.Random], list[str]]
    opening: Callable[[random.Random, int], list[str]]
    body: Callable[["Writer"], str]
    closing: tuple[str, ...] = ()


def _w(rng: random.Random) -> str:
    return rng.choice(WORDS)


def _era_dir(era: str) -> str:
    return {"legacy": "legacy/", "v2": "v2/"}.get(era, "")


def _pick(wr: "Writer", ordinary: tuple[str, ...], traps: tuple[str, ...],
          refs: tuple[Callable[[], str], ...] = ()) -> str:
    """Mostly ordinary code; now and then a line that says TODO without being a marker
    (an identifier, a string literal, prose), which a grep counts and a parser must not, or
    one that names another file of the repository (made lazily: it draws a path)."""
    roll = wr.rng.random()
    if roll < wr.spec.trap_rate:
        return wr.rng.choice(traps)
    if refs and roll < wr.spec.trap_rate + wr.spec.ref_rate:
        return wr.rng.choice(refs)()
    return wr.rng.choice(ordinary)


def _py_body(wr: "Writer") -> str:
    rng, w = wr.rng, _w(wr.rng)
    return _pick(wr, (f"    value = {w}_total(value) + {rng.randint(1, 99)}",
                      f"    if not value:\n        raise ValueError('no {w}')",
                      f"    # {rng.choice(PROSE).format(w=w)}",
                      f"    log.debug('{w} %s', value)"),
                 (f"    todo_list = load_{w}s(value)",
                  '    status = "TODO"  # the state name',
                  f"    # the todo list of {w}s is kept elsewhere"))


def _ts_body(wr: "Writer") -> str:
    rng, w = wr.rng, _w(wr.rng)
    return _pick(wr, (f"  value = value * {rng.randint(2, 9)} + {rng.randint(1, 99)};",
                      f"  // {rng.choice(PROSE).format(w=w)}",
                      f"  if (!value) {{ throw new Error('no {w}'); }}"),
                 ("  const todoList: string[] = load(value);",
                  '  const label = "TODO";'))


def _go_body(wr: "Writer") -> str:
    rng, w = wr.rng, _w(wr.rng)
    return _pick(wr, (f"\tv = v + {rng.randint(1, 99)}",
                      f"\t// {rng.choice(PROSE).format(w=w)}",
                      "\tif v == 0 {\n\t\treturn 0\n\t}"),
                 (f"\ttodoList := []string{{\"{w}\"}}\n\t_ = todoList",
                  '\tstatus := "TODO"\n\t_ = status'))


def _sh_body(wr: "Writer") -> str:
    rng, w = wr.rng, _w(wr.rng)
    return _pick(wr, (f'  echo "step {rng.randint(1, 99)}: {w}"',
                      f"  # {rng.choice(PROSE).format(w=w)}",
                      f'  [ -n "${{{w.upper()}:-}}" ] || return 1'),
                 (f'  export TODO_LIST="{w}"',),
                 (lambda: f"  bash {wr.reference('sh')}",))


def _md_body(wr: "Writer") -> str:
    rng, w = wr.rng, _w(wr.rng)
    return _pick(wr, (f"{rng.choice(PROSE).format(w=w).capitalize()}.",
                      f"The {w} service answers within {rng.randint(10, 900)} ms.",
                      f"Every {w} change needs a second reviewer from the {rng.choice(AREAS)} team.",
                      f"A {w} is immutable once it has been exported."),
                 (f"Our TODO list for {w} lives in the tracker, not here.",),
                 (lambda: f"The {w} flow is described in `{wr.reference()}`.",
                  lambda: f"See [{w}]({wr.relative(wr.reference())}) for the details.",
                  lambda: f"Run `{wr.reference('sh')}` before a release."))


def _yaml_body(wr: "Writer") -> str:
    rng, w = wr.rng, _w(wr.rng)
    return _pick(wr, (f"  {w}_limit: {rng.randint(1, 500)}",
                      f"  # {rng.choice(PROSE).format(w=w)}"),
                 ("  todo_list: []", '  state: "TODO"'),
                 (lambda: f"  script: {wr.reference('sh')}",))


def _docker_body(wr: "Writer") -> str:
    rng, w = wr.rng, _w(wr.rng)
    return _pick(wr, (f"RUN pip install --no-cache-dir {w}lib=={rng.randint(1, 9)}.{rng.randint(0, 20)}",
                      f"# {rng.choice(PROSE).format(w=w)}"),
                 (f"ENV TODO_LIST={w}",),
                 (lambda: f"COPY {wr.reference('sh')} /usr/local/bin/",))


def _tf_body(wr: "Writer") -> str:
    rng, w = wr.rng, _w(wr.rng)
    return _pick(wr, (f'  tags = {{ team = "{w}" }}',
                      f"  # {rng.choice(PROSE).format(w=w)}",
                      f"  count = {rng.randint(1, 5)}"),
                 ('  description = "TODO"',))


def _bicep_body(wr: "Writer") -> str:
    rng, w = wr.rng, _w(wr.rng)
    return _pick(wr, (f"  location: '{rng.choice(('westeurope', 'eastus', 'northeurope'))}'",
                      "  kind: 'StorageV2'",
                      f"  // {rng.choice(PROSE).format(w=w)}"),
                 ("  tags: { note: 'TODO' }",))


LANGS: tuple[Lang, ...] = (
    Lang("py", 30, "#", "    ",
         path=lambda r, n, era: f"src/{r.choice(AREAS)}/{_era_dir(era)}{_w(r)}_{n}.py",
         header=lambda r: ['"""Generated module."""', "import logging", "", "log = logging.getLogger(__name__)"],
         opening=lambda r, n: ["", "", f"def {_w(r)}_{n}(value):"],
         body=_py_body, closing=("    return value",)),
    Lang("ts", 18, "//", "  ",
         path=lambda r, n, era: f"web/src/{r.choice(AREAS)}/{_w(r)}{n}.ts",
         header=lambda r: ["import { load } from './load';"],
         opening=lambda r, n: ["", f"export function {_w(r)}{n}(value: number): number {{"],
         body=_ts_body, closing=("  return value;", "}")),
    Lang("go", 15, "//", "\t",
         path=lambda r, n, era: f"services/{r.choice(AREAS[:3])}/{_era_dir(era)}{_w(r)}_{n}.go",
         header=lambda r: [f"package {_w(r)}"],
         opening=lambda r, n: ["", f"func {_w(r).title()}{n}(v int) int {{"],
         body=_go_body, closing=("\treturn v", "}")),
    Lang("md", 10, "<!-- {} -->", "",
         path=lambda r, n, era: f"docs/{r.choice(AREAS)}/{_w(r)}-{n}.md",
         header=lambda r: [f"# The {_w(r)} guide"],
         opening=lambda r, n: ["", f"## {_w(r).title()} {n}", ""],
         body=_md_body),
    Lang("yaml", 8, "#", "  ",
         path=lambda r, n, era: f"deploy/{_era_dir(era) or r.choice(AREAS) + '/'}{_w(r)}-{n}.yaml",
         header=lambda r: ["version: 1"],
         opening=lambda r, n: [f"{_w(r)}_{n}:"],
         body=_yaml_body),
    Lang("sh", 6, "#", "  ",
         path=lambda r, n, era: f"{'deploy/' + _era_dir(era) if era else 'scripts/'}{_w(r)}_{n}.sh",
         header=lambda r: ["#!/usr/bin/env bash", "set -euo pipefail"],
         opening=lambda r, n: ["", f"{_w(r)}_{n}() {{"],
         body=_sh_body, closing=("}",)),
    Lang("Dockerfile", 4, "#", "",
         path=lambda r, n, era: f"docker/{_w(r)}-{n}/Dockerfile",
         header=lambda r: ["FROM python:3.12-slim", "WORKDIR /app"],
         opening=lambda r, n: [""],
         body=_docker_body),
    Lang("tf", 5, "#", "  ",
         path=lambda r, n, era: f"infra/aws/{_w(r)}_{n}.tf",
         header=lambda r: ['terraform {', '  required_version = ">= 1.5"', "}"],
         opening=lambda r, n: ["", f'resource "aws_s3_bucket" "{_w(r)}_{n}" {{', f'  bucket = "{_w(r)}-{n}"'],
         body=_tf_body, closing=("}",)),
    Lang("bicep", 4, "//", "  ",
         path=lambda r, n, era: f"infra/azure/{_w(r)}{n}.bicep",
         header=lambda r: ["targetScope = 'resourceGroup'"],
         opening=lambda r, n: ["", f"resource sa{n} 'Microsoft.Storage/storageAccounts@2023-01-01' = {{",
                               f"  name: '{_w(r)}{n}'"],
         body=_bicep_body, closing=("}",)),
)
ERA_LANGS = {"py", "go", "yaml", "sh"}  # the languages that have a legacy/ beside a v2/


class Writer:
    """Writes lines for a language: statements, marker comments and path references."""

    def __init__(self, rng: random.Random, spec: SyntheticSpec, clock: Callable[[], int]) -> None:
        self.rng = rng
        self.spec = spec
        self.clock = clock  # the current commit's epoch, for deadlines relative to "then"
        self.paths: list[str] = []  # live paths, oldest first (churn is skewed to the old core)
        self.here = ""  # the file being written
        self.by_ext: dict[str, list[str]] = {}

    def reference(self, ext: str | None = None) -> str:
        """A path that exists now; later deletes and renames make some of them dangle."""
        pool = (self.by_ext.get(ext) if ext else None) or self.paths
        if not pool:
            return self.here  # the very first file can only name itself
        return pool[self.rng.randrange(len(pool))]

    def relative(self, path: str) -> str:
        """As a markdown link from the file being written: links resolve from its folder."""
        return posixpath.relpath(path, posixpath.dirname(self.here) or ".")

    def marker_line(self, lang: Lang) -> str:
        rng = self.rng
        marker = rng.choices([m for m, _ in MARKERS], [w for _, w in MARKERS])[0]
        text = rng.choice(TODO_TEXTS)
        form = rng.random()
        if form < 0.15:
            who = rng.choice(PEOPLE).split()[0].lower()
            body = f"{marker}({who}): {text}"
        elif form < 0.25:
            due = time.gmtime(self.clock() + rng.randint(30, 720) * 86400)
            body = f"{marker}({due.tm_year:04d}-{due.tm_mon:02d}-{due.tm_mday:02d}): {text}"
        elif form < 0.35:
            body = f"{marker}: fold {self.reference()} in here"
        else:
            body = f"{marker}: {text}"
        if "{}" in lang.comment:
            return lang.comment.format(body)
        return f"{lang.indent}{lang.comment} {body}"

    def line(self, lang: Lang) -> str:
        if self.rng.random() < self.spec.todo_rate:
            return self.marker_line(lang)
        return lang.body(self)

    def block(self, lang: Lang, serial: int) -> list[str]:
        """[opening, body lines..., closing]; opening and closing are single (multi-line)
        items, so edits that touch items 1..-1 only ever touch the body."""
        rng = self.rng
        opening = list(lang.opening(rng, serial))
        if rng.random() < self.spec.todo_rate * 3:  # a comment above the block
            opening.insert(len(opening) - 1, self.marker_line(lang).lstrip())
        body = [self.line(lang) for _ in range(rng.randint(2, 9))]
        return ["\n".join(opening), *body, *(["\n".join(lang.closing)] if lang.closing else [])]

    def new_file(self, lang: Lang, serial: int) -> list[list[str]]:
        """A file as blocks: block 0 is the header, the rest are units edits work on."""
        size = max(10, min(1500, int(self.rng.lognormvariate(math.log(self.spec.median_lines), 0.8))))
        blocks = [list(lang.header(self.rng))]
        count = 0
        while count < size:
            blocks.append(self.block(lang, serial * 1000 + len(blocks)))
            count += sum(item.count("\n") + 1 for item in blocks[-1])
        return blocks

    def edit(self, lang: Lang, blocks: list[list[str]], serial: int) -> None:
        """One to four edits: change, insert or delete a body line, add or drop a block,
        or resolve a marker comment (so some TODOs die young and the survivors vary in age)."""
        rng = self.rng
        for _ in range(rng.randint(1, 4)):
            index = rng.randrange(1, len(blocks)) if len(blocks) > 1 else None
            roll = rng.random()
            if index is None or roll < 0.08:
                blocks.append(self.block(lang, serial * 1000 + len(blocks)))
                continue
            block = blocks[index]
            first, last = 1, len(block) - (1 if lang.closing else 0)
            if roll < 0.12 and len(blocks) > 3:
                del blocks[index]
            elif roll < 0.20 and self._resolve_marker(blocks):
                pass
            elif last <= first or roll < 0.55:
                block.insert(rng.randint(first, max(first, last)), self.line(lang))
            elif roll < 0.90:
                block[rng.randrange(first, last)] = self.line(lang)
            elif last - first > 1:
                del block[rng.randrange(first, last)]

    def _resolve_marker(self, blocks: list[list[str]]) -> bool:
        """Delete a marker comment from the body of one of three blocks (never an opening)."""
        for block in self.rng.sample(blocks[1:], min(3, len(blocks) - 1)):
            for i in range(1, len(block)):
                if any(f"{m}:" in block[i] or f"{m}(" in block[i] for m, _ in MARKERS):
                    del block[i]
                    return True
        return False

    def track(self, path: str) -> None:
        self.paths.append(path)
        self.by_ext.setdefault(_ext(path), []).append(path)

    def untrack(self, path: str) -> None:
        self.paths.remove(path)
        self.by_ext[_ext(path)].remove(path)


def _ext(path: str) -> str:
    base = path.rsplit("/", 1)[-1]
    return base.rsplit(".", 1)[-1] if "." in base else base


# --------------------------------------------------------------------------------------------
# Synthetic corpora: history


@dataclass
class Plan:
    """What each commit does, decided up front so the history has a shape, not just noise.

    20% of the files exist in the first commit and the rest arrive over the first 70% of the
    history; deletes and legacy->v2 renames happen in the second half (docs keep naming the
    old paths); every other commit edits one to three files.
    """

    creates: list[int]  # per commit: how many files it adds
    deletes: dict[int, int]  # commit -> how many files it deletes
    renames: dict[int, int]  # commit -> how many legacy files it moves to v2

    @classmethod
    def make(cls, spec: SyntheticSpec, rng: random.Random) -> "Plan":
        n_delete = spec.files * 3 // 100
        n_rename = spec.files * 4 // 100
        total = spec.files + n_delete
        initial = total // 5
        growth_end = max(2, int(spec.commits * 0.7))
        creates = [0] * spec.commits
        creates[0] = initial
        for i in range(total - initial):
            creates[1 + (i * (growth_end - 1)) // (total - initial)] += 1
        half = spec.commits // 2
        deletes: dict[int, int] = {}
        for _ in range(n_delete):
            at = rng.randrange(half, spec.commits)
            deletes[at] = deletes.get(at, 0) + 1
        renames: dict[int, int] = {}
        for _ in range(n_rename):
            at = rng.randrange(half, int(spec.commits * 0.85))
            renames[at] = renames.get(at, 0) + 1
        return cls(creates=creates, deletes=deletes, renames=renames)


def _epoch(day: str) -> int:
    return calendar.timegm(time.strptime(day + " 12", "%Y-%m-%d %H"))


class FastImportStream:
    """Writes a `git fast-import` stream: one commit after another on refs/heads/main."""

    def __init__(self, out) -> None:
        self.out = out
        self.mark = 0

    def commit(self, when: int, author: str, message: str, changes: list[bytes]) -> None:
        self.mark += 1
        who = f"{author} <{author.lower().replace(' ', '.')}@example.com> {when} +0000"
        msg = message.encode()
        head = (f"commit refs/heads/main\nmark :{self.mark}\nauthor {who}\ncommitter {who}\n"
                f"data {len(msg)}\n").encode()
        self.out.write(head + msg + b"\n" + b"".join(changes) + b"\n")

    @staticmethod
    def modify(path: str, text: str) -> bytes:
        data = text.encode()
        return b"M 100644 inline %s\ndata %d\n%s\n" % (path.encode(), len(data), data)

    @staticmethod
    def delete(path: str) -> bytes:
        return b"D %s\n" % path.encode()

    @staticmethod
    def rename(old: str, new: str) -> bytes:
        return b"R %s %s\n" % (old.encode(), new.encode())


def generate_history(spec: SyntheticSpec, out) -> None:
    """Write the whole history of a synthetic corpus to `out` as a fast-import stream."""
    rng = random.Random(spec.seed)
    start, end = _epoch(spec.start), _epoch(spec.end)
    step = (end - start) / spec.commits
    now = {"t": start}
    writer = Writer(rng, spec, clock=lambda: now["t"])
    plan = Plan.make(spec, rng)
    files: dict[str, tuple[Lang, list[list[str]]]] = {}
    langs, weights = list(LANGS), [lang.weight for lang in LANGS]
    stream = FastImportStream(out)
    serial = 0
    for i in range(spec.commits):
        now["t"] = max(now["t"] + 1, int(start + i * step + rng.random() * step * 0.8))
        era = "legacy" if i < spec.commits // 2 else "v2"
        changes: list[bytes] = []
        touched: set[str] = set()
        for _ in range(plan.creates[i]):
            serial += 1
            lang = rng.choices(langs, weights)[0]
            path = lang.path(rng, serial, era if lang.name in ERA_LANGS and rng.random() < 0.3 else "")
            writer.here = path
            files[path] = (lang, writer.new_file(lang, serial))
            writer.track(path)
            touched.add(path)
        for _ in range(plan.renames.get(i, 0)):
            moved = _rename_legacy(files, writer, rng)
            if moved:
                changes.append(FastImportStream.rename(*moved))
        for _ in range(plan.deletes.get(i, 0)):
            victim = writer.paths[rng.randrange(len(writer.paths))]
            files.pop(victim)
            writer.untrack(victim)
            touched.discard(victim)
            changes.append(FastImportStream.delete(victim))
        if not plan.creates[i]:
            for _ in range(rng.choice((1, 1, 1, 2, 2, 3))):
                path = writer.paths[int(len(writer.paths) * rng.random() ** 2)]
                writer.here = path
                writer.edit(files[path][0], files[path][1], serial + i)
                touched.add(path)
        for path in sorted(touched):
            changes.append(FastImportStream.modify(path, _render(files[path][1])))
        author = PEOPLE[int(len(PEOPLE) * rng.random() ** 1.5)]
        stream.commit(now["t"], author, f"{rng.choice(WORDS)}: change {i + 1}", changes)
    out.write(b"done\n")


def _rename_legacy(files, writer: Writer, rng: random.Random) -> tuple[str, str] | None:
    """Move a legacy file to its v2 successor folder, as a migration would."""
    legacy = [p for p in writer.paths[:2000] if "/legacy/" in p] or [p for p in writer.paths if "/legacy/" in p]
    if not legacy:
        return None
    old = rng.choice(legacy)
    new = old.replace("/legacy/", "/v2/", 1)
    if new in files:
        return None
    files[new] = files.pop(old)
    writer.untrack(old)
    writer.track(new)
    return old, new


def _render(blocks: list[list[str]]) -> str:
    return "\n".join(line for block in blocks for line in block) + "\n"


def build_synthetic(spec: SyntheticSpec, repo: Path) -> None:
    """Stream the generated history into `git fast-import`, then check out HEAD."""
    git(repo, "init", "-q", "-b", "main")
    proc = subprocess.Popen(["git", "fast-import", "--quiet", "--done"], cwd=repo, env=git_env(),
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _generate_to(spec, proc.stdin)
        proc.stdin.close()
    except BrokenPipeError:
        pass
    stderr = proc.stderr.read().decode(errors="replace")
    if proc.wait() != 0:
        raise RuntimeError(f"git fast-import failed: {stderr.strip()}")
    git(repo, "reset", "-q", "--hard", "main")
    git(repo, "commit-graph", "write", "--reachable")  # what `git gc` leaves in a real clone


class _BufferedPipe:
    """Batch small writes: one write per commit into a pipe is slow in Python."""

    def __init__(self, raw, limit: int = 1 << 20) -> None:
        self.raw, self.limit, self.parts, self.size = raw, limit, [], 0

    def write(self, data: bytes) -> None:
        self.parts.append(data)
        self.size += len(data)
        if self.size >= self.limit:
            self.flush()

    def flush(self) -> None:
        self.raw.write(b"".join(self.parts))
        self.parts, self.size = [], 0


def _generate_to(spec: SyntheticSpec, raw) -> None:
    pipe = _BufferedPipe(raw)
    generate_history(spec, pipe)
    pipe.flush()


def prune(cache_root: Path | None = None) -> list[Path]:
    """Remove cached corpora that no current specification names (older FORMATs, old
    parameters) and scratch folders of interrupted builds."""
    root = (cache_root or default_cache_root()) / "repos"
    keep = {spec.key for spec in CORPORA.values()}
    removed = []
    for entry in sorted(root.iterdir()) if root.is_dir() else []:
        if entry.name.removesuffix(".json") not in keep:
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
            removed.append(entry)
    return removed


# --------------------------------------------------------------------------------------------
# Command line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Prepare the benchmark corpora (cached).")
    parser.add_argument("names", nargs="*", default=list(CORPORA), help=f"default: all of {', '.join(CORPORA)}")
    parser.add_argument("--cache-root", type=Path, default=None, help="default: ~/.cache/orgmemory-bench")
    parser.add_argument("--prune", action="store_true", help="first remove corpora no spec names any more")
    args = parser.parse_args(argv)
    if args.prune:
        for path in prune(args.cache_root):
            print(f"removed {path}", file=sys.stderr)
    for name in args.names:
        started = time.perf_counter()
        corpus = prepare(name, args.cache_root, log=lambda m: print(m, file=sys.stderr))
        took = time.perf_counter() - started
        print(f"{corpus.name:14} {corpus.files:6} files {corpus.commits:6} commits  "
              f"{'cached' if corpus.cached else 'built'} in {took:.2f} s  {corpus.path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
