"""Units coming onto the map: set-up (29.0), reinforcements and refits (12.0),
Abort Box returns, units placed aside for want of airbase room (30.14) and
VVS airbase counters (30.3)."""

from __future__ import annotations

from typing import Generator, Iterable

from engine.core.decisions import Decision

from ..kinds.vocabulary import UnitPick
from .state import ABORT, ASIDE, DAMAGE, REINFORCEMENTS, UNPLACED, State, Unit


def place_air(game, st: State, side: str, units: Iterable[Unit], why: str,
              allowed: set[int] | None = None) -> Generator:
    """Base each unit at a friendly airbase with room (12.1); none: placed aside (30.14)."""
    for unit in list(units):
        rooms = st.rooms(side)
        bases = [sq for sq, room in rooms.items() if room > 0 and (allowed is None or sq in allowed)]
        if not bases:
            if unit.box != ASIDE:
                st.remove(unit, ASIDE, "no friendly airbase has room: placed aside (30.14)")
            continue
        square = bases[0]
        if len(bases) > 1:
            options = [_base_option(st, unit, sq, rooms[sq]) for sq in bases]
            action = yield Decision(side, "aw.place", f"{why}: base {unit.name} at a friendly airbase",
                                    options, context={"unit": unit.id, "why": why},
                                    explain=_explain_base(st, side, unit, allowed))
            square = st.static.index[action["at"]]
        st.place(unit, square, why)


def _base_option(st: State, unit: Unit, square: int, room: int) -> dict:
    """The option to base `unit` at `square` with `room` free, made once per scenario: an offered
    option is never changed, so the same dict serves every game (most placings recur)."""
    kept = st.static.cache.setdefault("base options", {})
    found = kept.get((unit.id, square, room))
    if found is None:
        found = kept[(unit.id, square, room)] = {
            "type": "base", "unit": unit.id, "at": st.static.label(square),
            "label": f"{unit.name} at {st.static.describe(square)} ({room} free)"}
    return found


def _explain_base(st: State, side: str, unit: Unit, allowed: set[int] | None):
    def explain(action: dict) -> str:
        label = action.get("at")
        if action.get("type") != "base":
            return f"{unit.name} is being placed: choose an airbase ('base'), not '{action.get('type')}'"
        if action.get("unit") != unit.id:
            return f"this decision places {unit.name} ({unit.id}), not '{action.get('unit')}'"
        square = st.static.index.get(label)
        if square is None:
            return f"'{label}' is not a square of the map"
        if st.airbase(square, side) is None:
            return f"{st.static.describe(square)} has no {side} airbase: air units are placed on friendly airbases (12.1)"
        if allowed is not None and square not in allowed:
            return f"{unit.name} sets up only at {', '.join(st.static.describe(s) for s in sorted(allowed))} (29.0)"
        return f"the airbase at {st.static.describe(square)} is full (capacity {st.airbase(square, side)[0]}, 15.2)"
    return explain


def deploy(game, st: State, side: str) -> Generator:
    """Set-up (29.0): the listed counters, then those picked at random from pools."""
    setup = st.static.setups[side]
    for entry in setup.deployment:
        units = [u for u in st.in_box(side, UNPLACED) if u.record.id == entry.unit][: entry.count]
        allowed = {st.static.place_square[p] for p in entry.at} or None
        if units and units[0].air:
            yield from place_air(game, st, side, units, "set-up (29.0)", allowed)
        else:
            for unit in units:
                yield from place_ground(game, st, side, unit, "set-up (29.0)", allowed)
    for pick in setup.random_deployment:
        pool = [u for u in st.in_box(side, UNPLACED) if u.air and matches(u, pick)]
        chosen = yield from choose_units(game, st, side, pool, pick, "set-up (29.0)")
        yield from place_air(game, st, side, chosen, "set-up (29.0)")
        for unit in pool:
            if unit not in chosen:
                st.remove(unit, REINFORCEMENTS, "rest of the pool to the Reinforcements Box (29.1)")


def matches(unit: Unit, pick: UnitPick) -> bool:
    return (not pick.units or unit.record.id in pick.units) and (
        not pick.group or unit.record.group == pick.group)


