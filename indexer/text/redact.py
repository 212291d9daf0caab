"""Secrets in repository text, replaced by `[redacted]`.

The table covers every family detect-secrets' plugins recognise (its denylist regexes, lifted
here so that the prime path never imports detect-secrets, ~300 ms), the token formats of
today's AI, package and SaaS providers, and values assigned to secret-like names: a password
always, any other key, token or secret when the value looks random. `tests/security/
test_fuzz_sanitizer.py` checks that this table still redacts an example of every plugin
detect-secrets ships. Each regex compiles the first time text holding its needles comes along.
"""
from __future__ import annotations

import math
import re

from indexer.text.patterns import I, S, Pattern, fold

REDACTED = "[redacted]"

_SECRET_VALUE = r"""(["']?)([^\s"',;&)]+)"""
_B64 = r"[A-Za-z0-9+/]"
_DIGIT_COLON = tuple(f"{digit}:" for digit in "0123456789")
_SECRETS: tuple[tuple[Pattern, str], ...] = (
    (Pattern(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
             (("-----BEGIN",), ("PRIVATE KEY",)), S), "private-key"),
    (Pattern(r"---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----.*?(?:---- END SSH2 ENCRYPTED PRIVATE KEY ----|\Z)"
             r"|PuTTY-User-Key-File-\d:.*", (("BEGIN SSH2", "PuTTY-User-Key-File"),), S), "private-key"),
    (Pattern(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA|A3T[A-Z0-9])[0-9A-Z]{16}\b",
             (("AKIA", "ASIA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA", "ABIA", "ACCA", "A3T"),)), "aws-key"),
    (Pattern(r"\b(?:gh[pousr]_[A-Za-z0-9_]{30,255}|github_pat_[A-Za-z0-9_]{22,255})\b",
             (("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),)), "github-token"),
    (Pattern(r"\b(?:(?:glpat|gldt|glft|glsoat|glrt|glcbt|glimt|glptt|glagent|gloas|glrtr|glsa)-|GR1348941)"
             r"[A-Za-z0-9_-]{20,1024}", (("gl", "GR1348941"),)), "gitlab-token"),
    (Pattern(r"\bxox[abposre]-[A-Za-z0-9-]{10,}|\bxapp-\d-[A-Za-z0-9-]{10,}", (("xox", "xapp-"),)), "slack-token"),
    (Pattern(r"(?<=hooks\.slack\.com/)(?:services|workflows|triggers)/[A-Za-z0-9_/]+", (("hooks.slack.com/",),)),
     "slack-webhook"),
    (Pattern(r"\bAIza[0-9A-Za-z_-]{35}\b|\bya29\.[0-9A-Za-z_-]{20,}", (("AIza", "ya29."),)), "google-key"),
    (Pattern(r"\b[sr]k_(?:live|test)_[0-9A-Za-z]{16,}\b", (("k_live_", "k_test_"),)), "stripe-key"),
    (Pattern(r"\beyJ[A-Za-z0-9_=-]{8,}\.[A-Za-z0-9_=-]{4,}(?:\.[A-Za-z0-9_.+/=-]*)?", (("eyJ",),)), "jwt"),
    (Pattern(r"\bsk-(?:proj|svcacct|admin|ant|None)-[A-Za-z0-9_-]{20,}"
             r"|\bsk-[A-Za-z0-9_-]*[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|\bsk-[A-Za-z0-9]{32,}\b",
             (("sk-",),)), "ai-key"),
    (Pattern(r"\bnpm_[A-Za-z0-9]{36}\b|(?<=:_authToken=)\S+", (("npm_", ":_authToken="),)), "npm-token"),
    (Pattern(r"\b(?:hf_|api_org_)[A-Za-z0-9]{30,}\b", (("hf_", "api_org_"),)), "hugging-face-token"),
    (Pattern(r"\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,}", (("SG.",),)), "sendgrid-key"),
    (Pattern(r"\b(?:AC|SK)[a-f0-9]{32}\b", (("AC", "SK"),)), "twilio-key"),
    (Pattern(r"\bpypi-AgE[A-Za-z0-9_-]{50,}", (("pypi-AgE",),)), "pypi-token"),
    (Pattern(r"\bsq0(?:csp|atp)-[0-9A-Za-z_\\-]{22,43}|\bEAAA[A-Za-z0-9_-]{60}", (("sq0", "EAAA"),)), "square-token"),
    (Pattern(r"\b[MNO][A-Za-z\d_-]{23,25}\.[A-Za-z\d_-]{6}\.[A-Za-z\d_-]{27,}", (("M", "N", "O"), (".",)), 0, 59),
     "discord-token"),
    (Pattern(r"\b\d{8,10}:[0-9A-Za-z_-]{35}\b", (_DIGIT_COLON,), 0, 44), "telegram-token"),
    (Pattern(r"\b[0-9a-f]{32}-us[0-9]{1,2}\b", (tuple(f"{c}-us" for c in "0123456789abcdef"),), 0, 36),
     "mailchimp-key"),
    (Pattern(r"(?:(?<=[\s=:\"'])|^)(?:AKC[a-zA-Z0-9]{10,}|AP[\dABCDEF][a-zA-Z0-9]{8,})(?=[\s\"']|$)",
             (("AKC", "AP"),)), "artifactory-token"),
    (Pattern(r"\b(?:shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}|dop_v1_[a-f0-9]{64}|dapi[a-f0-9]{32}|dp\.pt\.[A-Za-z0-9]{40,}"
             r"|lin_api_[A-Za-z0-9]{40}|xai-[A-Za-z0-9]{40,}|gsk_[A-Za-z0-9]{40,}|pplx-[A-Za-z0-9]{40,})\b",
             (("shp", "dop_v1_", "dapi", "dp.pt.", "lin_api_", "xai-", "gsk_", "pplx-"),)), "service-token"),
    # Azure: storage account keys in connection strings, shared access keys, SAS signatures
    (Pattern(r"(?<=AccountKey=)" + _B64 + r"{20,}={0,2}|(?<=SharedAccessKey=)" + _B64 + r"{20,}={0,2}"
             r"|(?<=SharedAccessSignature=)[^;\s\"']+",
             (("AccountKey=", "SharedAccessKey=", "SharedAccessSignature="),)), "azure-key"),
    (Pattern(r"(?<=[?&;]sig=)[A-Za-z0-9%+/=_-]{16,}", (("sig=",),)), "azure-sas"),
)
_URL_CREDENTIALS = Pattern(r"(\b[a-zA-Z][a-zA-Z0-9+.-]*://[^/\s:@]*:)([^@\s/]+)(@)", (("://",), ("@",)))
#: `password: x`, `DB_PASSWORD=x`, `PGPASSWORD=x`, `"password": "x"`, `password is x`.
_PASSWORD = Pattern(  # a bare `pass` or `pw` only when assigned: "first pass: parse" is no password
    r"(\b(?:[\w.-]{0,64}?(?:password|passwd|passphrase|pwd)|[\w.-]{0,64}?[_.-]pass)\b[\"']?\s*(?:[:=]=?>?|\bis\b)\s*"
    r"|\b(?:pass|pw)\s*:?=(?![=>])\s*)" + _SECRET_VALUE, (("pass", "pwd", "pw"),), I)
_KEYED_SECRET = Pattern(
    r"(\b[\w.-]{0,64}?(?:secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|credentials?"
    r"|account[_-]?key|client[_-]?key|signing[_-]?key|encryption[_-]?key|master[_-]?key|iam[_-]?key|hmac[_-]?key"
    r"|conn(?:ection)?[_-]?str(?:ing)?)[\w-]{0,64}\b[\"']?\s*(?:[:=]=?>?)\s*)" + _SECRET_VALUE,
    (("secret", "token", "key", "credential", "conn"), (":", "=")), I)
_BEARER = Pattern(r"(\b(?:bearer|authorization:\s*basic)\s+)([A-Za-z0-9._~+/-]{16,}=*)", (("bearer", "basic"),), I)
#: Every pattern `redact` tries behind its needle prefilter: what checks of that shortcut
#: (`Pattern.may_match`) against the plain regex go over.
PATTERNS = (*(pattern for pattern, _name in _SECRETS), _URL_CREDENTIALS, _PASSWORD, _KEYED_SECRET, _BEARER)
_PLACEHOLDER = Pattern(r"^(?:\$\{?\w+\}?|\{\{.*\}\}|<[^>]*>|%\(?\w+\)?s?|\*+|x+|changeme|null|none|\.\.\.)$", (), I)


def redact(text: str) -> str:
    """`text` with every secret we recognise replaced by `[redacted]`."""
    folded = fold(text)
    for pattern, _name in _SECRETS:
        if pattern.may_match(text, folded):
            redacted = pattern.compiled().sub(REDACTED, text)
            if redacted != text:
                text, folded = redacted, fold(redacted)
    text = _URL_CREDENTIALS.sub(lambda m: m[1] + REDACTED + m[3], text)
    text = _PASSWORD.sub(lambda m: _redact_value(m, always=True), text)
    text = _KEYED_SECRET.sub(lambda m: _redact_value(m, always=False), text)
    return _BEARER.sub(lambda m: m[1] + REDACTED, text)


def _redact_value(match: re.Match[str], always: bool) -> str:
    prefix, quote_char, value = match[1], match[2], match[3]
    if _PLACEHOLDER.compiled().match(value) or value == REDACTED or not (always or looks_random(value)):
        return match[0]
    if value.rstrip(".,;:!?").isalpha() and not quote_char and prefix.rstrip()[-2:].lower() == "is":
        return match[0]  # "the password is neither ...": a sentence, not a password
    return prefix + quote_char + REDACTED


def looks_random(value: str) -> bool:
    """A credential-like value: long, mixed and high in entropy (not a word, not a variable)."""
    if len(value) < 16 or not any(c.isdigit() for c in value) or not any(c.isalpha() for c in value):
        return False
    counts = {c: value.count(c) for c in set(value)}
    entropy = -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())
    return entropy >= 3.3
