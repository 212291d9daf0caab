"""TODO markers: `extract_todos(path, data, markers)` -> the `Todo`s of one file.

A marker is a configured word in upper case inside a real comment of the file's language, not
part of a longer word or a dotted name, and followed by `:`, `(`, `!`, `?`, whitespace, the end of
the comment, or `-` or `.` not glued to a following word (`FIXME!`, `TODO?`, `XXX-`, but
never `TODO.md` or `TODO-list`); a marker right after a lower-case word is a noun in a sentence
("support for XXX format") unless `:`, `(` or `!` follows it. Identifiers, string literals and prose never reach this module: only comment text does
(see `indexer.extract.comments`).

From each marker line we read an author tag and a deadline (`TODO(alice, 2023-06)`,
`TODO(2023-06-01)`, `remove by 2024-01`) and the repo paths the TODO names, so the rules can
tell a TODO stale by age, by deadline or by a path that no longer exists.
"""
from __future__ import annotations

import re
from functools import lru_cache

from indexer.extract.comments import comments_holding
from indexer.extract.languages import language_for
from indexer.extract.references.tokens import LOCATION
from indexer.models import Todo
from indexer.regex import lazy


def extract_todos(path: str, data: bytes, markers: tuple[str, ...]) -> list[Todo]:
    """The TODOs of one file, in line order; [] for a file whose language is unknown."""
    needles, pattern, shape = _marker_search(tuple(markers))
    if not _holds_marker(data, needles, shape):
        return []
    language = language_for(path, _first_line(data))
    if language is None:
        return []
    todos = []
    for comment in comments_holding(language, data, needles):
        for offset, line in enumerate(comment.lines):
            match = first_marker(pattern, line)
            if match:
                todos.append(_todo(path, comment.start_line + offset, line, match))
    return todos


def _holds_marker(data: bytes, needles: tuple[bytes, ...], shape: re.Pattern[bytes]) -> bool:
    """`shape.search(data) is not None`, tried only where a marker's bytes occur: every match of
    the shape starts with one (its lookbehinds see the bytes before). A search from the start
    tries every byte, which a large file whose only "TODO" is in a word pays in full (a 1.4 MB
    Kubernetes CRD: 66 ms)."""
    for needle in needles:
        start = data.find(needle)
        while start >= 0:
            if shape.match(data, start):
                return True
            start = data.find(needle, start + 1)
    return False


#: A lower-case word and a space right before the marker: the word is a noun in a sentence
#: ("support for XXX format", "Android doesn't support XXX because"), not a marker, unless a
#: `:`, `(` or `!` after it says otherwise ("we need a hack TODO: ..." still counts).
_PROSE_BEFORE = lazy(r"\b[a-z][a-z']*[ \t]+$")


def first_marker(pattern: re.Pattern[str], line: str) -> re.Match[str] | None:
    """The first match of the marker `pattern` in a comment line that is not a noun in a sentence."""
    return next((m for m in pattern.finditer(line) if not _in_prose(line, m)), None)


def _in_prose(line: str, match: re.Match[str]) -> bool:
    after = line[match.end("marker"):match.end("marker") + 1]
    return after not in (":", "(", "!") and _PROSE_BEFORE.search(line, 0, match.start()) is not None


@lru_cache(maxsize=16)
def _marker_search(markers: tuple[str, ...]) -> tuple[tuple[bytes, ...], re.Pattern[str], re.Pattern[bytes]]:
    """The prefilter byte strings, the pattern of a marker in comment text, and its shape in
    the raw bytes.

    The pattern finds a marker in upper case not glued to a name (`todo_list`, `Status.TODO`,
    `"TODO"`), followed by `:`, `(`, whitespace or the end, and captures its `(tag)`. A marker
    written as a tag, `@FIXME` or `@TODO`, is one (traefik's web UI, zeppelin, sentry).

    The shape is what any such marker looks like in the file's bytes, before comment
    delimiters are stripped: not right after a letter, digit, `_`, `$`, `\\` or a quote
    (no delimiter ends in one, except `=begin`), nor right before a letter, digit or `_` (no
    comment ends inside a word). A file without it holds no TODO and is not parsed.
    """
    words = sorted({marker.upper() for marker in markers if marker}, key=len, reverse=True)
    alternatives = "|".join(re.escape(word) for word in words)
    pattern = re.compile(
        rf"(?<![\w.$/\\'\"`])(?P<marker>{alternatives})(?=[:(\s!?]|[-.](?![\w.])|$)(?:\((?P<tag>[^()\n]*)\))?"
    )
    encoded = "|".join(re.escape(word) for word in words).encode()
    shape = re.compile(rb"(?:(?<![A-Za-z0-9_$\\'\"`])|(?<==begin))(?:" + encoded + rb")(?![A-Za-z0-9_])")
    return tuple(word.encode() for word in words), pattern, shape


def _first_line(data: bytes) -> bytes:
    end = data.find(b"\n")
    return data if end < 0 else data[:end]


def _todo(path: str, line_number: int, line: str, match: re.Match[str]) -> Todo:
    text = _one_line(line[match.start():])
    author, tag_deadline = _parse_tag(match.group("tag"))
    return Todo(
        path=path,
        line=line_number,
        marker=match.group("marker"),
        text=text,
        author_tag=author,
        deadline=tag_deadline or _phrase_deadline(text),
        paths=_named_paths(text[match.end() - match.start():]),
    )


def _one_line(text: str) -> str:
    text = text.strip()
    for closer in ("-->", "*/"):
        text = text.removesuffix(closer).rstrip()
    return text


