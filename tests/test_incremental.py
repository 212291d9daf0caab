"""One cache per repository, shared by every command and every checkout of it.

A scan anywhere (CI, pre-commit, another clone at another path) leaves what the next scan or
prime of the same content needs: the next one is warm. Observed through the CLI: a warm scan
parses nothing (`summary.parsed` 0) and a warm prime does not import the scan pipeline.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

from _prime_repo import AWS_KEY, INJECTION, NOW, STANDARDS, build
from conftest import git_env, tracked_paths

TASK = "Add a page to the web frontend"


def scan_json(root, *args: str, env=None) -> dict:
    proc = subprocess.run([sys.executable, "-m", "indexer", "scan", str(root), "--now", NOW, "--format", "json",
                           *args], capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)


def without_parsed(data: dict) -> dict:
    data = json.loads(json.dumps(data))
    data["summary"].pop("parsed")
    data.pop("root")
    return data


URL = "https://github.com/example/app.git"


def clone(repo, tmp_path, name: str, url: str = URL):
    """A clone at another path, its `origin` the upstream's URL (as a CI checkout's is)."""
    target = tmp_path / name
    subprocess.run(["git", "clone", "-q", str(repo.root), str(target)], check=True)
    subprocess.run(["git", "remote", "set-url", "origin", url], cwd=target, check=True)
    return target


def scan_runs_the_pipeline(root, env=None) -> bool:
    """Whether a scan computed its result (a memo hit imports none of the stages)."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "indexer", "scan", str(root), "--now", NOW,
                           "--format", "json"], capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode in (0, 1), proc.stderr
    return "indexer.scan.pipeline" in {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines()
                                       if line.startswith("import time:")}


def test_a_scan_in_one_clone_makes_a_scan_in_another_warm(repo, tmp_path):
    build(repo)
    one = clone(repo, tmp_path, "runner-1/checkout")
    other = clone(repo, tmp_path, "elsewhere/checkout", url="git@github.com:example/app")
    assert scan_runs_the_pipeline(other)  # (alone, it computes)
    first = scan_json(one, "--cache-dir", str(tmp_path / "shared"))
    assert first["summary"]["parsed"] > 0
    assert not scan_runs_the_pipeline(other, env=dict(os.environ, ORGMEMORY_CACHE_DIR=str(tmp_path / "shared")))
    second = scan_json(other, "--cache-dir", str(tmp_path / "shared"))
    assert second["summary"]["parsed"] == 0  # the memo of the first clone's scan
    assert second["root"] == str(other) and first["root"] == str(one)
    assert without_parsed(second) == without_parsed(first)
    # and it is what a scan of that clone computes on its own
    alone = scan_json(other, "--cache-dir", str(tmp_path / "own-cache"))
    assert alone["summary"]["parsed"] > 0 and without_parsed(alone) == without_parsed(second)


def _walks_to_the_root(root, cache: str, *args: str) -> tuple[bool, dict]:
    """Whether a scan in `root` walked HEAD's main line to its root commit (to name the cache
    folder), and its result."""
    trace = root.parent / f"{root.name}.trace"
    data = scan_json(root, "--cache-dir", cache, *args, env={**os.environ, "GIT_TRACE": str(trace)})
    return "--max-parents=0" in trace.read_text(), data


