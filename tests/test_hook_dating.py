"""The dates a priming block shows, on the hooks' path: exact from the first prompt when the index
knows them, found after the prompt when it does not, and never looked up twice.

The index dates a stale TODO with the origin the scan blamed over its whole history, and a line
changed inside the staleness window with the commit the bounded blame saw: both are exact, so
the hook shows them as they are and nothing blames them again. A line the index only bounds
(`last changed before ...`) is blamed by a detached child after the prompt, for the next one.
What git runs is read from git's own trace (`GIT_TRACE`, inherited by the detached children).
"""
from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

from _integrations import NOW, run_orgmemory

TASK = "fix the lease revoke race"


def _event(cwd: Path, prompt: str = TASK) -> str:
    return json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": prompt, "cwd": str(cwd), "session_id": "s"})


def _context(result) -> str:
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]


def _line(context: str, place: str) -> str:
    return next((line for line in context.splitlines() if f" {place} " in f" {line} "), "")


def _our_children(root: Path, cache: str) -> bool:
    """Whether a detached child of a prime in the repository at `root` runs (a dating child, a
    refresh, their git calls), or is about to.

    A hook starts its children by a fork that enters `root` and then execs. Until the exec the
    child's command line is the hook's own (it names the cache folder) and its working folder may
    still be the hook's; while it execs, its /proc cmdline reads empty (the new image has no
    arguments yet) but it is in `root`. So a process is ours when either holds."""
    mine, where = os.getpid(), os.path.realpath(root)
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) == mine:
            continue
        try:
            if (proc / "stat").read_text().rpartition(") ")[2][:1] == "Z":
                continue  # exited, not yet reaped
            if cache.encode() in (proc / "cmdline").read_bytes() or os.readlink(proc / "cwd") == where:
                return True
        except OSError:  # it exited while read
            continue
    return False


def _settled(root: Path, cache: str) -> None:
    """Wait until the detached children a prompt started have finished (an agent's next prompt
    comes seconds later), so that their git calls are all in the trace."""
    for _ in range(1200):
        if not _our_children(root, cache):
            return
        time.sleep(0.1)
    raise AssertionError("a detached child never finished")


def _git_commands(trace: Path) -> list[str]:
    """Each git command the trace records, as its command line."""
    text = trace.read_text() if trace.exists() else ""
    return re.findall(r"trace: built-in: git (.*)", text)


@pytest.fixture
def lease(repo, tmp_path):
    """A stale TODO (2019), a reference that was always dangling (2019), one dangling since a
    recent commit (inside the 365-day window), all in server/lease; the index built by the
    background refresh a first prompt started (that prompt had no index: it showed nothing)."""
    first = repo.commit("2019-05-02", "start", files={
        "server/lease/lessor.go": "package lease\n// TODO: fix the lease revoke race\n",
        "server/lease/README.md": "# Lease\n\nSee [the revoke runbook](revoke-runbook.md) for the lease revoke race.\n",
    })
    second = repo.commit("2026-10-01", "design", files={
        "server/lease/DESIGN.md": "# Design\n\nThe revoke race is in [revoke design](revoke-design.md).\n",
    })
    cache = str(tmp_path / "cache")
    started = run_orgmemory("hook", "claude-code", "--now", NOW, "--cache-dir", cache,
                            input=_event(repo.root / "server" / "lease"))
    assert started.returncode == 0 and started.stdout == "", started.stderr
    _settled(repo.root, cache)
    return repo, cache, first[:7], second[:7]


def test_the_first_prompt_shows_the_exact_dates_the_index_knows_and_the_next_one_the_rest(lease, tmp_path):
    repo, cache, first, second = lease
    hook = ("hook", "claude-code", "--now", NOW, "--cache-dir", cache)
    trace = tmp_path / "trace"
    env = {**os.environ, "GIT_TRACE": str(trace)}
    context = _context(run_orgmemory(*hook, input=_event(repo.root / "server" / "lease"), env=env))
    # exact at once: the stale TODO (the scan's blame) and the line changed inside the window
    assert f"(2019-05-02, {first}) stale-todo" in _line(context, "server/lease/lessor.go:2")
    assert f"(2026-10-01, {second}) dangling-reference" in _line(context, "server/lease/DESIGN.md:3")
    # bounded only: shown so, and blamed after the prompt
    assert "(last changed before 2025-11-01) dangling-reference" in _line(context, "server/lease/README.md:3")
    _settled(repo.root, cache)
    blames = [command for command in _git_commands(trace) if command.startswith("blame")]
    assert blames and all("README.md" in command for command in blames), blames  # only the bounded line's file
    later = _context(run_orgmemory(*hook, input=_event(repo.root / "server" / "lease")))
    assert f"(2019-05-02, {first}) dangling-reference" in _line(later, "server/lease/README.md:3")
    assert f"(2019-05-02, {first}) stale-todo" in _line(later, "server/lease/lessor.go:2")


