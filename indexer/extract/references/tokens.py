"""What a path looks like in free text, and the shapes that make a path-looking word no claim.

`path_words(text)` finds words shaped like repository paths (`a/b`, `./x`, `../x`) with their
offsets; the shape tests below (`is_variable`, `is_glob`, `is_placeholder`, ...) are shared by
the extractors and by the resolver, which decides what a word that names nothing means.
"""
from __future__ import annotations

import re
from typing import AnyStr, Iterator
from indexer.regex import lazy

# One path segment: name characters, or a variable / placeholder / glob piece (make's automatic
# variables too: security-profiles-operator's recipe copies to `./bpf/recorder.bpf.o.$*`; and a
# GitHub Actions expression, paradedb's `docker/Dockerfile.paradedb-${{ matrix.pg_version }}`).
_SEGMENT = (r"(?:[\w.+~%-]|\$\{\{[^}\n]*?\}\}|\$\{[^}\s]*\}|\$\([^)\s]*\)|\$\w+|\$[*@<^?+|]|\{\{[^}\n]*?\}\}|\{[\w.,]*\}"
            r"|<[\w.-]+>|\*|\?|\[[\w.!-]*\])+")
_BEFORE = r"(?<![\w/.:@$~%+\-\\\]])"
PATH_WORD = lazy(
    rf"{_BEFORE}(?:(?:\.{{1,2}}/)+|/)?{_SEGMENT}(?:/{_SEGMENT})+/?"
    rf"|{_BEFORE}(?:\.{{1,2}}/)+{_SEGMENT}?"
)
URL = lazy(r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s<>\"'`)\]]*|\b(?:mailto|data|javascript):\S*"
                 r"|\b[\w.-]+@[\w.-]+:[\w./-]+")
_TRAILING = ".,;:!?'\")]}>-"
_OPENERS = {")": "(", "]": "[", "}": "{", ">": "<"}
#: A location after a file's name: `x.py:12`, `x.py:12:5`, `x.py#L12-L20` (the file is what is named).
LOCATION = lazy(r"(?::\d+)+$|#L\d+(?:-L?\d+)?$")

