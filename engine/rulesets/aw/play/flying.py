"""The Flying segment (17.0): take-off and landing (15.0), sorties (16.0), stacking
in the air (14.0) and engagement (17.1).

A side flies one unit or stack at a time: pick it (or end flying), optionally
add units from the same square, then pick where it ends among the squares it
can reach, or land there. Between moves it may put any unit of a stack on top
(14.0: stacks in any order), the counter the enemy may examine (22.0). Movement
runs through grid sides only; a stack that enters a square with enemy air units
in the air must stop there (decoys do not stop anybody, 22.1). A move follows the
route its action gives (`route`: the squares entered, checked by `check_route`),
or else a shortest route that enters the fewest squares holding enemy units or
installations, since entering one reveals the stack (22.0).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Generator

from engine.core.decisions import Decision, confirm

from .fog import contacts, reveal_contact, tops
from .routes import check_route, path, reach
from .state import State, Unit


def missions_limit(st: State, unit: Unit) -> int | None:
    """Missions a turn: one for long range (16.2), FB bombers and GA (26.1, 26.2)."""
    rules = unit.rules
    if rules is not None and rules.missions_per_turn:
        return rules.missions_per_turn
    return None if unit.short_range else 1


def must_land_next_hour(st: State, unit: Unit) -> bool:
    """Short-range (16.1) and ground attack (26.2) units land by the end of the next hour."""
    rules = unit.rules
    return unit.short_range or bool(rules and rules.attacks_first_hour_only)


def grounded_by(st: State, unit: Unit) -> str | None:
    """The rule that keeps a unit from flying now ('ground', 'off map', 'moved', 'missions',
    'landed' or 'launch'), None if it may fly: the test, without words (`take_off_problem`)."""
    if not unit.air:
        return "ground"
    if unit.square is None:
        return "off map"
    if unit.airborne:
        return "moved" if unit.moved else None
    if unit.sorties:  # no limit is below one mission
        limit = missions_limit(st, unit)
        if limit is not None and unit.sorties >= limit:
            return "missions"
    if unit.landed == st.hour:
        return "landed"
    if st.static.launch_limited and st.launched.get(unit.square, 0) >= st.sides[unit.side].command_level:
        return "launch"
    return None


def take_off_problem(st: State, unit: Unit) -> str | None:
    """Why a unit cannot fly now, in the rules' words; None if it can."""
    why = grounded_by(st, unit)
    if why is None:
        return None
    if why == "ground":
        return f"{unit.name} is a ground unit: ground units move only when redeploying (13.0)"
    if why == "off map":
        return f"{unit.name} is in the {unit.box} box, not on the map"
    if why == "moved":
        return f"{unit.name} has already moved this hour (17.0)"
    if why == "missions":
        return (f"{unit.name} has flown its {missions_limit(st, unit)} mission(s) this turn: once landed it "
                f"cannot fly again this turn (16.2, 26.1, 26.2)")
    if why == "landed":
        return f"{unit.name} landed this hour: a short-range unit flies every other hour (16.1)"
    level = st.command_level(unit.side)
    return (f"{level} air units have taken off from {st.static.describe(unit.square)} this "
            f"hour: no more than the command level may launch from an airbase (30.2)")


def movable(st: State, side: str) -> list[Unit]:
    """The units that may fly now: in the air and not yet moved this hour, or based and able to take off."""
    return [u for u in st.of_side[side] if grounded_by(st, u) is None]


def flying(game, st: State, side: str) -> Generator:
    for unit in st.flown:
        unit.moved = False
    st.flown = []
    st.launched = {}
    units = st.of_side[side]
    first = 0  # the units before it may not fly again this segment: flying, landing, launches
    # and losses only ever ground units, so they are not looked at again
    while True:
        while first < len(units) and grounded_by(st, units[first]) is not None:
            first += 1
        if first == len(units):
            return  # nothing may fly
        action = yield FlyDecision(st, side)
        if action["type"] == "end":
            return
        if action["type"] == "top":
            st.on_top(st.units[action["unit"]])
            continue
        if action["type"] == "fly_stack":
            square = st.static.index[action["at"]]
            group = st.unmoved_over(side, square)
        else:
            group = [st.units[action["unit"]]]
        while True:
            action = yield FlyToDecision(st, side, group)
            kind = action["type"]
            if kind == "add":
                group.append(st.units[action["unit"]])
                continue
            if kind != "cancel":
                route = [st.static.index[s] for s in action["route"]] if "route" in action else None
                fly(st, side, group, st.static.index[action["at"]], kind == "land", route)
            break


