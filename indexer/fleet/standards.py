"""The org standards of a fleet run: read, validated and hashed once, by the coordinator.

`--standards` is a file, or a git source in the syntax of `extends`:
`git+https://host/org/standards.git@REF#path/org.orgmemory.yaml`. A git source is cloned
(blobless) into `<work>/standards/`. The file is validated with `orgmemory validate` before any
repository is touched, so a broken org file is one error, not a thousand failed scans. It must
be self-contained (no `extends` of its own): each repository's scan reads a copy of it.
"""
from __future__ import annotations

import hashlib
import os
import sys
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

from indexer.child import CHILD
from indexer.errors import OrgmemoryError
from indexer.git.proc import Deadline, TimedOut, run

__all__ = ["OrgStandards", "load_org_standards", "describe", "NO_STANDARDS"]

MAX_BYTES = 4 << 20


@dataclass(frozen=True)
class OrgStandards:
    """An organisation's standards file, as `extends` fetched it."""

    display: str = ""  # what the user passed, credentials removed
    text: bytes = b""
    standards: tuple = ()  # ({"id", "statement", "scope", "review_by", "priority", "owner"}, ...)
    legacy: tuple = ()  # ({"path", "successor"}, ...)
    org: str | None = None
    digest: str = field(default="")

    @property
    def ids(self) -> list[str]:
        return [s["id"] for s in self.standards]


NO_STANDARDS = OrgStandards(digest=hashlib.sha256(b"").hexdigest())


def load_org_standards(spec: str | None, workdir: str, timeout: float = 300) -> OrgStandards:
    if not spec:
        return NO_STANDARDS
    if spec.startswith("git+"):
        file, display = _from_git(spec, workdir, timeout)
    else:
        file, display = os.path.abspath(spec), spec
    try:
        with open(file, "rb") as handle:
            text = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise OrgmemoryError(f"--standards {display}: {error.strerror}") from None
    if len(text) > MAX_BYTES:
        raise OrgmemoryError(f"--standards {display}: larger than {MAX_BYTES >> 20} MiB")
    _validate(file, display)
    return describe(text, display)


def describe(text: bytes, display: str) -> OrgStandards:
    """The parts of a (validated) standards file the fleet report needs."""
    import yaml

    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
    if not isinstance(data, dict):
        raise OrgmemoryError(f"--standards {display}: the top level must be a mapping")
    if data.get("extends"):
        raise OrgmemoryError(f"--standards {display}: the org standards file must not use `extends`; "
                             "list every org standard in it")
    standards = tuple(
        {"id": str(s.get("id")), "statement": str(s.get("statement") or ""),
         "scope": [str(g) for g in (s.get("scope") or ["**"])],
         "review_by": str(s["review_by"]) if s.get("review_by") else None,
         "priority": str(s.get("priority") or "should"), "owner": s.get("owner"),
         "superseded": bool(s.get("superseded_by"))}
        for s in data.get("standards") or ()
        if isinstance(s, dict) and (s.get("status") or "active") == "active")  # proposals are not standards
    legacy = tuple({"path": str(item.get("path", "")).strip("/"), "successor": item.get("successor")}
                   for item in data.get("legacy") or () if isinstance(item, dict))
    return OrgStandards(display=display, text=text, standards=standards, legacy=legacy,
                        org=data.get("org"), digest=hashlib.sha256(text).hexdigest())


def _validate(file: str, display: str) -> None:
    try:
        ran = run([sys.executable, "-c", CHILD, "validate", "--no-extends", "--", file], Deadline(120))  # not -m: cwd may be a repository
    except TimedOut:
        raise OrgmemoryError(f"--standards {display}: validation timed out") from None
    if ran.code != 0:
        message = ran.stderr.decode("utf-8", "replace").strip().splitlines() or ["invalid"]
        raise OrgmemoryError(f"--standards {display}: {message[-1].removeprefix('orgmemory: error: ')}")


def _from_git(spec: str, workdir: str, timeout: float) -> tuple[str, str]:
    from indexer.git.remote import GitFailed, sync
    from indexer.fleet.specs import parse_source
    from indexer.git.clone import redact

    location, _, path = spec[len("git+"):].partition("#")
    parts = urlsplit(location)
    ref = None
    if "@" in parts.path:
        head, ref = parts.path.rsplit("@", 1)
        location = urlunsplit(parts._replace(path=head))
    path = path or ".orgmemory.yaml"
    display = f"git+{redact(location)}{'@' + ref if ref else ''}#{path}"
    try:
        source, local = parse_source(location, os.getcwd())
    except ValueError as error:
        raise OrgmemoryError(f"--standards {display}: {error}") from None
    if ref is not None and (ref.startswith("-") or not ref.strip()):
        raise OrgmemoryError(f"--standards {display}: ref {ref!r} is not a branch, tag or commit")
    dest = os.path.join(workdir, "standards",
                        hashlib.sha256(f"{source}@{ref}".encode()).hexdigest()[:16])
    try:
        sync(source, local, ref, dest, "blobless", Deadline(timeout))
    except (GitFailed, TimedOut) as error:
        raise OrgmemoryError(f"--standards {display}: cannot fetch: {error}") from None
    root = os.path.realpath(dest)
    file = os.path.realpath(os.path.join(root, path))
    if os.path.commonpath([root, file]) != root or not os.path.isfile(file):
        raise OrgmemoryError(f"--standards {display}: {path!r} is not a file inside that repository")
    return file, display
