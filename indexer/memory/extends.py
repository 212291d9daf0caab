"""`extends`: org-wide memory files, merged first; the repository's own file wins by id.

An entry is a path inside the repository (resolved from the declaring file's folder) or a git
URL, `git+https://host/org/standards.git@REF#path/org.orgmemory.yaml` (`git+ssh://` works the
same, `git+file://` too where allowed; `@REF` defaults to the remote's HEAD, `#path` to
`.orgmemory.yaml`). Git sources are cloned by `indexer.git.clone` into `<cache dir>/extends/` and
fetched again at most every `scan.extends_refresh` hours; when the remote cannot be reached the
cached clone is used with a note on its age, and with no clone it is an error.

The entries come from the repository, so they are untrusted (see `indexer.git.clone` for how git
is run): `@REF` must be a plain branch, tag or commit name, a URL's host or user may not start
with `-`, and only the allowed protocols are used (https and ssh; `file`, `http` and `git` when
ORGMEMORY_EXTENDS_PROTOCOLS names them). URL credentials are shown as `***` everywhere.

A path may not leave the repository or the clone it belongs to, symlinks included
(`indexer.confine`): a repository's memory must not make orgmemory read `../../etc/passwd`.
Errors in an extended file never quote its content (`load_config` shows no values).

`load_config` stays a pure one-file validator; `load_with_extends` wraps it, because merging
needs I/O (clones, the cache folder, the network) that validation of a single file must not do.
Checks that span files (unknown supersedes ids, cycles, contradictions) run again on the merge,
through the same `load.check_standards` a single file goes through.
"""
from __future__ import annotations

import hashlib
import os
import re
import time
from dataclasses import dataclass, replace
from typing import Iterable
from urllib.parse import urlsplit, urlunsplit

from indexer.cache import cache_dir_for, ensure_dir
from indexer.memory.load import Entry, check_standards, load_config
from indexer.confine import is_inside
from indexer.errors import ConfigError
from indexer.git.clone import CloneError, allowed_protocols, clone_age, ensure_clone, redact
from indexer.git.run import is_plain_ref
from indexer.models import Config, LegacyPath

__all__ = ["Source", "NotCached", "parse_source", "load_with_extends", "merge_configs"]

DEFAULT_FILE = ".orgmemory.yaml"
_GIT_PREFIX = "git+"


@dataclass(frozen=True)
class Source:
    """One `extends` entry, parsed. `url` is None for a local path."""

    spec: str
    path: str
    url: str | None = None
    ref: str | None = None


@dataclass(frozen=True)
class _Origin:
    """Where a memory file sits: the tree it may not leave, and how to name it in messages."""

    root: str  # the repository or clone the file belongs to
    file: str  # absolute path of the file
    display: str  # repo-relative path, or `git+URL@REF#path` for a file in a clone
    remote: str | None = None  # `git+URL@REF` for files in a clone


class NotCached(Exception):
    """A git source has no local clone, and `load_with_extends(fetch=False)` may not fetch one."""


def parse_source(spec: str) -> Source:
    """Split `git+URL@REF#path` into its parts; anything without `git+` is a local path.

    ValueError (naming the entry without credentials) when a part could be read as a git option
    or is not what it must be.
    """
    shown = redact(spec)
    if not spec.startswith(_GIT_PREFIX):
        if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", spec):
            raise ValueError(f"{shown!r}: a remote extends source is a git URL, "
                             f"git+https://host/org/repo.git@REF#path/org.yaml")
        return Source(spec=spec, path=spec)
    location, _, fragment = spec[len(_GIT_PREFIX):].partition("#")
    parts = urlsplit(location)
    if not parts.scheme or not (parts.netloc or parts.scheme == "file"):
        raise ValueError(f"{shown!r} is not a git URL like git+https://host/org/repo.git@REF#org.yaml")
    if any(ord(char) < 32 or ord(char) == 127 for char in spec):
        raise ValueError(f"{shown!r} holds control characters")
    if parts.netloc.startswith("-") or parts.netloc.rpartition("@")[2].startswith("-"):
        raise ValueError(f"{shown!r}: the URL's host or user starts with '-', which git would read "
                         "as an option; refused")
    path, ref = parts.path, None
    if "@" in path:
        path, ref = path.rsplit("@", 1)
        if not is_plain_ref(ref):
            raise ValueError(f"{shown!r}: {ref!r} is not a valid git ref (a branch, tag or "
                             "commit: letters, digits and . _ + / -, not starting with '-' or '.')")
    return Source(spec=spec, path=fragment or DEFAULT_FILE,
                  url=urlunsplit(parts._replace(path=path)), ref=ref or None)


