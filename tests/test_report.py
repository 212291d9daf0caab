"""`orgmemory report --html`: real repositories, the real CLI, and a real headless browser.

The page is read back with a small DOM built by `html.parser`, so assertions name elements
(a row by id, a table by caption) rather than matching markup with regular expressions.
The browser tests drive Debian's `chromium` from the command line (`--dump-dom` after the
page's script ran, `--screenshot`); the session fixture installs it when it is missing and we
are root, and skips with the reason only where it cannot be installed.
"""
from __future__ import annotations

import base64
import hashlib
import re
import shutil
import struct
import subprocess
import zlib
from dataclasses import dataclass, field
from datetime import date
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from indexer.git.blame import blame_files
from indexer.cache import cache_dir_for
from indexer.cli import cli
from indexer.findings import Finding
from indexer.report import data as report_data
from indexer.report.activity import monthly_activity, window
from indexer.report.html import render

NOW = "2026-11-01"
XSS = "<script>alert(1)</script>"

CONFIG = """\
version: 1
org: acme
standards:
  - id: deploy-v2-only
    statement: Deploy every environment through deploy/v2.
    kind: decision
    priority: must
    tags: [deploy, pipeline]
    source: docs/adr/0009-deploy-v2.md
    owner: platform-guild
    added: 2024-01-15
    review_by: 2027-01-15
  - id: no-terraform
    statement: Infrastructure is Bicep; no Terraform.
    kind: standard
    priority: must
    tags: [iac, terraform]
    owner: platform-guild
    added: 2023-01-01
    review_by: 2027-01-01
    forbid:
      - glob: "**/*.tf"
    supersedes: [iac-terraform]
  - id: pii-retention
    statement: Customer PII is deleted 18 months after the order closes.
    kind: decision
    priority: should
    tags: [privacy]
    owner: data-office
    added: 2023-06-01
    review_by: 2025-06-30
  - id: iac-terraform
    statement: Infrastructure is described with Terraform.
    kind: standard
    priority: may
    tags: [iac, terraform]
    owner: platform-guild
    added: 2022-01-01
legacy:
  - path: deploy/legacy
    successor: deploy/v2
    since: 2024-01-15
    note: deploy/v2 is the production pipeline.
"""
WEIRD_PATH = 'app/we"ird<b>.py'


# --------------------------------------------------------------------------- fixtures
@pytest.fixture
def memory_repo(repo):
    """Two years of a deploy migration: legacy quiet since 2022, successor busy until 2026."""
    repo.commit("2022-03-01", "legacy deploy", author="Priya Raman", files={
        "deploy/legacy/run.sh": "#!/bin/sh\necho deploy\n",
        "app/main.py": f"import os\n\n# TODO: {XSS} paginate the orders\n",
        WEIRD_PATH: "# TODO: rename this file\n",
        "README.md": "# Shop\n\nTo deploy, run `deploy/legacy/run.sh`.\n",
    })
    repo.commit("2022-06-10", "legacy tweak", author="Priya Raman", files={
        "deploy/legacy/run.sh": "#!/bin/sh\necho deploy --fast\n"})
    repo.commit("2024-02-01", "deploy v2", author="Marcus Oyelaran", files={
        "deploy/v2/run.sh": "#!/bin/sh\necho v2\n",
        "app/jobs.py": "def send():\n    # TODO: batch sends per tenant\n    pass\n",
    })
    repo.commit("2025-11-05", "v2 retries", author="Marcus Oyelaran", files={
        "deploy/v2/run.sh": "#!/bin/sh\necho v2 --retry\n"})
    repo.commit("2026-09-20", "v2 pipeline", author="Jen Kowalski", files={
        "deploy/v2/pipeline.yml": "steps:\n  # TODO: add smoke tests\n  - run: ./run.sh\n",
        "tools/scratch/main.tf": "resource \"null\" \"x\" {}\n",
        ".orgmemory.yaml": CONFIG,
    })
    return repo


