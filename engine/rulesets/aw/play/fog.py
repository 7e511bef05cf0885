"""Fog of war (22.0), decoys (22.1), air recon (22.2) and radar (23.0).

The state always knows every counter; these rules decide what the other player
may see. A unit is *revealed* (face up for the rest of the day) by contact,
combat or bombing; a revealed decoy leaves the map for the Abort Box. Radar,
the top counter of a stack and cards let the enemy *examine* units without
revealing them, so examining never removes a decoy.
"""

from __future__ import annotations

from .state import ABORT, State, Unit


def reveal(st: State, units: list[Unit], why: str, square: int | None = None) -> None:
    """Turn units face up; revealed decoys are removed to the Abort Box (22.1)."""
    newly = [u for u in units if not u.revealed and u.square is not None]
    if not newly:
        return
    for unit in newly:
        st.change(unit, {"revealed": True})
    event = {"seq": None, "type": "aw.reveal", "units": [u.id for u in newly], "why": why}
    if square is not None:
        event["at"] = st.static.label(square)
    st.log.add(event)  # built whole: see `EventLog.add`
    for unit in newly:
        if unit.type == "D":
            st.remove(unit, ABORT, "decoy revealed (22.1)")


def contacts(st: State, side: str) -> frozenset[int]:
    """Squares where a `side` air stack meets an enemy unit or installation (22.0). Kept with
    `side`'s routes, which are forgotten whenever an enemy unit moves (`State.routes`): asked for
    at every route and flight, some 500 times a game."""
    cache = st.routes[side]
    found = cache.get("contacts")
    if found is None:
        found = cache["contacts"] = _occupied(st, st.static.enemy[side])
    return found


def _occupied(st: State, side: str) -> frozenset[int]:
    """Squares holding `side`'s units or installations."""
    return st.static.installations[side].union([u.square for u in st.of_side[side] if u.square is not None])


def reveal_contact(st: State, movers: list[Unit], square: int) -> None:
    """A stack entering a square with enemy units or installations is revealed in its
    entirety, and so are the enemy units there (22.0, 22.2 air recon)."""
    side = movers[0].side
    enemy = st.static.enemy[side]
    others = [u for u in st.of_side[enemy] if u.square == square]
    reveal(st, movers + others, "contact (22.0, 22.2)", square)


def face_down(st: State) -> None:
    """Start of Redeployment: every revealed unit is flipped face down again (22.0)."""
    for unit in st.units.values():
        if unit.revealed:
            st.change(unit, {"revealed": False})


def seen_by(st: State, side: str) -> set[str]:
    """Ids of the enemy units on the map that `side` may identify right now (`sighted`)."""
    return {u.id for u, seen in sighted(st, side) if seen}


def sighted(st: State, side: str) -> list[tuple[Unit, bool]]:
    """Each enemy unit on the map, in the order of `State.of_side`, and whether `side` may
    identify it right now.

    Revealed units, the top counter of each enemy stack (22.0), ground units
    printed without a fog-of-war back (7.1) and, with radar, the enemy's flying
    units in radar cover (23.0, 30.5). With the fog-of-war option off, every unit.
    """
    units = [u for u in st.of_side[st.static.enemy[side]] if u.square is not None]
    if not st.options.get("fog-of-war", True):
        return [(u, True) for u in units]
    every, shown = examined(st, side) if st.effects else (False, frozenset())
    if every:
        return [(u, True) for u in units]
    radar = st.static.radar.get(side, frozenset())
    top = tops(units)
    return [(u, u.revealed or (u.airborne and u.square in radar) or (not u.air and not u.record.fog_of_war_back)
             or top[(u.square, u.airborne)] is u or u.id in shown) for u in units]


def tops(units: list[Unit]) -> dict[tuple[int, bool], Unit]:
    """The top counter of each stack of `units` on the map, by (square, in the air): the last to
    arrive there or to be put on top (14.0 "in any order")."""
    found: dict[tuple[int, bool], Unit] = {}
    for unit in units:
        key = (unit.square, unit.airborne)
        top = found.get(key)
        if top is None or unit.arrival > top.arrival:
            found[key] = unit
    return found


