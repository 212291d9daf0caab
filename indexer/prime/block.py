"""One prime, start to end: repository state -> index (refreshed if stale) -> ranking -> budget
-> rendering -> usage log.

On an up-to-date index this runs one `git status`, hashes the standards files, and reads the
index; nothing else. A stale index is refreshed through `indexer.prime.refresh` (the scan), or,
with `refresh=False`, served as it is with its age reported.
"""
import hashlib
import os
import time
from datetime import date
from typing import Any, Callable, NamedTuple, Sequence

from indexer.cache import cache_dir_for
from indexer.child import CHILD, SAFE_PATH
from indexer.errors import OrgmemoryError
from indexer.prime import index, usage
from indexer.prime.query import in_scope, task_scope, task_terms
from indexer.prime.render import Renderer, item_json
from indexer.prime.select import Candidate, Selection, fit, rank, tokens
from indexer.prime.state import Freshness, RepoState, files_digest, repo_root, start_probe


class PrimeRequest(NamedTuple):
    task: str
    budget: int
    now: date
    fmt: str = "markdown"
    paths: tuple[str, ...] = ()
    repo: str = "."
    cache_dir: str | None = None
    config_path: str | None = None
    refresh: bool = True
    log_task: bool = False
    worked_on: bool = False  # the working tree's changed files count as `paths` (the hooks)
    include_vendored: bool = False  # `--include-vendored`: vendored and generated code is primed too


