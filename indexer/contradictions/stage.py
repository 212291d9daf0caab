"""The contradictions stage: references resolved, history read, legacy paths found, resolutions.

Runs between aging and the checks (`attach(ctx)`), so that `dangling-reference`,
`dangling-command`, `legacy-path` and `legacy-reference` read one shared, consistent picture:
the references a legacy-reference finding reports are exactly the resolution's "still pointing
at it" (read off the conflict graph, `indexer.contradictions.graph`), and `orgmemory explain` shows the same.

A reference is no claim about the present when it sits in a historical document
(`scan.history_paths`, plus release notes and changelog folders by convention), in the
`.orgmemory.yaml` that declares the legacy, or in a sentence that retires its target.
"""
from __future__ import annotations

import functools
import os
import posixpath
from dataclasses import dataclass, field
from typing import Any, Callable

from indexer.globs import compile_globs
from indexer.git.history import History, load_history
from indexer.contradictions.legacy import (WEIGHTS, Legacy, MigrateAsk, Settings, deprecation_notices,
                                           find_legacy, migrate_asks)
from indexer.models import Resolution
from indexer.git.root import CONFIG_NAMES
from indexer.contradictions.paths import RepoPaths
from indexer.contradictions.resolve import DOC_SUFFIXES, EXISTS, IMPORT_KINDS, STRONG_KINDS, Resolved, Resolver
from indexer.extract.languages import TEST_FILE
from indexer.extract.deprecation import HISTORICAL


#: What a scan of some files says when the cache holds no complete scan of the repository to
#: answer from (with one, `scan FILES` and the pre-commit hook report what a complete scan does).
NARROWED_NOTE = ("only the files given were read (no complete scan in the cache to measure this change from; "
                 "`scan -v` says why): legacy paths were detected from their evidence and the history, and "
                 "references into them counted in these files alone (a complete `orgmemory scan` reads every file)")


@dataclass
class Contradictions:
    """The contradictions stage's picture, which the checks and `explain` read."""

    paths: RepoPaths
    history: History
    resolved: list[Resolved]  # every reference but imports
    legacy: list[Legacy]
    asks: list[MigrateAsk]
    resolve_imports: Any = None  # () -> the imports, resolved: only wanted when something is legacy
    pointing: dict[str, list[Resolved]] = field(default_factory=dict)  # legacy path -> still pointing
    resolutions: list[Resolution] = field(default_factory=list)
    standards: tuple = ()  # the repository's standards (what the graph's `standard` nodes are)
    config_file: str = ".orgmemory.yaml"
    historical: Callable[[str], bool] = lambda path: False  # history_paths and changelog-like files
    #: file -> the keys of the lookups its resolutions rest on (`Resolver.deps`; the imports'
    #: join once they are resolved): what a delta after a new or removed path reads
    deps: dict[str, set[str]] = field(default_factory=dict)
    resolver: Any = None  # what resolved them (its frame: `indexer.contradictions.deps.frame_of`)

    def legacy_at(self, path: str) -> Legacy | None:
        """The legacy path `path` is, or lies in."""
        for legacy in self.legacy:
            if path == legacy.path or path.startswith(legacy.path + "/"):
                return legacy
        return None

    @functools.cached_property
    def graph(self) -> Any:
        """The networkx graph of the conflicts (None when nothing is legacy), built on first use:
        the resolutions are read without it, so a scan never imports networkx."""
        if not self.legacy:
            return None
        from indexer.contradictions.graph import build_graph

        return build_graph(self, self.standards)

    @functools.cached_property
    def imports(self) -> list[Resolved]:
        return self.resolve_imports() if self.resolve_imports else []

    def incoming(self, path: str) -> list[Resolved]:
        """Every existing-path reference (imports included) that names `path` or something under it."""
        return [r for r in (*self.resolved, *self.imports) if r.status == EXISTS and r.path is not None
                and (r.path == path or r.path.startswith(path + "/"))]

    def treats_as_current(self, resolved: Resolved, legacy_path: str) -> bool:
        """A reference that points at `legacy_path` as if it were live: from outside it, not an
        import by its successor (flask-security's `fsqla_v4.py` builds on `fsqla_v3.py`: "use
        fsqla_v4.py" is no advice there), in a claim site, in a sentence that does not retire it."""
        referrer = resolved.reference.path
        legacy = self.legacy_at(legacy_path)
        legacy = legacy if legacy is not None and legacy.path == legacy_path else None
        successor = legacy.successor if legacy is not None else None
        return (self.is_claim_site(referrer) and not resolved.reference.deprecated
                and not _within(referrer, legacy_path)
                and not (successor and _within(referrer, successor) and resolved.reference.kind in IMPORT_KINDS)
                and not tests_of(referrer, legacy_path)
                # (pages that moved are followed to by links alone: fastlane's specs commit
                # `./fastlane/README.md`, a stub saying its docs moved, as sample data)
                and not (legacy is not None and _pages_moved(legacy) and (
                    _an_asset(resolved.path, legacy_path) or resolved.reference.kind not in STRONG_KINDS)))

    def pointing_at(self, legacy_path: str) -> list[Resolved]:
        """`treats_as_current` references, without the graph (the pre-commit path skips it)."""
        unique = {id(r): r for r in self.incoming(legacy_path) if self.treats_as_current(r, legacy_path)}
        return sorted(unique.values(), key=lambda r: (r.reference.path, r.reference.line))

    def is_claim_site(self, file: str) -> bool:
        """Whether what `file` says about paths is a claim about the present (not history, not
        the legacy declaration, not built documentation someone committed)."""
        return not (self.historical(file) or file == self.config_file or file in CONFIG_NAMES
                    or self.paths.in_built_site(file))


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder + "/")


