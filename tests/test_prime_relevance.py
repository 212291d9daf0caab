"""Issue 13: nothing rather than noise, exact dates, budgets that keep what matters, fast hooks."""
from __future__ import annotations

import json
import subprocess
import time

import pytest

from _prime_repo import NOW, installed_orgmemory, prime

STANDARDS = """\
version: 1
org: acme
standards:
  - id: release-signing
    statement: Every release artifact is signed with the release key held by the security team.
    priority: must
    tags: [release, signing]
    source: https://wiki.example.com/engineering/security/release-signing-policy-2024
    owner: security-and-compliance-engineering-team
  - id: audit-logging
    statement: Every admin action writes an audit log entry.
    priority: must
    tags: [audit, admin]
    source: https://wiki.example.com/engineering/platform/audit-logging-requirements-v3
    owner: platform-reliability-and-observability-guild
  - id: csv-export-streaming
    statement: CSV exports stream rows; never build the whole file in memory.
    priority: should
    scope: ["reports/**"]
    tags: [csv, export, reports]
    owner: data-team
"""


@pytest.fixture
def org(repo):
    repo.commit("2007-03-14", "start", author="Ada Lovelace", files={
        ".orgmemory.yaml": STANDARDS,
        "src/app.py": "# TODO: add a new option\nx = 1\n",
        "src/empty.py": "# TODO: ....\n# TODO: fix this\n# FIXME: comment\ny = 2\n",
        "src/parser.py": ("# TODO: the tokenizer drops unicode escapes in quoted identifiers,\n"
                          "# TODO: tokenizer should keep unicode escapes in quoted identifiers too\n"
                          "# TODO: tokenizer unicode escapes need a regression test\nz = 3\n"),
        "vendor/lib/tokenizer.py": "# TODO: tokenizer unicode escapes in vendored copy\n",
    })
    repo.commit("2022-06-01", "later", author="Grace Hopper", files={"README.md": "# app\n"})
    return repo.root


def observations(block):
    return [i for i in block["items"] if i["kind"] in ("finding", "resolution")]


def test_common_task_words_alone_never_qualify_and_the_section_is_omitted(org):
    block, _ = prime(org, task="Add a new option")
    assert observations(block) == []
    assert "Observed in the repository" not in block["text"]


def test_empty_todos_are_not_observations(org):
    block, _ = prime(org, "--paths", "src/empty.py", task="Tidy up")
    assert not any(i.get("path") == "src/empty.py" for i in block["items"])


def test_one_comment_gives_one_item_with_its_exact_date_and_commit(org, repo):
    block, _ = prime(org, task="Keep unicode escapes in the tokenizer")
    found = [i for i in observations(block) if i["path"] == "src/parser.py"]
    assert len(found) == 1
    commit = repo.git("log", "--format=%H", "--reverse").split()[0]
    item = found[0]
    assert (item["last_changed"], item["commit"], item["author"]) == ("2007-03-14", commit, "Ada Lovelace")
    assert f"src/parser.py:{item['line']} (2007-03-14, {commit[:7]}) stale-todo" in block["text"]
    assert "last changed before" not in block["text"]


def test_tight_budget_shortens_must_provenance_before_dropping_a_relevant_standard(org):
    full, _ = prime(org, "--paths", "reports/export.py", task="Export the report as CSV", budget=2000)
    assert "owner security-and-compliance-engineering-team" in full["text"]
    tight, _ = prime(org, "--paths", "reports/export.py", task="Export the report as CSV", budget=100)
    assert tight["tokens"] <= 100 and not tight["over_budget"]
    ids = [i["id"] for i in tight["items"]]
    assert {"release-signing", "audit-logging", "csv-export-streaming"} <= set(ids)
    assert "(release-signing; must)" in tight["text"]
    must = next(i for i in tight["items"] if i["id"] == "release-signing")
    assert must["owner"] == "security-and-compliance-engineering-team" and must["source"]


