"""The state of an Air Wars game: every counter, the decks and hands, command levels, VP.

Each counter is one `Unit` that is in exactly one place: a square (`square`)
or an off-map box (`box`: unplaced, reinforcements, abort, damage, aside).
Every change of place or face goes through `State` so that the standard unit
events of `engine.core.view` are emitted with it and a viewer can redraw any
moment of the game from the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from ..kinds.scenario import ModeRules
from ..kinds.units import AirFace
from .static import Static

T = TypeVar("T")
UNPLACED, REINFORCEMENTS, ABORT, DAMAGE, ASIDE = "unplaced", "reinforcements", "abort", "damage", "aside"
BOXES = (UNPLACED, REINFORCEMENTS, ABORT, DAMAGE, ASIDE)


class Unit:
    """One counter. Air units carry the per-turn sortie bookkeeping of 16.0 and 20.0."""

    __slots__ = ("id", "side", "record", "type", "air", "square", "box", "airborne", "mode", "face", "speed",
                 "short_range", "rules", "crt_column", "bombs", "revealed", "arrival", "sorties", "took_off", "landed",
                 "bombed", "moved", "name")

    def __init__(self, uid: str, side: str, record, air: bool) -> None:
        self.id, self.side, self.record, self.air = uid, side, record, air
        self.name = f"{record.name} {uid.rsplit('.', 1)[1]}" if record.count > 1 else record.name
        self.type: str = record.type  # F, B, FB, GA, D; or aa, hq, airbase for ground units
        self.square: int | None = None
        self.box: str | None = UNPLACED
        self.airborne = False
        self.face: AirFace | None = None
        self.mode: str = record.front.mode if air else ""
        if air:
            self.turn_to(record.front)
        self.follow(None)  # the scenario's ModeRules for the unit's type and mode (set by State)
        self.revealed = False
        self.arrival = 0  # order of arrival in a square: the latest is the top of the stack
        self.sorties = 0  # take-offs this turn
        self.took_off = 0  # hour of the last take-off (0: not this turn)
        self.landed = 0  # hour of the last landing
        self.bombed = False  # has dropped its bombs this turn (20.0)
        self.moved = False  # has moved in the current flying segment (17.0)

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        where = self.box or f"sq{self.square}{'^' if self.airborne else ''}"
        return f"<{self.id} {where}>"

    @property
    def on_map(self) -> bool:
        return self.square is not None

    def turn_to(self, face: AirFace) -> None:
        """Show `face`, its speed and range copied out (read at every move)."""
        self.face, self.speed, self.short_range = face, face.speed, face.short_range

    def follow(self, rules: ModeRules | None) -> None:
        """Fly by `rules`, its combat column and whether it bombs copied out: the bots read those
        for every unit at every look at the enemy or at their bombers, a pydantic model's attribute
        costing more than a slot's."""
        self.rules = rules
        self.crt_column = rules.crt_column if rules is not None else "none"
        self.bombs = rules is not None and rules.bombs  # may bomb in this mode (`bombed`: has, this turn)


@dataclass
class HandCard:
    card: str
    first_pick: bool  # the first time this card was picked in the game (30.13)


@dataclass
class Effect:
    """A card effect in force: `until` is 'hour', 'turn' or 'game' (11.3 Permanent)."""

    side: str  # the player who played it
    card: str
    effect: Any
    until: str
    units: frozenset[str] | None = None  # a 'reveal' of one square: the enemy units it shows


@dataclass
class Battle:
    """A ground battle square opened by a card (30.10)."""

    card: str
    side: str  # who played the card
    square: int
    closes_after: str  # the side whose next hour ends it


@dataclass
class SideState:
    command_level: int
    deck: list[str] = field(default_factory=list)
    hand: list[HandCard] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    permanent: list[str] = field(default_factory=list)
    to_reshuffle: list[str] = field(default_factory=list)
    vp: int = 0


