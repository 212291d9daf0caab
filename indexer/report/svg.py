"""Inline SVG charts drawn from numbers alone.

The charts carry no text (text in images cannot be searched, resized or read by every screen
reader): each has an `aria-label` summary, and the page prints the same numbers as text beside
it. Colours come from CSS classes (`currentColor` and custom properties), so the charts follow
light and dark mode with the rest of the page.
"""
from __future__ import annotations

from typing import Sequence

from indexer.report.markup import Markup, el

SPARK_BAR = 4  # px per month
SPARK_HEIGHT = 24
HIST_BAR = 28  # px per year
HIST_GAP = 8
HIST_HEIGHT = 120


def sparkline(counts: Sequence[int], label: str, tone: str) -> Markup:
    """Commits per month as tiny columns on a baseline; `tone` is a CSS class (legacy/successor)."""
    top = max(counts, default=0) or 1
    width = SPARK_BAR * max(len(counts), 1)
    bars = [_column(i * SPARK_BAR, SPARK_BAR - 1, n, top, SPARK_HEIGHT - 1) for i, n in enumerate(counts) if n]
    baseline = el("rect", {"x": 0, "y": SPARK_HEIGHT - 1, "width": width, "height": 1, "class": "axis"})
    return el("svg", {"class": f"spark {tone}", "viewBox": f"0 0 {width} {SPARK_HEIGHT}", "width": width,
                      "height": SPARK_HEIGHT, "role": "img", "aria-label": label, "focusable": "false"},
              el("title", None, label), baseline, bars)


def histogram(stacks: Sequence[tuple[int, int]], label: str) -> Markup:
    """Columns of (stale, fresh) counts, stale at the bottom, all on one scale."""
    top = max((a + b for a, b in stacks), default=0) or 1
    step = HIST_BAR + HIST_GAP
    width = max(step * len(stacks) - HIST_GAP, HIST_BAR)
    shapes = []
    for i, (stale, fresh) in enumerate(stacks):
        x = i * step
        stale_height = _scaled(stale, top, HIST_HEIGHT - 1)
        total_height = _scaled(stale + fresh, top, HIST_HEIGHT - 1)
        if fresh:
            shapes.append(_rect(x, HIST_HEIGHT - 1 - total_height, HIST_BAR, total_height - stale_height, "fresh"))
        if stale:
            shapes.append(_rect(x, HIST_HEIGHT - 1 - stale_height, HIST_BAR, stale_height, "stale"))
    baseline = _rect(0, HIST_HEIGHT - 1, width, 1, "axis")
    return el("svg", {"class": "hist", "viewBox": f"0 0 {width} {HIST_HEIGHT}", "width": width,
                      "height": HIST_HEIGHT, "role": "img", "aria-label": label, "focusable": "false"},
              el("title", None, label), baseline, shapes)


def _scaled(value: int, top: int, height: int) -> int:
    """Bar height in px; any non-zero value stays visible."""
    if value <= 0:
        return 0
    return max(2, round(value / top * height))


def _column(x: int, width: int, value: int, top: int, height: int) -> Markup:
    h = _scaled(value, top, height)
    return _rect(x, height - h, width, h, "bar")


def _rect(x: int, y: int, width: int, height: int, cls: str) -> Markup:
    return el("rect", {"x": x, "y": y, "width": width, "height": height, "class": cls})
