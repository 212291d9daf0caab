"""standard-violation and expired-standard on real repositories, through the real CLI."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from indexer.cli import cli
from indexer.models import Match, Standard
from indexer.memory.enforce import STALE_MIN_FILES, evaluate

NOW = "2026-11-01"
BROWNFIELD = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "make_brownfield.py"

MEMORY = """\
version: 1
scan:
  exclude: ["vendor/**"]
standards:
  - id: iac-bicep
    statement: Infrastructure is written in Bicep.
    priority: must
    source: docs/adr/0001-bicep.md
    forbid:
      - glob: "**/*.tf"
    require:
      - glob: "infra/**/*.bicep"
    supersedes: [iac-terraform]

  - id: no-boto3
    statement: Services use the Azure SDK, not boto3.
    priority: should
    scope: ["services/**"]
    forbid:
      - glob: "*.py"
        pattern: '^\\s*import boto3'

  - id: dependabot
    statement: Dependabot is enabled.
    priority: may
    require:
      - glob: ".github/dependabot.yml"

  - id: iac-terraform
    statement: Infrastructure is written in Terraform.
    priority: must
    review_by: 2020-01-01
    require:
      - glob: "terraform/**/*.tf"

  - id: pii-retention
    statement: PII is deleted after 18 months.
    review_by: 2026-10-31

  - id: fresh-fact
    statement: Staging runs in the weu subscription.
    review_by: 2026-11-01
