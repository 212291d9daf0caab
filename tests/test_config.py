"""Loading `.orgmemory.yaml` (contract v1): defaults, the contract's example, every error."""
from __future__ import annotations

import textwrap
from datetime import date
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from indexer.memory.load import json_schema, load_config, parse_duration, parse_size
from indexer.errors import ConfigError
from indexer.models import Config, LegacyPath, Match, RuleConfig, ScanSettings, Standard

CONTRACT_EXAMPLE = """\
version: 1
org: contoso                      # optional, shown in the priming block header

extends:                          # optional: org-wide files merged first, this file wins by id
  - ../platform-standards/org.orgmemory.yaml

scan:
  exclude: ["vendor/**", "third_party/**", "**/testdata/**"]   # on top of .gitignore
  history_paths: ["CHANGELOG*", "docs/adr/**", "HISTORY*"]       # historical docs: old paths here are not claims
  todo:
    markers: [TODO, FIXME, HACK, XXX]
    stale_after: 365d             # a TODO whose line was last changed longer ago is stale

standards:
  - id: iac-azure-bicep           # stable, unique; used by `facts show/forget` and in JSON output
    statement: >-
      All cloud infrastructure is provisioned on Azure with Bicep.
      This is a standard, not a preference.
    kind: standard                # standard | decision | convention | fact
    priority: must                # must: always in the priming block; should; may
    scope: ["**"]                 # path globs the statement applies to (default: whole repo)
    tags: [infrastructure, iac, cloud, terraform, aws, azure, bicep]
    source: docs/adr/0007-azure.md   # provenance: where the decision is written down
    owner: platform-team
    added: 2024-01-10
    review_by: 2027-01-10         # after this date the standard is expired: flagged, not trusted
    forbid:                       # evidence that contradicts the standard -> standard-violation
      - glob: "**/*.tf"
      - glob: "**/*.py"
        pattern: '\\bimport boto3\\b'
    require:                      # evidence that must exist (at least one match per entry)
      - glob: "infra/**/*.bicep"
    supersedes: [iac-terraform-aws]  # ids this standard replaces; those stay, marked superseded

legacy:                           # declared legacy paths (the tool also detects undeclared ones)
  - path: deploy/legacy
    successor: deploy/v2
    since: 2023-03-01
    note: deploy/v2 is the production pipeline.
"""


def write(root: Path, text: str, name: str = ".orgmemory.yaml") -> Path:
    target = root / name
    target.write_text(textwrap.dedent(text), encoding="utf-8")
    return target


def load_error(root: Path, text: str) -> str:
    write(root, text)
    with pytest.raises(ConfigError) as caught:
        load_config(str(root))
    return str(caught.value)


# --------------------------------------------------------------------------- no file, empty file
def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    config = load_config(str(tmp_path))
    assert config == Config()
    assert config.file is None
    assert config.scan == ScanSettings()
    assert config.scan.stale_after_days == 365
    assert config.scan.markers == ("TODO", "FIXME", "HACK", "XXX")


def test_empty_file_gives_defaults_with_its_path(tmp_path: Path) -> None:
    target = write(tmp_path, "# nothing yet\n")
    assert load_config(str(tmp_path)) == Config(file=str(target))


def test_yml_extension_is_accepted(tmp_path: Path) -> None:
    target = write(tmp_path, "org: contoso\n", name=".orgmemory.yml")
    config = load_config(str(tmp_path))
    assert (config.file, config.org, config.notes) == (str(target), "contoso", ())


def test_yaml_wins_over_yml_with_a_note(tmp_path: Path) -> None:
    write(tmp_path, "org: from-yaml\n")
    write(tmp_path, "org: from-yml\n", name=".orgmemory.yml")
    config = load_config(str(tmp_path))
    assert config.org == "from-yaml"
    assert config.notes == ("both .orgmemory.yaml and .orgmemory.yml exist; using .orgmemory.yaml",)


def test_explicit_path_is_relative_to_the_repo_and_named_so(tmp_path: Path) -> None:
    (tmp_path / "conf").mkdir()
    write(tmp_path, "version: 9\n", name="conf/memory.yaml")
    with pytest.raises(ConfigError) as caught:
        load_config(str(tmp_path), "conf/memory.yaml")
    assert str(caught.value) == "conf/memory.yaml:1: version: unsupported version 9: this orgmemory reads version 1"


