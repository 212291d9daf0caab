"""Edits of `.orgmemory.yaml` that touch one entry and leave every other byte alone.

ruamel.yaml's round-trip loader tells where each `standards:` entry sits, and its dumper
renders new entries and keys; the edit itself is a splice of those lines into the original
text. A full round-trip dump would re-indent, re-quote and re-flow what the humans wrote;
splicing cannot. Each edit is then proven: the edited text is parsed again and must equal the
old data with exactly the intended change, and the file is replaced (atomically) only when
`load_config` accepts the result.

No write is lost: edits by orgmemory take a lock (in the repository's cache folder) and read
the file under it, so concurrent `facts add` runs follow one another; a writer that takes no
lock (an editor) is caught by comparing the bytes read with the file just before the rename,
and the edit is then refused with nothing written. The file is never reached through a symlink
that leaves the repository.

An entry owns its lines from the comments directly above its `- ` (at most as indented as the
dash, no blank line between) to its last line of content, including comments indented deeper
than the dash; `forget` removes those and one blank separator, so "nothing else changes".
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
from dataclasses import dataclass
from datetime import date
from typing import Any, Callable, Mapping

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from indexer.atomic import replace_checked, sweep_temporaries
from indexer.memory.load import load_config
from indexer.confine import resolve_inside
from indexer.errors import ConfigError, OrgmemoryError

__all__ = ["EditError", "add_standard", "supersede_standard", "forget_standard", "render_entry",
           "update_standard"]

_DASH = re.compile(r"^([ \t]*)-([ \t]+|(?=\r?\n|$))")
_DEFAULT_DASH = "  - "
_EMPTY_VALUE = re.compile(r"(\[\s*\]|~|null|Null|NULL)(?=\s|$)")
_NEW_FILE = "version: 1\n"
_PROPOSAL_NOTE = re.compile(r"^[ \t]*# PROPOSAL\b")  # the note `init` writes above a proposal
_NOTED_EVIDENCE = re.compile(r"\bEvidence:\s*(.+?)\s*$")  # what that note names, kept on accept


class EditError(OrgmemoryError):
    """The edit cannot be made as asked; nothing was written."""


# --------------------------------------------------------------------------- the operations
def add_standard(root: str, path: str, fields: Mapping[str, Any]) -> None:
    """Append a new entry with `fields` (in that order) to `standards:`."""
    with _editing(root, path) as doc:
        _add(doc, fields)


def _add(doc: "_Document", fields: Mapping[str, Any]) -> None:
    if doc.find(fields["id"]) is not None:
        raise EditError(f"{doc.display}:{doc.entry_line(fields['id'])}: a standard with id "
                        f"{fields['id']!r} already exists")
    doc.commit(doc.appended(fields), lambda data: _standards(data).append(dict(fields)))


def supersede_standard(root: str, path: str, old: str, new: str, on: date,
                       new_fields: Mapping[str, Any] | None = None) -> None:
    """Mark `old` as superseded by `new` on the day `on`; create `new` from `new_fields` first.

    The old entry stays, with `superseded_by` and `superseded_on` added after its last key.
    """
    with _editing(root, path) as doc:
        _supersede(doc, old, new, on, new_fields)


def _supersede(doc: "_Document", old: str, new: str, on: date, new_fields: Mapping[str, Any] | None) -> None:
    index = doc.find(old)
    if index is None:
        raise EditError(f"{doc.display}: no standard {old!r} in this file")
    entry = doc.entries[index]
    if entry.get("superseded_by"):
        raise EditError(f"{doc.display}:{doc.entry_line(old)}: {old!r} is already superseded by "
                        f"{entry['superseded_by']!r}")
    exists = doc.find(new) is not None
    if new_fields is None and not exists:
        raise EditError(f"{doc.display}: no standard {new!r}; pass --statement to create it")
    if new_fields is not None and exists:
        raise EditError(f"{doc.display}:{doc.entry_line(new)}: a standard with id {new!r} already "
                        "exists; leave out --statement to supersede with it")
    marks = {"superseded_by": new, "superseded_on": on}
    lines = doc.marked(index, marks)
    if new_fields is not None:
        lines = _Document(doc.root, doc.file, doc.display, "".join(lines), doc.original).appended(new_fields)

    def intended(data: dict) -> None:
        _standards(data)[index].update(marks)
        if new_fields is not None:
            _standards(data).append(dict(new_fields))

    doc.commit(lines, intended)


def update_standard(root: str, path: str, standard_id: str, changes: Mapping[str, Any],
                    only_status: str | None = None) -> dict:
    """Set `changes` on one entry (a value of None removes the key); its lead comments stay.

    With `only_status`, the entry must have that status (`facts accept`/`reject` end proposals
    only). Returns the entry as it was.
    """
    with _editing(root, path) as doc:
        index = doc.find(standard_id)
        if index is None:
            raise EditError(f"{doc.display}: no standard {standard_id!r} in this file{_did_you_mean(doc, standard_id)}")
        entry = dict(doc.entries[index])
        if only_status is not None and entry.get("status", "active") != only_status:
            raise EditError(f"{doc.display}:{doc.entry_line(standard_id)}: {standard_id!r} is "
                            f"{entry.get('status', 'active')}, not {only_status}")
        merged = {key: value for key, value in {**entry, **changes}.items() if value is not None}
        noted = doc.proposal_evidence(index) if only_status == "proposed" else None
        if noted and not merged.get("evidence"):  # the note goes; what it said stays, as data
            merged["evidence"] = [noted]

        def intended(data: dict) -> None:
            _standards(data)[index] = _plain(merged)

        lines = doc.rewritten(index, merged, drop_lead=_PROPOSAL_NOTE if only_status == "proposed" else None)
        doc.commit(lines, intended)
        return entry


def forget_standard(root: str, path: str, standard_id: str) -> None:
    """Delete one entry and the comments that belong to it; refuse while others name it."""
    with _editing(root, path) as doc:
        _forget(doc, standard_id)


def _did_you_mean(doc: "_Document", standard_id: str) -> str:
    import difflib

    ids = [str(e.get("id")) for e in doc.entries]
    close = difflib.get_close_matches(standard_id, ids, n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def _forget(doc: "_Document", standard_id: str) -> None:
    index = doc.find(standard_id)
    if index is None:
        raise EditError(f"{doc.display}: no standard {standard_id!r} in this file{_did_you_mean(doc, standard_id)}")
    naming = [f"{e['id']} (line {doc.entry_line(e['id'])})" for e in doc.entries
              if standard_id in (e.get("supersedes") or ()) or e.get("superseded_by") == standard_id]
    if naming:
        raise EditError(f"{doc.display}: {standard_id!r} is named by {', '.join(naming)}; "
                        "edit or forget those first")
    doc.commit(doc.without(index), lambda data: _standards(data).pop(index))


# --------------------------------------------------------------------------- the document
@dataclass(frozen=True)
class _Span:
    """Line indexes (0-based) of one entry: its lead comments, its dash, its last content line."""

    lead: int
    dash: int
    last: int
    key_column: int
    flow: bool


class _Document:
    """The file's text as lines (endings kept) and its round-trip parse."""

    def __init__(self, root: str, file: str, display: str, text: str, original: bytes | None) -> None:
        self.root, self.file, self.display = root, file, display
        self.original = original  # the bytes on disk when read (None: no file), checked before the write
        self.newline = "\r\n" if "\r\n" in text.split("\n", 1)[0] + "\n" else "\n"
        self.lines = text.splitlines(keepends=True)
        self.data = _yaml().load(text.lstrip("\ufeff")) if text.strip() else None
        if self.data is not None and not isinstance(self.data, CommentedMap):
            raise EditError(f"{display}: the top level is not a mapping")
        self.seq = self.data.get("standards") if self.data is not None else None
        if self.seq is not None and (not isinstance(self.seq, CommentedSeq) or _flow(self.seq)):
            raise EditError(f"{display}: `standards:` is written as a flow list ([...]); "
                            "write it as a block list (- id: ...) to edit it with orgmemory")
        self.entries: list[Mapping[str, Any]] = list(self.seq or ())

    @classmethod
    def read(cls, root: str, path: str) -> "_Document":
        """The file at `path`, which must validate first (broken input is reported, not edited)."""
        file, display = _locate(root, path)
        if not os.path.exists(file):
            return cls(root, file, display, _NEW_FILE, None)
        load_config(root, file)
        with open(file, "rb") as handle:
            original = handle.read()
        return cls(root, file, display, original.decode("utf-8"), original)

    # ----------------------------------------------------------------- lookups
    def find(self, standard_id: str) -> int | None:
        return next((i for i, e in enumerate(self.entries) if e.get("id") == standard_id), None)

    def entry_line(self, standard_id: str) -> int:
        return self._span(self.find(standard_id)).dash + 1

    def _span(self, index: int) -> _Span:
        line, column = self.seq.lc.item(index)
        dash = line
        while dash > 0 and not _DASH.match(self.lines[dash]):
            dash -= 1
        return _Span(lead=self._lead(dash), dash=dash, last=self._last(dash, self._end(index)),
                     key_column=column, flow=self.entries[index].fa.flow_style())

    def _lead(self, dash: int) -> int:
        column = _indent(self.lines[dash])
        start = dash
        while start > 0 and _is_comment(self.lines[start - 1]) and _indent(self.lines[start - 1]) <= column:
            start -= 1
        return start

    def _end(self, index: int) -> int:
        """The first line after entry `index`'s region: the next entry's lead, or what follows the list."""
        if index + 1 < len(self.entries):
            next_dash = self.seq.lc.item(index + 1)[0]
            while not _DASH.match(self.lines[next_dash]):
                next_dash -= 1
            return self._lead(next_dash)
        keys = list(self.data)
        position = keys.index("standards")
        return self.data.lc.key(keys[position + 1])[0] if position + 1 < len(keys) else len(self.lines)

    def _last(self, dash: int, end: int) -> int:
        column = _indent(self.lines[dash])
        last = dash
        for number in range(dash + 1, end):
            line = self.lines[number]
            if line.strip() and (not _is_comment(line) or _indent(line) > column):
                last = number
        return last

    # ----------------------------------------------------------------- new texts (as lines)
    def appended(self, fields: Mapping[str, Any]) -> list[str]:
        lines = list(self.lines)
        if not self.entries:
            return self._first_entry(lines, fields)
        last = self._span(len(self.entries) - 1)
        prefix = _DASH.match(self.lines[last.dash])
        dash = prefix[0] if prefix[2] else prefix[1] + "- "
        block = render_entry(fields, dash, self.newline)
        if self._blank_separated():
            block.insert(0, self.newline)
        _end_line(lines, last.last, self.newline)
        lines[last.last + 1:last.last + 1] = block
        return lines

    def _first_entry(self, lines: list[str], fields: Mapping[str, Any]) -> list[str]:
        """`standards:` absent (appended at the end) or empty (entries go right below it)."""
        block = render_entry(fields, _DEFAULT_DASH, self.newline)
        if self.data is None or "standards" not in self.data:
            if lines:
                _end_line(lines, len(lines) - 1, self.newline)
            return lines + [f"standards:{self.newline}"] + block
        after = self.data.lc.key("standards")[0]
        line, column = self.data.lc.value("standards")
        written = lines[line][column:] if line < len(lines) else ""
        empty = _EMPTY_VALUE.match(written)
        if empty:
            head, tail = lines[line][:column], written[empty.end():]
            lines[line] = (head if tail.strip() else head.rstrip(" \t")) + tail
            if line != after and lines[line].strip():
                after = line
            elif line != after:
                del lines[line]
        _end_line(lines, after, self.newline)
        return lines[:after + 1] + block + lines[after + 1:]

    def _blank_separated(self) -> bool:
        if len(self.entries) < 2:
            return len(self.entries) == 1
        return any(not self.lines[self._span(i).last + 1].strip() for i in range(len(self.entries) - 1))

    def marked(self, index: int, marks: Mapping[str, Any]) -> list[str]:
        """Entry `index` with `marks` added after its last key."""
        span = self._span(index)
        lines = list(self.lines)
        if span.flow:
            prefix = _DASH.match(lines[span.dash])[0]
            merged = {**self.entries[index], **marks}
            lines[span.dash:span.last + 1] = render_entry(merged, prefix, self.newline)
            return lines
        added = [" " * span.key_column + line for line in _dump(marks, self.newline)]
        _end_line(lines, span.last, self.newline)
        lines[span.last + 1:span.last + 1] = added
        return lines

    def proposal_evidence(self, index: int) -> str | None:
        """What the `# PROPOSAL ... Evidence: ...` note `init` wrote above entry `index` says."""
        span = self._span(index)
        for line in self.lines[span.lead:span.dash]:
            if _PROPOSAL_NOTE.match(line) and (found := _NOTED_EVIDENCE.search(line)):
                return found[1].strip() or None
        return None

    def rewritten(self, index: int, fields: Mapping[str, Any], drop_lead: re.Pattern | None = None) -> list[str]:
        """Entry `index` rendered anew from `fields`; its lead comments (but those `drop_lead`
        matches) and the rest of the file stay."""
        span = self._span(index)
        lines = list(self.lines)
        prefix = _DASH.match(lines[span.dash])
        dash = prefix[0] if prefix[2] else prefix[1] + "- "
        lead = [line for line in lines[span.lead:span.dash] if not (drop_lead and drop_lead.match(line))]
        lines[span.lead:span.last + 1] = lead + render_entry(fields, dash, self.newline)
        return lines

    def without(self, index: int) -> list[str]:
        """Entry `index` removed, with one of the blank lines that separated it from the others."""
        span = self._span(index)
        start, stop = span.lead, span.last + 1
        if len(self.entries) > 1:
            blank_before = start > 0 and not self.lines[start - 1].strip()
            blank_after = stop < len(self.lines) and not self.lines[stop].strip()
            if blank_after and (blank_before or index == 0):
                stop += 1
            elif blank_before and not blank_after:
                start -= 1
        return self.lines[:start] + self.lines[stop:]

    # ----------------------------------------------------------------- writing
    def commit(self, lines: list[str], intended: Callable[[dict], Any]) -> None:
        """Write `lines` if they parse to the old data changed by `intended`, and validate."""
        text = "".join(lines)
        expected = _plain(self.data) if self.data is not None else {}
        intended(expected)
        if _plain(_yaml().load(text.lstrip("\ufeff"))) != expected:
            raise EditError(f"{self.display}: this edit would change more than the entry concerned; "
                            "nothing was written (please report this file's layout)")
        replace_checked(self.file, text.encode("utf-8"), self._validate, expected=self.original)

    def _validate(self, temporary: str) -> None:
        try:
            load_config(self.root, temporary)
        except ConfigError as error:
            raise EditError(f"{self.display}: not written, the result would not validate: line "
                            f"{error.line}: {error.key + ': ' if error.key else ''}{error.message}") from None


