"""Issue 16: a hostile work tree, hostile hook input, and "never a traceback".

The repository is untrusted input: a tracked file replaced on disk by a symlink to a file
outside (or by a FIFO, or a link to /dev/zero) must be skipped, never read, quoted or hung on;
`sync`, `init` and `install claude-code` must not write through a link that leaves the
repository; the Claude Code hook must survive any stdin; and every failure the system can
cause (a read-only folder, a cache path under a file, no git) is one line and exit 2.
Targets outside the repository are files in tmp_path, never real home files.
"""
from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import threading

import pytest
from click.testing import CliRunner

from _integrations import NOW, STANDARDS, orgmemory_command
from indexer.cli import cli

SECRET = "SECRET-LINE-7f3a"
OUTSIDE_TEXT = f"# TODO(by 2020-01-01): {SECRET} rotate the key\nsee [x](docs/missing-{SECRET}.md)\n"
TIMEOUT = 60


def invoke(*args: str, input=None, env=None):
    """The real CLI in this process; an uncaught exception propagates (it is a test failure)."""
    return CliRunner().invoke(cli, list(args), input=input, env=env, catch_exceptions=False)


def run(*args: str, cwd=None, input=None, env=None, prefix=()) -> subprocess.CompletedProcess:
    """The real CLI in a child with a 2 GiB address-space cap, so a regression cannot eat the box."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    return subprocess.run([*prefix, *orgmemory_command(), *args], cwd=cwd, input=input, env=env,
                          capture_output=True, text=True, timeout=TIMEOUT, preexec_fn=limit)


def assert_one_line_error(proc_or_result, code: int = 2) -> str:
    code_seen = getattr(proc_or_result, "returncode", getattr(proc_or_result, "exit_code", None))
    stderr = proc_or_result.stderr
    assert code_seen == code, stderr
    assert "Traceback" not in stderr, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


@pytest.fixture
def outside(tmp_path):
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.py").write_text(OUTSIDE_TEXT)
    return folder


@pytest.fixture
def project(repo):
    repo.commit("2022-03-01", files={"a.py": "x = 1\n", "b.py": "# TODO(by 2021-01-01): inside b\n",
                                     "README.md": "# Readme\n", "docs/guide.md": "# Guide\n"})
    return repo


def scan_json(root, cache_dir) -> dict:
    result = invoke("scan", str(root), "--now", NOW, "--format", "json", "--cache-dir", str(cache_dir))
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def replace_with_link(root, path: str, target) -> None:
    os.unlink(root / path)
    os.symlink(target, root / path)


# --------------------------------------------------------------------------- scanning
def test_a_tracked_file_replaced_by_a_symlink_outside_is_skipped_and_never_primed(project, outside, tmp_path):
    replace_with_link(project.root, "a.py", outside / "secret.py")
    data = scan_json(project.root, tmp_path / "cache")
    assert SECRET not in json.dumps(data)
    assert data["summary"]["skipped"] == {"outside-repository": 1}
    assert any(f["path"] == "b.py" for f in data["findings"])  # the rest is scanned as before

    text = invoke("scan", str(project.root), "--now", NOW, "--cache-dir", str(tmp_path / "cache"))
    assert "skipped 1 (1 outside-repository)" in text.stdout

    primed = invoke("prime", "rotate the key", "--repo", str(project.root), "--now", NOW,
                    "--cache-dir", str(tmp_path / "cache-prime"))
    assert primed.exit_code == 0, primed.stderr
    assert SECRET not in primed.stdout


def test_a_tracked_folder_replaced_by_a_symlink_outside_is_not_read(project, outside, tmp_path):
    (outside / "guide.md").write_text(f"[x](docs/{SECRET}.md)\n")
    shutil.rmtree(project.root / "docs")
    os.symlink(outside, project.root / "docs")
    data = scan_json(project.root, tmp_path / "cache")
    assert SECRET not in json.dumps(data)


def test_committed_symlinks_are_left_out_wherever_they_point(repo, outside, tmp_path):
    """Committed links are skipped as `symlink` (as before): the blob is the target's name, not
    text of ours, and what it points at may change under us; a link inside duplicates its target."""
    repo.write("b.py", "# TODO(by 2021-01-01): inside b\n")
    os.symlink(outside / "secret.py", repo.root / "abs.py")
    os.symlink("b.py", repo.root / "rel.py")
    repo.commit("2022-03-01")
    data = scan_json(repo.root, tmp_path / "cache")
    assert SECRET not in json.dumps(data)
    assert data["summary"]["skipped"] == {}
    assert {f["path"] for f in data["findings"]} == {"b.py"}


def test_a_work_tree_symlink_that_stays_inside_is_read(project, tmp_path):
    replace_with_link(project.root, "a.py", "b.py")
    data = scan_json(project.root, tmp_path / "cache")
    assert data["summary"]["skipped"] == {}
    assert {f["path"] for f in data["findings"] if f["rule"] == "stale-todo"} == {"a.py", "b.py"}


@pytest.mark.parametrize("kind", ["dev-zero", "fifo"])
def test_a_link_to_an_endless_file_or_a_fifo_neither_hangs_nor_fails(project, tmp_path, kind):
    os.unlink(project.root / "a.py")
    if kind == "fifo":
        os.mkfifo(project.root / "a.py")
    else:
        os.symlink("/dev/zero", project.root / "a.py")
    proc = run("scan", str(project.root), "--now", NOW, "--format", "json",
               "--cache-dir", str(tmp_path / "cache"))
    assert proc.returncode == 1, proc.stderr
    data = json.loads(proc.stdout)
    assert sum(data["summary"]["skipped"].values()) == 1
    assert any(f["path"] == "b.py" for f in data["findings"])


# --------------------------------------------------------------------------- init, sync, install
def test_init_reads_no_file_through_a_link_outside(repo, tmp_path):
    (tmp_path / "Dockerfile").write_text("FROM evil.example.com/base:1\n")
    os.symlink(tmp_path / "Dockerfile", repo.root / "Dockerfile")
    repo.commit("2022-03-01", files={"a.py": "x = 1\n"})
    result = invoke("init", "--repo", str(repo.root), "--now", NOW, "--stdout")
    assert result.exit_code == 0, result.stderr
    assert "evil.example.com" not in result.stdout


def test_init_force_does_not_write_through_a_link_outside(repo, tmp_path):
    target = tmp_path / "bashrc"
    target.write_text("export KEEP=1\n")
    os.symlink(target, repo.root / ".orgmemory.yaml")
    repo.commit("2022-03-01", files={"a.py": "x = 1\n"})
    result = invoke("init", "--repo", str(repo.root), "--now", NOW, "--force")
    assert ".orgmemory.yaml" in assert_one_line_error(result)
    assert target.read_text() == "export KEEP=1\n"


@pytest.fixture
def synced(repo, monkeypatch):
    repo.commit("2022-03-01", files={".orgmemory.yaml": STANDARDS})
    monkeypatch.chdir(repo.root)
    return repo


@pytest.mark.parametrize("args", [(), ("--check",), ("--create",), ("AGENTS.md",)])
def test_sync_refuses_an_instruction_file_linked_outside(synced, tmp_path, args):
    target = tmp_path / "bashrc"
    target.write_text(f"export {SECRET}=1\n")
    os.symlink(target, synced.root / "AGENTS.md")
    result = invoke("sync", "--now", NOW, *args)
    line = assert_one_line_error(result)
    assert "AGENTS.md" in line and SECRET not in line
    assert SECRET not in result.stdout
    assert target.read_text() == f"export {SECRET}=1\n"


def test_sync_create_does_not_create_files_in_a_folder_linked_outside(synced, tmp_path):
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    os.symlink(folder, synced.root / ".github")
    result = invoke("sync", "--now", NOW, "--create")
    assert ".github/copilot-instructions.md" in assert_one_line_error(result)
    assert list(folder.iterdir()) == []
    assert not (synced.root / "AGENTS.md").exists()  # refused before anything is written


@pytest.mark.parametrize("linked", [".claude", ".claude/settings.json"])
def test_install_does_not_write_settings_through_a_link_outside(repo, tmp_path, monkeypatch, linked):
    repo.commit("2022-03-01", files={"a.py": "x = 1\n"})
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    if linked == ".claude":
        os.symlink(folder, repo.root / ".claude")
    else:
        (repo.root / ".claude").mkdir()
        (folder / "settings.json").write_text("{}\n")
        os.symlink(folder / "settings.json", repo.root / linked)
    monkeypatch.chdir(repo.root)
    result = invoke("install", "claude-code")
    assert ".claude/settings.json" in assert_one_line_error(result)
    assert [p.read_text() for p in folder.iterdir()] == ([] if linked == ".claude" else ["{}\n"])


def test_install_writes_an_explicit_settings_path_the_user_chose(repo, tmp_path, monkeypatch):
    repo.commit("2022-03-01", files={"a.py": "x = 1\n"})
    monkeypatch.chdir(repo.root)
    chosen = tmp_path / "user" / "settings.json"
    result = invoke("install", "claude-code", "--settings", str(chosen))
    assert result.exit_code == 0, result.stderr
    assert "orgmemory hook claude-code" in chosen.read_text()


# --------------------------------------------------------------------------- the hook's stdin
@pytest.fixture
def hook_repo(repo):
    repo.commit("2022-03-01", files={".orgmemory.yaml": STANDARDS, "a.py": "x = 1\n"})
    return repo


def hook(stdin, tmp_path):
    return invoke("hook", "claude-code", "--now", NOW, "--cache-dir", str(tmp_path / "cache"), input=stdin)


def assert_nothing_injected(result) -> str:
    assert result.exit_code == 0
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("orgmemory: hook claude-code: "), result.stderr
    return lines[0]


def test_the_hook_still_answers_a_normal_event(hook_repo, tmp_path):
    event = {"hook_event_name": "UserPromptSubmit", "cwd": str(hook_repo.root), "prompt": "terraform"}
    result = hook(json.dumps(event), tmp_path)
    assert result.exit_code == 0 and "additionalContext" in result.stdout


def test_the_hook_refuses_input_over_the_cap_and_injects_nothing(hook_repo, tmp_path):
    event = {"hook_event_name": "UserPromptSubmit", "cwd": str(hook_repo.root),
             "prompt": "terraform " + "x" * (2 << 20)}
    assert "MiB" in assert_nothing_injected(hook(json.dumps(event), tmp_path))


@pytest.mark.parametrize("stdin", [
    b"\xff\xfe{not json", b"[" * 200_000 + b"]" * 200_000, b'{"hook_event_name": "UserPromptSubmit", "cwd": 5}',
    b"null", b'{"hook_event_name": "UserPromptSubmit", "cwd": "/no/such/folder", "prompt": 3}', b"",
    b'{"hook_event_name": "UserPromptSubmit", "cwd": "\\ud800", "prompt": "x"}',
], ids=["not-utf8", "nested-200k", "cwd-not-a-string", "null", "prompt-not-a-string", "empty", "lone-surrogate"])
def test_malformed_hook_input_is_one_line_and_exit_0(hook_repo, tmp_path, stdin):
    assert_nothing_injected(hook(stdin, tmp_path))


def test_an_endless_stdin_does_not_hang_the_hook(hook_repo, tmp_path):
    proc = subprocess.Popen([*orgmemory_command(), "hook", "claude-code", "--now", NOW,
                             "--cache-dir", str(tmp_path / "cache")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def feed() -> None:
        chunk = b'{"hook_event_name": "UserPromptSubmit", "prompt": "' + b"x" * 65536
        try:
            for _ in range(1 << 14):  # 1 GiB at most: ends the test even if the cap is gone
                proc.stdin.write(chunk)
        except (BrokenPipeError, ValueError, OSError):
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        proc.wait(timeout=TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0
    assert proc.stdout.read() == b""
    assert b"Traceback" not in proc.stderr.read()


def test_a_silent_stdin_does_not_hang_the_hook(hook_repo, tmp_path):
    """stdin left open with nothing written: the hook gives up after its timeout, exit 0."""
    read_end, write_end = os.pipe()
    try:
        proc = subprocess.run([*orgmemory_command(), "hook", "claude-code", "--now", NOW,
                               "--cache-dir", str(tmp_path / "cache")],
                              stdin=read_end, capture_output=True, text=True, timeout=TIMEOUT)
    finally:
        os.close(read_end)
        os.close(write_end)
    assert proc.returncode == 0 and proc.stdout == ""
    assert proc.stderr.startswith("orgmemory: hook claude-code: no hook event on stdin")


# --------------------------------------------------------------------------- never a traceback
def assert_no_traceback(proc, path) -> None:
    """A cache that cannot be used may be a warning (the command runs without it) or the one
    error; either way every line is ours, one line names the path, and there is no traceback."""
    assert proc.returncode in (0, 1, 2), proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert lines and all(line.startswith("orgmemory: ") for line in lines), proc.stderr
    assert sum(line.startswith("orgmemory: error") for line in lines) == (proc.returncode == 2)
    assert any(str(path) in line for line in lines)


def test_a_cache_folder_under_a_regular_file_is_not_a_traceback(project, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    proc = run("scan", str(project.root), "--now", NOW, "--cache-dir", str(blocker / "cache"))
    assert_no_traceback(proc, blocker)


def test_a_cache_folder_from_the_environment_under_a_file_is_not_a_traceback(project, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    env = {**os.environ, "ORGMEMORY_CACHE_DIR": str(blocker / "cache")}
    proc = run("prime", "anything", "--now", NOW, cwd=project.root, env=env)
    assert_no_traceback(proc, blocker)


def test_prime_without_git_on_path_is_one_line(project, tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    env = {**os.environ, "PATH": str(empty)}
    proc = subprocess.run([sys.executable, "-m", "indexer", "prime", "anything", "--now", NOW,
                           "--cache-dir", str(tmp_path / "cache")], cwd=project.root, env=env,
                          capture_output=True, text=True, timeout=TIMEOUT)
    assert "git" in assert_one_line_error(proc)


def _unprivileged() -> tuple[str, ...]:
    """A prefix that makes the child subject to file permissions even when the tests run as root."""
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: cannot make a folder read-only")
    return ("setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--")


@pytest.mark.parametrize("args", [("init", "--now", NOW), ("sync", "--now", NOW)])
def test_a_read_only_repository_root_is_one_line(synced, tmp_path, args):
    (synced.root / "AGENTS.md").write_text("# Agents\n")
    os.chmod(synced.root, 0o555)
    try:
        proc = run(*args, *(("--force",) if args[0] == "init" else ()), cwd=synced.root,
                   env={**os.environ, "ORGMEMORY_CACHE_DIR": str(tmp_path / "cache")}, prefix=_unprivileged())
    finally:
        os.chmod(synced.root, 0o755)
    line = assert_one_line_error(proc)
    assert "Permission denied" in line and str(synced.root) in line


def test_a_file_where_a_folder_is_expected_is_one_line(project, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    env = {**os.environ, "ORGMEMORY_CACHE_DIR": str(tmp_path / "cache")}
    proc = run("report", str(project.root), "--now", NOW, "--html", str(blocker / "report.html"), env=env)
    line = assert_one_line_error(proc)
    assert str(blocker) in line and "Not a directory" in line


BOOM = """\
import click

