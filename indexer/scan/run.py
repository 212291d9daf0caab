"""`run_scan`: the scan as callers see it, memoised on everything it depends on.

A scan is a pure function of the tracked content (HEAD, the index, the work-tree edits), the
merged configuration, `--now` and the files asked about. When all of those are what an earlier
scan saw, its result is read back from the cache: the warm path costs the three git plumbing
calls and one cache read, and imports none of the stages (`indexer.scan.pipeline` does).
"""
from __future__ import annotations

import hashlib
from collections import Counter
import json
import os
import time
from dataclasses import InitVar, dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING, Any, Callable

from indexer import __version__
from indexer.cache import Cache, cache_dir_for
from indexer.git.discover import GitState, blob_sha, read_state, read_worktree
from indexer.git.discover import snapshot as take_snapshot
from indexer.findings import Finding
from indexer.git.root import config_file, memory_files

if TYPE_CHECKING:
    from indexer.contradictions.stage import Contradictions
    from indexer.models import Config, Snapshot
    from indexer.scan.collect import Collected

MEMO_KIND = "scan-result/v4"  # v4: stale-todo messages carry the exact date; the result's JSON, a newline, the gated `--format json` text


@dataclass(frozen=True)
class ScanResult:
    root: str
    head: str | None
    now: date
    findings: tuple[Finding, ...]
    files: int
    parsed: int
    skipped: dict[str, int]
    notes: tuple[str, ...] = ()
    set_aside: dict[str, int] = field(default_factory=dict)  # vendored/generated: files, todos, references
    resolutions: tuple[dict[str, Any], ...] = ()  # one per legacy path (`Resolution.to_json()`)
    extra: dict[str, Any] = field(default_factory=dict)  # sections a narrowing adds: baseline, since
    # What downstream commands read instead of loading or scanning again; not part of the JSON.
    # `memory` is set whenever the configuration was loaded (always with `run_scan(with_memory=True)`);
    # the stages' own outputs only when they ran (`run_scan(memo=False)` guarantees it).
    memory: Config | None = field(default=None, compare=False, repr=False)  # the merged memory
    collected: Collected | None = field(default=None, compare=False, repr=False)  # extracted facts
    contradictions: Contradictions | None = field(default=None, compare=False, repr=False)
    timings: dict[str, float | None] = field(default_factory=dict, compare=False, repr=False)  # stage -> s (`-v`); None: a remark
    # What the memo stored: its own text for `to_json_text`, and the gated `--format json` text.
    # Given as InitVars, so `replace()` (a filtered or re-rooted result) drops them.
    memo_text: str | None = field(default=None, init=False, compare=False, repr=False)
    gated_json: str | None = field(default=None, init=False, compare=False, repr=False)
    text: InitVar[str | None] = None
    gated: InitVar[str | None] = None

    def __post_init__(self, text: str | None, gated: str | None) -> None:
        object.__setattr__(self, "memo_text", text)  # the documented way to set a frozen field
        object.__setattr__(self, "gated_json", gated or None)

    def to_json(self) -> dict[str, Any]:
        out = {
            "version": 1,
            "root": self.root,
            "head": self.head,
            "now": self.now.isoformat(),
            "summary": {
                "files": self.files,
                "parsed": self.parsed,
                "skipped": self.skipped,
                "set_aside": self.set_aside,
                "findings": _count_by(self.findings, "rule"),
                "severities": _count_by(self.findings, "severity"),
            },
            "notes": list(self.notes),
            "findings": [f.to_json() for f in self.findings],
            "resolutions": list(self.resolutions),
        }
        out.update(self.extra)
        return out

    def to_json_text(self) -> str:
        """`to_json()` on one line; a result read from the memo gives back the text it came from."""
        text = self.memo_text
        return text if text is not None else json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json_text(cls, text: str) -> "ScanResult":
        """The inverse of `to_json_text`; the memo stores results with `parsed` 0 (a hit parses nothing)."""
        data = json.loads(text)
        summary = data["summary"]
        result = cls(root=data["root"], head=data["head"], now=date.fromisoformat(data["now"]),
                     findings=tuple(Finding.from_json(f) for f in data["findings"]),
                     files=summary["files"], parsed=summary["parsed"], skipped=summary["skipped"],
                     set_aside=summary.get("set_aside", {}), notes=tuple(data["notes"]),
                     resolutions=tuple(data.get("resolutions", ())),
                     extra={k: v for k, v in data.items() if k not in _OWN_KEYS}, text=text)
        return result


