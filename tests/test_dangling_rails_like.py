"""dangling-reference on the shapes of an unseen repository (rails, bench/real/labels/unseen-rails.json).

Before these fixes 45 of rails' 47 labelled lines were false: guides published as `.html` with
images copied from an `assets/` folder beside their sources, RDoc's `files/` output paths, code
blocks fenced inside list items, a CSS attribute selector, a generator's templates and the
paths its code writes, a path cut short by a Ruby interpolation. Each repository below plants
those next to true positives of the same shape, and the assertions name the exact set.
"""
from __future__ import annotations

import json

from click.testing import CliRunner

from indexer.cli import cli

NOW = "2026-11-01"


def dangling(root) -> set[tuple[str, int, str]]:
    result = CliRunner().invoke(cli, ["scan", str(root), "--now", NOW, "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return {(f["path"], f["line"], f["message"]) for f in json.loads(result.stdout)["findings"]
            if f["rule"] == "dangling-reference"}


def test_guides_published_as_html_with_assets_beside_their_sources(repo):
    repo.commit("2020-01-10", files={
        "guides/source/configuring.md": "# Configuring\n",
        "guides/source/classic_mode.md": "# Classic autoloading\n",
        "guides/assets/images/security/csrf.png": b"\x89PNG",
        "guides/assets/images/getting_started/welcome.png": b"\x89PNG",
    })
    repo.git("rm", "-q", "guides/source/classic_mode.md")
    removal = repo.commit("2021-08-10", message="remove the classic mode guide")
    repo.commit("2024-01-10", files={
        "guides/source/security.md": (
            "# Security\n"
            "See [the middleware](/configuring.html#hostauthorization).\n"
            "![CSRF](images/security/csrf.png)\n"
            '<img src="images/getting_started/welcome.png">\n'
            "New [guide](classic_mode.html) about autoloading.\n"
            "A broken [page](/routing.html).\n"
            "A broken ![diagram](images/security/gone.png).\n"
        ),
    })
    assert dangling(repo.root) == {
        ("guides/source/security.md", 5,
         f"classic_mode.html: guides/source/classic_mode.md was deleted in {removal[:7]}, 2021-08-10"),
        ("guides/source/security.md", 6,
         "/routing.html does not exist (no routing.html or guides/source/routing.html or guides/routing.html"
         " or guides/assets/routing.html)"),
        ("guides/source/security.md", 7,
         "images/security/gone.png does not exist (no guides/source/images/security/gone.png"
         " or guides/assets/images/security/gone.png)"),
    }


def test_code_fenced_in_list_items_and_css_selectors_are_not_links(repo):
    repo.commit("2024-01-10", files={
        "guides/source/asset_pipeline.md": (
            "# Notes\n"
            "\n"
            "*   Values in attribute selectors may need to be quoted.\n"
            "\n"
            "    ```ruby\n"
            "    a[href=\"/\"]\n"
            "    a[href=\"/admin/users.html\"]\n"
            "    ```\n"
            "\n"
            "1.  Then in your layout:\n"
            "\n"
            "    ```html\n"
            "    <script type=\"module\" src=\"main.js\"></script>\n"
            "    ```\n"
            "\n"
            "Style links with `a[href=\"/\"]` or a[src=\"/logo.png\"] selectors.\n"
            "Home is [here](/). A real one: <img src=\"missing.png\">.\n"
        ),
    })
    assert dangling(repo.root) == {
        ("guides/source/asset_pipeline.md", 17, "missing.png does not exist (no guides/source/missing.png)"),
    }


def test_rdoc_output_paths_name_the_documented_files(repo):
    repo.commit("2024-01-10", files={
        "activerecord/README.rdoc": "= Active Record\n",
        "activejob/README.md": "# Active Job\n",
        "railties/RDOC_MAIN.md": (
            "# Welcome\n"
            "[Active Record](files/activerecord/README.rdoc) and [Active Job](files/activejob/README.md).\n"
            "The built page: [Active Record](files/activerecord/README_rdoc.html).\n"
            "[Action Gone](files/actiongone/README.md) was never here.\n"
        ),
    })
    assert dangling(repo.root) == {
        ("railties/RDOC_MAIN.md", 4, "files/actiongone/README.md does not exist (no railties/files/actiongone/README.md)"),
    }


def test_a_generators_templates_and_the_paths_its_code_writes(repo):
    generator = "lib/generators/app"
    repo.commit("2024-01-10", files={
        ".github/workflows/test.yml": "on: push\n",
        "config/settings.yml": "a: 1\n",
        f"{generator}/templates/bin/rails.tt": "#!/usr/bin/env ruby\n",
        f"{generator}/templates/github/ci.yml.tt": "on: push\n",
        f"{generator}/templates/Dockerfile.tt": (
            "# docker run -e RAILS_MASTER_KEY=<value from config/master.key> app\n"
            "RUN ./bin/rails assets:precompile\n"
        ),
        f"{generator}/app_generator.rb": (
            "class AppGenerator\n"
            "  def github\n"
            "    template \"github/ci.yml\", \".github/workflows/ci.yml\"\n"
            "  end\n"
            "end\n"
        ),
        "lib/engine.rb": (
            "class Engine\n"
            "  CONFIG = Rails.root.join(\"config/storage/#{Rails.env}.yml\")\n"
            "  LOG = \".github/workflows/release.yml\"\n"
            "end\n"
        ),
    })
    assert dangling(repo.root) == {
        ("lib/engine.rb", 3, ".github/workflows/release.yml does not exist"),
    }
