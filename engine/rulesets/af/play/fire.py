"""The fire phase (§IX): target, Hit Table column, the roll, and the hits, each shot explained.

Fire is simultaneous: every shot is aimed and rolled from the positions the planes hold when
the phase opens (after last turn's movement), and the hits are recorded only when all have
fired, so a plane shot down this phase still fires. Every number is content: the Hit and
Range Attenuation tables and the range per 500 ft come from `af.rules`, fire and silhouette
modifiers from the data cards, the inverted modifier from the Hit Table's `inverted` entry.

`Gunnery.aim` does everything before the die (an `Aim`); `shoot` rolls it into a `Shot`;
`expected` reads the same column's rows without rolling, for bots scoring positions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Callable, Mapping, Sequence

from engine.content.dice import distribution
from engine.core.board import Cube, HexGrid, cube_distance

from ..kinds.planes import DataCard
from ..kinds.rules import Rules
from ..kinds.tables import HitTable, RangeTable
from .clock import clock_of, side_of
from .damage import Failure, destruction, gun_priority, guns_left, record_hits
from .state import PARTS, Plane

INVERTED = frozenset({"I", "IR", "IL"})  # "inverted, inverted/right or inverted/left" (§IX)
Roll = Callable[[str, str], int]  # (die, reason) -> the face rolled, as `Dice.one`


@dataclass(frozen=True, slots=True)
class Term:
    """One named addend of the Hit Table column."""

    name: str
    value: int
    why: str


@dataclass(frozen=True, slots=True)
class Aim:
    """A shot up to the die: range, the guns that reach, effectiveness and the column."""

    firer: str
    target: str
    hexes: int
    altitude_steps: int  # one per `range_ft_per_hex` of altitude difference, fractions ignored
    batteries: tuple[int, ...]  # indices on the firer's G line of the guns in range
    gun_factors: int
    effectiveness: int  # Range Attenuation Table at (gun_factors, range)
    terms: tuple[Term, ...]  # the modifiers, each named
    read: int | None  # the Hit Table column read: None at 0 or less, the last one past it
    attacker_arc: int  # the firer's o'clock as the target sees it: which guns a G hit takes

    @property
    def range(self) -> int:
        return self.hexes + self.altitude_steps

    @property
    def column(self) -> int:
        return self.effectiveness + sum(t.value for t in self.terms)


@dataclass(frozen=True, slots=True)
class Shot:
    """A resolved shot: its aim, the die (None when the column had no effect) and the hits."""

    aim: Aim
    table: str  # id of the Hit Table read
    range_table: str  # id of the Range Attenuation Table the effectiveness came from
    roll: int | None
    hits: str  # one letter per hit, as the table prints them

    def by_part(self) -> dict[str, int]:
        return {p: self.hits.count(p) for p in PARTS if p in self.hits}

    def explain(self) -> str:
        a = self.aim
        guns = ", ".join(str(i + 1) for i in a.batteries)
        terms = "".join(f" {'+' if t.value >= 0 else '-'} {abs(t.value)} {t.name} ({t.why})" for t in a.terms)
        text = (f"{a.firer} fires at {a.target}: range {a.range} ({a.hexes} hex(es) + {a.altitude_steps} for "
                f"altitude); {a.gun_factors} GF in range (batteries {guns}), effectiveness {a.effectiveness} "
                f"on {self.range_table}; "
                f"column {a.effectiveness}{terms} = {a.column}")
        if a.read is None:
            return text + f" on {self.table}: no effect (0 or less), no other target this turn"
        past = f", read as column {a.read}, the last" if a.read != a.column else ""
        hits = ", ".join(f"{n} {p}" for p, n in self.by_part().items()) or "no hits"
        return text + f" on {self.table}{past}; roll {self.roll}: {self.hits or '-'} ({hits})"


class Gunnery:
    """Fire (§IX) over one board, the rules record, its tables and the data cards by id.

    A plane flying another series of its model is given a card whose `guns` are the series'.
    """

    def __init__(self, rules: Rules, hit_table: HitTable, range_table: RangeTable, grid: HexGrid,
                 cards: Mapping[str, DataCard]) -> None:
        self.rules, self.hit_table, self.range_table = rules, hit_table, range_table
        self.grid, self.cards = grid, cards
        self.edges = rules.fire.arc_edges.lines_30
        inverted = next((m for m in hit_table.modifiers if m.id == "inverted"), None)
        self.inverted = inverted.value if inverted is not None else 0
        self._expected: dict[int, dict[str, float]] = {}
        self._effect: dict[tuple[int, int], int | None] = {}
        self._columns: dict[int, int | None] = {}
        self._modifiers: dict[tuple[str, str, str], tuple[Term, ...]] = {}
        self._rows: dict[int, tuple[str, dict[int, str]]] = {}

    @classmethod
    def of(cls, content, grid: HexGrid) -> "Gunnery":
        """From a content view (`get`, `records`) holding one `af.rules` record."""
        rules = content.records("af.rules")[0]
        return cls(rules, content.get("af.hit_table", rules.fire.hit_table),
                   content.get("af.range_table", rules.fire.range_table), grid,
                   {c.id: c for c in content.records("af.data_card")})

    # ------------------------------------------------------------------ before the die

    def _offset(self, firer: Plane, target: Plane) -> Cube:
        a, b = self.grid.cube(firer.cell), self.grid.cube(target.cell)
        return (b[0] - a[0], b[1] - a[1], b[2] - a[2])

    def range(self, firer: Plane, target: Plane) -> tuple[int, int]:
        """(hexes, altitude steps): hexes from the firer's (excluded) to the target's (included)
        along the shortest path, plus one per 500 ft of altitude difference (§IX Range)."""
        return cube_distance(self._offset(firer, target), (0, 0, 0)), self._steps(firer, target)

    def _steps(self, firer: Plane, target: Plane) -> int:
        return abs(firer.altitude - target.altitude) // self.rules.fire.range_ft_per_hex

    def in_arc(self, firer: Plane, target: Plane) -> bool:
        """Whether `target` is in the firer's 12 o'clock arc, never its own hex (§IX Firing Arc)."""
        return clock_of(self._offset(firer, target), firer.facing, self.edges) == 12

    def aim(self, firer: Plane, target: Plane) -> Aim | None:
        """The shot `firer` would take at `target`; None when it cannot (a friend, out of the
        arc, or no live fixed-forward gun reaching that far)."""
        if firer.side == target.side or firer.destroyed or target.destroyed:
            return None
        offset = self._offset(firer, target)
        if clock_of(offset, firer.facing, self.edges) != 12:
            return None
        hexes, steps = cube_distance(offset, (0, 0, 0)), self._steps(firer, target)
        card = self.cards[firer.card]
        # Basic game: FF guns only, and never the parenthesised surface-only ones (§II, §XIV).
        left = guns_left(card, firer.damage)
        batteries = tuple(i for i, gun in enumerate(card.guns)
                          if left[i] and gun.position == "FF" and not gun.surface_only and gun.range >= hexes + steps)
        factors = sum(left[i] for i in batteries)
        effectiveness = self._effectiveness(factors, hexes + steps) if factors else None
        if effectiveness is None:
            return None
        terms = self._terms(card, self.cards[target.card], firer.bank)
        read = self._read(effectiveness + sum(t.value for t in terms))
        back = clock_of((-offset[0], -offset[1], -offset[2]), target.facing, self.edges)
        return Aim(firer.id, target.id, hexes, steps, batteries, factors, effectiveness, terms, read, back)

    def _effectiveness(self, factors: int, hexes: int) -> int | None:
        """The Range Attenuation Table's cell, memoized: bots ask for the same few many times."""
        key = (factors, hexes)
        if key not in self._effect:
            self._effect[key] = self.range_table.effectiveness(factors, hexes)
        return self._effect[key]

    def _read(self, column: int) -> int | None:
        """The Hit Table column a final column number reads (None at 0 or less), memoized."""
        if column not in self._columns:
            found = self.hit_table.column(column)
            self._columns[column] = None if found is None else found.column
        return self._columns[column]

    def _terms(self, card: DataCard, target: DataCard, bank: str) -> tuple[Term, ...]:
        """The named modifiers of §IX Step 1, built once per pair of cards and bank."""
        key = (card.id, target.id, bank)
        if key not in self._modifiers:
            terms = [Term("fire modifier", card.fire_modifier, f"{card.name} card"),
                     Term("silhouette", target.silhouette, f"{target.name} card")]
            if bank in INVERTED:
                terms.append(Term("inverted", self.inverted, f"firing in {bank}"))
            self._modifiers[key] = tuple(terms)
        return self._modifiers[key]

    def targets(self, firer: Plane, planes: Sequence[Plane]) -> list[Aim]:
        """Aims at the nearest enemies by range the firer can shoot (§IX Target Selection);
        several only when tied, the firing player's choice. Friends never block."""
        aims = [a for a in (self.aim(firer, p) for p in planes) if a is not None]
        nearest = min((a.range for a in aims), default=None)
        return sorted((a for a in aims if a.range == nearest), key=lambda a: a.target)

    # ------------------------------------------------------------------ the die

    def _faces(self, read: int) -> tuple[str, dict[int, str]]:
        """Hit Table column `read`: its die and the hits printed for each face, read once;
        real shots and expected hits both go through here."""
        if read not in self._rows:
            column = self.hit_table.column(read)
            faces = {}
            for face in distribution(column.die):
                row = column.lookup(face)
                faces[face] = row.hits if row is not None else ""
            self._rows[read] = (column.die, faces)
        return self._rows[read]

    def shoot(self, aim: Aim, roll: Roll) -> Shot:
        """Roll `aim` on its Hit Table column; a column of 0 or less is resolved with no roll."""
        if aim.read is None:
            return Shot(aim, self.hit_table.id, self.range_table.id, None, "")
        die, faces = self._faces(aim.read)
        face = roll(die, f"hit table column {aim.read}: {aim.firer} at {aim.target}")
        return Shot(aim, self.hit_table.id, self.range_table.id, face, faces[face])

    def expected(self, aim: Aim) -> dict[str, float]:
        """Mean hits per part of `aim` over its column's die, from the same faces `shoot` reads
        (cached per column); empty for a column with no effect."""
        if aim.read is None:
            return {}
        if aim.read not in self._expected:
            die, faces = self._faces(aim.read)
            means: dict[str, Fraction] = {}
            for face, chance in distribution(die).items():
                for letter in faces[face]:
                    means[letter] = means.get(letter, Fraction(0)) + chance
            self._expected[aim.read] = {p: float(means[p]) for p in PARTS if p in means}
        return self._expected[aim.read]

    def expected_hits(self, firer: Plane, target: Plane) -> float:
        """Mean number of hits `firer` would score on `target` now; 0 when it cannot fire."""
        aim = self.aim(firer, target)
        return sum(self.expected(aim).values()) if aim is not None else 0.0


