"""Memory health: a local log of what each prime injected, and the statistics read from it.

A memory that is only ever written rots: standards no task needs, tags that never match. Each
prime appends one JSON line to `<cache dir>/usage.jsonl` with the ids it injected, the SHA-256
of the task (its text only when asked with `--log-task`), the time, the block's size against
its budget and what the budget dropped. `orgmemory stats` aggregates it.

The time is the `--now` day with the wall-clock time of day (UTC): runs pinned to a `--now`
are filed under that day, so `--days` windows agree with the dates the blocks were built for.
"""
import json
import os
import time
from datetime import date, timedelta
from typing import Any, Iterable, NamedTuple, Sequence

USAGE_FILE = "usage.jsonl"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def usage_path(cache_dir: str) -> str:
    return os.path.join(cache_dir, USAGE_FILE)


def stamp(now: date) -> str:
    """`--now`'s day with the current UTC time of day: 2026-11-01T14:03:27Z."""
    return now.isoformat() + time.strftime("T%H:%M:%SZ", time.gmtime())


def append(cache_dir: str, entry: dict[str, Any]) -> None:
    """One line, one `write` on an O_APPEND descriptor: concurrent primes never interleave.

    The log is never reached through a symlink (`O_NOFOLLOW`): it could lead anywhere.
    """
    from indexer.cache import ensure_dir

    ensure_dir(cache_dir)
    line = (json.dumps(entry, sort_keys=True, separators=(",", ":")) + "\n").encode()
    fd = os.open(usage_path(cache_dir), os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NOFOLLOW, 0o644)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


def read(cache_dir: str) -> list[dict[str, Any]]:
    """Every well-formed entry, oldest first (a torn or foreign line is skipped)."""
    try:
        fd = os.open(usage_path(cache_dir), os.O_RDONLY | _NOFOLLOW)
        with open(fd, encoding="utf-8", errors="replace") as fh:
            lines = fh.read().splitlines()
    except OSError:  # none yet, a symlink, a folder, unreadable: no usage to report
        return []
    entries = []
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict) and isinstance(entry.get("time"), str):
            entries.append(entry)
    return entries


class StandardUse(NamedTuple):
    id: str
    priority: str
    injected: int


class Stats(NamedTuple):
    primes: int
    first: str | None
    last: str | None
    window: dict[str, Any]
    standards: list[StandardUse]
    average_tokens: float
    average_budget: float
    average_fill: float
    dropped_observations: int
    primes_with_drops: int
    over_budget: int

    @property
    def never_injected(self) -> list[StandardUse]:
        return [s for s in self.standards if s.injected == 0]

    def to_json(self) -> dict[str, Any]:
        return {
            "primes": self.primes, "first": self.first, "last": self.last, "window": self.window,
            "standards": [{"id": s.id, "priority": s.priority, "injected": s.injected} for s in self.standards],
            "never_injected": [s.id for s in self.never_injected],
            "average_tokens": self.average_tokens, "average_budget": self.average_budget,
            "average_fill": self.average_fill, "dropped_observations": self.dropped_observations,
            "primes_with_drops": self.primes_with_drops, "over_budget": self.over_budget,
        }


def compute(entries: Iterable[dict[str, Any]], standards: Sequence[tuple[str, str]], now: date,
            last: int | None = None, days: int | None = None) -> Stats:
    """Statistics over the entries of the last `days` days up to `now`, then the `last` of them.

    `standards` are the active standards as (id, priority): every one is listed, so those never
    injected show up with a count of zero.
    """
    chosen = [e for e in entries if e["time"][:10] <= now.isoformat()]
    if days is not None:
        since = (now - timedelta(days=days - 1)).isoformat()
        chosen = [e for e in chosen if e["time"][:10] >= since]
    if last is not None:
        chosen = chosen[-last:] if last > 0 else []
    counts = {sid: 0 for sid, _ in standards}
    for entry in chosen:
        for sid in set(entry.get("standards", ())):
            if sid in counts:
                counts[sid] += 1
    uses = sorted((StandardUse(sid, priority, counts[sid]) for sid, priority in standards),
                  key=lambda s: (-s.injected, s.id))
    n = len(chosen)
    budgets = [e for e in chosen if e.get("budget")]
    return Stats(
        primes=n, first=chosen[0]["time"] if chosen else None, last=chosen[-1]["time"] if chosen else None,
        window={"last": last, "days": days, "until": now.isoformat()}, standards=uses,
        average_tokens=_mean(e.get("tokens", 0) for e in chosen),
        average_budget=_mean(e["budget"] for e in budgets),
        average_fill=_mean(e.get("tokens", 0) / e["budget"] for e in budgets),
        dropped_observations=sum(e.get("dropped_observations", 0) for e in chosen),
        primes_with_drops=sum(1 for e in chosen if e.get("dropped", 0)),
        over_budget=sum(1 for e in chosen if e.get("over_budget")),
    )


def _mean(values: Iterable[float]) -> float:
    values = list(values)
    return round(sum(values) / len(values), 3) if values else 0.0
