"""`orgmemory explain`: the resolution, its evidence with provenance, and what links to a path."""
from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from indexer.cli import cli

NOW = "2026-11-01"


def explain(root, target: str, *args: str, exit_code: int = 0):
    result = CliRunner().invoke(cli, ["explain", target, "--repo", str(root), "--now", NOW, *args])
    assert result.exit_code == exit_code, result.output
    return result


@pytest.fixture
def shop(repo):
    repo.commit("2022-05-02", "legacy deploy", author="Marcus Oyelaran", files={
        "deploy/legacy/deploy_staging.sh": "echo deploy\n",
        "scripts/rotate_keys.sh": "echo rotate\n",
    })
    declared = repo.commit("2024-01-15", "declare", author="Priya Raman", files={
        ".orgmemory.yaml": "version: 1\nlegacy:\n  - path: deploy/legacy\n    successor: deploy/v2\n",
        "deploy/v2/deploy.sh": "echo v2\n",
        "README.md": "# Shop\n\nWe deploy via deploy/legacy.\n",
        "CHANGELOG.md": "- Moved from deploy/legacy to deploy/v2.\n",
        "docs/runbook.md": "# Runbook\n\nRun `scripts/rotate_keys.sh staging`.\n",
    })
    os.remove(repo.root / "scripts/rotate_keys.sh")
    deleted = repo.commit("2025-05-20", "drop rotation", author="Lin Okafor")
    repo.commit("2026-10-01", "v2 work", author="Lin Okafor", files={"deploy/v2/deploy.sh": "echo v2 again\n"})
    repo.declared, repo.deleted = declared, deleted
    return repo


def test_explain_a_legacy_path_prints_resolution_evidence_and_links(shop):
    out = explain(shop.root, "deploy/legacy").stdout
    assert out.splitlines()[0] == "deploy/legacy: legacy path, exists"
    assert ("  Use deploy/v2. deploy/legacy is legacy (declared in .orgmemory.yaml:3; last commit 2022-05-02; "
            "0 commits in the last 12 months vs 1 in deploy/v2). Still pointing at it: README.md:3.") in out
    assert "  [declared] declared in .orgmemory.yaml:3" in out
    assert f"      at .orgmemory.yaml:3 ({shop.declared[:7]}, Priya Raman, 2024-01-15)" in out
    assert "  README.md:3  [still pointing, prose]  We deploy via deploy/legacy." in out
    assert "  CHANGELOG.md:1  [history, prose]  - Moved from deploy/legacy to deploy/v2." in out
    assert "  .orgmemory.yaml:3  [declaration, config]  - path: deploy/legacy" in out


def test_explain_json_carries_the_same_resolution_as_scan(shop):
    view = json.loads(explain(shop.root, "deploy/legacy/deploy_staging.sh", "--format", "json").stdout)
    assert view["kind"] == "legacy" and view["legacy_path"] == "deploy/legacy"
    scanned = json.loads(CliRunner().invoke(cli, ["scan", str(shop.root), "--now", NOW, "--format", "json"]).stdout)
    resolution = view["resolutions"][0]
    assert resolution["statement"] == scanned["resolutions"][0]["statement"]
    declared = next(e for e in resolution["evidence"] if e["kind"] == "declared")
    assert (declared["commit"], declared["author"], declared["date"]) == (shop.declared, "Priya Raman", "2024-01-15")


def test_explain_the_successor_shows_the_resolution(shop):
    view = json.loads(explain(shop.root, "deploy/v2", "--format", "json").stdout)
    assert view["kind"] == "successor"
    assert [r["id"] for r in view["resolutions"]] == ["legacy:deploy/legacy"]


def test_explain_a_finding_by_fingerprint_and_by_location(shop):
    scanned = json.loads(CliRunner().invoke(cli, ["scan", str(shop.root), "--now", NOW, "--format", "json"]).stdout)
    dangling = next(f for f in scanned["findings"] if f["rule"] == "dangling-reference")
    by_fingerprint = explain(shop.root, dangling["fingerprint"]).stdout
    by_location = explain(shop.root, "docs/runbook.md:3").stdout
    assert by_fingerprint == by_location.replace("docs/runbook.md:3", "docs/runbook.md:3", 1)
    assert (f"docs/runbook.md:3: dangling-reference (warning) scripts/rotate_keys.sh was deleted in "
            f"{shop.deleted[:7]}, 2025-05-20") in by_fingerprint
    assert ">     3 | Run `scripts/rotate_keys.sh staging`." in by_fingerprint
    assert "  scripts/rotate_keys.sh [code-span] missing -> scripts/rotate_keys.sh" in by_fingerprint


