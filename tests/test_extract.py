"""Extraction of TODO markers: comments per language, marker rules, tags, deadlines, paths."""
from __future__ import annotations

import subprocess
import sys

import pytest

from indexer.extract.todos import extract_todos
from indexer.extract.languages import LANGUAGES, language_for

MARKERS = ("TODO", "FIXME", "HACK", "XXX")


def found(path: str, source: str, markers: tuple[str, ...] = MARKERS) -> list[tuple[int, str]]:
    return [(todo.line, todo.marker) for todo in extract_todos(path, source.encode(), markers)]


def only_todo(path: str, source: str):
    (todo,) = extract_todos(path, source.encode(), MARKERS)
    return todo


# --------------------------------------------------------------------------- every language
# Each snippet has a real comment marker, and identifiers (todo_list, TodoItem) and string
# literals ("TODO") that must not be found.
LANGUAGE_CASES = [
    ("app/tasks.py",
     'class TodoItem:\n'
     '    status = "TODO"\n'
     '    """TODO: a docstring is not a comment"""\n'
     '\n'
     'def refresh_todo_list():  # TODO: real comment\n'
     '    return FulfilmentStatus.TODO\n',
     [(5, "TODO")]),
    ("web/app.js",
     'const todo_list = ["TODO"];\n'
     '// TODO: real comment\n'
     'export function fetchTodos() { return todo_list; }\n'
     '/* FIXME: block comment */\n',
     [(2, "TODO"), (4, "FIXME")]),
    ("web/Board.jsx",
     'const TodoItem = () => <li title="TODO">{/* HACK: jsx comment */}</li>;\n',
     [(1, "HACK")]),
    ("web/client.ts",
     'type Column = "TODO" | "DONE";\n'
     'export async function fetchTodos(): Promise<Column[]> {\n'
     '  // TODO: replace polling\n'
     '  return ["TODO"];\n'
     '}\n',
     [(3, "TODO")]),
    ("web/TaskBoard.tsx",
     'import { fetchTodos, TaskCard } from "../api/client";\n'
     'type Column = "TODO" | "DONE";\n'
     '/* HACK: poll every 5s */\n'
     'export const TaskBoard = () => <div title="TODO">{/* XXX: jsx comment */}</div>;\n',
     [(3, "HACK"), (4, "XXX")]),
    ("cmd/main.go",
     'package main\n'
     '\n'
     'var todoList = []string{"TODO"}\n'
     '\n'
     '// TODO: real comment\n'
     'func main() {}\n',
     [(5, "TODO")]),
    ("src/TodoItem.java",
     'class TodoItem {\n'
     '    String status = "TODO"; // FIXME: real comment\n'
     '    /** TODO: javadoc counts */\n'
     '    int todo_list;\n'
     '}\n',
     [(2, "FIXME"), (3, "TODO")]),
    ("src/TodoItem.cs",
     'class TodoItem {\n'
     '    string Status = "TODO";\n'
     '    /// TODO: doc comment\n'
     '    // FIXME: line comment\n'
     '}\n',
     [(3, "TODO"), (4, "FIXME")]),
    ("src/main.c",
     '#include <stdio.h>\n'
     'static const char *todo_list = "TODO";\n'
     '/* TODO: real comment */\n',
     [(3, "TODO")]),
    ("src/widget.hpp",
     'struct TodoItem { const char* s = "TODO"; };\n'
     '// XXX: real comment\n',
     [(2, "XXX")]),
    ("src/lib.rs",
     'struct TodoItem;\n'
     'fn todo_list() -> &\'static str { "TODO" }\n'
     '// TODO: real comment\n'
     'fn later() { todo!() }\n',
     [(3, "TODO")]),
    ("app/models.rb",
     'todo_list = ["TODO"]\n'
     '# TODO: real comment\n'
     '=begin\n'
     'FIXME: block comment\n'
     '=end\n',
     [(2, "TODO"), (4, "FIXME")]),
    ("public/index.php",
     '<?php\n'
     '$todo_list = ["TODO"];\n'
     '// TODO: real comment\n'
     '# FIXME: hash comment\n',
     [(3, "TODO"), (4, "FIXME")]),
    ("app/App.kt",
     'val todoList = listOf("TODO")\n'
     'fun later(): Nothing = TODO("not yet")\n'
     '// TODO: real comment\n',
     [(3, "TODO")]),
    ("scripts/deploy.sh",
     '#!/bin/bash\n'
     'todo_list="TODO"\n'
     'echo "TODO # not a comment" # TODO: real comment\n'
     'cat <<EOF\n'
     '# FIXME: heredoc text is not a comment\n'
     'EOF\n',
     [(3, "TODO")]),
    (".github/workflows/ci.yml",
     'todo:\n'
     '  markers: [TODO, FIXME]\n'
     '  note: "TODO # not a comment"\n'
     '# TODO: real comment\n'
     'jobs: {}  # FIXME: trailing comment\n',
     [(4, "TODO"), (5, "FIXME")]),
    ("tools/release/release.toml",
     'todo_list = ["TODO"]\n'
     '# TODO: real comment\n'
     'name = "x # FIXME: not a comment"\n',
     [(2, "TODO")]),
    ("services/orders/Dockerfile",
     'FROM python:3.11-slim\n'
     '# TODO: switch base image\n'
     'RUN echo "TODO" > /todo_list.txt\n',
     [(2, "TODO")]),
    ("infra/main.tf",
     'variable "todo_list" {\n'
     '  default = "TODO"\n'
     '}\n'
     '# TODO: hash comment\n'
     '// FIXME: slash comment\n'
     '/* HACK: block comment */\n',
     [(4, "TODO"), (5, "FIXME"), (6, "HACK")]),
    ("infra/storage.bicep",
     "param todo_list string = 'TODO'\n"
     "// TODO: real comment\n"
     "/* FIXME: block comment */\n",
     [(2, "TODO"), (3, "FIXME")]),
    ("db/schema.sql",
     "CREATE TABLE todo_list (status TEXT DEFAULT 'TODO');\n"
     "-- TODO: real comment\n"
     "/* FIXME: block comment */\n",
     [(2, "TODO"), (3, "FIXME")]),
    ("docs/onboarding.md",
     '# Onboarding\n'
     '\n'
     'See the todo app in the partner sandbox. TODO lists are prose, `"TODO"` is code.\n'
     '\n'
     '<!-- TODO: add screenshots -->\n'
     '\n'
     '```python\n'
     'todo_list = ["TODO"]  # FIXME: fenced code is not a comment\n'
     '```\n',
     [(5, "TODO")]),
    ("web/index.html",
     '<p>TODO list</p>\n'
     '<!-- TODO: real comment -->\n'
     '<script>\n'
     'const todo_list = "TODO"; // FIXME: script comment\n'
     '</script>\n'
     '<style>/* HACK: style comment */</style>\n',
     [(2, "TODO"), (4, "FIXME"), (6, "HACK")]),
    ("docs/index.rst",
     'Title\n'
     '=====\n'
     '\n'
     'The TODO list is prose; so is todo_list.\n'
     '\n'
     '.. TODO: real comment\n'
     '\n'
     '.. code-block:: python\n'
     '\n'
     '   x = "TODO"  # FIXME: code in a directive\n',
     [(6, "TODO")]),
    ("docs/guide.adoc",
     '= Guide\n'
     '\n'
     'The TODO list is prose.\n'
     '// TODO: real comment\n'
     '/// FIXME: three slashes are not a comment\n'
     '////\n'
     'HACK: comment block\n'
     '////\n'
     '----\n'
     'todo_list = "TODO" // XXX: listing block\n'
     '----\n',
     [(4, "TODO"), (7, "HACK")]),
    ("Makefile",
     'todo_list := TODO\n'
     '# TODO: real comment\n'
     'all:\n'
     '\t@echo "TODO" # FIXME: recipe comment\n',
     [(2, "TODO"), (4, "FIXME")]),
    ("proto/api.proto",
     'syntax = "proto3";\n'
     'message TodoItem {\n'
     '  string todo_list = 1; // TODO: real comment\n'
     '  string note = 2 [json_name = "TODO // not a comment"];\n'
     '  /* FIXME: block comment */\n'
     '}\n',
     [(3, "TODO"), (5, "FIXME")]),
    ("docs/mixin/rules.libsonnet",
     '{\n'
     '  todo_list: "TODO // not a comment",\n'
     '  // TODO: real comment\n'
     '  /* FIXME! block comment */\n'
     '}\n',
     [(3, "TODO"), (4, "FIXME")]),
    ("web/site.css",
     '.todo-list::after { content: "TODO /* not a comment */"; }\n'
     '/* TODO: real comment */\n',
     [(2, "TODO")]),
]


