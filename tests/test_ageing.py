"""Ageing: the blame service's answer is `git blame`'s, line for line, on merge histories.

Files no commit inside the stale window touched are answered without blame; every other file
is blamed. Both ways must give exactly what one `git blame --since` per file gives, whatever
the history's shape: branches, merges (clean, conflicting, taking the side's version), renames
on a branch, commits dated out of order, a work-tree edit.
"""
from __future__ import annotations

import json
import os
import subprocess
from datetime import date, datetime, timedelta, timezone

import pytest

from indexer.dates import epoch
from indexer.extract.todos import extract_todos
from indexer.git import blame as age

MARKERS = ("TODO", "FIXME", "HACK", "XXX")


def _requests(root) -> dict[str, list[int]]:
    out = {}
    for path in sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                       if p.is_file() and ".git" not in p.parts):
        todos = extract_todos(path, (root / path).read_bytes(), MARKERS)
        if todos:
            out[path] = [t.line for t in todos]
    return out


def _git_blame(root: str, path: str, line: int, since: int) -> tuple[str, bool]:
    """`git blame`'s own commit for one line, and whether it is a boundary."""
    out = subprocess.run(["git", "blame", "--porcelain", "--root", "--no-ignore-revs-file", f"--since={since}",
                          "-L", f"{line},{line}", "--", path], cwd=root, capture_output=True,
                         check=True).stdout.decode()
    return out.split()[0], "\nboundary\n" in out


def _check(root: str, since: int) -> dict[str, dict]:
    requests = _requests(__import__("pathlib").Path(root))
    fast = age.blame_files(root, requests, since)
    assert set(fast) == set(requests)
    for path, lines in requests.items():
        assert fast[path] == age.blame_lines(root, path, lines, since), path
        for line in lines:
            commit, boundary = _git_blame(root, path, line, since)
            got = fast[path][line]
            if commit == "0" * 40:
                assert got.uncommitted, (path, line)
            elif boundary:
                assert got.older_than == since and got.commit is None, (path, line)
            else:
                assert got.commit == commit and got.time is not None and got.time >= 0, (path, line)
    return fast


def _merge_history(repo, skew: bool = True) -> None:
    repo.commit("2020-01-01", files={
        "a.py": "# TODO: a\nx = 1\n# TODO: b\ny = 1\n# TODO: c\n",
        "untouched.py": "# TODO: old\n",
        "side.py": "# TODO: side\nz = 0\n",
        "conflict.py": "# TODO: base\nv = 0\n",
        "moved.py": "# TODO: moves on a branch\n",
        "late.py": "# TODO: merged late\n",
    })
    repo.git("checkout", "-q", "-b", "feature")
    repo.commit("2025-03-01", files={"side.py": "# TODO: side\nz = 1\n# TODO: feature\n",
                                     "conflict.py": "# TODO: feature side\nv = 0\n"})
    repo.git("mv", "moved.py", "renamed.py")
    repo.commit("2025-04-01")
    repo.git("checkout", "-q", "-b", "old-branch", "main")
    repo.commit("2021-06-01", files={"late.py": "# TODO: merged late, written early\n"})
    repo.git("checkout", "-q", "main")
    repo.commit("2025-03-15", files={"a.py": "# TODO: a\nx = 2\n# TODO: b2\ny = 1\n# TODO: c\n",
                                     "conflict.py": "# TODO: main side\nv = 0\n"})
    proc = subprocess.run(["git", "merge", "-q", "--no-edit", "feature"], cwd=repo.root, capture_output=True,
                          env=__import__("tests.conftest", fromlist=["git_env"]).git_env("2025-05-01"))
    assert proc.returncode != 0  # the conflict, resolved by hand: the merge commit writes the line
    repo.write("conflict.py", "# TODO: resolved in the merge\nv = 0\n")
    repo.git("add", "conflict.py", when="2025-05-01")
    repo.git("commit", "-q", "--no-edit", when="2025-05-01")
    # an old branch merged recently: its lines keep their old commit
    repo.git("merge", "-q", "--no-edit", "--no-ff", "old-branch", when="2025-06-01")
    # a merge taking the side's version whole (first parent differs, second does not)
    repo.git("checkout", "-q", "-b", "theirs")
    repo.commit("2025-07-01", files={"a.py": "# TODO: a\nx = 3\n# TODO: b2\ny = 1\n# TODO: c\n# TODO: d\n"})
    repo.git("checkout", "-q", "main")
    repo.commit("2025-07-02", files={"untouched2.py": "# TODO: other\n"})
    repo.git("merge", "-q", "--no-edit", "theirs", when="2025-07-03")
    # committed "in the past": blame's walk (and the window's log) stop at it
    if skew:
        repo.git("commit", "-q", "--allow-empty", "-m", "skew", when="2024-01-01")
    repo.commit("2025-08-01", files={"a.py": "# TODO: a\n# TODO: new\nx = 3\n# TODO: b2\ny = 1\n# TODO: c\n# TODO: d\n"})


