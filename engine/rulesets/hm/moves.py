"""Where a plane may end its move: every end state (hex, facing) with a legal path and its cost.

A move is a chain of manoeuvres (rulebook: Active Planes Move): forward or a
slip (one hex over and forward, keeping the facing) for their printed costs, a
turn (one hexside, then forward) for the plane's Turn rating, an Immelman
(forward its rating in hexes, then about face in the last one, through empty
hexes only) for its Immelman rating; the total within the plane's speed. Every
manoeuvre enters at least one hex, so every move covers at least one.

The chains a plane can fly do not depend on where it is, only on its ratings
and facing, so they are enumerated once into a template of end states relative
to the start. Each end state keeps every way of reaching it that no other way
beats on all of cost, hexes flown over and hexes that must be empty; at the
table the first way that stays on the mat and finds its Immelman hexes empty is
the cheapest legal one. That makes the template exact, not an approximation.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, NamedTuple

from engine.core.board import FACINGS, Cube, cube_distance, cube_step

from .mat import Mat
from .rules import Movement

ORIGIN: Cube = (0, 0, 0)
IMMELMAN = "Immelman"


@dataclass(frozen=True)
class Flight:
    """What a plane can do this activation: its speed now and what each manoeuvre costs."""

    speed: int
    forward: int
    slip: int
    turn: int | None  # None: the plane cannot turn (no Turn rating)
    turn_hexsides: int
    immelman: int | None  # None: no Immelman rating
    minimum: int = 1  # hexes a move must cover; 0 lets a plane stay where it is

    @classmethod
    def of(cls, movement: Movement, speed: int, turn: int | None, immelman: int | None) -> "Flight":
        return cls(speed, movement.forward_cost, movement.slip_cost, turn, movement.turn_hexsides, immelman,
                   movement.minimum_hexes)

    def manoeuvres(self, facing: int) -> Iterable[tuple[str, int, int, tuple[int, ...]]]:
        """(name, cost, facing after, directions of the hexes entered) of each manoeuvre."""
        yield "forward", self.forward, facing, (facing,)
        yield "slip left", self.slip, facing, ((facing - 1) % 6,)
        yield "slip right", self.slip, facing, ((facing + 1) % 6,)
        if self.turn is not None:
            for name, sign in (("turn left", -1), ("turn right", 1)):
                new = (facing + sign * self.turn_hexsides) % 6
                yield name, self.turn, new, (new,)
        if self.immelman is not None:
            yield IMMELMAN, self.immelman, (facing + 3) % 6, (facing,) * self.immelman


@dataclass(frozen=True, slots=True)
class Way:
    """One way of reaching an end state, relative to the start (or, from `Move`, absolute)."""

    cost: int
    path: tuple[Cube, ...]  # every hex the nose enters, in order; the last is the end hex
    clear: tuple[Cube, ...]  # hexes that must hold no other plane (the Immelman's)
    steps: tuple[str, ...]
    reach: int = 0  # farthest any hex of the path lies from the start
    how: str = ""  # the steps in words, for labels


@dataclass(frozen=True, slots=True)
class EndState:
    offset: Cube
    facing: int
    ways: tuple[Way, ...]  # cheapest first; none is beaten by another on every count


def _beats(a: Way, b: Way) -> bool:
    return a.cost <= b.cost and set(a.path) <= set(b.path) and set(a.clear) <= set(b.clear)


@lru_cache(maxsize=None)
def template(flight: Flight, facing: int) -> tuple[EndState, ...]:
    """Every end state of every chain of manoeuvres within the speed, from the origin."""
    found: dict[tuple[Cube, int], list[Way]] = {}

    def walk(at: Cube, heading: int, way: Way) -> None:
        for name, cost, after, directions in flight.manoeuvres(heading):
            if way.cost + cost > flight.speed:
                continue
            hexes, here = [], at
            for d in directions:
                here = cube_step(here, d)
                hexes.append(here)
            entered = tuple(hexes)
            steps = way.steps + (name,)
            nxt = Way(way.cost + cost, way.path + entered, way.clear + (entered if name == IMMELMAN else ()),
                      steps, max([way.reach] + [cube_distance(ORIGIN, c) for c in entered]), ", ".join(steps))
            if len(nxt.path) >= flight.minimum:
                found.setdefault((here, after), []).append(nxt)
            walk(here, after, nxt)

    if flight.minimum == 0:
        found[ORIGIN, facing] = [Way(0, (), (), (), 0, "stay")]
    walk(ORIGIN, facing, Way(0, (), (), ()))
    states = []
    for (offset, after), ways in found.items():
        ways.sort(key=lambda w: (w.cost, len(w.path)))  # stable: enumeration order breaks ties
        kept: list[Way] = []
        for way in ways:
            if not any(_beats(k, way) for k in kept):
                kept.append(way)
        states.append(EndState(offset, after, tuple(kept)))
    states.sort(key=lambda s: (s.ways[0].cost, s.facing, s.offset))
    return tuple(states)


@lru_cache(maxsize=None)
def template_index(flight: Flight, facing: int) -> dict[tuple[Cube, int], EndState]:
    return {(s.offset, s.facing): s for s in template(flight, facing)}


class Move(NamedTuple):
    to: Cube  # the end hex; for an exit, the first hex off the mat
    facing: int
    start: Cube
    way: Way
    codes: tuple[str, ...]  # the hexes flown through and into, as the mat prints them (on the mat only)
    exit: bool = False

    @property
    def cost(self) -> int:
        return self.way.cost

    @property
    def path(self) -> tuple[Cube, ...]:
        return _shift(self.way.path, self.start)


def _shift(cubes: tuple[Cube, ...], start: Cube) -> tuple[Cube, ...]:
    sx, sy, sz = start
    return tuple([(sx + x, sy + y, sz + z) for x, y, z in cubes])


Candidate = tuple[Cube, int, tuple[Way, ...], tuple[str, ...]]
# end hex, facing, the ways there that keep to the mat, the codes of the first way's hexes


def _codes(mat: Mat, way: Way, start: Cube, exit_: bool) -> tuple[str, ...]:
    path = _shift(way.path, start)
    return tuple(mat.labels[c] for c in (path[:-1] if exit_ else path))


@lru_cache(maxsize=2048)
def candidates(mat: Mat, flight: Flight, facing: int, start: Cube) -> tuple[tuple[Candidate, ...],
                                                                            tuple[Candidate, ...]]:
    """End states on the mat and ways off it from `start`, with the ways that keep to the mat.

    None of this depends on where the other planes are, so it is worked out once per
    start and kept (ways are shared with the template, so an entry is small)."""
    sx, sy, sz = start
    cubes, near = mat.cubes, mat.edge_distance[start]

    def on_mat(way: Way, exit_: bool) -> bool:
        if not exit_ and near > way.reach:
            return True
        path = _shift(way.path, start)
        return all(c in cubes for c in (path[:-1] if exit_ else path))

    on, off = [], []
    for state in template(flight, facing):
        ox, oy, oz = state.offset
        end = (sx + ox, sy + oy, sz + oz)
        exit_ = end not in cubes
        ways = tuple(w for w in state.ways if on_mat(w, exit_))
        if ways:
            (off if exit_ else on).append((end, state.facing, ways if len(ways) < len(state.ways) else state.ways,
                                           _codes(mat, ways[0], start, exit_)))
    return tuple(on), tuple(off)


class Mover:
    """The legal moves of one plane from where it is, with the planes around it as they stand."""

    def __init__(self, mat: Mat, movement: Movement, flight: Flight, start: Cube, facing: int,
                 blocked: dict[Cube, str], length: int = 1) -> None:
        self.mat, self.movement, self.flight = mat, movement, flight
        self.start, self.facing, self.length = start, facing, length
        self.blocked = blocked  # hex -> id of the plane in it, the mover left out

    def tail(self, nose: Cube, facing: int) -> list[Cube]:
        return [cube_step(nose, facing + 3, i) for i in range(1, self.length)]

    def _end_problem(self, end: Cube, facing: int) -> str | None:
        if self.movement.end_in_occupied:
            return None
        for cube in [end] + self.tail(end, facing):
            if cube in self.blocked:
                where = "ends in" if cube == end else "would put its tail in"
                return f"{where} {self.mat.labels.get(cube, cube)}, which holds {self.blocked[cube]}"
        return None

    def _way_problem(self, way: Way) -> str | None:
        """Why a way that keeps to the mat cannot be flown past the planes as they stand (None: it can)."""
        checks = []
        if self.movement.immelman_clear_path and way.clear:
            checks.append(("the Immelman's hexes must be empty", way.clear))
        if not self.movement.pass_through_planes:
            checks.append(("planes may not fly through other planes", way.path[:-1]))
        for why, cubes in checks:
            for cube in _shift(cubes, self.start):
                if cube in self.blocked:
                    return f"{why}: {self.mat.labels[cube]} holds {self.blocked[cube]}"
        return None

    def _first_way(self, ways: tuple[Way, ...]) -> Way | None:
        through = self.movement.pass_through_planes
        for way in ways:
            if (through and not way.clear) or self._way_problem(way) is None:
                return way
        return None

    def _move(self, candidate: Candidate, exit_: bool) -> Move | None:
        end, facing, ways, codes = candidate
        way = ways[0]
        if way.clear or not self.movement.pass_through_planes:
            way = self._first_way(ways)
            if way is None:
                return None
            if way is not ways[0]:
                codes = _codes(self.mat, way, self.start, exit_)
        return Move(end, facing, self.start, way, codes, exit_)

    def moves(self) -> list[Move]:
        """Every legal end state on the mat, then the first way off it (if the rules allow one)."""
        blocked, length = self.blocked, self.length
        check_end = not self.movement.end_in_occupied
        on, off = candidates(self.mat, self.flight, self.facing, self.start)
        out: list[Move] = []
        for candidate in on:
            end = candidate[0]
            if check_end and (end in blocked or (length > 1 and any(c in blocked
                                                                    for c in self.tail(end, candidate[1])))):
                continue
            move = self._move(candidate, False)
            if move is not None:
                out.append(move)
        if self.movement.off_board == "out_of_play":
            for candidate in off:
                move = self._move(candidate, True)
                if move is not None:
                    out.append(move)
                    break
        return out

    def why_not(self, to: Cube | None, facing: int | None, exit_: bool = False) -> str:
        """Why no legal move ends at `to` with `facing` (or leaves the mat), in the rules' words."""
        speed = self.flight.speed
        if exit_:
            if self.movement.off_board != "out_of_play":
                return "the rules forbid flying off the mat"
            return f"with speed {speed} it cannot reach the edge of the mat from here"
        if to is None or facing is None or not 0 <= facing <= 5:
            return "a move names the hex it ends in ('to', e.g. '0924') and a facing 0-5"
        if to not in self.mat.cubes:
            return "that hex is off the mat; to leave the mat choose an exit"
        distance = cube_distance(self.start, to)
        state = template_index(self.flight, self.facing).get(
            ((to[0] - self.start[0], to[1] - self.start[1], to[2] - self.start[2]), facing))
        label = self.mat.labels[to]
        if state is None:
            if distance > speed:
                return f"it has speed {speed}; {label} is {distance} hexes away"
            costs = f"turn {self.flight.turn}" if self.flight.turn is not None else "no turns"
            imm = f", Immelman {self.flight.immelman}" if self.flight.immelman is not None else ", no Immelman"
            return (f"no chain of manoeuvres within speed {speed} ({costs}{imm}) ends in {label} "
                    f"facing {FACINGS[facing]}")
        problem = self._end_problem(to, facing)
        if problem:
            return f"a plane may not end its move in an occupied hex: it {problem}"
        on, _ = candidates(self.mat, self.flight, self.facing, self.start)
        ways = next((w for end, f, w, _ in on if end == to and f == facing), ())
        if not ways:
            return f"every way to {label} facing {FACINGS[facing]} leaves the mat on the way"
        if self._first_way(ways) is None:
            return f"every way to {label} facing {FACINGS[facing]} is barred: {self._way_problem(ways[0])}"
        return (f"{label} facing {FACINGS[facing]} is legal but only as offered (path and cost as the "
                "engine lists them)")
