"""`extends`: org-wide files (repository paths and git URLs) merged under the local memory."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import GitRepo, git_env
from indexer.cli import cli
from indexer.memory.extends import parse_source

NOW = "2026-11-01"

ORG = """\
version: 1
org: northwind
extends: [common.orgmemory.yaml]
standards:
  - id: iac-bicep
    statement: Infrastructure is written in Bicep (org v1).
    priority: must
    forbid:
      - glob: "**/*.tf"
  - id: sec-dependabot
    statement: Dependabot is enabled.
    review_by: 2026-01-01
"""
COMMON = """\
standards:
  - id: common-fact
    statement: Every repository has an owner.
    kind: fact
"""


def scan(root: Path, cache: Path, exit_code: int = 0):
    result = CliRunner().invoke(cli, ["scan", str(root), "--now", NOW, "--format", "json",
                                      "--fail-on", "never", "--cache-dir", str(cache)])
    assert result.exit_code == exit_code, result.output + result.stderr
    return json.loads(result.stdout) if exit_code == 0 else result


def violations(report: dict) -> dict[str, dict]:
    return {f["standard"]: f for f in report["findings"] if f["rule"] in ("standard-violation", "expired-standard")}


def validate(root: Path, *args: str, exit_code: int):
    result = CliRunner().invoke(cli, ["validate", str(root / ".orgmemory.yaml"), *args])
    assert result.exit_code == exit_code, result.output + result.stderr
    return result


@pytest.fixture
def remote(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    """An org standards repository, served as a bare repository over file:// (allowed here)."""
    monkeypatch.setenv("ORGMEMORY_EXTENDS_PROTOCOLS", "https,ssh,file")
    source = GitRepo(tmp_path / "org-src")
    source.commit("2025-01-01", files={"org.orgmemory.yaml": ORG, "common.orgmemory.yaml": COMMON})
    bare = tmp_path / "org.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(source.root), str(bare)], check=True, env=git_env())
    return {"source": source, "bare": bare, "url": f"git+file://{bare}@main#org.orgmemory.yaml"}


def publish(remote: dict, text: str) -> None:
    remote["source"].commit("2025-06-01", files={"org.orgmemory.yaml": text})
    remote["source"].git("push", "-q", str(remote["bare"]), "main")


def local_repo(repo: GitRepo, extends: str, standards: str = "", refresh: str | None = None) -> GitRepo:
    scan_section = f"scan:\n  extends_refresh: {refresh}\n" if refresh is not None else ""
    repo.commit("2025-02-01", files={
        ".orgmemory.yaml": f"version: 1\nextends:\n  - {extends}\n{scan_section}standards:\n{standards or '  []'}\n",
        "tools/main.tf": "provider \"aws\" {}\n",
    })
    return repo


def stamps(cache: Path) -> list[Path]:
    return list(cache.rglob("*.fetched"))


def age(cache: Path, hours: float) -> None:
    for stamp in stamps(cache):
        past = time.time() - hours * 3600
        os.utime(stamp, (past, past))


# --------------------------------------------------------------------------- parsing
@pytest.mark.parametrize("spec, url, ref, path", [
    ("git+https://host/org/standards.git@v3#path/org.yaml", "https://host/org/standards.git", "v3", "path/org.yaml"),
    ("git+https://host/org/standards.git", "https://host/org/standards.git", None, ".orgmemory.yaml"),
    ("git+ssh://git@host/org/s.git@main#o.yaml", "ssh://git@host/org/s.git", "main", "o.yaml"),
    ("git+file:///srv/org.git@0123abc#o.yaml", "file:///srv/org.git", "0123abc", "o.yaml"),
    ("platform/org.yaml", None, None, "platform/org.yaml"),
])
def test_parse_source(spec, url, ref, path):
    source = parse_source(spec)
    assert (source.url, source.ref, source.path) == (url, ref, path)


# --------------------------------------------------------------------------- git sources
def test_git_source_is_cloned_into_the_cache_and_merged(repo, remote, tmp_path):
    cache = tmp_path / "cache"
    local_repo(repo, remote["url"], "  - {id: local-fact, statement: Local., kind: fact}")
    report = scan(repo.root, cache)
    found = violations(report)
    assert found["iac-bicep"]["path"] == "tools/main.tf"
    assert "(org v1)" in found["iac-bicep"]["message"]
    assert found["sec-dependabot"]["rule"] == "expired-standard"
    assert found["sec-dependabot"]["path"] == remote["url"]
    assert found["sec-dependabot"]["line"] == 10
    assert len(stamps(cache)) == 1 and (stamps(cache)[0].with_suffix("") / "org.orgmemory.yaml").is_file()
    listed = CliRunner().invoke(cli, ["facts", "list", "--format", "json", "--repo", str(repo.root),
                                      "--cache-dir", str(cache)])
    assert [s["id"] for s in json.loads(listed.stdout)["standards"]] == [
        "common-fact", "iac-bicep", "sec-dependabot", "local-fact"]