def choose_units(game, st: State, side: str, pool: list[Unit], pick: UnitPick, why: str) -> Generator:
    """`pick.count` units of `pool`: a blind draw (random) or the player's selection (2.0)."""
    count = min(pick.count, len(pool))
    if pick.choose == "random":
        ids = game.dice.pick([u.id for u in pool], count, f"{side} picks {count} at random: {why}")
        return [st.units[i] for i in ids]
    chosen: list[Unit] = []
    for _ in range(count):
        left = [u for u in pool if u not in chosen]
        kinds = _first_of_each(left)
        unit = kinds[0]
        if len(kinds) > 1:
            options = [{"type": "select", "unit": u.id, "label": f"select {u.record.name}"} for u in kinds]
            action = yield Decision(side, "aw.select", f"{why}: select a unit", options,
                                    context={"why": why})
            unit = st.units[action["unit"]]
        chosen.append(unit)
    return chosen


def _first_of_each(units: list[Unit]) -> list[Unit]:
    """One unit per counter type: identical counters are one choice."""
    seen: dict[str, Unit] = {}
    for unit in units:
        seen.setdefault(unit.record.id, unit)
    return list(seen.values())


def reinforce(game, st: State, side: str, picks: list[UnitPick], why: str) -> Generator:
    """Units from the Reinforcements Box (12.0 Cards; 30.13 first pick)."""
    for pick in picks:
        pool = [u for u in st.in_box(side, REINFORCEMENTS) if u.id not in st.scheduled and matches(u, pick)]
        chosen = yield from choose_units(game, st, side, pool, pick, why)
        if chosen:
            st.emit("aw.reinforcements", side=side, units=[u.id for u in chosen], why=why)
        else:
            st.emit("aw.no_effect", side=side, why=f"{why}: the Reinforcements Box holds no such unit")
        yield from place_air(game, st, side, chosen, why)


def ground_refittable(st: State, unit: Unit, unit_types: list[str]) -> bool:
    """May a card refitting `unit_types` (empty: any) bring back ground `unit` from the Damage Box?

    A ground unit bombed off the map "may be Refit" (20.3) and is placed on a
    friendly ground space (12.1); the rules give it no other cost, so like an air
    unit it takes one refit of a card that names no unit types (card unit types
    are air unit types), and it needs a space to go to.
    """
    return not unit_types and bool(refit_sites(st, unit))


def refit(game, st: State, side: str, count: int, unit_types: list[str], why: str) -> Generator:
    """Take destroyed units from the Damage Box and place them as reinforcements (12.0)."""
    for _ in range(count):
        pool = [u for u in st.in_box(side, DAMAGE) if (u.air and (not unit_types or u.type in unit_types))
                or (not u.air and ground_refittable(st, u, unit_types))]
        if not pool:
            st.emit("aw.no_effect", side=side, why=f"{why}: no unit in the Damage Box to refit")
            return
        kinds = _first_of_each(pool)
        unit = kinds[0]
        if len(kinds) > 1:
            options = [{"type": "refit", "unit": u.id, "label": f"refit {u.record.name}"} for u in kinds]
            action = yield Decision(side, "aw.refit", f"{why}: refit a unit from the Damage Box",
                                    options, context={"why": why})
            unit = st.units[action["unit"]]
        st.emit("aw.refit", side=side, unit=unit.id, why=why)
        if unit.air:
            yield from place_air(game, st, side, [unit], f"refit ({why})")
        else:
            yield from place_ground(game, st, side, unit, f"refit ({why})", set(refit_sites(st, unit)))


def returns(game, st: State, side: str) -> Generator:
    """Units set aside for want of room, then the Abort Box (aborted units and revealed
    decoys) come back onto friendly airbases (12.0 Aborts, Decoys; 30.14)."""
    aside = st.in_box(side, ASIDE)
    if aside:
        yield from place_air(game, st, side, aside, "placed aside, now deployed (30.14)")
    aborted = st.in_box(side, ABORT)
    if aborted:
        yield from place_air(game, st, side, aborted, "back from the Abort Box (12.0)")


