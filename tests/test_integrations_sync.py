"""`orgmemory sync`: the standards block in AGENTS.md, CLAUDE.md, Copilot and Cursor files."""
from __future__ import annotations

import pytest

from _integrations import NOW, STANDARDS, invoke
from indexer.integrations.sync import BEGIN, END, TARGETS

MUST = "All cloud infrastructure is provisioned on Azure with Bicep. This is a standard, not a preference."


@pytest.fixture
def standards_repo(repo, monkeypatch):
    repo.commit("2024-01-01", files={".orgmemory.yaml": STANDARDS})
    monkeypatch.chdir(repo.root)
    return repo


def sync(*args: str):
    return invoke("sync", "--now", NOW, *args)


def block_of(text: str) -> str:
    return text[text.index(BEGIN):text.index(END) + len(END)]


def test_create_writes_all_four_files_with_the_standards(standards_repo):
    result = sync("--create")
    assert result.exit_code == 0, result.output
    root = standards_repo.root
    claude = (root / "CLAUDE.md").read_text()
    assert "\n@AGENTS.md\n" in block_of(claude) and MUST not in claude  # imported, not copied
    for target in TARGETS:
        if target == "CLAUDE.md":
            continue
        text = (root / target).read_text()
        block = block_of(text)
        assert MUST in block and "(iac-azure-bicep; must; owner platform-team; source docs/adr/0007-azure.md)" in block
        assert "Python services log with structlog" in block
        assert "Provision with Terraform on AWS" not in block  # superseded
        assert "[due for review" in block and "CI runs on Jenkins." in block  # expired, marked
        assert block.index(MUST) < block.index("structlog")  # must first
        assert NOW not in text  # no date: --check stays green from one day to the next
    cursor = (root / ".cursor/rules/orgmemory.mdc").read_text()
    assert cursor.startswith("---\ndescription: ")
    assert "\nalwaysApply: true\n---\n" in cursor
    assert (root / "AGENTS.md").read_text().startswith(BEGIN)


def test_without_create_only_existing_files_are_updated(standards_repo):
    root = standards_repo.root
    (root / "CLAUDE.md").write_text("# Notes\n")
    assert sync().exit_code == 0
    assert MUST in (root / "CLAUDE.md").read_text()
    assert not (root / "AGENTS.md").exists() and not (root / ".github").exists()


def test_nothing_to_do_without_files_or_create(standards_repo):
    result = sync()
    assert result.exit_code == 0 and "--create" in result.stderr


def test_text_outside_the_markers_is_kept_byte_for_byte(standards_repo):
    path = standards_repo.root / "AGENTS.md"
    before, after = "# Agents\r\n\r\nRead me first.\r\n\r\n", "\r\n## Hand-written tail\r\nkeep  me \r\n"
    path.write_bytes((before + BEGIN + "\r\nstale generated text\r\n" + END + after).encode())
    assert sync().exit_code == 0
    text = path.read_bytes().decode()
    assert text.startswith(before + BEGIN + "\r\n")
    assert text.endswith(END + after)
    assert "stale generated text" not in text and MUST in text
    assert "\n" not in text.replace("\r\n", "")  # the block follows the file's CRLF


def test_a_file_without_markers_gets_the_block_appended(standards_repo):
    path = standards_repo.root / "CLAUDE.md"
    path.write_text("# Claude\n\nNo trailing newline here")
    assert sync().exit_code == 0
    text = path.read_text()
    assert text.startswith("# Claude\n\nNo trailing newline here\n\n" + BEGIN + "\n")
    assert text.endswith(END + "\n")


def test_sync_is_idempotent(standards_repo):
    sync("--create")
    contents = {t: (standards_repo.root / t).read_bytes() for t in TARGETS}
    result = sync("--create")
    assert result.exit_code == 0 and result.stderr.count("up to date") == 4
    assert {t: (standards_repo.root / t).read_bytes() for t in TARGETS} == contents


def test_check_exits_1_with_a_diff_and_changes_nothing(standards_repo):
    sync("--create")
    root = standards_repo.root
    assert sync("--check").exit_code == 0
    (root / ".orgmemory.yaml").write_text(STANDARDS.replace("never print", "never print()"))
    before = (root / "AGENTS.md").read_text()
    result = sync("--check")
    assert result.exit_code == 1
    assert "--- a/AGENTS.md\n+++ b/AGENTS.md\n" in result.stdout
    assert "-- Python services log with structlog, never print. (py-structlog; should)" in result.stdout
    assert "+- Python services log with structlog, never print(). (py-structlog; should)" in result.stdout
    assert "AGENTS.md: out of date" in result.stderr
    assert (root / "AGENTS.md").read_text() == before
    assert sync().exit_code == 0 and sync("--check").exit_code == 0


def test_check_with_create_reports_missing_files(standards_repo):
    result = sync("--check", "--create", "AGENTS.md")
    assert result.exit_code == 1 and "--- /dev/null\n+++ b/AGENTS.md" in result.stdout
    assert not (standards_repo.root / "AGENTS.md").exists()


def test_named_files_only(standards_repo):
    root = standards_repo.root
    (root / "docs").mkdir()
    assert sync("--create", "docs/AI.md").exit_code == 0
    assert MUST in (root / "docs/AI.md").read_text()
    assert not (root / "AGENTS.md").exists()
    missing = sync("NOPE.md")
    assert missing.exit_code == 2 and "--create" in missing.stderr


