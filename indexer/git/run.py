"""Git plumbing for the hot paths.

GitPython costs ~50 ms to import, a third of the warm-scan budget, and every call here is one
plumbing command whose output we parse anyway, so the hot paths talk to `git` directly.

A value from the repository (a path, a ref) reaches git only after `--` or after checking it
cannot be read as an option (`is_plain_ref`); `extends` clones are in `indexer.git.clone`.

The repository's own `.git/config` is as untrusted as its files (a repository opened from an
archive or a shared folder brings its own), and some settings make git run a program: every
git process starts as `git_argv` says, with those settings off (`NO_PROGRAMS`), and the commands
that read work-tree content (status, a blame or diff of the work tree) also turn off the
content filters the repository's own configuration defines (`filters_off`).
"""
from __future__ import annotations

import os
import re
import subprocess
from typing import Callable

from indexer.errors import NotARepositoryError, OrgmemoryError


#: A full object name (SHA-1, or SHA-256 in a repository of that format).
FULL_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")


class GitError(OrgmemoryError):
    pass


GIT_MISSING = "git is not installed or not on PATH"


class GitMissingError(OrgmemoryError):
    """`git` cannot be started: every command that needs it ends with this one line."""

    def __init__(self) -> None:
        super().__init__(GIT_MISSING)


#: What git would otherwise run: `core.fsmonitor` (on every status and index read),
#: `post-index-change` and any other hook (a status that refreshes the index writes it), and
#: gpg for `log.showSignature`. A blame or diff names `--no-textconv` and `--no-ext-diff` itself.
NO_PROGRAMS = ("-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "log.showSignature=false")


def git_argv(*args: str) -> list[str]:
    """The command line of `git ARGS`, as every git process orgmemory starts has it."""
    return ["git", *NO_PROGRAMS, *args]


_filters_off: dict[str, tuple[str, ...]] = {}


def filters_off(root: str) -> tuple[str, ...]:
    """`-c` settings that turn off every content filter (`filter.<driver>.clean`, `.smudge`,
    `.process`) the repository's own configuration defines: git runs a clean filter on work-tree
    content it compares or blames, and the driver named in `.gitattributes` is whatever
    `.git/config` says. The user's own (global, system) drivers, such as Git LFS's, stay on.

    Asked once per process and repository; a `.git/config` that does not mention filters or
    includes (nearly all) needs no `git config` at all."""
    found = _filters_off.get(root)
    if found is None:
        found = _filters_off[root] = _local_filters_off(root)
    return found


def _local_filters_off(root: str) -> tuple[str, ...]:
    config = os.path.join(root, ".git", "config")
    if os.path.isfile(config):  # (a work tree of its own; a linked one has a `.git` file: git is asked)
        try:
            with open(config, "rb") as fh:
                text = fh.read().lower()
        except OSError:
            text = b"include"
        if b"filter" not in text and b"include" not in text and b"worktreeconfig" not in text:
            return ()
    proc = git_process(root, "config", "-z", "--show-scope", "--get-regexp", r"^filter\.")
    fields = proc.stdout.decode("utf-8", "surrogateescape").split("\0")
    names = set()
    for scope, entry in zip(fields[::2], fields[1::2]):  # (scope, "key\nvalue")
        key = entry.partition("\n")[0]
        if scope in ("local", "worktree") and key.count(".") >= 2:
            names.add(key[len("filter."):key.rindex(".")])
    if any("=" in name for name in names):  # `-c` splits at the first `=`: the setting would miss
        raise GitError(f"{root}: .git/config defines a content filter whose name holds '=' "
                       "(git would run it); orgmemory does not read this repository")
    return tuple(arg for name in sorted(names) for arg in (
        "-c", f"filter.{name}.clean=", "-c", f"filter.{name}.smudge=", "-c", f"filter.{name}.process=",
        "-c", f"filter.{name}.required=false"))


def git_process(root: str, *args: str, input: bytes | None = None,
                env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`git ARGS` in `root`, stdin closed (or fed `input`), output captured; GitMissingError when
    git is absent. `env`: variables added to this process's environment."""
    full_env = {**os.environ, **env} if env else None
    try:
        if input is not None:
            return subprocess.run(git_argv(*args), cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  input=input, env=full_env)
        return subprocess.run(git_argv(*args), cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, env=full_env)
    except FileNotFoundError:
        if not os.path.isdir(root):
            raise
        raise GitMissingError() from None


_ancestry: dict[tuple[str, str, str], bool] = {}


def is_ancestor(root: str, old: str, new: str) -> bool:
    """`git merge-base --is-ancestor OLD NEW`: whether NEW descends from OLD (False for a commit
    this clone does not have). Asked once per process for a pair of full SHAs (commits do not
    change): the delta scan and the history's extension ask it of the same pair."""
    return start_is_ancestor(root, old, new)()


def start_is_ancestor(root: str, old: str, new: str) -> Callable[[], bool]:
    """`is_ancestor`, its `git merge-base` started now and waited for when the returned function
    is called (to run beside other git processes)."""
    key = (root, old, new)
    if key in _ancestry:
        return lambda: _ancestry[key]
    finish = start_git(root, "merge-base", "--is-ancestor", old, new)

    def found() -> bool:
        answer = finish().returncode == 0
        if len(old) in (40, 64) and len(new) in (40, 64):
            _ancestry[key] = answer
        return answer
    return found


def start_git(root: str, *args: str, env: dict[str, str] | None = None, input: bytes | None = None,
              drained: bool = False) -> Callable[[], subprocess.CompletedProcess]:
    """Start `git ARGS` in `root` and go on; the returned function waits for it (output captured).
    For a call that overlaps other work (the priming fast path's `git status`). `env`, `input`:
    as `git_process`'s; `drained`: its input written and its output read as it comes, by a thread
    (more than a pipe holds, 64 KB, and git would wait until the function is called)."""
    try:
        proc = subprocess.Popen(git_argv(*args), cwd=root,
                                stdin=subprocess.DEVNULL if input is None else subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env={**os.environ, **env} if env else None)
    except FileNotFoundError:
        if not os.path.isdir(root):
            raise
        raise GitMissingError() from None

    def finish() -> subprocess.CompletedProcess:
        out, err = proc.communicate(input)
        return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    if not drained:
        return finish
    import threading

    done: list[subprocess.CompletedProcess] = []
    reader = threading.Thread(target=lambda: done.append(finish()), name="orgmemory-git-output", daemon=True)
    reader.start()

    def joined() -> subprocess.CompletedProcess:
        reader.join()
        return done[0] if done else subprocess.CompletedProcess(proc.args, 1, b"", b"")  # (the read failed)
    return joined


def run_git(root: str, *args: str, check: bool = True, input: bytes | None = None) -> bytes:
    proc = git_process(root, *args, input=input)
    return checked(proc, " ".join(args[:2])) if check else proc.stdout


def checked(proc: subprocess.CompletedProcess, what: str) -> bytes:
    """The output of the finished `git WHAT`; GitError with git's message when it failed."""
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip()
        raise GitError(f"git {what} failed: {message}")
    return proc.stdout


#: What a ref or commit named in a repository's file may be: git's `check-ref-format` rules,
#: narrowed to the characters real branch and tag names use, so no value can be an option
#: (a leading `-`), a revision expression (`~`, `^`, `@{`, `:`) or a pattern.
_REF = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._+/-]{0,254}")


def is_plain_ref(ref: str) -> bool:
    """Whether `ref` is a branch, tag or commit name safe to hand to git as an argument."""
    return (_REF.fullmatch(ref) is not None and ".." not in ref and "//" not in ref and "/." not in ref
            and ".lock/" not in ref and not ref.endswith((".", "/", ".lock")))


def find_root(path: str) -> str:
    """The top of the work tree containing `path`; exit 2 when there is none."""
    return rev_parse(path)[0]


def rev_parse(path: str, *args: str) -> list[str]:
    """`git rev-parse --show-toplevel ARGS` run from `path`: the work tree's top, then one line per
    argument (one git cannot resolve, such as HEAD before the first commit, comes back as written).

    Exit 2 when `path` does not exist or is in no work tree.
    """
    start = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path)) or "."
    if not os.path.exists(path):
        raise NotARepositoryError(f"{path}: no such file or directory")
    proc = git_process(start, "rev-parse", "--show-toplevel", *args)
    lines = os.fsdecode(proc.stdout).split("\n")[:-1]
    if len(lines) <= len(args) or not lines[0]:
        raise NotARepositoryError(f"{path}: not inside a git work tree (orgmemory scans git repositories)")
    answers = lines[len(lines) - len(args):] if args else []
    return [own_top(start, "\n".join(lines[:len(lines) - len(args)])), *answers]


