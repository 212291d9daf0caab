"""The contract's JSON: one object with `version`, `findings` and the summary.

Compact, on one line: `json.dumps` with an indent runs the pure-Python encoder, which costs more
than the rest of a warm scan of a repository with a thousand findings. Pipe to `jq` to read it.
"""
from __future__ import annotations

import json


def render(result) -> str:
    return json.dumps(result.to_json(), separators=(",", ":"), ensure_ascii=False) + "\n"