def test_a_new_clone_of_a_commit_seen_before_is_named_without_walking_the_history(repo, tmp_path):
    """Every CI run's checkout is a new clone, and naming its cache folder walked HEAD's main line
    to its root (0.1-0.4 s on long histories). A clone at a commit a checkout was named at, a few
    commits on from one, or on a commit whose first parent is a named one's first parent (a pull
    request's next merge commit) now takes that name; a shallow clone, whose main line ends where
    the clone does, still walks its own."""
    build(repo)
    repo.commit("2026-10-02", files={"notes.md": "one\n"})
    shared = str(tmp_path / "shared")
    walked, first = _walks_to_the_root(clone(repo, tmp_path, "run-1"), shared)
    assert walked
    walked, second = _walks_to_the_root(clone(repo, tmp_path, "run-2"), shared)
    assert not walked and second["summary"]["parsed"] == 0  # the same folder: the first run's memo
    later = clone(repo, tmp_path, "run-3")
    for day in ("2026-10-03", "2026-10-04"):
        (later / "notes.md").write_text(day + "\n")
        subprocess.run(["git", "commit", "-qam", day], cwd=later, check=True, env=git_env(day))
    walked, third = _walks_to_the_root(later, shared)
    assert not walked and third["summary"]["parsed"] < first["summary"]["parsed"]  # warm: the same folder
    beside = clone(repo, tmp_path, "run-4")
    subprocess.run(["git", "checkout", "-q", "--detach", "HEAD~1"], cwd=beside, check=True)
    (beside / "beside.md").write_text("beside\n")
    subprocess.run(["git", "add", "beside.md"], cwd=beside, check=True)
    subprocess.run(["git", "commit", "-qm", "beside"], cwd=beside, check=True, env=git_env("2026-10-05"))
    walked, fourth = _walks_to_the_root(beside, shared)
    assert not walked and fourth["summary"]["parsed"] < first["summary"]["parsed"]
    shallow = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{repo.root}", str(shallow)], check=True)
    walked, _data = _walks_to_the_root(shallow, shared)
    assert walked
    assert len([name for name in os.listdir(shared) if name.startswith("git-")]) == 2  # the shallow clone's own


def test_a_history_merged_in_from_another_repository_keeps_the_cache(repo, tmp_path):
    """The cache folder is named by the main line's root commit: a subtree merge of another
    repository's history (a second root) leaves the next clone on the same folder, warm."""
    build(repo)
    shared = tmp_path / "shared"
    scan_json(clone(repo, tmp_path, "before"), "--cache-dir", str(shared))
    other = tmp_path / "other"
    subprocess.run(["git", "init", "-q", "-b", "main", str(other)], check=True)
    (other / "lib.py").write_text("VALUE = 1\n")
    subprocess.run(["git", "add", "-A"], cwd=other, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "other root"], cwd=other, check=True,
                   env=dict(os.environ, GIT_AUTHOR_DATE="2026-09-01T12:00:00", GIT_COMMITTER_DATE="2026-09-01T12:00:00"))
    repo.git("fetch", "-q", str(other), "main")
    repo.git("merge", "-q", "--allow-unrelated-histories", "-m", "merge the other repository", "FETCH_HEAD",
             when="2026-09-02")
    assert len(repo.git("rev-list", "--max-parents=0", "HEAD").split()) == 2
    after = scan_json(clone(repo, tmp_path, "after"), "--cache-dir", str(shared))
    assert [p.name for p in shared.iterdir() if p.name.startswith("git-")] == [
        next(p.name for p in shared.iterdir() if p.name.startswith("git-"))]
    assert after["summary"]["parsed"] == 1  # the merged-in file alone: the rest came from the cache


def test_the_folder_an_earlier_version_named_is_adopted(repo, tmp_path):
    """A checkout whose cache folder an earlier version named by every root commit (and
    remembered under `identities/`) keeps its cache: the folder is renamed, the scan is warm."""
    from indexer.cache import _checkout_key

    build(repo)
    shared = tmp_path / "shared"
    first = scan_json(repo.root, "--cache-dir", str(shared))
    [folder] = [p for p in shared.iterdir() if p.name.startswith("git-")]
    folder.rename(shared / "git-0123456789abcdef")  # as the earlier version left it
    shutil.rmtree(shared / "identities-2")
    (shared / "identities").mkdir()
    (shared / "identities" / _checkout_key(str(repo.root))).write_text("git-0123456789abcdef\n")
    again = scan_json(repo.root, "--cache-dir", str(shared))
    assert again["summary"]["parsed"] == 0 and without_parsed(again) == without_parsed(first)
    assert sorted(p.name for p in shared.iterdir() if p.name.startswith("git-")) == [folder.name]
    assert not list((shared / "identities").iterdir())


