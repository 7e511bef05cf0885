"""A minis game in progress: planes where they are, the deck, targets, secrets and the score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from engine.content.dice import RollSpan, distribution

from engine.core.board import Cube, cube_step

from .mat import Mat
from .moves import Flight
from .offsets import ROW, hexes_by_number
from ..kinds.planes import Bomber, Fighter
from ..kinds.rules import CoreRules
from ..kinds.scenario import Scenario
from ..kinds.tables import ShootingTable
from ..kinds.turrets import Turret

ON_MAT, SHOT_DOWN, OFF_MAT = "mat", "shot_down", "off_mat"
_FLIGHTS: dict[Flight, Flight] = {}  # one object per flight for every game: its templates are made once


@dataclass(eq=False, slots=True)
class Plane:
    id: str
    side: str
    squadron: str
    role: str  # "fighter" or "bomber"
    record: Fighter | Bomber
    card: str
    length: int  # hexes it covers: 2 for a heavy bomber
    nose: Cube
    facing: int
    hits: int = 0
    engines_lost: int = 0
    status: str = ON_MAT
    turrets: tuple[tuple[Turret, int], ...] = ()  # (position, dice) of a bomber
    number: int = 0  # of the nose (offsets.ROW), set where the state places the plane (`State.place`)

    @property
    def hexes(self) -> tuple[Cube, ...]:
        if self.length == 1:
            return (self.nose,)
        return tuple([cube_step(self.nose, self.facing + 3, i) for i in range(self.length)])

    @property
    def on_mat(self) -> bool:
        return self.status == ON_MAT

    @property
    def type(self) -> str:
        return self.record.id

    def speed(self, rules: CoreRules) -> int:
        """The Speed rating less the speed lost to engine hits after the free ones."""
        if not self.engines_lost:
            speed = self.record.speed or 0
            return speed if speed > 0 else 0  # (asked for every plane at every decision: no builtin call)
        hits = rules.engine_hits
        lost = max(0, self.engines_lost - hits.free_hits) * hits.speed_loss
        return max(0, (self.record.speed or 0) - lost)

    def suffers_engine_hits(self, rules: CoreRules) -> bool:
        return isinstance(self.record, Bomber) and self.record.bomber_class in rules.engine_hits.classes

    def engines(self) -> int | None:
        record = self.record
        return record.engines.count if isinstance(record, Bomber) and record.engines else None


def hex_distance(a: Cube, b: Cube) -> int:
    """Hexes between two cubes: half the summed differences of cube coordinates (they sum to 0),
    which is quicker than the largest of the three (`cube_distance`)."""
    return (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2])) >> 1


def cube_distances(cube: Cube, cubes: Sequence[Cube]) -> list[int]:
    """`hex_distance` from `cube` to each of `cubes`, in one comprehension."""
    x, y, z = cube
    return [(abs(x - a) + abs(y - b) + abs(z - c)) >> 1 for a, b, c in cubes]


def nearest_each(state: State, planes: list[Plane], others: list[Plane]) -> list[int]:
    """Hexes from each of `planes` to the nearest of `others` (not empty), by the noses' numbers
    (`State.hexes`): one comprehension per other (they are few; a comprehension per plane cost more to
    make than to run), the least taken by builtins."""
    hexes = state.hexes
    columns = [[hexes[p.number - there] for p in planes] for there in [o.number for o in others]]
    return columns[0] if len(columns) == 1 else list(map(min, *columns))


def distances(state: State, plane: Plane, planes: list[Plane]) -> list[int]:
    """Hexes from `plane`'s nose to each of `planes`', by their numbers (`State.hexes`)."""
    here, hexes = plane.number, state.hexes
    return [hexes[p.number - here] for p in planes]


@dataclass(slots=True)
class Target:
    id: str
    name: str
    cube: Cube
    destroyed: bool = False


@lru_cache(maxsize=64)
def _chance(die: str, span: RollSpan) -> float:
    """Chance one `die` rolls within `span`: exact fractions, worked out once, not every game."""
    return float(sum((p for face, p in distribution(die).items() if face in span), Fraction(0)))


@dataclass
class State:
    scenario: Scenario
    rules: CoreRules
    table: ShootingTable
    mat: Mat
    planes: dict[str, Plane]
    cards: dict[str, list[Plane]]  # activation card -> the planes it moves (a squadron's bombers)
    targets: dict[str, Target]
    occupied: dict[Cube, Plane] = field(default_factory=dict)
    held: dict[Cube, str] = field(default_factory=dict)  # `occupied` by plane id, for a move's messages
    numbers: dict[int, Plane] = field(default_factory=dict)  # `occupied` by the hexes' numbers (offsets.ROW):
    # a mover's planes around are one subtraction and one lookup per hex, kept as planes move, not copied
    deck: list[str] = field(default_factory=list)  # cards still to draw this round, top first
    round: int = 0
    drawn: set[str] = field(default_factory=set)  # cards turned over this round: the bots ask whether an
    # enemy's card is among them for every enemy at every decision, a lookup rather than a walk down a list
    designated: dict[str, str] = field(default_factory=dict)  # designation -> plane (secret)
    revealed: set[str] = field(default_factory=set)
    score: dict[str, float] = field(default_factory=dict)
    kills: dict[str, int] = field(default_factory=dict)  # enemy planes a side shot down
    losses: dict[str, int] = field(default_factory=dict)
    hit_spans: dict[int, RollSpan] = field(default_factory=dict)  # range -> rolls that hit
    hit_chance: dict[int, float] = field(default_factory=dict)  # range -> chance one gun die hits
    ended: str | None = None  # why the game ended early, once it has
    news: list[str] = field(default_factory=list)  # what happened, for the round summaries
    flights: dict[tuple, Flight] = field(default_factory=dict)  # (speed, plane type) -> its Flight
    listed: dict[object, list | dict | tuple] = field(default_factory=dict, init=False)  # live(), enemies(),
    # what the enemies are worth to a bot, a plane's friends, the gun chances: kept till a plane leaves the mat
    guns: dict[str, tuple] = field(default_factory=dict, init=False)  # plane id -> the reach of its guns as a
    # bot weighs it (`bots.Look`): kept till the plane moves (`place`) or loses speed (`slowed`)
    seen: dict[str, str] = field(default_factory=dict, init=False)  # plane id -> where it is and which way it
    # points, as a move's prompt names it (`sequence.nearest_enemies`): kept till the plane moves (`place`)
    hexes: dict[int, int] = field(default_factory=dict, init=False)  # `offsets.hexes_by_number` across the mat:
    # the hexes between two planes by their numbers (`Plane.number`), one subtraction and one lookup

    def __post_init__(self) -> None:
        self.hit_spans = self.table.hit_spans()
        self.hit_chance = {hexes: _chance(self.table.die, span) for hexes, span in self.hit_spans.items()}
        self.hexes = hexes_by_number(self.mat.span)

    def flight(self, speed: int, record: Fighter | Bomber) -> Flight:
        """What a plane of this type can do at this speed (made once per game)."""
        key = (speed, record.id)
        found = self.flights.get(key)
        if found is None:
            flight = Flight.of(self.rules.movement, speed, record.turn, record.immelman_cost())
            found = self.flights[key] = _FLIGHTS.setdefault(flight, flight)
        return found

    def place(self, plane: Plane) -> None:
        self.guns.pop(plane.id, None)
        self.seen.pop(plane.id, None)
        plane.number = plane.nose[0] * ROW + plane.nose[1]
        for cube in plane.hexes:
            if cube in self.mat.cubes:
                self.occupied[cube] = plane
                self.held[cube] = plane.id
                self.numbers[cube[0] * ROW + cube[1]] = plane

    def slowed(self, plane: Plane, engines: int) -> None:
        """The plane loses `engines` engines to hits, and maybe speed with them."""
        plane.engines_lost += engines
        self.guns.pop(plane.id, None)

    def lift(self, plane: Plane) -> None:
        for cube in plane.hexes:
            if self.occupied.get(cube) is plane:
                del self.occupied[cube], self.held[cube], self.numbers[cube[0] * ROW + cube[1]]

    def leave(self, plane: Plane, status: str) -> None:
        """The plane leaves the mat: shot down or flown off."""
        self.lift(plane)
        plane.status = status
        self.listed.clear()

    def live(self, side: str | None = None) -> list[Plane]:
        """The planes on the mat (of `side`), in set-up order. Read only: the list is kept, not copied,
        till a plane leaves, and then dropped, never changed in place."""
        found = self.listed.get(side)
        if found is None:
            found = self.listed[side] = [p for p in self.planes.values()
                                         if p.status == ON_MAT and (side is None or p.side == side)]
        return found

    def live_cards(self) -> list[str]:
        """Cards of the fighters and bomber squadrons with a plane still on the mat, in set-up order: a
        plane's card is the one it is dealt under, so those of the planes `live` lists (no generator
        made per card at every shuffle)."""
        live = {plane.card for plane in self.live()}
        return [card for card in self.cards if card in live]

    def labels(self, plane: Plane) -> list[str]:
        return [self.mat.labels[c] for c in plane.hexes if c in self.mat.cubes]

    def enemies(self, side: str) -> list[Plane]:
        """The planes on the mat of the other sides, in set-up order; read only, as `live`."""
        found = self.listed.get(("enemies of", side))
        if found is None:
            found = self.listed[("enemies of", side)] = [p for p in self.planes.values()
                                                         if p.status == ON_MAT and p.side != side]
        return found
