"""Where a stack may fly this hour and by which route (17.0, 17.1, 22.0).

Movement runs through grid sides only; a stack that enters a square with enemy
air units in the air must stop there (decoys do not stop anybody, 22.1). A move
follows the route its player chose (`check_route`: over an enemy on purpose, or
the long way), or else a shortest route that enters the fewest squares holding
enemy units or installations, since entering one reveals the stack (22.0). Routes
depend on enemy positions only, so they are kept per side until an enemy unit
moves, and per scenario by the enemy positions they pass near, which recur from
game to game.
"""

from __future__ import annotations

from typing import TypeVar

from .fog import contacts
from .state import State

T = TypeVar("T")


def stops(st: State, side: str) -> frozenset[int]:
    """Squares a `side` stack may enter but not leave: enemy air units in the air there (17.1).
    Kept with the routes, as `fog.contacts` is."""
    cache = st.routes[side]
    found = cache.get("stops")
    if found is None:
        found = cache["stops"] = _stopping(st, st.static.enemy[side])
    return found


def _stopping(st: State, side: str) -> frozenset[int]:
    """Squares where `side` has air units in the air that stop an enemy stack (not decoys, 22.1)."""
    return frozenset([u.square for u in st.of_side[side] if u.airborne and u.type != "D"])


def reach(st: State, side: str, start: int, speed: int) -> tuple[dict[int, int], frozenset[int]]:
    """Every square a stack starting at `start` may end in (square -> steps, nearest first),
    and the squares where enemy air units would stop it."""
    cache = st.routes[side]
    cached = cache.get((start, speed))
    if cached is None:
        stopped = stops(st, side)
        if _detours(st, start, speed, stopped):
            steps = _search(st, side, start, speed, stopped)[0]
        else:
            steps = st.static.diamond(start, speed)
        cached = cache[(start, speed)] = (steps, stopped)
    return cached


def _detours(st: State, start: int, speed: int, stopped: frozenset[int]) -> bool:
    """Could an enemy stack change where the move may go (one nearer than the speed)?"""
    row = st.static.dist[start]
    for square in stopped:
        if 0 < row[square] < speed:
            return True
    return False


def _search(st: State, side: str, start: int, speed: int, stopped: frozenset[int]) -> tuple[dict[int, int], dict[int, int]]:
    """Breadth first from `start`: each square in the fewest steps and, among those routes,
    the one entering the fewest contact squares; a stopping square is not left (17.1).
    Returns square -> steps (nearest first) and square -> the square before it on its route.

    The search looks at no square beyond `speed` steps, and leaves none of the squares `speed`
    steps away, where a contact costs every way in alike: so the contacts and stops within
    `speed - 1` steps make the same routes in any game. Kept per scenario (`_kept`) by those (the
    squares at the rim left out of the key, more searches are found kept), as well as per state."""
    cache = st.routes[side]
    key = ("search", start, speed)
    found = cache.get(key)
    if found is not None:
        return found
    touched = contacts(st, side)
    within = st.static.diamond(start, speed - 1).keys()
    kept = st.static.cache.setdefault("searches", {})
    seen = (start, speed, frozenset(within & touched), frozenset(within & stopped))
    found = kept.get(seen)
    if found is None:
        found = _kept(kept, seen, _breadth_first(st.static.neighbors, start, speed, touched, stopped))
    cache[key] = found
    return found


def _breadth_first(neighbors: list[tuple[int, ...]], start: int, speed: int, touched: frozenset[int],
                   stopped: frozenset[int]) -> tuple[dict[int, int], dict[int, int]]:
    """`_search` worked out."""
    steps, before = {start: 0}, {start: -1}
    last = {start: 0}  # the squares first reached in the last step: contacts on the way there
    for step in range(1, speed + 1):
        layer: dict[int, int] = {}
        for sq, reached in last.items():
            if sq in stopped and sq != start:
                continue
            for n in neighbors[sq]:
                if n in steps:
                    if n in layer:  # another way in the same number of steps: keep the fewer contacts
                        c = reached + (n in touched)
                        if c < layer[n]:
                            layer[n], before[n] = c, sq
                    continue
                steps[n], layer[n], before[n] = step, reached + (n in touched), sq
        last = layer
    return steps, before


KEPT = 1024  # routes kept per scenario and kind: searches some 4 kB each (4 MB in all), staircases far less


def _kept(kept: dict, key: tuple, value: T) -> T:
    """Keep `value` under `key`, forgetting the oldest kept when there are `KEPT`: bounded, so that
    memory stays small over thousands of games."""
    if len(kept) >= KEPT:
        del kept[next(iter(kept))]
    kept[key] = value
    return value


