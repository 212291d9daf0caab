"""The LIST of `orgmemory fleet scan`: which repositories, from where, at which ref.

Text (any name but *.yaml/*.yml): one repository a line, `SOURCE [REF]`; `#` starts a comment.
YAML (*.yaml, *.yml): a list, or `repositories:` holding one, of SOURCE strings or mappings
`{url: or path:, ref:, name:, history: full|blobless, timeout: SECONDS}`.

A SOURCE is an https:// or ssh:// URL, an scp-like `git@host:org/repo.git`, a file:// URL or a
local folder (relative to the LIST's folder). Nothing else: no `git://`, `http://`, `ext::`,
and nothing that starts with `-`, so no value from the list can reach git as an option.
Problems are reported as `LIST:line: message` (exit 2) before any work starts.
"""
from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from indexer.errors import OrgmemoryError
from indexer.git.clone import redact  # the one URL-credential redaction (https://TOKEN@host too)

__all__ = ["RepoSpec", "read_list", "parse_source", "HISTORY_MODES"]

HISTORY_MODES = ("full", "blobless")
_KEYS = {"url", "path", "ref", "name", "history", "timeout"}
_SCP = re.compile(r"^(?:[A-Za-z0-9._~-]+@)?[A-Za-z0-9.-]+:(?!//)[^\s]+$")
_BAD = re.compile(r"[\x00-\x20\x7f]")


@dataclass(frozen=True)
class RepoSpec:
    """One repository of the fleet. `source` is a URL or an absolute folder (`local`)."""

    name: str
    source: str
    local: bool = False
    ref: str | None = None
    history: str = "full"
    timeout: float | None = None
    line: int | None = None

    @property
    def key(self) -> str:
        """A folder-safe, collision-free name for its clone, cache and result."""
        slug = re.sub(r"[^A-Za-z0-9._-]+", "-", self.name).strip("-.")[:60] or "repo"
        digest = hashlib.sha256(f"{self.source}\0{self.ref or ''}".encode()).hexdigest()[:10]
        return f"{slug}-{digest}"

    @property
    def display(self) -> str:
        """The source without credentials, for reports."""
        return redact(self.source)


class ListError(OrgmemoryError):
    pass


def parse_source(text: str, base: str) -> tuple[str, bool]:
    """(URL or absolute folder, is local); raises ValueError with the reason."""
    if not text:
        raise ValueError("empty repository source")
    if text.startswith("-"):
        raise ValueError(f"{text!r} starts with '-'; a repository source is a URL or a folder")
    if _BAD.search(text):
        raise ValueError(f"{text!r} holds whitespace or control characters")
    scheme = text.split("://", 1)[0].lower() if "://" in text else None
    if scheme in ("https", "ssh"):
        if not urlsplit(text).netloc:
            raise ValueError(f"{text!r} has no host")
        return text, False
    if scheme == "file":
        path = urlsplit(text).path
        return os.path.realpath(path), True
    if scheme is not None or text.startswith("ext::") or "::" in text.split("/", 1)[0]:
        raise ValueError(f"{text!r}: only https://, ssh://, git@host:path, file:// and local "
                         "folders are allowed")
    if _SCP.match(text) and not os.path.exists(os.path.join(base, text)):
        return text, False
    return os.path.realpath(os.path.join(base, os.path.expanduser(text))), True


def _check_ref(ref: str) -> str:
    if not ref or ref.startswith("-") or _BAD.search(ref) or ":" in ref or ".." in ref:
        raise ValueError(f"ref {ref!r} is not a branch, tag or commit name")
    return ref


def _name_for(source: str, local: bool) -> str:
    if local:
        return os.path.basename(source.rstrip(os.sep)) or "repo"
    path = urlsplit(source).path if "://" in source else source.split(":", 1)[1]
    parts = [p for p in path.strip("/").removesuffix(".git").split("/") if p]
    return "/".join(parts[-2:]) or source


