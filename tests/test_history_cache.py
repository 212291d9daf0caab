"""The history cache (issue 18): whatever the cache holds, `load_history` gives what a full read
of the log gives.

Rows are per HEAD and tracked-path set; a HEAD a few commits after a cached one is extended from
it and stored as a patch of the rows the new commits changed; a damaged or foreign row is a miss;
old rows are pruned. Real repositories with backdated commits; equality with `read_history`, the
full read, is the oracle throughout.
"""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from datetime import date

import pytest

from conftest import tracked_paths
from indexer.cache import Cache
from indexer.git import history

NOW = date(2026, 11, 1)


def _tracked(repo) -> frozenset[str]:
    return tracked_paths(repo.root)


def _head(repo) -> str:
    return repo.git("rev-parse", "HEAD").strip()


def _load(repo, cache_dir, now=NOW):
    cache = Cache(str(cache_dir))
    try:
        return history.load_history(str(repo.root), _head(repo), now, _tracked(repo), cache)
    finally:
        cache.close()


def _full(repo, now=NOW):
    return history.read_history(str(repo.root), now, _tracked(repo))


def _rows(cache_dir, kind_prefix: str = "history/") -> list[tuple[str, str]]:
    db = sqlite3.connect(str(cache_dir / "cache.sqlite3"))
    try:
        return db.execute("SELECT kind, key FROM entries WHERE kind LIKE ? ORDER BY kind, key",
                          (kind_prefix + "%",)).fetchall()
    finally:
        db.close()


def _base(repo) -> None:
    repo.commit("2023-01-10", files={"docs/setup.md": "# setup\n", "src/app.py": "x = 1\n", "old/a.py": "a\n",
                                     "old/b.py": "b\n", "gone.txt": "g\n", "README.md": "# app\n"})
    repo.commit("2025-06-01", files={"src/app.py": "x = 2\n"})
    repo.git("rm", "-q", "gone.txt")
    repo.commit("2025-07-01", message="drop gone.txt")


def _commits(repo, count: int, start: int = 0) -> None:
    """`count` commits: edits, new files, a rename and a deletion among them."""
    for n in range(start, start + count):
        day = f"2026-{1 + n % 9:02d}-{1 + n % 27:02d}"
        if n % 7 == 3 and (repo.root / "docs/setup.md").exists():
            repo.git("mv", "docs/setup.md", f"docs/install-{n}.md")
            repo.commit(day, message=f"rename {n}")
        elif n % 11 == 5 and (repo.root / "old/b.py").exists():
            repo.git("rm", "-q", "old/b.py")
            repo.commit(day, message="drop b")
        else:
            repo.commit(day, files={"src/app.py": f"x = {n}\n", f"src/gen/m{n % 4}.py": f"# {n}\n"})


@pytest.mark.parametrize("count", [1, 5, 30])
def test_history_extended_from_the_cache_equals_a_full_read(repo, tmp_path, count):
    _base(repo)
    cache_dir = tmp_path / "cache"
    _load(repo, cache_dir)  # the history of the old HEAD, cached
    _commits(repo, count)
    extended = _load(repo, cache_dir)
    full = _full(repo)
    assert extended == full
    assert extended.to_json() == full.to_json()
    assert extended.removed_folders == full.removed_folders
    # read back (a patch over the full table): the same again, and a lookup decodes one row
    again = _load(repo, cache_dir)
    assert again.activity.get("src/app.py") == full.activity["src/app.py"]
    assert again == full
    assert any(key.endswith("\0activity-rows") for _kind, key in _rows(cache_dir))


def test_an_amended_head_is_extended_from_the_row_it_descends_from(repo, tmp_path, monkeypatch):
    """After `git commit --amend` the newest row's HEAD is no ancestor of HEAD; the row before
    it is, and the history is extended from there (not read whole), as a full read gives it."""
    _base(repo)
    cache_dir = tmp_path / "cache"
    _load(repo, cache_dir)
    repo.commit("2026-02-01", files={"src/app.py": "x = 3\n"})
    _load(repo, cache_dir)  # (the newest row now: the commit about to be amended)
    repo.git("rm", "-q", "old/a.py")
    repo.git("commit", "-q", "--amend", "--no-edit")
    whole = history.read_history

    def extension_only(root, now, tracked, output=None, renames=None):
        assert output is not None, "the whole log was read"
        return whole(root, now, tracked, output, renames)

    monkeypatch.setattr(history, "read_history", extension_only)
    amended = _load(repo, cache_dir)
    monkeypatch.setattr(history, "read_history", whole)
    assert amended == _full(repo)
    assert amended.to_json() == _full(repo).to_json()


