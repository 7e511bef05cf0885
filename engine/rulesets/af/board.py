"""The board (`af.board`): six hex-grid sections, hex codes and the compass.

Geometry, so that the engine and the studio agree without either inventing it:
hexes are flat-topped; each section is a block of `columns` (lettered west to
east) by `rows` (numbered from 1 at the top); sections sit in a grid of section
positions; columns across the whole board are numbered from 0 at the west edge
and every `shift` one (odd or even) sits half a hex lower. Compass direction
`up` points to the top of the board and the others follow clockwise, so a board
side is named by the directions that cross it: `up` the top, the next two the
right, the opposite one the bottom, the last two the left ("the 2-3 side").
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Iterator, Literal

from engine.content.model import Model, Record, field, kind_literal

from .common import HEX_CODE_PATTERN, Direction

# Axial steps of a flat-topped grid, clockwise from straight up.
_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
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
    shift: Literal["odd", "even"] = field(
        "Which board columns (counted from 0 at the west edge) sit half a hex lower.", "odd"
    )
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

    def offset(self, code: str) -> tuple[int, int]:
        """Board column and row (0-based, across all sections) of a hex."""
        h = self.parse(code)
        sec = self._section(h.section)
        n = len(self.column_letters)
        return sec.column * n + self.column_letters.index(h.column), sec.row * self.rows + h.row - 1

    def code_at(self, x: int, y: int) -> str | None:
        """Hex code at a board column and row, or None off the board."""
        n = len(self.column_letters)
        if x < 0 or y < 0:
            return None
        for sec in self.sections:
            if sec.column == x // n and sec.row == y // self.rows:
                return f"{sec.id}-{self.column_letters[x % n]}{y % self.rows + 1}"
        return None

    def codes(self, sections: list[str] | None = None) -> Iterator[str]:
        for sec in self.sections:
            if sections and sec.id not in sections:
                continue
            for letter in self.column_letters:
                for row in range(1, self.rows + 1):
                    yield f"{sec.id}-{letter}{row}"

    # ------------------------------------------------------------------ geometry

    def _shifted(self, x: int) -> int:
        return (x & 1) if self.shift == "odd" else 1 - (x & 1)

    def axial(self, code: str) -> tuple[int, int]:
        """Axial (q, r) coordinates of a hex, for distances and steps."""
        x, y = self.offset(code)
        return x, y - self._axial_lift(x)

    def _axial_lift(self, x: int) -> int:
        return (x - (x & 1)) // 2 if self.shift == "odd" else (x + (x & 1)) // 2

    def from_axial(self, q: int, r: int) -> str | None:
        return self.code_at(q, r + self._axial_lift(q))

    def step(self, direction: int) -> tuple[int, int]:
        """Axial step of a compass direction."""
        return _STEPS[(direction - self.up) % 6]

    def neighbor(self, code: str, direction: int) -> str | None:
        """The hex across side `direction` of `code`, or None off the board."""
        q, r = self.axial(code)
        dq, dr = self.step(direction)
        return self.from_axial(q + dq, r + dr)

    def distance(self, a: str, b: str) -> int:
        """Hexes between two hexes along the shortest path (range counting)."""
        (q1, r1), (q2, r2) = self.axial(a), self.axial(b)
        dq, dr = q1 - q2, r1 - r2
        return max(abs(dq), abs(dr), abs(dq + dr))

    def center_mm(self, code: str) -> tuple[float, float]:
        """Centre of a hex in millimetres from the board's top-left corner (y down)."""
        x, y = self.offset(code)
        radius = self.hex_mm / math.sqrt(3)
        return radius * (1 + 1.5 * x), self.hex_mm * (y + 0.5 + 0.5 * self._shifted(x))

    def side_of(self, direction: int) -> Literal["top", "right", "bottom", "left"]:
        """Which edge of the board the side named by `direction` is."""
        return ("top", "right", "right", "bottom", "left", "left")[(direction - self.up) % 6]

    def from_edge(self, code: str, direction: int) -> int:
        """How many hexes in from the board side `direction` a hex is (1 = on the edge)."""
        x, y = self.offset(code)
        edge = self.side_of(direction)
        return {
            "top": y + 1,
            "bottom": self.height - y,
            "left": x + 1,
            "right": self.width - x,
        }[edge]
