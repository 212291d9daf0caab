"""Markdown: links and images, code spans, shell code blocks, HTML comments and prose.

Fenced blocks in a shell (or unnamed) language are read as commands; blocks in a programming
language are examples and are skipped; config blocks (YAML, JSON, ...) are read as config.
"""
from __future__ import annotations

from indexer.extract.references.found import Found
from indexer.extract.references.links import (CONFIG_LANGUAGES, HTML_ATTRIBUTE, SESSION_LANGUAGES, SHELL_LANGUAGES,
                                              in_component, link_target)
from indexer.extract.references.prose import lead_in
from indexer.extract.references.rst import toctree_entry
from indexer.extract.references.shell import (_GUARD, _SESSION_PROMPT, SCAFFOLD, ShellSession, doc_shell_line,
                                              read_code_span, split_comment)
from indexer.extract.references.tokens import blanked, is_placeholder
from indexer.regex import lazy

#: A fence at any indentation: inside a list item it is indented by the item's marker (`*   ```ruby`).
#: Its language may be given as an attribute list (`{.yaml}`, Material for MkDocs' `{ .dockerfile .annotate }`).
_FENCE = lazy(r"^\s*(`{3,}|~{3,})\s*\{?\s*\.?([\w+-]*)")
#: (a destination may hold balanced parentheses: qwik's route groups, `../../../(qwik)/concepts/`)
_LINK = lazy(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)"
             r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
#: Paradox's API directives before a link (akka's and pekko's docs: `@scaladoc[Actor](pekko.actor.Actor)`,
#: `@javadoc[...]`, `@apidoc[...]`, `@extref[...](key:path)`): the target is a class or an external
#: site's key, not a path (`@ref[...](x.md)` and `@@snip [...](x.scala)` are, and stay links).
_API_DIRECTIVE = lazy(r"@(?:scaladoc|javadoc|apidoc|extref)$")
#: (inside a group: akka's `@scala[@scaladoc[Try[T]](scala.util.Try)]`, read as a link from `@scala[`)
_API_DIRECTIVE_INSIDE = lazy(r"\[@(?:scaladoc|javadoc|apidoc|extref)\[")
#: Any Paradox directive (`@ref`, `@@include`, `@@snip [x]`): its label names nothing.
_PARADOX_DIRECTIVE = lazy(r"@@?[a-z]+ ?$")
_REFERENCE_DEFINITION = lazy(r"^\s{0,3}\[(?!\^)([^\]]+)\]:\s*(<[^>]*>|\S+)(?=\s*(?:[\"'(].*)?$)")
_BRACKETED = lazy(r"\[([^\[\]\n]{1,200})\]")
#: A URL on a hosting site, from its start to the repository's name.
_REPOSITORY_URL = lazy(r"https?://(?:www\.|raw\.)?(?:github\.com|githubusercontent\.com|gitlab\.com|bitbucket\.org"
                       r"|codeberg\.org)/[\w.-]+/[\w.-]+")
#: The path a hosting site's URL of a file or folder names in its repository (after `blob/<branch>/`).
_URL_PATH = lazy(r"/(?:blob|tree|raw)/[^/#?\s]+/([^#?\s]+)")
#: A line that opens with a time or a date (`18:44:27.034`, `2024-01-10T18:44:27Z`, `[12:00:01]`): a log.
_LOG_LINE = lazy(r"^\s*\[?(?:\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
                 r"|\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?)(?![\w:-])")
#: A line a program printed, opening with what it is (`Error from server (Forbidden): ...`,
#: `Traceback (most recent call last):`, `WARNING: ...`) or with a status mark no command starts
#: with (apistar's `✓ Documentation built at ...`).
_MESSAGE_LINE = lazy(r"(?i)^\s*(?:(?:error|warning|fatal|panic|exception|traceback)\b[^:\n]{0,60}:|[✓✔✗✘⚠❌✅])")
_CODE_SPAN = lazy(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)")
_MYST_DOC = lazy(r"\{doc\}`(?:[^`<]*<)?([^`>]+)>?`")
_HTML_COMMENT = lazy(r"<!--(.*?)(?:-->|$)")
_MAY_REFER = lazy(r"[/`\[<]|\]:|\{doc\}")
#: A VitePress snippet import: `<<< ./x.ts`, or `<<< @/x.ts` from the site's source folder (kept
#: as `/x.ts`, a path from the site's root: sqlfluff's `<<< @/../src/sqlfluff/core/default_config.cfg`).
_SNIPPET = lazy(r"^<<<\s+(?:@(?=/))?([^\s{#\[]+)")
_PROMPT = lazy(r"^\s*(?:\$|>|#|PS[^>]*>|\(\w+\)\s*\$)\s+")
_HEADING = lazy(r"^(#{1,6})(?:\s|$)")


