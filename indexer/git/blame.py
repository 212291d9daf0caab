"""age: when was each TODO line last changed, by `git blame`, batched and bounded.

One blame per file, one `-L n,n` per line asked. `--since=<cutoff>` stops the history walk at
the cutoff: every older line is attributed to a *boundary* commit, which is all the
stale/fresh decision needs (older than the cutoff), at a fraction of a full blame. Exact dates
for such lines are resolved on demand (`exact_ages`) where a person will read them.

A blame still visits every commit between HEAD and the cutoff (a year of a busy repository is
thousands of commits) and diffs the file's tree entry at each one, once per file: one process
per file, most of whose time is start-up and walking. When that stretch of history is linear,
one `git log --raw` over it (`_LinearHistory`) tells which commits touched which path, and
blame's answer is computed with less work:

- a file no commit touched since the cutoff gets, for every line, exactly what blame reports
  for it without running blame: the boundary commit (the first commit older than the cutoff);
- for the files only modified in place (no add, delete or type change), one `git log -p -U0`
  over the same commits gives the diffs blame would compute (each commit against its parent,
  the only parent blame follows; the same Myers diff with the same `diff.indentHeuristic`), and
  `_replay` walks each asked line back through them as blame does: a line inside a hunk is the
  commit's, any other line moves to its place in the parent, and a line that reaches the
  boundary is the boundary's.

Both apply only to files whose bytes are exactly their blob at HEAD (so blame's work-tree
pseudo-commit hands every line to HEAD unchanged) and to a cutoff well before the clock;
anything else is blamed as before. The log is asked for Myers explicitly, which git blame uses
whatever `diff.algorithm` says (git 2.39); git 2.53 gave blame a `--diff-algorithm` option, so a
repository that sets `diff.algorithm` is blamed file by file, whichever way its git reads it.

Blame runs with `--no-ignore-revs-file`: a `blame.ignoreRevsFile` setting (often global, often
naming a file most repositories lack, which makes blame fail) is dropped, as the replay above
ignores it too, so both ways give the same answer. A blame that still fails is an
`AgeingError` (exit 2), never a silent "age unknown" that would report no stale TODO at all;
only a repository without a first commit has lines of unknown age.
"""
from __future__ import annotations

import hashlib
import os
import re
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping

from indexer.errors import OrgmemoryError
from indexer.git.run import git_process
from indexer.models import LineAge

_UNCOMMITTED = "0" * 40
#: Blame's work-tree pseudo-commit is dated "now" and is subject to `--since` too: a cutoff later
#: than the clock makes it the boundary (every line "uncommitted"). Near or past the clock,
#: files are blamed as they are, without `_LinearHistory`.
_CLOCK_MARGIN = 3600
#: Fewer files than this to blame (clean ones, at that) are blamed as they are: reading the
#: history since the cutoff would cost more than it saves.
_PLAN_MIN_FILES = 3


class AgeingError(OrgmemoryError):
    """`git blame` failed for a file: the scan cannot tell its TODOs' ages, so it stops."""


def blame_lines(root: str, path: str, lines: Iterable[int], since: int | None,
                shallow_commits: frozenset[str] = frozenset()) -> dict[int, LineAge]:
    """Blame the work-tree version of `path` at `lines`; `since` is an epoch cutoff or None."""
    wanted = sorted(set(lines))
    if not wanted:
        return {}
    args = ["blame", "--porcelain", "--root", "--no-ignore-revs-file"]
    if since is not None:
        args.append(f"--since={since}")
    for line in wanted:
        args += ["-L", f"{line},{line}"]
    proc = git_process(root, *args, "--", path)
    if proc.returncode != 0:
        if git_process(root, "rev-parse", "--verify", "--quiet", "HEAD").returncode != 0:
            return {line: LineAge(line=line, unknown=True) for line in wanted}  # no commit yet
        reason = proc.stderr.decode("utf-8", "replace").strip().splitlines() or [f"exit {proc.returncode}"]
        raise AgeingError(f"{path}: git blame failed ({reason[-1].removeprefix('fatal: ')}); "
                          "its TODOs' ages cannot be told, so nothing is reported")
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
    """Blame `requests` (path -> lines) and wait for the answer (see `start_blaming`)."""
    return start_blaming(root, requests, since, shallow_commits)()


