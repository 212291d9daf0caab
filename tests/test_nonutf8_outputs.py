"""A tracked file whose name is not UTF-8 (git allows any bytes) in every output other tools read.

The rule (`indexer.text.normalize`): each byte of a name that is not UTF-8 is shown as U+FFFD, so
every output is valid UTF-8 and valid in its format; the outputs that locate a file keep the
name's exact bytes beside it, percent-encoded: `path_uri` in the JSON formats, SARIF's `uri`.
Each output runs as a real process under both ways Python may write to a UTF-8 stdout: with
surrogateescape (a C.UTF-8 locale; the raw byte came out and the JSON around it was no UTF-8)
and strict (any other UTF-8 locale; the command failed with exit 2 and printed nothing).
"""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from urllib.parse import unquote_to_bytes

import pytest

from _integrations import NOW, orgmemory_command
from test_output_text import _on_a_terminal

NAME = b"caf\xe9.py"  # Latin-1 "café.py": not UTF-8
DOC = b"docs/\xff\xfe notes.md"
SHOWN = "caf\ufffd.py"
WRITES = ["utf-8:surrogateescape", "utf-8:strict"]


@pytest.fixture
def named(repo):
    repo.commit("2020-01-02", files={
        os.fsdecode(NAME): "# TODO: paginate the orders list with a cursor\n",
        os.fsdecode(DOC): "Deploy with `deploy/legacy/run.sh`, see docs/gone.md.\n",
        "ok.py": "# TODO: paginate the totals\n",
    })
    return repo


def run(root, *args: str, writes: str, input: bytes | None = None) -> tuple[int, str, str]:
    """The real CLI: exit code, stdout and stderr, each of which must be UTF-8."""
    env = dict(os.environ, PYTHONIOENCODING=writes)
    proc = subprocess.run([*orgmemory_command(), *args], cwd=root, env=env, capture_output=True, input=input,
                          timeout=300)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")  # strict: raises if not


def name_of(uri: str) -> bytes:
    return unquote_to_bytes(uri)


@pytest.mark.parametrize("writes", WRITES)
def test_json_and_json_lines_are_utf8_and_keep_the_names_bytes(named, writes):
    code, out, err = run(named.root, "scan", "--now", NOW, "--format", "json", writes=writes)
    assert code == 1, err
    findings = {f["path"]: f for f in json.loads(out)["findings"]}
    assert {SHOWN, "docs/\ufffd\ufffd notes.md", "ok.py"} <= set(findings)
    assert name_of(findings[SHOWN]["path_uri"]) == NAME
    assert name_of(findings["docs/\ufffd\ufffd notes.md"]["path_uri"]) == DOC
    assert "path_uri" not in findings["ok.py"]  # a UTF-8 name is shown as it is, alone
    code, out, err = run(named.root, "scan", "--now", NOW, "--format", "json-lines", writes=writes)
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and {name_of(r["path_uri"]) for r in records if "path_uri" in r} == {NAME, DOC}


@pytest.mark.parametrize("writes", WRITES)
def test_sarif_uri_is_the_names_bytes(named, writes):
    code, out, err = run(named.root, "scan", "--now", NOW, "--format", "sarif", writes=writes)
    assert code == 1, err
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in json.loads(out)["runs"][0]["results"]}
    assert {"caf%E9.py", "docs/%FF%FE%20notes.md", "ok.py"} <= uris


@pytest.mark.parametrize("writes", WRITES)
def test_github_annotations_and_text_show_replacement_characters(named, writes):
    code, out, err = run(named.root, "scan", "--now", NOW, "--format", "github", writes=writes)
    assert code == 1 and f"::warning file={SHOWN},line=1," in out, err
    code, out, err = run(named.root, "scan", "--now", NOW, "-v", writes=writes)
    assert code == 1 and f"warning {SHOWN}:1: stale-todo" in out and "scanned 3 files" in err


@pytest.mark.parametrize("writes", WRITES)
def test_a_terminal_gets_text_it_can_show(named, writes):
    shown = _on_a_terminal(named.root, dict(os.environ, PYTHONIOENCODING=writes))  # decoded strictly
    assert f"{SHOWN}:1:" in shown and "Traceback" not in shown