@pytest.mark.parametrize(("path", "source", "expected"), LANGUAGE_CASES,
                         ids=[case[0] for case in LANGUAGE_CASES])
def test_markers_in_comments_only(path: str, source: str, expected: list[tuple[int, str]]) -> None:
    assert found(path, source) == expected


def test_every_language_in_the_table_has_a_case() -> None:
    by_file = {lang.name for lang in LANGUAGES if lang.extensions or lang.filenames}
    covered = {language_for(path).name for path, _, _ in LANGUAGE_CASES}
    assert covered == by_file


# --------------------------------------------------------------------------- marker rules
@pytest.mark.parametrize("comment", [
    "# TODO: x", "#TODO: x", "# TODO(alice): x", "# TODO x", "# TODO", "# - TODO: x",
    "# * TODO: x", "# we should TODO: x", "# TODO\tx", "# TODO? maybe", "# TODO! now", "# TODO- x",
    "# TODO. Later", "# a hack TODO! fix",
    "# @TODO: x",  # (a marker written as a tag: traefik's `// @FIXME skeleton not correctly displayed`)
])
def test_marker_found(comment: str) -> None:
    assert found("a.py", comment + "\n") == [(1, "TODO")]


@pytest.mark.parametrize("comment", [
    "# TODOS: x", "# my_TODO: x", "# FulfilmentStatus.TODO is the default", '# "TODO" is a status',
    "# todo: lower case", "# TodoItem holds one", "# TODO, maybe", "# see fetchTODO()",
    "# docs/TODO.md", "# see TODO.md", "# TODO-list", "# support for TODO format",
    "# Android doesn't support TODO because it is old",
])
def test_marker_not_found(comment: str) -> None:
    assert found("a.py", comment + "\n") == []


