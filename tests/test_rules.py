"""A rule in one place (rules/<id>.yaml + its check), tuned per repository (`rules:`), documented
by `orgmemory rule`; and glob matching that stays linear on hostile patterns."""
from __future__ import annotations

import inspect
import json
import os
import pkgutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

import indexer.checks
from indexer.checks import load_checks, resolve_check
from indexer.cli import cli
from indexer.models import ScanSettings
from indexer.rulepack import load_rules, markdown_table

ROOT = Path(__file__).resolve().parents[1]
NOW = "2026-11-01"


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def scan(root, *extra: str) -> list[dict]:
    result = run("scan", str(root), "--now", NOW, "--format", "json", *extra)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)["findings"]


# --------------------------------------------------------------------------- one place
def test_every_rule_names_a_check_with_the_typed_signature_and_every_check_module_is_used():
    rules = load_rules()
    used = set()
    for rule in rules.values():
        check = resolve_check(rule.check)
        assert list(inspect.signature(check).parameters) == ["ctx", "rule"], rule.id
        used.add(rule.check.partition(":")[0])
    modules = {f"indexer.checks.{m.name}" for m in pkgutil.iter_modules(indexer.checks.__path__)}
    assert modules == used, "a check module no rule names, or a rule naming no module"


def test_every_rule_documents_itself_and_its_options():
    for rule in load_rules().values():
        assert rule.summary and rule.help and rule.why and rule.example and rule.suppress, rule.id
        for option in rule.options.values():
            assert option.doc and option.default is not None, (rule.id, option.name)


def test_the_readme_rule_table_is_generated_from_the_rule_pack():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert markdown_table() in readme, "regenerate it: orgmemory rule --format markdown"
    assert run("rule", "--format", "markdown").output == markdown_table()


def test_the_stale_after_default_is_the_rule_packs():
    assert load_rules()["stale-todo"].options["stale_after"].value == ScanSettings().stale_after_days


def test_sarif_describes_every_rule_from_the_same_yaml(repo):
    repo.commit("2024-01-10", files={"a.py": "x = 1\n"})
    result = run("scan", str(repo.root), "--now", NOW, "--format", "sarif")
    driver = json.loads(result.stdout)["runs"][0]["tool"]["driver"]
    assert {r["id"]: r["shortDescription"]["text"] for r in driver["rules"]} == \
        {r.id: r.summary for r in load_rules().values()}


# --------------------------------------------------------------------------- rules: per repository
STALE = {"app.py": "# TODO: paginate the orders list\nx = 1\n",
         "README.md": "Run `make deploy-old` to ship.\n", "Makefile": "build:\n\ttrue\n"}


def test_defaults_without_a_rules_section(repo):
    repo.commit("2025-06-01", files=STALE)
    got = {(f["rule"], f["severity"]) for f in scan(repo.root)}
    assert got == {("stale-todo", "warning"), ("dangling-command", "warning")}


def test_rules_turn_off_re_rank_and_tune(repo):
    repo.commit("2025-06-01", files=STALE)
    repo.commit("2025-06-02", files={".orgmemory.yaml": textwrap.dedent("""\
        version: 1
        rules:
          stale-todo: {severity: note}
          dangling-command: {enabled: false}
    """)})
    assert {(f["rule"], f["severity"]) for f in scan(repo.root)} == {("stale-todo", "note")}
    # 2025-06-01 is 518 days before NOW: not stale after 2y
    repo.write(".orgmemory.yaml", "version: 1\nrules:\n  stale-todo:\n    options: {stale_after: 2y}\n")
    assert [f["rule"] for f in scan(repo.root)] == ["dangling-command"]


def test_scan_todo_stale_after_is_an_alias_and_the_rules_option_wins(repo):
    sha = repo.commit("2025-06-01", files={"app.py": STALE["app.py"]})
    repo.write(".orgmemory.yaml", "version: 1\nscan:\n  todo:\n    stale_after: 2y\n")
    assert scan(repo.root) == []
    repo.write(".orgmemory.yaml", "version: 1\nscan:\n  todo:\n    stale_after: 2y\n"
                                  "rules:\n  stale-todo:\n    options:\n      stale_after: 30d\n")
    (finding,) = scan(repo.root)
    assert finding["message"].startswith(f"last changed 2025-06-01 ({sha[:7]}), stale after 30d: ")


def test_standard_violation_severity_by_priority_is_an_option(repo):
    repo.commit("2025-06-01", files={
        "a.tf": "x\n",
        ".orgmemory.yaml": "version: 1\nstandards:\n  - id: no-tf\n    statement: No Terraform.\n"
                           "    priority: should\n    forbid:\n      - glob: '*.tf'\n"})
    assert [f["severity"] for f in scan(repo.root)] == ["warning"]
    repo.write(".orgmemory.yaml", (repo.root / ".orgmemory.yaml").read_text()
               + "rules:\n  standard-violation:\n    options: {should: error}\n")
    assert [f["severity"] for f in scan(repo.root)] == ["error"]
    repo.write(".orgmemory.yaml", (repo.root / ".orgmemory.yaml").read_text().replace(
        "options: {should: error}", "severity: note"))
    assert [f["severity"] for f in scan(repo.root)] == ["note"]


