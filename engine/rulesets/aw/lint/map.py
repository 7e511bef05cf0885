"""Air Wars lint rules on the map: grid, territory, places, front line and radar cover."""

from __future__ import annotations

from collections import Counter

from engine.content.diagnostics import did_you_mean
from engine.content.ruleset import LintContext, LintRule
from engine.core.board import parse_letter_number as cell_of
from engine.core.board import letter_number_label as square_name

from ..kinds.board import Map, line_squares
from .helpers import MAP


class MapGrid(LintRule):
    code = "aw.map_grid"
    kinds = (MAP,)
    summary = "Every grid square is listed once, on the grid, with a terrain of the chart."

    def check(self, game_map: Map, ctx: LintContext) -> None:
        terrain_ids = [t.id for t in game_map.terrain]
        for t, n in Counter(terrain_ids).items():
            if n > 1:
                ctx.emit_error(("terrain",), f"terrain '{t}' is defined {n} times")
        seen: set[str] = set()
        for i, sq in enumerate(game_map.squares):
            if not game_map.on_grid(sq.at):
                ctx.emit_error(
                    ("squares", i, "at"),
                    f"square {sq.at} is off the {game_map.columns} x {game_map.rows} grid "
                    f"(A1-{square_name((game_map.columns - 1, game_map.rows - 1))})",
                )
            elif sq.at in seen:
                ctx.emit_error(("squares", i, "at"), f"square {sq.at} is listed twice")
            seen.add(sq.at)
            if sq.terrain not in terrain_ids:
                ctx.emit_error(
                    ("squares", i, "terrain"),
                    f"no terrain '{sq.terrain}' on the chart.{did_you_mean(sq.terrain, terrain_ids)}".rstrip(),
                )
        missing = [square_name(c) for c in game_map.grid().cells() if square_name(c) not in seen]
        if missing:
            shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
            ctx.emit_error(
                ("squares",), f"{len(missing)} square(s) of the grid are not listed: {shown}"
            )


class MapTerritory(LintRule):
    code = "aw.map_territory"
    kinds = (MAP,)
    summary = "Land squares belong to a side; all-water squares to none (29.1, 29.2)."

    def check(self, game_map: Map, ctx: LintContext) -> None:
        for i, sq in enumerate(game_map.squares):
            terrain = game_map.terrain_type(sq.terrain)
            if terrain is None:
                continue
            if terrain.all_water and sq.territory:
                ctx.emit_warning(
                    ("squares", i, "territory"),
                    f"{sq.at} is all water; territory covers land spaces only",
                )
            if not terrain.all_water and not sq.territory:
                ctx.emit_error(
                    ("squares", i), f"land square {sq.at} belongs to no side's territory"
                )


class MapPlaces(LintRule):
    code = "aw.map_places"
    kinds = (MAP,)
    summary = "Places have unique ids and sit on listed land squares of the grid."

    def check(self, game_map: Map, ctx: LintContext) -> None:
        index = game_map.square_index()
        for p, n in Counter(p.id for p in game_map.places).items():
            if n > 1:
                ctx.emit_error(("places",), f"place id '{p}' is used {n} times")
        for i, place in enumerate(game_map.places):
            sq = index.get(place.at)
            if sq is None:
                ctx.emit_error(
                    ("places", i, "at"), f"{place.name}'s square {place.at} is not on the map"
                )
                continue
            terrain = game_map.terrain_type(sq.terrain)
            installs = place.airbase or place.port or place.logistic_centre or place.ground_battle
            if terrain is not None and terrain.all_water and installs:
                ctx.emit_error(
                    ("places", i, "at"),
                    f"{place.name} has installations but {place.at} is all water (14.0: never a ground space)",
                )


