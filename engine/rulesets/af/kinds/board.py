"""The board (`af.board`): six hex-grid sections, hex codes and the compass.

The record says how the sections fit together and how hex codes read; the
geometry (neighbours, distance, centres, outlines) is the engine's shared
`HexGrid`: flat-topped hexes, odd board columns half a hex lower. Each section
is a block of `column_letters` (west to east) by `rows` (numbered from 1 at the
top); sections sit in a grid of section positions. Compass direction `up`
points to the top of the board and the others follow clockwise, so a board side
is named by the directions that cross it: `up` the top, the next two the right,
the opposite one the bottom, the last two the left ("the 2-3 side").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Literal

from engine.content.model import Model, Record, field, kind_literal
from engine.core.board import Cell, HexGrid

from .vocabulary import HEX_CODE_PATTERN, Direction

_CODE = re.compile(HEX_CODE_PATTERN)


class Section(Model):
    """Where one board section lies in the standard layout diagram."""

    id: str = field("Section numeral as printed, e.g. 'I'.", pattern=r"^[IVX]+$")
    column: int = field("Section column in the layout, 0 at the west.", ge=0, le=10)
    row: int = field("Section row in the layout, 0 at the top.", ge=0, le=10)


@dataclass(frozen=True, slots=True)
class Hex:
    section: str
    column: str
    row: int

    @property
    def code(self) -> str:
        return f"{self.section}-{self.column}{self.row}"


class Board(Record):
    """The playing surface: sections, their hex codes, and how they fit together."""

    kind: kind_literal("af.board")
    column_letters: str = field(
        "Column letters of one section, west to east; the hex code's letter.",
        pattern=r"^[A-Z]+$",
        min_length=1,
        max_length=26,
    )
    rows: int = field("Rows of one section; the hex code's number runs 1..rows from the top.", ge=1, le=200)
    up: Direction = field("Compass direction that points to the top of the board.", 1)
    hex_mm: float = field("Hex size across the flats, for drawing.", 16.0, gt=1, le=100)
    sections: list[Section] = field(
        "Sections in the layout that starts every scenario.", min_length=1
    )

    # ------------------------------------------------------------------ codes

    @property
    def width(self) -> int:
        return (max(s.column for s in self.sections) + 1) * len(self.column_letters)

    @property
    def height(self) -> int:
        return (max(s.row for s in self.sections) + 1) * self.rows

    def _section(self, sid: str) -> Section | None:
        return next((s for s in self.sections if s.id == sid), None)

    def parse(self, code: str) -> Hex:
        """The hex a code names; ValueError saying what is wrong if it names none."""
        m = _CODE.match(code)
        if not m:
            raise ValueError(f"'{code}' is not a hex code like 'I-F1'")
        sid, letter, number = m.group(1), m.group(2), int(m.group(3))
        if self._section(sid) is None:
            known = ", ".join(s.id for s in self.sections)
            raise ValueError(f"'{code}': the board has no section {sid} (sections {known})")
        if letter not in self.column_letters:
            raise ValueError(
                f"'{code}': column {letter} is not on a section "
                f"(columns {self.column_letters[0]}-{self.column_letters[-1]})"
            )
        if not 1 <= number <= self.rows:
            raise ValueError(f"'{code}': row {number} is off the section (rows 1-{self.rows})")
        return Hex(sid, letter, number)

    def cell(self, code: str) -> Cell:
        """Board column and row (0-based, across all sections) of a hex."""
        h = self.parse(code)
        sec = self._section(h.section)
        n = len(self.column_letters)
        return sec.column * n + self.column_letters.index(h.column), sec.row * self.rows + h.row - 1

    def code_at(self, cell: Cell) -> str | None:
        """Hex code of a board cell, or None off the board or in a gap between sections."""
        x, y = cell
        n = len(self.column_letters)
        if x < 0 or y < 0:
            return None
        for sec in self.sections:
            if sec.column == x // n and sec.row == y // self.rows:
                return f"{sec.id}-{self.column_letters[x % n]}{y % self.rows + 1}"
        return None

    def codes(self, sections: list[str] | None = None) -> Iterator[str]:
        for code, *_ in self.hexes(sections):
            yield code

    def hexes(self, sections: list[str] | None = None) -> Iterator[tuple[str, str, str, Cell]]:
        """Every hex as (code, section, column letter, board cell), section by section,
        column by column; built without parsing codes, as set-up areas scan every hex."""
        n = len(self.column_letters)
        for sec in self.sections:
            if sections and sec.id not in sections:
                continue
            for c, letter in enumerate(self.column_letters):
                x, prefix, top = sec.column * n + c, f"{sec.id}-{letter}", sec.row * self.rows
                for row in range(self.rows):
                    yield f"{prefix}{row + 1}", sec.id, letter, (x, top + row)

    # ------------------------------------------------------------------ geometry

    def grid(self) -> HexGrid:
        """The engine's hex grid for this board, labelled and parsed with hex codes."""
        return HexGrid(self.width, self.height, self.hex_mm, labeler=self._label, parser=self.cell)

    def _label(self, cell: Cell) -> str:
        return self.code_at(cell) or f"({cell[0]}, {cell[1]})"

    def facing(self, direction: int) -> int:
        """The grid facing (0 = up, clockwise) of a compass direction."""
        return (direction - self.up) % 6

    def direction(self, facing: int) -> int:
        """The compass direction of a grid facing (the inverse of `facing`)."""
        return (facing + self.up - 1) % 6 + 1

    def neighbor(self, code: str, direction: int) -> str | None:
        """The hex across side `direction` of `code`, or None off the board."""
        return self.code_at(self.grid().step(self.cell(code), self.facing(direction)))

    def distance(self, a: str, b: str) -> int:
        """Hexes between two hexes along the shortest path (range counting)."""
        return self.grid().distance(self.cell(a), self.cell(b))

    def center_mm(self, code: str) -> tuple[float, float]:
        """Centre of a hex in millimetres from the board's top-left corner (y down)."""
        return self.grid().center(self.cell(code))

    def side_of(self, direction: int) -> Literal["top", "right", "bottom", "left"]:
        """Which edge of the board the side named by `direction` is."""
        return ("top", "right", "right", "bottom", "left", "left")[self.facing(direction)]

    def from_edge(self, code: str, direction: int) -> int:
        """How many hexes in from the board side `direction` a hex is (1 = on the edge)."""
        return self.edge_distance((direction,))(self.cell(code))

    def edge_distance(self, directions: Iterable[int]) -> Callable[[Cell], int]:
        """How many hexes in from the nearest of the sides `directions` a cell is, as a
        function that reads the board's extent once (set-up areas scan every hex)."""
        w, h = self.width, self.height
        measures = {"top": lambda x, y: y + 1, "bottom": lambda x, y: h - y,
                    "left": lambda x, y: x + 1, "right": lambda x, y: w - x}
        chosen = [measures[edge] for edge in {self.side_of(d) for d in directions}]
        return lambda cell: min(m(*cell) for m in chosen)
