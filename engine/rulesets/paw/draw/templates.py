"""Turning and fire templates drawn from their geometry, as the printed cards look.

Template coordinates are millimetres with +x the heading and +y the inside of
a left turn (y up); the page has y down, so points are drawn at (x, -y) and a
left turn curves up the page, as the card lies under a plane flying right.
"""

from __future__ import annotations

import math
from typing import Any

from engine.drawing.shapes import Arc, Drawing, Ellipse, Font, Group, Item, Line, Polygon, Style, Text
from engine.drawing.kit import INK, MUTED, arrow, key, sample_tag

from ..kinds.templates import FireTemplate, TurningTemplate
from .style import CARD, GUNNERS, RED, YELLOW, Sizes

MARGIN = 4.0


def _page(points) -> tuple[tuple[float, float], ...]:
    return tuple((x, -y) for x, y in points)


def fire_span(template: FireTemplate) -> float:
    span = (template.arc_end_deg - template.arc_start_deg) % 360
    return span or 360.0


def fire_sector(template: FireTemplate, fill: str, *, opacity: float = 1.0,
                key: str = "") -> list[Item]:
    """The sector a gunner covers, with the gunner's mark at (0, 0) and facing +x."""
    return [Arc(0, 0, template.radius_mm, template.arc_start_deg, fire_span(template), pie=True,
                style=Style(fill, fill=fill, width=0.2, opacity=opacity), key=key)]


def _framed(items: list[Item], bounds: list[tuple[float, float]], record: Any,
            title: str, notes: tuple[str, ...]) -> Drawing:
    """Shift the template so its outline sits inside the page with a margin."""
    xs, ys = [p[0] for p in bounds], [p[1] for p in bounds]
    dx, dy = MARGIN - min(xs), MARGIN + 4.0 - min(ys)
    width = max(xs) - min(xs) + 2 * MARGIN
    height = max(ys) - min(ys) + 2 * MARGIN + 4.0
    tag = sample_tag(record, width - 1.0, 1.0)
    return Drawing(width, height, (Group(tuple(items), dx=dx, dy=dy), *tag), title=title,
                   notes=notes)


def turning_template(record: TurningTemplate, ctx: Any) -> Drawing:
    """The card, its marks one step apart along the arc, yellow circles where Energy is lost."""
    r = record.radius_mm
    outline = _page(record.outline) if record.outline else ()
    items: list[Item] = []
    if outline:
        items.append(Polygon(outline, style=Style(INK, fill=CARD, width=0.35), key="outline"))

    def on_arc(radius: float, step: float) -> tuple[float, float]:
        theta = math.radians(record.step_angle_deg * step)
        return (radius * math.sin(theta), -(r - radius * math.cos(theta)))

    steps = len(record.marks)
    centre_line = tuple(on_arc(r, s / 8) for s in range(steps * 8 + 1))
    items.append(Polygon(centre_line, closed=False, style=Style(MUTED, width=0.25,
                                                                dash=(1.0, 0.8)),
                         key="radius_mm"))
    half = 4.2
    for i, mark in enumerate(record.marks):
        a, b = on_arc(r - half, mark.step), on_arc(r + half, mark.step)
        path = key("marks", i)
        items.append(Line(*a, *b, Style(INK, width=0.45), key=path))
        cx, cy = on_arc(r, mark.step)
        if mark.energy_loss:
            items.append(Ellipse(cx, cy, 1.9, 1.9, style=Style(INK, fill=YELLOW, width=0.25),
                                 key=key("marks", i, "energy_loss")))
        items.append(Text(cx, cy, str(mark.step), Font(1.6, bold=True), INK,
                          key=key("marks", i, "step")))
    # The start mark with its arrow: where the plane's side mark is laid, pointing ahead.
    items.append(Line(*on_arc(r - half, 0), *on_arc(r + half, 0), Style(RED, width=0.5)))
    items.append(arrow(3.4, 0.0, 3.0, fill=RED))
    lx, ly = on_arc(r - half / 2, 0.5)
    items.append(Text(lx, ly, record.letter, Font(3.4, bold=True), INK, key="letter"))
    # The card and the arc both: an outline that disagrees with the radius stays visible.
    bounds = list(outline) + [on_arc(rr, s / 4) for rr in (r - half, r + half)
                              for s in range(steps * 4 + 1)]
    return _framed(items, bounds, record, f"Turning template {record.letter}",
                   Sizes(ctx).notes)


def fire_template(record: FireTemplate, ctx: Any) -> Drawing:
    """The printed fire template with its sector, step rings and the gunner's mark."""
    sizes = Sizes(ctx)
    outline = _page(record.outline) if record.outline else ()
    items: list[Item] = []
    if outline:
        items.append(Polygon(outline, style=Style(INK, fill=CARD, width=0.35), key="outline"))
    items += fire_sector(record, GUNNERS, opacity=0.35, key="radius_mm")
    span = fire_span(record)
    rings = int(record.radius_mm // sizes.step)
    for n in range(1, rings + 1):
        items.append(Arc(0, 0, n * sizes.step, record.arc_start_deg, span,
                         style=Style(MUTED, width=0.2, dash=(0.8, 0.8))))
        near_edge = math.radians(record.arc_start_deg + min(6.0, span / 6))
        items.append(Text(n * sizes.step * math.cos(near_edge) - 1.2,
                          -n * sizes.step * math.sin(near_edge), str(n), Font(1.5), MUTED))
    for edge, path in ((record.arc_start_deg, "arc_start_deg"),
                       (record.arc_start_deg + span, "arc_end_deg")):
        a = math.radians(edge)
        items.append(Line(0, 0, record.radius_mm * math.cos(a), -record.radius_mm * math.sin(a),
                          Style(INK, width=0.35), key=path))
    items.append(Ellipse(0, 0, 1.1, 1.1, style=Style("#ffffff", fill=RED, width=0.25)))
    mid = math.radians(record.arc_start_deg + span / 2)
    at = record.radius_mm * 0.62
    items.append(Text(at * math.cos(mid), -at * math.sin(mid), record.code,
                      Font(4.0, bold=True), INK, key="code"))
    bounds = list(outline) or [(0.0, 0.0)]
    for deg in range(0, 361, 10):
        if (deg - record.arc_start_deg) % 360 <= span:
            a = math.radians(deg)
            bounds.append((record.radius_mm * math.cos(a), -record.radius_mm * math.sin(a)))
    return _framed(items, bounds, record, f"Fire template {record.code}", sizes.notes)
