"""Boards behind one interface: square grids with named squares, hex grids with facings.

Rules ask a board for neighbours, distances, lines and labels; the studio asks
it for geometry (centres and outlines in millimetres) and a base drawing. Cells
are (col, row) tuples; labels are what the printed board shows ("C4", "0712").
"""

from __future__ import annotations

import math
import string
from typing import Callable, Iterable, Protocol

from engine.draw import Drawing, Font, Polygon, Style, Text

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


# Flat-topped hexes in columns, odd columns shifted half a hex down ("odd-q").
# Facing 0 is north (up the column); facings run clockwise: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
_CUBE_DIRECTIONS = [(0, 1, -1), (1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0)]
FACINGS = ("N", "NE", "SE", "S", "SW", "NW")


def to_cube(cell: Cell) -> tuple[int, int, int]:
    col, row = cell
    x = col
    z = row - (col - (col & 1)) // 2
    return (x, -x - z, z)


def from_cube(cube: tuple[int, int, int]) -> Cell:
    x, _, z = cube
    return (x, z + (x - (x & 1)) // 2)


class HexGrid(_Grid):
    """Hex grid with six facings; `cell_mm` is the distance between opposite hexsides."""

    kind = "hex"

    def __init__(self, cols: int, rows: int, cell_mm: float = 25.0,
                 labeler: Callable[[Cell], str] = letter_number_label,
                 parser: Callable[[str], Cell] = parse_letter_number) -> None:
        super().__init__(cols, rows, cell_mm, labeler, parser)
        self.radius = cell_mm / math.sqrt(3)  # centre to corner

    def step(self, cell: Cell, facing: int, count: int = 1) -> Cell:
        """The cell `count` hexes away in direction `facing` (may be off the board)."""
        x, y, z = to_cube(cell)
        dx, dy, dz = _CUBE_DIRECTIONS[facing % 6]
        return from_cube((x + dx * count, y + dy * count, z + dz * count))

    def _adjacent(self, cell: Cell) -> list[Cell]:
        return [self.step(cell, f) for f in range(6)]

    def distance(self, a: Cell, b: Cell) -> int:
        ax, ay, az = to_cube(a)
        bx, by, bz = to_cube(b)
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))

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
        y = self.cell_mm * (row + 0.5 + 0.5 * (col & 1))
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