def test_patches_of_patches_and_a_full_table_again_equal_full_reads(repo, tmp_path, monkeypatch):
    """Each extension patches the last full table with everything changed since: chained 1, 5
    and 30 commits later; a patch grown over its limit is written as a full table again."""
    monkeypatch.setattr(history, "_PATCH_MIN", 6)
    _base(repo)
    cache_dir = tmp_path / "cache"
    _load(repo, cache_dir)
    done = 0
    for count in (1, 5, 30):
        _commits(repo, count, start=done)
        done += count
        assert _load(repo, cache_dir) == _full(repo)
        assert _load(repo, cache_dir) == _full(repo)  # (read back)
    tables = {key.split("\0")[0] for kind, key in _rows(cache_dir) if kind.endswith("/table")}
    assert len(tables) >= 2  # the first full table, and a later one when the patch grew too large


@pytest.mark.parametrize("tail", [1000, 2])
def test_a_moving_window_from_the_cache_equals_a_full_read(repo, tmp_path, monkeypatch, tail):
    """More commits than the log holds: the oldest leave the window as new ones come, named from
    the window's kept end (or, when too short, a walk)."""
    monkeypatch.setattr(history, "MAX_COMMITS", 6)
    monkeypatch.setattr(history, "_TAIL", tail)
    _base(repo)
    _commits(repo, 4)
    cache_dir = tmp_path / "cache"
    _load(repo, cache_dir)
    for count in (1, 3, 1):
        _commits(repo, count, start=10 + count)
        full = _full(repo)
        assert full.truncated and full.commits == 6
        assert _load(repo, cache_dir) == full


def _merge_older_branch(repo, old_head: str) -> None:
    """A branch from before `old_head`, with commits dated before the main line's newest (a pull
    request merged late): one changes a file whose change on the main line is dated later, one
    deletes a path the main line deleted later; the main line moves on, then merges it."""
    repo.git("checkout", "-q", "-b", "late", old_head + "~1")
    repo.commit("2025-05-01", files={"src/app.py": "x = 0\n", "src/late.py": "l\n"})
    repo.git("rm", "-q", "gone.txt", "old/a.py")
    repo.commit("2025-05-02", message="drop gone.txt and a on the branch")
    repo.git("checkout", "-q", "main")
    repo.commit("2026-03-01", files={"docs/setup.md": "# setup, again\n"})
    repo.git("merge", "-q", "--no-ff", "-m", "merge late", "late", when="2026-09-05")


def test_a_merged_branch_with_older_commits_is_extended_as_a_full_read_gives(repo, tmp_path):
    """The whole log interleaves the branch's older commits with the cached ones: each row's
    newest commit is taken by its place in that log (src/app.py's stays the main line's, and
    gone.txt's removal the main line's later one), not by being new."""
    _base(repo)
    cache_dir = tmp_path / "cache"
    old_head = _head(repo)
    old = _load(repo, cache_dir)
    _merge_older_branch(repo, old_head)
    full = _full(repo)
    extended = history.extended_history(str(repo.root), old_head, _head(repo), old, NOW, _tracked(repo))
    assert extended == full
    assert full.activity["src/app.py"].last_day.isoformat() == "2025-06-01"  # the main line's, not the branch's
    assert full.removals["gone.txt"].time > full.removals["old/a.py"].time  # (the main line's, 2025-07-01)
    assert _load(repo, cache_dir) == full
    assert "old/a.py" in _load(repo, cache_dir).removals


