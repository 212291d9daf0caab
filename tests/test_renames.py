"""Where removed paths went (issue 18, item 4): the history's log runs without rename detection,
and a removal's rename is asked of `git diff-tree -M` for its commit when a scan asks about it.

The oracle is git's own `git log -M` over the same repository. Real repositories with backdated
commits, the real CLI for what a user sees.
"""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from datetime import date

from click.testing import CliRunner

from conftest import tracked_paths
from indexer.cache import Cache
from indexer.cli import cli
from indexer.git import history

NOW = date(2026, 11, 1)
_BODY = "".join(f"line {n} of a file long enough for git to tell it by its content\n" for n in range(40))


def _tracked(repo) -> frozenset[str]:
    return tracked_paths(repo.root)


def _git_log_m(repo, tracked: frozenset[str]) -> dict[str, list]:
    """path -> [commit, renamed to or None] of its newest removal, read from `git log -M`."""
    out = repo.git("log", "-z", "--no-merges", "--format=%x01%H", "--name-status", "-M")
    removals: dict[str, list] = {}
    for record in out.split("\x01")[1:]:
        sha, _, body = record.partition("\0")
        fields = body.lstrip("\n").split("\0")
        at = 0
        while at < len(fields) and fields[at]:
            status = fields[at][0]
            if status == "R":
                removals.setdefault(fields[at + 1], [sha, fields[at + 2]])
                at += 3
            else:
                if status == "D":
                    removals.setdefault(fields[at + 1], [sha, None])
                at += 2
    return {path: row for path, row in removals.items() if path not in tracked}


def _renames_repo(repo) -> None:
    """Renames beside unrelated additions, deletions beside additions that are no renames, an
    exact rename, a rename with edits, a file renamed and then deleted, a folder renamed."""
    repo.commit("2021-01-10", files={"docs/setup.md": _BODY, "docs/usage.md": "use it\n", "src/a.py": _BODY + "a\n",
                                     "src/b.py": "b = 1\n", "lib/x/one.py": _BODY + "1\n",
                                     "lib/x/two.py": _BODY + "2\n", "notes.txt": _BODY + "n\n"})
    repo.git("mv", "docs/setup.md", "docs/install.md")
    repo.commit("2021-06-01", files={"docs/new.md": "a new page\n"}, message="exact rename beside an addition")
    repo.git("rm", "-q", "docs/usage.md")
    repo.commit("2022-01-01", files={"docs/other.md": "nothing like the usage page\n"},
                message="a deletion beside an addition: no rename")
    repo.git("mv", "src/a.py", "src/core.py")
    repo.commit("2022-06-01", files={"src/core.py": _BODY + "a, edited\n"}, message="a rename with edits")
    repo.git("rm", "-q", "src/b.py")
    repo.commit("2023-01-01", message="a deletion alone")
    repo.git("mv", "lib/x", "lib/y")
    repo.commit("2023-06-01", message="a folder renamed")
    repo.git("mv", "notes.txt", "archive.txt")
    repo.commit("2024-01-01", message="renamed")
    repo.git("rm", "-q", "archive.txt")
    repo.commit("2024-06-01", files={"fresh.txt": "unrelated\n"}, message="then deleted beside an addition")


def test_every_removal_says_what_git_log_m_says(repo, tmp_path):
    _renames_repo(repo)
    tracked = _tracked(repo)
    expected = _git_log_m(repo, tracked)
    assert expected["docs/setup.md"][1] == "docs/install.md" and expected["docs/usage.md"][1] is None
    for read in (history.read_history(str(repo.root), NOW, tracked),
                 history.load_history(str(repo.root), repo.git("rev-parse", "HEAD").strip(), NOW, tracked,
                                      Cache(str(tmp_path / "cache")))):
        removals = read.to_json()["removals"]
        assert {path: [row[0], row[3]] for path, row in removals.items()} == expected
    # a folder is followed through its files: renamed together, it was renamed
    fate = history.read_history(str(repo.root), NOW, tracked).fate("lib/x", lambda path: path in tracked)
    assert [(r.path, r.renamed_to) for r in fate] == [("lib/x", "lib/y")]