#: A variable of a shell, a template or a format; `{name}` may hold a hyphen (AsciiDoc's attribute
#: `{jackson-databind}`, micronaut's guide's base URL of another project's Javadoc).
_VARIABLE = lazy(r"\$[\w{(*@<^?+|]|\{\{|\{[\w.-]*\}|%\w+%|%\(\w+\)[sd]|%[sd]\b|@\w+@")
#: `*`, `?`, `[ab]`, `{a,b}`, and make's pattern-rule stem `%` (`po/%.po`; not a `%2F` escape)
_GLOB = lazy(r"[*?]|\[[^\]/]*\]|\{[^{}/]*,[^{}/]*\}|%(?![0-9A-Fa-f]{2})")
_ANGLE_PLACEHOLDER = lazy(r"<[^>/]*>")
_PLACEHOLDER_SEGMENT = lazy(
    r"(?i)^(?:(?:my|your|some|the|example|sample)[_-]?(?:project|app|apps|site|module|package|pkg"
    r"|lib|library|service|dir|directory|folder|file|files|repo|component|plugin|name|org"
    r"|theme|env|venv|script|template|templates|db|config|settings|code|tool|ext|extension)s?"
    r"|(?:my|your)[_-]?(?:ext|extension)\.\w+"  # (nanobind's packaging guide: `src/my_ext.cpp`)
    r"|foo|bar|baz|qux|quux|blah|xxx|yyy|zzz|\.\.\.|…|x+\.y+(?:\.z+)?|[a-z]\.[a-z](?:\.[a-z])?"
    r"|x{2,}\.\w+|(?:\w+[-_])?(?:foo|baz|qux|blah)(?:[-_]\w+)?\.\w+"  # `XX.po`, `git-foo.adoc` (not `nav-bar.js`)
    r"|(?:[\w.-]*[-_.])?(?:non-?existent|non-?existing|inexistent|does-?not-?exist|doesnt-?exist|not[-_]found(?![a-z]))[\w.-]*"  # missing on purpose
    r"|(?:test_|(?:my|your|some)[_-]?)?(?:module|file|file_?name|foo|bar|baz|example|sample|something|nothing|thing|name"
    r"|new_feature)\.\w+"  # (`test_module.py`, numpy's commented-out `numpy/lib/some_file.py`, BlackSheep's
    # "ipython perf/benchmarks/filename.py timeit")
    r"|(?:[a-z]|n+)\.(?:[a-z]|n+)\.(?:x|\*)"
    # a name made for the reader's own thing (vcluster's `e2e/vcluster-myfeature.yaml`,
    # `suite_myfeature_test.go`, mathjs' `myNewFunction.test.js`), not a word that ends in "my" (`dummy-app.yaml`)
    r"|[\w.-]*(?<![a-z])(?:my|your)[-_]?(?:new[-_]?)?(?:feature|cluster|function|command|resource|controller|operator|chart"
    r"|widget|handler|provider|suite|job|task|model|view|component|plugin|service|module|project|app)(?![a-z])[\w.-]*"
    # a name that opens with "your_", "my-" or "some_": the reader's (marimo's `rules/your_rule_name.md`,
    # sqlx's `src/my_query.rs`, oxc's `snapshots/some_test.snap.new`)
    r"|(?:my|your|some)[-_][\w.-]+"
    r")$"
)
#: A site's host name: `twisted/twisted.github.io` (the repository of a project's Pages site),
#: `docs.python.org`. Two dots or more and a top-level domain: no file is named so.
_HOST_NAME = lazy(r"(?i)^[a-z0-9-]+(?:\.[a-z0-9-]+)+\.(?:com|org|net|io|dev|app|edu|gov)$")
#: MkDocs' configuration split or renamed (textual's `mkdocs-online.yml` inheriting `mkdocs-common.yml`,
#: Material's `mkdocs.insiders.yml`), besides `mkdocs.yml`: a site's root all the same.
_MKDOCS_VARIANT = lazy(r"^mkdocs[-._][\w.-]*\.ya?ml$")
#: `A.B`, `X.Y.Z`, `x.x.x` (wagtail's `docs/releases/x.x.x.md`), and a version with a placeholder
#: part: cloudnative-pg's `release_notes/v1.XX.md`, or a pre-release's number (`2.0.0-rc.N`); each may
#: start with `v` (kubo's `vX.Y+1.md`), or follow `version` (statsmodels' `release/versionX.X.rst`).
_VERSION_PLACEHOLDER = lazy(r"(?:^|[^\w]|version[-_]?)v?(?:[A-Z]\.[A-Z](?:\.[A-Zx])?|X\.Y(?:\.Z)?|x\.x(?:\.x)?|x\.y(?:\.z)?|\d+\.(?:X{1,3}|x{2,3})(?:\.(?:X+|x+|\d+))?"
                            r"|\d+(?:\.\d+)*-(?:rc|beta|alpha|pre)\.?[NX])"  # (sea-orm's `changelog/2.0.0-rc.N.md`)
                            r"(?:[^\w]|$)")
_NUMERIC = lazy(r"^[\d.,:x-]*$")
#: The base of what a document's shell lines name once they moved into a folder that is not this
#: repository's tree, nor another repository's clone: one an archive unpacks to (rocketmq's README
#: unzips its release and runs `bin/mqbroker` there) or a build writes (`cd distribution/target/x/`).
ELSEWHERE = "elsewhere:"
#: The suffixes of AsciiDoc documents.
ASCIIDOC_SUFFIXES = (".adoc", ".asciidoc", ".asc")
#: Folders that only ever hold build outputs, caches and installs: never committed.
GENERATED_FOLDERS = frozenset({
    "node_modules", "__pycache__", ".venv", "venv", ".tox", ".nox", ".mypy_cache",
    ".pytest_cache", ".ruff_cache", "_build", "build", "dist", "target", "out", "htmlcov",
    ".next", ".nuxt", ".cache", ".gradle", "bin", "obj", "coverage", "site", ".eggs",
    ".terraform", "_site", "public", ".docusaurus", "storybook-static",
})
_EXTENSION = lazy(r"\.[A-Za-z][A-Za-z0-9_+-]{0,9}$")
FILE_EXTENSIONS = frozenset(
    "md markdown mdx rst txt adoc asciidoc html htm xhtml pdf ipynb png jpg jpeg gif svg webp ico "
    "py pyi js mjs cjs ts tsx jsx json yaml yml toml ini cfg conf csv tsv xml sh bash zsh ps1 bat "
    "go rs java kt rb php c h cc cpp hpp cs swift scala sql proto tf bicep css scss less vue "
    "svelte lock zip gz tgz tar whl env properties gradle mk dockerfile jinja j2 tex bib".split())


