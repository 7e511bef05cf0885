"""Routes drawn on the playtest board: the way a move would go while a person picks it, and the
way a flight went when the log's cursor is on it (Air Wars 17.0).

A person choosing where a stack flies sees the engine's route, or the one they are giving, before
they commit; a replay shows how each stack flew and so where it met the enemy. No Qt here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from engine.drawing.shapes import Ellipse, Item, Line, Polygon, Style
from engine.drawing.kit import arrow

ROUTE, REFUSED, HALO = "#f9a825", "#d32f2f", "#ffffff"
SIDE = "#1f5fa8"  # a side's route when its layout gives it no colour


@dataclass(frozen=True)
class Trail:
    """The cells a move passes, from where it starts; `refused`: the rules refuse it at the last;
    `marks`: cells on the way where something happened (Air Wars: contact revealed the stack)."""

    cells: tuple[str, ...]
    colour: str = ROUTE
    refused: bool = False
    marks: tuple[str, ...] = ()


def option_trail(game: Any, decision: Any, option: dict) -> Trail | None:
    """The route of a highlighted option (`option` carrying the person's route if they gave one)
    by the ruleset's `option_route`; None for a ruleset or an option without one."""
    found = game.engine.option_route(game, decision, option)
    if not found or len(found[0]) < 2:
        return None
    cells, problem = found
    return Trail(tuple(cells), REFUSED if problem else ROUTE, bool(problem))


def flight_trail(events: Sequence[dict], index: int, setup: Any) -> Trail | None:
    """The path of event `index` when it logs one from a cell (`from`, then the cells of `path`), in
    the colour of its side, marked where the events it came with (since the decision before it)
    happened at a cell of the path: the reveals of a stack on contact."""
    event = events[index]
    path = event.get("path")
    if not isinstance(event.get("from"), str) or not isinstance(path, list) or not path \
            or not all(isinstance(c, str) for c in path):
        return None
    start = index
    while start > 0 and events[start - 1]["type"] != "decision":
        start -= 1
    marks = tuple(dict.fromkeys(e["at"] for e in events[start:index] if e.get("at") in path))
    return Trail((event["from"], *path), side_colour(setup, event.get("side")), marks=marks)


def side_colour(setup: Any, side: Any) -> str:
    """The layout's colour of `side` (`side_colour`), else a plain blue."""
    layout = setup.layout
    return (layout.side_colour(setup.scenario, setup.content, side) if layout is not None and isinstance(side, str)
            else None) or SIDE


def trail_items(trail: Trail, point: Callable[[str], tuple[float, float] | None],
                size: float) -> tuple[list[Item], list[Item]]:
    """What goes under the counters: a line through the centres of the trail's cells (a pale halo
    under it reads on any terrain), a dot on each cell entered and an arrowhead at the end, a
    refused route dashed and crossed out where it goes wrong; and over them: a ring round each
    marked cell (the counters met there would hide anything smaller). `size` is a cell's width
    in millimetres."""
    points = [p for p in map(point, trail.cells) if p is not None]
    if len(points) < 2:
        return [], []
    width = size * 0.08
    dash = (width * 3, width * 2) if trail.refused else None
    out: list[Item] = [Polygon(tuple(points), closed=False, style=Style(HALO, width=width * 2.2, opacity=0.7)),
                       Polygon(tuple(points), closed=False, style=Style(trail.colour, width=width, dash=dash))]
    r = width * 1.1
    out += [Ellipse(x, y, r, r, style=Style(HALO, fill=trail.colour, width=width * 0.3)) for x, y in points[1:-1]]
    ring = size * 0.62
    marks = [Ellipse(x, y, ring, ring, style=Style(trail.colour, width=width, dash=(width * 2, width)))
             for x, y in filter(None, map(point, trail.marks))]
    (ax, ay), (bx, by) = points[-2], points[-1]
    if trail.refused:
        c = size * 0.2
        out += [Line(bx - c, by - c, bx + c, by + c, Style(trail.colour, width=width * 1.2)),
                Line(bx - c, by + c, bx + c, by - c, Style(trail.colour, width=width * 1.2))]
    else:
        out.append(arrow(bx, by, size * 0.3, angle=math.degrees(math.atan2(by - ay, bx - ax)), fill=trail.colour))
    return out, marks
