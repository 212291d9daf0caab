"""Issue 16: the extractors never raise and never hang, whatever text a tracked file holds.

Hypothesis feeds text built from the pieces the readers look for (comment delimiters, markers,
brackets, backticks, paths) to the extraction of one blob (`indexer.scan.collect._entry`: TODOs,
references, suppressions, definitions) for every supported kind of file. Bounded: a few
examples per kind, well under 20 s in all. Then the worst adversarial lines found by hand.
"""
from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from indexer.scan.collect import MAX_LINE_BYTES, _entry, classify, without_long_lines

from tests._integrations import orgmemory_command

MARKERS = ("TODO", "FIXME")
NAMES = ("a.py", "a.js", "a.ts", "a.tsx", "a.go", "A.java", "a.cs", "a.c", "a.h", "a.rs", "a.rb",
         "a.php", "a.kt", "a.sh", "a.yml", "a.toml", "Dockerfile", "a.tf", "a.bicep", "a.sql", "a.md",
         "a.html", "a.rst", "Makefile", "a.proto", "a.adoc", "a.css", "package.json", "tsconfig.json",
         "a.json", "a.ini", "setup.cfg", "a.txt", "README", "script", "conf.py", "go.mod", "hugo.toml")
PIECES = ("# ", "// ", "/*", "*/", "<!--", "-->", '"""', "'''", "TODO", "TODO(", "FIXME:", "(by 2024-01)",
          "2023-13-45", "docs/", "../", "/etc/passwd", "[x](", ")", "](", "`", "```", "\n", "\r\n", "\t",
          "    ", ".. ", ":doc:`", "include::", "<<", ">>", "${", "$(", "{", "}", "[", "]", '"', "'", "\\",
          "orgmemory: ignore[", "npm run ", "make ", ".PHONY", "COPY ", "FROM ", "RUN ", '"scripts": {', '":', "=",
          ":", "- ", "#!/bin/sh\n", "run: |\n", "permalink: /", "---\n", "module x\n", "\ufeff", "\u2028", "é",
          "//go:generate ", "git clone ", "cd ", "=$(mktemp -d)", "$(RM) ", "yarn --cwd ", "-o ", "e.g. ",
          "[[module.imports.mounts]]\n", "source = ", "uses: actions/upload-artifact@v4\n", "path: ",
          '"devDependencies": {', '"bin": ', "[[module.mounts]]\n", "target = ", "# Source: ", "cd ..",
          "Save the following as ", "fileExists(")
TEXT = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=12)), max_size=40).map("".join)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40, deadline=2000, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT)
def test_random_text_never_raises(name, text):
    data = text.encode("utf-8")
    if classify(data) is None:
        entry = _entry(name, data, None, MARKERS)
        assert isinstance(entry, dict)