def _front_edges(game_map: Map, ctx: LintContext) -> set[frozenset]:
    edges: set[frozenset] = set()
    for s, segment in enumerate(game_map.front_line.segments):
        for k, (a, b) in enumerate(zip(segment, segment[1:])):
            path = ("front_line", "segments", s, k + 1)
            points = [a, b]
            off_corner = [list(pt) for pt in points if any(v != int(v) for v in pt)]
            if off_corner:
                ctx.emit_error(path, f"front line point {off_corner[0]} is not on a grid corner")
                continue
            (x1, y1), (x2, y2) = ((int(x), int(y)) for x, y in points)
            if abs(x1 - x2) + abs(y1 - y2) != 1:
                ctx.emit_error(
                    path,
                    f"front line step {[x1, y1]} -> {[x2, y2]} does not follow one square side; "
                    "add the corners in between",
                )
                continue
            if not all(
                0 <= x <= game_map.columns and 0 <= y <= game_map.rows
                for x, y in ((x1, y1), (x2, y2))
            ):
                ctx.emit_error(path, f"front line point {[x2, y2]} is off the map")
                continue
            edges.add(frozenset(((x1, y1), (x2, y2))))
    return edges


def _edge_squares(edge: frozenset) -> tuple[tuple[int, int], tuple[int, int]]:
    """The cells on either side of a unit edge between grid corners (cells count from 0)."""
    (x1, y1), (x2, y2) = sorted(edge)
    if x1 == x2:  # vertical edge: west and east cells
        return (x1 - 1, y1), (x1, y1)
    return (x1, y1 - 1), (x1, y1)  # horizontal edge: north and south cells


def _shared_edge(cell: tuple[int, int], other: tuple[int, int]) -> frozenset:
    """The side two orthogonally adjacent cells share, as a pair of grid corners."""
    (c, r), (oc, orow) = sorted((cell, other))
    if oc != c:  # east neighbour
        return frozenset(((c + 1, r), (c + 1, r + 1)))
    return frozenset(((c, r + 1), (c + 1, r + 1)))  # south neighbour


class FrontLine(LintRule):
    code = "aw.front_line"
    kinds = (MAP,)
    summary = "The front line follows square sides and separates the territories exactly."

    def check(self, game_map: Map, ctx: LintContext) -> None:
        edges = _front_edges(game_map, ctx)
        owner: dict[tuple[int, int], str] = {}
        index_of: dict[tuple[int, int], int] = {}
        for i, sq in enumerate(game_map.squares):
            terrain = game_map.terrain_type(sq.terrain)
            land = terrain is not None and not terrain.all_water
            if sq.territory and land and game_map.on_grid(sq.at):
                owner[cell_of(sq.at)] = sq.territory
                index_of[cell_of(sq.at)] = i
        for (col, row), side in sorted(owner.items()):
            for other in ((col + 1, row), (col, row + 1)):
                if owner.get(other, side) != side and _shared_edge((col, row), other) not in edges:
                    ctx.emit_error(
                        ("squares", index_of[(col, row)]),
                        f"{square_name((col, row))} ({side}) and {square_name(other)} "
                        f"({owner[other]}) meet across a side that is not on the front line",
                    )
        for edge in edges:
            a, b = _edge_squares(edge)
            if a in owner and b in owner and owner[a] == owner[b]:
                ctx.emit_warning(
                    ("front_line",),
                    f"the front line runs between {square_name(a)} and {square_name(b)}, both "
                    f"{owner[a]} territory",
                )


class RadarLine(LintRule):
    code = "aw.radar_line"
    kinds = (MAP,)
    summary = "Every square a radar line passes through, even slightly, is in its cover (23.0)."

    def check(self, game_map: Map, ctx: LintContext) -> None:
        grid = [s.at for s in game_map.squares if game_map.on_grid(s.at)]
        for r, radar in enumerate(game_map.radar):
            off = [s for s in radar.squares if not game_map.on_grid(s)]
            if off:
                ctx.emit_error(
                    ("radar", r, "squares"), f"radar squares off the map: {', '.join(off)}"
                )
            crossed = line_squares(radar.line, grid)
            uncovered = sorted(crossed - set(radar.squares), key=cell_of)
            if uncovered:
                ctx.emit_error(
                    ("radar", r, "squares"),
                    f"the radar line passes through {', '.join(uncovered)}, which are not listed "
                    "as covered; a square the line touches is a radar square (23.0)",
                )
