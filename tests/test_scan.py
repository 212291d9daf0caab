"""The scan command end to end: real repositories, backdated history, the real CLI."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from indexer.cache import cache_dir_for
from indexer.cli import cli

NOW = "2026-11-01"


def scan(root, *args: str, exit_code: int | None = None):
    result = CliRunner().invoke(cli, ["scan", str(root), "--now", NOW, "--format", "json", *args])
    if exit_code is not None:
        assert result.exit_code == exit_code, result.output
    return json.loads(result.stdout) if result.stdout.startswith("{") else result


def stale(report) -> dict[tuple[str, int], dict]:
    return {(f["path"], f["line"]): f for f in report["findings"] if f["rule"] == "stale-todo"}


@pytest.fixture
def brownfield(repo):
    repo.commit("2022-03-01", "start", author="Priya Raman", files={
        "app/main.py": "import os\n\n# TODO: paginate the orders list\ntodo_list = []\n"
                       "log = 'TODO: not a comment'\n",
        "app/tasks.py": "def refresh():\n    pass\n",
        "scripts/backfill.py": "print('backfill')\n",
        "web/client.ts": "// FIXME(2024-06-30): drop the retry shim\nexport const TodoItem = 1;\n",
        "third_party/lib.py": "# TODO: upstream this fix\n",
        ".orgmemory.yaml": "version: 1\nscan:\n  exclude: ['third_party/**']\n",
    })
    repo.commit("2023-05-01", "delete backfill", files={})
    os.remove(repo.root / "scripts/backfill.py")
    repo.commit("2023-05-02", "remove backfill script")
    repo.commit("2026-09-20", "recent work", author="Marcus Oyelaran", files={
        "app/tasks.py": "def refresh():\n    # TODO: batch sends per tenant\n    pass\n"
                        "# TODO: delete once scripts/backfill.py is retired\n",
        "ops/run.sh": "#!/usr/bin/env bash\n# XXX: pinned; remove by 2099-01\necho ok\n",
    })
    return repo


def test_stale_todos_by_age_deadline_and_missing_path(brownfield):
    report = scan(brownfield.root, exit_code=1)
    found = stale(report)
    assert set(found) == {("app/main.py", 3), ("web/client.ts", 1), ("app/tasks.py", 4)}
    assert found[("app/main.py", 3)]["reason"] == ["age"]
    assert found[("web/client.ts", 1)]["reason"] == ["age", "deadline"]
    assert found[("app/tasks.py", 4)]["reason"] == ["missing-path"]
    assert found[("app/tasks.py", 4)]["missing_paths"] == ["scripts/backfill.py"]
    assert found[("app/main.py", 3)]["severity"] == "warning"
    assert report["version"] == 1 and report["head"]


def test_blame_is_per_line_not_per_file(repo):
    repo.commit("2021-01-01", files={"a.py": "# TODO: old one\nx = 1\n"})
    repo.commit("2026-10-01", files={"a.py": "# TODO: old one\nx = 1\n# TODO: new one\n"})
    assert set(stale(scan(repo.root))) == {("a.py", 1)}


def test_a_comment_in_test_data_is_data_under_test_not_a_task(repo):
    """black's `tests/data/cases/comments.py` is a formatter's input, Go's `testdata/` a
    tool's: their old FIXMEs are what the tests feed in. A test's own TODO is still one, and so
    is one in a package that makes fixtures (moby's `internal/testutil/fixtures/`). Maven's
    `src/test/resources/` and kapitan's `tests/test_resources/` (an upstream chart's copy) are
    test data too."""
    old = "# FIXME: Some comment about why this function is crap but still in production.\nx = 1\n"
    repo.commit("2019-01-01", files={"tests/data/cases/comments.py": old, "pkg/lint/testdata/src/a/a.go":
                                     "package a\n\n// TODO(x): the analyzer reports this\n",
                                     "core/src/test/resources/sample/Main.java": "// TODO: a sample's own\nclass Main {}\n",
                                     "tests/test_resources/charts/istio/values.yaml": "# TODO: Switch to Always\n",
                                     "pkg/lint/testdata/src/b/b.go":
                                     "package a\n\n// TODO(x): the analyzer reports this\n",
                                     "tests/test_format.py": "# TODO: cover the slow path\n", "src/app.py": old,
                                     "internal/testutil/fixtures/load/frozen.go": "package load\n\n// TODO: load less\n"})
    assert set(stale(scan(repo.root))) == {("tests/test_format.py", 1), ("src/app.py", 1),
                                           ("internal/testutil/fixtures/load/frozen.go", 3)}


def test_a_marker_that_tells_the_files_user_what_to_fill_in_is_no_task(repo):
    """kubebuilder scaffolds `TODO(user): Configure the resources accordingly` into every project
    it makes (jobset, lws, kueue kept them for years); external-snapshotter's manifest says "TODO:
    replace with the namespace you want for your sidecar"; argo-workflows' pull request template
    "TODO: Say why you made your changes". The maintainers' own old TODOs beside them still count."""
    repo.commit("2019-01-01", files={
        "config/manager/manager.yaml": "# TODO(user): Configure the resources accordingly.\nkind: Deployment\n",
        "deploy/rbac.yaml": "  # TODO: replace with the namespace you want for your sidecar\n  namespace: default\n",
        ".github/pull_request_template.md": "<!-- TODO: Say why you made your changes. -->\n",
        "pkg/controller.go": "package pkg\n\n// TODO(alice): retry on conflict\n// TODO: set this to the timeout we measured\n",
    })
    assert set(stale(scan(repo.root))) == {("pkg/controller.go", 3), ("pkg/controller.go", 4)}