def _speed(group: list[Unit]) -> int:
    """A stack flies at its slowest unit's speed (most fly alone)."""
    return group[0].speed if len(group) == 1 else min([u.speed for u in group])


def _names(group: list[Unit]) -> str:
    return ", ".join([u.name for u in group])


def _fly_offer(st: State, unit: Unit) -> dict:
    """The option to fly one unit from where it is (made once per unit, square and status)."""
    key = ("fly", unit.id, unit.square, unit.airborne)
    offer = st.offers.get(key)
    if offer is None:
        label = st.static.label(unit.square)
        where = f"in the air over {label}" if unit.airborne else f"based at {label}"
        offer = st.offers[key] = {"type": "fly", "unit": unit.id, "label": f"fly {unit.name} ({where})"}
    return offer


def _stack_offer(st: State, square: int, count: int) -> dict:
    key = ("fly_stack", square, count)
    offer = st.offers.get(key)
    if offer is None:
        label = st.static.label(square)
        offer = st.offers[key] = {"type": "fly_stack", "at": label,
                                  "label": f"fly the {count} units in the air over {label} together"}
    return offer


def fly_options(st: State, side: str) -> list[dict]:
    options = []
    stacks: dict[int, int] = {}
    for unit in movable(st, side):
        options.append(_fly_offer(st, unit))
        if unit.airborne:
            stacks[unit.square] = stacks.get(unit.square, 0) + 1
    for square, count in sorted(stacks.items()):
        if count > 1:
            options.append(_stack_offer(st, square, count))
    own = [u for u in st.of_side[side] if u.square is not None]
    top = tops(own)
    options += [_top_offer(st, u) for u in own if _under(u, top)]
    options.append(_END)
    return options


def _under(unit: Unit, top: dict[tuple[int, bool], Unit]) -> bool:
    """Is `unit` in a stack of its side, not on top (`tops` of the side's units on the map)?"""
    return top[(unit.square, unit.airborne)] is not unit


def _top_offer(st: State, unit: Unit) -> dict:
    where = "in the air over" if unit.airborne else "at"
    return {"type": "top", "unit": unit.id,
            "label": f"put {unit.name} on top of the stack {where} {st.static.label(unit.square)} (14.0)"}


_END = {"type": "end", "label": "end flying for this hour"}
_CANCEL = {"type": "cancel", "label": "choose another unit"}


class _Offers:
    """The legal options of a decision, one by one: `offer(kind, key)` finds one (what a bot
    looks up) and `accept` checks any action against them. Nothing changes the state while the
    decision waits, so what `offer` handed out is taken back without checking again."""

    UNIT_KINDS: tuple[str, ...] = ()  # the option kinds whose key is their 'unit' (the others': 'at')
    _given: tuple[dict, ...] = ()

    def offer(self, kind: str, key: object = None) -> dict | None:
        found = self._find(kind, key)
        if found is not None:
            self._given += (found,)
        return found

    def accept(self, action: dict) -> dict | None:
        for given in self._given:
            if action is given:
                return given
        kind = action["type"]
        return confirm(action, self._find(kind, action.get("unit") if kind in self.UNIT_KINDS else action.get("at")))

    def _find(self, kind: str, key: object) -> dict | None:
        raise NotImplementedError


class Departures(_Offers):
    """What a side may fly next: the option for one unit or stack, or the whole list for a
    person or a view."""

    UNIT_KINDS = ("fly", "top")

    def __init__(self, st: State, side: str) -> None:
        self.st, self.side = st, side

    def build(self) -> list[dict]:
        return fly_options(self.st, self.side)

    def explain(self, action: dict) -> str:
        return _why_not_fly(self.st, self.side, action)

    def _find(self, kind: str, key: object = None) -> dict | None:
        """The option to fly unit `key` ('fly'), the stack over square `key` ('fly_stack'), or to
        end flying ('end'), if it is legal now."""
        st = self.st
        if kind == "end":
            return _END
        if not isinstance(key, str):
            return None
        if kind == "fly":
            unit = st.units.get(key)
            if unit is None or unit.side != self.side or grounded_by(st, unit) is not None:
                return None
            return _fly_offer(st, unit)
        if kind == "fly_stack":
            square = st.static.index.get(key)
            count = len(st.unmoved_over(self.side, square)) if square is not None else 0
            return _stack_offer(st, square, count) if count > 1 else None
        if kind == "top":
            unit = st.units.get(key)
            if unit is None or unit.side != self.side or unit.square is None:
                return None
            own = [u for u in st.of_side[self.side] if u.square == unit.square]
            return _top_offer(st, unit) if _under(unit, tops(own)) else None
        return None


