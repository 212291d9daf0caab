"""GitHub Actions workflow commands: one `::warning file=...,line=...,title=...::message` a finding.

GitHub turns these lines into annotations on the pull request's diff. The runner parses them
with its own escaping rules (actions/toolkit `command.ts`): in the message `%`, CR and LF must
be percent-encoded; in a property value `:` and `,` must be too, or the line is cut short.

GitHub shows at most 10 annotations of each type (error, warning, notice) per step and drops
the rest silently (docs.github.com, "Workflow commands for GitHub Actions" and the annotation
limits of the checks API), so at most `LIMIT` of each type are annotations; the rest are plain
log lines, and one more notice says how many and where they all are: the job summary
(`step_summary`, a Markdown table of every finding, which the action appends to
`$GITHUB_STEP_SUMMARY`) and code scanning (the SARIF log).
"""
from __future__ import annotations

import html
from collections import Counter

from indexer.output import message, notes, path

COMMANDS = {"error": "error", "warning": "warning", "note": "notice"}
LIMIT = 10  # annotations of one type GitHub shows per step


def render(result) -> str:
    shown: Counter[str] = Counter()
    lines: list[str] = []
    left_out = 0
    for finding in result.findings:
        kind = COMMANDS.get(finding.severity, "warning")
        if shown[kind] < LIMIT - (kind == "notice"):  # keep one notice for the summary below
            shown[kind] += 1
            lines.append(annotation(finding))
        else:
            left_out += 1
            lines.append(_plain(finding))
    if left_out:
        lines.append(f"::notice title=orgmemory::{left_out} more findings than GitHub shows as annotations "
                     f"({len(result.findings)} in all): they are in this log, the job summary and the "
                     f"code scanning alerts.")
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


def _plain(finding) -> str:
    """A finding past the limit as a plain log line: it starts with its severity, never `::`, and
    carries no line break, so nothing in it can become a workflow command."""
    from indexer.output.text import line

    return escape_data(line(finding))


def step_summary(result) -> str:
    """A Markdown job summary: the counts, then every finding as a table row (text through the
    gate, then HTML-escaped with `|` and backticks neutralised so it cannot break the table or
    turn into links, images or markup)."""
    from indexer.output.text import summary

    out = ["## orgmemory", "", _cell(summary(result)).replace("\n", "<br>"), ""]
    if result.findings:
        out += ["| Severity | File | Line | Rule | Message |", "|---|---|---|---|---|"]
        out += [f"| {f.severity} | {_cell(path(f))} | {f.line or ''} | {f.rule} | {_cell(message(f))} |"
                for f in result.findings]
    return "\n".join(out) + "\n"


def _cell(text: str) -> str:
    text = html.escape(text, quote=False).replace("|", "&#124;").replace("`", "&#96;")
    for char in "[]*_~!#":
        text = text.replace(char, f"&#{ord(char)};")
    return " ".join(text.split())


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")
