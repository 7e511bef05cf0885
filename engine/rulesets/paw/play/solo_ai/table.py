"""The ACE AI table: the column of the relative position, the d20 row, the skill shift.

Rows are the band's printed order (`AiBand.order`): "n rows down" and "shift one row
down" walk that list. The rulebook does not say what follows the last row when every
row below is impossible; the search then climbs back up from the shifted row, nearest
row first (a plane at Low that cannot dive flies level rather than a Wingover).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.content.dice import parse_rolls

from ...kinds.ai import AiBand, AiColumn, AiTable
from .position import Relative


@dataclass(frozen=True)
class Rolled:
    band: AiBand
    column: AiColumn | None  # None when the pack's band lacks this column
    roll: int
    rolled: str | None  # the maneuver the die lands on (None: the column prints no row)
    rows_down: int
    start: int  # index in the band's order after the skill shift

    @property
    def shifted(self) -> str:
        return self.band.order[self.start]

    def search(self) -> list[str]:
        """Maneuvers to try in turn: the shifted row, the rows below, then those above."""
        order = self.band.order
        return order[self.start:] + order[:self.start][::-1]


class AceTable:
    """The pack's ACE AI table, each column's rolls read once."""

    def __init__(self, table: AiTable) -> None:
        self.table = table
        self.columns: dict[tuple, tuple] = {}

    def column(self, rel: Relative) -> tuple[AiBand, AiColumn | None, dict[int, str]]:
        key = (rel.band, rel.position, rel.vertical)
        if key not in self.columns:
            band = next((b for b in self.table.bands if b.range == rel.band),
                        self.table.bands[0])
            column = next((c for c in band.columns
                           if c.position == rel.position and c.vertical == rel.vertical), None)
            cells: dict[int, str] = {}  # roll -> maneuver, the first row covering it
            for row in column.rows if column is not None else []:
                try:
                    spans = parse_rolls(row.roll, column.die) if row.roll is not None else []
                except ValueError:  # the validator reports it; the roll lands on no row
                    spans = []
                for span in spans:
                    for roll in range(span.low, span.high + 1):
                        cells.setdefault(roll, row.maneuver)
            self.columns[key] = (band, column, cells)
        return self.columns[key]

    def roll_on(self, rel: Relative, roll: int, rows_down: int) -> Rolled:
        band, column, cells = self.column(rel)
        rolled = cells.get(roll)
        base = band.order.index(rolled) if rolled in band.order else 0
        return Rolled(band, column, roll, rolled, rows_down,
                      min(base + rows_down, len(band.order) - 1))