def test_a_warm_json_scan_writes_back_the_gated_text(repo):
    """The memo keeps the `--format json` text as the gate made it: secrets and instructions
    found in the repository are withheld on a hit exactly as on the scan that computed it."""
    build(repo)
    cold = subprocess.run([sys.executable, "-m", "indexer", "scan", str(repo.root), "--now", NOW, "--format", "json"],
                          capture_output=True, text=True).stdout
    warm = subprocess.run([sys.executable, "-m", "indexer", "scan", str(repo.root), "--now", NOW, "--format", "json"],
                          capture_output=True, text=True).stdout
    assert json.loads(warm)["summary"]["parsed"] == 0 and json.loads(cold)["summary"]["parsed"] > 0
    assert without_parsed(json.loads(warm)) == without_parsed(json.loads(cold))
    assert AWS_KEY in (repo.root / "web" / "src" / "nav.ts").read_text() + "".join(
        p.read_text(errors="replace") for p in repo.root.rglob("*") if p.is_file() and ".git" not in p.parts)
    for text in (cold, warm):
        assert AWS_KEY not in text and INJECTION not in text


def prime_modules(root, env=None) -> set[str]:
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "indexer", "prime", TASK, "--now", NOW],
                          cwd=root, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr
    return {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}


def test_a_scan_makes_the_next_prime_warm_in_any_clone(repo, tmp_path):
    build(repo)
    other = clone(repo, tmp_path, "ci-runner/checkout")
    assert "indexer.scan.pipeline" in prime_modules(other)  # no scan before: the prime scans
    third = clone(repo, tmp_path, "third")
    env = dict(os.environ, ORGMEMORY_CACHE_DIR=str(tmp_path / "fresh-cache"))
    scan_json(clone(repo, tmp_path, "ci"), env=env)  # a CI or pre-commit scan, in another checkout
    assert "indexer.scan.pipeline" not in prime_modules(third, env=env)


def test_a_scan_after_a_change_finds_what_a_scan_from_scratch_finds(repo, tmp_path):
    """Resolutions are reused for the files that did not change; after each kind of change
    (an edit adding a dangling and a live reference, a new file a reference named, a deleted
    file others name, a commit) the findings are those of a scan with an empty cache."""
    build(repo)
    shared = str(tmp_path / "shared")
    scan_json(repo.root, "--cache-dir", shared)
    target = next(p for p in sorted(repo.root.rglob("*.md")) if ".git" not in p.parts)
    steps = [
        lambda: target.write_text(target.read_text() + "\nSee docs/not-there.md and README.md.\n"),
        lambda: repo.write("docs/not-there.md", "# now it is\n"),
        lambda: (repo.root / "docs" / "not-there.md").unlink(),
        lambda: repo.commit("2026-10-01", files={"docs/later.md": "see docs/not-there.md\n"}),
    ]
    for number, step in enumerate(steps):
        step()
        warm = scan_json(repo.root, "--cache-dir", shared)
        cold = scan_json(repo.root, "--cache-dir", str(tmp_path / f"cold-{number}"))
        assert without_parsed(warm) == without_parsed(cold), number
        assert warm["summary"]["parsed"] < cold["summary"]["parsed"]
    assert any("not-there.md" in f["message"] for f in warm["findings"])


