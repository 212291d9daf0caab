"""Path references: extraction per format, and `dangling-reference` / `dangling-command` end to end.

Real repositories with backdated history, the real CLI. Each repository plants true positives
next to the traps that real documentation is full of, and the assertions name the exact set
of findings, so both a miss and a false alarm fail the test.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from indexer.cli import cli
from indexer.extract.references.readers import extract_references

NOW = "2026-11-01"


def scan(root) -> dict:
    result = CliRunner().invoke(cli, ["scan", str(root), "--now", NOW, "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def found(report: dict, rule: str) -> dict[tuple[str, int], str]:
    return {(f["path"], f["line"]): f["message"] for f in report["findings"] if f["rule"] == rule}


def kinds(path: str, text: str) -> set[tuple[int, str, str]]:
    return {(r.line, r.target, r.kind) for r in extract_references(path, text.encode())}


# --------------------------------------------------------------------------- extraction
def test_markdown_links_code_spans_commands_and_prose():
    text = ("# Setup\n"
            "See [local setup](./local-setup.md) and ![diagram](img/arch.png).\n"
            "Run `scripts/rotate.sh staging`, then `make deploy-old`.\n"
            "Deploy via deploy/legacy, as [the reference][ref] says.\n"
            "```sh\n$ npm run legacy-build\n./tools/cut.sh 1.0\n```\n"
            "```python\nopen('examples/not_a_claim.py')\n```\n"
            "<!-- old notes in notes/old.md -->\n"
            "[ref]: docs/ref.md\n[^1]: A footnote, not a link.\n"
            "[unused]: docs/unused.md\n")  # (a definition no link uses renders nothing)
    assert kinds("README.md", text) == {
        (2, "./local-setup.md", "md-link"), (2, "img/arch.png", "md-link"),
        (3, "scripts/rotate.sh", "code-span"), (3, "make deploy-old", "command"),
        (4, "deploy/legacy", "prose"),
        (6, "npm run legacy-build", "command"), (7, "./tools/cut.sh", "shell"),
        (12, "notes/old.md", "comment"), (13, "docs/ref.md", "md-link"),
    }


def test_rst_roles_directives_and_foreign_roles():
    text = (":doc:`Models </ref/models>` and :doc:`fields`.\n"
            ":external+pypug:doc:`guides/packaging` and :doc:`python:tutorial/venv`.\n"
            ".. literalinclude:: ../src/app.py\n"
            ".. image:: data:image/png;base64,AAAA\n"
            "Use :file:`polls/views.py` and ``docs/setup.txt``.\n")
    assert kinds("docs/index.rst", text) == {
        (1, "/ref/models", "sphinx-doc"), (1, "fields", "sphinx-doc"),
        (3, "../src/app.py", "rst-include"),
        (5, "polls/views.py", "code-span"), (5, "docs/setup.txt", "code-span"),
    }


def test_code_comments_strings_and_imports_but_not_code():
    text = ("import os\nfrom app.models import Order\nfrom . import views\n"
            "# see docs/design.md for why\n"
            "CONFIG = open('config/app.yaml')\n"
            "ratio = total/count\n")
    assert kinds("services/orders/app/main.py", text) == {
        (1, "os", "import"), (2, "app.models", "import"), (3, ".", "import"),
        (4, "docs/design.md", "comment"), (5, "config/app.yaml", "code-path"),  # opened: a code path
    }


def test_a_block_comment_opener_in_a_string_or_a_line_comment_opens_none():
    """nuxt's `core/nuxt.ts` has `// Add shims for `#build/*` imports` and globs such as
    `'src/**/*.ts'`: neither opens a block comment, so the strings after them are strings (19
    of its plugins' paths were read as a comment's words). A real `/* ... */` still holds its words."""
    text = ("// shims for #build/*\nx('core/plugins/a.client')\nglob('src/**/*.ts')\ny('core/plugins/b.server')\n"
            "/* see 'core/plugins/c.ts'\n */\nz('core/plugins/d.ts')\n")
    assert {(line, kind) for line, target, kind in kinds("core/nuxt.ts", text) if target.startswith("core/")} == {
        (2, "string"), (4, "string"), (5, "comment"), (7, "string")}


def test_shell_paths_created_before_use_are_not_references():
    text = ("#!/usr/bin/env bash\n"
            "mkdir -p out/reports\n"
            "cp build.log out/reports/build.log\n"
            "echo done > logs/run.txt\n"
            "cat logs/run.txt\n"
            "rm -f cache/old.db\n"
            "source scripts/env.sh\n"
            "cd web && ./node_modules/.bin/vite build\n")
    assert kinds("scripts/build.sh", text) == {
        (7, "scripts/env.sh", "shell"), (8, "./node_modules/.bin/vite", "shell"),
    }


def test_a_command_named_by_its_system_folder_is_that_command():
    """petsc's `createpatch` runs `/bin/mv include/petscversion.h include/petscversion.h.bak`, then
    reads the backup it made (9 of its lines); `/usr/bin/touch` makes a file as `touch` does."""
    text = ("#!/bin/sh\n"
            "/bin/mv include/version.h include/version.h.bak\n"
            "cat include/version.h.bak > include/version.h\n"
            "/usr/bin/touch out/stamp\n"
            "cat out/stamp include/gone.h\n")
    assert kinds("bin/maint/createpatch", text) == {
        (2, "include/version.h", "shell"), (5, "include/gone.h", "shell")}


def test_links_a_document_tells_markdown_link_check_to_skip_are_not_read():
    """dolphinscheduler's `history-versions.md` opens with `<!-- markdown-link-check-disable -->`
    and links each release's docs (`../3.2.2/user_doc/about/introduction.md`), which only its
    website's build has (78). The repository's own link checker skips them, and so do we: the
    links between `-disable` and `-enable`, and the lines `-disable-next-line` and `-disable-line`
    name. Other links, and what the prose of a skipped line names, are still read."""
    text = ("# Versions\n"
            "<!-- markdown-link-check-disable -->\n"
            "[3.2.2](../3.2.2/intro.md)\n"
            "<!-- markdown-link-check-enable -->\n"
            "[guide](guide.md)\n"
            "<!-- markdown-link-check-disable-next-line -->\n"
            "[old](../old/intro.md), see `docs/setup.md`\n"
            "[new](../new/intro.md) <!-- markdown-link-check-disable-line -->\n"
            "[last](last.md)\n")
    assert {(line, target) for line, target, kind in kinds("docs/en/history.md", text) if kind != "bare-name"} == {
        (5, "guide.md"), (7, "docs/setup.md"), (9, "last.md")}


def test_ci_and_build_file_shapes():
    workflow = ("jobs:\n  a:\n    steps:\n      - uses: ./.github/actions/setup\n"
                "      - uses: actions/checkout@v4\n"
                "      - run: |\n          python scripts/check.py\n          make test\n"
                "      - working-directory: web\n        run: pnpm lint\n"
                "      - with:\n          path: ~/.cache/pip\n")
    assert kinds(".github/workflows/ci.yml", workflow) == {
        (4, "./.github/actions/setup", "ci-uses"), (7, "scripts/check.py", "shell"),
        (9, "web", "ci-workdir"),
    }
    dockerfile = ("FROM python:3.12\nCOPY requirements.txt .\nCOPY --from=build /app/dist ./dist\n"
                  "COPY app/ ./app\nRUN ./scripts/setup.sh\nCMD [\"./start.sh\"]\n")
    assert kinds("services/orders/Dockerfile", dockerfile) == {
        (2, "requirements.txt", "docker-copy"), (4, "app/", "docker-copy"),
        (5, "./scripts/setup.sh", "shell"),
    }
    package = '{\n  "main": "dist/index.js",\n  "scripts": {\n    "build": "node scripts/build.js"\n  }\n}\n'
    assert kinds("web/package.json", package) == {(4, "scripts/build.js", "shell")}


def test_exclusion_and_redirect_lists_name_nothing():
    conf = ("exclude_patterns = [\n    '_build',\n    'old/page.rst',\n]\n"
            "redirects = {'old/page': 'new/page.html'}\nhtml_logo = '_static/logo.png'\n")
    # an exclusion list's entries are `exclusion` references (claims only about paths history
    # shows went away); a redirect list names nothing
    assert kinds("docs/conf.py", conf) == {(6, "_static/logo.png", "string"), (3, "old/page.rst", "exclusion")}
    assert extract_references("docs/redirects.txt", b"old/page.rst new/page.rst\n") == []
    pytest_config = '[tool.pytest.ini_options]\nnorecursedirs = [\n  "build",\n  "src/app.egg-info",\n]\n'
    assert kinds("pyproject.toml", pytest_config) == {(4, "src/app.egg-info", "exclusion")}


@pytest.mark.parametrize("path, span", [("AGENTS.md", "`{}`"), ("docs/index.rst", "``{}``"), ("docs/x.adoc", "`{}`")])
def test_a_code_span_names_no_path_its_command_creates(path, span):
    """A code span in prose is read as a command: what it creates (the last word of `ln` and
    `cp`, an output option's, every word of `mkdir`) is no claim that the path exists."""
    line = "Link it: " + span.format("ln -s 1234.bugfix.rst CHANGES/1240.bugfix.rst") + ", build " + \
        span.format("go build -o bin/tool ./cmd/tool") + ", then " + span.format("mkdir -p out/logs && cat docs/a.md") + ".\n"
    assert kinds(path, line) == {(1, "./cmd/tool", "code-span"), (1, "docs/a.md", "code-span")}


def test_exclusion_and_redirect_lists_are_told_apart_in_one_pass():
    """Each list's lines are its kind's, a redirect key inside an exclusion list too (and both
    kinds of a file come from one reading of it)."""
    from indexer.extract.references.exclusions import exclusion_lines

    text = ("ignore:\n  - build/\n  - redirect_from: old/page.md\nredirects:\n  old/a.md: new/a.md\n"
            "name: x\nskip = ['tmp/']\n")
    assert exclusion_lines(text.split("\n"), text.encode()) == ({0, 1, 2, 6}, {2, 3, 4})


# --------------------------------------------------------------------------- dangling-reference
def test_renamed_and_deleted_targets_say_where_and_when(repo):
    repo.commit("2024-01-10", files={
        "docs/setup.md": "# Setup\n",
        "scripts/rotate_keys.sh": "echo rotate\n",
        "scripts/seed.sh": "echo seed\n",
        "README.md": "# Shop\n\nStart with [setup](docs/setup.md).\n",
        "docs/runbook.md": "# Runbook\n\n1. Run `scripts/rotate_keys.sh staging`.\n"
                           "2. Read [local setup](./local-setup.md).\n",
    })
    repo.git("mv", "docs/setup.md", "docs/install.md")
    renamed = repo.commit("2024-05-02", "rename setup")
    os.remove(repo.root / "scripts/rotate_keys.sh")
    deleted = repo.commit("2025-05-20", "drop key rotation")
    assert found(scan(repo.root), "dangling-reference") == {
        ("README.md", 3): f"docs/setup.md was renamed to docs/install.md in {renamed[:7]}, 2024-05-02",
        ("docs/runbook.md", 3): f"scripts/rotate_keys.sh was deleted in {deleted[:7]}, 2025-05-20",
        ("docs/runbook.md", 4): "./local-setup.md does not exist (no docs/local-setup.md)",
    }


def test_what_is_not_a_dangling_claim(repo):
    repo.commit("2024-01-10", files={
        ".gitignore": "dist/\n",
        ".orgmemory.yaml": "version: 1\nscan:\n  history_paths: ['CHANGELOG*', 'docs/history/**']\n",
        "docs/architecture.md": "# Architecture\n",
        "scripts/real.sh": "echo real\n",
        "policy/base.rego": "package main\n",
        "docs/runbooks/staging.md": (
            "- [Architecture](../architecture.md)\n"
            "- Reference: https://learn.microsoft.com/azure/bicep/overview\n"
            "- Shell profile: ~/.bashrc, and /usr/local/bin/tool\n"
            "- Lint every `services/*/requirements.txt` and `$ROOT/tools/x.sh` and `{{cookiecutter.name}}/a.py`\n"
            "- Put your code in `path/to/module.py` or `<app>/views.py`\n"
            "- Create `myproject/app.py` as in the tutorial; `polls/views.py` is the example app.\n"
            "- Do not use scripts/removed_tool.sh any more.\n"
            "- The bundle lands in `dist/app.js`.\n"
            "- For example, put it in `scripts/your_script.sh`.\n"
            "- Save the following as `policy/deployment.rego`:\n"  # (conftest's: the reader writes it)
            "- Missing for real: `scripts/missing.sh`\n"
            "- This will create an HTML file at `docs/demo.html`.\n"
            "- Then `docs/gone.yaml` will generate the images.\n"),
        "CHANGELOG.md": "- scripts/rotate_keys.sh removed.\n",
        "docs/history/2023.md": "We used to run `scripts/old_deploy.sh`.\n",
        "ops/build.sh": "#!/usr/bin/env bash\nmkdir -p out\ncp scripts/real.sh out/real.sh\nbash out/real.sh\n",
    })
    os.symlink("architecture.md", repo.root / "docs/link.md")
    repo.write("docs/links.md", "See [the linked page](link.md/section.md).\n")
    repo.commit("2024-02-01", "symlink")
    assert found(scan(repo.root), "dangling-reference") == {
        ("docs/runbooks/staging.md", 11): "scripts/missing.sh does not exist",
        ("docs/runbooks/staging.md", 13): "docs/gone.yaml does not exist",
    }


def test_sphinx_docs_resolve_from_the_source_root(repo):
    repo.commit("2024-01-10", files={
        "docs/conf.py": "project = 'x'\nredirects = {\n    'old/page': 'new/page.html',\n}\n",
        "docs/index.rst": "Welcome\n=======\n\n.. toctree::\n\n   ref/models\n",
        "docs/ref/models.rst": "Models\n======\n\nSee :doc:`/topics/intro`, :doc:`fields` and :doc:`../topics/intro`.\n"
                               "Packaging: :external+pypug:doc:`guides/packaging`, :doc:`python:tutorial/venv`.\n"
                               "Write ``polls/views.py`` like the tutorial says.\n"
                               "Gone: :doc:`/topics/removed` and :doc:`Old fields <old_fields>`.\n",
        "docs/ref/fields.txt": "Fields\n======\n",
        "docs/topics/intro.rst": "Intro\n=====\n\n.. literalinclude:: ../../src/app.py\n",
        "docs/redirects.txt": "ref/old_page.rst ref/models.rst\n",
        "src/app.py": "print('app')\n",
    })
    report = scan(repo.root)
    assert sorted((f["path"], f["line"], f["message"]) for f in report["findings"]
                  if f["rule"] == "dangling-reference") == [
        ("docs/ref/models.rst", 7, "/topics/removed does not exist (no docs/topics/removed)"),
        ("docs/ref/models.rst", 7, "old_fields does not exist (no docs/ref/old_fields)"),
    ]


def test_jekyll_permalinks_and_site_urls_are_not_files(repo):
    repo.commit("2024-01-10", files={
        "docs/_config.yml": "title: Shop\n",
        "docs/setup.md": "---\npermalink: /setup/\nredirect_from:\n  - /install/\n---\n# Setup\n",
        "docs/index.md": "Start at [setup](/setup/), or [install](/install/), or [setup page](setup.html).\n"
                         "Missing: [guide](guide.md).\n",
    })
    assert found(scan(repo.root), "dangling-reference") == {
        ("docs/index.md", 2): "guide.md does not exist (no docs/guide.md)",
    }



def test_a_route_a_page_declares_now_serves_a_url_whose_old_page_is_gone(repo):
    """jekyll's docs moved `docs/team.md` to `docs/pages/team.md` (with `permalink: /team/`) and
    dropped `docs/help/`, whose URL `community.md` now takes (`redirect_from: /help/index.html`):
    links to `/team/` and `/help/` work. A URL no page declares, whose page is gone, does not."""
    repo.commit("2018-01-10", files={
        "docs/_config.yml": "title: Shop\n",
        "docs/team.md": "# Team\n",
        "docs/help/index.md": "# Help\n",
        "docs/old.md": "# Old\n",
    })
    for gone in ("docs/team.md", "docs/help/index.md", "docs/old.md"):
        (repo.root / gone).unlink()
    repo.commit("2018-09-01", files={
        "docs/pages/team.md": "---\npermalink: /team/\n---\n# Team\n",
        "docs/community.md": "---\nredirect_from: \"/help/index.html\"\n---\n# Community\n",
        "docs/index.md": "Meet [the team](/team/), get [help](/help/).\nRead [the old page](/old/).\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/index.md", 2)}


def test_a_links_url_escapes_are_the_file_names_characters(repo):
    """vite's `<img src="./asset/percent%25.png" />` shows `asset/percent%.png`, and
    `[notes](my%20notes.md)` links `my notes.md`: a browser decodes a URL's escapes."""
    repo.commit("2024-01-10", files={
        "site/asset/percent%.png": "png\n",
        "site/my notes.md": "# Notes\n",
        "site/index.html": '<img src="./asset/percent%25.png" />\n',
        "site/README.md": "See [notes](my%20notes.md).\nAnd [plans](my%20plans.md).\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("site/README.md", 2)}

def test_links_to_this_repository_on_its_host_are_repo_paths(repo):
    repo.commit("2024-01-10", files={
        "docs/exists.md": "# here\n",
        "README.md": "- https://github.com/acme/shop/blob/main/docs/exists.md\n"
                     "- https://github.com/acme/shop/blob/main/docs/gone.md\n"
                     "- https://github.com/acme/shop/blob/v1.0/docs/gone.md\n"
                     "- https://github.com/other/lib/blob/main/docs/gone.md\n",
    })
    repo.git("remote", "add", "origin", "git@github.com:acme/shop.git")
    assert set(found(scan(repo.root), "dangling-reference")) == {("README.md", 2)}


def test_links_on_tags_ask_git_for_the_branch_once_per_scan(repo, tmp_path):
    """A hosted link on a ref that is no default branch resolves locally only on that branch:
    the branch is read once for the scan, not once per link (a git process each)."""
    links = "".join(f"- https://github.com/acme/shop/blob/v1.{n}/docs/gone{n}.md\n" for n in range(6))
    repo.commit("2024-01-10", files={"docs/exists.md": "# here\n", "README.md": links})
    repo.git("remote", "add", "origin", "git@github.com:acme/shop.git")
    trace = tmp_path / "trace"
    env = {**os.environ, "GIT_TRACE": str(trace)}
    proc = subprocess.run([sys.executable, "-m", "indexer", "scan", str(repo.root), "--now", NOW, "--format",
                           "json", "--cache-dir", str(tmp_path / "cache")], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    asked = [line for line in trace.read_text().splitlines() if line.endswith("git rev-parse --abbrev-ref HEAD")]
    assert len(asked) <= 1, asked
    assert json.loads(proc.stdout)["findings"] == []  # (tag links to missing files are no claim on this branch)


def test_ci_docker_make_package_and_config_files(repo):
    """A Dockerfile's `COPY` of a file this repository removed is stale; one of a file it never
    had is built before the image (moby's `COPY diagnosticClient`, a binary its Makefile builds),
    or belongs to the project a template is for (azure-functions-core-tools' `COPY package.json`
    in `Dockerfile.javascript`): no claim."""
    repo.commit("2023-01-10", files={"services/orders/boot.sh": "echo\n"})
    os.remove(repo.root / "services/orders/boot.sh")
    repo.commit("2024-01-10", files={
        ".github/workflows/ci.yml": "jobs:\n  a:\n    steps:\n      - uses: ./.github/actions/missing\n"
                                    "      - run: python scripts/check_migrations.py\n"
                                    "      - working-directory: web\n        run: npm test\n",
        "services/orders/Dockerfile": "FROM python:3.12\nCOPY requirements.txt .\nCOPY boot.sh .\n"
                                      "COPY --from=build /app/dist ./dist\nCOPY diagnosticClient /usr/bin/\n",
        "services/orders/requirements.txt": "fastapi\n",
        "services/orders/settings.yaml": "logging_config: services/orders/logging.ini\n",
        "Makefile": "release:\n\t./tools/gone.sh $(VERSION)\n",
        "tools/keep.sh": "echo\n",
        "scripts/other.py": "1\n",
        "web/package.json": '{"scripts": {"build": "node scripts/gone.js", "test": "vitest"}}\n',
        "web/scripts/ok.js": "1\n",
        "web/tsconfig.json": '{\n  "extends": "./tsconfig.base.json"\n}\n',
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        (".github/workflows/ci.yml", 4), (".github/workflows/ci.yml", 5),
        ("services/orders/Dockerfile", 3), ("services/orders/settings.yaml", 1),
        ("Makefile", 2), ("web/package.json", 1), ("web/tsconfig.json", 2),
    }


# --------------------------------------------------------------------------- dangling-command
def test_documented_commands_that_do_not_exist(repo):
    repo.commit("2024-01-10", files={
        "Makefile": ".PHONY: test\ntest:\n\tpytest\n",
        "web/package.json": '{"scripts": {"lint": "eslint src", "build": "vite build"}}\n',
        "README.md": "Run `make test`, then `make deploy-old`.\n\n"
                     "```sh\ncd web && pnpm lint\nnpm run legacy-build\nyarn build\n```\n\n"
                     "Build GEOS first: `./configure && make && make install`.\n",
        "scripts/ci.sh": "make deploy-old\n",
    })
    assert found(scan(repo.root), "dangling-command") == {
        ("README.md", 1): "`make deploy-old`: no Makefile has a target deploy-old",
        ("README.md", 5): "`npm run legacy-build`: no package.json has a script legacy-build",
    }


def test_a_documents_commands_in_a_clone_of_another_repository_are_its(repo):
    """gateway-api's conformance reports each clone an implementation, `cd` into it and run its
    make targets (`make kind-create`), in the clone's block and the blocks after it (gloo's list
    does it in code spans), to the end of the section it was entered in (packer's contributing
    guide clones its docs site under one heading). A clone of this repository, or of a fork of it,
    runs this one's: its missing target is still a finding, and so is one run before the clone,
    after `cd ..` or under the next heading."""
    repo.commit("2024-01-10", files={
        "Makefile": ".PHONY: test\ntest:\n\tpytest\n",
        "reports/varnish/README.md": ("Run `make old-report` here first.\n\n```bash\ngit clone https://github.com/varnish/gateway\n"
                                      "cd gateway\nmake kind-create\n```\n\nThen:\n\n```bash\nmake docker\n"
                                      "./hack/run.sh conformance\n```\n"),
        "reports/gravitee/README.md": ("```bash\ngit clone --depth 1 --branch 4.8.x https://github.com/gravitee-io/op.git && cd op"
                                       " && make start-cluster\ncd ..\nmake tset\n```\n"),
        "reports/gloo/README.md": ("1. `git clone https://github.com/solo-io/gloo && cd gloo`\n"
                                   "2. Run the suite: `make conformance-experimental`\n"),
        "docs/contributing.md": ("# Contributing\n\n## The docs site\n\n```bash\ngit clone https://github.com/o/site\n"
                                 "cd site\n```\n\n### Build it\n\n```bash\nmake website\n```\n\n## Lint\n\n"
                                 "```bash\nmake lnt\n```\n"),
        "docs/contributing.rst": ("Site\n====\n\n::\n\n    $ git clone https://github.com/o/site\n    $ cd site\n"
                                  "    $ make website\n\nLint\n====\n\n::\n\n    $ make lnt\n"),
        "CONTRIBUTING.md": ("```bash\ngit clone https://github.com/<you>/shop.git\ncd shop\nmake tets\n```\n\n"
                            "```bash\ngit clone git@github.com:acme/shop.git\ncd shop\nmake lnt\n```\n"),
    })
    repo.git("remote", "add", "origin", "https://github.com/acme/shop.git")
    assert set(found(scan(repo.root), "dangling-command")) == {
        ("reports/varnish/README.md", 1), ("reports/gravitee/README.md", 4), ("CONTRIBUTING.md", 4),
        ("CONTRIBUTING.md", 10), ("docs/contributing.md", 19), ("docs/contributing.rst", 15)}
    assert set(found(scan(repo.root), "dangling-reference")) == set()


def test_a_clone_of_this_repository_is_known_by_its_go_module(repo):
    """ytt's `docs/dev.md` clones github.com/carvel-dev/ytt and runs `./hack/test-unit.sh`, deleted
    in 2021; its go.mod says `module carvel.dev/ytt`, whatever the checkout's remote. Where nothing
    says which repository this is (celery's metadata is in setup.py), a clone may be this one:
    what follows it is read as this repository's, as before."""
    repo.commit("2021-01-10", files={"hack/test-unit.sh": "go test ./...\n"})
    repo.git("rm", "-q", "hack/test-unit.sh")
    repo.commit("2021-05-28", files={
        "go.mod": "module carvel.dev/ytt\n\ngo 1.21\n",
        "docs/dev.md": ("```bash\ngit clone https://github.com/carvel-dev/ytt ./src/github.com/carvel-dev/ytt\n"
                        "cd ./src/github.com/carvel-dev/ytt\n./hack/test-unit.sh\n```\n")})
    repo.git("remote", "add", "origin", "/srv/ci/checkout-1234")
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/dev.md", 4)}
    repo.git("rm", "-q", "go.mod")
    repo.git("remote", "remove", "origin")
    repo.commit("2021-06-01", files={"docs/other.md": "```bash\ngit clone https://github.com/o/tool\ncd tool\n./hack/test-unit.sh\n```\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/dev.md", 4), ("docs/other.md", 4)}


def test_commands_of_a_tool_the_repository_does_not_use_are_no_claim(repo):
    repo.commit("2024-01-10", files={"README.md": "Run `npm run build` and `make docs`.\n"})
    assert found(scan(repo.root), "dangling-command") == {}


def test_more_traps_from_real_projects(repo):
    repo.commit("2024-01-10", files={
        "docs/conf.py": "extensions = ['sphinx.ext.intersphinx', 'myst_parser']\n"
                        "exclude_patterns = ['_build', 'old/page.rst']\n",
        "docs/index.rst": "Index\n=====\n\nRegexes: :doc:`regular expressions <library/re>`.\n"
                          ".. include:: ../CONTRIBUTING.rst\n",
        "docs/guide.md": "See [`attrs.define`](attrs.define) and [labels](some-label).\n",
        "docs/code_of_conduct.rst": "Be kind\n=======\n",
        "CONTRIBUTING.rst": "Read :doc:`code_of_conduct` first. Keep ``pyproject.toml/setup.cfg`` in sync.\n",
        "pyproject.toml": "[tool.x]\nname = 'x'\n",
        "setup.cfg": "[testing]\nprofile_file = tests/profiles.txt\nconfig_file = tests/missing.ini\n",
        "tests/conftest.py": "PATHS = ['tests/data/fixture.json']\n",
        "ci/fastapi.sh": "#!/usr/bin/env bash\ngit clone https://example.com/fastapi.git fastapi\ncd fastapi\n"
                         "./scripts/test.sh --deselect tests/test_openapi.py\n",
        "requirements/dev.txt": "# This file is autogenerated by pip-compile\n#    via -r requirements/dev.in\n",
        "site/searchindex.js": "Search.setIndex({})\n",
        "site/index.html": '<link rel="stylesheet" href="_static/default.css">\n',
        "site/_static/basic.css": "body {}\n",
    })
    assert found(scan(repo.root), "dangling-reference") == {
        ("setup.cfg", 3): "tests/missing.ini does not exist",
    }


def test_rescan_after_the_remote_changes_gives_the_new_result(repo):
    """The memoised scan is keyed on the remote URL: links to this repository's hosting site are
    claims about its files only while the remote says it is that repository (issue 12, part 6)."""
    repo.commit("2026-01-10", files={"README.md": "See [x](https://github.com/acme/widget/blob/main/docs/gone.md).\n"})
    repo.git("remote", "add", "origin", "https://github.com/acme/widget.git")
    assert set(found(scan(repo.root), "dangling-reference")) == {("README.md", 1)}
    repo.git("remote", "set-url", "origin", "https://github.com/other/thing.git")
    assert found(scan(repo.root), "dangling-reference") == {}
    repo.git("remote", "set-url", "origin", "git@github.com:acme/widget.git")
    assert set(found(scan(repo.root), "dangling-reference")) == {("README.md", 1)}


def test_package_roots_tests_and_placeholders_on_real_repository_shapes(repo):
    """Issue 12, part 3: a path relative to its package's folder or `src/` exists; a path in a
    test names the files the test builds (even one the repository once had); `[#1](url)` and
    Vue's `:href="post.url"` are placeholders; the genuinely gone file is still reported."""
    repo.commit("2021-05-01", files={".changeset/pre.json": "{}\n", "docs/old-guide.md": "# Old\n",
                                     "default-files/README.md": "# Defaults\n", "tool/core.py": "x = 1\n"})
    repo.git("rm", "-q", ".changeset/pre.json", "docs/old-guide.md", "default-files/README.md", "tool/core.py")
    repo.commit("2022-05-01", files={
        "packages/cli/package.json": '{"name": "cli"}\n',
        "packages/cli/default-files/README.md": "# Defaults\n",
        "packages/cli/src/commands/init.ts": 'const readme = "default-files/README.md";\n',
        "packages/cli/src/commands/init.test.ts": 'write(".changeset/pre.json", "{}");\nread("out/gone.txt");\n',
        # (biome names its Rust test modules `*.tests.rs`)
        "crates/lsp/src/server.tests.rs": 'fn t() { open("default-files/README.md"); }\n',
        "pyproject.toml": "[project]\nname = 'tool'\n",
        "src/tool/core.py": "x = 1\n",
        "docs/api.md": "The core lives in `tool/core.py`. See [#123](url) and the [old guide](old-guide.md).\n",
        "site/.vitepress/config.ts": "export default {}\n",
        "site/blog/index.md": '<a :href="post.url">{{ post.title }}</a>\n![Banner](/blog/banner.png)\n',
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/api.md", 1)}


def test_ignore_lists_and_gitattributes_claim_only_what_history_removed(repo):
    """An exclusion or ignore list (`.jshintignore`, `.gitattributes`, `paths-ignore:`) may name
    what never existed; naming a path that was deleted or moved away is a list left behind."""
    repo.commit("2022-01-01", files={"theme/js/highlight.pack.js": "x\n", "pkg/_vendor/six.py": "x\n",
                                     "docs/old.md": "# Old\n"})
    repo.git("rm", "-q", "-r", "theme/js/highlight.pack.js", "pkg/_vendor", "docs/old.md")
    repo.commit("2023-01-01", files={
        "theme/js/base.js": "x\n", "src/pkg/_vendor/six.py": "x\n", "docs/new.md": "# New\n",
        ".jshintignore": "theme/js/highlight.pack.js\ntheme/js/never-here.js\ntheme/**/*.min.js\n",
        ".gitattributes": "pkg/_vendor/** linguist-generated=true\nsrc/pkg/_vendor/** linguist-generated\n",
        ".github/workflows/ci.yml": "on:\n  push:\n    paths-ignore:\n      - docs/never.md\n      - theme/js/base.js\n",
        "mkdocs.yml": "plugins:\n  - redirects:\n      redirect_maps:\n        docs/old.md: docs/new.md\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {(".jshintignore", 1), (".gitattributes", 1)}


def test_conventional_files_named_bare_resolve_by_name(repo):
    """`CONTRIBUTING.rst` in a PR template: dangling once the root file is deleted or renamed and
    no file of that name is left; `README.md` exists beside many files; a name the repository
    never had claims nothing."""
    repo.commit("2022-01-01", files={"CONTRIBUTING.rst": "x\n", "CHANGES.rst": "x\n"})
    repo.git("rm", "-q", "CONTRIBUTING.rst")
    repo.git("mv", "CHANGES.rst", "CHANGES.md")
    repo.commit("2023-01-01", files={
        "docs/README.md": "# Docs\n",
        ".github/pull_request_template.md": "<!--\nFollow each step in CONTRIBUTING.rst.\n"
                                            "- Add an entry in CHANGES.rst.\n- Read README.md and SECURITY.md.\n-->\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        (".github/pull_request_template.md", 2), (".github/pull_request_template.md", 3)}


def test_a_tools_working_folder_and_a_sites_theme(repo):
    """Files made and consumed all the time (`.changeset/*.md`) leave history full of deletions:
    a guide naming one describes the workflow. A MkDocs page's link to `img/favicon.ico` is served
    from the theme kept in the repository. A file deleted from a stable folder is still dangling."""
    notes = {f".changeset/note-{i}.md": f"note {i}\n" for i in range(60)}
    repo.commit("2023-01-01", files={**notes, ".changeset/pre.json": "{}\n", ".changeset/config.json": "{}\n",
                                     "scripts/release.sh": "echo\n", "scripts/build.sh": "echo\n"})
    repo.git("rm", "-q", "--", *notes, ".changeset/pre.json", "scripts/release.sh")
    repo.commit("2023-06-01", files={
        "mkdocs.yml": "site_name: x\n",
        "mkdocs_pkg/themes/plain/img/favicon.ico": "x\n",
        "docs/guide.md": "Edit the `\"tag\"` in `.changeset/pre.json`.\n\n[favicon]: img/favicon.ico\n\n"
                         "Run `scripts/release.sh` to release.\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/guide.md", 5)}


def test_links_to_this_repository_known_from_its_metadata_whatever_the_remote(repo):
    """A CI clone's remote can be anything: go.mod's module path, package.json `repository` and
    pyproject `[project.urls]` say which repository links name (issue 12, part 3)."""
    repo.commit("2026-01-10", files={
        "go.mod": "module github.com/acme/widget\n\ngo 1.22\n",
        "package.json": '{"name": "w", "repository": {"url": "git+https://github.com/acme/web.git"}}\n',
        "pyproject.toml": "[project]\nname = 'w'\n[project.urls]\nSource = 'https://gitlab.com/acme/py'\n",
        "README.md": "[a](https://github.com/acme/widget/blob/main/docs/gone.md)\n\n"
                     "[b](https://github.com/acme/web/tree/main/web/gone)\n\n"
                     "[c](https://gitlab.com/acme/py/-/blob/main/py/gone.py)\n\n"
                     "[d](https://github.com/other/repo/blob/main/docs/gone.md)\n",
    })
    repo.git("remote", "add", "origin", "/srv/ci/checkout-1234")
    assert set(found(scan(repo.root), "dangling-reference")) == {("README.md", 1), ("README.md", 3), ("README.md", 5)}


def test_a_path_the_code_tests_for_is_no_claim(repo):
    """knative's plugin builder runs in a user's repository: `if fileExists("hack/update-dep.sh")`,
    else `fmt.Println("hack/update-dep.sh script doesn't exist")`. Neither line says the file is
    here; a path the code reads is still a claim."""
    repo.commit("2020-01-10", files={"hack/update-dep.sh": "#!/bin/sh\n", "hack/config.yaml": "a: 1\n"})
    repo.git("rm", "-q", "hack/update-dep.sh", "hack/config.yaml")
    repo.commit("2024-09-03", files={"tools/distro.go": (
        'package plugin\n\nfunc update() {\n'
        '\tif fileExists("hack/update-dep.sh") {\n\t\trun()\n\t} else {\n'
        '\t\tfmt.Println("hack/update-dep.sh script doesn\'t exist")\n\t}\n'
        '\tif _, err := os.Stat("hack/update-dep.sh"); err != nil {\n\t\treturn\n\t}\n'
        '\tload("hack/config.yaml")\n}\n')})
    assert set(found(scan(repo.root), "dangling-reference")) == {("tools/distro.go", 12)}


def test_a_pyproject_url_of_another_repository_is_not_this_ones(repo):
    """scikit-build's `[project.urls]` lists `Examples`, its sample projects' repository, beside its
    own `Homepage` and `"Bug Tracker"`: a link into the samples names none of this repository's files.
    (tox writes `urls.Source` in `[project]`.)"""
    repo.commit("2026-01-10", files={
        "pyproject.toml": ("[project]\nname = 'w'\nurls.Source = 'https://github.com/acme/v'\n[project.urls]\n"
                           "\"Bug Tracker\" = 'https://github.com/acme/w/issues'\n"
                           "Examples = 'https://github.com/acme/w-samples'\n"),
        "README.md": "[a](https://github.com/acme/w/blob/main/docs/gone.md)\n\n"
                     "[b](https://github.com/acme/w-samples/tree/master/projects/hello-cpp)\n\n"
                     "[c](https://github.com/acme/v/blob/main/docs/gone.md)\n",
    })
    repo.git("remote", "add", "origin", "/srv/ci/checkout-1234")
    assert set(found(scan(repo.root), "dangling-reference")) == {("README.md", 1), ("README.md", 5)}


def test_a_test_samples_manifest_names_what_the_test_makes(repo):
    """scikit-build's `tests/samples/issue-401-sdist-with-symlinks/MANIFEST.in` includes `VERSION`,
    a link its test creates since the link left git: a test's input file, as its YAML and Markdown
    are. The project's own MANIFEST.in still claims its files."""
    repo.commit("2025-01-10", files={"tests/samples/links/VERSION": "1.0\n", "CHANGES": "1.0\n"})
    repo.git("rm", "-q", "tests/samples/links/VERSION", "CHANGES")
    repo.commit("2026-03-05", files={"tests/samples/links/MANIFEST.in": "include README\ninclude VERSION\n",
                                     "tests/samples/links/README": "sample\n",
                                     "MANIFEST.in": "include CHANGES\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {("MANIFEST.in", 1)}


def test_find_patterns_and_other_repositories_claim_nothing(repo):
    """`find . -path ./vendor -prune` tests a path; prose placing a file in another repository
    is no claim about this one (issue 12, part 3)."""
    repo.commit("2024-01-10", files={"scripts/gone.sh": "echo\n"})
    repo.git("rm", "-q", "scripts/gone.sh")
    repo.commit("2025-01-10", files={
        "scripts/lint.sh": "#!/bin/sh\nfind . -path ./vendor -prune -o -name '*.go' -print\ncat ./build/x.txt\n",
        "docs/notes.md": "The file `scripts/gone.sh` in the get-pip repository does that.\n\n"
                         "Run `scripts/gone.sh` first.\n",
        "build/y.txt": "y\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("scripts/lint.sh", 3), ("docs/notes.md", 3)}


def test_manifest_in_includes_are_claims_and_prunes_are_not(repo):
    repo.commit("2025-01-10", files={
        "MANIFEST.in": "include LICENSE.txt docs/guide.md\nrecursive-include src/pkg *.py\n"
                       "graft tests\nprune build\nglobal-exclude *.pyc\n",
        "LICENSE.txt": "x\n", "src/pkg/a.py": "x\n", "tests/t.py": "x\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("MANIFEST.in", 1)}


def test_tree_listings_in_docs_resolve_under_their_parent_folder(repo):
    repo.commit("2022-03-01", files={
        "tools/build_env.py": "x = 1\n", "tools/ci/run.sh": "true\n", "tools/old.py": "y = 2\n",
        "docs/layout.md": (
            "# Layout\n\nThe tools folder:\n\n```text\ntools/\n├── build_env.py\n├── ci/\n│   ├── run.sh\n"
            "│   └── lint.sh\n├── old.py        # kept for now\n└── gone/\n    └── deep.py\n```\n\n"
            "A project you create looks like this:\n\n```\nmyproject/\n├── setup.py\n└── src/\n    └── app.py\n```\n\n"
            "Or, from the top:\n\n    .\n    ├── tools\n    │   └── missing_top.py\n    └── README.md\n"),
    })
    os.remove(repo.root / "tools/old.py")
    repo.commit("2023-05-01")
    dangling = found(scan(repo.root), "dangling-reference")
    assert ("docs/layout.md", 10) in dangling  # tools/ci/lint.sh: its folder is listed and exists
    assert "tools/old.py was deleted" in dangling[("docs/layout.md", 11)]
    assert ("docs/layout.md", 12) in dangling  # tools/gone: missing folder, one finding ...
    assert ("docs/layout.md", 13) not in dangling  # ... not one per file under it
    assert ("docs/layout.md", 29) in dangling  # `.` root: tools/missing_top.py under a folder that exists
    assert not {line for path, line in dangling if path == "docs/layout.md" and 19 <= line <= 22}  # myproject/
    assert not {line for path, line in dangling if path == "docs/layout.md" and line in (7, 8, 9, 28, 30)}
    entries = {(line, target) for line, target, kind in kinds("docs/layout.md", (repo.root / "docs/layout.md").read_text())
               if kind == "tree-entry"}
    assert (9, "tools/ci/run.sh") in entries and (13, "tools/gone/deep.py") in entries


def test_a_listing_that_names_a_placeholder_project_is_that_projects(repo):
    """pdm-backend's build docs draw `mypackage`'s layout and list what its archive holds; their
    `tests/test_lib.py` is that project's, though this repository has a `tests/` of its own. A
    listing of this repository's files with one gone still claims it."""
    repo.commit("2024-01-10", files={
        "tests/test_api.py": "x = 1\n",
        "docs/build.md": ("# Build\n\n```\n.\n├── pyproject.toml\n├── mypackage\n│   └── lib.py\n└── tests\n"
                          "    └── test_lib.py\n```\n\nThe archive holds:\n\n```\npyproject.toml\nPKG-INFO\n"
                          "mypackage/lib.py\ntests/test_lib.py\n```\n\nOurs:\n\n```\ntests/test_api.py\n"
                          "tests/test_gone.py\n```\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/build.md", 25)}


def test_a_path_said_to_be_absent_on_purpose_claims_nothing(repo):
    """multidict's AGENTS.md and pre-commit hook say what must not be there: "this repo does not
    ship its own `.github/PULL_REQUEST_TEMPLATE.md`", "`tests/__init__.py` must not exist", "do
    not commit build artefacts (`multidict/_multilib/views.h.old`)"."""
    repo.commit("2024-01-10", files={
        "tests/test_a.py": "x = 1\n", "multidict/_multilib/views.h": "int x;\n",
        "docs/index.md": "# Docs\n",
        "AGENTS.md": ("# Agents\n\nThis repo does not ship its own `.github/PULL_REQUEST_TEMPLATE.md`.\n\n"
                      "- Do not commit build artefacts (`*.so`, `multidict/_multilib/views.h.old`).\n\n"
                      "The `tests/__init__.py` module must not exist.\n\nSee `docs/gone.md`.\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("AGENTS.md", 9)}


def test_what_a_script_writes_through_a_variable_is_no_claim(repo):
    """security-profiles-operator's e2e script names its manifest in a variable, then writes it
    (`cp deploy/operator.yaml ${OPERATOR_MANIFEST}`, `cat <<EOF >$manifests`); its Makefile's
    recipe copies into `recorder.bpf.o.$*`, a name make completes, and compose-on-kubernetes' builds
    `e2e/e2e.test$(EXEC_EXT)` (empty on Linux) that `ginkgo` runs; conda-lock's vendoring script
    downloads `"conda_lock/_vendor/${package}.LICENSE"` in a loop, then diffs one of them. A path
    the script only reads is still claimed."""
    repo.commit("2023-01-10", files={"vendor/poetry-core.LICENSE": "MIT\n"})
    repo.git("rm", "-q", "vendor/poetry-core.LICENSE")
    repo.commit("2024-01-10", files={
        "vendor/README.md": "# Vendored\n",
        "hack/licenses.sh": ('#!/bin/bash\nfor package in poetry poetry-core; do\n'
                             '  curl -s "https://example.com/${package}/LICENSE" > "vendor/${package}.LICENSE"\n'
                             "done\ndiff vendor/poetry-core.LICENSE vendor/README.md\n"),
        "deploy/operator.yaml": "kind: x\n",
        "hack/e2e.sh": ("#!/bin/bash\nOPERATOR_MANIFEST=deploy/operator-ci.yaml\n"
                        "cp deploy/operator.yaml ${OPERATOR_MANIFEST}\nmanifests=examples/olm/custom.yaml\n"
                        "cat <<EOF >$manifests\nkind: y\nEOF\nREAD=deploy/gone.yaml\nkubectl apply -f $READ\n"),
        "Makefile": ("bpf/recorder.bpf.o.%: bpf/recorder.c\n\tcp -f result/recorder.bpf.o ./bpf/recorder.bpf.o.$*\n"
                     "\tchmod 0644 ./bpf/recorder.bpf.o.$*\n"
                     "e2e-binary:\n\tgo test -c ./e2e -o e2e/e2e.test$(EXEC_EXT)\ne2e: e2e-binary\n\tginkgo -v e2e/e2e.test\n"),
        "e2e/main_test.go": "package e2e\n",
        "bpf/recorder.c": "int x;\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("hack/e2e.sh", 8)}


def test_a_folder_a_script_moves_into_after_a_variable_one(repo):
    """sig-storage-local-static-provisioner's `hack/update-generated.sh` does `cd $ROOT`, then `cd
    helm`, then `helm template ./provisioner` (and a commented-out run of the same): the chart in
    `helm/`, not the root `provisioner/` deleted in 2019. A chart missing there too still counts."""
    repo.commit("2019-01-10", files={"provisioner/main.go": "package main\n", "gone-chart/x/Chart.yaml": "name: x\n"})
    repo.git("rm", "-q", "-r", "provisioner", "gone-chart")
    repo.commit("2019-04-17", files={
        "helm/provisioner/Chart.yaml": "name: p\n",
        "hack/update-generated.sh": ("#!/bin/bash\nROOT=$(unset CDPATH && cd $(dirname \"${BASH_SOURCE[0]}\")/.. && pwd)\n"
                                     "cd $ROOT\ncd helm\n# helm2 template -f x ./provisioner > out.yaml\n"
                                     "helm template -f x ./provisioner > out.yaml\nhelm template ./gone-chart/x\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("hack/update-generated.sh", 7)}


def test_a_cd_inside_a_subshell_ends_with_it(repo):
    """ytt's build script zips its lambda in a subshell, `(`, `cd tmp`, ..., `)`: the lines after
    it run where the script stood, not in the git-ignored `tmp/` (which would make their missing
    paths build outputs)."""
    repo.commit("2023-01-10", files={"hack/generate-docs.sh": "echo\n"})
    repo.git("rm", "-q", "hack/generate-docs.sh")
    repo.commit("2024-01-10", files={
        ".gitignore": "tmp/\n",
        "hack/build.sh": "#!/bin/bash\ngo build -o ./tmp/ytt .\n(\n\tcd tmp\n\tzip x.zip ytt\n)\n./hack/generate-docs.sh\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("hack/build.sh", 7)}


def test_make_targets_of_an_included_dot_make_file(repo):
    """kubernetes-csi's `release-tools/build.make`, which the root Makefile includes, defines
    `container` and `push`: the README's `make container` runs, and compose-on-kubernetes' `make -f
    debug.Makefile install-debug-images`; a target nobody defines does not."""
    repo.commit("2024-01-10", files={
        "Makefile": "include release-tools/build.make\n",
        "debug.Makefile": "install-debug-images:\n\tdocker build .\n",
        "release-tools/build.make": "container: build\n\tdocker build .\npush: container\n\tdocker push x\nbuild:\n\tgo build\n",
        "README.md": "# Build\n\n```sh\nmake container\nmake push\nmake -f debug.Makefile install-debug-images\nmake gone\n```\n",
    })
    assert set(found(scan(repo.root), "dangling-command")) == {("README.md", 7)}


def test_history_decades_older_than_the_referring_line_confirms_nothing(repo):
    repo.commit("2009-06-01", files={"tools/gen.py": "x = 1\n", "tools/keep.py": "y = 1\n", "scripts/run.sh": "true\n"})
    os.remove(repo.root / "tools/gen.py")
    os.remove(repo.root / "scripts/run.sh")
    repo.commit("2009-07-01")
    repo.commit("2010-01-05", files={"docs/old.md": "Run `tools/gen.py` first; see [the runner](../scripts/run.sh).\n"})
    repo.commit("2024-02-01", files={"docs/new.md": "Run `tools/gen.py` first; see [the runner](../scripts/run.sh).\n"})
    dangling = {(f["path"], f["target"]): f["message"]
                for f in scan(repo.root)["findings"] if f["rule"] == "dangling-reference"}
    # written half a year after the deletion: history confirms it
    assert "tools/gen.py was deleted in" in dangling[("docs/old.md", "tools/gen.py")]
    assert "was deleted in" in dangling[("docs/old.md", "../scripts/run.sh")]
    # written 15 years later: that deletion is about something else; the link still does not exist
    assert ("docs/new.md", "tools/gen.py") not in dangling
    assert "does not exist" in dangling[("docs/new.md", "../scripts/run.sh")]
    assert "deleted" not in dangling[("docs/new.md", "../scripts/run.sh")]


def test_a_recent_removal_needs_no_blame_of_the_lines_naming_it(repo, tmp_path):
    """The evidence gap asks when a referring line was written only for removals older than
    the gap: a deletion of last year is confirmed by any line, so nothing is blamed for it (a
    blame `--since` a future date gave every line to the work tree: uncommitted, never cached)."""
    repo.commit("2025-01-10", files={"tools/gen.py": "x = 1\n", "docs/use.md": "Run `tools/gen.py` first.\n"})
    os.remove(repo.root / "tools/gen.py")
    repo.commit("2025-06-01")
    trace = tmp_path / "trace"
    proc = subprocess.run([sys.executable, "-m", "indexer", "scan", str(repo.root), "--now", NOW, "--format", "json",
                           "--cache-dir", str(tmp_path / "cache")], capture_output=True, text=True,
                          env={**os.environ, "GIT_TRACE": str(trace)})
    assert proc.returncode == 1, proc.stderr
    dangling = {f["path"]: f["message"] for f in json.loads(proc.stdout)["findings"] if f["rule"] == "dangling-reference"}
    assert "tools/gen.py was deleted in" in dangling["docs/use.md"]
    assert [line for line in trace.read_text().splitlines() if "git blame" in line and "docs/use.md" in line] == []


def test_a_barrel_file_re_exports_are_imports(repo):
    """`export { default as X } from './x'` is an import of `./x.tsx` even in a file that says
    neither `import` nor `require` (a TypeScript barrel `index.ts`), not a string naming `./x`."""
    assert kinds("web/icons/index.ts", "export { default as ApiIcon } from './api'\nexport * from './gone'\n") == {
        (1, "./api", "js-import"), (2, "./gone", "js-import")}
    repo.commit("2019-01-10", files={"api/server.go": "package api\n"})
    os.rename(repo.root / "api", repo.root / "pkg")
    repo.commit("2019-03-15")  # a root `api/` renamed away: history's evidence for a weak mention
    repo.commit("2024-01-10", files={"web/icons/api.tsx": "export default 1\n",
                                     "web/icons/index.ts": "export { default as ApiIcon } from './api'\n"})
    assert found(scan(repo.root), "dangling-reference") == {}


def test_paths_python_code_opens_are_claims(repo):
    repo.commit("2022-03-01", files={
        "setup.cfg": "[metadata]\n", "pkg/__init__.py": "", "pkg/templates.yaml": "a: 1\n",
        "pkg/mod.py": ("from pathlib import Path\nimport os\n\n"
                       "CONFIG = Path(\"setup.cfg\")\n"
                       "SCHEMA = Path(__file__).parent / \"schema.json\"\n"
                       "TEMPLATES = Path(__file__).parent / \"templates.yaml\"\n"
                       "DATA = os.path.join(os.path.dirname(__file__), \"data.toml\")\n"
                       "LOCAL = Path(\"config/local.yaml\")\n"
                       "with open(\"report.txt\", \"w\") as out:\n    pass\n"
                       "if Path(\"optional.cfg\").exists():\n    pass\n"
                       "RC_NAMES = (Path(\"pylintrc.toml\"),)\n"),
        "tests/test_mod.py": "from pathlib import Path\nFIXTURE = Path(\"fixture.json\")\n",
    })
    os.remove(repo.root / "setup.cfg")
    repo.commit("2023-01-01", files={"pyproject.toml": "[project]\nname = 'pkg'\n",
                                     "tools/release.py": "from pathlib import Path\nCONFIG = Path(\"setup.cfg\")\n"})
    dangling = found(scan(repo.root), "dangling-reference")
    # a package's module looks `setup.cfg` up where it runs (distutils'), a script in the repository
    assert ("pkg/mod.py", 4) not in dangling
    assert "setup.cfg was deleted in" in dangling[("tools/release.py", 2)]
    assert "pkg/schema.json" in dangling[("pkg/mod.py", 5)]  # beside the module, where __file__ says
    assert "pkg/data.toml" in dangling[("pkg/mod.py", 7)]
    # exists; folder nowhere; written; tested for; a name looked for where it runs (pylint's)
    for line in (6, 8, 9, 11, 13):
        assert ("pkg/mod.py", line) not in dangling
    assert not {key for key in dangling if key[0] == "tests/test_mod.py"}


def test_namespaces_make_patterns_placeholders_tutorial_files_and_own_names_are_no_claims(repo):
    """Shapes from git/git, where they made 398 of 404 dangling-reference findings: a ref
    namespace (`"refs/heads/"`) beside a `refs/` code folder is a folder the repository never
    had; `po/%.po` is a make pattern; `po/XX.po` and `git-foo.adoc` are placeholders; a file a
    tutorial opens as "a new file" is the reader's in its later steps too; `t/` holds tests.
    Release notes renamed `.txt` -> `.adoc` whose title still names the old file name themselves
    (but a script's usage line naming its old name is a command that fails: reported).
    A folder that went away, a file that went away, and a renamed file named elsewhere are still reported."""
    repo.commit("2021-05-01", files={"docs/howto/old.md": "# Old\n", "tools/gen.sh": "echo\n",
                                     "RelNotes/1.0.txt": "Git RelNotes/1.0.txt Release Notes\n"})
    repo.git("rm", "-q", "-r", "docs/howto", "tools/gen.sh")
    repo.git("mv", "RelNotes/1.0.txt", "RelNotes/1.0.adoc")
    repo.commit("2021-06-01", files={"scripts/release": "#!/bin/sh\n"})
    repo.git("mv", "scripts/release", "scripts/release.sh")
    repo.commit("2022-05-01", files={
        "refs/files-backend.c": 'const char *p = "refs/heads/";  /* see refs/tags/ too */\n',
        "refs.c": '#include "refs.h"\nstatic const char *prefix = "refs/remotes/";\n',
        "po/README.md": "# Translations\n\nEdit po/XX.po for your language, then run `make po/%.po`.\n",
        "po/de.po": "msgid \"\"\n",
        "Makefile": "po/%.po: po/git.pot\n\tmsgmerge $@ $<\n",
        "builtin.h": "/*\n * Write documentation in `Documentation/git-foo.adoc`.\n */\n",
        "Documentation/walk.adoc": ("= Walk\n\nOpen up a new file `builtin/walken.c` and add a handler.\n\n"
                                    "Add a function to `builtin/walken.c`.\n"),
        "Documentation/index.adoc": "= Docs\n",
        "builtin/add.c": "int x;\n",
        "t/t7301-clean.sh": "#!/bin/sh\ntouch ../src/part3.c\n",
        "scripts/release.sh": "#!/bin/sh\necho \"usage: ./scripts/release 3.5.0\"\n",
        "src/main.c": "int y;\n",
        "docs/guide.md": "# Guide\n\nThe how-tos are in `docs/howto/`; run tools/gen.sh first.\n\nSee RelNotes/1.0.txt.\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/guide.md", 3), ("docs/guide.md", 5),
                                                                 ("scripts/release.sh", 2)}
    messages = [f["message"] for f in scan(repo.root)["findings"] if f["rule"] == "dangling-reference"]
    assert len(messages) == 4, messages  # the removed folder and script (line 3), the renamed notes (5)


def test_a_download_unpacked_by_ci_and_a_file_the_reader_creates_are_not_the_repositorys():
    """curl's CI unpacks mbedtls and runs its `./scripts/config.py` after `cd "mbedtls-${V}"` (a
    folder named at run time below the current one); its porting guide says "Create
    `lib/config-os.h`." and names that file again later. `cd "$ROOT"` may be the repository."""
    workflow = ("jobs:\n  b:\n    steps:\n      - run: |\n          tar -xjf pkg.bin\n"
                "          cd \"mbedtls-${MBEDTLS_VERSION}\"\n          ./scripts/config.py set X\n"
                "      - run: |\n          cd \"$GITHUB_WORKSPACE\"\n          ./tools/a.sh\n")
    assert kinds(".github/workflows/ci.yml", workflow) == {(10, "./tools/a.sh", "shell")}
    guide = ("# Porting\n\nCreate `lib/config-os.h`. Start from a copy of another one.\n\n"
             "The `lib/config-os.h` file is where your edits go. See `lib/curl_setup.h` too.\n")
    examples = {(r.line, r.target): r.example for r in extract_references("docs/PORTING.md", guide.encode())}
    assert examples == {(3, "lib/config-os.h"): True, (5, "lib/config-os.h"): True, (5, "lib/curl_setup.h"): False}


def test_make_stems_and_placeholder_names_are_told_from_real_file_names():
    from indexer.extract.references.tokens import is_glob, is_placeholder

    assert is_glob("po/%.po") and is_glob("t/greplint/%.test") and not is_glob("docs/a%20b.md")
    assert is_placeholder("po/XX.po") and is_placeholder("Documentation/git-foo.adoc")
    assert not any(is_placeholder(p) for p in ("src/nav-bar.js", "lib/progress_bar.py", "src/food.c", "docs/xml.md"))


def test_other_sites_pages_pages_published_elsewhere_and_other_projects_layouts_are_no_claims(repo):
    """Shapes from cargo (159 dangling-reference findings, 10 after): an mdBook's links to sibling
    books on the same host (`../../std/macro.env.html`, `../../reference/cfg.md`: folders this
    repository does not have), man-page sources rendered into the book that link the book's
    built pages (`../reference/features.html`, source `doc/book/src/reference/features.md`),
    and a project layout most of whose entries are not here. A broken link inside the book and a
    stale entry of a listing of this repository are still reported."""
    layout = ("# Layout\n\n```text\n.\n├── Cargo.lock\n├── Cargo.toml\n├── src/\n│   ├── lib.rs\n│   ├── main.rs\n"
              "│   └── bin/\n│       └── named-executable.rs\n├── benches/\n│   └── large-input.rs\n└── tests/\n"
              "    └── some-integration-tests.rs\n```\n")
    ours = ("# This repository\n\n```text\n.\n├── Cargo.toml\n├── src/\n│   ├── cargo/\n│   │   ├── lib.rs\n"
            "│   │   └── core.rs\n│   └── gone.rs\n└── tests/\n    └── main.rs\n```\n")
    repo.commit("2022-05-01", files={
        "Cargo.toml": "[package]\nname = 'cargo'\n", "src/cargo/lib.rs": "//! lib\n", "src/cargo/core.rs": "//! core\n",
        "tests/main.rs": "//! tests\n", "benches/bench.rs": "//! bench\n",
        "doc/book/book.toml": "[book]\ntitle = 'The Book'\n",
        "doc/book/src/SUMMARY.md": "- [Features](reference/features.md)\n- [Layout](guide/layout.md)\n",
        "doc/book/src/reference/features.md": ("# Features\n\nSee [cfg](../../reference/cfg.md) and [env](../../std/macro.env.html).\n\n"
                                               "Also [the intro](../guide/intro.md).\n"),
        "doc/book/src/guide/layout.md": layout,
        "doc/man/cargo-add.md": "# cargo-add\n\nSee [features](../reference/features.html).\n",
        "docs/repo-layout.md": ours,
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("doc/book/src/reference/features.md", 5),
                                                                 ("docs/repo-layout.md", 10)}


def test_an_example_file_of_the_readers_is_no_claim_though_one_of_that_name_was_removed_here(repo):
    """fastapi's Docker guide: "your project" has a `./requirements.txt` (a Dockerfile's `COPY`,
    a shell line), while fastapi's own root `requirements.txt` was deleted years ago; and a
    template's `ENGLISH_VERSION_URL` link is a placeholder. A link to the same removed file is
    still reported."""
    repo.commit("2021-01-01", files={"requirements.txt": "fastapi\n"})
    repo.git("rm", "-q", "requirements.txt")
    repo.commit("2022-01-01", files={
        "docs/docker.md": ("# Docker\n\nIn your project, the Dockerfile:\n\n```Dockerfile\nCOPY ./requirements.txt /code/\n```\n\n"
                           "For example, install them:\n\n```console\n$ pip install -r ./requirements.txt\n```\n"),
        "docs/banner.md": "This page is a translation of [the English one](ENGLISH_VERSION_URL).\n",
        "CONTRIBUTING.md": "# Contributing\n\nThe pinned versions are in [requirements.txt](requirements.txt).\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("CONTRIBUTING.md", 3)}


@pytest.mark.parametrize("language, text", [
    ("go", 'package x\n\nimport "fmt"\nimport (\n\t"os"\n\tlog "github.com/x/log"\n)\n\nvar s = "import \\"no\\""\n'),
    ("go", 'import "a"; import "b"\n\t import ( "c" ) // import "d"\nfunc f() { s := `\nimport "e"\n` }'),
    ("go", "// no imports here, only the word import in a comment\nfunc importer() {}\n"),
    ("python", "import os, sys as system\nfrom .a import b\nfrom x.y import (z)  # import w\n"),
    ("python", "x = 1\n    from deep.inside import thing\nimportlib = 2\n  import  a.b as c , d\nimport"),
    ("python", "s = 'import' * 3; import os\nimport a  # import b, import c\n" + "import x\n" * 3),
])
def test_python_and_go_imports_are_found_as_a_whole_file_search_finds_them(language, text):
    """Only the lines holding `import` are tried (`code._import_matches`): the same matches, in
    the same order, as `finditer` over the whole text."""
    from indexer.extract.references import code

    pattern = code._IMPORTS[language][0]
    assert [m.span() for m in code._import_matches(pattern, text, language)] == \
        [m.span() for m in pattern.finditer(text)]


def test_a_myst_project_s_labels_and_toctree_options_are_no_paths(repo):
    """black's MyST docs: a toctree's options in a YAML block between `---` lines, and links to
    labels a page defines (`(labels/policy)=` above a heading) whose names hold a `/`. Neither
    is a path (47 false findings on black); a link to a label nobody defines still is one."""
    repo.commit("2024-01-10", files={
        "docs/conf.py": "extensions = ['myst_parser']\n",
        "docs/index.md": "# Docs\n\n```{toctree}\n---\nhidden:\nmaxdepth: 2\n---\n\nguide\n```\n",
        "docs/guide.md": "# Guide\n\n(labels/policy)=\n\n## Policy\n\nStable.\n",
        "docs/other.md": "See the [policy](labels/policy), and [what is gone](labels/gone).\n",
    })
    assert found(scan(repo.root), "dangling-reference") == {
        ("docs/other.md", 1): "labels/gone does not exist (no docs/labels/gone)"}


def test_pages_a_sphinx_configuration_writes_before_the_build_are_no_claim(repo):
    """jupyter_server's `conf.py` copies the CHANGELOG to `other/changelog.md` and writes
    `other/full-config.rst`, which its toctree lists (as ipykernel's, notebook's and jupyterlab's
    copy theirs: 7). A page it names nowhere is still reported, however long ago it went."""
    repo.commit("2020-01-10", files={"docs/source/other/changelog.rst": "Changes\n=======\n"})
    repo.git("rm", "-q", "docs/source/other/changelog.rst")
    repo.commit("2024-01-10", files={
        "CHANGELOG.md": "# Changes\n",
        "docs/source/conf.py": ("import os.path as osp\nHERE = osp.dirname(__file__)\n"
                                "def setup(app):\n    dest = osp.join(HERE, 'other', 'changelog.md')\n"
                                "    write(osp.join(HERE, 'other/full-config.rst'))\n"),
        "docs/source/index.rst": "Docs\n====\n\n.. toctree::\n\n   other/index\n",
        "docs/source/other/index.rst": ("Other\n=====\n\n.. toctree::\n\n   full-config\n   changelog\n"
                                        "   gone\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/source/other/index.rst", 8)}


def test_a_page_a_sphinx_configuration_names_in_a_comment_is_written_before_the_build(repo):
    """nbconvert's `conf.py` runs a script under "# Automatically generate config_options.rst":
    its pages' `:doc:`/config_options`` is that page (6). A page it names nowhere is still reported."""
    repo.commit("2024-01-10", files={
        "docs/source/conf.py": "# Automatically generate config_options.rst\nexec(AUTOGEN)\n",
        "docs/source/index.rst": "Docs\n====\n\nSee :doc:`/config_options`\nand :doc:`/gone`.\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/source/index.rst", 5)}


def test_a_page_that_defines_myst_labels_links_by_label_wherever_its_configuration_is(repo):
    """pulumi builds `docs/architecture/` with `sphinx -c sphinx ..`: no Sphinx root holds its
    pages, whose `[](pulumirpc.Converter)` and `[PCL](pcl)` are MyST cross-references (363). The
    same link on a page with no label of its own is still read as a path."""
    repo.commit("2024-01-10", files={
        "docs/sphinx/conf.py": "extensions = ['myst_parser']\n",
        "docs/architecture/converters.md": ("(converters)=\n# Converters\n\nThey implement [](pulumirpc.Converter)\n"
                                            "and write [PCL](pcl).\n"),
        "docs/plain.md": "# Plain\n\nSee [PCL](pcl).\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/plain.md", 3)}


def test_a_shell_session_s_output_is_no_claim_but_what_make_echoes_is(repo):
    """Under a prompt, the lines that follow are the command's output: black's docs show
    `black src/` printing `error: cannot parse: src/black_primer/cli.py`, a path of the
    reader's project that happens to be one this repository deleted. Under `$ make ...` they
    are the recipe's commands make echoes (traefik's guide: a `docker build` of a folder deleted
    since). A `bash` block is a script, prompts or not."""
    repo.commit("2020-01-10", files={"src/tool/cli.py": "x = 1\n", "script/image/Dockerfile": "FROM scratch\n",
                                     "scripts/old.sh": "echo old\n",
                                     "Makefile": "docs-verify:\n\t@./verify.sh\n", "verify.sh": "true\n"})
    repo.git("rm", "-q", "-r", "src/tool/cli.py", "script/image", "scripts/old.sh")
    repo.commit("2021-03-01", files={"docs/usage.md": (
        "Check a folder:\n\n```console\n$ tool src/\nerror: cannot parse: src/tool/cli.py:5:6\n"
        "reformatted src/tool/cli.py\n```\n\n"
        "Verify the docs:\n\n```console\n$ make docs-verify\ndocker build -t verify ./script/image\n```\n\n"
        "Or run the script:\n\n```bash\n# the old way\n./scripts/old.sh\n```\n"),
        "docs/usage.rst": "Usage\n=====\n\n.. code-block:: console\n\n   $ tool src/\n   reformatted src/tool/cli.py\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/usage.md", 13), ("docs/usage.md", 20)}


def test_a_comment_in_a_shell_block_is_no_command(repo):
    """pydantic's contributing guide: `# Checkout a new branch and make your changes` above the
    commands, `# ... make sure it builds` beside one. English "make" in a script's comment named
    six make targets that do not exist; the commands themselves are still read."""
    repo.commit("2024-01-10", files={
        "Makefile": "docs:\n\techo docs\n",
        "docs/contributing.md": "```bash\n# Checkout a new branch and make your changes\ngit switch -c topic\n"
                                "make docs  # if you changed the docs, make sure it builds\nmake lint\n```\n",
    })
    assert found(scan(repo.root), "dangling-command") == {
        ("docs/contributing.md", 5): "`make lint`: no Makefile has a target lint"}


def test_a_hugo_site_configured_by_config_toml_serves_its_pages_as_urls(repo):
    """minikube's `site/` is a Hugo site from before `hugo.toml` (`config.toml` beside `content/`
    and `layouts/`): `/docs/handbook/pushing/` is a page's URL, not a path (`config.toml` alone
    is a name many tools use)."""
    repo.commit("2024-01-10", files={
        "site/config.toml": "baseURL = '/'\n",
        "site/layouts/index.html": "<html></html>\n",
        "site/content/en/docs/handbook/pushing.md": "# Pushing\n\nSee [the cache](/docs/handbook/pushing/#cache).\n",
    })
    assert found(scan(repo.root), "dangling-reference") == {}


def test_a_hugo_sites_root_urls_are_served_from_its_content_folder(repo):
    """kind moved its docs into a Hugo site (`site/content/docs/...`); its pages link
    `/docs/design/base-image` and show `<img src="/docs/images/diagram.png"/>`, both served from
    `content/` whatever the root's `docs/` once held. A page that went away is still dangling."""
    repo.commit("2019-01-10", files={
        "docs/design/base-image.md": "# Base\n", "docs/design/gone.md": "# Gone\n", "docs/images/diagram.png": "png\n"})
    repo.git("rm", "-q", "-r", "docs")
    repo.commit("2019-02-08", files={
        "site/config.toml": "baseURL = '/'\n",
        "site/layouts/index.html": "<html></html>\n",
        "site/content/docs/design/base-image.md": "# Base\n",
        "site/content/docs/images/diagram.png": "png\n",
        "site/content/docs/design/initial.md": (
            "# Initial\n\n<img src=\"/docs/images/diagram.png\"/>\n\nSee [base-image.md] and [gone].\n\n"
            "[base-image.md]: /docs/design/base-image\n[gone]: /docs/design/gone\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("site/content/docs/design/initial.md", 8)}


def test_a_hugo_sites_default_language_is_served_at_its_root(repo):
    """jobset's Hugo site keeps its English pages in `content/en/` and serves them without the
    `/en/` (`defaultContentLanguageInSubdir = false`, Hugo's default): `overview/_index.md` is
    `/docs/overview/`, whose `<img src="../../images/diagram.png">` is `static/images/`. An image
    the site lacks is still dangling."""
    repo.commit("2024-01-10", files={
        "site/hugo.toml": "contentDir = 'content/en'\n",
        "site/static/images/diagram.png": "png\n",
        "site/content/en/docs/overview/_index.md": (
            "# Overview\n\n<img src=\"../../images/diagram.png\" alt=\"d\">\n\n"
            "<img src=\"../../images/gone.png\" alt=\"g\">\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("site/content/en/docs/overview/_index.md", 5)}


def test_a_docstring_rendered_by_mkdocstrings_links_from_its_page(repo):
    """hatch's plugin interfaces are rendered into its docs (`::: hatch.env.plugin.interface.X` in
    `docs/plugins/environment/reference.md`); a docstring's `[config](../../config/hatch.md)` is
    written from that page. Its `src/hatch/config/` package is no page folder; a page that
    exists nowhere is still dangling."""
    repo.commit("2024-01-10", files={
        "mkdocs.yml": "site_name: hatch\nplugins:\n  - mkdocstrings\n",
        "docs/config/hatch.md": "# Config\n",
        "docs/plugins/environment/reference.md": "# Reference\n\n::: hatch.env.plugin.interface.EnvironmentInterface\n",
        "src/hatch/config/__init__.py": "",
        "src/hatch/env/plugin/interface.py": (
            'class EnvironmentInterface:\n    """See the [config](../../config/hatch.md) and\n'
            '    [the other](../../config/gone.md)."""\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("src/hatch/env/plugin/interface.py", 3)}


def test_a_docs_pages_configuration_example_names_the_readers_files(repo):
    """tox's docs show `[env.fetch]` with `script = "tools/fetch.py"`: the reader's tox.toml, though
    tox has a `tools/` folder of its own; poetry's `docs/` (published by another repository's site)
    `readme = ["docs/README1.md"]`. A path this repository had and deleted is still a claim,
    and so is one in a README's configuration block."""
    repo.commit("2023-01-10", files={"tools/old.py": "print()\n"})
    repo.git("rm", "-q", "tools/old.py")
    repo.commit("2024-01-10", files={
        "tools/generate_manpage.py": "print()\n",
        "docs/conf.py": "project = 'tox'\n",
        "docs/index.rst": "tox\n===\n",
        "docs/how-to/usage.rst": (
            "Usage\n=====\n\n.. code-block:: toml\n\n    [env.fetch]\n    script = \"tools/fetch.py\"\n"
            "    other = \"tools/old.py\"\n"),
        "README.md": "# tox\n\n```toml\n[env.fetch]\nscript = \"tools/fetch.py\"\n```\n",
        "docs/pyproject.md": "# pyproject\n\n```toml\n[tool.poetry]\nreadme = [\"docs/README1.md\"]\n```\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/how-to/usage.rst", 8), ("README.md", 5)}


def test_a_program_outputs_argument_is_a_command_line():
    """twine's docs show `.. program-output:: twine upload -h` (sphinxcontrib-programoutput): the
    output of a command, not a file to include. A script it runs is still a path."""
    rst = "Usage\n=====\n\n.. program-output:: twine upload -h\n\n.. command-output:: python tools/help.py\n"
    assert {(target, kind) for _line, target, kind in kinds("docs/index.rst", rst)} == {("tools/help.py", "shell")}


def test_a_github_actions_readme_shows_its_users_workflows(repo):
    """gh-action-pypi-publish's README shows `# .github/workflows/ci-cd.yml` with the action in
    it: the reader's workflow. Without an `action.yml` at the root, a README's configuration
    block names this repository's files."""
    readme = "# publish\n\n```yaml\n# .github/workflows/ci-cd.yml\njobs:\n  x:\n    runs-on: ubuntu-latest\n```\n"
    repo.commit("2024-01-10", files={"README.md": readme, ".github/workflows/test.yml": "jobs: {}\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {("README.md", 4)}
    repo.commit("2024-01-11", files={"action.yml": "name: publish\nruns:\n  using: docker\n  image: Dockerfile\n",
                                     "Dockerfile": "FROM python:3.12\n"})
    assert found(scan(repo.root), "dangling-reference") == {}


def test_a_root_folder_url_of_a_folder_never_here_is_the_publishing_sites(repo):
    """compose's `docs/reference/*.md` are published on docs.docker.com and link
    `/reference/compose-file/`; no `reference/` folder was ever at the root. A folder URL under
    the `docs/` it has is still this repository's."""
    repo.commit("2024-01-10", files={
        "docs/reference/compose.md": "# compose\n\nSee the [file](/reference/compose-file/) and [old](/docs/gone/).\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/reference/compose.md", 3)}
    (finding,) = scan(repo.root)["findings"]
    assert finding["target"] == "/docs/gone/"


def test_a_workflow_steps_working_directory_an_earlier_step_made_is_no_claim():
    """kubebuilder's helm-samples job makes `test-helm-no-webhooks` in one step and runs the next
    ones in it; a `working-directory` nothing made is still a folder of this repository."""
    workflow = ("jobs:\n  test:\n    steps:\n      - run: mkdir -p test-helm-no-webhooks\n"
                "      - name: Scaffold\n        working-directory: test-helm-no-webhooks/sub\n        run: |\n"
                "          kubebuilder init\n      - working-directory: testdata/project\n        run: make test\n")
    assert {(target, kind) for _line, target, kind in kinds(".github/workflows/test.yml", workflow)
            if kind == "ci-workdir"} == {("testdata/project", "ci-workdir")}


def test_a_removed_path_the_sample_projects_hold_or_a_package_manager_fills_is_theirs(repo):
    """kubebuilder's docs name `cmd/main.go`, the file of the project it scaffolds, which its
    testdata projects and templates hold; its own `cmd/main.go` was renamed long ago. Its agent
    guide reads `vendor/sigs.k8s.io/...` after `go mod vendor`, years after it stopped vendoring.
    A moved script with one copy in an example is still a claim."""
    repo.commit("2019-01-10", files={"cmd/main.go": "package main\n", "scripts/build.sh": "make\n",
                                     "vendor/sigs.k8s.io/runtime/manager.go": "package manager\n"})
    repo.git("rm", "-q", "-r", "vendor")
    (repo.root / "internal/cli").mkdir(parents=True)
    (repo.root / "tools").mkdir()
    repo.git("mv", "cmd/main.go", "internal/cli/cmd.go")
    repo.git("mv", "scripts/build.sh", "tools/build.sh")
    repo.commit("2020-01-10", files={
        "testdata/project-v4/cmd/main.go": "package main\n",
        "pkg/scaffolds/internal/templates/cmd/main.go": "package cmd\n",
        "examples/basic/scripts/build.sh": "make\n",
        "docs/quick-start.md": ("# Quick start\n\nEdit `cmd/main.go` to register the controller.\n"
                                "Read `vendor/sigs.k8s.io/runtime/manager.go`.\nRun `scripts/build.sh`.\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/quick-start.md", 5)}


def test_a_dockerfile_copy_written_after_its_source_went_copies_what_the_build_makes(repo):
    """golang-migrate's release Dockerfile (2021) has `COPY migrate /usr/local/bin/migrate`, the
    binary its release build puts beside it; a file `migrate` was deleted in 2017, before that
    line was written. A COPY written while its file was here is still stale once it goes."""
    repo.commit("2017-01-10", files={"migrate": "old binary\n", "boot.sh": "echo\n"})
    repo.commit("2018-01-10", files={"Dockerfile.release": "FROM alpine\nCOPY boot.sh /boot.sh\n"})
    repo.git("rm", "-q", "migrate")
    repo.commit("2018-04-25")
    repo.git("rm", "-q", "boot.sh")
    repo.commit("2019-04-25")
    repo.commit("2021-07-31", files={"Dockerfile.github-actions": "FROM alpine\nCOPY migrate /usr/local/bin/migrate\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {("Dockerfile.release", 2)}


def test_a_dockerfile_copy_of_the_program_its_entrypoint_runs_copies_the_builds_binary(repo):
    """kubeconform's `COPY kubeconform /` for `ENTRYPOINT ["/kubeconform"]`: the binary its
    release build makes; a `kubeconform` binary committed by mistake was deleted afterwards. A
    script the entrypoint runs (`entrypoint.sh`) is still the repository's."""
    repo.commit("2020-05-01", files={"kubeconform": "ELF\n", "entrypoint.sh": "exec app\n", "tool": "ELF\n"})
    repo.commit("2020-06-01", files={
        "Dockerfile": 'FROM scratch\nCOPY kubeconform /\nENTRYPOINT ["/kubeconform"]\n',
        "Dockerfile.tool": "FROM alpine\nCOPY tool /usr/bin/\nCOPY entrypoint.sh /\nCMD /usr/bin/tool --serve\n"})
    repo.git("rm", "-q", "kubeconform", "entrypoint.sh", "tool")
    repo.commit("2022-02-07")
    assert set(found(scan(repo.root), "dangling-reference")) == {("Dockerfile.tool", 3)}


def test_names_the_reader_makes_or_holds_are_no_claims(repo):
    """packaging.python.org's guides: "README files are often named ``README.txt``, ``README.rst``,
    or ``README.md``" names the convention (it renamed its own `README.txt` in 2014); "Let's
    create a ``.github/workflows/publish-to-pypi.yml`` file."; bandersnatch's compose file mounts
    the reader's `certificate.crt`; vcluster's "Create `e2e/vcluster-myfeature.yaml`"; maturin's
    "Checks if user has provided their own header at `target/header.h`". A removed README named
    alone is still a claim."""
    repo.commit("2014-01-01", files={"README.txt": "Guide\n", "CONTRIBUTING.md": "# Contributing\n"})
    repo.git("mv", "README.txt", "README.rst")
    repo.git("rm", "-q", "CONTRIBUTING.md")
    repo.commit("2014-01-16")
    repo.commit("2020-05-01", files={
        "source/readme.rst": "Readme\n======\n\nREADME files are often named ``README.txt``, ``README.rst``, or ``README.md``.\n",
        "source/contributing.rst": "Contributing\n============\n\nFollow ``CONTRIBUTING.md``.\n",
        "source/publish.rst": "Publish\n=======\n\nLet's create a ``.github/workflows/publish-to-pypi.yml``\nfile.\n",
        "src/tls/README.md": "# TLS\n", ".github/workflows/ci.yml": "on: push\n",
        "src/compose/docker-compose.yml": "services:\n  web:\n    volumes:\n      - ../tls/certificate.crt:/etc/tls/cert.crt\n",
        "e2e/README.md": "# Suites\n\n1. Add `e2e/vcluster-myfeature.yaml` beside the others.\n",
        "src/ffi/header.go": "package ffi\n\n// Checks if the user has provided their own header at `src/ffi/header.h`.\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("source/contributing.rst", 4)}


def test_a_link_and_its_code_span_naming_one_missing_path_are_one_finding(repo):
    """vcluster's ``[`.claude/references/x.md`](.claude/references/x.md)`` in `.claude/`: the link
    (from its folder) and the code span (from the root) name one deleted file."""
    repo.commit("2025-01-01", files={".claude/references/deps.md": "# Deps\n"})
    repo.git("rm", "-q", ".claude/references/deps.md")
    repo.commit("2026-03-16", files={
        ".claude/workflow.md": "# Workflow\n\nSee [`.claude/references/deps.md`](.claude/references/deps.md).\n"})
    findings = [f for f in scan(repo.root)["findings"] if f["rule"] == "dangling-reference"]
    assert [(f["path"], f["line"]) for f in findings] == [(".claude/workflow.md", 3)]
    assert "was deleted" in findings[0]["message"]


def test_an_agents_instructions_link_paths_from_the_root(repo):
    """okteto's `.claude/CLAUDE.md` links `.claude/context/testing.md`: Claude Code reads it working
    at the root, where the file is. A path missing from both places is still a finding, and so is
    a root-relative link in an ordinary document."""
    repo.commit("2025-01-01", files={".claude/context/testing.md": "# Testing\n", "docs/guide.md": "# Guide\n"})
    repo.commit("2026-03-16", files={
        ".claude/CLAUDE.md": "# Okteto\n\n> Tests: [context/testing.md](.claude/context/testing.md)\n"
                             "> Flags: [context/flags.md](.claude/context/flags.md)\n",
        "pkg/AGENTS.md": "# Pkg\n\nSee [the guide](docs/guide.md).\n",
        "docs/notes.md": "# Notes\n\nSee [testing](.claude/context/testing.md).\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {(".claude/CLAUDE.md", 4), ("docs/notes.md", 3)}


def test_make_in_a_shell_blocks_prose_is_english():
    """kpt's flag descriptions sit in a ```shell fence: "it would also make sense to set",
    "don't make any changes." run nothing; `cd docs && make html`, `sudo -E make install` and
    `V=1 make test` do. (kubernetes/dashboard's `yarn --immutable` runs no script `--immutable`.)"""
    text = ("```shell\n--prune-timeout:\n  until interrupted. In most cases, it would also make sense to set the\n"
            "  Go through the steps, but don't make any changes.\ncd docs && make html\nsudo -E make install\n"
            "V=1 make test\necho make nothing\nyarn --immutable\n```\n")
    assert {t for _l, t, k in kinds("docs/apply.md", text) if k == "command"} == {
        "make html", "make install", "make test"}


def test_a_make_variables_placeholder_or_quoted_value_names_no_target():
    """node-feature-discovery's `make IMAGE_REGISTRY=<my custom registry uri>` and `make
    IMAGE_BUILD_CMD="buildah bud"` run the default target: `custom`, `registry`, `uri` and `bud`
    are words of a value."""
    text = ("```bash\nmake IMAGE_REGISTRY=<my custom registry uri>\nmake  IMAGE_BUILD_CMD=\"buildah bud\"\n"
            "make X=<a b> image\n```\n")
    assert {t for _l, t, k in kinds("docs/guide.md", text) if k == "command"} == {"make image"}


def test_a_path_the_program_says_it_writes_to_is_no_claim(repo):
    """flux's `docgen` flag defaults to `./docs/cmd`, "path to write the generated documentation
    to": generated docs that lived there until 2021 moved out, and the program still writes there.
    A path the code reads is still a claim once it is gone."""
    repo.commit("2020-01-10", files={"docs/cmd/flux.md": "# flux\n", "docs/api/spec.json": "{}\n",
                                     "docs/index.md": "# Docs\n"})
    repo.git("rm", "-q", "-r", "docs/cmd", "docs/api")
    repo.commit("2021-04-28", files={"cmd/flux/docgen.go": (
        'package main\n\nfunc init() {\n'
        '\tdocgenCmd.Flags().StringVar(&cmdDocPath, "path", "./docs/cmd", "path to write the generated documentation to")\n'
        '\tspec := load("docs/api/spec.json")\n}\n')})
    assert set(found(scan(repo.root), "dangling-reference")) == {("cmd/flux/docgen.go", 5)}


def test_data_files_escapes_home_folders_negated_filters_and_quoted_make_variables():
    """popeye's Grafana dashboard holds `src=\\"https://.../popeye_logo.png\\"` in a JSON string;
    cibuildwheel's schema's `$id` is a name; CircleCI's `working_directory: ~/linux-wheels` is the
    runner's home; kwok's workflow filter `'!hack/releases-helm-chart.sh'` leaves a path out;
    `make WHAT="cmd/kube-apiserver cmd/kube-scheduler"` builds no target `cmd`."""
    dashboard = '{\n  "content": "<img src=\\"https://github.com/derailed/popeye/raw/master/assets/logo.png\\" />"\n}\n'
    assert {t for _l, t, k in kinds("grafana/dashboard.json", dashboard)} == {
        "https://github.com/derailed/popeye/raw/master/assets/logo.png"}
    schema = '{\n  "$id": "https://github.com/pypa/cibuildwheel/blob/main/docs/data/x.schema.json",\n  "file": "docs/a.json"\n}\n'
    assert {t for _l, t, k in kinds("docs/data/x.schema.json", schema)} == {"docs/a.json"}
    # (and draft 4's `id`, in a schema: the OpenAPI Specification's archived v1.2 schemas, 11; elsewhere a link)
    draft_4 = '{\n  "id": "https://github.com/o/r/blob/main/schemas/v1.2/x.json#",\n  "$schema": "http://json-schema.org/draft-04/schema#"\n}\n'
    assert {t for _l, t, k in kinds("_archive_/schemas/v1.2/x.json", draft_4) if "github" in t} == set()
    record = '{\n  "id": "https://github.com/o/r/blob/main/data/x.json"\n}\n'
    assert {t for _l, t, k in kinds("data/records.json", record)} == {"https://github.com/o/r/blob/main/data/x.json"}
    circle = "jobs:\n  linux:\n    working_directory: ~/linux-wheels\n  mac:\n    working_directory: ci/mac\n"
    assert {(t, k) for _l, t, k in kinds(".circleci/config.yml", circle)} == {("ci/mac", "ci-workdir")}
    workflow = "on:\n  pull_request:\n    paths:\n      - 'kustomize/**/*'\n      - '!hack/releases-helm-chart.sh'\n"
    assert ("hack/releases-helm-chart.sh", "exclusion") in {(t, k) for _l, t, k in kinds(".github/workflows/t.yaml", workflow)}
    md = "# Build\n\n```sh\nmake WHAT=\"cmd/kube-apiserver cmd/kube-scheduler\" && make test\n```\n"
    assert {t for _l, t, k in kinds("docs/build.md", md) if k == "command"} == {"make test"}


def test_a_ci_job_that_checks_out_another_repository_works_in_it(repo):
    """pydantic's third-party tests: a job checks out polar (no `path:`), then this repository
    at `path: pydantic-latest`; its `working-directory: ./server` is polar's. A job that checks
    this repository out, or the other one into a folder of its own, still names ours."""
    workflow = """jobs:
  test-polar:
    runs-on: ubuntu-latest
    steps:
      - name: Checkout polar
        uses: actions/checkout@v4
        with:
          repository: polarsource/polar
      - uses: actions/checkout@v4
        with:
          path: pydantic-latest
      - run: ./scripts/setup.sh
        working-directory: ./server
  test-own:
    steps:
    - uses: actions/checkout@v4
      with:
        repository: ${{ github.repository }}
    - run: make test
      working-directory: ./missing
  test-beside:
    steps:
      - uses: actions/checkout@v4
        with:
          repository: other/tool
          path: tool
      - run: make test
        working-directory: ./gone
"""
    repo.commit("2024-01-10", files={".github/workflows/third-party.yml": workflow, "README.md": "# x\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {
        (".github/workflows/third-party.yml", 20), (".github/workflows/third-party.yml", 28)}


def test_a_path_a_shell_block_only_deletes_is_no_claim(repo):
    """minikube's translation guide shows `make clean` echoing `rm -f pkg/.../assets.go`: files
    the build generates and `clean` deletes, as a script's `rm -f` already is no claim."""
    repo.commit("2024-01-10", files={
        "Makefile": "clean:\n\trm -f pkg/assets/assets.go\n", "pkg/assets/other.go": "package assets\n",
        "docs/translations.md": "```\n~/minikube$ make clean\nrm -f pkg/assets/assets.go\n```\n"
                                "And keep `pkg/assets/gone.go` in mind.\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/translations.md", 5)}


def test_a_go_package_s_exported_name_is_no_path(repo):
    """nomad: `client/config.Config` in a comment, `helper/testlog.HCLogger` in its testing
    guide: an import path and an exported name; k6's `js/modules/k6.K6.Group()`, a method of an
    exported type. A file that is gone there is still one."""
    repo.commit("2024-01-10", files={
        "go.mod": "module example.com/app\n\ngo 1.22\n",
        "client/config/config.go": "package config\n\ntype Config struct{}\n",
        "helper/testlog/log.go": "package testlog\n",
        "client/consul/consul.go": "package consul\n\n// breaks a cycle between client/config.Config and this\n"
                                   "// (see client/config/gone.go)\n",
        "contributing/testing.md": "Log through `helper/testlog.HCLogger`.\n",
        "js/modules/k6/k6.go": "package k6\n",
        "lib/models.go": "package lib\n\n// For more, refer to the js/modules/k6.K6.Group() function.\ntype Group struct{}\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("client/consul/consul.go", 4)}


def test_a_module_imported_without_its_suffix_from_a_page_or_component_exists(repo):
    """vite's docs: a VitePress page's `<script setup>` and a `.vue` component import
    `./_data/acknowledgements.data`, which the bundler finds as `acknowledgements.data.ts`. An
    import of a module that is not there at all is still one."""
    repo.commit("2024-01-10", files={
        "docs/_data/acknowledgements.data.ts": "export const data = []\n",
        "docs/acknowledgements.md": "<script setup>\nimport { data } from './_data/acknowledgements.data'\n"
                                    "import { other } from './_data/gone.data'\n</script>\n\n# Thanks\n",
        "docs/.vitepress/theme/Blog.vue": "<script setup>\nimport { data } from '../../_data/acknowledgements.data'\n"
                                          "</script>\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/acknowledgements.md", 3)}


def test_an_antora_module_s_xrefs_are_named_from_its_pages(repo):
    """rubocop's docs are an Antora component (`docs/antora.yml`): `xref:usage/caching.adoc[]`
    in `modules/ROOT/nav.adoc` or in any page names `modules/ROOT/pages/usage/caching.adoc`, and
    `image:` names a file of the module's `images/`. A page that is not there is still missing."""
    repo.commit("2024-01-10", files={
        "docs/antora.yml": "name: rubocop\nversion: ~\nnav:\n- modules/ROOT/nav.adoc\n",
        "docs/modules/ROOT/nav.adoc": "* xref:index.adoc[Home]\n* xref:usage/caching.adoc[Caching]\n",
        "docs/modules/ROOT/pages/index.adoc": "= Home\n",
        "docs/modules/ROOT/pages/usage/caching.adoc": "= Caching\n\nSee xref:index.adoc[] and image:logo.png[].\n"
                                                      "Also xref:usage/gone.adoc[].\n",
        "docs/modules/ROOT/images/logo.png": "png\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/modules/ROOT/pages/usage/caching.adoc", 4)}


def test_make_includes_resolve_from_the_folder_make_runs_in(repo):
    repo.commit("2025-01-10", files={
        "Makefile": "include ./hack/ci/ci.mk\n",
        "hack/ci/ci.mk": "include ./hack/ci/images.mk\ninclude ./hack/ci/gone.mk\n",
        "hack/ci/images.mk": "IMAGES = a b\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("hack/ci/ci.mk", 2)}


def test_paths_in_a_doc_comments_example_section_are_the_readers():
    ruby = ("module Naming\n"
            "  # Flags files not named in snake_case; see docs/naming.md.\n"
            "  #\n"
            "  # @example\n"
            "  #   # bad\n"
            "  #   lib/layoutManager.rb\n"
            "  #\n"
            "  #   # good\n"
            "  #   lib/layout_manager.rb\n"
            "  # @see docs/rules.md\n"
            "  class FileName; end\n"
            "  # lib/after.rb is read too\n"
            "end\n")
    assert {target for _line, target, _kind in kinds("lib/naming/file_name.rb", ruby)} == {
        "docs/naming.md", "docs/rules.md", "lib/after.rb"}
    js = ("/**\n * Reads the settings; docs/config.md has the format.\n * @example\n"
          " * readConfig('config/app.json')\n * @param {string} path - docs/params.md\n */\n"
          "@example('tests/data/a.json')  // see tests/data/README.md\nfunction readConfig(path) {}\n")
    assert {target for _line, target, _kind in kinds("src/read.js", js)} == {
        "docs/config.md", "docs/params.md", "tests/data/a.json", "tests/data/README.md"}  # (a string in code)


def test_a_path_given_as_the_readers_file_claims_nothing_though_one_was_removed_here(repo):
    repo.commit("2024-01-10", files={".github/workflows/pr.yml": "on: push\n", "ci/lint.sh": "true\n",
                                     "ci/spell.sh": "true\n", "ci/test.sh": "true\n"})
    os.remove(repo.root / ".github/workflows/pr.yml")
    os.remove(repo.root / "ci/lint.sh")
    os.remove(repo.root / "ci/spell.sh")
    repo.commit("2025-03-01", files={
        "docs/actions.md": "# In CI\n\n- copy this yaml to your workflow file, for example `.github/workflows/pr.yml`:\n\n"
                           "Our own checks (`ci/lint.sh`) run on every push.\n"
                           "A new check goes in `ci/`; for example, `ci/spell.sh`.\n",
    })
    # the line that says "for example" of a removed path gives an example (twisted's "for example,
    # ``bin/twistd``" of the file the reader adds); one that names it without is still a claim
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/actions.md", 5)}


def test_markdown_code_spans_bind_before_links():
    text = ("The bracket form would be `hash&.[](key)` or `<img src=\"logo.png\">`.\n"
            "See [`the guide`](docs/guide.md).\n")
    assert kinds("relnotes/v1.md", text) == {(2, "docs/guide.md", "md-link")}


def test_asciidoc_console_transcripts_read_commands_not_output():
    text = ("[source,console]\n----\n$ rubocop --report-unused-todo-entries\n\n"
            "1 unused todo entry found:\n  Style/ClassVars: lib/fixed_file.rb\n$ ./bin/check lib/app.rb\n----\n\n"
            "[source,sh]\n----\n$ npm ci\n./tools/cut.sh 1.0\n----\n")
    assert {(line, target) for line, target, _kind in kinds("docs/usage.adoc", text)} == {
        (7, "./bin/check"), (7, "lib/app.rb"), (13, "./tools/cut.sh")}


def test_shell_downloads_name_their_file_after_the_url():
    text = ("#!/bin/sh\n"
            'curl -fsSLO "https://dl.k8s.io/release/$(curl -sL https://dl.k8s.io/stable.txt)/bin/linux/amd64/kubectl"\n'
            "sudo install ./kubectl /usr/local/bin/kubectl\n"
            "wget https://example.com/tools/helm.tar.gz?raw=1\n"
            "tar -xzf ./helm.tar.gz\n"
            "curl -sL https://example.com/get/tool -o out.txt\n"
            "./tool --version\n")
    assert kinds("hack/install.sh", text) == {(7, "./tool", "shell")}


def test_a_ci_job_that_checks_this_repository_out_into_a_folder_names_it_from_there(repo):
    """poetry's plugin tests check this repository out at `path: poetry` and another beside it:
    `uses: ./poetry/.github/actions/bootstrap` is this repository's action, the other checkout's
    `working-directory:` and `run:` paths are not its."""
    workflow = """jobs:
  plugin:
    steps:
      - uses: actions/checkout@v4
        with:
          path: poetry
      - uses: ./poetry/.github/actions/bootstrap
      - uses: ./poetry/.github/actions/gone
      - uses: actions/checkout@v4
        with:
          path: plugin
          repository: python-poetry/plugin
      - run: poetry add ../poetry && ./scripts/test.sh
        working-directory: plugin
"""
    repo.commit("2024-01-10", files={".github/workflows/plugin.yml": workflow,
                                     ".github/actions/bootstrap/action.yml": "runs: {using: composite, steps: []}\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {(".github/workflows/plugin.yml", 8)}


def test_a_page_a_docs_folder_links_to_resolves_from_the_link_too(repo):
    """ansible-lint's `docs/rules/fqcn.md` is a symlink to `src/ansiblelint/rules/fqcn.md`, whose
    `../autofix.md` is the docs' `docs/autofix.md` as the docs build reads it. A link out of the
    repository is not followed, and gives no folder."""
    repo.write("src/rules/fqcn.md", "# fqcn\n\nFixed by [--fix](../autofix.md).\n\nSee [gone](../gone.md).\n")
    repo.write("src/rules/other.md", "# other\n\nSee [autofix](../autofix.md).\n")
    repo.write("docs/autofix.md", "# Autofix\n")
    (repo.root / "docs/rules").mkdir()
    os.symlink("../../src/rules/fqcn.md", repo.root / "docs/rules/fqcn.md")
    os.symlink("/etc/passwd", repo.root / "docs/rules/other.md")
    os.symlink("../../../outside/other.md", repo.root / "docs/rules/elsewhere.md")
    repo.commit("2024-01-10")
    assert set(found(scan(repo.root), "dangling-reference")) == {("src/rules/fqcn.md", 5), ("src/rules/other.md", 3)}


def test_package_scripts_a_doc_has_the_reader_add_or_scaffold_are_theirs(repo):
    """fastify's TypeScript guide has the reader add `"build"` to their package.json, then run
    `npm run build`; its README scaffolds a project (`npm init fastify`), then `npm run dev`.
    Neither is this repository's script; one it never defines, before any of that, still is."""
    repo.commit("2024-01-10", files={
        "package.json": '{"name": "lib", "scripts": {"test": "node test.js"}}\n',
        "docs/TypeScript.md": ("# TypeScript\n\nRun `npm run lint` first.\n\n1. Add to your `package.json`:\n\n"
                               "```json\n{\n  \"scripts\": {\n    \"build\": \"tsc\",\n    \"start\": \"node index.js\"\n  }\n}\n```\n\n"
                               "2. Run `npm run build` and `npm run start`.\n"),
        "README.md": "# lib\n\nRun `npm run bench`.\n\n```sh\nnpm init lib\n```\n\nThen:\n\n```sh\nnpm run dev\n```\n",
        # solid's quick start copies a template with degit, then runs its scripts
        "packages/solid/README.md": ("# Solid\n\nRun `npm run bench`.\n\n```sh\n> npx degit solidjs/templates/js my-app\n"
                                     "> cd my-app\n> npm run dev\n```\n"),
    })
    assert set(found(scan(repo.root), "dangling-command")) == {
        ("docs/TypeScript.md", 3), ("README.md", 3), ("packages/solid/README.md", 3)}


def test_a_dot_slash_path_starts_where_the_reader_stands_not_in_a_packages_src(repo):
    """mdBook's docs: the output "defaults to `./book`", and the crate once had a `src/book/`
    module. `./book` is not looked up under `src/`; a plain `book/x.rs` still is (a src layout)."""
    repo.commit("2023-01-10", files={"Cargo.toml": "[package]\nname = \"b\"\n", "src/book/mod.rs": "//\n",
                                     "src/book/x.rs": "//\n", "src/main.rs": "fn main() {}\n"})
    os.remove(repo.root / "src/book/mod.rs")
    os.remove(repo.root / "src/book/x.rs")
    repo.commit("2025-07-22", files={"src/lib.rs": "//\n",
                                     "guide/build.md": "# Build\n\nThe output defaults to `./book`.\n\nSee `book/x.rs`.\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {("guide/build.md", 5)}


def test_a_ci_step_run_in_another_repositorys_checkout_folder_names_its_paths(repo):
    """fastify's CITGM job checks a dependent package out at `path: package` and runs its steps
    with `working-directory: package`: that folder, and what those steps run, are the package's."""
    workflow = """jobs:
  citgm:
    steps:
      - uses: actions/checkout@v4
      - uses: actions/checkout@v4
        with:
          repository: ${{ inputs.repo }}
          path: package
      - working-directory: package
        run: ./scripts/test.sh
      - working-directory: ./gone
        run: make test
"""
    repo.commit("2024-01-10", files={".github/workflows/citgm.yml": workflow, "README.md": "# x\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {(".github/workflows/citgm.yml", 11)}


def test_issue_and_pull_request_templates_link_from_the_root(repo):
    """commons-lang's `.github/pull_request_template.md` links `CONTRIBUTING.md` (the root's, as
    the pull request page shows it); one to a file the root lacks is still dangling."""
    repo.commit("2024-01-10", files={
        "CONTRIBUTING.md": "# Contributing\n",
        ".github/pull_request_template.md": "- [ ] Read the [guidelines](CONTRIBUTING.md).\n- [ ] See [x](GONE.md).\n",
        ".github/ISSUE_TEMPLATE/bug.md": "Read [the guide](CONTRIBUTING.md) first.\n",
        ".github/notes.md": "See [it](CONTRIBUTING.md).\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        (".github/pull_request_template.md", 2), (".github/notes.md", 1)}


def test_a_c_include_found_on_the_build_include_path_is_not_dangling(repo):
    """jq moved `src/decNumber/` to `vendor/decNumber/` and builds with `-I$(srcdir)/vendor`:
    `#include "decNumber/decNumber.h"` in `src/jv.c` still finds the header, through the
    include path, not the including file's folder. mypyc's `#include "internal/pycore_frame.h"`,
    a header this repository never had, is CPython's. A header that exists nowhere any more is
    still a dangling include."""
    repo.commit("2021-01-01", files={"src/decNumber/decNumber.h": "int d;\n", "src/compat/old.h": "int o;\n",
                                     "src/compat/new.h": "int n;\n", "src/jv.c": "int j;\n"})
    repo.git("mv", "src/decNumber", "vendor")
    repo.git("rm", "-q", "src/compat/old.h")
    repo.commit("2025-02-05", files={
        "Makefile.am": "AM_CPPFLAGS = -I$(srcdir)/src -I$(srcdir)/vendor\n",
        "vendor/decNumber/decNumber.h": "int d;\n",
        "src/jv.c": '#ifdef USE_DECNUM\n#include "decNumber/decNumber.h"\n#endif\n#include "compat/old.h"\nint j;\n',
        "src/internal/own.h": "int w;\n",
        "src/support.h": '#include "internal/pycore_frame.h"\n#include "internal/own.h"\n',
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("src/jv.c", 4)}


def test_a_c_header_named_from_a_source_root_above_the_file_is_found(repo):
    """tesseract moved its sources into `src/`: `src/ccmain/tesseractclass.h` names
    `ccutil/ccutil.h` in a comment, as its build's include path finds it, `src/ccutil/ccutil.h`,
    not the `ccutil/ccutil.h` of before the move. A header gone from every root is still reported."""
    repo.commit("2017-01-01", files={"ccutil/ccutil.h": "int c;\n", "ccutil/gone.h": "int g;\n",
                                     "src/ccmain/tesseractclass.h": "int t;\n"})
    repo.git("rm", "-q", "ccutil/gone.h")
    repo.git("mv", "ccutil", "src/ccutil")
    repo.commit("2018-04-25", files={
        "src/ccmain/tesseractclass.h": "// CCUtil (ccutil/ccutil.h)\n// Old (ccutil/gone.h)\nint t;\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("src/ccmain/tesseractclass.h", 2)}


def test_a_translated_page_falls_back_to_the_default_language(repo):
    """fastapi's docs are `docs/<lang>/docs/...`, with English under `docs/en/`; a page missing
    from a translation is built from the English one, so a German page's `newsletter.md` (gone
    from `docs/de/` since 2024) and `../release-notes.md` (English only) are served. A page no
    language has is still dangling."""
    repo.commit("2023-01-01", files={
        "docs/en/docs/newsletter.md": "# News\n", "docs/en/docs/release-notes.md": "# Notes\n",
        "docs/en/docs/help.md": "# Help\n\n[News](newsletter.md)\n",
        "docs/de/docs/newsletter.md": "# Neues\n", "docs/fr/docs/help.md": "# Aide\n",
    })
    repo.git("rm", "-q", "docs/de/docs/newsletter.md")
    repo.commit("2024-08-14", files={
        "docs/de/docs/help.md": "# Hilfe\n\n[Newsletter](newsletter.md)\n",
        "docs/de/docs/deployment/versions.md": "# Versionen\n\n[Notizen](../release-notes.md)\n\n[Alt](../old-guide.md)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/de/docs/deployment/versions.md", 5)}


def test_a_template_tag_names_what_the_template_loader_finds(repo):
    """fastapi's MkDocs theme overrides (`docs/en/overrides/main.html`) include the theme's own
    partials: `{% include "partials/nav.html" %}` is found in the installed theme, not here. A
    template this repository had and removed is still a dangling include."""
    repo.commit("2023-01-01", files={"docs/overrides/partials/old.html": "<p>old</p>\n",
                                     "docs/overrides/partials/banner.html": "<p>hi</p>\n"})
    repo.git("rm", "-q", "docs/overrides/partials/old.html")
    repo.commit("2024-01-01", files={"docs/overrides/main.html": (
        '{% extends "base.html" %}\n{% block x %}\n  {% include "partials/nav.html" %}\n'
        '  {% include "partials/banner.html" %}{% include "partials/toc.html" %}\n'
        '  {%- include "partials/old.html" -%}\n{% endblock %}\n')})
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/overrides/main.html", 5)}


def test_a_dockerfile_in_a_doc_is_the_readers_when_the_repository_has_none(repo):
    """fastapi's Docker guide (in English and a dozen translations) shows the reader's
    `Dockerfile`, `COPY ./requirements.txt /code/requirements.txt`, in ```` ```Dockerfile ````
    and ```` ```{ .dockerfile .annotate } ```` blocks. fastapi has no Dockerfile, so no such block
    is about its files, whatever root `requirements.txt` it once had. Once the repository has a
    Dockerfile, a block may be about it, and the removed file is a claim again."""
    repo.commit("2020-01-01", files={"requirements.txt": "fastapi\n", "docs/index.md": "# Docs\n"})
    repo.git("rm", "-q", "requirements.txt")
    repo.commit("2026-01-10", files={"docs/de/docker.md": (
        "# Docker\n\nErstellen Sie eine Datei `Dockerfile` mit:\n\n```{ .dockerfile .annotate }\nFROM python:3.14\n"
        "COPY ./requirements.txt /code/requirements.txt\n```\n\nKurz:\n\n```Dockerfile\n"
        "COPY ./requirements.txt /code/requirements.txt\n```\n")})
    assert not found(scan(repo.root), "dangling-reference")
    repo.commit("2026-02-01", files={"Dockerfile": "FROM python:3.14\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/de/docker.md", 7), ("docs/de/docker.md", 13)}


def test_example_code_opens_the_readers_files(repo):
    """fastapi's `docs_src/` holds the tutorials' code: `Path("./openapi.json")` is the file the
    reader's client generator wrote. Code outside such folders that opens a file never here, in a
    folder here, is still a claim (a bare name is looked for where the program runs)."""
    repo.commit("2024-01-01", files={
        "docs_src/generate_clients/tutorial004.py": 'import json\nfrom pathlib import Path\n\n'
                                                     'spec = json.loads(Path("./openapi.json").read_text())\n',
        "app/settings.py": 'from pathlib import Path\n\nconfig = Path("./app/settings.json").read_text()\n',
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("app/settings.py", 3)}


def test_rust_unit_tests_and_doc_examples_are_not_the_repositorys_paths():
    """ripgrep's `crates/ignore/src/incremental.rs` tests its matcher in the file's own
    `#[cfg(test)] mod tests` on made-up paths (`"src/drop.tmp"`), and its doc comment's example
    asks about `"src/generated.rs"` in a fenced block. Neither names a file of the repository;
    code and comments outside them still do."""
    rust = ('/// Matches paths.\n'
            '///\n'
            '/// ```\n'
            '/// if matcher.matched("src/generated.rs", false).is_ignore() {}\n'
            '/// ```\n'
            '///\n'
            '/// The rules are in docs/ignore.md.\n'
            'pub fn matched() { load("data/rules.txt"); }\n'
            '\n'
            '#[cfg(test)]\n'
            'mod tests {\n'
            '    #[test]\n'
            '    fn drops() {\n'
            '        assert!(m.matched("src/drop.tmp"));  // see fixtures/README.md\n'
            '    }\n'
            '}\n'
            '\n'
            '// after the tests: tools/after.rs\n')
    assert {target for _line, target, _kind in kinds("crates/ignore/src/incremental.rs", rust)} == {
        "docs/ignore.md", "data/rules.txt", "tools/after.rs"}


def test_a_rust_test_function_outside_a_module_is_a_test_too():
    """sccache's `src/config.rs` keeps its `#[test]` functions at the file's top level, and tests
    the preprocessor's output on `"# 1 \"src/main.c\""` (6). Code after a test function, and a
    function with no test attribute, still name the repository's files."""
    rust = ('pub fn load() { read("data/rules.txt"); }\n'
            '\n'
            '#[test]\n'
            '#[serial]\n'
            'fn strips_the_basedir() {\n'
            '    let expected = b"# 1 \\"src/main.c\\"\\nint main() {}";\n'
            '    assert_eq!(out, expected);\n'
            '}\n'
            '\n'
            'fn helper() { read("tools/helper.rs"); }\n')
    assert {target for _line, target, _kind in kinds("src/config.rs", rust)} == {"data/rules.txt", "tools/helper.rs"}


def test_an_unlabelled_block_that_opens_with_a_prompt_is_a_transcript():
    """ripgrep's FAQ shows `$ rg ... --trace` and what it printed
    (`TRACE|...|grep-searcher/src/searcher/mod.rs:622: ...`) in a fence without a language: a
    transcript, whose output lines name no paths of the repository. An unlabelled block without
    prompts is still a script."""
    md = ("# FAQ\n\n```\n$ rg '^\\w{42}$' sample --trace\n"
          "TRACE|grep_searcher|grep-searcher/src/searcher/mod.rs:622: searching\n"
          "$ cat ci/ubuntu-install-packages\n```\n\n```\n./ci/build-deb\n# then\nsrc/printer.rs\n```\n")
    assert {(line, target) for line, target, _kind in kinds("FAQ.md", md)} >= {
        (6, "ci/ubuntu-install-packages"), (10, "./ci/build-deb"), (12, "src/printer.rs")}
    assert not {target for _line, target, _kind in kinds("FAQ.md", md)} & {"grep-searcher/src/searcher/mod.rs"}


def test_a_homebrew_formula_installs_from_the_downloaded_archive():
    """ripgrep's `pkg/brew/ripgrep-bin.rb` installs `doc/rg.1` and `complete/_rg` from the release
    tarball it downloads: paths of that archive, which CI builds, not of the repository. Its
    comments are still read."""
    ruby = ('class RipgrepBin < Formula\n  url "https://example.com/rg.tar.gz"\n\n  def install\n'
            '    bin.install "rg"\n    man1.install "doc/rg.1"\n    zsh_completion.install "complete/_rg"\n'
            '    # see pkg/brew/README.md\n  end\nend\n')
    assert {target for _line, target, _kind in kinds("pkg/brew/ripgrep-bin.rb", ruby)} == {"pkg/brew/README.md"}
    plain = 'class Installer\n  def run\n    install "doc/rg.1"\n  end\nend\n'
    assert {target for _line, target, _kind in kinds("lib/installer.rb", plain)} == {"doc/rg.1"}


def test_a_file_the_text_says_could_look_like_this_is_an_example(repo):
    """sinatra's runner: "The backend server could look like the following (in test/server.rb)."
    is the reader's server, which sinatra never had. Said plainly, a missing file is a claim."""
    repo.commit("2024-07-11", files={"test/helper.rb": "", "lib/runner.rb": (
        "# The backend server could look like the following (in test/server.rb).\n"
        "#\n#   require 'sinatra'\n#\n# Start it with test/boot.rb first.\nclass Runner; end\n")})
    assert set(found(scan(repo.root), "dangling-reference")) == {("lib/runner.rb", 5)}


def test_a_removed_folder_a_directory_pattern_ignores_is_a_build_output(repo):
    """jinja committed `docs/_build/` once (deleted in 2019), ignores it with `docs/_build/` and
    excludes `"docs/_build/"` from its linters: the folder comes back with every docs build. A
    folder-only pattern matches the path only as a folder, which git cannot tell of a path that
    is not there, so it is asked as one. A removed folder nothing ignores is still a claim."""
    repo.commit("2019-01-01", files={"docs/_build/index.html": "x\n", "tools/old/gen.py": "x\n",
                                     "tools/new.py": "x\n", "docs/index.rst": "Docs\n"})
    repo.git("rm", "-q", "-r", "docs/_build", "tools/old")
    repo.commit("2019-07-24", files={
        ".gitignore": "docs/_build/\n",
        "pyproject.toml": '[tool.ruff]\nextend-exclude = [\n    "docs/_build/",\n    "tools/old/",\n]\n',
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("pyproject.toml", 4)}


def test_a_variable_given_to_make_after_its_target_is_no_target():
    """packer's CONTRIBUTING: `make lint PKG_NAME=builder/amazon`, `make test TEST=./builder/...`:
    `PKG_NAME` and `TEST` are variables make is given, not targets."""
    md = "# Contributing\n\n```\nmake lint PKG_NAME=builder/amazon\nmake test TEST=./builder/amazon/...\nmake dev docs\n```\n"
    assert {target for _line, target, kind in kinds("CONTRIBUTING.md", md) if kind == "command"} == {
        "make lint", "make test", "make dev", "make docs"}


def test_a_redirected_descriptor_after_a_make_target_is_no_target():
    """k9s's README: `make kubectl-stable-version 2>/dev/null` runs one target; `2` is the stream
    the redirection sends away. `make dist>log` is still the target `dist`."""
    md = "# Build\n\n```shell\nV=$(make kubectl-stable-version 2>/dev/null)\nmake lint 2>&1\nmake dist>log\n```\n"
    assert {target for _line, target, kind in kinds("README.md", md) if kind == "command"} == {
        "make kubectl-stable-version", "make lint", "make dist"}


def test_files_the_reader_would_create_claim_nothing(repo):
    """pipx's contributing guide: "for issue #5678, you would create ``changelog.d/5678.feature.md``
    and ``changelog.d/5678.removal.md``": the reader's new fragments."""
    repo.commit("2024-01-01", files={"changelog.d/.gitignore": "!.gitignore\n", "docs/contributing.rst": (
        "Contributing\n============\n\nIf you added a feature for issue #5678, you would create\n"
        "``changelog.d/5678.feature.md`` and ``changelog.d/5678.removal.md``.\n"
        "The template is ``changelog.d/template.md``.\n")})
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/contributing.rst", 6)}


def test_lines_of_captured_terminal_output_name_no_paths():
    """bat benchmarks its highlighter on 485 KB of colored `grep` output (`\\x1b[35m...`), whose
    lines start with the paths grep matched then: captured output, not claims (and a second of
    prose reading). The file's other lines are still read."""
    text = ("Benchmark input; see docs/bench.md.\n"
            "\x1b[35m\x1b[K.github/ISSUE_TEMPLATE/syntax_request.md\x1b[m\x1b[K:3:about\n"
            "\x1b[35m\x1b[Ksrc/old/printer.rs\x1b[m\x1b[K:14: fn write\n")
    assert {(line, target) for line, target, _kind in kinds("tests/bench/grep-output.txt", text)} == {
        (1, "docs/bench.md")}


def test_a_page_the_build_renders_from_a_template_beside_it_exists(repo):
    """numpy's NEP index lists `meta`, `accepted`, ... in its toctree; the docs build writes each
    from `meta.rst.tmpl` beside it. A page with no template source is still missing."""
    repo.commit("2024-01-10", files={
        "doc/neps/conf.py": "project = 'neps'\n",
        "doc/neps/index.rst": "NEPs\n====\n\n.. toctree::\n\n   meta\n   accepted\n   rejected\n",
        "doc/neps/meta.rst.tmpl": "Meta\n====\n",
        "doc/neps/accepted.rst.tmpl": "Accepted\n========\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("doc/neps/index.rst", 8)}


def test_a_sites_host_name_and_a_some_file_placeholder_are_no_paths(repo):
    """twisted's issue template: "our website is handled in the [twisted/twisted.github.io](...)
    repository", beside its `src/twisted/` package; numpy's commented-out example mapping
    `'numpy/_build_utils/some_file.py': 'numpy/lib/some_file.py'`. A path of the same shape
    that names a file is still a claim."""
    repo.commit("2024-01-10", files={
        "pyproject.toml": '[project]\nname = "twisted"\n[tool.hatch.build.targets.wheel]\npackages = ["src/twisted"]\n',
        "src/twisted/__init__.py": "",
        "tools/check_installed.py": "changed = {\n    #'src/twisted/some_file.py': 'src/twisted/my_module.py'\n}\n",
        ".github/ISSUE_TEMPLATE/docs.md": (
            "Website changes are handled in the [twisted/twisted.github.io](https://github.com/twisted/twisted.github.io)"
            " repository.\nThe reactor lives in twisted/reactor.py.\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {(".github/ISSUE_TEMPLATE/docs.md", 2)}


def test_a_releases_notes_named_by_its_version_are_history(repo):
    """numpy keeps each release's notes as `doc/source/release/1.13.2-notes.rst`, k9s as
    `change_logs/release_v0.17.0.md`: they tell what that release changed, naming files as they were then. The same path in a current page is
    still a claim."""
    repo.commit("2017-01-10", files={"numpy/doc/basics.py": "'''basics'''\n", "doc/source/index.rst": "Docs\n====\n"})
    repo.git("rm", "-q", "numpy/doc/basics.py")
    repo.commit("2020-09-02", files={
        "doc/source/release/1.13.2-notes.rst": "1.13.2\n======\n\nFixed a typo in ``numpy/doc/basics.py``.\n",
        "doc/source/user/basics.rst": "Basics\n======\n\nSee ``numpy/doc/basics.py``.\n",
        "change_logs/release_v0.17.0.md": "# Release v0.17.0\n\nThe [basics](../numpy/doc/basics.py) went.\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("doc/source/user/basics.rst", 4)}


def test_a_releases_copy_of_the_docs_and_a_root_folder_of_proposals_are_history(repo):
    """velero's site keeps the docs of every release beside the current ones
    (`site/content/docs/v1.18/` beside `docs/main/`) and its proposals in a root `design/`:
    457 and 35 findings of paths that later moved. The current docs' page still claims; so does a
    docs site's `design/` page, which describes the design as it is (k3d's)."""
    repo.commit("2019-03-01", files={"examples/common/00-prereqs.yaml": "kind: Namespace\n"})
    repo.git("rm", "-q", "examples/common/00-prereqs.yaml")
    page = "# Install\n\nApply [the prerequisites](https://github.com/o/r/blob/main/examples/common/00-prereqs.yaml).\n"
    repo.commit("2020-06-01", files={
        "site/content/docs/main/install.md": page,
        "site/content/docs/v1.18/install.md": page,
        "site/content/docs/v0.9.0/install.md": page,
        "website/versioned_docs/version-2.1/install.md": page,
        "design/Implemented/prereqs.md": "# Proposal\n\nWe add `examples/common/00-prereqs.yaml`.\n",
        "docs/design/overview.md": "# Overview\n\nThe prerequisites are in `examples/common/00-prereqs.yaml`.\n",
        "site/config.yaml": "baseURL: https://example.org\n",
    })
    repo.git("remote", "add", "origin", "https://github.com/o/r.git")
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("site/content/docs/main/install.md", 3), ("docs/design/overview.md", 3)}


def test_a_docs_code_listing_opens_the_readers_files_and_a_url_in_broken_markup_is_no_path(repo):
    """twisted's logging howto has its listings open `log.json`, the log the reader's program
    wrote (`docs/core/howto/listings/logger/loader.py`); its development guide links
    `` `NEWS.rst <[https://github.com/twisted/twisted/blob/trunk/NEWS.rst>`_ ``, a URL inside
    stray markup. Code outside the listings that opens a file never here, in a folder here, is
    still a claim."""
    repo.commit("2024-01-10", files={
        "docs/core/howto/listings/logger/loader.py": 'from pathlib import Path\n\nlog = Path("./log.json").read_text()\n',
        "docs/development/dev-process.rst": (
            "Process\n=======\n\nSee `NEWS.rst <[https://github.com/twisted/twisted/blob/trunk/NEWS.rst>`_ the news.\n"),
        "admin/release.py": 'from pathlib import Path\n\nnotes = Path("./admin/release.json").read_text()\n',
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("admin/release.py", 3)}


def test_a_pages_folder_url_link_names_its_sibling_page(repo):
    """prometheus' `docs/querying/examples.md` links `[range vector](../basics/#range-vector-selectors)`:
    its docs are built elsewhere (no site configuration here) with folder URLs, so the page is
    served at `querying/examples/` and the link is `querying/basics.md`. Only a link written as a
    folder URL (a trailing `/`) is read that way, and a folder that is gone is still dangling."""
    repo.commit("2024-01-10", files={
        "docs/querying/basics.md": "# Basics\n",
        "docs/guide/setup.md": "# Setup\n",
    })
    (repo.root / "docs" / "guide" / "setup.md").unlink()
    repo.commit("2024-02-10", files={
        "docs/querying/examples.md": "A [range vector](../basics/#range-vector-selectors).\n"
                                     "The [old guide](../guide/).\n",
    })
    assert found(scan(repo.root), "dangling-reference") == {
        ("docs/querying/examples.md", 2): "../guide/: docs/guide was deleted in "
                                          f"{repo.git('rev-parse', '--short', 'HEAD').strip()}, 2024-02-10"}


def test_a_pages_url_without_suffix_names_its_sibling_page(repo):
    """cpp-httplib's cookbook, built by its own generator with folder URLs, links
    `[C11](../c11-progress-callback)` from `cookbook/c01-get-response-body.md`: its sibling page,
    served at `cookbook/c11-progress-callback/`. A page that is gone is still dangling, and so is
    a link to a file with its suffix (`../setup.sh`, a file beside the page)."""
    repo.commit("2024-01-10", files={
        "docs/cookbook/c11-progress-callback.md": "# C11\n",
        "docs/cookbook/c12-timeouts.md": "# C12\n",
        "docs/cookbook/setup.sh": "echo\n",
    })
    (repo.root / "docs" / "cookbook" / "c12-timeouts.md").unlink()
    repo.commit("2024-02-10", files={
        "docs/cookbook/c01-get-response-body.md": "See [C11](../c11-progress-callback).\n"
                                                  "See [C12](../c12-timeouts).\n"
                                                  "Run [it](../setup.sh).\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/cookbook/c01-get-response-body.md", 2),
                                                                  ("docs/cookbook/c01-get-response-body.md", 3)}


def test_a_hugo_sites_glossary_shorthand_and_global_resources(repo):
    """gohugoio/hugo's docs link a glossary term as `[glob pattern](g)` (their link render hook's
    shorthand: 461 links), and their `{{< img src="images/examples/x.jpg" >}}` is a global resource,
    which Hugo takes from the site's `assets/` folder. An image found nowhere is still dangling."""
    repo.commit("2024-01-10", files={
        "docs/hugo.toml": "baseURL = '/'\n",
        "docs/layouts/_markup/render-link.html": "{{ .Destination }}\n",
        "docs/assets/images/examples/park.jpg": "jpg\n",
        "docs/content/en/functions/brightness.md": (
            "A [glob pattern](g) matching the build [environment](g).\n"
            "{{< img\n  src=\"images/examples/park.jpg\"\n  alt=\"A park\"\n>}}\n"
            "{{< img\n  src=\"images/examples/lake.jpg\"\n>}}\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/content/en/functions/brightness.md", 7)}


def test_vuepress_and_docsify_sites_serve_their_pages_and_public_files_from_their_folder(repo):
    """polaris' VuePress site (`docs/.vuepress/config.js`) links `/dashboard` and `/img/x.svg`, and
    `img/logo.png` from its front page: served from `docs/` and `docs/.vuepress/public/`.
    kube-linter's docsify sidebar (`docs/_sidebar.md` beside `docs/index.html`) links
    `/using-kubelinter.md` from `docs/`. A page the site removed is still dangling."""
    repo.commit("2023-01-10", files={"docs/cli.md": "# CLI\n"})
    repo.git("rm", "-q", "docs/cli.md")
    repo.commit("2024-01-10", files={
        "docs/.vuepress/config.js": "module.exports = {}\n",
        "docs/.vuepress/public/img/logo.png": "png\n", "docs/.vuepress/public/img/arch.svg": "svg\n",
        "docs/dashboard.md": "# Dashboard\n",
        "docs/README.md": "![logo](img/logo.png)\n\n[Dashboard](/dashboard) ![arch](/img/arch.svg) [CLI](/cli)\n",
        "lint/docs/index.html": "<script>window.$docsify = {}</script>\n",
        "lint/docs/using.md": "# Using\n",
        "lint/docs/_sidebar.md": "- [Using](/using.md)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/README.md", 3)}


def test_names_that_are_no_paths_in_rst_yaml_jsx_and_url_building_code(repo):
    """pyinstaller's `|PyInstaller/init.py|_` is a reStructuredText substitution (a name);
    kubebuilder's scaffolded `#- patches/webhook_in_x.yaml` and `#- ../prometheus` (keda,
    gatekeeper) are commented out until the project makes them; argo-rollouts' JSX
    `<CodeLine>... https://raw.githubusercontent.com/.../rollout.yaml</CodeLine>` ends its URL at
    `<`; conda's `join_url(CONDA_HOMEPAGE_URL, "docs/config.html")` is a page of its site;
    consul-k8s' `uses: ./security-scanner` is the action of another repository checked out there. A
    comment's own list of what it names (`# - docs/setup.md` outside a kustomization) still claims."""
    repo.commit("2023-01-10", files={"config/crd/patches/cainjection.yaml": "kind: Patch\n",
                                     "config/prometheus/monitor.yaml": "kind: ServiceMonitor\n",
                                     "PyInstaller/init.py": "", "docs/setup.md": "# Setup\n"})
    repo.git("rm", "-q", "-r", "config/crd/patches", "config/prometheus", "PyInstaller/init.py", "docs/setup.md")
    repo.commit("2024-01-10", files={
        "config/crd/base.yaml": "kind: CustomResourceDefinition\n", "docs/index.md": "# Docs\n",
        "docs/basic/rollout.yaml": "kind: Rollout\n", "conda/__init__.py": "", "PyInstaller/__init__.py": "",
        "doc/quickstart.rst": ("Quickstart\n==========\n\n* mind the header, see\n  |PyInstaller/init.py|_\n\n"
                               "  .. |PyInstaller/init.py| replace:: :file:`docs/index.md`\n"),
        "config/crd/kustomization.yaml": "resources:\n- base.yaml\n#- patches/webhook_in_x.yaml\n# - ../prometheus\n",
        "config/crd/patches/README.md": "# Patches\n",
        "ci/lint.yaml": "steps:\n  - run: lint\n# - docs/setup.md\n",
        "ui/home.tsx": ("export const Home = () => (\n  <CodeLine>kubectl apply -f "
                        "https://raw.githubusercontent.com/o/r/main/docs/basic/rollout.yaml</CodeLine>\n);\n"),
        ".github/workflows/scan.yml": ("jobs:\n  scan:\n    steps:\n      - uses: actions/checkout@v4\n"
                                       "        with:\n          repository: hashicorp/security-scanner\n"
                                       "          path: security-scanner\n      - uses: ./security-scanner\n"),
        "conda/download.py": ('def hint():\n    return join_url(HOMEPAGE_URL, "docs/config.html")\n\n\n'
                              'def message():\n    return f"""\n    See <{join_url(HOMEPAGE_URL, "docs/config.html")}>.\n    """\n'),
    })
    repo.git("remote", "add", "origin", "https://github.com/o/r.git")
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("ci/lint.yaml", 3), ("config/crd/kustomization.yaml", 4)}


def test_a_yaml_entry_commented_out_among_live_ones_is_an_option(repo):
    """conda-lock's template sync lists the files it takes from conda/infrastructure, and keeps
    the ones it does not take commented out where the live entries stand (`  # - .github/
    workflows/cla.yml`, `  # - src: templates/base.md` with its `  #   dst: x`); flask-restplus'
    `.pyup.yml` keeps pyup's template, `# requirements:` over `#   - requirements/dev.txt:`. A
    comment's own list, not at the entries' column nor below a key, still claims."""
    repo.commit("2024-01-10", files={
        ".github/workflows/update.yml": "on: push\n", "docs/index.md": "# Docs\n", "requirements/base.txt": "x\n",
        ".pyup.yml": ("update: all\n# requirements:\n#   - requirements/staging.txt:\n#       # pin them all\n"
                      "#       pin: True\n#   - requirements/dev.txt:\n"),
        ".github/template-files/config.yml": (
            "conda/infrastructure:\n  - .github/workflows/update.yml\n  # - .github/workflows/cla.yml\n"
            "  # - src: templates/pull_requests/base.md\n  #   dst: .github/PULL_REQUEST_TEMPLATE.md\n"
            "# see:\n# - docs/gone.md\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {(".github/template-files/config.yml", 7)}


def test_a_rendered_helm_manifests_source_header_is_its_charts(repo):
    """aws-ebs-csi-driver keeps `helm template`'s output in `deploy/kubernetes/base/`: each manifest
    opens with `# Source: aws-ebs-csi-driver/templates/node.yaml`, the template's path in the chart,
    wherever the chart moved (`charts/aws-ebs-csi-driver/` since 2020). Another comment naming
    that path still claims it."""
    repo.commit("2020-01-10", files={"aws-ebs-csi-driver/templates/node.yaml": "kind: DaemonSet\n"})
    repo.git("mv", "aws-ebs-csi-driver", "charts")
    repo.commit("2020-11-27", "move the chart")
    repo.commit("2024-01-10", files={"deploy/kubernetes/base/node.yaml": (
        "---\n# Source: aws-ebs-csi-driver/templates/node.yaml\nkind: DaemonSet\n"
        "# edit aws-ebs-csi-driver/templates/node.yaml, not this file\n")})
    assert set(found(scan(repo.root), "dangling-reference")) == {("deploy/kubernetes/base/node.yaml", 4)}


def test_a_hugo_sites_own_mounts_lay_folders_over_its_content(repo):
    """gateway-api's `site/hugo.toml` mounts `content/en` and `../geps` (as `content/geps`): a GEP's
    `/geps/overview/` and `../overview.md` are `site/content/en/geps/overview.md`, and its own
    page `/geps/gep-2/` is `geps/gep-2/index.md` (the overview moved into the site in 2026). A page
    no mount holds is still missing."""
    repo.commit("2025-01-10", files={"geps/overview.md": "# GEPs\n", "geps/nothere.md": "# Gone\n"})
    repo.git("rm", "-q", "geps/overview.md", "geps/nothere.md")
    repo.commit("2026-05-14", files={
        "site/hugo.toml": ('baseURL = "/"\n\n[module]\n  [[module.mounts]]\n    source = "content/en"\n'
                           '    target = "content"\n\n  [[module.mounts]]\n    source = "../geps"\n'
                           '    target = "content/geps"\n\n[params]\n  source = "ignored"\n'),
        "site/content/en/geps/overview.md": "# GEPs\n",
        "site/content/en/guides/_index.md": "# Guides\n\nSee [GEP 2](/geps/gep-2/).\n",
        "geps/gep-2/index.md": "# GEP 2\n",
        "geps/gep-1/index.md": ("# GEP 1\n\n[Overview](/geps/overview/)\n\n[Again](../overview.md)\n\n"
                                "[GEP 2](../gep-2/index.md)\n\n[Missing](../nothere.md)\n")})
    assert set(found(scan(repo.root), "dangling-reference")) == {("geps/gep-1/index.md", 9)}


def test_a_shared_sphinx_conf_serves_the_projects_below_it(repo):
    """readthedocs.org's `docs/conf.py` (sphinx-multiproject) builds `docs/user/` and `docs/dev/`,
    each with its own index: `/builds` in `docs/user/index.rst` is `docs/user/builds.rst` (753
    findings there); `genindex` is a page Sphinx makes (cattrs' toctree). A document neither
    project has is still dangling."""
    repo.commit("2024-01-10", files={
        "docs/conf.py": "extensions = ['multiproject']\n",
        "docs/user/index.rst": "User\n====\n\n.. toctree::\n\n   /builds\n   /guides/pull-requests\n   /gone\n   genindex\n",
        "docs/user/builds.rst": "Builds\n======\n", "docs/user/guides/pull-requests.rst": "PRs\n===\n",
        "docs/dev/index.rst": "Dev\n===\n\nSee :doc:`/install`.\n", "docs/dev/install.rst": "Install\n=======\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/user/index.rst", 8)}


def test_an_astro_site_configured_in_typescript_serves_its_urls(repo):
    """tanka's docs are an Astro site configured in `astro.config.ts`: `/output-filtering` is one
    of its URLs, not a file at the repository's root."""
    repo.commit("2024-01-10", files={
        "docs/astro.config.ts": "export default {}\n",
        "docs/src/content/docs/index.md": "# Tanka\n\nSee [output filtering](/output-filtering).\n",
    })
    assert found(scan(repo.root), "dangling-reference") == {}


def test_names_that_say_they_are_placeholders_or_missing_on_purpose(repo):
    """jekyll's contributing guide: "add `test/blah_test.rb`", "`features/blah.feature`"; vite's
    CSS tests keep `url(../nested/non-existent.png)` (commented out) to see it fail. Neither names
    a file."""
    repo.commit("2024-01-10", files={
        "CONTRIBUTING.md": ("Add a unit test in `test/blah_test.rb`.\nAnd a scenario in `features/blah.feature`.\n"
                            # marimo's lint guide, sqlx's macro docs, sea-orm's release steps
                            "It creates `docs/rules/your_rule_name.md`, read by `src/my_query.rs`\n"
                            "and `docs/rules/some_test.snap.new`.\n"
                            "Then `git add changelog/2.0.0-rc.N.md`.\n"),
        "docs/notes.md": "See `docs/rules/gone.md`.\n",
        "docs/rules/other.md": "# Other\n", "src/lib.rs": "fn x() {}\n", "changelog/1.0.0.md": "# 1.0.0\n",
        "web/css/urls.css": "/*\n.a { background: url(../nested/non-existent.png) }\n"
                            ".b { background: url(../nested/gone.png) }\n*/\n",
        "web/nested/there.png": "png\n",
        "test/unit_test.rb": "# a test\n",
        "features/login.feature": "Feature: login\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("web/css/urls.css", 3), ("docs/notes.md", 1)}


def test_a_bundlers_output_file_names_are_what_the_build_writes(repo):
    """vite's `rolldown.config.ts`: `entryFileNames: 'client/env.mjs'` names the file the build
    writes into `dir`, as `assetFileNames`, `chunkFileNames` and esbuild's `outfile` do. Its
    `input` is a file it reads."""
    repo.commit("2024-01-10", files={
        "packages/vite/rolldown.config.ts": (
            "export default defineConfig({\n"
            "  input: path.resolve(dirname, 'src/client/missing.ts'),\n"
            "  output: {\n"
            "    dir: path.resolve(dirname, 'dist'),\n"
            "    entryFileNames: 'client/env.mjs',\n"
            "    assetFileNames: \"assets/mylib.css\",\n"
            "  },\n"
            "})\n"
            "build({ outfile: 'server/index.mjs' })\n"),
        "packages/vite/package.json": "{}\n",
        "packages/vite/src/client/clientEntry.ts": "export {}\n",
        "packages/vite/assets/logo.svg": "<svg/>\n",
        "packages/vite/server/README.md": "# server\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("packages/vite/rolldown.config.ts", 2)}


def test_a_string_a_call_writes_creates_or_removes_is_no_claim(repo):
    """devspace's `hack/gencompletion/generate.go` writes `completion/bash.sh` with cobra's
    `GenBashCompletionFile` (its repository deleted the generated files in 2021); `os.Create`,
    `os.WriteFile` and Node's `fs.writeFileSync` write theirs; devise's install generator writes
    the application's `config/locales/devise.en.yml` with Thor's `copy_file` (its second argument).
    A path the same code reads is a claim, `copy_file`'s source too."""
    gone = ["completion/bash.sh", "completion/zsh.sh", "out/a.json", "out/b.json", "config/read.json",
            "config/locales/devise.en.yml", "config/locales/gone.yml"]
    repo.commit("2020-01-10", files=dict.fromkeys(gone, "x\n"))
    repo.git("rm", "-q", *gone)
    repo.commit("2024-01-10", files={
        "hack/gencompletion/generate.go": (
            "package main\n\nfunc main() {\n\terr := rootCmd.GenBashCompletionFile(\"completion/bash.sh\")\n"
            "\tf, _ := os.Create(\"completion/zsh.sh\")\n\t_ = os.WriteFile(\"out/a.json\", data, 0o644)\n"
            "\tb, _ := os.ReadFile(\"config/read.json\")\n}\n"),
        "scripts/emit.js": "fs.writeFileSync('out/b.json', JSON.stringify(x))\n",
        "config/locales/en.yml": "en:\n",
        "lib/generators/install_generator.rb": (
            "def copy_locale\n  copy_file \"../../config/locales/en.yml\", \"config/locales/devise.en.yml\"\n"
            "  copy_file \"../../config/locales/gone.yml\", \"config/locales/en.yml\"\nend\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("hack/gencompletion/generate.go", 7), ("lib/generators/install_generator.rb", 3)}


def test_a_link_to_an_email_address_names_no_file(repo):
    """axios' code of conduct: "reported to ... [Jason Saayman](jasonsaayman@gmail.com)": an address
    written without `mailto:`. A link to a missing file beside it still counts, `logo@2x.png` too."""
    repo.commit("2024-01-10", files={
        "CODE_OF_CONDUCT.md": "Report it to [the maintainer](jason.s+coc@mail.example.org).\n"
                              "Read [the policy](policy.md) first.\n"
                              "![logo](logo@2x.png)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("CODE_OF_CONDUCT.md", 2), ("CODE_OF_CONDUCT.md", 3)}


def test_a_shell_blocks_log_lines_are_output(repo):
    """terragrunt's quick start shows `$ terragrunt apply` and what it logged, each line opening
    with its time: "18:44:27.034 STDOUT tofu: ... guarantee to make the same selections by
    default" is no `make` of six targets. A command line in the same block still counts."""
    repo.commit("2024-01-10", files={
        "Makefile": "build:\n\techo build\n",
        "scripts/real.sh": "echo\n",
        "docs/quick-start.md": (
            "```bash\n"
            "$ terragrunt apply -auto-approve\n"
            "18:44:27.034 STDOUT tofu: so that OpenTofu can guarantee to make the same selections by default when\n"
            "2024-01-10T18:44:27Z INFO wrote scripts/gone.sh\n"
            "make lint\n"
            "```\n"),
    })
    report = scan(repo.root)
    assert set(found(report, "dangling-command")) == {("docs/quick-start.md", 5)}
    assert found(report, "dangling-reference") == {}


def test_a_hugo_module_mount_names_the_imported_modules_paths(repo):
    """kueue's `site/hugo.toml` mounts the Docsy theme's `layouts/_default/single.html`
    (`[[module.imports.mounts]]`: a path in that module) at a `target` in Hugo's union file
    system. The site's own mount `source` is this repository's, and still counts."""
    repo.commit("2024-01-10", files={
        "site/layouts/home.html": "<html></html>\n",
        "site/layouts/_default/baseof.html": "<html></html>\n",
        "site/layouts/partials/head.html": "<head></head>\n",
        "site/hugo.toml": (
            "baseURL = '/'\n"
            "[module]\n"
            "  [[module.imports]]\n"
            "    path = \"github.com/google/docsy\"\n"
            "    [[module.imports.mounts]]\n"
            "      source = \"layouts/_default/single.html\"\n"
            "      target = \"layouts/_default/single.html\"\n"
            "  [[module.mounts]]\n"
            "    source = \"layouts/home.html\"\n"
            "    target = \"layouts/_default/home.html\"\n"
            "  [[module.mounts]]\n"
            "    source = \"layouts/gone.html\"\n"
            "    target = \"layouts/partials/gone.html\"\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("site/hugo.toml", 12)}


def test_a_script_in_another_repositorys_clone_names_its_files(repo):
    """tilt's release script clones its docs site into `ROOT=$(mktemp -d)`, `cd "$ROOT"`, and
    edits `docs/install.md` there (this repository's went in 2019); ingress-nginx's image build
    clones ModSecurity and, after `cd ModSecurity/`, patches its `build/lua.m4`. Before the clone,
    a removed path still counts."""
    repo.commit("2019-01-10", files={"docs/install.md": "# Install\n", "scripts/old.sh": "echo\n"})
    repo.git("rm", "-q", "docs/install.md", "scripts/old.sh")
    repo.commit("2019-02-13", files={
        "README.md": "# x\n",
        "build/run-in-docker.sh": "echo\n",
        "scripts/release-docs.sh": (
            "#!/bin/bash\n"
            "./scripts/old.sh\n"
            "ROOT=$(mktemp -d)\n"
            "git clone https://github.com/acme/site \"$ROOT\"\n"
            "cd \"$ROOT\"\n"
            "sed -i -E \"s/v1/v2/\" docs/install.md\n"),
        "images/build.sh": (
            "#!/bin/sh\n"
            "cd \"$BUILD_PATH\"\n"
            "git clone -n --depth=1 https://github.com/owasp-modsecurity/ModSecurity.git\n"
            "cd ModSecurity/\n"
            "sed -i '115i X' build/lua.m4\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("scripts/release-docs.sh", 2)}


def test_yarn_runs_a_dependencys_program_when_no_script_has_its_name(repo):
    """argo-workflows' UI docs say `yarn run playwright` (the program `@playwright/test` installs)
    and devspace's `yarn run docusaurus`; its PR bot's table shows `yarn --cwd ui …` (a folder,
    then a command not shown). `npm run` runs scripts only, and a name no script or dependency
    has still counts."""
    repo.commit("2024-01-10", files={
        "ui/package.json": json.dumps({"name": "ui", "scripts": {"build": "webpack"},
                                       "devDependencies": {"@playwright/test": "^1.50.0", "webpack": "^5"}}),
        "ui/README.md": ("# UI\n\n```sh\nyarn run playwright test\nyarn webpack --watch\nnpm run playwright\n"
                         "yarn run e2e\n```\n\n| UI | `yarn --cwd ui …` |\n"),
    })
    assert found(scan(repo.root), "dangling-command") == {
        ("ui/README.md", 6): "`npm run playwright`: no package.json has a script playwright",
        ("ui/README.md", 7): "`yarn run e2e`: no package.json has a script e2e"}


def test_a_documents_shell_blocks_run_in_order_what_one_creates_the_next_uses(repo):
    """cluster-api's quick start downloads `curl -L <url> -o clusterctl` in one block, then says
    `chmod +x ./clusterctl` in the next: the reader's download, not the `clusterctl/` folder the
    repository removed in 2018. Before the download, that name is still a claim."""
    repo.commit("2018-01-10", files={"clusterctl/main.go": "package main\n"})
    repo.git("rm", "-q", "-r", "clusterctl")
    repo.commit("2018-10-04", files={"cmd/clusterctl/main.go": "package main\n"})
    repo.commit("2024-01-10", files={
        "docs/quick-start.md": ("# Quick start\n\n```bash\n./clusterctl version\n```\n\n"
                                "```bash\ncurl -L https://example.org/clusterctl-linux-amd64 -o clusterctl\n```\n\n"
                                "Make it executable:\n\n```bash\nchmod +x ./clusterctl\nsudo mv ./clusterctl /usr/local/bin/\n```\n"),
        "docs/install.rst": ("Install\n=======\n\n.. code-block:: bash\n\n    curl -L https://example.org/c -o clusterctl\n\n"
                             ".. code-block:: bash\n\n    ./clusterctl init\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/quick-start.md", 4)}


def test_an_installed_programs_option_default_is_the_users_path(repo):
    """Flask-AppBuilder's `flask fab babel-extract` has `@click.option("--target",
    default="app/translations")`: the user's app, though the repository had an `app/` until 2013.
    A script's default, run here, still counts."""
    repo.commit("2013-01-10", files={"app/translations/x.po": "msgid \"\"\n", "tools/old.cfg": "[x]\n"})
    repo.git("rm", "-q", "-r", "app", "tools/old.cfg")
    repo.commit("2013-12-22", files={
        "fab/__init__.py": "",
        "fab/cli.py": ("import click\n\n\n@click.command()\n"
                       "@click.option(\"--target\", default=\"app/translations\")\n"
                       "def extract(target):\n    pass\n"),
        "tools/release.py": ("import argparse\n\np = argparse.ArgumentParser()\n"
                             "p.add_argument(\"--config\", default=\"tools/old.cfg\")\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("tools/release.py", 4)}


@pytest.mark.parametrize("site", [{}, {"docs/docusaurus.config.js": "module.exports = {}\n"}])
def test_a_partials_links_are_written_from_the_pages_that_import_it(repo, site):
    """devspace's `configuration/images/_partials/prevent_build.mdx` links `../dev/modifications/dev-image`,
    as the `images/` pages that import it see it, in its Docusaurus site of folder URLs too. A
    page missing from there too still counts."""
    repo.commit("2024-01-10", files={
        **site,
        "docs/pages/configuration/dev/modifications/dev-image.mdx": "# Dev image\n",
        "docs/pages/configuration/images/README.mdx": "import P from './_partials/prevent_build.mdx'\n\n<P />\n",
        "docs/pages/configuration/images/_partials/prevent_build.mdx": (
            "See [the dev image](../dev/modifications/dev-image).\n\nSee [sync](../dev/connections/file-sync).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("docs/pages/configuration/images/_partials/prevent_build.mdx", 3)}


def test_e_g_goes_on_with_the_sentence_it_gives_an_example_in(repo):
    """crossplane's guide: "clear in the error message (e.g.\\n`failed to parse apis/xrd.yaml`)".
    The sentence does not end at "e.g.": the path is an example. One after a sentence that did end
    still counts."""
    repo.commit("2024-01-10", files={
        "apis/generate.go": "package apis\n",
        "contributing/guide.md": ("# Guide\n\nEnsure that the context is clear in the error message (e.g.\n"
                                  "`failed to parse apis/xrd.yaml`). Then read\n`apis/schema.yaml`.\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("contributing/guide.md", 5)}


def test_what_the_build_makes_and_a_workflow_uploads_is_no_claim(repo):
    """buildah's `make clean` runs `$(RM) -r ... internal/mkcw/embed/entrypoint_arm64.gz`, a file one
    of its rules makes (and a doc may name), and its workflow uploads `./contrib/ci/journal.log`,
    which a step wrote; crossplane's `//go:generate rm -rf ../cluster/manifests.yaml` deletes. A removed script a rule runs still
    counts; so does a removed one a `go:generate` runs."""
    repo.commit("2023-01-10", files={"hack/old.sh": "echo\n", "cluster/manifests.yaml": "x: 1\n"})
    repo.git("rm", "-q", "hack/old.sh", "cluster/manifests.yaml")
    repo.commit("2024-01-10", files={
        "internal/mkcw/embed/entrypoint.go": "package embed\n",
        "contrib/ci/run.sh": "echo\n",
        "Makefile": ("all: internal/mkcw/embed/entrypoint_arm64.gz\n\n"
                     "internal/mkcw/embed/entrypoint_arm64.gz: internal/mkcw/embed/entrypoint.go\n\tgzip -k $<\n\n"
                     "release:\n\t./hack/old.sh\n\n"
                     "clean:\n\t$(RM) -r hack/old.sh cluster/manifests.yaml\n"),
        "internal/mkcw/embed/README.md": "# Embed\n\n`make` writes `internal/mkcw/embed/entrypoint_arm64.gz`.\n",
        ".github/workflows/ci.yml": (
            "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - run: journalctl > ./contrib/ci/journal.log\n"
            "      - uses: actions/upload-artifact@v4\n        with:\n          name: journal\n"
            "          path: ./contrib/ci/journal.log\n"
            "      - run: ./contrib/ci/gone.sh\n"),
        "apis/generate.go": ("package apis\n\n//go:generate rm -rf ../cluster/manifests.yaml\n"
                             "//go:generate ../hack/old.sh\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("Makefile", 7), (".github/workflows/ci.yml", 11), ("apis/generate.go", 4)}


def test_a_folder_download_artifact_fills_is_no_claim(repo):
    """safety's release job downloads the build's artifacts into `artifacts/` and runs its next
    steps there (`working-directory: artifacts`). A step run in a folder nothing made still counts."""
    repo.commit("2024-01-10", files={
        "tools/run.sh": "echo\n",
        ".github/workflows/release.yml": (
            "on: push\njobs:\n  post:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - uses: actions/download-artifact@v4\n        with:\n          pattern: safety-*\n"
            "          path: artifacts/\n"
            "      - working-directory: artifacts\n        run: sha256sum * > SHASUMS256.txt\n"
            "      - working-directory: tools/gone\n        run: ls\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {(".github/workflows/release.yml", 12)}


def test_a_news_fragment_is_named_for_a_release_to_consume(repo):
    """yarl's agent guide: "name the fragment after the issue number (e.g. `CHANGES/1234.bugfix.rst`
    ...)": towncrier turns fragments into the notes and deletes them. A missing guide still counts."""
    repo.commit("2024-01-10", files={
        "CHANGES/README.rst": "Fragments go here.\n",
        "AGENTS.md": ("# Agents\n\nWrite [a fragment](CHANGES/1234.bugfix.rst) or `CHANGES/+a1b2.feature.md`.\n\n"
                      "Read [the guide](CHANGES/GUIDE.md).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("AGENTS.md", 5)}


def test_a_library_kept_in_deps_with_its_own_build_is_vendored(repo):
    """gevent keeps c-ares in `deps/c-ares/` with its `AUTHORS` and `configure.ac` but not its license:
    its README's links to files gevent left out are c-ares'. A `deps/` folder of the project's own
    (no such file) is read."""
    repo.commit("2024-01-10", files={
        "deps/c-ares/AUTHORS": "Daniel\n", "deps/c-ares/configure.ac": "AC_INIT\n",
        "deps/c-ares/README.md": "# c-ares\n\nSee [the license](LICENSE.md) and `src/lib/ares.c`.\n",
        "deps/c-ares/src/x.c": "int x;\n",
        "deps/build/README.md": "# Build\n\nRun `deps/build/make.sh`.\n",
        "deps/build/run.sh": "echo\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("deps/build/README.md", 3)}


def test_a_tests_dockerfile_copies_from_the_context_the_test_makes(repo):
    """tilt's `internal/engine/testdata/server.dockerfile` copies `package.json`, which the
    repository removed in 2024: the test's context. The product's own Dockerfile still counts."""
    repo.commit("2023-01-10", files={"package.json": "{}\n", "server.js": "x\n"})
    repo.git("rm", "-q", "package.json", "server.js")
    repo.commit("2024-02-29", files={
        "internal/engine/testdata/server.dockerfile": "FROM node\nCOPY package.json /usr/src/app/\n",
        "Dockerfile": "FROM node\nCOPY server.js /app/\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("Dockerfile", 2)}


def test_a_camel_case_test_module_builds_the_files_it_names(repo):
    """SCons' `SCons/Node/FSTests.py` (and Java's `FooTest.java`) names `src/test.in`, a file the
    test writes. The module it tests still makes claims."""
    repo.commit("2024-01-10", files={
        "src/run.py": "x = 1\n",
        "SCons/Node/FSTests.py": "def test():\n    fs.File('src/test.in')\n",
        "SCons/Node/FS.py": "DEFAULT = 'src/gone.in'\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("SCons/Node/FS.py", 1)}


def test_a_templates_files_name_where_the_template_is_copied(repo):
    """kubernetes/release keeps the READMEs of the packages it builds under
    `cmd/krel/templates/latest/<package>/`: their `docs/crictl.md` is the package's; textual's
    `docs/styles/_template.md` names the `style.py` of the page made from it; gh's
    `pkg/cmd/extension/ext_tmpls/` workflow, the `script/build.sh` of the extension made from it.
    A path this repository removed is still a claim."""
    repo.commit("2023-01-10", files={"docs/gone.md": "# Gone\n"})
    repo.git("rm", "-q", "docs/gone.md")
    repo.commit("2024-01-10", files={
        "docs/README.md": "# Docs\n",
        "docs/styles/_template.md": "# Style\n\nThe example is `docs/examples/styles/style.py`.\n",
        "docs/examples/styles/align.py": "x = 1\n", "script/release.sh": "echo\n",
        "pkg/cmd/extension/ext_tmpls/otherBinWorkflow.yml": "jobs:\n  a:\n    steps:\n      - run: script/build.sh\n",
        "cmd/krel/templates/latest/cri-tools/README.md": (
            "# cri-tools\n\nSee [crictl](docs/crictl.md).\n\nSee [the old page](../../../../../docs/gone.md).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("cmd/krel/templates/latest/cri-tools/README.md", 5)}


def test_a_mkdocs_site_configured_under_another_name_serves_folder_urls(repo):
    """textual configures MkDocs in `mkdocs-common.yml` (inherited by `mkdocs-online.yml`), no
    `mkdocs.yml`: `docs/styles/align.md` is served at `styles/align/`, so its
    `../../css_types/horizontal` is `docs/css_types/horizontal.md`. A type it lacks still counts."""
    repo.commit("2024-01-10", files={
        "mkdocs-common.yml": "site_name: Textual\n",
        "mkdocs-online.yml": "INHERIT: mkdocs-common.yml\n",
        "docs/css_types/horizontal.md": "# horizontal\n",
        "docs/styles/align.md": "# align\n\nSee [horizontal](../../css_types/horizontal).\n\nSee [gone](../../css_types/gone).\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/styles/align.md", 5)}


def test_what_a_command_writes_or_runs_elsewhere_is_no_claim(repo):
    """bump-my-version's `pip-compile --output-file=requirements/prod.txt`, goldilocks' `venom run
    --output-dir e2e/results`: what a command writes, whatever the repository once kept there.
    external-provisioner's `make WHAT=test/e2e/e2e.test "-C${GOPATH}/src/..."` builds in another
    checkout; `make -C docs` in a folder of this one, where a missing path is still a finding.
    kube-scheduler-simulator's `#COPY --from=builder ./app/server` copies out of another stage.
    cluster-api's controller-gen writes `output:crd:dir=./config/crd/bases`."""
    repo.commit("2020-01-10", files={"requirements/prod.txt": "click\n", "e2e/results/a.xml": "<a/>\n",
                                     "config/crd/bases/x.yaml": "a: 1\n",
                                     "app/server/main.go": "package main\n", "docs/conf.py": "x = 1\n",
                                     "docs/source/index.rst": "Index\n"})
    repo.git("rm", "-q", "-r", "requirements", "e2e", "app", "docs/source", "config")
    repo.commit("2024-08-13", files={
        "tools/generate-requirements.sh": ("#!/bin/sh\npip-compile --upgrade --output-file=requirements/prod.txt"
                                           " pyproject.toml\npython -m build --outdir dist/wheels .\n"),
        "Makefile": (".PHONY: e2e\ne2e:\n\tvenom run e2e/tests/* --output-dir e2e/results --log info\n"
                     "\tmake WHAT=test/e2e/e2e.test \"-C${GOPATH}/src/k8s.io/kubernetes\"\n"
                     "\tmake -C docs html SOURCE=source/index.rst\n"
                     "\t$(CONTROLLER_GEN) paths=./ crd:crdVersions=v1 \\\n\t\toutput:crd:dir=./config/crd/bases\n"),
        "Dockerfile": "FROM golang AS builder\n#COPY --from=builder ./app/server ./server/\n# COPY ./app/server ./server/\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("Makefile", 5), ("Dockerfile", 3)}


def test_paths_said_to_be_another_repositorys_or_the_readers(repo):
    """goldilocks: "the `hack/vpa-up.sh` script from the [vertical-pod-autoscaler
    repository](https://github.com/kubernetes/autoscaler/...)"; kube-scheduler-simulator: "use
    'hack/install-etcd.sh' on kubernetes/kubernetes repo"; kured: "[charts/kured](https://github.com/
    kubereboot/charts/tree/main/charts/kured) is the place to contribute", a link whose text
    labels another repository's URL (a link into this one's names its path, and a link to a page
    nothing); molecule: "`.config/molecule/config.yml` file in your `$HOME`
    directory" and a scenario's `requirements-file: ../requirements.yml`, both names this
    repository once had; ansible-lint lists `.config/ansible-lint.yml` or `.yaml`, of which its
    examples' projects hold the first."""
    repo.commit("2020-01-10", files={"charts/kured/Chart.yaml": "name: kured\n", "requirements.yml": "[]\n",
                                     ".config/molecule/config.yml": "driver: {}\n"})
    repo.git("rm", "-q", "-r", "charts", "requirements.yml", ".config")
    repo.commit("2024-06-11", files={
        "hack/verify.sh": "#!/bin/sh\necho \"You can use 'hack/install-etcd.sh' on kubernetes/kubernetes repo.\"\n",
        "examples/.config/ansible-lint.yml": "profile: min\n", ".config/dictionary.txt": "kured\n",
        "docs/installation.md": ("* Install the `hack/vpa-up.sh` script from the [vertical-pod-autoscaler repository]"
                                 "(https://github.com/kubernetes/autoscaler/tree/master/vertical-pod-autoscaler)\n"
                                 "* Or run `hack/vpa-down.sh`.\n"),
        "CONTRIBUTING.md": ("- [charts/kured](https://github.com/kubereboot/charts/tree/main/charts/kured) is the place"
                            " for the chart.\n- [`charts/old`](./charts/old/) is gone.\n"
                            "- [The chart in `charts/kured`](https://github.com/kubereboot/kured) has the values.\n"
                            "- [The chart in `charts/kured`](https://kured.dev/docs/) has the values.\n"),
        "docs/configuration.md": ("- `.config/molecule/config.yml` file in your `$HOME` directory\n"
                                  "- `.config/ansible-lint.yml` or `.config/ansible-lint.yaml`\n- Or `.config/lint.yaml`\n\n"
                                  "```yaml\ndependency:\n  options:\n    requirements-file: ../requirements.yml\n```\n"),
    })
    repo.git("remote", "add", "origin", "https://github.com/kubereboot/kured.git")
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("docs/installation.md", 2), ("CONTRIBUTING.md", 2), ("CONTRIBUTING.md", 3), ("docs/configuration.md", 3)}


def test_a_scaffolds_options_a_version_placeholder_and_a_printed_error_name_nothing(repo):
    """cloudnative-pg's kustomization keeps kubebuilder's `#- path: patches/cainjection_in_x.yaml`
    to uncomment, and its release notes template says "copy this file to
    `docs/src/release_notes/v1.XX.md`"; tfsec's tests fetch a `config_not_found.yml` on purpose;
    kubefed's GKE page shows the error a deploy prints, `Error from server (Forbidden): error when
    creating "hack/install-latest.yaml"` (deleted in 2019). A commented-out option that names a
    path the repository removed is still a finding."""
    repo.commit("2019-01-10", files={"hack/install-latest.yaml": "kind: List\n", "config/crd/patches/gone.yaml": "a: 1\n"})
    repo.git("rm", "-q", "hack/install-latest.yaml", "config/crd/patches/gone.yaml")
    repo.commit("2024-03-01", files={
        "config/crd/bases/x.yaml": "kind: CustomResourceDefinition\n", "config/crd/patches/kept.yaml": "a: 1\n",
        "config/crd/kustomization.yaml": ("resources:\n- bases/x.yaml\npatches:\n#- path: patches/cainjection_in_x.yaml\n"
                                          "#  target:\n#    kind: CustomResourceDefinition\n#- path: patches/gone.yaml\n"),
        "docs/src/release_notes/v1.28.md": "# 1.28\n",
        "contribute/release-notes-template.md": ("Copy this file to `docs/src/release_notes/v1.XX.md`.\n"
                                                 "A test asks for `config/crd/bases/config_not_found.yaml`.\n"),
        "docs/gke.md": ("You can expect the following error:\n\n```\nError from server (Forbidden): error when creating"
                        " \"hack/install-latest.yaml\": forbidden\n```\n\nThen run:\n\n```\nkubectl apply -f hack/install-latest.yaml\n```\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("config/crd/kustomization.yaml", 7), ("docs/gke.md", 10)}


def test_a_sphinx_sites_raw_html_captions_and_included_guide(repo):
    """litestar's index page links built pages in raw HTML (`<a href="usage/index.html">`), its
    testing page captions an example `tests/test_health_check.py`, and its root CONTRIBUTING.rst,
    included into the docs, says :doc:`/release-notes/changelog` from the docs root. A raw HTML
    image that is gone, and a rooted :doc: no docs root has, are still findings."""
    repo.commit("2024-03-01", files={
        "docs/conf.py": "project = 'x'\n",
        "docs/usage/index.rst": "Usage\n=====\n",
        "docs/release-notes/changelog.rst": "Changelog\n=========\n",
        "docs/contribution-guide.rst": ".. include:: ../CONTRIBUTING.rst\n",
        "docs/examples/test_health_sync.py": "def test(): pass\n", "tests/test_app.py": "def test(): pass\n",
        "docs/index.rst": (".. raw:: html\n\n   <a href=\"usage/index.html\">Usage</a>\n   <img src=\"_static/gone.png\">\n\n"
                           ".. literalinclude:: /examples/test_health_sync.py\n    :caption: ``tests/test_health_check.py``\n"
                           "    :language: python\n"),
        "CONTRIBUTING.rst": "Add an entry to :doc:`/release-notes/changelog`, then to :doc:`/release-notes/upcoming`.\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/index.rst", 4), ("CONTRIBUTING.rst", 1)}
    report = scan(repo.root)
    assert [f["message"] for f in report["findings"] if f["path"] == "CONTRIBUTING.rst"] == [
        "/release-notes/upcoming does not exist (no docs/release-notes/upcoming or release-notes/upcoming)"]


def test_code_that_names_the_readers_files_a_commented_out_import_and_a_gradle_subprojects_block(repo):
    """garden's example apps keep Vue CLI's commented-out route `// component: () =>
    import('./views/About.vue')` after their `About.vue` went; masonite raises "Be sure there is a
    secret key present in your .env file or your config/application.py file" (the app's, long
    gone from the framework's repository); syft sorts files "where the input looks like
    "schema/json/schema-1.12.1.json""; BlackSheep's docstring runs `ipython
    perf/benchmarks/filename.py`; jib's root build.gradle sets `file('src/integration-test/java')`
    inside `subprojects { }`, each project's folder (its own `src/` moved into `jib-core/`). A
    comment that names a deleted path, a string that does without "your", and the same Gradle
    path outside the block are still findings."""
    repo.commit("2018-01-10", files={"config/application.py": "KEY = 1\n", "src/integration-test/java/A.java": "class A {}\n",
                                     "src/views/Gone.vue": "<template/>\n", "docs/old.md": "# Old\n"})
    repo.git("rm", "-q", "-r", "config", "src/integration-test", "src/views/Gone.vue", "docs/old.md")
    repo.commit("2018-02-01", files={"core/src/integration-test/java/A.java": "class A {}\n"})
    repo.commit("2024-03-01", files={
        "src/router.js": ("export default [\n  // {\n  //   component: () => import(/* webpackChunkName: \"about\" */"
                          " './views/About.vue'),\n  // },\n  // const gone = require('./views/Gone.vue')\n"
                          "  // docs/old.md says more\n];\n"),
        "src/sign.py": ("def check(key):\n    if not key:\n        raise ValueError(\"Be sure there is a secret key present in"
                        " your .env file or your config/application.py file.\")\n"
                        "    print(\"read config/application.py\")\n"),
        "scripts/labeler.py": ("def sort(files):\n    # sort files by version, where the input looks like"
                               " \"schema/json/schema-1.12.1.json\"\n    return files\n"),
        "src/views/Home.vue": "<template/>\n", "schema/json/schema-1.0.0.json": "{}\n",
        "perf/benchmarks/__init__.py": "", "perf/run.py": "def main():\n    \"\"\"Run it:\n\n    ipython perf/benchmarks/filename.py timeit\n    \"\"\"\n",
        "build.gradle": ("subprojects {\n  sourceSets {\n    integrationTest {\n"
                         "      java.srcDir file('src/integration-test/java')\n    }\n  }\n}\n\n"
                         "sourceSets.main.java.srcDir file('src/integration-test/java')\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("src/router.js", 6), ("src/sign.py", 4), ("build.gradle", 9)}


def test_backslash_links_version_pages_migration_guides_transcripts_and_written_files(repo):
    """porter's README shows `<img src="docs\\static\\images\\mixins\\aws.svg">`, which a browser
    reads with `/`; its Hugo pages link a schema version's page `[1.0.1](./1.0.1/)`, which is
    `1.0.1.md`; fastapi-users' `docs/migration/7x_to_8x.md` links the pages of 7.x; apistar's
    ```shell block prints `✓ Documentation built at "docs/index.html".` after `$ apistar docs`;
    python-semantic-release's workflow writes `.github/manual_eval_input.py` with
    `DamianReeves/write-file-action`, then runs it; refurb's guide says "For this example, we will
    be writing our code in `refurb/checks/logical/no_float_cmp.py`"; nanobind's has the reader's
    bindings in `src/my_ext.cpp`; weave-gitops' Docusaurus page `docs/explorer/configuration.mdx`,
    served at `/docs/explorer/configuration/`, links `../../policy/getting-started`; coverage.py's
    reStructuredText says `` `internal flags <env.py_>`_ ``, a reference to the target named
    `env.py`; basedpyright's `.github/plans/archived/` keeps plans carried out, whose `npm run
    fix:files` is gone (a plan not archived is still a finding). A backslash
    image that is missing, a version page that is not there, a prompted command's missing file
    and a Docusaurus page that is nowhere are still findings."""
    repo.commit("2022-01-10", files={"docs/configuration/mongodb.md": "# Mongo\n"})
    repo.git("rm", "-q", "docs/configuration/mongodb.md")
    repo.commit("2024-03-01", files={
        "docs/static/images/aws.svg": "<svg/>\n",
        "README.md": ("# Porter\n\n<img src=\"docs\\static\\images\\aws.svg\" width=\"20\">\n"
                      "<img src=\"docs\\static\\images\\gcp.png\" width=\"20\">\n"),
        "docs/content/file-format/_index.md": "# Formats\n\n- [1.0.1](./1.0.1/)\n- [9.9.9](./9.9.9/)\n",
        "docs/content/file-format/1.0.1.md": "# 1.0.1\n",
        "docs/migration/7x_to_8x.md": "# 7.x to 8.x\n\nSee [MongoDB](../configuration/mongodb.md).\n",
        "refurb/checks/logical/use_in.py": "x = 1\n", "src/lib.cpp": "int x;\n",
        "website/docusaurus.config.js": "module.exports = {trailingSlash: true};\n",
        "doc/cmd.rst": ("Debug\n=====\n\n* show `internal flags <env.py_>`_ here.\n\n"
                        ".. _env.py: https://example.org/env.py\n"),
        "package.json": "{\"scripts\": {\"test\": \"jest\"}}\n",
        ".github/plans/archived/FIX_PLAN.md": "# Plan\n\nRun `npm run fix:files`.\n",
        ".github/plans/FIX_PLAN.md": "# Plan\n\nRun `npm run fix:files`.\n",
        "website/docs/policy/getting-started.mdx": "# Policy\n",
        "website/docs/explorer/configuration.mdx": ("# Explorer\n\nSee [policy](../../policy/getting-started).\n\n"
                                                    "And [gone](../../policy/gone).\n"),
        "docs/adding-checks.md": ("For this example, we will be writing our code in"
                                  " `refurb/checks/logical/no_float_cmp.py`.\n\nBind it in `src/my_ext.cpp`.\n"),
        "docs/api.md": ("# API\n\n```shell\n$ apistar docs\n✓ Documentation built at \"docs/index.html\".\n"
                        "$ cat docs/missing.txt\n```\n"),
        ".github/workflows/manual.yml": (
            "on: workflow_dispatch\njobs:\n  eval:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - uses: actions/checkout@v4\n      - name: Write file\n"
            "        uses: DamianReeves/write-file-action@6929a9a6d1807689191dcc8bbe62b54d70a32b42\n"
            "        with:\n          path: .github/manual_eval_input.py\n          contents: print(1)\n"
            "      - run: python3 .github/manual_eval_input.py\n"),
    })
    report = scan(repo.root)
    assert set(found(report, "dangling-reference")) == {
        ("README.md", 4), ("docs/content/file-format/_index.md", 4), ("docs/api.md", 6),
        ("website/docs/explorer/configuration.mdx", 5)}
    assert set(found(report, "dangling-command")) == {(".github/plans/FIX_PLAN.md", 3)}


def test_a_file_a_makefile_recipe_writes_is_made(repo):
    """flannel's release workflow runs `make release-manifest release-helm`, then uploads
    `dist/flannel.tgz` and `dist/kube-flannel.yml`, which those recipes write (`cp
    chart/flannel-$(TAG).tgz dist/flannel.tgz`, `kubectl kustomize ... > dist/kube-flannel.yml`).
    A file no recipe writes is still a finding."""
    repo.commit("2024-03-01", files={
        "dist/README.md": "Release files.\n",
        "Makefile": (".PHONY: release-manifest release-helm\nrelease-manifest:\n\tmkdir -p dist\n"
                     "\tkubectl kustomize ./kustomization/ > dist/kube-flannel.yml\n"
                     "release-helm:\n\tcp chart/flannel-$(TAG).tgz dist/flannel.tgz\n"),
        ".github/workflows/release.yml": (
            "on: push\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - run: make release-manifest release-helm\n"
            "      - run: gh release upload v1 dist/flannel.tgz dist/kube-flannel.yml\n"
            "      - run: gh release upload v1 dist/other.tgz\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {(".github/workflows/release.yml", 9)}


def test_next_js_pages_historical_documents_grep_patterns_and_handed_on_commands(repo):
    """Robyn's Next.js docs (`docs_src/next.config.mjs`) link `/documentation/en/openapi`, served from
    `docs_src/src/pages/documentation/en/openapi.mdx` (and `/community` from `community.jsx`, an
    App Router's `app/x/page.tsx` too), its configuration redirects `/all-docs`, and its
    `pages/reference/` is made at build and ignored by git; swr-site's `/docs/mutation` is
    `content/docs/mutation.mdx` (a Russian page's `/docs/options` is `content/ru/docs/options.mdx`),
    and nextra's `app/docs/advanced/latex/page.mdx`, served at `/docs/advanced/latex`, links
    `../guide/markdown` from the folder above. cdk8s' and fission's `rfc/` proposals, and fission's
    migration status "preserved as a history of decisions", and kedro's `RELEASE.md`, whose headings
    are its releases, are historical; microk8s' workflow
    greps `-v "./microk8s-resources/actions/ingress.yaml"` out of a file list (a pattern);
    atlantis' agent guide says `npm run website:*` (its scripts `website:dev` and `website:build`);
    werf's cheat sheet runs `npm run e2e-tests` in a Pod after `werf kube-run image --`, and
    gitsign's flag table says `--sign   make a signature`; cornice's
    upgrade notes show "your :file:`docs/conf.py`", Robyn's tutorial one who was "about to create
    an `src/app.py`". A page that is not there, a document that does not call itself history, a
    file grep reads and a script of no package.json are still findings."""
    gone = ["test/run_test.sh", "test/kind_CI.sh", "resources/actions/ingress.yaml", "resources/actions/metallb.yaml",
            "docs_src/src/pages/documentation/en/views.mdx"]
    repo.commit("2022-01-10", files=dict.fromkeys(gone, "x\n"))
    repo.git("rm", "-q", *gone)
    repo.commit("2024-03-01", files={
        "docs_src/next.config.mjs": ("export default {\n  async redirects() {\n    return [\n"
                                     "      { source: '/all-docs', destination: '/documentation/en' },\n"
                                     "    ]\n  },\n}\n"),
        "docs_src/src/pages/documentation/en/openapi.mdx": "# OpenAPI\n",
        "docs_src/src/app/blog/page.tsx": "export default function Page() {}\n",
        "docs_src/src/pages/documentation/en/index.mdx": (
            "# Docs\n\n- [OpenAPI](/documentation/en/openapi)\n- [Blog](/blog)\n- [All](/all-docs)\n"
            "- [Gone](/documentation/en/views)\n- [Reference](/reference/core)\n- [Community](/community)\n"),
        "docs_src/src/pages/community.jsx": "export default function Community() {}\n",
        "docs_src/.gitignore": "src/pages/reference/*\n",
        "site/next.config.ts": "export default {}\n", "site/content/docs/mutation.mdx": "# Mutation\n",
        "site/content/ru/docs/options.mdx": "# Options\n",
        "site/content/ru/docs/intro.mdx": "# Intro\n\nSee [mutation](/docs/mutation) and [options](/docs/options).\n",
        "site/app/docs/guide/markdown/page.mdx": "# Markdown\n",
        "site/app/docs/advanced/latex/page.mdx": "# LaTeX\n\nSee [Markdown](../guide/markdown).\n",
        "docs/rfc/0001-plan.md": "# Plan\n\nRun `test/kind_CI.sh`.\n",
        "docs/test-migration/status.md": ("# Status\n\nMigration is complete; this file is preserved as a"
                                          " history of decisions.\n\nThe runner was `test/run_test.sh`.\n"),
        "docs/test-migration/design.md": "# Design\n\nThe runner is `test/run_test.sh`.\n",
        "RELEASE.md": ("# Upcoming Release\n\n# Release 1.2.0\n\n* Fixed `test/kind_CI.sh` on macOS.\n\n"
                       "# Release 1.1.0\n\n* Faster.\n\n# Release 1.0.0\n\n* First.\n"),
        "docs/RELEASE.md": "# Releasing\n\n## Steps\n\nRun `test/kind_CI.sh`.\n",
        ".github/workflows/lint.yml": (
            "on: push\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - run: find . -name '*.yaml' | grep -v \"./resources/actions/ingress.yaml\"\n"
            "      - run: grep -n TODO ./resources/actions/metallb.yaml\n"),
        "package.json": "{\"scripts\": {\"website:dev\": \"vitepress dev\", \"website:build\": \"vitepress build\"}}\n",
        "AGENTS.md": "# Agents\n\nRun `npm install` before `npm run website:*` commands.\n\nThen `npm run lint`.\n",
        "Makefile": "build:\n\tgo build ./...\n", "src/main.py": "print(1)\n",
        "docs/cheat_sheet.md": ("# Cheat sheet\n\n```shell\nwerf kube-run frontend_image --repo ghcr.io/g/p"
                                " -- npm run e2e-tests\nkubectl exec -it web-0 -- make test\n```\n\n"
                                "```\n  -s, --sign                make a signature\n```\n"),
        "docs/upgrading.rst": "Upgrading\n=========\n\nBefore, in your :file:`docs/conf.py`, add it.\n",
        "docs/tutorial.md": "# Tutorial\n\nHe was about to create an `src/app.py` before he ran the CLI.\n",
    })
    report = scan(repo.root)
    assert set(found(report, "dangling-reference")) == {
        ("docs_src/src/pages/documentation/en/index.mdx", 6), ("docs/test-migration/design.md", 3),
        ("docs/RELEASE.md", 5),
        (".github/workflows/lint.yml", 8)}
    assert set(found(report, "dangling-command")) == {("AGENTS.md", 5)}


def test_a_webpack_bundle_is_generated(repo):
    """werf's GitHub Actions keep `dist/index.js`, which ncc bundles with their dependencies (webpack's
    `/******/ (() => { // webpackBootstrap` banner): its TODOs are theirs. The action's own source
    is still read."""
    banner = "/******/ (() => { // webpackBootstrap\n/******/ \tvar __webpack_modules__ = ({\n"
    repo.commit("2021-01-04", files={
        ".github/actions/get-message/dist/index.js": banner + "// TODO: support preAuth = false\n",
        ".github/actions/get-message/index.js": "// TODO: read the message from the event\n",
    })
    assert set(found(scan(repo.root), "stale-todo")) == {(".github/actions/get-message/index.js", 1)}


def test_a_mintlify_site_serves_its_pages_from_its_folder(repo):
    """mem0's `docs/docs.json` (Mintlify's schema) makes `docs/` a site: `/api-reference/memory/add`
    is `docs/api-reference/memory/add.mdx`, and a redirect's source is a route, every one of
    them (prefect's has 319), and `/quickstart` is `docs/quickstart.mdx`. A page that is not there
    is still a finding, and so is a page of a `docs.json` that is no Mintlify site's."""
    many = [{"source": f"/a-{n:03}", "destination": "/index"} for n in range(300)]
    repo.commit("2024-03-01", files={
        "docs/docs.json": json.dumps({"$schema": "https://mintlify.com/docs.json", "name": "Mem0",
                                      "redirects": [*many, {"source": "/old-page", "destination": "/index"},
                                                    {"source": "/blog/:slug*", "destination": "/x"}]}, indent=2),
        "docs/api-reference/memory/add.mdx": "# Add\n", "docs/quickstart.mdx": "# Start\n",
        "docs/index.mdx": ("# Mem0\n\n- [Add](/api-reference/memory/add)\n- [Old](/old-page)\n"
                           "- [Gone](/api-reference/memory/gone)\n- [Start](/quickstart)\n"),
        "site/docs.json": "{\"name\": \"other\"}\n", "site/start.mdx": "# Start\n",
        "site/index.mdx": "# Site\n\n- [Start](/start)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/index.mdx", 5), ("site/index.mdx", 3)}


def test_a_translation_beside_the_default_languages_pages_links_them(repo):
    """openai-agents-python's Japanese pages (`docs/ja/`, mkdocs-static-i18n beside the English
    `docs/`) link `ref/lifecycle.md`, which the build takes from `docs/ref/lifecycle.md`. A
    folder with a two-letter name that is no language's (`ui/`) is not a translation."""
    repo.commit("2024-03-01", files={
        "docs/ref/lifecycle.md": "# Lifecycle\n", "docs/ja/agents.md": "# Agents\n\n[Lifecycle](ref/lifecycle.md)\n",
        "web/guide.md": "# Guide\n", "web/ui/page.md": "# Page\n\n[Guide](guide.md)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("web/ui/page.md", 3)}


def test_proposals_and_plans_a_scaffold_and_the_readers_user_folders(repo):
    """pipenv's `docs/dev/` initiatives: a design "Status: **awaiting maintainer sign-off**" names
    the `pipenv/utils/uv.py` it proposes, a "# Plan: ..." the `pipenv/resolver.py` it then
    renamed, a PRD whose table says `| Status | Draft |`, an "X Design Proposal (T_C.3)" and
    azure-dev's "X — Execution Plan" and "X — Design Document" (14) and faraday's "RFC/Tracking: X"
    (2) the files of their time; kubevela's SDK generator copies `_scaffold/go/` (whose README links the
    `example` of the SDK made); tox's config is "in the OS-specific user config directory under
    ``tox/config.ini``". A document whose status is a project's maturity ("Status: beta"), a
    README, a title that only mentions an RFC and a `scaffolding/` folder still make findings."""
    repo.commit("2022-01-10", files={"pipenv/resolver.py": "x = 1\n", "tox/config.ini": "[x]\n"})
    repo.git("rm", "-q", "pipenv/resolver.py", "tox/config.ini")
    repo.commit("2024-03-01", files={
        "pipenv/resolver/main.py": "x = 1\n",
        "docs/dev/backends-design.md": ("# Pluggable Resolver Backends Design\n\nStatus: **awaiting maintainer"
                                        " sign-off**.\n\nAdd `pipenv/utils/uv.py`.\n"),
        "docs/dev/execution-plan.md": "# Plan: T_F.3\n\n**Generated**: 2026-05-12\n\n- Convert `pipenv/resolver.py`.\n",
        "docs/dev/prd.md": ("# Modernization\n\n| Field        | Value |\n| ------------ | ----- |\n"
                            "| Status       | Draft |\n\nSplit `pipenv/resolver.py`.\n"),
        "docs/dev/context.rst": ("Initiative C — Context Design Proposal (T_C.3)\n"
                                 "==============================================\n\nSee ``pipenv/resolver.py``.\n"),
        "docs/dev/inventory.md": "# Inventory\n\nStatus: beta\n\nSee `pipenv/resolver.py`.\n",
        "README.md": "# Pipenv\n\n**Status:** Accepted\n\nSee `pipenv/resolver.py`.\n",
        "docs/dev/times.md": "# RFC 3339 timestamps\n\nSee `pipenv/resolver.py`.\n",
        # azure-dev's extension design: "# X — Execution Plan", "# X — Design Document"
        "ext/training/design/execution-plan.md": "# Training \u2014 Execution Plan\n\nAdd `pipenv/resolver.py`.\n",
        "ext/training/design/design.md": "# Training \u2014 Design Document\n\nAdd `pipenv/resolver.py`.\n",
        # faraday's "# RFC/Tracking: Detach Options subclasses ..." (2)
        "docs/options-detach-plan.md": "# RFC/Tracking: Detach options\n\nAdd `pipenv/resolver.py`.\n",
        "pkg/gen/_scaffold/go/README.md": "# SDK\n\nSee [example](example).\n",
        "pkg/gen/scaffolding/README.md": "# SDK\n\nSee [example](example).\n",
        "docs/config.rst": ("Config\n======\n\nIt is located in the OS-specific user config directory under"
                            " ``tox/config.ini`` path.\n\nThe project's ``tox/config.ini`` sets it.\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("docs/dev/inventory.md", 5), ("README.md", 5), ("docs/dev/times.md", 3),
        ("pkg/gen/scaffolding/README.md", 3), ("docs/config.rst", 6)}


def test_a_root_link_of_an_mkdocs_site_is_its_page_in_docs(repo):
    """kops' `docs/cluster_spec.md` links `[addons page](/addons)`, its MkDocs site's
    `docs/addons.md`, not the root `addons/` the repository deleted in 2025. A page the site does
    not have, where a removed path of that name lay, still counts."""
    repo.commit("2020-01-10", files={"addons/x.yaml": "a: 1\n", "gone/x.yaml": "a: 1\n"})
    repo.git("rm", "-q", "-r", "addons", "gone")
    repo.commit("2024-01-10", files={
        "mkdocs.yml": "site_name: kOps\n", "docs/addons.md": "# Addons\n",
        "docs/cluster_spec.md": "# Spec\n\nSee the [addons page](/addons).\n\nSee [gone](/gone).\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/cluster_spec.md", 5)}


def test_an_openapi_generator_clients_readme_is_generated(repo):
    """dbt-core's `crates/dbt-cloud-api/README.md`, OpenAPI Generator's, says so after the API's
    description and links the `docs/XApi.md` pages the generator writes, which the crate leaves
    out (301). A README written by hand with the same link is still read."""
    description = "".join(f"The API's own words, line {n}.\n" for n in range(80))  # (past the first 1,500 bytes)
    repo.commit("2025-01-10", files={
        "client/README.md": ("# Rust API client for cloud\n\n" + description + "\n## Overview\n\nThis API client was "
                             "generated by the [OpenAPI Generator](https://openapi-generator.tech) project.\n\n"
                             "| [CredentialsApi](docs/CredentialsApi.md) | list |\n"),
        "client/src/lib.rs": "pub mod apis;\n",
        "README.md": "# Project\n\n| [CredentialsApi](docs/CredentialsApi.md) | list |\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("README.md", 3)}


def test_a_zola_sites_internal_links_start_from_its_content_folder(repo):
    """Zola's `@/documentation/templates/_index.md` is `content/documentation/templates/_index.md`
    of the site the page is in (a `config.toml` beside that `content/`: Zola's own docs, 34). A
    page of its themes gallery, whose TOML front matter names the repository it was copied from
    (after a blank line), is that theme's README: its links are that repository's (146)."""
    repo.commit("2025-01-10", files={
        "docs/config.toml": 'base_url = "https://example.org"\n',
        "docs/content/documentation/templates/_index.md": "+++\ntitle = \"Templates\"\n+++\n",
        "docs/content/documentation/content/linking.md": (
            "+++\ntitle = \"Linking\"\n+++\n\nSee [templates](@/documentation/templates/_index.md)\n"
            "and [gone](@/documentation/gone.md).\n"),
        "docs/content/themes/daisy/index.md": ("\n+++\ntitle = \"Daisy\"\n\n[extra]\nrepository = "
                                               "\"https://codeberg.org/someone/zola-theme-daisy.git\"\n+++\n\n"
                                               "![Screenshot](./screenshot-dark.png) under [the license](LICENSE).\n"),
        "docs/content/themes/plain/index.md": "+++\ntitle = \"Plain\"\n+++\n\nSee [the license](LICENSE).\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("docs/content/documentation/content/linking.md", 6), ("docs/content/themes/plain/index.md", 5)}


def test_names_sphinx_sass_node_and_pelican_find_by_their_own_rules(repo):
    """A `:doc:` or a built page names a notebook nbsphinx renders (xarray's gallery: 26); Sass'
    `@forward 'tools/mixins.general'` loads the partial `tools/_mixins.general.scss` (wagtail: 15);
    a package.json script hands mocha `test/interfaces/bdd.spec`, which it finds as
    `bdd.spec.js` (8); Pelican's `{filename}/x` and `|static|/x` start from the content folder
    (Pelican's samples: 5); TypeScript adds `.json` to a tsconfig's `extends` (jupyterlab's
    `../../tsconfigbase`: 180), and Node its suffixes to a JS string's relative module path (an
    `import(` a formatter broke over lines, harbor's Angular routes: 9; sentry's
    `resolve('./runtime/plugins/sentry.client')`: 8) or to a module named from a folder a variable
    holds (nuxt's `resolve(appDir, 'plugins/warn.dev.server')`: 24). What none of them finds is
    still reported."""
    repo.commit("2025-01-10", files={
        "doc/conf.py": "project = 'x'\n", "doc/index.rst": "X\n=\n",
        "doc/examples/weather-data.ipynb": "{}\n",
        "doc/gallery.rst": "Gallery\n=======\n\nSee :doc:`examples/weather-data`\nand :doc:`examples/gone`.\n",
        "doc/gallery.yml": "- path: examples/weather-data.html\n",
        "client/scss/tools/_mixins.general.scss": "@mixin x {}\n",
        "client/scss/_tools.scss": "@forward 'tools/mixins.general';\n@forward 'tools/mixins.gone';\n",
        "test/interfaces/bdd.spec.js": "it('x')\n",
        "package.json": json.dumps({"scripts": {"test:bdd": "mocha --ui bdd test/interfaces/bdd.spec",
                                                "test:tdd": "mocha --ui tdd test/interfaces/tdd.spec"}}, indent=2) + "\n",
        "content/other.md": "# Other\n", "content/pictures/sushi.jpg": "x\n",
        "content/cat/article.md": ("# Article\n\nSee [other]({filename}/other.md),\n[it](|filename|../other.md),\n"
                                   "![sushi](|static|/pictures/sushi.jpg)\nand [gone]({filename}/gone.md).\n"),
        "tsconfigbase.json": "{}\n",
        "packages/cells/tsconfig.json": '{\n  "extends": "../../tsconfigbase"\n}\n',
        "packages/gone/tsconfig.json": '{\n  "extends": "../../tsconfiggone"\n}\n',
        "app/nav/nav.module.ts": "export class NavModule {}\n",
        "nuxt/app/plugins/warn.dev.server.ts": "export default 1\n", "nuxt/core/plugins/vue.ts": "export default 1\n",
        "sentry/src/runtime/plugins/sentry.client.ts": "export default 1\n",
        "sentry/src/module.ts": ("addPlugin({ src: resolve('./runtime/plugins/sentry.client') })\n"
                                 "addPlugin({ src: resolve('./runtime/plugins/gone.client') })\n"),
        "nuxt/core/nuxt.ts": ("addPlugin(resolve(appDir, 'plugins/warn.dev.server'))\n"
                              "addPlugin(resolve(appDir, 'plugins/gone.dev.server'))\n"),
        "app/routes.ts": ("export const routes = [\n  {\n    loadChildren: () =>\n      import(\n"
                          "        './nav/nav.module'\n      ).then(m => m.NavModule),\n  },\n  {\n"
                          "    loadChildren: () =>\n      import(\n        './nav/gone.module'\n"
                          "      ).then(m => m.GoneModule),\n  },\n];\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("doc/gallery.rst", 5), ("client/scss/_tools.scss", 2), ("package.json", 4), ("content/cat/article.md", 6),
        ("packages/gone/tsconfig.json", 2), ("app/routes.ts", 11), ("nuxt/core/nuxt.ts", 2),
        ("sentry/src/module.ts", 2)}


def test_release_notes_by_version_pages_named_by_their_day_and_plans_done_are_historical(repo):
    """coredns' `notes/coredns-1.0.2.md` (124 links to plugins' old pages) are a release's notes;
    hypothesis' `website/content/2016-04-15-getting-started-with-hypothesis.md` is a post of its
    day, whose `../encode-decode-invariant/` is another post's URL (18), as prefect's dated plans
    are (22); a plan in `plans/completed/` was carried out. A page of the same folders named
    otherwise, a plan not set aside and the code of a `plans/` package still speak of the present."""
    link = "See [health](/plugins/health) and [it](../encode-decode-invariant/).\n"
    repo.commit("2024-01-10", files={"api/serializer.rb": "class S; end\n"})
    repo.git("mv", "api", "backend")
    repo.commit("2025-01-10", files={
        "notes/coredns-1.0.2.md": "+++\ntitle = \"CoreDNS-1.0.2 Release\"\n+++\n\n" + link,
        "notes/howto.md": "# How to\n\n" + link,
        "website/content/2016-04-15-getting-started-with-hypothesis.md": "# Getting started\n\n" + link,
        "plans/completed/runner-refactor.md": "# Runner\n\nRename `api/serializer.rb`.\n",
        "plans/cli-migration.md": "# CLI\n\nRename `api/serializer.rb`.\n",
        "app/plans/pro.rb": "# priced in config/pro.yml\nPRO = 1\n", "config/base.yml": "a: 1\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("notes/howto.md", 3), ("plans/cli-migration.md", 3), ("app/plans/pro.rb", 1)}


def test_placeholders_test_ids_issue_references_and_repository_strings_name_no_path(repo):
    """wagtail's `docs/releases/x.x.x.md`, kubo's `docs/changelogs/vX.Y+1.md`; a pytest run's
    `tests/test_x.py::test_a PASSED` line, its output (xarray's contributing guide: 11); `fastlane/fastlane#14686`, an issue, and "the
    fastlane/docs repo"; fastlane's examples' `repository_name: "fastlane/fastlane"`, a repository."""
    repo.commit("2025-01-10", files={"docs/committing.md": "The notes are found in `docs/releases/x.x.x.md`.\n"
                                                          "The index is found in `docs/releases/index.md`.\n"
                                                          "Write `./docs/releases/vX.Y+1.md`.\n",
                                     "docs/releases/1.0.md": "# 1.0\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/committing.md", 2)}
    run = ".. code-block:: shell\n\n    pytest tests/test_cool.py\n    tests/test_cool.py::test_a[int8] PASSED   [ 50%]\n"
    assert kinds("doc/contributing.rst", run) == {(3, "tests/test_cool.py", "shell")}
    assert kinds("docs/play.md", "See [fastlane/fastlane#14686](https://github.com/fastlane/fastlane/issues/14686), "
                                 "the fastlane/docs repo and fastlane/README.md.\n") == {(1, "fastlane/README.md", "prose")}
    code = ('commit_github_file(\n  repository_name: "fastlane/fastlane",\n  repo: "fastlane/fastlane",\n'
            '  path: "fastlane/fastlane"\n)\n')
    assert kinds("actions/commit.rb", code) == {(4, "fastlane/fastlane", "string")}


def test_a_brace_alone_in_a_rust_tests_string_does_not_end_its_module():
    """starship's `src/modules/package.rs`: a test's raw string of JSON ends with a `}` at the first
    column, and more tests follow: they are the module's still (2). A string after the module,
    or a comment opening an item at the module's indentation, is read."""
    text = ('fn main() {}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn a() {\n        let j = r#"{\n'
            '  "x": 1\n}\n"#;\n    }\n\n    #[test]\n    fn b() {\n        write("src/__init__.py");\n    }\n}\n\n'
            '/// Read from `src/config.toml`.\nfn c() { read("src/other.py"); }\n\n#[cfg(test)]\nmod more {\n'
            '    #[test]\n    fn d() { write("src/made.py"); }\n}\n')
    assert {(line, target) for line, target, _ in kinds("src/package.rs", text)} == {
        (19, "src/config.toml"), (20, "src/other.py")}


def test_a_rooted_link_is_a_file_a_sites_static_folder_serves(repo):
    """jest's `docs/SnapshotTesting.md` shows `/img/content/failedSnapshotTest.png`, which its
    Docusaurus site (`website/`) serves from `website/static/img/content/` (the root `img/` it
    had once is gone). One the static folder lacks is still reported."""
    repo.commit("2016-01-10", files={"img/content/failed.png": "x\n", "img/content/gone.png": "x\n"})
    repo.git("rm", "-q", "-r", "img")
    repo.commit("2024-01-10", files={
        "website/docusaurus.config.js": "module.exports = {};\n",
        "website/static/img/content/failed.png": "x\n",
        "docs/SnapshotTesting.md": "# Snapshots\n\n![failed](/img/content/failed.png)\n\n![gone](/img/content/gone.png)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/SnapshotTesting.md", 5)}


def test_a_rooted_image_of_pages_another_site_publishes_is_that_sites(repo):
    """fiber's `docs/extra/benchmarks.md` shows `/img/v3/json.png`, of the site gofiber/docs
    builds from those pages (fastlane's action docs: 39); the repository has no `img/` at all. A
    root README's `/img/x.png`, broken where GitHub shows it, a missing image under a folder the
    repository has, and one of a site here (spree's Mintlify `docs/`), are still reported."""
    repo.commit("2024-01-10", files={
        "docs/extra/benchmarks.md": "# Benchmarks\n\n![json](/img/v3/json.png)\n\n![gone](/docs/gone.png)\n",
        "README.md": "# Project\n\n![logo](/img/logo.png)\n",
        "site/docs.json": json.dumps({"$schema": "https://mintlify.com/docs.json", "name": "x"}),
        "site/images/a.png": "x\n", "site/guide.mdx": "# Guide\n\n![b](/images/b.png)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("docs/extra/benchmarks.md", 5), ("README.md", 3), ("site/guide.mdx", 3)}


def test_an_end_to_end_tests_strings_and_a_manifest_template_read_from_setups_folder(repo):
    """streamlit's `e2e_playwright/st_selectbox.py` offers made-up script names as a select box's
    options (12): an end-to-end test's data. pygame's `buildconfig/MANIFEST.in` is the template
    its root `setup.py` reads: `include README.rst` is the root's (7). A MANIFEST.in beside its
    own setup file reads from its own folder."""
    repo.commit("2024-01-10", files={
        "e2e_playwright/st_selectbox.py": 'options = ["e2e/scripts/st_info.py"]\n',
        "app/st_selectbox.py": 'options = ["e2e/scripts/st_json.py"]\n', "e2e/scripts/st_echo.py": "x = 1\n",
        "setup.py": "from setuptools import setup\n", "README.rst": "X\n",
        "buildconfig/MANIFEST.in": "include README.rst\n",
        "sub/setup.py": "from setuptools import setup\n", "sub/MANIFEST.in": "include README.rst\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("app/st_selectbox.py", 1), ("sub/MANIFEST.in", 1)}


def test_a_script_name_to_fill_in_runs_no_script():
    """sequelize's CONTRIBUTING: "run `yarn stop-X`", "`yarn reset-{dialect}` or `yarn reset-all`":
    the reader fills the first two in. The third is a script of this repository."""
    text = "Run `yarn stop-X` to stop, `yarn reset-{dialect}` or `yarn reset-all`, `npm run test:<name>`.\n"
    assert {(target, kind) for _, target, kind in kinds("CONTRIBUTING.md", text) if kind == "command"} == {
        ("yarn run reset-all", "command")}


def test_a_path_joined_to_a_build_folder_is_the_builds_output():
    """vitest's browser server reads `resolve(distRoot, 'client/favicon.svg')`, a file its build
    writes (3). A path joined to another folder is still read."""
    assert kinds("packages/browser/src/node/index.ts", (
        "const icon = readFileSync(resolve(distRoot, 'client/favicon.svg'))\n"
        "const icon2 = join(BUILD_DIR, 'client/icon.svg')\n"
        "const page = readFileSync(resolve(srcRoot, 'client/page.html'))\n")) == {
        (3, "client/page.html", "string")}


def test_what_a_workflow_clones_moves_or_keeps_in_a_nested_project_is_no_claim_here(repo):
    """accelerate's and polars' workflows clone another repository and run a later step in it
    (`working-directory: transformers/`: 4); pachyderm's `v2move.sh` ran `git mv ./src/client/pfs
    ./src/pfs` once, in 2021 (9); go-ethereum keeps libsecp256k1 with its own workflows, whose
    `uses: ./.github/actions/x` are in that project's folder (13). A working directory, a moved
    path and an action that are missing are still reported."""
    repo.commit("2020-01-10", files={"src/client/pfs/pfs.go": "package pfs\n", "gone/x.go": "package x\n"})
    repo.git("rm", "-q", "-r", "src/client/pfs", "gone")
    repo.commit("2024-01-10", files={
        ".github/workflows/ci.yml": ("on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n"
                                     "      - run: |\n          git clone --depth 1 https://github.com/huggingface/transformers\n"
                                     "      - working-directory: transformers/\n        run: make test\n"
                                     "      - working-directory: missing-dir/\n        run: make test\n"),
        "etc/v2move.sh": "#!/bin/sh\ngit mv ./src/client/pfs ./src/pfs\ncp ./gone/x.go ./src/x.go\n",
        "src/pfs/pfs.go": "package pfs\n",
        "crypto/lib/.github/workflows/ci.yml": ("on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n"
                                                "      - uses: ./.github/actions/run-in-docker\n"
                                                "      - uses: ./.github/actions/missing\n"),
        "crypto/lib/.github/actions/run-in-docker/action.yml": "name: run\nruns:\n  using: composite\n  steps: []\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        (".github/workflows/ci.yml", 10), ("etc/v2move.sh", 3), ("crypto/lib/.github/workflows/ci.yml", 7)}


def test_a_page_that_says_it_is_a_transcript_is_historical(repo):
    """aider's example pages open "This is a chat transcript of a fairly complex code change" and
    "In this chat transcript, the user asks ...": the session's files as they were that day
    (`aider/getinput.py`, renamed to `aider/io.py` since: 30). A guide naming it is still reported."""
    repo.commit("2023-01-10", files={"aider/getinput.py": "x = 1\n"})
    repo.git("mv", "aider/getinput.py", "aider/io.py")
    repo.commit("2023-06-10", files={
        "website/examples/complex-change.md": ("# A complex change\n\nThis is a chat transcript of a fairly complex"
                                               " code change.\n\n> $ aider aider/getinput.py\n"),
        "website/examples/search.md": "# Search\n\nIn this chat transcript, the user edits `aider/getinput.py`.\n",
        "website/docs/guide.md": "# Guide\n\nThe prompt lives in `aider/getinput.py`.\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("website/docs/guide.md", 3)}


def test_a_handler_a_translated_page_a_blog_and_a_reports_folder_name_no_missing_file(repo):
    """Serverless' and SST's `handler: src/api.handler` names `src/api.ts`'s export (34);
    copilot-cli's MkDocs site names its pages by language suffix, `overrides/cdk.en.md`, and its
    nav and links say `overrides/cdk.md` (30); its `blogs/` are posts of their day; Playwright's
    `outputFolder: './e2e/.report'` is what a run writes (bicep: 3); bicep's test baselines load
    `Assets/nothing.file` and `samples/inexistent.bicep` on purpose (24). A handler whose module
    is gone, a file beside a module of its stem (`edges.jsonnet`, `edges.py`) and a page that is
    nowhere are still reported."""
    repo.commit("2020-01-10", files={"site/content/docs/overrides/cdk.md": "# CDK\n", "site/content/docs/gone.md": "# Gone\n"})
    repo.git("mv", "site/content/docs/overrides/cdk.md", "site/content/docs/overrides/cdk.en.md")
    repo.git("rm", "-q", "site/content/docs/gone.md")
    repo.commit("2021-01-10", files={
        "mkdocs.yml": "docs_dir: 'site/content'\nnav:\n  - CDK: docs/overrides/cdk.md\n",
        "site/content/docs/index.en.md": "# Home\n\nSee [CDK](overrides/cdk.md)\nand [gone](gone.md).\n",
        "site/content/blogs/release-v126.en.md": "# v1.26\n\nSee [gone](../docs/gone.md).\n",
        "examples/api/serverless.yml": ("functions:\n  hello:\n    handler: src/api.handler\n"
                                        "  bye:\n    handler: src/gone.handler\n"),
        "examples/api/src/api.ts": "export const handler = () => 1\n",
        "examples/api/src/other.ts": "export const x = 1\n",
        # (pachyderm's `../edges.jsonnet` is a file, beside an `edges.py`)
        "examples/api/README.md": "# API\n\nRender [the spec](src/other.jsonnet).\n",
        "app/playwright.config.ts": "export default { reporter: [['html', { outputFolder: './e2e/.report' }]] }\n",
        "app/e2e/a.spec.ts": "test('a', () => {})\n",
        "baselines/Invalid/main.bicep": ("var a = loadTextContent('Assets/nothing.file')\n"
                                         "module m 'samples/inexistent.bicep' = {}\n"),
        "baselines/Invalid/Assets/other.txt": "x\n", "baselines/Invalid/samples/other.bicep": "x\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("site/content/docs/index.en.md", 4), ("examples/api/serverless.yml", 5), ("examples/api/README.md", 3)}


def test_a_doc_builder_toctree_and_a_card_name_pages_without_their_suffix(repo):
    """Hugging Face's doc-builder `_toctree.yml` lists `local: package_reference/peft_model`, the
    page `peft_model.md` (a `peft_model/` folder was deleted in 2023: 3); flax's sphinx-design
    cards link `:link: guides/index.html`, the built page of `guides/index.rst` (6), and sphinx's
    tutorial links `../contents.html`, which `html_additional_pages` makes of a template since its
    `contents.rst` was deleted. A page that is nowhere, or was deleted, is still reported."""
    repo.commit("2020-01-10", files={"docs/source/package_reference/peft_model/x.md": "# x\n",
                                     "docs/gone/index.rst": "Gone\n====\n", "docs/contents.rst": "Contents\n====\n"})
    repo.git("rm", "-q", "-r", "docs/source/package_reference/peft_model", "docs/gone", "docs/contents.rst")
    repo.commit("2024-01-10", files={
        "docs/source/_toctree.yml": ("- sections:\n    - local: index\n      title: Home\n"
                                     "    - local: package_reference/peft_model\n      title: Model\n"
                                     "    - local: package_reference/gone\n      title: Gone\n"),
        "docs/source/index.md": "# PEFT\n", "docs/source/package_reference/peft_model.md": "# Model\n",
        # (sphinx's own docs: a page its templates make, `contents.html`, whose source it deleted)
        "docs/conf.py": "project = 'flax'\nhtml_additional_pages = {'contents': 'contents.html'}\n",
        "docs/index.rst": ("Flax\n====\n\n.. grid::\n\n   .. grid-item::\n\n      .. card:: Guides\n"
                           "         :link: guides/index.html\n\n      .. card:: Gone\n         :link: gone/index.html\n"),
        "docs/tutorial/end.rst": "End\n===\n\nSee the `rest of the\ndocumentation <../contents.html>`__.\n",
        "docs/guides/index.rst": "Guides\n======\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("docs/source/_toctree.yml", 6), ("docs/index.rst", 12)}


def test_rustdoc_links_and_pages_name_items_not_files(repo):
    """actix-multipart's README (made from its crate docs) links `struct@form::MultipartForm`, an
    item; diesel's doc comments link `../migration/trait.Migration.html`, a page rustdoc makes (4).
    A doc comment's link to a missing file is still reported."""
    repo.commit("2024-01-10", files={
        "multipart/README.md": "# Multipart\n\nSee [the form](struct@form::MultipartForm).\n",
        "diesel/src/connection/mod.rs": ("//! See [`Migration`](../migration/trait.Migration.html).\n"
                                         "//! See [the guide](../guide/migrations.md).\nfn main() {}\n"),
        "diesel/src/guide/intro.md": "# Intro\n",
        # hyper's crate page links its modules' pages; axum's included docs link the crate's page
        "hyper/src/lib.rs": "//! - [Client](client/index.html) and [Server](server/index.html) APIs\npub mod x;\n",
        "axum/src/docs/with_state.md": "See [sharing-state].\n\n[sharing-state]: crate#sharing-state-with-handlers\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("diesel/src/connection/mod.rs", 2)}


def test_the_repositorys_own_name_is_no_path(repo):
    """meltano's docs run `docker run meltano/meltano`, its image, and set its tap's
    `projects: meltano/meltano`; a `src/meltano/meltano` was deleted in 2018, so each read as a
    deleted folder under the `src` layout (35). chezmoi's Makefile covers
    `chezmoi.io/chezmoi/...`, its Go module, where a `chezmoi.io/` folder was deleted in 2021.
    Another image or project of the same shape is still a path."""
    repo.commit("2018-01-10", files={"src/meltano/meltano/__init__.py": "", "src/meltano/other/__init__.py": "",
                                     "chezmoi.io/chezmoi/x.go": "package x\n"})
    repo.git("rm", "-q", "-r", "src/meltano/meltano", "src/meltano/other", "chezmoi.io")
    repo.commit("2024-01-10", files={
        "pyproject.toml": ('[project]\nname = "meltano"\n\n[project.urls]\n'
                           'Repository = "https://github.com/meltano/meltano"\n'),
        "src/meltano/__init__.py": "",
        "README.md": ("# Meltano\n\n```bash\ndocker run --rm meltano/meltano:latest-slim --version\n"
                      "docker run -v $(pwd):/project meltano/meltano add --custom tap\n```\n\n"
                      "See `meltano/other` too.\n"),
        "meltano.yml": "plugins:\n  extractors:\n  - name: tap-gitlab\n    config:\n      projects: meltano/meltano meltano/tap-gitlab\n",
        "go.mod": "module chezmoi.io/chezmoi\n\ngo 1.22\n",
        "Makefile": "coverage:\n\tgo test -coverpkg=chezmoi.io/chezmoi/... ./...\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("README.md", 8)}


def test_a_docusaurus_site_serves_its_docs_folder_at_its_root(repo):
    """meltano's Docusaurus site (`routeBasePath: '/'`) links `/getting-started`, its page
    `docs/docs/getting-started/index.mdx`; the `docs/getting-started.md` renamed in 2022 is not
    what it means (6). A page the docs folder lacks is still reported."""
    repo.commit("2020-01-10", files={"docs/getting-started.md": "# Old\n", "docs/gone.md": "# Gone\n"})
    repo.git("rm", "-q", "docs/getting-started.md", "docs/gone.md")
    repo.commit("2024-01-10", files={
        "docs/docusaurus.config.js": "module.exports = {presets: [['classic', {docs: {routeBasePath: '/'}}]]}\n",
        "docs/docs/getting-started/index.mdx": "# Getting started\n",
        "docs/docs/guide/install.mdx": ("# Install\n\nFollow [the guide](/getting-started#create),\n"
                                        "not [the old one](/gone).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/docs/guide/install.mdx", 4)}


def test_an_astro_site_serves_its_content_and_pages_folders_at_its_root(repo):
    """bloc's Starlight site (`docs/astro.config.mjs`) links `/es/architecture` from
    `docs/src/content/docs/es/index.mdx`: its page `src/content/docs/es/architecture.mdx`, not the
    `docs/es/architecture.md` deleted in 2024 (39). A page under Astro's own `src/pages/` is
    served at the root too. A page neither has is still reported."""
    repo.commit("2020-01-10", files={"docs/es/architecture.md": "# Old\n", "docs/es/gone.md": "# Gone\n",
                                     "docs/showcase.md": "# Old\n"})
    repo.git("rm", "-q", "docs/es/architecture.md", "docs/es/gone.md", "docs/showcase.md")
    repo.commit("2024-03-03", files={
        "docs/astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default {};\n",
        "docs/src/content/docs/es/architecture.mdx": "# Arquitectura\n",
        "docs/src/pages/showcase.md": "# Showcase\n",
        "docs/src/content/docs/es/index.mdx": ("# Bloc\n\n[Arquitectura](/es/architecture)\n\n"
                                               "[Showcase](/showcase)\n\n[Gone](/es/gone)\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/src/content/docs/es/index.mdx", 7)}


def test_site_urls_a_catch_all_page_a_prefix_or_an_alias_serves(repo):
    """spaCy's website, a Next.js app whose `pages/[...listPathPage].tsx` renders its `docs/`,
    serves `docs/usage/training.mdx` at `/usage/training` (2,391); turborepo's pages link
    `/repo/docs/core-concepts/remote-caching`, its `docs/repo-docs/core-concepts/remote-caching.mdx`
    at the prefix its site gives it (340), as nuxt's link `/docs/4.x/getting-started/installation`,
    its `docs/1.getting-started/02.installation.md` without the number prefixes (774); Rocket's
    guide links `@api/master/rocket` and `@chat`, its site generator's aliases (49). A page none
    of them has is still reported, and so is a `docs/` page of an app without a catch-all page."""
    repo.commit("2024-01-10", files={
        "website/next.config.mjs": "export default {}\n", "website/pages/[...listPathPage].tsx": "export default 1\n",
        "website/docs/usage/training.mdx": "# Training\n",
        "website/docs/api/top.mdx": "# Top\n\nSee [training](/usage/training)\nand [gone](/usage/gone).\n",
        "app2/next.config.mjs": "export default {}\n", "app2/pages/index.tsx": "export default 1\n",
        "app2/docs/usage/a.mdx": "# A\n", "app2/docs/b.mdx": "# B\n\nSee [a](/usage/a).\n",
        "docs/repo-docs/core-concepts/remote-caching.mdx": "# Caching\n",
        "docs/repo-docs/core-concepts/index.mdx": ("# Concepts\n\n[Caching](/repo/docs/core-concepts/remote-caching)\n"
                                                   "[Concepts](/repo/docs/core-concepts)\n[Gone](/repo/docs/core-concepts/gone)\n"),
        "docs/guide/index.md": "# Guide\n\nSee [the API](@api/master/rocket), [chat](@chat)\nand [gone](./gone.md).\n",
        "site/1.getting-started/02.installation.md": "# Installation\n",
        "site/2.directory-structure/1.app/1.pages.md": ("# Pages\n\nSee [it](/docs/4.x/getting-started/installation),\n"
                                                        "[pages](/docs/4.x/directory-structure/app/pages)\n"
                                                        "and [gone](/docs/4.x/getting-started/gone).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("website/docs/api/top.mdx", 4), ("app2/docs/b.mdx", 3), ("docs/repo-docs/core-concepts/index.mdx", 5),
        ("docs/guide/index.md", 4), ("site/2.directory-structure/1.app/1.pages.md", 5)}


def test_a_sites_urls_its_numbered_pages_and_its_layouts_links(repo):
    """typescript-eslint's Docusaurus site is configured in `docusaurus.config.mts`: its docs'
    `/rules/no-explicit-any` is a page of it (65). A site's other root links, relative links from
    its layouts and numbered pages, each without a site configuration:
    - waypoint's `website/content/` is MDX that HashiCorp's developer portal builds: its
      `/hcp/docs/waypoint` is another section of that site (342); a Markdown page's is still
      reported, and so is an MDX page's into a folder the repository has (`/docs/gone`);
    - alpine serves `packages/docs/src/en/` at its root: `/advanced/reactivity` is its
      `advanced/reactivity.md` (49); `/advanced/gone` is still reported;
    - karma's `docs/config/04-preprocessors.md` is published as `preprocessors.html` (26);
    - Leaflet's `docs/_layouts/tutorial.html` links `../examples.html` from each tutorial's page,
      whatever the `docs/examples.html` deleted in 2012 was (2); a page's link to it is reported."""
    repo.commit("2012-01-10", files={"docs/examples.html": "<p>x</p>\n"})
    repo.git("rm", "-q", "docs/examples.html")
    repo.commit("2024-01-10", files={
        "website/content/docs/url.mdx": ("# URL\n\nSee [HCP Waypoint](/hcp/docs/waypoint)\n"
                                         "and [a page](/docs/gone).\n"),
        "website/content/docs/plain.md": "# Plain\n\nSee [HCP Waypoint](/hcp/docs/waypoint).\n",
        "packages/docs/src/en/advanced/reactivity.md": "# Reactivity\n",
        "packages/docs/src/en/directives/bind.md": ("# Bind\n\nSee [reactivity](/advanced/reactivity)\n"
                                                    "and [gone](/advanced/gone).\n"),
        "docs/config/01-configuration-file.md": ("# Configuration\n\nSee [preprocessors](preprocessors.html)\n"
                                                 "and [the gone page](gone.html).\n"),
        "docs/config/04-preprocessors.md": "# Preprocessors\n",
        "docs/_layouts/tutorial.html": '---\nlayout: v2\n---\n\n<p><a href="../examples.html">Tutorials</a></p>\n',
        "docs/tutorials/page.html": '---\nlayout: v2\n---\n\n<p><a href="../examples.html">Tutorials</a></p>\n',
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("website/content/docs/url.mdx", 4), ("website/content/docs/plain.md", 3),
        ("packages/docs/src/en/directives/bind.md", 4),
        ("docs/config/01-configuration-file.md", 4), ("docs/tutorials/page.html", 5)}


def test_a_docusaurus_configuration_in_any_module_flavour_marks_a_site(repo):
    """typescript-eslint's `packages/website/docusaurus.config.mts` builds its root `docs/`, whose
    `/rules/no-explicit-any` and `/blog/x` are pages the site makes (65). A relative link to a page
    that is nowhere is still reported."""
    repo.commit("2024-01-10", files={
        "packages/website/docusaurus.config.mts": "export default {presets: [['classic', {docs: {path: '../../docs'}}]]}\n",
        "docs/faqs/General.md": ("# FAQ\n\nSee [no-explicit-any](/rules/no-explicit-any), [v8](/blog/v8-beta)\n"
                                 "and [the gone page](../gone.md).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/faqs/General.md", 4)}


def test_another_projects_copies_its_license_texts_and_go_doc_links_name_nothing_here(repo):
    """waypoint keeps briandowns/spinner in `internal/pkg/spinner/` with its license: the README's
    `gifs/0.gif` are that repository's (44); the same README without a license beside it is this
    repository's. Pillow's `wheels/dependency_licenses/FREETYPE2.txt` is FreeType's license, whose
    `docs/FTL.TXT` is FreeType's (3). connect-go's "the standard library's [compress/gzip]" is Go's
    doc link to a package, where a `compress/gzip/` was deleted in 2022 (2); a bracketed file is
    still a path. altair's `tools/datasets.__init__.py` is `tools/datasets/__init__.py` (2)."""
    repo.commit("2022-01-10", files={"compress/gzip/gzip.go": "package gzip\n", "docs/gone.md": "# Gone\n"})
    repo.git("rm", "-q", "-r", "compress", "docs/gone.md")
    readme = ("# Spinner\n\n[![GoDoc](https://godoc.org/github.com/briandowns/spinner?status.svg)]"
              "(https://godoc.org/github.com/briandowns/spinner)\n\n```bash\ngo get github.com/briandowns/spinner\n```\n\n"
              "![Sample Gif](gifs/0.gif)\n")
    repo.commit("2024-01-10", files={
        "internal/pkg/spinner/README.md": readme, "internal/pkg/spinner/LICENSE": "MIT\n",
        "internal/pkg/spinner/spinner.go": "package spinner\n",
        "internal/pkg/copied/README.md": readme.replace("spinner", "copied"),
        "internal/pkg/copied/copied.go": "package copied\n",
        "wheels/dependency_licenses/FREETYPE2.txt": "The FreeType Project LICENSE\n\nSee docs/FTL.TXT for the terms.\n",
        "wheels/NOTES.txt": "Build notes\n\nSee docs/FTL.TXT for the terms.\n",
        "wheels/build.sh": "#!/bin/sh\necho build\n", "docs/index.md": "# Pillow\n",
        "handler.go": ("package connect\n\n// Handlers support gzip using the standard library's\n// [compress/gzip].\n"
                       "// See [docs/gone.md].\ntype Handler struct{}\n"),
        "tools/datasets/__init__.py": "# The contents of this file are written by\n# tools/datasets.__init__.py.\n",
        "tools/other.py": "# written by tools/missing.__init__.py\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("internal/pkg/copied/README.md", 9), ("wheels/NOTES.txt", 3), ("handler.go", 5), ("tools/other.py", 1)}


def test_a_scaffolds_folder_a_version_placeholder_and_release_notes_by_version(repo):
    """stencil's workflow runs `npm init stencil component tmp-component-starter`, then steps in
    `working-directory: ./tmp-component-starter` (4); statsmodels' release notes are
    `docs/source/release/version0.10.rst` (4), and its guide says to write the next one as
    `docs/source/release/versionX.X.rst` (1). Another step's folder and a guide's deleted script
    are still reported."""
    repo.commit("2019-01-10", files={"tools/github_stats.py": "x = 1\n"})
    repo.git("rm", "-q", "tools/github_stats.py")
    repo.commit("2024-01-10", files={
        ".github/workflows/starter.yml": (
            "on: push\njobs:\n  starter:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - run: npm init stencil component tmp-component-starter\n"
            "      - run: npm install\n        working-directory: ./tmp-component-starter\n"
            "      - run: npm test\n        working-directory: ./other-starter\n"),
        "docs/source/release/version0.10.rst": "0.10\n====\n\nRun ``tools/github_stats.py`` for the list.\n",
        "docs/source/dev/index.rst": ("Development\n===========\n\nWrite ``docs/source/release/versionX.X.rst``.\n"
                                      "Run ``tools/github_stats.py`` for the list.\n"),
        "docs/source/conf.py": "project = 'x'\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        (".github/workflows/starter.yml", 10), ("docs/source/dev/index.rst", 5)}


def test_a_ledger_of_a_pinned_source_and_a_firebase_sites_urls(repo):
    """rxjs's ported-test ledger opens with "RxJS 7 source: `7.x` at `e5351d0...`": its 3,993 paths
    are that branch's, whatever became of them here (its `spec/` moved to `packages/rxjs/spec/`
    and went); its rxjs.dev site, hosted by Firebase (`firebase.json`), links the API pages its
    build makes (`/api/operators/map`: 200). A page that names the same path without a pinned
    source is still reported."""
    repo.commit("2020-01-10", files={"spec/operators/share-spec.ts": "it('shares')\n"})
    repo.git("rm", "-q", "spec/operators/share-spec.ts")
    repo.commit("2024-01-10", files={
        "docs/PORTED_FAILURES.md": ("# Ported-test failures\n\n- **RxJS 7 source:** `7.x` at "
                                    "`e5351d02e225e275ac0e497c7b66eaa5f0c88791`\n\n"
                                    "| `spec/operators/share-spec.ts` | fails |\n"),
        "docs/NOTES.md": ("# Notes\n\nSee [the commit](https://github.com/x/y/commit/e5351d02e225e275ac0e497c7b66eaa5f0c88791)"
                          " on the source.\n\n`spec/operators/share-spec.ts` fails.\n"),
        "apps/site/firebase.json": '{"hosting": {"public": "dist"}}\n',
        "apps/site/content/guide/operators.md": "# Operators\n\nSee [map](/api/operators/map).\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/NOTES.md", 5)}


def test_a_relative_link_from_a_pages_permalink(repo):
    """vega's `docs/docs/transforms.md` is `permalink: /docs/transforms/index.html`, so its
    `[filter](filter)` is `/docs/transforms/filter/`, the permalink of `transforms/filter.md` (64). A
    link that reaches no page from there is still reported."""
    repo.commit("2024-01-10", files={
        "docs/_config.yml": "title: Vega\n",
        "docs/docs/transforms.md": ("---\nlayout: transform\npermalink: /docs/transforms/index.html\n---\n\n"
                                    "See [filter](filter)\nand [gone](gone).\n"),
        "docs/docs/transforms/filter.md": "---\npermalink: /docs/transforms/filter/index.html\n---\n\n# Filter\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/docs/transforms.md", 7)}


def test_a_path_pinned_at_a_commit_names_that_commits_file():
    """nova's release notes of ended series keep each note's source as a comment,
    `.. releasenotes/notes/x.yaml @ b'<sha>'`: the note at that commit, deleted since (38)."""
    text = ("Security Issues\n---------------\n\n"
            ".. releasenotes/notes/12.0.3-cve-bugs-561a450b346edf5e.yaml @ b'0b194187db9da28225cb5e62be3b45aff5a1c793'\n\n"
            ".. releasenotes/notes/start-using-reno-e4ea112d593415da.yaml\n")
    assert kinds("releasenotes/source/liberty.rst", text) == {
        (6, "releasenotes/notes/start-using-reno-e4ea112d593415da.yaml", "comment")}


def test_an_asciidoc_link_macros_text_is_no_part_of_its_url():
    """rubocop's pages link `https://github.com/rubocop/rubocop/blob/master/config/default.yml[RuboCop's
    defaults]`: AsciiDoc's link macro, whose text follows the URL in brackets (17)."""
    url = "https://github.com/acme/app/blob/main/"
    assert kinds("docs/pages/configuration.adoc", f"See {url}config/default.yml[the defaults].\n") == {
        (1, url + "config/default.yml", "repo-url")}


def test_an_exdoc_autolink_names_a_module():
    """elixir's guides link `[comparisons](`Kernel#module-structural-comparison`)`: ExDoc's
    autolink to a module's docs, not a file (5)."""
    text = ("See [comparisons](`Kernel#module-structural-comparison`) and [defaults](`Kernel#def/2-default-arguments`).\n"
            "Read [the guide](guides/intro.md).\n")
    assert kinds("pages/operators.md", text) == {(2, "guides/intro.md", "md-link")}


def test_a_links_editor_location_and_a_components_own_sources(repo):
    """prisma's specs link `[enum-accessor.ts:66](../../../packages/.../enum-accessor.ts:66)`, an
    editor's line after the file (29); a deleted file linked so is reported as deleted. flet's
    pages show `<Image src="examples/tutorials/todo/media/app-1.png">`, which its `Image` component
    reads from the SDK's examples (112); an `<img>`'s `src` is still the page's."""
    repo.commit("2023-01-10", files={"src/gone.ts": "export const gone = 1\n"})
    repo.git("rm", "-q", "src/gone.ts")
    repo.commit("2024-01-10", files={
        "src/enum-accessor.ts": "export {}\n",
        "specs/design.md": ("# Design\n\nSee [enum-accessor.ts:66](../src/enum-accessor.ts:66).\n\n"
                            "And [gone.ts:12](../src/gone.ts:12).\n"),
        "website/docs/todo.md": ('# Todo\n\n<Image src="examples/todo/media/app-1.png" width="50%" />\n\n'
                                 '<img src="examples/todo/media/app-2.png" />\n'),
    })
    dangling = found(scan(repo.root), "dangling-reference")
    assert set(dangling) == {("specs/design.md", 5), ("website/docs/todo.md", 5)}
    assert "src/gone.ts was deleted" in dangling[("specs/design.md", 5)]


def test_pages_a_script_writes_an_archive_an_asciidoc_builds_images_and_a_notice(repo):
    """arcade's toctree lists `api/types`, the `doc/api_docs/api/types.rst` its script writes and
    `.gitignore` ignores (42), and its `doc/_archive/` keeps pages its Sphinx build excludes (54).
    micronaut's guide links `{jackson-databind}...`, an AsciiDoc attribute, and shows
    `image::arch/aop.png[]` from the `imagesdir` its build sets, `src/main/docs/resources/img/`
    (30). pyglet's theme's NOTICE.txt names the licensed theme's files (2). Each has a twin still
    reported."""
    repo.commit("2024-01-10", files={
        ".gitignore": "doc/api/*.rst\n",
        "doc/conf.py": "project = 'arcade'\n",
        "doc/index.rst": "Arcade\n======\n\n.. toctree::\n\n   api/types\n   guide/gone\n",
        "doc/_archive/old.rst": "Old\n===\n\n.. image:: images/treasure-map.svg\n",
        "doc/kept/old.rst": "Old\n===\n\n.. image:: images/treasure-map.svg\n",
        "src/main/docs/resources/img/arch/aop.png": "png\n",
        "src/main/docs/guide/aop.adoc": ("= AOP\n\nSee link:{jackson-databind}com/fasterxml/ObjectMapper.html[ObjectMapper].\n\n"
                                         "image::arch/aop.png[]\n\nimage::arch/gone.png[]\n"),
        "themes/icon/NOTICE.txt": "Files covered:\n\nassets/static/css/boostrap.css\n",
        "themes/icon/NOTES.txt": "Files covered:\n\nassets/static/css/boostrap.css\n",
        "themes/icon/assets/static/css/bootstrap.css": "body {}\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("doc/index.rst", 7), ("doc/kept/old.rst", 4), ("src/main/docs/guide/aop.adoc", 7),
        ("themes/icon/NOTES.txt", 3)}


def test_a_middleman_page_keeps_the_suffix_it_is_built_to(repo):
    """serf's `/docs/commands/event.html` is Middleman's `docs/commands/event.html.markdown` (5); a
    page with no source is still reported."""
    repo.commit("2024-01-10", files={
        "docs/commands/event.html.markdown": "# event\n",
        "docs/agent/handlers.html.markdown": ("# Handlers\n\nSee [event](/docs/commands/event.html).\n\n"
                                              "And [gone](/docs/commands/gone.html).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/agent/handlers.html.markdown", 5)}


def test_paths_asked_about_or_planned_claim_nothing(repo):
    """prisma's agent skill says "If `docs/prisma-8-gotchas.md`, ... exist — append to the matching
    one" (3), and its plans name the files they will add: "New: `x`", "New file `x`", "`x` (new;
    ...)", "`x` (if any)" (5). A plan's step on a file that is not there is still reported."""
    repo.commit("2024-01-10", files={
        "packages/x/src/index.ts": "export {}\n", "docs/index.md": "# Docs\n",
        "packages/x/test/other.test.ts": "test()\n", "packages/x/src/exports/other.ts": "export {}\n",
        "skills/record/SKILL.md": ("# Record\n\n1. If `docs/a-gotchas.md` or `docs/b-gotchas.md` exist — append to it.\n"
                                   "2. Then read `docs/c-gotchas.md`.\n"),
        "projects/x/plan.md": ("# Plan\n\n- New: `packages/x/test/define-config.test.ts` (or extend one).\n"
                               "- `packages/x/test/re-export.test.ts` (new; parity).\n"
                               "- The barrel in `packages/x/src/exports/index.ts` (if any) deletes.\n"
                               "- Update `packages/x/src/gone.ts`.\n\n"
                               "New file `packages/x/src/bare.ts`. Model it on the sibling.\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("skills/record/SKILL.md", 4), ("projects/x/plan.md", 6)}


def test_a_files_opening_comment_of_its_own_name_claims_nothing(repo):
    """zod's `packages/docs/components/scroller.tsx` opens with `// app/RouteChangeListener.tsx`, and
    two of its workflows with `# .github/release.yml`: the names they were written under (3). A
    comment that names a missing file among other words, or on another line, is still reported."""
    repo.commit("2024-01-10", files={
        "docs/index.md": "# Docs\n",
        "components/scroller.tsx": "// app/RouteChangeListener.tsx\nexport {}\n",
        ".github/workflows/stale.yml": "# .github/workflows/auto-close.yml\non: push\n",
        "components/other.tsx": "// see docs/gone.md\nexport {}\n// docs/gone.md\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("components/other.tsx", 1), ("components/other.tsx", 3)}


def test_an_mkdocs_sites_pages_folder_is_its_docs_dir(repo):
    """toga's `docs/mkdocs.en.yml` says `docs_dir: en`: `/images/toga-demo-cocoa.png` from
    `docs/en/index.md` is `docs/en/images/toga-demo-cocoa.png`, moved there from `docs/images/` (3).
    An image deleted from `docs/images/` is still reported."""
    repo.commit("2023-01-10", files={"docs/images/demo.png": "png\n", "docs/images/gone.png": "gone\n"})
    repo.git("rm", "-q", "docs/images/demo.png", "docs/images/gone.png")
    repo.commit("2024-01-10", files={
        "docs/en/images/demo.png": "png\n",
        "docs/mkdocs.en.yml": "INHERIT: config.yml\nsite_name: Toga\ndocs_dir: en\n",
        "docs/en/index.md": "# Toga\n\n![demo](/images/demo.png)\n\n![gone](/images/gone.png)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/en/index.md", 5)}


def test_a_docsify_page_links_from_its_sites_root(repo):
    """faraday's docs are a docsify site (`docs/index.html`, `docs/_sidebar.md`), which reads a
    page's relative link from the site's root: `getting-started/env-object.md` in
    `docs/middleware/custom-middleware.md` is `docs/getting-started/env-object.md`, and so reads its
    `docs/middleware/index.md` (22). A link to
    no page there is still reported, and so is the same link outside a docsify site."""
    repo.commit("2024-01-10", files={
        "docs/index.html": "<script>window.$docsify = {}</script>\n",
        "docs/_sidebar.md": "- [Home](/)\n",
        "docs/getting-started/env-object.md": "# Env\n",
        "docs/middleware/custom-middleware.md": ("# Custom\n\nSee [env](getting-started/env-object.md).\n\n"
                                                 "And [gone](getting-started/gone.md).\n"),
        "docs/middleware/index.md": "# Middleware\n\nSee [custom](middleware/custom-middleware.md).\n",
        "guide/getting-started/env-object.md": "# Env\n",
        "guide/middleware/custom.md": "# Custom\n\nSee [env](getting-started/env-object.md).\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("docs/middleware/custom-middleware.md", 5), ("guide/middleware/custom.md", 3)}


def test_a_docusaurus_pages_link_to_a_markdown_file_from_its_docs_folder(repo):
    """Docusaurus looks for a link to a Markdown file that starts with neither `./` nor `../` in
    the page's folder, then in its docs folder (a translation's, and the docs or the version it
    translates): yew's `advanced-topics/struct-components/introduction.mdx` links
    `concepts/html/introduction.mdx`, in its docs, its versions and translations (146). A link to
    no page there, or one that starts with `./`, is still reported."""
    repo.commit("2024-01-10", files={
        "website/docusaurus.config.js": "module.exports = {};\n",
        "website/docs/concepts/html/introduction.mdx": "# HTML\n",
        "website/docs/advanced/intro.mdx": ("# Advanced\n\nSee [html](concepts/html/introduction.mdx).\n\n"
                                            "And [gone](concepts/html/gone.mdx).\n\n"
                                            "And [here](./concepts/html/introduction.mdx).\n"),
        "website/versioned_docs/version-1.0/concepts/a.mdx": "# A\n",
        "website/i18n/ja/docusaurus-plugin-content-docs/version-1.0/advanced/b.mdx": "# B\n\nSee [a](concepts/a.mdx).\n",
        "website/i18n/ja/docusaurus-plugin-content-docs/current/advanced/intro.mdx": (
            "# Advanced\n\nSee [html](concepts/html/introduction.mdx).\n\nAnd [ja](concepts/ja.mdx).\n"),
        "website/i18n/ja/docusaurus-plugin-content-docs/current/concepts/ja.mdx": "# JA\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("website/docs/advanced/intro.mdx", 5), ("website/docs/advanced/intro.mdx", 7)}


def test_a_url_of_a_docs_version_and_committed_api_docs(repo):
    """livewire's `docs/components.md` links `/docs/4.x/lifecycle-hooks`, its site's URL of
    `docs/lifecycle-hooks.md` in version 4.x (265); Exposed commits Dokka's `docs/api/` (its
    `package-list` at the root), whose pages link pages Dokka did not write (93). A versioned URL
    of no page here, and the same link in a page of the project's own, are still reported."""
    repo.commit("2024-01-10", files={
        "docs/lifecycle-hooks.md": "# Hooks\n",
        "docs/components.md": ("# Components\n\nSee [hooks](/docs/4.x/lifecycle-hooks).\n\n"
                               "And [gone](/docs/4.x/gone-page).\n"),
        "docs/api/package-list": "$dokka.format:html-v1\n",
        "docs/api/core/blob/index.html": '<a href="../blob/--root--.html">root</a>\n',
        "site/blob/index.html": '<a href="../blob/--root--.html">root</a>\n',
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("docs/components.md", 5), ("site/blob/index.html", 1)}


def test_a_writerside_topic_shows_code_and_images_from_its_projects_folders(repo):
    """Exposed's Writerside topics show `{src="exposed-dao/src/main/kotlin/.../App.kt"}`, from the
    project's `snippets/` (87). A snippet that is not there is still reported, and so is the same
    attribute outside a Writerside project."""
    repo.commit("2024-01-10", files={
        "website/Writerside/writerside.cfg": '<ihp version="2.0"><snippets src="snippets"/></ihp>\n',
        "website/Writerside/snippets/exposed-dao/src/App.kt": "fun main() {}\n",
        "website/Writerside/topics/dao.md": ('# DAO\n\n```kotlin\n```\n{src="exposed-dao/src/App.kt"}\n\n'
                                             '```kotlin\n```\n{src="exposed-dao/src/Gone.kt"}\n'),
        "guide/snippets/exposed-dao/src/App.kt": "fun main() {}\n",
        "guide/topics/dao.md": '# DAO\n\n```kotlin\n```\n{src="exposed-dao/src/App.kt"}\n',
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("website/Writerside/topics/dao.md", 9), ("guide/topics/dao.md", 5)}


def test_a_ruby_require_names_its_rb_file_and_expand_path_reads_from_the_file(repo):
    """capistrano's `require_relative "configuration/servers"` is `configuration/servers.rb`, beside
    which a folder `servers/` was deleted in 2014; its `File.expand_path("../tasks/git.rake",
    __FILE__)` takes the file for a folder: `scm/tasks/git.rake`, where `lib/capistrano/tasks/`
    was moved from (4, and mina's, overcommit's and resque's requires: 3). A require of a folder
    gone with no file in its place, and the same path joined to `__dir__`, are still reported."""
    repo.commit("2014-01-10", files={
        "lib/app/configuration/servers/role.rb": "module Role; end\n",
        "lib/app/configuration/gone/role.rb": "module Role; end\n",
        "lib/app/tasks/git.rake": "task :git\n",
    })
    repo.git("rm", "-q", "-r", "lib/app/configuration/servers", "lib/app/configuration/gone")
    repo.write("lib/app/scm/hg.rb", "module Hg; end\n")
    repo.git("mv", "lib/app/tasks", "lib/app/scm/tasks")
    repo.commit("2016-05-20", files={
        "lib/app/configuration/servers.rb": "module Servers; end\n",
        "lib/app/configuration.rb": 'require_relative "configuration/servers"\n\nrequire_relative "configuration/gone"\n',
        "lib/app/scm/git.rb": ('eval_rakefile File.expand_path("../tasks/git.rake", __FILE__)\n\n'
                               'eval_rakefile File.expand_path("../tasks/git.rake", __dir__)\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("lib/app/configuration.rb", 3), ("lib/app/scm/git.rb", 3)}


def test_protobufs_well_known_types_are_protocs_own(repo):
    """protobuf-go imports `google/protobuf/any.proto`, which protoc ships, beside its own
    `google/protobuf/go_features.proto` (59). Another file of that folder is still reported."""
    repo.commit("2024-01-10", files={
        "google/protobuf/go_features.proto": 'syntax = "proto2";\n',
        "api/service.proto": ('syntax = "proto3";\n\nimport "google/protobuf/any.proto";\n\n'
                              'import "google/protobuf/gone_types.proto";\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("api/service.proto", 5)}


def test_a_hugo_themes_static_folder_is_served_at_the_sites_root(repo):
    """contour's pages show `/img/uml/x.png` and, from `resources/adopters.md` (served at
    `/resources/adopters/`), `../../img/adopters/x.svg`: both from its theme's `static/` (14). An
    image in no static folder is still reported, either way."""
    repo.commit("2020-01-10", files={"site/img/uml/gone.png": "png\n"})
    repo.git("rm", "-q", "site/img/uml/gone.png")
    repo.commit("2024-01-10", files={
        "site/config.yaml": "theme: contour\n",
        "site/archetypes/default.md": "---\n---\n",
        "site/themes/contour/static/img/uml/seq.png": "png\n",
        "site/themes/contour/static/img/adopters/knative.svg": "<svg/>\n",
        "site/content/docs/auth.md": "# Auth\n\n![seq](/img/uml/seq.png)\n\n![gone](/img/uml/gone.png)\n",
        "site/content/resources/adopters.md": ('# Adopters\n\n<img alt="k" src="../../img/adopters/knative.svg">\n\n'
                                               '<img alt="g" src="../../img/adopters/gone.svg">\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("site/content/docs/auth.md", 5), ("site/content/resources/adopters.md", 5)}


def test_a_toctrees_absolute_entry_without_conf_py_reads_from_its_index_folder(repo):
    """doctrine's `docs/en/sidebar.rst` lists `/reference/types`, `docs/en/reference/types.rst`,
    read from the folder of `docs/en/index.rst` (its docs tool has no `conf.py`: 19). An entry of
    no page is still reported."""
    repo.commit("2024-01-10", files={
        "docs/en/index.rst": "DBAL\n====\n\nWelcome.\n",
        "docs/en/reference/types.rst": "Types\n=====\n",
        "docs/en/sidebar.rst": ":orphan:\n\n.. toctree::\n   :depth: 3\n\n   /reference/types\n   /reference/gone\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/en/sidebar.rst", 7)}


def test_a_composite_actions_steps_run_in_the_checkouts_it_makes(repo):
    """vault-k8s' composite action checks itself out at `path: "vault-k8s"` and vault-helm at
    `path: "vault-helm"`, then runs steps in `working-directory: vault-k8s` and `vault-helm` (2).
    The same steps in an action that checks nothing out are still reported."""
    checkouts = ("    - uses: actions/checkout@v4\n      with:\n        path: \"vault-k8s\"\n"
                 "    - uses: actions/checkout@v4\n      with:\n        repository: hashicorp/vault-helm\n"
                 "        path: \"vault-helm\"\n")
    steps = ("    - uses: helm/kind-action@v1\n      with:\n        config: vault-helm/test/kind/config.yaml\n"
             "    - name: bats\n      shell: bash\n      working-directory: vault-helm\n      run: bats test\n")
    opening = "runs:\n  using: composite\n  steps:\n"
    repo.commit("2024-01-10", files={
        ".github/actions/integration/action.yml": opening + checkouts + steps,
        ".github/actions/plain/action.yml": opening + steps,
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        (".github/actions/plain/action.yml", 9)}


def test_a_bundlers_output_file_and_a_readers_new_function(repo):
    """spacetime's `rollup.config.js` writes `output: [{ file: 'builds/space-age.mjs' }]` (3, and
    lit's 1); mathjs' README has the contributor write `./test/myNewFunction.test.js` (2). The
    bundle's `input:` and a path of no placeholder's name are still reported."""
    repo.commit("2024-01-10", files={
        "plugins/age/src/index.js": "export default 1\n",
        "builds/spacetime.mjs": "export default 1\n",
        "plugins/age/rollup.config.js": ("export default [{\n  input: 'src/gone.js',\n"
                                         "  output: [{ file: 'builds/space-age.mjs', format: 'esm' }],\n}]\n"),
        "test/unit/add.test.js": "test()\n",
        "README.md": ("# math\n\n- Write tests in `./test/unit/myNewFunction.test.js`.\n\n"
                      "- Write tests in `./test/unit/gone.test.js`.\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("plugins/age/rollup.config.js", 2), ("README.md", 5)}


def test_esdocs_committed_output_is_built_documentation(repo):
    """js-joda commits ESDoc's output in `docs/` (its `script/search_index.js` marks it), whose
    index names 432 source files of its old releases. The same index outside such a folder is
    still read."""
    repo.commit("2024-01-10", files={
        "packages/core/src/clock.js": "export class Clock {}\n",
        "docs/script/search_index.js": 'window.esdocSearchIndex = [\n  ["packages/core/src/gone.js"]\n];\n',
        "docs/identifiers.html": "<html></html>\n",
        "tools/index.js": 'const files = [\n  "packages/core/src/gone.js"\n];\n',
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("tools/index.js", 2)}


def test_a_page_named_with_a_dot_and_a_sass_partial_imported_with_its_suffix(repo):
    """vocs' pages link `/tempo/actions/amm.burn`, the page `amm.burn.mdx` (with the site its
    configuration marks: 155); growthbook's modules `@import "../../styles/colors.scss"`, the
    partial `_colors.scss` (18). A dotted page and a partial that are not there are still
    reported."""
    repo.commit("2024-01-10", files={
        "site/src/pages/tempo/actions/amm.burn.mdx": "# burn\n",
        "site/src/pages/tempo/actions/index.mdx": ("# Actions\n\n- [burn](/tempo/actions/amm.burn)\n\n"
                                                  "- [mint](/tempo/actions/amm.mint)\n"),
        "app/styles/_colors.scss": "$red: #f00;\n",
        "app/components/Layout.module.scss": '@import "../styles/colors.scss";\n@import "../styles/gone.scss";\n',
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("site/src/pages/tempo/actions/index.mdx", 5), ("app/components/Layout.module.scss", 2)}


def test_a_compose_services_command_runs_in_its_container_and_fixtures_are_test_input(repo):
    """lago's Compose files run `command: ["./scripts/start.api.sh"]` in the api image, whose file
    system it names (44); rspress' route tests' `fixtures/` pages link missing pages on purpose
    (2). A volume's host path, and the same link outside a fixture, are still reported."""
    repo.commit("2024-01-10", files={
        "scripts/setup.sh": "true\n",
        "docker-compose.yml": ("services:\n  api:\n    build: ./api\n    command: [\"./scripts/start.api.sh\"]\n"
                               "    volumes:\n      - ./scripts/gone.sh:/gone.sh\n"
                               "  #worker:\n  #  command: [\"./scripts/start.worker.sh\"]\n"),
        "api/Dockerfile": "FROM ruby\n",
        "packages/core/route/fixtures/content/with-links.mdx": "# Links\n\nSee [intro](./docs/intro.md).\n",
        "packages/core/route/pages/with-links.mdx": "# Links\n\nSee [intro](./docs/intro.md).\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("docker-compose.yml", 6), ("packages/core/route/pages/with-links.mdx", 3)}


def test_an_rspress_sites_root_links(repo):
    """rspress' `website/rspress.config.ts` serves `website/docs/`: its pages' `/guide/start/x.mdx`
    are that site's URLs (33). A link to a page deleted since is still reported."""
    repo.commit("2020-01-10", files={"website/docs/en/guide/gone.mdx": "# Gone\n"})
    repo.git("rm", "-q", "website/docs/en/guide/gone.mdx")
    repo.commit("2024-01-10", files={
        "website/rspress.config.ts": "export default defineConfig({ root: 'docs' })\n",
        "website/docs/en/guide/start/getting-started.mdx": "# Start\n",
        "website/docs/en/guide/use-mdx/link.mdx": ("# Links\n\n[start](/guide/start/getting-started.mdx)\n\n"
                                                   "[gone](/website/docs/en/guide/gone.mdx)\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("website/docs/en/guide/use-mdx/link.mdx", 5)}


def test_an_elastic_docsets_root_links(repo):
    """Elastic's docs-builder reads a docset's `/reference/configuration.md` from the folder of its
    `docset.yml` (apm-agent-python's `docs/`: 90). A link to a page deleted since is still reported."""
    repo.commit("2020-01-10", files={"docs/reference/gone.md": "# Gone\n"})
    repo.git("rm", "-q", "docs/reference/gone.md")
    repo.commit("2024-01-10", files={
        "docs/docset.yml": "project: 'APM Python agent'\ntoc:\n  - toc: reference\n",
        "docs/reference/configuration.md": "# Configuration\n",
        "docs/reference/django-support.md": ("# Django\n\nSee [configuration](/reference/configuration.md).\n\n"
                                             "See [the old page](/reference/gone.md).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/reference/django-support.md", 5)}


def test_a_hosted_url_ends_at_a_strings_escape(repo):
    """uptrace prints `https://github.com/uptrace/uptrace/blob/master/CHANGELOG.md\\n` from a Go
    string: the URL ends before the escaped line end (3, with sst's and dumi's); feast's Markdown
    links `online\\_store\\_format.md`, Markdown's escape of `_`. A URL of a file that is not there
    is still reported."""
    repo.commit("2024-01-10", files={
        "go.mod": "module github.com/uptrace/uptrace\n\ngo 1.22\n",
        "CHANGELOG.md": "# Changelog\n",
        "docs/online_store.md": "# Online store\n",
        "cmd/uptrace/main.go": ('package main\n\nfunc f() {\n'
                                '\tfmt.Printf("https://github.com/uptrace/uptrace/blob/master/CHANGELOG.md\\n")\n\n'
                                '\tfmt.Printf("https://github.com/uptrace/uptrace/blob/master/GONE.md\\n")\n}\n'),
        "docs/faq.md": ("# FAQ\n\nSee [the format](https://github.com/uptrace/uptrace/blob/master/docs/online\\_store.md).\n\n"
                        "And [gone](https://github.com/uptrace/uptrace/blob/master/docs/offline\\_store.md).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("cmd/uptrace/main.go", 6), ("docs/faq.md", 5)}


def test_make_sure_is_english():
    """indico's SELinux policy, written by a heredoc in a shell block, says "; make sure the uwsgi
    socket is writable by the webserver" (16 targets of no Makefile). `make docs` still runs."""
    text = (".. code-block:: shell\n\n    cat > /tmp/indico.cil <<'EOF'\n"
            "    ; make sure the uwsgi socket is writable by the webserver\n    EOF\n    make docs\n")
    assert {(line, target) for line, target, kind in kinds("docs/selinux.rst", text) if kind == "command"} == {
        (6, "make docs")}


def test_an_old_changelog_folder_is_historical(repo):
    """wekan keeps its past changelogs in `old-CHANGELOG/2026/01.md`, naming files of their day
    (51). The same note elsewhere is still read."""
    repo.commit("2020-01-10", files={"scripts/gone.sh": "true\n"})
    repo.git("rm", "-q", "scripts/gone.sh")
    repo.commit("2024-01-10", files={
        "old-CHANGELOG/2026/01.md": "# January\n\n- Fixed `scripts/gone.sh`.\n",
        "notes/2026/01.md": "# January\n\n- Fixed `scripts/gone.sh`.\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("notes/2026/01.md", 3)}


def test_a_toctree_of_a_packages_api_pages_the_build_writes(repo):
    """panel's `doc/api/index.md` toctree lists `panel.auth`, the page its build writes from
    `panel/auth.py` (20), and meltano's SDK docs link `classes/singer_sdk.Stream` (3). A page of
    no package, and one such page deleted since, are still reported."""
    repo.commit("2020-01-10", files={"doc/api/panel.gone.md": "# gone\n"})
    repo.git("rm", "-q", "doc/api/panel.gone.md")
    repo.commit("2024-01-10", files={
        "panel/__init__.py": "", "panel/auth.py": "", "doc/conf.py": "extensions = ['myst_parser']\n",
        "doc/api/state.md": "# State\n",
        "doc/api/index.md": ("# API\n\n```{toctree}\n:hidden:\n\nstate\npanel.auth\npanel.gone\n"
                             "holoviews.core\n```\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("doc/api/index.md", 8), ("doc/api/index.md", 9)}


def test_a_sites_pages_that_git_ignores_are_written_at_build(repo):
    """sqlfluff's VitePress `docsv/` links `../reference/rules/layout` and `../reference/rules/`,
    pages its `.gitignore` keeps out (`reference/rules/*.md`: a script writes them; 16), and shows
    `<<< @/../src/sqlfluff/core/default_config.cfg`, a file from the site's source folder. A page
    nothing ignores, and a snippet that is not there, are still reported."""
    repo.commit("2024-01-10", files={
        "docsv/.vitepress/config.ts": "export default {}\n",
        "docsv/.gitignore": "reference/rules/*.md\n",
        "src/sqlfluff/core/default_config.cfg": "[sqlfluff]\n",
        "docsv/configuration/rules.md": ("# Rules\n\n[LT08](../reference/rules/layout#lt08)\n\n"
                                         "[Rules Reference](../reference/rules/)\n\n"
                                         "[CLI](../reference/cli/index)\n\n[All](../reference/rules/index)\n"),
        "docsv/configuration/defaults.md": ("# Defaults\n\n<<< @/../src/sqlfluff/core/default_config.cfg{ini}\n\n"
                                            "<<< @/../src/sqlfluff/core/gone.cfg{ini}\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("docsv/configuration/rules.md", 7), ("docsv/configuration/defaults.md", 5)}


def test_a_files_heading_of_its_installed_name_and_a_tracebacks_frames(repo):
    """psycopg2's `lib/extras.py` says `# psycopg/extras.py - miscellaneous extra goodies`, the name
    it is installed under (10); oauthlib's docstring shows a traceback's `File "oauthlib/oauth2/
    rfc6749/grant_types.py", line 515` (2). Another file named so, and the same path outside a
    frame, are still reported."""
    repo.commit("2020-01-10", files={"psycopg/pool.py": "", "oauthlib/oauth2/grant_types.py": ""})
    repo.git("rm", "-q", "psycopg/pool.py", "oauthlib/oauth2/grant_types.py")
    repo.commit("2024-01-10", files={
        "psycopg/psycopgmodule.c": "",
        "lib/extras.py": ('"""Extras."""\n# psycopg/extras.py - miscellaneous extra goodies for psycopg\n'
                          "# psycopg/pool.py - see there for pools\n"),
        "oauthlib/grant.py": ('def f():\n    """\n    Traceback (most recent call last):\n'
                              '        File "oauthlib/oauth2/grant_types.py", line 515, in create\n'
                              '    See oauthlib/oauth2/grant_types.py.\n    """\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("lib/extras.py", 3), ("oauthlib/grant.py", 5)}


def test_an_rst_reference_to_a_named_target_is_a_name(repo):
    """certbot's contributing guide says `` `plugins/common.py`_ ``, whose `.. _plugins/common.py:`
    target is a URL: the text is the link's name. A path in literal text is still read."""
    repo.commit("2024-01-10", files={
        "plugins/__init__.py": "",
        "docs/contributing.rst": ("Contributing\n============\n\nSee `plugins/common.py`_.\n\n"
                                  "Or ``plugins/gone.py``.\n\n"
                                  ".. _plugins/common.py: https://example.com/common.py\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/contributing.rst", 6)}


def test_a_nuxt_content_sites_numbered_pages(repo):
    """MassTransit's `doc/nuxt.config.ts` serves `doc/content/`, whose `3.documentation/1.concepts/
    2.consumers.md` links `messages` (`1.messages.md`) and `/documentation/patterns/routing-slip`:
    Nuxt Content leaves the number prefixes out of its URLs, and `/support` is its URL (8). A
    relative link to no page is still reported."""
    repo.commit("2024-01-10", files={
        "doc/nuxt.config.ts": "export default defineNuxtConfig({ modules: ['@nuxt/content'] })\n",
        "doc/content/3.documentation/1.concepts/1.messages.md": "# Messages\n",
        "doc/content/3.documentation/3.patterns/2.routing-slip.md": "# Routing slip\n",
        "doc/content/4.support/0.index.md": "# Support\n",
        "doc/content/3.documentation/1.concepts/2.consumers.md": (
            "# Consumers\n\nSee [messages](messages) and [slips](/documentation/patterns/routing-slip).\n\n"
            "And [sagas](sagas).\n\nOr [support](/support).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("doc/content/3.documentation/1.concepts/2.consumers.md", 5)}


def test_a_versions_changes_file_is_historical(repo):
    """borg keeps its 1.x release notes in `docs/changes_1.x.rst`, CodeIgniter its guides to each
    version in `upgrade_152.rst` (28), naming files of their day. The same note elsewhere is still
    read."""
    repo.commit("2020-01-10", files={"scripts/shell_completions/bash": "true\n"})
    repo.git("rm", "-q", "scripts/shell_completions/bash")
    repo.commit("2024-01-10", files={
        "docs/changes_1.x.rst": "Changes\n=======\n\n- see scripts/shell_completions/\n",
        "docs/installation/upgrade_152.rst": "Upgrading\n=========\n\n- scripts/shell_completions/\n",
        "docs/completions.rst": "Completions\n===========\n\n- see scripts/shell_completions/\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/completions.rst", 4)}


def test_a_grav_sites_pages_and_a_panini_sites_assets(repo):
    """select2's `docs/` is a Grav site (`config/system.yaml` beside `pages/`): its `/configuration/
    options-api` is a page's URL (72). foundation-sites' Panini build serves `docs/pages/card.md` at
    the site's root, beside the `assets/` it copies whole: `assets/img/x.jpg` is `docs/assets/img/
    x.jpg` (39). An image that is not there is still reported."""
    repo.commit("2024-01-10", files={
        "grav/config/system.yaml": "home:\n  alias: '/getting-started'\n",
        "grav/pages/03.configuration/01.options-api/docs.md": "# Options\n",
        "grav/pages/04.appearance/docs.md": "# Appearance\n\nSee [the options](/configuration/options-api).\n",
        "docs/assets/img/generic/rectangle-1.jpg": "",
        "docs/pages/card.md": ('# Card\n\n<img src="assets/img/generic/rectangle-1.jpg">\n\n'
                               '<img src="assets/img/generic/gone.jpg">\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/pages/card.md", 5)}


def test_package_names_in_json_and_a_yaml_anchor(repo):
    """handlebars.js' `components/composer.json` is named `components/handlebars.js`, a package (2);
    kafka-go's CircleCI `working_directory: &working_directory /go/src/...` names the value. A JSON
    path and a working directory that are not there are still reported."""
    repo.commit("2020-01-10", files={"tools/gone/Makefile": "all:\n", "components/handlebars.js": ""})
    repo.git("rm", "-q", "tools/gone/Makefile", "components/handlebars.js")
    repo.commit("2024-01-10", files={
        "components/composer.json": ('{\n  "name": "components/handlebars.js",\n'
                                     '  "extra": {"files": ["components/gone.js"]}\n}\n'),
        ".circleci/config.yml": ("jobs:\n  build:\n    working_directory: &working_directory /go/src/github.com/x/y\n"
                                 "    steps:\n      - run:\n          working_directory: &sub tools/gone\n"
                                 "          command: make\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("components/composer.json", 3), (".circleci/config.yml", 6)}


def test_a_test_data_folder_is_tests():
    """less.js keeps its tests' inputs and expected outputs in `packages/test-data/`, which name
    files of the tests' own (5), as `test_data/` does."""
    from indexer.extract.languages import TEST_FILE

    assert TEST_FILE.search("packages/test-data/tests-unit/urls/urls.less")
    assert TEST_FILE.search("packages/test_data/urls.less")
    assert not TEST_FILE.search("packages/testy-data/urls.less")


def test_a_vendors_media_type_is_no_path(repo):
    """CodeIgniter keeps an `application/` folder, and its `config/mimes.php` lists
    `application/vnd.ms-excel` (21). A file of that folder that is not there is still reported."""
    repo.commit("2020-01-10", files={"application/config/gone.php": ""})
    repo.git("rm", "-q", "application/config/gone.php")
    repo.commit("2024-01-10", files={
        "application/config/mimes.php": ("<?php\n$mimes = array(\n  'xls' => array('application/vnd.ms-excel', "
                                         "'application/x-msexcel'),\n);\n// see application/config/gone.php\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("application/config/mimes.php", 5)}


def test_a_folder_a_call_makes(repo):
    """cucumber's project initializer runs `create_directory('features/support')` in the project it
    sets up (2), as `FileUtils.mkdir_p` does. A folder a call reads is still reported."""
    repo.commit("2020-01-10", files={"features/support/env.rb": "", "features/steps/a.rb": "",
                                     "features/hooks/a.rb": ""})
    repo.git("rm", "-q", "-r", "features")
    repo.commit("2024-01-10", files={
        "lib/cucumber/project_initializer.rb": ("def run\n  create_directory('features/support')\n"
                                                "  FileUtils.mkdir_p('features/steps')\n"
                                                "  Dir.glob('features/hooks')\nend\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("lib/cucumber/project_initializer.rb", 4)}


def test_your_file_is_the_readers_whatever_history_had(repo):
    """filament's installation guides say "Add Tailwind's CSS layers to your `resources/css/app.css`"
    (10), a file its history deleted in 2020: the reader's app's. The same file named otherwise is
    still reported."""
    repo.commit("2020-01-10", files={"resources/css/app.css": "", "resources/css/theme.css": ""})
    repo.git("rm", "-q", "-r", "resources")
    repo.commit("2024-01-10", files={
        "docs/install.md": ("# Install\n\nAdd Tailwind's CSS layers to your `resources/css/app.css`:\n\n"
                            "Then see `resources/css/theme.css`.\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/install.md", 5)}


def test_your_file_is_the_readers():
    """filament's installation guides say "Add Tailwind's CSS layers to your `resources/css/app.css`":
    a file of the reader's app. A path said otherwise is still read as a claim."""
    text = ("# Install\n\nAdd Tailwind's CSS layers to your `resources/css/app.css`:\n\n"
            "Then see `resources/css/theme.css`.\n")
    assert {(r.line, r.example) for r in extract_references("docs/install.md", text.encode())} == {
        (3, True), (5, False)}


def test_a_page_named_from_its_sections_folder(repo):
    """flyway's documentation links its pages from the section's folder, as a wiki's export does:
    `documentation/Reference/Commands/Baseline.md` links `<Configuration/Flyway Namespace>`, the
    page `documentation/Reference/Configuration/Flyway Namespace.md` (820). A page no folder above
    holds is still reported."""
    repo.commit("2024-01-10", files={
        "documentation/Reference/Configuration/Flyway Namespace.md": "# Flyway namespace\n",
        "documentation/Reference/Commands/Baseline.md": ("# Baseline\n\nSettings are [here](<Configuration/Flyway Namespace>).\n\n"
                                                         "Codes are [here](<Exit codes/General>).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("documentation/Reference/Commands/Baseline.md", 5)}


def test_a_doc_comments_link_to_a_javadoc_package_page(repo):
    """commons-io's `DirectoryWalker.java` links `filefilter/package-summary.html`, the page Javadoc
    writes for that package (2). A link to another page that is not there is still reported."""
    repo.commit("2020-01-10", files={"src/main/java/org/x/io/filefilter/guide.html": ""})
    repo.git("rm", "-q", "src/main/java/org/x/io/filefilter/guide.html")
    repo.commit("2024-01-10", files={
        "src/main/java/org/x/io/filefilter/Filter.java": "package org.x.io.filefilter;\n",
        "src/main/java/org/x/io/Walker.java": ('/**\n * See <a href="filefilter/package-summary.html">filters</a>.\n'
                                               ' * And <a href="filefilter/guide.html">the guide</a>.\n */\nclass Walker {}\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("src/main/java/org/x/io/Walker.java", 3)}


def test_an_option_that_generates_names_its_output():
    """sunpy's testing guide runs `tox -- --mpl-generate-hash-library=sunpy/tests/x.json`, a file the
    run writes (2), as psalm's `--generate-stubs=x` does. A file the command reads is still a claim."""
    text = (".. code-block:: bash\n\n    $ tox -e figure -- --mpl-generate-hash-library=sunpy/tests/hashes.json\n"
            "    $ pytest sunpy/tests/gone_test.py\n")
    assert {(line, target) for line, target, kind in kinds("docs/tests.rst", text)} == {(4, "sunpy/tests/gone_test.py")}


def test_a_templates_link_to_a_page_of_github_com(repo):
    """Sonarr's pull request template links `/Sonarr/Sonarr/blob/v5-develop/CONTRIBUTING.md`, a page
    of github.com, where the template is shown: this repository's CONTRIBUTING.md. Another
    repository's page claims nothing; this repository's file that is not there is still reported."""
    repo.commit("2020-01-10", files={"docs/GONE.md": "# gone\n"})
    repo.git("rm", "-q", "docs/GONE.md")
    repo.commit("2024-01-10", files={
        "go.mod": "module github.com/acme/app\n\ngo 1.22\n",
        "CONTRIBUTING.md": "# Contributing\n",
        ".github/PULL_REQUEST_TEMPLATE.md": (
            "- [ ] I have read [CONTRIBUTING.md](/acme/app/blob/main/CONTRIBUTING.md)\n"
            "- [ ] and [their guide](/other/tool/blob/main/GUIDE.md)\n"
            "- [ ] and [the gone one](/acme/app/blob/main/docs/GONE.md)\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {(".github/PULL_REQUEST_TEMPLATE.md", 3)}


def test_an_exdoc_extra_links_another_by_its_name(repo):
    """absinthe's `guides/introduction/overview.md` links `schemas.md`, its `guides/schemas.md`:
    ExDoc publishes a Mix project's extras side by side (19), and phoenix's guides link
    `installation.html`, `Mix.Tasks.Phx.Gen.Release.html` and `` `Plug.Conn.assign/3` `` (about 100),
    pages and auto-links ExDoc makes, and `up_and_running.html` after its source moved into
    `guides/introduction/` (15). A page no folder holds is still reported, and so is the same link
    outside a Mix project."""
    repo.commit("2020-01-10", files={"app/guides/up_and_running.md": "# Up and running\n\nStart here.\n"})
    repo.git("rm", "-q", "app/guides/up_and_running.md")
    repo.commit("2024-01-10", files={
        "app/mix.exs": "defmodule App.MixProject do\nend\n",
        "app/guides/introduction/up_and_running.md": "# Up and running\n\nStart here.\n",
        "app/guides/schemas.md": "# Schemas\n",
        "app/guides/introduction/overview.md": ("# Overview\n\n* [Schemas](schemas.md)\n\n* [Gone](gone.md)\n\n"
                                                "* [Also](schemas.html), [the app](`App.start/2`), [its page](App.Repo.html)\n"),
        "app/guides/controllers.md": "# Controllers\n\n* Got an app [up and running](up_and_running.html)\n",
        "site/schemas.md": "# Schemas\n",
        "site/intro/overview.md": "# Overview\n\n* [Schemas](schemas.md)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("app/guides/introduction/overview.md", 5), ("site/intro/overview.md", 3)}


def test_npm_runs_options_before_its_script():
    """ex_doc's assets README runs `npm run --prefix assets build` (7): the script is `build`."""
    from indexer.extract.references.prose import commands

    assert list(commands("npm run --prefix assets build")) == [(0, "npm run build", "")]
    assert list(commands("npm run --silent lint:fix")) == [(0, "npm run lint:fix", "")]


def test_a_next_apps_language_folder_serves_its_urls(repo):
    """nodejs.org's `apps/site/pages/ar/index.mdx` links `/download`, its `pages/ar/download/
    index.mdx`: the app serves each language's folder at the site's root (102). A URL of no page
    is still reported."""
    repo.commit("2020-01-10", files={"apps/site/pages/ar/gone.mdx": "# gone\n"})
    repo.git("rm", "-q", "apps/site/pages/ar/gone.mdx")
    repo.commit("2024-01-10", files={
        "apps/site/next.config.mjs": "export default {}\n",
        "apps/site/pages/ar/download/index.mdx": "# Download\n",
        "apps/site/pages/ar/index.mdx": "# Node\n\n[Download](/download)\n\n[Gone](/gone)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("apps/site/pages/ar/index.mdx", 5)}


def test_a_block_comments_first_line_of_the_files_name(repo):
    """haproxy's headers open `/*` then ` * include/haproxy/mailer.h`, the name `include/haproxy/
    mailers.h` was written under (5). A path in the comment's later lines is still reported."""
    repo.commit("2020-01-10", files={"include/haproxy/mailer.h": "", "include/haproxy/queue.h": ""})
    repo.git("rm", "-q", "include/haproxy/mailer.h", "include/haproxy/queue.h")
    repo.commit("2024-01-10", files={
        "include/haproxy/mailers.h": ("/*\n * include/haproxy/mailer.h\n * Mailer definitions.\n *\n"
                                      " * See include/haproxy/queue.h\n */\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("include/haproxy/mailers.h", 5)}


def test_paradox_api_directives_name_classes(repo):
    """pekko's Paradox pages link `@scaladoc[Actor](pekko.actor.Actor)`, `@javadoc[...]` and
    `@apidoc[...]`: a class of the API docs, not a path (1,148). A page's `@ref[...](x.md)` is a
    link, and still reported when its page is gone."""
    repo.commit("2020-01-10", files={"docs/paradox/gone.md": "# gone\n"})
    repo.git("rm", "-q", "docs/paradox/gone.md")
    repo.commit("2024-01-10", files={
        "docs/paradox/actors.md": ("# Actors\n\nExtend @scaladoc[Actor](pekko.actor.Actor#receive:Receive).\n\n"
                                   "@java[@javadoc[createReceive](pekko.actor.AbstractActor#createReceive())]\n\n"
                                   "See @apidoc[Props](actor.Props) and @ref[the guide](gone.md).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/paradox/actors.md", 7)}


def test_release_notes_set_aside_and_extension_upgrade_scripts_are_historical(repo):
    """pmd's `release_notes_old_pmd7.md` (whose "Deprecated API" lists named pmd-core legacy),
    kotlinx.coroutines' `CHANGES_UP_TO_1.7.md` (15), and a PostgreSQL extension's upgrade script,
    `pgmq--0.24.0--0.25.0.sql`, whose pgrx comments name the sources of its day (pgmq, paradedb: 45)."""
    repo.commit("2020-01-10", files={"js/README.md": "# js\n", "src/api.rs": "fn main() {}\n"})
    repo.git("rm", "-q", "js/README.md", "src/api.rs")
    repo.commit("2024-01-10", files={
        "CHANGES_UP_TO_1.7.md": "# Changes\n\n* [Kotlin/JS](js/README.md)\n",
        "docs/release_notes_old_pmd7.md": "# Old notes\n\n* [Kotlin/JS](../js/README.md)\n",
        "sql/pgmq--0.24.0--0.25.0.sql": "-- src/api.rs:432\nCREATE FUNCTION f() RETURNS int AS 'select 1' LANGUAGE sql;\n",
        "sql/pgmq.sql": "-- src/api.rs:432\nCREATE FUNCTION f() RETURNS int AS 'select 1' LANGUAGE sql;\n",
        "docs/guide.md": "# Guide\n\n* [Kotlin/JS](../js/README.md)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/guide.md", 3), ("sql/pgmq.sql", 1)}


def test_a_permalinked_pages_relative_files_are_read_from_its_url(repo):
    """pmd's `docs/pages/pmd/projectdocs/logo.md` is `permalink: pmd_projectdocs_logo.html`,
    served at its Jekyll site's root: its `images/logo/PMD.svg` is `docs/images/logo/PMD.svg`
    (35). An image the site does not have is still reported."""
    repo.commit("2020-01-10", files={"docs/images/logo/old.svg": "<svg/>\n"})
    repo.git("rm", "-q", "docs/images/logo/old.svg")
    repo.commit("2024-01-10", files={
        "docs/_config.yml": "title: PMD\n",
        "docs/images/logo/PMD.svg": "<svg/>\n",
        "docs/pages/pmd/projectdocs/logo.md": ("---\ntitle: Logo\npermalink: pmd_projectdocs_logo.html\n---\n\n"
                                               "![Logo](images/logo/PMD.svg)\n\n![Old](images/logo/old.svg)\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/pages/pmd/projectdocs/logo.md", 8)}


def test_typedocs_committed_output_is_a_built_site(repo):
    """postgrest-js' `docs/v1/` is TypeDoc's output (its `assets/js/search.json`): its `spec.json`
    names the sources of the release it documents, `"fileName": "lib/types.ts"` (261)."""
    repo.commit("2020-01-10", files={"lib/types.ts": "export {}\n"})
    repo.git("rm", "-q", "lib/types.ts")
    spec = '{\n  "sources": [\n    {\n      "fileName": "lib/types.ts",\n      "line": 1\n    }\n  ]\n}\n'
    repo.commit("2024-01-10", files={
        "docs/v1/assets/js/search.json": "{}\n",
        "docs/v1/spec.json": spec,
        "docs/v2/spec.json": spec,
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/v2/spec.json", 4)}


def test_a_hedged_file_and_a_copied_licence_header_claim_nothing(repo):
    """react-router's agent skill: "Document the flag in `docs/upgrading/future-flags.md` if it
    exists" (2); FlameGraph's scripts, copied into libgit2's benchmarks, keep the CDDL's header,
    "You can obtain a copy of the license at docs/cddl1.txt" (16)."""
    repo.commit("2024-01-10", files={
        "docs/upgrading/index.md": "# Upgrading\n",
        ".agents/skills/flags/SKILL.md": ("# RFC\n\nDocument the flag in `docs/upgrading/flags.md` if it exists.\n\n"
                                        "Document the flag in `docs/upgrading/other.md`.\n"),
        "bench/flamegraph.pl": ("#!/usr/bin/perl\n# You can obtain a copy of the license at docs/cddl1.txt or\n"
                                "# http://www.opensolaris.org/os/licensing.\n"
                                "# file and include the License file at docs/cddl1.txt.\n"
                                "# See docs/notes.txt for the options.\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        (".agents/skills/flags/SKILL.md", 5), ("bench/flamegraph.pl", 5)}


def test_an_asciidoc_xref_without_a_document_is_an_id(repo):
    """groovy's spec says "see xref:async-broadcast-channel[]": Asciidoctor's reference to an ID
    (a document's is `xref:x.adoc[]` or `xref:x.adoc#id[]`, and still reported when gone)."""
    repo.commit("2020-01-10", files={"src/spec/doc/gone.adoc": "= Gone\n"})
    repo.git("rm", "-q", "src/spec/doc/gone.adoc")
    repo.commit("2024-01-10", files={
        "src/spec/doc/async.adoc": ("= Async\n\n== Channels\n\n"
                                    "See xref:async-broadcast-channel[].\n\nSee xref:gone.adoc[the old page].\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("src/spec/doc/async.adoc", 7)}


def test_doxygens_file_command_names_the_file_itself(repo):
    """libgit2's `include/git2/blob.h` says `@file git2/blob.h`, the name it is included by (14),
    wherever in the file. Another file's name after `@file` is still reported."""
    repo.commit("2020-01-10", files={"git2/blob.h": "", "git2/tree.h": ""})
    repo.git("rm", "-q", "git2/blob.h", "git2/tree.h")
    repo.commit("2024-01-10", files={
        "include/git2/blob.h": "\n" * 50 + "/**\n * @file git2/blob.h\n */\n/**\n * @file git2/tree.h\n */\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("include/git2/blob.h", 55)}


def test_a_github_actions_expression_is_part_of_the_path(repo):
    """paradedb's workflow builds `docker/Dockerfile.paradedb-${{ matrix.pg_version }}`: the path
    goes on through the expression (5), where it was cut before it. A plain path is still reported."""
    repo.commit("2020-01-10", files={"docker/Dockerfile.pg": "FROM scratch\n"})
    repo.git("rm", "-q", "docker/Dockerfile.pg")
    repo.commit("2024-01-10", files={
        "docker/Dockerfile.pg-17": "FROM scratch\n",
        ".github/workflows/ci.yml": ("on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
                                     "      - run: docker build --file docker/Dockerfile.pg-${{ matrix.pg }} .\n"
                                     "      - run: docker build --file docker/Dockerfile.pg .\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {(".github/workflows/ci.yml", 7)}


def test_revdepchecks_reports_are_generated(repo):
    """dplyr's `revdep/failures.md` is revdepcheck's report of other packages' builds: "Writing
    `src/Makevars`." is theirs (7)."""
    repo.commit("2020-01-10", files={"src/Makevars": "CXX_STD = CXX17\n"})
    repo.git("rm", "-q", "src/Makevars")
    repo.commit("2024-01-10", files={
        "revdep/failures.md": "# failures\n\nWriting `src/Makevars`.\n",
        "NOTES.md": "# notes\n\nWriting `src/Makevars`.\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("NOTES.md", 3)}


def test_a_workflows_parent_folder_is_beside_the_checkout(repo):
    """slidev's smoke test runs in `working-directory: ../temp/slidev-project`, a folder beside the
    checkout an earlier step made: a workflow runs at the checkout's root, so `../` leaves the
    repository (8), where from `.github/workflows/` it named `.github/temp/`. A path from the root
    is still checked."""
    repo.commit("2020-01-10", files={".github/temp/slidev-project/x.txt": "", "scripts/gone.sh": ""})
    repo.git("rm", "-q", ".github/temp/slidev-project/x.txt", "scripts/gone.sh")
    repo.commit("2024-01-10", files={
        ".github/workflows/smoke.yml": ("on: push\njobs:\n  smoke:\n    runs-on: ubuntu-latest\n    steps:\n"
                                        "      - run: pnpm install\n        working-directory: ../temp/slidev-project\n"
                                        "      - run: bash scripts/gone.sh\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {(".github/workflows/smoke.yml", 8)}


def test_a_file_a_plan_says_to_create_claims_nothing(repo):
    """slidev's `plans/025-skills-docs-drift-guard.md` lists "`scripts/check-skills-drift.mjs`
    (create)": a file the plan will make (7)."""
    repo.commit("2024-01-10", files={
        "scripts/other.mjs": "",
        "plans/025-drift-guard.md": ("# Drift guard\n\n## Files\n\n- `scripts/check-drift.mjs` (create)\n\n"
                                     "- `scripts/check-gone.mjs`\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("plans/025-drift-guard.md", 7)}


def test_exdoc_copies_its_assets_beside_the_pages(repo):
    """livebook's `docs/teams/deploy_app.md` shows `images/app_preview.png`, from `docs/images/`,
    which its mix.exs gives ExDoc as `assets:` to copy beside the pages it writes side by side
    (39). An image no folder has is still reported; so is one outside a Mix project."""
    repo.commit("2024-01-10", files={
        "app/mix.exs": "defmodule Livebook.MixProject do\nend\n",
        "app/docs/images/app_preview.png": "png",
        "app/docs/teams/deploy_app.md": "# Deploy\n\n![preview](images/app_preview.png)\n\n![gone](images/gone.png)\n",
        "site/guide.md": "# Guide\n\n![preview](images/app_preview.png)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {
        ("app/docs/teams/deploy_app.md", 5), ("site/guide.md", 3)}


def test_a_page_under_the_url_an_application_serves_its_pages_at(repo):
    """friendica's help module serves `doc/database/db_user.md` as `help/database/db_user`, and
    `doc/database.md` links it so (584): no folder is named `help`. A page it does not have is
    still reported, and so is a URL from the root (`/events`, the application's page, not
    `doc/events.md`)."""
    repo.commit("2024-01-10", files={
        "doc/database/db_user.md": "# user\n",
        "doc/events.md": "# Events\n",
        "doc/database.md": ("# Tables\n\n* [user](help/database/db_user)\n\n* [gone](help/database/db_gone)\n\n"
                            "* [events](/events)\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("doc/database.md", 5), ("doc/database.md", 7)}


def test_a_qt_linguist_translation_is_no_typescript(repo):
    """qBittorrent's `src/lang/qbittorrent_ar.ts` is XML lupdate writes, whose `<location
    filename="../base/x.cpp">` name the sources it last read (4,136 named removed ones). A TypeScript
    file's path is still read."""
    repo.commit("2020-01-10", files={"src/base/gone.cpp": "", "src/app/gone.ts": ""})
    repo.git("rm", "-q", "src/base/gone.cpp", "src/app/gone.ts")
    repo.commit("2024-01-10", files={
        "src/lang/app_ar.ts": ('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1" language="ar">\n'
                               '<context>\n    <message>\n        <location filename="../base/gone.cpp" line="42"/>\n'
                               '    </message>\n</context>\n</TS>\n'),
        "src/app/main.ts": 'import { x } from "./gone";\nconst page = "src/app/gone.ts";\n',
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("src/app/main.ts", 2)}


def test_a_hugo_page_links_a_folder_by_its_url(repo):
    """kopia's Hugo site keeps `content/docs/Advanced/Storage Tiers/_index.md`, served at
    `docs/advanced/storage-tiers/`, and its pages link it so (`../storage-tiers/`: 130). A link to
    no page is still reported."""
    repo.commit("2020-01-10", files={"site/content/docs/Advanced/Old/_index.md": "# Old\n"})
    repo.git("rm", "-q", "site/content/docs/Advanced/Old/_index.md")
    repo.commit("2024-01-10", files={
        "site/hugo.toml": 'title = "docs"\n',
        "site/content/docs/Advanced/Storage Tiers/_index.md": "# Tiers\n",
        "site/content/docs/Advanced/Caching/_index.md": "# Caching\n",
        "site/content/docs/Advanced/Consistency/_index.md": (
            "# Consistency\n\nSee [tiers](../storage-tiers/).\n\nSee [caching](../caching/).\n\n"
            "See [the old page](../old/).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("site/content/docs/Advanced/Consistency/_index.md", 7)}


def test_an_object_file_or_a_library_is_built(repo):
    """micropython's makefiles list `shared/runtime/gchelper_thumb2.o`, compiled from
    `gchelper_thumb2.s` (27), and nodemcu's link `user/libuser.a`, which a sub-make builds (22).
    An object the repository once committed is still reported."""
    repo.commit("2020-01-10", files={"shared/runtime/gone.o": "", "shared/runtime/gone.c": ""})
    repo.git("rm", "-q", "shared/runtime/gone.o", "shared/runtime/gone.c")
    repo.commit("2024-01-10", files={
        "shared/runtime/gchelper_thumb2.s": "",
        "user/user_main.c": "",
        "ports/Makefile": ("SRC_O = \\\n\tshared/runtime/gchelper_thumb2.o \\\n\tuser/libuser.a \\\n"
                           "\tshared/runtime/gone.o\n"),
        # (mozjpeg's tests run `java -cp java/turbojpeg.jar`, which its build packs: 11)
        "java/CMakeLists.txt": "add_test(NAME x COMMAND java -cp java/turbojpeg.jar Test)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("ports/Makefile", 4)}


def test_a_file_a_generator_here_renders_from_its_template(repo):
    """phoenix's guides and generators name `config/dev.exs`, which its installer renders from
    `installer/templates/phx_single/config/dev.exs.eex` into each project it makes (40). A file
    no template renders is still reported."""
    repo.commit("2024-01-10", files={
        "config/config.exs": "import Config\n",
        "installer/templates/phx_single/config/dev.exs.eex": "import Config\n",
        "guides/ecto.md": "# Ecto\n\nEdit `config/dev.exs`.\n\nEdit `config/staging.exs`.\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("guides/ecto.md", 5)}


def test_commands_in_an_unpacked_release_or_a_builds_output_are_not_the_trees(repo):
    """rocketmq's README unzips its binary release, moves into it and runs `bin/mqbroker`, and its
    quick starts run `bin/mqadmin` after `cd distribution/target/rocketmq-5/` (30): the release's
    layout, where the repository keeps `distribution/bin/`. A command run in the tree is reported."""
    repo.commit("2017-01-10", files={"bin/mqbroker": "", "bin/mqadmin": "", "tools/old.sh": ""})
    repo.git("mv", "bin", "distribution")
    repo.git("rm", "-q", "tools/old.sh")
    repo.commit("2024-01-10", files={
        "tools/run.sh": "",
        "README.md": ("# Run\n\n```shell\n$ unzip rocketmq-all-5.3.3-bin-release.zip\n"
                      "$ cd rocketmq-all-5.3.3-bin-release/bin\n```\n\n```shell\n$ nohup sh bin/mqbroker &\n```\n\n"
                      "# Build\n\n```shell\n$ cd distribution/target/rocketmq-5/\n$ sh bin/mqadmin list\n```\n\n"
                      "# Tools\n\n```shell\n$ sh tools/old.sh\n```\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("README.md", 22)}


def test_a_files_header_comment_naming_its_name_before_a_move_is_no_claim(repo):
    """collectd's license blocks open `collectd - src/collectd.c`, the file's name before it moved
    to `src/daemon/` (87). Its own name further down, past the header, is still reported."""
    header = "/**\n * collectd - src/collectd.c\n * Copyright (C) 2005  Florian octo Forster\n **/\n"
    repo.commit("2014-01-10", files={"src/collectd.c": header + "int main(void);\n"})
    repo.git("rm", "-q", "src/collectd.c")
    repo.commit("2024-01-10", files={
        "src/daemon/collectd.c": header + "int main(void);\n/* as src/collectd.c did */\n"})
    assert set(found(scan(repo.root), "dangling-reference")) == {("src/daemon/collectd.c", 6)}


def test_an_executable_dune_builds(repo):
    """opam's Makefile runs `dune exec -- src/crowbar/test.exe` and builds
    `src/tools/opam_admin_topstart.bc`: executables their folders' `dune` files declare (6). An
    executable in a folder without one, or one the repository committed and deleted, is reported."""
    repo.commit("2020-01-10", files={"src/crowbar/gone.exe": ""})
    repo.git("rm", "-q", "src/crowbar/gone.exe")
    repo.commit("2024-01-10", files={
        "src/crowbar/dune": "(executable (name test))\n",
        "src/crowbar/test.ml": "",
        "src/tools/dune": "(executable (name opam_admin_topstart) (modes byte))\n",
        "tools/build.sh": "",
        "Makefile": ("crowbar:\n\tdune exec -- src/crowbar/test.exe\n"
                     "top:\n\tdune build src/tools/opam_admin_topstart.bc\n"
                     "old:\n\tdune exec -- src/crowbar/gone.exe\n"
                     "tool:\n\t./tools/helper.exe\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("Makefile", 6), ("Makefile", 8)}


def test_a_file_kept_compressed_is_served(repo):
    """domoticz' `www/index.html` loads `js/bootbox.min.js`, committed as `www/js/bootbox.min.js.gz`,
    which its server sends as it is (52). A script that is nowhere is still reported."""
    repo.commit("2020-01-10", files={"www/js/gone.js": ""})
    repo.git("rm", "-q", "www/js/gone.js")
    repo.commit("2024-01-10", files={
        "www/js/bootbox.min.js.gz": "",
        "www/index.html": ('<html>\n<script src="js/bootbox.min.js"></script>\n'
                           '<script src="js/gone.js"></script>\n</html>\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("www/index.html", 3)}


def test_a_go_string_names_a_symbol_by_its_package(repo):
    """tinygo's compiler looks up `"runtime/interrupt.use"`: a symbol, by its package's import path
    and its name, where `src/runtime/interrupt/` holds the package. A file with an extension is
    still a file."""
    repo.commit("2020-01-10", files={"src/runtime/interrupt/gone.go": "package interrupt\n"})
    repo.git("rm", "-q", "src/runtime/interrupt/gone.go")
    repo.commit("2024-01-10", files={
        "src/runtime/interrupt/interrupt.go": "package interrupt\n",
        "compiler/interrupt.go": ('package compiler\n\nvar use = "src/runtime/interrupt.use"\n\n'
                                  'var gone = "src/runtime/interrupt/gone.go"\n'),
        # (dubbo-go's "Please refer to server/InfoInvoker.Invoke()": a package's folder and a type's method)
        "server/server.go": "package server\n\n// Please refer to server/InfoInvoker.Invoke()\nfunc x() {}\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("compiler/interrupt.go", 5)}


def test_a_pull_request_templates_parent_is_the_repository(repo):
    """hydra's pull request template links `../blob/master/CONTRIBUTING.md` and `../security/policy`:
    shown at `/ory/hydra/compare/...`, `../` is the repository's page. A file the repository lacks
    is still reported."""
    repo.commit("2020-01-10", files={"GONE.md": ""})
    repo.git("rm", "-q", "GONE.md")
    repo.commit("2024-01-10", files={
        "CONTRIBUTING.md": "# Contributing\n",
        ".github/pull_request_template.md": (
            "## Checklist\n\n- [ ] I have read the [guidelines](../blob/master/CONTRIBUTING.md).\n"
            "- [ ] I have read the [security policy](../security/policy).\n"
            "- [ ] I have read [the old notes](../blob/master/GONE.md).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {(".github/pull_request_template.md", 5)}


def test_an_included_asciidoc_chapter_links_from_above(repo):
    """keepassxc's `docs/topics/AutoType.adoc`, included by `docs/UserGuide.adoc`, links
    `xref:UserGuide.adoc#_auto_type[]`: read from the including document's folder (4). A document
    that is nowhere is still reported."""
    repo.commit("2020-01-10", files={"docs/Gone.adoc": "= Gone\n"})
    repo.git("rm", "-q", "docs/Gone.adoc")
    repo.commit("2024-01-10", files={
        "docs/UserGuide.adoc": "= Guide\n\ninclude::topics/AutoType.adoc[]\n",
        "docs/topics/AutoType.adoc": ("= Auto-Type\n\nSee xref:UserGuide.adoc#_auto_type[the guide].\n\n"
                                      "See xref:Gone.adoc#_old[the old page].\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/topics/AutoType.adoc", 5)}


def test_a_vcpkg_ports_files_name_the_projects(repo):
    """keepassxc's `utils/vcpkg_ports/argon2/CMakeLists.txt`, beside its `portfile.cmake`, builds
    argon2's `src/argon2.c`, in the source vcpkg downloads (6). Elsewhere the path is still checked."""
    repo.commit("2020-01-10", files={"src/argon2.c": ""})
    repo.git("rm", "-q", "src/argon2.c")
    repo.commit("2024-01-10", files={
        "src/main.c": "",
        "utils/vcpkg_ports/argon2/portfile.cmake": "vcpkg_from_github(OUT_SOURCE_PATH SOURCE_PATH)\n",
        "utils/vcpkg_ports/argon2/CMakeLists.txt": "add_library(argon2\n    src/argon2.c\n)\n",
        "CMakeLists.txt": "add_library(app\n    src/main.c\n    src/argon2.c\n)\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("CMakeLists.txt", 3)}


def test_a_spack_packages_recipe_names_the_projects_files(repo):
    """Spack's `var/spack/repos/builtin/packages/archer/package.py` patches archer's
    `lib/CMakeLists.txt`, in the source Spack downloads (70). A `package.py` outside a Spack
    repository (no `repo.yaml`) is still checked."""
    repo.commit("2020-01-10", files={"lib/CMakeLists.txt": ""})
    repo.git("rm", "-q", "lib/CMakeLists.txt")
    recipe = "def patch(self):\n    filter_file('a', 'b', 'lib/CMakeLists.txt')\n"
    repo.commit("2024-01-10", files={
        "var/spack/repos/builtin/repo.yaml": "repo:\n  namespace: builtin\n",
        "var/spack/repos/builtin/packages/archer/package.py": recipe,
        "tools/packages/own/package.py": recipe,
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("tools/packages/own/package.py", 2)}


def test_a_file_named_so_is_a_new_one(repo):
    """vcr's Cucumber docs say 'Given a file named "lib/server.rb" with:': the test writes it (16).
    A sentence naming a file of the repository is still checked."""
    repo.commit("2020-01-10", files={"lib/gone.rb": ""})
    repo.git("rm", "-q", "lib/gone.rb")
    repo.commit("2024-01-10", files={
        "lib/vcr.rb": "",
        "docs/cucumber.md": ('# Cucumber\n\n_Given_ a file named "lib/server.rb" with:\n\n'
                             'The server is in "lib/gone.rb".\n\nThe client is in "lib/client.rb".\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/cucumber.md", 5), ("docs/cucumber.md", 7)}


def test_a_cgo_preamble_includes_the_systems_headers(repo):
    """lxd's Go files include `<sys/types.h>` in their cgo preamble, a comment (46): the system's
    header, whatever `sys/` folder the repository has. A quoted include is still looked for."""
    repo.commit("2020-01-10", files={"sys/gone.h": ""})
    repo.git("rm", "-q", "sys/gone.h")
    repo.commit("2024-01-10", files={
        "sys/own.h": "",
        "lxd/main_fork.go": ('package main\n\n/*\n#include <sys/types.h>\n#include "../sys/gone.h"\n*/\n'
                             'import "C"\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("lxd/main_fork.go", 5)}


def test_a_system_header_named_outside_an_include_is_the_systems(repo):
    """petsc's configure checks say "Check for POSIX.1 compatible sys/wait.h" and "it includes
    <sys/types.h>", beside its own `src/sys/` (9). A header of its own that is gone is still reported."""
    repo.commit("2020-01-10", files={"src/sys/gone.h": ""})
    repo.git("rm", "-q", "src/sys/gone.h")
    repo.commit("2024-01-10", files={
        "src/sys/own.h": "", "setup.py": "",  # (a package's `src/`: where its paths are looked for)
        "config/headers.py": ("def check_sys_wait(self):\n    # Check for POSIX.1 compatible sys/wait.h\n"
                              "    # it includes <sys/types.h>\n    # see sys/gone.h\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("config/headers.py", 4)}


def test_rubys_existence_tests(repo):
    """rubocop-rails asks `File.exist?('config/database.yml')`, openstreetmap-website
    `Rails.root.join("config/application.yml").exist?`: a file the code tests for. A file the code
    loads is still checked."""
    repo.commit("2020-01-10", files={"config/database.yml": "", "config/application.yml": "", "config/gone.yml": ""})
    repo.git("rm", "-q", "config/database.yml", "config/application.yml", "config/gone.yml")
    repo.commit("2024-01-10", files={
        "config/default.yml": "",
        "lib/resolver.rb": ("return unless File.exist?('config/database.yml')\n"
                            'if Rails.root.join("config/application.yml").exist?\n'
                            "YAML.load_file('config/gone.yml')\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("lib/resolver.rb", 3)}


def test_an_include_above_its_folder_is_found_on_the_include_path(repo):
    """obs-studio's `plugins/win-capture/graphics-hook/graphics-hook.h` includes
    `"../graphics-hook-info.h"`, which moved to `shared/obs-hook-config/`, where its build finds it
    (4). A header that is nowhere is still reported."""
    repo.commit("2020-01-10", files={"plugins/capture/gone-info.h": "", "plugins/capture/graphics-hook-info.h": ""})
    repo.git("rm", "-q", "plugins/capture/gone-info.h", "plugins/capture/graphics-hook-info.h")
    repo.commit("2024-01-10", files={
        "shared/hook-config/graphics-hook-info.h": "",
        "plugins/capture/hook/hook.h": '#include "../graphics-hook-info.h"\n#include "../gone-info.h"\n',
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("plugins/capture/hook/hook.h", 2)}


def test_paradox_directives_labels_and_nested_api_links(repo):
    """akka's `@scala[@scaladoc[Try[T]](scala.util.Try)]` is an API link however its label nests
    (7), and `@@include[typed/event-bus.md](typed/event-stream.md)` names the included page in its
    parentheses, its label being only a label (12). The included page is still checked."""
    repo.commit("2020-01-10", files={"docs/paradox/typed/gone.md": "# gone\n"})
    repo.git("rm", "-q", "docs/paradox/typed/gone.md")
    repo.commit("2024-01-10", files={
        "docs/paradox/typed/event-stream.md": "# Event stream\n",
        "docs/paradox/event-bus.md": ("# Event bus\n\nType: @scala[@scaladoc[Try[T]](scala.util.Try) => Boolean]\n\n"
                                      "@@include[typed/event-bus.md](typed/event-stream.md) { #dependency }\n\n"
                                      "@@include[typed/event-bus.md](typed/gone.md) { #intro }\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/paradox/event-bus.md", 7)}


def test_a_link_through_a_route_group_and_a_docc_symbol(repo):
    """qwik's pages link `../../../(qwik)/concepts/resumable/`: a destination keeps its balanced
    parentheses (cut at `(qwik` before: 6). swift-nio's `Sources/NIO/Docs.docc/index.md` links
    `./NIOCore/EventLoop`, DocC's page of a symbol (26). A missing page is still reported."""
    repo.commit("2020-01-10", files={"docs/routes/(qwik)/gone/index.mdx": "# Gone\n"})
    repo.git("rm", "-q", "docs/routes/(qwik)/gone/index.mdx")
    repo.commit("2024-01-10", files={
        "docs/routes/(qwik)/concepts/index.mdx": "# Concepts\n",
        "docs/routes/(router)/guides/index.mdx": ("# Guides\n\nSee [concepts](../../(qwik)/concepts/).\n\n"
                                                  "See [the old page](../../(qwik)/gone/).\n"),
        "Sources/NIO/Docs.docc/index.md": "# NIO\n\n[el]: ./NIOCore/EventLoop\n\nSee [the loop][el].\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/routes/(router)/guides/index.mdx", 5)}


def test_an_underscored_spec_file_is_a_test(repo):
    """angular-cli's `javascript-transformer_spec.ts` transforms `'src/app.js'`, a file the test
    gives it (`_spec`, as `.spec.`: 20). The same string outside a test, and in a `-spec.md`
    specification, is still checked."""
    repo.commit("2024-01-10", files={
        "src/main.ts": "export const x = 1;\n",
        "tools/transformer_spec.ts": "const result = transform('src/app.js', input);\n",
        "tools/transformer.ts": "const result = transform('src/app.js', input);\n",
        "docs/transformer-spec.md": "# Transformer\n\nIt reads `src/app.js`.\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("tools/transformer.ts", 1), ("docs/transformer-spec.md", 3)}


def test_a_ddoc_site_serves_its_pages_as_folders(repo):
    """broot's `website/` is a ddoc site (`ddoc.hjson`): `src/conf_file.md` is served at
    `conf_file/`, so its `../skins` is `src/skins.md` (26). A page that is nowhere is still reported."""
    repo.commit("2020-01-10", files={"website/src/gone.md": "# Gone\n"})
    repo.git("rm", "-q", "website/src/gone.md")
    repo.commit("2024-01-10", files={
        "website/ddoc.hjson": "title: broot\n",
        "website/src/skins.md": "# Skins\n",
        "website/src/conf_file.md": "# Config\n\nSee [skins](../skins#color).\n\nSee [the old page](../gone).\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("website/src/conf_file.md", 5)}


def test_your_file_in_restructuredtext_is_the_readers(repo):
    """Sylius' bundle docs say "Put this configuration inside your ``app/config/config.yml``", the
    reader's application's file, whatever Sylius once kept there (6). "The ``x``" is still checked."""
    repo.commit("2020-01-10", files={"app/config/config.yml": "", "app/config/gone.yml": ""})
    repo.git("rm", "-q", "app/config/config.yml", "app/config/gone.yml")
    repo.commit("2024-01-10", files={
        "app/AppKernel.php": "",
        "docs/installation.rst": ("Installation\n============\n\nPut this configuration inside your "
                                  "``app/config/config.yml``.\n\nThe defaults are in ``app/config/gone.yml``.\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/installation.rst", 6)}


def test_a_path_compared_with_is_no_file_read(repo):
    """Humanizer's docs workflow asks `[[ "$path" == ".github/workflows/jekyll-gh-pages.yml" ]]` of
    the files a commit touched, a workflow it deleted (10): a name compared with. A file the step
    runs is still checked."""
    repo.commit("2020-01-10", files={".github/workflows/pages.yml": "on: push\n", "scripts/gone.sh": ""})
    repo.git("rm", "-q", ".github/workflows/pages.yml", "scripts/gone.sh")
    repo.commit("2024-01-10", files={
        "scripts/build.sh": "",
        ".github/workflows/docs.yml": ("on: push\njobs:\n  docs:\n    runs-on: ubuntu-latest\n    steps:\n"
                                       "      - run: |\n"
                                       '          if [[ "$path" == "README.md" ]]; then\n            :\n'
                                       '          elif [[ "$path" == ".github/workflows/pages.yml" ]]; then\n'
                                       "            echo\n          fi\n"
                                       "          jq '.[] | select(.path != \".github/workflows/pages.yml\")' runs.json\n"
                                       "          bash scripts/gone.sh\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {(".github/workflows/docs.yml", 13)}


def test_a_jvm_class_names_its_resources_by_their_class_path(repo):
    """jmeter's `getResourceFileAsText("org/apache/jmeter/help.txt")`, from a module whose old layout
    kept it at `src/core/org/apache/jmeter/help.txt`: the class path holds the module's
    `src/main/resources/`, where it is now (19). A resource the module no longer has is still
    reported, and a class-path folder that exists makes no missing name a claim."""
    repo.commit("2018-01-10", files={"src/core/org/apache/jmeter/help.txt": "Usage: jmeter\n",
                                     "src/core/org/apache/jmeter/gone.txt": ""})
    repo.git("rm", "-q", "src/core/org/apache/jmeter/help.txt", "src/core/org/apache/jmeter/gone.txt")
    repo.commit("2024-01-10", files={
        "src/core/src/main/resources/org/apache/jmeter/help.txt": "Usage: jmeter\n",
        "src/core/build.gradle.kts": 'tasks.jar {\n    exclude("org/apache/jmeter/Main.java")\n}\n',
        "src/core/src/main/java/org/apache/jmeter/Main.java": (
            'class Main {\n    String help = "org/apache/jmeter/help.txt";\n'
            '    String gone = "org/apache/jmeter/gone.txt";\n'
            '    // defaults to "org/apache/jmeter/jmeter.properties" from the classpath\n}\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("src/core/src/main/java/org/apache/jmeter/Main.java", 3)}


def test_an_xml_documentation_page_is_linked_by_the_html_it_becomes(repo):
    """jmeter's `xdocs/index.xml` links `usermanual/functions.html`, which its build makes of
    `xdocs/usermanual/functions.xml`, as Maven's xdoc does (46). A page with no source is still reported."""
    repo.commit("2020-01-10", files={"xdocs/usermanual/gone.xml": "<document/>\n"})
    repo.git("rm", "-q", "xdocs/usermanual/gone.xml")
    repo.commit("2024-01-10", files={
        "xdocs/usermanual/functions.xml": "<document/>\n",
        "xdocs/index.xml": ('<document>\n<a href="usermanual/functions.html">Functions</a>\n'
                            '<a href="usermanual/gone.html">Gone</a>\n</document>\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("xdocs/index.xml", 3)}


def test_a_sites_html_page_links_the_page_a_markdown_source_becomes(repo):
    """samza's Jekyll site has a page written in HTML, `docs/learn/documentation/versioned/index.html`,
    that links `api/high-level-api.html`, which Jekyll makes of `api/high-level-api.md` (56). A page
    with no source is still reported."""
    repo.commit("2020-01-10", files={"docs/api/gone.md": "# Gone\n"})
    repo.git("rm", "-q", "docs/api/gone.md")
    repo.commit("2024-01-10", files={
        "docs/_config.yml": "markdown: kramdown\n",
        "docs/api/high-level-api.md": "# High level\n",
        "docs/index.html": ('---\nlayout: page\n---\n<a href="api/high-level-api.html">API</a>\n'
                            '<a href="api/gone.html">Gone</a>\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/index.html", 5)}


def test_a_javascript_file_compiled_from_typescript_is_named_by_its_output(repo):
    """blockly's build names its chunks' entries `core/blockly.js`, which tsc makes of
    `core/blockly.ts`, a file that was JavaScript until it moved to TypeScript (14). A module with
    no source is still reported."""
    repo.commit("2020-01-10", files={"core/blockly.js": "", "core/gone.js": ""})
    repo.git("mv", "core/blockly.js", "core/blockly.ts")
    repo.git("rm", "-q", "core/gone.js")
    repo.commit("2024-01-10", files={
        "scripts/build_tasks.mjs": "const chunks = [\n  {entry: 'core/blockly.js'},\n  {entry: 'core/gone.js'},\n];\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("scripts/build_tasks.mjs", 3)}


def test_a_path_joined_to_a_home_folder_is_that_trees(repo):
    """arthas looks for `new File(javaHome, "lib/tools.jar")`, a file of the JDK it runs on (8).
    A path joined to a folder of the repository is still checked."""
    repo.commit("2020-01-10", files={"lib/tools.jar": "", "lib/gone.jar": ""})
    repo.git("rm", "-q", "lib/tools.jar", "lib/gone.jar")
    repo.commit("2024-01-10", files={
        "lib/README.md": "# lib\n",
        "boot/ProcessUtils.java": ('class ProcessUtils {\n    File tools = new File(javaHome, "lib/tools.jar");\n'
                                   '    File gone = new File(root, "lib/gone.jar");\n}\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("boot/ProcessUtils.java", 3)}


def test_a_file_an_agent_is_told_to_write_in_chinese_is_made(repo):
    """arthas' AGENTS.md tells the agent to "生成 `.codex/review-report.md`" (write it) and to send
    output "输出到 `.codex/context-scan.json`" (6), in the folder that keeps its release notes. A
    file it is told to read is still checked."""
    repo.commit("2024-01-10", files={
        ".codex/README.md": "# codex\n",
        "AGENTS.md": ("# 规则\n\n- 生成 `.codex/review-report.md` 审查报告\n\n- 框架式收集，输出到 `.codex/context-scan.json`\n\n"
                      "- 阅读 `.codex/gone.md`\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("AGENTS.md", 7)}


def test_a_short_option_glued_to_its_value_names_the_value(repo):
    """mlt's bindings build with `swig -I../../mlt++`, `src/mlt++/` from `src/swig/java/`: the
    option's value is the path (15). A value that names nothing is still reported."""
    repo.commit("2020-01-10", files={"src/gone/x.h": ""})
    repo.git("rm", "-q", "src/gone/x.h")
    repo.commit("2024-01-10", files={
        "src/mlt++/Mlt.h": "",
        "src/swig/java/build": "#!/bin/sh\nswig -c++ -I../../mlt++ -java mlt.i\nswig -c++ -I../../gone -java mlt.i\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("src/swig/java/build", 3)}


def test_an_asciidoc_include_may_be_read_from_the_build_base_folder(repo):
    """util-linux's man pages `include::man-common/footer.adoc[]` from `disk-utils/`, built with
    `--base-dir` at the root (642). An include found from no folder is still reported."""
    repo.commit("2020-01-10", files={"man-common/gone.adoc": ""})
    repo.git("rm", "-q", "man-common/gone.adoc")
    repo.commit("2024-01-10", files={
        "man-common/footer.adoc": "",
        "disk-utils/fdisk.8.adoc": "= fdisk(8)\n\ninclude::man-common/footer.adoc[]\n\ninclude::man-common/gone.adoc[]\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("disk-utils/fdisk.8.adoc", 5)}


def test_a_ci_matrix_script_is_read_as_shell(repo):
    """mlt's workflow matrix gives each image a `setup_script: |` that clones rnnoise into `/tmp`,
    moves there and runs its `./configure`, a file this repository removed (5). A script the block
    runs from the checkout is still checked."""
    repo.commit("2020-01-10", files={"configure": "", "scripts/gone.sh": ""})
    repo.git("rm", "-q", "configure", "scripts/gone.sh")
    repo.commit("2024-01-10", files={
        "CMakeLists.txt": "",
        ".github/workflows/build.yml": ("on: push\njobs:\n  build:\n    strategy:\n      matrix:\n        include:\n"
                                        "          - setup_script: |\n              cd /tmp/rnnoise\n"
                                        "              ./configure --prefix=/usr/local\n"
                                        "          - setup_script: |\n              bash scripts/gone.sh\n"
                                        "    runs-on: ubuntu-latest\n    steps:\n      - run: cmake .\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {(".github/workflows/build.yml", 11)}


def test_a_links_text_may_name_the_path_after_the_repositorys_name(repo):
    """TTS' README labels its link to the repository's root on GitHub `[TTS/README.md](https://
    github.com/mozilla/TTS/tree/dev#install-tts)`: the repository's name, then the path (2). A
    label naming a path the repository does not have is still reported."""
    repo.commit("2020-01-10", files={"TTS/gone.md": ""})
    repo.git("rm", "-q", "TTS/gone.md")
    repo.git("remote", "add", "origin", "https://github.com/mozilla/TTS.git")
    repo.commit("2024-01-10", files={
        "TTS/__init__.py": "",
        "README.md": ("# TTS\n\n| Installation | [TTS/README.md](https://github.com/mozilla/TTS/tree/dev#install-tts) |\n\n"
                      "See [TTS/gone.md](https://github.com/mozilla/TTS/blob/dev/TTS/gone.md).\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("README.md", 5)}


def test_a_maven_sites_html_links_name_the_pages_its_build_writes(repo):
    """commons-vfs' `src/site/site.xml` links `commons-vfs2-ant/index.html`, a module's site, and
    its xdoc pages `commons-vfs2/dependencies.html`, a report of the Maven site build (20). A
    page whose xdoc source was deleted is still reported."""
    repo.commit("2020-01-10", files={"src/site/xdoc/manual/gone.xml": "<document/>\n"})
    repo.git("rm", "-q", "src/site/xdoc/manual/gone.xml")
    repo.commit("2024-01-10", files={
        "pom.xml": "<project/>\n",
        "commons-vfs2-ant/pom.xml": "<project/>\n",
        "src/site/site.xml": '<project>\n<item name="VFS Ant" href="commons-vfs2-ant/index.html"/>\n</project>\n',
        "src/site/xdoc/manual/index.xml": "<document/>\n",
        "src/site/xdoc/index.xml": ('<document>\n<a href="commons-vfs2/dependencies.html">deps</a>\n'
                                    '<a href="manual/gone.html">gone</a>\n</document>\n'),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("src/site/xdoc/index.xml", 3)}


def test_a_links_text_that_names_the_file_its_url_does_is_no_second_claim(repo):
    """brpc's overview says "include [brpc/server.h](https://github.com/apache/brpc/blob/master/src/brpc/server.h)":
    the text names the URL's file, from the include path, which was `brpc/server.h` until the sources moved
    to `src/` (6). A text that names another file is still checked."""
    repo.git("remote", "add", "origin", "https://github.com/apache/brpc.git")
    repo.commit("2017-01-10", files={"brpc/server.h": "class Server;\n", "src/brpc/gone.h": ""})
    repo.git("rm", "-q", "brpc/server.h", "src/brpc/gone.h")
    repo.commit("2024-01-10", files={
        "src/brpc/server.h": "class Server;\n",
        "docs/overview.md": ("# Overview\n\ninclude [brpc/server.h](https://github.com/apache/brpc/blob/master/src/brpc/server.h)\n\n"
                             "and [src/brpc/gone.h](https://github.com/apache/brpc/blob/master/src/brpc/server.h)\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("docs/overview.md", 5)}


def test_a_sphinx_page_may_be_a_literate_agda_document(repo):
    """agda's user manual lists `built-ins` in its toctree, its `built-ins.lagda.rst`: Literate
    Agda that its Sphinx reads as reStructuredText (63). A page with no source is still reported."""
    repo.commit("2024-01-10", files={
        "doc/user-manual/conf.py": "source_suffix = ['.rst', '.lagda.rst']\n",
        "doc/user-manual/index.rst": "Agda\n====\n\n.. toctree::\n\n   language/index\n",
        "doc/user-manual/language/index.rst": "Language\n========\n\n.. toctree::\n\n   built-ins\n   gone\n",
        "doc/user-manual/language/built-ins.lagda.rst": "Built-ins\n=========\n",
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("doc/user-manual/language/index.rst", 7)}


def test_a_steps_working_directory_holds_wherever_the_key_stands(repo):
    """vscode-go's workflows give a step's `working-directory: ./extension` after its `run:`
    `go install ./tools/installtools`, the `extension/tools/` its move left at the root's `tools/`
    (3); a workflow's `defaults: run: working-directory:` holds for its steps. A script the step's
    folder does not hold is still reported."""
    repo.commit("2020-01-10", files={"tools/installtools/main.go": "package main\n", "tools/gone.sh": "",
                                     "tsconfig.base.json": "{}\n"})
    repo.git("rm", "-q", "tools/installtools/main.go", "tools/gone.sh", "tsconfig.base.json")
    repo.commit("2024-01-10", files={
        "extension/tools/installtools/main.go": "package main\n",
        ".github/workflows/test.yml": ("on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
                                       "      - name: Install tools\n        run: |\n          go install ./tools/installtools\n"
                                       "        working-directory: ./extension\n"
                                       "      - run: bash ./tools/gone.sh\n        working-directory: ./extension\n"),
        # (redux-toolkit's workflow-wide `defaults: run: working-directory: ./packages/toolkit`: 4)
        "extension/tsconfig.base.json": "{}\n",
        ".github/workflows/size.yml": ("on: push\ndefaults:\n  run:\n    working-directory: ./extension\njobs:\n"
                                       "  size:\n    runs-on: ubuntu-latest\n    steps:\n"
                                       "      - run: sed -i 's/x/y/' ./tsconfig.base.json\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {(".github/workflows/test.yml", 10)}


def test_commented_out_code_and_a_would_be_file_name_nothing(repo):
    """The `bin/setup` Rails generates keeps `#   FileUtils.cp "config/database.yml.sample",
    "config/database.yml"`, code commented out (huginn, whitehall); identity-idp's guide says "A
    ViewComponent classes would be defined in `app/components/password_input_component.rb`" (3).
    A comment that names a file in words, and a page that says where a file is, are still checked."""
    repo.commit("2020-01-10", files={"config/database.yml.sample": "", "config/gone.yml": "", "app/components/gone.rb": ""})
    repo.git("rm", "-q", "config/database.yml.sample", "config/gone.yml", "app/components/gone.rb")
    repo.commit("2024-01-10", files={
        "config/application.rb": "",
        "config/database.yml": "",
        "app/components/button_component.rb": "",
        "bin/setup": ('#!/usr/bin/env ruby\n\n# puts "== Copying sample files =="\n'
                      '#   FileUtils.cp "config/database.yml.sample", "config/database.yml"\n# end\n\n'
                      "# See config/gone.yml for the options\n"),
        "docs/frontend.md": ("# Frontend\n\n- A ViewComponent class would be defined in "
                             "`app/components/password_input_component.rb`\n\n- The base is in `app/components/gone.rb`\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("bin/setup", 7), ("docs/frontend.md", 5)}


def test_a_python_docstrings_api_page_link_names_its_module(repo):
    """allennlp's docstrings link `[Predictor](../predictors/predictor.md#predictor)`, the API page
    pydoc-markdown writes of `allennlp/predictors/predictor.py` (27). A page of no module is still reported."""
    repo.commit("2024-01-10", files={
        "allennlp/predictors/predictor.py": "class Predictor:\n    pass\n",
        "allennlp/commands/predict.py": ('"""\nThe `predict` subcommand, a\n[`Predictor`](../predictors/predictor.md#predictor)'
                                         " wrapper.\n\nSee [`Gone`](../predictors/gone.md).\n\"\"\"\n"),
    })
    assert set(found(scan(repo.root), "dangling-reference")) == {("allennlp/commands/predict.py", 5)}