def test_one_todo_per_line_with_the_first_marker() -> None:
    assert found("a.py", "# TODO: fix this FIXME: later\n") == [(1, "TODO")]


def test_custom_markers_are_matched_in_upper_case() -> None:
    source = "# NOTE: one\n# REVIEW: two\n# TODO: not configured\n# review: lower case\n"
    assert found("a.py", source, ("NOTE", "review")) == [(1, "NOTE"), (2, "REVIEW")]


def test_block_comment_reports_each_marker_at_its_own_line() -> None:
    source = ("int x;\n"
              "/*\n"
              " * Intro line.\n"
              " * TODO: second\n"
              " *   continued\n"
              " * FIXME: fourth */\n")
    todos = extract_todos("a.c", source.encode(), MARKERS)
    assert [(t.line, t.marker, t.text) for t in todos] == [
        (4, "TODO", "TODO: second"), (6, "FIXME", "FIXME: fourth")]


def test_multi_line_html_comment_text_is_one_line() -> None:
    todo = only_todo("index.html", "<html>\n<!-- TODO: self-host the font\n     later -->\n")
    assert (todo.line, todo.text) == (2, "TODO: self-host the font")


def test_text_drops_the_comment_closer() -> None:
    assert only_todo("a.md", "<!-- TODO: add screenshots -->\n").text == "TODO: add screenshots"
    assert only_todo("a.ts", "/* HACK: poll every 5s */\n").text == "HACK: poll every 5s"