# --------------------------------------------------------------------------- locking
@contextlib.contextmanager
def _editing(root: str, path: str):
    """The document read under the lock every orgmemory writer of this file takes."""
    file, _display = _locate(root, path)
    with _lock(root, file):
        sweep_temporaries(file)
        yield _Document.read(root, path)


def _locate(root: str, path: str) -> tuple[str, str]:
    """The real path of the memory file (inside the repository, or refused) and its display name."""
    file = os.path.abspath(os.path.join(root, path))
    display = os.path.relpath(file, os.path.abspath(root)).replace(os.sep, "/")
    return resolve_inside(root, file, what="memory file"), display


@contextlib.contextmanager
def _lock(root: str, file: str):
    """A lock file per memory file in the repository's cache folder (not in the work tree).

    Without a usable cache folder the edit runs unlocked: the check before the rename still
    refuses an edit made from bytes that changed.
    """
    from filelock import FileLock, Timeout

    from indexer.cache import cache_dir_for

    try:
        folder = os.path.join(cache_dir_for(root), "locks")
        os.makedirs(folder, exist_ok=True)
    except (OSError, OrgmemoryError):
        yield
        return
    name = hashlib.sha256(file.encode("utf-8", "surrogateescape")).hexdigest()[:32] + ".lock"
    try:
        with FileLock(os.path.join(folder, name), timeout=60):
            yield
    except Timeout:
        raise EditError(f"{os.path.basename(file)}: another orgmemory edit of this file has held its "
                        "lock for a minute; nothing was written") from None