class FlyDecision(Departures, Decision):
    """`aw.fly`, its own offers (`Departures`): its options listed only when asked for; `offer` is
    what a bot looks up. Some 200 a game: one object, with no bound method kept."""

    def __init__(self, st: State, side: str) -> None:
        Departures.__init__(self, st, side)
        # Decision's own __init__ called with its arguments in place: super() and keywords cost
        # more than the rest of it (as in `FlyToDecision`).
        Decision.__init__(self, side, "aw.fly", _fly_prompt(st.hour), None, {"hour": st.hour})


# The prompts of the two flying decisions, asked some 200 times a game each, formatted once (a unit
# flying alone, as most do, has the same prompt every time).
@lru_cache(maxsize=None)
def _fly_prompt(hour: int) -> str:
    return f"hour {hour}: fly a unit or stack, or end flying"


@lru_cache(maxsize=1024)
def _ends_prompt(names: str) -> str:
    return f"{names}: add a unit, or choose where to fly or land"


def _offers(static) -> dict[str, list[dict]]:
    """The destination options of every square, made once: an offered option is never changed,
    so the same dict can be offered again (to take off / fly to / land at a square)."""
    offers = static.cache.get("flight offers")
    if offers is None:
        offers = static.cache["flight offers"] = {
            "take_off": [{"type": "move", "at": s.label, "label": "take off and fly to " + n}
                         for s, n in zip(static.squares, static.names)],
            "stay": [{"type": "move", "at": s.label, "label": "take off and stay over " + s.label}
                     for s in static.squares],
            "move": [{"type": "move", "at": s.label, "label": "fly to " + n} for s, n in zip(static.squares, static.names)],
            "land": [{"type": "land", "at": s.label, "label": "land at " + n} for s, n in zip(static.squares, static.names)],
        }
    return offers


def addable(st: State, side: str, group: list[Unit]) -> list[Unit]:
    """Units that may join the group: same square and status, free to move, within the launch limit."""
    lead = group[0]
    if not lead.airborne and st.static.launch_limited:
        if st.launched.get(lead.square, 0) + len(group) >= st.command_level(side):
            return []
    square, airborne = lead.square, lead.airborne
    return [u for u in st.of_side[side]
            if u.square == square and u.airborne == airborne and u not in group and grounded_by(st, u) is None]