def test_hook_with_an_edited_file_answers_from_the_index_and_refreshes_in_background(org, tmp_path):
    cache = str(tmp_path / "cache")
    first, _ = prime(org, "--cache-dir", cache, task="Keep unicode escapes in the tokenizer")
    assert "index" not in first
    (org / "src" / "parser.py").write_text("z = 3  # the tokenizer keeps unicode escapes now\n")
    event = json.dumps({"hook_event_name": "UserPromptSubmit", "cwd": str(org),
                        "prompt": "Keep unicode escapes in the tokenizer"})
    out = subprocess.run([installed_orgmemory(), "hook", "claude-code", "--now", NOW, "--cache-dir", cache],
                         input=event, capture_output=True, text=True, cwd=org, timeout=60)
    assert out.returncode == 0 and out.stderr == ""
    context = json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "src/parser.py" in context  # the edited file's own finding, from the index at hand
    deadline = time.time() + 60
    while time.time() < deadline:  # the background refresh brings the index up to date
        served, _ = prime(org, "--cache-dir", cache, "--no-refresh", task="Keep unicode escapes in the tokenizer")
        if "index" not in served:
            break
        time.sleep(0.5)
    assert "index" not in served
    assert "src/parser.py" not in served["text"]  # the TODO the agent removed is gone


def test_at_most_ten_observations_and_dropped_says_why(repo):
    files = {f"jobs/job{n}.py": f"# TODO: retry job {n} when the queue times out twice\nx = {n}\n" for n in range(13)}
    repo.commit("2020-01-01", files=files)
    block, _ = prime(repo.root, "--paths", "jobs", task="Retry queue jobs", budget=4000)
    assert len(observations(block)) == 10
    limited = [d for d in block["dropped"] if d["reason"] == "limit"]
    assert len(limited) == 3 and all(d["kind"] == "finding" for d in limited)


def test_an_area_named_like_a_commit_subject_keeps_other_areas_out(repo):
    """`collector/ntp: ...`, `[ntp] ...`, `fix(ntp): ...` name the area the work is in: an
    observation there is shown, one elsewhere that only shares the task's words is not."""
    repo.commit("2020-01-01", files={
        "collector/ntp.go": "package collector\n// TODO: handle leap second smearing in the ntp offset\nvar x = 1\n",
        "collector/time.go": "package collector\n// TODO: offset smearing of leap seconds is wrong here too\nvar y = 1\n",
        "docs/leap.md": "<!-- TODO: document leap second smearing offsets -->\n",
        "collector/uname.go": "package collector\nvar z = 1\n",
        "ntp-extra/leap.go": "package extra\n// TODO: ntp leap second smearing offset, the extra copy\nvar w = 1\n",
        # a repository holds more than these: the rarer the task's words among its records, the more they say
        **{f"collector/c{n}.go": f"package collector\n// TODO: collector {n} should cache its scrape\n" for n in range(8)},
    })
    block, _ = prime(repo.root, task="collector/uname: handle leap second smearing offset")
    assert observations(block) == []  # the area exists and holds nothing: nothing from elsewhere
    for task in ("collector/ntp: handle leap second smearing offset", "[ntp] handle leap second smearing offset",
                 "fix(ntp): handle leap second smearing offset"):
        block, _ = prime(repo.root, task=task)
        assert [i["path"] for i in observations(block)] == ["collector/ntp.go"], task  # not ntp-extra/
    block, _ = prime(repo.root, task="collector/time: handle leap second smearing offset")
    assert [i["path"] for i in observations(block)] == ["collector/time.go"]
    block, _ = prime(repo.root, task="chore: handle leap second smearing offset")  # a type, no area
    assert "collector/ntp.go" in [i["path"] for i in observations(block)]


def test_version_and_issue_numbers_in_a_task_are_no_match(repo):
    """`bump x from 1.10.0 to 1.11.1 (#3640)`: its numbers are versions and an issue, not what a
    comment that happens to hold the same number is about (node_exporter's dependency bumps)."""
    repo.commit("2020-01-01", files={
        "collector/wifi.go": "package collector\n// TODO: the driver reports 11 bands on 3640 chips, expose them\nvar x = 1\n",
        **{f"collector/c{n}.go": f"package collector\n// TODO: collector {n} should cache its scrape for a second\n"
           for n in range(6)},
    })
    block, _ = prime(repo.root, task="build(deps): bump github.com/mdlayher/wlan from 1.10.0 to 1.11.1 (#3640)")
    assert observations(block) == []
    block, _ = prime(repo.root, task="Expose the bands the wifi driver reports")
    assert [i["path"] for i in observations(block)] == ["collector/wifi.go"]


