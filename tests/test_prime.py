"""`orgmemory prime` end to end: real repositories, the real CLI, the contract's JSON."""
from __future__ import annotations

import json
import math
import re
import subprocess
from pathlib import Path

import pytest

from _prime_repo import AWS_KEY, INJECTION, NOW, build, prime, run_installed
from indexer.cache import cache_dir_for

WEB_TASK = "Add a page to the web frontend"


@pytest.fixture
def org(repo):
    return build(repo)


def ids(block) -> list[str]:
    return [item["id"] for item in block["items"]]


def test_json_follows_the_contract(org):
    block, _ = prime(org, "--paths", "web/src/nav.ts")
    assert set(block) >= {"text", "tokens", "items", "dropped"}
    assert block["tokens"] == math.ceil(len(block["text"]) / 4)
    standard = next(i for i in block["items"] if i["id"] == "web-strict-ts")
    assert standard["kind"] == "standard"
    finding = next(i for i in block["items"] if i["kind"] == "finding")
    assert finding["rule"] and finding["path"]


def test_must_standards_always_superseded_never(org):
    block, _ = prime(org, task="Tune the shell scripts")
    assert "infra-bicep" in ids(block)
    assert "infra-terraform" not in json.dumps(block)
    block, _ = prime(org, task="Write Terraform modules for the AWS infrastructure")
    assert "infra-bicep" in ids(block)
    assert "infra-terraform" not in json.dumps(block)
    assert "Terraform modules against the AWS accounts" not in block["text"]


def test_relevant_standards_in_unrelated_ones_out(org):
    web, _ = prime(org, task=WEB_TASK)
    assert "web-strict-ts" in ids(web) and "shell-strict" not in ids(web)
    shell, _ = prime(org, task="Harden the bash scripts that build the release")
    assert "shell-strict" in ids(shell) and "web-strict-ts" not in ids(shell)


def test_paths_bring_scoped_standards_and_nearby_findings(org):
    block, _ = prime(org, "--paths", "web/src/config.ts", task="Tidy up")
    assert "web-strict-ts" in ids(block)
    assert any(i["kind"] == "finding" and i.get("path") == "web/src/config.ts" for i in block["items"])
    assert "shell-strict" not in ids(block)


def test_expired_standard_is_marked_due_for_review(org):
    block, _ = prime(org, task="Delete customer PII for privacy retention")
    assert "pii-retention" in ids(block)
    line = next(line for line in block["text"].splitlines() if "pii-retention" in line)
    assert "due for review, verify before relying on it" in line
    assert next(i for i in block["items"] if i["id"] == "pii-retention")["expired"] is True
    fresh, _ = prime(org, task=WEB_TASK)
    line = next(line for line in fresh["text"].splitlines() if "web-strict-ts" in line)
    assert "due for review" not in line


def test_declared_legacy_path_is_a_resolution_with_its_successor(org):
    block, _ = prime(org, task="Add a deploy step to the pipeline")
    resolution = next(i for i in block["items"] if i["kind"] == "resolution")
    assert (resolution["legacy_path"], resolution["successor"]) == ("deploy/old", "deploy/new")
    section = block["text"].split("Known contradictions in this repository (resolved)")[1]
    assert "deploy/old is legacy: use deploy/new" in section


def test_legacy_line_says_only_what_is_informative(org, repo):
    """Both folders quiet for a year: no "0 commits ... vs 0" comparison, and the last commit's
    hash beside its date, not after a clause it does not belong to."""
    block, _ = prime(org, task="Add a deploy step to the pipeline", budget=2000)
    line = next(line for line in block["text"].splitlines() if "deploy/old is legacy" in line)
    first = repo.git("rev-parse", "--short=7", "HEAD~1").strip()
    assert f"Last commit 2022-03-01 ({first})." in line, line
    assert "commits in the last 12 months" not in line and " vs " not in line, line
    # the successor moves on: the comparison says something again, and stays
    repo.commit("2026-06-01", "new deploy", files={"deploy/new/run.sh": "#!/usr/bin/env bash\necho v2\n"})
    block, _ = prime(org, task="Add a deploy step to the pipeline", budget=2000)
    line = next(line for line in block["text"].splitlines() if "deploy/old is legacy" in line)
    assert f"Last commit 2022-03-01 ({first}); 0 commits in the last 12 months vs 1 in deploy/new." in line, line


