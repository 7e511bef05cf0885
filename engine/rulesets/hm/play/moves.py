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

Hexes are also kept as bit masks of offsets (`offsets`): whether a way keeps to
the mat, and whether the planes around leave it open, is one `&` per end state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Callable, Iterable, NamedTuple, Sequence

from engine.core.board import FACINGS, Cube, cube_distance, cube_step

from .mat import Mat
from .offsets import around, bit, mask, number
from ..kinds.rules import Movement

ORIGIN: Cube = (0, 0, 0)
IMMELMAN = "Immelman"


@dataclass(frozen=True)
class Flight:
    """What a plane can do this activation: its speed now, what each manoeuvre costs, and
    which hexes the rules want empty."""

    speed: int
    forward: int
    slip: int
    turn: int | None  # None: the plane cannot turn (no Turn rating)
    turn_hexsides: int
    immelman: int | None  # None: no Immelman rating
    minimum: int = 1  # hexes a move must cover; 0 lets a plane stay where it is
    immelman_clear: bool = True  # the Immelman's hexes must hold no other plane
    pass_through: bool = True  # a plane may fly through occupied hexes
    end_in_occupied: bool = False  # a plane may end its move in an occupied hex

    @classmethod
    def of(cls, movement: Movement, speed: int, turn: int | None, immelman: int | None) -> "Flight":
        return cls(speed, movement.forward_cost, movement.slip_cost, turn, movement.turn_hexsides, immelman,
                   movement.minimum_hexes, movement.immelman_clear_path, movement.pass_through_planes,
                   movement.end_in_occupied)

    @cached_property
    def templates(self) -> list[Template | None]:
        """Its `template` from each facing, kept by the flight once asked for (the game's state keeps
        the flight): the cache of `template` hashes every field to find one, at every move."""
        return [None] * 6

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


class Way(NamedTuple):
    """One way of reaching an end state, relative to the start (or, from `Move`, absolute)."""

    cost: int
    path: tuple[Cube, ...]  # every hex the nose enters, in order; the last is the end hex
    clear: tuple[Cube, ...]  # hexes that must hold no other plane (the Immelman's)
    steps: tuple[str, ...]
    reach: int = 0  # farthest any hex of the path lies from the start
    how: str = ""  # the steps in words, for labels
    on: int = 0  # mask of the path: what must be on the mat
    before: int = 0  # mask of the path but its last hex: what must be on the mat to fly off it
    empty: int = 0  # mask of the hexes no other plane may be in (the Immelman's; without flying
    # through planes, the path but its last hex: the end hex is the candidate's `ends`)


@dataclass(frozen=True, slots=True, eq=False)
class EndState:
    offset: Cube
    facing: int
    ways: tuple[Way, ...]  # cheapest first; none is beaten by another on every count
    index: int = 0  # in the template
    spot: int = 0  # which of the template's end hexes (states that differ in facing share it)
    bit: int = 0  # of the offset
    paths: int = 0  # union of the ways' path masks: none of it off the mat leaves every way open


class Candidate(NamedTuple):
    """An end state with the ways there that keep to the mat (the first is the one flown), and
    masks of what must be empty for it. Relative to the start, so the same for every start
    whose surroundings are as much on the mat."""

    offset: Cube  # of the end hex; for an exit, of the first hex off the mat
    facing: int
    ways: tuple[Way, ...]
    index: int  # of its end state in the template
    spot: int  # of its end hex in the template
    exit: bool
    ends: int  # the hexes the plane would end in (none for an exit, or where planes may share a hex)
    needs: int  # those and the hexes the first way needs empty


class Candidates(NamedTuple):
    on: tuple[Candidate, ...]  # end states on the mat
    off: tuple[Candidate, ...]  # ways off it
    needed: int  # the union of their `needs`: a plane anywhere else bars none of them
    # A hex's bit -> which of `on` a plane there bars (its end or tail there) and which it may bar
    # (a way needs it empty), each as a mask of their positions in `on`: those the few planes
    # around bar are found by a few `|`, not by testing every end state.
    ending: dict[int, int]
    barred: dict[int, int]
    columns: tuple[tuple[int, ...], ...]  # of `on`: the template index and spot of each, for bots


