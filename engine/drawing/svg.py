"""Drawings as SVG text: for print-and-play sheets, docs, and looking at previews headless.

One SVG user unit is one millimetre and the document says so in its width and
height, so a printed sheet comes out at the component's real size.

Text is placed by its cap height rather than by the renderer's baseline rules
(`Font.size` is the cap height), so a label anchored "w" is centred on its
point in every viewer; the Qt renderer reads `Text` the same way.
"""

from __future__ import annotations

import math
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from engine.drawing.shapes import CAP_HEIGHT, Arc, Drawing, Ellipse, Group, Item, Line, Polygon, Rect, Style, Text
from engine.content.pack import write_atomic


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _style(style: Style, fill: bool = True) -> str:
    parts = [f'stroke="{style.stroke}"' if style.stroke else 'stroke="none"',
             f'fill="{style.fill}"' if fill and style.fill else 'fill="none"']
    if style.stroke:
        parts.append(f'stroke-width="{_num(style.width)}"')
        parts.append('stroke-linejoin="round"')
    if style.dash:
        parts.append(f'stroke-dasharray="{" ".join(_num(d) for d in style.dash)}"')
    if style.opacity < 1.0:
        parts.append(f'opacity="{_num(style.opacity)}"')
    return " ".join(parts)


def _key(item: Item) -> str:
    return f" data-key={quoteattr(item.key)}" if item.key else ""


def _points(points) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def arc_point(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    """A point of a circle; degrees counter-clockwise from +x as seen on the page (y down)."""
    rad = math.radians(degrees)
    return (cx + r * math.cos(rad), cy - r * math.sin(rad))


def _arc_path(arc: Arc) -> str:
    span = max(-360.0, min(360.0, arc.span))
    if abs(span) >= 360.0:
        # A full circle: two half arcs, since one arc cannot end where it starts.
        x0, y0 = arc_point(arc.cx, arc.cy, arc.r, arc.start)
        x1, y1 = arc_point(arc.cx, arc.cy, arc.r, arc.start + 180)
        r = _num(arc.r)
        return (f"M{_num(x0)},{_num(y0)} A{r},{r} 0 1 0 {_num(x1)},{_num(y1)} "
                f"A{r},{r} 0 1 0 {_num(x0)},{_num(y0)}" + (" Z" if arc.pie else ""))
    x0, y0 = arc_point(arc.cx, arc.cy, arc.r, arc.start)
    x1, y1 = arc_point(arc.cx, arc.cy, arc.r, arc.start + span)
    large = 1 if abs(span) > 180 else 0
    sweep = 0 if span > 0 else 1  # counter-clockwise on the page is SVG's negative sweep
    r = _num(arc.r)
    body = f"M{_num(x0)},{_num(y0)} A{r},{r} 0 {large} {sweep} {_num(x1)},{_num(y1)}"
    if arc.pie:
        return f"M{_num(arc.cx)},{_num(arc.cy)} L{body[1:]} Z"
    return body


_H_ANCHOR = {"w": "start", "e": "end"}


def _text(item: Text) -> str:
    font = item.font
    anchor = item.anchor if item.anchor in ("n", "ne", "e", "se", "s", "sw", "w", "nw", "c") else "c"
    h = _H_ANCHOR.get(anchor[-1], "middle")
    # Baseline offset from the anchor point, by the cap height.
    if anchor.startswith("n"):
        dy = font.size
    elif anchor.startswith("s"):
        dy = 0.0
    else:
        dy = font.size / 2
    attrs = [f'x="{_num(item.x)}"', f'y="{_num(item.y + dy)}"',
             f'font-size="{_num(font.size / CAP_HEIGHT)}"',
             f"font-family={quoteattr(font.family)}", f'text-anchor="{h}"',
             f'fill="{item.color}"']
    if font.bold:
        attrs.append('font-weight="bold"')
    if font.italic:
        attrs.append('font-style="italic"')
    if item.rotate:
        attrs.append(f'transform="rotate({_num(item.rotate)} {_num(item.x)} {_num(item.y)})"')
    return f"<text {' '.join(attrs)}{_key(item)}>{escape(item.text)}</text>"


def _item(item: Item, out: list[str]) -> None:
    if isinstance(item, Line):
        out.append(f'<line x1="{_num(item.x1)}" y1="{_num(item.y1)}" x2="{_num(item.x2)}" '
                   f'y2="{_num(item.y2)}" {_style(item.style, fill=False)} '
                   f'stroke-linecap="round"{_key(item)}/>')
    elif isinstance(item, Polygon):
        tag = "polygon" if item.closed else "polyline"
        out.append(f'<{tag} points="{_points(item.points)}" '
                   f'{_style(item.style, fill=item.closed)}{_key(item)}/>')
    elif isinstance(item, Rect):
        radius = f' rx="{_num(item.radius)}"' if item.radius else ""
        out.append(f'<rect x="{_num(item.x)}" y="{_num(item.y)}" width="{_num(item.w)}" '
                   f'height="{_num(item.h)}"{radius} {_style(item.style)}{_key(item)}/>')
    elif isinstance(item, Ellipse):
        out.append(f'<ellipse cx="{_num(item.cx)}" cy="{_num(item.cy)}" rx="{_num(item.rx)}" '
                   f'ry="{_num(item.ry)}" {_style(item.style)}{_key(item)}/>')
    elif isinstance(item, Arc):
        out.append(f'<path d="{_arc_path(item)}" {_style(item.style, fill=item.pie)}{_key(item)}/>')
    elif isinstance(item, Text):
        out.append(_text(item))
    elif isinstance(item, Group):
        transform = f"translate({_num(item.dx)} {_num(item.dy)})"
        if item.rotate:
            transform += f" rotate({_num(item.rotate)})"
        if item.scale != 1.0:
            transform += f" scale({_num(item.scale)})"
        out.append(f'<g transform="{transform}"{_key(item)}>')
        for child in item.items:
            _item(child, out)
        out.append("</g>")
    else:  # pragma: no cover - the Item union is closed
        raise TypeError(f"cannot draw {type(item).__name__}")


def to_svg(drawing: Drawing) -> str:
    """The drawing as a standalone SVG document, sized in millimetres."""
    w, h = _num(drawing.width), _num(drawing.height)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" '
           f'viewBox="0 0 {w} {h}">']
    if drawing.title:
        out.append(f"<title>{escape(drawing.title)}</title>")
    if drawing.notes:
        out.append(f"<desc>{escape(' / '.join(drawing.notes))}</desc>")
    if drawing.background:
        out.append(f'<rect x="0" y="0" width="{w}" height="{h}" fill="{drawing.background}"/>')
    for item in drawing.items:
        _item(item, out)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_svg(drawing: Drawing, path: str | Path) -> Path:
    """Written whole or not at all: a failed write leaves the page that was there."""
    path = Path(path)
    write_atomic(path, to_svg(drawing))  # (making the folders it needs)
    return path
