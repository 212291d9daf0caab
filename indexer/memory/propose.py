"""Proposals: what agents and people offer the curators (observe -> propose -> dedupe -> review).

A proposal is written to `.orgmemory.yaml` as a new entry with `status: proposed` and its
provenance (`proposed_by`, `proposed_on`, `evidence`); it is never primed, synced or enforced
until a curator runs `orgmemory facts accept ID`, and the change reaches them as a diff of the
file in a pull request, like code. On the way in:

* poisoning: text addressed to an AI or carrying a secret (the `indexer.text` gate decides),
  or a statement longer than MAX_STATEMENT characters, is refused with the reason;
* dedupe: a proposal that restates an existing entry (text similarity over statement, tags and
  scope) is not added; the answer names the entry, and a rejected one says it was rejected;
* a proposal that contradicts an active standard (its `forbid` is that standard's `require`,
  or the same statement negated) is still written, but the answer names the standard;
* a proposal never edits or removes an entry: it only appends one under a new id.
"""
from __future__ import annotations

import difflib
import re
from datetime import date
from typing import Any, Iterable, NamedTuple, Sequence

from indexer.errors import OrgmemoryError
from indexer.models import Config, Standard

__all__ = ["MAX_STATEMENT", "DUPLICATE_AT", "ProposalRefused", "Outcome", "propose", "refusal",
           "similarity", "new_id"]

MAX_STATEMENT = 300  # characters: a fact is a sentence or two, not a document
MAX_FIELD = 200  # characters of any other field (a tag, a glob, a source, the proposer)
DUPLICATE_AT = 0.8  # similarity from which a proposal restates an entry
_NEGATION = re.compile(r"\b(not|never|no|don't|do not|must not|avoid|instead of|stop|deprecated|no longer)\b",
                       re.IGNORECASE)
_EVIDENCE = re.compile(r"^(?![/\\~])(?![A-Za-z]:)(?!(?:.*/)?\.\.(?:/|:|$))[^\s:]+(?::[0-9]{1,9})?$")


class ProposalRefused(OrgmemoryError):
    """The proposal was not written; the message says why."""


class Outcome(NamedTuple):
    id: str | None  # the id written, None when nothing was
    duplicate_of: str | None = None
    duplicate_status: str | None = None
    contradicts: str | None = None
    rejected_why: str | None = None

    def message(self, display: str) -> str:
        if self.id is None:
            why = f": {self.rejected_why}" if self.rejected_why else ""
            state = f" ({self.duplicate_status}{why})" if self.duplicate_status != "active" else ""
            return f"not added: it restates {self.duplicate_of}{state}, already in {display}"
        text = f"proposed {self.id} in {display}: a curator accepts it with `orgmemory facts accept {self.id}`"
        if self.contradicts:
            text += f"; it contradicts the active standard {self.contradicts}"
        return text


def refusal(fields: dict[str, Any]) -> str | None:
    """Why these fields must not be written, or None: instructions to an AI, secrets, size."""
    from indexer.text import instruction, redact

    statement = fields.get("statement") or ""
    if len(statement) > MAX_STATEMENT:
        return f"the statement has {len(statement)} characters: at most {MAX_STATEMENT} (one fact, one sentence or two)"
    for name, text in _texts(fields):
        if len(text) > MAX_FIELD and name != "statement":
            return f"{name} has {len(text)} characters: at most {MAX_FIELD}"
        found = instruction(text)
        if found is not None:
            how = f", disguised as {found.disguise}" if found.disguise else ""
            return f"{name} carries an instruction to an AI ({found.kind}{how}); a fact states, it does not instruct"
        if redact(text) != text:
            return f"{name} carries what looks like a secret; proposals are shared with every agent"
    for item in fields.get("evidence", ()):
        if not _EVIDENCE.match(item):
            return f"evidence {item[:60]!r} is not PATH or PATH:LINE relative to the repository root"
    return None


def _texts(fields: dict[str, Any]) -> Iterable[tuple[str, str]]:
    for name, value in fields.items():
        if isinstance(value, str):
            yield name, value
        elif isinstance(value, (list, tuple)):
            for item in value:
                if isinstance(item, str):
                    yield name, item
                elif isinstance(item, dict):
                    yield from ((f"{name}.{k}", v) for k, v in item.items() if isinstance(v, str))


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _overlap(first: Sequence[str], second: Sequence[str]) -> float:
    a, b = set(first), set(second)
    return 1.0 if a == b else len(a & b) / len(a | b)