def start_blaming(root: str, requests: Mapping[str, Iterable[int]], since: int | None,
                  shallow_commits: frozenset[str] = frozenset()) -> Callable[[], dict[str, dict[int, LineAge]]]:
    """Start blaming `requests`; the returned function waits and gives path -> line -> age.

    Clean files over a linear history are answered from the history since the cutoff (read
    here) and one `git log -p`, which writes to a temporary file (a pipe would stall it until
    read); the others get one `git blame` each, in threads that keep both cores busy. The
    git processes work while the caller goes on (the scan builds its contradictions), and the
    Python work stays on the caller's thread: a thread competing with it for the GIL waits up
    to the interpreter's switch interval at every read, which cost ten times the work itself.
    """
    if not requests:
        return dict
    requests = {path: sorted(set(lines)) for path, lines in requests.items()}
    modified: dict[str, list[int]] = {}  # clean paths, at most modified in place since the cutoff
    history = None
    if since is not None and len(requests) >= _PLAN_MIN_FILES and since < time.time() - _CLOCK_MARGIN:
        head, blobs = _head_blobs(root, requests)
        clean = [path for path, lines in requests.items()
                 if _is_head_blob(root, path, blobs.get(path), lines)]
        # (a pre-commit's staged files are not clean: they are blamed as they are)
        if head is not None and len(clean) >= _PLAN_MIN_FILES and _blame_diffs_with_myers(root):
            history = _LinearHistory.read(root, since)
            if history is not None and history.head == head:  # (else HEAD moved meanwhile)
                modified = {path: requests[path] for path in clean if history.modified_in_place(path)}
    patches = _start_patches(root, history, modified) if modified else None
    blaming = _start_blames(root, {path: lines for path, lines in requests.items() if path not in modified},
                            since, shallow_commits)

    def finish() -> dict[str, dict[int, LineAge]]:
        out = blaming()
        if patches is not None:
            replayed = _replay_all(history, modified, patches(), shallow_commits)
            left = {path: lines for path, lines in modified.items() if path not in replayed}
            out.update(replayed)
            out.update(_start_blames(root, left, since, shallow_commits)())
        return {path: out[path] for path in requests}

    return finish


