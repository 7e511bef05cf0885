"""Invariants of an Air Wars game, checked after every event of the log.

The checker rebuilds the board from the standard unit events alone (as a
viewer would) and keeps what the ruleset events say: command levels and VP.
It fails on the first event after which the rules are broken.
"""

from __future__ import annotations

from collections import Counter

import pytest

import engine.core.game as core_game
from engine.core.events import EventLog
from engine.core.view import BoardView
from engine.rulesets.aw import RULESET

ACTS = ("aw.flight", "aw.air_combat", "aw.bombing")


class Violation(AssertionError):
    pass


class Checker:
    def __init__(self) -> None:
        self.view = BoardView()
        self.state = None
        self.levels: dict[str, int] = {}
        self.vp: Counter[str] = Counter()
        self.events = 0
        self.turn_ends = 0
        self.in_flight = False  # between a take-off or first step and the end of that move
        # Squares whose airbase counter was bombed (20.2): the air units based there stay, over
        # no airbase, until they leave (the rules say nothing of them).
        self.unbased: set[tuple[str, str]] = set()

    def attach(self, state) -> None:
        self.state = state
        self.levels = {side: s.command_level for side, s in state.sides.items()}

    def fail(self, event: dict, message: str) -> None:
        raise Violation(f"after event {event['seq']} ({event['type']}): {message}\n{event}")

    def on_event(self, event: dict) -> None:
        self.events += 1
        kind = event["type"]
        flying = kind == "unit.moved" and event.get("reason") == "flying (17.0)"
        if kind in ACTS or flying:
            self._acting(event)
        taking_off = kind == "unit.changed" and event["state"].get("airborne") is True
        self.in_flight = (self.in_flight or flying or taking_off) and kind != "aw.flight"
        if kind == "unit.removed" and event.get("cause") == "bombing" and self.state is not None:
            unit = self.view.units[event["unit"]]
            if self.state.units[unit.id].type == "airbase":
                self.unbased.add((unit.at, unit.side))
        self.view.apply(event)
        if kind == "aw.command_level":
            self.levels[event["side"]] = event["level"]
        elif kind == "aw.vp":
            self.vp[event["side"]] += event["vp"]
            if self.vp[event["side"]] != event["total"]:
                self.fail(event, "VP total differs from the sum of scoring events")
        elif kind == "aw.turn_end":
            self.turn_ends += 1
            flying = [u.id for u in self.view.on_board() if u.state.get("airborne")]
            if flying:
                self.fail(event, f"air units still in the air at the end of the turn: {flying}")
        elif kind == "game.end":
            if {s: v for s, v in event["score"].items() if v} != {s: v for s, v in self.vp.items() if v}:
                self.fail(event, f"score {event['score']} is not the sum of aw.vp events {dict(self.vp)}")
        if self.state is not None and (kind.startswith("unit.") or kind == "aw.flight"):
            self._places(event)

    def _acting(self, event: dict) -> None:
        ids = event.get("units") or [event.get("unit")]
        if isinstance(ids, dict):  # air combat: {side: [ids]}
            ids = [i for side_ids in ids.values() for i in side_ids]
        for uid in ids:
            unit = self.view.units.get(uid)
            if unit is None or unit.box is not None:
                self.fail(event, f"{uid} acts while in the {unit.box if unit else 'no'} box")

    def _places(self, event: dict) -> None:
        st = self.state
        static = st.static
        in_air: Counter[tuple[str, str]] = Counter()
        based: Counter[tuple[str, str]] = Counter()
        counters: dict[tuple[str, str], int] = {}
        for unit in self.view.units.values():
            if (unit.at is None) == (unit.box is None):
                self.fail(event, f"{unit.id} is not in exactly one place: at={unit.at} box={unit.box}")
            if unit.at is None:
                continue
            record = st.units[unit.id].record
            if record.kind_id() == "aw.ground_unit":
                if static.squares[static.index[unit.at]].water:
                    self.fail(event, f"ground unit {unit.id} on an all-water square {unit.at}")
                if record.type == "airbase":
                    counters[(unit.at, unit.side)] = record.capacity
            elif unit.state.get("airborne"):
                in_air[(unit.at, unit.side)] += 1
            else:
                based[(unit.at, unit.side)] += 1
        if not st.excess and not self.in_flight:  # stacking counts at the end of movement (14.0)
            for (at, side), n in in_air.items():
                if n > self.levels[side]:
                    self.fail(event, f"{n} {side} air units in the air at {at}, command level {self.levels[side]}")
        self.unbased &= set(based)
        for (at, side), n in based.items():
            if (at, side) in self.unbased:
                continue
            sq = static.squares[static.index[at]]
            capacity = sq.airbase if sq.territory == side else 0
            capacity = capacity or counters.get((at, side), 0)
            if n > capacity:
                self.fail(event, f"{n} {side} air units based at {at}, airbase capacity {capacity}")

    def agrees(self, state) -> None:
        """The engine's own state says what the events said (at a decision point)."""
        for uid, unit in state.units.items():
            seen = self.view.units[uid]
            where = state.static.label(unit.square) if unit.square is not None else None
            if (seen.at, seen.box) != (where, unit.box):
                raise Violation(f"{uid}: state says {where or unit.box}, events say {seen.at or seen.box}")
            if unit.air and bool(seen.state.get("airborne")) != unit.airborne:
                raise Violation(f"{uid}: airborne {unit.airborne} in the state, not in the events")


@pytest.fixture
def checked(monkeypatch):
    """Every game made in the test is checked after each event; yields the checkers."""
    checkers: list[Checker] = []
    engine = RULESET.engine
    setup = type(engine).setup

    class CheckedLog(EventLog):
        def __init__(self) -> None:
            super().__init__()
            self.checker = Checker()
            checkers.append(self.checker)

        def append(self, type_, data):
            event = super().append(type_, data)
            self.checker.on_event(event)
            return event

        def add(self, event):
            super().add(event)
            self.checker.on_event(event)
            return event

    def checked_setup(self, game):
        state = setup(self, game)
        game.log.checker.attach(state)
        return state

    monkeypatch.setattr(core_game, "EventLog", CheckedLog)
    monkeypatch.setattr(type(engine), "setup", checked_setup)
    return checkers
