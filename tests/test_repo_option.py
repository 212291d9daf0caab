"""One way to choose the repository: `--repo DIR` on every command, `scan [PATHS]...` as what to scan."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import GitRepo

NOW = "2026-11-01"
OLD_TODO = "# TODO: remove this shim\n"


def orgmemory(cwd, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "indexer", *args], cwd=cwd, capture_output=True, text=True)


def scan(cwd, *args: str) -> dict:
    proc = orgmemory(cwd, "scan", *args, "--now", NOW, "--format", "json", "--fail-on", "never")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def stale(report: dict) -> set[str]:
    return {f["path"] for f in report["findings"] if f["rule"] == "stale-todo"}


@pytest.fixture
def two(repo: GitRepo, tmp_path) -> GitRepo:
    repo.commit("2022-03-01", files={"app/a.py": OLD_TODO, "lib/b.py": OLD_TODO})
    return repo


def test_scan_paths_say_what_and_the_first_path_says_which_repository(two, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    assert stale(scan(outside, str(two.root))) == {"app/a.py", "lib/b.py"}  # `scan ../other-repo`
    assert stale(scan(outside, str(two.root / "app"))) == {"app/a.py"}  # a folder: only it
    assert stale(scan(two.root / "lib", "b.py")) == {"lib/b.py"}  # relative to the current folder
    assert stale(scan(two.root / "lib")) == {"app/a.py", "lib/b.py"}  # no PATH: the whole repository


def test_repo_option_names_the_repository_and_paths_stay_relative_to_here(two, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    assert stale(scan(outside, "--repo", str(two.root))) == {"app/a.py", "lib/b.py"}
    assert stale(scan(two.root, "--repo", str(two.root / "lib"), "app")) == {"app/a.py"}


@pytest.mark.parametrize("command", [["scan"], ["explain", "app"], ["baseline", "-o", "-"], ["sync", "--check"],
                                     ["report", "--html", "out.html"], ["stats"]])
def test_outside_any_repository_is_one_line_and_exit_2(tmp_path, command):
    proc = orgmemory(tmp_path, *command, "--now", NOW)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "not inside a git work tree" in proc.stderr


@pytest.mark.parametrize("command", ["scan", "prime", "report", "explain", "baseline", "sync", "stats", "init",
                                     "validate", "mcp", "facts list"])
def test_every_command_documents_the_same_repo_option(command):
    proc = orgmemory(".", *command.split(), "--help")
    assert proc.returncode == 0
    assert "--repo DIR" in proc.stdout and "the repository containing the current" in " ".join(proc.stdout.split())