def examined(st: State, side: str) -> tuple[bool, frozenset[str]]:
    """What cards in force let `side` examine (22.0): every enemy unit on the map, or these."""
    ids: frozenset[str] = frozenset()
    for active in st.effects:
        if active.side == side and getattr(active.effect, "type", "") == "reveal":
            if active.units is None:
                return True, ids
            ids |= active.units
    return False, ids


_SHOWING = frozenset({"aw.reveal", "aw.examine"})


class _Counter:
    """A counter as the log places it: enough for `tops`."""

    __slots__ = ("id", "side", "square", "airborne", "arrival")

    def __init__(self, uid: str, side: str) -> None:
        self.id, self.side, self.square, self.airborne, self.arrival = uid, side, None, False, 0


class Lookout:
    """What each event of a game changes in what the other side may identify, read from the log in
    order (`sight.Watch`): the units it turns face up or lets the enemy examine (cards), and the
    counter it brings to the top of a stack (22.0: "A player can always examine the top enemy
    unit"), which no event names: the one arrived, put on top, or left on top when the one above
    flies, lands or is lost; and the face-down counter it covers. Likewise a flying unit entering
    or leaving the enemy's radar cover (23.0: "may examine all flying enemy units within his radar
    cover"), given as `cover`: the squares (labels) in radar cover of each side's units. Read from
    the log, as `State` orders stacks (`tops`), so a game logs no more for it and bot games stay as
    they were."""

    def __init__(self, cover: dict[str, frozenset[str]] | None = None) -> None:
        self.cover = cover or {}
        self.counters: dict[str, _Counter] = {}
        self.stacks: dict[tuple, list[_Counter]] = {}  # (side, square, in the air) -> its counters
        self.face_up: set[str] = set()
        self.arrivals = 0

    def sees(self, event: dict) -> tuple[list[str], list[str]]:
        """The units the event brings into view, and those it takes out of view."""
        kind = event["type"]
        if kind in _SHOWING:
            return event["units"], []
        if kind == "unit.placed":
            self.counters[event["unit"]] = _Counter(event["unit"], event.get("side", ""))
            return [], []
        counter = self.counters.get(event.get("unit", ""))
        if counter is None or kind not in ("unit.moved", "unit.removed", "unit.changed", "aw.on_top"):
            return [], []
        if kind == "unit.changed" and "revealed" in event["state"]:
            (self.face_up.add if event["state"]["revealed"] else self.face_up.discard)(counter.id)
        square, airborne, arrival = counter.square, counter.airborne, counter.arrival
        if kind in ("aw.on_top", "unit.moved"):
            self.arrivals += 1
            arrival, square = self.arrivals, event.get("to", square)
        elif kind == "unit.removed":
            square, airborne = None, False
        elif "airborne" in event["state"]:
            airborne = event["state"]["airborne"]
        was, now = (counter.side, counter.square, counter.airborne), (counter.side, square, airborne)
        near = {self.top(*was), self.top(*now), counter.id}
        before = {u for u in near if u and self._in_view(u)}
        if now != was and was[1] is not None:
            self.stacks[was].remove(counter)
        counter.square, counter.airborne, counter.arrival = square, airborne, arrival
        if now != was and square is not None:
            self.stacks.setdefault(now, []).append(counter)
        near |= {self.top(*was), self.top(*now)}
        after = {u for u in near if u and self._in_view(u)}
        return list(after - before), list(before - after)

    def _in_view(self, uid: str) -> bool:
        """Whether the enemy may identify the unit: face up, on top of its stack, or flying in the
        enemy's radar cover."""
        counter = self.counters[uid]
        return uid in self.face_up or (counter.airborne and counter.square in self.cover.get(counter.side, ())) \
            or self.top(counter.side, counter.square, counter.airborne) == uid

    def top(self, side: str, square: str | None, airborne: bool) -> str:
        """The unit on top of `side`'s stack in `square` (a label), in the air or not ('' for none)."""
        stack = self.stacks.get((side, square, airborne))
        return tops(stack)[(square, airborne)].id if stack else ""
