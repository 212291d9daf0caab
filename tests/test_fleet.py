"""`orgmemory fleet`: real repositories, the real CLI in a subprocess, no mocks."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import GitRepo

ORG = """\
version: 1
org: contoso
standards:
  - id: iac-azure-bicep
    statement: All infrastructure is provisioned on Azure with Bicep.
    priority: must
    owner: platform-team
    forbid:
      - glob: "**/*.tf"
  - id: python-311
    statement: Services run on Python 3.11.
    owner: python-guild
    review_by: 2025-06-01
  - id: helm-charts
    statement: Deploy with the org's Helm charts.
    scope: ["charts/**"]
legacy:
  - path: deploy/legacy
    successor: deploy/v2
"""
NOW = "2026-01-01"


def orgmemory(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "indexer", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300)


def build_fleet(tmp_path: Path) -> Path:
    """Three local repositories, one broken one, one unreachable URL and a missing folder."""
    api = GitRepo(tmp_path / "api")
    api.commit("2022-03-01", files={
        ".orgmemory.yaml": "version: 1\nstandards:\n  - id: python-311\n    statement: We run 3.12.\n"
                           "    review_by: 2027-01-01\n",
        "infra/main.tf": "# TODO: move to bicep\nresource \"x\" \"y\" {}\n",
        "deploy/legacy/run.sh": "echo old\n", "deploy/v2/run.sh": "echo new\n",
        "README.md": "# api\n\nDeploy with `deploy/legacy/run.sh`.\n"})
    web = GitRepo(tmp_path / "web")
    web.commit("2025-12-01", files={"app.py": "print('hi')\n", "docs/guide.md": "See `docs/missing.md`.\n"})
    broken = GitRepo(tmp_path / "broken")
    broken.commit("2025-12-01", files={
        ".orgmemory.yaml": "version: 1\nscan:\n  todo:\n    stale_after: <script>soon</script>\n"})
    (tmp_path / "fleet.txt").write_text(
        "# our repositories\napi\nweb main\nbroken\nhttps://127.0.0.1:9/org/gone.git\nmissing-folder\n")
    (tmp_path / "org.yaml").write_text(ORG)
    return tmp_path / "fleet.txt"


def test_fleet_scan_report_and_skip(tmp_path: Path) -> None:
    listing = build_fleet(tmp_path)
    work = tmp_path / "work"
    first = orgmemory("fleet", "scan", str(listing), "--work", str(work), "--standards", "org.yaml",
                      "--now", NOW, "--workers", "2", cwd=tmp_path)
    assert first.returncode == 1, first.stderr  # some repositories failed, all were tried
    assert "Traceback" not in first.stderr
    lines = dict(line.split(": ", 1) for line in first.stdout.splitlines()[:-1])
    assert lines["api"].startswith("scanned, ")
    assert lines["web"].startswith("scanned, ") and "no .orgmemory.yaml" in lines["web"]
    assert lines["broken"].startswith("FAILED (config): .orgmemory.yaml:4: scan.todo.stale_after")
    assert lines["org/gone"].startswith("FAILED (clone): ")
    assert lines["missing-folder"].startswith("FAILED (clone): ") and "no such folder" in lines["missing-folder"]
    assert first.stdout.splitlines()[-1].startswith("2 scanned, 0 unchanged, 3 failed of 5 repositories")
    # the clones stay clean: the org layers live in .git/, never in the work tree
    clone = next((work / "repos").glob("api-*"))
    assert subprocess.run(["git", "status", "--porcelain"], cwd=clone, capture_output=True,
                          text=True).stdout == ""

    again = orgmemory("fleet", "scan", str(listing), "--work", str(work), "--standards", "org.yaml",
                      "--now", NOW, cwd=tmp_path)
    assert "api: unchanged" in again.stdout and "web: unchanged" in again.stdout
    assert "broken: FAILED (config, unchanged)" in again.stdout
    assert again.stdout.splitlines()[-1].startswith("0 scanned, 2 unchanged, 3 failed")

    # a new commit and a later --now: only what changed is scanned, and history grows
    api = GitRepo.__new__(GitRepo)
    api.root = tmp_path / "api"
    api.commit("2026-02-01", files={"README.md": "# api\n\nDeploy with `deploy/v2/run.sh`.\n"})
    later = orgmemory("fleet", "scan", str(listing), "--work", str(work), "--standards", "org.yaml",
                      "--now", "2026-03-01", cwd=tmp_path)
    assert "api: scanned" in later.stdout

    report = orgmemory("fleet", "report", "--work", str(work), "--format", "json",
                       "--html", str(tmp_path / "fleet.html"), cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    data = json.loads(report.stdout)
    assert data["now"] == "2026-03-01" and data["org"] == "contoso"
    assert data["summary"] == {"repositories": 5, "scanned": 2, "failed": 3, "without_memory": 1,
                               "findings": data["summary"]["findings"]}
    rows = {row["id"]: row for row in data["standards"]["rows"]}
    assert rows["iac-azure-bicep"]["violating"] == ["api"]
    assert rows["python-311"]["overridden"] == ["api"]
    assert rows["python-311"]["expired"] == ["web"]  # the org entry expired; api's own did not
    assert rows["helm-charts"]["not_applicable"] == ["api", "web"]
    (migration,) = data["migration"]
    assert migration["path"] == "deploy/legacy" and migration["declared_by"] == "org"
    assert migration["repositories_pointing"] == [] and migration["repositories_holding"] == ["api"]
    assert migration["history"] == [{"now": NOW, "repositories": 1, "references": 1},
                                    {"now": "2026-03-01", "repositories": 1, "references": 0}]
    health = {item["id"]: item for item in data["standards_health"]}
    assert health["python-311"]["expired"] and not health["iac-azure-bicep"]["expired"]
    assert health["python-311"]["never_primed"] is None  # no usage logs given: unknown
    assert data["without_memory"] == ["web"]
    repos = {row["name"]: row for row in data["repositories"]}
    assert repos["web"]["dangling"] == 1 and repos["api"]["stale_todo"] == 1
    assert {f["name"]: f["stage"] for f in data["failures"]} == {
        "broken": "config", "org/gone": "clone", "missing-folder": "clone"}

    page = (tmp_path / "fleet.html").read_text()
    assert "<script" not in page  # the broken file's text is escaped, and the page has no script
    assert "script&gt;soon" in page  # shown, sanitized and escaped
    assert "Content-Security-Policy" in page and "default-src &#x27;none&#x27;" in page
    assert "http://" not in page.replace("http-equiv", "") and "https://" in page  # nothing loaded

    usage = tmp_path / "usage.jsonl"
    usage.write_text(json.dumps({"ids": ["iac-azure-bicep"]}) + "\n")
    text = orgmemory("fleet", "report", "--work", str(work), "--usage", str(usage), cwd=tmp_path)
    assert "org standard helm-charts: never primed" in text.stdout
    assert "org standard python-311: expired, never primed" in text.stdout
    assert "legacy deploy/legacy: 1/2 repositories migrated, 0 references left in 0" in text.stdout


@pytest.mark.parametrize("line, message", [
    ("--upload-pack=touch${IFS}pwned", "starts with '-'"),
    ("git://example.com/x.git", "only https://"),
    ("ext::sh", "only https://"),
    ("http://example.com/x.git", "only https://"),
    ("https://example.com/x.git --orphan", "not a branch, tag or commit"),
    ("a b c", "expected `SOURCE [REF]`"),
])
def test_bad_list_is_one_line_exit_2(tmp_path: Path, line: str, message: str) -> None:
    (tmp_path / "list.txt").write_text(f"# header\n{line}\n")
    proc = orgmemory("fleet", "scan", "list.txt", "--work", "w", "--now", NOW, cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.startswith("orgmemory: error: list.txt:2: ") and message in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "w" / "repos").exists()  # nothing was cloned


def test_yaml_list_options_and_timeout(tmp_path: Path) -> None:
    for name in ("one", "two"):
        GitRepo(tmp_path / name).commit("2025-01-01", files={"a.py": "# TODO(2025-06-01): go\n"})
    (tmp_path / "fleet.yaml").write_text(
        "repositories:\n  - path: one\n    name: first\n    history: blobless\n"
        "  - {path: two, timeout: 0.001}\n")
    proc = orgmemory("fleet", "scan", "fleet.yaml", "--work", "w", "--now", NOW, "--workers", "1",
                     "--format", "json", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    manifest = json.loads(proc.stdout)
    rows = {r["name"]: r for r in manifest["repositories"]}
    assert rows["first"]["status"] == "ok" and rows["first"]["counts"] == {"stale-todo": 1}
    assert rows["first"]["has_memory"] is False
    assert rows["two"]["status"] == "failed" and rows["two"]["stage"] == "timeout"
    (tmp_path / "bad.yaml").write_text("repositories:\n  - path: one\n    colour: blue\n")
    bad = orgmemory("fleet", "scan", "bad.yaml", "--now", NOW, cwd=tmp_path)
    assert bad.returncode == 2 and "bad.yaml:3: unknown key 'colour'" in bad.stderr


def test_untrusted_extends_cannot_reach_local_files(tmp_path: Path) -> None:
    """A fetched repository's own `extends` may not read this machine's repositories over file://."""
    secret = GitRepo(tmp_path / "secret")
    secret.commit("2025-01-01", files={"org.yaml": "version: 1\nstandards:\n  - id: s\n    statement: x\n"})
    sneaky = GitRepo(tmp_path / "sneaky")
    sneaky.commit("2025-01-01", files={
        ".orgmemory.yaml": f"version: 1\nextends:\n  - git+file://{tmp_path / 'secret'}#org.yaml\n"})
    (tmp_path / "list.txt").write_text("sneaky\n")
    proc = orgmemory("fleet", "scan", "list.txt", "--work", "w", "--now", NOW, cwd=tmp_path)
    assert proc.returncode == 1
    assert "sneaky: FAILED (config)" in proc.stdout and "git+file:// extends sources are not allowed" in proc.stdout


