"""Repository text is evidence, never instructions: make it safe to show to an agent.

Every piece of observed text (a TODO, a referring line, a finding's message) passes through
`observed()` before it reaches a priming block:

* `instruction_kind` spots text addressed to an AI ("ignore all previous instructions ...");
  such text is withheld, never quoted, and the scan reports it as `suspicious-instruction`;
* `redact` replaces secrets (cloud keys, tokens, private keys, passwords, URL credentials);
* `quote` collapses it to one line, neutralises backticks, fences and tags, caps its length
  and wraps it in quotes, so it cannot open a code block or pose as part of the block itself.

Pure functions over strings; `re` and `math` only, and each regex is compiled the first time
text that could match it comes along, so the fast path pays next to nothing for them.
"""
import functools
import math
import re
from typing import NamedTuple

WITHHELD = "[withheld: reads like an instruction to an AI agent]"
REDACTED = "[redacted]"

_I, _S = int(re.I), int(re.S)
_NOUNS = r"(?:instructions?|prompts?|directions?|guidelines|rules|context|messages?|orders)"


class _Pattern(NamedTuple):
    """A regex compiled on first use, tried only on text that holds its needles.

    `needles` are groups of substrings; text can match only if it holds a member of every
    group (a necessary condition, not a sufficient one). Most text holds none, so a prime
    rarely compiles these patterns at all. With `ignore_case`, the needles are lower case and
    are only trusted on ASCII text: case-insensitive matching also folds characters such as
    the long s or the Kelvin sign, which `str.lower` does not.
    """

    source: str
    needles: tuple[tuple[str, ...], ...]
    flags: int = 0  # a plain int (`_I`, `_S`): `re.RegexFlag` arithmetic is slow

    def may_match(self, text: str) -> bool:
        if self.flags & _I:
            if not text.isascii():
                return True
            text = text.lower()
        for group in self.needles:
            if not any(needle in text for needle in group):
                return False
        return True

    def compiled(self) -> re.Pattern[str]:
        return re.compile(self.source, self.flags)  # `re` keeps compiled patterns in its cache

    def search(self, text: str) -> re.Match[str] | None:
        return self.compiled().search(text) if self.may_match(text) else None

    def sub(self, replacement, text: str) -> str:
        return self.compiled().sub(replacement, text) if self.may_match(text) else text


_INSTRUCTIONS: tuple[tuple[str, _Pattern], ...] = (
    ("override", _Pattern(
        r"\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+|your\s+|of\s+)*"
        r"(?:previous|prior|above|earlier|preceding|former|original|system|safety|existing)\s+" + _NOUNS,
        (("ignore", "disregard", "forget", "override", "bypass"),), _I)),
    ("override", _Pattern(
        r"\b(?:ignore|disregard|forget)\s+(?:all|any|your)\s+(?:instructions?|prompts?|guidelines|rules)\b",
        (("ignore", "disregard", "forget"),), _I)),
    ("role", _Pattern(
        r"\byou\s+(?:must|should|shall|will|are\s+to)\s+now\b|\bfrom\s+now\s+on,?\s+(?:you|always|never)\b"
        r"|\byou\s+are\s+now\s+(?:a|an|in|the)\b|\bpretend\s+(?:to\s+be|you\s+are)\b",
        (("now", "pretend"),), _I)),
    ("addressed", _Pattern(
        r"\b(?:dear|attention|hey|hello|note\s+to(?:\s+the)?|message\s+(?:to|for)(?:\s+the)?|if\s+you\s+are\s+an?)"
        r"\s+(?:ai|llm|assistant|chatbot|copilot|chatgpt|claude|gpt|gemini|language\s+model|(?:ai\s+|coding\s+)?agent)s?\b",
        (("dear", "attention", "hey", "hello", "note", "message", "if"),
         ("ai", "llm", "assistant", "chatbot", "copilot", "gpt", "claude", "gemini", "model", "agent")), _I)),
    ("addressed", _Pattern(
        r"\b(?:ai|llm)\s+(?:agents?|assistants?|models?|tools?)\s*(?:[:,]|\b(?:must|should|shall|have\s+to|need\s+to)\b)",
        (("ai", "llm"), ("agent", "assistant", "model", "tool")), _I)),
    ("prompt", _Pattern(
        r"\b(?:system|developer)\s+prompt\b|\bnew\s+instructions?\s*:|<\|im_start\|>|\[/?INST\]"
        r"|<\s*/?\s*(?:system|instructions?)\s*>",
        (("prompt", "instruction", "<|im_start|>", "inst]", "system"),), _I)),
    ("secrecy", _Pattern(
        r"\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention|reveal|show)\b[^.]{0,20}\b(?:user|human|reviewer|anyone)\b",
        (("not", "don't", "never"), ("tell", "inform", "mention", "reveal", "show")), _I)),
)