def test_a_note_said_on_several_lines_of_a_file_is_one_finding(repo):
    """cherrypy's `.ruff.toml` marks 231 ignored lint rules `# FIXME`, terraform's mock client says
    "TODO implement me" in each of 15 methods: one task each, reported once, on its first line,
    naming the others. A line an inline suppression covers is left out; a copy that is not stale
    is no part of it; `--since` keeps it when any of its lines changed."""
    base = repo.commit("2019-01-01", files={"lint.py": "A001 = 1  # FIXME\nc = 3  # TODO: other\n"})
    repo.commit("2020-01-01", files={"lint.py": (
        "A001 = 1  # FIXME\nc = 3  # TODO: other\nB006 = 2  # FIXME\nB007 = 3  # FIXME\n"
        "# orgmemory: ignore[stale-todo] -- kept on purpose\nB008 = 4  # FIXME\n")})
    repo.commit("2026-10-01", files={"lint.py": (
        "A001 = 1  # FIXME\nc = 3  # TODO: other\nB006 = 2  # FIXME\nB007 = 3  # FIXME\n"
        "# orgmemory: ignore[stale-todo] -- kept on purpose\nB008 = 4  # FIXME\nC401 = 5  # FIXME\n")})
    found = stale(scan(repo.root))
    assert set(found) == {("lint.py", 1), ("lint.py", 2)}
    assert found[("lint.py", 1)]["lines"] == [1, 3, 4]
    assert "; the same note is on 2 more lines (3, 4): FIXME" in found[("lint.py", 1)]["message"]
    assert "lines" not in found[("lint.py", 2)]
    assert set(stale(scan(repo.root, "--since", base))) == {("lint.py", 1)}  # (line 1 is the base's)


def test_exact_date_shown_within_the_cutoff_and_for_lines_stale_by_age(repo):
    repo.commit("2020-01-01", files={"a.py": "# TODO: ancient\n"})
    repo.commit("2026-06-01", files={"a.py": "# TODO: ancient\n# TODO(2026-07-01): middle\n"})
    found = stale(scan(repo.root))
    assert found[("a.py", 1)]["last_changed"] == "2020-01-01"  # blamed again over its whole history
    assert found[("a.py", 1)]["last_changed_before"] is None
    assert found[("a.py", 2)]["last_changed"] == "2026-06-01"
    assert found[("a.py", 2)]["reason"] == ["deadline"]
    assert found[("a.py", 2)]["author"] == "Ada Lovelace"


