"""`orgmemory demo`: the first command a newcomer runs shows real findings and a real block."""
from __future__ import annotations

import shutil
import subprocess

from _integrations import invoke, orgmemory_command

NOW = "2026-12-01"


def test_demo_builds_a_brownfield_repository_and_shows_scan_and_prime(tmp_path):
    target = tmp_path / "sample"
    result = invoke("demo", str(target), "--now", NOW)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"A sample repository with three years of history is in {target}" in out
    for expected in ("legacy-reference", "dangling-reference", "docs/runbook.md does not exist",
                     "standard-violation", "stale-todo", "error   infra/network.tf:1:",
                     "## orgmemory: what to know for this task",
                     "List endpoints paginate with an opaque cursor"):
        assert expected in out, expected
    # the exact date of the old TODO, and the block shows it as an observation for the task
    assert "services/orders/main.py:5: stale-todo last changed 2023-11-27 (" in out
    observed = out[out.index("### Observed in the repository"):]
    assert "services/orders/main.py:5 (2023-11-27, " in observed
    log = subprocess.run(["git", "log", "--format=%ad", "--date=short"], cwd=target, capture_output=True,
                         text=True, check=True).stdout.split()
    assert log[-1] == "2023-11-27" and len(log) == 4  # backdated: three years of history before --now


def test_demo_output_is_the_same_every_time_for_one_day(tmp_path):
    first = invoke("demo", str(tmp_path / "a"), "--now", NOW).stdout.replace(str(tmp_path / "a"), "DIR")
    second = invoke("demo", str(tmp_path / "b"), "--now", NOW).stdout.replace(str(tmp_path / "b"), "DIR")
    assert first == second


def test_demo_without_dir_uses_a_new_temporary_folder_and_refuses_a_used_one(tmp_path):
    proc = subprocess.run([*orgmemory_command(), "demo"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "orgmemory-demo-" in proc.stdout.splitlines()[0]
    shutil.rmtree(proc.stdout.splitlines()[0].rsplit(" ", 1)[1])
    assert not any(tmp_path.iterdir())  # nothing in the current folder
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "file").write_text("mine")
    refused = invoke("demo", str(tmp_path / "used"))
    assert refused.exit_code == 2 and "not an empty folder" in refused.stderr
