"""Issue 16: where the cache lives, a cache that cannot be trusted or written, and memory edits
that lose nothing.

The repository is untrusted input: a committed symlink must not make orgmemory create or append
to files outside it. The cache lives in the user's cache directory, one folder per repository
(by root commit), shared by every command and every clone; it rebuilds or steps aside when it
is broken. `facts` edits lock, re-read, compare before the rename, and refuse what they cannot
do without losing someone's bytes.
"""
from __future__ import annotations

import glob
import json
import os
import resource
import signal
import sqlite3
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from _integrations import orgmemory_command
from indexer.cache import TAG_SIGNATURE, cache_dir_for
from indexer.cli import cli

NOW = "2026-11-01"
FILES = {
    "README.md": "# shop\n\nSee `app/main.py`.\n",
    "app/main.py": "# TODO: paginate the orders list\nprint('hi')\n",
    ".orgmemory.yaml": "version: 1\nstandards:\n  - id: use-azure\n    statement: Deploy to Azure.\n",
}


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def scan(root, *args: str):
    return invoke("scan", str(root), "--now", NOW, "--format", "json", *args)


def prime(root, *args: str):
    return invoke("prime", "paginate the orders", "--now", NOW, "--format", "json", "--repo", str(root), *args)


def one_line_refusal(result, *words: str) -> None:
    assert result.exit_code == 2, (result.output, result.exception)
    assert "Traceback" not in result.output
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1, message
    for word in words:
        assert word in message, message


def files_under(folder) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in Path(folder).rglob("*"))


@pytest.fixture
def shop(repo):
    repo.commit("2022-03-01", files=FILES)
    return repo


