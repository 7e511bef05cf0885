"""A small headless drawing vocabulary for previews and boards.

Rulesets describe what a dashboard, data card, counter or board looks like as
plain shapes; the studio renders them with Qt, and anything else (SVG export,
print-and-play sheets, tests) can read them without Qt. Each item may carry a
`key` — a field path such as "combat.hit[2]" or a unit id — so that clicking a
shape can select the field or unit it shows, and a drag can be mapped back to
an edit of the data.

Coordinates are in millimetres on the printed component (y grows downwards).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Union


class _HashSlot:
    """Holds the slot an item keeps its hash in (set on first use, see `_item`)."""

    __slots__ = ("_hash",)


def _item(cls):
    """A frozen, slotted dataclass whose hash is worked out once: the studio keeps the Qt items
    of shapes two drawings share by looking each shape up by hash, and a group would otherwise
    hash every shape inside it again on every redraw. Safe because items are frozen values."""
    cls = dataclass(frozen=True, slots=True)(cls)
    fields_hash = cls.__hash__

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            value = fields_hash(self)
            object.__setattr__(self, "_hash", value)
            return value

    cls.__hash__ = __hash__
    return cls


@dataclass(frozen=True, slots=True)
class Style:
    stroke: str | None = "#202020"
    fill: str | None = None
    width: float = 0.3
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0


# Cap height of DejaVu Sans (the sans-serif face here and in Qt offscreen) as a fraction of the em:
# every renderer sets a font's em from it, so text fills the width layouts measured for it.
CAP_HEIGHT = 0.729


@dataclass(frozen=True, slots=True)
class Font:
    size: float = 3.0  # millimetres of cap height
    bold: bool = False
    italic: bool = False
    family: str = "sans-serif"


@_item
class Line(_HashSlot):
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style()
    key: str = ""


@_item
class Polygon(_HashSlot):
    """A polyline; `closed` joins the last point to the first and allows a fill."""

    points: tuple[tuple[float, float], ...]
    closed: bool = True
    style: Style = Style()
    key: str = ""


@_item
class Rect(_HashSlot):
    x: float
    y: float
    w: float
    h: float
    radius: float = 0.0
    style: Style = Style()
    key: str = ""


@_item
class Ellipse(_HashSlot):
    cx: float
    cy: float
    rx: float
    ry: float
    style: Style = Style()
    key: str = ""


@_item
class Arc(_HashSlot):
    """Part of a circle; angles in degrees, 0 = +x, counter-clockwise positive.

    `pie` closes the arc to the centre (a wedge), which is how fire arcs and the
    Air Force maneuver-screen bands are drawn.
    """

    cx: float
    cy: float
    r: float
    start: float
    span: float
    pie: bool = False
    style: Style = Style()
    key: str = ""


@_item
class Text(_HashSlot):
    """Text anchored at (x, y): `anchor` is one of n, ne, e, se, s, sw, w, nw, c."""

    x: float
    y: float
    text: str
    font: Font = Font()
    color: str = "#202020"
    anchor: str = "c"
    rotate: float = 0.0
    key: str = ""


@_item
class Group(_HashSlot):
    """Items translated by (dx, dy), then rotated by `rotate` degrees clockwise about (dx, dy)."""

    items: tuple["Item", ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    scale: float = 1.0
    key: str = ""


Item = Union[Line, Polygon, Rect, Ellipse, Arc, Text, Group]


@dataclass(frozen=True, slots=True)
class Drawing:
    width: float
    height: float
    items: tuple[Item, ...] = ()
    title: str = ""
    background: str | None = "#ffffff"
    notes: tuple[str, ...] = field(default=())

    def walk(self) -> Iterator[Item]:
        """Every item, groups included, depth first."""
        stack = list(reversed(self.items))
        while stack:
            item = stack.pop()
            yield item
            if isinstance(item, Group):
                stack.extend(reversed(item.items))

    def keys(self) -> set[str]:
        return {item.key for item in self.walk() if item.key}

    def texts(self) -> list[str]:
        return [item.text for item in self.walk() if isinstance(item, Text)]
