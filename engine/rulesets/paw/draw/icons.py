"""The dashboard icons the rulebook describes (Wingover, Side-slip, Climb, Descent, bomb,
dive bomber, torpedo, rocket), as small shapes centred on a point, `s` millimetres tall.
"""

from __future__ import annotations

import math

from engine.drawing.shapes import Arc, Ellipse, Item, Line, Polygon, Style
from engine.drawing.kit import INK, arrow


def _stroke(width: float, color: str = INK) -> Style:
    return Style(color, width=width)


def wingover(x: float, y: float, s: float, color: str = INK, key: str = "") -> list[Item]:
    """Straight up, then round and back down: the 180 degree turn."""
    r = s * 0.25
    w = s * 0.12
    return [
        Line(x + r, y + s * 0.45, x + r, y - s * 0.1, _stroke(w, color), key=key),
        Arc(x, y - s * 0.1, r, 0, 180, style=_stroke(w, color), key=key),
        Line(x - r, y - s * 0.1, x - r, y + s * 0.2, _stroke(w, color), key=key),
        arrow(x - r, y + s * 0.5, s * 0.32, angle=90, fill=color, key=key),
    ]


def side_slip(x: float, y: float, s: float, color: str = INK, key: str = "") -> list[Item]:
    """Forward, a step aside, forward again."""
    w = s * 0.12
    pts = ((x - s * 0.2, y + s * 0.5), (x - s * 0.2, y + s * 0.1), (x + s * 0.2, y - s * 0.1),
           (x + s * 0.2, y - s * 0.2))
    return [Polygon(pts, closed=False, style=_stroke(w, color), key=key),
            arrow(x + s * 0.2, y - s * 0.5, s * 0.32, angle=-90, fill=color, key=key)]


def climb(x: float, y: float, s: float, color: str = INK, key: str = "") -> list[Item]:
    """An arrow up to a bar: the next Altitude level above."""
    w = s * 0.12
    return [Line(x - s * 0.3, y - s * 0.45, x + s * 0.3, y - s * 0.45, _stroke(w, color), key=key),
            Line(x, y + s * 0.5, x, y - s * 0.05, _stroke(w, color), key=key),
            arrow(x, y - s * 0.3, s * 0.32, angle=-90, fill=color, key=key)]


def descent(x: float, y: float, s: float, color: str = INK, key: str = "") -> list[Item]:
    """An arrow down to a bar: the next Altitude level below."""
    w = s * 0.12
    return [Line(x - s * 0.3, y + s * 0.45, x + s * 0.3, y + s * 0.45, _stroke(w, color), key=key),
            Line(x, y - s * 0.5, x, y + s * 0.05, _stroke(w, color), key=key),
            arrow(x, y + s * 0.3, s * 0.32, angle=90, fill=color, key=key)]


def bomb(x: float, y: float, s: float, color: str = INK, key: str = "",
         dive: bool = False) -> list[Item]:
    """A falling bomb; the dive bomber's is tilted, falling at an angle."""
    angle = -35.0 if dive else 0.0
    a = math.radians(angle)

    def at(px: float, py: float) -> tuple[float, float]:
        return (x + px * math.cos(a) - py * math.sin(a), y + px * math.sin(a) + py * math.cos(a))

    fins = Polygon((at(-s * 0.24, -s * 0.52), at(s * 0.24, -s * 0.52), at(s * 0.08, -s * 0.18),
                    at(-s * 0.08, -s * 0.18)), style=Style(None, fill=color), key=key)
    body = Polygon(tuple(at(s * 0.21 * math.sin(t), s * 0.1 - s * 0.36 * math.cos(t))
                         for t in (i * math.pi / 10 for i in range(-10, 11))),
                   style=Style(None, fill=color), key=key)
    return [fins, body]


def torpedo(x: float, y: float, s: float, color: str = INK, key: str = "") -> list[Item]:
    """A torpedo lying flat, nose right."""
    return [Ellipse(x, y, s * 0.62, s * 0.14, style=Style(None, fill=color), key=key),
            Polygon(((x - s * 0.55, y), (x - s * 0.75, y - s * 0.22), (x - s * 0.75, y + s * 0.22)),
                    style=Style(None, fill=color), key=key)]


def rocket(x: float, y: float, s: float, color: str = INK, key: str = "") -> list[Item]:
    """A rocket pointing up."""
    return [Polygon(((x, y - s * 0.5), (x + s * 0.1, y - s * 0.3), (x + s * 0.1, y + s * 0.25),
                     (x + s * 0.22, y + s * 0.5), (x - s * 0.22, y + s * 0.5), (x - s * 0.1, y + s * 0.25),
                     (x - s * 0.1, y - s * 0.3)), style=Style(None, fill=color), key=key)]