# Entries `Template.kept` holds at most of each kind. At 1024 the objective's worths and the escorts'
# straying costs kept come to some 12 MB over Yamamoto's 13 templates after 1,000 games (6.7 MB at
# 256) and 13 MB over Berlin's 22 after 300 (9 MB). Worth it: both kinds' keys recur past 256 in a
# template (~460 straying keys, ~340 objective ones), and each one forgotten was worked out again,
# some 0.6 M instructions of a 37.5 M Yamamoto game as the benchmark plays it (seeds 1-202 from cold).
KEPT = 1024


class Template:
    """Every end state of a flight from one facing, and what is worked out from it for play."""

    def __init__(self, states: list[EndState], ends: bool) -> None:
        self.states = tuple(states)
        self.ends = ends  # planes may not end a move in an occupied hex
        self.index = {(s.offset, s.facing): s for s in states}
        self.reach = max((w.reach for s in states for w in s.ways), default=0)  # farthest hex entered
        self.spot_offsets = tuple(dict.fromkeys(s.offset for s in states))  # of each end hex, by spot
        self.spots = len(self.spot_offsets)
        self.entered = 0  # mask of every hex any way enters
        for state in states:
            self.entered |= state.paths
        self._candidates: dict[tuple[int, int], Candidates] = {}
        self._tables: dict[tuple, tuple] = {}
        self._kept: dict[object, dict[tuple, Any]] = {}  # by kind (the key's first item)

    def table(self, key: tuple, make: Callable[..., Any], *args: Any) -> tuple:
        """`make(state, *args)` of every end state, in template order (by a state's `index`), made
        once per `key`. (The bots ask at every decision: arguments, not a closure made each time.)"""
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = tuple([make(state, *args) for state in self.states])
        return found

    def spot_table(self, key: tuple, make: Callable[[Cube], Any]) -> tuple:
        """`make` of the offset of every end hex, by spot, made once per `key`."""
        found = self._tables.get(("spot",) + key)
        if found is None:
            found = self._tables[("spot",) + key] = tuple([make(offset) for offset in self.spot_offsets])
        return found

    def kept(self, key: tuple, make: Callable[..., Any], *args: Any) -> Any:
        """`make(*args)` kept under `key`, for what the bots work out from the template and a few numbers
        that recur from decision to decision. Unlike `table` the keys are many, so the lot of a kind
        (the key's first item) is forgotten past KEPT entries: memory stays small however many games
        are played, and one kind's many keys do not push out another's few."""
        kind = self._kept.get(key[0])
        if kind is None:
            kind = self._kept[key[0]] = {}
        found = kind.get(key)
        if found is None:
            if len(kind) >= KEPT:
                kind.clear()
            found = kind[key] = make(*args)
        return found

    def candidates(self, off: int, length: int) -> Candidates:
        """End states on the mat, and ways off it, for a plane of `length` hexes when the hexes in
        mask `off` are off the mat. None of this depends on where the other planes are, nor on
        the start beyond which hexes around it are off the mat, so it is worked out once."""
        key = (off, length)
        found = self._candidates.get(key)
        if found is None:
            on, gone = [], []
            for state in self.states:
                if state.bit & off:
                    ways = tuple([w for w in state.ways if not w.before & off])
                    if ways:
                        gone.append(Candidate(state.offset, state.facing, ways, state.index, state.spot, True, 0,
                                              ways[0].empty))
                    continue
                ways = state.ways if not state.paths & off else tuple([w for w in state.ways if not w.on & off])
                if ways:
                    covered = state.bit | _tail(state.offset, state.facing, length) if self.ends else 0
                    on.append(Candidate(state.offset, state.facing, ways, state.index, state.spot, False,
                                        covered, covered | ways[0].empty))
            needed, ending, barred = 0, {}, {}
            for i, candidate in enumerate(on):
                needed |= candidate.needs
                for masks, hexes in ((ending, candidate.ends), (barred, candidate.needs & ~candidate.ends)):
                    while hexes:
                        low = hexes & -hexes
                        masks[low] = masks.get(low, 0) | 1 << i
                        hexes ^= low
            found = self._candidates[key] = Candidates(
                tuple(on), tuple(gone), needed, ending, barred,
                (tuple([c.index for c in on]), tuple([c.spot for c in on])))
        return found


