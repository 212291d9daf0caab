"""The terminal format: `severity path:line: rule message`, grouped by file, then a summary.

Every line names its severity, so the finding that fails the run (`--fail-on`) stands out even
without colour; `path:line:` stays whole so terminals and editors can open it. Findings of one
file are together (sorted by path, then line); on a terminal a blank line separates files.
Colour (click.style) only when `color` is true: the caller decides from `--color`, `NO_COLOR`
(https://no-color.org) and whether stdout is a terminal. The summary counts each rule, so a
hundred stale TODOs read as one number.
"""
from __future__ import annotations

from collections import Counter

import click

from indexer.findings import SEVERITIES
from indexer.output import message, notes, path

COLOURS = {"error": "red", "warning": "yellow", "note": "cyan"}
WIDTH = max(len(s) for s in SEVERITIES)


def render(result, color: bool = False, quiet: bool = False, grouped: bool = False) -> str:
    """The findings and the summary; `quiet` keeps the summary alone, `grouped` spaces files apart."""
    lines: list[str] = []
    if not quiet:
        previous = None
        for finding in sorted(result.findings, key=_order):
            if grouped and previous is not None and finding.path != previous:
                lines.append("")
            previous = finding.path
            lines.append(line(finding, color))
        lines.extend(_style(f"note: {note}", color, dim=True) for note in notes(result))
    lines.append(summary(result, color))
    return "\n".join(lines) + "\n"


def line(finding, color: bool = False) -> str:
    severity = _style(finding.severity.ljust(WIDTH), color, fg=COLOURS.get(finding.severity),
                      bold=finding.severity == "error")
    where = _style(f"{path(finding)}:{finding.line or 1}:", color, bold=True)
    return f"{severity} {where} {_style(finding.rule, color, dim=True)} {message(finding)}"


def summary(result, color: bool = False) -> str:
    """`Found 6 findings (1 error, 4 warning, 1 note) in 8 files: 2 stale-todo, 1 ...`: one line."""
    count = len(result.findings)
    severities = Counter(f.severity for f in result.findings)
    by_severity = ", ".join(f"{severities[s]} {s}" for s in SEVERITIES if severities[s])
    text = f"Found {count} finding{'s' * (count != 1)}" + (f" ({by_severity})" if count else "")
    text += f" in {result.files} file{'s' * (result.files != 1)}"
    rules = Counter(f.rule for f in result.findings)
    if rules:
        text += ": " + ", ".join(f"{n} {rule}" for rule, n in sorted(rules.items(), key=lambda r: (-r[1], r[0])))
    if result.skipped:
        skipped = ", ".join(f"{n} {reason}" for reason, n in result.skipped.items())
        text += f"; skipped {sum(result.skipped.values())} ({skipped})"
    aside = getattr(result, "set_aside", None) or {}
    if aside.get("files"):  # vendored/generated code (issue 12)
        text += (f"; {aside['files']} set aside as vendored/generated ({aside.get('todos', 0)} TODOs,"
                 f" {aside.get('references', 0)} references; --include-vendored reports them)")
    return _style(text + ".", color, bold=True)


def _order(finding):
    return (finding.path, finding.line or 0, SEVERITIES.index(finding.severity) if finding.severity in SEVERITIES
            else len(SEVERITIES), finding.rule)


def _style(text: str, color: bool, **style) -> str:
    return click.style(text, **{k: v for k, v in style.items() if v}) if color else text
