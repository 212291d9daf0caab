"""Repository text is evidence, never instructions: make it safe to show to an agent.

Every piece of observed text (a TODO, a referring line, a finding's message) passes through
`observed()` before it reaches a priming block:

* `instruction_kind` spots text addressed to an AI ("ignore all previous instructions ...");
  such text is withheld, never quoted, and the scan reports it as `suspicious-instruction`;
* `redact` replaces secrets (cloud keys, tokens, private keys, passwords, URL credentials);
* `quote` collapses it to one line, neutralises backticks, fences and tags, caps its length
  and wraps it in quotes, so it cannot open a code block or pose as part of the block itself.

Pure functions over strings; `re` and `math` only, so the fast path pays nothing for them.
"""
import math
import re
from typing import NamedTuple

WITHHELD = "[withheld: reads like an instruction to an AI agent]"
REDACTED = "[redacted]"

_NOUNS = r"(?:instructions?|prompts?|directions?|guidelines|rules|context|messages?|orders)"
_INSTRUCTIONS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("override", re.compile(
        r"\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+|your\s+|of\s+)*"
        r"(?:previous|prior|above|earlier|preceding|former|original|system|safety|existing)\s+" + _NOUNS,
        re.I)),
    ("override", re.compile(
        r"\b(?:ignore|disregard|forget)\s+(?:all|any|your)\s+(?:instructions?|prompts?|guidelines|rules)\b",
        re.I)),
    ("role", re.compile(
        r"\byou\s+(?:must|should|shall|will|are\s+to)\s+now\b|\bfrom\s+now\s+on,?\s+(?:you|always|never)\b"
        r"|\byou\s+are\s+now\s+(?:a|an|in|the)\b|\bpretend\s+(?:to\s+be|you\s+are)\b",
        re.I)),
    ("addressed", re.compile(
        r"\b(?:dear|attention|hey|hello|note\s+to(?:\s+the)?|message\s+(?:to|for)(?:\s+the)?|if\s+you\s+are\s+an?)"
        r"\s+(?:ai|llm|assistant|chatbot|copilot|chatgpt|claude|gpt|gemini|language\s+model|(?:ai\s+|coding\s+)?agent)s?\b",
        re.I)),
    ("addressed", re.compile(
        r"\b(?:ai|llm)\s+(?:agents?|assistants?|models?|tools?)\s*(?:[:,]|\b(?:must|should|shall|have\s+to|need\s+to)\b)",
        re.I)),
    ("prompt", re.compile(
        r"\b(?:system|developer)\s+prompt\b|\bnew\s+instructions?\s*:|<\|im_start\|>|\[/?INST\]"
        r"|<\s*/?\s*(?:system|instructions?)\s*>",
        re.I)),
    ("secrecy", re.compile(
        r"\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention|reveal|show)\b[^.]{0,20}\b(?:user|human|reviewer|anyone)\b",
        re.I)),
)

_PLACEHOLDER = re.compile(r"^(?:\$\{?\w+\}?|\{\{.*\}\}|<[^>]*>|%\(?\w+\)?s?|\*+|x+|changeme|null|none|\.\.\.)$", re.I)
_SECRET_VALUE = r"""(["']?)([^\s"',;&)]+)"""
_SECRETS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\Z)", re.S),
     "private-key"),
    (re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA)[0-9A-Z]{16}\b"), "aws-key"),
    (re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})\b"), "github-token"),
    (re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}"), "slack-token"),
    (re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"), "google-key"),
    (re.compile(r"\b[sr]k_(?:live|test)_[0-9A-Za-z]{16,}\b"), "stripe-key"),
    (re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), "jwt"),
)
_URL_CREDENTIALS = re.compile(r"(\b[a-zA-Z][a-zA-Z0-9+.-]*://[^/\s:@]*:)([^@\s/]+)(@)")
_PASSWORD = re.compile(r"(?i)(\b(?:pass(?:word|wd|phrase)?|pwd)\b\s*(?:[:=]|\bis\b)\s*)" + _SECRET_VALUE)
_KEYED_SECRET = re.compile(
    r"(?i)(\b[\w.-]*(?:secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|credentials?)"
    r"[\w-]*\b\s*[:=]\s*)" + _SECRET_VALUE)
_BEARER = re.compile(r"(?i)(\bbearer\s+)([A-Za-z0-9._~+/-]{16,}=*)")

_TAG_OPENER = re.compile(r"<(?=[/!?A-Za-z|])")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


class Observed(NamedTuple):
    """Observed text as it may appear in a block: quoted, or withheld for `reason`."""

    text: str
    withheld: str | None = None


def instruction_kind(text: str) -> str | None:
    """Which kind of AI-addressed instruction `text` reads like (override, role, ...), or None."""
    flat = " ".join(text.split())
    return next((kind for kind, pattern in _INSTRUCTIONS if pattern.search(flat)), None)


def redact(text: str) -> str:
    """`text` with every secret we recognise replaced by `[redacted]`."""
    for pattern, _name in _SECRETS:
        text = pattern.sub(REDACTED, text)
    text = _URL_CREDENTIALS.sub(lambda m: m[1] + REDACTED + m[3], text)
    text = _PASSWORD.sub(lambda m: _redact_value(m, always=True), text)
    text = _KEYED_SECRET.sub(lambda m: _redact_value(m, always=False), text)
    return _BEARER.sub(lambda m: m[1] + REDACTED, text)


def _redact_value(match: re.Match[str], always: bool) -> str:
    prefix, quote_char, value = match[1], match[2], match[3]
    if _PLACEHOLDER.match(value) or value == REDACTED or not (always or looks_random(value)):
        return match[0]
    return prefix + quote_char + REDACTED


def looks_random(value: str) -> bool:
    """A credential-like value: long, mixed and high in entropy (not a word, not a variable)."""
    if len(value) < 16 or not any(c.isdigit() for c in value) or not any(c.isalpha() for c in value):
        return False
    counts = {c: value.count(c) for c in set(value)}
    entropy = -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())
    return entropy >= 3.3


def neutralise(text: str) -> str:
    """One line that cannot open a code span or fence, a tag or an HTML comment."""
    text = _CONTROL.sub(" ", text)
    text = " ".join(text.split())
    text = text.replace("`", "'").replace('"', "'")
    return _TAG_OPENER.sub("\u2039", text)


def cap(text: str, limit: int) -> str:
    """At most `limit` characters, cut at a word boundary when one is close."""
    if len(text) <= limit:
        return text
    cut = text[:max(limit - 3, 1)]
    space = cut.rfind(" ")
    if space >= len(cut) * 2 // 3:
        cut = cut[:space]
    return cut.rstrip(" ,;:.") + "..."


def observed(text: str, limit: int, quoted: bool = True) -> Observed:
    """Repository text made fit for a priming block, or withheld when it addresses an AI.

    `quoted=False` is for prose a stage derived from the repository (an evidence summary) that
    reads as a sentence of the block; it is cleaned the same way.
    """
    kind = instruction_kind(text)
    if kind is not None:
        return Observed(WITHHELD, withheld=kind)
    shown = cap(neutralise(redact(text)), limit)
    return Observed(f'"{shown}"' if quoted else shown)


def clean(text: str, limit: int | None = None) -> str:
    """A short repository-derived value shown as is (a path, an id, a date)."""
    return observed(text, limit or len(text) + 1, quoted=False).text
