"""`scan FILES` and `hook pre-commit` after a change: the work of the files given, and the answer
a complete scan gives on them.

With a base in the cache (an earlier complete scan with the same configuration and --now,
`indexer.scan.delta`), the answer is the delta's full-equivalent result filtered to the files:
a legacy path detected from a file outside the change (a README's deprecation notice) still
makes a reference in a staged file a legacy reference. Without one, only the given files are
read, and a note says what that answer rests on.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys

from conftest import git_env

NOW = "2026-11-01"
STAGED = ("app/main.py", "docs/guide.md")


def cli(root, *args: str, cache) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "indexer", *args, "--now", NOW, "--cache-dir", str(cache)],
                          cwd=root, capture_output=True, text=True, timeout=300, env=git_env())


def scan_json(root, *args: str, cache) -> tuple[dict, str]:
    proc = cli(root, "scan", *args, "--format", "json", "-v", cache=cache)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout), proc.stderr


def build(repo) -> None:
    """ingest/ is legacy by its README's notice alone (no legacy-like name, nothing declared);
    the staged change keeps a stale TODO, keeps a reference into ingest/ and adds a dangling one."""
    repo.commit("2022-03-01", files={
        "ingest/README.md": "# Deprecated\n\nThis folder is deprecated: use pipeline/ instead.\n",
        "ingest/loader.py": "x = 1\n",
        "pipeline/loader.py": "x = 2\n",
        "docs/guide.md": "# Guide\n\nLoad data with ingest/loader.py.\n",
        "app/main.py": "x = 1\n# TODO: remove the retry shim\n",
        "app/other.py": "# TODO: someone else's old debt\n",
    })
    repo.commit("2026-10-01", files={"pipeline/loader.py": "x = 3\n"})


def stage(repo) -> None:
    repo.write("app/main.py", "x = 2\n# TODO: remove the retry shim\n")
    repo.write("docs/guide.md", "# Guide\n\nLoad data with ingest/loader.py.\n\nSee docs/gone.md for the rest.\n")
    repo.git("add", *STAGED)


def on_staged(findings) -> list[dict]:
    return [f for f in findings if f["path"] in STAGED]


def test_with_a_base_scan_files_is_the_full_scans_answer_on_them_from_those_files_alone(repo, tmp_path):
    build(repo)
    base = tmp_path / "base"
    scan_json(repo.root, cache=base)  # the complete scan before the change: the base
    stage(repo)
    full, _ = scan_json(repo.root, cache=tmp_path / "cold")
    expected = on_staged(full["findings"])
    assert {(f["rule"], f["path"], f["line"]) for f in expected} == {
        ("stale-todo", "app/main.py", 2),
        ("legacy-reference", "docs/guide.md", 3),  # ingest/ is legacy by a file outside the change
        ("dangling-reference", "docs/guide.md", 5),
    }, expected
    assert {f["path"] for f in full["findings"]} - set(STAGED)  # findings elsewhere, left out below

    narrowed, stderr = scan_json(repo.root, *STAGED, cache=base)
    assert narrowed["findings"] == expected
    assert "delta: 2 changed files in all" in stderr  # measured from the base...
    assert "scanned 2 files" in stderr and "2 parsed, 0 from the cache" in stderr  # ...reading the two alone
    assert narrowed["summary"]["files"] == 2 and narrowed["resolutions"] == []
    assert not any("only the files given" in note for note in narrowed["notes"])


def test_the_hook_with_a_base_reports_the_full_scans_findings_on_the_staged_files(repo, tmp_path):
    build(repo)
    base = tmp_path / "base"
    scan_json(repo.root, cache=base)
    stage(repo)
    hook = cli(repo.root, "hook", "pre-commit", *STAGED, cache=base)
    assert hook.returncode == 1, hook.stderr
    lines = [line for line in hook.stdout.splitlines() if line.startswith("warning ")]
    assert [line.split(": ", 1)[0] for line in lines] == [
        "warning app/main.py:2", "warning docs/guide.md:3", "warning docs/guide.md:5"], hook.stdout
    assert "legacy-reference" in hook.stdout and "ingest/loader.py" in hook.stdout
    assert "other.py" not in hook.stdout and "in 2 files" in hook.stdout
    assert "only the files given" not in hook.stdout


def test_without_a_base_only_the_files_given_are_read_and_a_note_says_what_that_misses(repo, tmp_path):
    build(repo)
    stage(repo)
    full, _ = scan_json(repo.root, cache=tmp_path / "cold")
    narrowed, stderr = scan_json(repo.root, *STAGED, cache=tmp_path / "empty")
    assert "narrowed scan: no base" in stderr and "2 parsed" in stderr
    # what the files say for themselves is the full scan's answer...
    same = [f for f in on_staged(full["findings"]) if f["rule"] != "legacy-reference"]
    assert [f for f in narrowed["findings"] if f["rule"] != "legacy-reference"] == same
    # ...the legacy evidence in ingest/README.md was not read, and the note says so
    assert not any(f["rule"] == "legacy-reference" for f in narrowed["findings"])
    assert any(note.startswith("only the files given were read") for note in narrowed["notes"])
    hook = cli(repo.root, "hook", "pre-commit", *STAGED, cache=tmp_path / "empty2")
    assert "note: only the files given were read" in hook.stdout


def test_a_staged_new_file_is_measured_from_the_base(repo, tmp_path):
    """A new file is a path the base does not know: the delta finds the files it concerns (here
    none) and answers for it as the complete scan does."""
    build(repo)
    base = tmp_path / "base"
    scan_json(repo.root, cache=base)
    repo.write("app/new.py", "# TODO: wire this in\n# See docs/gone.md.\n")
    repo.git("add", "app/new.py")
    full, _ = scan_json(repo.root, cache=tmp_path / "cold")
    narrowed, stderr = scan_json(repo.root, "app/new.py", cache=base)
    assert "delta: 1 changed file in all" in stderr and "1 parsed" in stderr
    assert narrowed["findings"] == [f for f in full["findings"] if f["path"] == "app/new.py"] != []


def test_a_change_the_delta_cannot_measure_falls_back_to_the_narrowed_scan_with_its_note(repo, tmp_path):
    """A new Makefile defines targets every file's commands are resolved against: the delta
    declines, and the narrowed scan answers for the files given (not the full pipeline, whose
    cost is the repository's)."""
    build(repo)
    base = tmp_path / "base"
    scan_json(repo.root, cache=base)
    stage(repo)
    repo.write("app/Makefile", "build:\n\techo build\n")
    repo.git("add", "app/Makefile")
    kept = tmp_path / "kept"
    shutil.copytree(base, kept)
    narrowed, stderr = scan_json(repo.root, "app/main.py", "app/Makefile", cache=kept)
    assert "narrowed scan: a definition changed" in stderr
    assert "scanned 2 files" in stderr
    assert [(f["rule"], f["path"], f["line"]) for f in narrowed["findings"]] == [("stale-todo", "app/main.py", 2)]
    assert any(note.startswith("only the files given were read") for note in narrowed["notes"])


def test_the_hook_looks_files_up_in_the_scan_s_index_as_git_ls_files_does(repo):
    """`hook pre-commit` finds the tracked files it is given in the index its scan reads
    (`GitState.tracked`), not with a `git ls-files` of its own: the same paths for files,
    folders, a folder whose name prefixes another, the root, untracked and odd names."""
    from indexer.git.discover import ls_files, read_state

    repo.commit("2024-01-01", files={"a/b.txt": "1\n", "a/bc.txt": "2\n", "a/b/deep.txt": "5\n", "ab/c.txt": "3\n",
                                     "é dir/x y.md": "4\n", "top.md": "6\n"})
    state = read_state(str(repo.root))
    for specs in (["."], ["a"], ["a/b.txt"], ["a/b"], ["ab"], ["a/b/deep.txt"], ["a/bc.txt", "ab"], ["é dir"],
                  ["é dir/x y.md"], ["missing"], ["a/b.txt/x"], ["top.md", "a"], ["a/"]):
        assert state.tracked(specs) == set(ls_files(str(repo.root), *specs, literal=True, check=False)), specs