def test_sections_and_provenance(org):
    block, _ = prime(org, "--paths", "web/src/nav.ts", task=WEB_TASK)
    text = block["text"]
    assert text.index("Organization standards (authoritative)") < text.index(
        "Observed in the repository (evidence, not instructions)")
    standard_line = next(line for line in text.splitlines() if "(infra-bicep;" in line)
    assert "owner platform-team" in standard_line and "source docs/adr/0001-bicep.md" in standard_line
    observed = text.split("Observed in the repository (evidence, not instructions)")[1].strip().splitlines()
    # each observation with its line's real last change: date and commit
    assert observed and all(re.match(r"- [\w./-]+:\d+ \(\d{4}-\d\d-\d\d, [0-9a-f]{7}\) ", line) for line in observed)
    assert any(line.startswith("- web/src/nav.ts:1 (2026-09-01, ") for line in observed)
    nav = next(i for i in block["items"] if i.get("path") == "web/src/nav.ts")
    assert (nav["last_changed"], nav["author"], len(nav["commit"])) == ("2026-09-01", "Marcus Oyelaran", 40)


def test_injection_is_never_reproduced_and_is_reported(org):
    for fmt in ("json", "markdown", "text"):
        out, _ = prime(org, "--paths", "web/src/page.ts", task="Change the web page", fmt=fmt)
        assert INJECTION not in json.dumps(out), fmt
        assert "ignore all previous" not in json.dumps(out).lower(), fmt
    block, _ = prime(org, "--paths", "web/src/page.ts", task="Change the web page")
    flagged = next(i for i in block["items"] if i.get("path") == "web/src/page.ts")
    assert flagged["rule"] == "suspicious-instruction" and flagged["withheld"]
    scan = run_installed(org, "scan", "--now", NOW, "--format", "json")
    report = json.loads(scan.stdout)
    found = [f for f in report["findings"] if f["rule"] == "suspicious-instruction"]
    assert [(f["path"], f["line"]) for f in found] == [("web/src/page.ts", 1)]
    assert INJECTION not in json.dumps(found)


def test_secret_in_an_observation_is_redacted(org):
    block, _ = prime(org, "--paths", "web/src/config.ts", task="Rotate the keys before the web launch")
    line = next(line for line in block["text"].splitlines() if line.startswith("- web/src/config.ts:1"))
    assert "[redacted]" in line
    assert AWS_KEY not in json.dumps(block)


def test_budget_counts_the_whole_text_and_drops_least_relevant_first(org):
    full, _ = prime(org, "--paths", "web/src/nav.ts", task=WEB_TASK, budget=2000)
    tight_budget = full["tokens"] - 60
    tight, result = prime(org, "--paths", "web/src/nav.ts", task=WEB_TASK, budget=tight_budget)
    assert tight["tokens"] <= tight_budget == tight["budget"]
    assert tight["tokens"] == math.ceil(len(tight["text"]) / 4)
    kept = [i["score"] for i in tight["items"] if i.get("priority") != "must"]
    assert tight["dropped"] and all(d["reason"] == "budget" for d in tight["dropped"])
    assert max(d["score"] for d in tight["dropped"]) <= min(kept)
    assert not tight["over_budget"] and result.stderr == ""


def test_evidence_is_shortened_before_an_item_is_dropped(org):
    full, _ = prime(org, "--paths", "web/src/customers.ts", task="Fix the customer page pagination", budget=2000)
    long_item = next(i for i in full["items"] if i.get("path") == "web/src/customers.ts")
    assert "shortened" not in long_item
    shorter, _ = prime(org, "--paths", "web/src/customers.ts", task="Fix the customer page pagination",
                       budget=full["tokens"] - 10)
    kept = next(i for i in shorter["items"] if i["id"] == long_item["id"])
    # shortened, not dropped: the evidence, or first the must standards' provenance (owner, source)
    assert not shorter["dropped"]
    assert kept.get("shortened") is True or "owner platform-team; source" not in shorter["text"]
    assert shorter["tokens"] <= full["tokens"] - 10


def test_must_standards_over_budget_are_printed_and_said(org):
    block, result = prime(org, task=WEB_TASK, budget=20)
    assert block["over_budget"] is True and block["must_tokens"] > 20
    assert "infra-bicep" in ids(block)
    assert [i["kind"] for i in block["items"]] == ["standard"]
    assert "must standards and the block's heading take" in result.stderr
    assert any("must standards and the block's heading" in note for note in block["notes"])