def path(st: State, side: str, start: int, speed: int, dest: int) -> list[int]:
    """The squares a move enters on the way to `dest`, in order: a shortest route that enters
    the fewest squares with enemy units or installations, since those reveal it (22.0). Shared:
    not to be changed."""
    stopped = stops(st, side)
    if _detours(st, start, speed, stopped):
        before = _search(st, side, start, speed, stopped)[1]
        out = []
        while before[dest] != -1:
            out.append(dest)
            dest = before[dest]
        return out[::-1]
    return _straight(st, side, start, dest)


def _straight(st: State, side: str, start: int, dest: int) -> list[int]:
    """Among the shortest (staircase) routes between two squares, the one with fewest contacts:
    on a tie, the way into a square along its row (so, with no contact on the way, down the
    column first, then along the row)."""
    static = st.static
    box, plain = _box(static, start, dest)
    touched = contacts(st, side) & box
    if not touched:
        return plain
    kept = static.cache.setdefault("staircases", {})
    found = kept.get((start, dest, touched))
    if found is None:
        found = _kept(kept, (start, dest, touched), _staircase(static, start, dest, touched))
    return found


def _staircase(static, start: int, dest: int, touched: frozenset[int]) -> list[int]:
    """`_straight` worked out, from the contacts in the rectangle the two squares span."""
    a, b = static.squares[start], static.squares[dest]
    dc, dr = (1 if b.col >= a.col else -1), (1 if b.row >= a.row else -1)
    across, down = abs(b.col - a.col), abs(b.row - a.row)
    cols = static.cols
    width = down + 1  # step (i along the row, j down the column) at i * width + j
    cost, prev = [0] * ((across + 1) * width), [0] * ((across + 1) * width)
    for i in range(across + 1):
        for j in range(down + 1):
            if i or j:
                k = i * width + j
                if not i:
                    p = k - 1
                elif not j:
                    p = k - width
                else:  # the cheaper of the two ways in; on a tie, along the row first
                    p = k - width if cost[k - width] <= cost[k - 1] else k - 1
                cost[k] = cost[p] + ((a.row + j * dr) * cols + a.col + i * dc in touched)
                prev[k] = p
    out, k = [], across * width + down
    while k:
        i, j = divmod(k, width)
        out.append((a.row + j * dr) * cols + a.col + i * dc)
        k = prev[k]
    return out[::-1]


def _box(static, start: int, dest: int) -> tuple[frozenset[int], list[int]]:
    """The squares of the rectangle two squares span, and the route between them with no contact
    in it (down the column, then along the row); made once per scenario (shared: not to be changed)."""
    boxes = static.cache.setdefault("route boxes", {})
    found = boxes.get((start, dest))
    if found is None:
        a, b = static.squares[start], static.squares[dest]
        cols = static.cols
        dc, dr = (1 if b.col >= a.col else -1), (1 if b.row >= a.row else -1)
        across, down = abs(b.col - a.col), abs(b.row - a.row)
        first, last = min(a.col, b.col), max(a.col, b.col) + 1
        box = frozenset(sq for row in range(min(a.row, b.row), max(a.row, b.row) + 1)
                        for sq in range(row * cols + first, row * cols + last))
        turn = (a.row + down * dr) * cols + a.col
        found = boxes[(start, dest)] = (box, [turn - j * dr * cols for j in range(down - 1, -1, -1)]
                                        + [turn + i * dc for i in range(1, across + 1)])
    return found


def check_route(st: State, side: str, start: int, speed: int, dest: int, route: object) -> tuple[list[int], str]:
    """A route a player chose (the labels of the squares entered, in order) as squares, or why the
    rules refuse it: each step through a grid side (17.0), no more steps than the speed, none out of
    a square with enemy air units in the air (17.1), ending at `dest`. The engine never trusts it.
    A refused route comes with the squares it enters as far as the step refused (that step's square
    too, when it is one), so a board can show where it goes wrong."""
    static = st.static
    if not isinstance(route, list) or not all(isinstance(s, str) for s in route):
        return [], f"a route is a list of the squares entered, in order, like ['B4', 'B5']; got {route!r}"
    squares, here, stopped = [], start, stops(st, side)
    for step, label in enumerate(route, 1):
        square = static.index.get(label.strip().upper())
        if square is None:
            return squares, f"step {step} of the route: '{label}' is not a square of the map"
        squares.append(square)
        if step > speed:
            return squares, f"the route enters {len(route)} squares; the speed is {speed} (17.0)"
        if step > 1 and here in stopped:
            return squares, (f"step {step} of the route: enemy air units in the air over {static.label(here)} "
                             f"stop the move there; it cannot go on to {static.label(square)} (17.1)")
        if square not in static.neighbors[here]:
            return squares, (f"step {step} of the route: {static.label(square)} does not share a grid side with "
                             f"{static.label(here)} (17.0: through grid sides, not diagonally)")
        here = square
    if here != dest:
        return squares, f"the route ends at {static.label(here)}, not at {static.label(dest)}"
    return squares, ""
