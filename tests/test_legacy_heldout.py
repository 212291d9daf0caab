"""A repository in another stack, with nothing declared: a Go monorepo whose `libs/payments-v1`
sits beside its successor `libs/payments`, imported by module path, built by GitLab CI includes.
The legacy library must be found from the repository alone, and what still points at it reported."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from indexer.cli import cli

NOW = "2026-11-01"

CI = """\
include:
  - local: ci/build.yml
  - local: /libs/payments-v1/.gitlab-ci.yml
  - local: ci/release.yml
  - project: platform/templates
    file: /go/lint.yml
stages: [build, test]
payments-v1-test:
  stage: test
  script:
    - cd libs/payments-v1 && go test ./...
"""


def scan(root, *args: str) -> dict:
    result = CliRunner().invoke(cli, ["scan", str(root), "--now", NOW, "--format", "json", *args])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def findings(report: dict, rule: str) -> set[tuple[str, int | None]]:
    return {(f["path"], f["line"]) for f in report["findings"] if f["rule"] == rule}


@pytest.fixture
def shop(repo):
    repo.commit("2022-02-01", "payments library", files={
        "go.mod": "module example.com/shop\n\ngo 1.21\n",
        "libs/payments-v1/charge.go": "package payments\n\n// Charge charges a card.\nfunc Charge(amount int) error { return nil }\n",
        "libs/payments-v1/refund.go": "package payments\n\nfunc Refund(id string) error { return nil }\n",
        "libs/payments-v1/.gitlab-ci.yml": "payments-v1:\n  script: go test ./libs/payments-v1/...\n",
        "services/checkout/main.go": (
            "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/shop/libs/payments-v1\"\n)\n\n"
            "func main() { fmt.Println(payments.Charge(1)) }\n"),
        "services/refunds/main.go": (
            "package main\n\nimport pay \"example.com/shop/libs/payments-v1\"\n\nfunc main() { pay.Refund(\"x\") }\n"),
        "ci/build.yml": "build:\n  script: go build ./...\n",
        ".gitlab-ci.yml": CI,
    })
    repo.commit("2024-03-10", "payments: the new provider", files={
        "libs/payments/charge.go": (
            "package payments\n\n// Charge charges a card through the new provider.\n"
            "func Charge(amount int, currency string) error { return nil }\n"),
        "services/orders/main.go": (
            "package main\n\nimport \"example.com/shop/libs/payments\"\n\nfunc main() { payments.Charge(1, \"EUR\") }\n"),
        "services/billing/go.mod": (
            "module example.com/shop/services/billing\n\ngo 1.21\n\n"
            "require example.com/shop/libs/payments-v1 v0.0.0\n\n"
            "replace example.com/shop/libs/payments-v1 => ../../libs/payments-v1\n"),
        "services/billing/main.go": "package main\n\nfunc main() {}\n",
    })
    return repo


def test_undeclared_v1_library_beside_its_successor_is_legacy(shop):
    report = scan(shop.root)
    legacy = {f["path"]: f for f in report["findings"] if f["rule"] == "legacy-path"}
    assert set(legacy) == {"libs/payments-v1"}
    assert "libs/payments" in legacy["libs/payments-v1"]["message"]


def test_go_imports_gomod_and_gitlab_ci_pointing_at_it_are_legacy_references(shop):
    refs = findings(scan(shop.root), "legacy-reference")
    assert ("services/checkout/main.go", 6) in refs  # inside an import block, by module path
    assert ("services/refunds/main.go", 3) in refs  # a named single import
    assert ("services/billing/go.mod", 5) in refs  # require
    assert ("services/billing/go.mod", 7) in refs  # replace => ../../libs/payments-v1
    assert (".gitlab-ci.yml", 3) in refs  # include: local: /libs/payments-v1/.gitlab-ci.yml
    assert (".gitlab-ci.yml", 11) in refs  # cd libs/payments-v1
    assert not any(path == "services/orders/main.go" for path, _ in refs)  # the successor's users
    assert not any(path.startswith("libs/payments-v1/") for path, _ in refs)  # its own files


def test_gitlab_include_of_a_missing_file_is_dangling_and_other_projects_are_not(shop):
    dangling = findings(scan(shop.root), "dangling-reference")
    assert (".gitlab-ci.yml", 4) in dangling  # local: ci/release.yml
    assert not any(line in (5, 6) for path, line in dangling if path == ".gitlab-ci.yml")


def test_explain_gives_the_evidence_and_confidence(shop):
    result = CliRunner().invoke(cli, ["explain", "libs/payments-v1", "--repo", str(shop.root), "--now", NOW])
    assert result.exit_code == 0, result.output
    assert "confidence" in result.output and "libs/payments" in result.output


def test_both_libraries_quiet_the_one_changed_last_is_still_the_successor(repo):
    # nothing touched for years: the name and which of the pair changed last still say it
    repo.commit("2019-01-10", "v1", files={
        "go.mod": "module example.com/shop\n",
        "libs/payments-v1/charge.go": "package payments\n",
        "cmd/app/main.go": "package main\n\nimport \"example.com/shop/libs/payments-v1\"\n",
    })
    repo.commit("2020-06-01", "successor", files={"libs/payments/charge.go": "package payments\n"})
    report = scan(repo.root)
    assert findings(report, "legacy-path") == {("libs/payments-v1", None)}
    assert findings(report, "legacy-reference") == {("cmd/app/main.go", 3)}


def test_v1_newer_than_its_unsuffixed_sibling_is_not_legacy(repo):
    # `tools-v1` written after `tools` and nothing live: the name alone says too little
    repo.commit("2019-01-10", "tools", files={"tools/a.go": "package tools\n"})
    repo.commit("2020-06-01", "tools v1", files={"tools-v1/a.go": "package tools\n"})
    assert findings(scan(repo.root), "legacy-path") == set()


def test_mkdocs_nav_pages_of_a_superseded_docs_version_are_legacy_references(repo):
    repo.commit("2021-01-10", "v1 docs", files={
        "docs/v1/getting-started.md": "# v1\n",
        "mkdocs.yml": "site_name: x\nnav:\n  - Home: index.md\n  - v1 Manual:\n      - Start: v1/getting-started.md\n",
        "docs/index.md": "# x\n",
    })
    repo.commit("2026-09-01", "v2 docs", files={"docs/v2/getting-started.md": "# v2\n"})
    report = scan(repo.root)
    assert findings(report, "legacy-path") == {("docs/v1", None)}
    assert ("mkdocs.yml", 5) in findings(report, "legacy-reference")
    assert findings(report, "dangling-reference") == set()  # nav pages live under docs_dir