def test_a_nightly_scan_with_a_new_now_finds_what_a_scan_from_scratch_finds(repo, tmp_path):
    """A new `--now` misses the whole-result memo but reuses the rest (history, ages,
    resolutions); what it reports is what an empty cache gives, day after day, as TODOs cross
    the stale cutoff. (Days before today's clock: blame's cutoff cannot be in the future.)"""
    repo.commit("2022-01-01", files={"a.py": "# TODO: old\nx = 1\n", "docs/a.md": "see a.py and gone.py\n",
                                     "gone.py": "# TODO: goes\n"})
    repo.git("rm", "-q", "gone.py")
    repo.commit("2023-01-10", files={"a.py": "# TODO: old\nx = 2\n"})
    repo.commit("2023-06-15", files={"later.py": "# TODO: crosses the cutoff on 2024-06-14\n"})
    shared = str(tmp_path / "shared")
    for day in ("2023-12-01", "2024-06-13", "2024-06-16", "2025-01-01"):
        warm = json.loads(subprocess.run([sys.executable, "-m", "indexer", "scan", str(repo.root), "--now", day,
                                          "--format", "json", "--cache-dir", shared],
                                         capture_output=True, text=True).stdout)
        cold = json.loads(subprocess.run([sys.executable, "-m", "indexer", "scan", str(repo.root), "--now", day,
                                          "--format", "json", "--cache-dir", str(tmp_path / day)],
                                         capture_output=True, text=True).stdout)
        assert without_parsed(warm) == without_parsed(cold), day
        stale = any(f["path"] == "later.py" and f["rule"] == "stale-todo" for f in warm["findings"])
        assert stale == (day > "2024-06-15"), day


# --- history: a new commit reads only OLD..NEW (issue 18) -------------------------------------

_tracked = tracked_paths


def _head(repo) -> str:
    return repo.git("rev-parse", "HEAD").strip()


def _full_and_extended(repo, old_head: str, now):
    from indexer.git.history import extended_history, read_history

    tracked = _tracked(repo.root)
    old = _history_at(repo, old_head, now)
    return read_history(str(repo.root), now, tracked), extended_history(str(repo.root), old_head, _head(repo), old,
                                                                        now, tracked)


def _history_at(repo, commit: str, now):
    """The full read of `commit`'s history, as it was cached when `commit` was HEAD."""
    from indexer.git.history import read_history

    repo.git("checkout", "-q", "--detach", commit)
    try:
        return read_history(str(repo.root), now, _tracked(repo.root))
    finally:
        repo.git("checkout", "-q", "main")


def _base(repo) -> str:
    repo.commit("2024-01-10", files={"docs/setup.md": "# setup\n", "src/app.py": "x = 1\n", "old/a.py": "a\n",
                                     "old/b.py": "b\n", "gone.txt": "g\n"})
    repo.commit("2025-06-01", files={"src/app.py": "x = 2\n"})
    repo.git("rm", "-q", "gone.txt")
    repo.commit("2025-07-01", message="drop gone.txt")
    return _head(repo)


def test_extended_history_after_a_commit_a_rename_and_a_merge_equals_a_full_read(repo):
    from datetime import date

    now = date(2026, 11, 1)
    old_head = _base(repo)
    repo.commit("2026-09-01", files={"src/app.py": "x = 3\n", "src/new.py": "n\n"})  # a commit
    repo.git("mv", "docs/setup.md", "docs/install.md")  # a rename
    repo.git("mv", "old", "legacy")  # a folder renamed
    repo.commit("2026-09-02", message="rename")
    repo.git("checkout", "-q", "-b", "topic")
    repo.commit("2026-09-03", files={"legacy/a.py": "a2\n"})
    repo.git("checkout", "-q", "main")
    repo.commit("2026-09-04", files={"src/other.py": "o\n"})
    repo.git("merge", "-q", "--no-ff", "-m", "merge topic", "topic", when="2026-09-05")  # a merge
    full, extended = _full_and_extended(repo, old_head, now)
    assert extended is not None  # the new commits alone were read
    assert extended == full
    assert "docs/setup.md" in extended.removals and extended.removals["docs/setup.md"].renamed_to == "docs/install.md"
    assert extended.activity["src/app.py"].total == 3


