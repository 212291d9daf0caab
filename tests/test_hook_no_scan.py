"""The hooks never run a scan while the prompt waits (issue 13, item 5).

No index yet: the block is the standards alone (read from `.orgmemory.yaml`, no scan) and one line
saying observations are being indexed; a new `--now`: the index at hand answers and the next
prompt, after the background refresh, is fresh; a standards edit shows at once.
"""
from __future__ import annotations

import json
import time

from _integrations import NOW, STANDARDS, run_orgmemory
from indexer.prime.block import NO_INDEX_YET

TASK = "Add structured logging to the orders service"


def event(root, prompt=TASK) -> str:
    return json.dumps({"hook_event_name": "UserPromptSubmit", "cwd": str(root), "prompt": prompt})


def context(hook, stdin) -> str:
    result = run_orgmemory(*hook, input=stdin)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"] if result.stdout else ""


def index_state(root, cache, now=NOW):
    """The index's staleness as `prime --no-refresh` reports it: None when up to date for `now`."""
    result = run_orgmemory("prime", "x", "--now", now, "--cache-dir", cache, "--no-refresh", "--format", "json",
                           cwd=root)
    if result.returncode != 0:
        return "no index"
    return json.loads(result.stdout).get("index")


def wait_fresh(root, cache, now=NOW, seconds=60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if index_state(root, cache, now) is None:
            return
        time.sleep(0.3)
    raise AssertionError(f"the background refresh never brought the index up to {now}")


def test_the_first_prompt_answers_with_the_standards_without_scanning(repo, tmp_path):
    repo.commit("2022-03-01", files={
        ".orgmemory.yaml": STANDARDS,
        "services/orders/main.py": "import structlog\n# TODO: paginate the orders list with cursors\n",
    })
    cache = str(tmp_path / "cache")
    hook = ("hook", "claude-code", "--now", NOW, "--cache-dir", cache)
    first = context(hook, event(repo.root / "services/orders"))
    assert "All cloud infrastructure is provisioned on Azure with Bicep." in first  # the must standard
    assert "py-structlog" in first  # a should standard about the task still ranks in
    assert "Provision with Terraform on AWS" not in first  # superseded: never primed
    assert first.rstrip().endswith(NO_INDEX_YET) and first.count(NO_INDEX_YET) == 1
    assert "paginate" not in first  # nothing observed: no scan ran on the prompt's path
    wait_fresh(repo.root, cache)  # the index appears, built in the background
    later = context(hook, event(repo.root / "services/orders"))
    assert "services/orders/main.py:2" in later and NO_INDEX_YET not in later


def test_nothing_but_standards_and_no_standards_means_nothing_injected(repo, tmp_path):
    repo.commit("2022-03-01", files={"a.py": "# TODO: paginate the orders list with cursors\n"})
    cache = str(tmp_path / "cache")
    assert run_orgmemory("hook", "claude-code", "--now", NOW, "--cache-dir", cache,
                         input=event(repo.root)).stdout == ""
    wait_fresh(repo.root, cache)


def test_a_new_day_answers_from_the_index_at_hand_then_is_fresh(repo, tmp_path):
    repo.commit("2007-03-14", files={
        "src/parser.py": "# TODO: the tokenizer drops unicode escapes in quoted identifiers\nz = 3\n"})
    # 364 days old on NOW, stale (365 days) by the new day: only a refreshed index has it
    repo.commit("2025-11-02", files={"src/lexer.py": "# TODO: the lexer splits unicode escapes in two tokens\n"})
    cache = str(tmp_path / "cache")
    stdin = event(repo.root / "src", "Keep unicode escapes in the tokenizer")
    run_orgmemory("hook", "claude-code", "--now", NOW, "--cache-dir", cache, input=stdin)
    wait_fresh(repo.root, cache)
    new_day = "2026-11-05"
    hook = ("hook", "claude-code", "--now", new_day, "--cache-dir", cache)
    served = context(hook, stdin)
    assert "src/parser.py:1" in served  # the index at hand answered, with its observations
    assert "src/lexer.py:1" not in served  # ... as of its own --now: no scan ran on the prompt's path
    assert f"({new_day})" in served.splitlines()[0] and NO_INDEX_YET not in served
    wait_fresh(repo.root, cache, new_day)  # refreshed in the background for the next prompt
    fresh = context(hook, stdin)
    assert "src/parser.py:1" in fresh and "src/lexer.py:1" in fresh


def test_a_standards_edit_shows_at_once(repo, tmp_path):
    repo.commit("2022-03-01", files={
        ".orgmemory.yaml": STANDARDS,
        "services/orders/main.py": "import structlog\n# TODO: paginate the orders list with cursors\n",
    })
    cache = str(tmp_path / "cache")
    hook = ("hook", "claude-code", "--now", NOW, "--cache-dir", cache)
    run_orgmemory(*hook, input=event(repo.root))
    wait_fresh(repo.root, cache)
    edited = STANDARDS.replace("Python services log with structlog, never print.",
                               "Python services log with loguru, never print.")
    assert edited != STANDARDS
    (repo.root / ".orgmemory.yaml").write_text(edited + """\
  - id: orders-logging
    statement: The orders service logs every request id.
    priority: should
    tags: [logging, orders]
""")
    now_block = context(hook, event(repo.root))
    assert "log with loguru" in now_block and "log with structlog" not in now_block
    assert "orders-logging" in now_block
    wait_fresh(repo.root, cache)
    assert "log with loguru" in context(hook, event(repo.root))


def test_a_big_head_move_answers_from_the_index_at_hand_then_is_fresh(repo, tmp_path):
    repo.commit("2007-03-14", files={
        "src/parser.py": "# TODO: the tokenizer drops unicode escapes in quoted identifiers\nz = 3\n"})
    cache = str(tmp_path / "cache")
    stdin = event(repo.root / "src", "Keep unicode escapes in the tokenizer")
    hook = ("hook", "claude-code", "--now", NOW, "--cache-dir", cache)
    run_orgmemory(*hook, input=stdin)
    wait_fresh(repo.root, cache)
    # a checkout far away: more files than the index at hand is refreshed for on the prompt's path
    repo.commit("2026-10-30", files={"src/parser.py": "z = 3\n",
                                     **{f"pkg/m{i}.py": f"x = {i}\n" for i in range(40)}})
    assert "src/parser.py:1" in context(hook, stdin)  # served as it is: no scan while the prompt waits
    wait_fresh(repo.root, cache)
    assert "src/parser.py:1" not in context(hook, stdin)


# --------------------------------------------------------------------------- nothing left behind
KILLED_IN_WRITE = ("import os, signal, sys\n"
                   "import indexer.prime.index as index\n"
                   "def write(*args, **kwargs):\n"
                   "    os.kill(os.getpid(), signal.SIGKILL)\n"
                   "index.write = write\n"
                   "from indexer.cli import main\n"
                   "sys.exit(main(sys.argv[1:]))\n")


def test_the_standards_answer_writes_no_file_a_killed_hook_could_leave_behind(repo, tmp_path):
    """With no index yet, the hook scores the file's standards on the prompt's path. It used to
    write them to a throwaway index in a `prime-standards-*` folder of the cache, which a hook
    killed midway left there for good; now they are scored in memory and no index is written
    while the prompt waits (the process below is killed the moment it writes one)."""
    import subprocess
    import sys

    repo.commit("2022-03-01", files={".orgmemory.yaml": STANDARDS, "services/orders/main.py": "import structlog\n"})
    cache = tmp_path / "cache"
    proc = subprocess.run([sys.executable, "-c", KILLED_IN_WRITE, "hook", "claude-code", "--now", NOW,
                           "--cache-dir", str(cache)], input=event(repo.root), capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "py-structlog" in json.loads(proc.stdout)["hookSpecificOutput"]["additionalContext"]
    assert not [path for path in cache.rglob("prime-standards-*")]
    wait_fresh(repo.root, str(cache))  # the background refresh (an ordinary process) builds the index


def test_the_refresh_removes_standards_folders_that_earlier_hooks_left(repo, tmp_path):
    import os

    repo.commit("2022-03-01", files={".orgmemory.yaml": STANDARDS, "services/orders/main.py": "import structlog\n"})
    cache = tmp_path / "cache"
    hook = ("hook", "claude-code", "--now", NOW, "--cache-dir", str(cache))
    run_orgmemory(*hook, input=event(repo.root))
    wait_fresh(repo.root, str(cache))
    (folder,) = [path for path in cache.iterdir() if path.name.startswith("git-")]
    old, recent = folder / "prime-standards-k1ll3d", folder / "prime-standards-inuse"
    for leftover in (old, recent):
        leftover.mkdir()
        (leftover / "prime-index.sqlite3").write_bytes(b"x" * 100)
    outside = tmp_path / "outside"
    outside.mkdir()
    (folder / "prime-standards-link").symlink_to(outside, target_is_directory=True)
    an_hour_ago = time.time() - 3600
    for path in (old, folder / "prime-standards-link"):
        os.utime(path, (an_hour_ago, an_hour_ago), follow_symlinks=False)
    (repo.root / "services/orders/main.py").write_text("import structlog\n# TODO: paginate the orders\n")
    run_orgmemory(*hook, input=event(repo.root))  # an edit: served as is, refreshed in the background
    wait_fresh(repo.root, str(cache))
    assert not old.exists() and recent.exists()  # one that may still be in use stays
    assert not (folder / "prime-standards-link").exists() and outside.is_dir()  # a link is removed, not followed
