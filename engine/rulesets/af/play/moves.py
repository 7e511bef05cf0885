"""The legal-move generator: every end state a plane can write this turn, each with one code.

The movement half is searched MP by MP from a plane at the origin facing 0 (`flight.advance`
is the only judge of a step), merging identical in-turn states, so its cost is the number
of distinct states, not of codes. The result, a template, depends only on the turn's
`Frame` (speed, increment, requirements, cockpit hits, the maneuvers), the starting bank
and the straight hexes carried; templates are cached process-wide and rotated and
translated onto each plane. The altitude half is then tried once per group of paths that
finish alike (same speed loss, half-loop flag, banked loss and carry) with `flight.finish`,
and the groups' results are spread over their paths. A stalled plane writes nothing: it
spins (`flight.spin`), so it has no options here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from engine.core.board import Cube, from_cube, to_cube

from ..kinds.planes import DataCard
from .capability import capability
from .codes import STEP_FT, Entry, Token, format_entry
from .flight import (Frame, Handbook, Leg, Refusal, Status, advance, arrive, band_of, finish, flown_card, frame,
                     start, vertical)
from .state import Plane

Template = tuple[tuple[Leg, tuple[Token, ...]], ...]  # end legs relative to the origin, facing 0
_TEMPLATES: dict[tuple, Template] = {}
MAX_TEMPLATES = 512  # most are tens of kB, the largest half a MB; a game meets far fewer
ORIGIN: Cube = (0, 0, 0)


class Option:
    """One legal end state: the plane as it starts next turn, and a log code that gets it there.

    Built lazily: a generator call makes tens of thousands, and most are only compared.
    """

    __slots__ = ("_start", "cell", "facing", "bank", "status", "_steps", "_vertical")

    def __init__(self, start: Plane, cell: tuple[int, int], facing: int, bank: str, status: Status,
                 steps: tuple[Token, ...], vertical: Entry) -> None:
        self._start, self.cell, self.facing, self.bank, self.status = start, cell, facing, bank, status
        self._steps, self._vertical = steps, vertical

    @property
    def plane(self) -> Plane:
        return arrive(self._start, self.cell, self.facing, self.bank, self.status,
                      tuple(t for t in self._steps if isinstance(t, str)))

    @property
    def entry(self) -> Entry:
        return replace(self._vertical, steps=self._steps)

    @property
    def code(self) -> str:
        return format_entry(self.entry)

    def __repr__(self) -> str:
        return f"Option({self.code!r}, {self.cell}, facing {self.facing}, {self.bank}, " \
               f"{self.status.altitude} ft, speed {self.status.speed})"


def template(fr: Frame, bank: str, straight: int | None) -> Template:
    """Every distinct end of the movement half from the origin, facing 0, with one route each."""
    key = (fr, bank, straight)
    hit = _TEMPLATES.get(key)
    if hit is None:
        if len(_TEMPLATES) >= MAX_TEMPLATES:  # the oldest goes: a long session meets many frames
            del _TEMPLATES[next(iter(_TEMPLATES))]
        hit = _TEMPLATES[key] = _search(fr, Leg(ORIGIN, 0, bank, straight=straight))
    return hit


def _search(fr: Frame, first: Leg) -> Template:
    free = [s.letter for s in fr.specs if s.mp == 0]  # banks: they stay in the layer
    costly = [s.letter for s in fr.specs if s.mp > 0]
    layer: dict[Leg, tuple[Token, ...]] = {first: ()}
    for _ in range(fr.speed + 1):
        todo = list(layer.items())
        while todo:  # close the layer under the moves that cost no MP
            leg, steps = todo.pop()
            for letter in free:
                nxt = advance(fr, leg, letter)
                if not isinstance(nxt, Refusal) and nxt not in layer:
                    layer[nxt] = steps + (letter,)
                    todo.append((nxt, layer[nxt]))
        if next(iter(layer)).mp == fr.speed:
            return tuple(layer.items())
        upper: dict[Leg, tuple[Token, ...]] = {}
        for leg, steps in layer.items():
            for token in (1, *costly):
                nxt = advance(fr, leg, token)
                if not isinstance(nxt, Refusal) and nxt.mp == leg.mp + 1 and nxt not in upper:
                    upper[nxt] = steps + (token,)
        if not upper:
            return ()
        layer = upper
    return ()


def _rotate(cube: Cube, turns: int) -> Cube:
    x, y, z = cube
    for _ in range(turns % 6):
        x, y, z = -z, -x, -y
    return (x, y, z)


class Path(NamedTuple):
    """An end of the movement half on the board (the hexes and maneuvers part of a code)."""

    leg: Leg
    steps: tuple[Token, ...]

    @property
    def cell(self) -> tuple[int, int]:
        return from_cube(self.leg.cube)

    @property
    def code(self) -> str:
        return format_entry(Entry(self.steps))


def paths(plane: Plane, card: DataCard, hb: Handbook) -> list[Path]:
    """The movement half's ends for this plane, placed on the board, each with its steps (the
    choice of hexes and maneuvers; `verticals` gives each one's Power, Brake and altitude)."""
    fr = frame(plane, flown_card(plane, card), hb)
    if fr.increment in ("stall", "over"):  # a stalled plane spins; one over its dive speed breaks up
        return []
    base = start(plane, fr)
    here = to_cube(plane.cell)
    out = []
    for leg, steps in template(fr, plane.bank, base.straight):
        r = _rotate(leg.cube, plane.facing)
        out.append(Path(replace(leg, cube=(here[0] + r[0], here[1] + r[1], here[2] + r[2]),
                                facing=(leg.facing + plane.facing) % 6), steps))
    return out