def test_ages_are_blames_answer_on_a_merge_history(repo):
    _merge_history(repo)
    root = str(repo.root)
    for day in ("2025-12-01", "2025-07-15", "2025-06-15", "2025-04-15", "2024-06-01", "2022-01-01", "2019-01-01"):
        ages = _check(root, epoch(date.fromisoformat(day)))
    # with the earliest cutoff every line has its commit: the merge wrote the resolved line
    resolved = ages["conflict.py"][1]
    merge = repo.git("log", "-1", "--merges", "--format=%H", "--grep=Merge branch 'feature'").strip()
    assert resolved.commit == merge
    assert ages["late.py"][1].time == epoch(date(2021, 6, 1)) + 12 * 3600


def test_a_work_tree_edit_and_a_cutoff_past_the_clock(repo):
    _merge_history(repo)
    repo.write("untouched.py", "# TODO: edited now\n# TODO: old\n")
    root = str(repo.root)
    ages = _check(root, epoch(date(2025, 12, 1)))
    assert ages["untouched.py"][1].uncommitted and ages["untouched.py"][2].older_than
    future = epoch(date.today() + timedelta(days=30))
    ages = age.blame_files(root, _requests(repo.root), future)
    assert all(a.uncommitted for lines in ages.values() for a in lines.values())


