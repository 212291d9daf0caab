"""Commits per month for a few paths, from one `git log` pass restricted to those paths.

A legacy path's story is told by activity: it went quiet while its successor kept changing.
One `git log --name-only` over just the paths involved gives every commit that touched any of
them with the files it touched, which is then counted per path and per month.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Iterable, Sequence

from indexer.git.history import commit_days

WINDOW_MONTHS = 36  # three years: long enough to see a legacy path go quiet


@dataclass(frozen=True)
class Activity:
    """Commits touching one path: per month in the window, and over all history up to `now`."""

    path: str
    months: tuple[str, ...]  # "YYYY-MM", oldest first, ending with the month of `now`
    counts: tuple[int, ...]
    total: int  # commits over all history up to `now`
    last: str | None  # date of the newest such commit

    def to_json(self) -> dict:
        return {"path": self.path, "months": list(self.months), "counts": list(self.counts),
                "window_total": sum(self.counts), "total": self.total, "last": self.last}


def window(now: date, months: int = WINDOW_MONTHS) -> tuple[str, ...]:
    """The `months` calendar months ending with the month of `now`, oldest first."""
    index = now.year * 12 + now.month - 1
    return tuple(f"{m // 12:04d}-{m % 12 + 1:02d}" for m in range(index - months + 1, index + 1))


def monthly_activity(root: str, paths: Iterable[str], now: date,
                     months: int = WINDOW_MONTHS) -> dict[str, Activity]:
    """{path: Activity} for each of `paths`; commits dated after `now` are ignored."""
    wanted = sorted({p.rstrip("/") for p in paths if p})
    if not wanted:
        return {}
    commits = _commits(root, wanted)
    span = window(now, months)
    today = now.isoformat()
    out = {}
    for path in wanted:
        days = [day for day, files in commits if day <= today and any(_under(f, path) for f in files)]
        per_month = {month: 0 for month in span}
        for day in days:
            if day[:7] in per_month:
                per_month[day[:7]] += 1
        out[path] = Activity(path=path, months=span, counts=tuple(per_month.values()), total=len(days),
                             last=max(days, default=None))
    return out


def _commits(root: str, paths: Sequence[str]) -> list[tuple[str, list[str]]]:
    """(author day, files touched among `paths`) per commit reachable from HEAD."""
    return commit_days(root, paths)


def _under(file: str, path: str) -> bool:
    return file == path or file.startswith(path + "/")
