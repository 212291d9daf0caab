"""`orgmemory install claude-code`: register the hook in Claude Code's `.claude/settings.json`.

The file is the user's: other hooks, other events and other keys stay exactly as they are.
Each event gets one matcher group `{"hooks": [{"type": "command", "command": ...}]}` appended,
unless a hook running `orgmemory hook claude-code` is already there, so installing twice
changes nothing (and does not rewrite the file). A file that is not valid JSON is refused
untouched: guessing at a user's half-edited settings would lose their work.
"""
from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass

from indexer.errors import OrgmemoryError

HOOK_COMMAND = "orgmemory hook claude-code"
EVENTS = ("SessionStart", "UserPromptSubmit")
_OURS = re.compile(r"(?:^|[\s/\\])orgmemory(?:\.exe)?\s+hook\s+claude-code(?:\s|$)")


@dataclass(frozen=True)
class Installed:
    """Claude Code settings with orgmemory's hooks added."""

    text: str  # the new file content (equal to the old one when nothing was added)
    added: tuple[str, ...]  # events that got the hook


def parse_settings(text: str | None, display: str) -> dict:
    """The settings object; an absent or blank file is an empty one."""
    if text is None or not text.strip():
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise OrgmemoryError(f"{display}:{exc.lineno}: not valid JSON ({exc.msg}); left untouched") from None
    if not isinstance(data, dict):
        raise OrgmemoryError(f"{display}: expected a JSON object at the top; left untouched")
    return data


def install(text: str | None, display: str, command: str = HOOK_COMMAND) -> Installed:
    settings = parse_settings(text, display)
    merged, added = with_hooks(settings, command, display)
    if not added:
        return Installed(text=text or "", added=())
    return Installed(text=json.dumps(merged, indent=2, ensure_ascii=False) + "\n", added=added)


def with_hooks(settings: dict, command: str, display: str) -> tuple[dict, tuple[str, ...]]:
    """A copy of `settings` with our hook on every event that lacks it, and those events."""
    merged = copy.deepcopy(settings)
    hooks = merged.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise OrgmemoryError(f"{display}: hooks: expected an object; left untouched")
    added = []
    for event in EVENTS:
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise OrgmemoryError(f"{display}: hooks.{event}: expected a list; left untouched")
        if not any(_is_ours(group) for group in groups):
            groups.append({"hooks": [{"type": "command", "command": command}]})
            added.append(event)
    return merged, tuple(added)


def _is_ours(group) -> bool:
    if not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
        return False
    return any(isinstance(hook, dict) and isinstance(hook.get("command"), str)
               and _OURS.search(hook["command"]) for hook in group["hooks"])