def _pages_moved(legacy: Legacy) -> bool:
    """Whether all that makes `legacy` legacy is its pages saying they moved (kapp's and ytt's
    `docs/`: "This page has moved to carvel.dev"): the pages went, not the images beside them."""
    kinds = {e.kind for e in legacy.evidence if e.kind in WEIGHTS}
    return not legacy.declared and kinds == {"moved-stub"}


def _an_asset(path: str | None, legacy_path: str) -> bool:
    """A file in the legacy folder that is no page: the logo kapp's README shows from its `docs/`."""
    return path is not None and path != legacy_path and not path.lower().endswith(DOC_SUFFIXES)


def tests_of(referrer: str, legacy_path: str) -> bool:
    """Whether `referrer` is a test of `legacy_path` itself, named after it: in a folder of its
    name (warehouse's `tests/unit/legacy/api/test_json.py` tests `warehouse/legacy`) or a file
    (`test_payments_v1.py`). It goes with the code it tests, and points at nothing left behind."""
    if not TEST_FILE.search(referrer):
        return False
    name = posixpath.splitext(posixpath.basename(legacy_path))[0]
    *folders, file = referrer.split("/")
    stem = posixpath.splitext(file)[0].removesuffix(".test").removesuffix(".spec")
    return name in folders or stem in (f"test_{name}", f"{name}_test", f"{name}-test", f"{name}_spec")


def attach(ctx) -> Contradictions:
    """Build the picture for `ctx` and keep it as `ctx.contradictions`."""
    paths = RepoPaths(ctx.snapshot.files, ctx.left_out)
    history = load_history(ctx.root, ctx.snapshot.head, ctx.now, paths.paths, ctx.cache,
                           getattr(ctx, "history_log", None))
    resolver = Resolver(ctx.root, paths, history, ctx.collected.definitions, ctx.snapshot.head, ctx.cache)
    from indexer.contradictions.incremental import resolve_all_cached

    resolved = resolve_all_cached(resolver, ctx, history)  # = resolve_all, unchanged files from the cache
    historical = historical_test(ctx.config)
    asks = migrate_asks(ctx.collected.todos, resolved, historical)
    notices, successors = deprecation_notices(ctx.collected.definitions, paths, historical)
    legacy = find_legacy(ctx.config.legacy, paths, history, ctx.now, asks, legacy_settings(ctx.config),
                         notices, successors)
    vendored = getattr(ctx.collected, "vendored", None)
    if vendored and ctx.config.scan.vendored != "report":  # third-party code is nobody's legacy here
        from indexer.scan.collect import vendored_folders

        folders = vendored_folders(vendored, ctx.snapshot.files)
        legacy = [item for item in legacy if item.declared or (item.path not in vendored and item.path not in folders)]
    found = Contradictions(paths=paths, history=history, resolved=resolved, legacy=legacy, asks=asks,
                           resolve_imports=lambda: resolve_all_cached(resolver, ctx, history, imports=True),
                           config_file=_config_file(ctx),
                           historical=historical, standards=tuple(ctx.config.standards),
                           deps=resolver.deps if resolver.deps is not None else {}, resolver=resolver)
    found.pointing = {item.path: found.pointing_at(item.path) for item in legacy}  # the one answer
    if ctx.only is not None:  # no base to start from (`indexer.scan.delta`): say what the answer rests on
        ctx.notes.append(NARROWED_NOTE)
    if legacy and ctx.only is None:  # the pre-commit path needs no resolutions
        from indexer.contradictions.graph import resolutions

        found.resolutions = resolutions(found, ctx.config.standards)
    ctx.contradictions = found
    return found


def historical_test(config) -> Callable[[str], bool]:
    """Whether a file is a historical document: `scan.history_paths` and changelog-like files.
    The globs are compiled at the first question that the names do not answer: a delta scan
    asks only of a large changed file (`indexer.scan.collect`'s `lean`), a reference into a
    legacy path, and a file that says something is deprecated."""
    patterns = tuple(config.scan.history_paths)

    @functools.lru_cache(maxsize=None)  # (asked of a file once per reference in it: answered once)
    def historical(f: str) -> bool:
        # (the names first: a changelog named so is told without compiling the globs, which loads RE2)
        return HISTORICAL.search(f) is not None or bool(_history_globs(patterns).match(f))

    return historical


@functools.lru_cache(maxsize=8)
def _history_globs(patterns: tuple[str, ...]):
    return compile_globs(patterns)


def config_file_of(ctx) -> str:
    """The standards file's path in the repository (what `Contradictions.config_file` holds)."""
    return _config_file(ctx)


def legacy_settings(config=None) -> Settings:
    """Detection thresholds: `rules/legacy-path.yaml`'s options under the repository's `rules:`."""
    from indexer.rulepack import settings_for

    options = settings_for(config)["legacy-path"].options
    return Settings(stale_after_days=options["stale_after"],
                    active_within_days=options["successor_active_within"],
                    min_confidence=options["min_confidence"])


def _config_file(ctx) -> str:
    if ctx.config.file:
        relative = os.path.relpath(ctx.config.file, ctx.root)
        if not relative.startswith(".."):
            return relative.replace(os.sep, "/")
    return posixpath.basename(ctx.config.file or CONFIG_NAMES[0])
