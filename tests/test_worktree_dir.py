"""A tracked path that is a folder in the work tree: read as the deleted or unreadable file it is.

Git tracks paths, not what is on disk: a committed file replaced by a folder of the same name
(not committed), or a submodule whose checkout has changes, is a folder where a file's bytes are
looked for. `read_worktree` opened it and `os.fdopen` refused it: every scan, `scan FILE`, the
pre-commit hook, `prime` and `report` ended in `orgmemory: error: 3: Is a directory` (exit 2).
"""
from __future__ import annotations

import json
import shutil

import pytest

from _integrations import NOW, run_orgmemory

OUTPUTS = [("scan", "--now", NOW), ("scan", "--now", NOW, "--format", "json"), ("scan", "app.py", "--now", NOW),
           ("hook", "pre-commit", "--now", NOW, "lib/util.py"),
           ("prime", "fix the totals", "--paths", "app.py", "--now", NOW)]


@pytest.fixture
def replaced(repo):
    """app.py committed, then replaced by a folder app.py/ holding a file, nothing committed."""
    repo.commit("2020-03-01", files={
        "app.py": "# TODO: fix the totals\n",
        "lib/util.py": "# TODO: cache the totals\n",
        "README.md": "See `lib/util.py`.\n",
    })
    (repo.root / "app.py").unlink()
    repo.write("app.py/inner.py", "# TODO: not tracked, never read\n")
    assert repo.git("status", "--porcelain").startswith(" D app.py")
    return repo


@pytest.mark.parametrize("args", OUTPUTS, ids=["scan", "json", "scan-file", "pre-commit", "prime"])
def test_a_file_replaced_by_a_folder_reads_as_deleted(replaced, args):
    proc = run_orgmemory(*args, cwd=replaced.root)
    assert proc.returncode in (0, 1), proc.stderr
    assert "Is a directory" not in proc.stderr and "Traceback" not in proc.stderr
    assert "app.py:1" not in proc.stdout and "not tracked" not in proc.stdout


def test_the_scan_reports_the_other_files_as_before(replaced):
    proc = run_orgmemory("scan", "--now", NOW, "--format", "json", cwd=replaced.root)
    findings = json.loads(proc.stdout)["findings"]
    assert proc.returncode == 1 and [(f["path"], f["rule"]) for f in findings] == [("lib/util.py", "stale-todo")]


def test_the_report_and_the_prompt_hook(replaced, tmp_path):
    page = tmp_path / "report.html"
    proc = run_orgmemory("report", "--now", NOW, "--html", str(page), cwd=replaced.root)
    assert proc.returncode == 0 and page.exists(), proc.stderr
    prompt = json.dumps({"prompt": "cache the totals", "cwd": str(replaced.root), "session_id": "s",
                         "hook_event_name": "UserPromptSubmit"})
    proc = run_orgmemory("hook", "claude-code", "--now", NOW, cwd=replaced.root, input=prompt)
    assert proc.returncode == 0 and not proc.stderr.strip(), proc.stderr


def test_a_submodule_with_changes_is_left_out(repo, tmp_path):
    from conftest import GitRepo

    inner = GitRepo(tmp_path / "inner")
    inner.commit("2020-03-01", files={"notes.md": "# TODO: inside the submodule\n"})
    repo.commit("2020-03-01", files={"app.py": "# TODO: fix the totals\n"})
    repo.git("-c", "protocol.file.allow=always", "submodule", "-q", "add", str(inner.root), "vendor/inner")
    repo.commit("2020-03-02", "add the submodule")
    repo.write("vendor/inner/notes.md", "# TODO: changed inside the submodule\n")
    assert "vendor/inner" in repo.git("status", "--porcelain")
    proc = run_orgmemory("scan", "--now", NOW, cwd=repo.root)
    assert proc.returncode == 1 and "app.py:1: stale-todo" in proc.stdout, proc.stderr
    assert "inside the submodule" not in proc.stdout


def test_a_hidden_change_to_a_folder_is_skipped_as_not_a_file(replaced):
    """Marked assume-unchanged, the folder is not deleted for git: the scan reads it and skips it."""
    shutil.rmtree(replaced.root / "app.py")
    replaced.git("checkout", "--", "app.py")
    replaced.git("update-index", "--assume-unchanged", "app.py")
    (replaced.root / "app.py").unlink()
    (replaced.root / "app.py").mkdir()
    proc = run_orgmemory("scan", "--now", NOW, cwd=replaced.root)
    assert proc.returncode == 1 and "skipped 1 (1 not-a-file)" in proc.stdout, proc.stderr