@pytest.mark.parametrize("markers", [
    f"{BEGIN}\nx\n", f"{END}\n{BEGIN}\n", f"{BEGIN}\n{END}\n{BEGIN}\n{END}\n",
])
def test_broken_markers_are_refused_and_the_file_left_alone(standards_repo, markers):
    path = standards_repo.root / "AGENTS.md"
    path.write_text("intro\n" + markers)
    result = sync()
    assert result.exit_code == 2 and "AGENTS.md:2:" in result.stderr
    assert path.read_text() == "intro\n" + markers


def test_a_broken_standards_file_is_a_configuration_error(standards_repo):
    (standards_repo.root / "AGENTS.md").write_text("keep\n")
    (standards_repo.root / ".orgmemory.yaml").write_text("version: 1\nstandards:\n  - id: x\n")
    result = sync()
    assert result.exit_code == 2 and ".orgmemory.yaml" in result.stderr
    assert (standards_repo.root / "AGENTS.md").read_text() == "keep\n"


def test_standards_from_extends_are_synced_too(repo, monkeypatch):
    repo.commit("2024-01-01", files={
        "platform/org.orgmemory.yaml": "version: 1\nstandards:\n  - id: org-secrets\n"
                                       "    statement: Secrets live in Key Vault.\n    priority: must\n",
        ".orgmemory.yaml": "version: 1\nextends: [platform/org.orgmemory.yaml]\nstandards:\n"
                           "  - id: local-one\n    statement: Use pnpm.\n",
        "AGENTS.md": "# Agents\n",
    })
    monkeypatch.chdir(repo.root)
    assert sync().exit_code == 0
    text = (repo.root / "AGENTS.md").read_text()
    assert "Secrets live in Key Vault. (org-secrets; must)" in text and "Use pnpm." in text


SCOPED = STANDARDS.replace("standards:\n", """standards:
  - id: web-strict
    statement: The web frontend compiles with TypeScript strict mode.
    priority: should
    scope: ["web/**", "**/*.tsx"]
""", 1)


def test_each_tool_gets_its_own_convention_for_scoped_standards(repo, monkeypatch):
    """Cursor: one always-on rule plus one rule per scope with `globs`; Copilot: the repository
    file plus NAME.instructions.md with `applyTo`; CLAUDE.md alone (no AGENTS.md) gets the block."""
    import yaml

    repo.commit("2024-01-01", files={".orgmemory.yaml": SCOPED})
    monkeypatch.chdir(repo.root)
    assert sync("--create").exit_code == 0
    root = repo.root
    assert "TypeScript strict" not in (root / ".cursor/rules/orgmemory.mdc").read_text()
    assert "TypeScript strict" not in (root / ".github/copilot-instructions.md").read_text()
    [cursor] = [p for p in (root / ".cursor/rules").glob("orgmemory-*.mdc")]
    text = cursor.read_text()
    front = text.split("---\n")[1]
    assert "\nglobs: web/**,**/*.tsx\n" in "\n" + front and "alwaysApply: false" in front
    assert "TypeScript strict" in block_of(text) and MUST not in text
    [copilot] = list((root / ".github/instructions").glob("orgmemory-*.instructions.md"))
    meta = yaml.safe_load(copilot.read_text().split("---\n")[1])
    assert meta == {"applyTo": "web/**,**/*.tsx"} and "TypeScript strict" in copilot.read_text()
    assert sync("--check").exit_code == 0
    copilot.write_text(copilot.read_text().replace("strict mode", "loose mode"))
    drift = sync("--check")
    assert drift.exit_code == 1 and copilot.name in drift.stderr
    cursor.unlink()
    assert sync("--check").exit_code == 1  # a missing per-scope rule is drift too
    assert sync("CLAUDE.md").exit_code == 0
    assert MUST in (root / "CLAUDE.md").read_text()  # CLAUDE.md without AGENTS.md: the block itself


def test_per_scope_files_of_a_removed_scope_are_drift_and_sync_removes_them(repo, monkeypatch):
    repo.commit("2024-01-01", files={".orgmemory.yaml": SCOPED})
    monkeypatch.chdir(repo.root)
    assert sync("--create").exit_code == 0
    root = repo.root
    [cursor] = list((root / ".cursor/rules").glob("orgmemory-*.mdc"))
    [copilot] = list((root / ".github/instructions").glob("orgmemory-*.instructions.md"))
    mine = root / ".github/instructions/orgmemory-notes.instructions.md"  # a person's, same prefix
    mine.write_text("---\napplyTo: \"**\"\n---\nOur own notes.\n")
    repo.write(".orgmemory.yaml", STANDARDS)  # the scoped standard is gone
    check = sync("--check")
    assert check.exit_code == 1
    assert f"{cursor.relative_to(root)}: left over from a scope that is gone" in check.stderr
    assert "+++ /dev/null" in check.stdout and copilot.name in check.stderr
    assert cursor.exists() and copilot.exists()  # --check changes nothing
    done = sync()
    assert done.exit_code == 0 and "removed" in done.stderr
    assert not cursor.exists() and not copilot.exists() and mine.exists()
    assert sync("--check").exit_code == 0
    assert (root / ".cursor/rules/orgmemory.mdc").exists()