def write_report(root: Path, out: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, ["report", str(root), "--html", str(out), "--now", NOW,
                                      "--cache-dir", str(out.parent / "cache"), *args])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


@pytest.fixture
def page(memory_repo, tmp_path) -> str:
    return write_report(memory_repo.root, tmp_path / "report.html")


@pytest.fixture
def report(memory_repo, tmp_path) -> dict:
    return report_data.build_report(str(memory_repo.root), date.fromisoformat(NOW),
                                    cache_dir=str(tmp_path / "cache"))


# --------------------------------------------------------------------------- a small DOM
@dataclass
class Node:
    tag: str
    attrs: dict[str, str | None]
    children: list = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text for c in self.children)

    def iter(self):
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.iter()

    def find_all(self, tag: str | None = None, **attrs: str) -> list["Node"]:
        return [n for n in self.iter() if (tag is None or n.tag == tag)
                and all(n.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())]

    def find(self, tag: str | None = None, **attrs: str) -> "Node":
        found = self.find_all(tag, **attrs)
        assert found, f"no <{tag}> with {attrs}"
        return found[0]

    def table(self, caption_start: str) -> "Node":
        return next(t for t in self.find_all("table") if t.find_all("caption")
                    and t.find("caption").text.startswith(caption_start))


class _Builder(HTMLParser):
    VOID = {"meta", "br", "wbr", "input", "link", "img", "hr", "col"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def dom(text: str) -> Node:
    builder = _Builder()
    builder.feed(text)
    return builder.root


def squash(text: str) -> str:
    return " ".join(text.split())


# --------------------------------------------------------------------------- the command
def test_report_is_listed_and_needs_a_file(memory_repo):
    runner = CliRunner()
    assert "report" in runner.invoke(cli, ["--help"]).output
    result = runner.invoke(cli, ["report", str(memory_repo.root), "--now", NOW])
    assert result.exit_code == 2 and "--html" in result.output


def test_open_shows_the_written_file_in_the_browser(memory_repo, tmp_path, monkeypatch):
    import webbrowser

    opened = []
    monkeypatch.setattr(webbrowser, "open", opened.append)
    out = tmp_path / "with space" / "report.html"
    out.parent.mkdir()
    write_report(memory_repo.root, out, "--open")
    assert opened == [out.as_uri()] and "%20" in opened[0]


def test_bad_standards_file_is_a_usage_error(memory_repo, tmp_path):
    memory_repo.write(".orgmemory.yaml", "version: 1\nstandards:\n  - id: x\n")
    result = CliRunner().invoke(cli, ["report", str(memory_repo.root), "--html", str(tmp_path / "r.html"),
                                      "--now", NOW, "--cache-dir", str(tmp_path / "cache")])
    assert result.exit_code == 2
    assert ".orgmemory.yaml:3" in result.output and not (tmp_path / "r.html").exists()


def test_page_is_one_self_contained_file(page, memory_repo):
    doc = dom(page)
    assert not re.search(r"""\s(?:src|srcset|poster|data)\s*=""", page), "nothing may be loaded"
    assert not doc.find_all("link") and not doc.find_all("iframe") and not doc.find_all("img")
    assert not re.search(r"https?://", page), "no URL at all in this repository's page"
    assert "@import" not in page and "url(" not in page
    policy = doc.find("meta", http_equiv="Content-Security-Policy").attrs["content"]
    assert "default-src 'none'" in policy
    style, script = doc.find("style").text, doc.find("script").text
    assert _csp_hash(style) in policy and _csp_hash(script) in policy
    facts = {squash(dt.text): squash(dd.text) for dt, dd in
             zip(doc.find("header").find_all("dt"), doc.find("header").find_all("dd"))}
    head_sha = memory_repo.git("rev-parse", "HEAD").strip()
    assert doc.find("header").find("code", title=head_sha).text == head_sha[:12]
    assert facts["--now"] == NOW and facts["Repository"] == str(memory_repo.root)
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC \([\d.]+ s\)", facts["Scanned"])
    sections = [s.attrs["id"] for s in doc.find_all("section")]
    assert sections == ["standards", "contradictions", "findings", "health", "priming"]
    assert [a.attrs["href"] for a in doc.find("nav").find_all("a")] == [f"#{s}" for s in sections]


def _csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_repository_text_is_escaped(page):
    assert XSS not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert page.count("<script") == 1, "the page's own script is the only one"
    assert "we&quot;ird&lt;b&gt;.py" in page and 'we"ird<b>' not in page
    doc = dom(page)
    texts = [squash(row.text) for row in doc.find("table", id="findings-table").find_all("tr")]
    assert any(f"TODO: {XSS} paginate the orders" in t for t in texts), "shown as text, whole"


def test_report_shows_standards_inherited_through_extends(repo, tmp_path):
    """`report` reads the same merged memory as `scan`: an org file's standards are listed, and
    the org's forbid is enforced in the same table."""
    repo.commit("2025-01-10", "org memory", files={
        "org/common.orgmemory.yaml": "standards:\n  - id: org-no-tf\n    statement: No Terraform.\n"
                                     "    priority: must\n    forbid:\n      - glob: \"**/*.tf\"\n",
        ".orgmemory.yaml": "version: 1\nextends: [org/common.orgmemory.yaml]\nstandards:\n"
                           "  - id: local-one\n    statement: A local standard.\n",
        "infra/main.tf": "resource \"null\" \"x\" {}\n",
    })
    doc = dom(write_report(repo.root, tmp_path / "report.html"))
    rows = {r.attrs["id"]: r for r in doc.find("table", id="standards-table").find("tbody").find_all("tr")}
    assert set(rows) == {"standard-org-no-tf", "standard-local-one"}
    assert "infra/main.tf" in rows["standard-org-no-tf"].text


# --------------------------------------------------------------------------- standards
def test_standards_show_status_owner_source_dates_and_violations(page):
    doc = dom(page)
    rows = {r.attrs["id"]: r for r in doc.find("table", id="standards-table").find("tbody").find_all("tr")}
    assert set(rows) == {"standard-deploy-v2-only", "standard-no-terraform", "standard-pii-retention",
                         "standard-iac-terraform"}
    status = {key: row.attrs["data-status"] for key, row in rows.items()}
    assert status == {"standard-deploy-v2-only": "active", "standard-no-terraform": "active",
                      "standard-pii-retention": "expired", "standard-iac-terraform": "superseded"}
    assert "expired: due for review" in rows["standard-pii-retention"].text
    assert "review_by passed 489 days ago" in rows["standard-pii-retention"].text
    replaced = rows["standard-iac-terraform"].find("a")
    assert replaced.attrs["href"] == "#standard-no-terraform" and replaced.text == "no-terraform"
    deploy = squash(rows["standard-deploy-v2-only"].text)
    assert "platform-guild" in deploy and "docs/adr/0009-deploy-v2.md" in deploy
    assert "added 2024-01-15" in deploy and "review by 2027-01-15" in deploy
    assert rows["standard-deploy-v2-only"].attrs["data-tags"] == "deploy pipeline"
    violations = rows["standard-no-terraform"].find("details")
    assert "1 violation" in violations.find("summary").text
    assert "tools/scratch/main.tf" in violations.text and "'**/*.tf'" in violations.text
    assert "not enforced" in rows["standard-iac-terraform"].text
    owners = [o.attrs["value"] for o in doc.find("select", id="filter-owner").find_all("option")]
    assert owners == ["", "data-office", "platform-guild"]
    tags = [o.attrs["value"] for o in doc.find("select", id="filter-tag").find_all("option")]
    assert tags == ["", "deploy", "iac", "pipeline", "privacy", "terraform"]
    assert "4 standards: 2 active, 1 expired (due for review), 1 superseded." in doc.find(id="standards").text


# --------------------------------------------------------------------------- contradictions
def test_monthly_activity_counts_commits_per_path(memory_repo):
    activity = monthly_activity(str(memory_repo.root), ["deploy/legacy", "deploy/v2"], date(2026, 11, 1))
    legacy, successor = activity["deploy/legacy"].to_json(), activity["deploy/v2"].to_json()
    assert legacy["months"] == list(window(date(2026, 11, 1))) and len(legacy["months"]) == 36
    assert legacy["months"][0] == "2023-12" and legacy["months"][-1] == "2026-11"
    assert (legacy["window_total"], legacy["total"], legacy["last"]) == (0, 2, "2022-06-10")
    assert (successor["window_total"], successor["total"], successor["last"]) == (3, 3, "2026-09-20")
    counts = dict(zip(successor["months"], successor["counts"]))
    assert (counts["2024-02"], counts["2025-11"], counts["2026-09"]) == (1, 1, 1) and sum(counts.values()) == 3
    short = monthly_activity(str(memory_repo.root), ["deploy/v2"], date(2026, 11, 1), months=12)["deploy/v2"]
    assert short.months[0] == "2025-12" and sum(short.counts) == 1
    earlier = monthly_activity(str(memory_repo.root), ["deploy/v2"], date(2025, 12, 31))["deploy/v2"]
    assert earlier.total == 2, "commits after --now do not count"


def test_contradiction_shows_successor_evidence_sparklines_and_numbers(page):
    doc = dom(page)
    card = doc.find(id="contradictions").find("article")
    assert squash(card.find("h3").text) == "deploy/legacy replaced by deploy/v2"
    text = squash(card.text)
    assert card.find("span", **{"class": "badge sev-note"}).text == "declared"
    declared_line = CONFIG.splitlines().index("  - path: deploy/legacy") + 1
    evidence = {squash(li.find("strong").text): squash(li.text) for li in card.find("ul", **{"class": "evidence"})
                .find_all("li")}
    assert f"(.orgmemory.yaml:{declared_line})" in evidence["declared"]
    sparks = card.find_all("svg")
    assert [s.attrs["class"] for s in sparks] == ["spark legacy", "spark successor"]
    assert all(s.attrs["role"] == "img" and s.attrs["aria-label"] for s in sparks)
    assert not any(n.tag == "text" for s in sparks for n in s.iter()), "no text in images"
    assert len(sparks[1].find_all("rect", **{"class": "bar"})) == 3, "one column per active month"
    assert not sparks[0].find_all("rect", **{"class": "bar"})
    assert "0 commits in the last 36 months; 2 in all; last commit 2022-06-10" in text
    assert "3 commits in the last 36 months; 3 in all; last commit 2026-09-20" in text
    pointing = card.table("Artifacts still pointing at deploy/legacy (1)")
    cells = [squash(c.text) for c in pointing.find("tbody").find("tr").find_all() if c.tag in ("th", "td")]
    assert cells == ["README.md:3", "To deploy, run `deploy/legacy/run.sh`.", "code-span", "2022-03-01",
                     "Priya Raman"]
    monthly = card.table("Commits per month")
    assert ["2025-11", "0", "1"] in [[squash(c.text) for c in r.find_all() if c.tag in ("th", "td")]
                                     for r in monthly.find("tbody").find_all("tr")]


def test_artifacts_still_pointing_carry_file_line_blame_date_and_author(memory_repo, tmp_path):
    """With the contradiction stage's resolution (its public JSON shape), references are dated."""
    resolution = {
        "id": "legacy:deploy/legacy", "legacy_path": "deploy/legacy", "successor": "deploy/v2",
        "declared": False, "confidence": 0.9, "statement": "deploy/legacy is legacy.",
        "evidence": [{"kind": "activity", "summary": "no commits since 2022", "path": "deploy/legacy"}],
        "still_pointing": [{"path": "app/main.py", "line": 3, "target": "deploy/legacy", "kind": "comment",
                            "text": f"# see deploy/legacy {XSS}"}],
    }
    ages = blame_files(str(memory_repo.root), {"app/main.py": [3]}, since=None)
    item = report_data.contradiction_item(resolution, {}, ages)
    ref = item["still_pointing"][0]
    assert (ref["path"], ref["line"], ref["date"], ref["author"]) == ("app/main.py", 3, "2022-03-01", "Priya Raman")
    section = {"detected": True, "items": [item]}
    html = render(_minimal_report(contradictions=section))
    table = dom(html).find(id="contradictions").table("Artifacts still pointing at deploy/legacy (1)")
    cells = [squash(c.text) for c in table.find("tbody").find("tr").find_all() if c.tag in ("th", "td")]
    assert cells[0] == "app/main.py:3" and cells[3] == "2022-03-01" and cells[4] == "Priya Raman"
    assert "detected (confidence 0.90)" in html and XSS not in html


def test_declared_legacy_paths_show_even_without_the_detection_stage(memory_repo):
    """A scan without `extra["resolutions"]` (the stage absent) still lists declared legacy paths."""
    from indexer.memory.load import load_config
    from indexer.report import sources

    resolved, detected = sources.resolutions(load_config(str(memory_repo.root)), {})
    assert detected is False
    assert [(r["legacy_path"], r["successor"], r["declared"]) for r in resolved] == [
        ("deploy/legacy", "deploy/v2", True)]
    section = report_data.contradictions_section(str(memory_repo.root), resolved, detected, {},
                                                 date.fromisoformat(NOW))
    text = squash(dom(render(_minimal_report(contradictions=section))).find(id="contradictions").text)
    assert "No data yet." in text and "declared legacy paths are shown" in text
    assert "deploy/legacy replaced by deploy/v2" in text


# --------------------------------------------------------------------------- findings
def test_todo_age_histogram_by_year_with_numbers_as_text(page):
    doc = dom(page)
    table = doc.find(id="findings").table("4 TODOs, 3 stale")
    rows = [[squash(c.text) for c in r.find_all() if c.tag in ("th", "td")]
            for r in table.find("tbody").find_all("tr")]
    assert rows == [["2022", "2", "0", "2"], ["2023", "0", "0", "0"], ["2024", "1", "0", "1"],
                    ["2025", "0", "0", "0"], ["2026", "0", "1", "1"]]
    svg = doc.find(id="findings").find("svg", **{"class": "hist"})
    assert svg.attrs["aria-label"].endswith("2022: 2, 2023: 0, 2024: 1, 2025: 0, 2026: 1")
    assert len(svg.find_all("rect", **{"class": "stale"})) == 2
    assert len(svg.find_all("rect", **{"class": "fresh"})) == 1


def test_the_todo_age_histogram_sets_vendored_code_aside_as_the_scan_does(repo, tmp_path):
    """Third-party TODOs (moby's 1,429 in vendored Go modules, each file blamed over its whole
    history: 60 s of its report) are not the project's: counted only with `scan.vendored: report`."""
    repo.commit("2021-05-01", files={"app/main.py": "# TODO: ours\n",
                                     "vendor/lib/x.go": "// TODO: theirs\n// TODO: theirs too\n"})

    def counted(name: str) -> int:
        built = report_data.build_report(str(repo.root), date.fromisoformat(NOW), cache_dir=str(tmp_path / name))
        return built["todo_ages"]["total"]

    assert counted("default") == 1
    repo.commit("2021-05-02", files={".orgmemory.yaml": "version: 1\nscan:\n  vendored: report\n"})
    assert counted("report") == 3


def test_findings_are_dated_by_blame_and_sortable_by_age_and_severity(page):
    doc = dom(page)
    table = doc.find("table", id="findings-table")
    buttons = {b.attrs["data-sort-key"]: b for b in table.find("thead").find_all("button")}
    assert set(buttons) == {"age", "severity"}
    assert all(b.attrs["type"] == "button" for b in buttons.values())
    rows = table.find("tbody").find_all("tr")
    by_place = {squash(r.find("th").text): r for r in rows}
    old = by_place["app/main.py:3"]
    assert old.attrs["data-sort-age"] == str((date(2026, 11, 1) - date(2022, 3, 1)).days)
    assert "2022-03-01" in old.text and "Priya Raman" in old.text
    assert by_place["tools/scratch/main.tf"].attrs["data-severity"] == "error", "a must standard's violation"
    ranks = [int(r.attrs["data-sort-severity"]) for r in rows]
    assert rows[0].attrs["data-severity"] == "error" and ranks == sorted(ranks, reverse=True), "most severe first"
    rules = {squash(r.find("th").text): squash(r.find("td").text)
             for r in doc.find(id="findings").table("Findings by rule").find("tbody").find_all("tr")}
    assert rules["stale-todo"] == "3" and rules["standard-violation"] == "1" and rules["expired-standard"] == "1"
    assert doc.find("input", id="findings-q").attrs["type"] == "search"
    assert doc.find("label", **{"for": "findings-q"})


# --------------------------------------------------------------------------- memory health, priming
def test_memory_health_without_a_usage_log_says_no_data_yet(page):
    assert "No data yet." in dom(page).find(id="health").text


def test_memory_health_from_the_usage_log(memory_repo, tmp_path):
    from indexer.prime import usage

    cache = cache_dir_for(str(memory_repo.root), str(tmp_path / "cache"))
    for tokens, standards in ((300, ["deploy-v2-only"]), (500, ["deploy-v2-only", "no-terraform"])):
        usage.append(cache, {"time": "2026-10-20T10:00:00Z", "standards": standards,
                             "tokens": tokens, "budget": 800})
    doc = dom(write_report(memory_repo.root, tmp_path / "report.html"))
    health = doc.find(id="health")
    assert "400 tokens of an average budget of 800 (50%)" in squash(health.text)
    injected = {squash(r.find("th").text): [squash(c.text) for c in r.find_all("td")]
                for r in health.table("Injections per active standard over 2 primes").find("tbody").find_all("tr")}
    assert injected["deploy-v2-only"][1:] == ["2", "100%"]
    assert injected["no-terraform"][1:] == ["1", "50%"]
    assert "iac-terraform" not in injected, "superseded standards are never primed"
    assert "Never injected (1): pii-retention" in squash(health.text)


def test_priming_preview_is_the_block_agents_receive(page, memory_repo):
    from indexer.memory.load import load_config
    from indexer.integrations.sync import standards_block

    block = dom(page).find(id="priming").find("pre")
    config = load_config(str(memory_repo.root))
    assert block.text == "\n".join(standards_block(config, date.fromisoformat(NOW))) + "\n"
    assert "(deploy-v2-only; must; owner platform-guild; source docs/adr/0009-deploy-v2.md)" in block.text
    assert "Infrastructure is described with Terraform" not in block.text


# --------------------------------------------------------------------------- size
def test_long_lists_are_capped_and_the_page_stays_under_2_mb(report):
    """A 5,000-file repository with 20,000 findings and thousands of references."""
    now = date.fromisoformat(NOW)
    findings = [Finding(rule="stale-todo", severity=("error", "warning", "note")[i % 3],
                        path=f"services/svc{i % 500}/module_{i}/handlers/{'x' * 40}.py", line=i % 900 + 1,
                        message="unchanged for over 365 days: TODO: " + "long text " * 60,
                        fingerprint=f"{i:016x}") for i in range(20_000)]
    shown = report_data.most_severe(findings, report_data.MAX_FINDINGS)
    report["findings"] = report_data.findings_section(findings, shown, {}, now)
    refs = [{"path": f"docs/page{i}.md", "line": i, "target": "deploy/legacy", "kind": "md-link",
             "text": "see deploy/legacy " * 30} for i in range(5_000)]
    resolution = {"id": "legacy:a", "legacy_path": "a", "successor": "b", "declared": True,
                  "confidence": 1.0, "statement": "a is legacy", "still_pointing": refs}
    report["contradictions"]["items"] = [report_data.contradiction_item(resolution, {}, {})] * 5
    page = render(report)
    assert len(page.encode("utf-8")) < 2_000_000
    doc = dom(page)
    rows = doc.find("table", id="findings-table").find("tbody").find_all("tr")
    assert len(rows) == report_data.MAX_FINDINGS
    assert {r.attrs["data-severity"] for r in rows} == {"error"}, "the most severe are kept"
    assert "lists the 1000 most severe of 20000 findings" in doc.find(id="findings").text
    assert "the first 100 are listed" in doc.find(id="contradictions").text


def _minimal_report(**sections) -> dict:
    base = {
        "version": 1,
        "header": {"repo": "r", "root": "/r", "org": None, "head": None, "generated": "2026-11-01 00:00 UTC",
                   "seconds": 0.0, "now": NOW, "files": 0, "config": None, "notes": []},
        "standards": {"items": [], "kinds": [], "owners": [], "tags": [],
                      "counts": {"active": 0, "expired": 0, "superseded": 0}},
        "contradictions": {"detected": True, "items": []},
        "findings": {"items": [], "total": 0, "rules": []},
        "todo_ages": {"years": [], "total": 0, "stale": 0, "undated": 0},
        "health": {"ready": False, "reason": "none"},
        "priming": {"ready": False, "reason": "none"},
    }
    base.update(sections)
    return base


# --------------------------------------------------------------------------- the browser
@pytest.fixture(scope="session")
def chromium() -> str:
    """A chromium that is already on this machine, else a clear skip: tests never install system
    packages. `.ci/run` installs Debian's chromium before the test command, so CI runs these."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no chromium on PATH: the report's browser tests need one "
                "(Debian: apt-get install chromium; .ci/run installs it for CI)")


@dataclass
class BrowserRun:
    dom: str
    console: list[str]


def run_chromium(chromium: str, profile: Path, url: str, *extra: str) -> BrowserRun:
    """One headless page load; console messages come back through Chromium's stderr log."""
    command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
               f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", *extra, url]
    proc = subprocess.run(command, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    console = [line for line in proc.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    return BrowserRun(dom=proc.stdout, console=console)


@pytest.fixture
def browser_page(page, tmp_path):
    path = tmp_path / "report.html"
    assert path.read_text(encoding="utf-8") == page
    return path


def test_browser_loads_the_page_without_console_errors(chromium, browser_page, tmp_path):
    run = run_chromium(chromium, tmp_path / "profile", browser_page.as_uri(), "--dump-dom")
    assert run.console == []
    doc = dom(run.dom)
    assert doc.find("html").attrs.get("data-ready") == "true", "the page's script ran to the end"
    rows = doc.find("table", id="standards-table").find("tbody").find_all("tr")
    assert len(rows) == 4 and not any("hidden" in r.attrs for r in rows)
    assert len(doc.find_all("script")) == 1, "the TODO's <script> stayed text"
    assert any(XSS in squash(r.text) for r in doc.find("table", id="findings-table").find_all("tr"))


def test_browser_applies_filters_and_sort_from_the_url(chromium, browser_page, tmp_path):
    url = browser_page.as_uri() + "#filter-owner=data-office&findings-rule=stale-todo&findings-sort=age-desc"
    run = run_chromium(chromium, tmp_path / "profile", url, "--dump-dom")
    assert run.console == []
    doc = dom(run.dom)
    standards = doc.find("table", id="standards-table").find("tbody").find_all("tr")
    visible = [r.attrs["id"] for r in standards if "hidden" not in r.attrs]
    assert visible == ["standard-pii-retention"]
    assert doc.find(id="standards-count").text == "Showing 1 of 4 standards."
    findings = doc.find("table", id="findings-table")
    shown = [r for r in findings.find("tbody").find_all("tr") if "hidden" not in r.attrs]
    assert {r.attrs["data-rule"] for r in shown} == {"stale-todo"} and len(shown) == 3
    ages = [int(r.attrs["data-sort-age"]) for r in findings.find("tbody").find_all("tr")]
    assert ages == sorted(ages, reverse=True), "rows reordered, oldest first"
    age_header = next(th for th in findings.find("thead").find_all("th") if th.find_all("button")
                      and th.find("button").attrs["data-sort-key"] == "age")
    assert age_header.attrs["aria-sort"] == "descending"


def test_browser_screenshots_are_not_blank_in_light_and_dark_mode(chromium, browser_page, tmp_path):
    shots = {}
    for mode, flags in (("light", ()), ("dark", ("--force-dark-mode", "--blink-settings=preferredColorScheme=0"))):
        png = tmp_path / f"{mode}.png"
        run = run_chromium(chromium, tmp_path / f"profile-{mode}", browser_page.as_uri(), *flags,
                           "--hide-scrollbars", "--window-size=800,600", f"--screenshot={png}")
        assert run.console == []
        shots[mode] = read_png(png)
    for mode, (width, height, pixels) in shots.items():
        assert (width, height) == (800, 600)
        assert len(set(pixels)) > 20, f"{mode} screenshot looks blank"
    light_bg, dark_bg = shots["light"][2][-1], shots["dark"][2][-1]  # bottom-right: page background
    assert _luminance(light_bg) > 200 and _luminance(dark_bg) < 60


def _luminance(rgb: tuple[int, int, int]) -> float:
    r, g, b = rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def read_png(path: Path) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Width, height and RGB pixels of an 8-bit RGB or RGBA PNG, decoded with zlib alone."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6)
        elif kind == b"IDAT":
            idat += body
    channels = 3 if colour == 2 else 4
    rows = _unfilter(zlib.decompress(idat), width * channels, height, channels)
    pixels = [tuple(row[x:x + 3]) for row in rows for x in range(0, width * channels, channels)]
    return width, height, pixels


def _unfilter(raw: bytes, stride: int, height: int, bpp: int) -> list[bytes]:
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, previous))
        elif kind:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                up, corner = previous[x], previous[x - bpp] if x >= bpp else 0
                if kind == 1:
                    line[x] = (line[x] + left) & 255
                elif kind == 3:
                    line[x] = (line[x] + (left + up) // 2) & 255
                else:
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return rows


@pytest.mark.parametrize("command", ["report", "baseline"])
def test_the_old_path_argument_is_a_hidden_alias_of_repo(repo, tmp_path, command):
    repo.commit("2024-01-15", files={"app.py": "# TODO: tidy\n"})
    usage = CliRunner().invoke(cli, [command, "--help"]).output
    assert usage.splitlines()[0].endswith(f" {command} [OPTIONS]") and "PATH" not in usage
    out = {"report": ["--html", str(tmp_path / "r.html")], "baseline": ["--output", str(tmp_path / "b.json")]}
    old = CliRunner().invoke(cli, [command, str(repo.root), *out[command], "--now", "2026-11-01"])
    assert old.exit_code == 0, old.output
    first = (tmp_path / ("r.html" if command == "report" else "b.json")).read_bytes()
    new = CliRunner().invoke(cli, [command, "--repo", str(repo.root), *out[command], "--now", "2026-11-01"])
    assert new.exit_code == 0, new.output
    again = (tmp_path / ("r.html" if command == "report" else "b.json")).read_bytes()
    if command == "baseline":  # (a report counts its own earlier runs in memory health)
        assert again == first
    else:
        assert again.startswith(b"<!doctype html>") and first.startswith(b"<!doctype html>")