class Destinations(_Offers):
    """Where a group may end its flight: the squares it can reach within the stacking limit, the
    airbases it can land at (in the air only: take-off and landing are not one move, 16.2), and the
    units that may join it. The reach is worked out at once; the units that may join, the stacks in
    the air and the airbase room when first needed."""

    UNIT_KINDS = ("add",)

    def __init__(self, st: State, side: str, group: list[Unit]) -> None:
        self.st, self.side, self.group = st, side, group
        self.start, self.based = group[0].square, not group[0].airborne
        self.steps, self.stopped = reach(st, side, self.start, _speed(group))
        self.offers = _offers(st.static)
        self._in_air: dict[int, int] | None = None
        self._rooms: dict[int, int] | None = None
        self._adds: dict[str, dict] | None = None

    def adds(self) -> dict[str, dict]:
        """unit id -> the option to add it to the group."""
        if self._adds is None:
            self._adds = {u.id: {"type": "add", "unit": u.id, "label": f"add {u.name}"}
                          for u in addable(self.st, self.side, self.group)}
        return self._adds

    def in_air(self) -> dict[int, int]:
        """Own units in the air per square, the group left out (stacking, 14.0)."""
        if self._in_air is None:
            self._in_air = {}
            for u in self.st.in_the_air(self.side):
                if u not in self.group:
                    self._in_air[u.square] = self._in_air.get(u.square, 0) + 1
        return self._in_air

    def can_move(self, square: int) -> bool:
        return square in self.steps and (
            self.in_air().get(square, 0) + len(self.group) <= self.st.sides[self.side].command_level)

    def rooms(self) -> dict[int, int]:
        if self._rooms is None:
            self._rooms = {} if self.based else self.st.rooms(self.side)
        return self._rooms

    def can_land(self, square: int) -> bool:
        return (self.rooms().get(square, 0) >= len(self.group) and square in self.steps
                and (square not in self.stopped or square == self.start))

    def move_offer(self, square: int) -> dict:
        if self.based:
            return self.offers["stay" if square == self.start else "take_off"][square]
        return self.offers["move"][square]

    def moves(self) -> list[int]:
        """The squares the group may fly to, nearest first (as the options list them)."""
        room = self.st.command_level(self.side) - len(self.group)
        full = [sq for sq, count in self.in_air().items() if count > room]
        return [sq for sq in self.steps if sq not in full] if full else list(self.steps)

    def landings(self) -> list[int]:
        """The airbases the group may land at, in board order (listed after the moves)."""
        return [sq for sq in self.rooms() if self.can_land(sq)]

    def build(self) -> list[dict]:
        """Units to add, then the moves, then the landings, then cancel."""
        return [*self.adds().values(), *map(self.move_offer, self.moves()),
                *(self.offers["land"][sq] for sq in self.landings()), _CANCEL]

    def accept(self, action: dict) -> dict | None:
        if "route" not in action:
            return _Offers.accept(self, action)
        return self.routed(action)[0]

    def routed(self, action: dict) -> tuple[dict | None, str]:
        """A move or landing along the route the action gives (17.0): the offered option with the
        route in it (its labels as the map spells them), or None and why not."""
        offer, squares, problem = self._along(action)
        if problem:
            return None, problem
        route = [self.st.static.labels[s] for s in squares]
        via = via_text(route)
        return {**offer, "route": route, "label": offer["label"] + (f" {via}" if via else "")}, ""

    def route_of(self, action: dict) -> tuple[list[str], str]:
        """The squares a move or landing passes from the stack's square, for a board to draw: along
        the action's route (as far as the step refused, and why, when the rules refuse it), else
        the engine's (17.0)."""
        labels = self.st.static.labels
        if "route" not in action:
            return [labels[self.start], *default_route(self, action["at"])], ""
        _offer, squares, problem = self._along(action)
        return [labels[self.start], *(labels[s] for s in squares)], problem

    def _along(self, action: dict) -> tuple[dict | None, list[int], str]:
        """The option an action with a route picks, the squares the route enters, and why the rules
        refuse it ('' if they do not)."""
        rest = {k: v for k, v in action.items() if k != "route"}
        offer = _Offers.accept(self, rest)
        if offer is None:
            return None, [], _why_not_fly_to(self, rest)
        if offer["type"] not in ("move", "land"):
            return None, [], f"only a move or a landing follows a route, not '{offer['type']}'"
        squares, problem = check_route(self.st, self.side, self.start, _speed(self.group),
                                       self.st.static.index[offer["at"]], action["route"])
        return offer, squares, problem

    def explain(self, action: dict) -> str:
        return self.routed(action)[1] if "route" in action else _why_not_fly_to(self, action)

    def _find(self, kind: str, key: object) -> dict | None:
        """The option to add unit `key`, or to move or land at square `key`, or to cancel, if legal."""
        if kind == "cancel":
            return _CANCEL
        if not isinstance(key, str):
            return None
        if kind == "add":
            return self.adds().get(key)
        square = self.st.static.index.get(key)
        if square is None:
            return None
        if kind == "move":
            return self.move_offer(square) if self.can_move(square) else None
        if kind == "land":
            return self.offers["land"][square] if self.can_land(square) else None
        return None


class FlyToDecision(Destinations, Decision):
    """`aw.fly_to`, its own offers (`Destinations`): its options (often some fifty squares) listed
    only when asked for; what is legal is there for a bot to pick from, and any action is checked
    against it. Some 200 a game: one object, with no bound method kept."""

    def __init__(self, st: State, side: str, group: list[Unit]) -> None:
        Destinations.__init__(self, st, side, group)
        # Decision's own __init__ called with its arguments in place: super() and keywords cost more
        # than the rest of it.
        Decision.__init__(self, side, "aw.fly_to", _ends_prompt(_names(group)), None,
                          {"units": [u.id for u in group], "from": st.static.labels[group[0].square]})