@click.command("boom")
def command():
    raise ValueError("no one wrote an error for this")
"""
CALL = ("import sys, indexer.cli as c; c.COMMANDS['boom'] = ('boom_command', 'x'); "
        "sys.exit(c.main(['boom']))")


@pytest.mark.parametrize("debug", [False, True])
def test_an_unexpected_exception_is_one_line_with_a_hint_unless_debugging(tmp_path, debug):
    """A stand-in subcommand that fails as a bug would: the guard, not the command, is under test."""
    (tmp_path / "boom_command.py").write_text(BOOM)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "ORGMEMORY_DEBUG": "1" if debug else ""}
    proc = subprocess.run([sys.executable, "-c", CALL], env=env, capture_output=True, text=True,
                          timeout=TIMEOUT)
    if debug:
        assert proc.returncode != 0 and "Traceback" in proc.stderr and "ValueError" in proc.stderr
        return
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    first, *rest = proc.stderr.strip().splitlines()
    assert first == "orgmemory: internal error: ValueError: no one wrote an error for this"
    assert len(rest) == 1 and "report" in rest[0]


def test_long_words_in_an_observation_are_read_in_linear_time():
    """A TODO's text is repository text: telling the places it quotes from its own words (which
    decides whether it is shown, on every prompt) must not be quadratic in a word's length. Before,
    a regular expression took 0.3 s for a word of 4,000 characters and ~50 s for one of 50,000."""
    import time

    from indexer.prime.index import Hit
    from indexer.prime.select import _own_words

    for word in ("x" * 50_000, "a." * 25_000, "x" * 50_000 + "/y"):
        hit = Hit("finding:f:1", "finding", 1.0, {"path": "pkg/m.py", "line": 1, "text": f"TODO: retry {word} queue"})
        started = time.monotonic()
        words = _own_words(hit)
        assert time.monotonic() - started < 2
        assert {"retri", "queue"} <= words


def test_the_folder_memo_answers_as_realpath_does(tmp_path, outside):
    """`confine.Inside` (a folder's real path resolved once per task) against `is_inside` (every
    component each time), on links out and in, of files and of folders, chained, and dangling."""
    from indexer.confine import Inside, is_inside

    root = tmp_path / "repo"
    (root / "src" / "deep").mkdir(parents=True)
    (root / "src" / "deep" / "a.py").write_text("x\n")
    (root / "src" / "b.py").write_text("x\n")
    os.symlink(outside / "secret.py", root / "src" / "out.py")  # a file out
    os.symlink(outside, root / "linked")  # a folder out
    os.symlink("deep", root / "src" / "in")  # a folder in
    os.symlink("../out.py", root / "src" / "deep" / "chain.py")  # in, then out
    os.symlink("b.py", root / "src" / "rel.py")  # a file in
    os.symlink(tmp_path / "missing", root / "dangling.py")
    paths = ["src/deep/a.py", "src/b.py", "src/out.py", "linked/secret.py", "linked/none.py",
             "src/in/a.py", "src/in/chain.py", "src/deep/chain.py", "src/rel.py", "dangling.py",
             "missing/file.py", "src/../src/b.py", "src/deep/../../../outside/secret.py"]
    inside = Inside(str(root))
    answers = {path: inside(path) for path in paths}
    assert answers == {path: is_inside(str(root), path) for path in paths}
    assert [path for path, ok in answers.items() if not ok] == [
        "src/out.py", "linked/secret.py", "linked/none.py", "src/in/chain.py", "src/deep/chain.py",
        "dangling.py", "src/deep/../../../outside/secret.py"]


def test_a_scan_in_worker_processes_reads_nothing_through_links_out(repo, outside, tmp_path):
    """Enough files for the extraction's worker processes (each chunk with its own folder memo):
    a file and a folder replaced by links out are skipped, a link that stays inside is read."""
    files = {f"pkg/m{i:03}.py": f"# TODO(by 2021-01-01): inside {i}\n" for i in range(80)}
    repo.commit("2022-03-01", files={**files, "docs/guide.md": "# Guide\n"})
    replace_with_link(repo.root, "pkg/m007.py", outside / "secret.py")
    (outside / "guide.md").write_text(f"# TODO(by 2020-01-01): {SECRET}\n")
    shutil.rmtree(repo.root / "docs")
    os.symlink(outside, repo.root / "docs")
    replace_with_link(repo.root, "pkg/m008.py", "m009.py")
    data = scan_json(repo.root, tmp_path / "cache")
    assert SECRET not in json.dumps(data)
    assert data["summary"]["skipped"] == {"outside-repository": 1}  # (git no longer lists docs/: deleted)
    stale = {f["path"] for f in data["findings"] if f["rule"] == "stale-todo"}
    assert stale == set(files) - {"pkg/m007.py"}