# ---------------------------------------------------------------------- the phase


Choose = Callable[[Plane, list[Aim]], Aim | None]  # pick among tied nearest targets, or hold fire
GunChoice = Callable[[Shot], Sequence[int]]  # the attacker's battery order for a hit from 12 or 6


def first_target(firer: Plane, aims: list[Aim]) -> Aim | None:
    return aims[0]


@dataclass(frozen=True, slots=True)
class FirePhase:
    """What one fire phase did: the shots in firing order, each one's hits as recorded (misses
    dropped, a G past the last gun as F), the planes afterwards and who was destroyed, why."""

    shots: tuple[Shot, ...]
    recorded: tuple[str, ...]
    planes: tuple[Plane, ...]
    destroyed: tuple[tuple[str, tuple[Failure, ...]], ...]


def fire_phase(gunnery: Gunnery, planes: Sequence[Plane], roll: Roll, choose: Choose = first_target,
               gun_choice: GunChoice | None = None) -> FirePhase:
    """Every flying plane fires once, at most, from where all stand now; hits are recorded
    after the last shot, and destruction is read from the records then (§IX)."""
    shots = []
    for firer in planes:
        options = gunnery.targets(firer, planes) if not firer.destroyed else []
        chosen = choose(firer, options) if options else None
        if chosen is not None:
            if chosen not in options:
                raise ValueError(f"{firer.id} must fire at the nearest enemy: {[a.target for a in options]}")
            shots.append(gunnery.shoot(chosen, roll))
    return record_phase(gunnery, planes, shots, gun_choice)


