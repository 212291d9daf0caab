"""Helpers shared by the tests/test_integrations_*.py modules."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

from click.testing import CliRunner

from indexer.cli import cli

NOW = "2026-11-01"

STANDARDS = """\
version: 1
org: contoso
standards:
  - id: iac-azure-bicep
    statement: >-
      All cloud infrastructure is provisioned on Azure with Bicep.
      This is a standard, not a preference.
    priority: must
    tags: [infrastructure, iac, terraform]
    source: docs/adr/0007-azure.md
    owner: platform-team
  - id: py-structlog
    statement: Python services log with structlog, never print.
    priority: should
    tags: [logging, python]
  - id: jenkins-ci
    statement: CI runs on Jenkins.
    priority: should
    review_by: 2025-01-01
  - id: old-terraform
    statement: Provision with Terraform on AWS.
    priority: must
  - id: azure-only
    statement: Only Azure.
    priority: should
    supersedes: [old-terraform]
"""


def orgmemory_command() -> list[str]:
    """The installed `orgmemory` script of this interpreter's environment (or `-m indexer`)."""
    beside = os.path.join(os.path.dirname(sys.executable), "orgmemory")
    if os.path.exists(beside):
        return [beside]
    found = shutil.which("orgmemory")
    return [found] if found else [sys.executable, "-m", "indexer"]


def run_orgmemory(*args: str, cwd=None, input: str | None = None, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([*orgmemory_command(), *args], cwd=cwd, input=input, env=env,
                          capture_output=True, text=True, timeout=300)


def invoke(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def scan_json(root, *args: str) -> dict:
    result = invoke("scan", str(root), "--now", NOW, "--format", "json", *args)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)