_PLACEHOLDER = _Pattern(r"^(?:\$\{?\w+\}?|\{\{.*\}\}|<[^>]*>|%\(?\w+\)?s?|\*+|x+|changeme|null|none|\.\.\.)$", (), _I)
_SECRET_VALUE = r"""(["']?)([^\s"',;&)]+)"""
_SECRETS: tuple[tuple[_Pattern, str], ...] = (
    (_Pattern(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\Z)",
              (("-----BEGIN",), ("PRIVATE KEY-----",)), _S), "private-key"),
    (_Pattern(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA)[0-9A-Z]{16}\b",
              (("AKIA", "ASIA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA", "ABIA", "ACCA"),)), "aws-key"),
    (_Pattern(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})\b",
              (("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),)), "github-token"),
    (_Pattern(r"\bxox[abposr]-[A-Za-z0-9-]{10,}", (("xox",),)), "slack-token"),
    (_Pattern(r"\bAIza[0-9A-Za-z_-]{35}\b", (("AIza",),)), "google-key"),
    (_Pattern(r"\b[sr]k_(?:live|test)_[0-9A-Za-z]{16,}\b", (("k_live_", "k_test_"),)), "stripe-key"),
    (_Pattern(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}", (("eyJ",),)), "jwt"),
)
_URL_CREDENTIALS = _Pattern(r"(\b[a-zA-Z][a-zA-Z0-9+.-]*://[^/\s:@]*:)([^@\s/]+)(@)", (("://",), ("@",)))
_PASSWORD = _Pattern(r"(\b(?:pass(?:word|wd|phrase)?|pwd)\b\s*(?:[:=]|\bis\b)\s*)" + _SECRET_VALUE,
                     (("pass", "pwd"),), _I)
_KEYED_SECRET = _Pattern(
    r"(\b[\w.-]*(?:secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|credentials?)"
    r"[\w-]*\b\s*[:=]\s*)" + _SECRET_VALUE, (("secret", "token", "key", "credential"), (":", "=")), _I)
_BEARER = _Pattern(r"(\bbearer\s+)([A-Za-z0-9._~+/-]{16,}=*)", (("bearer",),), _I)

_TAG_OPENER = re.compile(r"<(?=[/!?A-Za-z|])")
#: Control and invisible or direction-changing characters, each shown as a space.
_CONTROL = dict.fromkeys((*range(0x00, 0x09), *range(0x0b, 0x20), 0x7f, *range(0x200b, 0x2010),
                          *range(0x202a, 0x202f), *range(0x2066, 0x206a)), " ")


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
    if _PLACEHOLDER.compiled().match(value) or value == REDACTED or not (always or looks_random(value)):
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
    text = text.translate(_CONTROL)
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


@functools.lru_cache(maxsize=4096)
def observed(text: str, limit: int, quoted: bool = True) -> Observed:
    """Repository text made fit for a priming block, or withheld when it addresses an AI.

    `quoted=False` is for prose a stage derived from the repository (an evidence summary) that
    reads as a sentence of the block; it is cleaned the same way. Cached: fitting a block to
    its budget renders the same records at several levels.
    """
    kind = instruction_kind(text)
    if kind is not None:
        return Observed(WITHHELD, withheld=kind)
    shown = cap(neutralise(redact(text)), limit)
    return Observed(f'"{shown}"' if quoted else shown)


def clean(text: str, limit: int | None = None) -> str:
    """A short repository-derived value shown as is (a path, an id, a date)."""
    return observed(text, limit or len(text) + 1, quoted=False).text
