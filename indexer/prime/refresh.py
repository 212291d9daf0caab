"""Bring the prime index up to date: run the scan, turn its results into documents, write.

The index is refreshed here, from the prime command, rather than inside `run_scan`: the scan
stays free of the prime index, and the freshness key (HEAD, dirty-set digest, standards-file digest,
`--now`) is computed in one place from the same `git status` the fast path reads. The scan
caches extraction per blob and blame per line, and the index rewrites only documents whose
content hash changed, so a refresh after one edited file re-reads that file and little else.

This is the only module of `indexer.prime` that imports the scanner (and through it
tree-sitter); the fast path never imports it.
"""
from __future__ import annotations

import os
import time
from datetime import date
from typing import Any

from indexer.models import Config
from indexer.prime import index
from indexer.prime.state import Freshness, RepoState, files_digest


def refresh(state: RepoState, now: date, cache_dir: str, config_path: str | None,
            include_vendored: bool = False) -> dict[str, Any]:
    """Scan, index, and return the meta record written (its `freshness` matches `state`).
    `include_vendored` (`prime --include-vendored`): vendored and generated code is scanned and primed."""
    from indexer.git.discover import read_state
    from indexer.prime.documents import build_documents
    from indexer.prime.provenance import finding_dates
    from indexer.scan.run import run_scan

    primary = watched_files(state.root, config_path)
    before = files_digest(primary)
    tree = read_state(state.root)  # (the scan's and the dates' one look at the work tree)
    result = run_scan(state.root, now, cache_dir=cache_dir, config_path=config_path, with_memory=True,
                      include_vendored=include_vendored, state=tree)
    config = result.memory
    watched = watched_files(state.root, config_path, config)
    unchanged = files_digest(primary) == before
    freshness = Freshness(
        format=index.FRESHNESS_FORMAT, head=state.head, dirty_digest=state.dirty_digest,
        config_digest=files_digest(watched) if unchanged else "changed-during-refresh",
        now=now.isoformat(), config_arg=config_path, watched=watched, vendored=include_vendored,
    )
    findings = list(result.findings) if include_vendored \
        else _first_party(state.root, result.findings, config.scan.vendored == "report")
    dated = finding_dates(state.root, cache_dir, findings, now, config.scan.stale_after_days, tree)
    docs = build_documents(config, findings, result.resolutions, dated)
    meta = {"format": index.FORMAT, "freshness": freshness.to_json(), "built_at": int(time.time()),
            "org": config.org, "notes": list(result.notes)}
    index.write(index.index_path(cache_dir), docs, meta)
    remove_leftovers(cache_dir)
    return meta


LEFTOVER_PREFIX = "prime-standards-"  # throwaway indexes of the standards, up to version 0.2.0
LEFTOVER_AGE = 600  # seconds: older than any prompt that could still be using one


def remove_leftovers(cache_dir: str, now: float | None = None) -> None:
    """Remove the `prime-standards-*` folders that hooks of earlier versions wrote the standards
    to on the prompt's path and left behind when killed midway (the hooks now score them in
    memory). Links are removed, never followed; what cannot be removed stays."""
    import shutil

    now = time.time() if now is None else now
    try:
        names = [name for name in os.listdir(cache_dir) if name.startswith(LEFTOVER_PREFIX)]
    except OSError:
        return
    for name in names:
        path = os.path.join(cache_dir, name)
        try:
            if now - os.lstat(path).st_mtime < LEFTOVER_AGE:
                continue
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path)
            else:
                os.unlink(path)
        except OSError:
            continue


def _first_party(root: str, findings, reported: bool) -> list:
    """The findings outside vendored and generated files: not primed, even when the scan
    reports them (`scan.vendored: report`, `reported`), unless `prime --include-vendored` asks
    for them. The scan's own classification decides. Otherwise the scan has already taken the
    findings of `VENDORED_QUIET`'s rules out of every file it classifies so, and this
    classification, of fewer paths and without the files' generated headers, finds no more:
    only the other rules' findings are asked about (often none, and no RE2 or `git check-attr`)."""
    from indexer.scan.collect import VENDORED_QUIET, classify_vendored

    findings = list(findings)
    paths = {f.path for f in findings if reported or f.rule not in VENDORED_QUIET}
    if not paths:
        return findings
    if os.path.isfile(os.path.join(root, ".gitattributes")):
        paths.add(".gitattributes")
    aside = classify_vendored(root, sorted(paths))
    return [f for f in findings if f.path not in aside]


def watched_files(root: str, config_path: str | None, config: Config | None = None) -> tuple[str, ...]:
    """The standards files whose content the index depends on (absent ones included).

    The repository's own file (or both default names, so creating one is noticed) and every
    local file the merged memory took standards or legacy paths from. Files of `extends` git
    sources are not watched: their clones change on the scan's own schedule, and a new `--now`
    refreshes the index at least daily.
    """
    from indexer.git.root import CONFIG_NAMES

    names = [config_path] if config_path else list(CONFIG_NAMES)
    files = [os.path.abspath(os.path.join(root, name)) for name in names]
    if config is not None:
        declared = {item.file for item in (*config.standards, *config.legacy)}
        files += [os.path.abspath(os.path.join(root, name)) for name in sorted(declared) if "://" not in name]
    return tuple(dict.fromkeys(files))
