"""Boards behind one interface: square grids with named squares, hex grids with facings.

Rules ask a board for neighbours, distances, lines and labels; the studio asks
it for geometry (centres and outlines in millimetres) and a base drawing. Cells
are (col, row) tuples counted from 0; labels are what the printed board shows
("C4", or the 1-based column-row code "0712").
"""

from __future__ import annotations

import math
import string
from typing import Callable, Iterable, Literal, Protocol

from engine.drawing.shapes import Drawing, Font, Polygon, Style, Text

Cell = tuple[int, int]
Point = tuple[float, float]


class Board(Protocol):
    kind: str

    def cells(self) -> Iterable[Cell]: ...
    def contains(self, cell: Cell) -> bool: ...
    def neighbors(self, cell: Cell) -> list[Cell]: ...
    def distance(self, a: Cell, b: Cell) -> int: ...
    def center(self, cell: Cell) -> Point: ...
    def outline(self, cell: Cell) -> list[Point]: ...
    def label(self, cell: Cell) -> str: ...
    def parse(self, label: str) -> Cell: ...
    def size(self) -> tuple[float, float]: ...
    def drawing(self, fill: Callable[[Cell], str | None] = ...) -> Drawing: ...


def letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: column letters as printed on boards."""
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = string.ascii_uppercase[rem] + out
    return out


def letter_index(text: str) -> int:
    value = 0
    for ch in text:
        value = value * 26 + (ord(ch) - 64)
    return value - 1


def letter_number_label(cell: Cell) -> str:
    """Column letter + 1-based row number: (2, 3) -> 'C4'."""
    return f"{letters(cell[0])}{cell[1] + 1}"


def parse_letter_number(label: str) -> Cell:
    text = label.strip().upper()
    split = len(text) - len(text.lstrip(string.ascii_uppercase))
    if split == 0 or split == len(text) or not text[split:].isdigit():
        raise ValueError(f"'{label}' is not a square or hex code like 'C4'")
    return (letter_index(text[:split]), int(text[split:]) - 1)


def number_code(cell: Cell) -> str:
    """1-based column then row, zero-padded to equal widths: (8, 23) -> '0924'."""
    col, row = cell[0] + 1, cell[1] + 1
    width = max(2, len(str(max(col, row))))
    return f"{col:0{width}d}{row:0{width}d}"


def parse_number_code(label: str) -> Cell:
    text = label.strip()
    if len(text) < 4 or len(text) % 2 or not text.isdigit():
        raise ValueError(f"'{label}' is not a hex code like '0924' (column then row, from 01)")
    half = len(text) // 2
    return (int(text[:half]) - 1, int(text[half:]) - 1)


class _Grid:
    """What square and hex grids share: extent, membership, labels, the base drawing."""

    kind = ""

    def __init__(self, cols: int, rows: int, cell_mm: float,
                 labeler: Callable[[Cell], str], parser: Callable[[str], Cell]) -> None:
        if cols < 1 or rows < 1:
            raise ValueError("a board needs at least one column and one row")
        self.cols, self.rows, self.cell_mm = cols, rows, cell_mm
        self._labeler, self._parser = labeler, parser

    def cells(self) -> Iterable[Cell]:
        for row in range(self.rows):
            for col in range(self.cols):
                yield (col, row)

    def contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.cols and 0 <= cell[1] < self.rows

    def label(self, cell: Cell) -> str:
        return self._labeler(cell)

    def parse(self, label: str) -> Cell:
        cell = self._parser(label)
        if not self.contains(cell):
            raise ValueError(f"'{label}' is off the board ({self.label((0, 0))} to "
                             f"{self.label((self.cols - 1, self.rows - 1))})")
        return cell

    def neighbors(self, cell: Cell) -> list[Cell]:
        return [n for n in self._adjacent(cell) if self.contains(n)]

    def _adjacent(self, cell: Cell) -> list[Cell]:  # pragma: no cover - abstract
        raise NotImplementedError

    def drawing(self, fill: Callable[[Cell], str | None] = lambda c: None) -> Drawing:
        w, h = self.size()
        items = []
        font = Font(size=self.cell_mm * 0.16)
        for cell in self.cells():
            style = Style(stroke="#8a8f98", fill=fill(cell), width=0.25)
            items.append(Polygon(tuple(self.outline(cell)), style=style, key=self.label(cell)))
            x, y = self.center(cell)
            items.append(Text(x, y - self.cell_mm * 0.3, self.label(cell), font=font, color="#8a8f98"))
        return Drawing(w, h, tuple(items))


class SquareGrid(_Grid):
    """Orthogonal movement only (Air Wars moves "via the sides of grids, not diagonally")."""

    kind = "square"

    def __init__(self, cols: int, rows: int, cell_mm: float = 20.0,
                 labeler: Callable[[Cell], str] = letter_number_label,
                 parser: Callable[[str], Cell] = parse_letter_number) -> None:
        super().__init__(cols, rows, cell_mm, labeler, parser)

    def _adjacent(self, cell: Cell) -> list[Cell]:
        c, r = cell
        return [(c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)]

    def distance(self, a: Cell, b: Cell) -> int:
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    def center(self, cell: Cell) -> Point:
        return ((cell[0] + 0.5) * self.cell_mm, (cell[1] + 0.5) * self.cell_mm)

    def outline(self, cell: Cell) -> list[Point]:
        x, y, s = cell[0] * self.cell_mm, cell[1] * self.cell_mm, self.cell_mm
        return [(x, y), (x + s, y), (x + s, y + s), (x, y + s)]

    def size(self) -> tuple[float, float]:
        return (self.cols * self.cell_mm, self.rows * self.cell_mm)


# Flat-topped hexes in columns; every other column sits half a hex lower: the odd
# ones ("odd-q", the default) or the even ones ("even-q"), counted from 0.
# Facing 0 is north (up the column); facings run clockwise: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
Cube = tuple[int, int, int]
LowColumns = Literal["odd", "even"]
CUBE_DIRECTIONS: tuple[Cube, ...] = ((0, 1, -1), (1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0))
FACINGS = ("N", "NE", "SE", "S", "SW", "NW")


def _shift(col: int, low: LowColumns) -> int:
    """Rows a column's cube z lags its row by; the parity of the low columns decides it."""
    return (col - (col & 1)) // 2 if low == "odd" else (col + (col & 1)) // 2