def extract(found: Found) -> None:
    lines = found.lines
    fence: str | None = None
    fence_kind = ""
    fence_lead: str | None = None
    fence_example = False
    session: ShellSession | None = None
    in_comment = False
    labels = _used_labels(lines)
    index = _after_front_matter(lines)
    if any(_COPIED_FROM.match(line) for line in lines[:index]):
        return
    while index < len(lines):
        line = lines[index]
        opener = _FENCE.match(line)
        if fence is not None:
            if opener and opener.group(1)[0] == fence[0] and len(opener.group(1)) >= len(fence) \
                    and not line.strip()[len(opener.group(1)):].strip():
                fence = None
            else:
                _code_block_line(found, index, line, fence_kind, fence_lead, session, fence_example)
        elif in_comment:
            end = line.find("-->")
            found.words(index, line if end < 0 else line[:end], "comment")
            in_comment = end < 0
        elif opener:
            fence, language = opener.group(1), opener.group(2).lower()
            fence_kind = ("toctree" if language == "toctree" and "{" in line
                          else "shell" if language in SHELL_LANGUAGES
                          else "config" if language in CONFIG_LANGUAGES else "")
            fence_lead = lead_in(lines, index) or None
            fence_example = fence_kind == "shell" and _lists_an_example_project(lines, index + 1, fence)
            # (a block without a language that opens with a prompt is a transcript too: ripgrep's
            # FAQ shows `$ rg --trace` and what it printed)
            session = ShellSession() if language in SESSION_LANGUAGES or not language and index + 1 < len(lines) \
                and _SESSION_PROMPT.match(lines[index + 1]) else None
        else:
            if line.startswith("#") and (heading := _HEADING.match(line)):
                found.heading(len(heading.group(1)))
            in_comment = _prose_line(found, index, line, labels)
        index += 1
    if any(r.kind == "command" and not r.target.startswith("make ") for r in found.references):
        _without_readers_scripts(found)
    if any("markdown-link-check-disable" in line for line in lines):
        _without_unchecked_links(found)


#: markdown-link-check's directives: from `<!-- markdown-link-check-disable -->` to `-enable` (or
#: the end), and the lines `-disable-next-line` and `-disable-line` name.
_LINK_CHECK = lazy(r"<!--\s*markdown-link-check-(disable-next-line|disable-line|disable|enable)\s*-->")


def _without_unchecked_links(found: Found) -> None:
    """Drop the links a document tells markdown-link-check not to check: the repository's own
    link checker is told they do not resolve here (dolphinscheduler's `history-versions.md` links
    each release's docs, `../3.2.2/user_doc/...`, which only its website's build has: 78)."""
    skipped: set[int] = set()  # (line numbers)
    off = False
    for index, line in enumerate(found.lines):
        for directive in _LINK_CHECK.finditer(line) if "markdown-link-check" in line else ():
            name = directive.group(1)
            if name in ("disable", "enable"):
                off = name == "disable"
            else:
                skipped.add(index + (1 if name == "disable-line" else 2))
        if off:
            skipped.add(index + 1)
    found.references[:] = [r for r in found.references if not (r.kind == "md-link" and r.line in skipped)]


#: A `"scripts": {` object in a doc's JSON, and its keys: the scripts the doc has the reader add.
_SCRIPTS_OPEN = lazy(r'"scripts"\s*:\s*\{')
_SCRIPT_KEY = lazy(r'^\s*"([\w:.-]+)"\s*:')


def _without_readers_scripts(found: Found) -> None:
    """Drop the package-script commands a doc runs in the reader's project, not this repository's:
    a script the doc itself has the reader add to their `package.json` (fastify's TypeScript guide
    adds `"build": "tsc -p tsconfig.json"`, then says `npm run build`), or any one run after the
    doc scaffolds a new project (`npm init fastify`, then `npm run dev`)."""
    scripts: set[str] = set()
    scaffold_at: int | None = None
    inside = False
    for index, line in enumerate(found.lines):
        if inside:
            key = _SCRIPT_KEY.match(line)
            if key:
                scripts.add(key.group(1))
            inside = "}" not in line
        elif _SCRIPTS_OPEN.search(line):
            inside = "}" not in line[line.index("{"):]
        if scaffold_at is None and SCAFFOLD.search(line):
            scaffold_at = index
    if not scripts and scaffold_at is None:
        return
    found.references[:] = [
        r for r in found.references if not (
            r.kind == "command" and not r.target.startswith("make ")
            and (r.target.rpartition(" ")[2] in scripts or scaffold_at is not None and r.line > scaffold_at))]


