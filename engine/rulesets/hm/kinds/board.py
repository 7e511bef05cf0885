"""The hex mat: its size in hexes and the target hexes of a bombing run.

The rulebook asks for a mat whose hexes line up so that the two sides, and the
bombing targets, have a straight path of hexes to each other. Flat-topped
hexes in columns give exactly that along the board's length, so the mat is
addressed as (column, row), both counted from 1 at the north-west corner, and
a plane's facing is the hexside it points at, 0-5 clockwise from north. The
geometry is the engine's `HexGrid`; `Board.grid()` builds it.
"""

from __future__ import annotations

from typing import Literal

from engine.core.board import Cell, HexGrid, number_code, parse_number_code
from engine.content.model import Model, Record, field, kind_literal

Stagger = Literal["even-low", "odd-low"]
Hex = tuple[int, int]  # (column, row), both from 1
MM_PER_INCH = 25.4
# 1-based even columns are the grid's 0-based odd ones, and the other way round.
LOW_COLUMNS = {"even-low": "odd", "odd-low": "even"}


def to_cell(hex_: Hex) -> Cell:
    return (hex_[0] - 1, hex_[1] - 1)


def footprint(grid: HexGrid, nose: Cell, facing: int, length: int) -> list[Cell]:
    """Cells a plane covers: its nose cell, then `length - 1` cells straight behind it."""
    return [grid.step(nose, facing + 3, i) for i in range(length)]


class Target(Model):
    """A target hex of a bombing run, marked near the end of the mat (rulebook: The Board; Bombing)."""

    id: str = field("Target id, unique on this board; victory conditions name it.", pattern=r"^[a-z0-9][a-z0-9._-]*$")
    name: str | None = field("What the target is.", None)
    col: int = field("Column of the target hex.", ge=1, le=200)
    row: int = field("Row of the target hex.", ge=1, le=200)

    @property
    def hex(self) -> Hex:
        return self.col, self.row


class Board(Record):
    """A hex mat (rulebook: The Board).

    Hexes are flat-topped and stand in straight columns along the board's
    length, so each column is a straight path of hexes between the two ends.
    Column 1 is the west edge, row 1 the north edge; facing 0 is north.
    """

    kind: kind_literal("hm.board")
    columns: int = field("Width of the mat in hex columns.", unit="hexes", ge=2, le=200)
    rows: int = field("Length of the mat in hex rows, north to south.", unit="hexes", ge=2, le=200)
    hex_inches: float = field(
        "Size of a hex across its flat sides (the rulebook: about 4 inches).",
        unit="in",
        gt=0,
        le=12,
    )
    stagger: Stagger = field(
        "Which columns sit half a hex further south: 'even-low' (columns 2, 4, ...) or "
        "'odd-low'.",
        "even-low",
    )
    targets: list[Target] = field(
        "Bombing targets marked on the mat, usually near the far end.", default_factory=list
    )

    def contains(self, hex_: Hex) -> bool:
        col, row = hex_
        return 1 <= col <= self.columns and 1 <= row <= self.rows

    def grid(self) -> HexGrid:
        """The mat as the engine's hex grid; cells count from 0, labels are 1-based codes ('0924')."""
        return HexGrid(self.columns, self.rows, self.hex_inches * MM_PER_INCH, labeler=number_code,
                       parser=parse_number_code, low_columns=LOW_COLUMNS[self.stagger])

    def size_inches(self) -> tuple[float, float]:
        """(width, length) of the mat; flat-topped columns stand 3/4 of a hex's width apart."""
        across_corners = self.hex_inches * 2 / 3**0.5
        width = across_corners * (0.75 * (self.columns - 1) + 1)
        length = self.hex_inches * (self.rows + 0.5)
        return width, length
