"""`orgmemory init`: a starter memory of proposals, never standards in force."""
from __future__ import annotations

import re

import pytest
import yaml
from click.testing import CliRunner

from indexer.cli import cli
from indexer.memory.load import load_config

NOW = "2026-11-01"

FILES = {
    "services/api/app.py": "x = 1\n", "services/api/models.py": "x = 1\n", "services/api/db.py": "x = 1\n",
    "services/api/tests/test_app.py": "x = 1\n", "services/api/tests/test_models.py": "x = 1\n",
    "services/api/tests/test_db.py": "x = 1\n",
    "web/src/a.ts": "x\n", "web/src/b.ts": "x\n", "web/src/c.tsx": "x\n",
    "web/pnpm-lock.yaml": "lockfileVersion: 9\n",
    "infra/main.tf": "x\n", "infra/modules/net.tf": "x\n",
    "infra/azure/main.bicep": "x\n",
    "Pulumi.yaml": "name: x\nruntime: python\n",
    "stacks/template.yaml": "AWSTemplateFormatVersion: '2010-09-09'\nResources: {}\n",
    "services/api/poetry.lock": "x\n",
    ".github/workflows/ci.yml": "on: push\n",
    "services/api/Dockerfile": "FROM python:3.12-slim\n",
    "docs/adr/0001-record.md": "# ADR\n",
    "vendor/lib/x.py": "x = 1\n",
}


def init(root, *args: str, exit_code: int = 0):
    result = CliRunner().invoke(cli, ["init", "--repo", str(root), "--now", NOW, *args])
    assert result.exit_code == exit_code, result.output + result.stderr
    return result


@pytest.fixture
def project(repo):
    repo.commit("2024-01-01", files=FILES)
    return repo


def test_inferred_entries_are_proposals_never_standards_in_force(project):
    init(project.root)
    text = (project.root / ".orgmemory.yaml").read_text()
    config = load_config(str(project.root))
    assert len(config.standards) >= 8
    for standard in config.standards:
        assert (standard.kind, standard.priority) == ("fact", "may")
        assert standard.status == "proposed" and not standard.in_force
        assert standard.proposed_by == "orgmemory init"
        assert not standard.forbid and not standard.require
    lines = text.splitlines()
    for standard in config.standards:
        assert lines[standard.line - 2].strip().startswith("# PROPOSAL (inferred): accept or reject")
    assert "priority: must" not in text


def test_what_it_infers(project):
    init(project.root)
    config = load_config(str(project.root))
    statements = {s.id: s.statement for s in config.standards}
    assert "Python" in statements["languages"] and "TypeScript" in statements["languages"]
    assert {"iac-terraform", "iac-bicep", "iac-pulumi",
            "iac-cloudformation"} <= set(statements)
    assert "pnpm" in statements["packages-javascript"]
    assert "Poetry" in statements["packages-python"]
    assert "GitHub Actions" in statements["ci-github-actions"]
    assert "test_*.py" in statements["tests-python"]
    assert "Docker Hub" in statements["container-base"]
    assert config.standard("packages-javascript").scope == ("web/**",)
    assert config.scan.exclude == ("vendor/**",)
    assert config.scan.history_paths == ("docs/adr/**",)


def test_refuses_to_overwrite_without_force(project):
    project.write(".orgmemory.yaml", "version: 1\n# mine\n")
    result = init(project.root, exit_code=2)
    assert "already exists" in result.stderr
    assert (project.root / ".orgmemory.yaml").read_text() == "version: 1\n# mine\n"
    init(project.root, "--force")
    assert "# PROPOSAL" in (project.root / ".orgmemory.yaml").read_text()


def test_stdout_writes_nothing(project):
    result = init(project.root, "--stdout")
    assert yaml.safe_load(result.stdout)["version"] == 1
    assert not (project.root / ".orgmemory.yaml").exists()


def test_an_empty_repository_gets_a_valid_file(repo):
    repo.commit("2024-01-01", files={"README.md": "hello\n"})
    init(repo.root)
    assert load_config(str(repo.root)).standards == ()
    assert re.search(r"^standards: \[\]$", (repo.root / ".orgmemory.yaml").read_text(), re.M)
