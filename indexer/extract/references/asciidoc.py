"""AsciiDoc: `include::`, `image::`, `link:`, `xref:` and `<<file.adoc#id>>`, code, comments, prose."""
from __future__ import annotations


from indexer.extract.references.found import Found
from indexer.extract.references.links import SESSION_LANGUAGES, link_target
from indexer.extract.references.shell import ShellSession, doc_shell_line, read_code_span
from indexer.regex import lazy

_INCLUDE = lazy(r"^(?:include|image|video|audio)::([^\[\s]+)\[")
_INLINE = lazy(r"(?<![\w:])(?:image|link|xref|include):(?!:)([^\[\s]+)\[")
_CROSS_REFERENCE = lazy(r"<<([^,>#\s]+\.adoc)(?:#[^,>]*)?(?:,[^>]*)?>>")
_CODE = lazy(r"`([^`]+)`|\+([^+]+)\+")
_DELIMITER = lazy(r"^(-{4,}|\.{4,}|/{4,}|\+{4,}|={4,}|_{4,}|\*{4,})\s*$")
_SOURCE_STYLE = lazy(r"^\[(?:source|listing)?,?\s*([\w-]*)")
_SHELL = frozenset({"sh", "bash", "shell", "console", "zsh"})
_HEADING = lazy(r"^(=+)\s")


def extract(found: Found) -> None:
    delimiter: str | None = None
    block_kind = ""
    style = ""
    session: ShellSession | None = None  # a `[source,console]` transcript's: which lines are output
    for index, line in enumerate(found.lines):
        fence = _DELIMITER.match(line)
        if delimiter is not None:
            if fence and fence.group(1) == delimiter:
                delimiter = None
            elif block_kind == "comment":
                found.words(index, line, "comment")
            elif block_kind == "shell":
                if session is not None and session.is_output(line):
                    continue
                doc_shell_line(found, index, line.lstrip("$ "), len(line) - len(line.lstrip("$ ")))
            continue
        if fence:
            delimiter = fence.group(1)
            block_kind = ("comment" if delimiter.startswith("/")
                          else "shell" if delimiter.startswith("-") and style in _SHELL else "")
            session = ShellSession() if block_kind == "shell" and style in SESSION_LANGUAGES else None
            continue
        source = _SOURCE_STYLE.match(line)
        if source and line.rstrip().endswith("]"):
            style = source.group(1).lower()
            continue
        style = ""
        if line.startswith("//"):
            found.words(index, line[2:], "comment", 2)
            continue
        if line.startswith("=") and (heading := _HEADING.match(line)):
            found.heading(len(heading.group(1)))
        _line(found, index, line)


def _line(found: Found, index: int, line: str) -> None:
    masked = list(line)
    directive = _INCLUDE.match(line)
    if directive:
        target = link_target(directive.group(1))
        if target:
            found.add(index, target, "adoc-include", directive.start(1))
        return
    for match in _INLINE.finditer(line):
        target = link_target(match.group(1))
        if match.group().startswith("xref") and "#" not in match.group(1) and not match.group(1).endswith(".adoc"):
            # Asciidoctor's `xref:async-broadcast-channel[]` (groovy's spec): an ID, not a document
            # (a document's is `xref:x.adoc[]` or `xref:x.adoc#id[]`)
            target = None
        if target:
            found.add(index, target, "adoc-link", match.start(1), paragraphs=True)
        masked[match.start():match.end()] = " " * (match.end() - match.start())
    for match in _CROSS_REFERENCE.finditer(line):
        found.add(index, match.group(1), "adoc-link", match.start(1), paragraphs=True)
        masked[match.start():match.end()] = " " * (match.end() - match.start())
    for match in _CODE.finditer("".join(masked)):
        code = match.group(1) or match.group(2)
        start = match.start(1) if match.group(1) else match.start(2)
        read_code_span(found, index, code, start)
        masked[match.start():match.end()] = " " * (match.end() - match.start())
    found.words(index, "".join(masked), "prose", paragraphs=True)