def test_explain_reads_sarif_fingerprints_with_their_occurrence(repo):
    """SARIF numbers findings that share a fingerprint (`FP:N`); explain takes that form back."""
    repo.commit("2025-01-10", "docs", files={
        "scripts/gone.sh": "echo\n",
        "docs/a.md": "# A\n\nRun `scripts/gone.sh`.\n\nRun `scripts/gone.sh`.\n",
    })
    os.remove(repo.root / "scripts/gone.sh")
    repo.commit("2025-03-01", "drop gone.sh")
    sarif = json.loads(CliRunner().invoke(cli, ["scan", str(repo.root), "--now", NOW, "--format", "sarif"]).stdout)
    results = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "dangling-reference"]
    lines = {r["partialFingerprints"]["orgmemory/v1"]: r["locations"][0]["physicalLocation"]["region"]["startLine"]
             for r in results}
    assert sorted(lines.values()) == [3, 5] and len({key.rsplit(":", 1)[0] for key in lines}) == 1
    for key, line in lines.items():
        view = json.loads(explain(repo.root, key, "--format", "json").stdout)
        assert [f["line"] for f in view["findings"]] == [line]
        assert view["context"]["line"] == line
    missing = next(iter(lines)).rsplit(":", 1)[0] + ":9"
    assert "is neither" in explain(repo.root, missing, exit_code=2).output


def test_explain_a_deleted_path_tells_its_history(shop):
    out = explain(shop.root, "scripts/rotate_keys.sh").stdout
    assert out.splitlines()[:2] == [
        "scripts/rotate_keys.sh: path, does not exist",
        f"  scripts/rotate_keys.sh was deleted in {shop.deleted[:7]}, 2025-05-20 (Lin Okafor)",
    ]
    assert "  docs/runbook.md:3  [dangling, code-span]" in out


def test_explain_an_unknown_target_is_a_usage_error(shop):
    result = explain(shop.root, "no/such/thing", exit_code=2)
    assert "'no/such/thing' is neither a path of this repository" in result.stderr
    assert explain(shop.root, "README.md:99", exit_code=2).stderr.strip() == (
        "orgmemory: error: explain: 'README.md:99': no finding and no reference on line 99 of README.md")


# After a scan, `explain` is a cache read: the memo hit carries the picture the scan stored.
TARGETS = ["deploy/legacy", "deploy/v2", "deploy/legacy/deploy_staging.sh", "scripts/rotate_keys.sh",
           "README.md:3", "docs/runbook.md", "README.md"]


def test_explain_after_a_scan_reads_the_stored_picture_and_says_the_same(shop, tmp_path):
    from datetime import date

    from indexer.contradictions.explain import StoredContradictions, explain as explain_view
    from indexer.scan.run import run_scan

    cache = str(tmp_path / "cache")
    scanned = CliRunner().invoke(cli, ["scan", str(shop.root), "--now", NOW, "--cache-dir", cache,
                                       "--format", "json", "--fail-on", "never"])
    assert scanned.exit_code == 0, scanned.output
    fingerprints = [f["fingerprint"] for f in json.loads(scanned.stdout)["findings"]]
    hit = run_scan(str(shop.root), date.fromisoformat(NOW), cache_dir=cache, with_memory=True,
                   with_contradictions=True)
    assert hit.parsed == 0 and isinstance(hit.contradictions, StoredContradictions)  # nothing extracted
    fresh = run_scan(str(shop.root), date.fromisoformat(NOW), cache_dir=str(tmp_path / "cold"), memo=False)
    assert fresh.parsed > 0 and not isinstance(fresh.contradictions, StoredContradictions)
    for target in [*TARGETS, *fingerprints]:
        assert explain_view(hit, target, str(shop.root)) == explain_view(fresh, target, str(shop.root)), target
    for target in TARGETS[:3]:  # and the CLI, which goes through the same memo
        assert explain(shop.root, target, "--cache-dir", cache).stdout == explain(
            shop.root, target, "--cache-dir", str(tmp_path / "cold")).stdout


def test_explain_a_path_after_a_scan_without_legacy_says_the_same_warm(repo, tmp_path):
    repo.commit("2024-01-15", files={"app/main.py": "from app import util\n", "app/util.py": "X = 1\n",
                                     "README.md": "See app/util.py.\n"})
    cache = str(tmp_path / "cache")
    warm = explain(repo.root, "app/util.py", "--format", "json", "--cache-dir", cache).stdout
    assert explain(repo.root, "app/util.py", "--format", "json", "--cache-dir", cache).stdout == warm
    assert json.loads(warm)["linked_from"][0]["path"] == "README.md"


def test_explain_a_path_that_never_existed_but_is_named_shows_who_names_it(repo, tmp_path):
    """The question after deleting a file, or before creating one a doc promises: what points at
    it? A missing path some file links to is explained, cold and from the stored picture."""
    repo.commit("2024-01-15", files={"README.md": "# App\n\nSee [the guide](docs/guide.md).\n", "app.py": "X = 1\n"})
    cache = str(tmp_path / "cache")
    for _ in range(2):  # the first computes the picture, the second reads the one the scan stored
        out = explain(repo.root, "docs/guide.md", "--cache-dir", cache).stdout
        assert out.splitlines()[0] == "docs/guide.md: path, does not exist"
        assert "  README.md:3  [dangling, md-link]  See [the guide](docs/guide.md)." in out
    assert "neither a path of this repository" in explain(repo.root, "docs/other.md", exit_code=2).stderr