def is_mkdocs_config(path: str) -> bool:
    """`mkdocs.yml`, or a variant of it (`mkdocs.en.yml`, `mkdocs-insiders.yml`)."""
    name = path.rpartition("/")[2].lower()
    return name in ("mkdocs.yml", "mkdocs.yaml") or _MKDOCS_VARIANT.match(name) is not None


#: Every character a `PATH_WORD` match can hold when the text has no `$` and no `{{` (the
#: segments `${...}`, `$(...)` and `{{...}}` may hold almost anything).
_PATH_CHARS = lazy(r"[\w.+~%\-/{},<>*?\[\]!]+")
#: A `/` after the last character of a segment: every match holds one (`a/`, `./`, `}/`, ...),
#: so a line without one holds no path word. (Written `/` first, so the search runs at the
#: speed of finding a `/`; the character before a line's first `/` is in that line or is the
#: newline before it, which is no segment character.)
SEPARATOR = _SEPARATOR = lazy(r"/(?<=[\w.+~%\-})>*?\]]/)")


def path_words(text: str) -> Iterator[tuple[int, str]]:
    """(offset, word) for each path-shaped word in `text`, URLs and home/system paths left out."""
    if "/" not in text:
        return
    if "://" in text or "@" in text or "mailto:" in text:
        text = URL.sub(lambda m: " " * len(m.group()), text)
    for match in path_matches(text):
        word = clean(match.group())
        if word is not None and not (word.count("/") == 1 and _A_REPOSITORY.match(text, match.end())):
            yield match.start(), word


#: After an `owner/name`, what makes it a repository: GitHub's issue reference
#: (`fastlane/fastlane#14686`), or the word "repo" ("point to the fastlane/docs repo").
_A_REPOSITORY = lazy(r"#\d|\s+repo(?:sitory)?\b")


def path_matches(text: str) -> Iterator[re.Match[str]]:
    """`PATH_WORD.finditer(text)`, scanning only what can match.

    Every match holds a segment's last character followed by `/` (`_SEPARATOR`); without `$`
    and `{{` it is made of `_PATH_CHARS` only, so it lies in one run of them that holds such a
    separator. Those runs alone are scanned (their bounds as `pos` and `endpos`; the
    look-behind still sees the character before), which finds the same matches as scanning
    the whole text, where most characters (prose, markup, `</tag>`) start none.
    """
    if "$" in text or "{{" in text:
        yield from PATH_WORD.finditer(text)
        return
    separator = _SEPARATOR.search(text)
    if separator is None:
        return
    for run in _PATH_CHARS.finditer(text):
        start, end = run.span()
        if end <= separator.start():  # the run holding that `/` is further on
            continue
        yield from PATH_WORD.finditer(text, start, end)
        separator = _SEPARATOR.search(text, end)
        if separator is None:
            return


def blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with `spans` (which may overlap) turned to spaces: every column stays where it was.
    Built once from the sorted spans, so a line of a thousand links costs what its length does."""
    if not spans:
        return text
    parts, at = [], 0
    for start, end in sorted(spans):
        if end > at:
            start = max(start, at)
            parts += (text[at:start], " " * (end - start))
            at = end
    parts.append(text[at:])
    return "".join(parts)


def blank_paths(text: str) -> str:
    """`PATH_WORD.sub(" ", text)`: each path-shaped word replaced by one space."""
    pieces: list[str] = []
    last = 0
    for match in path_matches(text):
        pieces.append(text[last:match.start()])
        last = match.end()
    if not pieces:
        return text
    pieces.append(text[last:])
    return " ".join(pieces)


#: A vendor's or an unregistered media type (`application/vnd.ms-excel`, `text/x-python`): no
#: path, though CodeIgniter keeps an `application/` folder (its `config/mimes.php`: 21).
_MEDIA_TYPES = ("application/", "text/", "image/", "audio/", "video/", "font/", "model/", "multipart/", "message/")
_MEDIA_TYPE = lazy(r"[a-z]+/(?:vnd\.|prs\.|x-)[\w.+-]+$")


def clean(word: str) -> str | None:
    """The word without sentence punctuation and `:12` locations; None if it is no repo path."""
    while len(word) > 1 and word[-1] in _TRAILING and not word.endswith(("/..", "../")):
        closer = word[-1]
        opener = _OPENERS.get(closer)
        if opener and word.count(opener) >= word.count(closer):
            break
        word = word[:-1]
    word = LOCATION.sub("", word)
    if not word or word.startswith(("~", "//")) or word in ("./", "../", ".", ".."):
        return None
    if word.startswith("/"):
        return None
    if word.startswith(_MEDIA_TYPES) and _MEDIA_TYPE.match(word):
        return None
    segments = [s for s in word.split("/") if s and s not in (".", "..")]
    if not segments or all(_NUMERIC.match(s) for s in segments):
        return None
    return word


def is_variable(word: str) -> bool:
    return _VARIABLE.search(word) is not None


def is_glob(word: str) -> bool:
    return _GLOB.search(_VARIABLE.sub("", word)) is not None


def is_placeholder(word: str) -> bool:
    """Tutorial and template shapes: `path/to/x`, `<name>/x`, `myproject/app.py`, `A.B.txt`."""
    if _ANGLE_PLACEHOLDER.search(word) or "path/to/" in word or word.startswith("path/to"):
        return True
    if _VERSION_PLACEHOLDER.search(word):
        return True
    return any(_PLACEHOLDER_SEGMENT.match(s) for s in word.split("/"))


def names_a_host(word: str) -> bool:
    """Whether a segment of `word` is a site's host name (`_HOST_NAME`)."""
    return any(_HOST_NAME.match(segment) for segment in word.split("/"))


def has_extension(word: str) -> bool:
    return _EXTENSION.search(word.rstrip("/").rsplit("/", 1)[-1]) is not None


def has_file_extension(word: str) -> bool:
    """An extension of a file people link to, not the tail of a dotted name (`attrs.define`)."""
    match = _EXTENSION.search(word.rstrip("/").rsplit("/", 1)[-1])
    return match is not None and match.group()[1:].lower() in FILE_EXTENSIONS


def strip_variable_prefix(word: str) -> str | None:
    """`$root/deploy/x.sh` -> `deploy/x.sh`: the part after leading variable segments, if clean."""
    segments = word.split("/")
    index = 0
    while index < len(segments) and is_variable(segments[index]):
        index += 1
    rest = "/".join(segments[index:])
    if index == 0 or not rest or is_variable(rest):
        return None
    return rest


def occurrences(haystack: AnyStr, needle: AnyStr) -> list[int]:
    """Every offset where `needle` starts, overlapping ones included, in order: plain `find`
    is far faster than a regex for a literal word."""
    found, at = [], haystack.find(needle)
    while at >= 0:
        found.append(at)
        at = haystack.find(needle, at + 1)
    return found


def repository_name(url: str) -> str:
    """A clone URL's repository name: `https://github.com/o/gateway.git` -> `gateway`."""
    name = url.rstrip("/").rpartition("/")[2].rpartition(":")[2]
    return name[:-4] if name.endswith(".git") else name