class _Finisher:
    """The altitude half for one plane: every Power/Brake/altitude tail tried once per kind of path."""

    def __init__(self, plane: Plane, card: DataCard, hb: Handbook) -> None:
        self.plane, self.card, self.hb = plane, flown_card(plane, card), hb
        self.fr = frame(plane, self.card, hb)
        band = band_of(plane, self.card)
        self.cap = capability(plane, hb.rules)
        self.vert = vertical(plane, self.card, hb)
        power = 0 if self.fr.increment == "dive" else self.cap.power(band)
        self.tails = [Entry((), max(net, 0), max(-net, 0), ft)
                      for ft in range(-self.vert.dive, self.vert.climb + 1, STEP_FT)
                      for net in range(-self.cap.brake(band), power + 1)]
        self.groups: dict[tuple, list[tuple[Status, Entry]]] = {}

    def __call__(self, leg: Leg) -> list[tuple[Status, Entry]]:
        banked = leg.bank != self.hb.level and not leg.nonbank
        key = (leg.loss, leg.loop, banked, leg.maneuvered, leg.fresh)
        ends = self.groups.get(key)
        if ends is None:
            ends = self.groups[key] = [
                (status, tail) for tail in self.tails
                if not isinstance(status := finish(self.plane, self.card, self.hb, self.fr, leg, tail, self.vert,
                                                   self.cap), Refusal)]
        return ends


def verticals(plane: Plane, card: DataCard, hb: Handbook, path: Path) -> list[tuple[Entry, Status]]:
    """The legal Power, Brake and altitude tails of one path (entries without steps), each with the
    status it leads to; tails that lead to the same status are all listed."""
    return [(tail, status) for status, tail in _Finisher(plane, card, hb)(path.leg)]


def end_states(plane: Plane, card: DataCard, hb: Handbook) -> list[Option]:
    """Every legal end state of the plane this turn (hex, facing, bank, altitude, next speed,
    carry ...), each once, with the first code found that reaches it."""
    found = paths(plane, card, hb)
    if not found:
        return []
    finishes = _Finisher(plane, card, hb)
    seen: dict[tuple, Option] = {}
    for leg, steps in found:
        cell = from_cube(leg.cube)
        where = (cell, leg.facing, leg.bank)
        for status, tail in finishes(leg):
            k = (where, status)
            if k not in seen:
                seen[k] = Option(plane, cell, leg.facing, leg.bank, status, steps, tail)
    return list(seen.values())