@pytest.fixture
def user_cache(tmp_path, monkeypatch):
    """No override: the default location, the user's cache directory (here under XDG_CACHE_HOME)."""
    monkeypatch.delenv("ORGMEMORY_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "orgmemory"


# --------------------------------------------------------------------------- where the cache lives
def test_a_committed_orgmemory_symlink_gets_nothing_written_through_it(shop, tmp_path, user_cache):
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink("../outside", shop.root / ".orgmemory")
    shop.commit("2022-04-01", message="a cache folder, shared")
    assert scan(shop.root).exit_code in (0, 1)
    assert prime(shop.root).exit_code == 0
    assert files_under(outside) == []
    assert len(glob.glob(str(user_cache / "git-*" / "cache.sqlite3"))) == 1


def test_a_usage_log_symlink_is_never_appended_through(shop, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    folder = Path(cache_dir_for(str(shop.root)))
    folder.mkdir(parents=True, exist_ok=True)
    os.symlink(victim, folder / "usage.jsonl")
    result = prime(shop.root)
    assert result.exit_code == 0, result.output
    assert victim.read_text() == "precious\n"
    assert "could not append to the usage log" in result.stderr


def test_cache_dir_inside_the_tree_through_a_symlink_is_refused(shop, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink(str(outside), shop.root / ".orgmemory")
    shop.commit("2022-04-01", message="a cache folder, shared")
    one_line_refusal(scan(shop.root, "--cache-dir", str(shop.root / ".orgmemory")), ".orgmemory", "symlink")
    one_line_refusal(prime(shop.root, "--cache-dir", str(shop.root / ".orgmemory")), "symlink")
    assert files_under(outside) == []


def test_a_tracked_folder_without_the_tag_is_refused_as_cache(shop):
    before = files_under(shop.root / "app")
    one_line_refusal(scan(shop.root, "--cache-dir", str(shop.root / "app")), "app", "tracked")
    assert files_under(shop.root / "app") == before


def test_a_committed_cache_folder_with_our_tag_is_still_refused(shop):
    """The repository can commit a CACHEDIR.TAG and a planted index beside it: a marker proves
    nothing in a tracked folder."""
    folder = shop.root / ".orgmemory"
    folder.mkdir()
    (folder / "CACHEDIR.TAG").write_text(TAG_SIGNATURE + "\n")
    (folder / "planted.sqlite3").write_text("not ours")
    shop.commit("2022-04-02", message="a cache folder, committed")
    one_line_refusal(scan(shop.root, "--cache-dir", str(folder)), ".orgmemory", "tracked")
    one_line_refusal(prime(shop.root, "--cache-dir", str(folder)), "tracked")


def test_an_untracked_folder_orgmemory_did_not_make_is_refused_as_cache(shop, tmp_path):
    folder = shop.root / "notes"
    folder.mkdir()
    (folder / "mine.txt").write_text("keep")
    one_line_refusal(scan(shop.root, "--cache-dir", str(folder)), "notes", "not made by orgmemory")
    assert sorted(p.name for p in folder.iterdir()) == ["mine.txt"]


def test_an_explicit_cache_inside_the_tree_is_tagged_and_ignored(shop):
    folder = shop.root / ".orgmemory"
    assert scan(shop.root, "--cache-dir", str(folder)).exit_code in (0, 1)
    assert (folder / "CACHEDIR.TAG").read_text().startswith(TAG_SIGNATURE)
    assert shop.git("status", "--porcelain", "--untracked-files=all") == ""
    assert scan(shop.root, "--cache-dir", str(folder)).exit_code in (0, 1)  # its own folder is accepted again


def test_two_clones_share_one_cache_and_its_results(shop, tmp_path):
    clones = []
    for name in ("ci-runner-1", "elsewhere"):
        subprocess.run(["git", "clone", "-q", str(shop.root), str(tmp_path / name)], check=True)
        clones.append(tmp_path / name)
    assert cache_dir_for(str(clones[0])) == cache_dir_for(str(clones[1])) == cache_dir_for(str(shop.root))
    first = json.loads(scan(clones[0]).stdout)
    second = json.loads(scan(clones[1]).stdout)
    assert first["summary"]["parsed"] > 0 and second["summary"]["parsed"] == 0
    assert second["root"] == str(clones[1]) and second["findings"] == first["findings"]


def test_scan_and_prime_keep_one_cache(shop):
    assert prime(shop.root).exit_code == 0
    assert scan(shop.root).exit_code in (0, 1)
    databases = glob.glob(os.path.join(os.environ["ORGMEMORY_CACHE_DIR"], "**", "cache.sqlite3"), recursive=True)
    assert databases == [os.path.join(cache_dir_for(str(shop.root)), "cache.sqlite3")]


def test_a_repository_without_commits_has_a_cache_too(repo):
    repo.write("README.md", "# new\n")
    folder = cache_dir_for(str(repo.root))
    assert os.path.basename(folder).startswith("path-")
    assert cache_dir_for(str(repo.root), folder) == folder


# --------------------------------------------------------------------------- a broken cache
def database(root) -> Path:
    return Path(cache_dir_for(str(root))) / "cache.sqlite3"


def test_a_folder_where_the_database_should_be_is_scanned_without(shop):
    expected = json.loads(scan(shop.root, "--cache-dir", str(shop.root.parent / "elsewhere")).stdout)["findings"]
    database(shop.root).mkdir(parents=True)
    result = scan(shop.root)
    assert result.exit_code in (0, 1) and "Traceback" not in result.output, result.output
    assert "running without it" in result.stderr
    assert json.loads(result.stdout)["findings"] == expected


def test_rows_of_another_shape_are_dropped_and_the_scan_redone(shop):
    expected = json.loads(scan(shop.root).stdout)["findings"]
    with sqlite3.connect(database(shop.root)) as db:
        db.execute("DELETE FROM entries WHERE kind LIKE 'scan-result%'")
        db.execute("UPDATE entries SET value = '{\"todos\": 5, \"skip\": [1]}' WHERE kind LIKE 'blob/%'")
        db.execute("UPDATE entries SET value = '{\"1\": {\"bogus\": true}}' WHERE kind LIKE 'age/%'")
    db.close()
    result = scan(shop.root)
    assert result.exit_code in (0, 1) and "Traceback" not in result.output, result.output
    assert json.loads(result.stdout)["findings"] == expected


def test_a_table_of_another_shape_is_rebuilt(shop):
    expected = json.loads(scan(shop.root).stdout)["findings"]
    db = sqlite3.connect(database(shop.root), isolation_level=None)
    db.execute("DROP TABLE entries")
    db.execute("CREATE TABLE entries (name TEXT, body BLOB)")
    db.close()
    result = scan(shop.root)
    assert result.exit_code in (0, 1) and "Traceback" not in result.output, result.output
    assert "rebuilding" in result.stderr
    assert json.loads(result.stdout)["findings"] == expected


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes to read-only folders")
def test_a_read_only_cache_folder_is_scanned_without(shop):
    folder = Path(cache_dir_for(str(shop.root)))
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o555)
    try:
        result = scan(shop.root)
    finally:
        folder.chmod(0o755)
    assert result.exit_code in (0, 1) and "Traceback" not in result.output, result.output
    assert "running without it" in result.stderr


def test_no_room_to_write_is_a_note_not_a_traceback(shop):
    """Every write fails (RLIMIT_FSIZE: the same failure paths as a full disk)."""
    def no_room():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))  # git's index fits, a page does not

    args = ["scan", str(shop.root), "--now", NOW, "--format", "json"]
    proc = subprocess.run([*orgmemory_command(), *args], capture_output=True, text=True, timeout=120,
                          preexec_fn=no_room)
    assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, proc.stderr
    assert json.loads(proc.stdout)["findings"]
    proc = subprocess.run([*orgmemory_command(), "prime", "orders", "--now", NOW, "--repo", str(shop.root)],
                          capture_output=True, text=True, timeout=120, preexec_fn=no_room)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode in (0, 2)


