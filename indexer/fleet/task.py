"""`scan_one`: the whole work for one repository, run by a pool process or a cluster worker.

clone or update (git) -> skip when nothing changed -> `orgmemory scan --format json` in a
subprocess with the time left -> one plain dict. It never raises: a clone error, a timeout, a
broken `.orgmemory.yaml` or a crashed scan is a result with `status: "failed"`, a `stage` and one
line of `error`, so one repository never stops the others.

The org standards reach the scan without touching the repository's files: two files in the
clone's `.git/` (outside the work tree, so git status and the scan never see them),
`orgmemory-org.yaml` (a copy of the org file) and `orgmemory-fleet.yaml`, passed as `--config`:

    version: 1
    extends: [orgmemory-org.yaml, ../.orgmemory.yaml]   # org first; the repository wins by id
    scan: ...                                            # the repository's own scan: settings

`extends` is the scan's own merge, so the result is what the repository would get if its file
extended the org standards. The repository's `scan:` block is copied line for line, and a
configuration error in it is reported at the repository file's own line.
"""
from __future__ import annotations

import hashlib
import os
import re
import resource
import sys
import time
from datetime import date

from indexer import __version__
from indexer.child import CHILD
from indexer.git.remote import GitFailed, git_env, last_line, present_at_head, sync, tracked
from indexer.git.proc import Deadline, TimedOut, run
from indexer.fleet.specs import RepoSpec
from indexer.fleet.standards import OrgStandards

__all__ = ["scan_one", "RESULT_VERSION", "ORG_FILE", "ORG_DISPLAY", "FLEET_FILE"]

RESULT_VERSION = 1
ORG_FILE = ".git/orgmemory-org.yaml"
FLEET_FILE = ".git/orgmemory-fleet.yaml"
from indexer.git.root import CONFIG_NAMES  # noqa: E402  (defined once)
_MAX_CONFIG = 1 << 20
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x1b]")


def scan_one(spec: RepoSpec, workdir: str, standards: OrgStandards, now: date, timeout: float,
             previous_key: str | None = None) -> dict:
    """Clone/update and scan `spec`; `previous_key` is the key of its stored result, if any."""
    started = time.monotonic()
    result = {"fleet_result": RESULT_VERSION, "name": spec.name, "source": spec.display,
              "ref": spec.ref, "history": spec.history, "now": now.isoformat(), "status": "failed",
              "stage": None, "error": None, "head": None, "key": None}
    try:
        deadline = Deadline(spec.timeout or timeout)
        _work(spec, workdir, standards, now, deadline, previous_key, result)
    except TimedOut as error:
        result.update(status="failed", stage="timeout", error=f"{result['stage'] or 'clone'}: {error}")
    except GitFailed as error:
        result.update(status="failed", stage="clone", error=one_line(str(error)))
    except Exception as error:  # never let one repository take the run down
        result.update(status="failed", stage=result["stage"] or "internal",
                      error=one_line(f"{type(error).__name__}: {error}"))
    result["seconds"] = round(time.monotonic() - started, 3)
    result["max_rss_mb"] = round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1)
    return result


def _work(spec: RepoSpec, workdir: str, standards: OrgStandards, now: date, deadline: Deadline,
          previous_key: str | None, result: dict) -> None:
    dest = os.path.join(workdir, "repos", spec.key)
    result["stage"] = "clone"
    head = sync(spec.source, spec.local, spec.ref, dest, spec.history, deadline)
    result["head"] = head
    name, config = _own_config(dest)
    key = _key(head, config, standards, now, spec.history)
    result["key"] = key
    if key == previous_key:
        result.update(status="unchanged", stage=None)
        return
    result["memory"] = _memory(name, config)
    result["stage"] = "scan"
    argv = [sys.executable, "-c", CHILD, "scan", "--format", "json", "--fail-on", "never",  # not -m: cwd is the clone
            "--now", now.isoformat(), "--cache-dir", os.path.join(workdir, "cache", spec.key)]
    offset = None
    if standards.text:
        offset = _write_layers(dest, name, config, standards)
        argv += ["--config", FLEET_FILE]
    ran = run([*argv, "--", dest], deadline, cwd=dest, env=git_env())
    message = last_line(ran.stderr)
    if ran.code == 2 and message.startswith("orgmemory: error: "):  # a configuration error
        message = message.removeprefix("orgmemory: error: ")
        result.update(stage="config", error=one_line(_map_lines(message, name, offset)))
        return
    if ran.code not in (0, 1):
        result.update(error=one_line(message or f"scan exited with {ran.code}"))
        return
    import json

    result["scan"] = _named(json.loads(ran.stdout))
    result["applicable"] = _applicable(dest, standards, deadline)
    result["legacy_present"] = _present(dest, result["scan"], deadline)
    result.update(status="ok", stage=None)


