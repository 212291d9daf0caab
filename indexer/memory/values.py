"""The values `.orgmemory.yaml` and the rule pack write as text: durations, intervals, sizes.

Apart from `indexer.memory.load` because the rule pack (`indexer.rulepack`) reads durations
too, and the loader reads the rule pack: one module each imports, and no circle.
"""
from __future__ import annotations

import re

# Patterns in the common subset of Python `re` and ECMA-262: the JSON Schema carries them unchanged.
DURATION_PATTERN = r"^([0-9]+)([dwmy]?)$"
HOURS_PATTERN = r"^([0-9]+)([hd]?)$"
SIZE_PATTERN = r"^([0-9]+(?:\.[0-9]+)?) ?(B|KB|KiB|MB|MiB|GB|GiB)?$"
MAX_DAYS = 100 * 365  # durations and intervals: dates a century away overflow `date` arithmetic
MAX_BYTES = 2**50

_DAYS_PER_UNIT = {"": 1, "d": 1, "w": 7, "m": 30, "y": 365}
_BYTES_PER_UNIT = {
    "": 1, "B": 1, "KB": 10**3, "MB": 10**6, "GB": 10**9, "KiB": 2**10, "MiB": 2**20, "GiB": 2**30,
}

SHOWN_CHARS = 40


def shown(value: str | int) -> str:
    """`value` quoted for an error message, or withheld.

    The file read as the memory may be something else (a private key, a `.env`), and messages
    reach terminals, CI logs and agents: a value is quoted only when it is short, printable and
    reads like no secret (`indexer.text` knows the shapes), so a message can still point at a
    typo without ever repeating a secret.
    """
    text = str(value)
    return repr(value) if showable(text) else f"(a value of {len(text)} characters, not shown)"


def showable(text: str) -> bool:
    if len(text) > SHOWN_CHARS or not text.isprintable():
        return False
    from indexer.text import looks_random, redact  # only on an error path

    return redact(text) == text and not any(looks_random(w) for w in re.split(r"[\s=:,;@/'\"]+", text))


def _bounded(count: int, unit: str, value: str | int, limit: int, most: str) -> int:
    if count > limit:
        raise ValueError(f"{unit} {shown(value)} is too long: at most {most}")
    return count


def parse_duration(value: str | int) -> int:
    """Days in `90d`, `12w`, `18m` (30-day months), `2y` (365-day years) or a bare day count."""
    match = re.fullmatch(DURATION_PATTERN, str(value).strip())
    if isinstance(value, bool) or match is None:
        raise ValueError(f"invalid duration {shown(value)}: "
                         "use days (365) or a number with d, w, m or y (90d, 12w, 18m, 2y)")
    days = int(match[1][:9]) * _DAYS_PER_UNIT[match[2]] if len(match[1]) <= 9 else MAX_DAYS + 1
    return _bounded(days, "duration", value, MAX_DAYS, "100y")


def parse_hours(value: str | int) -> int:
    """Hours in `24h`, `2d` or a bare hour count (`0`: every time)."""
    match = re.fullmatch(HOURS_PATTERN, str(value).strip())
    if isinstance(value, bool) or match is None:
        raise ValueError(f"invalid interval {shown(value)}: use hours (24) or a number with h or d (12h, 2d)")
    hours = int(match[1]) * (24 if match[2] == "d" else 1) if len(match[1]) <= 9 else MAX_DAYS * 24 + 1
    return _bounded(hours, "interval", value, MAX_DAYS * 24, "100y")


def parse_size(value: str | int) -> int:
    """Bytes in `1048576`, `500KB` (1000-based), `2MiB` (1024-based), `1.5 GB`."""
    match = re.fullmatch(SIZE_PATTERN, str(value).strip())
    if isinstance(value, bool) or match is None:
        raise ValueError(f"invalid size {shown(value)}: "
                         "use bytes (1048576) or a number with B, KB, KiB, MB, MiB, GB or GiB (2MiB)")
    number = float(match[1]) if len(match[1]) <= 20 else float("inf")
    size = number * _BYTES_PER_UNIT[match[2] or ""]
    if size > MAX_BYTES:
        raise ValueError(f"invalid size {shown(value)}: at most 1024 TiB")
    if int(size) <= 0:
        raise ValueError(f"invalid size {shown(value)}: must be more than 0 bytes")
    return int(size)
