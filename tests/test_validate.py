"""`orgmemory validate` (pre-commit, CI) and `orgmemory schema` (editors)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from indexer.cli import cli
from indexer.memory.load import json_schema

REPO = Path(__file__).resolve().parents[1]


def validate(*args: str, exit_code: int):
    result = CliRunner().invoke(cli, ["validate", *args])
    assert result.exit_code == exit_code, result.output + result.stderr
    return result


def test_valid_files_exit_0(tmp_path):
    (tmp_path / ".orgmemory.yaml").write_text("version: 1\nstandards:\n  - {id: a, statement: s}\n")
    result = validate(str(tmp_path / ".orgmemory.yaml"), exit_code=0)
    assert "ok, 1 standard" in result.stdout


def test_every_file_is_checked_and_each_problem_reported(tmp_path):
    good, bad = tmp_path / "good" / ".orgmemory.yaml", tmp_path / "bad" / ".orgmemory.yaml"
    for path in (good, bad):
        path.parent.mkdir()
    good.write_text("version: 1\n")
    bad.write_text("version: 1\nstandards:\n  - id: a\n    statement: s\n    review_by: soon\n")
    before = bad.read_bytes()
    result = validate(str(bad), str(good), exit_code=2)
    assert ".orgmemory.yaml:5: standards[0].review_by: expected a date" in result.stderr
    assert "ok" in result.stdout
    assert bad.read_bytes() == before


def test_without_arguments_it_checks_the_repository_file(repo, monkeypatch):
    repo.commit("2024-01-01", files={".orgmemory.yaml": "version: 2\n"})
    monkeypatch.chdir(repo.root / ".")
    assert ".orgmemory.yaml:1: version: unsupported version 2" in validate(exit_code=2).stderr


def test_validate_imports_no_heavy_module(tmp_path):
    (tmp_path / ".orgmemory.yaml").write_text("version: 1\nextends: [org.yaml]\n")
    (tmp_path / "org.yaml").write_text("standards:\n  - {id: a, statement: s}\n")
    code = ("import sys; from indexer.cli import main; code = main(['validate', sys.argv[1]]);"
            "heavy = [m for m in ('tree_sitter', 'git', 'networkx', 'whoosh', 'ruamel') if m in sys.modules];"
            "print(heavy); sys.exit(code)")
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path / ".orgmemory.yaml")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("[]")


def test_schema_command_prints_the_json_schema():
    result = CliRunner().invoke(cli, ["schema"])
    assert json.loads(result.stdout) == json_schema()


def test_committed_schema_is_current():
    committed = REPO / ".orgmemory.schema.json"
    assert json.loads(committed.read_text()) == json_schema(), \
        "regenerate it: orgmemory schema > .orgmemory.schema.json"


def test_the_repositorys_memory_points_at_the_schema_and_is_valid():
    text = (REPO / ".orgmemory.yaml").read_text()
    assert "# yaml-language-server: $schema=./.orgmemory.schema.json\n" in text
    validate(str(REPO / ".orgmemory.yaml"), "--no-extends", exit_code=0)



def test_every_error_of_a_file_one_line_each(tmp_path):
    """jsonschema for what the schema says, the loader's parsers for the rest, ids by hand."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("version: 1\nscan:\n  todo:\n    stale_after: forever\nstandards:\n"
                   "  - id: a\n    statement:\n    forbid: '**/*.tf'\n"
                   "  - id: b\n    statement: Two.\n    kind: rumour\n    review_by: 2026-02-30\n"
                   "  - id: a\n    statment: Three.\nlegacy:\n  - path: /etc\n")
    result = CliRunner().invoke(cli, ["validate", str(bad)])
    assert result.exit_code == 2
    lines = [line.removeprefix("orgmemory: error: ").removeprefix("bad.yaml") for line in result.stderr.splitlines()]
    assert lines == [
        ":4: scan.todo.stale_after: invalid duration 'forever': use days (365) or a number with d, w, m or y "
        "(90d, 12w, 18m, 2y)",
        ":7: standards[0].statement: must not be empty",
        ":8: standards[0].forbid: expected a list, got a string '**/*.tf'",
        ":11: standards[1].kind: invalid value 'rumour': expected one of standard, decision, convention, fact",
        ":12: standards[1].review_by: invalid date '2026-02-30': day is out of range for month",
        ":13: standards[2].statement: missing required key",
        ":13: standards[2].id: duplicate id 'a' (first defined at line 6)",
        ":14: standards[2].statment: unknown key; did you mean 'statement'?",
        ":16: legacy[0].path: '/etc' must be a path relative to the repository root (no leading '/', no '..', "
        "not a URL)",
    ]


@pytest.mark.parametrize(("text", "expected"), __import__("test_config").ERRORS)
def test_every_error_includes_the_one_the_loader_reports_first(tmp_path, text, expected):
    from indexer.errors import ConfigError
    from indexer.memory.check import config_errors
    from indexer.memory.load import load_config

    (tmp_path / ".orgmemory.yaml").write_text(text)
    with pytest.raises(ConfigError) as first:
        load_config(str(tmp_path))
    every = [(e.line, e.key, e.message) for e in config_errors(str(tmp_path))]
    assert (first.value.line, first.value.key, first.value.message) in every
