"""The cold scan's shortcuts give what the long way gives.

Each shortcut (worker processes for extraction, blame answered from one `git log -p`,
prefilters before regexes and parses, the history's `git log` started early) is checked
against the plain computation it replaces, on inputs made to reach its edge cases.
"""
from __future__ import annotations

import random
import re
from datetime import date, timedelta

import pytest

from indexer.git import blame as age
from indexer.scan import collect as collect_module
from indexer.git import history as history
from indexer.cache import Cache
from indexer.dates import epoch
from indexer.git.discover import snapshot
from indexer.extract.comments import comments
from indexer.extract.references import prose, tokens
from indexer.extract.todos import _marker_search, extract_todos
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
    if collect_module._fork_context() is None or collect_module._usable_cpus() < 2:
        pytest.skip("worker processes need fork and two CPUs")
    # the workers really run: every file comes back from them
    assert set(collect_module._extract_many(str(repo.root), paths, MARKERS, 1_000_000, None)) == set(paths)

    def run(cache_dir, min_files):
        monkeypatch.setattr(collect_module, "PARALLEL_MIN_FILES", min_files)
        cache = Cache(str(cache_dir))
        try:
            return collect_module.collect(snap, cache, MARKERS, 1_000_000)
        finally:
            cache.close()

    parallel = run(tmp_path / "parallel", 2)
    serial = run(tmp_path / "serial", 10**9)
    assert parallel.parsed == serial.parsed == len(paths)
    for name in ("todos", "skipped", "content_sha", "references", "suppressions", "definitions"):
        assert getattr(parallel, name) == getattr(serial, name), name
    assert parallel.todos and parallel.references and parallel.skipped == {"blob.bin": "binary"}
    # and what each run cached reads back the same
    assert run(tmp_path / "parallel", 2).references == serial.references


# --------------------------------------------------------------------------- ages
def _ages_both_ways(root: str, requests: dict[str, list[int]], since: int):
    """blame_files (with its shortcuts) and one plain blame per file."""
    fast = age.blame_files(root, requests, since)
    plain = {path: age.blame_lines(root, path, lines, since) for path, lines in requests.items()}
    return fast, plain


def _requests(root) -> dict[str, list[int]]:
    out = {}
    for path in sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                       if p.is_file() and ".git" not in p.parts):
        todos = extract_todos(path, (root / path).read_bytes(), MARKERS)
        if todos:
            out[path] = [t.line for t in todos]
    return out


def test_blame_shortcuts_give_what_blame_gives(repo):
    repo.commit("2020-01-01", files={
        "a.py": "# TODO: a\nx = 1\n# TODO: b\ny = 1\n# TODO: c\n",
        "untouched.py": "# TODO: old\n",
        "moved.py": "# TODO: moves\n",
        "gone.py": "# TODO: comes back\n",
        "nonl.py": "x = 1\n# TODO: no newline",
        "crlf.py": "# TODO: crlf\r\nx = 1\r\n",
        "dirty.py": "# TODO: dirty\nx = 1\n",
    })
    repo.commit("2024-06-01", files={"a.py": "# TODO: a\nx = 2\n# TODO: b\ny = 1\n# TODO: c\n"})
    repo.commit("2025-12-01", files={"a.py": "# TODO: a\nx = 2\n# TODO: b2\ny = 1\n# TODO: c\n# TODO: d\n"})
    repo.git("mv", "moved.py", "moved2.py")
    repo.commit("2026-01-01")
    repo.git("rm", "-q", "gone.py")
    repo.commit("2026-02-01")
    repo.commit("2026-03-01", files={"gone.py": "# TODO: comes back\n", "nonl.py": "x = 2\n# TODO: no newline"})
    # committed "in the past": blame's walk stops at the first commit older than the cutoff
    repo.git("commit", "-q", "--allow-empty", "-m", "skew", when="2025-06-01")
    repo.commit("2026-04-01", files={"a.py": "# TODO: a\n# TODO: new\nx = 2\n# TODO: b2\ny = 1\n# TODO: c\n# TODO: d\n"})
    repo.write("dirty.py", "# TODO: dirty now\n# TODO: dirty\nx = 1\n")
    requests = _requests(repo.root)
    root = str(repo.root)
    kinds = set()
    for day in ("2026-11-01", "2026-06-01", "2026-03-15", "2025-01-01", "2019-01-01"):
        since = epoch(date.fromisoformat(day))
        linear = age._LinearHistory.read(root, since)
        if linear is not None:
            kinds.update("untouched" if p not in linear.touched else
                         "replayed" if linear.modified_in_place(p) else "plain" for p in requests)
        fast, plain = _ages_both_ways(root, requests, since)
        assert fast == plain, day
    assert kinds == {"untouched", "replayed", "plain"}


