"""A long-lived cache stays bounded (issue 18): scans at many HEADs and days keep the last
results and bases, and the per-file rows of the contents the tree still has
(`indexer.scan.retention`); a cache restored elsewhere after all that still makes the next scan
warm. Real repositories, the real CLI; the cache is read with sqlite3 as a user would."""
from __future__ import annotations

import glob
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import date, timedelta

from indexer.contradictions.explain import EXPLAIN_KIND
from indexer.git.blame import BOUNDARY_ORIGIN_KIND
from indexer.scan import retention
from indexer.scan.inputs import MEMO_KIND

FILES = 20


def _scan(root, cache_dir, now: str) -> dict:
    proc = subprocess.run([sys.executable, "-m", "indexer", "scan", str(root), "--now", now, "--cache-dir",
                           str(cache_dir), "--format", "json"], capture_output=True, text=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    assert "warning" not in proc.stderr, proc.stderr
    return json.loads(proc.stdout)


def _rows(cache_dir) -> dict[str, list[str]]:
    """kind -> its keys."""
    (path,) = glob.glob(os.path.join(str(cache_dir), "git-*", "cache.sqlite3"))
    db = sqlite3.connect(path)
    try:
        out: dict[str, list[str]] = {}
        for kind, key in db.execute("SELECT kind, key FROM entries"):
            out.setdefault(kind, []).append(key)
        return out
    finally:
        db.close()


def _version(n: int) -> dict[str, str]:
    """Every file rewritten: each commit brings new contents (new per-file rows) for all of them."""
    return {f"src/m{i}.py": f"# TODO: handle the case {i}\nVALUE = {n * 1000 + i}\n" + "x = 1\n" * 40
            for i in range(FILES)}


def _shas(repo, files: dict[str, str]) -> set[str]:
    paths = []
    for name, text in files.items():
        paths.append(repo.root.parent / f"version-{len(paths)}")
        paths[-1].write_text(text, encoding="utf-8")
    return set(repo.git("hash-object", *map(str, paths)).split())


def _grow(repo, cache_dir, scans: int, start: int = 0) -> int:
    """One commit a day from 2024-01-01, each scanned as a nightly job does (`--now` a day later
    each time: the stale cutoff three days before the commit, so every TODO line is older than
    it, and from the fourth day the commit it stops at is a new one every day; before that, the
    first commit, a month older). Returns the most exact dates kept at a boundary after a scan."""
    if not start:
        repo.commit("2023-12-01", "start", files=_version(-1))
    most = 0
    for n in range(start, start + scans):
        day = date(2024, 1, 1) + timedelta(days=n)
        repo.commit(day.isoformat(), f"change {n}", files=_version(n))
        _scan(repo.root, cache_dir, (day + timedelta(days=362)).isoformat())
        most = max(most, len(_rows(cache_dir).get(BOUNDARY_ORIGIN_KIND, [])))
    return most


def _bounded(rows: dict[str, list[str]]) -> None:
    results = rows.get(MEMO_KIND, [])
    assert len(results) <= retention.KEEP_RESULTS + retention.KEEP_BASES
    assert len(rows.get(EXPLAIN_KIND, [])) <= retention.KEEP_RESULTS
    bases = [kind for kind in rows if kind.startswith("scan-base")]
    assert bases and all(len(rows[kind]) <= retention.KEEP_BASES for kind in bases)


def test_many_heads_and_days_keep_the_cache_bounded(repo, tmp_path):
    cache_dir = tmp_path / "cache"
    _grow(repo, cache_dir, 6)
    rows = _rows(cache_dir)
    _bounded(rows)
    (cache_file,) = glob.glob(os.path.join(str(cache_dir), "git-*", "cache.sqlite3"))
    size = os.path.getsize(cache_file)
    most = _grow(repo, cache_dir, 12, start=6)
    rows = _rows(cache_dir)
    _bounded(rows)
    # 18 versions of every file were scanned: a sweep dropped the rows of the first ones, and
    # kept those of the tree scanned last
    shas = {kind: {key.partition(":")[0] if kind.startswith("blob/") else key.rpartition(":")[2] for key in keys}
            for kind, keys in rows.items() if kind.startswith(("blob/", "age/"))}
    assert len(shas) == 2
    first, last = (_shas(repo, _version(n)) for n in (0, 17))
    for kind, kept in shas.items():
        assert last <= kept and not first & kept, kind
    # the exact dates blamed from each day's boundary (a new one every day: 15 x 20 rows) were
    # swept too
    assert 0 < most < FILES * 12
    # the file reuses the pages of what was pruned: three times the scans, not three times the size
    assert os.path.getsize(cache_file) < 2 * size


def test_a_restored_cache_after_many_scans_makes_the_next_scan_warm(repo, tmp_path):
    """actions/cache: the folder restored on another runner, into a clone at another path."""
    cache_dir = tmp_path / "cache"
    _grow(repo, cache_dir, 6)
    restored = tmp_path / "restored"
    shutil.copytree(cache_dir, restored)
    clone = tmp_path / "runner" / "checkout"
    subprocess.run(["git", "clone", "-q", str(repo.root), str(clone)], check=True)
    last = (date(2024, 1, 6) + timedelta(days=700)).isoformat()
    same = _scan(clone, restored, last)
    assert same["summary"]["parsed"] == 0  # the last scan's result
    # a new commit, a new day: only the changed file is read again
    (clone / "src" / "m0.py").write_text("# TODO: handle the first case\nVALUE = 0\n", encoding="utf-8")
    subprocess.run(["git", "commit", "-qam", "one more"], cwd=clone, check=True)
    day = (date(2024, 1, 7) + timedelta(days=700)).isoformat()
    after = _scan(clone, restored, day)
    assert after["summary"]["parsed"] == 1
    # and it reports what a scan with an empty cache reports
    fresh = _scan(clone, tmp_path / "empty", day)
    for data in (after, fresh):
        data["summary"].pop("parsed")
    assert after == fresh


def test_the_bases_pushed_out_take_their_record_of_lookups_with_them(repo, tmp_path):
    """Each configuration keeps its own base (`indexer.scan.delta.base_key`); when more than
    `KEEP_BASES` have been scanned, the ones pushed out go with every row of theirs, the record of
    lookups (megabytes on a large repository) included."""
    cache_dir = tmp_path / "cache"
    repo.commit("2024-01-01", "start", files=_version(0))
    for n in range(retention.KEEP_BASES + 2):
        repo.commit(f"2024-02-{n + 1:02d}", f"config {n}",
                    files={".orgmemory.yaml": f'version: 1\nscan:\n  exclude: ["build{n}/**"]\n'})
        _scan(repo.root, cache_dir, "2024-03-01")
    rows = _rows(cache_dir)
    bases = [kind for kind in rows if kind.startswith("scan-base")]
    assert "scan-base-deps/v2" in bases
    assert all(len(rows[kind]) <= retention.KEEP_BASES for kind in bases), {kind: len(rows[kind]) for kind in bases}


def test_a_row_pushed_out_is_deleted_without_writing_its_pages_again(tmp_path):
    """Retention deletes a result of megabytes on most scans: the deletion writes the pages it
    frees to the log as they are, not overwritten with zeros (SQLite builds that scrub freed
    pages by default, Debian's among them, would write the row's size again)."""
    from indexer.cache import Cache

    cache = Cache(str(tmp_path))
    cache.put_text("results", "old", "x" * 2_000_000)
    cache.close()  # (the last connection's checkpoint: the log is empty again)
    cache = Cache(str(tmp_path))
    cache.prune_keys("results", ["old"])
    written = os.path.getsize(cache.path + "-wal")
    cache.close()
    assert cache.get_text("results", "old") is None
    assert written < 200_000
