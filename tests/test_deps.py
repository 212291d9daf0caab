"""`indexer.contradictions.deps`: the keys whose answers move when paths come and go, and the
files whose recorded lookups hold one. The delta's correctness rests on `changed_keys` naming
every lookup whose answer differs (`tests/test_delta.py` checks whole scans against cold ones)."""
from __future__ import annotations

import posixpath

from hypothesis import given, settings, strategies as st

from indexer.contradictions.deps import changed_keys, decode, encode, naming, naming_under, stored_bytes
from indexer.contradictions.paths import RepoPaths, path_stem, stem_of, unnumbered_tails

SEGMENTS = st.sampled_from(["a", "b", "docs", "x.py", "x", "y.md", "index.md", "b.py", "pyproject.toml",
                            "1.a", "02.y.md", "01-x.py"])
PATHS = st.lists(SEGMENTS, min_size=1, max_size=4).map("/".join)


def answers(paths: RepoPaths, key: str) -> bool:
    kind, what = key[0], key[1:]
    return {"e": paths.exists, "f": paths.is_file, "n": paths.has_name, "s": paths.has_stem,
            "x": paths.has_suffix, "u": paths.has_unnumbered_suffix,
            "p": lambda folder: folder in paths.package_roots}[kind](what)


def universe(*path_sets) -> set[str]:
    """Every key a lookup could make of these paths: each path, folder, name, stem, tail (with and
    without number prefixes) and package."""
    keys = set()
    for files in path_sets:
        for path in files:
            parts = path.split("/")
            for end in range(len(parts) + 1):
                prefix = "/".join(parts[:end])
                keys.update(("e" + prefix, "f" + prefix, "n" + posixpath.basename(prefix), "p" + prefix))
            stem = posixpath.splitext(path)[0]
            keys.update(("s" + stem, "n" + posixpath.basename(stem)))
            keys.update("x" + "/".join(parts[start:]) for start in range(len(parts)))
            keys.update("u" + tail for tail in unnumbered_tails(path))
            keys.update("u" + "/".join(parts[start:]) for start in range(len(parts)))
    return keys


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.sets(PATHS, min_size=1, max_size=8), st.sets(PATHS, max_size=3), st.sets(PATHS, max_size=3))
def test_every_key_whose_answer_moves_is_named(before, added, deleted):
    before = {p for p in before if not any(q.startswith(p + "/") for q in before)}  # (no file is a folder)
    after = (before | added) - deleted
    after = {p for p in after if not any(q.startswith(p + "/") for q in after)}
    old, new = RepoPaths(before), RepoPaths(after)
    named = changed_keys(before, new, set(), set())
    moved = {key for key in universe(before, after) if answers(old, key) != answers(new, key)}
    assert moved <= named


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.sets(PATHS, min_size=1, max_size=10), st.sets(PATHS, max_size=8), st.sets(PATHS, max_size=4))
def test_a_folder_is_named_exactly_when_it_came_or_went(before, added, deleted):
    """What exists is answered exactly (each folder's files counted): a folder above a path
    added or deleted is named when it came or went, and only then."""
    before = {p for p in before if not any(q.startswith(p + "/") for q in before)}
    after = (before | added) - deleted
    after = {p for p in after if not any(q.startswith(p + "/") for q in after)}
    old, new = RepoPaths(before), RepoPaths(after)
    named = changed_keys(before, new, set(), set())
    moved = set(before) ^ set(after)
    above = {"/".join(path.split("/")[:end]) for path in moved for end in range(1, path.count("/") + 2)}
    assert {folder for folder in above if "e" + folder in named} == \
        {folder for folder in above if old.exists(folder) != new.exists(folder)}


def test_a_file_added_beside_others_leaves_its_folder_as_it_was():
    before = ["docs/a.md", "src/x.py"]
    keys = changed_keys(before, RepoPaths([*before, "docs/b.md"]), set(), set())
    assert "edocs/b.md" in keys and "fdocs/b.md" in keys
    assert "edocs" not in keys
    keys = changed_keys(before, RepoPaths([*before, "tools/lint.cfg"]), set(), set())
    assert {"etools", "etools/lint.cfg", "ntools"} <= keys
    keys = changed_keys(before, RepoPaths(["docs/a.md"]), set(), set())  # the last file of src/ deleted
    assert {"esrc", "esrc/x.py", "fsrc/x.py", "ssrc/x", "nx"} <= keys


def test_a_removal_the_history_gained_is_a_changed_key():
    keys = changed_keys(["a.md"], RepoPaths(["a.md"]), {"old.sh"}, {"old.sh", "gone.sh"})
    assert keys == {"rgone.sh"}


def test_a_key_is_found_whole_not_as_the_start_of_another():
    text = encode({"README.md": {"edocs/setup.md", "edocs"}, "docs/a.md": {"edocs/setup.md.txt"},
                   "b.md": {"ntools"}, "c.md": set()})
    assert decode(text) == {"README.md": ["edocs", "edocs/setup.md"], "b.md": ["ntools"],
                            "docs/a.md": ["edocs/setup.md.txt"]}
    record = stored_bytes(text)
    assert naming(record, {"edocs/setup.md"}) == {"README.md"}
    assert naming(record, {"ntools"}) == {"b.md"}  # (the text's last key)
    assert naming(record, {"etools"}) == set()
    many = {f"e{n}" for n in range(100)} | {"ntools"}  # (past the searched count: one RE2 pass)
    assert naming(record, many) == {"b.md"}


