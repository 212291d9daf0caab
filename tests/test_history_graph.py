"""A cold scan of a large tree starts the commit-graph beside its extraction, before it knows how
many files it will blame; the write is finished when the scan returns (no git outlives it), and
the ages are git blame's either way."""
from __future__ import annotations

import json
import subprocess

from indexer.git import blame as age


def _tree(repo, files: int) -> None:
    repo.commit("2020-01-01", files={f"src/f{i}.txt": f"line {i}\n" for i in range(files - 2)}
                | {"a.py": "# TODO: old one\nx = 1\n", "b.py": "# TODO: old two\ny = 2\n"})
    repo.commit("2026-06-01", files={"b.py": "# TODO: old two\ny = 3\n"})


def _scan(root, cache) -> dict:
    proc = subprocess.run(["orgmemory", "scan", str(root), "--now", "2026-11-01", "--format", "json",
                           "--fail-on", "never", "--cache-dir", str(cache)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return {(f["path"], f["line"]): f["message"] for f in json.loads(proc.stdout)["findings"]
            if f["rule"] == "stale-todo"}


def _graph_heads(cache) -> list[str]:
    return [p.read_text() for p in cache.rglob("git-commit-graph/HEAD")
            if (p.parent / "info" / "commit-graph").is_file()]


def test_a_large_tree_gets_the_graph_at_once_and_the_same_ages(repo, tmp_path):
    _tree(repo, age.EARLY_GRAPH_MIN_FILES)
    head = repo.git("rev-parse", "HEAD").strip()
    found = _scan(repo.root, tmp_path / "cold")
    # two files to blame (fewer than GRAPH_MIN_FILES), yet the graph was written, and completely
    assert _graph_heads(tmp_path / "cold") == [head]
    assert set(found) == {("a.py", 1), ("b.py", 1)}
    for (path, line), message in found.items():
        blamed = repo.git("blame", "--porcelain", "-L", f"{line},{line}", "--", path).split()[0]
        assert blamed[:7] in message, (path, message)
    assert _scan(repo.root, tmp_path / "again") == found  # the graph found written gives the same


def test_a_smaller_tree_with_few_files_to_blame_writes_no_graph(repo, tmp_path):
    _tree(repo, age.EARLY_GRAPH_MIN_FILES - 1)
    _scan(repo.root, tmp_path / "cold")
    assert _graph_heads(tmp_path / "cold") == []
