"""The square-grid map (3.0): squares, terrain, named places, front line and radar.

Territory is stored per square rather than derived from the front line, so the
engine never has to do geometry to know whose ground a square is; a lint rule
checks that the two agree. Lines are drawn in grid units: x runs east from the
map's west edge (0) to its east edge (columns), y south from the north edge.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from shapely.geometry import LineString, box

from engine.content.model import ID_PATTERN, Model, Provenance, Record, Ref, field, kind_literal
from engine.core.board import SquareGrid, parse_letter_number

from .vocabulary import Square

Point = Annotated[
    tuple[float, float],
    Field(
        description="A point in grid units: [x east of the west edge, y south of the north "
        "edge]; square C8 spans x 2-3, y 7-8."
    ),
]
Line = Annotated[list[Point], Field(min_length=2, description="A polyline, as points in order.")]


def square_box(square: str):
    """The square's area in grid units; cell (col, row) counted from 0 spans col..col+1."""
    col, row = parse_letter_number(square)
    return box(col, row, col + 1, row + 1)


def line_squares(points: list[tuple[float, float]], squares) -> set[str]:
    """Squares whose inside a line passes through; running along an edge touches neither."""
    line = LineString(points)
    return {
        s for s in squares if line.intersects(square_box(s)) and not line.touches(square_box(s))
    }


class TerrainType(Model):
    """One row of the Terrain Effects Chart."""

    id: str = field("Terrain id used by squares, e.g. 'sea'.", pattern=ID_PATTERN)
    name: str = field("Name as shown on the chart.", min_length=1)
    all_water: bool = field(
        "True for all-water squares: never a ground space, no ground units (14.0), no "
        "territory.",
    )


class GridSquare(Model):
    """One square of the grid."""

    at: Square
    terrain: str = field("Id of a terrain type of this map.", pattern=ID_PATTERN)
    territory: Ref("aw.side") | None = field(
        "Side whose territory the square is (land squares, full or part, 29.1/29.2); "
        "empty for all-water squares.",
        None,
    )


class Airbase(Model):
    """A printed airbase: its capacity and map-printed AA (15.0, 19.0, 30.2)."""

    capacity: int = field(
        "Air units that may be based here (printed next to the airbase).",
        unit="air units",
        ge=1,
        le=9,
    )
    aa: int = field(
        "Map-printed AA value: d6 rolled on the AA column against enemy air units that "
        "end their move here (19.0).",
        unit="d6",
        ge=0,
        le=9,
    )
    option: str | None = field(
        "Id of a scenario option that must be on for this airbase to exist (an errata "
        "toggle); empty: always there.",
        None,
        pattern=ID_PATTERN,
    )


class Place(Provenance):
    """A named square and the installations printed in it."""

    id: str = field("Place id that scenarios, cards and targets refer to.", pattern=ID_PATTERN)
    name: str = field("Name as printed on the map or in the rules.", min_length=1)
    at: Square
    airbase: Airbase | None = field("The airbase printed here, if any.", None)
    port: bool = field("A port is printed here (a bombing target, Port column).", False)
    logistic_centre: bool = field(
        "A logistic centre is printed here (a bombing target, Logistic Center column).", False
    )
    ground_battle: bool = field(
        "A battle square: a target only while a ground battle card names it (30.10).", False
    )


class FrontLine(Model):
    """The front line along square edges; territories lie on either side (29.1, 29.2)."""

    segments: list[Line] = field(
        "Polylines running along square sides, one per stretch of front; vertices on grid "
        "corners (whole numbers).",
        min_length=1,
    )


class Radar(Model):
    """A side's radar cover (23.0): the printed line and the squares it covers."""

    side: Ref("aw.side") = field("Side that owns the radar and examines flying enemy units.")
    line: Line = field(
        "The printed radar line; every square it passes through, even slightly, is a "
        "radar square (23.0)."
    )
    squares: list[Square] = field(
        "Every square in radar cover, including those the line passes through.", min_length=1
    )


class Map(Record):
    """The game map: grid, terrain chart, squares, places, front line and radar."""

    kind: kind_literal("aw.map")
    columns: int = field("Columns of squares, west to east (lettered A...).", ge=1, le=26)
    rows: int = field("Rows of squares, north to south (numbered from 1).", ge=1, le=99)
    square_km: int = field("Side of one grid square.", unit="km", ge=1, le=1000)
    terrain: list[TerrainType] = field("The Terrain Effects Chart.", min_length=1)
    squares: list[GridSquare] = field("Every square of the grid, once each.", min_length=1)
    places: list[Place] = field(
        "Named squares and their printed installations.", default_factory=list
    )
    front_line: FrontLine = field("The front line between the territories.")
    radar: list[Radar] = field("Radar cover per side that has radar.", default_factory=list)

    def place(self, place_id: str) -> Place | None:
        return next((p for p in self.places if p.id == place_id), None)

    def square(self, at: str) -> GridSquare | None:
        return self.square_index().get(at)

    def square_index(self) -> dict[str, GridSquare]:
        return {s.at: s for s in self.squares}

    def grid(self) -> SquareGrid:
        """The board the engine moves on: orthogonal steps only (17.0)."""
        return SquareGrid(self.columns, self.rows)

    def on_grid(self, at: str) -> bool:
        return self.grid().contains(parse_letter_number(at))

    def terrain_type(self, terrain_id: str) -> TerrainType | None:
        return next((t for t in self.terrain if t.id == terrain_id), None)

    def territory_of(self, at: str) -> str | None:
        sq = self.square(at)
        return sq.territory if sq else None
