"""The Flying segment (17.0): take-off and landing (15.0), sorties (16.0), stacking
in the air (14.0) and engagement (17.1).

A side flies one unit or stack at a time: pick it (or end flying), optionally
add units from the same square, then pick where it ends among the squares it
can reach, or land there. Movement runs through grid sides only; a stack that
enters a square with enemy air units in the air must stop there (decoys do not
stop anybody, 22.1). A move follows a shortest route that enters the fewest
squares holding enemy units or installations, since entering one reveals the
stack (22.0).
"""

from __future__ import annotations

from typing import Generator

from engine.core.decisions import Decision

from .fog import contacts, reveal_contact
from .state import State, Unit

Routes = dict[int, tuple[int, int, int]]  # square -> (steps, contact squares, previous square)


def missions_limit(st: State, unit: Unit) -> int | None:
    """Missions a turn: one for long range (16.2), FB bombers and GA (26.1, 26.2)."""
    rules = st.mode_rules(unit)
    if rules is not None and rules.missions_per_turn:
        return rules.missions_per_turn
    return None if unit.short_range else 1


def must_land_next_hour(st: State, unit: Unit) -> bool:
    """Short-range (16.1) and ground attack (26.2) units land by the end of the next hour."""
    rules = st.mode_rules(unit)
    return unit.short_range or bool(rules and rules.attacks_first_hour_only)


def take_off_problem(st: State, unit: Unit) -> str | None:
    """Why a unit cannot fly now, in the rules' words; None if it can."""
    if not unit.air:
        return f"{unit.name} is a ground unit: ground units move only when redeploying (13.0)"
    if unit.square is None:
        return f"{unit.name} is in the {unit.box} box, not on the map"
    if unit.airborne:
        return f"{unit.name} has already moved this hour (17.0)" if unit.moved else None
    limit = missions_limit(st, unit)
    if limit is not None and unit.sorties >= limit:
        return (f"{unit.name} has flown its {limit} mission(s) this turn: once landed it cannot fly "
                f"again this turn (16.2, 26.1, 26.2)")
    if unit.landed == st.hour:
        return f"{unit.name} landed this hour: a short-range unit flies every other hour (16.1)"
    if st.static.rules.airbase_launch_limit == "command_level":
        level = st.command_level(unit.side)
        if st.launched.get(unit.square, 0) >= level:
            return (f"{level} air units have taken off from {st.static.describe(unit.square)} this "
                    f"hour: no more than the command level may launch from an airbase (30.2)")
    return None


def movable(st: State, side: str) -> list[Unit]:
    return [u for u in st.of_side[side] if u.air and u.square is not None
            and (u.airborne and not u.moved or not u.airborne and take_off_problem(st, u) is None)]


def stops(st: State, side: str) -> set[int]:
    """Squares a `side` stack may enter but not leave: enemy air units in the air there (17.1)."""
    return {u.square for u in st.of_side[st.static.enemy[side]] if u.airborne and u.type != "D"}


def reach(st: State, side: str, start: int, speed: int) -> tuple[dict[int, int], set[int]]:
    """Every square a stack starting at `start` may end in (square -> steps, nearest first),
    and the squares where enemy air units would stop it."""
    cache = st.routes[side]
    cached = cache.get((start, speed))
    if cached is None:
        stopped = stops(st, side)
        if _detours(st, start, speed, stopped):
            steps = {sq: found[0] for sq, found in _search(st, side, start, speed, stopped).items()}
        else:
            steps = st.static.diamond(start, speed)
        cached = cache[(start, speed)] = (steps, stopped)
    return cached


def _detours(st: State, start: int, speed: int, stopped: set[int]) -> bool:
    """Could an enemy stack change where the move may go (one nearer than the speed)?"""
    row = st.static.dist[start]
    return any(0 < row[s] < speed for s in stopped)


