"""Clone or update one repository of a fleet into the work folder, treating it as untrusted.

* Every git call separates options from arguments with `--` where git allows it, and the list
  already refused sources and refs that start with `-`.
* Protocols: `GIT_ALLOW_PROTOCOL` is https and ssh, plus `file` only for a clone of a local
  folder the user listed; a fetched repository's own `.orgmemory.yaml` `extends` therefore cannot
  reach `file://` paths of this machine.
* `GIT_TERMINAL_PROMPT=0` and `ssh -o BatchMode=yes`: a private repository fails, never waits.
* No hooks (a fresh clone has none), no submodules, Git LFS pointers left as they are.
* A clone is built in a temporary folder and renamed into place; an update fetches the ref
  and checks it out detached, discarding whatever was there.
"""
from __future__ import annotations

import os
import shutil
import tempfile

from indexer.git.proc import Deadline, run

__all__ = ["GitFailed", "git_env", "sync", "head_of"]


class GitFailed(Exception):
    """A git command failed; the message is git's last line of stderr."""


def git_env(allow_file: bool = False) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        GIT_TERMINAL_PROMPT="0",
        GIT_ASKPASS="echo",
        SSH_ASKPASS="echo",
        GCM_INTERACTIVE="never",
        GIT_LFS_SKIP_SMUDGE="1",
        GIT_ALLOW_PROTOCOL="https:ssh" + (":file" if allow_file else ""),
    )
    env.setdefault("GIT_SSH_COMMAND", "ssh -o BatchMode=yes")
    env.pop("GIT_DIR", None)
    env.pop("GIT_WORK_TREE", None)
    return env


def _git(args: list[str], deadline: Deadline, cwd: str | None, env: dict[str, str]) -> str:
    ran = run(["git", "-c", "advice.detachedHead=false", "-c", "core.hooksPath=/dev/null", *args],
              deadline, cwd=cwd, env=env)
    if ran.code != 0:
        raise GitFailed(last_line(ran.stderr) or f"git {args[0]} exited with {ran.code}")
    return ran.stdout.decode("utf-8", "replace")


def last_line(data: bytes) -> str:
    lines = [line.strip() for line in data.decode("utf-8", "replace").splitlines() if line.strip()]
    lines = [line for line in lines if not line.startswith("hint:")] or lines
    return lines[-1] if lines else ""


def sync(source: str, local: bool, ref: str | None, dest: str, history: str,
         deadline: Deadline) -> str:
    """Make `dest` a detached checkout of `ref` (default: the remote's HEAD); return its HEAD sha."""
    env = git_env(allow_file=local)
    fresh = not os.path.isdir(os.path.join(dest, ".git"))
    if fresh:
        _clone(source, local, dest, history, deadline, env)
    _git(["fetch", "--quiet", "--force", "--no-tags", "--no-recurse-submodules", "--", "origin",
          ref or "HEAD"], deadline, dest, env)
    heads = _git(["rev-parse", "--verify", "--end-of-options", "FETCH_HEAD^{commit}"], deadline, dest, env).strip()
    if fresh or heads != _current(dest, deadline, env):  # an unchanged clone is left as it is
        _git(["checkout", "--quiet", "--force", "--detach", "FETCH_HEAD", "--"], deadline, dest, env)
        _git(["clean", "-q", "-f", "-d", "-x"], deadline, dest, env)
    return head_of(dest, deadline)


def _current(dest: str, deadline: Deadline, env: dict[str, str]) -> str | None:
    try:
        return head_of(dest, deadline)
    except GitFailed:
        return None


def head_of(dest: str, deadline: Deadline) -> str:
    return _git(["rev-parse", "--verify", "HEAD^{commit}"], deadline, dest, git_env()).strip()


def _clone(source: str, local: bool, dest: str, history: str, deadline: Deadline,
           env: dict[str, str]) -> None:
    parent = os.path.dirname(dest)
    os.makedirs(parent, exist_ok=True)
    if local and not os.path.isdir(source):
        raise GitFailed(f"{source}: no such folder")
    building = tempfile.mkdtemp(prefix=".clone-", dir=parent)
    try:
        args = ["clone", "--quiet", "--no-checkout", "--no-tags"]
        if local:
            args.append("--no-local")  # through upload-pack: nothing of the folder's .git is copied
        elif history == "blobless":
            args.append("--filter=blob:none")
        _git([*args, "--", source, building], deadline, None, env)
        shutil.rmtree(dest, ignore_errors=True)
        os.replace(building, dest)
    finally:
        shutil.rmtree(building, ignore_errors=True)


def tracked(dest: str, deadline: Deadline) -> list[str]:
    """`git ls-files` of a fetched checkout, within the deadline."""
    ran = run(["git", "ls-files", "-z"], deadline, cwd=dest, env=git_env())
    return [f for f in ran.stdout.decode("utf-8", "surrogateescape").split("\0") if f]


def present_at_head(dest: str, paths: list[str], deadline: Deadline) -> set[str]:
    """Which of `paths` are in HEAD's tree of a fetched checkout (none when git cannot tell)."""
    ran = run(["git", "ls-tree", "--name-only", "-z", "HEAD", "--", *paths], deadline, cwd=dest, env=git_env())
    return set(ran.stdout.decode("utf-8", "surrogateescape").split("\0")) if ran.code == 0 else set()
