"""pre-commit: the shipped `.pre-commit-hooks.yaml`, run by the real `pre-commit` package.

A user's `pre-commit install` pip-installs orgmemory into a fresh virtualenv; doing that in a test
costs a minute and the package index. The tests instead run the shipped hooks as they are
written (id, entry, files, pass_filenames, require_serial) through `pre-commit run` with one
change, `language: system`, so the entry runs the orgmemory under test. That the manifest is
valid for pre-commit's own `language: python` is checked by `load_manifest` below.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from _integrations import NOW, invoke

PROJECT = Path(__file__).resolve().parents[1]
HOOKS_FILE = PROJECT / ".pre-commit-hooks.yaml"


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
def _run_hook(target: Path, config_dir: Path, *files: str, hook: str = "orgmemory") -> subprocess.CompletedProcess:
    """`pre-commit run HOOK --files ...` in `target` with the shipped hooks as local system hooks."""
    import yaml
    from pre_commit.clientlib import load_manifest

    hooks = []
    for shipped in load_manifest(str(HOOKS_FILE)):
        command = shipped["entry"].split(" ", 1)[1]  # "orgmemory hook pre-commit" -> "hook pre-commit"
        hooks.append({key: shipped[key] for key in ("id", "name", "files", "pass_filenames", "require_serial")}
                     | {"language": "system", "entry": f"{sys.executable} -m indexer {command}"})
    config = config_dir / "pre-commit-config.yaml"
    config.write_text(yaml.safe_dump({"repos": [{"repo": "local", "hooks": hooks}]}))
    env = dict(os.environ, PRE_COMMIT_COLOR="never", PRE_COMMIT_HOME=str(config_dir / "home"))
    return subprocess.run([sys.executable, "-m", "pre_commit", "run", hook, "-c", str(config),
                           "--files", *files], cwd=target, env=env, capture_output=True, text=True,
                          timeout=300)


def test_pre_commit_run_fails_on_a_staged_stale_todo_and_passes_once_baselined(
        staged_stale_todo, tmp_path, monkeypatch):
    failed = _run_hook(staged_stale_todo.root, tmp_path, "app/main.py")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "app/main.py:2: stale-todo" in failed.stdout
    assert "TODO: remove the retry shim" in failed.stdout
    assert "other.py" not in failed.stdout

    monkeypatch.chdir(staged_stale_todo.root)
    assert invoke("baseline").exit_code == 0  # today, as the hook judges it
    staged_stale_todo.git("add", ".orgmemory-baseline.json")
    passed = _run_hook(staged_stale_todo.root, tmp_path, "app/main.py")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "Passed" in passed.stdout


def test_pre_commit_run_after_a_complete_scan_reports_what_it_would_on_the_staged_files(repo, tmp_path, monkeypatch):
    """With a complete scan of the repository in the cache (today's, as the hook judges it), the
    hook's answer on the staged files is the complete scan's: ingest/ is legacy by a README outside
    the commit, so the staged guide's reference into it is a legacy reference; without that scan,
    the hook reads the staged files alone and says so."""
    repo.commit("2022-03-01", files={
        "ingest/README.md": "# Deprecated\n\nThis folder is deprecated: use pipeline/ instead.\n",
        "ingest/loader.py": "x = 1\n", "pipeline/loader.py": "x = 2\n",
        "docs/guide.md": "# Guide\n\nLoad data with ingest/loader.py.\n",
        "app/main.py": "x = 1\n# TODO: remove the retry shim\n"})
    (repo.root / "app/main.py").write_text("x = 2\n# TODO: remove the retry shim\n")
    (repo.root / "docs/guide.md").write_text("# Guide\n\nLoad data with ingest/loader.py.\n\nSee docs/gone.md.\n")
    repo.git("add", "app/main.py", "docs/guide.md")
    alone = _run_hook(repo.root, tmp_path, "app/main.py", "docs/guide.md")
    assert alone.returncode == 1 and "note: only the files given were read" in alone.stdout, alone.stdout
    assert "legacy-reference" not in alone.stdout

    monkeypatch.chdir(repo.root)
    assert invoke("scan", "--fail-on", "never").exit_code == 0  # the complete scan: the base
    staged = _run_hook(repo.root, tmp_path, "app/main.py", "docs/guide.md")
    assert staged.returncode == 1, staged.stdout + staged.stderr
    for expected in ("app/main.py:2: stale-todo", "docs/guide.md:3: legacy-reference", "docs/guide.md:5: dangling-reference"):
        assert expected in staged.stdout, staged.stdout
    assert "only the files given" not in staged.stdout


def test_pre_commit_run_validate_hook_rejects_a_broken_standards_file(repo, tmp_path):
    repo.commit("2026-01-01", files={".orgmemory.yaml": "version: 1\nstandards:\n  - id: ok\n"
                                                        "    statement: Fine.\n"})
    (repo.root / ".orgmemory.yaml").write_text("version: 1\nstandards:\n  - id: broken\n    priority: always\n")
    repo.git("add", ".orgmemory.yaml")
    proc = _run_hook(repo.root, tmp_path, ".orgmemory.yaml", hook="orgmemory-validate")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert ".orgmemory.yaml:" in proc.stdout and "priority" in proc.stdout