# --------------------------------------------------------------------------- helpers
def _yaml() -> YAML:
    yaml = YAML()
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.representer.ignore_aliases = lambda data: True  # one date in two keys is no `&id001` anchor
    return yaml


def _dump(fields: Mapping[str, Any], newline: str) -> list[str]:
    """`fields` as block-style YAML lines (lists of scalars in flow style, like `tags: [a, b]`)."""
    mapping = CommentedMap()
    for key, value in fields.items():
        if isinstance(value, (list, tuple)):
            value = CommentedSeq(value)
            if not any(isinstance(item, Mapping) for item in value):  # `forbid:` entries stay blocks
                value.fa.set_flow_style()
        mapping[key] = value
    buffer = io.StringIO()
    _yaml().dump(mapping, buffer)
    return [line + newline for line in buffer.getvalue().splitlines()]


def render_entry(fields: Mapping[str, Any], dash: str, newline: str) -> list[str]:
    """A new sequence entry: the first key after `dash`, the others aligned under it."""
    first, *rest = _dump(fields, newline)
    return [dash + first] + [" " * len(dash) + line for line in rest]


def _flow(seq: CommentedSeq) -> bool:
    """A non-empty `[...]` list: its entries share lines, so they cannot be spliced one by one."""
    return bool(seq) and bool(seq.fa.flow_style())


def _standards(data: dict) -> list:
    if data.get("standards") is None:
        data["standards"] = []
    return data["standards"]


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def _end_line(lines: list[str], index: int, newline: str) -> None:
    """Give the line at `index` an ending, so lines can follow it (a file may lack the last one)."""
    if not lines[index].endswith(("\n", "\r")):
        lines[index] += newline


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")
