"""Layout helpers every ruleset's previews share: measuring and wrapping text, tables of
cells, labelled value boxes, a plane silhouette, the "sample" tag, and a scenario
laid out on its board.

Kept apart from `engine.drawing.shapes` (the vocabulary) so that the vocabulary stays a
plain data format any renderer can read, while this module holds the choices
that make previews look alike across game systems.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Iterable, Sequence


from engine.content.diagnostics import format_path
from engine.drawing.fonts import advance
from engine.drawing.shapes import CAP_HEIGHT, Drawing, Ellipse, Font, Group, Item, Line, Polygon, Rect, Style, Text

INK = "#202020"
MUTED = "#6b6f76"
SAMPLE = "#b3261e"

def unkeyed(items: Iterable[Item]) -> list[Item]:
    """Items with their keys dropped: a board drawn inside a preview whose keys must name
    fields of the previewed record (hex codes and mat halves are not)."""
    return [replace(item, key="") for item in items]


def lighter(colour: str, amount: float = 0.35) -> str:
    """A '#rrggbb' colour mixed with white (paler counter faces, tinted set-up areas);
    other colour names are returned unchanged."""
    if not (colour.startswith("#") and len(colour) == 7):
        return colour
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


def key(*parts: str | int) -> str:
    """A field path as the studio selects it: key("guns", 2, "hit") -> 'guns[2].hit'."""
    return format_path(parts)


def text_width(text: str, font: Font) -> float:
    """Width in millimetres of `text` set in `font` (whose size is the cap height), by the face's
    own metrics (`engine.drawing.fonts`), for every script it has."""
    return advance(text, font.bold, font.italic) * font.size / CAP_HEIGHT


def fit(text: str, font: Font, width: float) -> str:
    """`text`, cut with an ellipsis if it is wider than `width`."""
    if text_width(text, font) <= width:
        return text
    while text and text_width(text + "…", font) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def squeeze(text: str, font: Font, width: float, *, smallest: float = 0.65, lines: int = 1
            ) -> tuple[list[str], Font]:
    """`text` in at most `lines` (one or two) lines no wider than `width`, and the font to set them
    in: `font` made smaller when too wide (down to `smallest` of its size); two lines, split where
    the longer is shortest, when that is not enough ("Light" over "anti-aircraft"; at a hyphen in a
    single word: "Primorsko-" over "Akhtarsk"), at 70% at most so that they stand about as tall as
    one and a half; cut with an ellipsis only when a line is still too wide. Names on counters and
    cards stay whole where a plain `fit` would cut them."""
    parts = [text]
    if lines > 1 and text_width(text, font) > width / smallest:
        whole = text.strip()
        breaks = [m.end() for m in re.finditer(r" +" if " " in whole else "-", whole)]
        splits = [[whole[:i].rstrip(), whole[i:]] for i in breaks if i < len(whole)]
        parts = min(splits, key=lambda two: max(text_width(part, font) for part in two), default=parts)
    wide = max(text_width(part, font) for part in parts) / width
    least = 1.0 if len(parts) == 1 else 1 / 0.7
    smaller = replace(font, size=font.size / min(max(wide, least), 1 / smallest))
    width *= 1.0001  # a line shrunk to the width exactly must not be cut for a rounding error
    return [fit(part, smaller, width) for part in parts], smaller


def stacked(x: float, y: float, lines: Sequence[str], font: Font, color: str, anchor: str, *,
            key: str = "", leading: float = 1.25) -> Group:
    """`lines` one under the other, anchored as one block at (x, y): the first line hangs from y
    for a top anchor ("n", "nw", "ne"), the last sits on it for a bottom one, else they centre."""
    step = font.size * leading
    span = (len(lines) - 1) * step
    first = y if anchor.startswith("n") else y - span if anchor.startswith("s") else y - span / 2
    return Group(tuple(Text(x, first + i * step, line, font, color, anchor=anchor, key=key)
                       for i, line in enumerate(lines)))


def wrap(text: str, font: Font, width: float) -> list[str]:
    """Lines of `text` no wider than `width`, broken between words."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if line and text_width(trial, font) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def paragraph(x: float, y: float, text: str, font: Font, width: float, *, color: str = INK,
              key: str = "", leading: float = 1.6, max_lines: int | None = None
              ) -> tuple[list[Item], float]:
    """Wrapped text from (x, y) downwards; returns the items and the height used."""
    lines = wrap(text, font, width)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit(lines[-1] + " …", font, width)
    step = font.size * leading
    items: list[Item] = [Text(x, y + i * step, line, font, color, anchor="nw", key=key)
                         for i, line in enumerate(lines)]
    return items, len(lines) * step


