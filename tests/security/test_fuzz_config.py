"""Issue 16: the configuration loader only ever returns a Config or raises a ConfigError.

Hypothesis writes random YAML structures (shaped like the schema, with random keys, values,
anchors and merge keys), random text and random bytes as `.orgmemory.yaml`; any other
exception (OverflowError, re.error, RecursionError, KeyError, ...) is a traceback for a user.
Bounded to run in a few seconds.
"""
from __future__ import annotations

import os
import tempfile
from datetime import date, timedelta

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from indexer.memory.load import load_config
from indexer.errors import OrgmemoryError
from indexer.globs import compile_globs
from indexer.memory.enforce import compile_pattern
from indexer.models import Config

KEYS = ["version", "org", "extends", "scan", "standards", "legacy", "exclude", "history_paths",
        "max_file_size", "extends_refresh", "todo", "markers", "stale_after", "id", "statement",
        "kind", "priority", "scope", "tags", "source", "owner", "added", "review_by", "forbid",
        "require", "supersedes", "superseded_by", "superseded_on", "glob", "pattern", "path",
        "successor", "since", "note", "<<"]
SCALARS = st.one_of(
    st.sampled_from(["1", "must", "fact", "2024-02-30", "10000y", "9" * 30, "9" * 400, "1e999", "[z-a]", "(a+)+$",
                     "(?=x)", "**/*.tf", "../x", "/abs", "TODO", "0", "-1", "1.5 GB", "~", "", "a-b",
                     "2y", "12h", "src/[!a-]x", "\\", "[", "*a*a*a", "x" * 50]),
    st.integers(), st.floats(allow_nan=True), st.booleans(), st.none(), st.text(max_size=20),
)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=8)), inner, max_size=5),
), max_leaves=25)
DOCUMENTS = st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=6)
LEAF = st.one_of(SCALARS, st.text(alphabet="az09-*?[]!^/\\.(){}+$|", max_size=12))
MATCHES = st.lists(st.fixed_dictionaries({"glob": LEAF}, optional={"pattern": LEAF}), max_size=2)
SHAPED = st.fixed_dictionaries({}, optional={
    "version": st.just(1),
    "scan": st.fixed_dictionaries({}, optional={
        "exclude": st.lists(LEAF, max_size=3), "history_paths": st.lists(LEAF, max_size=2),
        "max_file_size": LEAF, "extends_refresh": LEAF,
        "todo": st.fixed_dictionaries({}, optional={"markers": st.lists(LEAF, max_size=2), "stale_after": LEAF}),
    }),
    "standards": st.lists(st.fixed_dictionaries(
        {"id": st.sampled_from(["a", "b", "c"]), "statement": st.just("s")},
        optional={"scope": st.lists(LEAF, max_size=2), "forbid": MATCHES, "require": MATCHES,
                  "review_by": LEAF, "priority": LEAF, "supersedes": st.lists(LEAF, max_size=1)}), max_size=3),
    "legacy": st.lists(st.fixed_dictionaries({"path": LEAF}, optional={"since": LEAF}), max_size=2),
})

FUZZ = settings(max_examples=150, deadline=2000, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


def load(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as root:
        with open(os.path.join(root, ".orgmemory.yaml"), "wb") as handle:
            handle.write(data)
        try:
            config = load_config(root)
        except OrgmemoryError:
            return
    assert isinstance(config, Config)
    usable(config)


def usable(config: Config) -> None:
    """What the loader accepts, the scan can use: every glob compiles, every pattern runs."""
    compile_globs(config.scan.exclude).match("a/b.py")
    compile_globs(config.scan.history_paths).match("a/b.py")
    for standard in config.standards:
        compile_globs(standard.scope).match("a/b.py")
        for entry in (*standard.forbid, *standard.require):
            compile_globs([entry.glob]).match("a/b.py")
            if entry.pattern is not None:
                compile_pattern(entry.pattern).search("aaaa")
    date.today() - timedelta(days=config.scan.stale_after_days)


@FUZZ
@given(SHAPED)
def test_random_values_in_the_schema_s_shape(document) -> None:
    load(yaml.safe_dump(document, allow_unicode=True).encode("utf-8"))


@FUZZ
@given(DOCUMENTS)
def test_random_yaml_structures(document) -> None:
    load(yaml.safe_dump(document, allow_unicode=True).encode("utf-8"))


@FUZZ
@given(DOCUMENTS, st.sampled_from(["&a ", "*a", "<<: *a\n", "!!python/name:os.system ", "? [x]\n: y\n",
                                   "[[[[", "&a [*a]", "{<<: [*a, *a]}", "- ", ": ", "---\n", "%YAML 1.1\n"]),
       st.integers(min_value=0, max_value=400))
def test_yaml_with_anchors_tags_and_breakage_spliced_in(document, splice, at) -> None:
    text = yaml.safe_dump(document, allow_unicode=True)
    at = min(at, len(text))
    load((text[:at] + splice + text[at:]).encode("utf-8"))


@FUZZ
@given(st.text(max_size=300))
def test_random_text(text) -> None:
    load(text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes(data) -> None:
    load(data)