@pytest.mark.parametrize("rules, message", [
    ("  stale-tod: {enabled: false}\n", ".orgmemory.yaml:3: rules.stale-tod: unknown key; did you mean 'stale-todo'?"),
    ("  stale-todo:\n    options: {stale_afte: 3d}\n",
     ".orgmemory.yaml:4: rules.stale-todo.options.stale_afte: unknown key; did you mean 'stale_after'?"),
    ("  stale-todo: {severity: high}\n",
     ".orgmemory.yaml:3: rules.stale-todo.severity: invalid value 'high': expected one of error, warning, note"),
    ("  stale-todo: {enabled: 'no'}\n",
     ".orgmemory.yaml:3: rules.stale-todo.enabled: invalid value 'no': expected true or false"),
    ("  legacy-path:\n    options: {min_confidence: 2}\n",
     ".orgmemory.yaml:4: rules.legacy-path.options.min_confidence: invalid value '2': expected a number from 0 to 1"),
    ("  dangling-command:\n    options: {x: 1}\n",
     ".orgmemory.yaml:4: rules.dangling-command.options: unknown key; expected one of: enabled, severity"),
])
def test_bad_rules_settings_are_one_line_at_file_line_exit_2(repo, rules, message):
    repo.commit("2025-06-01", files={"a.py": "x = 1\n", ".orgmemory.yaml": "version: 1\nrules:\n" + rules})
    result = run("scan", str(repo.root), "--now", NOW)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"orgmemory: error: {message}"


def test_changing_rules_changes_the_memoised_result(repo):
    repo.commit("2025-06-01", files=STALE)
    exe = [sys.executable, "-m", "indexer", "scan", str(repo.root), "--now", NOW, "--format", "json"]
    env = dict(os.environ)
    first = subprocess.run(exe, capture_output=True, text=True, env=env)
    repo.write(".orgmemory.yaml", "version: 1\nrules:\n  stale-todo: {enabled: false}\n")
    second = subprocess.run(exe, capture_output=True, text=True, env=env)
    assert {f["rule"] for f in json.loads(first.stdout)["findings"]} == {"stale-todo", "dangling-command"}
    assert {f["rule"] for f in json.loads(second.stdout)["findings"]} == {"dangling-command"}


def test_disabled_rules_do_not_run():
    from indexer.models import Config, RuleConfig

    config = Config(rules=(RuleConfig("stale-todo", enabled=False),))
    assert "stale-todo" not in {check.rule.id for check in load_checks(config)}
    assert len(load_checks(config)) == len(load_rules()) - 1


# --------------------------------------------------------------------------- orgmemory rule
def test_rule_lists_every_rule():
    result = run("rule")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines] == list(load_rules())
    assert "stale-todo" in result.output and "warning" in result.output
    listed = json.loads(run("rule", "--format", "json").output)
    assert [r["id"] for r in listed] == list(load_rules())
    assert listed[[r["id"] for r in listed].index("stale-todo")]["options"]["stale_after"]["default"] == "365d"


def test_rule_documents_one_rule():
    result = run("rule", "stale-todo")
    assert result.exit_code == 0
    for heading in ("What it flags:", "Why:", "Example:", "Suppress:", "Options"):
        assert heading in result.output
    assert "stale_after: 365d" in result.output and "orgmemory: ignore[stale-todo]" in result.output


def test_an_unknown_rule_is_exit_2_with_a_suggestion():
    result = run("rule", "stale-tod")
    assert result.exit_code == 2
    assert result.stderr.strip() == "orgmemory: error: unknown rule 'stale-tod'; did you mean 'stale-todo'?"


# --------------------------------------------------------------------------- globs stay linear
HOSTILE_GLOBS = [  # (pattern, a path it does not match, one it does)
    ("*a*a*a*a*a*a*b", "a" * 80, "a" * 80 + "b"),  # 22 s under Python's backtracking re
    ("**/a/**/a/**/a/**/b", "/".join(["a"] * 80), "/".join(["a"] * 80) + "/b"),
    ("[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*!", "x" * 80, "x" * 80 + "!"),
]


@pytest.mark.parametrize("pattern, miss, hit", HOSTILE_GLOBS)
def test_hostile_globs_match_in_linear_time(pattern, miss, hit):
    probe = ("from indexer.globs import compile_globs\n"
             f"globs = compile_globs([{pattern!r}])\n"
             f"print(globs.match({miss!r}), globs.match({hit!r}))")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=10)
    assert proc.stdout.split() == ["False", "True"], proc.stderr


def test_hostile_glob_in_the_memory_does_not_hang_a_scan(repo):
    repo.commit("2025-06-01", files={
        "a" * 90: "x\n",  # about 40 s per pattern under Python's re
        ".orgmemory.yaml": "version: 1\nstandards:\n  - id: s\n    statement: No b files.\n"
                           "    forbid:\n      - glob: '*a*a*a*a*a*a*b'\n"
                           "scan:\n  exclude: ['*a*a*a*a*a*a*a*a*c', '**/a/**/a/**/a/**/b']\n"})
    exe = [sys.executable, "-m", "indexer", "scan", str(repo.root), "--now", NOW, "--format", "json"]
    proc = subprocess.run(exe, capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, proc.stderr


def test_the_rule_pack_reads_the_same_with_the_pure_python_loader():
    """`load_rules` reads the pack with libyaml's safe loader where there is one: the same data."""
    import yaml

    from indexer.rulepack import rules_dir

    directory = rules_dir()
    for name in sorted(n for n in os.listdir(directory) if n.endswith(".yaml")):
        text = Path(directory, name).read_text(encoding="utf-8")
        assert yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) == yaml.safe_load(text), name
