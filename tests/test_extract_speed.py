"""The cold scan's shortcuts give what the long way gives.

Each shortcut (worker processes for extraction,
prefilters before regexes and parses, the history's `git log` started early) is checked
against the plain computation it replaces, on inputs made to reach its edge cases.
"""
from __future__ import annotations

import random
import re
from datetime import date

import pytest


from indexer.scan import collect as collect_module
from indexer.git import history as history
from indexer.cache import Cache
from indexer.git.discover import snapshot
from indexer.extract.comments import comments
from indexer.extract.references import prose, tokens
from indexer.extract.todos import first_marker, _marker_search, extract_todos
from indexer.extract.languages import language_for

MARKERS = ("TODO", "FIXME", "HACK", "XXX")


# --------------------------------------------------------------------------- extraction
def _files(count: int) -> dict[str, str]:
    """A mix of formats with TODOs, path references, suppressions and make targets."""
    files = {}
    for n in range(count):
        files[f"src/mod_{n}.py"] = (f"import os\nfrom app.models import Order{n}\n"
                                    f"# TODO(ada): see docs/guide_{n}.md\nx = 'data/file_{n}.csv'\n")
        files[f"docs/page_{n}.md"] = (f"# Page {n}\n\nSee [the guide](../docs/guide_{n}.md) and "
                                      f"`scripts/run_{n}.sh`.\n\n<!-- FIXME: page {n} -->\n")
        files[f"scripts/run_{n}.sh"] = (f"#!/bin/sh\ncd deploy/v{n}\nmkdir -p out\n"
                                        f"./bin/tool --config conf/{n}.yaml > out/log.txt  # HACK: quiet\n")
        files[f"deploy/app_{n}.yaml"] = (f"steps:\n  - run: make build_{n}\n"
                                         f"    working-directory: services/s{n}\n# XXX: pin\n")
    files["Makefile"] = "build:\n\t@echo hi  # TODO: real build\n"
    files["blob.bin"] = "\0binary"
    return files


def test_parallel_and_serial_extraction_give_the_same_collection(repo, tmp_path, monkeypatch):
    repo.commit("2024-01-01", files=_files(16))
    snap, _ = snapshot(str(repo.root))
    paths = sorted(snap.files)
    assert len(paths) >= collect_module.PARALLEL_MIN_FILES
    if not collect_module.workers_possible():
        pytest.skip("worker processes need fork and two CPUs")
    # the workers really run: every file comes back from them
    assert set(collect_module.extract_in_workers(str(repo.root), paths, MARKERS, 1_000_000)) == set(paths)

    def run(cache_dir, min_files, on_todo_files=None):
        monkeypatch.setattr(collect_module, "PARALLEL_MIN_FILES", min_files)
        cache = Cache(str(cache_dir))
        try:
            return collect_module.collect(snap, cache, MARKERS, 1_000_000, on_todo_files=on_todo_files)
        finally:
            cache.close()

    told: list[list[str]] = []  # (what the scan starts its commit-graph on, as the answers come in)
    parallel = run(tmp_path / "parallel", 2, told.append)
    serial = run(tmp_path / "serial", 10**9)
    assert len(told) > 1 and sorted(p for paths in told for p in paths) == sorted(serial.todos)
    assert parallel.parsed == serial.parsed == len(paths)
    for name in ("todos", "skipped", "content_sha", "references", "suppressions", "definitions"):
        assert getattr(parallel, name) == getattr(serial, name), name
    assert parallel.todos and parallel.references and parallel.skipped == {"blob.bin": "binary"}
    # and what each run cached reads back the same
    assert run(tmp_path / "parallel", 2).references == serial.references


# --------------------------------------------------------------------------- prefilters
_LINES = [
    "see docs/guide.md and ./run.sh, or ../up/x.py:12.", "</span></div><a href=\"../orm/x.html#y\">x</a>",
    "<span class=\"pre\">sqlalchemy.orm.MapperProperty.</span></code></a>", "a / b // c", "x)/y and }/z ]/w",
    "${HOME}/bin/tool $(pwd)/out {{ .Values.dir }}/conf.yaml", "{a,b}/c <name>/d [ab]/e *.py/f ?/g",
    "https://example.com/a/b mailto:x@y.z and git@host:org/repo.git then src/main.go",
    "café/crème.txt naïve/path", "~/home/x //comment/y /etc/hosts", ".../x", "a/", "/", "", "no slash here",
    "path/to/file.txt e.g./x foo!/bar +/- 1/2/3 -/x %d/%s",
]