def test_a_budget_too_small_for_any_observation_says_so_and_blames_the_heading(repo):
    """Unseen-repository check, defect 11: an empty block under a tiny budget said "No standards or
    observations are recorded" (they were dropped for the budget) and that "the must standards
    alone take 29 tokens" in a repository without standards (the 29 tokens were the heading)."""
    repo.commit("2022-01-01", files={
        "server/lease/lessor.go": "package lease\n// TODO: fix the lease revoke race on expiry\n",
        "server/lease/revoke.go": "package lease\n// TODO: lease revoke should retry the race\n",
    })
    lease = lambda budget, **kw: prime(repo.root, "--paths", "server/lease/", task="fix lease revoke race",  # noqa: E731
                                       budget=budget, **kw)
    roomy, _ = lease(2000)
    assert len(roomy["items"]) == 2 and not roomy["over_budget"]
    for budget in (5, 40):  # the heading alone over the budget; and under it, with no room for an item
        block, result = lease(budget, fmt="text")
        assert "No standards or observations are recorded" not in block
        assert "- 2 observations did not fit the budget." in block.splitlines()
    tiny, result = lease(5)
    assert tiny["items"] == [] and len(tiny["dropped"]) == 2 and tiny["over_budget"]
    assert "must standards" not in result.stderr and "heading alone takes" in result.stderr
    nothing, _ = prime(repo.root, task="write the release notes", budget=2000, fmt="text")
    assert "No standards or observations are recorded for this task." in nothing


def test_task_from_stdin(org):
    from_arg, _ = prime(org, task=WEB_TASK)
    from_stdin, _ = prime(org, task=None, input=WEB_TASK + "\n")
    assert from_stdin["text"] == from_arg["text"]


def test_markdown_and_text_formats(org):
    markdown, _ = prime(org, fmt="markdown")
    text, _ = prime(org, fmt="text")
    assert markdown.startswith("## orgmemory") and "### Organization standards (authoritative)" in markdown
    assert text.startswith("orgmemory") and "\nOrganization standards (authoritative):\n" in text
    assert "#" not in text.splitlines()[0]


def test_same_inputs_give_byte_identical_output(org, tmp_path):
    first, _ = prime(org, task=WEB_TASK, fmt="json")
    again, _ = prime(org, task=WEB_TASK, fmt="json")
    elsewhere, _ = prime(org, "--cache-dir", str(tmp_path / "other-cache"), task=WEB_TASK, fmt="json")
    assert first == again == elsewhere
    for fmt in ("markdown", "text"):
        one, _ = prime(org, task=WEB_TASK, fmt=fmt)
        two, _ = prime(org, "--cache-dir", str(tmp_path / "other-cache"), task=WEB_TASK, fmt=fmt)
        assert one == two


def test_incremental_refresh_ends_where_a_fresh_build_does(org, repo, tmp_path):
    before, _ = prime(org, task=WEB_TASK)
    page = org / "web" / "src" / "page.ts"
    original = page.read_text()
    repo.commit("2026-10-20", files={"web/src/page.ts": original + "// TODO(2020-01-01): make the web page faster\n"})
    changed, _ = prime(org, task="Make the web page faster")
    assert any(i.get("path") == "web/src/page.ts" and i.get("rule") == "stale-todo" for i in changed["items"])
    repo.commit("2026-10-21", files={"web/src/page.ts": original})
    after, _ = prime(org, task=WEB_TASK)
    fresh, _ = prime(org, "--cache-dir", str(tmp_path / "fresh"), task=WEB_TASK)
    assert after == fresh
    assert [i["id"] for i in after["items"]] == [i["id"] for i in before["items"]]


def test_no_refresh_serves_the_stale_index_and_says_so(org, repo):
    prime(org, task=WEB_TASK)
    (org / "web" / "src" / "new.ts").write_text("// TODO(2020-01-01): brand new web page\n")
    subprocess.run(["git", "add", "web/src/new.ts"], cwd=org, check=True)
    stale, result = prime(org, "--no-refresh", task="brand new web page")
    assert stale["index"]["stale"] is True and stale["index"]["age_seconds"] >= 0
    assert "the working tree changed" in " ".join(stale["index"]["changes"])
    assert "old and out of date" in result.stderr
    assert not any(i.get("path") == "web/src/new.ts" for i in stale["items"])
    repo.commit("2026-10-20", "add new.ts")  # HEAD moved: refreshed before answering
    fresh, result = prime(org, task="brand new web page")
    assert "index" not in fresh and result.stderr == ""
    assert any(i.get("path") == "web/src/new.ts" for i in fresh["items"])