def test_merge_plain_scan_json(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "svc")
    repo.commit("2022-01-01", files={"main.tf": "# TODO: drop\n", "org/platform.yaml": ORG,
                                     ".orgmemory.yaml": "version: 1\nextends: [org/platform.yaml]\n"})
    scan = orgmemory("scan", str(repo.root), "--format", "json", "--now", NOW, "--fail-on", "never",
                     cwd=tmp_path)
    (tmp_path / "ci").mkdir()
    (tmp_path / "ci" / "svc.json").write_text(scan.stdout)
    (tmp_path / "org.yaml").write_text(ORG)
    merged = orgmemory("fleet", "merge", "ci", "--standards", "org.yaml", "--format", "json", cwd=tmp_path)
    assert merged.returncode == 0, merged.stderr
    data = json.loads(merged.stdout)
    assert data["now"] == NOW
    row = {r["id"]: r for r in data["standards"]["rows"]}["iac-azure-bicep"]
    assert row["cells"]["svc"] == {"violations": 1, "applicable": None, "overridden": None, "expired": False}
    assert data["memory_unknown"] == ["svc"] and data["without_memory"] == []
    (tmp_path / "junk.json").write_text("[1, 2]")
    bad = orgmemory("fleet", "merge", "junk.json", cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "neither" in bad.stderr


def test_bad_standards_stop_before_any_clone(tmp_path: Path) -> None:
    (tmp_path / "list.txt").write_text("https://127.0.0.1:9/x.git\n")
    (tmp_path / "org.yaml").write_text("version: 1\nstandards:\n  - id: a\n")
    proc = orgmemory("fleet", "scan", "list.txt", "--work", "w", "--standards", "org.yaml", cwd=tmp_path)
    assert proc.returncode == 2 and "--standards org.yaml:" in proc.stderr and "statement" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_dask_cluster_runs_the_same_tasks(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    listing = build_fleet(tmp_path)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  protocol="tcp://", dashboard_address=None) as cluster:
        proc = orgmemory("fleet", "scan", str(listing), "--work", "w", "--standards", "org.yaml",
                         "--now", NOW, "--address", cluster.scheduler_address, "--format", "json",
                         cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    manifest = json.loads(proc.stdout)
    assert manifest["engine"] == "dask"
    assert {r["name"]: r["status"] for r in manifest["repositories"]} == {
        "api": "ok", "web": "ok", "broken": "failed", "org/gone": "failed", "missing-folder": "failed"}
    assert {r["name"]: r.get("stage") for r in manifest["repositories"]}["broken"] == "config"


def test_stored_results_name_the_org_standards_file(tmp_path: Path) -> None:
    GitRepo(tmp_path / "svc").commit("2025-12-01", files={"app.py": "print('hi')\n"})
    (tmp_path / "fleet.txt").write_text("svc\n")
    (tmp_path / "org.yaml").write_text("version: 1\nstandards:\n  - id: has-buf\n    statement: Protos use buf.\n"
                                       "    require:\n      - glob: buf.yaml\n")
    ran = orgmemory("fleet", "scan", "fleet.txt", "--work", "work", "--standards", "org.yaml", "--now", NOW,
                    "--workers", "1", cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    (stored,) = (tmp_path / "work" / "results").glob("svc-*.json")
    text = stored.read_text()
    assert "orgmemory-org" not in text
    (finding,) = [f for f in json.loads(text)["scan"]["findings"] if f["rule"] == "standard-violation"]
    assert finding["path"] == "<org standards>" and finding["line"] == 3  # the standard's own line
    assert finding["declared_at"] == "<org standards>:3"


def test_a_repositorys_own_indexer_package_never_runs(tmp_path: Path) -> None:
    """The scan of each clone runs in the clone: `python -m indexer` there would import the
    repository's `indexer/` package instead of ours."""
    marker = tmp_path / "ran"
    evil = GitRepo(tmp_path / "evil")
    evil.commit("2025-01-01", files={"indexer/__init__.py": f"open({str(marker)!r}, 'w').write('x')\n",
                                     "indexer/__main__.py": f"open({str(marker)!r}, 'w').write('x')\n",
                                     "app.py": "# TODO: later\n"})
    (tmp_path / "list.txt").write_text("evil\n")
    proc = orgmemory("fleet", "scan", "list.txt", "--work", "w", "--now", NOW, cwd=tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    assert "evil" in proc.stdout and "FAILED" not in proc.stdout
    assert not marker.exists()


def test_validating_org_standards_never_imports_an_indexer_package_in_the_working_folder(tmp_path: Path) -> None:
    """`--standards` is validated in a child started in the user's folder: `python -m indexer`
    there would import that folder's `indexer/` package (a checkout of anything) instead of ours."""
    marker = tmp_path / "ran"
    (tmp_path / "indexer").mkdir()
    for name in ("__init__.py", "__main__.py"):
        (tmp_path / "indexer" / name).write_text(f"open({str(marker)!r}, 'w').write('x')\n")
    repo = GitRepo(tmp_path / "svc")
    repo.commit("2025-01-01", files={"app.py": "x = 1\n"})
    (tmp_path / "org.yaml").write_text("version: 1\nstandards:\n  - id: s\n    statement: Provision with Bicep.\n")
    (tmp_path / "list.txt").write_text("svc\n")
    script = Path(sys.executable).with_name("orgmemory")  # the installed command, as a user runs it
    proc = subprocess.run([str(script), "fleet", "scan", "list.txt", "--work", "w", "--standards", "org.yaml",
                           "--now", NOW, "--workers", "1"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    assert "svc" in proc.stdout
    assert not marker.exists()
