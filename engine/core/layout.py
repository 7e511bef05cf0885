"""A scenario as pieces on its board, for editors: where each piece stands and how to move it.

A ruleset describes, for its scenario kind (its `Ruleset.layout`, an
`engine.core.contract.ScenarioLayout`), which parts of the record are pieces
on the board and which fields hold their place. The studio draws the board and
the pieces and turns a drag or a rotation into plain field edits (path, value)
on the scenario record — the same edits the form makes, so both go through the
same undo command. Rule-breaking placements are reported by the ruleset's lint
rules, which already name the field path, so the board can mark the piece.

Every call takes the content lookup (`get(kind, id)`, `records(kind)`) as well as
the scenario: where a piece may go depends on other records (the mat's size, the
places printed on a map, the hex mat a scenario is played on).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.drawing.shapes import Drawing

FieldPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Piece:
    """One unit, target or marker of a scenario as the board shows it.

    Exactly one of `cell` (grid boards: the board's label, e.g. "C4") and `pos`
    (free mats: millimetres) is set. `path` is the record path of the piece's
    entry; lint findings at or below it mark the piece.
    """

    key: str
    label: str
    side: str
    path: FieldPath
    cell: str | None = None
    pos: tuple[float, float] | None = None
    facing: int | None = None  # hex boards
    heading: float | None = None  # free mats, degrees counter-clockwise from +x
    footprint: tuple[float, float] = (12.0, 12.0)  # width and length in millimetres
    counter: Drawing | None = None  # how the piece looks, centred on (0, 0), facing up
    values: dict[str, Any] = field(default_factory=dict)  # altitude, energy, speed ... shown on the item
    movable: bool = True


Edit = tuple[FieldPath, Any]
