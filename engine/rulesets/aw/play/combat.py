"""Air-to-air combat (18.0) and anti-aircraft fire (19.0, 30.4).

Each die is read on one column of the Air Superiority CRT: fighters on
'fighters', bombers on 'bombers' (firing defensively), AA on 'aa'. Both sides
of an air combat roll before either takes losses (simultaneous fire, 18.1).
"""

from __future__ import annotations

from typing import Generator

from engine.core.decisions import Decision

from . import cards
from .bonuses import combat_delta, unit_dice
from .fog import reveal
from .losses import take_losses
from .state import State, Unit


def combat_squares(st: State) -> list[int]:
    """Squares where both sides fly and someone fights: not bombers (or decoys) alone (18.1)."""
    if not all([st.in_the_air(side) for side in st.static.order]):
        return []
    by_square: dict[int, set[str]] = {}
    fighters: set[int] = set()
    for side in st.static.order:
        for u in st.in_the_air(side):
            sides = by_square.get(u.square)
            if sides is None:
                sides = by_square[u.square] = set()
            sides.add(side)
            if u.crt_column == "fighters":
                fighters.add(u.square)
    return [sq for sq, sides in sorted(by_square.items()) if len(sides) == 2 and sq in fighters]


def air_combat(game, st: State, attacker: str) -> Generator:
    """The Air Combat segment: each engaged square is one combat, resolved in turn.

    The attacker may order the combats (18.1); squares do not affect each other,
    so they are taken west to east, north to south.
    """
    squares = combat_squares(st)
    if not squares:
        return
    defender = st.static.enemy[attacker]
    st.bonus_window = {attacker, defender}
    for side in (attacker, defender):
        yield from cards.window(game, st, side, "air_combat")
    st.bonus_window = set()
    for sq in squares:
        yield from resolve(game, st, attacker, sq)


def fire(game, st: State, side: str, units: list[Unit], at: str) -> list[dict]:
    """Roll one side's fighters and bombers, each on its own column (18.1 Note)."""
    out = []
    delta = combat_delta(st, "air", side)
    fighters = [u for u in units if u.crt_column == "fighters"]
    for col in ("fighters", "bombers"):
        firing = fighters if col == "fighters" else [u for u in units if u.crt_column == "bombers"]
        if not firing:
            continue
        base = sum([u.face.air_combat for u in firing])
        dice = sum([unit_dice(st, "air", u, u.face.air_combat) for u in firing])
        if delta and (col == "fighters" or not fighters):
            dice = max(dice + delta, 1 if base >= 1 else 0)
        rolls = game.dice.roll(st.static.air_die, f"{side} {col} fire at {at} (18.1)", dice,
                               side=side, column=col) if dice else []
        results = [st.static.air_crt[col][r] for r in rolls]
        out.append({"side": side, "column": col, "units": [u.id for u in firing], "printed": base,
                    "dice": dice, "rolls": rolls, "results": results,
                    "kills": results.count("kill"), "aborts": results.count("abort")})
    return out


def resolve(game, st: State, attacker: str, sq: int) -> Generator:
    static = st.static
    defender = static.enemy[attacker]
    at = static.label(sq)
    reveal(st, st.airborne(attacker, sq) + st.airborne(defender, sq), "air combat (22.0)", sq)
    sides = {s: st.airborne(s, sq) for s in (attacker, defender)}
    if "fighters" not in [u.crt_column for units in sides.values() for u in units]:
        st.emit("aw.no_combat", at=at, why="only bombers left in the square (18.1)")
        return
    volleys = fire(game, st, attacker, sides[attacker], at) + fire(game, st, defender, sides[defender], at)
    ids = {s: [u.id for u in flying] for s, flying in sides.items()}
    st.summed.append(st.log.add({"seq": None, "type": "aw.air_combat", "at": at, "attacker": attacker,
                                 "defender": defender, "units": ids, "fire": volleys}))
    for side in (attacker, defender):
        against = [v for v in volleys if v["side"] != side]
        by = {r: [uid for v in against if v[r + "s"] for uid in v["units"]] for r in ("kill", "abort")}
        yield from take_losses(game, st, side, sides[side], sum([v["kills"] for v in against]),
                               sum([v["aborts"] for v in against]), f"air combat at {at}", by)


def aa_sources(st: State, side: str, sq: int) -> tuple[int, list[Unit]]:
    """`side`'s AA in a square: its airbase there (AA = capacity, 30.4) and AA units."""
    base = st.airbase(sq, side)
    units = list(st.memo(side, _aa_units).get(sq, ()))
    return (base[1] if base else 0), units


def _aa_units(st: State, side: str) -> dict[int, list[Unit]]:
    """`side`'s AA units on the map by square, in the order of `st.units` (and so of `st.of_side`)."""
    found: dict[int, list[Unit]] = {}
    for u in st.of_side[side]:
        if u.type == "aa" and u.square is not None:
            found.setdefault(u.square, []).append(u)
    return found


def aa_fire(game, st: State, attacker: str) -> Generator:
    """The AA segment: the defender may fire at attacking air units in its AA squares (19.0)."""
    defender = st.static.enemy[attacker]
    targets = sorted({u.square for u in st.in_the_air(attacker)})
    firing = [sq for sq in targets if any(aa_sources(st, defender, sq))]
    if not firing:
        return
    st.bonus_window = {defender}
    yield from cards.window(game, st, defender, "aa")
    st.bonus_window = set()
    for sq in firing:
        yield from _aa_square(game, st, attacker, defender, sq)


def _aa_square(game, st: State, attacker: str, defender: str, sq: int) -> Generator:
    static = st.static
    at, label = static.describe(sq), static.labels[sq]
    printed, units = aa_sources(st, defender, sq)
    dice = printed + sum([unit_dice(st, "aa", u, u.record.aa) for u in units])
    total = dice + combat_delta(st, "aa", defender)
    total = max(total, 1 if dice >= 1 else 0)
    options = [{"type": "fire", "at": label, "label": f"fire {total} AA dice at {at}"}]
    if units and printed:
        options.append({"type": "fire_printed", "at": label,
                        "label": f"fire only the airbase's {printed} AA at {at}, keeping AA units hidden"})
    options.append({"type": "hold", "at": label, "label": f"hold fire at {at}"})
    action = yield Decision(defender, "aw.aa", f"AA at {at}: fire at the enemy air units there? (19.0)",
                            options, context={"at": label})
    if action["type"] == "hold":
        return
    if action["type"] == "fire_printed":
        units = []
        total = max(printed + combat_delta(st, "aa", defender), 1)
    reveal(st, units, "AA fire (19.0)", sq)
    targets = st.airborne(attacker, sq)
    rolls = game.dice.roll(static.air_die, f"{defender} AA fire at {label} (19.0)", total,
                           side=defender, column="aa")
    results = [static.air_crt["aa"][r] for r in rolls]
    st.log.add({"seq": None, "type": "aw.aa_fire", "at": label, "side": defender, "airbase_aa": printed,
                "units": [u.id for u in units], "dice": total, "rolls": rolls, "results": results,
                "targets": [u.id for u in targets]})
    yield from take_losses(game, st, attacker, targets, results.count("kill"), results.count("abort"),
                           f"AA fire at {label}", {"kill": [u.id for u in units]})
