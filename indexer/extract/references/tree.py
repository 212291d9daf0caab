"""Nested tree listings in docs: `├── build_env.py` / `│   └── x.py` under a parent folder line.

A listing (the output of `tree`, or drawn by hand with `├──`, `└──`, `|--`, `` `-- ``) names its
entries by their position: each entry is a path under the entry above it at a smaller indent, and
the first-level entries are under the listing's root, the line just above the first branch
(`myproject/`, `.`, or nothing). Each entry becomes one `tree-entry` reference whose target is the
full listed path (root included) and whose `base` is the root as written (`""` for `.` or none):
`indexer.contradictions.resolve` decides whether the listing is about this repository (its root
folder exists) before a missing entry counts.
"""
from __future__ import annotations


from indexer.extract.references.found import Found
from indexer.extract.references.prose import lead_in
from indexer.extract.references import tokens
from indexer.regex import lazy

#: The branch of one entry: what comes before it (guides, spaces), the branch, the name.
_BRANCH = lazy(r"^(?P<guides>[\s│|┃┆:`]*?)(?P<branch>[├└┣┗][─━]{1,3}|[├└]|[+|`]-{2,3})[ \t]+(?P<name>[^\s#]+)")
_ROOT = lazy(r"^\s*(?:```\w*\s*)?(?P<name>\.|\./|[\w.@+-]+(?:/[\w.@+-]+)*/?)\s*(?:#.*)?$")
_NAME = lazy(r"^[\w.@+-]+/?$")
_SIGNS = ("──", "|--", "`--", "━━")
_MAX_GAP = 1  # blank lines allowed inside one listing


def has_listing(text: str) -> bool:
    return any(sign in text for sign in _SIGNS)


def listings(found: Found) -> set[int]:
    """Add a `tree-entry` reference for every entry of every listing; return the listing's lines."""
    lines = found.lines
    seen: set[int] = set()
    index = 0
    while index < len(lines):
        if not _is_branch(lines[index]):
            index += 1
            continue
        start = index
        run: list[int] = []
        gap = 0
        while index < len(lines):
            if _is_branch(lines[index]):
                run.append(index)
                gap = 0
            elif lines[index].strip() and _is_guide_only(lines[index]):
                gap = 0
            else:
                gap += 1
                if gap > _MAX_GAP or lines[index].strip():
                    break
            index += 1
        root_index = _root_line(lines, start)
        root = ""
        if root_index is not None:
            root = _ROOT.match(lines[root_index]).group("name").rstrip("/")
            root = "" if root in (".", "") else root
            seen.add(root_index)
        top = root_index if root_index is not None else start
        if top > 0 and lines[top - 1].lstrip().startswith(("```", "~~~")):
            top -= 1  # the fence: the listing's sentence is the paragraph before it
        _entries(found, run, root, lead_in(lines, top))
        seen.update(run)
    return seen


def _is_branch(line: str) -> bool:
    if not any(sign in line for sign in _SIGNS):
        return False
    match = _BRANCH.match(line)
    return match is not None and _NAME.match(match.group("name").rstrip(",;")) is not None \
        or match is not None and "..." in match.group("name")


def _is_guide_only(line: str) -> bool:
    return not line.strip().strip("│|┃ ")


def _root_line(lines: list[str], start: int) -> int | None:
    """The line just above the first branch when it holds a single folder name (or `.`)."""
    if start == 0:
        return None
    above = lines[start - 1]
    if not above.strip() or "──" in above or not _ROOT.match(above):
        return None
    indent = len(above) - len(above.lstrip())
    first = lines[start]
    return start - 1 if indent <= len(first) - len(first.lstrip()) + 1 else None


def _entries(found: Found, run: list[int], root: str, sentence: str) -> None:
    # a listing that names a placeholder folder (`mypackage/`, pdm-backend's build docs) lays out
    # an example project: its other entries (its tests' module) are that project's too (an
    # elision, `...`, is no placeholder here: listings of this repository have them)
    names = [_BRANCH.match(found.lines[index]).group("name").rstrip(",;/") for index in run]
    example = any(tokens.is_placeholder(name) for name in [root, *names] if name and "..." not in name and "…" not in name)
    stack: list[tuple[int, str]] = []  # (branch column, path) of the entries above
    for index in run:
        match = _BRANCH.match(found.lines[index])
        column = match.start("branch")
        while stack and stack[-1][0] >= column:
            stack.pop()
        name = match.group("name").rstrip(",;")
        parent = stack[-1][1] if stack else root
        if not _NAME.match(name) or name.strip("./") == "" or "..." in name or name.startswith("-"):
            stack.append((column, ""))  # an elision or a placeholder: nothing under it is placed
            continue
        if not parent and stack:
            stack.append((column, ""))
            continue
        path = f"{parent}/{name.rstrip('/')}" if parent else name.rstrip("/")
        stack.append((column, path))
        if tokens.is_glob(path) or tokens.is_variable(path) or tokens.is_placeholder(path):
            continue
        found.add(index, path, "tree-entry", match.start("name"), base=root, sentence=sentence, example=example)