# --------------------------------------------------------------------------- Markdown, YAML, Docker
def test_markdown_only_html_comments_count() -> None:
    source = ("# Notes\n"
              "\n"
              "see the todo app; TODO: prose is not a comment.\n"
              "Inline <!-- FIXME: inline comment --> and `<!-- HACK: code span -->`.\n"
              "\n"
              "```sh\n"
              "# TODO: fenced code\n"
              "<!-- TODO: fenced html -->\n"
              "```\n"
              "\n"
              "<!--\n"
              "XXX: multi-line comment\n"
              "-->\n")
    assert found("docs/notes.md", source) == [(4, "FIXME"), (12, "XXX")]


def test_yaml_comment_versus_key_and_value() -> None:
    source = ("scan:\n"
              "  todo:\n"
              "    markers: [TODO, FIXME]\n"
              "    # TODO: real comment\n"
              "    stale_after: 365d  # FIXME: trailing\n"
              "    text: |\n"
              "      # HACK: inside a block scalar\n")
    assert found(".orgmemory.yaml", source) == [(4, "TODO"), (5, "FIXME")]


def test_templated_yaml_falls_back_to_the_line_lexer() -> None:
    source = ("metadata:\n"
              "  name: {{ .Release.Name }}-cfg  # TODO: one\n"
              "{{- if .Values.enabled }}\n"
              "# FIXME: two\n"
              "data:\n"
              "  note: \"x # HACK: quoted\"\n"
              "  script: |\n"
              "    # XXX: block scalar\n"
              "{{- end }}\n")
    assert found("charts/app/templates/cm.yaml", source) == [(2, "TODO"), (4, "FIXME")]


def test_dockerfile_comment() -> None:
    source = ('FROM python:3.11\n'
              '# TODO: switch to an Azure Linux base image\n'
              'RUN echo "TODO" \\\n'
              '  # FIXME: comment inside a continuation\n'
              '  && true\n')
    assert found("Dockerfile.prod", source) == [(2, "TODO"), (4, "FIXME")]


def test_makefile_recipe_comment_does_not_swallow_the_next_line() -> None:
    source = "all:\n\techo a # TODO: one\n\techo HACK: not a comment\n\t# FIXME: two\n"
    assert found("build.mk", source) == [(2, "TODO"), (4, "FIXME")]


# --------------------------------------------------------------------------- author, deadline
@pytest.mark.parametrize(("comment", "author", "deadline"), [
    ("# TODO(alice): x", "alice", None),
    ("# TODO(@alice): x", "alice", None),
    ("# TODO(alice, 2023-06): x", "alice", "2023-06"),
    ("# FIXME(2024-06-30): drop the retry shim", None, "2024-06-30"),
    ("# XXX: pinned to az CLI 2.40; remove by 2024-01", None, "2024-01"),
    ("# TODO: drop before 2025-02-28 please", None, "2025-02-28"),
    ("# TODO: keep until 2025-03", None, "2025-03"),
    ("# TODO: revisit after 2026-01-15", None, "2026-01-15"),
    ("# TODO(JIRA-123): ticket, not an author", None, None),
    ("# TODO: ship by 2024-13", None, None),
    ("# TODO: released 2024-01-05, no deadline word", None, None),
])
def test_author_tag_and_deadline(comment: str, author: str | None, deadline: str | None) -> None:
    todo = only_todo("a.py", comment + "\n")
    assert (todo.author_tag, todo.deadline) == (author, deadline)


# --------------------------------------------------------------------------- named paths
@pytest.mark.parametrize(("comment", "paths"), [
    ("# TODO: delete this adapter once scripts/backfill_skus.py is retired",
     ("scripts/backfill_skus.py",)),
    ("# TODO: fold the helpers from `web/src/utils/dates.ts` into this module",
     ("web/src/utils/dates.ts",)),
    ("# TODO: remove once everyone uses tools/release", ("tools/release",)),
    ("# TODO: migrate off legacy deploy, use deploy/v2.", ("deploy/v2",)),
    ("# TODO: see ./docs/runbooks/staging.md:12 and (.github/workflows/ci.yml)",
     ("docs/runbooks/staging.md", ".github/workflows/ci.yml")),
    ("# TODO: read/write and/or CI/CD, copy/paste, text/html", ()),
    ("# TODO: https://example.com/a/b.py and github.com/org/repo", ()),
    ("# TODO: on 2023/06/01, not ~/notes/x.md nor /etc/app/conf.yaml", ()),
    ("# TODO: path/to/file.py, $ROOT/bin/run.sh, src/**/*.py, {{dir}}/x.py", ()),
])
def test_named_paths(comment: str, paths: tuple[str, ...]) -> None:
    assert only_todo("a.py", comment + "\n").paths == paths


