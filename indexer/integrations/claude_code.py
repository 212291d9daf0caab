"""The Claude Code hook: a hook event JSON on stdin in, `hookSpecificOutput` JSON out.

Claude Code runs `orgmemory hook claude-code` on `SessionStart` and `UserPromptSubmit` and
reads stdout as

    {"hookSpecificOutput": {"hookEventName": "<event>", "additionalContext": "<text>"}}

adding `additionalContext` to the model's context (it keeps at most 10,000 characters of it).
The prompt is the prime's task (a session start has none: the block then holds the `must`
standards and what is near the working folder); the event's `cwd` picks the repository and, when
it is a sub-folder, the paths the task is about.

This module goes through the prime fast path (`indexer.prime.block.build`), which on an
up-to-date index imports neither tree-sitter, GitPython nor networkx. `run` is the command: any
failure ends with exit 0, a line on stderr and nothing on stdout, since a broken hook must never
block the user's prompt. Claude Code runs it before every prompt, so `indexer.cli.main` calls it
without click when the options are plain (`fast_options`): click and what it imports (inspect,
ast, uuid, gettext, ...) cost ~20 ms, a third of a bare Python's start; and the one `git status`
is started as soon as the event names the repository, so it runs on the other core while the
block's modules load. Nothing slow runs on the prompt's path: a few edited or committed files, a
new `--now`, a big HEAD move or a standards edit are served from the index at hand (its standards
re-read from the file; with no index yet, the standards alone and one line saying observations are
being indexed) while the index is refreshed in the background, and a shown line whose exact origin
is not known yet is blamed by a detached child for the next prompt (`indexer.prime.block`).
"""
from __future__ import annotations

import json
import os
import select
import sys
import time
from datetime import date
from typing import BinaryIO, NamedTuple

EVENTS = ("SessionStart", "UserPromptSubmit")
MAX_CONTEXT = 10_000  # Claude Code's cap on injected hook output, in characters
DEFAULT_BUDGET = 1500  # tokens (~6,000 characters), comfortably under MAX_CONTEXT
TRUNCATED = "\n[orgmemory: the block was cut to fit Claude Code's 10,000-character limit]\n"


MAX_INPUT = 1 << 20  # bytes of stdin read at most: a hook event is a few hundred bytes
INPUT_TIMEOUT = 10.0  # seconds to wait for the event; Claude Code writes it at once and closes stdin


class HookInputError(ValueError):
    """The event on stdin is not one this hook understands."""


def read_input(stream: BinaryIO | None, limit: int = MAX_INPUT, timeout: float = INPUT_TIMEOUT) -> str:
    """The hook event text on `stream`: at most `limit` bytes, within `timeout` seconds, UTF-8.

    HookInputError past the cap, on silence, or on bytes that are not UTF-8; a stream that never
    ends is cut at `limit + 1` bytes, so it cannot make us hang or fill memory.
    """
    if stream is None:
        return ""
    data = _read_bounded(stream, limit + 1, timeout)
    if len(data) > limit:
        raise HookInputError(f"stdin is over the {limit // (1 << 20)} MiB limit for a hook event; ignored")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise HookInputError(f"stdin is not UTF-8 (byte {exc.start})") from None