# --------------------------------------------------------------------------- memory edits
def add(root, standard_id: str, *extra: str):
    return invoke("facts", "add", "--id", standard_id, "--statement", f"Statement {standard_id}.",
                  "--now", NOW, "--repo", str(root), *extra)


def test_concurrent_adds_lose_nothing(shop):
    procs = [subprocess.Popen([*orgmemory_command(), "facts", "add", "--id", f"rule-{n}", "--statement",
                               f"Rule number {n}.", "--now", NOW, "--repo", str(shop.root)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for n in range(8)]
    outcomes = [(n, proc.wait(timeout=120), proc.stderr.read()) for n, proc in enumerate(procs)]
    text = (shop.root / ".orgmemory.yaml").read_text()
    for n, code, err in outcomes:
        assert "Traceback" not in err
        if "Added" in err:
            assert code == 0 and f"id: rule-{n}\n" in text, (n, err)
        else:
            assert code == 2 and len(err.strip().splitlines()) == 1, (n, err)
    assert sum("Added" in err for _, _, err in outcomes) == 8  # the lock makes them follow one another
    assert invoke("validate", str(shop.root / ".orgmemory.yaml")).exit_code == 0


def test_an_edit_made_from_bytes_that_changed_is_refused(shop):
    from indexer.errors import OrgmemoryError
    from indexer.memory.edit import _add, _Document

    path = shop.root / ".orgmemory.yaml"
    doc = _Document.read(str(shop.root), ".orgmemory.yaml")
    with open(path, "a") as editor:
        editor.write("# a line the editor saved meanwhile\n")
    edited = path.read_bytes()
    with pytest.raises(OrgmemoryError, match="changed while this edit was made"):
        _add(doc, {"id": "late", "statement": "Too late."})
    assert path.read_bytes() == edited
    assert not list(shop.root.glob(".*.tmp"))


def test_a_read_only_memory_file_is_refused(shop):
    path = shop.root / ".orgmemory.yaml"
    path.chmod(0o444)
    before = path.read_bytes()
    one_line_refusal(add(shop.root, "new-rule"), "read-only")
    assert path.read_bytes() == before and (path.stat().st_mode & 0o777) == 0o444


def test_the_file_keeps_its_mode(shop):
    path = shop.root / ".orgmemory.yaml"
    path.chmod(0o640)
    assert add(shop.root, "new-rule").exit_code == 0
    assert (path.stat().st_mode & 0o777) == 0o640 and "new-rule" in path.read_text()


def test_a_memory_file_symlinked_out_of_the_repository_is_not_edited(shop, tmp_path):
    victim = tmp_path / "victim.yaml"
    victim.write_text("version: 1\n")
    (shop.root / ".orgmemory.yaml").unlink()
    os.symlink(victim, shop.root / ".orgmemory.yaml")
    one_line_refusal(add(shop.root, "new-rule"), "outside the repository")
    assert victim.read_text() == "version: 1\n"


def test_no_temporary_file_is_left_after_a_failing_check_or_a_killed_writer(shop):
    leftover = shop.root / "..orgmemory.yaml.k1ll3d.tmp"  # what a writer killed mid-write leaves
    leftover.write_text("version: 1\nhalf")
    result = add(shop.root, "bad-review", "--review-by", "2020-01-01", "--priority", "must")
    assert result.exit_code in (0, 2)
    result = invoke("facts", "add", "--id", "Not A Valid Id!", "--statement", "x", "--now", NOW,
                    "--repo", str(shop.root))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert not list(shop.root.glob(".*.tmp")), list(shop.root.glob(".*.tmp"))