def one_line(text: str, limit: int = 400) -> str:
    text = _CONTROL.sub(" ", " ".join(text.split()))
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _own_config(dest: str) -> tuple[str | None, bytes | None]:
    """The repository's own memory file (name, bytes); never through a symlink, at most 1 MiB."""
    for name in CONFIG_NAMES:
        path = os.path.join(dest, name)
        if not os.path.lexists(path):
            continue
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return name, None  # a symlink: the scan decides (and refuses one that leaves the tree)
        with os.fdopen(fd, "rb") as handle:
            return name, handle.read(_MAX_CONFIG + 1)
    return None, None


def _key(head: str, config: bytes | None, standards: OrgStandards, now: date, history: str) -> str:
    digest = hashlib.sha256()
    for part in (__version__, head, hashlib.sha256(config or b"").hexdigest(), standards.digest,
                 now.isoformat(), history):
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()


def _memory(name: str | None, config: bytes | None) -> dict:
    """What the repository's own file declares: ids and legacy paths (read, never trusted)."""
    memory = {"file": name, "ids": [], "legacy": []}
    if not config or len(config) > _MAX_CONFIG:
        return memory
    import yaml

    try:
        data = yaml.load(config, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return memory
    if isinstance(data, dict):
        memory["ids"] = [str(s["id"]) for s in data.get("standards") or ()
                         if isinstance(s, dict) and s.get("id") is not None]
        memory["legacy"] = [str(item["path"]).strip("/") for item in data.get("legacy") or ()
                            if isinstance(item, dict) and item.get("path")]
        memory["extends"] = [str(e) for e in data.get("extends") or ()] if isinstance(
            data.get("extends"), list) else []
    return memory


def _write_layers(dest: str, name: str | None, config: bytes | None, standards: OrgStandards) -> int | None:
    """Write the two `.git/` files; return the line offset of the copied `scan:` block."""
    with open(os.path.join(dest, ORG_FILE), "wb") as handle:
        handle.write(standards.text)
    lines = ["version: 1", "extends:", "  - orgmemory-org.yaml"]
    if name:
        lines.append(f"  - ../{name}")
    offset = None
    block = _scan_block(config)
    if block is not None:
        first, text = block
        offset = first - (len(lines) + 1)
        lines.append(text.rstrip("\n"))
    with open(os.path.join(dest, FLEET_FILE), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    return offset


def _scan_block(config: bytes | None) -> tuple[int, str] | None:
    """(1-based first line, text) of the top-level block-style `scan:` entry of the file."""
    if not config:
        return None
    import yaml

    try:
        text = config.decode("utf-8-sig")
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (UnicodeDecodeError, yaml.YAMLError):
        return None
    if not isinstance(root, yaml.MappingNode) or root.flow_style:
        return None
    entries = root.value
    for index, (key, value) in enumerate(entries):
        if key.value != "scan" or key.start_mark.column != 0:
            continue
        start = key.start_mark.line
        end = entries[index + 1][0].start_mark.line if index + 1 < len(entries) else None
        all_lines = text.splitlines()
        return start + 1, "\n".join(all_lines[start:end]) + "\n"
    return None


def _map_lines(message: str, name: str | None, offset: int | None) -> str:
    """A configuration error in the copied `scan:` block, told at the repository file's line."""
    def repl(match: re.Match) -> str:
        if offset is None or not name:
            return f"{name or '.orgmemory.yaml'} (scan:)"
        return f"{name}:{int(match.group(1)) + offset}"

    message = re.sub(r"\.git/orgmemory-fleet\.yaml:(\d+)", repl, message)
    return message.replace(ORG_FILE, ORG_DISPLAY)


ORG_DISPLAY = "<org standards>"  # what a stored result calls the org standards file


def _named(value):
    """The scan's JSON with the org standards' copy in the clone (`.git/orgmemory-org.yaml`,
    an artefact of the run) called `<org standards>`: `<org standards>:6` in a stored result
    says where the finding comes from without knowing how the fleet passes the file."""
    if isinstance(value, str):
        return value.replace(ORG_FILE, ORG_DISPLAY) if ORG_FILE in value else value
    if isinstance(value, list):
        return [_named(item) for item in value]
    if isinstance(value, dict):
        return {key: _named(item) for key, item in value.items()}
    return value


def _applicable(dest: str, standards: OrgStandards, deadline: Deadline) -> dict[str, bool] | None:
    """For each org standard: does any tracked file fall within its scope?"""
    if not standards.standards:
        return {}
    try:
        import pathspec  # orgmemory[fleet]; without it, applicability is unknown
    except ImportError:
        return None

    files = tracked(dest, deadline)
    out = {}
    for standard in standards.standards:
        matcher = pathspec.GitIgnoreSpec.from_lines(standard["scope"])
        out[standard["id"]] = any(matcher.match_file(f) for f in files)
    return out


def _present(dest: str, scan: dict, deadline: Deadline) -> dict[str, bool]:
    """For each declared legacy path: is it still in the tree at HEAD?"""
    paths = sorted({str(r.get("legacy_path") or "").strip("/") for r in scan.get("resolutions") or ()
                    if isinstance(r, dict) and r.get("declared")} - {""})
    if not paths:
        return {}
    found = present_at_head(dest, paths, deadline)
    return {path: path in found for path in paths}
