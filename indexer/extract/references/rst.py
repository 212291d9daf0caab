"""reStructuredText (and Sphinx): `:doc:`, includes and images, links, literals, comments, prose.

`:doc:` targets are document names (no suffix) and `/`-rooted ones start at the Sphinx source
root; the resolver knows both. Roles of other projects (`:external+pypug:doc:`) and unknown
roles are not references. Code blocks in a shell language are read as commands; other code
and literal blocks are examples and are skipped, apart from `$ command` lines.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from indexer.extract.references.found import Found
from indexer.extract.references.links import (CONFIG_LANGUAGES, HTML_ATTRIBUTE, SESSION_LANGUAGES, SHELL_LANGUAGES,
                                              link_target)
from indexer.extract.references.prose import lead_in
from indexer.extract.references.shell import ShellSession, doc_shell_line, read_code_span
from indexer.regex import lazy

_DIRECTIVE = lazy(r"^(\s*)\.\.\s+([\w:+-]+)::\s*(.*)$")
_UNDERLINE = lazy(r"^([=\-~^\"'*+#`:.])\1{2,}\s*$")
_UNDERLINE_CHARS = frozenset("=-~^\"'*+#`:.")
_COMMENT = lazy(r"^(\s*)\.\.(?:\s+(?![_|\[])(.*)|\s*)$")
_TARGET = lazy(r"^\s*\.\.\s+_[^:]+:\s*(\S+)\s*$")
_FILE_OPTION = lazy(r"^\s+:file:\s*(\S+)")
_CAPTION = lazy(r"^\s+:caption:")
_ROLE = lazy(r"(?<![\w`]):([\w:+.-]+):`([^`]+)`")
_LITERAL = lazy(r"``(.+?)``")
_HYPERLINK = lazy(r"`([^`<]*)<([^>`]+)>`__?")
#: A reference to a named target (`` `plugins/common.py`_ ``, whose `.. _plugins/common.py: URL` is
#: the link): a name; the target's URL is read where it is defined.
_NAMED_REFERENCE = lazy(r"(?<![`:\w])`[^`<>]+`__?")
_EXPLICIT_TITLE = lazy(r"^(?:.*?)<([^<>]+)>$", re.S)
_PROMPT = lazy(r"^\s*(?:\$|>>>|\.\.\.)\s+")
_SUBSTITUTION = lazy(r"\|[^|\s](?:[^|]*[^|\s])?\|_{0,2}")

_INCLUDES = frozenset({"include", "literalinclude", "image", "figure", "thumbnail", "mdinclude",
                       "kroki", "graphviz", "plantuml", "uml"})
#: sphinxcontrib-programoutput's directives: their argument is a command line (`twine upload -h`)
_PROGRAM_OUTPUT = frozenset({"program-output", "command-output"})
_CODE = frozenset({"code-block", "code", "sourcecode", "prompt", "console", "highlight"})
_DOC_ROLES = frozenset({"doc", "std:doc"})
_FILE_ROLES = frozenset({"download"})
_EXAMPLE_ROLES = frozenset({"file", "samp"})


class _Block(NamedTuple):
    kind: str  # shell | config | skip | literal | comment | options | toctree | html
    indent: int  # of the line that opened it: deeper lines belong to the block
    lead: str = ""  # the paragraph before it ("For example:"), the sentence of its references
    session: ShellSession | None = None  # (a transcript's, `console`: which of its lines are output)


def extract(found: Found) -> None:
    block: _Block | None = None
    literal_after: int | None = None
    literal_lead = ""
    for index, line in enumerate(found.lines):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if block is not None:
            if not stripped:
                continue
            if indent > block.indent:
                _block_line(found, index, line, block)
                continue
            block = None
        if literal_after is not None and stripped:
            if indent > literal_after:
                block = _Block("literal", literal_after, literal_lead)
                _block_line(found, index, line, block)
                continue
            literal_after = None
        if stripped.startswith(".."):
            directive = _DIRECTIVE.match(line)
            if directive:
                block = _directive(found, index, directive)
                continue
            target = _TARGET.match(line)
            if target:
                _link(found, index, target.group(1), target.start(1))
                continue
            comment = _COMMENT.match(line)
            if comment:
                found.words(index, comment.group(2) or "", "comment", comment.start(2) if comment.group(2) else 0)
                block = _Block("comment", len(comment.group(1)))
                continue
        if index and stripped[:1] in _UNDERLINE_CHARS and _UNDERLINE.match(line) and found.lines[index - 1].strip():
            found.heading(1)  # (a section title, each taken for the highest: a level is the order of first use)
        _prose(found, index, line)
        if stripped.endswith("::"):
            literal_after = indent
            literal_lead = lead_in(found.lines, index + 1)


def _directive(found: Found, index: int, match: re.Match) -> _Block | None:
    indent, name, argument = len(match.group(1)), match.group(2).lower(), match.group(3).strip()
    if name in _INCLUDES and argument:
        target = link_target(argument) if not argument.startswith("<") else None
        if target:
            found.add(index, target, "rst-include", match.start(3))
        return _Block("options", indent)
    if name in _PROGRAM_OUTPUT and argument:
        found.commands(index, argument, match.start(3))
        found.words(index, argument, "shell", match.start(3))
        return _Block("options", indent)
    if name in _CODE:
        language = argument.split()[0].lower() if argument else ""
        lead = lead_in(found.lines, index)
        if language in SHELL_LANGUAGES or name in ("prompt", "console"):
            session = language in SESSION_LANGUAGES or name in ("prompt", "console")
            return _Block("shell", indent, lead, ShellSession() if session else None)
        return _Block("config" if language in CONFIG_LANGUAGES else "skip", indent, lead)
    if name == "raw" and argument.lower() == "html":
        return _Block("html", indent)
    if name in ("csv-table", "raw", "list-table", "table"):
        return _Block("options", indent)
    if name == "toctree":
        return _Block("toctree", indent)
    if argument:
        _prose(found, index, match.group(0), start=match.start(3))
    return None


def _block_line(found: Found, index: int, line: str, block: _Block) -> None:
    option = _FILE_OPTION.match(line)
    if option:
        found.add(index, option.group(1), "rst-include", option.start(1))
        return
    kind, lead = block.kind, block.lead or None
    if kind == "toctree":
        toctree_entry(found, index, line)
    elif kind == "comment":
        found.words(index, line, "comment")
    elif kind == "options" and not _CAPTION.match(line):  # (a code block's caption names the example shown)
        _prose(found, index, line)
    elif kind == "html":  # (litestar's `<a href="usage/index.html">`, a built page)
        for match in HTML_ATTRIBUTE.finditer(line) if "href" in line or "src" in line else ():
            _link(found, index, match.group(1), match.start(1))
    elif kind == "shell" and not line.lstrip().startswith(":"):
        if block.session is not None and block.session.is_output(line):
            return
        prompt = _PROMPT.match(line)
        offset = prompt.end() if prompt else 0
        doc_shell_line(found, index, line[offset:], offset, sentence=lead)
    elif kind == "config" and not line.lstrip().startswith(":"):
        found.words(index, line, "config", sentence=lead)
    elif kind == "literal":
        prompt = _PROMPT.match(line)
        if prompt and line.lstrip().startswith("$"):
            doc_shell_line(found, index, line[prompt.end():], prompt.end(), sentence=lead)


def _prose(found: Found, index: int, line: str, start: int = 0) -> None:
    """Roles, links and ``literals`` of a line, then its prose; each piece blanked once read.
    A substitution (`|PyInstaller/init.py|_`, and its `.. |...| replace::` definition) is a name."""
    if "|" in line:
        line = _SUBSTITUTION.sub(lambda match: " " * len(match.group()), line)
    if "`" not in line:
        if "/" in line:
            found.words(index, line[start:], "prose", start, paragraphs=True)
        return
    text = " " * start + line[start:]
    if text.count("`") % 2 and index + 1 < len(found.lines):
        text = _roles_across_lines(found, index, text)
    text = _ROLE.sub(lambda match: _role(found, index, match), text)
    text = _HYPERLINK.sub(lambda match: _blank(match, _link(found, index, match.group(2), match.start(2))), text)
    text = _LITERAL.sub(lambda match: _blank(match, _literal(found, index, match)), text)
    if "`_" in text:
        text = _NAMED_REFERENCE.sub(lambda match: " " * len(match.group()), text)
    if "/" in text:
        found.words(index, text, "prose", paragraphs=True)


def _roles_across_lines(found: Found, index: int, text: str) -> str:
    """A role whose target wraps onto the next line (:doc:`title\n</path>`): read it whole."""
    joined = f"{text} {found.lines[index + 1].strip()}"
    for match in _ROLE.finditer(joined):
        if match.start() < len(text) <= match.end():
            _role(found, index, match)
            return text[:match.start()] + " " * (len(text) - match.start())
    return text


def _role(found: Found, index: int, match: re.Match) -> str:
    role, body = match.group(1), match.group(2)
    title = _EXPLICIT_TITLE.match(body)
    target = (title.group(1) if title else body).strip().lstrip("~!")
    if role in _DOC_ROLES and ":" not in target:
        found.add(index, target, "sphinx-doc", match.start(2), paragraphs=True)
    elif role in _FILE_ROLES and link_target(target):
        found.add(index, link_target(target), "rst-include", match.start(2), paragraphs=True)
    elif role in _EXAMPLE_ROLES:
        found.words(index, target, "code-span", match.start(2), paragraphs=True)
    return " " * len(match.group())


def _literal(found: Found, index: int, match: re.Match) -> None:
    read_code_span(found, index, match.group(1), match.start(1))


def _blank(match: re.Match, _read: None) -> str:
    return " " * len(match.group())


def _link(found: Found, index: int, raw: str, column: int) -> None:
    """Sphinx links name built pages (`../ref/x`); only a link to a file with a suffix is a file.
    An embedded name that ends with `_` (`` `internal flags <env.py_>`_ ``, coverage.py's) refers
    to a hyperlink target by that name, as reStructuredText defines it: no URI."""
    if raw.endswith("_") and not raw.endswith("\\_"):
        return
    target = link_target(raw)
    if target and "." in target.rsplit("/", 1)[-1] and not target.endswith(".html"):
        found.add(index, target, "rst-link", column, paragraphs=True)


_NOT_DOCUMENTS = frozenset({"self", "genindex", "modindex", "py-modindex", "search"})
_TOCTREE_ENTRY = lazy(r"^\s*(?:[^<>]*<)?(?P<target>[^\s<>:*?]+)>?\s*$")


def toctree_entry(found: Found, index: int, line: str) -> None:
    """A `toctree` entry (`page`, `Title <page>`), reST or MyST: a document name, like `:doc:`.
    Options (`:maxdepth:`, or MyST's YAML block of them between `---` lines), `self`, the pages
    Sphinx generates (`genindex`, `modindex`: cattrs' toctree), URLs and globs are not documents."""
    if line.lstrip().startswith(":") or line.strip() == "---":
        return
    entry = _TOCTREE_ENTRY.match(line)
    if entry and entry.group("target") not in _NOT_DOCUMENTS and "://" not in line:
        found.add(index, entry.group("target"), "sphinx-doc", entry.start("target"))
