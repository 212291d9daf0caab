"""Which paths ever existed on HEAD's main line: the chain of its first parents.

History (`indexer.git.history`) reads every commit HEAD reaches, side branches and histories
merged in from other roots alike. A deletion inside a history that was merged in from another
repository (a subtree merge: rails' actionmailbox deleted its top-level `app/views/.DS_Store`
before it moved under `actionmailbox/`) says nothing about this repository's `app/views`; a
deletion on a feature branch that was merged does (its merge's diff against its first parent
removes the path). The rule: a path counts as removed or renamed only if a commit of the main
line, its diff taken against its first parent, ever touched it (or a file under it).

Most removals need no walk over paths: a removal whose commit is itself on the main line (what
history names: the path's newest removal, or the newest of the files under a folder) is one. One
`git log --first-parent --since` down to the oldest of those commits tells (terraform, 18k
first-parent commits: ~0.15 CPU-s). A removal merged from a branch is one when the main line's
tree from before it holds the path (`_held_before`). The rest, one `git log --first-parent --diff-merges=first-parent
--name-only` limited to those paths, stopped as soon as every one is seen: only paths the main
line never had walk the whole chain (rails, 46k first-parent commits: ~1 CPU-s). git 2.39 uses
no Bloom filter for several pathspecs, and that walk costs the chain's length times the paths':
git/git's 11 paths (24k first-parent commits, a root folder of 500 entries) took 3-4 CPU-s.
With the scan's commit-graph it walks the chain in windows instead, each for the paths still
unseen (`_walk_chain`). The answers are cached per HEAD, and carry over to a HEAD whose chain
holds a kept one (the scan after new commits on the main line): a path it touched is touched,
and one it did not is looked for in the new commits alone (`_carried`).
"""
from __future__ import annotations

import bisect
import os
import subprocess
from typing import Callable, Iterable, Mapping

from indexer.git.history import PACK_LIMITS
from indexer.git.run import FULL_SHA
from indexer.git.run import git_argv, git_process

#: The walk reads two trees a commit: with the history's limits (`PACK_LIMITS`) it peaked at 127 MB
#: on rails (46k first-parent commits), 96 MB with these, in the same CPU time (1.0-1.1 s).
_WALK_LIMITS = ("-c", "core.packedGitWindowSize=16m", "-c", "core.packedGitLimit=48m",
                "-c", "core.deltaBaseCacheLimit=16m")
CACHE_KIND = "mainline/v1"  # key: HEAD; value: {path: whether the main line touched it}
_KEEP = 4  # HEADs whose answers are kept


def touched(root: str, paths: Iterable[str], head: str | None = None, cache=None,
            removals: Callable[[list[str]], Mapping[str, list[tuple[str, int]]]] | None = None,
            ) -> frozenset[str]:
    """The `paths` (files or folders, repository-relative) that a commit on `head`'s first-parent
    chain added, changed, renamed or deleted, itself or anything under it. `head`: a commit's
    full SHA, None for the work tree's HEAD (none before the first commit: nothing touched);
    `cache`: a scan's cache (answers kept per HEAD and path); `removals`: given the paths not
    answered yet, path -> [(a commit that removed it or a file under it, its author time)],
    the newest first, what history knows (`removals_of`): one on the main line answers."""
    wanted = sorted({p.strip("/") for p in paths} - {""})
    if wanted and head is None:
        proc = git_process(root, "rev-parse", "--verify", "--quiet", "HEAD")
        head = proc.stdout.decode("ascii", "replace").strip() if proc.returncode == 0 else None
    if not wanted or head is None:
        return frozenset()
    known = cache.get_flags(CACHE_KIND, head) if cache is not None else {}
    stored = len(known)
    ask = [p for p in wanted if p not in known]
    if ask and cache is not None:
        earlier, answers = _carried(root, cache, head)
        carried = [p for p in ask if p in answers]
        seen = _walk(root, head, [p for p in carried if not answers[p]], exclude=earlier) if carried else None
        if seen is not None:
            known.update({p: answers[p] or p in seen for p in carried})
            ask = [p for p in ask if p not in known]
    if ask:
        hints = removals(ask) if removals is not None else {}
        hinted = {p: hints[p] for p in ask if hints.get(p)}
        # the chain back to the oldest path's newest removal (older ones of a folder's files, if in it)
        chain = _chain_since(root, head, min(max(t for _c, t in r) for r in hinted.values())) \
            if hinted else frozenset()
        known.update({p: True for p, removals in hinted.items() if any(c in chain for c, _t in removals)})
        ask = [p for p in ask if p not in known]
        known.update({p: True for p in _held_before(root, chain, {p: hinted[p] for p in ask if p in hinted})})
        ask = [p for p in ask if p not in known]
        seen = _walk_chain(root, head, ask, getattr(cache, "directory", None)) if ask else set()
        if seen is None:  # git failed (a broken repository): every candidate keeps its history
            return frozenset(wanted)
        known.update({p: p in seen for p in ask})
    if cache is not None and len(known) > stored:
        cache.put_many(CACHE_KIND, {head: known})
        _prune(cache, head)
    return frozenset(p for p in wanted if known[p])