def test_keys_under_a_folder_are_found_by_their_beginning_and_never_in_a_record_s_path():
    """What a `.gitignore` changed concerns: the files that looked for a path under its folder."""
    text = encode({"README.md": {"edocs/setup.md"}, "docs/a.md": {"etools/x"}, "edocs/b.md": {"ntools"},
                   "c.md": {"edocsx"}})
    record = stored_bytes(text)
    assert naming_under(record, "edocs/") == {"README.md"}  # (not `edocs/b.md`, a path; not `edocsx`)
    assert naming_under(record, "e") == {"README.md", "docs/a.md", "c.md"}
    assert naming(record, {"edocs/b.md"}) == set()  # (a record's path is no key)


LEGACY_SEGMENTS = st.sampled_from(["deploy", "deploy-old", "legacy", "api", "api-v1", "api-v2", "old",
                                   "build.yml", "build-v1.yml", "run-old.sh", "run.sh", "x"])
LEGACY_PATHS = st.lists(LEGACY_SEGMENTS, min_size=1, max_size=3).map("/".join)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.sets(LEGACY_PATHS, min_size=1, max_size=8), st.sets(LEGACY_PATHS, max_size=3),
       st.sets(LEGACY_PATHS, max_size=3))
def test_legacy_candidates_moved_from_the_bases_equal_those_asked_anew(before, added, deleted):
    """A delta after paths came or went asks legacy detection's candidates by name again only
    where the moved files can change them (`legacy.moved_candidates`): the answer must be the
    one asked of every path."""
    from indexer.contradictions.legacy import moved_candidates, named_candidates
    from indexer.scan.delta import _named_row

    before = {p for p in before if not any(q.startswith(p + "/") for q in before)}
    after = (before | added) - deleted
    after = {p for p in after if not any(q.startswith(p + "/") for q in after)}
    base = _named_row(named_candidates(RepoPaths(before)))
    moved = moved_candidates(base, RepoPaths(after), after ^ before)
    full = named_candidates(RepoPaths(after))
    assert moved is not None
    assert (list(moved[0].items()), sorted(moved[1])) == (list(full[0].items()), sorted(full[1]))


@given(st.text(alphabet="a.b", max_size=6))
def test_a_file_name_s_stem_is_splitext_s(name):
    """`stem_of`, which `RepoPaths.files_stemmed` keys every file by: leading dots start no extension."""
    assert stem_of(name) == posixpath.splitext(name)[0]


@given(st.text(alphabet="a./", max_size=8))
def test_a_path_s_stem_is_splitext_s(path):
    """`path_stem`, which `RepoPaths.stems` holds every file by."""
    assert path_stem(path) == posixpath.splitext(path)[0]


KEY_TEXT = st.text(alphabet=["e", "n", "x", "/", ".", "(", "*", "|", "\\", "é", "\udcff"], min_size=1, max_size=5)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.dictionaries(KEY_TEXT, st.sets(KEY_TEXT, max_size=6), max_size=8), st.sets(KEY_TEXT, max_size=30))
def test_the_files_whose_record_holds_a_changed_key_are_named(records, changed):
    """Searched key by key or all in one pass (more than a few keys, `deps._SEARCHED`; regular
    expression characters and paths git keeps as bytes among them), a key is found whole, in
    a record's keys and never in its path."""
    changed |= {key for keys in list(records.values())[:2] for key in list(keys)[:3]}
    want = {path for path, keys in records.items() if keys & changed}
    assert naming(stored_bytes(encode(records)), changed) == want


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(st.text(alphabet=["a", "\0", "\n", "é", "\udcff", "\U0001f600"], max_size=12))
def test_the_cache_gives_back_a_text_s_stored_bytes(tmp_path_factory, text):
    """`Cache.get_bytes` of what `put_text` wrote is `stored_bytes` of it: in both of the forms
    the cache stores text in (a text that starts with NUL or holds surrogates is kept in hex)."""
    from indexer.cache import Cache

    cache = Cache(str(tmp_path_factory.mktemp("cache")))
    try:
        cache.put_text("k", "row", text)
        assert cache.get_bytes("k", "row") == stored_bytes(text)
        assert cache.get_bytes("k", "other") is None
    finally:
        cache.close()


DOCKER_SEGMENTS = st.sampled_from(["a", "Dockerfile", "x.dockerfile", "Containerfile.dev", "dockerfiles", "docker",
                                   "contaİnerfile", "interface", "perf", "KDockerfile", "b.md"])


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.sets(st.lists(DOCKER_SEGMENTS, min_size=1, max_size=3).map("/".join), min_size=1, max_size=8))
def test_whether_a_dockerfile_is_tracked_is_the_pattern_s_answer_for_some_path(paths):
    """The frame's `dockerfile` (`Resolver._has_dockerfile`) searches every path's lowered text
    in C calls and tries the pattern on the paths that can match: the answer of trying it on all.
    (`İ` lowers to two characters: `contaİnerfile` is a Containerfile to the pattern.)"""
    from indexer.contradictions.resolve import _DOCKERFILE, Resolver

    paths = {p for p in paths if not any(q.startswith(p + "/") for q in paths)}
    resolver = Resolver.__new__(Resolver)
    resolver.paths = RepoPaths(paths)
    assert resolver._has_dockerfile == any(_DOCKERFILE.search(path) for path in paths)