def test_an_interleaved_merge_in_a_moving_window_equals_a_full_read(repo, tmp_path, monkeypatch):
    """More commits than the log holds, and a merged branch interleaved: what leaves the window,
    and its kept end for the next extension, come from the whole log's order."""
    monkeypatch.setattr(history, "MAX_COMMITS", 6)
    monkeypatch.setattr(history, "_TAIL", 3)
    _base(repo)
    _commits(repo, 4)
    cache_dir = tmp_path / "cache"
    old = _load(repo, cache_dir)
    old_head = _head(repo)
    repo.git("checkout", "-q", "-b", "late", old_head + "~1")
    repo.commit("2026-01-20", files={"src/late.py": "l\n"})
    repo.git("checkout", "-q", "main")
    _commits(repo, 1, start=20)
    repo.git("merge", "-q", "--no-ff", "-m", "merge late", "late", when="2026-09-05")
    full = _full(repo)
    assert full.truncated
    assert history.extended_history(str(repo.root), old_head, _head(repo), old, NOW, _tracked(repo)) == full
    assert _load(repo, cache_dir) == full
    _commits(repo, 2, start=30)  # (extended again from the row the merge's extension wrote)
    assert _load(repo, cache_dir) == _full(repo)


def test_an_interleaved_merge_reads_the_window_order_the_row_kept(repo, tmp_path, monkeypatch):
    """A full read, and an extension that placed a merged branch's commits, keep the window's
    order with their row: the next merged branch is placed in one walk of the new HEAD's window,
    without walking the old HEAD's; still what a full read gives."""
    monkeypatch.setattr(history, "MAX_COMMITS", 6)
    _base(repo)
    _commits(repo, 4)
    cache_dir = tmp_path / "cache"
    _load(repo, cache_dir)
    walked: list[list[str]] = []
    old_heads: list[str] = []
    for n, when in ((1, "2026-01-20"), (2, "2026-02-20")):
        old_heads.append(old_head := _head(repo))
        repo.git("checkout", "-q", "-b", f"late{n}", old_head + "~1")
        repo.commit(when, files={f"src/late{n}.py": "l\n"})
        repo.git("checkout", "-q", "main")
        _commits(repo, 1, start=20 + n)
        repo.git("merge", "-q", "--no-ff", "-m", f"merge late{n}", f"late{n}", when=f"2026-09-0{n}")
        trace = tmp_path / f"trace-{n}.json"
        monkeypatch.setenv("GIT_TRACE2_EVENT", str(trace))
        assert _load(repo, cache_dir) == _full(repo)
        monkeypatch.delenv("GIT_TRACE2_EVENT")
        walked.append([arg for event in map(json.loads, trace.read_text().splitlines())
                       if event["event"] == "start" and "rev-list" in event["argv"] for arg in event["argv"]])
    for old_head, args in zip(old_heads, walked):  # (the rev-list walks: the new HEAD's only)
        assert args and old_head not in args


def test_a_walk_started_before_the_history_is_read_places_the_merged_branch(repo, tmp_path, monkeypatch):
    """A delta that knows the new commits are a merged branch's, older than the main line's
    newest, starts the walk of HEAD's commits at once (`history.Walk`, beside its extraction):
    extending the history then runs no walk of its own, and is still what a full read gives."""
    monkeypatch.setattr(history, "MAX_COMMITS", 6)
    _base(repo)
    _commits(repo, 4)
    cache_dir = tmp_path / "cache"
    _load(repo, cache_dir)
    repo.git("checkout", "-q", "-b", "late", _head(repo) + "~1")
    repo.commit("2026-01-20", files={"src/late.py": "l\n"})
    repo.git("checkout", "-q", "main")
    _commits(repo, 1, start=20)
    repo.git("merge", "-q", "--no-ff", "-m", "merge late", "late", when="2026-09-01")
    walk = history.Walk(str(repo.root), _head(repo), history.MAX_COMMITS + 2, str(cache_dir))
    trace = tmp_path / "trace.json"
    monkeypatch.setenv("GIT_TRACE2_EVENT", str(trace))
    cache = Cache(str(cache_dir))
    try:
        extended = history.load_history(str(repo.root), _head(repo), NOW, _tracked(repo), cache, walk=walk)
    finally:
        cache.close()
    monkeypatch.delenv("GIT_TRACE2_EVENT")
    assert extended == _full(repo)
    started = [event["argv"] for event in map(json.loads, trace.read_text().splitlines()) if event["event"] == "start"]
    assert started and not [argv for argv in started if "rev-list" in argv]