# --------------------------------------------------------------------------- prefilter, unknown
def test_prefilter_skips_files_without_a_marker() -> None:
    """No marker bytes, no parsing: tree-sitter is never even imported."""
    code = ("import sys\n"
            "from indexer.extract.todos import extract_todos\n"
            "data = b'todo_list = []  # lower-case todo only\\n'\n"
            "assert extract_todos('a.py', data, ('TODO', 'FIXME')) == []\n"
            "assert 'tree_sitter' not in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_unknown_language_returns_nothing() -> None:
    assert extract_todos("notes.txt", b"# TODO: not a known language\n", MARKERS) == []
    assert extract_todos("bin/tool", b"# TODO: no extension, no shebang\n", MARKERS) == []


def test_todo_fields() -> None:
    todo = only_todo("services/x.py", "x = 1\n# TODO(alice, 2023-06): see tools/release\n")
    assert todo.to_json() == {
        "path": "services/x.py", "line": 2, "marker": "TODO",
        "text": "TODO(alice, 2023-06): see tools/release", "author_tag": "alice",
        "deadline": "2023-06", "paths": ["tools/release"],
    }


# --------------------------------------------------------------------------- language table
@pytest.mark.parametrize(("path", "first_line", "name"), [
    ("Dockerfile", b"", "dockerfile"),
    ("services/api/Dockerfile.dev", b"", "dockerfile"),
    ("build/api.dockerfile", b"", "dockerfile"),
    ("Containerfile", b"", "dockerfile"),
    ("GNUmakefile", b"", "makefile"),
    ("rules.mk", b"", "makefile"),
    ("release-tools/build.make", b"", "makefile"),
    ("debug.Makefile", b"", "makefile"),
    ("include/widget.h", b"", "cpp"),
    ("lib/util.cjs", b"", "javascript"),
    ("lib/util.mts", b"", "typescript"),
    ("build.gradle.kts", b"", "kotlin"),
    ("infra/prod.tfvars", b"", "hcl"),
    ("deploy/v2/prod.bicepparam", b"", "bicep"),
    ("README.markdown", b"", "markdown"),
    ("docs/guide.asciidoc", b"", "asciidoc"),
    ("bin/release", b"#!/bin/sh", "bash"),
    ("bin/release", b"#!/usr/bin/env bash", "bash"),
    ("bin/tool", b"#!/usr/bin/env python3", "python"),
])
def test_language_for(path: str, first_line: bytes, name: str) -> None:
    language = language_for(path, first_line)
    assert language is not None and language.name == name


@pytest.mark.parametrize(("path", "first_line"), [
    ("notes.txt", b""), ("bin/tool", b""), ("run.txt", b"#!/bin/bash"),
    ("bin/x", b"#!/usr/bin/perl"),
])
def test_language_for_unknown(path: str, first_line: bytes) -> None:
    assert language_for(path, first_line) is None


def test_language_table_does_not_import_tree_sitter() -> None:
    code = "import sys, indexer.extract.languages; assert 'tree_sitter' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_old_grammar_wheels_raise_no_deprecation_warning() -> None:
    code = ("from indexer.extract.todos import extract_todos\n"
            "assert extract_todos('Dockerfile', b'# TODO: x\\n', ('TODO',))\n")
    subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code], check=True)