# --------------------------------------------------------------------------- tags and deadlines
_DATE = r"\d{4}-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?(?![\d-])"
_DATE_ONLY = lazy(_DATE)
_DEADLINE_PHRASE = lazy(rf"\b(?:by|before|until|after)\s+({_DATE})", re.IGNORECASE)
_HANDLE = lazy(r"@?([A-Za-z][\w.\-]*)")
_TICKET = lazy(r"[A-Z][A-Z0-9]+-\d+")  # JIRA-123 names an issue, not a person


def _parse_tag(tag: str | None) -> tuple[str | None, str | None]:
    """(author, deadline) from the parenthesised part of `TODO(alice, 2023-06)`."""
    author = deadline = None
    for part in (tag or "").split(","):
        part = part.strip()
        if deadline is None and _DATE_ONLY.fullmatch(part):
            deadline = part
        elif author is None and _HANDLE.fullmatch(part) and not _TICKET.fullmatch(part):
            author = part.lstrip("@")
    return author, deadline


def _phrase_deadline(text: str) -> str | None:
    match = _DEADLINE_PHRASE.search(text)
    return match.group(1) if match else None


# --------------------------------------------------------------------------- named paths
_PATH_SHAPE = lazy(r"(?:\.\./)*[\w.+-]+(?:/[\w.+-]+)+")
_FILE_NAME = lazy(r"(?:[\w+-][\w.+-]*)?\.[A-Za-z][A-Za-z0-9]{0,9}")
_FOLDER_NAME = lazy(r"(?=.*[A-Za-z])[\w.+-]{2,}")
_ACRONYM = lazy(r"[A-Z]{2,5}")  # CI/CD, UI/UX, TCP/IP
_DOMAIN = lazy(r"(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|cloud|ai|gov|edu|co|example)")
_DOTTED_NAMESPACE = lazy(r"[A-Z]\w*\.[A-Z]")  # Microsoft.Storage/storageAccounts
_MIME_TYPES = frozenset({"application", "audio", "font", "image", "message", "model",
                         "multipart", "text", "video"})
_SLASHED_WORDS = frozenset({
    "and", "or", "nor", "either", "neither", "not", "with", "without", "e.g.", "i.e.", "etc",
    "he", "she", "him", "her", "his", "hers", "they", "them",
    "yes", "no", "true", "false", "on", "off", "in", "out", "up", "down", "left", "right",
    "read", "write", "input", "output", "client", "server", "open", "close", "start", "stop",
    "get", "set", "push", "pull", "add", "remove", "enable", "disable", "allow", "deny",
    "before", "after", "async", "await", "try", "catch", "dev", "prod", "pros", "cons",
})
#: Folders that start a two-part path without an extension (`tools/release`, `deploy/v2`):
#: elsewhere `copy/paste`, `setup/teardown` or `try/except` are far more likely than a folder.
_TOP_LEVEL_FOLDERS = frozenset({
    "api", "app", "apps", "assets", "backend", "bin", "build", "charts", "ci", "cmd",
    "components", "conf", "config", "configs", "db", "deploy", "deployment", "deployments",
    "doc", "docs", "examples", "fixtures", "frontend", "helm", "infra", "infrastructure",
    "internal", "k8s", "lib", "libs", "migrations", "modules", "packages", "pages", "pkg",
    "public", "resources", "samples", "scripts", "services", "src", "static", "templates",
    "terraform", "test", "tests", "third_party", "tools", "vendor", "web",
})


def _named_paths(text: str) -> tuple[str, ...]:
    """Repo-relative paths that `text` names, in order, without the quotes around them.

    A word counts if it is shaped like a path (`a/b`) and either ends in a file name with an
    extension, or is a folder path that is unlikely to be slashed prose: written in backticks,
    three or more parts, or starting with a dot-folder or a conventional top-level folder.
    URLs, absolute and home paths, globs, variables, dates, `path/to/` placeholders and
    slashed words (`and/or`, `CI/CD`, `text/html`) never count.
    """
    found: dict[str, None] = {}
    for word in text.split():
        candidate = _strip_edges(word)
        if _PATH_SHAPE.fullmatch(candidate) and _looks_like_repo_path(candidate, word[:1] == "`"):
            found.setdefault(candidate)
    return tuple(found)


def _strip_edges(word: str) -> str:
    word = word.lstrip("`'\"([{<").rstrip("`'\")]}>,;:!?.")
    word = LOCATION.sub("", word)
    return word.removeprefix("./").rstrip("/")


def _looks_like_repo_path(candidate: str, in_backticks: bool) -> bool:
    if candidate.startswith("path/to/"):
        return False
    parts = [part for part in candidate.split("/") if part not in (".", "..")]
    if not parts or all(part.isdigit() for part in parts):
        return False
    if _DOMAIN.fullmatch(parts[0]) or _DOTTED_NAMESPACE.match(parts[0]):
        return False
    if _FILE_NAME.fullmatch(parts[-1]):
        return True
    return _looks_like_folder_path(parts, in_backticks)


def _looks_like_folder_path(parts: list[str], in_backticks: bool) -> bool:
    if len(parts) < 2 or not all(_FOLDER_NAME.fullmatch(part) for part in parts):
        return False
    if all(part.lower() in _SLASHED_WORDS for part in parts):
        return False
    if all(_ACRONYM.fullmatch(part) for part in parts):
        return False
    if len(parts) == 2 and parts[0] in _MIME_TYPES:
        return False
    return (in_backticks or len(parts) >= 3 or parts[0].startswith(".")
            or parts[0].lower() in _TOP_LEVEL_FOLDERS)
