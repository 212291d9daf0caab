"""Inline suppressions: `orgmemory: ignore[rule] -- reason`, for every rule; no reason, no effect."""
from __future__ import annotations

import json

from click.testing import CliRunner

from indexer.cli import cli

NOW = "2026-11-01"


def findings(root) -> set[tuple[str, str, int | None]]:
    result = CliRunner().invoke(cli, ["scan", str(root), "--now", NOW, "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return {(f["rule"], f["path"], f["line"]) for f in json.loads(result.stdout)["findings"]}


def test_a_reason_suppresses_on_the_line_and_the_line_below(repo):
    repo.commit("2024-01-10", files={
        "docs/a.md": "<!-- orgmemory: ignore[dangling-reference] -- written before the tool lands -->\n"
                     "See [the tool](./tool.md).\n"
                     "See [other](./other.md). <!-- orgmemory: ignore[dangling-reference] -- same line -->\n"
                     "See [third](./third.md).\n",
        "scripts/run.py": "# orgmemory: ignore[stale-todo,dangling-reference] -- vendor fix pending\n"
                          "# TODO: drop scripts/gone.py once the vendor ships 2.0\n",
    })
    assert findings(repo.root) == {("dangling-reference", "docs/a.md", 4)}


def test_without_a_reason_nothing_is_suppressed_and_it_is_reported(repo):
    repo.commit("2024-01-10", files={
        "docs/a.md": "<!-- orgmemory: ignore[dangling-reference] -->\nSee [the tool](./tool.md).\n",
        "app.py": "x = 1  # orgmemory: ignore[no-such-rule] -- typo in the rule id\n",
    })
    assert findings(repo.root) == {
        ("bad-suppression", "docs/a.md", 1), ("dangling-reference", "docs/a.md", 2),
        ("bad-suppression", "app.py", 1),
    }


def test_a_suppression_covers_only_the_rules_it_names(repo):
    repo.commit("2020-01-10", files={
        "app.py": "# orgmemory: ignore[dangling-reference] -- not the rule that fires here\n"
                  "# TODO: paginate\n",
    })
    assert findings(repo.root) == {("stale-todo", "app.py", 2)}


def test_stale_todo_and_legacy_rules_can_be_suppressed(repo):
    repo.commit("2020-01-10", files={
        ".orgmemory.yaml": "version: 1\nlegacy:\n  - path: deploy/legacy\n    successor: deploy/v2\n",
        "deploy/legacy/README.md": "<!-- orgmemory: ignore[legacy-path] -- kept for the 1.x branch -->\n",
        "deploy/v2/deploy.sh": "echo\n",
        "README.md": "Deploy via deploy/legacy. <!-- orgmemory: ignore[legacy-reference] -- 1.x docs -->\n"
                     "Or deploy/legacy again.\n",
        "app.py": "# TODO: paginate  # orgmemory: ignore[stale-todo] -- tracked as SHOP-12\n",
    })
    assert findings(repo.root) == {("legacy-reference", "README.md", 2)}


def test_prose_that_quotes_the_syntax_is_no_suppression(repo):
    repo.commit("2024-01-10", files={
        "docs/guide.md": "Write orgmemory: ignore[stale-todo] -- why in a comment.\nSee [x](./x.md).\n",
    })
    assert findings(repo.root) == {("dangling-reference", "docs/guide.md", 2)}


def test_a_suppression_quoted_in_a_string_literal_is_none(repo):
    repo.commit("2024-01-10", files={
        "fixture.py": 'TEXT = "x = 1  # orgmemory: ignore[stale-todo]"\n'
                      "# TODO(2020-01-01): still reported\n",
    })
    assert set(findings(repo.root)) == {("stale-todo", "fixture.py", 2)}
