"""A bot's orders for one Flying segment: returns, strikes, escorts, intercepts, CAP, strafing.

The planner works on Manhattan distances (movement ignores terrain, 17.0) and
keeps the rules it must obey: the launch limit per airbase (30.2), stacking
by command level (14.0), one mission for long-range units and bombers (16.2,
26.1, 26.2), landing in time (15.2, 16.1). The engine still checks every
move; when an order's square is not on offer the bot takes the nearest one.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from ..bombing import COLUMN
from ..flying import grounded_by, must_land_next_hour, reach
from ..state import State, Unit
from .intel import Aim, Intel

# How much a bot will risk, and how much it does, by strength.
STYLE = {
    "hard": {"escort": True, "intercept": True, "cap": 1, "strafe": True, "min_gain": 0.35},
    "easy": {"escort": False, "intercept": False, "cap": 0, "strafe": False, "min_gain": 0.0},
}


@dataclass(slots=True)
class Order:
    units: list[str]
    dest: int
    land: bool
    why: str
    done: bool = False


@dataclass(slots=True)
class Mission:
    """A bomber's target across the hours it takes to get there."""

    square: int
    kind: str


class Planner:
    def __init__(self, st: State, side: str, strength: str, missions: dict[str, Mission],
                 intel: Intel) -> None:
        self.st, self.side, self.style = st, side, STYLE[strength]
        self.strength = strength
        self.missions = missions
        self.intel = intel
        static = st.static
        self.dist = static.dist
        self.level = st.command_level(side)
        self.hours_left = static.scenario.hours_per_turn - st.hour + 1
        self.last_hour = self.hours_left == 1
        self.room = st.rooms(side)
        # Worked out from which airbases have room left, so forgotten when an order changes that.
        self._open: tuple[int, ...] = ()  # airbases with room, board order
        self._nearest: dict[int, int | None] | None = None  # square -> `base_near` it, within any distance
        self._bases_in_reach: dict[tuple[int, int], list[int]] = {}
        self._reach: dict[tuple, list[tuple[Aim, int]]] = {}
        self._risks: dict[int, tuple[float, float | None]] = {}
        self.launched = dict(st.launched)
        self.occupancy: dict[int, int] = {}
        for u in st.in_the_air(side):
            self.occupancy[u.square] = self.occupancy.get(u.square, 0) + 1
        self.busy: set[str] = set()
        self._flying = sorted(st.in_the_air(side), key=lambda u: u.id)  # in the air at the start, by id
        self._fighters = [u for u in st.of_side[side] if u.square is not None and u.air
                          and u.crt_column == "fighters"]
        self.orders: list[Order] = []

    # ---- shared helpers ---------------------------------------------------------------
    def free(self, unit: Unit) -> bool:
        return unit.id not in self.busy

    def can_launch(self, unit: Unit) -> bool:
        return (not unit.airborne and grounded_by(self.st, unit) is None
                and self.launched.get(unit.square, 0) < self.level)

    def base_near(self, square: int, within: int | None = None) -> int | None:
        """The nearest own airbase with room (the first in board order on a tie), optionally
        within a distance."""
        if self._nearest is None:
            self._open, self._nearest = _nearest_bases(self.st.static, self.room)
        best = self._nearest.get(square, -1)
        if best == -1:
            best = self._nearest[square] = min(self._open, key=self.dist[square].__getitem__) if self._open else None
        return None if best is None or within is not None and self.dist[square][best] > within else best

    def _home(self, unit: Unit, square: int, within: int | None) -> int | None:
        """Where a unit could land coming back from `square`: an airbase with room, or the
        one it takes off from (its place there is free once it has left)."""
        back = self.base_near(square, within)
        if unit.airborne:
            return back
        own = unit.square
        d = self.dist[square][own]
        if within is not None and d > within:
            return back
        return own if back is None or d <= self.dist[square][back] else back

    def order(self, units: list[Unit], dest: int, land: bool, why: str) -> None:
        """Record an order (joining one from the same stack to the same end) and what it
        does to launches, stacking and airbase room."""
        for unit in units:
            self.busy.add(unit.id)
            if unit.airborne:
                self.occupancy[unit.square] -= 1
            else:
                self.launched[unit.square] = self.launched.get(unit.square, 0) + 1
                self._add_room(unit.square, 1)  # free for landings, which are flown after take-offs
        if land:
            self._add_room(dest, -len(units))
        elif _arrive(self.dist[dest], units):
            self.occupancy[dest] = self.occupancy.get(dest, 0) + len(units)
        lead = units[0]
        for order in self.orders:
            if order.dest != dest or order.land != land:
                continue
            first = self.st.units[order.units[0]]
            if first.square == lead.square and first.airborne == lead.airborne \
                    and len(order.units) + len(units) <= self.level:
                order.units += [u.id for u in units]
                return
        self.orders.append(Order([u.id for u in units], dest, land, why))

    def _add_room(self, square: int, count: int) -> None:
        """What is worked out from the airbases with room is forgotten when one fills up or opens
        (it reads only whether an airbase has room, not how much)."""
        before = self.room.get(square, 0)
        self.room[square] = before + count
        if (before > 0) != (before + count > 0):
            self._nearest = None
            self._bases_in_reach.clear()
            self._reach.clear()  # where a bomber can land after its strike depends on the room

    def fits(self, dest: int, count: int) -> bool:
        return self.occupancy.get(dest, 0) + count <= self.level

    def bomb_dice(self, unit: Unit) -> int:
        if not unit.bombs or unit.bombed:
            return 0
        return unit.face.bomb

    def fighters(self) -> list[Unit]:
        return [u for u in self._fighters if u.id not in self.busy]

    # ---- the plan ---------------------------------------------------------------------
    def plan(self) -> list[Order]:
        """Orders in the order they will be flown: moves in the air, take-offs, landings
        (take-offs first free the airbase room that landings need, 15.2)."""
        self.returns(urgent=True)
        self.strikes()
        if self.style["intercept"]:
            self.intercepts()
        if self.style["strafe"]:
            self.strafes()
        if self.style["cap"]:
            self.patrols()
        self.returns(urgent=False)
        units = self.st.units
        return sorted(self.orders, key=lambda o: 2 if o.land else 0 if units[o.units[0]].airborne else 1)

    def returns(self, urgent: bool) -> None:
        """Units in the air: keep going to their target, or come home in time. Urgent: those
        that must land this hour and have somewhere to land; the rest come after take-offs."""
        st = self.st
        aims = self.intel.aims()
        flying = self._flying
        if urgent:  # those with the fewest airbases in reach choose first
            must = [u for u in flying if self.last_hour or must_land_next_hour(st, u) and u.took_off < st.hour]
            for unit in sorted(must, key=lambda u: (len(self._landings(u)), u.id)):
                home = self._landing(unit)
                if home is not None:
                    self.missions.pop(unit.id, None)
                    self.order([unit], home, True, "return to base")
            return
        for unit in flying:
            if not self.free(unit):
                continue
            must = self.last_hour or (must_land_next_hour(st, unit) and unit.took_off < st.hour)
            mission = self.missions.pop(unit.id, None)
            dice = 0 if must else self.bomb_dice(unit)
            if dice:
                if mission is None or not self._still_on(unit, mission, aims):
                    best = self._best_aim(unit, dice, aims, {})
                    mission = Mission(best[0].square, best[0].kind) if best else None
                if mission is not None:
                    self.missions[unit.id] = mission
                    self.order([unit], mission.square, False, "on to the target")
                    continue
            home = self._landing(unit)
            if home is not None:
                self.order([unit], home, True, "return to base")
                continue
            home = self.base_near(unit.square)
            if home is not None:
                self.order([unit], home, False, "head for base")

    def _landings(self, unit: Unit) -> list[int]:
        """Own airbases with room the unit can land at this hour (engagement included,
        17.1), safest and nearest first: what the engine will offer. Shared: not to be changed."""
        key = (unit.square, unit.speed)
        found = self._bases_in_reach.get(key)
        if found is None:
            steps, stopped = reach(self.st, self.side, unit.square, unit.speed)
            # the danger at an airbase: enemy air units within a move, who could bomb or strafe it next
            threat = None if self.strength == "easy" else self.intel.threat
            ranked = [(threat(sq) if threat else 0, steps[sq], sq) for sq, room in self.room.items()
                      if room > 0 and sq in steps and (sq == unit.square or sq not in stopped)]
            ranked.sort()
            found = self._bases_in_reach[key] = [sq for _, _, sq in ranked]
        return found

    def _landing(self, unit: Unit) -> int | None:
        bases = self._landings(unit)
        return bases[0] if bases else None

    def _still_on(self, unit: Unit, mission: Mission, aims: list[Aim]) -> bool:
        for aim in aims:
            if aim.square == mission.square and aim.kind == mission.kind:
                break
        else:  # no longer a target
            return False
        there = ceil(self.dist[unit.square][mission.square] / unit.speed)
        back = self.base_near(mission.square)
        home = ceil(self.dist[mission.square][back] / unit.speed) if back is not None else 99
        return there + home <= self.hours_left

    def strikes(self) -> None:
        """Bombers take off for the best target they can reach and come back from in time."""
        st = self.st
        bombers: list[tuple[int, str, Unit]] = []  # (-dice, id): the most dice first
        for u in st.of_side[self.side]:
            if u.air and u.square is not None and not u.airborne:
                dice = self.bomb_dice(u)
                if dice and self.can_launch(u):
                    bombers.append((-dice, u.id, u))
        bombers.sort()
        aims = self.intel.aims()
        dice_on: dict[tuple[int, str], int] = {}
        for mission in self.missions.values():
            dice_on[(mission.square, mission.kind)] = dice_on.get((mission.square, mission.kind), 0) + 2
        groups: dict[tuple[int, int, str], list[Unit]] = {}
        leaving: dict[int, int] = {}  # bombers grouped per airbase so far: orders (and launches) come after
        for fewer, _, unit in bombers:
            dice = -fewer
            if self.launched.get(unit.square, 0) + leaving.get(unit.square, 0) >= self.level:
                continue
            best = self._best_aim(unit, dice, aims, dice_on)
            if best is None:
                continue
            aim, _ = best
            key = (unit.square, aim.square, aim.kind)
            groups.setdefault(key, []).append(unit)
            leaving[unit.square] = leaving.get(unit.square, 0) + 1
            dice_on[(aim.square, aim.kind)] = dice_on.get((aim.square, aim.kind), 0) + dice
            self.busy.add(unit.id)
        for (base, target, kind), units in groups.items():
            for unit in units:
                self.busy.discard(unit.id)
            while units:
                arrive = _arrive(self.dist[target], units)
                room = self.level - self.occupancy.get(target, 0) if arrive else self.level
                if room <= 0:
                    break
                stack, units = units[:room], units[room:]
                for unit in stack:
                    self.missions[unit.id] = Mission(target, kind)
                self.order(stack, target, False, f"strike the {kind} at {self.st.static.label(target)}")
                if arrive and self.style["escort"]:
                    self._escort(base, target, stack)

    def _best_aim(self, unit: Unit, dice: int, aims: list[Aim], dice_on: dict) -> tuple[Aim, float] | None:
        """The aim worth most for `unit`'s `dice` (its `bomb_dice`) on top of `dice_on`, and its worth."""
        expected = self.intel.expected
        allowed = unit.record.can_bomb
        hard, min_gain = self.strength == "hard", self.style["min_gain"]
        risks = self._risks
        best = None
        for aim, hours in self._reachable(unit, aims):
            if allowed is not None and COLUMN[aim.kind] not in allowed:
                continue
            if hard:
                already = dice_on.get((aim.square, aim.kind), 0)
                gain = expected(aim, already + dice)
                if already:  # no dice on it yet: nothing to take off (most aims)
                    gain -= expected(aim, already)
                aa, fighters = risks.get(aim.square) or self._risk(aim.square)
                gain *= aa
                if fighters is not None:
                    gain *= fighters
                gain /= hours
            else:
                gain = aim.vp / (1 + self.dist[unit.square][aim.square])
            if gain > min_gain and (best is None or gain > best[1]):
                best = (aim, gain)
        return best

    def _risk(self, square: int) -> tuple[float, float | None]:
        """What of a strike's gain the target's AA leaves, and its enemy fighters in the air
        (None: none there)."""
        found = self._risks.get(square)
        if found is None:
            intel = self.intel
            enemy = intel.enemy_air(square)
            found = self._risks[square] = (max(0.2, 1 - intel.aa(square) / 6 / 2),
                                           None if enemy is None else max(0.1, 1 - enemy.fighter_dice / 6))
        return found

    def _reachable(self, unit: Unit, aims: list[Aim]) -> list[tuple[Aim, int]]:
        """(aim, hours to get there) a unit from its square can bomb and still land in time."""
        speed = unit.speed
        short = must_land_next_hour(self.st, unit)
        key = (unit.square, unit.airborne, speed, short, id(aims))  # `_home` differs in the air
        found = self._reach.get(key)
        if found is None:
            found = []
            dist, hours_left, home = self.dist, self.hours_left, self._home
            row = dist[unit.square]
            if short:  # over the target this hour, and home within a move of it
                if hours_left > 1:
                    for aim in aims:
                        if row[aim.square] <= speed and home(unit, aim.square, speed) is not None:
                            found.append((aim, 1))
            else:  # hours rounded up in whole numbers (-(-a // b)); over the target: this hour
                for aim in aims:
                    hours = -(-row[aim.square] // speed) or 1
                    if hours < hours_left:
                        back = home(unit, aim.square, None)
                        if back is not None and hours - (-dist[aim.square][back] // speed) <= hours_left:
                            found.append((aim, hours))
            self._reach[key] = found
        return found

    def _escort(self, base: int, target: int, stack: list[Unit]) -> None:
        """Fighters from the same airbase go along when they can be home next hour."""
        for fighter in self.fighters():
            if len(stack) >= self.level or not self.fits(target, 1):
                return
            if fighter.square != base or fighter.airborne or not self.can_launch(fighter):
                continue
            if self.dist[base][target] > fighter.speed or self.base_near(target, fighter.speed) is None:
                continue
            self.order([fighter], target, False, f"escort to {self.st.static.label(target)}")
            stack.append(fighter)

    def _sortie(self, fighter: Unit, square: int) -> bool:
        """Can the fighter be over `square` this hour and land again in time?"""
        if self.last_hour or self.dist[fighter.square][square] > fighter.speed:
            return False
        short = must_land_next_hour(self.st, fighter)
        if fighter.airborne and short and fighter.took_off < self.st.hour:
            return False
        if not fighter.airborne and not self.can_launch(fighter):
            return False
        reach = fighter.speed if short else fighter.speed * (self.hours_left - 1)
        return self._home(fighter, square, reach) is not None

    def _sorties(self, fighters: list[Unit], square: int, most: int) -> list[Unit]:
        """The first `most` of `fighters` that can be over `square` this hour and land in time (a
        loop: islice over a generator resumes the generator from C for each fighter, which costs
        more than the test)."""
        group = []
        for fighter in fighters:
            if self._sortie(fighter, square):
                group.append(fighter)
                if len(group) == most:
                    break
        return group

    def intercepts(self) -> None:
        """Fighters attack enemy air units they can see and outgun (none get back in time in the
        last hour, `_sortie`)."""
        if self.last_hour:
            return
        stacks = sorted([s for s in self.intel.stacks.values() if s.airborne],
                        key=lambda s: (-s.bombers - s.count, s.square))
        if not stacks:
            return
        strongest = sorted(self._fighters, key=lambda u: (-u.face.air_combat, u.id))  # busy or not
        for stack in stacks:
            need = stack.fighter_dice * 1.2 + 1.5
            group: list[Unit] = []
            dice = 0.0
            for fighter in strongest:
                if dice >= need or len(group) >= self.level:
                    break
                if fighter.id not in self.busy and self._sortie(fighter, stack.square):
                    group.append(fighter)
                    dice += fighter.face.air_combat
            if group and dice >= need and self.fits(stack.square, len(group)):
                self._send(group, stack.square, f"intercept at {self.st.static.label(stack.square)}")

    def _send(self, group: list[Unit], square: int, why: str) -> None:
        by_origin: dict[tuple[int, bool], list[Unit]] = {}
        for unit in group:
            by_origin.setdefault((unit.square, unit.airborne), []).append(unit)
        for units in by_origin.values():
            self.order(units, square, False, why)

    def strafes(self) -> None:
        """Idle fighters strafe enemy airbases when the kills are worth the AA and the risk (none
        get back in time in the last hour, `_sortie`)."""
        if self.last_hour:
            return
        intel = self.intel
        enemy_vp = self.st.static.setups[intel.enemy].vp_per_enemy_air_unit_damaged
        for aim in [a for a in intel.aims() if a.kind == "airbase"]:
            room = min(self.level, self.level - self.occupancy.get(aim.square, 0), aim.based)
            if room <= 0:
                continue
            based = intel.stacks.get((aim.square, False))
            risk = intel.aa(aim.square) / 6 * 0.5 + (based.fighter_dice if based else 0) / 6 * enemy_vp
            if min(aim.based, room * intel.crt_kill) * aim.vp - risk <= 0.3:
                continue  # not worth it even with a full group: no fighter need be looked at (most airbases)
            group = self._sorties(self.fighters(), aim.square, room)
            if not group:
                continue
            gain = min(aim.based, len(group) * intel.crt_kill) * aim.vp
            if gain - risk > 0.3:
                self._send(group, aim.square, f"strafe {self.st.static.label(aim.square)}")

    def patrols(self) -> None:
        """A fighter patrol over what the enemy would gain most by bombing next: an own
        installation, or an own airbase full of units (each a kill for the enemy)."""
        st, static, intel = self.st, self.st.static, self.intel
        if self.last_hour:
            return
        near = [s.square for s in intel.stacks.values() if s.fighter_dice or s.bombers]
        enemy_kill = static.setups[intel.enemy].vp_per_enemy_air_unit_damaged
        threatened = []
        for sq, kind, vp in static.installation_targets[intel.enemy]:
            if (sq, kind) not in st.bombed_targets and _within(static.dist[sq], near, 6):
                threatened.append((-vp, sq))
        for sq, count in st.based_counts(self.side).items():
            if _within(static.dist[sq], near, 5):
                threatened.append((-count * enemy_kill / 2, sq))
        for _, square in sorted(threatened)[: self.style["cap"]]:
            group = self._sorties([f for f in self.fighters() if not f.airborne], square, 2)
            if group and self.fits(square, len(group)):
                self._send(group, square, f"patrol over {static.label(square)}")


def _nearest_bases(static, room: dict[int, int]) -> tuple[tuple[int, ...], dict[int, int | None]]:
    """The airbases with room (board order) and each square's nearest of them, filled in as
    `Planner.base_near` asks: the same whenever the same airbases have room, in any plan and game
    of the scenario, so kept per scenario by those (one entry per set of airbases seen open)."""
    open_ = tuple([sq for sq, left in room.items() if left >= 1])
    kept = static.cache.setdefault("nearest open airbase", {})
    nearest = kept.get(open_)
    if nearest is None:
        nearest = kept[open_] = {}
    return open_, nearest


def _arrive(row: list[int], units: list[Unit]) -> bool:
    """Can all `units` reach this hour the square whose distances are `row`? (A loop, not all() over
    a generator: see `Planner._sorties`.)"""
    for unit in units:
        if row[unit.square] > unit.speed:
            return False
    return True


def _within(row: list[int], squares: list[int], distance: int) -> bool:
    """Is any of `squares` within `distance` of the square whose distances are `row`?"""
    for square in squares:
        if row[square] <= distance:
            return True
    return False