def test_renames_are_asked_for_the_removals_asked_about_and_kept_by_commit(repo, tmp_path):
    _renames_repo(repo)
    tracked, head = _tracked(repo), repo.git("rev-parse", "HEAD").strip()
    cache = Cache(str(tmp_path / "cache"))
    read = history.load_history(str(repo.root), head, NOW, tracked, cache)
    assert read.removals["docs/setup.md"].renamed_to == "docs/install.md"
    asked = repo.git("log", "-1", "--format=%H", "--", "docs/setup.md").strip()
    cache.close()
    db = sqlite3.connect(str(tmp_path / "cache" / "cache.sqlite3"))
    try:
        rows = db.execute("SELECT key, value FROM entries WHERE kind = 'renames/v1'").fetchall()
    finally:
        db.close()
    assert rows == [(asked, json.dumps({"docs/setup.md": "docs/install.md"}, separators=(",", ":")))]
    # read again from the cache: the answer is the kept one, even where git could no longer tell
    cache = Cache(str(tmp_path / "cache"))
    again = history.load_history(str(repo.root), head, NOW, tracked, cache)
    again.removals.renames.root = str(tmp_path / "no-such-repository")
    assert again.removals["docs/setup.md"].renamed_to == "docs/install.md"
    cache.close()


def test_a_folder_whose_files_were_renamed_away_is_no_working_folder(repo):
    """`working_folders` counts the files deleted there, not those renamed away: 60 notes moved
    to `archive/` leave `.changeset/` a stable folder, and its deleted `pre.json` is dangling;
    60 notes deleted make it a folder of files made and consumed (the guide describes it)."""
    notes = {f".changeset/note-{i}.md": f"note {i}\n" + _BODY for i in range(60)}
    repo.commit("2023-01-01", files={**notes, ".changeset/pre.json": "{}\n", ".changeset/config.json": "{}\n"})
    (repo.root / "archive").mkdir()
    for name in notes:
        repo.git("mv", name, "archive/" + name.rpartition("/")[2])
    repo.git("rm", "-q", ".changeset/pre.json")
    repo.commit("2023-06-01", files={"docs/guide.md": "Edit the `\"tag\"` in `.changeset/pre.json`.\n"})
    assert _dangling(repo) == {("docs/guide.md", 1)}
    repo.git("rm", "-q", "-r", "archive")
    for name in notes:
        repo.write(name, f"note {name} again\n")
    repo.commit("2023-07-01", message="new notes")
    repo.git("rm", "-q", "--", *notes)
    repo.commit("2023-08-01", files={"src/app.py": "x = 1\n"}, message="notes consumed beside an addition")
    assert _dangling(repo) == set()


def test_a_blob_the_clone_lacks_does_not_cut_the_history_short(repo, tmp_path):
    """A clone can lack a blob (a partial clone offline, a damaged pack). `git log -M` stops at
    the first commit whose renames need it, so every older removal went unseen and the deleted
    page below was no longer known as deleted; now the log reads no blob, and only that commit's
    renames are unknown (its removals count as deletions)."""
    repo.commit("2020-01-01", files={"docs/old.md": "# old page\n", "README.md": "# app\n",
                                     "data/big.txt": _BODY + "v1\n"})
    repo.git("rm", "-q", "docs/old.md")
    deleted = repo.commit("2021-01-01", message="drop the old page")
    repo.git("mv", "data/big.txt", "data/large.txt")
    repo.commit("2022-01-01", files={"data/large.txt": _BODY + "v2\n", "data/more.txt": "more\n",
                                     "README.md": "# app\n\nSee docs/old.md for the setup.\n"})
    blob = repo.git("rev-parse", "HEAD~1:data/big.txt").strip()
    os.remove(repo.root / ".git" / "objects" / blob[:2] / blob[2:])
    assert subprocess.run(["git", "log", "-M", "--name-status", "--format=%H"], cwd=repo.root,
                          capture_output=True).returncode != 0  # (what the old log ran into)
    result = CliRunner().invoke(cli, ["scan", str(repo.root), "--now", NOW.isoformat(), "--format", "json",
                                      "--cache-dir", str(tmp_path / "cache")])
    assert result.exit_code == 1, result.output
    messages = [f["message"] for f in json.loads(result.stdout)["findings"] if f["rule"] == "dangling-reference"]
    assert len(messages) == 1 and f"docs/old.md was deleted in {deleted[:7]}" in messages[0], messages


