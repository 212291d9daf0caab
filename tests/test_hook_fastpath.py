"""`orgmemory hook claude-code` without click: the same answers, help and errors as through click.

Claude Code runs the hook before every prompt, so `indexer.cli.main` answers it without importing
click when its options are plain; anything else (`--help`, a value click must judge) goes to click.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from _integrations import NOW, STANDARDS, run_orgmemory


@pytest.fixture
def standards_repo(repo):
    repo.commit("2022-03-01", files={
        ".orgmemory.yaml": STANDARDS,
        "services/orders/main.py": "import structlog\n# TODO: paginate the orders list\n",
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


def test_plain_options_answer_without_click_and_as_click_does(standards_repo):
    stdin = event(standards_repo.root)
    assert run_orgmemory("hook", "claude-code", "--now", NOW, input=stdin).returncode == 0  # builds the index
    fast, fast_clicked, fast_code = probe(stdin, "--now", NOW, "--budget", "1500")
    # `+1500` is a number click reads (int()) but the fast path leaves to click: the same request
    slow, slow_clicked, slow_code = probe(stdin, f"--now={NOW}", "--budget=+1500")
    assert (fast_clicked, slow_clicked) == (False, True)
    assert fast == slow and (fast_code, slow_code) == ("0", "0")
    assert "paginate the orders list" in json.loads(fast)["hookSpecificOutput"]["additionalContext"]


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