_OWN_KEYS = {"version", "root", "head", "now", "summary", "notes", "findings", "resolutions"}


def _count_by(findings, attribute: str) -> dict[str, int]:
    return dict(sorted(Counter(getattr(f, attribute) for f in findings).items()))


def run_scan(path: str, now: date, cache_dir: str | None = None, config_path: str | None = None,
             progress: Callable[[int], Callable[[int], None]] | None = None,
             only: frozenset[str] | None = None, memo: bool = True,
             include_vendored: bool = False, with_memory: bool = False,
             with_contradictions: bool = False) -> ScanResult:
    """Scan the repository containing `path`; with `only`, read and report those paths alone.

    `memo=False` always runs the stages (callers that need `ScanResult.contradictions` or
    `ScanResult.collected`); `with_memory` sets `ScanResult.memory` on a memo hit too.
    `include_vendored` reports vendored and generated code too (`scan.vendored: report`).
    `with_contradictions`: a memo hit carries the picture `explain` reads, when the scan stored
    one (`indexer.contradictions.explain.StoredContradictions`), else `contradictions` stays None.
    """
    state = read_state(path)
    root = state.root
    cache = Cache(cache_dir_for(root, cache_dir))
    try:
        environment = _environment(root)  # (read once: every key below hashes it)
        quick = None if include_vendored else raw_memo_key(root, state, config_path, now, only, environment)
        if memo and quick is not None and (hit := _recall(cache, quick, root)) is not None:
            hit = _with_stored(hit, cache, quick, cache_dir) if with_contradictions else hit
            if not with_memory:
                return hit
            return _with_memory(hit, _load_memory(root, config_path, cache_dir))
        from indexer.globs import compile_globs

        config = _load_memory(root, config_path, cache_dir)
        if config.extends:  # the merged memory, not the file's bytes, is an input: `memo_key`
            quick = None
        if include_vendored:
            config = replace(config, scan=replace(config.scan, vendored="report"))
        discovering = time.perf_counter()
        snapshot, left_out = take_snapshot(root, compile_globs(config.scan.exclude), state)
        discovered = time.perf_counter() - discovering
        key = quick or memo_key(snapshot, config, now, only, environment)
        if memo and quick is None and (hit := _recall(cache, key, root)) is not None:
            return _with_memory(_with_stored(hit, cache, key, cache_dir) if with_contradictions else hit, config)
        from indexer.scan.pipeline import run_pipeline, without_foreign_entries
        from indexer.scan import delta

        # a complete scan keeps a base; a later one that differs from it in a few files' content
        # does the work of those files (`indexer.scan.delta`); callers of `memo=False` want the stages' outputs
        base = delta.base_key(root, config, now, environment) if memo else None

        def fresh() -> ScanResult:
            why: dict[str, Any] = {}
            if base is not None:
                try:
                    found = delta.try_delta(root, config, now, snapshot, left_out, cache, base, progress)
                    if only is not None:  # FILES / pre-commit: the full-equivalent result on those files
                        from indexer.scan.narrow import on_files

                        return on_files(replace(found, timings={"discover": discovered, **found.timings}), only)
                    return replace(found, timings={"discover": discovered, **found.timings}, gated=found.gated_json)
                except delta.Fallback as exc:  # `scan -v` says why the whole pipeline ran
                    why = {f"{'full' if only is None else 'narrowed'} scan: {exc}": None}
            findings, ctx = run_pipeline(root, config, now, snapshot, left_out, cache,
                                         progress(len(snapshot.files)) if progress else None, only)
            notes = ctx.notes + cache.warnings
            return ScanResult(
                root=root, head=snapshot.head, now=now, findings=tuple(findings),
                files=len(snapshot.files), parsed=ctx.collected.parsed,
                skipped=dict(sorted(Counter(ctx.collected.skipped.values()).items())),
                notes=tuple(dict.fromkeys(notes)), set_aside=dict(ctx.collected.set_aside),
                resolutions=tuple(r.to_json() for r in ctx.contradictions.resolutions),
                memory=config, collected=ctx.collected, contradictions=ctx.contradictions,
                timings={"discover": discovered, **why, **ctx.timings})

        result = without_foreign_entries(cache, fresh)
        # a narrowed scan (FILES with no base to measure from) is not kept: once a complete scan
        # leaves a base, the same FILES get the complete answer, not this one from the memo
        narrowed = only is not None and result.contradictions is not None
        if not cache.warnings and not narrowed:
            from indexer.output.json_report import render as gated_json

            stored = replace(result, parsed=0)
            # the gated `--format json` text too, so a hit writes it back without the gate's cost (a
            # delta result comes gated: the base's gated findings and the changed files' own)
            gated = with_parsed(result.gated_json, result.files, result.parsed, 0) if result.gated_json else None
            gated = gated or gated_json(stored)
            cache.put_text(MEMO_KIND, key, stored.to_json_text() + "\n" + gated)
            if only is None and result.contradictions is not None:  # what `explain` reads, so that
                # explaining after a scan is a cache read (a delta scan has no picture of its own)
                from indexer.contradictions.explain import EXPLAIN_KIND, explain_index

                cache.put_text(EXPLAIN_KIND, key, explain_index(result.contradictions))
                if base is not None:  # a complete scan: the base the next change is measured from
                    delta.store_base(cache, base, snapshot, left_out, stored, result.collected,
                                     result.contradictions, gated)
            # and this scan's own `--format json` is that text with its `parsed`: gated once, not twice
            result = replace(result, gated=with_parsed(gated, result.files, 0, result.parsed))
        return result
    finally:
        cache.close()


