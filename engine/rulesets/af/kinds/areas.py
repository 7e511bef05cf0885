"""Set-up areas as hexes of the board: where a group's counters may start.

Scenarios name areas, not hexes ("anywhere within sections V or VI", "no more
than three hexes from the 5-6 side", "road hexes of sections III and/or IV"),
and leave the hex to the player. The board view tints an area and lint checks
a chosen start against it, so both read it here, from the same rules the
`Area` docstring states: every given constraint applies, none means anywhere.
"""

from __future__ import annotations

from engine.core.board import Cell

from .board import Board
from .scenario import Area, Group, Variant

ALL_SIDES = (1, 2, 3, 4, 5, 6)


def start_sides(group: Group) -> tuple[tuple[int, ...], int]:
    """Board sides the group starts along and how deep (1 = the edge row).

    Groups whose entry side is rolled ("the number rolled is the side of the map
    by which they enter") start on the edge of whichever side comes up, so their
    area is the edge row all round until the die is rolled.
    """
    area = group.area
    if area.edges:
        return tuple(area.edges), area.depth or 1
    if group.entry is not None and group.entry.side_die is not None:
        return ALL_SIDES, 1
    return (), 0


def area_hexes(board: Board, group: Group, variant: Variant) -> dict[str, Cell] | None:
    """Hex code -> board cell of every hex the group may start in, in board order;
    None when the scenario puts it anywhere on the map."""
    area = group.area
    sides, depth = start_sides(group)
    if not (area.hexes or area.sections or sides or area.road):
        return None
    fixed = set(area.hexes)
    roads = set(variant.terrain.road_columns) if variant.terrain is not None else set()
    from_edge = board.edge_distance(sides)
    out: dict[str, Cell] = {}
    for code, _, letter, cell in board.hexes(area.sections or None):
        if fixed and code not in fixed:
            continue
        if area.road and letter not in roads:
            continue
        if sides and from_edge(cell) > depth:
            continue
        out[code] = cell
    return out


def describe_area(group: Group) -> str:
    """The area in a few words, as the legend and a piece's label say it."""
    area: Area = group.area
    what = ("hex " if len(area.hexes) == 1 else "hexes ") + ", ".join(area.hexes) if area.hexes \
        else "road hexes" if area.road else ""
    where: list[str] = []
    if area.sections:
        where.append(("section " if len(area.sections) == 1 else "sections ") + ", ".join(area.sections))
    sides, depth = start_sides(group)
    if sides:
        named = "any side (rolled)" if not area.edges else \
            ("side " if len(sides) == 1 else "sides ") + ", ".join(map(str, sides))
        where.append(f"along {named}" if depth == 1 else f"within {depth} hexes of {named}")
    if what and where:
        return f"{what} in {' and '.join(where)}"
    return what or " and ".join(where) or "anywhere on the map"