def _search(st: State, side: str, start: int, speed: int, stopped: set[int]) -> Routes:
    """Breadth first from `start`: each square in the fewest steps and, among those routes,
    the one entering the fewest contact squares; a stopping square is not left (17.1)."""
    cache = st.routes[side]
    key = ("search", start, speed)
    if key in cache:
        return cache[key]
    touched = contacts(st, side)
    best: Routes = {start: (0, 0, -1)}
    frontier = [start]
    neighbors = st.static.neighbors
    for step in range(1, speed + 1):
        following = []
        for sq in frontier:
            if sq in stopped and sq != start:
                continue
            reached = best[sq][1]
            for n in neighbors[sq]:
                c = reached + (n in touched)
                old = best.get(n)
                if old is None:
                    best[n] = (step, c, sq)
                    following.append(n)
                elif old[0] == step and c < old[1]:
                    best[n] = (step, c, sq)
        frontier = following
    cache[key] = best
    return best


def path(st: State, side: str, start: int, speed: int, dest: int) -> list[int]:
    """The squares a move enters on the way to `dest`, in order: a shortest route that enters
    the fewest squares with enemy units or installations, since those reveal it (22.0)."""
    stopped = stops(st, side)
    if _detours(st, start, speed, stopped):
        best = _search(st, side, start, speed, stopped)
        out = []
        while best[dest][2] != -1:
            out.append(dest)
            dest = best[dest][2]
        return out[::-1]
    return _straight(st, side, start, dest)


def _straight(st: State, side: str, start: int, dest: int) -> list[int]:
    """Among the shortest (staircase) routes between two squares, the one with fewest contacts."""
    static = st.static
    touched = contacts(st, side)
    a, b = static.squares[start], static.squares[dest]
    dc, dr = (1 if b.col >= a.col else -1), (1 if b.row >= a.row else -1)
    across, down = abs(b.col - a.col), abs(b.row - a.row)
    cols = static.cols
    cost: dict[tuple[int, int], tuple[int, tuple[int, int] | None]] = {(0, 0): (0, None)}
    for i in range(across + 1):
        for j in range(down + 1):
            if i or j:
                here = int((a.row + j * dr) * cols + a.col + i * dc in touched)
                cost[(i, j)] = min((cost[prev][0] + here, prev) for prev in ((i - 1, j), (i, j - 1))
                                   if prev in cost)
    out, at = [], (across, down)
    while at != (0, 0):
        out.append((a.row + at[1] * dr) * cols + a.col + at[0] * dc)
        at = cost[at][1]
    return out[::-1]


def flying(game, st: State, side: str) -> Generator:
    for unit in st.units.values():
        unit.moved = False
    st.launched = {}
    while True:
        options = fly_options(st, side)
        if len(options) == 1:
            return
        action = yield Decision(side, "aw.fly", f"hour {st.hour}: fly a unit or stack, or end flying",
                                options, context={"hour": st.hour}, explain=_explain_fly(st, side))
        if action["type"] == "end":
            return
        if action["type"] == "fly_stack":
            square = st.static.index[action["at"]]
            group = [u for u in st.airborne(side, square) if not u.moved]
        else:
            group = [st.units[action["unit"]]]
        while True:
            options, steps, stopped = fly_to_options(st, side, group)
            action = yield Decision(
                side, "aw.fly_to", f"{_names(group)}: add a unit, or choose where to fly or land",
                options, context={"units": [u.id for u in group], "from": st.static.label(group[0].square)},
                explain=_explain_fly_to(st, side, group, steps, stopped),
            )
            kind = action["type"]
            if kind == "add":
                group.append(st.units[action["unit"]])
                continue
            if kind != "cancel":
                fly(st, side, group, st.static.index[action["at"]], kind == "land")
            break


def _names(group: list[Unit]) -> str:
    return ", ".join(u.name for u in group)


def fly_options(st: State, side: str) -> list[dict]:
    label = st.static.label
    options = []
    stacks: dict[int, int] = {}
    cache = st.offers
    for unit in movable(st, side):
        key = ("fly", unit.id, unit.square, unit.airborne)
        offer = cache.get(key)
        if offer is None:
            where = f"in the air over {label(unit.square)}" if unit.airborne else f"based at {label(unit.square)}"
            offer = cache[key] = {"type": "fly", "unit": unit.id, "label": f"fly {unit.name} ({where})"}
        options.append(offer)
        if unit.airborne:
            stacks[unit.square] = stacks.get(unit.square, 0) + 1
    for square, count in sorted(stacks.items()):
        if count > 1:
            options.append({"type": "fly_stack", "at": label(square),
                            "label": f"fly the {count} units in the air over {label(square)} together"})
    options.append(_END)
    return options