class _Chain(NamedTuple):
    """A chain of manoeuvres while the template is made (a `Way` once kept)."""

    cost: int
    path: tuple[Cube, ...]
    clear: tuple[Cube, ...]
    steps: tuple[str, ...]
    reach: int
    on: int  # mask of the path
    before: int  # mask of the path but its last hex
    cleared: int  # mask of `clear`


def _beats(a: _Chain, b: _Chain) -> bool:
    """No worse on cost, hexes flown over and hexes that must be empty."""
    return a.cost <= b.cost and a.on | b.on == b.on and a.cleared | b.cleared == b.cleared


@lru_cache(maxsize=None)
def template(flight: Flight, facing: int) -> Template:
    """Every end state of every chain of manoeuvres within the speed, from the origin. The
    manoeuvres turn with the facing, so facings other than north are the north template turned."""
    if facing:
        return _turned(template(flight, 0), facing, flight)
    found: dict[tuple[Cube, int], list[_Chain]] = {}
    manoeuvres = [list(flight.manoeuvres(heading)) for heading in range(6)]

    def walk(at: Cube, heading: int, chain: _Chain) -> None:
        for name, cost, after, directions in manoeuvres[heading]:
            total = chain.cost + cost
            if total > flight.speed:
                continue
            entered, here, on, before, added, reach = [], at, chain.on, chain.on, 0, chain.reach
            for d in directions:
                here = cube_step(here, d)
                entered.append(here)
                before = on
                added |= bit(here)
                on |= bit(here)
                reach = max(reach, cube_distance(ORIGIN, here))
            immelman = name == IMMELMAN
            nxt = _Chain(total, chain.path + tuple(entered), chain.clear + tuple(entered) if immelman else chain.clear,
                         chain.steps + (name,), reach, on, before, chain.cleared | added if immelman else chain.cleared)
            if len(nxt.path) >= flight.minimum:
                found.setdefault((here, after), []).append(nxt)
            walk(here, after, nxt)

    if flight.minimum == 0:
        found[ORIGIN, facing] = [_Chain(0, (), (), (), 0, 0, 0, 0)]
    walk(ORIGIN, facing, _Chain(0, (), (), (), 0, 0, 0, 0))
    states = []
    for (offset, after), chains in found.items():
        chains.sort(key=lambda w: (w.cost, len(w.path)))  # stable: enumeration order breaks ties
        kept: list[_Chain] = []
        for chain in chains:
            if not any(_beats(k, chain) for k in kept):
                kept.append(chain)
        ways = tuple(Way(c.cost, c.path, c.clear, c.steps, c.reach, ", ".join(c.steps) if c.steps else "stay",
                         c.on, c.before, (c.cleared if flight.immelman_clear else 0)
                         | (0 if flight.pass_through else c.before)) for c in kept)
        states.append((offset, after, ways))
    return _template(states, flight)


def _template(states: list[tuple[Cube, int, tuple[Way, ...]]], flight: Flight) -> Template:
    """The template of these (offset, facing, ways), in its order: cheapest first."""
    states.sort(key=lambda s: (s[2][0].cost, s[1], s[0]))
    out = []
    spots: dict[Cube, int] = {}
    for i, (offset, after, ways) in enumerate(states):
        paths = 0
        for way in ways:
            paths |= way.on
        out.append(EndState(offset, after, ways, i, spots.setdefault(offset, len(spots)), bit(offset), paths))
    return Template(out, not flight.end_in_occupied)


