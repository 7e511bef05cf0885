"""The Planning Phase (10.1 A): card pick, reinforcement, redeployment; set-up on turn 1
(29.0) and the fighter-bomber mode for the turn (26.1)."""

from __future__ import annotations

from typing import Generator

from engine.core.decisions import Decision

from . import arrivals, cards
from .fog import face_down
from .state import REINFORCEMENTS, State, Unit


def planning(game, st: State) -> Generator:
    st.phase = "planning"
    order = st.static.order
    st.segment = "card_pick"
    for side in order:
        yield from cards.pick(game, st, side)
    st.segment = "reinforcement"
    for side in order:
        yield from _scheduled(game, st, side)
        yield from cards.window(game, st, side, "reinforcement")
        yield from arrivals.returns(game, st, side)
    st.segment = "redeploy"
    face_down(st)
    if st.turn == 1:
        for side in st.static.scenario.setup_order:
            yield from cards.window(game, st, side, "redeploy")
            yield from arrivals.deploy(game, st, side)
    else:
        for side in order:
            yield from cards.window(game, st, side, "redeploy")
        for air in (False, True):  # ground units, then air units (10.1 A.3)
            for side in order:
                yield from redeploy(game, st, side, air)
    for side in order:
        yield from choose_modes(game, st, side)
    cards.reshuffle(game, st)


def _scheduled(game, st: State, side: str) -> Generator:
    """Reinforcements the scenario brings in this turn (12.0 Scenario)."""
    for entry in st.static.setups[side].scheduled_reinforcements:
        if entry.turn != st.turn:
            continue
        units = [u for u in st.in_box(side, REINFORCEMENTS)
                 if u.id in st.scheduled and u.record.id == entry.unit][: entry.count]
        for unit in units:
            st.scheduled.discard(unit.id)
        allowed = {st.static.place_square[p] for p in entry.at} or None
        yield from arrivals.place_air(game, st, side, units, "scheduled reinforcement (12.0)", allowed)


def redeploy_options(st: State, side: str, air: bool, done: set[str]) -> list[dict]:
    # An offered option is never changed: each is made once per scenario and offered again.
    kept = st.static.cache.setdefault("redeploy options", {})
    bases = [sq for sq, room in st.rooms(side).items() if room > 0]  # with room, board order
    options = []
    for unit in st.side_units(side):
        if unit.id in done or unit.square is None or unit.air != air:
            continue
        if air and len(bases) == (unit.square in bases):  # no airbase with room but its own
            continue
        if not air and (unit.type == "airbase" or not set(arrivals.ground_sites(st, side, unit)) - {unit.square}):
            continue
        option = kept.get((unit.id, unit.square))
        if option is None:
            option = kept[(unit.id, unit.square)] = {
                "type": "redeploy", "unit": unit.id,
                "label": f"redeploy {unit.name} from {st.static.label(unit.square)}"}
        options.append(option)
    options.append(_END_REDEPLOYMENT[air])
    return options


_END_REDEPLOYMENT = {air: {"type": "done", "label": f"end redeployment of {'air' if air else 'ground'} units"}
                     for air in (True, False)}


def redeploy(game, st: State, side: str, air: bool) -> Generator:
    """Ground units to friendly ground spaces, or air units to friendly airbases (13.0)."""
    done: set[str] = set()
    while True:
        options = redeploy_options(st, side, air, done)
        if len(options) == 1:
            return
        action = yield Decision(side, "aw.redeploy", f"redeploy a{'n air' if air else ' ground'} unit, "
                                "or end redeployment (13.0)", options)
        if action["type"] == "done":
            return
        unit = st.units[action["unit"]]
        done.add(unit.id)
        if air:
            yield from _redeploy_air(game, st, side, unit)
        else:
            sites = set(arrivals.ground_sites(st, side, unit)) - {unit.square}
            yield from arrivals.place_ground(game, st, side, unit, "redeployed (13.0)", sites)


def _redeploy_air(game, st: State, side: str, unit: Unit) -> Generator:
    label = st.static.describe
    bases = [sq for sq in st.airbases(side) if sq != unit.square and st.room(sq, side) > 0]
    options = [{"type": "base", "unit": unit.id, "at": st.static.label(sq),
                "label": f"{unit.name} to {label(sq)} ({st.room(sq, side)} free)"} for sq in bases]
    options.append({"type": "stay", "unit": unit.id, "label": f"{unit.name} stays at {label(unit.square)}"})
    action = yield Decision(side, "aw.redeploy_to", f"redeploy {unit.name} to another friendly airbase (13.0)",
                            options, context={"unit": unit.id}, explain=_explain_redeploy(st, side, unit))
    if action["type"] == "base":
        st.place(unit, st.static.index[action["at"]], "redeployed (13.0)")


def _explain_redeploy(st: State, side: str, unit: Unit):
    def explain(action: dict) -> str:
        square = st.static.index.get(str(action.get("at", "")))
        if square is None:
            return f"'{action.get('at')}' is not a square of the map"
        if st.airbase(square, side) is None:
            return f"{st.static.describe(square)} has no {side} airbase: air units redeploy to friendly airbases (13.0)"
        return f"the airbase at {st.static.describe(square)} is full (capacity {st.airbase(square, side)[0]}, 15.0)"
    return explain


def choose_modes(game, st: State, side: str) -> Generator:
    """Fighter-bombers fly as fighters or bombers for the whole turn (26.1)."""
    for unit in st.side_units(side):
        if unit.square is None or unit.type not in st.static.mode_choice or unit.record.back is None:
            continue
        faces = (unit.record.front, unit.record.back)
        options = [{"type": "mode", "unit": unit.id, "mode": f.mode,
                    "label": f"{unit.name} flies as a {f.mode} this turn ({f.air_combat} air combat, "
                    f"{f.bomb} bomb, speed {f.speed}{' short range' if f.short_range else ''})"}
                   for f in faces]
        action = yield Decision(side, "aw.mode", f"{unit.name}: fighter or bomber this turn? (26.1)",
                                options, context={"unit": unit.id},
                                explain=lambda a, u=unit, f=faces: (
                                    f"{u.name} flies as {' or '.join(x.mode for x in f)} (26.1), "
                                    f"not '{a.get('mode')}'"))
        if action["mode"] != unit.mode:
            st.set_mode(unit, action["mode"])