def test_path_words_scan_only_what_can_match():
    rng = random.Random(5)
    alphabet = "ab./-_ <>\"'=$}{)(][!*?:@~%+,#\\\té"
    samples = _LINES + ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40))) for _ in range(3000)]
    for text in samples:
        assert [m.span() for m in tokens.path_matches(text)] == \
            [m.span() for m in tokens.PATH_WORD.finditer(text)], text
        assert tokens.blank_paths(text) == tokens.PATH_WORD.sub(" ", text), text


DEPRECATION_PHRASES = [
    "do not use it", "don't call", "dont run", "never edit this", "stop using it", "deprecated",
    "obsolete", "no longer used", "retired", "frozen", "sunsetting", "superseded", "replaced by v2",
    "use v2 instead", "in favour of v2", "in favor of v2", "was moved", "has been removed",
    "have been renamed", "got deleted", "is dropped", "moved to v2", "renamed from x", "migrating away",
    "migrated", "will be removed", "must be retired", "scheduled for removal", "removed in 2.0",
    "used to live here", "formerly", "previously", "no more",
]
EXAMPLE_PHRASES = [
    "for example", "for instance", "e.g. this", "such as", "pretend", "suppose", "imagine", "let's say",
    "say you", "hypothetically", "something like", "will be saved", "is generated", "gets written",
    "creates a new file", "open up a new file", "create", "writes the directory", "your own project", "your code", "if you have",
    "in order to run a particular", "has been output", "would be located at", "would be named", "in the get-pip repository", "another project",
    "could look like", "you would create", "in the root of the [kubernetes/kubernetes] repo",
    "from the root of a k/k checkout", "you could use this", "create a file", "their own",
    "save the following as", "this will create a file", "must not exist", "does not ship", "don't commit",
    "if x/y exists:", "if the file x/y is present:", "(if any)", "new:", "new file", "(new;",
    "add it to your `x/y.sh`", "if it exists", "if present", "a copy of the license at",
    "include the license file at", "(create)", "(to be created)", "a file named",
]


def test_verdict_prefilter_words_cover_every_alternative():
    for phrase in DEPRECATION_PHRASES:
        sentence = f"Note: {phrase.upper()} deploy/legacy/run.sh."
        assert prose.marks_deprecated(sentence) and prose.verdicts(sentence)[0], phrase
    for phrase in EXAMPLE_PHRASES:
        sentence = f"Note: {phrase.title()} deploy/legacy/run.sh."
        assert prose.marks_example(sentence) and prose.verdicts(sentence)[1], phrase
    words = " ".join(DEPRECATION_PHRASES + EXAMPLE_PHRASES).split()
    rng = random.Random(11)
    for _ in range(3000):
        sentence = " ".join(rng.choice(words + ["deploy/old", "x", "ſtop", "İnstead", "notranslate"])
                            for _ in range(rng.randint(1, 8)))
        assert prose.verdicts(sentence) == (prose.DEPRECATION.search(tokens.PATH_WORD.sub(" ", sentence)) is not None,
                                            prose.EXAMPLE.search(tokens.PATH_WORD.sub(" ", sentence)) is not None)


_FRAGMENTS = [
    "Prose with a TODO list.\n", "Text <!-- TODO: inline --> more\n", "<!-- FIXME: block -->\n",
    "<!--\nHACK: multi\nline -->\n", "| a <!-- TODO: cell --> |\n|---|\n| x |\n", "- item <!-- XXX: list -->\n",
    "> quote <!-- TODO: quoted -->\n", "<script>\n// TODO: script\n</script>\n", "<style>\n/* TODO: css */\n</style>\n",
    "```\n<!-- TODO: fenced -->\n```\n", "<SCRIPT>// FIXME: upper\n</SCRIPT>\n", "para <!\n\n-- TODO: no\n",
    "#TODO: a\n", "x = 'TODO'\n", "TODO_LIST = 1\n", "Status.TODO\n", "//TODO\n", "/*TODO*/\n", "..TODO\n",
    "=begin\nTODO: rb\n=end\n", "# $TODO\n", "# `TODO`\n", "# TODO\r\n", "#!TODO\n", "# FIXMEx\n", "# éTODO\n",
    "-- TODO: sql\n", "# TODO\t\n", "<!--TODO-->\n", "# TODO",
]
_NAMES = ["a.py", "a.sh", "a.rb", "a.js", "a.go", "a.sql", "a.rst", "a.yaml", "Dockerfile", "a.tf", "a.md",
          "a.html", "a.css", "a.proto", "a.adoc", "Makefile", "a.php", "a.toml"]


def _todos_the_long_way(path: str, data: bytes) -> list[tuple[int, str, str]]:
    """Every comment of the file, each line searched: extraction without any prefilter."""
    _needles, pattern, _shape = _marker_search(MARKERS)
    language = language_for(path, data.split(b"\n", 1)[0])
    if language is None:
        return []
    return [(comment.start_line + offset, match.group("marker"), line.strip())
            for comment in comments(language, data)
            for offset, line in enumerate(comment.lines) if (match := first_marker(pattern, line))]


