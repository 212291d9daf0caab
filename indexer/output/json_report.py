"""The contract's JSON: one object with `version`, `findings` and the summary.

Compact, on one line: `json.dumps` with an indent runs the pure-Python encoder, which costs more
than the rest of a warm scan of a repository with a thousand findings. Pipe to `jq` to read it.
Every string of repository text goes through the gate (`indexer.output.result_json`).
"""
from __future__ import annotations

from indexer.output import result_json
from indexer.scan.result import json_text


def render(result) -> str:
    gated = getattr(result, "gated_json", None)  # a memo hit: gated when it was stored
    if gated is not None:
        return gated
    return json_text(result_json(result)) + "\n"