def test_an_edited_file_pulls_its_own_folder_not_the_whole_module_under_it(repo):
    """Editing `gson/build.sh` brings the findings beside it, not every one under `gson/`; and the
    folders of a path (`src`, `main`, `java`) are no words of the task."""
    repo.commit("2020-01-01", files={
        "gson/build.sh": "# TODO: pin the japicmp plugin once the baseline release is out\necho\n",
        "gson/README.md": "# gson\n<!-- TODO: document the japicmp baseline release for maintainers -->\n",
        "gson/src/main/java/com/google/Types.java": "// TODO: canonicalize wildcard bounds of nested generic types\nclass Types {}\n",
        "gson/src/main/java/com/google/Reader.java": "// TODO: lenient reader should reject unquoted keys\nclass Reader {}\n",
        "tools/publish.sh": "# TODO: publish the java sources of the main google artifacts from src\necho\n",
    })
    block, _ = prime(repo.root, "--paths", "gson/build.sh", task="Bump the maven group with 16 updates")
    assert sorted(i["path"] for i in observations(block)) == ["gson/README.md", "gson/build.sh"]
    block, _ = prime(repo.root, "--paths", "gson/src/main/java/com/google/Reader.java", task="Reject unquoted keys")
    assert [i["path"] for i in observations(block)] == ["gson/src/main/java/com/google/Reader.java",
                                                        "gson/src/main/java/com/google/Types.java"]


def test_with_the_edited_files_an_observation_elsewhere_needs_the_task_s_words_in_its_text(repo):
    """"Fix help text for runnable plugin command" with `--paths command.go` (cobra): a TODO of
    `help_text.go` that shares only the file's name with the task was shown; the edited file says
    where the work is, and elsewhere only what is about the task's words is worth its tokens."""
    repo.commit("2020-01-01", files={
        "command.go": "package cobra\n// TODO: check ahead for the flag's value before parsing\nvar c = 1\n",
        "help_text.go": "package cobra\n// TODO: the topics are sorted by hand\nvar h = 1\n",
        "plugin/loader.go": "package plugin\n// TODO: a runnable plugin prints no help text of its own\nvar p = 1\n",
        "args.go": "package cobra\n// FIXME: positional arguments are counted twice\nvar a = 1\n",
    })
    task = "Fix help text for runnable plugin command"
    block, _ = prime(repo.root, "--paths", "command.go", task=task)
    assert sorted(i["path"] for i in observations(block)) == ["command.go", "plugin/loader.go"]


def test_a_file_the_task_names_by_its_path_brings_its_findings(repo):
    """tox: "fix the broken links in docs/onboarding.rst". Its nine dangling links say "... does
    not exist" and share no word with the task but the file's: named by its path, the file is
    where the work is, as `--paths` would say. A file named only by its name, or a path the
    repository's records do not hold, brings nothing from elsewhere."""
    repo.commit("2020-01-01", files={
        "src/tox/session/cmd/list_env.py": "x = 1\n", "src/tox/config/loader/ini.py": "x = 1\n",
        "docs/onboarding.rst": ("Onboarding\n==========\n\nSee ``src/tox/session/cmd/list_envs.py``.\n\n"
                                "Configuration\n-------------\n\nThen ``src/tox/config/loader/toml.py``.\n"),
        "docs/guide/onboarding.rst": "Guide\n=====\n\nSee ``src/tox/session/cmd/gone.py``.\n",
        **{f"src/tox/m{n}.py": f"# TODO: module {n} should cache its plugin lookups for a second\n" for n in range(6)},
    })
    block, _ = prime(repo.root, task="fix the broken links in docs/onboarding.rst")
    assert sorted((i["path"], i["line"]) for i in observations(block)) == [("docs/onboarding.rst", 4),
                                                                          ("docs/onboarding.rst", 9)]
    block, _ = prime(repo.root, task="fix the broken links in docs/missing.rst")
    assert observations(block) == []
