"""What the Pocket Air War previews share: component sizes from the rules record and
the colours the rulebook names (grey guns, orange gunners, red arrows, yellow
Energy, white and red Altitude discs).
"""

from __future__ import annotations

from typing import Any

from engine.drawing.shapes import Font, Item, Line, Polygon, Rect, Style, Text
from engine.drawing.kit import INK, arrow

GUNS = "#9e9e9e"
GUNNERS = "#f08a24"
RED = "#d32f2f"
YELLOW = "#f6c90e"
DARK_PLATE = "#2f3338"
LIGHT_PLATE = "#d9dcdf"
CARD = "#f4f1e8"
SIDES = {"axis": "#5f6b52", "allies": "#3f5f8a"}
ALTITUDE_DOT = {"high": "#ffffff", "low": RED}  # standard has no dot


class Sizes:
    """Physical sizes from the pack's `paw.rules` record, or a note saying they are nominal."""

    def __init__(self, ctx: Any) -> None:
        found = ctx.records("paw.rules") if ctx is not None else []
        self.notes: tuple[str, ...] = ()
        if found:
            c = found[0].components
            self.step, self.dashboard = c.step_mm, c.dashboard_length_mm
            self.counter = (c.counter_width_mm, c.counter_length_mm)
        else:
            # Nothing to measure with: draw at the size of a typical printed ruler and say so.
            self.step, self.dashboard, self.counter = 15.0, 150.0, (16.0, 16.0)
            self.notes = ("no paw.rules record: steps and counters are drawn at a nominal size",)


def step_ticks(x0: float, y: float, step: float, count: int, *, down: bool = True,
               length: float = 2.5, key: str = "") -> list[Item]:
    """Ruler ticks at every step from the start, pointing into the card from an edge at `y`."""
    sign = 1 if down else -1
    items: list[Item] = [Line(x0, y, x0 + count * step, y, Style(INK, width=0.35), key=key)]
    for k in range(count + 1):
        items.append(Line(x0 + k * step, y, x0 + k * step, y + sign * length,
                          Style(INK, width=0.3), key=key))
    return items


def start_arrow(x: float, y: float, *, down: bool = True) -> Polygon:
    """The red arrow a ruler is aligned with, pointing along the ruler from its edge."""
    return arrow(x + 3.2, y + (1.6 if down else -1.6), 3.2, fill=RED)


def threshold_box(x: float, y: float, w: float, h: float, fill: str, hit: int,
                  kill: int | None, *, hit_key: str, kill_key: str = "") -> list[Item]:
    """One box of a Combat ruler: its colour, the black Hit Threshold, a Kill Threshold beside it."""
    items: list[Item] = [
        Rect(x, y, w, h, style=Style("#ffffff", fill=fill, width=0.3), key=hit_key),
        Text(x + (w * 0.36 if kill is not None else w / 2), y + h / 2, str(hit),
             Font(min(3.2, h * 0.5), bold=True), INK, key=hit_key),
    ]
    if kill is not None:
        items += [
            Rect(x + w * 0.64, y + h * 0.18, w * 0.3, h * 0.64, radius=0.6,
                 style=Style(None, fill=RED), key=kill_key),
            Text(x + w * 0.79, y + h / 2, str(kill), Font(min(2.3, h * 0.36), bold=True),
                 "#ffffff", key=kill_key),
        ]
    return items
