"""Narrowing a scan to what one change is responsible for.

Three ways, used by `scan` (FILES, `--staged`, `--baseline`, `--since`) and by the pre-commit
hook: restrict the scan to some tracked files before it runs (`only`, so nothing else is read
or blamed), drop the findings a baseline already accepts, and keep only findings on lines
changed since a revision. Each filter says in the result's notes what it left out, so a
quiet report is never mistaken for a clean repository.
"""
from __future__ import annotations

import dataclasses
import os
from typing import Callable, Iterable

from indexer.git.changes import changed_lines, on_changed_lines, start_changed_lines
from indexer.git.root import repo_root
from indexer.git.discover import ls_files, staged_files  # noqa: F401  (staged_files: narrow's API)


def tracked_files(root: str, paths: Iterable[str], state=None) -> frozenset[str]:
    """The tracked files that `paths` (files or folders, relative to the current folder) name.

    Paths are taken literally (no glob magic); names outside the repository or not tracked
    name nothing, which is what pre-commit wants for a file it passes but git ignores. With the
    scan's `state` (`indexer.git.discover.read_state`), read from its index: no git process.
    """
    real_root = os.path.realpath(root)
    relative = []
    for path in paths:
        rel = os.path.relpath(os.path.realpath(path), real_root).replace(os.sep, "/")
        if rel == ".":
            rel = ""
        if rel != ".." and not rel.startswith("../"):
            relative.append(rel or ".")
    if not relative:
        return frozenset()
    if state is not None:
        return frozenset(state.tracked(relative))
    return frozenset(ls_files(root, *relative, literal=True))


def on_files(result, only: frozenset[str]):
    """The complete scan's `result` as a scan of the files `only` reports it: their findings alone,
    no resolutions (a narrowed scan computes none), and not the complete scan's memo texts.

    This is how `scan FILES` and the pre-commit hook answer when the cache holds a base of the
    repository (`indexer.scan.delta`): the delta's full-equivalent result, filtered, so legacy
    paths and what still points at them are counted over every file, not the ones given.
    """
    findings = tuple(f for f in result.findings if f.path in only)
    # the complete scan's skipped and set-aside counts are the repository's, not the files' (a
    # changed file that is skipped, vendored or generated never comes this way: the delta declines)
    # (no `contradictions`: `run_scan` keeps a FILES result in its memo only when it is this one)
    return dataclasses.replace(result, findings=findings, resolutions=(), skipped={}, set_aside={},
                               contradictions=None)


def without_baselined(result, baseline_path: str, required: bool = True):
    """`result` less the findings in the baseline at `baseline_path`.

    With `required=False` a missing baseline file means "no baseline" (the pre-commit hook's
    default), not an error.
    """
    if not required and not os.path.exists(baseline_path):
        return result
    from indexer.scan import baseline as baseline_file  # only with --baseline

    counts = baseline_file.load(baseline_path)
    filtered = baseline_file.filter_new(result.findings, counts)
    note = (f"{filtered.baselined} finding{'s' * (filtered.baselined != 1)} in the baseline "
            f"{os.path.basename(baseline_path)} not reported")
    extra = dict(result.extra, baseline={"file": baseline_path, "baselined": filtered.baselined})
    return dataclasses.replace(result, findings=filtered.new, notes=(*result.notes, note), extra=extra)


def changes_since(path: str, ref: str, state=None) -> Callable[[], dict[str, frozenset[int]]]:
    """The lines changed since `ref` in the repository containing `path`: their `git diff`
    started now, beside the scan, read by `since` (a REF that is no commit fails at once).
    `state`: the scan's `read_state`, whose `git status` names the paths to diff with the work
    tree (the others are diffed with HEAD's tree)."""
    dirty = state.worktree_changes()[0] if state is not None and state.head is not None else None
    return start_changed_lines(state.root if state is not None else repo_root(path), ref, dirty)


def since(result, ref: str, changes=None):
    """`result` less the findings on lines that did not change since `ref` (`changes`: what
    `changes_since` gave, or the lines themselves)."""
    if changes is None:
        changes = changed_lines(result.root, ref)
    elif callable(changes):
        changes = changes()
    kept = on_changed_lines(result.findings, changes)
    dropped = len(result.findings) - len(kept)
    note = f"{dropped} finding{'s' * (dropped != 1)} on lines unchanged since {ref} not reported"
    extra = dict(result.extra, since={"ref": ref, "changed_files": len(changes), "unchanged": dropped})
    return dataclasses.replace(result, findings=kept, notes=(*result.notes, note), extra=extra)
