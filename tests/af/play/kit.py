"""Planes, cards and the handbook for flying tests: a plane is built in one call, by book numbers."""

from __future__ import annotations

from typing import Any, Callable

from engine.rulesets.af.play.flight import Handbook, fly
from engine.rulesets.af.play.state import Damage, Plane

from ..conftest import changed

CELL = (10, 10)


def handbook(records: dict) -> Handbook:
    rules = records[("af.rules", "air-force")]
    maneuvers = [r for (kind, _), r in records.items() if kind == "af.maneuver"]
    return Handbook.of(rules, maneuvers)


def plane(card: str, altitude: int, speed: int, bank: str = "L", *, facing: int = 0, carry: int | None = None,
          hits: dict[str, int] | None = None, **more: Any) -> Plane:
    damage = Damage(tuple(sorted((hits or {}).items())))
    return Plane("p1", "allies", card, CELL, facing, altitude, speed, bank, carry, damage, **more)


def card_with(card: Any, edit: Callable[[dict], Any]) -> Any:
    """A test card: `card` with `edit` applied to its data (for examples no bundled card fits)."""
    return changed(card, edit)


def flown(records: dict, p: Plane, *codes: str, card: Any = None) -> Plane:
    """The plane after flying `codes`, one per turn."""
    hb = handbook(records)
    card = card or records[("af.data_card", p.card)]
    for code in codes:
        p = fly(p, code, card, hb)
    return p