def test_a_cached_history_tells_each_removal_and_a_folder_s_fate_as_a_full_read_does(repo, tmp_path):
    """`History.removed_under` reads cached rows' commits and times from the start of their JSON
    lines, all at once (a folder's fate asks them of every path removed under the folder)."""
    _base(repo)
    _commits(repo, 12)
    repo.git("rm", "-q", "-r", "old")
    repo.commit("2026-10-01", message="drop old/")
    cache_dir = tmp_path / "cache"
    _load(repo, cache_dir)
    cached, full = _load(repo, cache_dir), _full(repo)
    assert len(full.removals) > 3
    folders = {path.rpartition("/")[0] for path in full.removals} - {""}
    assert "old" in folders
    for folder in folders:
        assert cached.removed_under(folder) == full.removed_under(folder) != []
    tracked = _tracked(repo)
    assert cached.fate("old", tracked.__contains__) == full.fate("old", tracked.__contains__) != []


def test_a_merge_that_moves_old_commits_in_the_log_falls_back_to_a_full_read(repo, tmp_path):
    """A commit dated before its parent (clock skew) is listed after commits it is newer than in
    git's order; a merged branch that reaches that parent another way lists it earlier, so the
    old commits' own order moves: no extension, a full read."""
    repo.commit("2023-01-10", files={"a.txt": "a\n", "src/app.py": "x = 1\n"})
    repo.commit("2025-03-01", files={"src/app.py": "x = 2\n"})
    parent = _head(repo)
    repo.commit("2024-01-01", files={"src/app.py": "x = 3\n"})  # (dated before its parent)
    repo.commit("2025-07-01", files={"a.txt": "b\n"})
    cache_dir = tmp_path / "cache"
    old_head = _head(repo)
    old = _load(repo, cache_dir)
    repo.git("checkout", "-q", "-b", "late", parent)
    repo.commit("2025-04-01", files={"src/late.py": "l\n"})
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "-m", "merge late", "late", when="2026-09-05")
    assert history.extended_history(str(repo.root), old_head, _head(repo), old, NOW, _tracked(repo)) is None
    assert _load(repo, cache_dir) == _full(repo)


def test_a_later_now_counts_the_cached_year_again(repo, tmp_path):
    _base(repo)
    _commits(repo, 5)
    cache_dir = tmp_path / "cache"
    _load(repo, cache_dir)
    for later in (date(2026, 12, 1), date(2027, 6, 30)):
        assert _load(repo, cache_dir, later) == _full(repo, later)
    _commits(repo, 2, start=40)  # extended from a row written at an earlier now
    assert _load(repo, cache_dir, date(2027, 7, 1)) == _full(repo, date(2027, 7, 1))
    # an earlier now than the cached one: a full read at that now
    assert _load(repo, cache_dir, date(2026, 11, 5)) == _full(repo, date(2026, 11, 5))


def test_the_same_head_with_other_tracked_paths_is_not_read_from_the_other_row(repo, tmp_path):
    """A file staged at a path history saw deleted (the pre-commit hook's tree), or one staged
    away: the history depends on the tracked paths, not on HEAD alone."""
    _base(repo)
    cache_dir = tmp_path / "cache"
    before = _load(repo, cache_dir)
    assert "gone.txt" in before.removals
    repo.write("gone.txt", "back\n")
    repo.git("add", "gone.txt")  # staged, HEAD unchanged
    staged = _load(repo, cache_dir)
    assert staged == _full(repo)
    assert "gone.txt" not in staged.removals and staged.activity["gone.txt"].total == 2
    repo.git("rm", "-q", "--cached", "gone.txt")
    repo.git("rm", "-q", "--cached", "old/b.py")  # a tracked file staged away
    assert _load(repo, cache_dir) == _full(repo)


def _damage(cache_dir, kind_suffix: str, value: str, key_part: str = "") -> None:
    db = sqlite3.connect(str(cache_dir / "cache.sqlite3"))
    try:
        with db:
            kind = history._KIND + kind_suffix
            keys = [key for (key,) in db.execute("SELECT key FROM entries WHERE kind = ?", (kind,))
                    if key.endswith(key_part)]  # (keys hold NULs, which LIKE stops at)
            for key in keys:
                db.execute("UPDATE entries SET value = ? WHERE kind = ? AND key = ?", (value, kind, key))
        assert keys
    finally:
        db.close()


