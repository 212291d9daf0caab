"""Build files: Dockerfile `COPY`/`ADD` and `RUN`, Makefile recipes, includes and variables.

`COPY` sources are relative to the build context, taken to be the Dockerfile's folder (the
resolver also tries the repository root, the other usual context). `COPY --from=stage` copies
out of another image and names no repository path. `CMD`/`ENTRYPOINT` paths live inside the
image. Makefile rule lines are skipped: targets and prerequisites are mostly build outputs.
"""
from __future__ import annotations

import json

from indexer.extract.references.found import Found
from indexer.extract.references.shell import ShellReader, split_comment
from indexer.extract.references.tokens import clean
from indexer.regex import lazy

_INSTRUCTION = lazy(r"^\s*([A-Za-z]+)\s+(.*)$")
_ARGUMENT = lazy(r"\S+")


def dockerfile(found: Found) -> None:
    reader = ShellReader(found)
    programs = _programs(found.lines)
    continued = False
    for index, line in enumerate(found.lines):
        stripped = line.strip()
        if stripped.startswith("#"):
            commented = _INSTRUCTION.match(stripped[1:])
            if not (commented and commented.group(1).upper() in ("COPY", "ADD") and "--from" in commented.group(2)):
                found.words(index, stripped[1:], "comment", line.find("#") + 1)
            continue  # (a `COPY --from` commented out copies from another image: as one not commented out)
        instruction = None if continued else _INSTRUCTION.match(line)
        name = instruction.group(1).upper() if instruction else ("RUN" if continued else "")
        if name in ("COPY", "ADD"):
            _copy(found, index, instruction.group(2), instruction.start(2), programs)
        elif name == "RUN":
            start = instruction.start(2) if instruction else 0
            reader.line(index, line[start:].rstrip("\\"), start)
        continued = stripped.endswith("\\") and name == "RUN"


def _programs(lines: list[str]) -> frozenset[str]:
    """The names without an extension of what `ENTRYPOINT` and `CMD` run: a `COPY` of one copies
    the binary the build made (kubeconform's `COPY kubeconform /` for `ENTRYPOINT
    ["/kubeconform"]`; a `kubeconform` binary committed by mistake was deleted in 2022)."""
    names = set()
    for line in lines:
        instruction = _INSTRUCTION.match(line)
        if instruction and instruction.group(1).upper() in ("ENTRYPOINT", "CMD"):
            words = _words(instruction.group(2))
            program = words[0][1].rstrip("/").rpartition("/")[2] if words else ""
            if program and "." not in program and "$" not in program:
                names.add(program)
    return frozenset(names)


def _words(arguments: str) -> list[tuple[int, str]]:
    """(column, word) of an instruction's arguments, in exec (JSON) or shell form; [] if malformed."""
    if arguments.lstrip().startswith("["):
        try:
            return [(arguments.find(w), w) for w in json.loads(arguments) if isinstance(w, str)]
        except (ValueError, RecursionError):  # RecursionError: `[[[[...` nested deeper than Python's stack
            return []
    return [(m.start(), m.group()) for m in _ARGUMENT.finditer(arguments)]


def _copy(found: Found, index: int, arguments: str, offset: int, programs: frozenset[str]) -> None:
    words = _words(arguments)
    if any(w.startswith("--from") for _, w in words) or "<<" in arguments:
        return
    sources = [(c, w) for c, w in words if not w.startswith("--")][:-1]
    for column, source in sources:
        if "://" in source or source.startswith("/"):
            continue
        word = clean(source) if "/" in source else source
        if word and word not in (".", "./") and word.rstrip("/").rpartition("/")[2] not in programs:
            found.add(index, word, "docker-copy", offset + column)


_RECIPE_PREFIX = lazy(r"^\t[@+\-]*")
_INCLUDE = lazy(r"^\s*include\s+(.+)$")
_ASSIGNMENT = lazy(r"^\s*(?:export\s+)?[A-Za-z_][\w.]*\s*(?::{1,3}=|\?=|\+=|!=|=)\s*(.*)$")


def makefile(found: Found) -> None:
    recipes = ShellReader(found, persist_cd=False)  # each recipe line runs in its own shell
    for index, line in enumerate(found.lines):
        recipe = _RECIPE_PREFIX.match(line)
        if recipe:
            recipes.line(index, line[recipe.end():], recipe.end())
            continue
        code, comment_at = split_comment(line)
        if comment_at is not None:
            found.words(index, line[comment_at + 1:], "comment", comment_at + 1)
        include = _INCLUDE.match(code)
        if include:
            for match in _ARGUMENT.finditer(include.group(1)):
                found.add(index, match.group(), "make-include", include.start(1) + match.start())
            continue
        assignment = _ASSIGNMENT.match(code)
        if assignment:
            found.words(index, assignment.group(1), "config", assignment.start(1))


_MANIFEST_COMMAND = lazy(r"^\s*(include|exclude|recursive-include|recursive-exclude|graft|prune|"
                               r"global-include|global-exclude)\s+(.*)$")


def manifest_in(found: Found) -> None:
    """setuptools' MANIFEST.in: `include a/b.txt`, `recursive-include pkg *.py` and `graft docs`
    name paths the build reads; excluding and pruning commands name what need not exist."""
    for index, line in enumerate(found.lines):
        command = _MANIFEST_COMMAND.match(line)
        if not command or command.group(1).endswith(("exclude", "prune")) or command.group(1).startswith("global"):
            continue
        arguments = command.group(2).split()
        if command.group(1) == "recursive-include":
            arguments = arguments[:1]
        for argument in arguments:
            column = line.find(argument, command.start(2))
            if "*" in argument or "?" in argument or "[" in argument:
                continue
            found.add(index, argument.rstrip("/"), "manifest-include", column)


_GO_MOD_DIRECTIVE = lazy(r"^\s*(require|replace|exclude|retract|module|go|toolchain|godebug)\b\s*(\(?)\s*(.*)$")
_GO_MOD_ENTRY = lazy(r"^\s*(\S+)(?:\s+(\S+))?(?:\s*=>\s*(\S+)(?:\s+\S+)?)?\s*$")


def go_mod(found: Found) -> None:
    """`go.mod`: required and replaced module paths are imports (an in-repository module maps to
    its folder through the `module` lines, `indexer.contradictions.resolve`); a `replace` that
    points at a local folder (`=> ../../libs/payments-v1`) names that folder, relative to go.mod."""
    block = None
    for index, line in enumerate(found.lines):
        code = line.split("//", 1)[0]
        if block is not None:
            if code.strip() == ")":
                block = None
                continue
            directive, rest = block, code
        else:
            match = _GO_MOD_DIRECTIVE.match(code)
            if not match:
                continue
            directive, rest = match.group(1), match.group(3)
            if match.group(2):
                block = directive
                continue
        if directive not in ("require", "replace"):
            continue
        entry = _GO_MOD_ENTRY.match(rest)
        if not entry:
            continue
        found.add(index, entry.group(1), "go-import", judge=False)
        local = entry.group(3)
        if local and local.startswith(("./", "../")) and local.strip("./"):  # `=> ../`: the module above
            found.add(index, local.rstrip("/"), "go-replace", line.find(local))
