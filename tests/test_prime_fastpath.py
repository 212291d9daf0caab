"""The fast path, observed from outside: what a prime on an up-to-date index imports and runs.

Each check also runs on a stale index, where the scan must happen, so a check that could not
see the difference would fail there.
"""
from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys

import pytest

from _prime_repo import NOW, build, installed_orgmemory, prime

HEAVY = ("tree_sitter", "git", "networkx", "yaml")
TASK = "Add a page to the web frontend"


@pytest.fixture
def primed(repo):
    root = build(repo)
    prime(root, task=TASK)
    return root


def imported_modules(root) -> set[str]:
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "indexer", "prime", TASK, "--now", NOW],
                          cwd=root, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}


def heavy(modules: set[str]) -> set[str]:
    return {m for m in modules if m.split(".")[0] in HEAVY or m.startswith("tree_sitter")}


def test_up_to_date_prime_imports_no_scanner_no_tree_sitter_git_networkx(primed):
    modules = imported_modules(primed)
    assert {"indexer.prime.index", "sqlite3"} <= modules
    assert heavy(modules) == set()
    assert not {"indexer.scan.run", "indexer.memory.load", "indexer.prime.refresh", "filelock"} & modules


def commit_all(root, message: str = "edit") -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qam", message],
                   cwd=root, check=True)


def test_stale_prime_does_import_the_scanner(primed):
    (primed / "web" / "src" / "page.ts").write_text("// TODO: a new comment to parse\nexport const page = 2;\n")
    commit_all(primed)  # HEAD moved: the index is rebuilt before answering
    modules = imported_modules(primed)
    assert "indexer.scan.run" in modules and "tree_sitter" in modules


def test_a_few_edited_files_are_served_from_the_index_without_the_scanner(primed):
    """An agent edits files between prompts: the prime answers from the index at hand and a
    background process refreshes it, so the prompt never waits for a scan."""
    (primed / "web" / "src" / "page.ts").write_text("// TODO: a new comment to parse\nexport const page = 2;\n")
    modules = imported_modules(primed)
    assert "indexer.prime.refresh" not in modules and heavy(modules) == set()


@pytest.fixture
def git_log(tmp_path):
    """A `git` first on PATH that records its arguments, then runs the real one."""
    real = shutil.which("git")
    folder = tmp_path / "bin"
    folder.mkdir()
    log = tmp_path / "git.log"
    wrapper = folder / "git"
    wrapper.write_text(f'#!/bin/sh\necho "$*" >> "{log}"\nexec "{real}" "$@"\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IEXEC)
    env = {**os.environ, "PATH": f"{folder}{os.pathsep}{os.environ['PATH']}"}
    return log, env


def git_calls(root, env, log) -> list[str]:
    log.write_text("")
    proc = subprocess.run([installed_orgmemory(), "prime", TASK, "--now", NOW, "--format", "json"],
                          cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert '"kind": "standard"' in proc.stdout
    return log.read_text().splitlines()


def test_installed_prime_runs_git_once_on_an_up_to_date_index(primed, git_log):
    log, env = git_log
    calls = git_calls(primed, env, log)
    assert len(calls) == 1 and " status --porcelain=v2 " in calls[0]


def test_installed_prime_after_a_change_refreshes_through_the_scan(primed, git_log):
    log, env = git_log
    (primed / "scripts" / "build.sh").write_text("#!/usr/bin/env bash\necho changed\n")
    commit_all(primed)
    assert len(git_calls(primed, env, log)) > 1
    assert len(git_calls(primed, env, log)) == 1


def test_only_a_prime_that_will_scan_lets_git_write_its_index(repo, git_log):
    """The fast path's `git status` never takes git's index lock (a prompt must not make the user's
    own `git commit` fail); so it never writes the index it refreshes. A first prime (no index
    yet) scans, and the scan's own `git status` takes that lock anyway: its probe may write the
    index too, so that in a new clone git reads every file whole once, not twice."""
    root = build(repo)
    log, env = git_log
    first = [call for call in git_calls(root, env, log) if " status " in f" {call} "]
    assert first and not any("--no-optional-locks" in call for call in first), first
    again = git_calls(root, env, log)
    assert len(again) == 1 and "--no-optional-locks" in again[0]