def _carried(root: str, cache, head: str) -> tuple[str, dict[str, bool]]:
    """A HEAD whose answers `cache` keeps and which lies on `head`'s first-parent chain, and those
    answers; else ("", {}). Its chain is then `head`'s without the commits since: `rev-list
    --first-parent head ^earlier` stops at it exactly when it is on the chain (the last commit
    listed has it as first parent), and lists only the commits since."""
    for earlier in _kept_heads(cache):
        if earlier == head:
            continue
        proc = git_process(root, "rev-list", "--first-parent", "--parents", head, f"^{earlier}")
        last = proc.stdout.decode("ascii", "replace").strip().rpartition("\n")[2].split()
        if proc.returncode == 0 and last[1:2] == [earlier]:
            return earlier, cache.get_flags(CACHE_KIND, earlier)
    return "", {}


def removals_of(history, paths: Iterable[str], exists) -> dict[str, list[tuple[str, int]]]:
    """path -> [(a commit history says removed it, or a file under a folder; its author time)],
    the newest first: the `removals` of `touched`, from a `History` (`exists`: whether a path
    is tracked now)."""
    out: dict[str, list[tuple[str, int]]] = {}
    for path in paths:
        fate = history.fate(path, exists)
        if not fate:
            continue
        out[path] = [(fate[0].commit, fate[0].time)]
        if path not in history.removals:  # a folder: any file removed under it on the main line will do
            out[path].extend((commit, when) for _, commit, when in history.removed_under(path))
    return out


def _chain_since(root: str, head: str, since: int) -> dict[str, int]:
    """The commits of `head`'s first-parent chain committed since about `since` (a day's slack
    for clocks: a commit missed here is asked of the walk, never answered wrong), and the one
    before them (the main line as it stood before the oldest removal), with their commit times."""
    chain: dict[str, int] = {}
    for window in (f"--since={since - 86400}", f"--until={since - 86400}"):
        proc = git_process(root, *PACK_LIMITS, "log", "--first-parent", "--format=%H %ct", window,
                           *(["-1"] if window.startswith("--until") else []), head, "--")
        for line in proc.stdout.decode("ascii", "replace").splitlines() if proc.returncode == 0 else ():
            sha, _, when = line.partition(" ")
            if FULL_SHA.fullmatch(sha) and when.isdigit():
                chain[sha] = int(when)
    return chain


def _held_before(root: str, chain: Mapping[str, int], hinted: Mapping[str, list[tuple[str, int]]]) -> set[str]:
    """The `hinted` paths (path -> its removals, `touched`) that the tree of a commit of the main
    line (`chain`) made before the path's newest removal holds: the main line had them, so one
    of its commits added them. A project that merges every change from a branch (etcd) removes
    paths in commits off the main line, which `touched` otherwise finds by walking the chain
    (0.6 s of etcd's 3.4 s cold scan). One `git cat-file --batch-check` for them all; a path not
    held there is left to the walk (the tree of another time may hold it)."""
    if not chain:
        return set()
    order = sorted((when, sha) for sha, when in chain.items())
    times = [when for when, _sha in order]
    asked: dict[str, str] = {}
    for path, removals in hinted.items():
        at = bisect.bisect_left(times, max(when for _c, when in removals)) - 1
        if at >= 0 and "\n" not in path:
            asked[path] = order[at][1]
    if not asked:
        return set()
    proc = git_process(root, "cat-file", "--batch-check",
                       input="".join(f"{sha}:{path}\n" for path, sha in asked.items()).encode("utf-8", "surrogateescape"))
    answers = proc.stdout.decode("utf-8", "surrogateescape").split("\n")[:len(asked)]
    if proc.returncode != 0 or len(answers) != len(asked):
        return set()
    return {path for path, answer in zip(asked, answers) if not answer.endswith(" missing")}