def _load_memory(root: str, config_path: str | None, cache_dir: str | None) -> Config:
    """`load_memory`, without importing the standards loader (and PyYAML) when the repository
    has no standards file: that is `Config()`, what the loader returns for it."""
    if config_path is None and not memory_files(root):
        from indexer.models import Config

        return Config()
    from indexer.memory.load import load_memory

    return load_memory(root, config_path, cache_dir)


def with_parsed(gated: str, files: int, parsed: int, to: int) -> str | None:
    """The gated JSON text of a result with `parsed` set to `to`; None when it is not found (its
    summary comes first after root, head and now, whose quotes inside strings are escaped)."""
    summary = f'"summary":{{"files":{files},"parsed":{parsed},'
    if summary not in gated:
        return None
    return gated.replace(summary, f'"summary":{{"files":{files},"parsed":{to},', 1)


def _with_memory(result: ScanResult, config: Config) -> ScanResult:
    """`result` carrying the loaded memory; the same result, so the memo's texts stay."""
    return replace(result, memory=config, text=result.memo_text, gated=result.gated_json)


def _with_stored(result: ScanResult, cache: Cache, key: str, cache_dir: str | None) -> ScanResult:
    """`result` carrying the contradictions picture stored under `key`, if any (a damaged one is none)."""
    from indexer.contradictions.explain import EXPLAIN_KIND, StoredContradictions

    text = cache.get_text(EXPLAIN_KIND, key)
    try:
        found = StoredContradictions(text, result.root, result.head, result.now, cache_dir) if text else None
    except (ValueError, KeyError, TypeError):
        found = None
    return replace(result, contradictions=found, text=result.memo_text, gated=result.gated_json)