def test_uncommitted_lines_are_fresh(repo):
    repo.commit("2020-01-01", files={"a.py": "x = 1\n"})
    repo.write("a.py", "x = 1\n# TODO: written just now\n")
    report = scan(repo.root, exit_code=0)
    assert stale(report) == {}


def test_second_scan_parses_nothing_and_agrees(brownfield):
    first = scan(brownfield.root)
    second = scan(brownfield.root)
    assert first["summary"]["parsed"] > 0
    assert second["summary"]["parsed"] == 0
    assert first["findings"] == second["findings"]


def test_cache_is_rebuilt_when_corrupt(brownfield):
    first = scan(brownfield.root)
    db = Path(cache_dir_for(str(brownfield.root))) / "cache.sqlite3"
    for suffix in ("-wal", "-shm"):
        if os.path.exists(str(db) + suffix):
            os.remove(str(db) + suffix)
    db.write_bytes(b"this is not a database" * 100)
    result = CliRunner().invoke(cli, ["scan", str(brownfield.root), "--now", NOW, "--format", "json"])
    assert "rebuilding" in result.stderr
    assert json.loads(result.stdout)["findings"] == first["findings"]


def test_changed_file_is_the_only_one_parsed_again(brownfield):
    scan(brownfield.root)
    brownfield.write("app/main.py", "# TODO: paginate the orders list\n")
    report = scan(brownfield.root)
    assert report["summary"]["parsed"] == 1


def test_binary_huge_and_non_utf8_files_are_skipped_and_counted(repo):
    repo.commit("2020-01-01", files={
        "logo.png": b"\x89PNG\r\n\x1a\n\0\0# TODO: not text",
        "latin1.py": "# TODO: caf\xe9\n".encode("latin-1"),
        "big.py": "# TODO: huge\n" + "x = 1\n" * 400_000,
        "ok.py": "# TODO: fine\n",
    })
    report = scan(repo.root)
    assert report["summary"]["skipped"] == {"binary": 1, "not-utf8": 1, "too-large": 1}
    assert set(stale(report)) == {("ok.py", 1)}
    text = CliRunner().invoke(cli, ["scan", str(repo.root), "--now", NOW])
    assert "skipped 3 (1 binary, 1 not-utf8, 1 too-large)" in text.stdout


def test_untracked_and_excluded_files_are_never_scanned(brownfield):
    brownfield.write(".gitignore", "node_modules/\n")
    brownfield.write("node_modules/x/index.js", "// TODO: ignored\n")
    brownfield.write("untracked.py", "# TODO: untracked\n")
    paths = {f["path"] for f in scan(brownfield.root)["findings"]}
    assert not {p for p in paths if p.startswith(("node_modules", "third_party", "untracked"))}


def test_text_format_is_path_line_rule_message(brownfield):
    result = CliRunner().invoke(cli, ["scan", str(brownfield.root), "--now", NOW])
    assert result.exit_code == 1
    assert "app/main.py:3: stale-todo last changed 20" in result.stdout
    assert result.stdout.rstrip().splitlines()[-1].startswith("Found 3 findings (3 warning)")


def test_fail_on_controls_the_exit_code(brownfield):
    result = CliRunner().invoke(cli, ["scan", str(brownfield.root), "--now", NOW, "--fail-on", "error"])
    assert result.exit_code == 0
    result = CliRunner().invoke(cli, ["scan", str(brownfield.root), "--now", NOW, "--fail-on", "never"])
    assert result.exit_code == 0
    result = CliRunner().invoke(cli, ["scan", str(brownfield.root), "--now", NOW, "--fail-on", "note"])
    assert result.exit_code == 1


def test_now_moves_the_verdict(repo):
    repo.commit("2026-03-01", files={"a.py": "# TODO: eight months old\n"})
    assert stale(scan(repo.root)) == {}
    result = CliRunner().invoke(cli, ["scan", str(repo.root), "--now", "2027-06-01", "--format", "json"])
    assert set(stale(json.loads(result.stdout))) == {("a.py", 1)}