def test_todo_prefilters_lose_no_marker():
    rng = random.Random(3)
    samples = _FRAGMENTS + ["".join(rng.sample(_FRAGMENTS, k)) for k in (2, 3, 5) for _ in range(60)]
    seen = 0
    for text in samples:
        for name in _NAMES:
            data = text.encode()
            fast = [(t.line, t.marker) for t in extract_todos(name, data, MARKERS)]
            long = [(line, marker) for line, marker, _ in _todos_the_long_way(name, data)]
            assert fast == long, (name, text)
            seen += len(fast)
    assert seen > 1000


# --------------------------------------------------------------------------- history
def test_prefetched_history_is_the_history(repo, tmp_path):
    repo.commit("2024-01-01", files={"docs/a.md": "a\n", "src/b.py": "b\n", "old/c.sh": "c\n"})
    repo.git("mv", "old", "new")
    repo.commit("2025-06-01")
    repo.git("rm", "-q", "docs/a.md")
    repo.commit("2026-10-01", files={"src/b.py": "b2\n"})
    root, now = str(repo.root), date(2026, 11, 1)
    head = repo.git("rev-parse", "HEAD").strip()
    tracked = frozenset({"src", "src/b.py", "new", "new/c.sh"})
    direct = history.read_history(root, now, tracked)
    cache = Cache(str(tmp_path / "cache"))
    try:
        early = history.LogPrefetch(root, head)
        early.start()
        prefetched = history.load_history(root, head, now, tracked, cache, early)
        assert early.take() is None  # read, not left behind
        assert prefetched.to_json() == direct.to_json()
        assert set(direct.removals) == {"docs/a.md", "old/c.sh"}
        # a cached history leaves a prefetch unused, and drops it
        early = history.LogPrefetch(root, head)
        early.start()
        assert history.load_history(root, head, now, tracked, cache, early).to_json() == direct.to_json()
        assert early.take() is None
        # a later `now` re-counts the cached year: what reading the log at that `now` gives
        later = date(2027, 3, 1)
        assert history.load_history(root, head, later, tracked, cache).to_json() == \
            history.read_history(root, later, tracked).to_json()
    finally:
        cache.close()


def test_marker_shape_allows_every_delimiter_stripped_before_a_marker():
    _needles, _pattern, shape = _marker_search(MARKERS)
    from indexer.extract import comments as comment_module

    delimiters = [opener for opener, _ in comment_module._BLOCK_DELIMITERS] + list(comment_module._LINE_DELIMITERS)
    for before in ("", " ", "*", "!", "\n", "@", *delimiters):  # (`@TODO`: a marker written as a tag)
        assert shape.search(f"{before}TODO".encode()), before
    for glued in ("xTODO", "_TODO", "$TODO", "\\TODO", "'TODO", '"TODO', "`TODO", "TODOx", "TODO_"):
        assert not shape.search(glued.encode()), glued
    assert re.escape("TODO") in shape.pattern.decode()


def test_history_knows_when_it_is_cut_short(repo, monkeypatch):
    for day in ("2024-01-01", "2024-02-01", "2024-03-01"):
        repo.commit(day, files={"a.txt": day})
    monkeypatch.setattr(history, "MAX_COMMITS", 3)
    whole = history.read_history(str(repo.root), date(2026, 11, 1), frozenset({"a.txt"}))
    assert (whole.commits, whole.truncated) == (3, False)
    monkeypatch.setattr(history, "MAX_COMMITS", 2)
    cut = history.read_history(str(repo.root), date(2026, 11, 1), frozenset({"a.txt"}))
    assert (cut.commits, cut.truncated, cut.activity["a.txt"].total) == (2, True, 2)


def test_a_marker_in_a_script_is_found_without_compiling_the_grammar_s_query():
    """The comment holding a marker is found from the marker's place in the parsed tree
    (`_comments_around`): the grammar's comment query, 6 ms to compile for bash's grammar and
    13 ms for C++'s in every process that reads such a file, is not compiled."""
    import subprocess
    import sys

    code = ("import tree_sitter\n"
            "made, real = [], tree_sitter.Query\n"
            "def counted(*args):\n"
            "    made.append(args)\n"
            "    return real(*args)\n"
            "tree_sitter.Query = counted\n"
            "from indexer.scan.collect import _entry\n"
            "sh = _entry('run.sh', b'#!/bin/sh\\n# TODO: later\\necho x\\n', None, ('TODO',))\n"
            "cc = _entry('a.cc', b'int x;\\n/* FIXME: y */\\n', None, ('FIXME',))\n"
            "print(sh['todos'][0][0], cc['todos'][0][0], len(made))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["2", "2", "0"]