# --------------------------------------------------------------------------- loading
def load_with_extends(repo_root: str, path: str | None = None, cache_dir: str | None = None,
                      now: float | None = None, *, fetch: bool = True) -> Config:
    """The repository's configuration with its `extends` sources merged under it.

    `cache_dir` is the scan cache folder (clones go in its `extends/`); `now` (epoch seconds)
    is only for deciding whether a clone is due for a fetch. `fetch=False` never runs git: each
    git source is read from a clone already on disk, this repository's or one that a scan of
    another repository made under the same cache folder (`_Loader.cached`), however old;
    `NotCached` when a source has none.
    """
    local = load_config(repo_root, path)
    if not local.extends:
        return local
    root = os.path.realpath(repo_root)
    loader = _Loader(os.path.join(cache_dir_for(root, cache_dir), "extends"),
                     local.scan.extends_refresh_hours, time.time() if now is None else now, fetch)
    origin = _Origin(root=root, file=os.path.realpath(local.file), display=_display(root, local.file))
    layers = loader.layers(local, origin, visiting=(origin.file,))
    return merge_configs(layers, local, notes=loader.notes)


def _display(root: str, file: str) -> str:
    return os.path.relpath(os.path.realpath(file), root).replace(os.sep, "/")


class _Loader:
    """Resolves `extends` entries depth-first, so deeper (more general) files come first."""

    def __init__(self, clones: str, refresh_hours: int, now: float, fetch: bool = True) -> None:
        self.clones = clones
        self.refresh_seconds = refresh_hours * 3600
        self.now = now
        self.fetch = fetch
        self.notes: list[str] = []

    def layers(self, config: Config, origin: _Origin, visiting: tuple[str, ...]) -> list[Config]:
        lines = _entry_lines(origin.file)
        out: list[Config] = []
        for index, spec in enumerate(config.extends):
            where = (origin.display, lines[index] if index < len(lines) else None, f"extends[{index}]")
            target = self._resolve(spec, origin, where)
            if target.file in visiting:
                raise ConfigError(*where, f"extends cycle: {spec!r} is already being loaded")
            extended = _load_layer(target)
            out += self.layers(extended, target, (*visiting, target.file))
            out.append(extended)
        return out

    def _resolve(self, spec: str, origin: _Origin, where: tuple) -> _Origin:
        try:
            source = parse_source(spec)
        except ValueError as error:
            raise ConfigError(*where, str(error)) from None
        if source.url is None:
            return _inside(origin.root, os.path.dirname(origin.file), source.path, origin.remote, where)
        _check_protocol(source, where)
        clone = self._clone(source, where) if self.fetch else self.cached(source)
        return _inside(clone, clone, source.path, redact(source.spec.partition("#")[0]), where)

    def _clone(self, source: Source, where: tuple) -> str:
        ensure_dir(os.path.dirname(self.clones))
        dest = os.path.join(self.clones, _clone_name(source))
        try:
            ensure_clone(source.url, source.ref, dest, self.refresh_seconds, self.now)
        except CloneError as error:
            age = clone_age(dest, self.now)
            url = redact(source.url)
            if age is None:
                raise ConfigError(*where, f"cannot fetch {url}: {error}; there is no cached "
                                          "copy yet, so run once with network access") from None
            self.notes.append(f"extends {redact(source.spec)}: cannot reach {url} ({error}); "
                              f"using the copy fetched {_ago(age)} ago")
        return os.path.realpath(dest)

    def cached(self, source: Source) -> str:
        """A clone of `source` already on disk, without git: this repository's, else one in
        another repository's folder beside it (a clone's name is its URL and ref's digest, so
        it holds the same source). Folders reached through a link are not used."""
        name = _clone_name(source)
        base = os.path.dirname(os.path.dirname(self.clones))  # <base>/<repository>/extends
        try:
            others = sorted(entry for entry in os.listdir(base) if entry.startswith(("git-", "path-")))
        except OSError:
            others = []
        own = os.path.basename(os.path.dirname(self.clones))
        for repository in dict.fromkeys([own, *others]):
            parts = (base, repository, "extends", name)
            dest = os.path.join(*parts)
            if any(os.path.islink(os.path.join(*parts[:end])) for end in range(2, len(parts) + 1)):
                continue
            if os.path.isdir(dest) and clone_age(dest, self.now) is not None:
                return os.path.realpath(dest)
        raise NotCached(f"{redact(source.spec)} has no local clone yet")


