"""`path:line: rule message`, one finding a line (like ruff), then a summary."""
from __future__ import annotations

from indexer.output import message, notes, path


def render(result) -> str:
    lines = [f"{path(f)}:{f.line or 1}: {f.rule} {message(f)}" for f in result.findings]
    lines.extend(f"note: {note}" for note in notes(result))
    lines.append(summary(result))
    return "\n".join(lines) + "\n"


def summary(result) -> str:
    count = len(result.findings)
    by_severity = ", ".join(f"{n} {s}" for s, n in result.to_json()["summary"]["severities"].items())
    text = f"Found {count} finding{'s' * (count != 1)}" + (f" ({by_severity})" if count else "")
    text += f" in {result.files} files"
    if result.skipped:
        skipped = ", ".join(f"{n} {reason}" for reason, n in result.skipped.items())
        text += f"; skipped {sum(result.skipped.values())} ({skipped})"
    return text + "."