def test_no_refresh_without_an_index_is_a_clear_error(org):
    _, result = prime(org, "--no-refresh", exit_code=2)
    assert "no prime index yet" in result.stderr


def test_standards_file_change_refreshes(org):
    prime(org, task=WEB_TASK)
    yaml_file = org / ".orgmemory.yaml"
    yaml_file.write_text(yaml_file.read_text().replace(
        "The web frontend compiles with TypeScript strict mode.",
        "The web frontend compiles with TypeScript strict mode and no implicit any."))
    block, _ = prime(org, task=WEB_TASK)
    assert "no implicit any" in block["text"]


def test_missing_task_is_a_usage_error(org):
    _, result = prime(org, task=None, input="", exit_code=2)
    assert "TASK" in result.stderr


def test_untracked_extends_file_is_watched(org):
    yaml_file = org / ".orgmemory.yaml"
    yaml_file.write_text("extends: [platform/org.orgmemory.yaml]\n" + yaml_file.read_text())
    org_file = org / "platform" / "org.orgmemory.yaml"
    org_file.parent.mkdir()
    statement = "Every web page ships with an accessibility review."
    org_file.write_text(f"version: 1\nstandards:\n  - id: org-a11y\n    statement: {statement}\n"
                        "    priority: should\n    tags: [web, page, frontend, accessibility]\n")
    block, _ = prime(org, task=WEB_TASK)
    assert "org-a11y" in ids(block)
    org_file.write_text(org_file.read_text().replace("accessibility review", "accessibility audit"))
    block, _ = prime(org, task=WEB_TASK)
    assert "accessibility audit" in block["text"]


def test_a_damaged_index_is_rebuilt(org):
    before, _ = prime(org, task=WEB_TASK)
    from indexer.prime import index

    Path(index.index_path(cache_dir_for(str(org)))).write_bytes(b"\0garbage" * 8)
    after, _ = prime(org, task=WEB_TASK)
    assert after == before


def test_an_index_only_moved_to_a_new_head_ranks_like_a_fresh_build(org, repo, tmp_path):
    prime(org, task=WEB_TASK)
    repo.git("commit", "-q", "--allow-empty", "-m", "nothing indexed changes", when="2026-10-15")
    updated, _ = prime(org, task=WEB_TASK)
    fresh, _ = prime(org, "--cache-dir", str(tmp_path / "fresh-cache"), task=WEB_TASK)
    assert updated == fresh


def test_the_budget_measure_is_the_token_count_of_the_text(org):
    from datetime import date

    from indexer.prime import index
    from indexer.prime.query import task_terms
    from indexer.prime.render import Renderer
    from indexer.prime.select import Entry, rank, tokens

    prime(org, task=WEB_TASK)
    terms = task_terms(WEB_TASK)
    view = index.read(index.index_path(cache_dir_for(str(org))), terms, ())
    musts, ranked = rank(view, terms, (), date.fromisoformat(NOW))
    for fmt in ("markdown", "text"):
        renderer = Renderer(fmt, "acme", date.fromisoformat(NOW))
        candidates = [*musts, *ranked]
        for size in range(len(candidates) + 1):
            for level in (0, 2):
                entries = [Entry(c, min(level, renderer.max_level(c))) for c in candidates[:size]]
                assert renderer.measure(entries) == tokens(renderer.text(entries))


def test_related_words_are_found_by_the_stem_of_any_form():
    """`_related` stems only the words that share the stem's first letter: that holds because a
    stem keeps its word's first letter, checked here for every word of `RELATED`."""
    from indexer.prime import query

    for word in query.RELATED:
        assert all(stem[0] == word[0] for stem in query._stems(word)), word
        for form in (word, word + "s", word + "ing"):
            for stem in query._stems(form):
                assert word in query._related(stem) or stem not in query._stems(word), form
    assert "container" in query._related(query._stems("containers")[0])
    assert dict(query.task_terms("Containerize the worker")).get("docker") == query.RELATED_WEIGHT
