"""`orgmemory facts`: reading the memory, and writes that change one entry and nothing else."""
from __future__ import annotations

import difflib
import json
import os
import stat

import pytest
from click.testing import CliRunner

from indexer.cli import cli

NOW = "2026-11-01"

# Odd spacing, quoting and comments everywhere: a re-dump would change much of it.
COMMENTED = """\
# Northwind org memory.     Owned by the platform guild.
#   Changes go through a pull request; see docs/memory.md.
version: 1          # contract version
org:   northwind    # shown in the priming header

scan:
  exclude: [ "vendor/**" ,'third_party/**' ]   # odd spacing on purpose
  todo:
    markers: [TODO,FIXME]
    stale_after:   365d

standards:      # ---- standards ----
  # Infrastructure. Decided in 2023, see the ADR.
  - id: iac-azure-bicep          # the big one
    statement: >-
      Cloud infrastructure runs on Azure and is written in Bicep.
      No Terraform, no AWS.
    kind: standard
    priority: must
    scope: ["**"]
    tags: [ iac,  azure , bicep ]
    source: docs/adr/0003-use-bicep.md
    owner: platform-guild
    added: 2023-10-02
    review_by: 2027-10-01
    forbid:
      - glob: "**/*.tf"          # any Terraform
    require:
      - glob:   "infra/**/*.bicep"
    # keep this standard first

  # Frontend.
  - id: js-pnpm-only
    statement: "The web app installs packages with pnpm."
    kind: convention
    priority: should
    scope: ['web/**']
    owner: frontend-guild
    review_by: 2026-11-20    # due soon

  # Data.
  # Two comment lines above this one.
  - id: pii-retention-18m
    statement: Customer order PII is deleted 18 months after the order closes.
    kind: decision
    owner: data-office
    review_by: 2025-06-30

  - {id: fact-staging, statement: "Staging runs in nw-staging-weu.", kind: fact, priority: may}

# ---- legacy ----
legacy:
  - path: deploy/legacy     # frozen
    successor: deploy/v2
"""


def invoke(*args: str, exit_code: int = 0):
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == exit_code, result.output + result.stderr
    return result


@pytest.fixture
def memory(repo):
    repo.commit("2024-01-01", files={".orgmemory.yaml": COMMENTED, "infra/main.bicep": "x\n",
                                     "tools/main.tf": "x\n"})
    return repo


def facts(repo, *args: str, exit_code: int = 0):
    return invoke("facts", *args, "--repo", str(repo.root), exit_code=exit_code)


def text_of(repo) -> str:
    return (repo.root / ".orgmemory.yaml").read_text(encoding="utf-8")