def test_replayed_diffs_give_what_blame_gives_on_random_edits(repo, monkeypatch):
    """Many edits of files full of repeated lines (blank lines, duplicate statements and TODOs),
    where a diff has the most ways to align: the answer from `git log -p` is blame's, line for line."""
    rng = random.Random(7)
    pool = ["", "    pass", "def f():", "# TODO: same", "# TODO: again", "    return 1", "x = 1"]
    files = {f"f{n}.py": [rng.choice(pool) for _ in range(rng.randint(5, 30))] + ["# TODO: last"]
             for n in range(6)}
    files["odd name \"q\".py"] = ["# TODO: quoted path", "x"]
    files["caf\u00e9.py"] = ["# TODO: non-ascii path", "x"]
    repo.commit("2024-01-01", files={name: "\n".join(lines) + "\n" for name, lines in files.items()})
    for day in range(1, 28):
        for name in rng.sample(sorted(files), 3):
            lines = files[name]
            for _ in range(rng.randint(1, 4)):
                at = rng.randint(0, len(lines))
                if rng.random() < 0.5 or len(lines) < 4:
                    lines[at:at] = [rng.choice(pool) for _ in range(rng.randint(1, 3))]
                else:
                    del lines[at:at + rng.randint(1, 2)]
        repo.commit(f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}", author=rng.choice(["Ada", "Grace"]),
                    files={name: "\n".join(lines) + "\n" for name, lines in files.items()})
    requests = _requests(repo.root)
    root = str(repo.root)
    since = epoch(date(2025, 6, 1))
    linear = age._LinearHistory.read(root, since)
    assert linear is not None and all(linear.modified_in_place(p) for p in requests)
    fast, plain = _ages_both_ways(root, requests, since)
    assert fast == plain
    assert sum(len(lines) for lines in fast.values()) > 40
    assert any(a.commit for lines in fast.values() for a in lines.values())
    assert any(a.older_than for lines in fast.values() for a in lines.values())
    # a git that refuses the log's options: every file falls back to its own blame
    log_patch = age._LOG_PATCH
    monkeypatch.setattr(age, "_LOG_PATCH", [*log_patch, "--no-such-option"])
    assert age.blame_files(root, requests, since) == plain
    monkeypatch.setattr(age, "_LOG_PATCH", log_patch)
    # another diff algorithm, which newer gits' blame follows: whatever this git's blame says
    repo.git("config", "diff.algorithm", "histogram")
    fast, plain = _ages_both_ways(root, requests, since)
    assert fast == plain


def test_blame_without_a_linear_history_or_past_the_clock(repo):
    repo.commit("2020-01-01", files={"m.py": "# TODO: main\n", "s.py": "# TODO: side\n"})
    repo.git("checkout", "-q", "-b", "side")
    repo.commit("2026-02-01", files={"s.py": "# TODO: side 2\n"})
    repo.git("checkout", "-q", "main")
    repo.commit("2026-02-02", files={"m.py": "# TODO: main 2\nx = 1\n"})
    repo.git("merge", "-q", "--no-edit", "side", when="2026-02-03")
    repo.commit("2026-03-01", files={"m.py": "# TODO: main 2\nx = 2\n"})
    root, requests = str(repo.root), _requests(repo.root)
    since = epoch(date(2026, 1, 1))
    assert age._LinearHistory.read(root, since) is None  # a merge after the cutoff
    fast, plain = _ages_both_ways(root, requests, since)
    assert fast == plain
    # a cutoff later than the clock: blame's work-tree pseudo-commit is the boundary itself
    future = epoch(date.today() + timedelta(days=30))
    fast, plain = _ages_both_ways(root, requests, future)
    assert fast == plain and all(a.uncommitted for lines in fast.values() for a in lines.values())


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
        assert [m.span() for m in tokens._path_matches(text)] == \
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
    "creates a new file", "writes the directory", "your own project", "your code", "if you have",
    "in order to run a particular",
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
            for offset, line in enumerate(comment.lines) if (match := pattern.search(line))]


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
    history.prefetch(root, head)
    cache = Cache(str(tmp_path / "cache"))
    try:
        prefetched = history.load_history(root, head, now, tracked, cache)
        assert (root, head) not in history._prefetched
        assert prefetched.to_json() == direct.to_json()
        assert set(direct.removals) == {"docs/a.md", "old/c.sh"}
        # a cached history leaves a prefetch unused, and drops it
        history.prefetch(root, head)
        assert history.load_history(root, head, now, tracked, cache).to_json() == direct.to_json()
        assert (root, head) not in history._prefetched
    finally:
        cache.close()


def test_marker_shape_allows_every_delimiter_stripped_before_a_marker():
    _needles, _pattern, shape = _marker_search(MARKERS)
    from indexer.extract import comments as comment_module

    delimiters = [opener for opener, _ in comment_module._BLOCK_DELIMITERS] + list(comment_module._LINE_DELIMITERS)
    for before in ("", " ", "*", "!", "\n", *delimiters):
        assert shape.search(f"{before}TODO".encode()), before
    for glued in ("xTODO", "_TODO", "$TODO", "@TODO", "\\TODO", "'TODO", '"TODO', "`TODO", "TODOx", "TODO_"):
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