def via_text(route: list[str]) -> str:
    """'via A B': the squares a route enters before its end, as a label and the prompt say them."""
    return f"via {' '.join(route[:-1])}" if len(route) > 1 else ""


def default_route(ends: Destinations, at: str) -> list[str]:
    """The squares a move or landing to square `at` enters unless the player gives a route (`path`)."""
    st = ends.st
    return [st.static.labels[s] for s in path(st, ends.side, ends.start, _speed(ends.group), st.static.index[at])]


def fly(st: State, side: str, group: list[Unit], dest: int, land: bool, route: list[int] | None = None) -> None:
    """Carry out a move: take off, follow the route (the player's, checked, or else `path`)
    revealing on contact, maybe land."""
    static = st.static
    start = group[0].square
    took_off = not group[0].airborne
    if took_off:
        for unit in group:
            unit.sorties += 1
            unit.took_off = st.hour
            st.change(unit, {"airborne": True})
        st.launched[start] = st.launched.get(start, 0) + len(group)
    if route is None:
        route = path(st, side, start, _speed(group), dest)
    movers = list(group)
    leg: list[int] = []
    touched = contacts(st, side)
    for sq in route:
        if not movers:
            break
        leg.append(sq)
        if sq != dest and sq not in touched:
            continue
        for unit in movers:
            st.place(unit, sq, "flying (17.0)", leg)
        if sq in touched:
            reveal_contact(st, movers, sq)
            movers = [u for u in movers if u.square is not None]
            touched = contacts(st, side)
        leg = []
    for unit in group:
        unit.moved = True
    st.flown += group
    landed = bool(land and movers)
    if landed:
        for unit in movers:
            unit.landed = st.hour
            st.change(unit, {"airborne": False})
    labels = static.labels
    st.log.add({"seq": None, "type": "aw.flight", "side": side, "units": [u.id for u in group], "took_off": took_off,
                "from": labels[start], "to": labels[dest], "path": [labels[s] for s in route], "landed": landed,
                "lost": [u.id for u in group if u not in movers]})  # built whole: see `EventLog.add`


def _why_not_fly(st: State, side: str, action: dict) -> str:
    if action.get("type") == "fly_stack":
        return f"no {side} stack of unmoved air units flies over '{action.get('at')}'"
    unit = st.units.get(action.get("unit", ""))
    if unit is None:
        return f"there is no unit '{action.get('unit')}'"
    if unit.side != side:
        return f"{unit.name} is a {unit.side} unit"
    if action.get("type") == "top":
        if unit.square is None:
            return f"{unit.name} is in the {unit.box} box, not on the map"
        return f"{unit.name} is already on top of its stack, or alone (14.0)"
    return take_off_problem(st, unit) or f"{unit.name} cannot fly now"


def _why_not_fly_to(ends: Destinations, action: dict) -> str:
    st, side, group, static = ends.st, ends.side, ends.group, ends.st.static
    kind = action.get("type")
    if kind == "add":
        unit = st.units.get(action.get("unit", ""))
        if unit is None or unit.side != side:
            return f"'{action.get('unit')}' is not a {side} unit"
        if unit.square != group[0].square or unit.airborne != group[0].airborne:
            return f"{unit.name} is not {'in the air' if group[0].airborne else 'based'} at {static.label(group[0].square)} with the stack"
        return take_off_problem(st, unit) or "no more units may take off from this airbase this hour (30.2)"
    square = static.index.get(str(action.get("at", "")))
    if square is None:
        return f"'{action.get('at')}' is not a square of the map"
    speed = _speed(group)
    distance = static.distance(group[0].square, square)
    name = _names(group)
    if square not in ends.steps:
        if distance > speed:
            return f"{name} {'has' if len(group) == 1 else 'have'} speed {speed}; {static.label(square)} is {distance} squares away (17.0)"
        return (f"{static.label(square)} lies beyond enemy air units in the air that {name} "
                f"would have to stop at (17.1)")
    if kind == "land":
        if st.airbase(square, side) is None:
            return f"{static.describe(square)} has no friendly airbase to land at (15.2)"
        if square in ends.stopped:
            return f"enemy air units fly over {static.label(square)}: the stack must stop there and fight (17.1)"
        return f"the airbase at {static.describe(square)} has room for {st.room(square, side)}, not {len(group)} (15.2)"
    level = st.command_level(side)
    return (f"{side} may have {level} air units in the air in one square (command level, 14.0); "
            f"{static.label(square)} would hold more")