@pytest.mark.parametrize("kind_suffix,key_part,value", [
    ("", "", "[1, 2]"),  # not an object
    ("", "", json.dumps({"base": None, "folders": "x"})),  # an object of another shape
    ("", "", "{not json"),
    ("/table", "activity-paths", "a\0b\0c"),  # rows and paths of different lengths
    ("/table", "removal-rows", ""),
    ("/head", "", json.dumps({"rows": [["nonsense", None]]})),
])
def test_a_damaged_or_foreign_row_is_a_miss(repo, tmp_path, kind_suffix, key_part, value):
    _base(repo)
    cache_dir = tmp_path / "cache"
    _load(repo, cache_dir)
    _damage(cache_dir, kind_suffix, value, key_part)
    assert _load(repo, cache_dir) == _full(repo)
    _commits(repo, 2)  # and extending from it: a full read
    assert _load(repo, cache_dir) == _full(repo)


def test_a_row_damaged_inside_is_read_whole_when_extended(repo, tmp_path):
    """The rows of a cached table are decoded when asked for: a row of another shape met while a
    merged branch's commits extend the history makes the log be read whole, not a traceback."""
    _base(repo)
    cache_dir = tmp_path / "cache"
    old_head = _head(repo)
    _load(repo, cache_dir)
    db = sqlite3.connect(str(cache_dir / "cache.sqlite3"))
    with db:
        for key, value in db.execute("SELECT key, value FROM entries WHERE kind = ?", (history._KIND + "/table",)).fetchall():
            if key.endswith("activity-rows") or key.endswith("removal-rows"):
                db.execute("UPDATE entries SET value = ? WHERE kind = ? AND key = ?",
                           ("\n".join('[["x"]]' for _ in value.split("\n")), history._KIND + "/table", key))
    db.close()
    _merge_older_branch(repo, old_head)
    assert _load(repo, cache_dir) == _full(repo)


def test_a_damaged_patch_base_is_a_miss(repo, tmp_path):
    _base(repo)
    cache_dir = tmp_path / "cache"
    _load(repo, cache_dir)
    _commits(repo, 2)
    _load(repo, cache_dir)  # a patch over the first HEAD's full table
    db = sqlite3.connect(str(cache_dir / "cache.sqlite3"))
    with db:
        db.execute("DELETE FROM entries WHERE kind LIKE 'history/%/table'")
    db.close()
    assert _load(repo, cache_dir) == _full(repo)


def test_rows_of_old_heads_and_formats_are_pruned(repo, tmp_path):
    """A long-lived CI cache: every HEAD scanned adds a row, the oldest leave; rows of the
    earlier format go on the next write."""
    _base(repo)
    cache_dir = tmp_path / "cache"
    cache = Cache(str(cache_dir))
    cache.put_many("history/v2", {"f" * 40 + ":20000": {"activity": {}}})
    cache.put_many("history/v2/head", {"latest": {"head": "f" * 40}})
    cache.close()
    for n in range(12):
        repo.git("checkout", "-q", "-b", f"b{n}", "main")  # unrelated HEADs: no extension, full tables
        repo.commit(f"2026-0{1 + n % 9}-0{1 + n % 9}", files={f"f{n}.txt": "x\n"})
        assert _load(repo, cache_dir) == _full(repo)
        repo.git("checkout", "-q", "main")
    rows = _rows(cache_dir)
    assert not [r for r in rows if r[0].startswith("history/v2")]
    heads = {key.split(":")[0] for kind, key in rows if kind == history._KIND}
    assert len(heads) <= history._KEEP
    assert len([r for r in rows if r[0] == history._KIND_TABLE]) <= 4 * 2 * history._KEEP