def _after_front_matter(lines: list[str]) -> int:
    """The first line after a page's YAML (`---`) or TOML (`+++`: Hugo's, Zola's) front matter.
    (A `+++` after blank lines too, as Zola's themes gallery writes it; a `---` there is a rule.)"""
    start = next((index for index, line in enumerate(lines[:10]) if line.strip()), 0)
    opener = lines[start].strip() if lines else ""
    if opener == "+++" or opener == "---" and start == 0:
        closers = ("---", "...") if opener == "---" else ("+++",)
        for index in range(start + 1, min(len(lines), 200)):
            if lines[index].strip() in closers:
                return index + 1
    return 0


#: A front matter naming the repository the page was copied from: a themes or plugins gallery's
#: page is that project's README (Zola's `docs/content/themes/*/index.md`, `repository =
#: "https://..."`), whose links name that repository's files (146 on Zola's).
_COPIED_FROM = lazy(r"""^\s*(?:repository|repo)\s*[=:]\s*["']?https?://""")


_MAX_LISTED = 200  # lines of a block read ahead for `_lists_an_example_project`


def _lists_an_example_project(lines: list[str], start: int, fence: str) -> bool:
    """Whether the block opening above `start` lists files, one path a line, and one of them is a
    placeholder's (`mypackage/lib.py`): the files of an example project, as pdm-backend's docs
    show what a built archive of one holds. Its other paths (its tests' module) are that
    project's, whatever this repository has."""
    placeholder = False
    for line in lines[start:start + _MAX_LISTED]:
        word = line.strip()
        if word.startswith(fence):
            return placeholder
        if not word:
            continue
        if " " in word or "\t" in word:
            return False
        placeholder = placeholder or "/" in word and is_placeholder(word)
    return False


def _code_block_line(found: Found, index: int, line: str, kind: str, lead: str | None,
                     session: ShellSession | None, example: bool = False) -> None:
    """A line of a fenced block; the paragraph before the block is its references' sentence.
    (`example`: the block lists an example project's files, `_lists_an_example_project`.)"""
    if not kind:
        return
    if example:
        found.words(index, line, "shell", sentence=lead, example=True)
        return
    if kind == "toctree":  # MyST ```{toctree}
        toctree_entry(found, index, line)
    elif kind == "shell":
        if session is not None and session.is_output(line):
            return
        if _LOG_LINE.match(line) or _MESSAGE_LINE.match(line):  # what a run logged (terragrunt's "18:44:27.034
            return  # STDOUT tofu: ...", kubefed's `Error from server (Forbidden): ... "hack/install-latest.yaml"`):
            # no command opens with its time or its error
        if session is None and line.lstrip().startswith("#"):  # (a script's comment; a transcript's root prompt)
            found.words(index, line, "comment")
            return
        prompt = _PROMPT.match(line)
        text = line[prompt.end():] if prompt else line
        offset = len(line) - len(text)
        text, comment_at = split_comment(text)  # "make docs  # and make sure it builds": one command
        if comment_at is not None:
            found.words(index, line[offset + comment_at:], "comment", offset + comment_at)
        if _GUARD.match(text.lstrip()):  # `rm -f pkg/assets.go`: what `make clean` deletes, no claim
            return
        doc_shell_line(found, index, text, offset, sentence=lead)  # (`curl ... > about.md` creates it)
    else:
        found.words(index, line, "config", sentence=lead)


def _link_label(found: Found, index: int, line: str, link, repository: str) -> None:
    """The paths a link's text names, when it links into a repository on a hosting site: that
    repository's (`Reference.base`, as in a document's clone of it). kured's `[charts/kured](https://
    github.com/kubereboot/charts/tree/main/charts/kured)` is its charts repository's folder;
    ingress-nginx's `[internal/file](https://github.com/kubernetes/ingress-nginx/blob/main/internal/file)`,
    renamed since, its own. (The text of a link to any other URL labels a page, not a path here.)"""
    start = line.index("[", link.start()) + 1
    label = line[start:line.rindex("](", start, link.start(1) + 1)]
    named = _URL_PATH.search(link.group(1))
    if named and ("/" + named.group(1).rstrip("/")).endswith("/" + label.strip().strip("`").removeprefix("./")):
        return  # (the text names the file the URL does: brpc's `[brpc/server.h](https://github.com/apache/brpc/blob/master/src/brpc/server.h)`)
    spans = [span.span() for span in _CODE_SPAN.finditer(label)] if "`" in label else []
    for begin, end in spans:
        found.words(index, label[begin:end].strip("`"), "code-span", start + begin, paragraphs=True, base=repository)
    found.words(index, blanked(label, spans), "prose", start, paragraphs=True, base=repository)


