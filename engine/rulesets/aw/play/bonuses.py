"""Combat bonuses of campaign cards (11.4): cumulative, never taking a 1+ value to zero."""

from __future__ import annotations

from .state import State, Unit


def _bonuses(st: State, combat: str, per: str, side: str) -> list:
    """The bonuses in force for `side` in `combat`, `per` unit or combat (a list, not a generator,
    which every caller would resume once per bonus)."""
    found = []
    for active in st.effects:
        effect = active.effect
        if getattr(effect, "type", "") != "combat_bonus" or effect.combat != combat or effect.per != per:
            continue
        target = active.side if effect.applies_to == "own" else st.static.enemy[active.side]
        if target == side:
            found.append(effect)
    return found


def unit_dice(st: State, combat: str, unit: Unit, base: int) -> int:
    """A unit's dice in `combat` ('air', 'aa', 'bombing', 'strafing') with per-unit bonuses."""
    delta = sum([e.dice for e in _bonuses(st, combat, "unit", unit.side)
                 if not e.unit_types or unit.type in e.unit_types]) if st.effects else 0
    return floor(base, base + delta)


def combat_delta(st: State, combat: str, side: str) -> int:
    """Dice added once to a whole combat of `side` by per-combat bonuses."""
    return sum([e.dice for e in _bonuses(st, combat, "combat", side)]) if st.effects else 0


def floor(base: int, value: int) -> int:
    """'If a unit has a value of one or more, it may not be reduced to zero' (18.1, 20.1)."""
    return max(value, 1) if base >= 1 else max(value, 0)