def test_a_scan_after_commits_from_a_patched_cache_equals_a_scan_from_scratch(repo, tmp_path):
    """Through the CLI: scans after one, then several commits read the history from a patch and
    report what a scan with an empty cache reports."""
    repo.commit("2022-03-01", files={"README.md": "See [setup](docs/setup.md) and `old/a.py`.\n",
                                     "docs/setup.md": "# setup\n", "old/a.py": "# TODO: move this\n"})
    shared = str(tmp_path / "shared")

    def scan(cache: str) -> dict:
        proc = subprocess.run([sys.executable, "-m", "indexer", "scan", str(repo.root), "--now", "2026-11-01",
                               "--format", "json", "--cache-dir", cache], capture_output=True, text=True,
                              timeout=300)
        assert proc.returncode in (0, 1), proc.stderr
        data = json.loads(proc.stdout)
        data["summary"].pop("parsed")
        return data

    scan(shared)
    repo.git("mv", "docs/setup.md", "docs/install.md")
    repo.commit("2026-10-01", message="rename the setup page")
    assert scan(shared) == scan(str(tmp_path / "empty1"))
    repo.commit("2026-10-02", files={"src/x.py": "# FIXME: later\n"})
    repo.git("rm", "-q", "old/a.py")
    repo.commit("2026-10-03", message="drop a")
    warm = scan(shared)
    assert warm == scan(str(tmp_path / "empty2"))
    assert any(f["rule"] == "dangling-reference" for f in warm["findings"])


def _resolution_keys(cache_dir) -> dict[str, list[tuple[str, str, str]]]:
    db = sqlite3.connect(str(cache_dir / "cache.sqlite3"))
    try:
        rows = db.execute("SELECT kind, key FROM entries WHERE kind IN ('resolved/v2', 'resolved-imports/v2')").fetchall()
    finally:
        db.close()
    out: dict[str, list[tuple[str, str, str]]] = {}
    for kind, key in rows:
        out.setdefault(kind, []).append(tuple(key.split("\0")))
    return out


def test_resolution_rows_of_old_worlds_and_old_contents_are_pruned(repo, tmp_path):
    """A long-lived cache: each edit of a file writes its resolutions again (the old content's
    row goes), each new path set is a new world (rows of all but the last few go)."""
    from indexer.contradictions import incremental

    repo.commit("2024-01-01", files={"README.md": "See [setup](docs/setup.md).\n", "docs/setup.md": "# s\n",
                                     "src/app.py": "import os\nfrom src import util\n", "src/util.py": "x = 1\n"})

    def scan() -> None:
        proc = subprocess.run([sys.executable, "-m", "indexer", "scan", str(repo.root), "--now", "2026-11-01",
                               "--format", "json", "--cache-dir", str(tmp_path)], capture_output=True, text=True,
                              timeout=300)
        assert proc.returncode in (0, 1), proc.stderr

    scan()
    folder = next(p.parent for p in tmp_path.glob("*/cache.sqlite3"))
    for n in range(3):  # the same paths, README.md edited: one row for it in the world
        repo.write("README.md", f"See [setup](docs/setup.md) and [gone](docs/gone-{n}.md).\n")
        scan()
    readme = [k for k in _resolution_keys(folder)["resolved/v2"] if k[0] == "README.md"]
    assert len(readme) == 1, readme
    for n in range(incremental._KEEP_WORLDS + 3):  # new paths: new worlds (a `.gitignore` edit: full scans)
        repo.write(f"docs/page-{n}.md", "See [setup](setup.md).\n")
        repo.write(".gitignore", f"tmp-{n}/\n")
        repo.git("add", f"docs/page-{n}.md", ".gitignore")
        scan()
    for kind, keys in _resolution_keys(folder).items():
        assert len({world for _path, _sha, world in keys}) <= incremental._KEEP_WORLDS, kind
    assert {path for path, _sha, _world in _resolution_keys(folder)["resolved/v2"]} >= {"README.md", "docs/page-0.md"}