def test_history_falls_back_to_a_full_read_when_extending_would_differ(repo):
    from datetime import date

    now = date(2026, 11, 1)
    old_head = _base(repo)
    # a branch whose commit is older than the old HEAD's: the whole log interleaves it, and the
    # extension takes each commit's place in that log (`tests/test_history_cache.py`)
    repo.git("checkout", "-q", "-b", "late", old_head + "~1")
    repo.commit("2025-06-15", files={"src/late.py": "l\n"})
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "-m", "merge late", "late", when="2026-09-05")
    full, extended = _full_and_extended(repo, old_head, now)
    assert extended == full
    # a path tracked again that history had seen deleted: its old commits count
    repo2_old = _head(repo)
    repo.commit("2026-10-01", files={"gone.txt": "back\n"})
    full, extended = _full_and_extended(repo, repo2_old, now)
    assert extended is None
    assert full.activity["gone.txt"].total == 3


def test_scans_after_new_commits_equal_scans_from_scratch(repo, tmp_path):
    """Through the CLI: a scan whose history was extended from the last HEAD's reports what a scan
    with an empty cache reports."""
    repo.commit("2022-03-01", files={"README.md": "See [setup](docs/setup.md) and `old/a.py`.\n",
                                     "docs/setup.md": "# setup\n", "old/a.py": "# TODO: move this\n"})
    shared = str(tmp_path / "shared")
    scan_json(repo.root, "--cache-dir", shared)
    repo.git("mv", "docs/setup.md", "docs/install.md")
    repo.commit("2026-10-01", message="rename the setup page")
    repo.commit("2026-10-02", files={"src/x.py": "# FIXME: later\n"})
    warm = scan_json(repo.root, "--cache-dir", shared)
    cold = scan_json(repo.root, "--cache-dir", str(tmp_path / "empty"))
    assert without_parsed(warm) == without_parsed(cold)
    assert any(f["rule"] == "dangling-reference" for f in cold["findings"])


def test_extended_history_moves_a_full_window_as_a_full_read_does(repo, monkeypatch):
    """A history longer than the log holds (terraform's 36k commits against 20k): the commits that
    leave the window are taken out again (their counts, their removals)."""
    from datetime import date

    from indexer.git import history

    monkeypatch.setattr(history, "MAX_COMMITS", 4)
    now = date(2026, 11, 1)
    old_head = _base(repo)  # 3 commits, one of them a deletion
    repo.commit("2026-01-01", files={"src/app.py": "x = 4\n"})
    old_head = _head(repo)
    repo.commit("2026-09-01", files={"src/app.py": "x = 5\n", "docs/setup.md": "# more\n"})
    repo.git("mv", "old/a.py", "src/a.py")
    repo.commit("2026-09-02", message="move a")
    full, extended = _full_and_extended(repo, old_head, now)
    assert full.truncated and full.commits == 4
    assert extended is not None
    assert extended == full


def test_since_reports_what_a_full_scan_reports_on_the_changed_lines(repo, tmp_path):
    """`--since REF` is the full scan's findings on the lines changed since REF, whether the
    scan starts cold or from the cache of a scan before the change: the legacy reference added
    to README.md is found through the legacy entry and deploy/old outside the change, and the
    edited legacy file scripts/old.sh is reported with the reference docs/run.md still makes to
    it, which a scan of the changed files alone (`scan FILES`) leaves out of its message."""
    build(repo)
    repo.commit("2026-09-05", "old script", files={
        ".orgmemory.yaml": STANDARDS + "  - path: scripts/old.sh\n    successor: scripts/build.sh\n    since: 2024-01-15\n",
        "scripts/old.sh": "#!/usr/bin/env bash\necho old\n",
        "docs/run.md": "Run scripts/old.sh first.\n",
    })
    base = repo.git("rev-parse", "HEAD").strip()
    before = str(tmp_path / "before")
    scan_json(repo.root, "--cache-dir", before)
    repo.commit("2026-10-20", "change", files={
        "README.md": "# acme\n\nDeploy with the scripts in deploy/old.\nSee deploy/old/run.sh and docs/gone.md.\n",
        "scripts/build.sh": ("#!/usr/bin/env bash\n# TODO: drop the retry once the package mirror is fixed\n"
                             "echo build\n# TODO(2026-10-01): past its deadline\n"),
        "scripts/old.sh": "#!/usr/bin/env bash\necho old\necho older\n",
    })
    repo.write("web/src/nav.ts", "// TODO(2026-10-01): link the web page from the navigation\n"
                                 "export const nav = [];\n// FIXME(2026-09-30): unstaged and late\n")
    changed = {"README.md": {4}, "scripts/build.sh": {4}, "web/src/nav.ts": {3}, "scripts/old.sh": {3}}
    full = scan_json(repo.root, "--cache-dir", str(tmp_path / "full"))["findings"]
    expected = [f for f in full if f["path"] in changed and (f["line"] is None or f["line"] in changed[f["path"]])]
    assert {f["rule"] for f in expected} >= {"legacy-reference", "legacy-path", "stale-todo"}, expected
    assert any(f["path"] == "scripts/old.sh" and f["message"].endswith("1 reference still points at it")
               for f in expected), expected
    assert {f["path"] for f in full} - set(changed)  # findings elsewhere, which --since leaves out
    for cache in (str(tmp_path / "cold"), before):
        assert scan_json(repo.root, "--since", base, "--cache-dir", cache)["findings"] == expected