def _blame_diffs_with_myers(root: str) -> bool:
    """Whether blame diffs with Myers, as the replay does: certainly when `diff.algorithm` is
    unset or Myers (git 2.53 gave blame an algorithm option; older gits always use Myers)."""
    proc = subprocess.run(["git", "config", "--get", "diff.algorithm"], cwd=root, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return proc.stdout.strip().lower() in (b"", b"myers", b"default")


def _start_blames(root: str, requests: Mapping[str, list[int]], since: int | None,
                  shallow_commits: frozenset[str]) -> Callable[[], dict[str, dict[int, LineAge]]]:
    """One `git blame` per file, in threads; the returned function waits for them all."""
    if not requests:
        return dict
    pool = ThreadPoolExecutor(max_workers=min(len(requests), max(2, (os.cpu_count() or 2) * 2)))
    futures = {path: pool.submit(blame_lines, root, path, lines, since, shallow_commits)
               for path, lines in requests.items()}
    pool.shutdown(wait=False)
    return lambda: {path: future.result() for path, future in futures.items()}


#: `git log -p` options that make its hunks the ones blame computes, whatever the user's
#: configuration: the commits given (no walk, and no pathspec: matching many pathspecs costs
#: git more than diffing a few files too many), each against its parent (the history is
#: linear), zero context, no rename pairing, the file's bytes (no textconv, no external diff,
#: binary diffed as text), Myers, `a/` and `b/` prefixes, paths quoted only for control
#: characters, quotes and backslashes.
_LOG_PATCH = ["-c", "core.quotePath=false", "log", "--stdin", "--no-walk=unsorted", "--no-show-signature",
              "--no-color", "--no-follow", "--no-renames", "--no-relative", "--no-ext-diff", "--no-textconv",
              "--text", "--src-prefix=a/", "--dst-prefix=b/", "-U0", "--diff-algorithm=myers", "-p",
              "--format=%x01%H%x00%at%x00%aN"]
_HUNK = re.compile(rb"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def _start_patches(root: str, history: "_LinearHistory", requests: Mapping[str, list[int]]
                   ) -> Callable[[], bytes]:
    """Start one `git log -p` of the commits since the cutoff that touched `requests`; the
    returned function waits for it and gives its output (b"" when it failed or had no work)."""
    wanted = {commit for path in requests for commit, _status in history.touched.get(path, ())}
    if not wanted:
        return bytes
    output = tempfile.TemporaryFile()
    proc = subprocess.Popen(["git", *_LOG_PATCH], cwd=root, stdin=subprocess.PIPE, stdout=output,
                            stderr=subprocess.DEVNULL)
    try:
        with proc.stdin:  # git reads every commit id before it writes a line
            proc.stdin.write("".join(f"{c}\n" for c in history.commits if c in wanted).encode("ascii"))
    except OSError:  # git stopped early (an option an old git lacks): its exit code says so
        pass

    def finish() -> bytes:
        failed = proc.wait() != 0
        with output:
            output.seek(0)
            return b"" if failed else output.read()

    return finish


def _replay_all(history: "_LinearHistory", requests: Mapping[str, list[int]], log_patch: bytes,
                shallow_commits: frozenset[str]) -> dict[str, dict[int, LineAge]]:
    """Blame's answer for `requests` (paths at most modified in place since the cutoff) from
    `git log -p` of the commits since the cutoff that touched them; paths whose patches do not
    line up with the history are left out, for `git blame` to answer."""
    authors, patches = _parse_patches(log_patch)
    boundary = {"author-time": str(history.boundary_author_time), "boundary": ""}
    out: dict[str, dict[int, LineAge]] = {}
    for path in requests:
        commits = [commit for commit, _ in patches.get(path, ())]
        if commits != [commit for commit, _status in history.touched.get(path, ())]:
            continue
        out[path] = {line: _age(line, commit, authors[commit], shallow_commits) if commit
                     else _age(line, history.boundary, boundary, shallow_commits)
                     for line, commit in _replay(requests[path], patches.get(path, [])).items()}
    return out


def _parse_patches(out: bytes) -> tuple[dict[str, dict[str, str]], dict[str, list[tuple[str, list]]]]:
    """Commit -> blame-style author info, and path -> [(commit, hunks)], newest commit first.

    A hunk is (old_start, old_count, new_start, new_count) as `-U0` prints it: a count of 0
    puts the start on the line before the change.
    """
    authors: dict[str, dict[str, str]] = {}
    patches: dict[str, list[tuple[str, list]]] = {}
    commit = ""
    hunks: list | None = None
    for line in out.split(b"\n"):
        if line.startswith(b"\x01"):
            sha, _, rest = line[1:].partition(b"\0")
            time_, _, name = rest.partition(b"\0")
            commit = sha.decode("ascii")
            authors[commit] = {"author-time": time_.decode("ascii"), "author": name.decode("utf-8", "replace")}
            hunks = None
        elif line.startswith(b"diff --git "):
            rest = line[len(b"diff --git "):]  # `a/<path> b/<path>`, or C-quoted: left to blame
            hunks = None if rest.startswith(b'"') else []
            if hunks is not None:
                name = rest[2:2 + (len(rest) - 5) // 2].decode("utf-8", "surrogateescape")
                patches.setdefault(name, []).append((commit, hunks))
        elif line.startswith(b"@@ ") and hunks is not None:
            match = _HUNK.match(line)
            if match:
                old_start, old_count, new_start, new_count = match.groups()
                hunks.append((int(old_start), 1 if old_count is None else int(old_count),
                              int(new_start), 1 if new_count is None else int(new_count)))
    return authors, patches


def _replay(lines: Iterable[int], patches: list[tuple[str, list]]) -> dict[int, str]:
    """Line -> the commit blame hands it to, walking back through `patches` (newest first);
    "" for a line older than all of them (the boundary's)."""
    pending = {line: line for line in lines}  # line at HEAD -> where it is in the version at hand
    found: dict[int, str] = {}
    for commit, hunks in patches:
        for line, at in list(pending.items()):
            before = _in_parent(at, hunks)
            if before is None:
                found[line] = commit
                del pending[line]
            else:
                pending[line] = before
    found.update((line, "") for line in pending)
    return found


def _in_parent(at: int, hunks: list[tuple[int, int, int, int]]) -> int | None:
    """Where line `at` of a commit's version sits in its parent's; None when the commit wrote it."""
    shift = 0
    for old_start, old_count, new_start, new_count in hunks:
        if new_count and new_start <= at < new_start + new_count:
            return None
        if (new_start + new_count if new_count else new_start + 1) > at:
            break  # this hunk and the ones after it are below the line
        shift += new_count - old_count
    return at - shift


@dataclass
class _LinearHistory:
    """The commits from HEAD back to the first one older than the cutoff, when that is a chain."""

    head: str
    boundary: str  # the first commit older than the cutoff: where blame's walk stops
    boundary_author_time: int
    touched: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # path -> [(commit, status)]
    commits: list[str] = field(default_factory=list)  # HEAD first, the boundary left out

    def modified_in_place(self, path: str) -> bool:
        """False when `path` was added, deleted or changed type since the cutoff (blame would
        follow it into another path or stop there)."""
        return all(status == "M" for _commit, status in self.touched.get(path, ()))

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
                history.commits.append(shas[0])
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
    from indexer.git.run import run_git

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