def own_top(start: str, top: str) -> str:
    """`top`, the work tree git gives for the folder `start`, when it is the folder that holds the
    `.git` nearest `start`. Else exit 2: the repository's own `core.worktree` places its work tree
    elsewhere (a parent folder, the home folder, another repository), and orgmemory would read
    files there and run git in that folder, where git finds whichever repository holds it. (A
    submodule's and a linked work tree's `.git` file is the one nearest; with `GIT_DIR` or
    `GIT_WORK_TREE` set, the user named the work tree.)"""
    if os.environ.get("GIT_DIR") or os.environ.get("GIT_WORK_TREE"):
        return top
    near = nearest_work_tree(os.path.abspath(start))
    if near is None or os.path.realpath(near) != os.path.realpath(top):
        raise NotARepositoryError(f"{start}: the repository's core.worktree places its work tree at {top}, "
                                  "outside it; orgmemory reads no folder but the repository's own")
    return top


def nearest_work_tree(folder: str) -> str | None:
    """The nearest folder at or above `folder` that holds `.git` (found without running git)."""
    while True:
        if os.path.exists(os.path.join(folder, ".git")):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


#: `origin`'s URL as (host, owner, name): https, ssh and scp-like forms of one repository agree.
#: Read only up to `_MAX_REMOTE` characters: the pattern, searched, costs the square of what it
#: reads, and the URL is the repository's own `.git/config` (20 KB of it took 6 s).
_MAX_REMOTE = 2048
_REMOTE = re.compile(r"(?:[\w.+-]+://)?(?:[^@/]+@)?([\w.-]+)[:/](?:\d+/)?([\w.-]+)/([\w.-]+?)(?:\.git)?/?$")


def origin_identity(root: str) -> tuple[str, str, str] | None:
    """(host, owner, name) of the `origin` remote, lower-cased, or None: what a scan reads of
    the remote (links to its hosting site), so clones by https and by ssh scan alike."""
    url = run_git(root, "remote", "get-url", "origin", check=False).decode("utf-8", "replace").strip()
    match = _REMOTE.search(url) if len(url) <= _MAX_REMOTE else None
    return tuple(g.lower() for g in match.groups()) if match else None  # type: ignore[return-value]