def _same_words(first: str, second: str) -> float:
    """Dice overlap of the content words' stems (the prime index's reading: `runs` meets `run`),
    so a restatement in another order counts as much as a copy."""
    from indexer.prime.index import stems

    a, b = set(stems(first)), set(stems(second))
    return 2 * len(a & b) / (len(a) + len(b)) if a and b else 0.0


def similarity(statement: str, tags: Sequence[str], scope: Sequence[str], standard: Standard) -> float:
    """0..1: the statements weigh most (the closer of word order and shared stems), tags and
    scope the rest. Tags or a scope the proposal does not give count neither for nor against it:
    an agent proposing "the billing jobs run on the queue worker" names no tags, and the entry it
    restates should still be found."""
    text = max(difflib.SequenceMatcher(None, _words(statement), _words(standard.statement)).ratio(),
               _same_words(statement, standard.statement))
    parts = [(0.7, text)]
    if tags:
        parts.append((0.15, _overlap(tags, standard.tags)))
    if scope:
        parts.append((0.15, _overlap(scope, standard.scope)))
    return sum(weight * value for weight, value in parts) / sum(weight for weight, _ in parts)


def _contradicted(fields: dict[str, Any], standards: Iterable[Standard]) -> Standard | None:
    forbids = {entry["glob"] for entry in fields.get("forbid", ())}
    requires = set(fields.get("require", ()) and [entry["glob"] for entry in fields["require"]])
    statement = fields["statement"]
    for standard in standards:
        if forbids & {m.glob for m in standard.require} or requires & {m.glob for m in standard.forbid}:
            return standard
        plain, other = _NEGATION.sub("", statement), _NEGATION.sub("", standard.statement)
        same = max(difflib.SequenceMatcher(None, _words(plain), _words(other)).ratio(), _same_words(plain, other))
        if same >= DUPLICATE_AT and bool(_NEGATION.search(statement)) != bool(_NEGATION.search(standard.statement)):
            return standard
    return None


def new_id(statement: str, taken: set[str]) -> str:
    """A readable id from the statement's first five content words, unique among `taken`."""
    from indexer.prime.index import STOP_WORDS

    words = [w for w in re.findall(r"[a-z0-9]+", statement.lower()) if w not in STOP_WORDS]
    base = "-".join(words[:5])[:48].strip("-") or "fact"
    base = base if base[0].isalnum() else "fact-" + base
    candidate, number = base, 2
    while candidate in taken:
        candidate, number = f"{base}-{number}", number + 1
    return candidate


def propose(root: str, file: str, config: Config, fields: dict[str, Any], by: str, on: date) -> Outcome:
    """Write `fields` as a proposal (or say which entry it restates); refuse poisoned text.

    `config` is the merged memory the proposal is compared with; `file` the repository's own.
    """
    from indexer.memory.edit import add_standard

    fields = {key: value for key, value in fields.items() if value not in (None, [], ())}
    fields.pop("supersedes", None)  # a proposal never retires an entry
    fields.pop("superseded_by", None)
    why = refusal({**fields, "proposed_by": by})
    if why is not None:
        raise ProposalRefused(f"proposal refused: {why}")
    scored = [(similarity(fields["statement"], fields.get("tags", ()), fields.get("scope", ()), s), s)
              for s in config.standards]
    best = max(scored, key=lambda pair: pair[0], default=(0.0, None))
    contradicted = _contradicted(fields, (s for s in config.standards if s.in_force))
    if best[1] is not None and best[0] >= DUPLICATE_AT and contradicted is None:  # the negation is no restatement
        return Outcome(None, duplicate_of=best[1].id, duplicate_status=best[1].state(on),
                       rejected_why=best[1].rejected_why)
    if fields.get("id") and config.standard(fields["id"]) is not None:
        raise ProposalRefused(f"proposal refused: the id {fields['id']!r} is taken; "
                              "a proposal never edits an existing entry")
    standard_id = fields.get("id") or new_id(fields["statement"], {s.id for s in config.standards})
    entry = {"id": standard_id, **{k: v for k, v in fields.items() if k != "id"},
             "status": "proposed", "proposed_by": by, "proposed_on": on}
    add_standard(root, file, entry)
    return Outcome(standard_id, contradicts=contradicted.id if contradicted else None)
