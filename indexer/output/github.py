"""GitHub Actions workflow commands: one `::warning file=...,line=...,title=...::message` a finding.

GitHub turns these lines into annotations on the pull request's diff. The runner parses them
with its own escaping rules (actions/toolkit `command.ts`): in the message `%`, CR and LF must
be percent-encoded; in a property value `:` and `,` must be too, or the line is cut short.
"""
from __future__ import annotations

from indexer.output import message, notes, path

COMMANDS = {"error": "error", "warning": "warning", "note": "notice"}


def render(result) -> str:
    lines = [annotation(finding) for finding in result.findings]
    lines.extend(f"::notice title=orgmemory::{escape_data(note)}" for note in notes(result))
    from indexer.output.text import summary

    lines.append(summary(result))
    return "\n".join(lines) + "\n"


def annotation(finding) -> str:
    properties = {"file": path(finding)}
    if finding.line is not None:
        properties["line"] = str(finding.line)
    properties["title"] = f"orgmemory {finding.rule}"
    props = ",".join(f"{key}={escape_property(value)}" for key, value in properties.items())
    return f"::{COMMANDS.get(finding.severity, 'warning')} {props}::{escape_data(message(finding))}"


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")