def record_phase(gunnery: Gunnery, planes: Sequence[Plane], shots: Sequence[Shot],
                 gun_choice: GunChoice | None = None) -> FirePhase:
    """The phase's end (§IX Step 4): every shot's hits on the records, then who is destroyed.
    For a loop that asks its players for targets itself and rolls with `Gunnery.shoot`."""
    firers = [s.aim.firer for s in shots]
    if len(set(firers)) < len(firers):
        raise ValueError(f"a plane fires once a turn, at one target (§IX): {sorted(firers)}")
    by_id = {p.id: p for p in planes}
    damage = {p.id: p.damage for p in planes}
    recorded = []
    for shot in shots:
        card = gunnery.cards[by_id[shot.aim.target].card]
        side = side_of(shot.aim.attacker_arc)
        choice = gun_choice(shot) if gun_choice is not None and side == "either" else ()
        damage[shot.aim.target], letters = record_hits(card, damage[shot.aim.target], shot.hits,
                                                       gun_priority(card, side, choice),
                                                       gunnery.rules.damage.excess_gun_hits)
        recorded.append(letters)
    after, destroyed = [], []
    for plane in planes:
        failures = () if plane.destroyed else destruction(gunnery.cards[plane.card], damage[plane.id])
        if failures:
            destroyed.append((plane.id, failures))
        after.append(replace(plane, damage=damage[plane.id], destroyed=plane.destroyed or bool(failures)))
    return FirePhase(tuple(shots), tuple(recorded), tuple(after), tuple(destroyed))