class IndexStatus(NamedTuple):
    stale: bool
    refreshed: bool
    changes: tuple[str, ...] = ()
    built_at: int | None = None
    background: bool = False  # served as is while a background refresh brings it up to date

    def age_seconds(self) -> int:
        return max(int(time.time()) - (self.built_at or 0), 0)

    def age_words(self) -> str:
        hours, minutes = divmod(self.age_seconds() // 60, 60)
        return f"{hours} h {minutes} min" if hours else f"{minutes} min"


class Dating(NamedTuple):
    """How the lines of the shown observations got their exact origin (`prime -v` says it)."""

    index: int = 0  # exact in the index already (the scan blamed a stale TODO, or dated it within the window)
    kept: int = 0  # answered by an earlier prime's blame, kept per HEAD (no git)
    blamed: int = 0  # blamed now, on the prime's path (`orgmemory prime`)
    later: int = 0  # left to a detached child, for the next prompt (the hooks never wait for git blame)


class PrimeBlock(NamedTuple):
    text: str
    tokens: int
    request: PrimeRequest
    selection: Selection
    renderer: Renderer
    must_tokens: int
    status: IndexStatus
    warnings: list[str]  # also said on stderr
    notes: list[str]  # the scan's remarks (shallow clone, ...)
    dating: Dating = Dating()

    def items(self) -> list[dict[str, Any]]:
        return [item_json(entry, self.renderer) for entry in self.selection.entries]

    def to_json(self) -> dict[str, Any]:
        """The contract's object. Fields that vary between identical runs appear only when stale."""
        out: dict[str, Any] = {
            "version": 1, "text": self.text, "tokens": self.tokens, "budget": self.request.budget,
            "now": self.request.now.isoformat(), "items": self.items(),
            "dropped": [{"id": _item_id(c), "kind": c.kind, "reason": "budget", "score": c.score}
                        for c in self.selection.dropped]
                       + [{"id": _item_id(c), "kind": c.kind, "reason": "limit", "score": c.score}
                          for c in self.selection.limited],
            "over_budget": self.selection.over_budget, "must_tokens": self.must_tokens,
            "notes": [*self.notes, *self.warnings],
        }
        if self.status.stale:
            out["index"] = {"stale": True, "age_seconds": self.status.age_seconds(), "changes": self.status.changes,
                            "refreshing_in_background": self.status.background}
        return out


def _item_id(candidate: Candidate) -> str:
    payload = candidate.payload
    return payload.get("id") or payload.get("fingerprint") or candidate.key


def build(request: PrimeRequest, probe: Callable[[], RepoState] | None = None) -> PrimeBlock:
    """The block for `request`; `probe` is the repository's `start_probe`, when the caller
    started it earlier (the hook starts it before importing this module)."""
    root = repo_root(request.repo)
    cache_dir = cache_dir_for(root, request.cache_dir)
    directory = index.index_path(cache_dir)
    # (no index yet: the refresh's scan follows, and its `git status` writes git's index anyway)
    finish_probe = probe or start_probe(root, refresh_index=request.refresh and not os.path.lexists(directory))
    paths = repo_paths(root, request.paths)
    terms = task_terms(request.task, paths)
    dirs = near_dirs(paths)
    # A probe started early (the hook's) has finished by now: its dirty files are known before the
    # one read. Else `git status` runs while the index is read, and the changed files' nearby
    # records are read after it.
    view = None if probe is not None else index.read(directory, terms, dirs)
    state = finish_probe()
    if request.worked_on and state.dirty:
        paths = tuple(dict.fromkeys([*paths, *state.dirty[:MAX_WORKED_ON]]))
        if near_dirs(paths) != dirs:
            dirs = near_dirs(paths)
            nearby = index.read(directory, (), dirs) if view is not None else None  # same terms: only near
            if view is not None and nearby is not None and nearby.meta == view.meta:
                view = view._replace(near=nearby.near)
            else:
                view = None
    if view is None:
        view = index.read(directory, terms, dirs)
    status = _status(view, state, request)
    # Only a few edits: served as is, and the refresh is started once the block is made (below),
    # so that its start-up does not compete with this prompt for the cores.
    background = status.stale and request.refresh and _only_edits(view, state, request, status)
    pending = None  # the block's one line on what the background refresh will add
    if not background and status.stale and request.refresh and request.worked_on:
        # The hooks never scan on the prompt's path (no index yet, a new --now, a big HEAD move, a
        # standards edit): the index at hand answers, its standards read from the current file.
        view, pending = _served_stale(view, state.root, request, status, cache_dir, terms, dirs)
        background = True
    if background:
        status = status._replace(background=True)
    elif status.stale and request.refresh:
        from indexer.prime.refresh import refresh

        try:
            refresh(state, request.now, cache_dir, request.config_path, request.include_vendored)
        except OSError as exc:  # a full disk, a read-only cache folder: the index cannot be written
            raise OrgmemoryError(f"could not write the prime index in {directory} "
                                 f"({exc.strerror or exc}); free space or pass --cache-dir") from None
        view = index.read(directory, terms, dirs)
        status = IndexStatus(stale=False, refreshed=True)
    if view is None:
        raise OrgmemoryError("no prime index yet: run `orgmemory prime` without --no-refresh once")
    later: list[tuple[str, int]] = []  # shown lines whose origin a hook does not wait for
    block = _compose(view, terms, paths, request, status, state, cache_dir, later, pending)
    if background and not refresh_in_background(state.root, request):  # rare: say it as it is
        block = _compose(view, terms, paths, request, status._replace(background=False), state, cache_dir, later)
    try:
        usage.append(cache_dir, usage_entry(block))
    except OSError as exc:
        block.warnings.append(f"could not append to the usage log ({exc.strerror}); the block is unaffected")
    if later:  # last, so that the child's start-up does not compete with this prompt
        import json

        places = sorted(set(later))  # the dirty files among them only: an argument stays small
        job = {"head": state.head, "dirty": sorted({path for path, _ in places} & set(state.dirty)), "places": places}
        _detached(_DATE, [state.root, cache_dir, json.dumps(job)], state.root, leaving=request.worked_on)
    return block


def _status(view: index.IndexView | None, state: RepoState, request: PrimeRequest) -> IndexStatus:
    if view is None:
        return IndexStatus(stale=True, refreshed=False, changes=("there is no index yet",))
    recorded = Freshness.from_json(view.meta.get("freshness", {}))
    current = Freshness(
        format=index.FRESHNESS_FORMAT, head=state.head, dirty_digest=state.dirty_digest,
        config_digest=files_digest(recorded.watched), now=request.now.isoformat(),
        config_arg=request.config_path, watched=recorded.watched, vendored=request.include_vendored,
    )
    changes = tuple(current.differences(recorded))
    return IndexStatus(stale=bool(changes), refreshed=False, changes=changes, built_at=view.meta.get("built_at"))


# A working tree with at most this many changed files (and nothing else changed) is served from
# the index at hand while a background process refreshes it: an agent edits files, and each
# prompt must not pay for a scan.
MAX_EDITS_SERVED = 25
MAX_WORKED_ON = 20  # changed files that count as the task's `paths` in the hooks
DATED_AT_MOST = 12  # findings, best first, whose exact origin is looked up before fitting


NO_INDEX_YET = "Observations of this repository are being indexed in the background; later prompts will have them."
NO_INDEX_YET_EXTENDS = ("Observations and inherited standards are being indexed in the background;"
                        " later prompts will have them.")
INHERITED_PENDING = "Inherited standards are being fetched in the background; later prompts will have them."


def _served_stale(view: index.IndexView | None, root: str, request: PrimeRequest, status: IndexStatus,
                  cache_dir: str, terms: Sequence[tuple[str, float]], dirs: Sequence[str],
                  ) -> tuple[index.IndexView, str | None]:
    """What a hook answers with while a background refresh brings a stale index up to date.

    An index of this format answers as it is: its observations were true at its `--now` and
    still are (a stale TODO stays stale; dates are absolute), though one that crossed its
    staleness threshold since is missing until the refresh. Its standards are read from the
    current file when that changed: standards are never served stale. With no index (or one
    of an older layout) the block is the standards alone plus one line (`NO_INDEX_YET`).
    Inherited standards (`extends`) are read from the clones on disk (`_standards_at_hand`).
    """
    usable = view is not None and view.meta.get("format") == index.FORMAT and "there is no index yet" not in status.changes
    standards_changed = "the standards file changed" in status.changes
    if usable and not standards_changed:
        return view, None
    config, inherited_missing = _standards_at_hand(root, request.config_path, cache_dir)
    fresh = _standards_view(config, terms, dirs)
    if not usable:
        return fresh, NO_INDEX_YET_EXTENDS if inherited_missing else NO_INDEX_YET
    scored = {key: hit for key, hit in view.scored.items() if hit.kind != "standard"}
    scored.update(fresh.scored)
    return (view._replace(meta={**view.meta, "org": config.org}, standards=fresh.standards, scored=scored),
            INHERITED_PENDING if inherited_missing else None)


def _standards_at_hand(root: str, config_path: str | None, cache_dir: str):
    """The standards file with its `extends` merged, each git source read from a clone already on
    disk (this repository's or another's: `extends._Loader.cached`), never fetched: the prompt
    waits, and a fetch could take the network's time. When a source has no clone yet, the
    file's own standards and True (inherited standards missing; the background refresh fetches)."""
    from indexer.memory.extends import NotCached
    from indexer.memory.load import load_config, load_memory

    try:
        return load_memory(root, config_path, cache_dir, fetch=False), False
    except NotCached:
        return load_config(root, config_path), True


def _standards_view(config, terms: Sequence[tuple[str, float]], dirs: Sequence[str]) -> index.IndexView:
    """The standards of `config` scored against the task as the index scores them, in an index
    of their own held in memory (a few records; no file a killed hook could leave behind)."""
    from indexer.prime.documents import standard_doc

    docs = [standard_doc(s, order) for order, s in enumerate(s for s in config.standards if s.in_force)]
    return index.read_transient(docs, {"format": index.FORMAT, "org": config.org, "notes": []}, terms, dirs)


def _only_edits(view: index.IndexView | None, state: RepoState, request: PrimeRequest,
                status: IndexStatus) -> bool:
    """Only a few files changed since the index was built (same standards, now): in the working
    tree, and for the hooks (`worked_on`) also by commits (an agent commits its edits, checks out
    a branch a few files away): then HEAD moved across at most `MAX_EDITS_SERVED` files."""
    if view is None or not view.meta.get("freshness") or len(state.dirty) > MAX_EDITS_SERVED:
        return False
    moved = [change for change in status.changes if change.startswith("HEAD moved")]
    if not status.changes or set(status.changes) - {"the working tree changed", *moved}:
        return False
    if not moved:
        return True
    recorded = view.meta["freshness"].get("head")
    return request.worked_on and _few_files_between(state.root, recorded, state.head,
                                                   MAX_EDITS_SERVED - len(state.dirty))


def _few_files_between(root: str, old: Any, new: str | None, most: int) -> bool:
    """Whether the trees of commits `old` and `new` differ in at most `most` files (one
    `git diff-tree`, run only when HEAD moved since the index was built)."""
    import re

    if not (isinstance(old, str) and new and re.fullmatch("[0-9a-f]{40}", old) and re.fullmatch("[0-9a-f]{40}", new)):
        return False
    from indexer.git.run import git_process

    proc = git_process(root, "diff-tree", "-r", "--no-commit-id", "--name-only", "--no-renames", "-z", old, new)
    return proc.returncode == 0 and len([name for name in proc.stdout.split(b"\0") if name]) <= most


def refresh_in_background(root: str, request: PrimeRequest) -> bool:
    """Start `orgmemory prime --refresh-only` detached; True when it started."""
    command = ["prime", "--refresh-only", "--now", request.now.isoformat(), "--repo", root]
    if request.cache_dir:
        command += ["--cache-dir", request.cache_dir]
    if request.config_path:
        command += ["--config", request.config_path]
    if request.include_vendored:
        command.append("--include-vendored")
    return _detached(CHILD, command, root, leaving=request.worked_on)


# Code run by a detached child, `python -c`, in the repository: `indexer.child.CHILD` (never
# `python -m indexer`, which would import a repository's own `indexer/` package).
_DATE = SAFE_PATH + "from indexer.prime.block import date_detached\ndate_detached(sys.argv[1:])"


def _detached(code: str, args: list[str], root: str, leaving: bool = False) -> bool:
    """Start `python -c code args` in `root`, in a session of its own, without stdio; True when
    it started.

    `leaving`: this process exits as soon as its answer is out (the hooks), so the child is
    started by a plain fork that execs, and not waited for: `subprocess.Popen` (vfork) suspends
    the caller until the child has exec'd, and on a loaded machine the child first waits its
    turn for a core (at load 20 on two cores: 7 ms median, up to 20 ms, against 1.7 ms for the
    fork). Its exit is then reaped by init; an exec that fails ends it with 127, unseen. A
    process that lives on (a prime, the MCP server) uses Popen, which reaps its children, and
    so does one with threads (a hook run inside a test runner): a fork copies no other thread,
    and a lock one held would stay held in the child."""
    import sys
    import threading

    argv = [sys.executable, "-c", code, *args]
    if not leaving or threading.active_count() > 1:
        import subprocess

        try:
            subprocess.Popen(argv, cwd=root, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
        except OSError:
            return False
        return True
    try:
        pid = os.fork()
    except OSError:
        return False
    if pid == 0:  # the child: only system calls until exec
        try:
            os.setsid()
            os.chdir(root)
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            os.closerange(3, os.sysconf("SC_OPEN_MAX"))
            os.execv(sys.executable, argv)
        finally:
            os._exit(127)
    return True


def date_detached(args: list[str]) -> None:
    """The child `_origins` starts when a hook must not wait for git blame: ROOT CACHE_DIR JSON,
    the JSON {"head", "dirty", "places"}. It keeps the lines' origins for the next prompt."""
    import json

    from filelock import FileLock, Timeout

    root, cache_dir, data = args
    job = json.loads(data)
    state = RepoState(root=root, head=job["head"], dirty=tuple(job["dirty"]), dirty_digest="")
    try:  # one at a time per cache folder: prompts come faster than a long blame; the next prompt asks again
        with FileLock(os.path.join(cache_dir, "prime-dating.lock"), timeout=0):
            _origins(state, cache_dir, [(str(path), int(line)) for path, line in job["places"]])
    except Timeout:
        return


def _date_findings(ranked: list[Candidate], state: RepoState, cache_dir: str,
                   later: list[tuple[str, int]] | None = None) -> tuple[list[Candidate], Dating]:
    """The best findings with their line's exact origin (date, commit, author) in `dated`;
    with `later`, only those already known (see `_origins`).

    A finding the index dates exactly already (`exact`: a stale TODO's origin the scan blamed,
    a line changed inside the staleness window) is left as it is: no lookup, no blame, no child."""
    top = [c for c in ranked if c.kind == "finding" and c.payload.get("line")][:DATED_AT_MOST]
    asked = [c for c in top if not exact(c.payload.get("dated"))]
    deferred = len(later) if later is not None else 0
    found, blamed = _origins(state, cache_dir, [(c.payload.get("path", ""), int(c.payload["line"])) for c in asked],
                             later)
    dating = Dating(index=len(top) - len(asked), kept=len(found) - blamed, blamed=blamed,
                    later=len(later) - deferred if later is not None else 0)
    out = []
    for candidate in ranked:
        origin = found.get((candidate.payload.get("path", ""), int(candidate.payload.get("line") or 0)))
        if origin is not None and candidate.kind == "finding":
            payload = {**candidate.payload, "dated": {"date": origin.date, "commit": origin.commit,
                                                      "author": origin.author}}
            candidate = candidate._replace(payload=payload)
        out.append(candidate)
    return out, dating


def exact(dated: Any) -> bool:
    """Whether a finding's dating (`provenance`) is its line's exact origin: a day and a commit."""
    return isinstance(dated, dict) and bool(dated.get("date")) and bool(dated.get("commit"))


MAX_WALKED = 20_000  # entries of the work tree `names_a_place` looks at, at most
_NOT_WALKED = frozenset({".git", "node_modules", "vendor", "third_party", "__pycache__", ".venv", "venv"})


def names_a_place(root: str, scope: Sequence[tuple[str, ...]]) -> bool:
    """Whether a file or folder of the work tree lies in the area a task names (`query.in_scope`:
    `markers: ...` -> `src/core/version/markers.py`). Bounded: at most `MAX_WALKED` entries,
    hidden and vendored folders skipped; read only when the index alone cannot tell."""
    if not scope:
        return False
    probes = [stem[:4] for segment in scope for stem in segment]  # a stem starts like its word: a cheap filter
    seen = 0
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in _NOT_WALKED and not d.startswith(".")]
        seen += len(dirs) + len(files)
        if seen > MAX_WALKED:
            return False
        relative = os.path.relpath(folder, root).lower()
        for name in (*dirs, *files):
            place = f"{relative}/{name.lower()}"
            if all(probe in place for probe in probes) and in_scope(scope, place.removeprefix("./")):
                return True
    return False


SHOWN_ORIGINS = "prime-shown-origins/v1"


def _origins(state: RepoState, cache_dir: str, places: list[tuple[str, int]],
             later: list[tuple[str, int]] | None = None) -> tuple[dict[tuple[str, int], Any], int]:
    """The exact origin of each (path, line) at HEAD, dirty files left out, and how many of
    them were blamed now.

    A prime at the same HEAD asks for the same few lines again and again (each prompt of a
    session): their answers are kept per HEAD, path and line, and read back without running git
    or importing the blame machinery (the hook's path). Lines not answered so far go to
    `indexer.git.blame.origins`, the one exact-origin blame, shared with the scan; given
    `later` (the hooks: a blame walks a file's whole history, 0.1-30 s, and the prompt must not
    wait for it) they are added to it instead, for `build` to have them blamed by a detached child
    once the block is made (`date_detached`), and shown as the index dates them (`last changed
    before ...`) until then: the next prompt has their exact origin.
    """
    dirty = set(state.dirty)
    places = [place for place in dict.fromkeys(places) if place[0] not in dirty]
    if not places or not state.head:
        return {}, 0
    from indexer.cache import Cache

    keys = {place: f"{state.head}:{place[0]}:{place[1]}" for place in places}
    cache = Cache(cache_dir)
    try:
        kept = cache.get_many(SHOWN_ORIGINS, keys.values())
        found = {place: _Origin(**{f: kept[key][f] for f in _Origin._fields}) for place, key in keys.items()
                 if key in kept and all(isinstance(kept[key].get(f), str) for f in _Origin._fields)}
        missing = [place for place in places if place not in found]
        blamed: dict[tuple[str, int], _Origin] = {}
        if missing and later is not None:
            later.extend(missing)
        elif missing:
            from indexer.git.blame import origins

            blamed = {place: _Origin(*origin) for place, origin in
                      origins(state.root, cache, state.head, missing, state.dirty).items()}
            found.update(blamed)
            cache.put_many(SHOWN_ORIGINS, {keys[place]: origin._asdict() for place, origin in blamed.items()})
    finally:
        cache.close()
    return found, len(blamed)


class _Origin(NamedTuple):
    date: str
    commit: str
    author: str


def _compose(view: index.IndexView, terms: Sequence[tuple[str, float]], paths: Sequence[str],
             request: PrimeRequest, status: IndexStatus, state: RepoState | None = None,
             cache_dir: str | None = None, later: list[tuple[str, int]] | None = None,
             pending: str | None = None) -> PrimeBlock:
    renderer = Renderer(request.fmt, view.meta.get("org"), request.now, pending)
    scope = task_scope(request.task)
    root = state.root if state is not None else None
    musts, ranked = rank(view, terms, paths, request.now, scope,
                         lambda: root is not None and names_a_place(root, scope.area))
    selection = fit(musts, ranked, request.budget, renderer.measure, renderer.max_level)
    dating = Dating()
    if state is not None and cache_dir is not None:  # the shown findings' exact origin, then fit again
        shown = {e.candidate.key for e in selection.entries}
        dated, dating = _date_findings([c for c in ranked if c.key in shown], state, cache_dir,
                                       later if request.worked_on else None)
        redated = {c.key for c, ranked_c in zip(dated, (r for r in ranked if r.key in shown))
                   if c.payload is not ranked_c.payload}
        if redated:
            by_key = {c.key: c for c in dated}
            ranked = [by_key.get(c.key, c) for c in ranked]
            renderer.forget(redated)  # the other items render as they did
            entries = [e._replace(candidate=by_key.get(e.candidate.key, e.candidate)) for e in selection.entries]
            if selection.over_budget or renderer.measure(entries) <= request.budget:  # dates are seldom longer
                selection = selection._replace(entries=entries)
            else:
                selection = fit(musts, ranked, request.budget, renderer.measure, renderer.max_level)
    text = renderer.text(selection.entries, selection.dropped)
    must_tokens = renderer.measure([e for e in selection.entries if e.candidate.must])
    warnings = []
    if selection.over_budget and selection.entries:
        warnings.append(f"the must standards and the block's heading take {must_tokens} tokens, over the "
                     f"budget of {request.budget}; they are included anyway")
    elif selection.over_budget:  # no must standard: the heading alone (and its one line) is too long
        warnings.append(f"the block's heading alone takes {must_tokens} tokens, over the budget of "
                     f"{request.budget}; nothing else fits")
    if status.stale and not status.background:
        warnings.append(f"the index is {status.age_words()} old and out of date ({'; '.join(status.changes)});"
                     " served as is because of --no-refresh")
    return PrimeBlock(text=text, tokens=tokens(text), request=request, selection=selection,
                      renderer=renderer, must_tokens=must_tokens, status=status, warnings=warnings,
                      notes=list(view.meta.get("notes", ())), dating=dating)


def repo_paths(root: str, given: Sequence[str]) -> tuple[str, ...]:
    """`--paths` as repo-relative `/` paths (comma-separated lists split, outsiders dropped).

    A relative path is read from the current directory when that is inside the repository
    (as a shell user means it), else from the repository root (as a hook running elsewhere does).
    """
    cwd = os.getcwd()
    base = cwd if _inside(os.path.relpath(cwd, root)) else root
    out = []
    for value in given:
        for part in filter(None, (p.strip() for p in value.split(","))):
            relative = os.path.relpath(os.path.join(base, part), root).replace(os.sep, "/")
            if _inside(relative) and relative != ".":
                out.append(relative)
    return tuple(dict.fromkeys(out))


def _inside(relative: str) -> bool:
    return relative != ".." and not relative.startswith("../")


def near_dirs(paths: Sequence[str]) -> tuple[str, ...]:
    """Each of `paths` and its parent folder: records in or next to them."""
    folders = set(paths)
    folders.update(path.rsplit("/", 1)[0] for path in paths if "/" in path)
    return tuple(sorted(folders))


def usage_entry(block: PrimeBlock) -> dict[str, Any]:
    entries = block.selection.entries
    request = block.request
    entry = {
        "time": usage.stamp(request.now),
        "task_sha256": hashlib.sha256(request.task.encode()).hexdigest(),
        "ids": [_item_id(e.candidate) for e in entries],
        "standards": [e.candidate.payload["id"] for e in entries if e.candidate.kind == "standard"],
        "tokens": block.tokens, "budget": request.budget,
        "dropped": len(block.selection.dropped),
        "dropped_observations": sum(1 for c in block.selection.dropped if c.kind == "finding"),
        "over_budget": block.selection.over_budget,
    }
    if request.log_task:
        entry["task"] = request.task
    return entry