GO_AND_JAVA_TRAPS = [
    # (path, source): where a `//`, `/*` or a marker sits in a literal, and where a file does not
    # lex cleanly (its comments then come from the grammar)
    ("cmd/raw.go",
     'package main\n'
     'var usage = `run it // TODO: not a comment\n'
     '/* FIXME: nor this */`\n'
     'var r, q = \'"\', "\\" // XXX: in a string"\n'
     '/* HACK: a block\n'
     '   TODO: over lines */ var x = 1 // FIXME: after code\n'
     'var s = "a/*b" // TODO: after a string holding an opener\n'),
    ("cmd/open.go",  # an unterminated block comment: the grammar decides
     'package main\n'
     '// TODO: first\n'
     'var s = "x"\n'
     '/* FIXME: never closed\n'),
    ("cmd/bom.go", '\ufeffpackage main\n// TODO: after a byte-order mark\n'),
    ("src/Blocks.java",
     'class Blocks {\n'
     '    String a = "/* TODO: not a comment */"; // FIXME: a comment\n'
     '    char q = \'"\'; /* XXX: block */ char b = \'\\\'\';\n'
     '    String t = """\n'
     '        // TODO: inside a text block\n'
     '        """; // HACK: after it\n'
     '}\n'),
    ("src/Escapes.java",
     'class Escapes {\n'
     '    // TODO: before a unicode escape\n'
     '    String s = "\\u0041"; // FIXME: after it\n'
     '}\n'),
]

PYTHON_TRAPS = [
    # (path, source, whether the scanner reads it): a `#` or a marker in every kind of literal
    ("pkg/quotes.py",
     'def f():\n'
     '    """A docstring.\n'
     '    # TODO: inside it, not a comment\n'
     '    "quoted" and \\""" still open\n'
     '    """\n'
     "    a = '# FIXME: in a string'  # XXX: after it\n"
     '    b = r"\\"# HACK: raw, still a string"  # TODO: a comment\n'
     "    c = \'\'\'one # FIXME: line\'\'\' + \"\"  # HACK: after an empty string\n"
     '    d = "continued \\\n# XXX: on the next line"\n'
     '    e = f"{a!r:>{10}} {{# TODO: doubled braces}}"  # FIXME: after an f-string\n'
     '    return b"#" + u\'#\'  # TODO: bytes and unicode\n', True),
    ("pkg/nested.py",  # Python 3.12: a replacement field holds the string's own quote
     'x = f"{d["#"]}"  # TODO: after it\n'
     '# FIXME: last\n', False),
    ("pkg/open.py",  # an unterminated docstring: the grammar decides
     '# TODO: first\n'
     '"""never closed\n'
     '# FIXME: inside\n', False),
    ("pkg/bom.py", '\ufeff# TODO: after a byte-order mark\n', False),
]


@pytest.mark.parametrize("path,source", GO_AND_JAVA_TRAPS + [trap[:2] for trap in PYTHON_TRAPS])
def test_go_java_and_python_comments_are_the_grammars(path, source):
    """Go, Java and Python files are read by a scanner first and by the grammar when they do
    not lex cleanly: either way, the comments (and so the TODOs) are the grammar's."""
    from indexer.extract import comments as reading

    language = language_for(path, b"")
    data = source.encode()
    scanned = list(reading.comments(language, data))
    parsed = sorted(reading._tree_comments(language, data, reading._parse(language, data)),
                    key=lambda comment: comment.start_line)
    assert scanned == parsed
    assert found(path, source) == [(c.start_line + i, m) for c in parsed for i, line in enumerate(c.lines)
                                   for m in MARKERS if line.lstrip(" */").startswith(m)]


@pytest.mark.parametrize("path,source,scanned", PYTHON_TRAPS)
def test_python_files_that_lex_cleanly_are_not_parsed(path, source, scanned):
    from indexer.extract import comments as reading

    assert (reading._python_comments(source.encode(), None) is not None) == scanned


def test_python_traps_find_the_comments_a_reader_sees():
    assert found("pkg/quotes.py", PYTHON_TRAPS[0][1]) == [(6, "XXX"), (7, "TODO"), (8, "HACK"), (11, "FIXME"),
                                                         (12, "TODO")]


def test_go_traps_find_the_comments_a_reader_sees():
    assert found("cmd/raw.go", GO_AND_JAVA_TRAPS[0][1]) == [(5, "HACK"), (6, "TODO"), (6, "FIXME"), (7, "TODO")]


