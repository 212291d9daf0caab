"""`Found`: the references of one file as the extractors add them, with their sentence verdict."""
from __future__ import annotations


from indexer.extract.references.prose import commands, sentence_at, verdicts
from indexer.extract.references.tokens import path_words
from indexer.models import Reference
from indexer.regex import lazy


#: A project's conventional top-level files named bare in prose ("follow CONTRIBUTING.rst"):
#: resolved by name (`indexer.contradictions.resolve`).
BARE_NAME = lazy(r"(?<![\w./@:-])((?:CONTRIBUTING|CHANGES|CHANGELOG|HISTORY|NEWS|README|AUTHORS|SECURITY"
                       r"|CODE_OF_CONDUCT|MAINTAINERS|GOVERNANCE|SUPPORT|RELEASING|UPGRADING|HACKING|INSTALL)"
                       r"\.(?:rst|md|txt|adoc|markdown))(?![\w/-])")


def _names_a_convention(line: str, name: str) -> bool:
    """Whether `line` names `name` among its variants ("often named ``README.txt``,
    ``README.rst``, or ``README.md``", packaging.python.org's guides): the convention, whichever
    of them this repository has or once had."""
    stem = name.rpartition(".")[0].lower()
    return len({m.group(1).lower() for m in BARE_NAME.finditer(line)
                if m.group(1).rpartition(".")[0].lower() == stem}) > 1


#: What a document names once its shell lines moved into a clone: the commands they run, the
#: paths of the code blocks and code spans that follow (links are the site's, not the clone's).
_IN_CLONE = frozenset({"command", "shell", "code-span"})
#: A path pinned at a commit names that commit's file, not the tree's: reno's release notes of an
#: ended series keep each note's source as `.. releasenotes/notes/x.yaml @ b'0b19418...'`.
_AT_COMMIT = lazy(r"\s*@\s*b?['\"]?[0-9a-f]{7,40}\b")


class Found:
    """Collects references of one file; `index` arguments are 0-based line indexes."""

    def __init__(self, path: str, lines: list[str]) -> None:
        self.path = path
        self.lines = lines
        self._seen: set[tuple[int, str, str]] = set()
        self.references: list[Reference] = []
        #: what a document's shell lines create, in the order read (`shell.doc_shell_words`)
        self.made: set[str] = set()
        #: the folders a document's shell lines cloned (folder -> URL) or unpacked (folder -> `ELSEWHERE`
        #: and its name), and the value of the one they moved into: the commands and paths read after it
        #: are that folder's (`shell.doc_shell_line`), to the end of the section it was entered in (`heading`)
        self.clones: dict[str, str] = {}
        self.clone = ""
        self.section = self.clone_section = 0  # the level of the document's last heading, and the clone's

    def heading(self, level: int) -> None:
        """A heading of the document (1 the highest): it ends a clone entered in a section of its
        level or a deeper one (packer's guide clones its docs site's repository under one heading
        and goes on about its own code under the next)."""
        if self.clone and level <= self.clone_section:
            self.clone = ""
        self.section = level

    def add(self, index: int, target: str, kind: str, column: int = 0, paragraphs: bool = False,
            base: str = "", judge: bool = True, sentence: str | None = None, example: bool = False) -> None:
        """`sentence` overrides the one read around `column` (a comment spread over lines);
        `example`: the reader knows it gives an example, whatever the sentence says."""
        if target[:1] == "-" and target[1:2].isalpha() and "/" in target[2:]:
            # a short option glued to its value names the value: mlt's `swig -I../../mlt++`, `-Lbuild/lib`
            target, column = target[2:], column + 2
        key = (index, target, kind)
        if key in self._seen or not target:
            return
        self._seen.add(key)
        if "@" in self.lines[index] and _AT_COMMIT.match(self.lines[index], column + len(target)):
            return
        deprecated = said_example = False
        if judge:
            if sentence is None:
                sentence = sentence_at(self.lines, index, column, paragraphs)
            deprecated, said_example = verdicts(sentence)
        example = example or said_example
        if self.clone and kind in _IN_CLONE:
            base = self.clone  # (a URL: the resolver keeps it when the clone is this repository)
        if kind == "bare-name" and not example:
            example = _names_a_convention(self.lines[index], target)
        self.references.append(Reference(path=self.path, line=index + 1, target=target, kind=kind,
                                         text=self.lines[index].strip()[:300],
                                         deprecated=deprecated, base=base, example=example))

    def words(self, index: int, text: str, kind: str, offset: int = 0, paragraphs: bool = False,
              base: str = "", sentence: str | None = None, example: bool = False) -> None:
        """Every path-shaped word of `text`, which starts at column `offset` of the line."""
        for column, word in path_words(text):
            self.add(index, word, kind, offset + column, paragraphs, base, sentence=sentence, example=example)
        if kind in ("prose", "comment", "code-span") and "." in text:
            for match in BARE_NAME.finditer(text):
                self.add(index, match.group(1), "bare-name", offset + match.start(1), paragraphs, sentence=sentence)

    def commands(self, index: int, text: str, offset: int = 0) -> None:
        for column, command, folder in commands(text):
            self.add(index, command, "command", offset + column, base=folder)
