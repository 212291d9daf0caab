"""What git ignores is an input of the scan: the repository's rules, not the developer's.

A path git ignores is a build output, no dangling reference. The scan asks `git check-ignore`,
which reads the repository's `.gitignore` files, its `.git/info/exclude`, and the developer's own
ignore file (`core.excludesFile`, by default `~/.config/git/ignore`). The last is left out, so a
scan answers on a laptop as it does in CI; `info/exclude` is hashed into every cache key.
"""
from __future__ import annotations

import json
import subprocess
import sys

NOW = "2026-11-01"


def dangling(root, cache, env=None) -> set[str]:
    proc = subprocess.run([sys.executable, "-m", "indexer", "scan", str(root), "--now", NOW, "--format", "json",
                           "--fail-on", "never", "--cache-dir", str(cache)], capture_output=True, text=True,
                          env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return {f["message"] for f in json.loads(proc.stdout)["findings"] if f["rule"] == "dangling-reference"}


def build(repo) -> None:
    repo.commit("2026-10-01", "docs", files={"README.md": "# App\n\nSee docs/setup.md for the setup.\n",
                                            "docs/guide.md": "# Guide\n", "src/app.py": "print('app')\n"})


def test_the_developer_s_own_ignore_file_changes_no_finding(repo, tmp_path, monkeypatch):
    build(repo)
    plain = dangling(repo.root, tmp_path / "a")
    assert any("docs/setup.md" in message for message in plain)
    (tmp_path / "xdg" / "git").mkdir(parents=True)
    (tmp_path / "xdg" / "git" / "ignore").write_text("docs/setup.md\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert dangling(repo.root, tmp_path / "b") == plain


def test_info_exclude_edited_after_a_scan_is_read_by_the_next_one(repo, tmp_path):
    build(repo)
    cache = tmp_path / "cache"
    assert any("docs/setup.md" in message for message in dangling(repo.root, cache))
    (repo.root / ".git" / "info").mkdir(exist_ok=True)
    (repo.root / ".git" / "info" / "exclude").write_text("docs/setup.md\n")
    after = dangling(repo.root, cache)
    assert not any("docs/setup.md" in message for message in after)
    assert after == dangling(repo.root, tmp_path / "cold")


def test_a_linked_work_tree_reads_the_repository_s_info_exclude(repo, tmp_path):
    build(repo)
    linked = tmp_path / "linked"
    repo.git("worktree", "add", "-q", str(linked))
    cache = tmp_path / "cache"
    assert any("docs/setup.md" in message for message in dangling(linked, cache))
    (repo.root / ".git" / "info").mkdir(exist_ok=True)
    (repo.root / ".git" / "info" / "exclude").write_text("docs/setup.md\n")
    assert not any("docs/setup.md" in message for message in dangling(linked, cache))


def test_clones_whose_info_exclude_differs_in_comments_alone_share_the_cache(repo, tmp_path):
    """git's templates write `info/exclude` with comments that differ between versions (and a
    clone made without templates has none): a scan in one clone serves the next in another."""
    build(repo)
    cache = tmp_path / "cache"
    first, second = tmp_path / "first", tmp_path / "second"
    for clone in (first, second):
        subprocess.run(["git", "clone", "-q", str(repo.root), str(clone)], check=True, capture_output=True)
    (first / ".git" / "info" / "exclude").write_text("# a comment of one git version\n\n")
    (second / ".git" / "info" / "exclude").unlink()
    dangling(first, cache)
    proc = subprocess.run([sys.executable, "-m", "indexer", "scan", str(second), "--now", NOW, "-v",
                           "--fail-on", "never", "--cache-dir", str(cache)], capture_output=True, text=True,
                          timeout=300)
    assert "the result of an identical earlier scan" in proc.stderr, proc.stderr