def _label(text: str) -> str:
    return " ".join(text.lower().split())


def _used_labels(lines: list[str]) -> frozenset[str]:
    """The link labels the document uses (`[text][label]`, `[label][]`, `[label]`): a reference
    definition no link uses renders nothing (azuredisk-csi-driver's page copied from Microsoft's
    docs keeps their `[az-disk-list]: /cli/azure/disk#az_disk_list`)."""
    if not any("]:" in line for line in lines):
        return frozenset()
    return frozenset(_label(match.group(1)) for line in lines if "[" in line and not _REFERENCE_DEFINITION.match(line)
                     for match in _BRACKETED.finditer(line))


def _prose_line(found: Found, index: int, line: str, labels: frozenset[str]) -> bool:
    """Read one line outside code blocks (`labels`: the link labels the document uses); True
    when it opens an HTML comment left unclosed."""
    if line.startswith("<<< "):  # VitePress snippet import: `<<< ./file.yaml{2} [title]`
        snippet = _SNIPPET.match(line)
        if snippet:
            found.add(index, snippet.group(1), "md-link", snippet.start(1))
        return False
    if not _MAY_REFER.search(line):
        return False
    read: list[tuple[int, int]] = []  # what was read otherwise (a comment, a link, code): not prose
    # each pattern is tried only on a line holding the text it cannot match without
    comment = "<!--" in line
    for match in _HTML_COMMENT.finditer(line) if comment else ():
        found.words(index, match.group(1), "comment", match.start(1))
        read.append(match.span())
    opens_comment = comment and "-->" not in line[line.rfind("<!--"):]
    # code spans bind before links: `hash&.[](key)` is code, `` [`x`](a.md) `` a link
    spans = [match.span() for match in _CODE_SPAN.finditer(blanked(line, read))] if "`" in line else []

    def in_code(at: int) -> bool:
        return any(start <= at < end for start, end in spans)

    paradox = "@" in line  # (Paradox's directives: `@ref[...](...)`, `@@snip [...](...)`, `@scaladoc[...](...)`)
    for match in _LINK.finditer(line) if "](" in line else ():
        if spans and in_code(match.start()):
            continue
        if paradox and (_API_DIRECTIVE.search(line, max(0, match.start() - 9), match.start())
                        or _API_DIRECTIVE_INSIDE.match(line, match.start())):
            read.append(match.span())
            continue
        target = link_target(match.group(1))
        if target:
            found.add(index, target, "md-link", match.start(1), paragraphs=True)
        if paradox and _PARADOX_DIRECTIVE.search(line, max(0, match.start() - 10), match.start()):
            read.append(match.span())  # (its label is the directive's name for it: `@@include[typed/event-bus.md](...)`)
        elif "://" in match.group(1):  # the link's text names what its URL is
            repository = _REPOSITORY_URL.match(match.group(1).lstrip("<"))
            if repository:
                _link_label(found, index, line, match, repository.group())
            read.append(match.span())
        else:
            read.append(match.span(1))
    for match in _MYST_DOC.finditer(line) if "{doc}" in line else ():
        if ":" not in match.group(1):
            found.add(index, match.group(1).strip(), "sphinx-doc", match.start(1), paragraphs=True)
        read.append(match.span())
    definition = _REFERENCE_DEFINITION.match(line) if "]:" in line else None
    if definition:
        target = link_target(definition.group(2))
        if target and _label(definition.group(1)) in labels:
            found.add(index, target, "md-link", definition.start(2), paragraphs=True)
        read.append(definition.span(2))
    for match in HTML_ATTRIBUTE.finditer(line) if "href" in line or "src" in line else ():
        if spans and in_code(match.start()):
            continue
        target = link_target(match.group(1))
        if target and (target.startswith("/") or not in_component(line, match.start())):
            found.add(index, target, "md-link", match.start(1), paragraphs=True)
        read.append(match.span(1))
    for match in _CODE_SPAN.finditer(blanked(line, read)) if "`" in line else ():
        read_code_span(found, index, match.group(2), match.start(2))
        read.append(match.span())
    found.words(index, blanked(line, read), "prose", paragraphs=True)
    return opens_comment

