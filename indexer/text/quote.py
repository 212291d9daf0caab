"""The gate: repository text made fit to show, in the two shapes outputs need.

* `safe_text(text)`: for every output (scan text, SARIF, GitHub, JSON, explain, MCP, HTML):
  withheld when it reads like an instruction to an AI; otherwise invisible characters removed,
  control characters and line breaks shown as spaces, secrets redacted, and nothing else
  changed, so ordinary text comes out byte for byte as it went in.
* `observed(text, limit)`: for the priming block, read by a model as Markdown: the same, then
  collapsed to one line whose backticks, fences and tags are neutralised, capped and quoted.

`safe_message`, `safe_record` and `safe_tree` apply `safe_text` to a finding's message (its
orgmemory prose kept when only the quoted repository text is withheld), to a finding's JSON
object and to any JSON-like value; the values they keep as orgmemory's own (`STRUCTURAL`) still
have their surrogates shown as U+FFFD (`normalize.utf8`: a repository folder whose name is no UTF-8).

A file name that is not UTF-8 is shown with U+FFFD for each byte that is not (see
`indexer.text.normalize`); `safe_uri` keeps its exact bytes, percent-encoded, for the outputs
that locate the file (SARIF's `artifactLocation.uri`, and `path_uri`, which `safe_record` adds
beside such a `path` in the JSON formats), so nothing is lost.
"""
from __future__ import annotations

import functools
import re
from typing import Any, Mapping, NamedTuple

from indexer.text.injection import instruction
from indexer.text.normalize import utf8, visible
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


def safe_uri(path: str) -> str:
    """`path` through the gate as a URI reference: its bytes percent-encoded (RFC 3986, `/` kept).

    A name that is not UTF-8 keeps its own bytes (`caf%E9.py`; `urllib.parse.unquote_to_bytes`
    gives them back) when the gate shows the rest of it as it is; a name the gate withholds or
    redacts is encoded as shown, so the URI never carries what the text may not.
    """
    from urllib.parse import quote  # only for SARIF and names that are not UTF-8

    shown = safe_text(path)
    exact = shown != path and shown == utf8(path)  # only the undecodable bytes differ
    return quote(path.encode("utf-8", "surrogateescape") if exact else shown.encode("utf-8"), safe="/")


def safe_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """A finding's JSON object (`Finding.to_json()`), every repository string through the gate."""
    quoted = record.get("text") if isinstance(record.get("text"), str) else None
    out: dict[str, Any] = {}
    for key, value in record.items():
        if key in STRUCTURAL:
            out[key] = _kept(value)
        elif key == "message" and isinstance(value, str):
            out[key] = safe_message(value, quoted)
        else:
            out[key] = safe_tree(value)
    return _with_uri(record, out)


def safe_tree(value: Any, keep: frozenset[str] = frozenset()) -> Any:
    """`value` (JSON-like) with every string through `safe_text`, except under the keys in `keep`
    (whose strings only have their surrogates shown as U+FFFD)."""
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, Mapping):
        return _with_uri(value, {key: _kept(item) if key in keep else safe_tree(item, keep)
                                 for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return [safe_tree(item, keep) for item in value]
    return value


def _with_uri(record: Mapping[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """`out` (the gated `record`) with `path_uri` beside a `path` that is not UTF-8 (`safe_uri`)."""
    path = record.get("path")
    if isinstance(path, str) and not path.isascii() and "path_uri" not in record and utf8(path) != path:
        out["path_uri"] = safe_uri(path)
    return out


def _kept(value: Any) -> Any:
    return utf8(value) if isinstance(value, str) else value


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
