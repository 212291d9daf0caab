"""Claude Code: the hook command fed real hook events, and `install claude-code`'s settings merge."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from _integrations import NOW, STANDARDS, invoke, run_orgmemory
from indexer.integrations.claude_code import MAX_CONTEXT, fit_limit
from indexer.integrations.claude_settings import HOOK_COMMAND

MUST = "All cloud infrastructure is provisioned on Azure with Bicep."


@pytest.fixture
def standards_repo(repo):
    repo.commit("2022-03-01", files={
        ".orgmemory.yaml": STANDARDS,
        "services/orders/main.py": "import structlog\n# TODO: paginate the orders list\n",
        "web/app.ts": "export const a = 1;\n",
    })
    return repo


def event(repo_root, name="UserPromptSubmit", prompt="Add structured logging to the orders service", **extra):
    data = {"session_id": "abc123", "transcript_path": "/tmp/transcript.jsonl", "cwd": str(repo_root),
            "hook_event_name": name, **extra}
    if name == "UserPromptSubmit":
        data["prompt"] = prompt
    return json.dumps(data)


def hook(stdin: str, *args: str):
    return run_orgmemory("hook", "claude-code", "--now", NOW, *args, input=stdin)


# --------------------------------------------------------------------------- the hook
def test_user_prompt_submit_returns_the_documented_json_with_the_must_standard(standards_repo):
    proc = hook(event(standards_repo.root))
    assert proc.returncode == 0, proc.stderr
    output = json.loads(proc.stdout)
    assert set(output) == {"hookSpecificOutput"}
    specific = output["hookSpecificOutput"]
    assert set(specific) == {"hookEventName", "additionalContext"}
    assert specific["hookEventName"] == "UserPromptSubmit"
    context = specific["additionalContext"]
    assert MUST in context
    assert "py-structlog" in context  # relevant to the prompt
    assert "Provision with Terraform on AWS" not in context  # superseded: never primed
    assert len(context) < MAX_CONTEXT


def indexed(root, seconds: float = 60.0) -> None:
    """Wait (bounded) for the hooks' background refresh: the first prompt in a repository never
    scans, it starts the refresh and answers with the standards alone."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        result = run_orgmemory("prime", "x", "--now", NOW, "--no-refresh", "--format", "json", cwd=root)
        if result.returncode == 0 and "index" not in json.loads(result.stdout):
            return
        time.sleep(0.3)
    raise AssertionError("the background refresh never built the index")


def test_session_start_primes_the_musts_and_what_is_near_the_cwd(standards_repo):
    stdin = event(standards_repo.root / "services/orders", name="SessionStart", source="startup")
    first = json.loads(hook(stdin).stdout)["hookSpecificOutput"]["additionalContext"]
    assert MUST in first and "services/orders/main.py:2" not in first  # no scan on the prompt's path
    indexed(standards_repo.root)
    proc = hook(stdin)
    assert proc.returncode == 0, proc.stderr
    specific = json.loads(proc.stdout)["hookSpecificOutput"]
    assert specific["hookEventName"] == "SessionStart"
    assert MUST in specific["additionalContext"]
    assert "services/orders/main.py:2" in specific["additionalContext"]


@pytest.mark.parametrize("stdin", [
    "", "garbage", "[1, 2]", '{"hook_event_name": "PreToolUse", "cwd": "/"}',
    '{"hook_event_name": "UserPromptSubmit", "cwd": "/no/such/folder", "prompt": "x"}',
    '{"hook_event_name": "UserPromptSubmit", "cwd": "/", "prompt": "x"}',  # not a repository
])
def test_garbage_exits_0_with_nothing_on_stdout_and_one_line_on_stderr(stdin):
    proc = hook(stdin)
    assert proc.returncode == 0
    assert proc.stdout == ""
    assert proc.stderr.startswith("orgmemory: hook claude-code: ")
    assert len(proc.stderr.strip().splitlines()) == 1


def test_a_broken_standards_file_does_not_block_the_prompt(standards_repo):
    (standards_repo.root / ".orgmemory.yaml").write_text("version: 1\nstandards: [oops\n")
    proc = hook(event(standards_repo.root))
    assert proc.returncode == 0 and proc.stdout == ""
    assert ".orgmemory.yaml" in proc.stderr


def test_the_up_to_date_hook_imports_no_heavy_library(standards_repo):
    """The fast path: once the index is current, no tree-sitter, GitPython or networkx."""
    assert hook(event(standards_repo.root)).returncode == 0  # builds the index, in the background
    indexed(standards_repo.root)
    probe = ("import json, sys\n"
             "from indexer.cli import main\n"
             "code = main(['hook', 'claude-code', '--now', '%s'])\n"
             "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('tree_sitter', 'git', 'networkx')"
             " or m in ('indexer.scan.run', 'indexer.scan.collect'))\n"
             "sys.stderr.write('HEAVY=' + json.dumps(heavy))\n" % NOW)
    proc = subprocess.run([sys.executable, "-c", probe], input=event(standards_repo.root),
                          capture_output=True, text=True, timeout=120)
    assert json.loads(proc.stdout)["hookSpecificOutput"]["hookEventName"] == "UserPromptSubmit"
    assert proc.stderr.rsplit("HEAVY=", 1)[1] == "[]"