def _walk_chain(root: str, head: str, paths: list[str], directory: str | None) -> set[str] | None:
    """The `paths` a commit of `head`'s first-parent chain touched; None when git fails.

    With the scan's commit-graph of `head` (`indexer.git.blame.commit_graph`, in the cache
    folder `directory`; waited for while the scan writes it), the chain is walked in windows
    of doubling length, newest first, each for the paths no window before saw: a path the main
    line had is mostly seen early, and then leaves the pathspecs every later commit is compared
    against. (git/git's 11 paths, one never on its 24k-commit main line: 2.9 -> 1.1 CPU-s; a
    last path alone is also answered from the graph's Bloom filters.) The windows are the whole
    chain: the same answer as `_walk` from `head`. Without a graph, that one walk (listing the
    chain would cost what the windows save)."""
    from indexer.git.blame import commit_graph

    env = commit_graph(root, directory, head, False)()
    listed = git_process(root, "rev-list", "--first-parent", head, env=env) if env is not None else None
    if listed is None or listed.returncode != 0:
        return _walk(root, head, paths, env)
    chain = listed.stdout.decode("ascii", "replace").split()
    seen: set[str] = set()
    remaining, start, size = list(paths), 0, _FIRST_WINDOW
    while remaining and start < len(chain):
        end = start + size
        found = _walk(root, chain[start], remaining, env, exclude=chain[end] if end < len(chain) else "")
        if found is None:
            return None
        seen |= found
        remaining = [p for p in remaining if p not in found]
        start, size = end, size * 2
    return seen


#: The newest commits of the main line walked first (then twice as many, and so on).
_FIRST_WINDOW = 500


def _walk(root: str, head: str, paths: list[str], env: dict[str, str] | None = None,
          exclude: str = "") -> set[str] | None:
    """The `paths` the first-parent log of `head` names (a file, or a file under a folder),
    read as git writes it and stopped once all are seen; None when git fails. `env`: the
    commit-graph's (`indexer.git.blame.commit_graph`), or None; `exclude`: a commit of the
    chain where the walk stops (it and what it reaches are not walked)."""
    # a name with a newline cannot be one line of `--stdin`: it keeps the whole history's answer
    seen: set[str] = {p for p in paths if "\n" in p}
    remaining = set(paths) - seen
    paths = [p for p in paths if p not in seen]
    if not paths:
        return seen
    # paths as literal pathspecs after `--` on stdin: no glob magic, no argument-length limit
    revisions = head + "\n" + (f"^{exclude}\n" if exclude else "")
    stdin = (revisions + "--\n" + "".join(f":(literal){p}\n" for p in paths)).encode("utf-8", "surrogateescape")
    try:
        proc = subprocess.Popen(git_argv(*_WALK_LIMITS, "log", "--first-parent", "--diff-merges=first-parent",
                                         "--root", "--no-renames", "--name-only", "-z", "--format=", "--stdin"),
                                cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, env={**os.environ, **env} if env else None)
    except OSError:
        return None
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(stdin)
        proc.stdin.close()
    except OSError:
        pass
    pending = b""
    try:
        while remaining:
            chunk = proc.stdout.read1(1 << 16)
            if not chunk:
                break
            *names, pending = (pending + chunk).split(b"\0")
            for name in names:
                path = name.strip(b"\n").decode("utf-8", "surrogateescape")
                while path:  # the file and each folder above it
                    if path in remaining:
                        remaining.discard(path)
                        seen.add(path)
                    cut = path.rfind("/")
                    path = path[:cut] if cut > 0 else ""
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        code = proc.wait()
    if code != 0 and remaining:  # (killed once all were seen: a complete answer)
        return None
    return seen


def _kept_heads(cache) -> list[str]:
    """The HEADs whose answers are kept, the last one asked first."""
    row = cache.get_many(CACHE_KIND + "/heads", ["heads"]).get("heads", {})  # (a row is a JSON object)
    order = row.get("order")
    return [h for h in order if isinstance(h, str) and FULL_SHA.fullmatch(h)] if isinstance(order, list) else []


def _prune(cache, head: str) -> None:
    """Keep the answers of the last `_KEEP` HEADs (a delta scan after each commit adds one)."""
    heads = _kept_heads(cache)
    if heads[:1] == [head]:
        return
    heads = [head] + [h for h in heads if h != head][:_KEEP - 1]
    cache.put_many(CACHE_KIND + "/heads", {"heads": {"order": heads}})
    cache.prune(CACHE_KIND, keep=heads)
