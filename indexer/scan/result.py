"""`ScanResult`: what a scan gives its callers, and its JSON text (the memo stores that text)."""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import InitVar, dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

from indexer.findings import Finding

if TYPE_CHECKING:
    from indexer.contradictions.stage import Contradictions
    from indexer.models import Config
    from indexer.scan.collect import Collected


@dataclass(frozen=True)
class ScanResult:
    """A scan's findings and what it scanned, as `--format json` writes them."""

    root: str
    head: str | None
    now: date
    findings: tuple[Finding, ...]
    files: int
    parsed: int
    skipped: dict[str, int]
    notes: tuple[str, ...] = ()
    set_aside: dict[str, int] = field(default_factory=dict)  # vendored/generated: files, todos, references
    resolutions: tuple[dict[str, Any], ...] = ()  # one per legacy path (`Resolution.to_json()`)
    extra: dict[str, Any] = field(default_factory=dict)  # sections a narrowing adds: baseline, since
    # What downstream commands read instead of loading or scanning again; not part of the JSON.
    # `memory` is set whenever the configuration was loaded (always with `run_scan(with_memory=True)`);
    # the stages' own outputs only when they ran (`run_scan(memo=False)` guarantees it).
    memory: Config | None = field(default=None, compare=False, repr=False)  # the merged memory
    collected: Collected | None = field(default=None, compare=False, repr=False)  # extracted facts
    contradictions: Contradictions | None = field(default=None, compare=False, repr=False)
    timings: dict[str, float | None] = field(default_factory=dict, compare=False, repr=False)  # stage -> s (`-v`); None: a remark
    # What the memo stored: its own text for `to_json_text`, and the gated `--format json` text.
    # Given as InitVars, so `replace()` (a filtered or re-rooted result) drops them.
    memo_text: str | None = field(default=None, init=False, compare=False, repr=False)
    gated_json: str | None = field(default=None, init=False, compare=False, repr=False)
    text: InitVar[str | None] = None
    gated: InitVar[str | None] = None

    def __post_init__(self, text: str | None, gated: str | None) -> None:
        object.__setattr__(self, "memo_text", text)  # the documented way to set a frozen field
        object.__setattr__(self, "gated_json", gated or None)

    def to_json(self, findings: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The contract's JSON object; `findings`: the findings' own objects, when the caller has
        them (a delta's, the base's as it read them: 1,120 on sympy are not made again)."""
        out = {
            "version": 1,
            "root": self.root,
            "head": self.head,
            "now": self.now.isoformat(),
            "summary": {
                "files": self.files,
                "parsed": self.parsed,
                "skipped": self.skipped,
                "set_aside": self.set_aside,
                "findings": _count_by(self.findings, "rule"),
                "severities": _count_by(self.findings, "severity"),
            },
            "notes": list(self.notes),
            "findings": findings if findings is not None else [f.to_json() for f in self.findings],
            "resolutions": list(self.resolutions),
        }
        out.update(self.extra)
        return out

    def to_json_text(self) -> str:
        """`to_json()` on one line; a result read from the memo gives back the text it came from."""
        text = self.memo_text
        return text if text is not None else json_text(self.to_json())

    @classmethod
    def from_json_text(cls, text: str) -> "ScanResult":
        """The inverse of `to_json_text`; the memo stores results with `parsed` 0 (a hit parses nothing)."""
        return cls.from_json_data(json.loads(text), text)

    @classmethod
    def from_json_data(cls, data: dict[str, Any], text: str) -> "ScanResult":
        """`from_json_text` of `text`, parsed as `data` (whose findings' objects stay as they are)."""
        summary = data["summary"]
        result = cls(root=data["root"], head=data["head"], now=date.fromisoformat(data["now"]),
                     findings=tuple(Finding.from_json(f) for f in data["findings"]),
                     files=summary["files"], parsed=summary["parsed"], skipped=summary["skipped"],
                     set_aside=summary.get("set_aside", {}), notes=tuple(data["notes"]),
                     resolutions=tuple(data.get("resolutions", ())),
                     extra={k: v for k, v in data.items() if k not in _OWN_KEYS}, text=text)
        return result


_OWN_KEYS = {"version", "root", "head", "now", "summary", "notes", "findings", "resolutions"}
_DECODER = json.JSONDecoder()


def json_text(value: Any) -> str:
    """`value` as the memo and `--format json` write it: compact, one line, not ASCII-escaped."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def with_finding_texts(text: str) -> tuple[dict[str, Any], list[str]]:
    """`json.loads(text)` of a result's JSON text (`json_text`'s form), and each of its findings'
    own text: a delta writes the base's findings back as they were, not dumped again (sympy's
    1,100: 9 ms of its `--since`). ValueError when `text` is not of that form."""
    scan = _DECODER.scan_once
    data: dict[str, Any] = {}
    texts: list[str] = []
    try:
        if text[0] != "{":
            raise ValueError("not a JSON object")
        done = text[1] == "}"
        at = 2 if done else 1
        while not done:
            key, at = scan(text, at)
            if not isinstance(key, str) or text[at] != ":":
                raise ValueError(f"no key at {at}")
            if key == "findings" and text[at + 1] == "[":
                value: Any = []
                at += 2
                listed = text[at] == "]"
                if listed:
                    at += 1
                while not listed:
                    start = at
                    item, at = scan(text, at)
                    value.append(item)
                    texts.append(text[start:at])
                    at, listed = _past(text, at, "]")
            else:
                value, at = scan(text, at + 1)
            data[key] = value
            at, done = _past(text, at, "}")
    except (StopIteration, IndexError) as error:  # (the scanner's failure, and a text cut short)
        raise ValueError(f"not a result's JSON text ({type(error).__name__})") from None
    if text[at:].strip():
        raise ValueError("more after the object")
    return data, texts


_FINDINGS_KEY, _BETWEEN, _FIRST = '"findings":[', '},{"rule":', '{"rule":'


def split_findings(text: str, count: int | None = None) -> tuple[dict[str, Any], list[str]] | None:
    """`with_finding_texts` of a result's text (`ScanResult.to_json`'s keys: its findings' array
    before "resolutions", each finding's object beginning with "rule"), found by splitting that
    array where one object ends and the next begins, not by reading each object: a `"` that is not
    escaped is never inside a string, so `},{"rule":` splits only between objects, and a nested
    object beginning with "rule" gives one text too many, which the count shows. The objects
    are decoded in one call; with `count` (the gated text, whose findings the caller has from
    the other), not at all, and the data's findings are left empty. None when the text is not
    of that shape: the caller reads it with `with_finding_texts` (ansible's 590 findings, two
    texts: 10 -> 5 ms of a delta)."""
    start = text.find(_FINDINGS_KEY)
    close = text.rfind('],"resolutions":[')
    if start < 0 or close < start:
        return None
    start += len(_FINDINGS_KEY) - 1  # at its "["
    body = text[start + 1:close]
    parts = body.split(_BETWEEN) if body else []
    texts = [parts[0] + "}", *(_FIRST + part + "}" for part in parts[1:-1]), _FIRST + parts[-1]] \
        if len(parts) > 1 else parts
    if texts and not (texts[0].startswith(_FIRST) and texts[-1].endswith("}")):
        return None
    try:
        data = json.loads(text[:start] + "[]" + text[close + 1:])
        findings = json.loads(text[start:close + 1]) if count is None else None
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("findings") != [] \
            or len(texts) != (len(findings) if isinstance(findings, list) else count):
        return None
    if findings is not None:
        data["findings"] = findings
    return data, texts


def _past(text: str, at: int, close: str) -> tuple[int, bool]:
    """After a value ending at `at`: past its comma (False), or past `close` (True)."""
    if text[at] == ",":
        return at + 1, False
    if text[at] == close:
        return at + 1, True
    raise ValueError(f"',' or '{close}' expected at {at}")


def spliced(data: dict[str, Any], findings: list[str]) -> str:
    """`json_text(data)` with `findings`, the findings' texts, as its findings."""
    return "{" + ",".join(json_text(key) + ":" + ("[" + ",".join(findings) + "]" if key == "findings"
                                                  else json_text(value)) for key, value in data.items()) + "}"


def _count_by(findings, attribute: str) -> dict[str, int]:
    return dict(sorted(Counter(getattr(f, attribute) for f in findings).items()))


def with_parsed(gated: str, files: int, parsed: int, to: int) -> str | None:
    """The gated JSON text of a result with `parsed` set to `to`; None when it is not found (its
    summary comes first after root, head and now, whose quotes inside strings are escaped)."""
    summary = f'"summary":{{"files":{files},"parsed":{parsed},'
    if summary not in gated:
        return None
    return gated.replace(summary, f'"summary":{{"files":{files},"parsed":{to},', 1)