class State:
    def __init__(self, game, static: Static) -> None:
        self.static = static
        self.log, self.options = game.log, game.options  # not the game: no cycle through it
        self.turn = 0
        self.hour = 0
        self.phase = "setup"
        self.segment = ""
        self.active = static.intruder  # whose hour it is
        self.units: dict[str, Unit] = {}
        self.of_side: dict[str, list[Unit]] = {side: [] for side in static.order}  # never changes side
        self.sides: dict[str, SideState] = {
            side: SideState(setup.command_level.start) for side, setup in static.setups.items()
        }
        self.picks: dict[str, int] = {}  # card -> times picked (30.13)
        self.effects: list[Effect] = []
        self.battles: dict[int, Battle] = {}
        self.bombed_targets: set[tuple[int, str]] = set()  # (square, installation): useless (20.3)
        self.battles_bombed: set[tuple[str, str]] = set()  # (card, side) (30.10)
        self.launched: dict[int, int] = {}  # take-offs per airbase square this hour (30.2)
        self.counters: dict[tuple[str, int], Unit] = {}  # airbase counters on the map (30.3)
        # Routes per side by (start, speed), and the squares of contact and stopping they go by
        # ('contacts', 'stops'): they depend on enemy positions only (17.1, 22.0), so they are
        # forgotten when an enemy unit moves, takes off or lands (`_moved`).
        self.routes: dict[str, dict] = {side: {} for side in static.order}
        # Changes to each side's units, so that what is worked out from them can be kept.
        self.versions = {side: 0 for side in static.order}
        # Air units based per square (none: no key), kept in step by `_base` at every landing,
        # take-off, placing and removal; and the free room of each airbase worked out from it
        # (dropped when an airbase counter moves, `capacities`).
        self._based: dict[str, dict[int, int]] = {side: {} for side in static.order}
        self._rooms: dict[str, dict[int, int]] = {}
        self._flying: dict[str, tuple[Unit, ...] | None] = {side: None for side in static.order}
        # 'fly' options by unit and place (flying), made once per scenario: an offered option is
        # never changed, so every game offers the same dicts again rather than formatting their labels.
        self.offers: dict[tuple, dict] = static.cache.setdefault("fly offers", {})
        # The units flown since the last Flying segment began: the only ones whose `moved` a new
        # segment must clear (not every counter of both sides, most of which never fly).
        self.flown: list[Unit] = []
        # This turn's events that its summary reads (targets bombed, air combats, units destroyed),
        # noted as they are logged rather than picked out of the whole turn's log again.
        self.summed: list[dict] = []
        self.excess = False  # air units over the stacking limit wait to be aborted (14.0)
        self.scheduled: set[str] = set()  # units the scenario brings in on a set turn (12.0)
        self.initial_box: set[str] = set()  # units that start in the Reinforcements Box (29.0)
        self.bonus_window: set[str] = set()  # sides whose combat a bonus card would change now
        self._arrivals = 0
        self._capacities: dict[str, dict[int, int]] = {}  # see `capacities`
        self._memo: dict[tuple[str, Callable], tuple[int, Any]] = {}

    def emit(self, type_: str, **data: Any) -> dict:
        return self.log.append(type_, data)

    # ---- queries ----------------------------------------------------------------------
    def side_units(self, side: str) -> list[Unit]:
        return list(self.of_side[side])

    def at(self, square: int) -> list[Unit]:
        return [u for u in self.units.values() if u.square == square]

    def memo(self, side: str, make: Callable[["State", str], T]) -> T:
        """What `make(state, side)` works out from `side`'s units, kept until one of them changes
        (`versions`). The value is shared: callers must not change it."""
        version = self.versions[side]
        hit = self._memo.get((side, make))
        if hit is None or hit[0] != version:
            hit = self._memo[(side, make)] = (version, make(self, side))
        return hit[1]

    def in_the_air(self, side: str) -> tuple[Unit, ...]:
        """`side`'s units in the air, in the order of `of_side` (kept until one takes off or
        comes down, `change`: not to be changed)."""
        found = self._flying[side]
        if found is None:
            found = self._flying[side] = tuple([u for u in self.of_side[side] if u.airborne])
        return found

    def airborne(self, side: str, square: int | None = None) -> list[Unit]:
        flying = self.in_the_air(side)
        return list(flying) if square is None else [u for u in flying if u.square == square]

    def unmoved_over(self, side: str, square: int) -> list[Unit]:
        """`side`'s units in the air over `square` not yet flown this segment: a stack that
        may fly together."""
        return [u for u in self.in_the_air(side) if u.square == square and not u.moved]

    def based_at(self, square: int, side: str) -> list[Unit]:
        return [u for u in self.of_side[side] if u.square == square and u.air and not u.airborne]

    def in_box(self, side: str, box: str) -> list[Unit]:
        return [u for u in self.of_side[side] if u.box == box]

    def command_level(self, side: str) -> int:
        return self.sides[side].command_level

    def airbase(self, square: int, side: str) -> tuple[int, int] | None:
        """(capacity, AA) of `side`'s functioning airbase in `square`, printed or counter."""
        printed = self.static.printed_bases[side].get(square)
        if printed is not None:
            return printed
        counter = self.counters.get((side, square))
        if counter is None:
            return None
        capacity = counter.record.capacity
        return capacity, capacity if self.static.rules.airbase_aa_equals_capacity else counter.record.aa

    def airbases(self, side: str) -> list[int]:
        """Squares of `side`'s functioning airbases, in board order."""
        counters = [sq for (s, sq) in self.counters if s == side]
        return sorted(set(self.static.printed_bases[side]).union(counters))

    def capacities(self, side: str) -> dict[int, int]:
        """Capacity of each of `side`'s functioning airbases, in board order (kept until an
        airbase counter moves)."""
        found = self._capacities.get(side)
        if found is None:
            found = self._capacities[side] = {sq: self.airbase(sq, side)[0] for sq in self.airbases(side)}
        return found

    def has_based(self, square: int, side: str) -> bool:
        """Are any of `side`'s air units based at `square` (`based_at`, without listing them)?"""
        return square in self._based[side]

    def based_counts(self, side: str) -> dict[int, int]:
        """Air units based per square (squares with some only)."""
        return dict(self._based[side])

    def room(self, square: int, side: str) -> int:
        capacity = self.capacities(side).get(square)
        if capacity is None:
            return 0
        return capacity - self._based[side].get(square, 0)

    def rooms(self, side: str) -> dict[int, int]:
        """Free capacity of each of `side`'s airbases, in board order."""
        found = self._rooms.get(side)
        if found is None:
            based = self._based[side]
            found = self._rooms[side] = {sq: capacity - based.get(sq, 0)
                                         for sq, capacity in self.capacities(side).items()}
        return dict(found)

    def _base(self, unit: Unit, square: int, count: int) -> None:
        """`count` (+1 or -1) air units based at `square`: the counts and room kept in step."""
        based = self._based[unit.side]
        left = based.get(square, 0) + count
        if left:
            based[square] = left
        else:
            del based[square]
        rooms = self._rooms.get(unit.side)
        if rooms is not None and square in rooms:
            rooms[square] -= count

    # ---- changes, each with its standard unit event ----------------------------------
    def add(self, unit: Unit, box: str) -> None:
        unit.box = box
        self.versions[unit.side] += 1
        unit.follow(self.static.mode_rules(unit.type, unit.mode))
        self.units[unit.id] = unit
        state = {"mode": unit.mode, "airborne": False, "revealed": False} if unit.air else {}
        self.log.add({"seq": None, "type": "unit.placed", "unit": unit.id, "side": unit.side,
                      "unit_type": unit.record.id, "name": unit.name, "box": box, "state": state})

    def place(self, unit: Unit, square: int, reason: str, path: list[int] | None = None) -> None:
        """Put a unit in a square (from a box, or moving on the map)."""
        if unit.type == "airbase":
            self.counters.pop((unit.side, unit.square), None)
            self.counters[(unit.side, square)] = unit
            self._capacities.pop(unit.side, None)
            self._rooms.pop(unit.side, None)
        if unit.air and not unit.airborne:
            if unit.square is not None:
                self._base(unit, unit.square, -1)
            self._base(unit, square, 1)
        unit.square, unit.box = square, None
        self._moved(unit)
        self._arrivals += 1
        unit.arrival = self._arrivals
        labels = self.static.labels
        event = {"seq": None, "type": "unit.moved", "unit": unit.id, "to": labels[square], "reason": reason}
        if path:
            event["path"] = [labels[s] for s in path]
        self.log.add(event)  # built whole: see `EventLog.add`

    def remove(self, unit: Unit, box: str, reason: str, by: list[str] | None = None,
               cause: str | None = None) -> None:
        """Take a unit off the map (or from one box to another); kills carry `by`, and a
        `cause` when the event should name how ('bombing')."""
        was_airborne = unit.airborne
        if unit.type == "airbase":
            self.counters.pop((unit.side, unit.square), None)
            self._capacities.pop(unit.side, None)
            self._rooms.pop(unit.side, None)
        elif unit.air and unit.square is not None and not was_airborne:
            self._base(unit, unit.square, -1)
        unit.square, unit.box, unit.airborne = None, box, False
        unit.revealed = False
        self._moved(unit)
        event: dict[str, Any] = {"seq": None, "type": "unit.removed", "unit": unit.id, "box": box, "reason": reason}
        if box == DAMAGE:
            event["destroyed"] = True
            event["by"] = by or []
        elif by:
            event["by"] = by
        if cause:
            event["cause"] = cause
        self.log.add(event)
        if box == DAMAGE:
            self.summed.append(event)
        if was_airborne:
            self.change(unit, {"airborne": False, "revealed": False})

    def change(self, unit: Unit, state: dict[str, Any]) -> None:
        """Change a unit's `state` ('airborne', 'revealed', 'bombed'): the dict goes into its event
        as it is, handed over whole rather than packed from keywords (some 400 changes a game)."""
        if "airborne" in state and unit.air and unit.square is not None and state["airborne"] != unit.airborne:
            self._base(unit, unit.square, -1 if state["airborne"] else 1)
        for key, value in state.items():
            if key in ("airborne", "revealed", "bombed"):
                setattr(unit, key, value)
        if "airborne" in state:
            self._flying[unit.side] = None
            self._moved(unit)
        else:
            self.versions[unit.side] += 1
        self.log.add({"seq": None, "type": "unit.changed", "unit": unit.id, "state": state})

    def _moved(self, unit: Unit) -> None:
        """Forget the other side's routes: this unit may block or reveal them now."""
        self.versions[unit.side] += 1
        other = self.routes[self.static.enemy[unit.side]]
        if other:
            other.clear()

    def on_top(self, unit: Unit) -> None:
        """Put a unit on top of its stack (14.0: stacked in any order): the counter the enemy
        may examine (22.0)."""
        self._arrivals += 1
        unit.arrival = self._arrivals
        self.versions[unit.side] += 1
        self.emit("aw.on_top", unit=unit.id, at=self.static.label(unit.square),
                  why="a player may order his stacks as he likes (14.0); the enemy may examine the top (22.0)")

    def set_mode(self, unit: Unit, mode: str) -> None:
        record = unit.record
        unit.mode = mode
        unit.turn_to(record.front if record.front.mode == mode else record.back)
        unit.follow(self.static.mode_rules(unit.type, mode))
        self.versions[unit.side] += 1
        self.emit("unit.changed", unit=unit.id, state={"mode": mode})

    def score(self, side: str, vp: int, why: str, **context: Any) -> None:
        if vp:
            self.sides[side].vp += vp
            self.log.add({"seq": None, "type": "aw.vp", "side": side, "vp": vp, "total": self.sides[side].vp,
                          "why": why, **context})