def _dangling(repo) -> set[tuple[str, int]]:
    result = CliRunner().invoke(cli, ["scan", str(repo.root), "--now", NOW.isoformat(), "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return {(f["path"], f["line"]) for f in json.loads(result.stdout)["findings"] if f["rule"] == "dangling-reference"}


def _wheels_repo(repo) -> None:
    """40 commits that each replace `wheels/tool-{i}.whl` by `tool-{i+1}.whl` with the same
    content but a line (git calls them renames), and 20 that each delete an `old-{j}.whl` beside
    a new source file (deletions, asked as the others are: their commits added files). One wheel
    is left, and a page names a deleted one."""
    repo.commit("2020-01-01", files={"wheels/tool-0.whl": _BODY + "0\n", "README.md": "# app\n",
                                     "docs/guide.md": "The bundled copy is `wheels/old-0.whl`.\n",
                                     **{f"wheels/old-{j}.whl": f"old wheel {j}\n" for j in range(20)}})
    for i in range(60):
        day = f"2020-{2 + i // 28:02d}-{1 + i % 28:02d}"
        if i % 3 == 2:
            repo.git("rm", "-q", f"wheels/old-{i // 3}.whl")
            repo.commit(day, files={f"src/part{i}.py": f"part = {i}\n"}, message=f"drop old {i // 3}")
        else:
            tool = i - i // 3
            repo.git("rm", "-q", f"wheels/tool-{tool}.whl")
            repo.commit(day, files={f"wheels/tool-{tool + 1}.whl": _BODY + f"{tool + 1}\n"}, message=f"tool {tool + 1}")


def test_a_folder_s_deletions_are_asked_until_they_tell_the_working_folder(repo, tmp_path):
    """Whether a folder is a working folder needs its count of deleted files only against the
    count it needs (50, and 20 per file left): the commits that removed its files are asked for
    their renames until the count is known to be on one side (virtualenv's folder of wheels,
    replaced in 92 commits, asked them all: 1.4 s of a 1.8 s cold scan). The bounds agree with
    `git log -M` for every count needed, and the scan asks at most 32 commits of the 60 (11
    renames rule out 50; the commits go 8 to a `git diff-tree`)."""
    _wheels_repo(repo)
    tracked, head = _tracked(repo), repo.git("rev-parse", "HEAD").strip()
    oracle = _git_log_m(repo, tracked)
    deleted = sum(1 for path, (_, renamed) in oracle.items() if path.startswith("wheels/") and renamed is None)
    assert deleted == 20
    for needed in (1, 19, 20, 21, 40, 50, 60, 61):
        cache = Cache(str(tmp_path / f"cache-{needed}"))
        try:
            low, high = history.load_history(str(repo.root), head, NOW, tracked, cache).deleted_in(
                {"wheels": needed})["wheels"]
        finally:
            cache.close()
        assert low <= deleted <= high
        assert (low >= needed) == (deleted >= needed) == (high >= needed), (needed, low, high)
    result = CliRunner().invoke(cli, ["scan", str(repo.root), "--now", NOW.isoformat(), "--format", "json",
                                      "--cache-dir", str(tmp_path / "scan")])
    assert result.exit_code == 1, result.output
    assert [(f["rule"], f["path"]) for f in json.loads(result.stdout)["findings"]] == [
        ("dangling-reference", "docs/guide.md")]
    [database] = (tmp_path / "scan").glob("*/cache.sqlite3")
    db = sqlite3.connect(str(database))
    try:
        asked = db.execute("SELECT count(*) FROM entries WHERE kind = 'renames/v1'").fetchone()[0]
    finally:
        db.close()
    assert 11 <= asked <= 32