def test_a_clone_is_fetched_again_only_after_the_refresh_interval(repo, remote, tmp_path):
    cache = tmp_path / "cache"
    local_repo(repo, remote["url"])
    assert "(org v1)" in violations(scan(repo.root, cache))["iac-bicep"]["message"]
    publish(remote, ORG.replace("org v1", "org v2"))
    assert "(org v1)" in violations(scan(repo.root, cache))["iac-bicep"]["message"]
    age(cache, 25)
    assert "(org v2)" in violations(scan(repo.root, cache))["iac-bicep"]["message"]


def test_refresh_interval_is_configurable(repo, remote, tmp_path):
    cache = tmp_path / "cache"
    local_repo(repo, remote["url"], refresh="0")
    scan(repo.root, cache)
    publish(remote, ORG.replace("org v1", "org v2"))
    assert "(org v2)" in violations(scan(repo.root, cache))["iac-bicep"]["message"]


def test_offline_with_a_cached_clone_works_with_a_note_on_its_age(repo, remote, tmp_path):
    cache = tmp_path / "cache"
    local_repo(repo, remote["url"])
    scan(repo.root, cache)
    shutil.move(str(remote["bare"]), str(tmp_path / "moved.git"))
    age(cache, 72)
    report = scan(repo.root, cache)
    assert "iac-bicep" in violations(report)
    [note] = [n for n in report["notes"] if "extends" in n]
    assert "cannot reach" in note and "fetched 3 days ago" in note


def test_offline_without_a_clone_is_a_clear_error(repo, remote, tmp_path):
    local_repo(repo, remote["url"])
    shutil.move(str(remote["bare"]), str(tmp_path / "moved.git"))
    result = scan(repo.root, tmp_path / "empty-cache", exit_code=2)
    assert ".orgmemory.yaml:3: extends[0]: cannot fetch" in result.stderr
    assert "no cached copy" in result.stderr


def test_a_path_inside_a_clone_may_not_escape_it(repo, remote, tmp_path):
    local_repo(repo, remote["url"].replace("#org.orgmemory.yaml", "#../../../../etc/passwd"))
    result = validate(repo.root, "--cache-dir", str(tmp_path / "cache"), exit_code=2)
    assert ".orgmemory.yaml:3: extends[0]:" in result.stderr and "escapes the clone" in result.stderr


# --------------------------------------------------------------------------- local paths
@pytest.mark.parametrize("path", ["../../etc/passwd", "/etc/passwd", "platform/../../outside.yaml"])
def test_paths_outside_the_repository_are_refused(repo, path):
    local_repo(repo, path)
    result = validate(repo.root, exit_code=2)
    assert ".orgmemory.yaml:3: extends[0]:" in result.stderr
    assert "escapes the repository" in result.stderr or "absolute path" in result.stderr