def _read_bounded(stream: BinaryIO, size: int, timeout: float) -> bytes:
    """Up to `size` bytes until end of input; on a pipe or terminal, none later than `timeout`."""
    try:
        descriptor = stream.fileno()
    except (AttributeError, OSError, ValueError):  # an in-memory stream: it cannot block
        return stream.read(size)
    if sys.platform == "win32":
        return stream.read(size)
    deadline = time.monotonic() + timeout
    chunks: list[bytes] = []
    got = 0
    while got < size:
        ready, _, _ = select.select([descriptor], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            raise HookInputError(f"no hook event on stdin within {timeout:g} s; ignored")
        chunk = os.read(descriptor, min(1 << 16, size - got))
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


class HookEvent(NamedTuple):
    name: str
    cwd: str
    prompt: str = ""
    session_id: str | None = None
    transcript_path: str | None = None


def parse_event(text: str) -> HookEvent:
    """The hook event in `text`; HookInputError when it is not a supported event object."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise HookInputError(f"stdin is not a JSON hook event ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(data, dict):
        raise HookInputError("stdin is not a JSON object")
    name = data.get("hook_event_name")
    if name not in EVENTS:
        raise HookInputError(f"hook_event_name {name!r} is not one of {', '.join(EVENTS)}")
    cwd = data.get("cwd") or os.getcwd()
    if not isinstance(cwd, str) or not os.path.isdir(cwd):
        raise HookInputError(f"cwd {cwd!r} is not a folder")
    prompt = data.get("prompt") or ""
    if not isinstance(prompt, str):
        raise HookInputError("prompt is not a string")
    return HookEvent(name=name, cwd=os.path.abspath(cwd), prompt=prompt.strip() if name == "UserPromptSubmit" else "",
                     session_id=_optional_str(data.get("session_id")),
                     transcript_path=_optional_str(data.get("transcript_path")))


def _optional_str(value) -> str | None:
    return value if isinstance(value, str) else None


def context_for(event: HookEvent, now: date, budget: int = DEFAULT_BUDGET,
                cache_dir: str | None = None, config_path: str | None = None) -> str:
    """The priming block for this event, within Claude Code's character limit; empty when the
    memory has nothing for it (no standards, nothing observed), so nothing is injected."""
    from indexer.prime.state import repo_root, start_probe

    root = repo_root(event.cwd)
    probe = start_probe(root)  # `git status` runs on the other core while the modules below load

    from indexer.prime.block import PrimeRequest, build

    in_subfolder = os.path.realpath(event.cwd) != os.path.realpath(root)
    request = PrimeRequest(task=event.prompt, budget=budget, now=now, fmt="markdown",
                           paths=(event.cwd,) if in_subfolder else (), repo=event.cwd,
                           cache_dir=cache_dir, config_path=config_path, worked_on=True)
    block = build(request, probe)
    return fit_limit(block.text) if block.selection.entries else ""


def fit_limit(text: str, limit: int = MAX_CONTEXT) -> str:
    """`text`, or its first whole lines plus a note, in fewer than `limit` characters."""
    if len(text) < limit:
        return text
    room = limit - len(TRUNCATED) - 1
    cut = text[:room]
    newline = cut.rfind("\n")
    return (cut[:newline] if newline > 0 else cut) + TRUNCATED


def hook_output(event: HookEvent, context: str) -> dict:
    return {"hookSpecificOutput": {"hookEventName": event.name, "additionalContext": context}}


def respond(stdin_text: str, now: date, budget: int = DEFAULT_BUDGET, cache_dir: str | None = None,
            config_path: str | None = None) -> str:
    """The whole hook: event text in, the line to print out (empty when there is nothing to add)."""
    event = parse_event(stdin_text)
    context = context_for(event, now, budget, cache_dir, config_path)
    if not context.strip():
        return ""
    return json.dumps(hook_output(event, context), ensure_ascii=True) + "\n"


_MAX_NOTE = 300  # characters of the one-line note on stderr (an event's cwd could be huge)
_ANSI = r"\033\[[;?0-9]*[a-zA-Z]"  # terminal styles, which click.echo strips off a pipe


def run(stdin: BinaryIO | None, budget: int = DEFAULT_BUDGET, now: date | None = None,
        cache_dir: str | None = None, config_path: str | None = None) -> None:
    """`orgmemory hook claude-code`: the event on `stdin` in, the hook output on stdout. Any
    failure is one line on stderr and nothing on stdout (the prompt goes on unprimed)."""
    try:
        output = respond(read_input(stdin), now or date.today(), budget, cache_dir=cache_dir,
                         config_path=config_path)
    except Exception as exc:  # noqa: BLE001 - a hook must never break the user's session
        import re

        message = " ".join(str(exc).split()) or type(exc).__name__
        sys.stderr.write(re.sub(_ANSI, "", f"orgmemory: hook claude-code: {message[:_MAX_NOTE]}") + "\n")
        sys.stderr.flush()
        return
    _emit(output)


def _emit(text: str) -> None:
    """Print `text` and flush it. A reader that went away (a broken pipe) or no stdout at all is
    no failure of the hook's: the prompt goes on unprimed either way. Then stdout points at
    the null device (Python's documented way), so the exit does not fail on the same write."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def exit_at_once() -> None:
    """End the hook's process with exit 0 as soon as its output is out, without the interpreter's
    teardown (freeing every module, object and the allocator's arenas: ~6-9 ms of CPU for the
    ~80 modules a hook has loaded, which Claude Code waits for before it sends the prompt). Safe
    because nothing is left to do by then: the index and the cache are closed, the usage log is
    written and closed, the detached children are started, no `atexit` handler of ours exists;
    stdout and stderr are flushed here (a reader that went away is no error of the hook's)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(0)


#: `hook claude-code`'s options as `fast_options` reads them: name -> keyword of `run`.
_OPTIONS = {"--budget": "budget", "--now": "now", "--config": "config_path", "--cache-dir": "cache_dir"}
CACHE_DIR_ENV = "ORGMEMORY_CACHE_DIR"


def fast_options(args: list[str]) -> dict | None:
    """`run`'s keywords from the arguments after `hook claude-code`, when each is one click would
    accept as it is (`--budget N`, `--now YYYY-MM-DD`, `--config FILE`, `--cache-dir DIR`, each at
    most once, also as `--name=value`); None for anything else (`--help`, a bad or unusual value),
    which click then reads, with its help and its error messages."""
    values: dict[str, str] = {}
    position = 0
    while position < len(args):
        name, equals, value = args[position].partition("=")
        if name not in _OPTIONS or _OPTIONS[name] in values:
            return None
        if not equals:
            if position + 1 == len(args):
                return None
            value = args[position + 1]
        position += 1 if equals else 2
        if not value or value.startswith("-"):
            return None
        values[_OPTIONS[name]] = value
    if "cache_dir" not in values and os.environ.get(CACHE_DIR_ENV):
        values["cache_dir"] = os.environ[CACHE_DIR_ENV]
    out: dict = {"cache_dir": values.get("cache_dir"), "config_path": values.get("config_path")}
    budget = values.get("budget", str(DEFAULT_BUDGET))
    if not (budget.isascii() and budget.isdigit() and int(budget) >= 1):
        return None
    out["budget"] = int(budget)
    try:
        out["now"] = date.fromisoformat(values["now"]) if "now" in values else date.today()
    except ValueError:
        return None
    if not 1970 <= out["now"].year <= 9000:
        return None
    if not (_plain_path(out["cache_dir"], folder=True) and _plain_path(out["config_path"], folder=False)):
        return None
    return out


def _plain_path(value: str | None, folder: bool) -> bool:
    """Whether click's `Path(file_okay=not folder, dir_okay=folder)` takes `value` without a word."""
    if value is None:
        return True
    try:
        mode = os.stat(value).st_mode
    except OSError:
        return True  # absent: click takes it as it is
    except ValueError:
        return False  # a NUL in it: click's own failure
    import stat

    wrong = stat.S_ISREG(mode) if folder else stat.S_ISDIR(mode)
    return not wrong and os.access(value, os.R_OK)