def test_scan_reports_the_stale_todos_blame_finds(repo):
    """Through the CLI: a TODO last written inside the window is fresh, one merged late from an
    old branch is stale by its own date, one in a file nobody touched is stale."""
    _merge_history(repo, skew=False)
    proc = subprocess.run(["orgmemory", "scan", str(repo.root), "--now", "2026-01-01", "--format", "json"],
                          capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    stale = {(f["path"], f["line"]) for f in json.loads(proc.stdout)["findings"] if f["rule"] == "stale-todo"}
    assert ("untouched.py", 1) in stale and ("late.py", 1) in stale and ("renamed.py", 1) in stale
    assert ("conflict.py", 1) not in stale and ("a.py", 2) not in stale and ("side.py", 3) not in stale


def _blame_from_head(root: str, path: str, line: int) -> tuple[str, str]:
    """`git blame`'s own commit and author day for one line, over the whole history from HEAD."""
    out = subprocess.run(["git", "blame", "--porcelain", "--root", "--no-ignore-revs-file", "-L", f"{line},{line}",
                          "HEAD", "--", path], cwd=root, capture_output=True, check=True).stdout.decode()
    stamp = int(next(row.split()[1] for row in out.splitlines() if row.startswith("author-time ")))
    return out.split()[0], datetime.fromtimestamp(stamp, tz=timezone.utc).date().isoformat()


def _stale_by_age(root: str, now: str) -> dict[tuple[str, int], tuple[str, str]]:
    proc = subprocess.run(["orgmemory", "scan", root, "--now", now, "--format", "json", "--fail-on", "never"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return {(f["path"], f["line"]): (f["commit"], f["last_changed"]) for f in json.loads(proc.stdout)["findings"]
            if f["rule"] == "stale-todo" and "age" in f["reason"]}


def _many_touched(repo) -> None:
    """Enough files touched in the window, each with an old TODO, to write the commit-graph."""
    count = age.GRAPH_MIN_FILES + 2
    repo.commit("2019-05-01", files={f"many/m{i}.py": f"# TODO: old {i}\nx = {i}\n" for i in range(count)})
    repo.git("checkout", "-q", "-b", "many-branch")
    repo.commit("2025-02-01", files={f"many/m{i}.py": f"# TODO: old {i}\nx = {i + 1}\n# FIXME: new\n"
                                     for i in range(count)})
    repo.git("checkout", "-q", "main")
    repo.git("mv", "many/m0.py", "many/m0_renamed.py")
    repo.commit("2025-02-15")
    repo.git("merge", "-q", "--no-edit", "--no-ff", "many-branch", when="2025-08-15")


def test_exact_dates_are_blames_from_head_on_a_merge_history(repo, tmp_path, monkeypatch):
    """stale-todo's "last changed DAY (commit)" is what one `git blame` from HEAD over the whole
    history says, line for line, though the scan blames a touched file's old lines from where
    its ageing blame stopped (the boundary commit, at the line's number and path there), takes
    a line that blame dated inside the window as it stands, and reads commits through a
    commit-graph it writes into its cache folder when many files need blaming."""
    _merge_history(repo)
    _many_touched(repo)
    root = str(repo.root)
    for day, cache in (("2026-01-01", "a"), ("2025-07-20", "b"), ("2025-05-15", "c"), ("2026-01-01", "a")):
        monkeypatch.setenv("ORGMEMORY_CACHE_DIR", str(tmp_path / cache))
        found = _stale_by_age(root, day)
        assert found, day
        for (path, line), dated in found.items():
            assert dated == _blame_from_head(root, path, line), (day, path, line)
    assert ("many/m3.py", 1) in found and ("late.py", 1) in found and ("renamed.py", 1) in found
    assert list((tmp_path / "a").rglob("git-commit-graph/info/commit-graphs/commit-graph-chain"))


def test_a_revert_s_lines_are_dated_by_the_revert_not_by_the_cached_ages_of_the_same_bytes(repo, tmp_path, monkeypatch):
    """A revert brings back bytes the cache holds ages (and exact dates) for, from a history in
    which their lines were old. The scan after it, a delta from the scan before, blames the
    files the new commits changed, and says what a cold scan and `git blame` say: the TODO was
    last changed by the revert, and is not stale."""
    root = str(repo.root)
    repo.commit("2019-01-01", files={"a.py": "# TODO: one\n", "b.py": "# TODO: other\n"})
    monkeypatch.setenv("ORGMEMORY_CACHE_DIR", str(tmp_path / "warm"))
    assert ("a.py", 1) in _stale_by_age(root, "2026-11-01")
    repo.commit("2026-10-01", files={"a.py": "# TODO: two\n"})
    assert ("a.py", 1) not in _stale_by_age(root, "2026-11-01")
    repo.commit("2026-10-15", "revert", files={"a.py": "# TODO: one\n"})
    warm = _stale_by_age(root, "2026-11-01")
    monkeypatch.setenv("ORGMEMORY_CACHE_DIR", str(tmp_path / "cold"))
    assert warm == _stale_by_age(root, "2026-11-01")
    assert ("a.py", 1) not in warm and ("b.py", 1) in warm


def test_a_later_head_adds_a_layer_to_the_commit_graph_of_an_earlier_one(repo, tmp_path, monkeypatch):
    """The scan at a HEAD that descends from the graph's adds one layer, of the new commits, and
    leaves the old layers as they are (writing moby's whole graph took 2.5 s of a nightly scan);
    a HEAD off another line gets a graph written whole. The exact dates stay `git blame`'s."""
    _merge_history(repo)
    _many_touched(repo)
    root = str(repo.root)
    monkeypatch.setenv("ORGMEMORY_CACHE_DIR", str(tmp_path / "cache"))
    _stale_by_age(root, "2026-01-01")

    def chain() -> list[str]:
        return next(tmp_path.rglob("git-commit-graph/info/commit-graphs/commit-graph-chain")).read_text().split()

    def blamed_again(day: str) -> None:  # (every many/ file changed: its exact dates are blamed again)
        repo.commit(day, files={f"many/m{i}.py": f"# TODO: old {i}\nx = {i + 1}\n# FIXME: new\ny = {day}\n"
                                for i in range(1, age.GRAPH_MIN_FILES + 2)})
        found = _stale_by_age(root, "2026-11-01")
        assert ("many/m5.py", 1) in found
        for (path, line), dated in found.items():
            assert dated == _blame_from_head(root, path, line), (path, line)

    first = chain()
    blamed_again("2026-02-01")
    assert chain()[:-1] == first and len(chain()) == len(first) + 1
    repo.git("checkout", "-q", "-b", "other", "HEAD~2")
    blamed_again("2026-03-01")
    assert chain()[0] not in first


def test_filters_only_for_recent_commits_keep_the_exact_dates(repo, tmp_path, monkeypatch):
    """Commits from more than `FILTER_SPAN` before the stale cutoff go into a base layer of the
    graph without changed-path filters; blames that walk into it (lines written in 2008-2012,
    changed by merges, a rename) still give what one `git blame` from HEAD gives."""
    count = age.GRAPH_MIN_FILES + 2
    repo.commit("2008-03-01", files={f"old/o{i}.py": f"# TODO: ancient {i}\nx = 0\n# FIXME: {i}\n"
                                     for i in range(count)})
    repo.git("checkout", "-q", "-b", "2010-branch")
    repo.commit("2010-06-01", files={f"old/o{i}.py": f"# TODO: ancient {i}\nx = 1\n# FIXME: side {i}\n"
                                     for i in range(0, count, 2)})
    repo.git("checkout", "-q", "main")
    repo.commit("2011-01-01", files={"other.py": "x = 1\n"})
    repo.git("merge", "-q", "--no-edit", "--no-ff", "2010-branch", when="2011-02-01")
    repo.git("mv", "old/o1.py", "old/o1_moved.py")
    repo.commit("2012-05-01")
    _merge_history(repo)
    repo.commit("2025-09-01", files={f"old/o{i}.py": f"# TODO: ancient {i}\nx = 2\n# FIXME: side {i}\n"
                                     for i in range(2, count, 3)})
    root = str(repo.root)
    monkeypatch.setenv("ORGMEMORY_CACHE_DIR", str(tmp_path / "cache"))
    found = _stale_by_age(root, "2026-01-01")
    assert ("old/o1_moved.py", 1) in found and ("old/o4.py", 3) in found and ("untouched.py", 1) in found
    for (path, line), dated in found.items():
        assert dated == _blame_from_head(root, path, line), (path, line)
    chain = list(tmp_path.rglob("git-commit-graph/info/commit-graphs/commit-graph-chain"))
    assert len(chain) == 1 and len(chain[0].read_text().split()) == 2  # the base layer, and the filtered one
    assert {found[("old/o0.py", 3)][1], found[("old/o3.py", 1)][1]} == {"2010-06-01", "2008-03-01"}


MERGED = {  # a history whose last commit merges a branch that changed lib/f.py: its commits' dates, and
    # the stale lines of lib/f.py to check
    "inside the window": (("2019-03-01", "2025-06-01", "2026-08-01", "2026-09-01", "2026-09-15", "2026-10-01"), (1,)),
    # HEAD older than the cutoff (a snapshot scanned years later): a blame `--since` the cutoff
    # would stop at HEAD, a new boundary with every commit; the window starts whole years
    # before the cutoff instead, the first step before HEAD
    "HEAD older than the cutoff": (("2018-03-01", "2019-01-01", "2019-06-01", "2020-02-01", "2020-03-01",
                                    "2020-04-01"), (1, 3)),
}


@pytest.mark.parametrize("name", sorted(MERGED))
def test_a_merge_that_changes_a_file_reuses_its_old_lines_exact_dates(repo, tmp_path, monkeypatch, name):
    """A pull request's merge changes a file with old TODOs elsewhere in it: the scan after it
    (`--since HEAD~1`, the cache of the scan before it) blames the file's window again (at HEAD's
    commit, one file alone included), but its old lines' exact dates are the ones blamed from the
    same boundary before: no whole-history blame, and still what one `git blame` from HEAD says."""
    (first, second, third, branch, main, merge), lines = MERGED[name]
    repo.commit(first, files={"lib/f.py": "# TODO: an old one\nx = 1\n", "lib/g.py": "# FIXME: g\n",
                              "lib/h.py": "# XXX: h\n"})
    repo.commit(second, files={"lib/f.py": "# TODO: an old one\nx = 1\n# TODO: a later one\n"})
    repo.commit(third, files={"docs/b.md": "b\n"})
    repo.git("checkout", "-q", "-b", "feature")
    repo.commit(branch, files={"lib/f.py": "# TODO: an old one\nx = 1\n# TODO: a later one\ny = 2\n"})
    repo.git("checkout", "-q", "main")
    repo.commit(main, files={"docs/c.md": "c\n"})
    repo.git("merge", "-q", "--no-edit", "--no-ff", "feature", when=merge)
    root = str(repo.root)
    monkeypatch.setenv("ORGMEMORY_CACHE_DIR", str(tmp_path / "cache"))
    repo.git("checkout", "-q", "HEAD~1")
    assert {("lib/f.py", line) for line in lines} <= set(_stale_by_age(root, "2026-11-01"))  # the scan before
    repo.git("checkout", "-q", "main")
    trace = tmp_path / "trace.json"
    proc = subprocess.run(["orgmemory", "scan", root, "--now", "2026-11-01", "--format", "json", "--fail-on", "never",
                           "--since", "HEAD~1"], capture_output=True, text=True,
                          env={**os.environ, "GIT_TRACE2_EVENT": str(trace)})
    assert proc.returncode == 0, proc.stderr
    blames = [event["argv"] for event in map(json.loads, trace.read_text().splitlines())
              if event["event"] == "start" and "blame" in event["argv"]]
    assert blames and all(any(arg.startswith("--since") for arg in argv) for argv in blames)  # the window's only
    # blamed at HEAD's commit, where the cache's commit-graph serves the walk (not the work tree)
    assert all(repo.git("rev-parse", "HEAD").strip() in argv for argv in blames)
    after = _stale_by_age(root, "2026-11-01")  # (the same result, from the memo the delta stored)
    for line in lines:
        assert after[("lib/f.py", line)] == _blame_from_head(root, "lib/f.py", line)
    monkeypatch.setenv("ORGMEMORY_CACHE_DIR", str(tmp_path / "from-scratch"))
    assert _stale_by_age(root, "2026-11-01") == after


def test_only_the_projects_own_todo_files_make_a_cold_scan_write_the_commit_graph(repo, tmp_path, monkeypatch):
    """The scan starts the graph while it extracts, once enough files with TODOs are found, but
    counts only those the ageing will blame: vendored files (set aside before it) do not count."""
    from indexer.scan.collect import workers_possible

    if not workers_possible():
        pytest.skip("the graph starts early only beside worker processes (fork and two CPUs)")
    count = age.GRAPH_MIN_FILES + 2
    repo.commit("2019-05-01", files={**{f"vendor/lib{i}/x.py": f"# TODO: theirs {i}\nx = {i}\n" for i in range(count)},
                                     **{f"src/m{i}.py": f"x = {i}\n" for i in range(20)},
                                     "src/own.py": "# TODO: ours\nx = 0\n"})
    monkeypatch.setenv("ORGMEMORY_CACHE_DIR", str(tmp_path / "vendored"))
    assert set(_stale_by_age(str(repo.root), "2026-01-01")) == {("src/own.py", 1)}
    assert not list((tmp_path / "vendored").rglob("git-commit-graph/info/commit-graphs/commit-graph-chain"))
    repo.git("mv", "vendor", "lib")  # the same files, the project's own now
    repo.commit("2019-06-01")
    monkeypatch.setenv("ORGMEMORY_CACHE_DIR", str(tmp_path / "own"))
    assert len(_stale_by_age(str(repo.root), "2026-01-01")) == count + 1
    assert list((tmp_path / "own").rglob("git-commit-graph/info/commit-graphs/commit-graph-chain"))


def test_a_repository_with_its_own_commit_graph_gets_none_in_the_cache(repo, tmp_path, monkeypatch):
    """git reads the repository's own graph first, so the scan writes none of its own; the
    answers are the same."""
    _merge_history(repo)
    _many_touched(repo)
    root = str(repo.root)
    monkeypatch.setenv("ORGMEMORY_CACHE_DIR", str(tmp_path / "without"))
    without = _stale_by_age(root, "2026-01-01")
    assert list((tmp_path / "without").rglob("git-commit-graph/info/commit-graphs/commit-graph-chain"))
    repo.git("commit-graph", "write", "--reachable")
    monkeypatch.setenv("ORGMEMORY_CACHE_DIR", str(tmp_path / "own"))
    assert _stale_by_age(root, "2026-01-01") == without
    assert not list((tmp_path / "own").rglob("git-commit-graph/info/commit-graphs/commit-graph-chain"))
