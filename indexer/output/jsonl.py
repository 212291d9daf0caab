"""JSON Lines: one finding object a line, the same object as in `--format json`.

For streaming into `jq`, log pipelines and databases that ingest one record a line; there is
no envelope and no summary, so an empty scan prints nothing.
"""
from __future__ import annotations

import json

from indexer.output import record


def render(result) -> str:
    return "".join(json.dumps(record(f), ensure_ascii=False) + "\n" for f in result.findings)
