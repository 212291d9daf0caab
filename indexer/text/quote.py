"""The gate: repository text made fit to show, in the two shapes outputs need.

* `safe_text(text)`: for every output (scan text, SARIF, GitHub, JSON, explain, MCP, HTML):
  withheld when it reads like an instruction to an AI; otherwise invisible characters removed,
  control characters and line breaks shown as spaces, secrets redacted, and nothing else
  changed, so ordinary text comes out byte for byte as it went in.
* `observed(text, limit)`: for the priming block, read by a model as Markdown: the same, then
  collapsed to one line whose backticks, fences and tags are neutralised, capped and quoted.

`safe_message`, `safe_record` and `safe_tree` apply `safe_text` to a finding's message (its
orgmemory prose kept when only the quoted repository text is withheld), to a finding's JSON
object and to any JSON-like value.
"""
from __future__ import annotations

import functools
import re
from typing import Any, Mapping, NamedTuple

from indexer.text.injection import instruction
from indexer.text.normalize import visible
from indexer.text.redact import redact

WITHHELD = "[withheld: reads like an instruction to an AI agent]"
#: Keys of a finding's JSON object that orgmemory writes itself, never repository text.
STRUCTURAL = frozenset({"rule", "severity", "fingerprint", "line", "version", "now", "head", "root"})
_TAG_OPENER = r"<(?=[/!?A-Za-z|])"  # compiled on first use


class Observed(NamedTuple):
    """Observed text as it may appear in a block: quoted, or withheld for `reason`."""

    text: str
    withheld: str | None = None


@functools.lru_cache(maxsize=8192)
def safe_text(text: str) -> str:
    """`text` as any output may show it, or `WITHHELD` (see the module docstring)."""
    if instruction(text) is not None:
        return WITHHELD
    return redact(visible(text))


def safe_message(message: str, quoted: str | None = None) -> str:
    """A finding's message, whose tail may be repository text (`quoted`, e.g. the TODO a
    stale-todo message ends with): when that tail is withheld, the prose before it stays."""
    if quoted and len(quoted) < len(message) and message.endswith(quoted):
        head = message[:-len(quoted)]
        return safe_text(head) + safe_text(quoted)
    return safe_text(message)


def safe_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """A finding's JSON object (`Finding.to_json()`), every repository string through the gate."""
    quoted = record.get("text") if isinstance(record.get("text"), str) else None
    out: dict[str, Any] = {}
    for key, value in record.items():
        if key in STRUCTURAL:
            out[key] = value
        elif key == "message" and isinstance(value, str):
            out[key] = safe_message(value, quoted)
        else:
            out[key] = safe_tree(value)
    return out


def safe_tree(value: Any, keep: frozenset[str] = frozenset()) -> Any:
    """`value` (JSON-like) with every string through `safe_text`, except under the keys in `keep`."""
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, Mapping):
        return {key: item if key in keep else safe_tree(item, keep) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [safe_tree(item, keep) for item in value]
    return value


@functools.lru_cache(maxsize=4096)
def observed(text: str, limit: int, quoted: bool = True) -> Observed:
    """Repository text made fit for a priming block, or withheld when it addresses an AI.

    `quoted=False` is for prose a stage derived from the repository (an evidence summary) that
    reads as a sentence of the block; it is cleaned the same way. Cached: fitting a block to
    its budget renders the same records at several levels.
    """
    found = instruction(text)
    if found is not None:
        return Observed(WITHHELD, withheld=found.kind)
    shown = cap(neutralise(redact(visible(text))), limit)
    return Observed(f'"{shown}"' if quoted else shown)


def clean(text: str, limit: int | None = None) -> str:
    """A short repository-derived value shown as is (a path, an id, a date)."""
    return observed(text, limit or len(text) + 1, quoted=False).text


def neutralise(text: str) -> str:
    """One line that cannot open a code span or fence, a tag or an HTML comment."""
    text = " ".join(visible(text).split())
    text = text.replace("`", "'").replace('"', "'")
    return re.sub(_TAG_OPENER, "\u2039", text) if "<" in text else text


def cap(text: str, limit: int) -> str:
    """At most `limit` characters, cut at a word boundary when one is close."""
    if len(text) <= limit:
        return text
    cut = text[:max(limit - 3, 1)]
    space = cut.rfind(" ")
    if space >= len(cut) * 2 // 3:
        cut = cut[:space]
    return cut.rstrip(" ,;:.") + "..."