def read_list(path: str) -> list[RepoSpec]:
    """The repositories LIST names, in order; ListError (`LIST:line: message`) when it is wrong."""
    try:
        with open(path, encoding="utf-8-sig") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise ListError(f"{path}: cannot read the repository list ({getattr(error, 'strerror', None) or error})") from None
    base = os.path.dirname(os.path.abspath(path))
    if path.endswith((".yaml", ".yml")):
        entries = _yaml_entries(path, text)
    else:
        entries = _text_entries(path, text)
    specs: list[RepoSpec] = []
    seen: dict[str, int] = {}
    for line, entry in entries:
        try:
            spec = _spec(entry, base, line)
        except ValueError as error:
            raise ListError(f"{path}:{line}: {error}") from None
        if spec.name in seen:
            raise ListError(f"{path}:{line}: name {spec.name!r} is already used on line "
                            f"{seen[spec.name]}; give one of them a name (YAML `name:`)")
        seen[spec.name] = line
        specs.append(spec)
    if not specs:
        raise ListError(f"{path}: lists no repositories")
    return specs


def _text_entries(path: str, text: str) -> list[tuple[int, dict]]:
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        if len(words) > 2:
            raise ListError(f"{path}:{number}: expected `SOURCE [REF]`, got {len(words)} words")
        out.append((number, {"source": words[0], "ref": words[1] if len(words) > 1 else None}))
    return out


def _yaml_entries(path: str, text: str) -> list[tuple[int, dict]]:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        root = yaml.compose(text, Loader=loader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else path
        raise ListError(f"{where}: not valid YAML ({getattr(error, 'problem', None) or error})") from None
    if isinstance(root, yaml.MappingNode):
        items = {k.value: v for k, v in root.value}
        unknown = set(items) - {"repositories"}
        if unknown:
            raise ListError(f"{path}:{root.start_mark.line + 1}: unknown key {sorted(unknown)[0]!r}; "
                            "expected `repositories:`")
        root = items.get("repositories")
    if not isinstance(root, yaml.SequenceNode):
        line = root.start_mark.line + 1 if root is not None else 1
        raise ListError(f"{path}:{line}: expected a list of repositories")
    out = []
    for node in root.value:
        line = node.start_mark.line + 1
        if isinstance(node, yaml.ScalarNode):
            out.append((line, {"source": node.value}))
            continue
        if not isinstance(node, yaml.MappingNode):
            raise ListError(f"{path}:{line}: a repository is a URL, a folder or a mapping")
        entry = {}
        for key, value in node.value:
            if key.value not in _KEYS:
                raise ListError(f"{path}:{key.start_mark.line + 1}: unknown key {key.value!r}; "
                                f"expected one of {', '.join(sorted(_KEYS))}")
            if not isinstance(value, yaml.ScalarNode):
                raise ListError(f"{path}:{value.start_mark.line + 1}: {key.value}: expected a single value")
            entry[key.value] = value.value
        if ("url" in entry) == ("path" in entry):
            raise ListError(f"{path}:{line}: give exactly one of `url:` and `path:`")
        entry["source"] = entry.pop("url", None) or entry.pop("path")
        out.append((line, entry))
    return out


def _spec(entry: dict, base: str, line: int) -> RepoSpec:
    source, local = parse_source(str(entry["source"]).strip(), base)
    ref = _check_ref(str(entry["ref"])) if entry.get("ref") not in (None, "") else None
    history = entry.get("history") or "full"
    if history not in HISTORY_MODES:
        raise ValueError(f"history: {history!r} is not one of {', '.join(HISTORY_MODES)}")
    timeout = entry.get("timeout")
    if timeout is not None:
        try:
            timeout = float(timeout)
        except ValueError:
            raise ValueError(f"timeout: {timeout!r} is not a number of seconds") from None
        if not 0 < timeout <= 86400:
            raise ValueError(f"timeout: {timeout:g} is not between 0 and 86400 seconds")
    name = str(entry.get("name") or _name_for(source, local))
    if _BAD.search(name.replace(" ", "_")):
        raise ValueError(f"name {name!r} holds control characters")
    return RepoSpec(name=name, source=source, local=local, ref=ref, history=history,
                    timeout=timeout, line=line)
