"""The confusables table: each non-ASCII character that looks like an ASCII letter or digit, and that letter.

Derived (`derive`) from the Unicode confusables data that `confusable-homoglyphs` ships: the
first single ASCII letter or digit among a character's homoglyphs. Deriving it in every process
cost ~35 ms the first time non-ASCII text was gated (importing the package pulls in
`urllib.request` for its downloader, ~18 ms; its 900 KB JSON ~10 ms; the walk the rest), for a
table of 1,315 characters. So the derived table is shipped beside this module
(`confusables.txt`: a comment line, the characters, their ASCII look-alikes) and `load` reads it
in well under a millisecond; only when that file is missing or damaged is it derived again.

`python -m indexer.text.confusables` writes the file anew from the installed data;
tests/security/test_confusables_table.py fails when the two differ.
"""
from __future__ import annotations

import os

FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "confusables.txt")


def load() -> dict[int, int]:
    """The table as `str.translate` takes it, from the shipped file (else derived)."""
    try:
        with open(FILE, encoding="utf-8", newline="") as handle:
            _comment, sources, targets = handle.read().split("\n")[:3]
        table = str.maketrans(sources, targets)
    except (OSError, UnicodeError, ValueError):  # missing, damaged, or the two lines differ in length
        return derive()
    return table


def derive() -> dict[int, int]:
    """The table from `confusable-homoglyphs`' data (what the shipped file must equal)."""
    from confusable_homoglyphs.confusables import confusables_data

    table = {}
    for char, homoglyphs in confusables_data.items():
        if len(char) != 1 or char.isascii():
            continue
        ascii_alike = [h["c"] for h in homoglyphs if len(h["c"]) == 1 and h["c"].isascii() and h["c"].isalnum()]
        if ascii_alike:
            table[ord(char)] = ord(ascii_alike[0])
    return table


def text(table: dict[int, int]) -> str:
    """The shipped file's content for `table`."""
    from importlib.metadata import version

    keys = sorted(table)
    return (f"# confusable-homoglyphs {version('confusable-homoglyphs')}: written by "
            f"`python -m indexer.text.confusables`; do not edit\n"
            + "".join(map(chr, keys)) + "\n" + "".join(chr(table[key]) for key in keys) + "\n")


if __name__ == "__main__":
    with open(FILE, "w", encoding="utf-8", newline="") as out:
        out.write(text(derive()))