def test_a_prompt_whose_shown_lines_are_all_exact_runs_no_git_but_status(repo, tmp_path):
    first = repo.commit("2019-05-02", "start", files={
        "server/lease/lessor.go": "package lease\n// TODO: fix the lease revoke race\n"})
    repo.commit("2024-01-01", "other", files={"server/lease/other.go": "package lease\n"})
    cache = str(tmp_path / "cache")
    assert run_orgmemory("scan", "--now", NOW, "--cache-dir", cache, cwd=repo.root).returncode == 1
    built = run_orgmemory("prime", TASK, "--now", NOW, "--cache-dir", cache, cwd=repo.root)
    assert built.returncode == 0, built.stderr
    trace = tmp_path / "trace"
    env = {**os.environ, "GIT_TRACE": str(trace)}
    context = _context(run_orgmemory("hook", "claude-code", "--now", NOW, "--cache-dir", cache,
                                     input=_event(repo.root / "server" / "lease"), env=env))
    assert f"server/lease/lessor.go:2 (2019-05-02, {first[:7]}) stale-todo" in context
    _settled(repo.root, cache)
    assert [command.split()[0] for command in _git_commands(trace)] == ["status"]  # no child, no lookup


def test_prime_verbose_says_where_the_dates_came_from(lease, tmp_path):
    repo, cache, first, _second = lease
    prime = ("prime", TASK, "--now", NOW, "--cache-dir", cache, "--paths", "server/lease", "-v")
    blamed = run_orgmemory(*prime, cwd=repo.root)  # no prompt showed the bounded line yet: blamed now
    assert blamed.returncode == 0, blamed.stderr
    assert "index: up to date" in blamed.stderr
    assert "block: 0 standards, 0 legacy paths, 3 observations;" in blamed.stderr
    assert ("dates of the shown observations: 2 exact in the index, 0 kept from an earlier prime, 1 blamed now,"
            " 0 left to a blame after this prime") in blamed.stderr
    trace = tmp_path / "trace"
    again = run_orgmemory(*prime, cwd=repo.root, env={**os.environ, "GIT_TRACE": str(trace)})
    assert f"server/lease/README.md:3 (2019-05-02, {first}) dangling-reference" in again.stdout
    assert "2 exact in the index, 1 kept from an earlier prime, 0 blamed now" in again.stderr
    assert [command.split()[0] for command in _git_commands(trace)] == ["status"]
    quiet = run_orgmemory(*prime[:-1], cwd=repo.root)
    assert quiet.stdout == again.stdout and quiet.stderr == ""


def test_an_edit_inside_a_submodule_leaves_the_index_up_to_date_and_runs_one_git_status(repo, tmp_path):
    """The scan never reads a submodule's files: editing them changes no answer, and `git status`
    is not run inside each submodule on every prompt (`--ignore-submodules=dirty`). A new
    submodule commit still counts."""
    from conftest import GitRepo

    sub = GitRepo(tmp_path / "sub")
    sub.commit("2020-01-01", files={"lib.go": "package lib\n"})
    repo.commit("2019-05-02", files={"server/lease/lessor.go": "package lease\n// TODO: fix the lease revoke race\n"})
    repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub.root), "vendor/lib")
    repo.commit("2021-01-01", "submodule")
    cache = str(tmp_path / "cache")
    prime = ("prime", TASK, "--now", NOW, "--cache-dir", cache, "--format", "json")
    assert run_orgmemory(*prime, cwd=repo.root).returncode == 0  # builds the index
    (repo.root / "vendor/lib/lib.go").write_text("package lib\n// edited\n")
    trace = tmp_path / "trace"
    served = run_orgmemory(*prime, "--no-refresh", cwd=repo.root, env={**os.environ, "GIT_TRACE": str(trace)})
    assert served.returncode == 0, served.stderr
    assert "index" not in json.loads(served.stdout)  # up to date: not stale
    assert [command.split()[0] for command in _git_commands(trace)] == ["status"]
    sub.commit("2021-02-01", files={"lib.go": "package lib\n// new\n"})
    repo.git("-C", "vendor/lib", "checkout", "-q", "--", "lib.go")
    repo.git("-C", "vendor/lib", "fetch", "-q", "origin")
    repo.git("-C", "vendor/lib", "checkout", "-q", "origin/main")  # the submodule's commit moved
    moved = run_orgmemory(*prime, "--no-refresh", cwd=repo.root)
    assert json.loads(moved.stdout)["index"]["changes"] == ["the working tree changed"]