"""

FILES = {
    ".orgmemory.yaml": MEMORY,
    "infra/main.bicep": "resource x 'y' = {}\n",
    "tools/scratch/main.tf": 'provider "aws" {}\n',
    "vendor/mod/main.tf": "# excluded by scan.exclude\n",
    "services/orders/storage.py": "import os\nimport boto3\n\n  import boto3  # twice\n",
    "services/orders/ok.py": "from azure.storage.blob import BlobClient\n",
    "scripts/aws.py": "import boto3\n",
}


def scan(root: Path, *args: str) -> dict:
    result = CliRunner().invoke(cli, ["scan", str(root), "--now", NOW, "--format", "json",
                                      "--fail-on", "never", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def findings(report: dict, rule: str) -> list[dict]:
    return [f for f in report["findings"] if f["rule"] == rule]


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.fixture
def shop(repo):
    repo.commit("2022-03-01", files=FILES)
    return repo


def test_forbid_without_pattern_flags_the_file_with_the_standards_words(shop):
    [found] = [f for f in findings(scan(shop.root), "standard-violation") if f["standard"] == "iac-bicep"]
    assert (found["path"], found["line"], found["severity"]) == ("tools/scratch/main.tf", None, "error")
    assert "iac-bicep" in found["message"]
    assert "Infrastructure is written in Bicep." in found["message"]
    assert "docs/adr/0001-bicep.md" in found["message"]
    assert found["glob"] == "**/*.tf" and found["source"] == "docs/adr/0001-bicep.md"


def test_forbid_pattern_reports_each_matching_line_in_scope_only(shop):
    found = [f for f in findings(scan(shop.root), "standard-violation") if f["standard"] == "no-boto3"]
    assert [(f["path"], f["line"]) for f in found] == [("services/orders/storage.py", 2),
                                                      ("services/orders/storage.py", 4)]
    assert {f["severity"] for f in found} == {"warning"}
    assert found[1]["text"] == "  import boto3  # twice"


def test_unmet_require_points_at_the_standards_id_line(shop):
    report = scan(shop.root)
    [found] = [f for f in findings(report, "standard-violation") if f["standard"] == "dependabot"]
    assert found["path"] == ".orgmemory.yaml"
    assert found["line"] == line_of(MEMORY, "- id: dependabot")
    assert found["require"] == ".github/dependabot.yml"
    assert found["severity"] == "note"


def test_met_require_is_silent_and_excluded_files_are_never_seen(shop):
    report = scan(shop.root)
    paths = {f["path"] for f in findings(report, "standard-violation")}
    assert "vendor/mod/main.tf" not in paths
    assert not [f for f in report["findings"] if f.get("require") == "infra/**/*.bicep"]


def test_superseded_standard_is_neither_enforced_nor_expired(shop):
    report = scan(shop.root)
    about = [f for f in report["findings"] if f.get("standard") == "iac-terraform"]
    assert about == []


def test_expired_standard_points_at_its_id_line_and_only_when_past(shop):
    [found] = findings(scan(shop.root), "expired-standard")
    assert (found["path"], found["line"]) == (".orgmemory.yaml", line_of(MEMORY, "- id: pii-retention"))
    assert found["standard"] == "pii-retention" and found["severity"] == "warning"
    assert "2026-10-31" in found["message"]
    later = findings(scan(shop.root, "--now", "2026-11-02"), "expired-standard")
    assert {f["standard"] for f in later} == {"pii-retention", "fresh-fact"}


def test_untracked_files_do_not_violate(shop):
    shop.write("scratch/untracked.tf", "provider \"aws\" {}\n")
    paths = {f["path"] for f in findings(scan(shop.root), "standard-violation")}
    assert "scratch/untracked.tf" not in paths


def test_code_that_overwhelmingly_contradicts_gives_one_summary(repo):
    tf_files = {f"terraform/mod{i}/main.tf": 'resource "aws_s3_bucket" "b" {}\n' for i in range(30)}
    repo.commit("2022-03-01", files={**tf_files, ".orgmemory.yaml": MEMORY})
    violations = findings(scan(repo.root), "standard-violation")
    about = [f for f in violations if f["standard"] == "iac-bicep"]
    assert len(about) == 1
    [summary] = about
    assert summary["stale_standard"] is True
    assert (summary["path"], summary["line"]) == (".orgmemory.yaml", line_of(MEMORY, "- id: iac-bicep"))
    assert "may itself be stale" in summary["message"] and "30 files" in summary["message"]
    assert sorted(v["file"] for v in summary["violations"]) == sorted(tf_files)
    assert summary["unmet_require"] == ["infra/**/*.bicep"]


def test_many_violations_with_enough_compliant_files_stay_individual(repo):
    tf = {f"old/mod{i}/main.tf": "x\n" for i in range(STALE_MIN_FILES)}
    bicep = {f"infra/m{i}.bicep": "x\n" for i in range(STALE_MIN_FILES)}
    repo.commit("2022-03-01", files={**tf, **bicep, ".orgmemory.yaml": MEMORY})
    about = [f for f in findings(scan(repo.root), "standard-violation") if f["standard"] == "iac-bicep"]
    assert sorted(f["path"] for f in about) == sorted(tf)
    assert not any(f.get("stale_standard") for f in about)


def test_pattern_is_only_searched_in_files_the_glob_matches():
    read: list[str] = []

    def read_lines(path: str):
        read.append(path)
        return ["import boto3"]

    standard = Standard(id="s", statement="s", forbid=(Match("services/**/*.py", r"boto3"),))
    report = evaluate(standard, ["services/a.py", "services/b.ts", "web/c.py", "README.md"], read_lines)
    assert read == ["services/a.py"]
    assert [v.path for v in report.violations] == ["services/a.py"]


def test_installed_command_reports_violations(shop):
    exe = shutil.which("orgmemory", path=str(Path(sys.executable).parent)) or shutil.which("orgmemory")
    assert exe, "the orgmemory command is not installed"
    proc = subprocess.run([exe, "scan", str(shop.root), "--now", NOW, "--format", "json"],
                          capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    rules = {f["rule"] for f in json.loads(proc.stdout)["findings"]}
    assert {"standard-violation", "expired-standard"} <= rules


@pytest.mark.skipif(not BROWNFIELD.exists(), reason="the shared brownfield corpus is not available")
def test_brownfield_corpus_expected_and_forbidden(tmp_path):
    root = tmp_path / "bf"
    subprocess.run([sys.executable, str(BROWNFIELD), str(root)], check=True, capture_output=True)
    labels = json.loads(Path(f"{root}.labels.json").read_text())
    report = scan(root, "--now", labels["now"])
    ours = ("standard-violation", "expired-standard")
    got = [f for f in report["findings"] if f["rule"] in ours]

    def hits(label: dict) -> list[dict]:
        return [f for f in got if f["rule"] == label["rule"] and f["path"] == label["path"]
                and (label["line"] is None or f["line"] == label["line"])
                and ("span" not in label or f["line"] == label["span"][0])
                and ("standard" not in label or f["standard"] == label["standard"])]

    missing = [label for label in labels["expected"] if label["rule"] in ours and not hits(label)]
    wrong = [label for label in labels["forbidden"] if label["rule"] in ours and hits(label)]
    assert missing == [] and wrong == []
    assert len(got) == sum(label["rule"] in ours for label in labels["expected"])