def ground_sites(st: State, side: str, unit: Unit) -> list[int]:
    """Friendly ground spaces holding no ground unit of this type (14.0)."""
    taken = {u.square for u in st.units.values() if not u.air and u.type == unit.type and u.square is not None}
    sites = [s.index for s in st.static.squares
             if s.territory == side and not s.water and s.index not in taken]
    if unit.type == "airbase" and st.static.rules.one_airbase_per_square:
        sites = [sq for sq in sites if not st.static.squares[sq].airbase]
    return sites


def airbase_sites(st: State, side: str, unit: Unit) -> list[int]:
    """Where an airbase counter may go: a free friendly ground space, not a forbidden place (30.3)."""
    rule = st.static.setups[side].airbase_counters
    forbidden = {st.static.place_square[p] for p in rule.forbidden_places} if rule else set()
    return [sq for sq in ground_sites(st, side, unit) if sq not in forbidden]


def refit_sites(st: State, unit: Unit) -> list[int]:
    """Friendly ground spaces a refitted ground unit may be placed on (12.1); an airbase counter
    also keeps to the most allowed on the map (30.3)."""
    side = unit.side
    if unit.type != "airbase":
        return ground_sites(st, side, unit)
    rule = st.static.setups[side].airbase_counters
    if rule is not None and unit.record.id == rule.unit:
        if len([u for u in airbase_counters(st, side, rule) if u.square is not None]) >= rule.max_on_map:
            return []
    return airbase_sites(st, side, unit)


def airbase_counters(st: State, side: str, rule) -> list[Unit]:
    """The side's airbase counters (30.3), on the map or not."""
    return [u for u in st.of_side[side] if u.record.id == rule.unit]


def place_ground(game, st: State, side: str, unit: Unit, why: str,
                 allowed: set[int] | None = None) -> Generator:
    sites = [sq for sq in ground_sites(st, side, unit) if allowed is None or sq in allowed]
    if not sites:
        st.emit("aw.no_effect", side=side, why=f"{why}: no friendly ground space for {unit.name}")
        return
    square = sites[0]
    if len(sites) > 1:
        options = [{"type": "site", "unit": unit.id, "at": st.static.label(sq),
                    "label": f"{unit.name} at {st.static.describe(sq)}"} for sq in sites]
        action = yield Decision(side, "aw.site", f"{why}: place {unit.name} on a friendly ground space",
                                options, context={"unit": unit.id, "why": why})
        square = st.static.index[action["at"]]
    st.place(unit, square, why)


def airbase_choice(st: State, side: str) -> tuple[Unit | None, list[Unit]]:
    """What an airbase card may do now (30.3): the counter it would place while fewer than the
    most allowed are on the map, else the counters on the map it may move (none based there)."""
    rule = st.static.setups[side].airbase_counters
    if rule is None:
        return None, []
    counters = airbase_counters(st, side, rule)
    on_map = [u for u in counters if u.square is not None]
    spare = [u for u in counters if u.square is None]
    if spare and len(on_map) < rule.max_on_map:
        return spare[0], []
    return None, [u for u in on_map if not st.has_based(u.square, side)]


def build_airbase(game, st: State, side: str, why: str) -> Generator:
    """Place an airbase counter, or move one when all are on the map (30.3)."""
    if st.static.setups[side].airbase_counters is None:
        st.emit("aw.no_effect", side=side, why=f"{why}: {side} has no airbase counters")
        return
    unit, movable = airbase_choice(st, side)
    if unit is None:
        if not movable:
            st.emit("aw.no_effect", side=side,
                    why=f"{why}: every airbase counter is on the map and in use (30.3)")
            return
        options = [{"type": "move_airbase", "unit": u.id,
                    "label": f"move the airbase at {st.static.describe(u.square)}"} for u in movable]
        options.append({"type": "keep", "label": "leave the airbases where they are"})
        action = yield Decision(side, "aw.airbase_move",
                                f"{why}: all airbase counters are on the map; move one? (30.3)", options)
        if action["type"] == "keep":
            return
        unit = st.units[action["unit"]]
    yield from place_ground(game, st, side, unit, why, set(airbase_sites(st, side, unit)))
