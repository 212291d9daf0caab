"""A link target holding a regex backreference is a template, not a path (unseen check, defect 10).

httpx's `pyproject.toml:96` is `replacement = 'src="https://raw.githubusercontent.com/encode/httpx/master/\\1"'`
(a README rewrite for PyPI): the scan reported "... does not exist (no \\1)".
"""
from __future__ import annotations

import json

from click.testing import CliRunner

from indexer.cli import cli

NOW = "2026-11-01"


def dangling(root) -> set[tuple[str, int]]:
    result = CliRunner().invoke(cli, ["scan", str(root), "--now", NOW, "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return {(f["path"], f["line"]) for f in json.loads(result.stdout)["findings"] if f["rule"] == "dangling-reference"}


def test_backreferences_in_links_are_templates_and_real_dangling_links_still_reported(repo):
    repo.git("remote", "add", "origin", "https://github.com/encode/httpx.git")
    repo.commit("2025-01-01", files={
        "pyproject.toml": (
            "[tool.hatch.metadata.hooks.fancy-pypi-readme.substitutions]]\n"
            "pattern = 'src=\"(docs/img/.*?)\"'\n"
            "replacement = 'src=\"https://raw.githubusercontent.com/encode/httpx/master/\\1\"'\n"
            "other = 'https://github.com/encode/httpx/blob/master/docs/\\g<name>.md'\n"
            "gone = 'https://github.com/encode/httpx/blob/master/docs/gone.md'\n"),
        "README.md": ("# Links\n"
                      "Rewritten to [the page](docs/$1.md) and [that one](docs/${2}/index.md).\n"
                      "A [real one](docs/missing.md) and [one here](docs/img/logo.png).\n"),
        "docs/img/logo.png": b"\x89PNG",
    })
    assert dangling(repo.root) == {("pyproject.toml", 5), ("README.md", 3)}
