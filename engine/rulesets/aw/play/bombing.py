"""Bombing (20.0) and strafing (21.0), airbase attacks (30.8) and target status (20.3).

Targets in a square: an enemy port or logistic centre not yet bombed, an open
ground battle square (30.10, either side), an enemy airbase's based air
units (30.8) and, when the scenario's Bombing CRT has a Ground Unit column and
the side may bomb that class, each enemy ground unit on its own (20.1: "one
ground unit"): AA, HQ and airbase counters. The side designates a target (or
none) for each air unit that can attack, all before any die is rolled (20.1);
the units on one target make one attack, their dice read on the target's
column of the Bombing CRT.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generator

from engine.core.decisions import Decision

from . import cards
from .bonuses import combat_delta, floor, unit_dice
from .fog import reveal
from .losses import take_losses
from .state import DAMAGE, State, Unit

COLUMN = {"port": "port", "logistic_centre": "logistic_centre", "ground_battle": "ground_battle",
          "airbase": "based_air_unit", "ground_unit": "ground_unit"}
NAMES = {"port": "port", "logistic_centre": "logistic centre", "ground_battle": "ground battle",
         "airbase": "based air units", "ground_unit": "ground unit"}


@dataclass(frozen=True)
class Target:
    kind: str  # port, logistic_centre, ground_battle, airbase, ground_unit
    square: int
    unit: str | None = None  # the ground unit's id (ground_unit only)

    def key(self, st: State) -> str:
        kind = self.kind if self.unit is None else f"{self.kind}:{self.unit}"
        return f"{kind}@{st.static.label(self.square)}"

    def name(self, st: State) -> str:
        """What the target is called in messages: 'port', or the ground unit's name."""
        return st.units[self.unit].name if self.unit is not None else NAMES[self.kind]


def targets(st: State, side: str, sq: int) -> list[Target]:
    """What `side` may bomb in a square now (20.0, 30.7)."""
    static = st.static
    s = static.squares[sq]
    enemy = static.enemy[side]
    may = static.setups[side].may_bomb
    out = []
    for kind in ("port", "logistic_centre"):
        if getattr(s, kind) and s.territory == enemy and kind in may and (sq, kind) not in st.bombed_targets:
            out.append(Target(kind, sq))
    battle = st.battles.get(sq)
    if battle is not None and "ground_battle" in may and (battle.card, side) not in st.battles_bombed:
        out.append(Target("ground_battle", sq))
    if "based_air_unit" in may and st.has_based(sq, enemy):
        out.append(Target("airbase", sq))
    if static.bombs_ground_units[side]:
        out += [Target("ground_unit", sq, u.id) for u in st.memo(enemy, ground_units).get(sq, ())]
    return out


def ground_units(st: State, side: str) -> dict[int, list[Unit]]:
    """`side`'s ground units on the map by square, in the order of `st.of_side`."""
    found: dict[int, list[Unit]] = {}
    for u in st.of_side[side]:
        if not u.air and u.square is not None:
            found.setdefault(u.square, []).append(u)
    return found


def can_bomb(st: State, unit: Unit, target: Target) -> bool:
    rules = unit.rules
    if rules is None or not rules.bombs or unit.bombed:
        return False
    if rules.attacks_first_hour_only and unit.took_off != st.hour:
        return False  # ground attack units attack in their first hour in the air (26.2)
    allowed = unit.record.can_bomb
    return allowed is None or COLUMN[target.kind] in allowed  # e.g. the Hs129 (30.15)


def can_strafe(st: State, unit: Unit, target: Target) -> bool:
    """Fighters strafe based air units only, never ground units or installations (21.0)."""
    rules = unit.rules
    return target.kind == "airbase" and rules is not None and rules.strafes


def attack_options(st: State, unit: Unit, found: list[Target]) -> list[dict]:
    label = st.static.describe
    options = []
    for t in found:
        if can_bomb(st, unit, t):
            what = NAMES[t.kind] if t.unit is None else t.name(st)  # no call for most: made every segment
            option = {"type": "bomb", "unit": unit.id, "target": t.key(st),
                      "label": f"{unit.name} bombs the {what} at {label(t.square)}"}
            if t.unit is not None:
                option["enemy"] = t.unit  # the ground unit aimed at (20.1)
            options.append(option)
        if can_strafe(st, unit, t):
            options.append({"type": "strafe", "unit": unit.id, "target": t.key(st),
                            "label": f"{unit.name} strafes the based air units at {label(t.square)}"})
    return options


def bombing(game, st: State, side: str) -> Generator:
    """The Bomb segment of `side`'s hour."""
    plans = []
    for sq in sorted({u.square for u in st.in_the_air(side)}):
        found = targets(st, side, sq)
        if found:
            attackers = [(u, opts) for u in st.airborne(side, sq) if (opts := attack_options(st, u, found))]
            if attackers:
                plans.append((sq, found, attackers))
    if not plans:
        return
    st.bonus_window = {side}
    yield from cards.window(game, st, side, "bomb")
    st.bonus_window = set()
    for sq, found, attackers in plans:
        yield from _square(game, st, side, sq, found, attackers)