_END = {"type": "end", "label": "end flying for this hour"}
_CANCEL = {"type": "cancel", "label": "choose another unit"}


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
    if not lead.airborne and st.static.rules.airbase_launch_limit == "command_level":
        if st.launched.get(lead.square, 0) + len(group) >= st.command_level(side):
            return []
    return [u for u in st.of_side[side]
            if u.square == lead.square and u.air and u.airborne == lead.airborne
            and u not in group and (u.airborne and not u.moved or not u.airborne and take_off_problem(st, u) is None)]


def fly_to_options(st: State, side: str, group: list[Unit]) -> tuple[list[dict], dict[int, int], set[int]]:
    static = st.static
    start = group[0].square
    based = not group[0].airborne
    steps, stopped = reach(st, side, start, min(u.speed for u in group))
    size = len(group)
    level = st.command_level(side)
    in_air: dict[int, int] = {}
    for u in st.of_side[side]:
        if u.airborne and u not in group:
            in_air[u.square] = in_air.get(u.square, 0) + 1
    options = [{"type": "add", "unit": u.id, "label": f"add {u.name}"} for u in addable(st, side, group)]
    offers = _offers(static)
    moves = offers["take_off" if based else "move"]
    for sq in steps:  # nearest first
        if in_air.get(sq, 0) + size <= level:
            options.append(offers["stay"][sq] if based and sq == start else moves[sq])
    for sq, room in ({} if based else st.rooms(side)).items():  # land in a later hour (16.2)
        if sq in steps and room >= size and (sq not in stopped or sq == start):
            options.append(offers["land"][sq])
    options.append(_CANCEL)
    return options, steps, stopped


def fly(st: State, side: str, group: list[Unit], dest: int, land: bool) -> None:
    """Carry out a move: take off, follow the route revealing on contact, maybe land."""
    static = st.static
    start = group[0].square
    took_off = not group[0].airborne
    if took_off:
        for unit in group:
            unit.sorties += 1
            unit.took_off = st.hour
            st.change(unit, airborne=True)
        st.launched[start] = st.launched.get(start, 0) + len(group)
    route = path(st, side, start, min(u.speed for u in group), dest)
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
    landed = bool(land and movers)
    if landed:
        for unit in movers:
            unit.landed = st.hour
            st.change(unit, airborne=False)
    st.emit("aw.flight", side=side, units=[u.id for u in group], took_off=took_off,
            **{"from": static.label(start)}, to=static.label(dest),
            path=[static.label(s) for s in route], landed=landed,
            lost=[u.id for u in group if u not in movers])


def _explain_fly(st: State, side: str):
    def explain(action: dict) -> str:
        if action.get("type") == "fly_stack":
            return f"no {side} stack of unmoved air units flies over '{action.get('at')}'"
        unit = st.units.get(action.get("unit", ""))
        if unit is None:
            return f"there is no unit '{action.get('unit')}'"
        if unit.side != side:
            return f"{unit.name} is a {unit.side} unit"
        return take_off_problem(st, unit) or f"{unit.name} cannot fly now"
    return explain


def _explain_fly_to(st: State, side: str, group: list[Unit], steps: dict[int, int], stopped: set[int]):
    static = st.static

    def explain(action: dict) -> str:
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
        speed = min(u.speed for u in group)
        distance = static.distance(group[0].square, square)
        name = _names(group)
        if square not in steps:
            if distance > speed:
                return f"{name} {'has' if len(group) == 1 else 'have'} speed {speed}; {static.label(square)} is {distance} squares away (17.0)"
            return (f"{static.label(square)} lies beyond enemy air units in the air that {name} "
                    f"would have to stop at (17.1)")
        if kind == "land":
            if st.airbase(square, side) is None:
                return f"{static.describe(square)} has no friendly airbase to land at (15.2)"
            if square in stopped:
                return f"enemy air units fly over {static.label(square)}: the stack must stop there and fight (17.1)"
            return f"the airbase at {static.describe(square)} has room for {st.room(square, side)}, not {len(group)} (15.2)"
        level = st.command_level(side)
        return (f"{side} may have {level} air units in the air in one square (command level, 14.0); "
                f"{static.label(square)} would hold more")
    return explain
