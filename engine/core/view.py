"""The board as events describe it: rebuild positions and states at any point of a log.

Rules emit a small vocabulary of standard unit events alongside their own, so
the studio can redraw any moment of any ruleset's game without knowing its rules:

- `unit.placed`  {unit, side, unit_type, at | box | pos, facing? | heading?, state?}
- `unit.moved`   {unit, to | pos, path?, facing? | heading?}

Grid boards name cells (`at`/`to`: the board's label) and hex facings (`facing`);
a free mat gives `pos` [x, y] in millimetres and `heading` in degrees.
- `unit.removed` {unit, box}            (to an off-board box: damage, abort, ...)
- `unit.changed` {unit, state: {...}}   (merged into the unit's state: in_air, revealed, hits ...)
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Iterable


@dataclass
class UnitView:
    id: str
    side: str
    type: str
    at: str | None = None  # board label, or None when in a box
    box: str | None = None
    facing: int | None = None
    pos: tuple[float, float] | None = None  # free mats: millimetres
    heading: float | None = None  # free mats: degrees
    state: dict[str, Any] = field(default_factory=dict)

    @property
    def on_board(self) -> bool:
        return self.at is not None or self.pos is not None


class BoardView:
    def __init__(self) -> None:
        self.units: dict[str, UnitView] = {}
        self.last: dict | None = None

    def apply(self, event: dict) -> None:
        kind = event["type"]
        if kind == "unit.placed":
            self.units[event["unit"]] = UnitView(
                id=event["unit"],
                side=event["side"],
                type=event.get("unit_type", ""),
                at=event.get("at"),
                box=event.get("box"),
                facing=event.get("facing"),
                pos=tuple(event["pos"]) if event.get("pos") is not None else None,
                heading=event.get("heading"),
                state=dict(event.get("state", {})),
            )
        elif kind == "unit.moved":
            unit = self.units[event["unit"]]
            unit.box = None
            if "to" in event:
                unit.at = event["to"]
            if event.get("pos") is not None:
                unit.pos = tuple(event["pos"])
            for key in ("facing", "heading"):
                if key in event:
                    setattr(unit, key, event[key])
        elif kind == "unit.removed":
            unit = self.units[event["unit"]]
            unit.at, unit.pos, unit.box = None, None, event.get("box", "removed")
        elif kind == "unit.changed":
            self.units[event["unit"]].state.update(event.get("state", {}))
        else:
            return
        self.last = event

    def on_board(self) -> list[UnitView]:
        return [u for u in self.units.values() if u.on_board]

    def snapshot(self) -> "BoardView":
        return copy.deepcopy(self)


def view_at(events: Iterable[dict], upto: int | None = None) -> BoardView:
    """The board after the first `upto` events (all of them when None)."""
    view = BoardView()
    for i, event in enumerate(events):
        if upto is not None and i >= upto:
            break
        view.apply(event)
    return view