def sample_tag(record: Any, x: float, y: float, anchor: str = "ne") -> list[Item]:
    """A small red 'SAMPLE' tag for records whose values are authored, not printed."""
    if not getattr(record, "sample", False):
        return []
    return [Text(x, y, "SAMPLE VALUES", Font(1.6, bold=True), SAMPLE, anchor=anchor,
                 key="sample")]


def value_box(x: float, y: float, w: float, h: float, label: str, value: str, *,
              key: str = "", fill: str = "#ffffff", color: str = INK,
              label_color: str = MUTED) -> list[Item]:
    """A framed value with a small caption above it, as dashboards and cards print stats."""
    font, caption = Font(min(h * 0.32, 3.6), bold=True), Font(1.5, bold=True)
    while font.size > 1.2 and text_width(value, font) > w - 1.2:
        font = Font(font.size * 0.9, bold=True)
    while caption.size > 0.9 and text_width(label, caption) > w - 0.8:
        caption = Font(caption.size * 0.9, bold=True)
    return [
        Rect(x, y, w, h, radius=0.8, style=Style(stroke=INK, fill=fill, width=0.25), key=key),
        Text(x + w / 2, y + 1.0, label, caption, label_color, anchor="n", key=key),
        Text(x + w / 2, y + h * 0.62, value, font, color, key=key),
    ]


@dataclass(frozen=True)
class Cell:
    """One table cell: its text and the field path it shows."""

    text: str
    key: str = ""
    bold: bool = False
    color: str = INK
    fill: str | None = None
    align: str = "w"  # w, c or e


def table(x: float, y: float, widths: Sequence[float], rows: Iterable[Sequence[Cell]], *,
          header: Sequence[str] = (), font: Font = Font(2.0), row_h: float = 4.4,
          header_fill: str = INK) -> tuple[list[Item], float]:
    """A ruled table as printed rulebook tables are; returns items and height."""
    items: list[Item] = []
    total = sum(widths)
    top = y
    if header:
        items.append(Rect(x, y, total, row_h, style=Style(stroke=None, fill=header_fill)))
        cx = x
        for text, w in zip(header, widths):
            lines, bold = squeeze(text, Font(font.size, bold=True), w - 1.5, smallest=0.75, lines=2)
            items.append(stacked(cx + 1.0, y + row_h / 2, lines, bold, "#ffffff", "w"))
            cx += w
        y += row_h
    for i, row in enumerate(rows):
        if i % 2:
            items.append(Rect(x, y, total, row_h, style=Style(stroke=None, fill="#f1efe8")))
        cx = x
        for cell, w in zip(row, widths):
            if cell.fill:
                items.append(Rect(cx, y, w, row_h, style=Style(stroke=None, fill=cell.fill),
                                  key=cell.key))
            (text,), cell_font = squeeze(cell.text, Font(font.size, bold=cell.bold), w - 1.5, smallest=0.75)
            tx = {"w": cx + 1.0, "c": cx + w / 2, "e": cx + w - 1.0}[cell.align]
            items.append(Text(tx, y + row_h / 2, text, cell_font, cell.color,
                              anchor=cell.align, key=cell.key))
            cx += w
        items.append(Line(x, y + row_h, x + total, y + row_h, Style("#c9c5b9", width=0.15)))
        y += row_h
    items.append(Rect(x, top, total, y - top, style=Style(INK, width=0.25)))
    return items, y - top


def heart(cx: float, cy: float, size: float, fill: str = SAMPLE, key: str = "") -> Polygon:
    """A heart icon (durability, damage) as one polygon, `size` wide."""
    pts = []
    for i in range(40):
        t = 2 * math.pi * i / 40
        hx = 16 * math.sin(t) ** 3
        hy = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + hx * size / 34, cy - hy * size / 34))
    return Polygon(tuple(pts), style=Style(None, fill=fill), key=key)


