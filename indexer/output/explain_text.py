"""`orgmemory explain` as text: the resolution, its evidence with provenance, what links to it."""
from __future__ import annotations

from typing import Any


def render(view: dict[str, Any]) -> str:
    lines: list[str] = []
    if view["kind"] == "finding":
        _finding(view, lines)
    elif view["kind"] == "standard":
        _standard(view, lines)
    else:
        _path(view, lines)
    return "\n".join(lines).rstrip() + "\n"


def _path(view: dict[str, Any], lines: list[str]) -> None:
    state = "exists" if view["exists"] else "does not exist"
    title = {"legacy": f"legacy path (in {view['legacy_path']})" if view["legacy_path"] != view["target"]
             else "legacy path", "successor": "successor of a legacy path", "path": "path"}[view["kind"]]
    lines.append(f"{view['target'] or '.'}: {title}, {state}")
    for story in view["history"]:
        lines.append(f"  {story['summary']} ({story['author']})")
    activity = view["activity"]
    if activity:
        lines.append(f"  last commit {activity['last_date']} {activity['last_commit'][:7]} by "
                     f"{activity['last_author']}; {activity['commits_90_days']} commits in 90 days, "
                     f"{activity['commits_365_days']} in 365")
    for resolution in view["resolutions"]:
        _resolution(resolution, lines)
    linked = view["linked_from"]
    lines.append("")
    lines.append(f"Linked from ({len(linked)})" if linked else "Linked from: nothing")
    for link in linked:
        lines.append(f"  {link['path']}:{link['line']}  [{link['standing']}, {link['kind']}]  {link['text']}")
    if view["findings"]:
        lines.append("")
        lines.append(f"Findings ({len(view['findings'])})")
        for finding in view["findings"]:
            lines.append(f"  {finding['path']}:{finding['line'] or 1}: {finding['rule']} {finding['message']}")


def _resolution(resolution: dict[str, Any], lines: list[str]) -> None:
    lines.append("")
    how = "declared" if resolution["declared"] else f"detected, confidence {resolution['confidence']:.2f}"
    lines.append(f"Resolution {resolution['id']} ({how})")
    lines.append(f"  {resolution['statement']}")
    lines.append("")
    lines.append("Evidence")
    for item in resolution["evidence"]:
        where = f"{item['path']}:{item['line']}" if item.get("line") else (item.get("path") or "")
        provenance = ", ".join(filter(None, [(item.get("commit") or "")[:7], item.get("author"), item.get("date")]))
        lines.append(f"  [{item['kind']}] {item['summary']}")
        if where or provenance:
            lines.append(f"      at {where or '-'}" + (f" ({provenance})" if provenance else ""))


def _finding(view: dict[str, Any], lines: list[str]) -> None:
    for finding in view["findings"]:
        lines.append(f"{finding['path']}:{finding['line'] or 1}: {finding['rule']} ({finding['severity']}) "
                     f"{finding['message']}")
        lines.append(f"  fingerprint {finding['fingerprint']}")
    if not view["findings"]:
        lines.append(f"{view['target']}: no finding here")
    context = view["context"]
    if context["lines"]:
        lines.append("")
        for number, text in context["lines"]:
            marker = ">" if number == context["line"] else " "
            lines.append(f"{marker} {number:5} | {text}")
    if view["references"]:
        lines.append("")
        lines.append("References on this line")
        for reference in view["references"]:
            why = f": {reference['why']}" if reference["why"] else ""
            resolved = f" -> {reference['resolved']}" if reference["resolved"] else ""
            lines.append(f"  {reference['target']} [{reference['kind']}] {reference['status']}{resolved}{why}")
    for resolution in view["resolutions"]:
        _resolution(resolution, lines)


def _standard(view: dict[str, Any], lines: list[str]) -> None:
    """An entry of the memory: `orgmemory explain ID`."""
    lines.append(f"{view['target']}: {view['entry_kind']}, {view['priority']}, {view['status']}")
    lines.append(f"  {view['statement']}")
    rows = [("declared at", view["declared_at"]), ("scope", ", ".join(view["scope"])),
            ("tags", ", ".join(view["tags"])), ("owner", view["owner"]), ("source", view["source"]),
            ("added", view["added"]), ("review by", view["review_by"]),
            ("proposed by", " on ".join(filter(None, [view["proposed_by"], view["proposed_on"]]))),
            ("evidence", ", ".join(view["evidence"])), ("rejected", view["rejected_why"]),
            ("supersedes", ", ".join(view["supersedes"])), ("superseded by", view["superseded_by"]),
            ("superseded on", view["superseded_on"]),
            ("forbid", "; ".join(f["glob"] + (f" /{f['pattern']}/" if f["pattern"] else "") for f in view["forbid"])),
            ("require", ", ".join(view["require"]))]
    lines += [f"  {label + ':':<15}{value}" for label, value in rows if value]
    found = view["findings"]
    lines.append("")
    if view["status"] in ("proposed", "rejected", "superseded"):
        lines.append(f"Violations: not enforced ({view['status']})")
    else:
        lines.append(f"Violations ({len(found)})" if found else "Violations: none")
    for finding in found:
        where = f"{finding['path']}:{finding['line']}" if finding.get("line") else finding["path"]
        lines.append(f"  {where}  [{finding['rule']}] {finding['message']}")
