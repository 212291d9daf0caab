"""Resolution re-run only where something changed: each file's resolved references are cached.

A reference's resolution depends on the reference itself (its file's content), and on the
world it is resolved against: the tracked paths (and those left out), the history's removals,
every file's definitions (make targets, scripts, Sphinx roots; not the deprecation signals
kept beside them, which only legacy detection reads), the remote's identity and the current
branch, and the resolver's own code. The cache key of a file's row is its content SHA and a
digest of that world, so after an edit that adds, removes or renames no path and changes no
definition (a new CHANGELOG entry moving its signals' lines included), only the edited files'
references are resolved again; anything else changes the world and every file is resolved
again (correct, not proportional). Which missing paths
git ignores is asked for all of them every time (`.gitignore` and the user's excludes are not
in the world), as `Resolver.resolve_all` does. The rows stay bounded in a long-lived (CI)
cache: those of the last `_KEEP_WORLDS` worlds are kept, and a file's rows of earlier contents
in the current world go when it is resolved again (`_prune`).
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from indexer.contradictions.resolve import IMPORT_KINDS, Resolved, Resolver
from indexer.extract.definitions import resolved_against
from indexer.git.discover import links_branch

KIND = "resolved/v2"  # v2: each row with the keys of the lookups its answers rest on (`deps`)
KIND_IMPORTS = "resolved-imports/v2"
OLD_KINDS = ("resolved/v1", "resolved-imports/v1")  # (rows without their lookups: pruned by a complete scan)
_FIELDS = tuple(f.name for f in dataclasses.fields(Resolved) if f.name != "reference")


def resolve_all_cached(resolver: Resolver, ctx, history, imports: bool = False) -> list[Resolved]:
    """`resolver.resolve_all` of every non-import reference of `ctx.collected` (with `imports`,
    `resolver.resolve` of every import), in the same order, reading each unchanged file's
    resolutions from the cache."""
    by_file = {path: [r for r in refs if (r.kind in IMPORT_KINDS) == imports]
               for path, refs in ctx.collected.references.items()}
    world = resolver.__dict__.get("_world") or resolver.__dict__.setdefault("_world", _world(resolver, ctx, history))
    kind = KIND_IMPORTS if imports else KIND
    keys = {path: f"{path}\0{ctx.collected.content_sha[path]}\0{world}" for path, refs in by_file.items()
            if refs and path in ctx.collected.content_sha}
    cached = ctx.cache.get_many(kind, keys.values()) if keys else {}
    results: list[Resolved] = []
    fresh: dict[str, Any] = {}
    if resolver.deps is None:
        resolver.deps = {}
    deps = resolver.deps  # every file's, for the base a delta finds the files a new path concerns by
    for path, refs in by_file.items():
        if not refs:
            continue
        stored = cached.get(keys.get(path, ""), {})
        row, keys_of = stored.get("resolved"), stored.get("deps")
        if isinstance(row, list) and len(row) == len(refs) and isinstance(keys_of, list):
            results.extend(Resolved(ref, **{name: tuple(value) if isinstance(value, list) else value
                                            for name, value in zip(_FIELDS, values)})
                           for ref, values in zip(refs, row))
            deps.setdefault(path, set()).update(keys_of)
            continue
        out, looked_up = resolver.resolve_traced(refs)
        results.extend(out)
        deps.setdefault(path, set()).update(looked_up)
        if path in keys:
            fresh[keys[path]] = {"resolved": [[getattr(r, name) for name in _FIELDS] for r in out],
                                 "deps": sorted(looked_up)}
    if fresh:
        ctx.cache.put_many(kind, fresh)
        _prune(ctx.cache, kind, world, {path: ctx.collected.content_sha[path] for path in by_file if keys.get(path, "")
                                        in fresh})
    if imports:
        return results
    return resolver._without_ignored(results)  # the one git check-ignore, over every file's


_WORLDS = "resolved/worlds"  # per kind: the worlds resolved in last, newest first
_KEEP_WORLDS = 4  # rows of other worlds (another checkout's tracked paths, history, definitions) are pruned
_PER_PATH = 64  # fewer files resolved again than this: their older rows looked up one by one


def _prune(cache, kind: str, world: str, written: dict[str, str]) -> None:
    """Bound the rows a long-lived cache keeps: rows of worlds older than the last `_KEEP_WORLDS`
    go (once, when a world leaves the list), and a file resolved again in this world loses the
    rows of its earlier contents in it. Nothing is read but keys."""
    row = cache.get_many(_WORLDS, [kind]).get(kind, {})
    recent = [w for w in row.get("worlds", []) if isinstance(w, str)] if isinstance(row.get("worlds"), list) else []
    known = world in recent
    kept = [world] + [w for w in recent if w != world][:_KEEP_WORLDS - 1]
    if recent[:1] != [world]:
        cache.put_many(_WORLDS, {kind: {"worlds": kept}})
    stale: list[str] = []
    if not known or len(written) > _PER_PATH:  # one pass over the keys of the kind
        keep = set(kept)
        for key in cache.keys_between(kind, "", "\U0010ffff"):
            path, _sep, rest = key.partition("\0")
            sha, _sep, key_world = rest.partition("\0")
            if key_world not in keep or (key_world == world and path in written and sha != written[path]):
                stale.append(key)
    else:
        for path, sha in written.items():
            for key in cache.keys_between(kind, path + "\0", path + "\1"):
                key_sha, _sep, key_world = key[len(path) + 1:].partition("\0")
                if key_world == world and key_sha != sha:
                    stale.append(key)
    if stale:
        cache.prune_keys(kind, stale)


def _plain(value: Any) -> Any:
    """JSON for what json cannot write: sets in a stable order (not the process's hash order)."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if dataclasses.is_dataclass(value):
        return dataclasses.asdict(value)
    return repr(value)


def _world(resolver: Resolver, ctx, history) -> str:
    digest = hashlib.sha256()

    def part(value: Any) -> None:
        digest.update(hashlib.sha256(json.dumps(value, sort_keys=True, default=_plain).encode(
            "utf-8", "surrogateescape")).digest())

    from indexer import __version__
    from indexer.contradictions import paths as paths_module, resolve as resolve_module
    from indexer.extract.references import tokens as tokens_module

    part(__version__)
    for module in (resolve_module, paths_module, tokens_module):  # the resolver's code (a development edit too)
        with open(module.__file__, "rb") as fh:
            digest.update(hashlib.sha256(fh.read()).digest())
    part(sorted(ctx.snapshot.files))
    part(sorted(ctx.left_out.items()))
    part([sorted(history.removals), history.truncated])
    part({path: resolved_against(defs) for path, defs in ctx.collected.definitions.items()})
    part([resolver.remote(), links_branch(resolver.root, branch=resolver.branch)])
    part(resolver.link_targets_by_path)  # (a page read through a symlink resolves from there too)
    return digest.hexdigest()[:32]