def test_explicit_path_outside_the_repo_keeps_the_given_name(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    outside = write(tmp_path, "version: 9\n", name="shared.yaml")
    with pytest.raises(ConfigError) as caught:
        load_config(str(repo), str(outside))
    assert str(caught.value) == f"{outside}:1: version: unsupported version 9: this orgmemory reads version 1"


def test_explicit_path_must_exist(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(str(tmp_path), "nope.yaml")
    assert str(caught.value) == "nope.yaml: no such file"


# --------------------------------------------------------------------------- the contract's example
def test_contract_example_loads_into_the_dataclasses(tmp_path: Path) -> None:
    target = write(tmp_path, CONTRACT_EXAMPLE)
    expected = Config(
        file=str(target),
        version=1,
        org="contoso",
        scan=ScanSettings(
            exclude=("vendor/**", "third_party/**", "**/testdata/**"),
            history_paths=("CHANGELOG*", "docs/adr/**", "HISTORY*"),
            markers=("TODO", "FIXME", "HACK", "XXX"),
            stale_after_days=365,
        ),
        standards=(
            Standard(
                id="iac-azure-bicep",
                statement="All cloud infrastructure is provisioned on Azure with Bicep. "
                          "This is a standard, not a preference.",
                kind="standard",
                priority="must",
                scope=("**",),
                tags=("infrastructure", "iac", "cloud", "terraform", "aws", "azure", "bicep"),
                source="docs/adr/0007-azure.md",
                owner="platform-team",
                added=date(2024, 1, 10),
                review_by=date(2027, 1, 10),
                forbid=(Match("**/*.tf", None, 28), Match("**/*.py", r"\bimport boto3\b", 29)),
                require=(Match("infra/**/*.bicep", None, 32),),
                supersedes=("iac-terraform-aws",),
                file=".orgmemory.yaml",
                line=15,
            ),
        ),
        legacy=(LegacyPath("deploy/legacy", "deploy/v2", date(2023, 3, 1),
                           "deploy/v2 is the production pipeline.", ".orgmemory.yaml", 36),),
        # `scan.todo.stale_after` is an alias of the stale-todo rule's option: it lands there
        rules=(RuleConfig("stale-todo", options=(("stale_after", 365),)),),
        extends=("../platform-standards/org.orgmemory.yaml",),
    )
    assert load_config(str(tmp_path)) == expected


def test_standard_defaults(tmp_path: Path) -> None:
    write(tmp_path, """\
        standards:
          - id: short
            statement: Keep it short.
    """)
    (standard,) = load_config(str(tmp_path)).standards
    assert standard == Standard(id="short", statement="Keep it short.", line=2)
    assert (standard.kind, standard.priority, standard.scope) == ("standard", "should", ("**",))


def test_quoted_iso_dates_are_dates(tmp_path: Path) -> None:
    write(tmp_path, """\
        standards:
          - id: a
            statement: s
            added: "2024-01-10"
            review_by: '2027-01-10'
    """)
    (standard,) = load_config(str(tmp_path)).standards
    assert (standard.added, standard.review_by) == (date(2024, 1, 10), date(2027, 1, 10))


def test_scan_settings(tmp_path: Path) -> None:
    write(tmp_path, """\
        scan:
          max_file_size: 500KB
          todo:
            markers: [TODO, NOTE_TO_SELF]
            stale_after: 18m
    """)
    scan = load_config(str(tmp_path)).scan
    assert scan == ScanSettings(markers=("TODO", "NOTE_TO_SELF"), stale_after_days=540, max_file_bytes=500_000)


def test_empty_optional_values_count_as_absent(tmp_path: Path) -> None:
    write(tmp_path, """\
        org:
        scan:
          exclude:
        standards:
          # - id: to-do
        legacy:
    """)
    assert load_config(str(tmp_path)) == Config(file=str(tmp_path / ".orgmemory.yaml"))


def test_scalars_yaml_reads_as_other_types_are_kept_as_written(tmp_path: Path) -> None:
    write(tmp_path, """\
        standards:
          - id: "2024"
            statement: s
            owner: 42
            tags: [no, on, 1.0]
    """)
    (standard,) = load_config(str(tmp_path)).standards
    assert (standard.id, standard.owner, standard.tags) == ("2024", "42", ("no", "on", "1.0"))


def test_yaml_merge_keys_and_aliases(tmp_path: Path) -> None:
    write(tmp_path, """\
        scan:
          exclude: &generated ["gen/**"]
          history_paths: *generated
        legacy:
          - &base {path: deploy/old, note: shared note}
          - <<: *base
            path: deploy/older/
    """)
    config = load_config(str(tmp_path))
    assert config.scan.history_paths == ("gen/**",)
    assert [(p.path, p.note, p.line) for p in config.legacy] == [
        ("deploy/old", "shared note", 5), ("deploy/older", "shared note", 6),
    ]


def test_sources_may_be_urls_or_repo_paths(tmp_path: Path) -> None:
    write(tmp_path, """\
        standards:
          - id: a
            statement: s
            source: https://wiki.example.com/adr/7
          - id: b
            statement: s
            source: ./docs/adr/7.md
    """)
    assert [s.source for s in load_config(str(tmp_path)).standards] == [
        "https://wiki.example.com/adr/7", "./docs/adr/7.md",
    ]


# --------------------------------------------------------------------------- supersession
def test_superseded_by_is_derived_from_supersedes(tmp_path: Path) -> None:
    write(tmp_path, """\
        standards:
          - id: iac-terraform-aws
            statement: Infrastructure is Terraform on AWS.
            superseded_on: 2024-01-10
          - id: iac-azure-bicep
            statement: Infrastructure is Bicep on Azure.
            supersedes: [iac-terraform-aws]
          - id: ci
            statement: CI runs on GitHub Actions.
    """)
    config = load_config(str(tmp_path))
    old, new, ci = config.standards
    assert (old.superseded_by, old.superseded_on, old.superseded) == ("iac-azure-bicep", date(2024, 1, 10), True)
    assert (new.superseded_by, ci.superseded_by) == (None, None)
    assert config.standard("iac-terraform-aws") is old


def test_superseded_by_chains_name_the_direct_successor(tmp_path: Path) -> None:
    write(tmp_path, """\
        standards:
          - {id: v1, statement: s}
          - {id: v2, statement: s, supersedes: [v1]}
          - {id: v3, statement: s, supersedes: [v2]}
    """)
    assert [s.superseded_by for s in load_config(str(tmp_path)).standards] == ["v2", "v3", None]


def test_explicit_superseded_by_marks_the_standard(tmp_path: Path) -> None:
    write(tmp_path, """\
        standards:
          - {id: old, statement: s, superseded_by: new}
          - {id: new, statement: s}
          - {id: older, statement: s, superseded_by: new}
          - {id: other, statement: s, supersedes: [older]}
    """)
    with pytest.raises(ConfigError) as caught:
        load_config(str(tmp_path))
    assert str(caught.value) == (
        ".orgmemory.yaml:5: standards[3].supersedes[0]: 'older' is already superseded by 'new' (line 4)"
    )
    write(tmp_path, """\
        standards:
          - {id: old, statement: s, superseded_by: new}
          - {id: new, statement: s, supersedes: [old]}
    """)
    assert [s.superseded_by for s in load_config(str(tmp_path)).standards] == ["new", None]


def test_unknown_superseded_id_is_left_to_extends(tmp_path: Path) -> None:
    write(tmp_path, """\
        extends: [../org/org.orgmemory.yaml]
        standards:
          - {id: new, statement: s, supersedes: [defined-upstream]}
          - {id: local, statement: s, superseded_by: also-upstream}
    """)
    config = load_config(str(tmp_path))
    assert [s.superseded_by for s in config.standards] == [None, "also-upstream"]
    assert config.extends == ("../org/org.orgmemory.yaml",)


def test_superseded_standards_do_not_contradict(tmp_path: Path) -> None:
    write(tmp_path, """\
        standards:
          - id: terraform
            statement: s
            require: [{glob: "**/*.tf"}]
          - id: bicep
            statement: s
            forbid: [{glob: "**/*.tf"}]
            supersedes: [terraform]
    """)
    assert [s.superseded for s in load_config(str(tmp_path)).standards] == [True, False]


@pytest.mark.parametrize("text", [
    pytest.param("""\
        standards:
          - {id: a, statement: s, scope: ["services/a/**"], require: [{glob: "**/*.tf"}]}
          - {id: b, statement: s, scope: ["services/b/**"], forbid: [{glob: "**/*.tf"}]}
    """, id="disjoint scopes"),
    pytest.param("""\
        standards:
          - {id: a, statement: s, require: [{glob: "**/*.tf"}]}
          - {id: b, statement: s, forbid: [{glob: "**/*.tf", pattern: aws}]}
    """, id="forbid narrowed by a pattern"),
    pytest.param("""\
        standards:
          - {id: a, statement: s, require: [{glob: "infra/**/*.tf"}]}
          - {id: b, statement: s, forbid: [{glob: "**/*.tf"}]}
    """, id="different globs"),
])
def test_not_contradictions(tmp_path: Path, text: str) -> None:
    write(tmp_path, text)
    assert len(load_config(str(tmp_path)).standards) == 2


# --------------------------------------------------------------------------- every error
ERRORS = [
    pytest.param("version: 1\nscan:\n  exclude: [a,\n   b\nlegacy: []\n",
                 ".orgmemory.yaml:5: invalid YAML: did not find expected ',' or ']' "
                 "(while parsing a flow sequence at line 3)",
                 id="broken flow sequence"),
    pytest.param("version: 1\nstandards:\n  - id: a\n   statement: s\n",
                 ".orgmemory.yaml:4: invalid YAML: did not find expected '-' indicator "
                 "(while parsing a block collection at line 3)",
                 id="bad indentation"),
    pytest.param("org: 'contoso\n",
                 ".orgmemory.yaml:2: invalid YAML: found unexpected end of stream "
                 "(while scanning a quoted scalar at line 1)",
                 id="unterminated quote"),
    pytest.param("org: a\x07b\n",
                 ".orgmemory.yaml:1: invalid YAML: character #x0007: control characters are not allowed",
                 id="control character"),
    pytest.param("version: 1\n---\nversion: 1\n",
                 ".orgmemory.yaml:2: invalid YAML: but found another document "
                 "(expected a single document in the stream at line 1)",
                 id="two documents"),
    pytest.param("- id: a\n  statement: s\n",
                 ".orgmemory.yaml:1: the top level must be a mapping (version:, standards:, ...), got a list",
                 id="top level list"),
    pytest.param("just words\n",
                 ".orgmemory.yaml:1: the top level must be a mapping (version:, standards:, ...), "
                 "got a string 'just words'",
                 id="top level string"),
    pytest.param("org: x\nversion: 2\n",
                 ".orgmemory.yaml:2: version: unsupported version 2: this orgmemory reads version 1",
                 id="version 2"),
    pytest.param("version: '1'\n",
                 ".orgmemory.yaml:1: version: expected the integer 1, got a string '1'",
                 id="version quoted"),
    pytest.param("version: [1]\n",
                 ".orgmemory.yaml:1: version: expected the integer 1, got a list",
                 id="version list"),
    pytest.param("scan:\n  exclude: vendor/**\n",
                 ".orgmemory.yaml:2: scan.exclude: expected a list, got a string 'vendor/**'",
                 id="string for a list"),
    pytest.param("extends: ../org.yaml\n",
                 ".orgmemory.yaml:1: extends: expected a list, got a string '../org.yaml'",
                 id="extends string"),
    pytest.param("extends:\n  - {url: x}\n",
                 ".orgmemory.yaml:2: extends[0]: expected a string, got a mapping",
                 id="extends entry mapping"),
    pytest.param("standards:\n  id: a\n  statement: s\n",
                 ".orgmemory.yaml:2: standards: expected a list, got a mapping",
                 id="standards mapping"),
    pytest.param("scan: [vendor]\n",
                 ".orgmemory.yaml:1: scan: expected a mapping, got a list",
                 id="scan list"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    tags: [a, [b]]\n",
                 ".orgmemory.yaml:4: standards[0].tags[1]: expected a string, got a list",
                 id="nested list in tags"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    scope: ['src/**', ~]\n",
                 ".orgmemory.yaml:4: standards[0].scope[1]: expected a glob, got null",
                 id="null glob"),
    pytest.param("standards:\n  -\n",
                 ".orgmemory.yaml:2: standards[0]: expected a mapping, got null",
                 id="empty list item"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    reveiw_by: 2025-01-01\n",
                 ".orgmemory.yaml:4: standards[0].reveiw_by: unknown key; did you mean 'review_by'?",
                 id="unknown key close"),
    pytest.param("standard:\n  - id: a\n",
                 ".orgmemory.yaml:1: standard: unknown key; did you mean 'standards'?",
                 id="unknown top-level key close"),
    pytest.param("colour: red\n",
                 ".orgmemory.yaml:1: colour: unknown key; "
                 "expected one of: version, org, extends, scan, standards, legacy, rules",
                 id="unknown key far"),
    pytest.param("scan:\n  todo:\n    stale: 90d\n",
                 ".orgmemory.yaml:3: scan.todo.stale: unknown key; did you mean 'stale_after'?",
                 id="unknown nested key"),
    pytest.param("org: a\norg: b\n",
                 ".orgmemory.yaml:2: org: duplicate key (first at line 1)",
                 id="duplicate key"),
    pytest.param("legacy:\n  - &a\n    path: x\n    <<: *a\n",
                 ".orgmemory.yaml:2: legacy[0].<<: a mapping cannot merge itself",
                 id="merge itself"),
    pytest.param("legacy:\n  - path: x\n    <<: deploy\n",
                 ".orgmemory.yaml:3: legacy[0].<<: can only merge a mapping, got a string 'deploy'",
                 id="merge a scalar"),
    pytest.param("scan:\n  ? [a]\n  : b\n",
                 ".orgmemory.yaml:2: scan: keys must be names, got a list",
                 id="complex key"),
    pytest.param("standards:\n  - id: a\n    statement: s\n  - statement: t\n    kind: fact\n",
                 ".orgmemory.yaml:4: standards[1].id: missing required key",
                 id="missing id"),
    pytest.param("standards:\n  - id: a\n",
                 ".orgmemory.yaml:2: standards[0].statement: missing required key",
                 id="missing statement"),
    pytest.param("standards:\n  - id: a\n    statement:\n",
                 ".orgmemory.yaml:3: standards[0].statement: must not be empty",
                 id="empty statement"),
    pytest.param("standards:\n  - id: a\n    statement: '  '\n",
                 ".orgmemory.yaml:3: standards[0].statement: must not be empty",
                 id="blank statement"),
    pytest.param("legacy:\n  - successor: deploy/v2\n",
                 ".orgmemory.yaml:2: legacy[0].path: missing required key",
                 id="missing legacy path"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    forbid:\n      - pattern: boto3\n",
                 ".orgmemory.yaml:5: standards[0].forbid[0].glob: missing required key",
                 id="missing glob"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    kind: rule\n",
                 ".orgmemory.yaml:4: standards[0].kind: invalid value 'rule': "
                 "expected one of standard, decision, convention, fact",
                 id="bad kind"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    priority: MUST\n",
                 ".orgmemory.yaml:4: standards[0].priority: invalid value 'MUST': expected one of must, should, may",
                 id="bad priority"),
    pytest.param("standards:\n  - id: a\n    statement: s\n  - id: b\n    statement: s\n"
                 "  - id: c\n    statement: s\n    review_by: next year\n",
                 ".orgmemory.yaml:8: standards[2].review_by: expected a date YYYY-MM-DD, got 'next year'",
                 id="date words"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    review_by: 2027-13-01\n",
                 ".orgmemory.yaml:4: standards[0].review_by: invalid date '2027-13-01': month must be in 1..12",
                 id="date month 13"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    added: '2024-02-30'\n",
                 ".orgmemory.yaml:4: standards[0].added: invalid date '2024-02-30': day is out of range for month",
                 id="quoted date out of range"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    added: 2024-1-5\n",
                 ".orgmemory.yaml:4: standards[0].added: expected a date YYYY-MM-DD, got '2024-1-5'",
                 id="date without zero padding"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    added: 2024-01-10 12:00:00\n",
                 ".orgmemory.yaml:4: standards[0].added: expected a date YYYY-MM-DD, got '2024-01-10 12:00:00'",
                 id="timestamp with time"),
    pytest.param("legacy:\n  - path: x\n    since: 2023\n",
                 ".orgmemory.yaml:3: legacy[0].since: expected a date YYYY-MM-DD, got '2023'",
                 id="year only"),
    pytest.param("scan:\n  todo:\n    stale_after: 1 year\n",
                 ".orgmemory.yaml:3: scan.todo.stale_after: invalid duration '1 year': "
                 "use days (365) or a number with d, w, m or y (90d, 12w, 18m, 2y)",
                 id="bad duration"),
    pytest.param("scan:\n  todo:\n    stale_after: -5\n",
                 ".orgmemory.yaml:3: scan.todo.stale_after: invalid duration '-5': "
                 "use days (365) or a number with d, w, m or y (90d, 12w, 18m, 2y)",
                 id="negative duration"),
    pytest.param("scan:\n  max_file_size: 2 megabytes\n",
                 ".orgmemory.yaml:2: scan.max_file_size: invalid size '2 megabytes': "
                 "use bytes (1048576) or a number with B, KB, KiB, MB, MiB, GB or GiB (2MiB)",
                 id="bad size"),
    pytest.param("scan:\n  todo:\n    markers: [TODO, fixme]\n",
                 ".orgmemory.yaml:3: scan.todo.markers[1]: invalid marker 'fixme': "
                 "markers are upper-case words like TODO",
                 id="lower-case marker"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    forbid:\n      - glob: '*.py'\n"
                 "        pattern: '(import'\n",
                 ".orgmemory.yaml:6: standards[0].forbid[0].pattern: invalid regular expression '(import': "
                 "missing ), unterminated subpattern at position 0",
                 id="bad regex"),
    pytest.param("standards:\n  - id: IaC Azure\n    statement: s\n",
                 ".orgmemory.yaml:2: standards[0].id: invalid id 'IaC Azure': "
                 "use lower-case letters, digits, '.', '_' and '-', starting with a letter or digit",
                 id="bad id"),
    pytest.param("standards:\n  - id: -leading\n    statement: s\n",
                 ".orgmemory.yaml:2: standards[0].id: invalid id '-leading': "
                 "use lower-case letters, digits, '.', '_' and '-', starting with a letter or digit",
                 id="id with leading dash"),
    pytest.param("standards:\n  - id: a\n    statement: s\n  - id: b\n    statement: s\n"
                 "  - id: a\n    statement: s\n",
                 ".orgmemory.yaml:6: standards[2].id: duplicate id 'a' (first defined at line 2)",
                 id="duplicate id"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    supersedes: [b, iac-terraform]\n"
                 "  - id: b\n    statement: s\n",
                 ".orgmemory.yaml:4: standards[0].supersedes[1]: unknown standard id 'iac-terraform'",
                 id="supersedes unknown"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    supersedes:\n      - terraform\n"
                 "  - id: iac-terraform\n    statement: s\n",
                 ".orgmemory.yaml:5: standards[0].supersedes[0]: unknown standard id 'terraform'; "
                 "did you mean 'iac-terraform'?",
                 id="supersedes unknown close"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    superseded_by: z\n",
                 ".orgmemory.yaml:4: standards[0].superseded_by: unknown standard id 'z'",
                 id="superseded_by unknown"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    supersedes: [a]\n",
                 ".orgmemory.yaml:4: standards[0].supersedes[0]: a standard cannot supersede itself",
                 id="self supersede"),
    pytest.param("standards:\n  - {id: a, statement: s, supersedes: [b]}\n"
                 "  - {id: b, statement: s, supersedes: [c]}\n"
                 "  - {id: c, statement: s, supersedes: [a]}\n",
                 ".orgmemory.yaml:4: standards[2].supersedes[0]: supersedes cycle: c -> a -> b -> c",
                 id="supersedes cycle"),
    pytest.param("standards:\n  - {id: a, statement: s, supersedes: [b]}\n"
                 "  - {id: b, statement: s, superseded_by: c}\n  - {id: c, statement: s}\n",
                 ".orgmemory.yaml:3: standards[1].superseded_by: 'b' is already superseded by 'a' (line 2)",
                 id="two successors"),
    pytest.param("standards:\n  - {id: a, statement: s, superseded_by: b}\n"
                 "  - {id: b, statement: s, supersedes: [a], superseded_by: a}\n",
                 ".orgmemory.yaml:3: standards[1].superseded_by: supersedes cycle: a -> b -> a",
                 id="cycle through superseded_by"),
    pytest.param("standards:\n  - {id: a, statement: s, supersedes: [b]}\n"
                 "  - {id: b, statement: s, supersedes: [a]}\n  - {id: c, statement: s}\n",
                 ".orgmemory.yaml:3: standards[1].supersedes[0]: supersedes cycle: b -> a -> b",
                 id="two-standard cycle"),
    pytest.param("standards:\n"
                 "  - id: iac-terraform\n    statement: s\n    require:\n      - glob: '**/*.tf'\n"
                 "  - id: iac-bicep\n    statement: s\n    forbid:\n      - glob: '**/*.tf'\n",
                 ".orgmemory.yaml:9: standards[1].forbid[0]: 'iac-bicep' forbids '**/*.tf', which "
                 "'iac-terraform' requires (line 5) in an overlapping scope; supersede one of them or narrow a scope",
                 id="contradiction forbid later"),
    pytest.param("standards:\n"
                 "  - id: iac-bicep\n    statement: s\n    scope: ['infra/**']\n    forbid:\n      - glob: '**/*.tf'\n"
                 "  - id: iac-terraform\n    statement: s\n    scope: ['**']\n    require:\n"
                 "      - glob: '**/*.tf'\n        pattern: provider\n",
                 ".orgmemory.yaml:11: standards[1].require[0]: 'iac-terraform' requires '**/*.tf', which "
                 "'iac-bicep' forbids (line 6) in an overlapping scope; supersede one of them or narrow a scope",
                 id="contradiction require later"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    require: [{glob: Dockerfile}]\n"
                 "    forbid: [{glob: Dockerfile}]\n",
                 ".orgmemory.yaml:5: standards[0].forbid[0]: 'a' forbids 'Dockerfile', which it also requires (line 4)",
                 id="self contradiction"),
    pytest.param("legacy:\n  - path: /srv/deploy\n",
                 ".orgmemory.yaml:2: legacy[0].path: '/srv/deploy' must be a path relative to the repository "
                 "root (no leading '/', no '..', not a URL)",
                 id="absolute legacy path"),
    pytest.param("legacy:\n  - path: deploy/legacy\n    successor: deploy/../v2\n",
                 ".orgmemory.yaml:3: legacy[0].successor: 'deploy/../v2' must be a path relative to the "
                 "repository root (no leading '/', no '..', not a URL)",
                 id="dotdot successor"),
    pytest.param("legacy:\n  - path: https://example.com/deploy\n",
                 ".orgmemory.yaml:2: legacy[0].path: 'https://example.com/deploy' must be a path relative to "
                 "the repository root (no leading '/', no '..', not a URL)",
                 id="url legacy path"),
    pytest.param("standards:\n  - id: a\n    statement: s\n    source: ../adr/7.md\n",
                 ".orgmemory.yaml:4: standards[0].source: '../adr/7.md' must be a URL or a path relative to "
                 "the repository root (no leading '/', no '..')",
                 id="source outside repo"),
]


@pytest.mark.parametrize(("text", "expected"), ERRORS)
def test_errors_name_file_line_and_key(tmp_path: Path, text: str, expected: str) -> None:
    assert load_error(tmp_path, text) == expected


def test_error_carries_its_parts(tmp_path: Path) -> None:
    write(tmp_path, "standards:\n  - id: a\n    statement: s\n    priority: high\n")
    with pytest.raises(ConfigError) as caught:
        load_config(str(tmp_path))
    error = caught.value
    assert (error.file, error.line, error.key) == (".orgmemory.yaml", 4, "standards[0].priority")


def test_file_that_is_not_utf8(tmp_path: Path) -> None:
    (tmp_path / ".orgmemory.yaml").write_bytes(b"org: caf\xe9\n")
    with pytest.raises(ConfigError) as caught:
        load_config(str(tmp_path))
    assert str(caught.value) == ".orgmemory.yaml: not UTF-8 text (invalid continuation byte at byte 8)"


# --------------------------------------------------------------------------- value parsers
@pytest.mark.parametrize(("text", "days"), [
    ("90d", 90), ("12w", 84), ("18m", 540), ("2y", 730), ("365", 365), (365, 365), ("0d", 0), (" 7d ", 7),
])
def test_parse_duration(text: str | int, days: int) -> None:
    assert parse_duration(text) == days


@pytest.mark.parametrize("text", ["", "d", "1.5y", "90 days", "-1", "2Y", "1h", True])
def test_parse_duration_rejects(text: Any) -> None:
    with pytest.raises(ValueError, match="invalid duration"):
        parse_duration(text)


@pytest.mark.parametrize(("text", "size"), [
    (1024, 1024), ("1024", 1024), ("500KB", 500_000), ("2MiB", 2 * 1024 * 1024), ("1.5 GB", 1_500_000_000),
    ("3KiB", 3072), ("10B", 10), ("1GiB", 2**30), ("7MB", 7_000_000),
])
def test_parse_size(text: str | int, size: int) -> None:
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["", "MiB", "2 mib", "2 MiBs", "-1", "0", "0KB", True])
def test_parse_size_rejects(text: Any) -> None:
    with pytest.raises(ValueError, match="invalid size"):
        parse_size(text)


# --------------------------------------------------------------------------- JSON Schema
def _as_json(text: str) -> Any:
    """What a JSON-Schema-aware editor sees: YAML dates are plain strings there."""
    def plain(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, list):
            return [plain(v) for v in value]
        return value.isoformat() if isinstance(value, date) else value

    return plain(yaml.safe_load(text))


def _schema_errors(document: Any) -> list[str]:
    validator = jsonschema.Draft202012Validator(json_schema(), format_checker=jsonschema.FormatChecker())
    return sorted(error.message for error in validator.iter_errors(document))


def test_json_schema_is_a_valid_draft_2020_12_schema() -> None:
    schema = json_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_json_schema_accepts_the_contract_example() -> None:
    assert _schema_errors(_as_json(CONTRACT_EXAMPLE)) == []


def test_json_schema_describes_the_standard() -> None:
    standard = json_schema()["properties"]["standards"]["items"]
    assert standard["required"] == ["id", "statement"]
    assert standard["additionalProperties"] is False
    assert standard["properties"]["kind"]["enum"] == ["standard", "decision", "convention", "fact", None]
    assert standard["properties"]["id"]["pattern"] == "^[a-z0-9][a-z0-9._-]*$"
    assert "priming block" in standard["properties"]["priority"]["description"]


@pytest.mark.parametrize(("document", "message"), [
    ({"scan": {"exclude": "vendor/**"}}, "'vendor/**' is not of type 'array', 'null'"),
    ({"version": 2}, "2 is not one of [1, None]"),
    ({"standards": [{"id": "a"}]}, "'statement' is a required property"),
    ({"standards": [{"id": "Bad Id", "statement": "s"}]}, "'Bad Id' does not match '^[a-z0-9][a-z0-9._-]*$'"),
    ({"standards": [{"id": "a", "statement": "s", "reveiw_by": "2027-01-01"}]},
     "Additional properties are not allowed ('reveiw_by' was unexpected)"),
    ({"standards": [{"id": "a", "statement": "s", "priority": "high"}]},
     "'high' is not one of ['must', 'should', 'may', None]"),
    ({"legacy": [{"path": "/srv/x"}]}, "'/srv/x' does not match"),
    ({"legacy": [{"path": "a/../b"}]}, "'a/../b' does not match"),
    ({"scan": {"todo": {"stale_after": "1 year"}}}, "'1 year' does not match '^([0-9]+)([dwmy]?)$'"),
])
def test_json_schema_rejects(document: Any, message: str) -> None:
    errors = _schema_errors(document)
    assert len(errors) == 1
    assert errors[0].startswith(message)


def test_json_schema_and_loader_agree_on_the_contract_example(tmp_path: Path) -> None:
    """Both are built from one declaration: the same keys are known to both."""
    write(tmp_path, CONTRACT_EXAMPLE.replace("org: contoso", "org: contoso\nowner: me"))
    with pytest.raises(ConfigError, match="owner: unknown key"):
        load_config(str(tmp_path))
    assert _schema_errors(_as_json(CONTRACT_EXAMPLE.replace("org: contoso", "org: contoso\nowner: me")))