@pytest.mark.parametrize("data", [
    b"TODO: first bytes", b"x = 1  # TODO fix", b"TODOS are words", b"my_TODO = 1", b"'TODO' in a string",
    b"=begin\nTODO: ruby\n=end", b"x=beginTODO", b"@TODO", b"TODO_LIST\n# TODO", b"todo: lower case",
    b"FIXMEs and XXXL and HACKING\n// HACK: late", b"XXXXXX XXX:", b"\\TODO", b"$XXX", b"",
    b"a" * 5000 + b"\n# FIXME(ana): deep in a large file",
])
def test_the_marker_prefilter_answers_as_a_search_of_the_whole_file(data):
    """`_holds_marker` tries the shape only where a marker's bytes occur; it must say what a
    search from the first byte says, the shape's lookbehinds (a quote, `$`, `=begin`) included."""
    from indexer.extract.todos import _holds_marker, _marker_search

    needles, _pattern, shape = _marker_search(("TODO", "FIXME", "XXX", "HACK"))
    assert _holds_marker(data, needles, shape) == (shape.search(data) is not None)


@pytest.mark.parametrize("path", ["CHANGELOG.md", "docs/en/docs/release-notes.md", "docs/adr/0007-tools.md",
                                  "doc/build/changelog/changelog_14.rst", "docs/deprecations.md",
                                  "change_logs/release_v0.30.0.md", "designs/simplified-scaffolding.md",
                                  "www/content/blog/goreleaser-v2.4.md", "site/_posts/2019-01-01-hello.md",
                                  "docs/content/2010-news.md", "docs/upgrading/v0.1.0-migration-guide.md",
                                  "design/Implemented/hooks.md", "docs/proposal/002-ipv6.md",
                                  "site/content/docs/v1.18/tools.md", "website/versioned_docs/version-2.1/tools.md",
                                  "BFG_HISTORY.rst", ".features/released/v4.1.0/pr-readiness-helper.md",
                                  "docs/changelog_pre.rst", "docs/changelog_1_5.rst", "docs/whatsnew_1_4.rst",
                                  "site/content/posts/2019-05-15-certifying.md", "content/en/posts/hello.md",
                                  "sep/sep-019.rst", "kep/119-topology-aware-scheduling/README.md",
                                  "docs/en/swip/SWIP-11.md", "java/demo/vtis/svn_log.txt"])
def test_a_historical_document_gives_no_deprecation_signals(path):
    """Legacy detection never reads a historical document's signals (its "replaced by" is
    history), so none are extracted: fastapi's 703 KB release notes took 27 ms."""
    from indexer.extract.deprecation import extract_deprecations

    data = b"# Changes\n\n`oldtool` has been replaced by `newtool`.\n"
    assert extract_deprecations("docs/tools.md", data) and extract_deprecations(path, data) == []


def test_a_posts_folder_outside_a_sites_content_is_no_blog():
    """Hugo's `content/posts/` is a blog; an application's `posts/` module documents current code."""
    from indexer.extract.deprecation import HISTORICAL

    assert HISTORICAL.search("site/content/posts/2019-05-15-x.md")
    assert not HISTORICAL.search("app/posts/README.md") and not HISTORICAL.search("content/en/guides/posts.md")


@pytest.mark.parametrize("path", ["docs/doc-changes.md", "docs/release-process.md", "tools/old_history.md",
                                  "doc/development/changelog-entries.rst", "docs/git-log.md"])
def test_a_document_on_changes_or_releases_is_no_history(path):
    """argo-workflows' `docs/doc-changes.md` is on how to change the docs, pyinstaller's
    `changelog-entries.rst` on writing them: only a capital word before a history's name
    (`BFG_HISTORY.rst`), or a version or "pre" after it (`changelog_pre.rst`), makes one."""
    from indexer.extract.deprecation import extract_deprecations

    assert extract_deprecations(path, b"# Changes\n\n`oldtool` has been replaced by `newtool`.\n")


