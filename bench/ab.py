"""What the A/B scripts here share: this checkout's orgmemory (A) against another version's work
tree (B, `--base CHECKOUT`, a `git worktree add` of another commit), each run with `PYTHONPATH`
set to its tree."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def arguments(doc: str, runs: int = 5) -> argparse.ArgumentParser:
    """REPO, `--runs`, `--now`, `--base`: the options every A/B script takes."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("repo")
    parser.add_argument("--runs", type=int, default=runs)
    parser.add_argument("--now", default="2026-11-01")
    parser.add_argument("--base", help="a work tree of the version to compare with")
    return parser


def versions(base: str | None) -> dict[str, str]:
    """{"A": this checkout, "B": `base`} (no B without one), their modules byte-compiled first, as
    `pip install` of a wheel does. `-f`: a source written in the second its `.pyc` was (as `git
    stash pop` does) looks compiled to `compileall` but not to the import system, which then
    compiles it on every run (14 ms for `indexer.scan.delta`)."""
    trees = {"A": HERE, **({"B": os.path.abspath(base)} if base else {})}
    for tree in trees.values():
        subprocess.run([sys.executable, "-m", "compileall", "-q", "-f", os.path.join(tree, "indexer")], check=True)
    return trees
