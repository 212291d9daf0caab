"""The text format as people read it: severity on every line, colour only on a terminal (never
with NO_COLOR, never in a pipe), files together, per-rule counts, -q and -v, one finding for a
path written twice on one line, and pre-commit summaries that count the files checked."""
from __future__ import annotations

import os
import pty
import re
import subprocess

import pytest

from _integrations import NOW, invoke, orgmemory_command

ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture
def mixed(repo):
    repo.commit("2022-03-01", files={
        ".orgmemory.yaml": "version: 1\nstandards:\n  - id: no-tf\n    statement: No Terraform.\n"
                           "    priority: must\n    forbid:\n      - glob: \"**/*.tf\"\n",
        "app/main.py": "# TODO: paginate the orders list\nx = 1\n# TODO: cache the totals\n",
        "README.md": "See `docs/runbook.md` or the [runbook](docs/runbook.md).\n",
        "infra/net.tf": "resource \"x\" \"y\" {}\n",
    })
    return repo


def test_every_line_names_its_severity_and_the_summary_counts_each_rule(mixed):
    result = invoke("scan", str(mixed.root), "--now", NOW)
    lines = result.stdout.splitlines()
    assert result.exit_code == 1 and not ANSI.search(result.stdout)  # not a terminal: no colour
    assert "error   infra/net.tf:1: standard-violation " in result.stdout
    assert "warning app/main.py:1: stale-todo " in result.stdout
    findings = [x for x in lines if not x.startswith(("Found", "note:"))]
    assert findings and all(x.split()[0] in ("error", "warning", "note") for x in findings)
    paths = [x.split()[1].split(":")[0] for x in findings]
    assert paths == sorted(paths)  # each file's findings together
    assert lines[-1].startswith("Found 4 findings (1 error, 3 warning) in 4 files: 2 stale-todo, ")
    assert "1 dangling-reference" in lines[-1] and "1 standard-violation" in lines[-1]


def test_a_path_written_twice_on_one_line_is_one_finding(mixed):
    result = invoke("scan", str(mixed.root), "--now", NOW)
    assert result.stdout.count("README.md:1: dangling-reference") == 1


def test_quiet_prints_the_summary_alone_and_verbose_says_what_it_did(mixed):
    quiet = invoke("scan", str(mixed.root), "--now", NOW, "-q")
    assert quiet.exit_code == 1 and quiet.stdout.count("\n") == 1 and quiet.stdout.startswith("Found 4 findings")
    verbose = invoke("scan", str(mixed.root), "--now", NOW, "-v")
    assert re.search(r"scanned 4 files in [0-9.]+ s", verbose.stderr)


def test_verbose_times_each_stage_of_a_scan_that_ran_and_none_of_a_remembered_one(mixed):
    first = invoke("scan", str(mixed.root), "--now", "2026-12-01", "-v", "--format", "json")
    stages = dict(re.findall(r"orgmemory:   (\S.*?)\s+([0-9.]+) s$", first.stderr, re.M))
    assert {"discover", "extract", "check stale-todo", "check standard-violation"} <= set(stages)
    assert any(name.startswith("age") for name in stages) and any(n.startswith("contradictions") for n in stages)
    assert first.stdout.startswith("{")  # the timings never reach stdout
    again = invoke("scan", str(mixed.root), "--now", "2026-12-01", "-v", "--format", "json")
    assert "identical earlier scan" in again.stderr and "check stale-todo" not in again.stderr


def test_color_always_and_never(mixed):
    always = invoke("scan", str(mixed.root), "--now", NOW, "--color", "always")
    assert "\x1b[31m\x1b[1merror  \x1b[0m" in always.stdout or "\x1b[1m\x1b[31m" in always.stdout or \
        re.search(r"\x1b\[[0-9;]*31[0-9;]*m", always.stdout)
    assert not ANSI.search(invoke("scan", str(mixed.root), "--now", NOW, "--color", "never").stdout)


def _on_a_terminal(root, env) -> str:
    """Run the installed CLI with stdout on a pseudo-terminal, as a person at a terminal would."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([*orgmemory_command(), "scan", "--now", NOW], cwd=root, env=env,
                            stdout=follower, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    proc.wait(timeout=120)
    os.close(leader)
    return b"".join(chunks).decode()


def test_a_terminal_gets_colour_unless_no_color_is_set(mixed):
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    coloured = _on_a_terminal(mixed.root, env)
    assert ANSI.search(coloured) and "standard-violation" in coloured
    plain = _on_a_terminal(mixed.root, dict(env, NO_COLOR="1"))
    assert "standard-violation" in plain and not ANSI.search(plain)


def test_a_pipe_gets_no_colour(mixed):
    proc = subprocess.run([*orgmemory_command(), "scan", "--now", NOW], cwd=mixed.root, capture_output=True,
                          text=True, timeout=120, env={k: v for k, v in os.environ.items() if k != "NO_COLOR"})
    assert proc.returncode == 1 and "error   infra/net.tf:1:" in proc.stdout and not ANSI.search(proc.stdout)


def test_files_given_are_the_files_counted(mixed):
    result = invoke("scan", str(mixed.root / "app/main.py"), "--now", NOW)
    assert result.stdout.splitlines()[-1].startswith("Found 2 findings (2 warning) in 1 file: 2 stale-todo")
