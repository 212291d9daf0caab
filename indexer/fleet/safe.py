"""Repository text as the fleet's outputs show it: through the package's one sanitizer gate.

An error line can quote a repository's broken `.orgmemory.yaml` (a stranger's text): it is
shown one line, without control or invisible characters, with secrets redacted, withheld
when it reads like an instruction to an AI, and capped. HTML escaping comes on top, at render.
"""
from __future__ import annotations

from typing import Any

__all__ = ["shown"]


def shown(text: Any, limit: int = 300) -> str:
    if text is None:
        return ""
    text = str(text)
    from indexer.text import safe_text  # the gate every output quotes repository text through

    text = " ".join(safe_text(text).split())
    return text if len(text) <= limit else text[: limit - 3].rstrip() + "..."
