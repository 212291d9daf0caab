"""Which lines changed since a git revision: `scan --since REF` reports only findings on them.

One `git diff -U0 REF` (REF against the working tree, so staged and unstaged edits count)
gives every hunk's new-side line range; `scan --since` starts it before the scan and reads it
after (`start_changed_lines`). Told which paths the index or work tree changed (`git status`'s,
read by the scan anyway), it diffs REF with HEAD's tree and only those paths with the work tree:
the same lines, without a stat of every tracked file. A finding without a line (a legacy path,
an unmet `require`) counts as changed when its file appears in the diff at all.
"""
from __future__ import annotations

import re
from typing import Callable, Collection, Iterable

from indexer.errors import OrgmemoryError
from indexer.git.run import filters_off, git_process, start_git
from indexer.findings import Finding

_HUNK = re.compile(rb"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
_C_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
              "\\": "\\", '"': '"'}


def changed_lines(root: str, ref: str) -> dict[str, frozenset[int]]:
    """Repo path -> the 1-based lines added or modified since `ref` (empty for pure deletions)."""
    return start_changed_lines(root, ref)()


#: More paths changed in the index or work tree than this, and one diff of the whole work tree runs.
_DIRTY_PATHS = 100
#: (a submodule is one line, its commit: never a diff run inside it, with its own configuration)
_DIFF = ("diff", "-U0", "--no-color", "--no-ext-diff", "--no-textconv", "--no-renames", "--src-prefix=a/",
         "--dst-prefix=b/", "--submodule=short", "--ignore-submodules=dirty")


def start_changed_lines(root: str, ref: str, dirty: Collection[str] | None = None,
                        ) -> Callable[[], dict[str, frozenset[int]]]:
    """`changed_lines`, its `git diff` started now and read when the returned function is called;
    a REF that is not a commit fails here, at once. `dirty`: every path whose index or work-tree
    content differs from HEAD (`GitState.worktree_changes`), when HEAD exists: REF is then
    diffed with HEAD's tree, and with the work tree for those paths alone (a diff with the work
    tree stats every tracked file: on a large repository as long as the rest of a delta scan's
    git work)."""
    # `REF^{commit}` makes git refuse what is not a commit (a tree, a blob, a typo), and a
    # leading `-` never reaches git, where it would be an option.
    bad = OrgmemoryError(f"--since {ref}: not a commit in this repository")
    if ref.startswith("-"):
        raise bad
    commit = f"{ref}^{{commit}}"
    split = dirty is not None and len(dirty) <= _DIRTY_PATHS
    # (the work tree's content goes through the repository's filters: `filters_off`)
    diffs = [start_git(root, *_DIFF, commit, "HEAD", "--") if split
             else start_git(root, *filters_off(root), *_DIFF, commit, "--")]
    if split and dirty:
        diffs.append(start_git(root, *filters_off(root), "--literal-pathspecs", *_DIFF, commit, "--", *sorted(dirty)))
    if git_process(root, "rev-parse", "--verify", "--quiet", commit).returncode != 0:
        for finish in diffs:
            finish()
        raise bad

    def read() -> dict[str, frozenset[int]]:
        procs = [finish() for finish in diffs]
        for proc in procs:
            if proc.returncode != 0:  # (REF is a commit: git says what else failed, a blob it lacks)
                from indexer.text.quote import safe_text  # (git's words may quote a path of the repository)

                said = safe_text(" ".join(proc.stderr.decode("utf-8", "replace").split()[-40:])[-300:])
                raise OrgmemoryError(f"--since {ref}: git diff failed: {said or 'no reason given'}")
        changes = parse_diff(procs[0].stdout)
        if split:  # HEAD's tree said what REF..HEAD changed; the work tree says it for these paths
            for path in dirty or ():
                changes.pop(path, None)
            for proc in procs[1:]:
                changes.update(parse_diff(proc.stdout))
        return changes

    return read


def parse_diff(diff: bytes) -> dict[str, frozenset[int]]:
    """Parse `git diff -U0` output. File headers are read only between `diff --git` and the
    first hunk, so an added line that itself starts with `++ ` is never taken for one."""
    changes: dict[str, set[int]] = {}
    current: set[int] | None = None
    in_header = False
    for line in diff.split(b"\n"):
        if line.startswith(b"diff --git "):
            current, in_header = None, True
        elif in_header and line.startswith((b"--- ", b"+++ ")):
            path = _diff_path(line[4:])
            if path is not None:  # `--- /dev/null` (added) or `+++ /dev/null` (deleted)
                current = changes.setdefault(path, set())
        elif in_header and line.startswith(b"Binary files "):
            in_header = False
        elif current is not None and line.startswith(b"@@"):
            in_header = False
            match = _HUNK.match(line)
            if match:
                start, count = int(match[1]), int(match[2]) if match[2] is not None else 1
                current.update(range(start, start + count))
    return {path: frozenset(lines) for path, lines in changes.items()}


def _diff_path(raw: bytes) -> str | None:
    """`b/dir/file` (or git's C-quoted `"b/dir/f\\303\\251"`) -> `dir/file`; None for /dev/null."""
    text = raw.rstrip(b"\t").decode("utf-8", "surrogateescape")
    if text.startswith('"') and text.endswith('"'):
        text = _unquote(text[1:-1])
    if text == "/dev/null":
        return None
    return text[2:] if text[:2] in ("a/", "b/") else text


def _unquote(text: str) -> str:
    """Undo git's C-style path quoting (`\\t`, `\\"`, octal bytes such as `\\303\\251`)."""
    out = bytearray()
    i = 0
    while i < len(text):
        char = text[i]
        octal = text[i + 1:i + 4]
        if char == "\\" and len(octal) == 3 and all(c in "01234567" for c in octal):
            out.append(int(octal, 8))
            i += 4
        elif char == "\\" and i + 1 < len(text):
            out.extend(_C_ESCAPES.get(text[i + 1], text[i + 1]).encode())
            i += 2
        else:
            out.extend(char.encode("utf-8", "surrogateescape"))
            i += 1
    return out.decode("utf-8", "surrogateescape")


def on_changed_lines(findings: Iterable[Finding], changes: dict[str, frozenset[int]]) -> tuple[Finding, ...]:
    """Findings on a changed line (a stale TODO's note repeated on several lines: on any of them,
    its `lines`); line-less findings whose file changed at all."""
    return tuple(f for f in findings
                 if f.path in changes and (f.line is None or f.line in changes[f.path]
                                           or not changes[f.path].isdisjoint(f.details.get("lines", ()))))