def test_not_a_repository_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(cli, ["scan", str(tmp_path), "--now", NOW])
    assert result.exit_code == 2
    assert "not inside a git work tree" in result.stderr


def test_bad_now_is_a_usage_error(brownfield):
    result = CliRunner().invoke(cli, ["scan", str(brownfield.root), "--now", "yesterday"])
    assert result.exit_code == 2
    assert "is not a date" in result.stderr


def test_broken_config_names_file_line_and_exits_2(brownfield):
    brownfield.write(".orgmemory.yaml", "version: 1\nscan:\n  todo:\n    stale_after: [1, 2]\n")
    result = CliRunner().invoke(cli, ["scan", str(brownfield.root), "--now", NOW])
    assert result.exit_code == 2
    assert ".orgmemory.yaml:4: scan.todo.stale_after:" in result.stderr


def test_shallow_clone_says_age_is_unknown(brownfield, tmp_path):
    clone = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{brownfield.root}", str(clone)],
                   check=True, capture_output=True)
    report = scan(clone)
    assert any("shallow clone" in note for note in report["notes"])
    reasons = {key: f["reason"] for key, f in stale(report).items()}
    assert ("app/main.py", 3) not in reasons
    assert reasons[("web/client.ts", 1)] == ["deadline"]


def test_installed_command_runs_as_a_subprocess(brownfield):
    exe = shutil.which("orgmemory")
    args = [exe] if exe else [sys.executable, "-m", "indexer"]
    proc = subprocess.run([*args, "scan", str(brownfield.root), "--now", NOW, "--format", "json"],
                          capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    assert len(stale(json.loads(proc.stdout))) == 3
    version = subprocess.run([*args, "--version"], capture_output=True, text=True)
    assert version.stdout.startswith("orgmemory, version ")


def test_memoised_result_follows_every_input(repo):
    repo.commit("2020-01-01", files={"a.py": "x = 1\n"})
    assert stale(scan(repo.root)) == {}
    repo.write("a.py", "x = 1\n# TODO(2021-01-01): first edit\n")
    assert [f["text"] for f in stale(scan(repo.root)).values()] == ["TODO(2021-01-01): first edit"]
    repo.write("a.py", "x = 1\n# TODO(2021-01-01): second edit\n")
    assert [f["text"] for f in stale(scan(repo.root)).values()] == ["TODO(2021-01-01): second edit"]
    assert stale(scan(repo.root, "--now", "2020-06-01")) == {}
    repo.write(".orgmemory.yaml", "version: 1\nscan:\n  todo:\n    markers: [FIXME]\n")
    assert stale(scan(repo.root)) == {}


def test_two_concurrent_scans_share_one_cache_safely(brownfield):
    exe = shutil.which("orgmemory")
    args = [exe] if exe else [sys.executable, "-m", "indexer"]
    command = [*args, "scan", str(brownfield.root), "--now", NOW, "--format", "json"]
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(3)]
    outputs = [run.communicate() for run in runs]
    assert [run.returncode for run in runs] == [1, 1, 1], [err for _, err in outputs]
    findings = [json.loads(out)["findings"] for out, _ in outputs]
    assert findings[0] == findings[1] == findings[2]
    assert len(stale({"findings": findings[0]})) == 3


def test_warm_scan_of_an_unchanged_repo_loads_no_stage_and_no_yaml(brownfield):
    scan(brownfield.root)
    probe = ("import sys\nfrom indexer.cli import main\n"
             f"code = main(['scan', {str(brownfield.root)!r}, '--now', {NOW!r}, '--format', 'json'])\n"
             "print(sorted(m for m in ('yaml', 'indexer.scan.pipeline', 'indexer.memory.load', 'tree_sitter',"
             " 'networkx', 'git') if m in sys.modules), code, file=sys.stderr)\n")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert proc.stderr.strip().splitlines()[-1] == "[] 1"
    assert len(stale(json.loads(proc.stdout))) == 3


