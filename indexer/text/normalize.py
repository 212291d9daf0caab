"""What text shows, and what it says once its disguises are taken off.

`visible(text)` is the text as it may be shown, on one line: characters that are invisible or
that change the direction of what follows (zero-width, bidi controls, soft hyphens, Unicode
tag characters, variation selectors) are removed, control characters (tabs and line breaks
too) become spaces, and surrogates become U+FFFD (`utf8`).

Surrogates are never text: they are what Python makes of bytes that are not UTF-8, a file name
git keeps as bytes (`caf\xe9.py`, decoded with surrogateescape as `caf\udce9.py`). No output
can hold one: written to a UTF-8 stream it fails, or with surrogateescape it writes the raw byte
and the JSON, SARIF or terminal line around it is no longer UTF-8. So every output shows each
such byte as U+FFFD, the replacement character, and the outputs that locate a file by its name
keep the exact bytes beside it, percent-encoded (`quote.safe_uri`: SARIF's `uri`, the JSON
finding's `path_uri`).

`readings(text)` are the forms injection detection reads, each with the disguise it took off:

* the text itself, on one line;
* Unicode NFKC (fullwidth and mathematical letters become ASCII) without invisible characters
  (a zero-width space or a soft hyphen inside "ig\u200bnore" splits no word any more), then
  its confusable skeleton: each letter that looks like an ASCII letter is replaced by it
  (Cyrillic "і" by "i"), from the Unicode confusables table that `confusable-homoglyphs` ships,
  derived once and shipped (`indexer.text.confusables`): read (<1 ms) the first time non-ASCII
  text comes along, never for ASCII;
* the text hidden in Unicode tag characters (U+E0020..E007E mirror ASCII, and show as nothing);
* leetspeak read back ("1gn0r3" as "ignore"), only for words that mix letters and digits;
* long base64 runs, decoded when they decode to readable UTF-8 text.

ASCII text without digits inside words and without a long base64 run has one reading, so the
common case costs one `str.split`.
"""
from __future__ import annotations

import functools
import re
from typing import Iterator

#: Characters that show as nothing or reorder what follows: removed wherever text is shown.
INVISIBLE = frozenset((0x00ad, 0x034f, 0x061c, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180e, 0x3164, 0xfeff, 0xffa0,
                       *range(0x200b, 0x2010), *range(0x202a, 0x202f), *range(0x2060, 0x2070),
                       *range(0xfe00, 0xfe10), *range(0xe0000, 0xe0080), *range(0xe0100, 0xe01f0)))
#: Control characters (tab and line breaks too) and line or paragraph separators: shown as a space.
CONTROL = frozenset((*range(0x00, 0x20), *range(0x7f, 0xa0), 0x2028, 0x2029))
#: UTF-16 surrogates: in a str only from bytes that are not UTF-8 (see above); shown as U+FFFD.
SURROGATES = range(0xd800, 0xe000)
_UTF8 = dict.fromkeys(SURROGATES, "\ufffd")
_DISPLAY = {**dict.fromkeys(INVISIBLE), **dict.fromkeys(CONTROL, " "), **_UTF8}
_TAGS = range(0xe0020, 0xe007f)
# Regex sources, compiled on first use (`re` caches them): importing this module compiles nothing.
_LEET = r"\b(?=[\w@$!|]*[a-zA-Z])(?=[\w@$!|]*[013457@$!|])[\w@$!|]{3,}\b"  # a word mixing letters and digits
_LEET_HINT = r"[a-zA-Z][013457@$]|[013457@$][a-zA-Z]"
_LEET_TABLES = (str.maketrans("013457@$!|", "oieastasii"), str.maketrans("013457@$!|", "oleastasil"))
_BASE64 = r"[A-Za-z0-9+/_-]{24,}={0,2}"
DISGUISES = {
    "unicode": "written in look-alike or invisible characters",
    "hidden": "hidden in invisible Unicode tag characters",
    "leetspeak": "written in leetspeak",
    "base64": "encoded in base64",
}


#: A reading is `(text, disguise)`: disguise is a key of DISGUISES, None for the text as written.
Reading = tuple[str, "str | None"]


def visible(text: str) -> str:
    """`text` without invisible characters, its control characters shown as spaces."""
    if text.isascii() and text.isprintable():
        return text
    return text.translate(_DISPLAY)


def utf8(text: str) -> str:
    """`text` with each surrogate (an undecodable byte of a name) shown as U+FFFD, else unchanged."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.translate(_UTF8)
    return text


def flat(text: str) -> str:
    return " ".join(text.split())


def readings(text: str) -> Iterator[Reading]:
    """The forms of `text` worth reading for instructions, the plainest first."""
    plain = flat(text)
    yield plain, None
    seen = {plain}
    unicode_forms: list[str] = []
    if not text.isascii():
        import unicodedata

        normal = flat(unicodedata.normalize("NFKC", visible(text)))
        unicode_forms = [normal, skeleton(normal)]
        for form in unicode_forms:
            if form not in seen:
                seen.add(form)
                yield form, "unicode"
        hidden = "".join(chr(ord(c) - 0xe0000) for c in text if ord(c) in _TAGS)
        if hidden:
            yield flat(hidden), "hidden"
    for form in (plain, *unicode_forms[1:]):
        if re.search(_LEET_HINT, form) and re.search(_LEET, form):
            for table in _LEET_TABLES:
                read = re.sub(_LEET, lambda m: m[0].translate(table), form)
                if read not in seen:
                    seen.add(read)
                    yield read, "leetspeak"
    for run in re.findall(_BASE64, text) if len(text) >= 24 else ():
        decoded = _decoded(run)
        if decoded:
            yield flat(decoded), "base64"


def skeleton(text: str) -> str:
    """Each non-ASCII letter that looks like an ASCII letter or digit replaced by it."""
    if text.isascii():
        return text
    return text.translate(_confusables())


@functools.lru_cache(maxsize=1)
def _confusables() -> dict[int, int]:
    from indexer.text.confusables import load

    return load()


def _decoded(run: str) -> str | None:
    """A base64 run's text, when it is readable UTF-8 text (not a hash or binary)."""
    import base64
    import binascii

    core = run.rstrip("=")
    padded = core + "=" * (-len(core) % 4)
    try:
        raw = base64.b64decode(padded.replace("-", "+").replace("_", "/"), validate=True)
        text = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    readable = sum(c.isprintable() or c.isspace() for c in text)
    if len(text) < 12 or readable < len(text) * 0.95 or " " not in text:
        return None
    return text