def _turn(cube: Cube, hexsides: int) -> Cube:
    """`cube` turned clockwise about the origin by `hexsides` sixths of a turn."""
    for _ in range(hexsides):
        x, y, z = cube
        cube = (-z, -x, -y)
    return cube


def _turned(north: Template, facing: int, flight: Flight) -> Template:
    turned: dict[Cube, tuple[Cube, int]] = {}  # cube -> (turned, its bit): the ways share most hexes

    def turn(cubes: tuple[Cube, ...]) -> tuple[tuple[Cube, ...], int, int]:
        """The cubes turned, the mask of all and of all but the last."""
        out, before, on = [], 0, 0
        for cube in cubes:
            found = turned.get(cube)
            if found is None:
                t = _turn(cube, facing)
                found = turned[cube] = (t, bit(t))
            out.append(found[0])
            before, on = on, on | found[1]
        return tuple(out), before, on

    states = []
    for state in north.states:
        ways = []
        for way in state.ways:
            (path, before, on), (clear, _, cleared) = turn(way.path), turn(way.clear)
            empty = (cleared if flight.immelman_clear else 0) | (0 if flight.pass_through else before)
            ways.append(way._replace(path=path, clear=clear, on=on, before=before, empty=empty))
        states.append((_turn(state.offset, facing), (state.facing + facing) % 6, tuple(ways)))
    return _template(states, flight)


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


def _tail(offset: Cube, facing: int, length: int) -> int:
    """Mask of the hexes behind a nose at `offset`: where the rest of a long plane sits."""
    return mask(cube_step(offset, facing + 3, i) for i in range(1, length)) if length > 1 else 0


def _codes(mat: Mat, way: Way, start: Cube, exit_: bool) -> tuple[str, ...]:
    (sx, sy, sz), labels = start, mat.labels  # (the hexes of the path shifted and named in one comprehension)
    return tuple([labels[(sx + x, sy + y, sz + z)] for x, y, z in (way.path[:-1] if exit_ else way.path)])


