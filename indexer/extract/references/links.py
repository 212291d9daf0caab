"""What the markup formats (Markdown, reStructuredText) share: what part of `href` names a file,
if any, and which code-block languages hold shell commands or configuration."""
from __future__ import annotations

from indexer.extract.references.found import Found
from indexer.extract.references.tokens import ASCIIDOC_SUFFIXES, LOCATION, has_file_extension
from indexer.regex import lazy

#: Code-block languages read as shell commands, and as configuration.
SHELL_LANGUAGES = frozenset({"", "sh", "bash", "shell", "console", "zsh", "fish", "shell-session",
                             "sh-session", "shellsession", "powershell", "ps1", "ps", "bat", "cmd",
                             "terminal", "session", "pwsh-session", "ps1con"})
#: Shell languages of a transcript: commands after prompts, then what they printed (`ShellSession`).
SESSION_LANGUAGES = frozenset({"console", "shell-session", "sh-session", "shellsession", "terminal", "session",
                               "pwsh-session", "ps1con"})
CONFIG_LANGUAGES = frozenset({"yaml", "yml", "json", "jsonc", "toml", "ini", "cfg", "dockerfile",
                              "docker", "make", "makefile", "properties", "env", "dotenv"})
_SCHEME = lazy(r"^[A-Za-z][A-Za-z0-9+.-]*:")
#: Links to a file of some repository on its hosting site, on a branch, tag or commit.
HOSTED = lazy(
    r"https?://(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)"
    r"/[\w.-]+/[\w.-]+(?:/-)?/(?:blob|tree|raw|src)/[^\s)\]<>\"'`#?]+"
    r"|https?://raw\.githubusercontent\.com/[\w.-]+/[\w.-]+/[^\s)\]<>\"'`#?]+"
)  # (no `<` in a URL: argo-rollouts' `<CodeLine>kubectl apply -f https://.../rollout.yaml</CodeLine>`)

#: An HTML link's or image's URL (not Vue's `:href="post.url"`, nor a CSS attribute selector, `a[href="/"]`).
HTML_ATTRIBUTE = lazy(r"(?<![:@.\w\[-])(?:href|src)\s*=\s*[\"']([^\"']+)[\"']")


def in_component(line: str, at: int) -> bool:
    """Whether the attribute at `at` is a JSX component's (`<Image src="...">`, a capitalised tag),
    whose relative `src` or `href` is the component's to resolve, not the page's: flet's
    `<Image src="examples/tutorials/todo/media/app-1.png">` are read from its SDK's examples and
    its site's `static/docs/` by its own code."""
    tag = line.rfind("<", 0, at)
    return tag >= 0 and line[tag + 1:tag + 2].isupper()

#: A regex replacement's backreference (`\1`, `$1`, `${1}`, `\g<1>`, `\g<name>`): a link holding one
#: is a template filled in at run time (pyproject's `replacement = 'src=".../master/\1"'`), not a path.
BACKREFERENCE = lazy(r"\\(?:\d|g<\w)|\$(?:\d|\{\d+\})")


#: An e-mail address: axios' `[Jason Saayman](jasonsaayman@gmail.com)` is one, not a file.
_EMAIL = lazy(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")


#: A Markdown backslash escape (`my\_file.md`), which stands for its character.
_ESCAPED = lazy(r"\\([!-/:-@\[-`{-~])")


def link_target(raw: str) -> str | None:
    """The file a link names, as written, without `#fragment` and `?query`; None for URLs."""
    raw = raw.strip().strip("<>")
    if not raw or raw.startswith(("#", "?")) or _SCHEME.match(raw) or raw.startswith("//"):
        return None
    if raw.startswith("`"):  # ExDoc's autolink names a module or a function: elixir's guides link
        return None  # `[comparisons](`Kernel#module-structural-comparison`)`
    target = raw.split("#", 1)[0].split("?", 1)[0]
    if "%" in target:  # (urllib.parse, and the ipaddress it imports, only for a link that needs it)
        from urllib.parse import unquote

        target = unquote(target)
    target = target.strip()
    if "\\" in target:  # a browser reads a URL's `\` as `/` (the WHATWG URL standard): porter's README
        target = _ESCAPED.sub(r"\1", target).replace("\\", "/")  # `<img src="docs\static\x.png">`
    if not target or target.startswith("~") or target in (".", "./", "/") or BACKREFERENCE.search(target):
        return None
    if "@" in target and _EMAIL.fullmatch(target) and not has_file_extension(target):  # an address
        return None  # written without `mailto:` (not `logo@2x.png`)
    if ":" in target:  # an editor's line after the file (prisma's specs link `[enum-accessor.ts:66](
        named = LOCATION.sub("", target)  # ../../../packages/.../enum-accessor.ts:66)`): the file is named
        if named != target and has_file_extension(named):
            return named
    return target


#: A JSON schema's `$id` and `$schema`: the names of a schema, not files to fetch (cibuildwheel's
#: `"$id": "https://github.com/pypa/cibuildwheel/blob/main/cibuildwheel/docs/data/projects.schema.json"`).
_SCHEMA_NAME = lazy(r"""^\s*["']?\$(?:id|schema)["']?\s*:""")
#: Draft 4's `id`, in a document that names its `$schema` (the OpenAPI Specification's archived
#: `_archive_/schemas/v1.2/apiDeclaration.json`: `"id": ".../master/schemas/v1.2/apiDeclaration.json#"`).
_DRAFT_4_ID = lazy(r"""^\s*["']?id["']?\s*:""")
#: Where a string's escape ends a URL (`\n`, `\"`, or a `\` last), and Markdown's escape of a
#: punctuation character, which stands for that character.
_STRING_ESCAPE = lazy(r"""\\(?:[nrt"'\\]|$)""")
_MARKDOWN_ESCAPE = lazy(r"""\\([!#$%&()*+,\-./:;<=>?@\[\]^_`{|}~])""")


def hosted_links(found: Found, text: str) -> None:
    """Links to files on a hosting site; the resolver keeps those of this same repository."""
    if "github" not in text and "gitlab" not in text and "bitbucket" not in text and "codeberg" not in text:
        return
    macro = found.path.endswith(ASCIIDOC_SUFFIXES)  # AsciiDoc's link macro: `https://.../x.yml[its text]`
    schema = "$schema" in text
    for index, line in enumerate(found.lines):
        if "://" in line and not _SCHEMA_NAME.match(line) and not (schema and _DRAFT_4_ID.match(line)):
            for match in HOSTED.finditer(line):
                if not BACKREFERENCE.search(line, match.start(), match.end() + 2):  # (`\g<name>` ends it at `<`)
                    # (and at a string's escape: a JSON string's `src=\"https://...png\"`, an escaped quote
                    # after it, a Go string's `.../CHANGELOG.md\n"`, an escaped line end: uptrace's, sst's;
                    # Markdown's `\_` is an `_`: feast's `online\_store\_format.md`)
                    url = _MARKDOWN_ESCAPE.sub(r"\1", _STRING_ESCAPE.split(match.group(), 1)[0])
                    if macro:
                        url = url.partition("[")[0]
                    found.add(index, url.rstrip(".,;:"), "repo-url", match.start())