def changes(before: str, after: str) -> list[tuple[str, list[str], list[str]]]:
    """Every non-equal difflib opcode as (tag, old lines, new lines)."""
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    return [(tag, old[i1:i2], new[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def block(text: str, first: str, last: str) -> list[str]:
    lines = text.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if first in line)
    stop = next(i for i in range(start, len(lines)) if last in lines[i])
    return lines[start:stop + 1]


# --------------------------------------------------------------------------- writes
def test_add_appends_one_entry_and_changes_nothing_else(memory):
    facts(memory, "add", "--id", "sec-dependabot", "--statement", "Dependabot is on: for every ecosystem.",
          "--priority", "should", "--scope", "**", "--tag", "security", "--tag", "supply-chain",
          "--owner", "security-team", "--source", "docs/security.md", "--review-by", "2027-09-01",
          "--now", NOW)
    entry = ("  - id: sec-dependabot\n"
             "    statement: 'Dependabot is on: for every ecosystem.'\n"
             "    kind: standard\n"
             "    priority: should\n"
             "    scope: ['**']\n"
             "    tags: [security, supply-chain]\n"
             "    source: docs/security.md\n"
             "    owner: security-team\n"
             "    added: 2026-11-01\n"
             "    review_by: 2027-09-01\n")
    last = '  - {id: fact-staging, statement: "Staging runs in nw-staging-weu.", kind: fact, priority: may}\n'
    after = text_of(memory)
    assert after == COMMENTED.replace(last, last + "\n" + entry)
    assert [tag for tag, _, _ in changes(COMMENTED, after)] == ["insert"]
    listed = json.loads(facts(memory, "list", "--format", "json", "--now", NOW).stdout)
    assert [s["id"] for s in listed["standards"]][-1] == "sec-dependabot"


def test_supersede_marks_the_old_entry_only(memory):
    facts(memory, "supersede", "pii-retention-18m", "--by", "fact-staging", "--now", NOW)
    assert changes(COMMENTED, text_of(memory)) == [("insert", [], [
        "    superseded_by: fact-staging\n",
        "    superseded_on: 2026-11-01\n",
    ])]
    shown = json.loads(facts(memory, "show", "pii-retention-18m", "--format", "json").stdout)
    assert shown["superseded_by"] == "fact-staging" and shown["superseded_on"] == NOW


def test_supersede_with_statement_creates_the_new_entry_in_the_same_write(memory):
    facts(memory, "supersede", "pii-retention-18m", "--by", "pii-retention-24m",
          "--statement", "Customer order PII is deleted 24 months after the order closes.", "--now", NOW)
    after = text_of(memory)
    edits = changes(COMMENTED, after)
    assert edits[0] == ("insert", [], ["    superseded_by: pii-retention-24m\n",
                                       "    superseded_on: 2026-11-01\n"])
    assert [tag for tag, _, _ in edits] == ["insert", "insert"]
    assert "".join(edits[1][2]).startswith("\n  - id: pii-retention-24m\n")
    assert "    kind: decision\n" in edits[1][2] and "    owner: data-office\n" in edits[1][2]
    listed = {s["id"]: s for s in json.loads(facts(memory, "list", "--format", "json").stdout)["standards"]}
    assert listed["pii-retention-18m"]["status"] == "superseded"
    assert listed["pii-retention-18m"]["status_detail"] == "superseded by pii-retention-24m"
    assert listed["pii-retention-24m"]["status"] == "active"


def test_supersede_of_a_flow_entry_rewrites_that_entry_alone(memory):
    facts(memory, "supersede", "fact-staging", "--by", "js-pnpm-only", "--now", NOW)
    [(tag, old, new)] = changes(COMMENTED, text_of(memory))
    assert tag == "replace" and old == ["  - {id: fact-staging, statement: \"Staging runs in nw-staging-weu.\", "
                                        "kind: fact, priority: may}\n"]
    assert new[0] == "  - id: fact-staging\n" and new[-1] == "    superseded_on: 2026-11-01\n"


@pytest.mark.parametrize("standard_id, first, last", [
    ("iac-azure-bicep", "# Infrastructure. Decided", "# keep this standard first"),
    ("js-pnpm-only", "# Frontend.", "review_by: 2026-11-20"),
    ("pii-retention-18m", "# Data.", "review_by: 2025-06-30"),
])
def test_forget_deletes_the_entry_with_its_comments_and_nothing_else(memory, standard_id, first, last):
    facts(memory, "forget", standard_id)
    [(tag, removed, added)] = changes(COMMENTED, text_of(memory))
    assert tag == "delete" and added == []
    assert removed == block(COMMENTED, first, last) + ["\n"]


def test_forget_the_last_entry_keeps_the_blank_line_before_the_next_section(memory):
    facts(memory, "forget", "fact-staging")
    [(tag, removed, _)] = changes(COMMENTED, text_of(memory))
    assert tag == "delete"
    assert "".join(removed).strip().startswith("- {id: fact-staging")
    assert "review_by: 2025-06-30\n\n# ---- legacy ----\n" in text_of(memory)


def test_forget_refuses_an_entry_that_another_names(memory):
    facts(memory, "supersede", "pii-retention-18m", "--by", "fact-staging", "--now", NOW)
    before = text_of(memory)
    result = facts(memory, "forget", "fact-staging", exit_code=2)
    assert "pii-retention-18m" in result.stderr
    assert text_of(memory) == before


def test_write_keeps_the_file_mode_and_leaves_no_temporary_file(memory):
    path = memory.root / ".orgmemory.yaml"
    os.chmod(path, 0o640)
    facts(memory, "add", "--id", "x", "--statement", "y")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert sorted(p.name for p in memory.root.iterdir() if p.name.startswith(".orgmemory.yaml")) == [".orgmemory.yaml"]


def test_crlf_files_stay_crlf(memory):
    path = memory.root / ".orgmemory.yaml"
    path.write_bytes(COMMENTED.replace("\n", "\r\n").encode())
    facts(memory, "add", "--id", "x", "--statement", "y")
    data = path.read_bytes()
    assert data.startswith(COMMENTED.replace("\n", "\r\n").encode()[:200])
    assert b"\n" not in data.replace(b"\r\n", b"")


def test_add_creates_the_file_when_there_is_none(repo):
    repo.commit("2024-01-01", files={"README.md": "x\n"})
    facts(repo, "add", "--id", "first", "--statement", "The first fact.", "--now", NOW)
    listed = json.loads(facts(repo, "list", "--format", "json").stdout)["standards"]
    assert [(s["id"], s["added"]) for s in listed] == [("first", NOW)]


# --------------------------------------------------------------------------- refused writes
BROKEN = {
    "bad yaml": ("version: 1\nstandards:\n  - id: a\n    statement: [unclosed\n", ".orgmemory.yaml:"),
    "wrong type": ("version: 1\nstandards:\n  - id: a\n    statement: s\n    tags: 3\n", ".orgmemory.yaml:5:"),
    "unknown key": ("version: 1\nstandards:\n  - id: a\n    statment: s\n", ".orgmemory.yaml:4:"),
    "duplicate id": ("standards:\n  - {id: a, statement: s}\n  - {id: a, statement: t}\n", ".orgmemory.yaml:3:"),
    "supersede cycle": ("standards:\n  - {id: a, statement: s, supersedes: [b]}\n"
                        "  - {id: b, statement: t, supersedes: [a]}\n", ".orgmemory.yaml:3:"),
    "review_by not a date": ("standards:\n  - id: a\n    statement: s\n    review_by: next year\n",
                             ".orgmemory.yaml:4:"),
}


@pytest.mark.parametrize("text, where", BROKEN.values(), ids=BROKEN.keys())
@pytest.mark.parametrize("command", [
    ("add", "--id", "new", "--statement", "s"),
    ("forget", "a"),
    ("supersede", "a", "--by", "z", "--statement", "s"),
])
def test_broken_file_exits_2_with_file_and_line_and_stays_byte_identical(repo, text, where, command):
    repo.commit("2024-01-01", files={".orgmemory.yaml": text})
    before = (repo.root / ".orgmemory.yaml").read_bytes()
    result = facts(repo, *command, exit_code=2)
    assert where in result.stderr
    assert (repo.root / ".orgmemory.yaml").read_bytes() == before


@pytest.mark.parametrize("args, message", [
    (("add", "--id", "Not An Id", "--statement", "s"), "invalid id"),
    (("add", "--id", "js-pnpm-only", "--statement", "s"), "already exists"),
    (("add", "--id", "x", "--statement", "s", "--scope", "**", "--source", "/etc/passwd"), "source"),
    (("supersede", "js-pnpm-only", "--by", "nothing-yet"), "--statement"),
    (("supersede", "iac-azure-bicep", "--by", "iac-azure-bicep"), "supersede itself"),
    (("forget", "no-such-id"), "no standard"),
])
def test_a_result_that_would_not_validate_is_not_written(memory, args, message):
    result = facts(memory, *args, exit_code=2)
    assert message in result.stderr + result.output
    assert text_of(memory) == COMMENTED


# --------------------------------------------------------------------------- reading
def test_list_filters_by_kind_tag_and_expiry(memory):
    def ids(*args: str) -> list[str]:
        out = json.loads(facts(memory, "list", "--format", "json", "--now", NOW, *args).stdout)
        return [s["id"] for s in out["standards"]]

    assert ids() == ["iac-azure-bicep", "js-pnpm-only", "pii-retention-18m", "fact-staging"]
    assert ids("--kind", "convention") == ["js-pnpm-only"]
    assert ids("--tag", "azure") == ["iac-azure-bicep"]
    assert ids("--expired") == ["pii-retention-18m"]
    text = facts(memory, "list", "--now", NOW).stdout
    assert "expired 2025-06-30" in text and "iac-azure-bicep" in text


def test_show_gives_the_entry_and_where_it_is_violated_now(memory):
    shown = facts(memory, "show", "iac-azure-bicep", "--now", NOW).stdout
    for expected in ("Cloud infrastructure runs on Azure", "platform-guild", "docs/adr/0003-use-bicep.md",
                     "2027-10-01", "must", ".orgmemory.yaml:14", "tools/main.tf"):
        assert expected in shown
    data = json.loads(facts(memory, "show", "iac-azure-bicep", "--format", "json").stdout)
    assert data["violations"] == [{"path": "tools/main.tf", "line": None, "forbid": "**/*.tf", "pattern": None}]


def test_show_unknown_id_suggests_a_close_one(memory):
    result = facts(memory, "show", "iac-azure-bicpe", exit_code=2)
    assert "did you mean 'iac-azure-bicep'" in result.output


def test_review_lists_expired_and_due_soon_by_owner(memory):
    out = facts(memory, "review", "--now", NOW).stdout
    assert out.index("data-office") < out.index("pii-retention-18m") < out.index("frontend-guild")
    assert "expired 489 days ago" in out and "due in 19 days" in out
    assert "iac-azure-bicep" not in out
    data = json.loads(facts(memory, "review", "--now", NOW, "--within", "0", "--format", "json").stdout)
    assert {owner: [s["id"] for s in items] for owner, items in data["owners"].items()} == {
        "data-office": ["pii-retention-18m"]}


@pytest.mark.parametrize("before, after", [
    ("version: 1\nstandards: []   # none yet\nlegacy: []\n",
     "version: 1\nstandards:    # none yet\n  - id: first\n    statement: s\n"),
    ("version: 1\nstandards:\n  []\n", "version: 1\nstandards:\n  - id: first\n    statement: s\n"),
    ("version: 1\nstandards: ~\n", "version: 1\nstandards:\n  - id: first\n    statement: s\n"),
    ("version: 1", "version: 1\nstandards:\n  - id: first\n    statement: s\n"),
])
def test_add_to_an_empty_or_missing_standards_list(repo, before, after):
    repo.commit("2024-01-01", files={".orgmemory.yaml": before})
    facts(repo, "add", "--id", "first", "--statement", "s", "--kind", "standard")
    assert text_of(repo).replace("    kind: standard\n    priority: should\n", "").startswith(after)
