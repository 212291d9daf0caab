"""`orgmemory hook claude-code` without click: the same answers, help and errors as through click.

Claude Code runs the hook before every prompt, so `indexer.cli.main` answers it without importing
click when its options are plain; anything else (`--help`, a value click must judge) goes to click.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from _integrations import NOW, STANDARDS, run_orgmemory


@pytest.fixture
def standards_repo(repo):
    repo.commit("2022-03-01", files={
        ".orgmemory.yaml": STANDARDS,
        "services/orders/main.py": "import structlog\n# TODO: log the order id with every request\n",
    })
    return repo


def event(root, prompt="Add structured logging to the orders service") -> str:
    return json.dumps({"hook_event_name": "UserPromptSubmit", "cwd": str(root), "prompt": prompt,
                       "session_id": "s"})


PROBE = ("import json, sys\n"
         "from indexer.cli import main\n"
         "code = main(sys.argv[1:])\n"
         "sys.stderr.write('CLICK=' + json.dumps('click' in sys.modules) + ' CODE=' + str(code))\n")


def probe(stdin: str, *args: str, env=None) -> tuple[str, bool, str]:
    """stdout, whether click was imported, and the exit code, of `main(["hook", "claude-code", *args])`."""
    proc = subprocess.run([sys.executable, "-c", PROBE, "hook", "claude-code", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, env=env)
    tail = proc.stderr.rsplit("CLICK=", 1)[1]
    clicked, code = tail.split(" CODE=")
    return proc.stdout, json.loads(clicked), code


def settle(stdin: str, *args: str) -> str:
    """The hook's answer once its shown line is dated: a line shown for the first time is blamed
    by a detached child after the prompt, so the answer gains `(date, commit)` once that is done."""
    import re

    for _ in range(200):
        result = run_orgmemory("hook", "claude-code", *args, input=stdin)
        assert result.returncode == 0, result.stderr
        if re.search(r"\(\d{4}-\d\d-\d\d, [0-9a-f]{7}\)", result.stdout):
            return result.stdout
        time.sleep(0.3)
    raise AssertionError("the hook's shown line was never dated")


def test_plain_options_answer_without_click_and_as_click_does(standards_repo):
    stdin = event(standards_repo.root)
    settle(stdin, "--now", NOW)  # builds the index, and dates the shown lines (in the background)
    fast, fast_clicked, fast_code = probe(stdin, "--now", NOW, "--budget", "1500")
    # `+1500` is a number click reads (int()) but the fast path leaves to click: the same request
    slow, slow_clicked, slow_code = probe(stdin, f"--now={NOW}", "--budget=+1500")
    assert (fast_clicked, slow_clicked) == (False, True)
    assert fast == slow and (fast_code, slow_code) == ("0", "0")
    assert "log the order id with every request" in json.loads(fast)["hookSpecificOutput"]["additionalContext"]


def test_the_cache_folder_comes_from_the_environment_as_through_click(standards_repo, tmp_path):
    cache = tmp_path / "elsewhere"
    env = {**os.environ, "ORGMEMORY_CACHE_DIR": str(cache)}
    out, clicked, _code = probe(event(standards_repo.root), "--now", NOW, env=env)
    assert not clicked and json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert any(name.startswith("git-") for name in os.listdir(cache))  # the index went there


@pytest.mark.parametrize("args, words", [
    (["--budget", "0"], "0 is not in the range x>=1"),
    (["--now", "2026-13-01"], "is not a date like 2026-11-01"),
    (["--now", "1800-01-01"], "is outside 1970-01-01"),
    (["--budget"], "requires an argument"),
    (["--colour", "red"], "No such option '--colour'"),
])
def test_bad_options_get_clicks_error(standards_repo, args, words):
    proc = run_orgmemory("hook", "claude-code", *args, input=event(standards_repo.root))
    assert proc.returncode == 2 and proc.stdout == ""
    assert "Error: " in proc.stderr and words in proc.stderr


def test_a_file_as_cache_folder_and_a_folder_as_config_are_clicks_errors(standards_repo, tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    proc = run_orgmemory("hook", "claude-code", "--cache-dir", str(afile), input=event(standards_repo.root))
    assert proc.returncode == 2 and "is a file" in proc.stderr
    proc = run_orgmemory("hook", "claude-code", "--config", str(tmp_path), input=event(standards_repo.root))
    assert proc.returncode == 2 and "is a directory" in proc.stderr


def test_help_is_clicks(standards_repo):
    proc = run_orgmemory("hook", "claude-code", "--help")
    assert proc.returncode == 0
    assert proc.stdout.startswith("Usage: orgmemory hook claude-code [OPTIONS]")
    assert "--budget INTEGER RANGE" in proc.stdout and "--cache-dir DIRECTORY" in proc.stdout


def test_a_failure_on_the_fast_path_is_one_line_and_exit_0(tmp_path):
    stdin = json.dumps({"hook_event_name": "UserPromptSubmit", "cwd": str(tmp_path), "prompt": "x"})
    out, clicked, code = probe(stdin, "--now", NOW)
    assert (out, clicked, code) == ("", False, "0")
    proc = run_orgmemory("hook", "claude-code", "--now", NOW, input=stdin)
    assert proc.returncode == 0 and proc.stdout == ""
    assert proc.stderr.startswith("orgmemory: hook claude-code: ") and len(proc.stderr.splitlines()) == 1


# --------------------------------------------------------------------------- nothing waits on git blame
def _context(result) -> str:
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]


def _eventually(check, seconds=60.0):
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.3)
    return check()


def _first_with(words: str, hook, stdin: str) -> str:
    """The first context holding `words`: the first prompt in a repository answers without a scan
    (standards only) and the index appears after the background refresh."""
    def answer():
        result = run_orgmemory(*hook, input=stdin)
        assert result.returncode == 0, result.stderr
        return result.stdout and words in _context(result) and _context(result)
    found = _eventually(answer)
    assert found, f"{words!r} never appeared"
    return found


def test_a_shown_line_never_dated_is_blamed_after_the_prompt_not_during_it(repo, tmp_path):
    repo.commit("2007-03-14", "start", author="Ada Lovelace", files={
        "src/parser.py": "# TODO: the tokenizer drops unicode escapes in quoted identifiers\nz = 3\n"})
    repo.commit("2022-06-01", "later", author="Grace Hopper", files={"README.md": "# app\n"})
    commit = repo.git("log", "--format=%H", "--reverse").split()[0][:7]
    cache = str(tmp_path / "cache")
    stdin = event(repo.root / "src", "Keep unicode escapes in the tokenizer")  # a sub-folder: its findings
    hook = ("hook", "claude-code", "--now", NOW, "--cache-dir", cache)
    first = _first_with("src/parser.py:1", hook, stdin)
    # the index's dating, no blame on the prompt's path: for a stale TODO that is the exact origin
    # the scan blamed (it once showed `last changed before` here until a later prompt)
    assert f"src/parser.py:1 (2007-03-14, {commit}) stale-todo" in first
    later = _context(run_orgmemory(*hook, input=stdin))
    assert f"src/parser.py:1 (2007-03-14, {commit}) stale-todo" in later


def test_background_children_never_import_the_repositorys_own_indexer_package(repo, tmp_path):
    marker = tmp_path / "imported"
    repo.commit("2022-03-01", files={
        ".orgmemory.yaml": STANDARDS,
        "indexer/__init__.py": f"open({str(marker)!r}, 'w').write('ran')\n",
        "indexer/__main__.py": f"open({str(marker)!r}, 'w').write('ran')\n",
        "services/orders/main.py": "import structlog\n# TODO: log the order id with every request\n",
    })
    cache = str(tmp_path / "cache")
    hook = ("hook", "claude-code", "--now", NOW, "--cache-dir", cache)
    _first_with("log the order id with every request", hook, event(repo.root))  # the index is built, in the background
    (repo.root / "services/orders/main.py").write_text("import structlog\n# TODO: log the order id\n")
    run_orgmemory(*hook, input=event(repo.root))  # served as is; the refresh runs detached, in the repository
    prime = ("prime", "task", "--now", NOW, "--cache-dir", cache, "--no-refresh", "--format", "json")

    def fresh():
        result = run_orgmemory(*prime, cwd=repo.root)
        return result.returncode == 0 and "index" not in json.loads(result.stdout)
    assert _eventually(fresh)  # the background refresh ran, in the repository
    assert not marker.exists()


def test_a_commit_of_a_few_files_is_served_from_the_index_at_hand_and_refreshed_after(repo, tmp_path):
    repo.commit("2007-03-14", "start", author="Ada Lovelace", files={
        "src/parser.py": "# TODO: the tokenizer drops unicode escapes in quoted identifiers\nz = 3\n",
        "src/lexer.py": "# TODO: the lexer splits unicode escapes in two tokens\ny = 2\n"})
    cache = str(tmp_path / "cache")
    stdin = event(repo.root / "src", "Keep unicode escapes in the tokenizer")
    hook = ("hook", "claude-code", "--now", NOW, "--cache-dir", cache)
    _first_with("src/parser.py:1", hook, stdin)
    repo.commit("2026-10-30", "fix the tokenizer", files={"src/parser.py": "z = 3\n"})  # the agent commits
    # no scan on the prompt's path: the index at hand answers (the TODO is still there), a
    # background refresh brings it up to date for the next prompt
    assert "src/parser.py:1" in _context(run_orgmemory(*hook, input=stdin))
    assert _eventually(lambda: "src/parser.py:1" not in _context(run_orgmemory(*hook, input=stdin)))
    assert "src/lexer.py:1" in _context(run_orgmemory(*hook, input=stdin))


# --------------------------------------------------------------------------- no interpreter teardown
def test_the_hook_exits_at_once_with_its_whole_output_written_to_a_file(standards_repo, tmp_path):
    """The console script ends the hook with `os._exit` once its output is out (no teardown of
    the ~80 modules it loaded); stdout redirected to a file is block-buffered, so the output
    is only there if it was flushed first. The exit code is 0 and stderr stays empty."""
    from _integrations import orgmemory_command

    stdin = event(standards_repo.root)
    settle(stdin, "--now", NOW)
    out, err = tmp_path / "out.json", tmp_path / "err.txt"
    with open(out, "w") as stdout, open(err, "w") as stderr:
        code = subprocess.run([*orgmemory_command(), "hook", "claude-code", "--now", NOW], input=stdin.encode(),
                              stdout=stdout, stderr=stderr, timeout=120).returncode
    assert code == 0 and err.read_text() == ""
    assert "log the order id with every request" in json.loads(out.read_text())["hookSpecificOutput"]["additionalContext"]
    # a reader that went away (a broken pipe) or no stdout at all is no error of the hook's: exit 0, silent
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run([*orgmemory_command(), "hook", "claude-code", "--now", NOW], input=stdin.encode(),
                              stdout=write_end, stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(write_end)
    assert (proc.returncode, proc.stderr) == (0, b"")
    proc = subprocess.run([*orgmemory_command(), "hook", "claude-code", "--now", NOW], input=stdin.encode(),
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120,
                          preexec_fn=lambda: os.close(1))
    assert (proc.returncode, proc.stderr) == (0, b"")
