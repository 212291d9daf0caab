"""pre-commit: the shipped `.pre-commit-hooks.yaml`, run by the real `pre-commit` package.

`pre-commit try-repo` clones a hook repository at a commit and pip-installs it into a fresh
virtualenv, exactly as a user's `pre-commit install` would. It only carries committed and
staged changes, so the test commits a snapshot of this working tree into a temporary
repository and points try-repo there.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from _integrations import NOW, invoke

PROJECT = Path(__file__).resolve().parents[1]
HOOKS_FILE = PROJECT / ".pre-commit-hooks.yaml"
IGNORED = shutil.ignore_patterns(".git", "__pycache__", ".orgmemory", ".pytest_cache", ".hypothesis",
                                 "build", "dist", "*.egg-info", ".venv")


def test_the_manifest_is_valid_for_pre_commit():
    from pre_commit.clientlib import load_manifest

    hooks = {hook["id"]: hook for hook in load_manifest(str(HOOKS_FILE))}
    assert set(hooks) == {"orgmemory", "orgmemory-validate"}
    scan = hooks["orgmemory"]
    assert scan["entry"] == "orgmemory hook pre-commit"
    assert (scan["language"], scan["pass_filenames"], scan["require_serial"]) == ("python", True, True)
    validate = hooks["orgmemory-validate"]
    assert validate["entry"] == "orgmemory validate" and validate["language"] == "python"
    assert validate["files"] == r"\.orgmemory\.ya?ml$"


@pytest.fixture
def staged_stale_todo(repo):
    repo.commit("2022-03-01", files={"app/main.py": "x = 1\n# TODO: remove the retry shim\n",
                                     "app/other.py": "# TODO: someone else's old debt\n"})
    (repo.root / "app/main.py").write_text("x = 2\n# TODO: remove the retry shim\n")
    repo.git("add", "app/main.py")
    return repo


# --------------------------------------------------------------------------- the hook command
def test_hook_reports_only_the_files_it_is_given(staged_stale_todo, monkeypatch):
    monkeypatch.chdir(staged_stale_todo.root)
    result = invoke("hook", "pre-commit", "--now", NOW, "app/main.py")
    assert result.exit_code == 1
    assert "app/main.py:2: stale-todo" in result.stdout
    assert "other.py" not in result.stdout


def test_hook_passes_when_the_finding_is_in_the_baseline(staged_stale_todo, monkeypatch):
    monkeypatch.chdir(staged_stale_todo.root)
    assert invoke("baseline", "--now", NOW).exit_code == 0
    result = invoke("hook", "pre-commit", "--now", NOW, "app/main.py")
    assert result.exit_code == 0, result.output
    assert "1 finding in the baseline" in result.stdout


def test_hook_without_a_baseline_file_reports_everything_and_without_files_does_nothing(
        staged_stale_todo, monkeypatch):
    monkeypatch.chdir(staged_stale_todo.root)
    assert invoke("hook", "pre-commit", "--now", NOW, "--baseline", "missing.json", "app/main.py").exit_code == 1
    assert invoke("hook", "pre-commit", "--now", NOW).exit_code == 0
    (staged_stale_todo.root / "untracked.py").write_text("# TODO: untracked\n")
    assert invoke("hook", "pre-commit", "--now", NOW, "untracked.py").exit_code == 0


# --------------------------------------------------------------------------- the real pre-commit
def _project_snapshot(destination: Path) -> Path:
    """This working tree (tracked and untracked, not ignored) committed into a fresh repository."""
    if (PROJECT / ".git").exists():
        listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=PROJECT,
                                capture_output=True, check=True).stdout.decode().split("\0")
        for name in filter(None, listed):
            source = PROJECT / name
            if source.is_file():
                target = destination / name
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target)
    else:
        shutil.copytree(PROJECT, destination, ignore=IGNORED)
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "snapshot"]):
        subprocess.run(["git", *args], cwd=destination, check=True, capture_output=True)
    return destination


def _try_repo(hook_repo: Path, target: Path, *files: str, hook: str = "orgmemory") -> subprocess.CompletedProcess:
    env = dict(os.environ, PRE_COMMIT_COLOR="never")
    proc = subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), hook,
                           "--files", *files], cwd=target, env=env, capture_output=True, text=True,
                          timeout=900)
    if proc.returncode == 3 and "pip" in proc.stdout + proc.stderr:
        pytest.skip("pre-commit could not pip-install orgmemory into its virtualenv (no access to "
                    "the package index?):\n" + (proc.stdout + proc.stderr)[-2000:])
    return proc


def test_pre_commit_try_repo_fails_on_a_staged_stale_todo_and_passes_once_baselined(
        staged_stale_todo, tmp_path, monkeypatch):
    hook_repo = _project_snapshot(tmp_path / "orgmemory-src")
    failed = _try_repo(hook_repo, staged_stale_todo.root, "app/main.py")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "app/main.py:2: stale-todo" in failed.stdout
    assert "TODO: remove the retry shim" in failed.stdout
    assert "other.py" not in failed.stdout

    monkeypatch.chdir(staged_stale_todo.root)
    assert invoke("baseline").exit_code == 0  # today, as the hook judges it
    staged_stale_todo.git("add", ".orgmemory-baseline.json")
    passed = _try_repo(hook_repo, staged_stale_todo.root, "app/main.py")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "Passed" in passed.stdout


def test_pre_commit_try_repo_validate_hook_rejects_a_broken_standards_file(repo, tmp_path):
    repo.commit("2026-01-01", files={".orgmemory.yaml": "version: 1\nstandards:\n  - id: ok\n"
                                                        "    statement: Fine.\n"})
    (repo.root / ".orgmemory.yaml").write_text("version: 1\nstandards:\n  - id: broken\n    priority: always\n")
    repo.git("add", ".orgmemory.yaml")
    proc = _try_repo(_project_snapshot(tmp_path / "orgmemory-src"), repo.root, ".orgmemory.yaml",
                     hook="orgmemory-validate")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert ".orgmemory.yaml:" in proc.stdout and "priority" in proc.stdout
