"""Gitignore-semantics globs, checked against a table of (patterns, path, expected)."""
from __future__ import annotations

import pytest

from indexer.globs import compile_globs, glob_to_regex, globs_may_overlap, literal_prefix

MATCHES = [
    # a name without `/` matches at any depth
    ("*.tf", "main.tf", True),
    ("*.tf", "infra/aws/main.tf", True),
    ("*.tf", "main.tfvars", False),
    ("*.tf", "main.tf.bak", False),
    ("CHANGELOG*", "CHANGELOG.md", True),
    ("CHANGELOG*", "packages/a/CHANGELOG", True),
    ("CHANGELOG*", "docs/OLD_CHANGELOG.md", False),
    # ... and a folder of that name at any depth, with everything under it
    ("vendor", "vendor/lib/x.go", True),
    ("vendor", "src/vendor/x.go", True),
    ("vendor", "vendored/x.go", False),
    ("node_modules", "a/b/node_modules/c/d.js", True),
    # a `/` anywhere but the end anchors at the repo root
    ("deploy/legacy", "deploy/legacy", True),
    ("deploy/legacy", "deploy/legacy/x.sh", True),
    ("deploy/legacy", "deploy/legacy/sub/y.yml", True),
    ("deploy/legacy", "deploy/legacy-v2/x.sh", False),
    ("deploy/legacy", "other/deploy/legacy/x.sh", False),
    ("docs/*.md", "docs/a.md", True),
    ("docs/*.md", "docs/sub/a.md", False),
    ("docs/*.md", "x/docs/a.md", False),
    ("/top.txt", "top.txt", True),
    ("/top.txt", "sub/top.txt", False),
    ("/build", "build/out.o", True),
    ("/build", "src/build/out.o", False),
    # `**` crosses folders
    ("**", "a", True),
    ("**", "a/b/c.txt", True),
    ("vendor/**", "vendor/x", True),
    ("vendor/**", "vendor/a/b/c", True),
    ("vendor/**", "src/vendor/x", False),
    ("third_party/**", "third_party/lib/x.c", True),
    ("**/testdata/**", "testdata/x.json", True),
    ("**/testdata/**", "pkg/a/testdata/x.json", True),
    ("**/testdata/**", "pkg/testdata", False),
    ("**/testdata/**", "pkg/testdataz/x", False),
    ("**/*.tf", "main.tf", True),
    ("**/*.tf", "a/b/main.tf", True),
    ("**/*.py", "x.pyc", False),
    ("infra/**/*.bicep", "infra/main.bicep", True),
    ("infra/**/*.bicep", "infra/a/b/main.bicep", True),
    ("infra/**/*.bicep", "src/infra/main.bicep", False),
    ("a/**/b", "a/b", True),
    ("a/**/b", "a/x/y/b", True),
    ("a/**/b", "a/xb", False),
    ("docs/adr/**", "docs/adr/0007-azure.md", True),
    ("docs/adr/**", "docs/adrs/0007.md", False),
    # `**` inside a name is a plain `*`
    ("**.py", "deep/x.py", True),
    ("a**b", "a/b", False),
    ("a**b", "axyb", True),
    # `*` and `?` do not cross `/`
    ("src/*", "src/a.py", True),
    ("src/*", "src/pkg/a.py", True),  # `src/pkg` is a folder the pattern names
    ("src/*.py", "src/pkg/a.py", False),
    ("a?c", "abc", True),
    ("a?c", "a/c", False),
    ("a?c", "abbc", False),
    # trailing `/`: folders only
    ("build/", "build/out.o", True),
    ("build/", "src/build/out.o", True),
    ("build/", "build", False),
    ("build/", "build/", True),
    ("docs/old/", "docs/old/a.md", True),
    ("docs/old/", "x/docs/old/a.md", False),
    # character classes
    ("[Mm]akefile", "Makefile", True),
    ("[Mm]akefile", "sub/makefile", True),
    ("[Mm]akefile", "Xakefile", False),
    ("file[0-9].txt", "file7.txt", True),
    ("file[0-9].txt", "filex.txt", False),
    ("file[!0-9].txt", "filex.txt", True),
    ("file[!0-9].txt", "file7.txt", False),
    ("a[!x]b", "a/b", False),
    ("[]]x", "]x", True),
    ("a[b", "a[b", True),
    # escapes and regex metacharacters are literal
    ("\\*.txt", "*.txt", True),
    ("\\*.txt", "a.txt", False),
    ("a+b(1).txt", "a+b(1).txt", True),
    ("a.txt", "abtxt", False),
    ("\\!important", "!important", True),
]


@pytest.mark.parametrize(("pattern", "path", "expected"), MATCHES)
def test_single_pattern(pattern: str, path: str, expected: bool) -> None:
    assert compile_globs([pattern]).match(path) is expected


LAST_MATCH_WINS = [
    (["*.log", "!keep.log"], "debug.log", True),
    (["*.log", "!keep.log"], "keep.log", False),
    (["*.log", "!keep.log"], "a/keep.log", False),
    (["*.log", "!keep.log", "a/keep.log"], "a/keep.log", True),
    (["vendor/**", "!vendor/ours/**"], "vendor/theirs/x.go", True),
    (["vendor/**", "!vendor/ours/**"], "vendor/ours/x.go", False),
    (["!x.txt"], "x.txt", False),
    (["!x.txt", "*.txt"], "x.txt", True),
]


@pytest.mark.parametrize(("patterns", "path", "expected"), LAST_MATCH_WINS)
def test_negation_last_match_wins(patterns: list[str], path: str, expected: bool) -> None:
    assert compile_globs(patterns).match(path) is expected


def test_a_set_matches_when_any_pattern_does() -> None:
    globs = compile_globs(["vendor/**", "third_party/**", "**/testdata/**"])
    assert globs.match("vendor/a.go")
    assert globs.match("third_party/b/c.h")
    assert globs.match("x/testdata/y")
    assert not globs.match("src/main.go")


def test_an_empty_set_matches_nothing() -> None:
    assert not compile_globs([]).match("anything")
    assert not compile_globs(["", "/"]).match("anything")
    assert not compile_globs([])
    assert compile_globs(["*"])


def test_a_set_without_negation_compiles_to_one_regex() -> None:
    assert len(compile_globs(["a", "b/**", "*.c"])._includes) == 1
    assert len(compile_globs(["a", "!b", "c", "d"])._includes) == 3


def test_blank_pattern_has_no_regex() -> None:
    assert glob_to_regex("") is None
    assert glob_to_regex("/") is None


@pytest.mark.parametrize(("pattern", "prefix"), [
    ("**", ""),
    ("*.tf", ""),
    ("vendor/", ""),
    ("/infra/azure/*.bicep", "infra/azure"),
    ("infra/**/*.bicep", "infra"),
    ("services/api/**", "services/api"),
    ("deploy/legacy", "deploy"),
    ("src/*/x", "src"),
])
def test_literal_prefix(pattern: str, prefix: str) -> None:
    assert literal_prefix(pattern) == prefix


@pytest.mark.parametrize(("first", "second", "expected"), [
    ("**", "services/a/**", True),
    ("services/**", "services/a/**", True),
    ("services/a/**", "services/a/**", True),
    ("services/a/**", "services/b/**", False),
    ("services/a/**", "services/ab/**", False),
    ("*.py", "services/a/**", True),
    ("infra/**", "deploy/**", False),
])
def test_globs_may_overlap(first: str, second: str, expected: bool) -> None:
    assert globs_may_overlap(first, second) is expected
    assert globs_may_overlap(second, first) is expected
