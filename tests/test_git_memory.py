"""Every `git log` that walks HEAD's whole history, and every `git blame`, bounds the memory git
maps pack files with (`indexer.git.history.PACK_LIMITS`, or the main line's own limits): with
git's defaults, the walk for the paths ever removed peaked at 361 MB on moby (57k commits), 76 MB
with them, the same output; an exact-date blame on git/git 234 MB, 100 MB with them. Each such
command is checked as the scan, the history and the report run it."""
from __future__ import annotations

import json
import os
import subprocess

from indexer.git import history


def _walks(trace) -> list[list[str]]:
    starts = [event["argv"] for event in map(json.loads, trace.read_text().splitlines()) if event["event"] == "start"]
    return [argv for argv in starts if ("log" in argv and not any(".." in arg for arg in argv)) or "blame" in argv]


def test_history_walks_and_blames_bound_git_s_pack_memory(repo, tmp_path, monkeypatch):
    repo.commit("2019-03-01", files={"old/tool.sh": "echo old\n", "src/a.py": "# TODO: move off old/tool.sh\n"})
    repo.git("rm", "-q", "-r", "old")
    repo.commit("2020-03-01", files={"README.md": "Run `old/tool.sh`.\n"})
    root = str(repo.root)
    trace = tmp_path / "trace.json"
    monkeypatch.setenv("GIT_TRACE2_EVENT", str(trace))
    assert history.removed_paths(root, ["old/tool.sh", "old", "src"], repo.git("rev-parse", "HEAD").strip()) \
        == {"old/tool.sh", "old"}
    assert history.commit_days(root, ["src/a.py"]) == [("2019-03-01", ["src/a.py"])]
    proc = subprocess.run(["orgmemory", "scan", root, "--now", "2026-11-01", "--format", "json", "--fail-on", "never",
                           "--cache-dir", str(tmp_path / "cache")], capture_output=True, text=True, env=os.environ)
    assert proc.returncode == 0, proc.stderr
    walks = _walks(trace)
    assert sum("blame" in argv for argv in walks) >= 2  # (the TODO's window, then its exact date)
    assert len(walks) >= 5  # (and the two above, and the scan's history)
    assert all(any(arg.startswith("core.packedGitLimit=") for arg in argv) for argv in walks), walks
