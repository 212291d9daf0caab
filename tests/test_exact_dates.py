"""Stale TODOs say when their line really last changed, and in which commit (issue 17).

The ageing blame stops at the staleness cutoff; the lines it calls stale are blamed once more
over their whole history, one blame per file, so the message carries no date that moves with
the clock: `last changed 2019-03-02 (a1b2c3d), stale after 365d`.
"""
from __future__ import annotations

import json

from click.testing import CliRunner

from indexer.cli import cli


def scan(root, now: str, *extra: str):
    result = CliRunner().invoke(cli, ["scan", str(root), "--now", now, "--format", "json", *extra])
    assert result.exit_code in (0, 1), result.output
    return {f["line"]: f for f in json.loads(result.stdout)["findings"] if f["rule"] == "stale-todo"}


def test_each_stale_line_has_its_own_date_and_commit_and_the_message_does_not_move(repo):
    first = repo.commit("2019-03-02", files={"app.py": "# TODO: first\nx = 1\n"})
    second = repo.commit("2021-07-15", files={"app.py": "# TODO: first\nx = 1\n# TODO: second\n"})
    repo.commit("2026-10-01", files={"other.py": "y = 2\n"})  # history after the cutoff
    found = scan(repo.root, "2026-12-01")
    assert found[1]["message"] == f"last changed 2019-03-02 ({first[:7]}), stale after 365d: TODO: first"
    assert found[3]["message"] == f"last changed 2021-07-15 ({second[:7]}), stale after 365d: TODO: second"
    assert found[1]["last_changed"] == "2019-03-02"
    assert found[1]["commit"] == first
    assert found[1]["last_changed_before"] is None
    later = scan(repo.root, "2027-06-01")
    assert [f["message"] for f in later.values()] == [f["message"] for f in found.values()]


def test_a_fresh_todo_is_not_dated_and_the_text_output_shows_the_date(repo):
    old = repo.commit("2020-01-10", files={"a.py": "# TODO: old one\n", "b.py": "# TODO: new one\n"})
    repo.commit("2026-11-20", files={"b.py": "# TODO: new one, reworded\n"})
    result = CliRunner().invoke(cli, ["scan", str(repo.root), "--now", "2026-12-01"], env={"NO_COLOR": "1"})
    assert result.exit_code == 1, result.output
    assert f"last changed 2020-01-10 ({old[:7]}), stale after 365d: TODO: old one" in result.output
    assert "new one" not in result.output
    assert "before" not in result.output


def test_a_line_moved_by_an_uncommitted_edit_keeps_its_real_date(repo):
    sha = repo.commit("2018-05-05", files={"app.py": "# TODO: keep me\n"})
    repo.commit("2026-11-01", files={"README.md": "hi\n"})
    repo.write("app.py", "import os\n\n# TODO: keep me\n")  # not committed: the TODO is on line 3 now
    found = scan(repo.root, "2026-12-01")
    assert found[3]["message"] == f"last changed 2018-05-05 ({sha[:7]}), stale after 365d: TODO: keep me"


def test_a_second_scan_after_an_unrelated_commit_gives_the_same_dates(repo):
    sha = repo.commit("2019-03-02", files={"app.py": "# TODO: first\n", "lib.py": "# FIXME: second\n"})
    before = scan(repo.root, "2026-12-01")
    repo.commit("2026-11-25", files={"other.py": "z = 3\n"})
    after = scan(repo.root, "2026-12-01")
    assert [f["message"] for f in after.values()] == [f["message"] for f in before.values()]
    assert all(f"({sha[:7]})" in f["message"] for f in after.values())
