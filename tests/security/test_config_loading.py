"""Issue 16: `.orgmemory.yaml` is untrusted input.

A committed memory file may be a symlink out of the repository, a YAML bomb, a regex that
backtracks forever, a value that overflows, or not a memory file at all (a key, a `.env`).
Every command that loads it answers with one line (file:line where there is one) and exit 2,
never quotes what it read, and never hangs.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from indexer.cli import cli

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _integrations import orgmemory_command, run_orgmemory  # noqa: E402

NOW = "2026-11-01"
SECRET = "FAKEKEYMATERIALb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAA"
PRIVATE_KEY = (f"-----BEGIN OPENSSH PRIVATE KEY-----\n{SECRET}\n"
               "QyNTUxOQAAACDhunter2hunter2hunter2hunter2hunter2xx\n-----END OPENSSH PRIVATE KEY-----\n")
CREDENTIALS = f"https://ada:{SECRET}@github.example.com\n"
DOTENV = f"password={SECRET}\nAPI_TOKEN={SECRET}\n"
VALID_OUTSIDE = f"version: 1\nstandards:\n  - id: outside\n    statement: {SECRET}\n    priority: must\n"
TARGETS = {"id_ed25519": PRIVATE_KEY, ".git-credentials": CREDENTIALS, ".env": DOTENV,
           "org.yaml": VALID_OUTSIDE}

# Each command that loads the repository's memory, run in-process from the repository root.
COMMANDS = {
    "scan": ["scan", ".", "--now", NOW],
    "prime": ["prime", "add logging", "--now", NOW],
    "validate": ["validate"],
    "facts list": ["facts", "list", "--now", NOW],
    "report": ["report", "--html", "out.html", "--now", NOW],
    "sync --check": ["sync", "--check", "--now", NOW],
}


def invoke(root: Path, args: list[str], monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(root)
    if args[0] != "validate":
        args = [*args, "--cache-dir", str(root.parent / "cache")]
    return CliRunner().invoke(cli, args)


def assert_one_line_error(output: str, *, names: str, secret: str = SECRET) -> None:
    assert secret not in output
    assert "hunter2" not in output
    assert "Traceback" not in output
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert names in lines[0], output


# --------------------------------------------------------------------------- 1. symlinks out
@pytest.fixture
def linked_repo(repo, tmp_path):
    """A repository whose committed memory file links to a file outside it (in tmp_path)."""
    def make(target_name: str, link_name: str = ".orgmemory.yaml"):
        outside = tmp_path / "home" / target_name
        outside.parent.mkdir(exist_ok=True)
        outside.write_text(TARGETS[target_name])
        repo.write("src/app.py", "print('hi')\n")
        os.symlink(outside, repo.root / link_name)
        repo.commit("2022-03-01")
        return repo
    return make


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("target", TARGETS)
def test_a_memory_file_linking_outside_is_refused_by_every_command(linked_repo, target, command, monkeypatch):
    repo = linked_repo(target)
    result = invoke(repo.root, COMMANDS[command], monkeypatch)
    assert result.exit_code == 2, result.output
    assert_one_line_error(result.output, names=".orgmemory.yaml")
    assert "outside the repository" in result.output


@pytest.mark.parametrize("command", COMMANDS)
def test_a_memory_file_linking_to_a_missing_file_outside_is_not_mistaken_for_no_file(
        repo, tmp_path, command, monkeypatch):
    """A clone on another machine: the link's target (~/.ssh/id_ed25519) is not there. The
    repository still carries a memory file that leaves it, and it is refused, not ignored."""
    repo.write("src/app.py", "print('hi')\n")
    os.symlink(tmp_path / "elsewhere" / "id_ed25519", repo.root / ".orgmemory.yaml")
    repo.commit("2022-03-01")
    result = invoke(repo.root, COMMANDS[command], monkeypatch)
    assert result.exit_code == 2, result.output
    assert_one_line_error(result.output, names=".orgmemory.yaml")


@pytest.mark.parametrize("command", ["validate", "scan"])
def test_the_yml_name_is_confined_too(linked_repo, command, monkeypatch):
    repo = linked_repo("org.yaml", link_name=".orgmemory.yml")
    result = invoke(repo.root, COMMANDS[command], monkeypatch)
    assert result.exit_code == 2, result.output
    assert_one_line_error(result.output, names=".orgmemory.yml")


def test_the_session_start_hook_refuses_it_in_one_line_and_primes_nothing(linked_repo):
    repo = linked_repo("id_ed25519")
    event = json.dumps({"session_id": "s", "transcript_path": "/tmp/t.jsonl", "cwd": str(repo.root),
                        "hook_event_name": "SessionStart", "source": "startup"})
    proc = run_orgmemory("hook", "claude-code", "--now", NOW, "--cache-dir", str(repo.root.parent / "cache"),
                         input=event)
    assert proc.returncode == 0  # the hook never blocks the prompt
    assert proc.stdout == ""
    assert_one_line_error(proc.stdout + proc.stderr, names=".orgmemory.yaml")
    assert "outside the repository" in proc.stderr


def test_the_mcp_server_refuses_it(linked_repo):
    pytest.importorskip("mcp", reason="the MCP SDK is the optional extra orgmemory[mcp]")
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    repo = linked_repo(".env")
    command, *args = orgmemory_command()
    params = StdioServerParameters(command=command, args=[*args, "mcp", "--now", NOW, "--cache-dir",
                                                          str(repo.root.parent / "cache")], cwd=str(repo.root))

    async def call():
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return [await session.call_tool(name, arguments) for name, arguments in
                        [("prime", {"task": "add logging"}), ("list_facts", {})]]

    for result in anyio.run(call):
        text = "".join(getattr(block, "text", "") for block in result.content)
        assert SECRET not in text
        assert "outside the repository" in text


def test_a_symlink_to_a_file_inside_the_repository_is_fine(repo, monkeypatch):
    repo.write("config/memory.yaml", "version: 1\nstandards:\n  - {id: inside, statement: s}\n")
    os.symlink("config/memory.yaml", repo.root / ".orgmemory.yaml")
    repo.commit("2022-03-01")
    result = invoke(repo.root, ["validate"], monkeypatch)
    assert result.exit_code == 0, result.output
    assert "ok, 1 standard" in result.output


def test_a_folder_linking_outside_cannot_carry_an_explicit_config(repo, tmp_path, monkeypatch):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "memory.yaml").write_text(VALID_OUTSIDE)
    os.symlink(tmp_path / "elsewhere", repo.root / "conf")
    repo.commit("2022-03-01")
    result = invoke(repo.root, ["validate", "conf/memory.yaml"], monkeypatch)
    assert result.exit_code == 2
    assert_one_line_error(result.output, names="conf/memory.yaml")


# --------------------------------------------------------------------------- 2. no quoting
@pytest.mark.parametrize("content", [PRIVATE_KEY, DOTENV, CREDENTIALS, f"- {SECRET}\n",
                                     f"org: {{password={SECRET}\n", f"password={SECRET}: x\n",
                                     f"version: 1\nstandards:\n  - id: {SECRET}\n    statement: s\n",
                                     f"version: 1\nscan:\n  todo:\n    stale_after: {SECRET}\n"],
                         ids=["private key", "dotenv", "git-credentials", "list", "broken flow",
                              "key", "id", "duration"])
def test_errors_name_file_and_line_never_the_content(tmp_path, content, monkeypatch):
    (tmp_path / ".orgmemory.yaml").write_text(content)
    result = invoke(tmp_path, ["validate", ".orgmemory.yaml"], monkeypatch)
    assert result.exit_code == 2
    assert_one_line_error(result.output, names=".orgmemory.yaml:")


def test_a_short_password_value_is_not_quoted_either(tmp_path, monkeypatch):
    (tmp_path / ".orgmemory.yaml").write_text("password=hunter2\n")
    result = invoke(tmp_path, ["validate", ".orgmemory.yaml"], monkeypatch)
    assert result.exit_code == 2
    assert_one_line_error(result.output, names=".orgmemory.yaml:1: the top level must be a mapping")


def test_benign_values_are_still_quoted(tmp_path, monkeypatch):
    (tmp_path / ".orgmemory.yaml").write_text("version: 1\nscan:\n  todo:\n    stale_after: a year\n")
    result = invoke(tmp_path, ["validate", ".orgmemory.yaml"], monkeypatch)
    assert "invalid duration 'a year'" in result.output


# --------------------------------------------------------------------------- 3. YAML bombs
def merge_bomb(levels: int = 30) -> str:
    """Each legacy entry merges the one before twice: 2**30 pairs from ~1 KB."""
    entries = [f"  - &m{i} {{path: x{i}" + (f", <<: [*m{i - 1}, *m{i - 1}]" if i else "") + "}"
               for i in range(levels)]
    return "legacy:\n" + "\n".join(entries) + "\n"


def recursive_merge_bomb(depth: int = 40) -> str:
    """Nested mappings that each merge their own parent twice: recursion, not plain aliases."""
    text = "scan:\n  todo: &m0\n"
    indent = "    "
    for i in range(1, depth):
        text += f"{indent}k{i}: &m{i}\n{indent}  <<: [*m{i - 1}, *m{i - 1}]\n"
        indent += "  "
    return text


BOMBS = {
    "merge keys": merge_bomb(),
    "billion laughs": "\n".join(
        ["l0: &l0 [a, a, a, a, a, a, a, a, a, a]"]
        + [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, 9)]),
    "recursive merges": recursive_merge_bomb(),
    "deep nesting": "org: " + "[" * 200_000 + "]" * 200_000 + "\n",
}


@pytest.mark.parametrize("name", BOMBS)
def test_yaml_bombs_are_refused_quickly(tmp_path, name):
    """Run as a subprocess with a timeout: before the fix these hang (or crash the interpreter)."""
    (tmp_path / ".orgmemory.yaml").write_text(BOMBS[name])
    started = time.monotonic()
    try:
        proc = subprocess.run([*orgmemory_command(), "validate", ".orgmemory.yaml"], cwd=tmp_path,
                              capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name}: validate still running after 20 s")
    assert proc.returncode == 2, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert proc.stderr.startswith("orgmemory: error: .orgmemory.yaml:")
    assert time.monotonic() - started < 20


def test_the_merge_bomb_is_refused_by_scan_and_prime(repo, monkeypatch):
    repo.commit("2022-03-01", files={".orgmemory.yaml": merge_bomb(), "a.py": "x = 1\n"})
    for args in (COMMANDS["scan"], COMMANDS["prime"]):
        result = invoke(repo.root, args, monkeypatch)
        assert result.exit_code == 2
        assert "expand to more than" in result.output


def test_aliases_and_merges_of_ordinary_size_still_load(tmp_path, monkeypatch):
    (tmp_path / ".orgmemory.yaml").write_text(
        "version: 1\nstandards:\n  - &base {id: a, statement: s, owner: team, tags: &t [x, y]}\n"
        "  - {<<: *base, id: b, tags: *t}\n")
    result = invoke(tmp_path, ["validate", ".orgmemory.yaml"], monkeypatch)
    assert result.exit_code == 0, result.output
    assert "ok, 2 standards" in result.output


def test_python_tags_are_never_constructed(tmp_path, monkeypatch):
    marker = tmp_path / "pwned"
    (tmp_path / ".orgmemory.yaml").write_text(
        f"org: !!python/object/apply:os.system ['touch {marker}']\n")
    invoke(tmp_path, ["validate", ".orgmemory.yaml"], monkeypatch)
    assert not marker.exists()


# --------------------------------------------------------------------------- 4. regexes
def standard_with_pattern(pattern: str) -> str:
    return ("version: 1\nstandards:\n  - id: no-aaa\n    statement: s\n    forbid:\n"
            f"      - glob: '*.txt'\n        pattern: '{pattern}'\n")


def test_a_backtracking_pattern_cannot_hang_the_scan(repo, monkeypatch):
    repo.commit("2022-03-01", files={".orgmemory.yaml": standard_with_pattern("(a+)+$"),
                                     "big.txt": "a" * 40 + "!\n"})
    started = time.monotonic()
    result = invoke(repo.root, COMMANDS["scan"] + ["--format", "json"], monkeypatch)
    assert time.monotonic() - started < 20
    assert result.exit_code in (0, 1), result.output
    assert not [f for f in json.loads(result.stdout)["findings"] if f["rule"] == "standard-violation"]


def test_a_matching_line_is_still_found(repo, monkeypatch):
    repo.commit("2022-03-01", files={".orgmemory.yaml": standard_with_pattern("(a+)+$"),
                                     "big.txt": "x\n" + "a" * 40 + "\n"})
    result = invoke(repo.root, COMMANDS["scan"] + ["--format", "json"], monkeypatch)
    found = [f for f in json.loads(result.stdout)["findings"] if f["rule"] == "standard-violation"]
    assert [(f["path"], f["line"]) for f in found] == [("big.txt", 2)]


@pytest.mark.parametrize(("pattern", "reason"), [(r"(a)\1", "invalid escape sequence"),
                                                 ("(?=a)b", "invalid perl operator"),
                                                 ("(?<!a)b", "invalid perl operator")])
def test_patterns_re2_cannot_run_are_refused_at_load(tmp_path, pattern, reason, monkeypatch):
    (tmp_path / ".orgmemory.yaml").write_text(standard_with_pattern(pattern))
    result = invoke(tmp_path, ["validate", ".orgmemory.yaml"], monkeypatch)
    assert result.exit_code == 2
    line = result.output.strip()
    assert line.startswith("orgmemory: error: .orgmemory.yaml:7: standards[0].forbid[0].pattern: "
                           "invalid regular expression"), line
    assert f"RE2 cannot run it ({reason}" in line
    assert "\n" not in line


# --------------------------------------------------------------------------- 5. no tracebacks
@pytest.mark.parametrize(("text", "expected"), [
    ("scan:\n  todo:\n    stale_after: 10000y\n",
     ".orgmemory.yaml:3: scan.todo.stale_after: duration '10000y' is too long: at most 100y"),
    ("scan:\n  todo:\n    stale_after: " + "9" * 5000 + "\n",
     ".orgmemory.yaml:3: scan.todo.stale_after: duration (a value of 5000 characters, not shown) "
     "is too long: at most 100y"),
    ("scan:\n  max_file_size: " + "9" * 400 + "\n",
     ".orgmemory.yaml:2: scan.max_file_size: invalid size (a value of 400 characters, not shown): "
     "at most 1024 TiB"),
    ("scan:\n  extends_refresh: 99999999999999999999h\n",
     ".orgmemory.yaml:2: scan.extends_refresh: interval '99999999999999999999h' is too long: at most 100y"),
    ("version: 1\nstandards:\n  - id: a\n    statement: s\n    scope: ['[z-a]']\n",
     ".orgmemory.yaml:5: standards[0].scope[0]: invalid glob '[z-a]': invalid range z-a in a [...] "
     "class: the first character must not come after the last"),
    ("scan:\n  exclude: ['src/[9-0]*.py']\n",
     ".orgmemory.yaml:2: scan.exclude[0]: invalid glob 'src/[9-0]*.py': invalid range 9-0 in a [...] "
     "class: the first character must not come after the last"),
])
def test_values_that_used_to_crash_give_file_line(tmp_path, text, expected, monkeypatch):
    (tmp_path / ".orgmemory.yaml").write_text(text)
    result = invoke(tmp_path, ["validate", ".orgmemory.yaml"], monkeypatch)
    assert result.exit_code == 2
    assert result.output.strip() == f"orgmemory: error: {expected}"


def test_a_huge_stale_after_no_longer_crashes_the_scan(repo, monkeypatch):
    repo.commit("2022-03-01", files={".orgmemory.yaml": "scan:\n  todo:\n    stale_after: 10000y\n",
                                     "a.py": "# TODO: later\n"})
    result = invoke(repo.root, COMMANDS["scan"], monkeypatch)
    assert result.exit_code == 2
    assert "Traceback" not in result.output and result.exception is None or isinstance(
        result.exception, SystemExit)
    assert ".orgmemory.yaml:3: scan.todo.stale_after:" in result.output


def test_a_reversed_range_no_longer_crashes_the_scan(repo, monkeypatch):
    repo.commit("2022-03-01", files={".orgmemory.yaml": "scan:\n  exclude: ['[z-a]']\n", "a.py": "x\n"})
    result = invoke(repo.root, COMMANDS["scan"], monkeypatch)
    assert result.exit_code == 2
    assert isinstance(result.exception, SystemExit)
    assert ".orgmemory.yaml:2: scan.exclude[0]: invalid glob" in result.output


# --------------------------------------------------------------------------- 6. size
def test_a_memory_file_over_one_mib_is_refused(tmp_path, monkeypatch):
    (tmp_path / ".orgmemory.yaml").write_text("version: 1\n" + "# padding\n" * 110_000)
    result = invoke(tmp_path, ["validate", ".orgmemory.yaml"], monkeypatch)
    assert result.exit_code == 2
    assert result.output.strip() == ("orgmemory: error: .orgmemory.yaml: larger than 1 MiB; refused "
                                     "(a memory file is short)")