class Mover:
    """The legal moves of one plane from where it is, with the planes around it as they stand."""

    def __init__(self, mat: Mat, movement: Movement, flight: Flight, start: Cube, facing: int,
                 blocked: dict[Cube, str], length: int = 1, own: str | None = None, planes: int | None = None) -> None:
        """`blocked`: hex -> id of the plane in it, where a hex `own` (the mover's id) holds is free.
        `planes`: the mask of the other planes' hexes around the start, when the game keeps their
        numbers (`State.numbers`: not worked out from `blocked` at every move)."""
        self.mat, self.movement, self.flight = mat, movement, flight
        self.start, self.facing, self.length = start, facing, length
        self.blocked, self.own = blocked, own
        plan = flight.templates[facing]
        if plan is None:
            plan = flight.templates[facing] = template(flight, facing)
        self.plan = plan
        if planes is None:
            planes = around(number(start), {number(cube): who for cube, who in blocked.items()}, own)
        self.planes = planes  # the hexes of the other planes, as a mask
        self.columns: tuple[Sequence[int], ...] = ((), ())  # see `legal`

    def candidates(self) -> Candidates:
        """End states on the mat and ways off it from the start, with the ways that keep to the mat."""
        plan, start = self.plan, self.start
        off = 0 if self.mat.edge_distance[start] > plan.reach else self.mat.off(start, plan.reach) & plan.entered
        return plan.candidates(off, self.length)

    def tail(self, nose: Cube, facing: int) -> list[Cube]:
        return [cube_step(nose, facing + 3, i) for i in range(1, self.length)]

    def _end_problem(self, end: Cube, facing: int) -> str | None:
        if self.flight.end_in_occupied:
            return None
        for cube in [end] + self.tail(end, facing):
            holder = self._holder(cube)
            if holder is not None:
                where = "ends in" if cube == end else "would put its tail in"
                return f"{where} {self.mat.labels.get(cube, cube)}, which holds {holder}"
        return None

    def _holder(self, cube: Cube) -> str | None:
        """The id of the other plane in `cube`, if one is."""
        holder = self.blocked.get(cube)
        return None if holder == self.own else holder

    def _way_problem(self, way: Way) -> str | None:
        """Why a way that keeps to the mat cannot be flown past the planes as they stand (None: it can)."""
        checks = []
        if self.flight.immelman_clear and way.clear:
            checks.append(("the Immelman's hexes must be empty", way.clear))
        if not self.flight.pass_through:
            checks.append(("planes may not fly through other planes", way.path[:-1]))
        for why, cubes in checks:
            for cube in _shift(cubes, self.start):
                holder = self._holder(cube)
                if holder is not None:
                    return f"{why}: {self.mat.labels[cube]} holds {holder}"
        return None

    def _open(self, candidate: Candidate) -> Candidate | None:
        """The candidate with the first way the planes leave open put first, if its end is free."""
        planes = self.planes
        if not candidate.needs & planes:
            return candidate
        if candidate.ends & planes:
            return None  # a plane sits on the end hex or where the tail would be
        ways = candidate.ways
        for i, way in enumerate(ways):
            if not way.empty & planes:
                return candidate._replace(ways=ways[i:])
        return None

    def legal(self) -> list[Candidate]:
        """Every legal end state on the mat, then the first way off it (if the rules allow one).
        `columns`: the template index and spot of each of those on the mat, for the bots."""
        candidates = self.candidates()
        on, off, needed, ending, barred, columns = candidates
        planes = self.planes
        near = planes & needed  # the planes in hexes some end state needs empty
        out = list(on)
        if near:
            cut = found = 0  # masks of positions in `on`: barred for sure, and maybe
            while near:
                low = near & -near
                cut |= ending.get(low, 0)
                found |= barred.get(low, 0)
                near ^= low
            found &= ~cut
            while found:  # (few: most end states a plane bars end on it or put the tail on it)
                low = found & -found
                i = low.bit_length() - 1
                candidate = self._open(on[i])
                if candidate is None:
                    cut |= low
                else:
                    out[i] = candidate
                found ^= low
            if cut:  # the columns are shared by every mover: copied before a cut
                columns = indexes, spots = tuple([list(column) for column in columns])
                while cut:  # last first, so the positions still to cut stay where they were
                    i = cut.bit_length() - 1
                    del out[i], indexes[i], spots[i]
                    cut ^= 1 << i
        self.columns = columns
        if self.movement.off_board == "out_of_play":
            for candidate in off:
                candidate = self._open(candidate)
                if candidate is not None:
                    out.append(candidate)
                    break
        return out

    def end(self, candidate: Candidate) -> Cube:
        (sx, sy, sz), (x, y, z) = self.start, candidate.offset
        return (sx + x, sy + y, sz + z)

    def move(self, candidate: Candidate) -> Move:
        way = candidate.ways[0]
        return Move(self.end(candidate), candidate.facing, self.start, way,
                    _codes(self.mat, way, self.start, candidate.exit), candidate.exit)

    def moves(self) -> list[Move]:
        return [self.move(c) for c in self.legal()]

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
        state = self.plan.index.get(
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
        found = next((c for c in self.candidates().on if c.offset == state.offset and c.facing == facing), None)
        if found is None:
            return f"every way to {label} facing {FACINGS[facing]} leaves the mat on the way"
        if self._open(found) is None:
            return f"every way to {label} facing {FACINGS[facing]} is barred: {self._way_problem(found.ways[0])}"
        return (f"{label} facing {FACINGS[facing]} is legal but only as offered (path and cost as the "
                "engine lists them)")