def _line(unit: str, length: int = 100_000) -> str:
    return (unit * (length // len(unit) + 1))[:length]


# The worst cases found (before the bound, per 10,000-character line): tree-sitter's rst scanner
# 9 s, the Markdown link and code-span patterns ~1 s, AsciiDoc `<<` 0.4 s, make's rule pattern;
# all grow with the square of the line, and package.json's and a Dockerfile's `[[[[` raised
# RecursionError.
ADVERSARIAL = [("a.rst", "# TODO " + _line("a:")), ("a.rst", "# TODO " + _line("${")),
               ("a.md", "# TODO " + _line("`")), ("a.md", "[x](" + _line("[a](")),
               ("a.adoc", _line("<")), ("Makefile", "[x](" + _line(" ")), ("a.ts", "# TODO " + _line("![")),
               ("package.json", _line("[", 200_000)), ("package.json", "[\n" * 100_000),
               ("tsconfig.json", "[\n" * 100_000),
               # a Dockerfile's exec form nested deeper than Python's stack, within the line bound
               ("Dockerfile", "COPY " + "[" * 2000 + "]" * 2000 + " /x"),
               ("Dockerfile", "ENTRYPOINT " + "[" * 2000 + "]" * 2000),
               # a make variable named like the special target (descheduler's vendored misspell)
               ("Makefile", ".PHONY=help\n.PHONY: ci\n.PHONY"),
               ("a.py", "# TODO " + _line("(")), ("a.sh", "# " + _line("$(")), ("a.yml", "run: " + _line("'")),
               # many short lines: a pattern that may run over line ends, a scan from each line
               ("a.rb", "x = 'a/b.rb'\n" + "\n" * 200_000), ("a.rs", "// docs/a.md\n" + "#[cfg(test)]\n" * 30_000),
               # session 34's readers: go:generate commands, Hugo mounts, a document's shell blocks that
               # create names (each line's are kept for the rest), an upload step's path block
               ("a.go", "//go:generate " + _line("$(")), ("a.go", "//go:generate git clone a b\n" * 50_000),
               ("a.toml", "[" + _line("[module.")), ("a.toml", "[[module.imports.mounts]]\nsource = 'a/b'\n" * 30_000),
               ("a.md", "```sh\n" + "".join(f"curl -o d{i}/f\ncat d{i}/f/x\n" for i in range(30_000)) + "```\n"),
               ("a.yml", "- uses: actions/upload-artifact@v4\n  with:\n    path: |\n" + "      a/b\n" * 100_000),
               ("a.sh", "R=$(mktemp -d)\ngit clone u \"$R\"\n" + "cd \"$R\"\ncat a/b\n" * 50_000),
               # session 35's: a document that clones and leaves 30,000 repositories, a code span of
               # `cd`s, a Hugo configuration of 30,000 mounts, a YAML line of Helm source headers
               ("a.md", "```sh\n" + "".join(f"git clone https://h/o/r{i}\ncd r{i}\nmake x\ncd ..\n"
                                            for i in range(30_000)) + "```\n"),
               ("a.md", "`git clone u r && cd " + _line("r && cd ") + "`"),
               ("hugo.toml", "[[module.mounts]]\nsource = 'a'\ntarget = 'content/a'\n" * 30_000),
               ("a.yml", "# Source: " + _line("a/templates/")),
               # session 37's: a script that writes names with many variables in them before naming
               # long paths like them
               ("a.sh", 'cp a "d/' + "${v}x" * 40 + '.L"\n' * 64 + ("diff d/" + "x" * 4000 + ".L y\n") * 2_000),
               # a YAML file of commented-out keys and entries below them
               ("a.yml", "# k:\n#   - a/b\n#     # c\n" * 50_000),
               # session 38's: commented-out imports with long runs before `from`, nested Gradle blocks
               ("a.js", ("// import " + "a " * 120 + "from './x/y.js'\n") * 20_000),
               ("build.gradle", "subprojects {\n" * 30_000 + "file('a/b.c')\n" + "}\n" * 30_000),
               # session 39's: a Next.js configuration of redirects, a changelog-like RELEASE.md of
               # headings that almost name versions, an opening that almost says it is history, grep
               # lines of options, a webpack banner's run
               ("next.config.js", "source: '/" + _line("a", 3_000) + "\n" + "{ source: '/a', }\n" * 50_000),
               ("RELEASE.md", "# Release 1\n" * 100_000 + "1.2" + _line("x") + "\n"),
               ("a.md", "this file is " * 300 + "preserved as " * 300),
               ("a.sh", ("grep -A -B -C " * 200 + "-e\n") * 5_000),
               ("a.js", "/******/ " + _line(" ") + "// webpackBootstrap"),
               # a Mintlify configuration nested past Python's stack, and one of many redirects
               ("docs.json", '{"$schema": "https://mintlify.com/docs.json", "redirects":\n' + "[\n" * 100_000),
               ("mint.json", '{"redirects": [' + '{"source": "/a"},' * 50_000 + '{"source": "/b"}]}'),
               # session 40's: an opening of status lines that almost say a proposal's, front matter
               # that never closes before a title, a title of spaces and parentheses
               ("a.md", "| status " * 300 + "|\n" + ("> status :  " + " " * 30 + "\n") * 200),
               ("a.md", "---\n" + "k: v\n" * 100_000 + "# Plan: x\n"),
               ("a.rst", "x" + " proposal " * 300 + "(" * 3_000 + "\n====\n"),
               # a line of calls that almost write a file, each before a path
               ("a.go", ('x(GenWrite' * 200 + 'File("a/b.c") ') * 3 + "\n" + 'os.Create("d/e.f")\n' * 50_000),
               # session 41's: a README that almost says OpenAPI Generator wrote it, front matter of
               # blank lines and `repo =` lines, pytest ids, keys before `owner/name`, Rust tests'
               # braces with tests between them
               ("README.md", "generated by the [" * 50_000 + "OpenAPI Generator](\n"),
               ("a.md", "\n" * 9 + "+++\n" + "repo = https\n" * 100_000 + "+++\n[x](a/b.md)\n"),
               ("a.md", "```shell\n" + ("a/" * 2_000 + "x.py::t PASSED\n") * 500 + "```\n"),
               ("a.rb", ("repo: " * 500 + '"a/b"\n') * 40 + "fastlane/fastlane#1 " * 5_000 + "\n"),
               ("a.rs", "#[cfg(test)]\nmod tests {\n" + "    #[test]\n}\n" * 20_000),
               # session 42's: block comment openers in strings and line comments, each before a
               # path (each word looks back for the opener that opens a comment), and a line of them
               ("a.ts", "x('/*'); y('a/b.c') // /* c\n" * 50_000),
               ("a.ts", "/*" + _line("'/*' ") + "\n" + "x('a/b.c')\n" * 50_000),
               # session 43's: a Sphinx configuration of page names and dotted runs, a table of
               # parameters that says deprecated on every row, an opening that almost says it is a
               # transcript, joins to build folders, `git mv`s and a doc-builder toctree
               ("conf.py", _line("a.") + "\n" + "x.rst " * 100_000), ("conf.py", "# " + _line("a-b.") + "\n"),
               ("a.md", "| Parameter | Status |\n|---|---|\n" + "| `a/b` | Deprecated |\n" * 50_000),
               ("a.md", "this is a " * 300 + "this chat " * 300),
               ("a.ts", ("resolve(" + "dist." * 200 + "x, 'a/b.c') ") * 10 + "\n" + "join(build, 'a/b.c')\n" * 50_000),
               ("a.sh", "git mv a/b c/d\n" * 50_000), ("_toctree.yml", "- local: a/b\n  title: x\n" * 50_000),
               # session 44's: an opening of almost-pinned sources, scaffolds with many arguments
               ("a.md", ("source " * 9 + "0" * 39 + " upstream ") * 400),
               ("a.sh", "npm init x " + "a/b " * 100_000 + "\n" + "npx degit a/b c\n" * 50_000),
               # session 45's: a conditional's run of blanked paths, links with many locations,
               # components, top-level Rust tests without their closing brace
               ("a.md", ("If " + "`a/b`, " * 500 + "or `c/d` exists.\n") * 500 + ("If , , or" + " " * 3000 + "\n") * 500),
               ("a.md", ("[x](a/b.ts" + ":1" * 2000 + ")\n") * 500 + ('<Image src="a/b.png" ' * 200 + "\n") * 500),
               ("a.rs", "#[test]\nfn a() {\n" + '    x("a/b.rs");\n' * 50_000)]


@pytest.mark.parametrize("name,text", ADVERSARIAL, ids=[f"{n}-{t[:8]!r}" for n, t in ADVERSARIAL])
def test_adversarial_long_lines_are_bounded(name, text):
    entry = _entry(name, (text + "\n# TODO: after\n").encode(), None, MARKERS)
    assert isinstance(entry, dict)


def test_long_lines_are_emptied_and_line_numbers_kept():
    short = b"# TODO: keep\n"
    data = short + b"x" * (MAX_LINE_BYTES + 1) + b"\n" + short
    assert without_long_lines(data) == short + b"\n" + short
    assert without_long_lines(short * 3) == short * 3
    todos = _entry("a.py", data, None, MARKERS)["todos"]
    assert [row[0] for row in todos] == [1, 3]


def test_runs_of_spaces_in_a_suppression_or_a_sentence_cost_a_pass_each(repo, tmp_path):
    """Two patterns backtracked over runs of spaces, within the line bound: a suppression's reason
    (`# orgmemory: ignore[x] -- a`, 4,000 spaces, `x`: 100 s a line, growing with the cube) and
    a sentence's "creates" before spaces (1 s per 5,000, with the square, on each sentence of up
    to six lines). A repository of such lines held a scan for hours; it now takes a second."""
    suppression = "# orgmemory: ignore[stale-todo] -- a" + " " * 4000 + "x\n"
    sentence = "It creates" + " " * 4000 + "docs/x.md\n"
    repo.commit("2024-01-10", files={"a.py": suppression * 20 + "x = 1\n", "docs/a.md": sentence * 30})
    proc = subprocess.run([*orgmemory_command(), "scan", str(repo.root), "--now", "2026-01-01", "--format", "json",
                           "--cache-dir", str(tmp_path / "cache")], capture_output=True, text=True, timeout=60)
    assert proc.returncode in (0, 1), proc.stderr


def test_a_script_that_writes_many_variables_paths_costs_a_pass_each(repo, tmp_path):
    """A path a script gives a variable is no claim once a command writes through it (`X=a/b`, `cp
    y $X`): each such write took a pass over every reference read so far, so a script of 60,000
    assignments, then 60,000 writes, held a scan for minutes, with the square of its length. A
    script's first 64 writes are read so; it now takes seconds."""
    script = "".join(f"X{i}=a/b{i}\n" for i in range(60_000)) + "".join(f"cp y $X{i}\n" for i in range(60_000))
    repo.commit("2024-01-10", files={"hack/a.sh": script})
    proc = subprocess.run([*orgmemory_command(), "scan", str(repo.root), "--now", "2026-01-01", "--format", "json",
                           "--cache-dir", str(tmp_path / "cache")], capture_output=True, text=True, timeout=60)
    assert proc.returncode in (0, 1), proc.stderr


def test_a_file_its_grammar_is_too_slow_on_is_skipped_and_counted(repo, tmp_path):
    """tree-sitter's Ruby grammar reads `repo: repo: ...` at 6-8 s a megabyte, a hundred times its
    pace on real code: a file of it would hold a scan for seconds, and a pull request of many for
    minutes. Its parse stops at its budget; the file is skipped and counted, the others read.
    (960 KB: a parse of 5.8 s against a budget of 2.4 s, so a machine twice as fast still runs past
    it; at 120 KB the two were 0.72 s and 0.74 s on a fast machine, and the test failed there.)"""
    repo.commit("2025-01-10", files={"slow.rb": ("repo: " * 500 + '"a/b"\n') * 320 + "# TODO: x\n",
                                     "fine.rb": "x = 1  # TODO: later\n"})
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "indexer", "scan", ".", "--now", "2026-11-01", "--format", "json",
                             "--fail-on", "never", "--cache-dir", str(tmp_path / "cache")],
                            cwd=repo.root, capture_output=True, text=True, check=True)
    assert time.monotonic() - started < 30
    report = json.loads(result.stdout)
    assert report["summary"]["skipped"] == {"too-slow-to-parse": 1}
    assert [(f["path"], f["line"]) for f in report["findings"] if f["rule"] == "stale-todo"] == [("fine.rb", 1)]