def test_the_next_days_scan_reads_no_file_and_loads_no_reader(brownfield, tmp_path):
    """The first scan of a new day re-ages and re-resolves from the cache: no file is read, so
    none of the reference readers (nor their patterns) is loaded for it."""
    cache = tmp_path / "cache"
    scan(brownfield.root, "--cache-dir", str(cache))
    probe = ("import sys\nfrom indexer.cli import main\n"
             f"code = main(['scan', {str(brownfield.root)!r}, '--now', '2026-11-02', '--format', 'json', '--cache-dir',"
             f" {str(cache)!r}, '-v'])\n"
             "print(sorted(m for m in sys.modules if m.startswith('indexer.extract.references.')), code,"
             " file=sys.stderr)\n")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert "delta: 0 changed files" in proc.stderr, proc.stderr
    assert proc.stderr.strip().splitlines()[-1] == "['indexer.extract.references.tokens'] 1", proc.stderr
    assert len(stale(json.loads(proc.stdout))) == 3


@pytest.mark.parametrize("edited", ["src/app.py", "docs/guide.md"])
def test_a_change_that_deprecates_nothing_compiles_no_history_globs(repo, tmp_path, edited):
    """`scan.history_paths` (globs, matched by RE2) is only asked about the files that say
    something is deprecated, and the files a reference is read from (is it a claim?), which the
    base answers for its files: a delta scan of an ordinary edit does not load RE2 (~5 ms)."""
    repo.commit("2024-01-10", "start", files={"src/app.py": "# TODO: split this module\nx = 1\n",
                                              "docs/guide.md": "Run src/app.py.\n",
                                              "CHANGELOG.md": "# Changelog\n\n- first release\n"})
    cache = tmp_path / "cache"
    scan(repo.root, "--cache-dir", str(cache))
    if edited == "docs/guide.md":
        (repo.root / edited).write_text("Run src/app.py, then src/gone.py.\n")
    else:
        (repo.root / "src/app.py").write_text("# TODO: split this module\nx = 2\n# TODO: and this\n")
    probe = ("import sys\nfrom indexer.cli import main\n"
             f"code = main(['scan', {str(repo.root)!r}, '--now', {NOW!r}, '--format', 'json', '--cache-dir',"
             f" {str(cache)!r}, '-v'])\n"
             "print('re2' in sys.modules, code, file=sys.stderr)\n")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert "delta: 1 changed file in all" in proc.stderr, proc.stderr
    assert proc.stderr.strip().splitlines()[-1] == "False 1", proc.stderr
    assert set(stale(json.loads(proc.stdout))) == {("src/app.py", 1)}
    assert ("src/gone.py" in proc.stdout) is (edited == "docs/guide.md")


def test_a_cache_dir_holds_all_a_scan_keeps_and_a_change_imports_no_platformdirs(brownfield, tmp_path):
    """`--cache-dir` is where a scan's data goes, the parsed rule pack too (not the user's cache
    folder); the delta scan after a change then needs no platformdirs (~14 ms of imports)."""
    home, cache = tmp_path / "home", tmp_path / "ci-cache"
    home.mkdir()
    env = {key: value for key, value in os.environ.items() if key != "ORGMEMORY_CACHE_DIR"}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"))
    probe = ("import sys\nfrom indexer.cli import main\n"
             f"code = main(['scan', {str(brownfield.root)!r}, '--now', {NOW!r}, '--format', 'json', '--cache-dir',"
             f" {str(cache)!r}, '-v'])\n"
             "print('platformdirs' in sys.modules, code, file=sys.stderr)\n")
    first = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env)
    assert first.stderr.strip().splitlines()[-1] == "False 1", first.stderr
    brownfield.write("app/tasks.py", (brownfield.root / "app/tasks.py").read_text() + "# TODO: one more\n")
    changed = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env)
    assert "delta: 1 changed file in all" in changed.stderr, changed.stderr
    assert changed.stderr.strip().splitlines()[-1] == "False 1", changed.stderr
    assert (cache / "rulepack.json").is_file()
    assert [os.path.join(d, f) for d, _, files in os.walk(home) for f in files] == []
    assert len(stale(json.loads(changed.stdout))) == 3  # (the uncommitted TODO is fresh)