def test_nothing_is_injected_when_the_memory_has_nothing_to_say(repo):
    repo.commit("2026-10-01", files={"a.py": "x = 1\n"})
    proc = hook(event(repo.root))
    assert proc.returncode == 0 and proc.stdout == "" and proc.stderr == ""


def test_the_context_is_cut_below_ten_thousand_characters():
    text = "".join(f"- standard number {i} says something long enough to matter\n" for i in range(400))
    cut = fit_limit(text)
    assert len(cut) < MAX_CONTEXT
    assert cut.endswith("10,000-character limit]\n")
    assert cut.splitlines()[-2].startswith("- standard number")  # whole lines only
    assert fit_limit("short\n") == "short\n"


def test_a_huge_must_block_is_still_under_the_limit(repo):
    standards = "version: 1\nstandards:\n" + "".join(
        f"  - id: rule-{i}\n    statement: {'Always do the careful thing number %d. ' % i * 8}\n    priority: must\n"
        for i in range(60))
    repo.commit("2026-01-01", files={".orgmemory.yaml": standards})
    proc = hook(event(repo.root))
    assert proc.returncode == 0, proc.stderr
    assert len(json.loads(proc.stdout)["hookSpecificOutput"]["additionalContext"]) < MAX_CONTEXT


# --------------------------------------------------------------------------- install
def settings_of(root):
    return json.loads((root / ".claude/settings.json").read_text())


def test_install_creates_the_documented_hooks(standards_repo, monkeypatch):
    monkeypatch.chdir(standards_repo.root)
    assert invoke("install", "claude-code").exit_code == 0
    expected = [{"hooks": [{"type": "command", "command": "orgmemory hook claude-code"}]}]
    assert settings_of(standards_repo.root) == {"hooks": {"SessionStart": expected, "UserPromptSubmit": expected}}


def test_install_merges_never_clobbers_and_is_idempotent(standards_repo, monkeypatch):
    monkeypatch.chdir(standards_repo.root)
    existing = {
        "model": "opus",
        "permissions": {"allow": ["Bash(npm test)"]},
        "hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}],
            "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "./mine.sh"}]}],
        },
    }
    path = standards_repo.root / ".claude/settings.json"
    path.parent.mkdir()
    path.write_text(json.dumps(existing))
    assert invoke("install", "claude-code").exit_code == 0
    merged = settings_of(standards_repo.root)
    assert merged["model"] == "opus" and merged["permissions"] == existing["permissions"]
    assert merged["hooks"]["PreToolUse"] == existing["hooks"]["PreToolUse"]
    assert merged["hooks"]["UserPromptSubmit"][0] == existing["hooks"]["UserPromptSubmit"][0]
    assert merged["hooks"]["UserPromptSubmit"][1]["hooks"][0]["command"] == "orgmemory hook claude-code"
    assert len(merged["hooks"]["SessionStart"]) == 1
    before = path.read_bytes()
    again = invoke("install", "claude-code")
    assert again.exit_code == 0 and "already installed" in again.stderr
    assert path.read_bytes() == before


def test_install_recognises_a_hook_registered_with_a_full_path(tmp_path):
    path = tmp_path / "settings.json"
    ours = [{"hooks": [{"type": "command", "command": "/opt/venv/bin/orgmemory hook claude-code"}]}]
    path.write_text(json.dumps({"hooks": {"SessionStart": ours, "UserPromptSubmit": ours}}))
    before = path.read_bytes()
    assert invoke("install", "claude-code", "--settings", str(path)).exit_code == 0
    assert path.read_bytes() == before


@pytest.mark.parametrize("content", ['{"hooks": {', "[]", '{"hooks": []}', '{"hooks": {"SessionStart": {}}}'])
def test_install_refuses_invalid_settings_and_leaves_them_untouched(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_text(content)
    result = invoke("install", "claude-code", "--settings", str(path))
    assert result.exit_code == 2
    assert "left untouched" in result.stderr
    assert path.read_text() == content
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temporary file left behind


@pytest.mark.parametrize("scope, relative", [("project", ".claude/settings.json"),
                                             ("local", ".claude/settings.local.json")])
def test_install_scope_chooses_the_repository_settings_file(standards_repo, monkeypatch, scope, relative):
    monkeypatch.chdir(standards_repo.root)
    assert invoke("install", "claude-code", "--scope", scope).exit_code == 0
    written = standards_repo.root / relative
    assert json.loads(written.read_text())["hooks"]["SessionStart"][0]["hooks"][0]["command"] == HOOK_COMMAND
    others = {".claude/settings.json", ".claude/settings.local.json"} - {relative}
    assert not any((standards_repo.root / other).exists() for other in others)


def test_install_scope_user_writes_the_home_settings(standards_repo, monkeypatch, tmp_path):
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(standards_repo.root)
    assert invoke("install", "claude-code", "--scope", "user").exit_code == 0
    assert "UserPromptSubmit" in json.loads((home / ".claude" / "settings.json").read_text())["hooks"]
    assert not (standards_repo.root / ".claude").exists()


def test_install_scope_and_settings_together_is_a_usage_error(standards_repo, monkeypatch, tmp_path):
    monkeypatch.chdir(standards_repo.root)
    result = invoke("install", "claude-code", "--scope", "local", "--settings", str(tmp_path / "s.json"))
    assert result.exit_code == 2 and "not both" in result.output