def test_a_symlink_out_of_the_repository_is_refused(repo, tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text(ORG)
    (repo.root / "platform").mkdir(parents=True)
    os.symlink(outside, repo.root / "platform" / "org.yaml")
    local_repo(repo, "platform/org.yaml")
    assert "escapes the repository" in validate(repo.root, exit_code=2).stderr


def test_local_file_wins_by_id_and_may_supersede_org_standards(repo, tmp_path):
    repo.commit("2025-01-01", files={"platform/org.orgmemory.yaml": ORG.replace("extends: [common.orgmemory.yaml]\n", ""),
                                     "platform/common.orgmemory.yaml": COMMON})
    local_repo(repo, "platform/org.orgmemory.yaml",
               "  - {id: iac-bicep, statement: Bicep where possible., priority: may}\n"
               "  - {id: sec-renovate, statement: Renovate instead., supersedes: [sec-dependabot]}")
    report = scan(repo.root, tmp_path / "cache")
    assert violations(report) == {}
    listed = CliRunner().invoke(cli, ["facts", "list", "--format", "json", "--repo", str(repo.root)])
    standards = {s["id"]: s for s in json.loads(listed.stdout)["standards"]}
    assert standards["iac-bicep"]["priority"] == "may" and standards["iac-bicep"]["file"] == ".orgmemory.yaml"
    assert standards["sec-dependabot"]["superseded_by"] == "sec-renovate"
    assert standards["sec-dependabot"]["file"] == "platform/org.orgmemory.yaml"


def test_superseding_an_org_standard_adds_a_local_entry_and_leaves_the_org_file(repo, tmp_path):
    org_text = ORG.replace("extends: [common.orgmemory.yaml]\n", "")
    repo.commit("2025-01-01", files={"platform/org.yaml": org_text})
    local_repo(repo, "platform/org.yaml")
    result = CliRunner().invoke(cli, ["facts", "supersede", "iac-bicep", "--by", "iac-bicep-v2", "--statement",
                                      "Bicep, or Terraform under infra/legacy-tf.", "--repo", str(repo.root),
                                      "--now", NOW])
    assert result.exit_code == 0, result.output + result.stderr
    assert (repo.root / "platform/org.yaml").read_text() == org_text
    assert "    supersedes: [iac-bicep]\n" in (repo.root / ".orgmemory.yaml").read_text()
    assert "iac-bicep" not in violations(scan(repo.root, tmp_path / "cache"))


def test_unknown_ids_are_checked_again_after_the_merge(repo):
    repo.commit("2025-01-01", files={"platform/org.yaml": COMMON})
    local_repo(repo, "platform/org.yaml", "  - {id: new, statement: s, supersedes: [not-anywhere]}")
    result = validate(repo.root, exit_code=2)
    assert (".orgmemory.yaml:5: standards[0].supersedes[0]: unknown standard id 'not-anywhere' "
            "(defined neither here nor in any extends source)") in result.stderr


def test_contradictions_across_files_are_refused(repo):
    repo.commit("2025-01-01", files={"platform/org.yaml": ORG.replace("extends: [common.orgmemory.yaml]\n", "")})
    local_repo(repo, "platform/org.yaml", "  - id: tf\n    statement: s\n    require:\n      - glob: \"**/*.tf\"")
    result = validate(repo.root, exit_code=2)
    assert (".orgmemory.yaml:8: standards[0].require[0]: 'tf' requires '**/*.tf', which 'iac-bicep' forbids "
            "(platform/org.yaml:8) in an overlapping scope") in result.stderr


# One check of supersession and contradictions (`load.check_standards`) serves a single file and
# an extends chain: the same messages, at the key path where the later-written side stands.
CYCLE = "  - {id: a, statement: s, supersedes: [b]}\n  - {id: b, statement: s, supersedes: [a]}\n"


def test_a_supersedes_cycle_in_one_file_is_refused_by_validate(repo):
    repo.commit("2025-01-01", files={".orgmemory.yaml": f"version: 1\nstandards:\n{CYCLE}"})
    result = validate(repo.root, exit_code=2)
    assert result.stderr == ("orgmemory: error: .orgmemory.yaml:4: standards[1].supersedes[0]: "
                             "supersedes cycle: b -> a -> b\n")


def test_a_supersedes_cycle_across_extends_is_refused_by_validate(repo):
    repo.commit("2025-01-01", files={
        "platform/org.yaml": "extends: [common.yaml]\nstandards:\n  - {id: a, statement: s, supersedes: [b]}\n",
        "platform/common.yaml": "standards:\n  - {id: b, statement: s}\n"})
    local_repo(repo, "platform/org.yaml", "  - {id: b, statement: s, supersedes: [a]}")
    result = validate(repo.root, exit_code=2)
    assert result.stderr == ("orgmemory: error: .orgmemory.yaml:5: standards[0].supersedes[0]: "
                             "supersedes cycle: b -> a -> b\n")


def test_a_standard_superseded_twice_across_extends_is_refused_by_validate(repo):
    repo.commit("2025-01-01", files={"platform/org.yaml": "standards:\n  - {id: old, statement: s}\n"
                                                         "  - {id: org-new, statement: s, supersedes: [old]}\n"})
    local_repo(repo, "platform/org.yaml", "  - {id: mine, statement: s, supersedes: [old]}")
    result = validate(repo.root, exit_code=2)
    assert result.stderr == ("orgmemory: error: .orgmemory.yaml:5: standards[0].supersedes[0]: 'old' is "
                             "already superseded by 'org-new' (platform/org.yaml:3)\n")


def test_a_contradiction_in_one_file_is_refused_by_validate(repo):
    repo.commit("2025-01-01", files={".orgmemory.yaml": (
        "version: 1\nstandards:\n  - id: tf\n    statement: s\n    require: [{glob: '**/*.tf'}]\n"
        "  - id: bicep\n    statement: s\n    forbid: [{glob: '**/*.tf'}]\n")})
    result = validate(repo.root, exit_code=2)
    assert result.stderr == ("orgmemory: error: .orgmemory.yaml:8: standards[1].forbid[0]: 'bicep' forbids "
                             "'**/*.tf', which 'tf' requires (line 5) in an overlapping scope; supersede one "
                             "of them or narrow a scope\n")


def test_an_extends_cycle_is_refused(repo):
    repo.commit("2025-01-01", files={"a.yaml": "extends: [b.yaml]\n", "b.yaml": "extends: [a.yaml]\n"})
    local_repo(repo, "a.yaml")
    assert "extends cycle" in validate(repo.root, exit_code=2).stderr


def test_validate_without_extends_checks_the_file_alone(repo):
    local_repo(repo, "../../etc/passwd")
    validate(repo.root, "--no-extends", exit_code=0)


# --------------------------------------------------------------------------- hooks: inherited standards at once
LOCAL_MUST = "  - {id: local-tests, statement: Every change comes with a test., priority: must}"


def hook_context(root: Path, cache: Path) -> str:
    """The Claude Code hook's injected text for one prompt (a real process, as Claude Code runs it)."""
    from _integrations import run_orgmemory

    stdin = json.dumps({"hook_event_name": "UserPromptSubmit", "cwd": str(root), "prompt": "Write the network module"})
    result = run_orgmemory("hook", "claude-code", "--now", NOW, "--cache-dir", str(cache), input=stdin)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]