def to_cube(cell: Cell, low: LowColumns = "odd") -> Cube:
    col, row = cell
    z = row - _shift(col, low)
    return (col, -col - z, z)


def from_cube(cube: Cube, low: LowColumns = "odd") -> Cell:
    x, _, z = cube
    return (x, z + _shift(x, low))


def cube_distance(a: Cube, b: Cube) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def cube_step(cube: Cube, facing: int, count: int = 1) -> Cube:
    dx, dy, dz = CUBE_DIRECTIONS[facing % 6]
    return (cube[0] + dx * count, cube[1] + dy * count, cube[2] + dz * count)


class HexGrid(_Grid):
    """Hex grid with six facings; `cell_mm` is the distance between opposite hexsides.

    `low_columns` says which columns (counted from 0) sit half a hex lower. Rules
    that move many units may work in cube coordinates (`cube`, `cell`,
    `cube_step`, `cube_distance`) and convert to cells and labels at the edges.
    """

    kind = "hex"

    def __init__(self, cols: int, rows: int, cell_mm: float = 25.0,
                 labeler: Callable[[Cell], str] = letter_number_label,
                 parser: Callable[[str], Cell] = parse_letter_number,
                 low_columns: LowColumns = "odd") -> None:
        super().__init__(cols, rows, cell_mm, labeler, parser)
        if low_columns not in ("odd", "even"):
            raise ValueError(f"low_columns is 'odd' or 'even', not {low_columns!r}")
        self.low_columns = low_columns
        self.radius = cell_mm / math.sqrt(3)  # centre to corner

    def cube(self, cell: Cell) -> Cube:
        return to_cube(cell, self.low_columns)

    def cell(self, cube: Cube) -> Cell:
        return from_cube(cube, self.low_columns)

    def step(self, cell: Cell, facing: int, count: int = 1) -> Cell:
        """The cell `count` hexes away in direction `facing` (may be off the board)."""
        return self.cell(cube_step(self.cube(cell), facing, count))

    def _adjacent(self, cell: Cell) -> list[Cell]:
        return [self.step(cell, f) for f in range(6)]

    def distance(self, a: Cell, b: Cell) -> int:
        return cube_distance(self.cube(a), self.cube(b))

    def direction(self, a: Cell, b: Cell) -> int | None:
        """The facing from `a` whose straight line of hexes passes through `b`, if any."""
        if a == b:
            return None
        d = self.distance(a, b)
        for facing in range(6):
            if self.step(a, facing, d) == b:
                return facing
        return None

    def line(self, a: Cell, facing: int, length: int) -> list[Cell]:
        """The hexes straight ahead of `a` along `facing`, nearest first."""
        return [self.step(a, facing, i) for i in range(1, length + 1)]

    def center(self, cell: Cell) -> Point:
        col, row = cell
        x = self.radius * (1 + 1.5 * col)
        lowered = (col & 1) if self.low_columns == "odd" else 1 - (col & 1)
        y = self.cell_mm * (row + 0.5 + 0.5 * lowered)
        return (x, y)

    def outline(self, cell: Cell) -> list[Point]:
        cx, cy = self.center(cell)
        return [(cx + self.radius * math.cos(math.radians(60 * i)),
                 cy + self.radius * math.sin(math.radians(60 * i))) for i in range(6)]

    def facing_angle(self, facing: int) -> float:
        """Clockwise degrees from north of a facing, for drawing counters."""
        return (facing % 6) * 60.0

    def size(self) -> tuple[float, float]:
        return (self.radius * (1.5 * self.cols + 0.5), self.cell_mm * (self.rows + 0.5))