def test_a_path_that_is_no_utf8_is_stored_and_read_back(repo, tmp_path):
    """git keeps names as bytes: a Latin-1 name is decoded with surrogates, and its row must
    still be written (SQLite takes UTF-8 only) and read back equal."""
    import os

    _base(repo)
    name = os.fsencode(str(repo.root)) + b"/caf\xe9.txt"
    with open(name, "wb") as fh:
        fh.write(b"x\n")
    repo.git("add", "-A")
    repo.commit("2026-02-01", message="latin-1 name")
    subprocess.run(["git", "rm", "-q", b"caf\xe9.txt"], cwd=repo.root, check=True)
    repo.commit("2026-02-02", message="gone again")
    with open(name, "wb") as fh:
        fh.write(b"y\n")
    subprocess.run(["git", "add", b"caf\xe9.txt"], cwd=repo.root, check=True)
    repo.commit("2026-02-03", message="back")
    out = subprocess.run(["git", "ls-files", "-z"], cwd=repo.root, capture_output=True, check=True).stdout
    tracked: set[str] = set()
    for raw in filter(None, out.split(b"\0")):
        parts = raw.decode("utf-8", "surrogateescape").split("/")
        tracked.update("/".join(parts[:depth]) for depth in range(1, len(parts) + 1))
    root, head = str(repo.root), _head(repo)
    full = history.read_history(root, NOW, frozenset(tracked))
    assert "caf\udce9.txt" in full.activity
    for _ in range(2):  # written, then read back
        cache = Cache(str(tmp_path / "cache"))
        try:
            assert history.load_history(root, head, NOW, frozenset(tracked), cache) == full
            assert not cache.warnings
        finally:
            cache.close()
    assert _rows(tmp_path / "cache")


def test_a_repository_with_a_file_name_that_is_no_utf8_scans_cold_and_warm(repo, tmp_path):
    """Through the CLI: the cache keys and texts that hold such a path (the blob rows, the
    resolutions, the history) are stored and read back; it used to end in exit 2."""
    import os

    with open(os.fsencode(str(repo.root)) + b"/caf\xe9.md", "wb") as fh:
        fh.write(b"See [setup](docs/setup.md).\n")
    repo.git("add", "-A")
    repo.commit("2025-01-01", message="latin-1 name")
    runs = []
    for _ in range(2):
        proc = subprocess.run([sys.executable, "-m", "indexer", "scan", str(repo.root), "--now", "2026-11-01",
                               "--format", "json", "--cache-dir", str(tmp_path / "cache")], capture_output=True,
                              timeout=300)
        stderr = proc.stderr.decode("utf-8", "replace")
        assert proc.returncode == 1, stderr
        assert "cannot read" not in stderr
        runs.append(json.loads(proc.stdout.decode("utf-8", "surrogateescape")))  # (the name as git has it)
    assert runs[1]["summary"]["parsed"] == 0  # warm
    assert [f["rule"] for f in runs[0]["findings"]] == ["dangling-reference"]
    assert runs[0]["findings"] == runs[1]["findings"]


