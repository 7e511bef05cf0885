"""Placing a target's counters in the defender's area as its target type's SETUP says.

Installations and radars are spread at least `min_spacing` apart, troops kept
within `max_spacing` of one another, both clear of the edges by
`min_edge_distance`. Targets that move toward the opposite edge (columns,
trains, convoys, task forces) form rows whose last counter touches a side
edge, facing across the mat; which side edge is the defender's choice, made
at random and logged.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .rolls import MissionReport, Roller
from .surface import INWARD, Surface

ROW_LENGTH = 3  # counters per row of a convoy or task force: "one or more parallel rows"


@dataclass
class Counter:
    id: str
    unit: str
    x: float = 0.0
    y: float = 0.0
    heading: float = 0.0


def counters(composition) -> list[Counter]:
    out, seen = [], {}
    for item in composition:
        for _ in range(item.count):
            seen[item.unit] = seen.get(item.unit, 0) + 1
            out.append(Counter(f"{item.unit}-{seen[item.unit]}", item.unit))
    return out


def _pitch(s: Surface, setup) -> float:
    """Centre-to-centre spacing: the set-up's minimum gap, or a step capped by its maximum."""
    if setup.min_spacing is not None:
        return s.length + setup.min_spacing * s.step
    gap = s.step
    if setup.max_spacing is not None:
        gap = min(gap, setup.max_spacing * s.step - s.length)
    return s.length + max(gap, 0.0)


def place(s: Surface, edge: str, target_type, units: list[Counter], roller: Roller) -> None:
    """Set x, y and heading of each counter inside the half of the mat along `edge`."""
    setup = target_type.setup
    pitch = _pitch(s, setup)
    middle = s.depth(edge) / 4  # halfway into the defender's half
    if setup.moves_toward_opposite_edge:
        rows = math.ceil(len(units) / ROW_LENGTH) if setup.arrangement == "parallel_rows" else 1
        sides = ("left", "right") if edge in ("top", "bottom") else ("bottom", "top")
        start = roller.pick(list(sides), f"{target_type.label}: side edge it enters from")
        per_row = math.ceil(len(units) / rows)
        heading = INWARD[start]
        for index, unit in enumerate(units):
            row, place_in_row = divmod(index, per_row)
            depth = middle + (row - (rows - 1) / 2) * pitch
            # the last counter of the row touches the side edge; the head leads the way
            along = s.length / 2 + (per_row - 1 - place_in_row) * pitch
            unit.x, unit.y = _across(s, edge, start, depth, along)
            unit.heading = heading
    else:
        cols = math.ceil(math.sqrt(len(units)))
        rows = math.ceil(len(units) / cols)
        centre = s.edge_length(edge) / 2
        for index, unit in enumerate(units):
            row, col = divmod(index, cols)
            along = centre + (col - (cols - 1) / 2) * pitch
            depth = middle + (row - (rows - 1) / 2) * pitch
            unit.x, unit.y = (round(v, 1) for v in s.at(edge, depth, along))
        start = None
    _check(s, edge, target_type, units, start)


def _across(s: Surface, edge: str, start: str, depth: float, along: float):
    """A point `depth` into the half along `edge`, `along` in from the side edge `start`."""
    x, y = s.at(start, along, 0.0)
    if edge in ("top", "bottom"):
        y = s.at(edge, depth, 0.0)[1]
    else:
        x = s.at(edge, depth, 0.0)[0]
    return round(x, 1), round(y, 1)


def _check(s: Surface, edge: str, target_type, units: list[Counter],
           start: str | None) -> None:
    """Inside the defender's half and clear of the edges (a row: of all but its entry side)."""
    need = target_type.setup.min_edge_distance * s.step
    half = s.half(edge)
    edges = [e for e in ("top", "bottom", "left", "right") if e != start]
    for unit in units:
        shape = s.counter(unit.x, unit.y, unit.heading)
        if not half.buffer(0.01).contains(shape):
            raise MissionReport(f"the mat is too small for {target_type.label}: '{unit.id}' "
                                "falls outside the defender's half")
        if min(s.edge_line(e).distance(shape) for e in edges) < need:
            raise MissionReport(f"the mat is too small for {target_type.label}: '{unit.id}' "
                                f"is closer than {target_type.setup.min_edge_distance} steps "
                                "to an edge")