def test_a_program_says_it_is_deprecated_of_itself_not_of_the_chart_it_reads():
    """node_exporter's collectors warn "This collector is deprecated" of themselves; helm's install
    command warns "this chart is deprecated" of the chart it installs. A chart's own values file
    still speaks of its chart in a comment; a data file's value speaks of something else (odo's
    linter configuration: "This package is deprecated since Go 1.13", of `pkg/errors`)."""
    from indexer.extract.deprecation import extract_deprecations

    collector = b"package collector\n\n" + b'\tlogger.Warn("This collector is deprecated and will be removed.")\n'
    helm = b"package cmd\n\n" + b'\tslog.Warn("this chart is deprecated")\n'
    values = b"# This chart is deprecated: use charts/new.\nreplicas: 1\n"
    assert [(s.line, s.kind) for s in extract_deprecations("collector/ntp.go", collector)] == [(3, "self-deprecated")]
    assert extract_deprecations("pkg/cmd/install.go", helm) == []
    used_by = b'notes:\n  - The C(apt-key) command used by this module has been deprecated.\n'
    assert extract_deprecations("lib/ansible/modules/apt_key.py", used_by) == []  # (said of the command)
    quoted = b'help: |\n  a collector that warns "This collector is deprecated" is legacy\n'
    commented = b'x = 1\n# sympy\'s "this module is deprecated" is said of it\ny = 2  # "this module is deprecated" too\n'
    assert extract_deprecations("rules/legacy-path.yaml", quoted) == []  # (a quotation, in prose)
    assert extract_deprecations("indexer/extract/notes.py", commented) == []  # (and in a comment)
    assert [(s.line, s.kind) for s in extract_deprecations("charts/old/values.yaml", values)] == [(1, "self-deprecated")]
    depguard = (b"packages-with-error-message:\n  - github.com/pkg/errors: >\n"
                b"      This package is deprecated since Go 1.13. Use the errors package.\n")
    assert extract_deprecations(".golangci.yaml", depguard) == []  # (odo's: a value says it of pkg/errors)
    # a test's string is data under test (operator-lifecycle-manager's package server fixtures)
    fixture = b'package provider\n\nvar pkg = Package{\n\tDeprecation: &api.Deprecation{Message: "This package is deprecated"},\n}\n'
    assert extract_deprecations("pkg/package-server/provider/registry_test.go", fixture) == []
    assert [(s.line, s.kind) for s in extract_deprecations("pkg/package-server/provider/registry.go", fixture)] \
        == [(4, "self-deprecated")]
    # a message under a test of deprecation speaks of what was tested (Nuitka's plugin loader: 15)
    loader = (b"def load(plugin_class):\n    if plugin_class.isRelevant():\n        activate(plugin_class)\n"
              b"    elif plugin_class.isDeprecated():\n        plugin_class.warning(\n"
              b'            "This plugin has been deprecated, do not enable it anymore."\n        )\n')
    assert extract_deprecations("nuitka/plugins/Plugins.py", loader) == []


def test_prose_signals_are_read_in_docs_that_never_say_deprecated():
    """A doc without the word "deprecated" is read only for its "`X` replaced by `Y`" lines;
    one with it still has its "Deprecated" heading's list and its status cells read."""
    from indexer.extract.deprecation import Signal, extract_deprecations

    plain = (b"# Tools\n\n## Legacy\n\n- `oldtool`\n\n`oldtool` has been replaced by `newtool`.\n"
             b"| `old-chart` | retired |\n`newer` supersedes `older`\n")
    assert extract_deprecations("docs/tools.md", plain) == [
        Signal(7, "prose", "oldtool", "newtool", "`oldtool` has been replaced by `newtool`."),
        Signal(9, "prose", "older", "newer", "`newer` supersedes `older`")]
    listed = plain.replace(b"## Legacy", b"## Deprecated").replace(b"retired", b"Deprecated")
    assert [(s.line, s.kind, s.subject) for s in extract_deprecations("docs/tools.md", listed)] == [
        (5, "listed-deprecated", "oldtool"), (7, "prose", "oldtool"), (8, "listed-deprecated", "old-chart"),
        (9, "prose", "older")]