@pytest.mark.parametrize("scanned", ["this repository", "another repository"])
def test_the_first_prompt_shows_inherited_standards_from_a_clone_on_disk_without_fetching(repo, remote, tmp_path,
                                                                                         scanned):
    """No index yet (the hook never scans while the prompt waits), but a scan of this or another
    repository under the same cache folder cloned the `extends` source: the hook reads it from
    that clone, without git (the source is gone: a fetch would fail), and shows it at once."""
    from indexer.prime.block import NO_INDEX_YET

    cache = tmp_path / "cache"
    local_repo(repo, remote["url"], LOCAL_MUST)
    if scanned == "another repository":
        other = local_repo(GitRepo(tmp_path / "other"), remote["url"], LOCAL_MUST + "\n  - {id: x, statement: X., kind: fact}")
        scan(other.root, cache)
    else:
        scan(repo.root, cache)  # a scan builds no prime index: the next prompt has none
    shutil.move(str(remote["bare"]), str(tmp_path / "moved.git"))
    first = hook_context(repo.root, cache)
    assert "Infrastructure is written in Bicep (org v1)." in first  # inherited, must
    assert "Every change comes with a test." in first  # the repository's own
    assert first.rstrip().endswith(NO_INDEX_YET)  # only observations are still to come


def test_the_first_prompt_without_a_clone_says_inherited_standards_are_coming(repo, remote, tmp_path):
    from indexer.prime.block import NO_INDEX_YET_EXTENDS

    local_repo(repo, remote["url"], LOCAL_MUST)
    shutil.move(str(remote["bare"]), str(tmp_path / "moved.git"))
    first = hook_context(repo.root, tmp_path / "cache")
    assert "Every change comes with a test." in first and "Bicep" not in first
    assert first.rstrip().endswith(NO_INDEX_YET_EXTENDS)


def test_a_standards_edit_reads_inherited_standards_from_the_clone_without_fetching(repo, remote, tmp_path):
    """With an index, a standards edit re-reads the standards on the prompt's path: the clone due
    for a fetch (older than the refresh interval) is read as it is; the background refresh fetches."""
    from _integrations import run_orgmemory

    cache = tmp_path / "cache"
    local_repo(repo, remote["url"], LOCAL_MUST)
    built = run_orgmemory("prime", "network", "--now", NOW, "--cache-dir", str(cache), cwd=repo.root)
    assert built.returncode == 0 and "(org v1)" in built.stdout, built.stderr
    publish(remote, ORG.replace("org v1", "org v2"))
    age(cache, 25)  # the clone is due for a fetch: any load that may fetch would show v2
    config = repo.root / ".orgmemory.yaml"
    config.write_text(config.read_text().replace("Every change comes with a test.", "Every change comes with tests."))
    edited = hook_context(repo.root, cache)
    assert "Every change comes with tests." in edited  # the edit shows at once
    assert "(org v1)" in edited and "(org v2)" not in edited  # no fetch while the prompt waits
