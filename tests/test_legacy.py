"""Legacy paths (declared and detected), legacy references and the resolutions, end to end."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from indexer.cli import cli

NOW = "2026-11-01"

CONFIG = """\
version: 1
scan:
  history_paths: ["CHANGELOG*", "docs/adr/**"]
standards:
  - id: deploy-v2-only
    statement: >-
      Deploy every environment through deploy/v2.
      deploy/legacy is frozen; never add steps there.
    priority: must
legacy:
  - path: deploy/legacy
    successor: deploy/v2
    since: 2024-01-15
"""


def scan(root, *args: str) -> dict:
    result = CliRunner().invoke(cli, ["scan", str(root), "--now", NOW, "--format", "json", *args])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def by_rule(report: dict, rule: str) -> dict[tuple[str, int | None], dict]:
    return {(f["path"], f["line"]): f for f in report["findings"] if f["rule"] == rule}


@pytest.fixture
def shop(repo):
    repo.commit("2022-05-02", "legacy deploy", author="Marcus Oyelaran", files={
        "deploy/legacy/deploy_staging.sh": "#!/usr/bin/env bash\nsource \"$(dirname \"$0\")/staging.env\"\n",
        "deploy/legacy/staging.env": "RG=nw-staging\n",
        "deploy/legacy/README.md": "Run deploy/legacy/deploy_staging.sh TAG.\n",
        "tools/release/cut_release.sh": "#!/usr/bin/env bash\ngit tag \"$1\"\n",
        "services/api/v1/routes.py": "ROUTES = []\n",
    })
    (repo.root / "tools/old-release").mkdir()
    repo.git("mv", "tools/release/cut_release.sh", "tools/old-release/cut_release.sh")
    repo.commit("2023-04-02", "move the shell release helper aside", author="Tomas Ruiz", files={
        "tools/old-release/cut_release.sh": "#!/usr/bin/env bash\n# TODO: remove once everyone uses tools/release\n"
                                            "git tag \"$1\"\n",
    })
    repo.commit("2024-01-15", "deploy v2", author="Lin Okafor", files={
        ".orgmemory.yaml": CONFIG,
        "deploy/v2/deploy.sh": "#!/usr/bin/env bash\naz deployment group create -f infra/main.bicep\n",
        "README.md": "# Shop\n\n## Deploying\n\nWe deploy to staging via the pipeline in deploy/legacy.\n",
        "CHANGELOG.md": "- Staging deploys moved from deploy/legacy to deploy/v2.\n",
        "docs/adr/0009-deploy-v2.md": "deploy/legacy stays in the tree until the last consumer moves.\n",
        "docs/runbooks/staging.md": "Do not use deploy/legacy; it is deprecated.\n"
                                    "The pipeline\nin deploy/legacy is no longer maintained.\n",
        ".github/workflows/staging.yml": "jobs:\n  d:\n    steps:\n      - run: ./deploy/legacy/deploy_staging.sh ${{ github.sha }}\n",
        "scripts/promote.sh": "#!/usr/bin/env bash\nroot=\"$(git rev-parse --show-toplevel)\"\n"
                              "\"$root/deploy/legacy/deploy_staging.sh\" \"$1\"\n",
        "web/config.ts": "// Staging values mirror deploy/legacy/staging.env; keep the two in sync.\n"
                         "export const A = 1;\n",
        "services/orders/predeploy.sh": "#!/usr/bin/env bash\n# TODO: migrate off legacy deploy, use deploy/v2\n",
        "Makefile": "release:\n\t./tools/old-release/cut_release.sh $(VERSION)\n",
        "docs/releasing.md": "Run `tools/old-release/cut_release.sh 1.4.0` from the root.\n",
    })
    for day in ("2026-08-20", "2026-09-10", "2026-10-05"):
        repo.commit(day, "v2 work", author="Lin Okafor", files={"deploy/v2/deploy.sh": f"# {day}\n"})
        repo.commit(day, "release tool", author="Tomas Ruiz", files={"tools/release/cut.py": f"# {day}\n"})
    repo.commit("2026-10-28", "api", files={"services/api/v1/routes.py": "ROUTES = ['/orders']\n"})
    return repo


def test_declared_and_detected_legacy_paths(shop):
    found = by_rule(scan(shop.root), "legacy-path")
    assert set(found) == {("deploy/legacy", None), ("tools/old-release", None)}
    declared = found[("deploy/legacy", None)]
    assert declared["declared"] is True and declared["confidence"] == 1.0
    assert declared["successor"] == "deploy/v2"
    assert declared["message"].startswith("deploy/legacy is legacy (declared in .orgmemory.yaml:11 since 2024-01-15)")
    detected = found[("tools/old-release", None)]
    assert detected["declared"] is False and detected["successor"] == "tools/release"
    assert [e["kind"] for e in detected["evidence"]] == ["name", "successor", "activity", "migrate-comment"]
    assert detected["confidence"] == 0.95
    assert detected["evidence"][3]["path"] == "tools/old-release/cut_release.sh"


def test_legacy_references_skip_history_deprecation_config_and_the_path_itself(shop):
    found = by_rule(scan(shop.root), "legacy-reference")
    assert set(found) == {
        ("README.md", 5), (".github/workflows/staging.yml", 4), ("scripts/promote.sh", 3),
        ("web/config.ts", 1), ("Makefile", 2), ("docs/releasing.md", 1),
    }
    assert found[("README.md", 5)]["message"] == (
        "points at legacy deploy/legacy (declared) via deploy/legacy; use deploy/v2")
    assert found[("Makefile", 2)]["legacy_path"] == "tools/old-release"


def test_one_resolution_per_legacy_path_in_the_json(shop):
    resolutions = {r["id"]: r for r in scan(shop.root)["resolutions"]}
    assert set(resolutions) == {"legacy:deploy/legacy", "legacy:tools/old-release"}
    deploy = resolutions["legacy:deploy/legacy"]
    assert deploy["statement"] == (
        "Deploy every environment through deploy/v2. deploy/legacy is legacy (declared in "
        ".orgmemory.yaml:11; last commit 2022-05-02; 0 commits in the last 12 months vs 3 in deploy/v2; "
        "services/orders/predeploy.sh:2 asks to migrate off it). Still pointing at it: "
        ".github/workflows/staging.yml:4, README.md:5, scripts/promote.sh:3, web/config.ts:1.")
    assert [e["kind"] for e in deploy["evidence"]] == [
        "declared", "successor", "activity", "migrate-comment", "standard"]
    assert [(r["path"], r["line"]) for r in deploy["still_pointing"]] == [
        (".github/workflows/staging.yml", 4), ("README.md", 5), ("scripts/promote.sh", 3), ("web/config.ts", 1)]
    assert resolutions["legacy:tools/old-release"]["statement"].startswith(
        "Use tools/release. tools/old-release is legacy (its name 'old-release' reads as legacy")


def test_a_history_document_asks_nothing(shop):
    """A changelog's "migrate off X" tells what was done, as its paths are no claims: neither its
    TODOs nor its comments are migrate asks (evidence, or a legacy path's "asks to migrate off it")."""
    shop.commit("2026-10-29", "notes", files={
        "CHANGELOG.md": "- Staging deploys moved from deploy/legacy to deploy/v2.\n"
                        "<!-- TODO: migrate off tools/release/cut.py, use tools/old-release -->\n"
                        "<!-- migrate off deploy/legacy: done -->\n"})
    resolutions = {r["id"]: r for r in scan(shop.root)["resolutions"]}
    asked = {e["path"] for r in resolutions.values() for e in r["evidence"] if e["kind"] == "migrate-comment"}
    assert asked == {"services/orders/predeploy.sh", "tools/old-release/cut_release.sh"}
    assert "CHANGELOG.md" not in resolutions["legacy:deploy/legacy"]["statement"]


def test_a_v1_folder_is_legacy_only_beside_a_newer_version(shop):
    assert ("services/api/v1", None) not in by_rule(scan(shop.root), "legacy-path")
    shop.commit("2026-10-29", "api v2", files={"services/api/v2/routes.py": "ROUTES = ['/v2/orders']\n"})
    found = by_rule(scan(shop.root), "legacy-path")
    assert found[("services/api/v1", None)]["successor"] == "services/api/v2"
    assert found[("services/api/v1", None)]["confidence"] == 0.55


def test_a_legacy_name_alone_is_not_enough(repo):
    repo.commit("2026-10-01", files={"docs/old-notes/a.md": "# notes\n", "README.md": "See docs/old-notes/a.md.\n"})
    report = scan(repo.root)
    assert by_rule(report, "legacy-path") == {} and report["resolutions"] == []


def test_imports_of_a_legacy_module_are_legacy_references(repo):
    repo.commit("2022-01-01", files={"app/payments_legacy/__init__.py": "", "app/payments_legacy/charge.py": "X = 1\n",
                                     "app/payments/__init__.py": ""})
    repo.commit("2026-10-01", files={"app/payments/charge.py": "X = 2\n",
                                     "app/checkout.py": "from app.payments_legacy.charge import X\n"})
    found = by_rule(scan(repo.root), "legacy-reference")
    assert set(found) == {("app/checkout.py", 1)}
    assert found[("app/checkout.py", 1)]["legacy_path"] == "app/payments_legacy"


def test_history_paths_come_from_the_config(shop):
    shop.write("notes/2023/deploys.md", "We deployed through deploy/legacy back then.\n")
    shop.commit("2026-10-30", "notes")
    assert ("notes/2023/deploys.md", 1) in by_rule(scan(shop.root), "legacy-reference")
    config = CONFIG.replace('"docs/adr/**"]', '"docs/adr/**", "notes/**"]')
    shop.commit("2026-10-31", "notes are history", files={".orgmemory.yaml": config})
    assert ("notes/2023/deploys.md", 1) not in by_rule(scan(shop.root), "legacy-reference")


def test_files_only_scan_reports_the_same_legacy_references_without_the_graph(shop):
    full = by_rule(scan(shop.root), "legacy-reference")
    files = sorted({str(shop.root / path) for path, _ in full})
    narrowed = scan(shop.root, *files)
    assert set(by_rule(narrowed, "legacy-reference")) == set(full)
    assert narrowed["resolutions"] == []


# --------------------------------------------------------------------------- issue 12: evidence from the world
def test_ecosystem_deprecation_conventions_are_evidence(repo):
    """Go `// Deprecated:` package comments, Python module-level DeprecationWarning, Java `@Deprecated`
    on the top-level class, a README deprecation notice, a "moved to" stub page, npm "deprecated",
    names listed under a "Deprecated" heading: each is enough alone; explain shows the evidence."""
    repo.commit("2025-06-01", files={
        "oldauth/doc.go": "// Deprecated: use package auth instead.\npackage oldauth\n",
        "auth/doc.go": "// Package auth signs requests.\npackage auth\n",
        "tool/compat.py": "import warnings\n\nwarnings.warn('tool.compat is going away', DeprecationWarning)\n",
        "tool/core.py": "def f():\n    warnings.warn('f is deprecated', DeprecationWarning)\n",
        "java/Client.java": "package x;\n\n@Deprecated\npublic class Client {}\n",
        "java/Pool.java": "package x;\n\npublic class Pool {\n  @Deprecated\n  void old() {}\n}\n",
        "charts/redis-exporter/README.md": "# redis-exporter\n\n## DEPRECATION WARNING\n\nNo further updates.\n",
        "charts/redis-exporter/Chart.yaml": "name: redis-exporter\n",
        "charts/kafka/Chart.yaml": "name: kafka\n",
        "docs/setup.md": "---\norphan: true\n---\n\n# Setup\n\nMoved to {doc}`install`.\n",
        "docs/install.md": "# Install\n\nRun the installer.\n",
        "docs/index.md": "# Docs\n\n```{toctree}\ninstall\nsetup\n```\n",
        "docs/conf.py": "extensions = ['myst_parser']\n",
        "packages/logger/package.json": '{\n  "name": "@acme/logger",\n  "deprecated": "use @acme/log"\n}\n',
        "packages/log/package.json": '{\n  "name": "@acme/log"\n}\n',
        "collectors/ntp.go": "package collectors\n",
        "collectors/cpu.go": "package collectors\n",
        "README.md": "# Tool\n\n## Collectors\n\n- cpu\n\n### Deprecated\n\n- ntp\n\n## Usage\n\n- cpu\n",
    })
    report = scan(repo.root)
    assert set(by_rule(report, "legacy-path")) == {
        ("oldauth/doc.go", None), ("tool/compat.py", None), ("java/Client.java", None),
        ("charts/redis-exporter", None), ("docs/setup.md", None), ("packages/logger", None),
        ("collectors/ntp.go", None)}
    assert by_rule(report, "legacy-path")[("docs/setup.md", None)]["successor"] == "docs/install.md"
    assert set(by_rule(report, "legacy-reference")) == {("docs/index.md", 5)}
    explained = CliRunner().invoke(cli, ["explain", "docs/setup.md", "--repo", str(repo.root), "--now", NOW])
    assert explained.exit_code == 0, explained.output
    assert "[moved-stub]" in explained.output and "confidence" in explained.output


def test_a_tools_message_about_another_file_is_no_deprecation_of_this_one(repo):
    """mypy-protobuf keeps mypy's expected output, whose lines say of the files they name "This
    service is deprecated", with and without the line's number (12 legacy paths). A script that
    says so of itself is still legacy."""
    repo.commit("2025-06-01", files={
        "test_negative/output.expected.3.10": (
            "test/generated/grpc_pb2.pyi:58: error: class Stub is deprecated: This service is deprecated  [deprecated]\n"),
        "test_negative/output.expected.3.10.omit_linenos": (
            "test/generated/grpc_pb2.pyi: error: class Stub is deprecated: This service is deprecated  [deprecated]\n"),
        "scripts/old-runner": "#!/bin/sh\n# This script is deprecated: use run.sh\n",
    })
    assert set(by_rule(scan(repo.root), "legacy-path")) == {("scripts/old-runner", None)}


def test_v1_beside_its_unsuffixed_successor_with_go_imports_and_gitlab_includes(repo):
    """A held-out shape: an undeclared `-v1` library beside its successor still gets the odd
    commit; Go imports of it and a GitLab CI `include: local:` of a `-v1` file point at legacy."""
    repo.commit("2023-01-01", files={
        "go.mod": "module example.com/shop\n\ngo 1.22\n",
        "lib/payments-v1/pay.go": "package payments\n",
        "lib/payments/pay.go": "package payments\n",
        "ci/build-v1.yml": "build:\n  script: make\n",
        "ci/build.yml": "build:\n  script: make all\n",
    })
    repo.commit("2026-10-20", files={
        "lib/payments-v1/pay.go": "package payments\n\n// a late fix\n",
        "lib/payments/pay.go": "package payments\n\n// new\n",
        "ci/build.yml": "build:\n  script: make all test\n",
        "cmd/shop/main.go": 'package main\n\nimport (\n\t"example.com/shop/lib/payments-v1"\n)\n',
        ".gitlab-ci.yml": "include:\n  - local: /ci/build-v1.yml\n  - project: group/other\n    file: /x.yml\n",
    })
    report = scan(repo.root)
    legacy = by_rule(report, "legacy-path")
    assert legacy[("lib/payments-v1", None)]["successor"] == "lib/payments"
    assert legacy[("ci/build-v1.yml", None)]["successor"] == "ci/build.yml"
    assert {(".gitlab-ci.yml", 2), ("cmd/shop/main.go", 4)} <= set(by_rule(report, "legacy-reference"))
    assert by_rule(report, "dangling-reference") == {}


def test_a_test_folders_files_for_each_version_are_no_legacy(repo):
    """ava's `test-tap/reporters/` keeps each reporter's output for every Node.js version it runs
    on (`default.only.v22.log`, `.v24.log`, `.v25.log`): test data, side by side on purpose (6). The
    same files outside a test folder are still read as a version and its successor."""
    files = {f"{folder}/default.only.v{version}.log": f"v{version}\n"
             for folder in ("test-tap/reporters", "reporters") for version in (22, 25)}
    repo.commit("2024-01-01", files=files)
    repo.commit("2026-10-20", files={path: text + "more\n" for path, text in files.items() if "v25" in path})
    assert set(by_rule(scan(repo.root), "legacy-path")) == {("reporters/default.only.v22.log", None)}


def test_a_table_row_is_evidence_only_when_a_cell_says_deprecated(repo):
    """A status cell ("Deprecated", "**deprecated** since 2.0") lists a name as deprecated; a row
    whose prose merely mentions the word (a rule describing legacy/old/deprecated names) does not."""
    repo.commit("2025-06-01", files={
        "rules/legacy-path.yaml": "id: legacy-path\n",
        "rules/stale-todo.yaml": "id: stale-todo\n",
        "exporters/statsd.go": "package exporters\n",
        "exporters/otlp.go": "package exporters\n",
        "docs/rules.md": "# Rules\n\n| rule | what it flags |\n|---|---|\n"
                         "| `legacy-path` | a name like legacy/old/deprecated/v1 beside a live successor |\n"
                         "| `stale-todo` | an old TODO |\n",
        "docs/exporters.md": "# Exporters\n\n| exporter | status |\n|---|---|\n"
                             "| statsd | **Deprecated** since 2.0 |\n| otlp | stable |\n",
    })
    legacy = set(by_rule(scan(repo.root), "legacy-path"))
    assert ("exporters/statsd.go", None) in legacy
    assert ("rules/legacy-path.yaml", None) not in legacy


def test_a_table_of_parameters_lists_no_deprecated_path(repo):
    """feast's `| Parameter | Type | Default | Description |` table says its `value_type` argument
    is deprecated: no word on `feast/value_type.py`, whose 66 importers were legacy references. A
    table of exporters still lists one."""
    repo.commit("2025-06-01", files={
        "sdk/feast/value_type.py": "class ValueType: ...\n",
        "sdk/feast/entity.py": "from feast.value_type import ValueType\n",
        "exporters/statsd.go": "package exporters\n",
        "docs/entity.md": "# Entity\n\n| Parameter | Type | Default | Description |\n|---|---|---|---|\n"
                          "| `value_type` | ValueType | - | Deprecated; use `join_keys` instead |\n",
        "docs/exporters.md": "# Exporters\n\n| exporter | status |\n|---|---|\n| statsd | **Deprecated** since 2.0 |\n",
    })
    assert set(by_rule(scan(repo.root), "legacy-path")) == {("exporters/statsd.go", None)}


def test_a_configurations_legacy_flavour_is_a_build_it_runs(repo):
    """TanStack query's packages each keep `tsconfig.legacy.json` beside `tsconfig.json`: a build
    for older TypeScript, not a file left behind (9). `deploy-legacy.sh` beside `deploy.sh` still is."""
    repo.commit("2024-01-10", files={
        "packages/query/tsconfig.json": "{}\n", "packages/query/tsconfig.legacy.json": "{}\n",
        "packages/query/webpack.config.js": "\n", "packages/query/webpack.legacy.config.js": "\n",
        "ops/deploy.sh": "true\n", "ops/deploy-legacy.sh": "true\n",
    })
    repo.commit("2026-10-01", files={"ops/deploy.sh": "true # v2\n", "packages/query/tsconfig.json": "{ }\n",
                                     "packages/query/webpack.config.js": "// v2\n"})
    assert set(by_rule(scan(repo.root), "legacy-path")) == {("ops/deploy-legacy.sh", None)}


def test_a_todo_to_replace_something_with_a_legacy_folder_asks_to_use_it(repo):
    """keras' `src/legacy/` holds "TODO(nkovela): Replace with legacy serialization": a way into
    the folder, not out of it; with its name alone it is no legacy path (7 findings). A TODO in it
    that asks to move off it still counts."""
    repo.commit("2024-01-01", files={
        "keras/legacy/saving.py": "# TODO(nkovela): Replace with legacy serialization\nX = 1\n",
        "keras/models.py": "from keras.legacy.saving import X\n",
        "app/legacy/charge.py": "# TODO: migrate off this module once v2 ships\nY = 1\n",
        "app/checkout.py": "from app.legacy.charge import Y\n",
    })
    assert set(by_rule(scan(repo.root), "legacy-path")) == {("app/legacy", None)}


def test_a_todo_that_replaces_something_else_in_a_legacy_folder_asks_nothing_of_it(repo):
    """Shaarli's `application/legacy/` reads the old formats; its "TODO: use exceptions instead of
    "die"" changes its code, not a way out of it (2 findings). "Use v2 instead" in such a folder
    still asks to leave it."""
    repo.commit("2024-01-01", files={
        "application/legacy/LegacyLinkDB.php": '<?php\n// TODO: use exceptions instead of "die"\n',
        "application/bookmark/BookmarkIO.php": "<?php\nuse Shaarli\\Legacy\\LegacyLinkDB;\n",
        "app/legacy/charge.py": "# TODO: use v2 instead\nY = 1\n",
        "app/checkout.py": "from app.legacy.charge import Y\n",
    })
    assert set(by_rule(scan(repo.root), "legacy-path")) == {("app/legacy", None)}


def test_a_file_named_for_archives_is_about_them_not_legacy(repo):
    """git/git's `Documentation/git-archive.adoc` beside `git.adoc` documents `git archive`; a
    `deploy-old.sh` beside `deploy.sh`, with the same history, still reads as legacy."""
    repo.commit("2020-01-01", files={
        "Documentation/git-archive.adoc": "= git-archive\n", "Documentation/git.adoc": "= git\n",
        "Documentation/git-add.adoc": "= git-add\n",
        "deploy/deploy-old.sh": "echo old\n", "deploy/deploy.sh": "echo new\n",
    })
    repo.commit("2026-10-01", files={"Documentation/git.adoc": "= git\n\nnew\n", "deploy/deploy.sh": "echo new2\n"})
    legacy = {path for path, _ in by_rule(scan(repo.root), "legacy-path")}
    assert legacy == {"deploy/deploy-old.sh"}


def test_a_file_named_classic_among_its_kin_is_one_of_them_and_a_legacy_one_is_not(repo):
    """plotnine's `themes/theme_classic.py` beside `theme_bw.py`, `theme_dark.py` and `theme.py`
    is ggplot2's classic theme, one of many (2 findings). govuk-frontend's
    `_colours-legacy-functional.scss` beside `_colours-functional.scss`, `_colours-applied.scss` and
    `_colours-organisations.scss` is still legacy."""
    colours = "packages/govuk-frontend/src/govuk/settings/_colours-"
    repo.commit("2020-01-01", files={
        "plotnine/themes/theme_classic.py": "class theme_classic: ...\n", "plotnine/themes/theme_bw.py": "x = 1\n",
        "plotnine/themes/theme_dark.py": "x = 1\n", "plotnine/themes/theme.py": "class theme: ...\n",
        colours + "legacy-functional.scss": "$a: 1;\n", colours + "functional.scss": "$b: 1;\n",
        colours + "applied.scss": "$c: 1;\n", colours + "organisations.scss": "$d: 1;\n",
    })
    repo.commit("2026-10-01", files={"plotnine/themes/theme.py": "class theme: ...\n# new\n",
                                     colours + "functional.scss": "$b: 2;\n"})
    legacy = {path for path, _ in by_rule(scan(repo.root), "legacy-path")}
    assert legacy == {colours + "legacy-functional.scss"}


def test_a_release_note_fragment_that_says_moved_is_no_moved_page(repo):
    """nomad's `.changelog/28110.txt`: "... after being moved to a different node pool", a note
    about the product in a folder of release notes, read as a short page that says it moved.
    The same three lines as a page of its own still are one."""
    note = "```release-note:bug\nauth: Fixed a bug where nodes could not sync after being moved to another pool\n```\n"
    repo.commit("2024-01-10", files={".changelog/28110.txt": note, "newsfragments/12.bugfix.md": note,
                                     "docs/old.md": "# Old\n\nThis page has moved to install.md.\n",
                                     "docs/install.md": "# Install\n"})
    assert set(by_rule(scan(repo.root), "legacy-path")) == {("docs/old.md", None)}


def test_a_readme_that_says_its_packages_may_move_has_not_moved(repo):
    """pack's `pkg/README.md`: "Some packages may get moved to `imgutil` when a project wide common
    API is developed": a move to come, not one made (its 370 imports were legacy references). A
    README that says its folder was moved still makes it legacy."""
    repo.commit("2024-01-10", files={
        "pkg/README.md": "`pkg/` holds utility packages. Some\npackages may get moved to `imgutil` when a common API is developed.\n",
        "pkg/archive/archive.go": "package archive\n",
        "tools/README.md": "These tools were moved to `cmd/`.\n", "tools/run.go": "package tools\n",
        "cmd/main.go": "package main\n\nimport (\n\t\"example.com/x/pkg/archive\"\n)\n",
        "go.mod": "module example.com/x\n"})
    assert {path for path, _ in by_rule(scan(repo.root), "legacy-path")} == {"tools"}


def test_a_short_readme_that_says_something_else_moved_has_not_moved(repo):
    """csi-driver-host-path's `deploy/kubernetes-1.34/README.md`, six lines on what the deployment
    holds, ends "The health-monitor-agent is no longer getting deployed because its functionality
    was moved into kubelet": said of an agent, not of the folder. A stub that says so first,
    points where it went, says it of "this document" or names itself (scrapy's `djangoitem.rst`:
    "DjangoItem has been moved into a separate project", after its label and title) still moved."""
    readme = ("The deployment for Kubernetes 1.33 uses the CSI snapshotter sidecar\n4.x and thus is"
              " incompatible with clusters where older\nsnapshotter CRDs are installed.\n\n"
              "The health-monitor-agent is no longer getting deployed because its\n"
              "functionality was moved into kubelet in Kubernetes 1.21.\n")
    repo.commit("2024-01-10", files={
        "deploy/kubernetes-1.34/README.md": readme, "deploy/kubernetes-1.34/deploy.sh": "true\n",
        "deploy/old/README.md": "The old deployment was moved to `deploy/kubernetes-1.34`.\n", "deploy/old/a.sh": "true\n",
        "docs/old/README.md": "# Old\n\nSee the new guide.\n\nIts pages were moved to [the guide](../guide/).\n",
        "docs/old/a.md": "# A\n", "docs/guide/index.md": "# Guide\n",
        "docs/topics/djangoitem.rst": (":orphan:\n\n.. _topics-djangoitem:\n\n==========\nDjangoItem\n==========\n\n"
                                       "DjangoItem has been moved into a separate project.\n"),
        "docs/reference/alignment.rst": ("****************\nMemory alignment\n****************\n\n"
                                         ".. This document has been moved to ../dev/alignment.rst.\n"),
        # brew's governance minutes: a motion, no move
        "docs/governance/egm-minutes.md": "# EGM\n\nShaun moved to amend the governance document.\n"})
    assert {path for path, _ in by_rule(scan(repo.root), "legacy-path")} == {
        "deploy/old", "docs/old", "docs/topics/djangoitem.rst", "docs/reference/alignment.rst"}


def test_a_word_named_file_beside_a_quiet_newer_one_is_about_its_word(repo):
    """rails' `oid/legacy_point.rb` beside `oid/point.rb`, rubocop's `deprecated_attribute_assignment.rb`
    cop beside `attribute_assignment.rb`: both quiet for years, the plain one changed last. Each
    is about what its name says; a version (`payments-v1` beside `payments`) still says which is
    the newer (tests/test_legacy_heldout.py), and a live plain one still does."""
    repo.commit("2021-03-01", files={
        "lib/oid/legacy_point.rb": "class LegacyPoint; end\n", "lib/oid/point.rb": "class Point; end\n",
        "lib/cop/deprecated_attribute_assignment.rb": "class DeprecatedAttributeAssignment; end\n",
        "lib/cop/attribute_assignment.rb": "class AttributeAssignment; end\n",
        "tools/deploy-old.sh": "echo old\n", "tools/deploy.sh": "echo new\n",
    })
    repo.commit("2022-04-04", files={"lib/oid/point.rb": "class Point; def x; end; end\n",
                                     "lib/cop/attribute_assignment.rb": "class AttributeAssignment; def x; end; end\n"})
    repo.commit("2026-09-01", files={"tools/deploy.sh": "echo newer\n"})
    assert {path for path, _ in by_rule(scan(repo.root), "legacy-path")} == {"tools/deploy-old.sh"}



def test_the_tests_of_a_legacy_path_go_with_it_and_point_at_nothing(repo):
    """warehouse's `tests/unit/legacy/api/test_json.py` tests `warehouse/legacy` (its legacy
    PyPI API): a test named after the legacy path is its own, as the files inside it are; so is
    its successor's import of it (flask-security's `fsqla_v4.py` builds on `fsqla_v3.py`: "use
    fsqla_v4.py" is no advice there). Another module importing it still points at it."""
    repo.commit("2020-01-10", files={
        "app/legacy/__init__.py": "# TODO: remove this once every client moved to app.api\n",
        "app/legacy/api.py": "def simple(): pass\n", "app/api/__init__.py": "",
        "tests/unit/legacy/test_api.py": "from app.legacy.api import simple\n",
        "tests/test_legacy.py": "import app.legacy\n",
        "app/routing.py": "from app.legacy.api import simple\n",
        "app/models/fsqla_v1.py": "class Role: pass\n",
        "app/models/fsqla_v2.py": "from .fsqla_v1 import Role\n",
        "app/admin.py": "from app.models.fsqla_v1 import Role\n",
    })
    repo.commit("2026-09-01", files={"app/api/__init__.py": "VERSION = 2\n",
                                     "app/models/fsqla_v2.py": "from .fsqla_v1 import Role\nclass User: pass\n"})
    report = scan(repo.root)
    assert {path for path, _ in by_rule(report, "legacy-path")} == {"app/legacy", "app/models/fsqla_v1.py"}
    assert {path for path, _ in by_rule(report, "legacy-reference")} == {"app/routing.py", "app/admin.py"}


def test_a_folder_of_moved_pages_keeps_its_images(repo):
    """kapp's `docs/` pages each say "This page has moved to carvel.dev": its README's links to
    them point at legacy, but its logo in `docs/` is no page and moved nowhere."""
    stub = "This page has moved to [https://carvel.dev/kapp/docs/latest/](https://carvel.dev/kapp/docs/latest/).\n"
    repo.commit("2021-01-10", files={
        "docs/README.md": stub, "docs/apply.md": stub, "docs/logo.png": "png\n",
        "README.md": "![logo](docs/logo.png)\n\n# kapp\n\nSee [apply](docs/apply.md).\n",
    })
    report = scan(repo.root)
    assert {path for path, _ in by_rule(report, "legacy-path")} == {"docs"}
    assert set(by_rule(report, "legacy-reference")) == {("README.md", 5)}


def test_two_quiet_versions_and_a_folder_of_schema_versions_are_kept_not_legacy(repo):
    """velero's plugin API `backupitemaction/v1` and `v2`, both quiet for years: v2 changed last
    only by being written later, and both are served. terragrunt publishes
    `schemas/run/report/v1` to `v4` for whoever writes each; minikube keeps `host_v0.go` beside a
    live `host_v1.go` for `migrate_v0_v1.go` to read. `deploy/v1`, quiet beside a live `deploy/v2`,
    still is legacy."""
    repo.commit("2021-03-01", files={
        "pkg/plugin/backupitemaction/v1/action.go": "package v1\n",
        "docs/schemas/report/v1/schema.json": "{}\n", "docs/schemas/report/v2/schema.json": "{}\n",
        "deploy/v1/app.yaml": "kind: Deployment\n",
        "host/host_v0.go": "package host\n", "host/migrate_v0_v1.go": "package host\n",
    })
    repo.commit("2022-08-25", files={"pkg/plugin/backupitemaction/v2/action.go": "package v2\n",
                                     "docs/schemas/report/v3/schema.json": "{}\n",
                                     "deploy/v2/app.yaml": "kind: Deployment\n"})
    repo.commit("2026-09-01", files={"docs/schemas/report/v4/schema.json": "{}\n",
                                     "deploy/v2/app.yaml": "kind: Deployment\nreplicas: 2\n",
                                     "host/host_v1.go": "package host\n// 2\n"})
    assert {path for path, _ in by_rule(scan(repo.root), "legacy-path")} == {"deploy/v1"}


def test_a_kubernetes_api_groups_versions_are_served_side_by_side(repo):
    """kyverno's `api/kyverno/v1`, which holds its generated `zz_generated.deepcopy.go`, is served
    beside `api/kyverno/v2`: its 271 imports are no legacy references. Its comment "create & update
    for generate rules will use apply instead of create/update" says what the code does, and asks
    no one to migrate. `deploy/v1`, quiet beside a live `deploy/v2`, still is legacy, on its name
    and its quiet alone."""
    repo.commit("2021-03-01", files={
        "api/kyverno/v1/zz_generated.deepcopy.go": "package v1\n", "api/kyverno/v1/types.go": "package v1\n",
        "deploy/v1/app.sh": "# with --apply it will use apply/ instead of create/update\necho v1\n",
        "deploy/apply/README.md": "# apply\n", "deploy/create/update.md": "# update\n",
    })
    repo.commit("2026-09-01", files={
        "api/kyverno/v2/types.go": "package v2\n", "deploy/v2/app.sh": "echo v2\n", "go.mod": "module example.com/k\n",
        "pkg/policy/load.go": 'package policy\n\nimport v1 "example.com/k/api/kyverno/v1"\n\nvar _ = v1.X\n',
    })
    report = scan(repo.root)
    assert {path: f["confidence"] for (path, _), f in by_rule(report, "legacy-path").items()} == {"deploy/v1": 0.8}
    assert not by_rule(report, "legacy-reference")


def test_a_word_named_file_as_busy_as_the_plain_one_is_no_legacy(repo):
    """terragrunt's `internal/cli/flags/deprecated_flag.go` beside `flag.go`, three commits each in
    the last year: a live successor tells nothing when the other is as live (the file implements
    deprecated flags), or half as live (Flask-AppBuilder's `requirements/base_legacy.txt`, the
    oldest pins its CI tests, bumped in two of `base.txt`'s three commits). `deploy-old.sh`, quiet
    for years beside a live `deploy.sh`, still is legacy."""
    repo.commit("2021-03-01", files={"tools/deploy-old.sh": "echo old\n", "tools/deploy.sh": "echo new\n"})
    for day, text in (("2025-12-01", "1"), ("2026-03-01", "2")):
        repo.commit(day, files={"internal/flags/deprecated_flag.go": f"package flags // {text}\n",
                                "internal/flags/flag.go": f"package flags // {text}\n",
                                "requirements/base_legacy.txt": f"flask=={text}\n",
                                "requirements/base.txt": f"flask=={text}\n"})
    repo.commit("2026-07-20", files={"internal/flags/deprecated_flag.go": "package flags // 3\n"})
    repo.commit("2026-08-17", files={"internal/flags/flag.go": "package flags // 3\n", "requirements/base.txt": "flask==3\n"})
    repo.commit("2026-09-01", files={"tools/deploy.sh": "echo newer\n"})
    assert {path for path, _ in by_rule(scan(repo.root), "legacy-path")} == {"tools/deploy-old.sh"}

def test_a_value_replaced_in_prose_is_no_word_on_a_file_of_that_name(repo):
    """rails' upgrade guide: "`:all` replaces `true`, `:none` replaces `false`" is about option
    values, not `arel/nodes/true.rb`; "`scripts/deploy` replaces `deploy-legacy`" still is."""
    repo.commit("2024-01-10", files={
        "lib/nodes/true.rb": "class True; end\n", "lib/nodes/false.rb": "class False; end\n",
        "bin/deploy-legacy": "echo old\n", "scripts/deploy": "echo new\n",
        "guides/upgrading.md": "# Upgrading\n\nReplace the old values (`:all` replaces `true`, `:none` replaces `false`).\n\n"
                               "`scripts/deploy` replaces `deploy-legacy`.\n",
    })
    assert {path for path, _ in by_rule(scan(repo.root), "legacy-path")} == {"bin/deploy-legacy"}


def test_a_moved_page_whose_successor_changed_after_it_keeps_that_evidence_whole(repo):
    """sqlalchemy's `loading_columns.rst` says it moved to `queryguide/columns`, which changed
    after it: 0.6 for the page's word, 0.2 for the newer successor. Only a legacy *word* in a
    name makes the newer successor count for less."""
    repo.commit("2020-01-10", files={"docs/loading.md": "# Loading\n\nThis document has moved to [columns](guide/columns.md).\n",
                                     "docs/guide/columns.md": "# Columns\n"})
    repo.commit("2021-05-01", files={"docs/guide/columns.md": "# Columns\n\nMore.\n"})
    legacy = by_rule(scan(repo.root), "legacy-path")
    assert "confidence 0.80" in legacy[("docs/loading.md", None)]["message"]


def test_a_migration_guide_named_for_its_version_is_no_legacy_copy(repo):
    """fastify's `Migration-Guide-V3.md` beside `Migration-Guide-V5.md` still guides users off
    v3; `build-v1.yml` beside `build-v2.yml` is still the copy the next one replaced."""
    repo.commit("2022-01-10", files={"docs/Migration-Guide-V3.md": "# V3\n", "ci/build-v1.yml": "a: 1\n"})
    repo.commit("2026-09-01", files={"docs/Migration-Guide-V5.md": "# V5\n", "ci/build-v2.yml": "a: 2\n"})
    assert {path for path, _ in by_rule(scan(repo.root), "legacy-path")} == {"ci/build-v1.yml"}


DEPRECATED_CLASS = "package lang.text;\n\n/** Use the text library. */\n@Deprecated\npublic class {name} {{}}\n"


def test_a_folder_whose_every_file_is_deprecated_is_one_legacy_folder(repo):
    """commons-lang's `lang3/text`: every class in it, and in `text/translate` below it, is
    `@Deprecated` (its `package-info.java` says nothing): one legacy folder, not 22 files. A
    folder with one live class keeps its deprecated ones apart; what points into either is still
    a legacy reference."""
    files = {f"src/lang/text/{name}.java": DEPRECATED_CLASS.format(name=name) for name in ("StrBuilder", "WordUtils")}
    files.update({f"src/lang/text/translate/{name}.java": DEPRECATED_CLASS.format(name=name)
                  for name in ("Escaper", "Unescaper")})
    files.update({"src/lang/text/package-info.java": "package lang.text;\n",
                  "src/lang/util/Old.java": DEPRECATED_CLASS.format(name="Old"),
                  "src/lang/util/Older.java": DEPRECATED_CLASS.format(name="Older"),
                  "src/lang/util/Live.java": "package lang.util;\n\npublic class Live {}\n",
                  "docs/guide.md": "# Guide\n\nSee src/lang/text/WordUtils.java and src/lang/util/Old.java.\n"})
    repo.commit("2024-01-10", files=files)
    report = scan(repo.root)
    assert {path for path, _ in by_rule(report, "legacy-path")} == {
        "src/lang/text", "src/lang/util/Old.java", "src/lang/util/Older.java"}
    assert "everything in it is deprecated (2 files and 1 folder)" in \
        by_rule(report, "legacy-path")[("src/lang/text", None)]["message"]
    assert set(by_rule(report, "legacy-reference")) == {("docs/guide.md", 3)}


def test_a_readme_whose_documentation_moved_leaves_its_folder_live(repo):
    """opentelemetry-operator's `cmd/otel-allocator/README.md`: "User-facing documentation has moved
    to docs/target-allocator/", and the next line says the folder holds the source code, which the
    Makefile builds: the page moved, not the folder. A README that says its project moved still
    makes its folder legacy, and what points into it a legacy reference."""
    repo.commit("2024-01-10", files={
        "cmd/allocator/README.md": ("# Allocator\n\nUser-facing documentation has moved to "
                                    "[`docs/allocator/`](../../docs/allocator/README.md).\n\n"
                                    "This directory contains the allocator's source code.\n"),
        "cmd/allocator/main.go": "package main\n", "docs/allocator/README.md": "# Allocator\n",
        "old/README.md": "# Old\n\nThis project has moved to [new](../new/README.md).\n",
        "new/README.md": "# New\n",
        "Makefile": "build:\n\tgo build ./cmd/allocator\n\tcat old/README.md\n",
    })
    report = scan(repo.root)
    assert {path for path, _ in by_rule(report, "legacy-path")} == {"cmd/allocator/README.md", "old"}
    assert set(by_rule(report, "legacy-reference")) == {("Makefile", 3)}


def test_versions_changed_together_are_kept_side_by_side(repo):
    """jaeger's `docker-compose/elasticsearch/v7`, `v8` and `v9`, one for each Elasticsearch it
    supports, changed in the same commit: none was left behind. A `v1` its `v2` has outlived since
    is still legacy."""
    compose = "services:\n  es:\n    image: elasticsearch:{}\n"
    repo.commit("2024-06-11", files={f"compose/es/v{n}/docker-compose.yml": compose.format(n) for n in (7, 8)}
                | {"api/v1/routes.py": "R = 1\n"})
    repo.commit("2025-07-25", files={"compose/es/v9/docker-compose.yml": compose.format(9)})
    repo.commit("2026-07-23", "disable disk thresholds",
                files={f"compose/es/v{n}/docker-compose.yml": compose.format(n) + "    # thresholds off\n"
                       for n in (7, 8, 9)} | {"api/v2/routes.py": "R = 2\n"})
    repo.commit("2026-08-01", files={"scripts/e2e.sh": "docker compose -f compose/es/v7/docker-compose.yml up\n",
                                     "api/v2/routes.py": "R = 3\n"})
    assert {path for path, _ in by_rule(scan(repo.root), "legacy-path")} == {"api/v1"}


def test_a_readme_saying_its_docs_were_moved_is_a_moved_page_linked_to_alone(repo):
    """fastlane's `fastlane/README.md`, "The fastlane docs were moved to docs.fastlane.tools", and
    hypothesis' "The Hypothesis python readme has moved to the main readme": the page moved, not
    the folder of code beside it. Its specs commit `./fastlane/README.md` as sample data: only a
    link to the page points at it."""
    repo.commit("2024-01-10", files={
        "fastlane/README.md": ("<h3 align=\"center\">The <i>fastlane</i> docs were moved to "
                               "<a href='https://docs.fastlane.tools/'>docs.fastlane.tools</a></h3>\n"),
        "fastlane/lib/fastlane.rb": "module Fastlane\nend\n",
        "fastlane/spec/commit_spec.rb": "it 'commits' do\n  git_commit(path: './fastlane/README.md')\nend\n",
        "docs/index.md": "# Docs\n\nSee [fastlane](../fastlane/README.md).\n",
        "Gemfile": "gemspec path: 'fastlane/lib'\n",
    })
    report = scan(repo.root)
    assert {path for path, _ in by_rule(report, "legacy-path")} == {"fastlane/README.md"}
    assert set(by_rule(report, "legacy-reference")) == {("docs/index.md", 3)}


def test_a_folder_of_pages_that_each_say_they_moved_is_one_moved_folder(repo):
    """fastlane's `docs/`: each guide a stub, "The advanced docs were moved to docs.fastlane.tools",
    or a heading, "#### This document was moved to our new <https://...> page": one legacy
    folder whose pages moved, which a link into it points at, and its generator's message
    "point to the fastlane/docs repo" does not."""
    repo.commit("2024-01-10", files={
        "docs/Advanced.md": "<h3 align=\"center\">\n  The advanced docs were moved to <a href='https://x.tools/advanced/'>x.tools</a>\n</h3>\n",
        "docs/Actions.md": "#### This document was moved to our new <https://x.tools/actions/> page\n",
        "docs/README.md": "<h4>For guides, check out the new <a href=\"https://x.tools\">x.tools</a> page</h4>\n",
        "lib/generator.rb": "raise 'make sure to point to the fastlane/docs repo' unless ok\nsource = 'docs/Actions.md'\n",
        "CONTRIBUTING.md": "# Contributing\n\nRead [the actions](docs/Actions.md).\n",
    })
    report = scan(repo.root)
    legacy = by_rule(report, "legacy-path")
    assert set(legacy) == {("docs", None)} and "everything in it moved" in legacy[("docs", None)]["message"]
    assert set(by_rule(report, "legacy-reference")) == {("CONTRIBUTING.md", 3)}


def test_a_go_mod_comment_on_a_requirement_deprecates_no_module(repo):
    """AdGuardHome's go.mod says "// TODO(e.burkov): This package is deprecated; find a new one" of
    a module it requires: go.mod is not legacy. Go deprecates a module by the comment above its
    `module` line, which still makes its folder legacy."""
    repo.commit("2024-01-10", files={
        "go.mod": ("module example.com/app\n\ngo 1.22\n\nrequire (\n"
                   "\t// TODO(e.burkov): This package is deprecated; find a new one or use ours.\n"
                   "\tgithub.com/a/b v1.0.0\n)\n"),
        "main.go": "package main\n",
        "old/go.mod": "// Deprecated: use example.com/app instead.\nmodule example.com/old\n\ngo 1.22\n",
        "old/old.go": "package old\n",
    })
    assert {path for path, _ in by_rule(scan(repo.root), "legacy-path")} == {"old"}


def test_a_readme_notice_under_a_versions_heading_is_said_of_that_version(repo):
    """nebula's `cert/README.md`: "## v1" then "This version is deprecated", of the certificates'
    first version, not of the package (47 imports of it were legacy references). A README that
    says so under its title still makes its folder legacy."""
    repo.commit("2024-01-10", files={
        "cert/README.md": ("## `cert`\n\nA library for certificates.\n\nThere are 2 versions.\n\n## v1\n\n"
                           "This version is deprecated.\n\n## v2\n\nThe current version.\n"),
        "cert/cert.go": "package cert\n",
        "old/README.md": "# old\n\nThis package is deprecated.\n",
        "old/old.go": "package old\n",
    })
    assert {path for path, _ in by_rule(scan(repo.root), "legacy-path")} == {"old"}


def test_a_protocols_versions_are_spoken_side_by_side(repo):
    """emqx's `src/proto/emqx_cm_proto_v1.erl` to `_v4.erl`: each version of its cluster's
    backplane protocol is kept for the nodes that still speak it in a rolling upgrade (25). A
    script's `setup_v1.sh` its `setup_v2.sh` has outlived is still legacy."""
    repo.commit("2023-01-10", files={"src/proto/emqx_cm_proto_v1.erl": "-module(emqx_cm_proto_v1).\n",
                                     "tools/setup_v1.sh": "echo 1\n"})
    repo.commit("2026-06-01", files={"src/proto/emqx_cm_proto_v2.erl": "-module(emqx_cm_proto_v2).\n",
                                     "tools/setup_v2.sh": "echo 2\n"})
    assert {path for path, _ in by_rule(scan(repo.root), "legacy-path")} == {"tools/setup_v1.sh"}


def test_a_translations_message_is_said_of_what_the_product_shows(repo):
    """FreshRSS' `app/i18n/en/conf.php` translates "This service is deprecated and will be
    removed", a message about a sharing service (5 languages' files were legacy). A program
    that warns so of itself is still legacy."""
    repo.commit("2024-01-10", files={
        "app/i18n/en/conf.php": "<?php\nreturn array(\n\t'deprecated' => 'This service is deprecated and will be removed.',\n);\n",
        "app/Models/Share.php": "<?php\nclass Share {}\n",
        "collector/old.go": 'package collector\n\nfunc init() { log.Warn("This collector is deprecated") }\n',
    })
    assert {path for path, _ in by_rule(scan(repo.root), "legacy-path")} == {"collector/old.go"}


def test_a_versions_successor_is_the_next_version_of_its_kind_whatever_else_is_named_so(repo):
    """nebula's `cert/` holds `cert_v1.go`, `cert_v1.proto`, `cert_v2.go`, `cert_v2.asn1` and
    `cert.go`: `cert_v1.go`'s successor is `cert_v2.go`, changed with it, so both are kept. It was
    `cert_v2.asn1` or `cert_v2.go` by the order of a set, which changes with each process's hash
    seed, and with the first, `cert.go` stood for the successor: the legacy path came and went
    from one scan to the next. Every seed must give the same answer."""
    repo.commit("2026-06-01", files={"cert/cert_v1.go": "package cert\n", "cert/cert_v1.proto": "syntax = \"proto3\";\n",
                                     "cert/cert_v2.go": "package cert\n", "cert/cert_v2.asn1": "Cert ::= SEQUENCE {}\n",
                                     "cert/cert.go": "package cert\n"})
    answers = set()
    for seed in range(12):
        scanned = subprocess.run([sys.executable, "-m", "indexer", "scan", str(repo.root), "--now", NOW, "--format", "json",
                                  "--fail-on", "never", "--cache-dir", str(repo.root.parent / f"cache-{seed}")],
                                 env={**os.environ, "PYTHONHASHSEED": str(seed)}, capture_output=True, text=True, check=True)
        answers.add(frozenset(path for path, _ in by_rule(json.loads(scanned.stdout), "legacy-path")))
    assert answers == {frozenset()}


def test_a_code_block_under_a_deprecated_heading_lists_nothing(repo):
    """borgmatic's "Deprecated command hooks" show `- umount /some/filesystem` in a YAML example:
    its `borg/umount.py` is no legacy module. A list item after the block is still a name listed."""
    repo.commit("2025-06-01", files={
        "borg/umount.py": "def run():\n    pass\n",
        "borg/mount.py": "def run():\n    pass\n",
        "collectors/ntp.go": "package collectors\n",
        "collectors/cpu.go": "package collectors\n",
        "docs/hooks.md": ("# Hooks\n\n### Deprecated command hooks\n\nAn example:\n\n```yaml\nafter_backup:\n"
                          "    - umount /some/filesystem\n```\n\n- ntp\n"),
    })
    assert set(by_rule(scan(repo.root), "legacy-path")) == {("collectors/ntp.go", None)}


def test_a_test_resources_deprecated_file_is_the_tests_input(repo):
    """authelia's `internal/configuration/test_resources/config.deprecated.yml` is the configuration
    its test loads to see the warnings: no legacy file beside `config.yml`. Outside test data the
    name still reads as legacy."""
    repo.commit("2025-06-01", files={
        "internal/configuration/test_resources/config.yml": "a: 1\n",
        "internal/configuration/test_resources/config.deprecated.yml": "a: 1\n",
        "internal/configuration/provider_test.go": 'package configuration\n\nvar f = "./test_resources/config.deprecated.yml"\n',
        "deploy/config.yml": "a: 1\n",
        "deploy/config.deprecated.yml": "a: 1\n",
        "deploy/run.sh": "#!/bin/sh\ncat deploy/config.deprecated.yml\n",
    })
    repo.commit("2026-06-01", files={"internal/configuration/test_resources/config.yml": "a: 2\n",
                                     "deploy/config.yml": "a: 2\n"})
    assert set(by_rule(scan(repo.root), "legacy-path")) == {("deploy/config.deprecated.yml", None)}


def test_a_tables_unheaded_first_column_names_no_deprecated_path(repo):
    """akka's operator index is a table `| |Operator|Description|` whose rows open with the
    operator's kind: "|Sink|lazyInitAsync|Deprecated by ..." says nothing of the `operators/Sink/`
    pages (3 legacy paths, 26 references). A table headed by its names still lists them."""
    repo.commit("2025-06-01", files={
        "docs/operators/Sink/lazyInitAsync.md": "# lazyInitAsync\n",
        "docs/operators/Source/queue.md": "# queue\n",
        "collectors/ntp.go": "package collectors\n",
        "collectors/cpu.go": "package collectors\n",
        "docs/operators/index.md": ("# Operators\n\n| |Operator|Description|\n|-|-|-|\n"
                                    "|Sink|lazyInitAsync|Deprecated by lazyFutureSink.|\n"
                                    "|Source|queue|Materializes a queue.|\n"),
        "README.md": "# Tool\n\n| Name | Status |\n|-|-|\n| ntp | Deprecated |\n| cpu | Stable |\n",
    })
    assert set(by_rule(scan(repo.root), "legacy-path")) == {("collectors/ntp.go", None)}


def test_a_hidden_kotlin_declaration_and_an_end_to_end_tests_component_are_not_legacy(repo):
    """kotlinx.serialization's `@Deprecated("Inserted into generated code and should not be used
    directly", level = DeprecationLevel.HIDDEN)` hides a class from users (2); qwik's
    `e2e/qwik-e2e/apps/` keep a `@deprecated` component for the test (3). A class deprecated for its
    users still is legacy."""
    repo.commit("2025-06-01", files={
        "core/internal/Marker.kt": ('package x\n\n@Deprecated("Inserted into generated code and should not be used directly",'
                                    ' level = DeprecationLevel.HIDDEN)\nclass Marker\n'),
        "core/Old.kt": 'package x\n\n@Deprecated("Use New")\nclass Old\n',
        "e2e/qwik-e2e/apps/preloader/src/modal-content.tsx": (
            "import { component$ } from '@qwik.dev/core';\n\n"
            "/** @deprecated This component is deprecated and will be removed. */\n"
            "export const HModalContent = component$(() => null);\n"),
        "e2e/qwik-e2e/apps/preloader/src/modal-root.tsx": "export const HModalRoot = 1;\n",
        "e2e/qwik-e2e/apps/preloader/src/index.ts": ("export { HModalRoot as Root } from './modal-root';\n"
                                                "export { HModalContent as Content } from './modal-content';\n"),
    })
    assert set(by_rule(scan(repo.root), "legacy-path")) == {("core/Old.kt", None)}


def test_a_java_class_deprecated_as_an_internal_api_is_not_legacy(repo):
    """freemarker marks its template's AST classes `@Deprecated` with "@deprecated This is an
    internal FreeMarker API with no backward compatibility guarantees", and its logger factories
    "Don't use it, meant to be internal": kept off its users, not retired (8). A class deprecated for its successor still is legacy."""
    repo.commit("2025-06-01", files={
        "core/src/main/java/freemarker/core/Expression.java": (
            "package freemarker.core;\n\n/**\n * <b>Internal API - subject to change:</b> an expression node.\n *\n"
            " * @deprecated This is an internal FreeMarker API with no backward compatibility guarantees, so you\n"
            " *             shouldn't depend on it.\n */\n@Deprecated\nabstract public class Expression {\n}\n"),
        "core/src/main/java/freemarker/log/SLF4JLoggerFactory.java": (
            "package freemarker.log;\n\n/**\n * @deprecated Don't use it, meant to be internal.\n */\n@Deprecated\n"
            "public class SLF4JLoggerFactory {\n}\n"),
        "core/src/main/java/freemarker/core/Old.java": (
            "package freemarker.core;\n\n/**\n * @deprecated Use {@link New} instead.\n */\n@Deprecated\npublic class Old {\n}\n"),
        "core/src/main/java/freemarker/core/New.java": "package freemarker.core;\n\npublic class New {\n}\n",
    })
    assert set(by_rule(scan(repo.root), "legacy-path")) == {("core/src/main/java/freemarker/core/Old.java", None)}
