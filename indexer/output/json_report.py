"""The contract's JSON: one object with `version`, `findings` and the summary.

Compact, on one line: `json.dumps` with an indent runs the pure-Python encoder, which costs more
than the rest of a warm scan of a repository with a thousand findings. Pipe to `jq` to read it.
A result read back from the scan memo is written as the text that was stored.
"""
from __future__ import annotations


def render(result) -> str:
    return result.to_json_text() + "\n"
