"""The clock reference (§V Reference Quadrant, §IX Firing Arc, §XI): where one hex lies as seen
from a plane, as one of six 60° arcs, 12 o'clock at the nose, 2 o'clock to its right.

Worked in cube coordinates (`engine.core.board`): the offset is turned into the plane's frame
and split into whole hexes along the two grid directions it lies between, so hexes exactly on
the 30° lines between arcs are found without floating point. Which arc those take is content
(`af.rules` fire.arc_edges); the 90° lines always go forward, to 2 and 10 o'clock.
"""

from __future__ import annotations

from typing import Literal

from engine.core.board import Cube, HexGrid

from .state import Plane

CLOCK = (12, 2, 4, 6, 8, 10)  # arc by directions clockwise of the nose
EdgeRule = Literal["fore_aft", "beam"]
Side = Literal["left", "right", "either"]


def _turn_back(v: Cube) -> Cube:
    """`v` turned 60° anticlockwise: grid direction k + 1 becomes k."""
    x, y, z = v
    return (-y, -z, -x)


def clock_of(offset: Cube, facing: int, edges: EdgeRule = "fore_aft") -> int | None:
    """The o'clock arc of `offset` (cube, from the plane's hex) for a plane facing `facing`;
    None for its own hex."""
    if offset == (0, 0, 0):
        return None
    v = offset
    for _ in range(facing % 6):
        v = _turn_back(v)
    # In the plane's frame, find the wedge k between directions k and k + 1 that holds v and
    # write v = i * dir(k) + j * dir(k + 1), i > 0, j >= 0; dir(0) is (0, 1, -1).
    for k in range(6):
        x, y, _ = v
        if y > 0 and x >= 0:
            i, j = y, x
            break
        v = _turn_back(v)
    if i != j:
        return CLOCK[k if i > j else (k + 1) % 6]
    # On the line between arcs k and k + 1: 30° off the nose or tail (a boundary of 12 or 6
    # o'clock) goes by the content's rule; the 90° lines (1|2, 4|5) go to 2 and 10 o'clock.
    pair = (k, (k + 1) % 6)
    ends = [a for a in pair if a in (0, 3)]
    if ends:
        arc = ends[0] if edges == "fore_aft" else sum(pair) - ends[0]
    else:
        arc = 1 if pair == (1, 2) else 5
    return CLOCK[arc]


def clock(grid: HexGrid, plane: Plane, cell, edges: EdgeRule = "fore_aft") -> int | None:
    """The o'clock arc of `cell` as `plane` sees it; None for the plane's own hex."""
    a, b = grid.cube(plane.cell), grid.cube(cell)
    return clock_of((b[0] - a[0], b[1] - a[1], b[2] - a[2]), plane.facing, edges)


def side_of(arc: int) -> Side:
    """Which side of a plane an attacker at `arc` o'clock is on (§IX Hit Priorities)."""
    return "right" if arc in (2, 4) else "left" if arc in (8, 10) else "either"
