"""The board as a person deciding sees it, in words: where each unit is, and how far and at what
o'clock from the unit the decision is about; where an offered maneuver would end.

Read from the log (`engine.core.view`) and the board, like the studio's board, so it serves every
ruleset; units the side cannot identify (`engine.core.sight.hidden_from`) are "a <side> unit" with
no type or state.
"""

from __future__ import annotations

import math
from functools import cached_property
from typing import Any

from engine.core.board import FACINGS
from engine.core.decisions import Action, Decision
from .narrate import value_text
from engine.core.sight import hidden_from
from engine.core.view import UnitView, view_at


def clock(dx: float, dy: float, heading: float) -> int:
    """The o'clock of (dx, dy) from a nose pointing `heading` (degrees counter-clockwise from +x, y up)."""
    off = math.degrees(math.atan2(dy, dx)) - heading  # counter-clockwise from the nose
    return (12 - round(off / 30)) % 12 or 12


class Situation:
    """One decision's board, read once: the game does not change while a person decides."""

    def __init__(self, game: Any, decision: Decision) -> None:
        self.game, self.decision = game, decision

    @cached_property
    def view(self):
        return view_at(self.game.log)

    @cached_property
    def hidden(self) -> frozenset[str]:
        return hidden_from(self.game, (self.decision.side,))

    @cached_property
    def grid(self) -> Any:
        board = self.game.engine.board(self.game.scenario, self.game.content)
        return board if hasattr(board, "parse") and hasattr(board, "distance") else None

    @cached_property
    def focus(self) -> UnitView | None:
        """The unit the decision is about (its `plane` or `unit`), when it is on the board."""
        context = self.decision.context
        unit = self.view.units.get(context.get("plane") or context.get("unit") or "")
        return unit if unit is not None and unit.on_board else None

    def _pose(self, unit: UnitView) -> tuple[float, float, float] | None:
        """(x, y up, heading counter-clockwise from +x) of a unit on the board, if it can be had."""
        if unit.pos is not None:
            return (*unit.pos, unit.heading or 0.0)
        if unit.at is None or self.grid is None or not hasattr(self.grid, "center"):
            return None
        try:
            x, y = self.grid.center(self.grid.parse(unit.at))
        except ValueError:
            return None
        # grids draw y down; a hex facing counts clockwise from north
        return (x, -y, 90.0 - 60.0 * unit.facing if unit.facing is not None else 90.0)

    def _from_focus(self, unit: UnitView) -> str:
        focus = self.focus
        if focus is None or unit is focus:
            return ""
        if unit.pos is not None and focus.pos is not None:
            dx, dy = unit.pos[0] - focus.pos[0], unit.pos[1] - focus.pos[1]
            return f"; {math.hypot(dx, dy):.0f} mm at {clock(dx, dy, focus.heading or 0.0)} o'clock"
        if unit.at is None or focus.at is None or self.grid is None:
            return ""
        try:
            steps = self.grid.distance(self.grid.parse(focus.at), self.grid.parse(unit.at))
        except ValueError:
            return ""
        text = f"; {steps} away"
        here, there = self._pose(focus), self._pose(unit)
        if focus.facing is not None and here and there and steps:
            text += f" at {clock(there[0] - here[0], there[1] - here[1], here[2])} o'clock"
        return text

    def unit_text(self, unit: UnitView) -> str:
        where = unit.at or (f"({unit.pos[0]:g}, {unit.pos[1]:g}) mm" if unit.pos else f"box {unit.box}")
        if unit.id in self.hidden:
            return f"a {unit.side} unit at {where}{self._from_focus(unit)}"
        if unit.facing is not None:
            where += f" facing {FACINGS[unit.facing % 6]}"
        elif unit.heading is not None:
            where += f" heading {unit.heading:g}°"
        state = f"; {value_text(unit.state)}" if unit.state else ""
        return f"{unit.id} ({unit.type}) at {where}{self._from_focus(unit)}{state}"

    def lines(self) -> list[str]:
        """Every unit on the board, the deciding side's first, and that side's units off it by box."""
        side = self.decision.side
        units = self.view.units.values()
        sides = [side, *[s for s in dict.fromkeys(u.side for u in units) if s != side]]
        out = []
        if self.focus is not None:
            out.append(f"(distances and o'clock from {self.focus.id})")
        for s in sides:
            here = [u for u in units if u.side == s and u.on_board]
            out.append(f"{s}:" + ("" if here else " nothing on the board"))
            out += [f"  {self.unit_text(u)}" for u in here]
        boxes: dict[str, list[str]] = {}
        for u in units:
            if u.side == side and not u.on_board:
                boxes.setdefault(u.box or "?", []).append(u.id)
        out += [f"{side}, {box.replace('_', ' ')}: {', '.join(ids)}" for box, ids in boxes.items()]
        return out

    @cached_property
    def texts(self) -> dict[str, str]:
        """What each record with a printed text says (a campaign card), by id."""
        content = self.game.content
        return {r.id: f"{r.name}: {r.text}" for kind in content.kinds() for r in content.records(kind)
                if isinstance(getattr(r, "text", None), str)}

    def option_texts(self, option: Action) -> list[str]:
        """The texts of the records an option names (the card it plays), so it is chosen knowing them."""
        named = [v for k, v in option.items() if k not in ("type", "label") and isinstance(v, str)]
        named += [v for value in option.values() if isinstance(value, list) for v in value if isinstance(v, str)]
        return [self.texts[v] for v in dict.fromkeys(named) if v in self.texts]

    def option_end(self, option: Action) -> str:
        """Where an offered maneuver would leave the unit, and the nearest enemy from there, for
        rulesets whose actions do not name a place (`option_place`: Pocket Air War's maneuvers); or
        what the ruleset says the option leads to (`option_note`: the minis' guns brought to bear)."""
        engine = self.game.engine
        note = engine.option_note(self.game, self.decision, option)
        if note:
            return note
        end = engine.option_place(self.game, self.decision, option)
        if not end:
            return ""
        stall = "stalls and CRASHES" if end.get("crashes") else "stalls: drops an altitude level" \
            if end.get("stalls") else ""
        if end.get("pos") is None:  # no place: only what it leads to
            return stall
        if end.get("exits"):
            return f"LEAVES THE MAT by the {end['exits']} edge: out of the game"
        (x, y), heading = end["pos"], end.get("heading") or 0.0
        text = f"ends at ({x:.0f}, {y:.0f}) heading {heading:.0f}°"
        if "energy" in end:
            text += f", Energy {end['energy']}" + (f", {end['altitude']}" if end.get("altitude") else "")
        if stall:
            text += f", then {stall}"
        enemies = [u for u in self.view.on_board() if u.side != self.decision.side and u.pos is not None]
        if enemies:
            near = min(enemies, key=lambda u: math.hypot(u.pos[0] - x, u.pos[1] - y))
            dx, dy = near.pos[0] - x, near.pos[1] - y
            name = f"a {near.side} unit" if near.id in self.hidden else near.id
            text += f", {name} {math.hypot(dx, dy):.0f} mm at {clock(dx, dy, heading)} o'clock"
        return text