def _square(game, st: State, side: str, sq: int, found: list[Target], attackers) -> Generator:
    designated: dict[str, list[tuple[Unit, str]]] = {}
    for unit, options in attackers:
        options = options + [{"type": "hold", "unit": unit.id, "label": f"{unit.name} does not attack"}]
        action = yield Decision(side, "aw.bomb", f"designate {unit.name}'s target at {st.static.describe(sq)} "
                                "(targets are designated before any die is rolled, 20.1)",
                                options, context={"unit": unit.id, "at": st.static.label(sq)},
                                explain=_explain_bomb(st, unit, found))
        if action["type"] != "hold":
            designated.setdefault(action["target"], []).append((unit, action["type"]))
    if not designated:
        return
    enemy = st.static.enemy[side]
    reveal(st, [u for u, _ in attackers] + [u for u in st.at(sq) if u.side == enemy],
           "bombing (20.0)", sq)
    by_key = {t.key(st): t for t in found}
    for key, group in designated.items():
        yield from attack(game, st, side, by_key[key], group)


def attack(game, st: State, side: str, target: Target, group: list[tuple[Unit, str]]) -> Generator:
    static = st.static
    dice = base = 0
    for unit, how in group:
        printed = unit.face.bomb if how == "bomb" else static.rules.strafe_dice_per_unit
        base += printed
        dice += unit_dice(st, "bombing" if how == "bomb" else "strafing", unit, printed)
    hows = [how for _, how in group]
    if "bomb" in hows:
        dice = floor(base, dice + combat_delta(st, "bombing", side))
    if "strafe" in hows:
        dice = floor(base, dice + combat_delta(st, "strafing", side))
    col = COLUMN[target.kind]
    at = static.label(target.square)
    rolls = game.dice.roll(static.bomb_die, f"{side} attacks the {target.name(st)} at {at} (20.1)",
                           dice, side=side, column=col)
    results = [static.bomb_crt[col][r] for r in rolls]
    ids = [u.id for u, _ in group]
    st.log.add({"seq": None, "type": "aw.bombing", "side": side, "at": at, "target": target.kind, "column": col,
                "units": ids, "how": {u.id: how for u, how in group}, "printed": base, "dice": dice, "rolls": rolls,
                "results": results})
    for unit, how in group:
        if how == "bomb":
            st.change(unit, {"bombed": True})  # rotated: no more bombs this turn (20.0)
    if target.kind == "airbase":
        enemy = static.enemy[side]
        yield from take_losses(game, st, enemy, st.based_at(target.square, enemy), results.count("kill"),
                               results.count("abort"), f"attack on the airbase at {at} (30.8)",
                               {"kill": ids, "abort": ids})
    elif "bombed" in results:
        if target.unit is not None:
            _unit_bombed(st, side, target, ids)
        else:
            _bombed(st, side, target)


def _bombed(st: State, side: str, target: Target) -> None:
    """Target Bombed: its VP, and it is useless for the rest of the game (20.2, 20.3)."""
    static = st.static
    at = static.describe(target.square)
    if target.kind == "ground_battle":
        card = st.battles[target.square].card
        st.battles_bombed.add((card, side))
        vp = static.rosters[side].battles.get(card, 0)
    else:
        st.bombed_targets.add((target.square, target.kind))
        vp = static.installation_vp(side, target.square, target.kind)
    st.summed.append(st.log.add({"seq": None, "type": "aw.target_bombed", "side": side,
                                 "at": static.label(target.square), "target": target.kind, "vp": vp}))
    st.score(side, vp, f"bombed the {NAMES[target.kind]} at {at} (Target Roster)",
             at=static.label(target.square), target=target.kind)


def _unit_bombed(st: State, side: str, target: Target, by: list[str]) -> None:
    """Target Bombed on a unit: to the Damage Box, from where it may be refit (20.2, 20.3).

    No VP: the system scores ground units only where the scenario's VP rules name
    them (28.0), and the Target Roster names installations and battles only. An
    airbase counter bombed leaves the map with its capacity and AA, but the rules
    (20.2, 30.3, 30.8) say nothing of the air units based on it: they stay where
    they are, may take off, and can land only at a functioning airbase.
    """
    unit = st.units[target.unit]
    at = st.static.label(target.square)
    st.summed.append(st.log.add({"seq": None, "type": "aw.target_bombed", "side": side, "at": at,
                                 "target": target.kind, "unit": unit.id, "vp": 0}))
    st.remove(unit, DAMAGE, f"bombed at {at} (20.2)", by=by, cause="bombing")


def _explain_bomb(st: State, unit: Unit, found: list[Target]):
    def explain(action: dict) -> str:
        key = action.get("target")
        target = next((t for t in found if t.key(st) == key), None)
        if target is None:
            return f"'{key}' is not a target in this square; targets: {', '.join(t.key(st) for t in found)}"
        rules = unit.rules
        if action.get("type") == "strafe":
            return f"{unit.name} cannot strafe: only fighters and fighter-bombers strafe, and only based air units (21.0)"
        if unit.bombed:
            return f"{unit.name} has bombed this turn and has no more bombs (20.0)"
        if rules is None or not rules.bombs:
            return f"{unit.name} flies as a {unit.mode} and does not bomb (26.1)"
        if rules.attacks_first_hour_only and unit.took_off != st.hour:
            return f"{unit.name} is a ground attack unit: it attacks only in its first hour in the air (26.2)"
        return f"{unit.name} may bomb only {', '.join(unit.record.can_bomb or [])} targets (30.15)"
    return explain
