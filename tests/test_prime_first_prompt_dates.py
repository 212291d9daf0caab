"""The first prompt that shows a stale TODO shows its exact origin (unseen check, defect 6).

The scan blames a stale TODO line over its whole history (`last_changed`, `commit`), but the
prime index cut that date to the staleness cutoff, so the hook's first answer showing the line
said `(last changed before 2025-11-01)` and only the next prompt, after a background blame, the
exact `(2016-10-03, 279c103)`. From a subfolder or the root alike.
"""
from __future__ import annotations

import json
import os
import re
import time

from _integrations import NOW, run_orgmemory


def test_the_first_hook_answer_showing_a_stale_todo_has_its_exact_date(repo, tmp_path):
    repo.commit("2019-05-02", files={"server/lease/lessor.go": "package lease\n// TODO: fix the lease revoke race\n"})
    repo.commit("2024-01-01", files={"server/lease/other.go": "package lease\n"})
    event = json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": "fix the lease revoke race",
                        "cwd": str(repo.root / "server" / "lease"), "session_id": "s"})
    env = {**os.environ, "ORGMEMORY_CACHE_DIR": str(tmp_path / "cache")}
    for _ in range(200):  # the first prompt builds the index in the background; the block shows once it is there
        result = run_orgmemory("hook", "claude-code", "--now", NOW, input=event, env=env)
        assert result.returncode == 0, result.stderr
        if "lessor.go:2" in result.stdout:
            break
        time.sleep(0.3)
    else:
        raise AssertionError("the TODO was never shown")
    context = json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]
    line = next(line for line in context.splitlines() if "lessor.go:2" in line)
    commit = repo.git("rev-list", "--max-parents=0", "HEAD").strip()[:7]
    assert re.search(rf"\(2019-05-02, {commit}\)", line), line
    assert "last changed before" not in line