def _check_protocol(source: Source, where: tuple) -> None:
    scheme = urlsplit(source.url).scheme.lower()
    allowed = allowed_protocols()
    if scheme not in allowed:
        raise ConfigError(*where, f"git+{scheme}:// extends sources are not allowed (allowed: "
                                  f"{', '.join(allowed)}); to allow them, set ORGMEMORY_EXTENDS_PROTOCOLS="
                                  f"{','.join((*allowed, scheme))}")


def _inside(root: str, folder: str, path: str, remote: str | None, where: tuple) -> _Origin:
    """The file `path` names from `folder`, refused when it leaves `root` or is missing."""
    if os.path.isabs(path) or path.startswith(("/", "\\", "~")) or re.match(r"^[A-Za-z]:", path):
        raise ConfigError(*where, f"{path!r} is an absolute path; extends paths are relative and "
                                  "stay inside the repository (use a git+https:// URL for another one)")
    joined = os.path.join(folder, path)
    if not is_inside(root, joined):
        where_to = f"the clone of {remote}" if remote else "the repository"
        raise ConfigError(*where, f"{path!r} escapes {where_to}; extends paths must stay inside it"
                                  + ("" if remote else " (use a git+https:// URL for another repository)"))
    file = os.path.realpath(joined)
    if not os.path.isfile(file):
        raise ConfigError(*where, f"{path!r}: no such file" + (f" in {remote}" if remote else ""))
    relative = os.path.relpath(file, root).replace(os.sep, "/")
    display = f"{remote}#{relative}" if remote else relative
    return _Origin(root=root, file=file, display=display, remote=remote)


def _load_layer(origin: _Origin) -> Config:
    """One extended file, validated alone; its standards say which file declared them."""
    try:
        config = load_config(origin.root, origin.file)
    except ConfigError as error:
        raise ConfigError(origin.display, error.line, error.key, error.message) from None
    return replace(
        config,
        standards=tuple(replace(s, file=origin.display) for s in config.standards),
        legacy=tuple(replace(item, file=origin.display) for item in config.legacy),
    )


def _entry_lines(file: str) -> list[int]:
    """The line of each `extends` entry, for messages about it (the file already validated)."""
    import yaml

    with open(file, encoding="utf-8-sig") as handle:
        root = yaml.compose(handle.read(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    for key, value in root.value:
        if key.value == "extends" and isinstance(value, yaml.SequenceNode):
            return [item.start_mark.line + 1 for item in value.value]
    return []


def _clone_name(source: Source) -> str:
    """A readable, collision-free folder per (URL, ref); credentials are no part of it."""
    url = redact(source.url)
    base = re.sub(r"[^A-Za-z0-9._-]+", "-", url.rstrip("/").rsplit("/", 1)[-1]).strip("-")
    digest = hashlib.sha1(f"{url}@{source.ref or ''}".encode()).hexdigest()[:12]
    return f"{base.removesuffix('.git') or 'source'}-{digest}"


def _ago(seconds: float) -> str:
    hours = int(seconds // 3600)
    if hours < 48:
        return f"{hours} hour{'s' * (hours != 1)}"
    return f"{hours // 24} days"


# --------------------------------------------------------------------------- merging
def merge_configs(layers: Iterable[Config], local: Config, notes: Iterable[str] = ()) -> Config:
    """`layers` in order, then `local`: a later file's standard replaces an earlier one by id.

    Scan settings are the repository's own; legacy paths merge by path like standards by id.
    The checks across standards are the ones a single file gets (`load.check_standards`), run
    over the merge: each file was checked alone when loaded, so what they find spans files.
    """
    layers = list(layers)
    entries: dict[str, Entry] = {}
    legacy: dict[str, LegacyPath] = {}
    for layer, config in enumerate((*layers, local)):
        entries.update((s.id, Entry(s, f"standards[{i}]", layer=layer)) for i, s in enumerate(config.standards))
        legacy.update((item.path, item) for item in config.legacy)
    merged = check_standards(list(entries.values()), elsewhere=" (defined neither here nor in any extends source)")
    org = local.org or next((c.org for c in reversed(layers) if c.org), None)
    all_notes = [*local.notes, *(n for c in layers for n in c.notes), *notes]
    return replace(local, org=org, standards=merged, legacy=tuple(legacy.values()),
                   notes=tuple(dict.fromkeys(all_notes)))