@pytest.mark.parametrize("writes", WRITES)
def test_prime_json_the_hooks_and_the_baseline(named, writes):
    root = named.root
    code, out, err = run(root, "prime", "paginate the orders list", "--now", NOW, "--paths", os.fsdecode(NAME),
                         "--format", "json", writes=writes)
    assert code == 0, err
    items = [item for item in json.loads(out)["items"] if item.get("path") == SHOWN]
    assert items and name_of(items[0]["path_uri"]) == NAME and f"{SHOWN}:1" in json.loads(out)["text"]
    (root / os.fsdecode(NAME)).write_text("# TODO: paginate the orders list with a cursor\n# TODO: and more\n")
    prompt = json.dumps({"prompt": "paginate the orders list", "cwd": str(root), "session_id": "s",
                         "hook_event_name": "UserPromptSubmit"}).encode()
    code, out, err = run(root, "hook", "claude-code", "--now", NOW, writes=writes, input=prompt)
    assert code == 0 and SHOWN in json.loads(out)["hookSpecificOutput"]["additionalContext"], err
    code, out, err = run(root, "hook", "pre-commit", "--now", NOW, os.fsdecode(NAME), writes=writes)
    assert code == 1 and f"{SHOWN}:1:" in out, err
    code, out, err = run(root, "baseline", "--now", NOW, "-o", "-", writes=writes)
    assert code == 0 and SHOWN in {f["path"] for f in json.loads(out)["findings"]}, err


@pytest.mark.parametrize("writes", WRITES)
def test_explain_and_the_html_report(named, writes, tmp_path):
    code, out, err = run(named.root, "explain", os.fsdecode(NAME), "--now", NOW, "--format", "json",
                         writes=writes)
    assert code == 0 and json.loads(out)["target"] == SHOWN, err
    code, out, err = run(named.root, "explain", os.fsdecode(NAME), "--now", NOW, writes=writes)
    assert code == 0 and out.startswith(f"{SHOWN}: path, exists"), err
    page = tmp_path / "report.html"
    code, out, err = run(named.root, "report", "--now", NOW, "--html", str(page), writes=writes)
    assert code == 0 and SHOWN in page.read_bytes().decode("utf-8"), err


def test_mcp_answers_in_utf8(named):
    pytest.importorskip("mcp", reason="the MCP SDK is the optional extra orgmemory[mcp]")
    from test_integrations_mcp import _read_until_response

    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
         "params": {"name": "prime", "arguments": {"task": "deploy the orders list", "paths": ["docs"]}}},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
         "params": {"name": "search", "arguments": {"query": "paginate the orders list with a cursor"}}},
    ]
    proc = subprocess.Popen([*orgmemory_command(), "mcp", "--now", NOW], cwd=named.root, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # bytes: decoded strictly below
    try:
        lines = []
        for message in messages:
            proc.stdin.write(json.dumps(message).encode() + b"\n")
            proc.stdin.flush()
            if "id" in message:
                lines += _read_until_response(proc, message["id"])
    finally:
        proc.kill()
        proc.wait(timeout=30)
    replies = {reply.get("id"): reply for reply in (json.loads(line.decode("utf-8")) for line in lines)}
    primed = "".join(block["text"] for block in replies[2]["result"]["content"])
    assert "docs/\ufffd\ufffd notes.md:1" in primed
    found = [json.loads(block["text"]) for block in replies[3]["result"]["content"]]
    assert any(name_of(item.get("path_uri", "")) == NAME for item in found)


@pytest.mark.parametrize("writes", WRITES)
def test_a_checkout_whose_folder_name_is_not_utf8_is_scanned(tmp_path, writes):
    """The checkout's own folder may be any bytes (a clone into an old Latin-1 home): git prints
    it, and a strict decode made every command exit 2 with "text that is not valid UTF-8"."""
    from conftest import GitRepo

    repo = GitRepo(Path(os.fsdecode(bytes(tmp_path) + b"/r\xe9po")))
    repo.commit("2020-01-02", files={"app.py": "# TODO: paginate the orders list with a cursor\n"})
    code, out, err = run(repo.root, "scan", "--now", NOW, "--format", "json", writes=writes)
    assert code == 1, err
    report = json.loads(out)
    assert report["root"].endswith("/r\ufffdpo")
    assert [(f["rule"], f["path"]) for f in report["findings"]] == [("stale-todo", "app.py")]
    code, out, err = run(repo.root, "prime", "paginate the orders list", "--paths", "app.py", "--now", NOW,
                         writes=writes)
    assert code == 0, err
    assert "app.py:1" in out
