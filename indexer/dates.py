"""`--now` and the small date arithmetic every rule shares."""
from __future__ import annotations

import calendar
from datetime import date, datetime, timezone


def epoch(day: date) -> int:
    return int(datetime(day.year, day.month, day.day, tzinfo=timezone.utc).timestamp())


def day_of(epoch_seconds: int) -> date:
    return datetime.fromtimestamp(epoch_seconds, tz=timezone.utc).date()


def deadline_day(text: str) -> date | None:
    """`2024-06-30` is that day; `2024-01` means the end of January 2024."""
    try:
        if len(text) == 7:
            year, month = int(text[:4]), int(text[5:7])
            return date(year, month, calendar.monthrange(year, month)[1])
        return date.fromisoformat(text)
    except ValueError:
        return None