def test_scan_files_is_the_full_scans_answer_on_them_or_says_it_read_them_alone(repo, tmp_path):
    """`scan FILES` never answers differently from the full scan in silence: from a cache holding
    the scan before the change, the delta measures it (edited files that are not legacy); when it
    declines (here an edited legacy file, scripts/old.sh, whose legacy-path finding counts a
    reference in docs/run.md outside the change) or there is no cache, the narrowed scan says so."""
    build(repo)
    repo.commit("2026-09-05", "old script", files={
        ".orgmemory.yaml": STANDARDS + "  - path: scripts/old.sh\n    successor: scripts/build.sh\n    since: 2024-01-15\n",
        "scripts/old.sh": "#!/usr/bin/env bash\necho old\n",
        "docs/run.md": "Run scripts/old.sh first.\n",
    })
    before = tmp_path / "before"
    scan_json(repo.root, "--cache-dir", str(before))
    repo.write("README.md", (repo.root / "README.md").read_text() + "\nSee docs/gone.md.\n")
    repo.write("scripts/build.sh", (repo.root / "scripts/build.sh").read_text() + "# TODO(2026-10-01): past its deadline\n")
    full = scan_json(repo.root, "--cache-dir", str(tmp_path / "full"))["findings"]
    for files in (("README.md", "scripts/build.sh"), ("README.md", "scripts/old.sh")):
        expected = [f for f in full if f["path"] in files]
        assert {f["rule"] for f in expected} >= {"legacy-reference", "dangling-reference"}, expected
        assert {"stale-todo" if files[1] == "scripts/build.sh" else "legacy-path"} <= {f["rule"] for f in expected}
        for cache in (tmp_path / f"copy-{len(files)}-{files[1][8:]}", tmp_path / f"cold-{files[1][8:]}"):
            if cache.name.startswith("copy"):
                shutil.copytree(before, cache)
            got = scan_json(repo.root, *(str(repo.root / f) for f in files), "--cache-dir", str(cache))
            noted = any(note.startswith("only the files given were read") for note in got["notes"])
            assert got["findings"] == expected or noted, (files, cache.name, got["findings"], expected)
            if cache.name.startswith("copy") and files[1] == "scripts/build.sh":
                assert got["findings"] == expected and not noted  # the delta's answer: the full scan's
    old = scan_json(repo.root, str(repo.root / "scripts/old.sh"), "--cache-dir", str(tmp_path / "cold-old"))
    assert any(note.startswith("only the files given were read") for note in old["notes"])