@lru_cache(maxsize=512)
def plane_silhouette(length: float, *, fill: str = INK, engines: int = 1,
                     key: str = "") -> Group:
    """A top view of a plane, nose up (towards -y), centred on (0, 0), `length` long.

    Cached: drawings are immutable, and a board draws the same few planes many times.
    """
    s = length / 20.0
    body = [(0, -10), (1, -8.6), (1.1, -3), (9.6, -1.2), (10, 0.6), (1.1, 1.2), (0.8, 6.4),
            (3.8, 7.6), (3.9, 8.9), (0.5, 8.7), (0, 10)]
    outline = body + [(-x, y) for x, y in reversed(body[1:-1])]
    items: list[Item] = [Polygon(tuple((x * s, y * s) for x, y in outline),
                                 style=Style(None, fill=fill), key=key)]
    if engines > 1:
        offsets = [3.6, 6.4] if engines > 2 else [4.4]
        for off in offsets:
            for side in (-1, 1):
                items.append(Ellipse(side * off * s, -1.4 * s, 0.9 * s, 2.4 * s,
                                     style=Style(None, fill=fill), key=key))
    return Group(tuple(items), key=key)


def arrow(x: float, y: float, size: float, *, angle: float = 0.0, fill: str = SAMPLE,
          key: str = "") -> Polygon:
    """A filled triangular arrowhead pointing `angle` degrees clockwise from +x, tip at (x, y)."""
    a = math.radians(angle)
    back = (x - size * math.cos(a), y - size * math.sin(a))
    nx, ny = -math.sin(a) * size * 0.55, math.cos(a) * size * 0.55
    return Polygon(((x, y), (back[0] + nx, back[1] + ny), (back[0] - nx, back[1] - ny)),
                   style=Style(None, fill=fill), key=key)


# --------------------------------------------------------------------------- scenarios


STACK_OFFSET = 1.5  # millimetres between counters of one stack


def piece_poses(board: Any, pieces: Iterable[Any]) -> list[tuple[Any, float, float, float]]:
    """Where each piece's counter is drawn: (piece, x, y, clockwise turn in degrees).

    Grid boards put a counter at `board.center(board.parse(cell))`, turned to its
    facing; free mats at `board.to_drawing(x, y)`, turned to its heading (counters face
    up; headings are counter-clockwise from +x). Counters sharing a cell are fanned out
    a little, as a stack on the table is. Pieces with neither cell nor position are left
    out. Scenario previews and the playtest board (units at any moment of a game) share it.
    """
    out = []
    stacks: dict[str, int] = {}
    for piece in pieces:
        if piece.cell is not None:
            x, y = board.center(board.parse(piece.cell))
            depth = stacks[piece.cell] = stacks.get(piece.cell, -1) + 1
            x, y = x + depth * STACK_OFFSET, y - depth * STACK_OFFSET
            turn = board.facing_angle(piece.facing) if piece.facing is not None else 0.0
        elif piece.pos is not None:
            x, y = board.to_drawing(*piece.pos)
            turn = 90.0 - (piece.heading or 0.0)
        else:
            continue
        out.append((piece, x, y, turn))
    return out


def scenario_drawing(layout: Any, scenario: Any, content: Any, *, title: str = "") -> Drawing:
    """The scenario's board with every piece's counter drawn where it stands (`piece_poses`).

    Works for any ruleset's `ScenarioLayout`. The studio draws the same pieces as
    movable items; this is the flat picture for previews and print.
    """
    board = layout.board(scenario, content)
    base = board.drawing()
    items: list[Item] = list(base.items)
    pieces = [p for p in layout.pieces(scenario, content) if p.counter is not None]
    for piece, x, y, turn in piece_poses(board, pieces):
        items.append(Group(piece.counter.items, dx=x, dy=y, rotate=turn, key=piece.key))
    return Drawing(base.width, base.height, tuple(items), title=title or base.title,
                   background=base.background, notes=base.notes)
