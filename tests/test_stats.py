"""Memory health: the usage log each prime appends to, and `orgmemory stats` over it."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from _prime_repo import NOW, build
from indexer.cache import cache_dir_for
from indexer.cli import cli

WEB = "Add a page to the web frontend"
SHELL = "Harden the bash scripts that build the release"


@pytest.fixture
def org(repo):
    return build(repo)


def stats(root, *args: str, fmt: str = "json", now: str = NOW):
    result = CliRunner().invoke(cli, ["stats", "--repo", str(root), "--now", now, "--format", fmt, *args])
    assert result.exit_code == 0, (result.output, result.exception)
    return json.loads(result.stdout) if fmt == "json" else result.stdout


def usage_log(root) -> list[dict]:
    return [json.loads(line) for line in (Path(cache_dir_for(str(root))) / "usage.jsonl").read_text().splitlines()]


def run(root, task: str, now: str, *args: str, budget: int = 800) -> dict:
    result = CliRunner().invoke(cli, ["prime", task, "--now", now, "--budget", str(budget), "--format", "json",
                                      "--repo", str(root), *args])
    assert result.exit_code == 0, (result.output, result.exception)
    return json.loads(result.stdout)


def test_each_prime_logs_ids_task_hash_size_and_drops_never_the_task(org):
    block = run(org, WEB, NOW)
    entry, = usage_log(org)
    assert entry["ids"] == [item["id"] for item in block["items"]]
    assert entry["standards"] == [i["id"] for i in block["items"] if i["kind"] == "standard"]
    assert entry["task_sha256"] == hashlib.sha256(WEB.encode()).hexdigest()
    assert (entry["tokens"], entry["budget"], entry["dropped"]) == (block["tokens"], 800, 0)
    assert entry["time"].startswith(NOW + "T")
    assert WEB not in json.dumps(entry)


def test_task_text_is_logged_only_when_asked(org):
    run(org, WEB, NOW, "--log-task")
    assert usage_log(org)[-1]["task"] == WEB


def test_per_standard_counts_and_never_injected(org):
    run(org, WEB, "2026-10-01")
    run(org, WEB, "2026-10-30")
    run(org, SHELL, NOW)
    report = stats(org)
    counts = {s["id"]: s["injected"] for s in report["standards"]}
    assert report["primes"] == 3
    assert counts == {"infra-bicep": 3, "web-strict-ts": 2, "shell-strict": 1, "pii-retention": 0}
    assert report["never_injected"] == ["pii-retention"]
    assert "infra-terraform" not in counts


def test_windows_by_last_primes_and_by_days(org):
    run(org, WEB, "2026-09-01")
    run(org, WEB, "2026-10-30")
    run(org, SHELL, NOW)
    assert stats(org, "--last", "1")["primes"] == 1
    assert {s["id"]: s["injected"] for s in stats(org, "--last", "1")["standards"]}["web-strict-ts"] == 0
    recent = stats(org, "--days", "7")
    assert recent["primes"] == 2
    assert {s["id"]: s["injected"] for s in recent["standards"]}["web-strict-ts"] == 1
    assert stats(org, now="2026-09-15")["primes"] == 1


def test_block_size_against_budget_and_dropped_observations(org):
    # working on web/src/nav.ts: its folder's findings are in the block, and a tight budget drops some
    full = run(org, WEB, NOW, "--paths", "web/src/nav.ts", budget=2000)
    tight = run(org, WEB, NOW, "--paths", "web/src/nav.ts", budget=full["tokens"] - 60)
    report = stats(org)
    assert report["average_tokens"] == pytest.approx((full["tokens"] + tight["tokens"]) / 2)
    assert report["average_budget"] == pytest.approx((2000 + full["tokens"] - 60) / 2)
    dropped_findings = sum(1 for d in tight["dropped"] if d["kind"] == "finding")
    assert dropped_findings and report["dropped_observations"] == dropped_findings
    assert report["primes_with_drops"] == 1


def test_text_report(org):
    run(org, WEB, NOW)
    text = stats(org, fmt="text")
    assert text.startswith("1 primes")
    assert "never injected (candidates to retire or retag):" in text
    assert "shell-strict (should)" in text.split("never injected")[1]
    assert "web-strict-ts (should)" in text.split("never injected")[0]


def test_no_log_yet(org):
    report = stats(org)
    assert report["primes"] == 0 and len(report["never_injected"]) == 4