def test_a_history_parsed_beside_the_extraction_equals_a_full_read(repo, tmp_path):
    """A cold scan forks a process that runs the log and parses it while the files are
    extracted (`LogPrefetch` with `now` and the tracked paths); what `load_history` makes of its
    table is a full read's, now and for the next scan. Given other paths than the scan's, its
    parse is not used. (In a process of its own: one with other threads never forks.)"""
    _base(repo)
    _commits(repo, 12)
    script = f"""
import json, subprocess, sys
from datetime import date
from indexer.cache import Cache
from indexer.git import history
root, head, now = {str(repo.root)!r}, {_head(repo)!r}, date.fromisoformat({NOW.isoformat()!r})
tracked = frozenset(json.loads(sys.stdin.read()))
full = history.read_history(root, now, tracked)
for name, given in (("same", tracked), ("other", tracked - {{"README.md"}})):
    log = history.LogPrefetch(root, head, now, lambda: given)
    log.start()
    forked = log._parsing is not None
    cache = Cache({str(tmp_path)!r} + "/" + name)
    try:
        read = history.load_history(root, head, now, tracked, cache, log)
        again = history.load_history(root, head, now, tracked, cache)
    finally:
        cache.close()
        log.discard()
    print(name, forked, read.to_json() == full.to_json() and read.tail == full.tail,
          again.to_json() == full.to_json())
"""
    done = subprocess.run([sys.executable, "-c", script], input=json.dumps(sorted(_tracked(repo))),
                          capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == ["same True True True", "other True True True"], done.stdout + done.stderr


def _windowed_scan(root, cache, now: str, window: int, env=None) -> dict:
    """The real CLI's JSON report, with a history window of `window` commits."""
    code = (f"from indexer.git import history; history.MAX_COMMITS = {window}; "
            "from indexer.cli import main; main()")
    proc = subprocess.run([sys.executable, "-c", code, "scan", str(root), "--now", now, "--cache-dir", str(cache),
                           "--format", "json", "--fail-on", "never"], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_a_path_removed_before_the_window_is_asked_of_git_once_per_head(repo, tmp_path):
    """A history longer than the window does not say a TODO's path was removed long ago: git is
    asked for that path alone (the whole history's removals took 1.6 s on moby), the answer kept
    per HEAD, so the next day's scan asks nothing; the finding is the one a whole window gives."""
    repo.commit("2019-03-01", files={"scripts/old.sh": "echo\n", "src/a.py": "# TODO: drop once scripts/old.sh is gone\n"})
    repo.git("rm", "-q", "scripts/old.sh")
    repo.commit("2019-06-01", "drop old.sh")
    for day in ("2020-01-01", "2020-02-01", "2020-03-01"):
        repo.commit(day, files={"src/b.py": f"# {day}\n"})

    def missing(report):
        return [f["missing_paths"] for f in report["findings"] if f["rule"] == "stale-todo"]

    whole = _windowed_scan(repo.root, tmp_path / "whole", "2026-11-01", 20000)
    assert missing(whole) == [["scripts/old.sh"]]
    assert missing(_windowed_scan(repo.root, tmp_path / "cache", "2026-11-01", 2)) == missing(whole)
    trace = tmp_path / "trace.json"
    later = _windowed_scan(repo.root, tmp_path / "cache", "2026-11-02", 2, {**os.environ, "GIT_TRACE2_EVENT": str(trace)})
    assert missing(later) == missing(whole)
    asked = [e["argv"] for e in map(json.loads, trace.read_text().splitlines())
             if e["event"] == "start" and "--diff-filter=DR" in e["argv"]]
    assert asked == []


def test_a_new_head_asks_git_about_removed_paths_only_in_its_new_commits(repo, tmp_path, monkeypatch):
    """The answers kept for the last HEAD carry to a HEAD that descends from it: a path removed
    then stays removed, one that was not is looked up in the new commits alone, and only a path
    never asked walks the whole history. A HEAD off another line starts over. Each answer is
    the one a fresh cache gives."""
    from indexer.git import run

    repo.commit("2019-03-01", files={"scripts/old.sh": "echo\n", "docs/later.md": "x\n", "src/a.py": "a\n"})
    repo.git("rm", "-q", "scripts/old.sh")
    first = repo.commit("2019-06-01", "drop old.sh")
    repo.git("rm", "-q", "docs/later.md")
    repo.commit("2020-01-01", "drop later.md")
    second = repo.commit("2020-02-01", files={"src/b.py": "b\n"})
    stdins: list[str] = []
    real = run.git_process
    monkeypatch.setattr(run, "git_process", lambda root, *args, input=None, env=None: (
        stdins.append(input.decode()) if input is not None and "--diff-filter=DR" in args else None,
        real(root, *args, input=input, env=env))[1])
    root, asked = str(repo.root), ["scripts/old.sh", "docs/later.md", "src"]
    cache = Cache(str(tmp_path / "cache"))
    assert history.removed_paths(root, asked, first, cache) == {"scripts/old.sh"}
    stdins.clear()
    assert history.removed_paths(root, [*asked, "tools/new"], second, cache) == {"scripts/old.sh", "docs/later.md"}
    assert stdins == [f"^{first}\n{second}\n--\n:(literal)docs/later.md\n:(literal)src\n",
                      f"{second}\n--\n:(literal)tools/new\n"]
    assert history.removed_paths(root, [*asked, "tools/new"], second, Cache(str(tmp_path / "fresh"))) \
        == {"scripts/old.sh", "docs/later.md"}
    repo.git("checkout", "-q", "-b", "side", first)
    side = repo.commit("2020-03-01", files={"src/c.py": "c\n"})
    stdins.clear()
    assert history.removed_paths(root, asked, side, cache) == {"scripts/old.sh"}
    assert stdins == [f"{side}\n--\n:(literal)docs/later.md\n:(literal)scripts/old.sh\n:(literal)src\n"]
