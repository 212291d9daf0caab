"""HTML built from Python calls that escape by default.

Every string that reaches the page came from somewhere a stranger could write: a TODO, a file
name, a commit author, a standard's statement. So nothing is trusted unless it is a `Markup`,
and the only ways to get one are `escape()` (which escapes with `quote=True`), `el()` (which
escapes its attributes and string children) and `raw()`, used for the page's own constant
CSS, JavaScript and SVG path data that the code computed from numbers.
"""
from __future__ import annotations

import html
from typing import Iterable, Mapping, Union

Child = Union["Markup", str, int, float, None, Iterable["Child"]]

# Elements that have no closing tag.
_VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "col", "wbr"})


class Markup(str):
    """A string that is already safe HTML."""

    def __add__(self, other: object) -> "Markup":
        return Markup(str(self) + str(escape(other)))


def raw(text: str) -> Markup:
    """Mark the page's own constant text as HTML. Never pass repository text here."""
    return Markup(text)


def escape(value: object) -> Markup:
    """`value` as text: `<`, `>`, `&`, `"` and `'` escaped; a `Markup` passes unchanged."""
    if isinstance(value, Markup):
        return value
    if value is None:
        return Markup("")
    return Markup(html.escape(str(value), quote=True))


def join(children: Iterable[Child], separator: str = "") -> Markup:
    return Markup(separator.join(_render(child) for child in children))


def el(tag: str, attrs: Mapping[str, object] | None = None, *children: Child) -> Markup:
    """`<tag attrs>children</tag>`. Attribute values None/False are left out, True is bare."""
    opening = tag + _attributes(attrs or {})
    if tag in _VOID:
        return Markup(f"<{opening}>")
    return Markup(f"<{opening}>{join(children)}</{tag}>")


def _attributes(attrs: Mapping[str, object]) -> str:
    parts = []
    for name, value in attrs.items():
        name = name.rstrip("_").replace("_", "-")  # class_ -> class, aria_label -> aria-label
        if value is None or value is False:
            continue
        parts.append(f" {name}" if value is True else f' {name}="{escape(value)}"')
    return "".join(parts)


def _render(child: Child) -> str:
    if child is None:
        return ""
    if isinstance(child, (str, int, float)):
        return escape(child)
    return join(child)