def _recall(cache: Cache, key: str, root: str) -> ScanResult | None:
    """The memoised result, as seen from this checkout (keys leave the checkout's path out, so
    clones sharing a cache share results)."""
    text = cache.get_text(MEMO_KIND, key)
    if text is None:
        return None
    text, _, gated = text.partition("\n")
    try:
        result = ScanResult.from_json_text(text)
    except (ValueError, KeyError, TypeError, AttributeError):  # a damaged row is a miss
        return None
    if result.root != root:
        head = '{"version":1,"root":'
        before, after = head + json.dumps(result.root, ensure_ascii=False) + ",", head + json.dumps(root, ensure_ascii=False) + ","
        gated = after + gated[len(before):] if gated.startswith(before) else ""
        return replace(result, root=root, gated=gated)
    return replace(result, text=text, gated=gated) if gated else result


def raw_memo_key(root: str, state: GitState, config_path: str | None, now: date,
                 only: frozenset[str] | None, environment: tuple[bytes, bytes] | None = None) -> str | None:
    """The memo key from unparsed inputs: git's own output and the standards file's bytes.

    Lets an unchanged repository skip even loading the YAML. None when the file cannot be read.
    A configuration that `extends` other files is never stored under this key (`run_scan`
    drops it once the file is parsed: the merged configuration is then part of `memo_key`), so
    a hit here is always a file without `extends`.
    """
    config = _config_bytes(root, config_path)
    if config is None:
        return None
    digest = hashlib.sha256()
    for part in (b"raw", __version__.encode(),
                 (state.head or "").encode(), now.isoformat().encode(),
                 json.dumps(sorted(only)).encode() if only is not None else b"*",
                 config, state.index, state.status, *(environment or _environment(root))):
        digest.update(hashlib.sha256(part).digest())
    dirty, _deleted = state.worktree_changes()
    for path in sorted(dirty):
        digest.update(f"{path}\0{_worktree_sha(root, path)}\0".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def _config_bytes(root: str, config_path: str | None) -> bytes | None:
    """The standards file as bytes; b"" when there is none; None when it cannot be read."""
    try:
        with open(config_file(root, config_path), "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        present = os.path.lexists(config_file(root, config_path))  # a broken link is not "no file"
        return None if config_path or present else b""
    except OSError:
        return None


def memo_key(snapshot: Snapshot, config: Config, now: date, only: frozenset[str] | None,
             environment: tuple[bytes, bytes] | None = None) -> str:
    """A digest of every input of a scan. Work-tree edits are hashed by content, since
    `git status` names a dirty file but does not change when it is edited again."""
    digest = hashlib.sha256()
    for part in (__version__, snapshot.head or "", now.isoformat(),
                 json.dumps(sorted(only)) if only is not None else "*",
                 json.dumps(config.to_json(), sort_keys=True, default=str)):
        digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    for part in environment or _environment(snapshot.root):
        digest.update(hashlib.sha256(part).digest())
    for path in sorted(snapshot.files):
        digest.update(f"{path}\0{snapshot.files[path]}\0".encode("utf-8", "surrogateescape"))
    for path in sorted(snapshot.dirty):
        digest.update(f"{path}\0{_worktree_sha(snapshot.root, path)}\0".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def _environment(root: str) -> tuple[bytes, bytes]:
    """Inputs of a scan outside the tracked content and the standards file: the remote URL (links
    to this repository's hosting site resolve as local paths) and the rule pack (rule options)."""
    from indexer.git.run import origin_identity
    from indexer.rulepack import rules_dir

    remote = json.dumps(origin_identity(root)).encode()  # not the URL: https and ssh clones agree
    rules = hashlib.sha256()
    directory = rules_dir()
    for name in sorted(os.listdir(directory)):
        if name.endswith(".yaml"):
            with open(os.path.join(directory, name), "rb") as fh:
                rules.update(name.encode() + b"\0" + fh.read() + b"\0")
    return remote, rules.digest()


def _worktree_sha(root: str, path: str) -> str:
    data, reason = read_worktree(root, path)  # never through a link out of the repository, nor a FIFO
    return blob_sha(data) if data is not None else reason or "unreadable"