def test_since_lines_from_head_s_tree_and_the_changed_paths_equal_a_work_tree_diff(repo):
    """`scan --since` diffs REF with HEAD's tree and only the paths `git status` names with the
    work tree (no stat of every tracked file): the same lines as one diff with the work tree,
    with commits since REF, staged, unstaged, both, deleted, added, intent-to-add and renamed."""
    from indexer.git.changes import start_changed_lines
    from indexer.git.discover import read_state

    repo.commit("2026-01-01", files={f"src/f{n}.py": "".join(f"line {i}\n" for i in range(12)) for n in range(9)})
    ref = repo.git("rev-parse", "HEAD").strip()
    repo.commit("2026-02-01", files={"src/f0.py": "new\n" + (repo.root / "src/f0.py").read_text(),
                                     "src/f1.py": "x\n", "docs/a b.md": "spaced\n"})
    repo.write("src/f1.py", "x\ny\n")  # committed since REF, then edited
    repo.write("src/f2.py", "staged\n")
    repo.git("add", "src/f2.py")
    repo.write("src/f3.py", "staged\n")
    repo.git("add", "src/f3.py")
    repo.write("src/f3.py", "staged\nand unstaged\n")
    (repo.root / "src/f4.py").unlink()
    repo.git("rm", "-q", "src/f5.py")
    repo.write("src/new.py", "added\n")
    repo.git("add", "src/new.py")
    repo.write("src/later.py", "intent\n")
    repo.git("add", "-N", "src/later.py")
    repo.git("mv", "src/f6.py", "src/moved.py")
    repo.write("docs/a b.md", "spaced\nmore\n")
    state = read_state(str(repo.root))
    dirty = state.worktree_changes()[0]
    assert {"src/f1.py", "src/f2.py", "src/f3.py", "src/f4.py", "docs/a b.md"} <= dirty
    whole = start_changed_lines(str(repo.root), ref)()
    assert start_changed_lines(str(repo.root), ref, dirty)() == whole
    assert whole["src/f0.py"] == frozenset({1}) and "src/new.py" in whole and "src/moved.py" in whole
    repo.commit("2026-03-01", "all of it")  # a clean work tree: HEAD's tree alone
    assert start_changed_lines(str(repo.root), ref, set())() == start_changed_lines(str(repo.root), ref)()


def test_a_scan_leaves_the_windows_history_for_the_next_prime_in_another_clone(repo, tmp_path):
    """The dates a prime's refresh gives its observations start from the paths the stale window's
    commits touched, as the scan's ageing does: the scan keeps them, so a prime after it (here in
    another clone) reads no year of `git log`, and primes the block an empty cache gives."""
    old = {f"src/m{n}.py": f"# TODO: module {n}\nx = {n}\n" for n in range(3)}
    docs = {f"docs/d{n}.md": f"# D{n}\n\nSee `src/gone{n}.py` for the deploy.\n" for n in range(3)}
    repo.commit("2019-05-02", "start", files={**old, **docs})
    repo.commit("2026-06-01", "recent", files={"docs/d1.md": "# D1\n\nNow see `src/gone1.py` for the deploy.\n",
                                               "src/m0.py": "# TODO: module 0\nx = 10\n"})
    shared = str(tmp_path / "shared")
    scan_json(clone(repo, tmp_path, "ci"), "--cache-dir", shared)
    other = clone(repo, tmp_path, "laptop")
    trace = tmp_path / "trace"
    command = [sys.executable, "-m", "indexer", "prime", "update the deploy docs", "--paths", "docs", "--now", NOW,
               "--format", "json"]
    primed = subprocess.run([*command, "--cache-dir", shared], cwd=other, capture_output=True, text=True,
                            timeout=300, env={**os.environ, "GIT_TRACE": str(trace)})
    assert primed.returncode == 0, primed.stderr
    logs = [line for line in trace.read_text().splitlines() if "built-in: git log" in line]
    assert not any("--since=" in line for line in logs), logs
    empty = subprocess.run([*command, "--cache-dir", str(tmp_path / "empty")], cwd=other, capture_output=True,
                           text=True, timeout=300)
    assert json.loads(primed.stdout) == json.loads(empty.stdout)
    shown = json.loads(primed.stdout)["text"]
    assert "docs/d1.md:3 (2026-06-01" in shown and "docs/d0.md:3 (2019-05-02" in shown
