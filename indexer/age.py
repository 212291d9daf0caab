"""age: when was each TODO line last changed, by `git blame`, batched and bounded.

One blame per file, one `-L n,n` per line asked. `--since=<cutoff>` stops the history walk at
the cutoff: every older line is attributed to a *boundary* commit, which is all the
stale/fresh decision needs (older than the cutoff), at a fraction of a full blame. Exact dates
for such lines are resolved on demand (`exact_ages`) where a person will read them.

A blame still visits every commit between HEAD and the cutoff (a year of a busy repository is
thousands of commits) and diffs the file's tree entry at each one, once per file. When that
stretch of history is linear, one `git log --raw` over it (`_LinearHistory`) tells which
commits touched which path, and the blames are given the same answer for less work:

- a file no commit touched since the cutoff gets, for every line, exactly what blame reports
  for it without running blame: the boundary commit (the first commit older than the cutoff);
- a file only modified in place (no add, delete or type change) is blamed over a history
  reduced to the commits that touched it (`git blame -S`, one graft per step), whose diffs are
  the very diffs blame would compute, since the file's blob is the same across the commits
  skipped; the walk still stops at the same boundary commit.

Both apply only to files whose bytes are exactly their blob at HEAD (so blame's work-tree
pseudo-commit hands every line to HEAD unchanged) and to a cutoff well before the clock;
anything else is blamed as before.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from indexer.models import LineAge

_UNCOMMITTED = "0" * 40
#: Blame's work-tree pseudo-commit is dated "now" and is subject to `--since` too: a cutoff later
#: than the clock makes it the boundary (every line "uncommitted"). Near or past the clock,
#: files are blamed as they are, without `_LinearHistory`.
_CLOCK_MARGIN = 3600
#: Fewer files than this to blame (clean ones, at that) are blamed as they are: reading the
#: history since the cutoff would cost more than it saves.
_PLAN_MIN_FILES = 3


def blame_lines(root: str, path: str, lines: Iterable[int], since: int | None,
                shallow_commits: frozenset[str] = frozenset()) -> dict[int, LineAge]:
    """Blame the work-tree version of `path` at `lines`; `since` is an epoch cutoff or None."""
    return _blame(root, path, lines, since, shallow_commits)


def _blame(root: str, path: str, lines: Iterable[int], since: int | None,
           shallow_commits: frozenset[str], grafts: bytes | None = None) -> dict[int, LineAge]:
    """`grafts` (`git blame -S`: `<commit> <parent>` lines) replace the parents of those commits."""
    wanted = sorted(set(lines))
    if not wanted:
        return {}
    args = ["git", "blame", "--porcelain", "--root"]
    if since is not None:
        args.append(f"--since={since}")
    scratch = None
    if grafts is not None:
        if _STDIN_PATH:
            args += ["-S", _STDIN_PATH]
        else:
            scratch = tempfile.NamedTemporaryFile("wb", prefix="orgmemory-revs-", delete=False)
            with scratch:
                scratch.write(grafts)
            args += ["-S", scratch.name]
    for line in wanted:
        args += ["-L", f"{line},{line}"]
    args += ["--", path]
    feed = {"input": grafts} if grafts is not None and scratch is None else {"stdin": subprocess.DEVNULL}
    try:
        proc = subprocess.run(args, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **feed)
    finally:
        if scratch is not None:
            os.unlink(scratch.name)
    if proc.returncode != 0:
        return {line: LineAge(line=line, unknown=True) for line in wanted}
    return parse_porcelain(proc.stdout, shallow_commits)


#: Grafts go to `git blame -S` on its stdin (a small file per blame costs more than the blame).
_STDIN_PATH = "/dev/stdin" if os.name == "posix" and os.path.exists("/dev/stdin") else None


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
    requests = {path: sorted(set(lines)) for path, lines in requests.items()}
    out: dict[str, dict[int, LineAge]] = {}
    grafted: dict[str, list[str]] = {}  # path -> its commits HEAD..boundary, for `-S`
    history = clean = None
    if since is not None and len(requests) >= _PLAN_MIN_FILES and since < time.time() - _CLOCK_MARGIN:
        head, blobs = _head_blobs(root, requests)
        clean = [path for path, lines in requests.items()
                 if _is_head_blob(root, path, blobs.get(path), lines)]
        if head is not None and len(clean) >= _PLAN_MIN_FILES:  # (a pre-commit's staged files are not)
            history = _LinearHistory.read(root, since)
            if history is not None and history.head != head:  # HEAD moved meanwhile
                history = None
    if history is not None and clean:
        for path in clean:
            steps = history.steps(path)
            if steps is None:
                continue
            if path not in history.touched:
                # untouched since the cutoff: blame would hand every line to the boundary
                info = {"author-time": str(history.boundary_author_time), "boundary": ""}
                out[path] = {line: _age(line, history.boundary, info, shallow_commits)
                             for line in requests[path]}
            else:
                grafted[path] = steps
    rest = [path for path in requests if path not in out]
    if not rest:
        return {path: out[path] for path in requests}
    # the longest walks first (a whole one, then the most steps), so none is left to run alone
    rest.sort(key=lambda path: (1, -len(grafted[path])) if path in grafted else (0, 0))
    workers = min(len(rest), max(2, (os.cpu_count() or 2) * 2))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {path: pool.submit(_blame, root, path, requests[path], since, shallow_commits,
                                     _grafts(grafted[path]) if path in grafted else None)
                   for path in rest}
        out.update((path, future.result()) for path, future in futures.items())
    return {path: out[path] for path in requests}


def _grafts(steps: list[str]) -> bytes:
    """`git blame -S` lines: `<commit> <parent>`, each step to the next one."""
    return "".join(f"{child} {parent}\n" for child, parent in zip(steps, steps[1:])).encode("ascii")


@dataclass
class _LinearHistory:
    """The commits from HEAD back to the first one older than the cutoff, when that is a chain."""

    head: str
    boundary: str  # the first commit older than the cutoff: where blame's walk stops
    boundary_author_time: int
    touched: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # path -> [(commit, status)]

    def steps(self, path: str) -> list[str] | None:
        """HEAD, the commits that modified `path` (newest first), the boundary; None when the
        path was added, deleted or changed type since the cutoff (blame follows renames)."""
        steps = [self.head]
        for commit, status in self.touched.get(path, ()):
            if status != "M":
                return None
            if commit != steps[-1]:
                steps.append(commit)
        steps.append(self.boundary)
        return steps

    @classmethod
    def read(cls, root: str, since: int) -> "_LinearHistory | None":
        """One `git log --raw`, read only until the boundary; None unless every commit from HEAD
        to the boundary has exactly one parent, the next one listed (blame walks that chain and
        stops at the first commit whose committer date is before `since`)."""
        try:
            proc = subprocess.Popen(
                ["git", "log", "--no-show-signature", "--no-color", "--no-renames", "--raw", "-z",
                 "--no-abbrev", "--format=%x01%H %P%x02%ct %at", "HEAD"],
                cwd=root, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        except OSError:
            return None
        try:
            return cls._parse(proc, since)
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.stdout.close()
            proc.wait()

    @classmethod
    def _parse(cls, proc: subprocess.Popen, since: int) -> "_LinearHistory | None":
        history: _LinearHistory | None = None
        expected: str | None = None  # the parent the next commit must be
        pending = b""
        while True:
            chunk = proc.stdout.read1(1 << 16) if proc.stdout else b""
            records = (pending + chunk).split(b"\x01")
            pending = records.pop() if chunk else b""
            for record in records:
                if not record:
                    continue
                header, _, body = record.partition(b"\x02")
                dates, _, raw = body.partition(b"\0")
                shas = header.decode("ascii", "replace").split()
                try:
                    committed, authored = (int(value) for value in dates.split())
                except ValueError:
                    return None
                if not shas or (expected is not None and shas[0] != expected):
                    return None
                if history is None:
                    history = cls(head=shas[0], boundary="", boundary_author_time=0)
                if committed < since:
                    history.boundary, history.boundary_author_time = shas[0], authored
                    return history
                if len(shas) != 2:  # a merge, or a root commit newer than the cutoff
                    return None
                expected = shas[1]
                _raw_changes(raw, shas[0], history.touched)
            if not chunk:
                return None
            # a record's end is only known when the next begins; the boundary's header is enough
            header, sep, body = pending.partition(b"\x02")
            dates, sep2, _ = body.partition(b"\0")
            if sep and sep2 and history is not None:
                try:
                    committed, authored = (int(value) for value in dates.split())
                except ValueError:
                    return None
                sha = header.decode("ascii", "replace").split()[:1]
                if committed < since and sha == [expected]:
                    history.boundary, history.boundary_author_time = expected, authored
                    return history


def _raw_changes(raw: bytes, commit: str, touched: dict[str, list[tuple[str, str]]]) -> None:
    """`:<mode> <mode> <sha> <sha> <status>\\0<path>\\0` entries of one commit (`--raw -z`)."""
    fields = raw.split(b"\0")
    index = 0
    while index + 1 < len(fields):
        meta = fields[index].lstrip(b"\n")
        if not meta.startswith(b":"):
            index += 1
            continue
        status = meta.rsplit(b" ", 1)[-1].decode("ascii", "replace")[:1]
        path = fields[index + 1].decode("utf-8", "surrogateescape")
        touched.setdefault(path, []).append((commit, status))
        index += 2


def _head_blobs(root: str, paths: Iterable[str]) -> tuple[str | None, dict[str, str]]:
    """HEAD's commit, and the blob SHA of each path in it: one `git cat-file --batch-check`,
    asked for HEAD first, then for `<that commit>:<path>`."""
    names = [path for path in paths if "\n" not in path and "\r" not in path]
    try:
        proc = subprocess.Popen(["git", "cat-file", "--batch-check=%(objectname) %(objecttype)"],
                                cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL)
    except OSError:
        return None, {}
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(b"HEAD\n")
        proc.stdin.flush()
        first = proc.stdout.readline().split()
    except OSError:
        first = []
    if len(first) != 2 or first[1] != b"commit" or len(first[0]) != 40:
        proc.kill()
        proc.communicate()
        return None, {}
    head = first[0].decode("ascii")
    request = "".join(f"{head}:{path}\n" for path in names).encode("utf-8", "surrogateescape")
    out, _ = proc.communicate(request)
    if proc.returncode != 0:
        return head, {}
    blobs: dict[str, str] = {}
    for path, answer in zip(names, out.split(b"\n")):
        parts = answer.split()
        if len(parts) == 2 and parts[1] == b"blob" and len(parts[0]) == 40:
            blobs[path] = parts[0].decode("ascii")
    return head, blobs


def _is_head_blob(root: str, path: str, head_blob: str | None, lines: list[int]) -> bool:
    """Whether the work-tree file is byte for byte its blob at HEAD, holds `lines`, and has no
    carriage return (which an end-of-line attribute could rewrite before blame reads it)."""
    if head_blob is None or not lines or lines[0] < 1:
        return False
    try:
        with open(os.path.join(root, path), "rb") as fh:
            data = fh.read()
    except OSError:
        return False
    if b"\r" in data or lines[-1] > data.count(b"\n"):
        return False
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest() == head_blob


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
