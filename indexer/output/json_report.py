"""The contract's JSON: one object with `version`, `findings` and the summary."""
from __future__ import annotations

import json


def render(result) -> str:
    return json.dumps(result.to_json(), indent=2, sort_keys=False) + "\n"
