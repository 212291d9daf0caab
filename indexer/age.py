"""age: when was each TODO line last changed, by `git blame`, batched and bounded.

One blame per file, one `-L n,n` per line asked. `--since=<cutoff>` stops the history walk at
the cutoff: every older line is attributed to a *boundary* commit, which is all the
stale/fresh decision needs (older than the cutoff), at a fraction of a full blame. Exact dates
for such lines are resolved on demand (`exact_ages`) where a person will read them.
"""
from __future__ import annotations

import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from typing import Iterable, Mapping

from indexer.models import LineAge

_UNCOMMITTED = "0" * 40


def blame_lines(root: str, path: str, lines: Iterable[int], since: int | None,
                shallow_commits: frozenset[str] = frozenset()) -> dict[int, LineAge]:
    """Blame the work-tree version of `path` at `lines`; `since` is an epoch cutoff or None."""
    wanted = sorted(set(lines))
    if not wanted:
        return {}
    args = ["git", "blame", "--porcelain", "--root"]
    if since is not None:
        args.append(f"--since={since}")
    for line in wanted:
        args += ["-L", f"{line},{line}"]
    args += ["--", path]
    proc = subprocess.run(args, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        return {line: LineAge(line=line, unknown=True) for line in wanted}
    return parse_porcelain(proc.stdout, shallow_commits)


def parse_porcelain(out: bytes, shallow_commits: frozenset[str] = frozenset()) -> dict[int, LineAge]:
    """Porcelain output: a `<sha> <orig> <final> [n]` header per line, commit details once."""
    commits: dict[str, dict[str, str]] = {}
    attributions: list[tuple[int, str]] = []
    current: dict[str, str] = {}
    for raw in out.split(b"\n"):
        if raw.startswith(b"\t") or not raw:
            continue
        head, _, rest = raw.decode("utf-8", "replace").partition(" ")
        if len(head) == 40 and rest[:1].isdigit():
            current = commits.setdefault(head, {})
            attributions.append((int(rest.split()[1]), head))
        else:
            current[head] = rest
    return {line: _age(line, sha, commits[sha], shallow_commits) for line, sha in attributions}


def _age(line: int, sha: str, info: Mapping[str, str], shallow_commits: frozenset[str]) -> LineAge:
    if sha == _UNCOMMITTED:
        return LineAge(line=line, uncommitted=True)
    if sha in shallow_commits:
        return LineAge(line=line, commit=sha, unknown=True)
    time = int(info.get("author-time", "0"))
    if "boundary" in info:
        return LineAge(line=line, older_than=time + 1)
    return LineAge(line=line, commit=sha, author=info.get("author"), time=time)


def blame_files(root: str, requests: Mapping[str, Iterable[int]], since: int | None,
                shallow_commits: frozenset[str] = frozenset()) -> dict[str, dict[int, LineAge]]:
    """Blame many files in parallel: git does the work, so threads keep both cores busy."""
    if not requests:
        return {}
    workers = min(len(requests), max(2, (os.cpu_count() or 2) * 2))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {path: pool.submit(blame_lines, root, path, lines, since, shallow_commits)
                   for path, lines in requests.items()}
        return {path: future.result() for path, future in futures.items()}


def shallow_commits(root: str, git_dir: str | None = None) -> frozenset[str]:
    """The grafted roots of a shallow clone: lines blamed on them have no knowable age."""
    from indexer.gitcmd import run_git

    git_dir = git_dir or run_git(root, "rev-parse", "--absolute-git-dir").decode().strip()
    try:
        with open(os.path.join(git_dir, "shallow"), encoding="ascii") as fh:
            return frozenset(line.strip() for line in fh if line.strip())
    except OSError:
        return frozenset()


def decides(age: LineAge, cutoff: int) -> bool:
    """Whether a cached age answers "is this line older than `cutoff`?" without a new blame."""
    if age.uncommitted or age.unknown or age.time is not None:
        return True
    return age.older_than is not None and age.older_than <= cutoff
