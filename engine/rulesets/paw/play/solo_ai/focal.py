"""The focal point: where an AI pilot points its nose, from its mission's list in the pack.

The lists (`paw.focal_points`) are content. What the code settles, because the rulebook
does not print it:
- which list a plane uses: the attacker's fighter-bombers and bombers in a strike mission
  use that mission's list; every other plane (defenders, escorts, a sweep) uses the list of
  the Fighter Sweep (the mission won by VP shot down);
- an enemy plane is "engaged" by each other friendly plane within one Dashboard of it;
- "fired upon" means attacked by an enemy plane since the start of the previous round;
  "under Flak attack", attacked by a Flak marker since then;
- "Damage >= n%" is hearts over Durability (advanced model); in the basic model a plane
  takes two hits, so a damaged plane has lost half;
- the mission objective is the closest live target the victory counts that the plane can
  still attack, at the altitude it attacks from (bombs: their release altitude; torpedoes,
  rockets and guns: Low); a strike plane with nothing left to attack it with goes on down
  its list.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...kinds.ai import FocalPoint, FocalPoints, Override
from ..flight import tailing_pairs
from ..geometry import aspect
from ..state import Plane, State, Target
from ..victory import objective_met
from .memory import Memory
from .sight import guns_may_reach

ENEMY_PLANE = ("enemy_plane", "threatening_enemy", "bomber", "fighter_bomber", "fighter")


@dataclass(frozen=True)
class Focal:
    entry: str  # the FocalPoint.target it came from
    printed: str
    x: float
    y: float
    alt: int | None  # None: at the plane's own level
    unit: str | None = None  # the plane or target looked at
    override: str | None = None  # the override condition that applied, as printed
    max_speed: bool = False
    hardest: bool = False
    avoid_enemies: bool = False
    avoid_flak: bool = False

    @property
    def enemy_plane(self) -> bool:
        return self.entry in ENEMY_PLANE


def edge_point(state: State, side: str, x: float, y: float) -> tuple[float, float]:
    """The closest point of the side's own edge."""
    return {"top": (x, state.height), "bottom": (x, 0.0), "left": (0.0, y),
            "right": (state.width, y)}[state.areas[side]]


def vertical(state: State, alt: int, other: int | None) -> str:
    """'higher', 'level' or 'lower': where altitude `other` is seen from `alt`."""
    if other is None or state.same_alt(alt, other):
        return "level"
    return "higher" if other > alt else "lower"


def damage_fraction(state: State, plane: Plane) -> float:
    if state.options["advanced_damage"]:
        return min(1.0, plane.hearts / plane.dash.durability)
    return 0.5 if plane.damaged else 0.0


class View:
    """One AI plane's look at the mat, worked out once per question."""

    def __init__(self, focus: "Focus", plane: Plane, memory: Memory) -> None:
        s = focus.s
        self.focus, self.s, self.plane, self.memory = focus, s, plane, memory
        flying = s.flying()
        self.enemies = [q for q in flying if q.side != plane.side]
        self.friends = [q for q in flying if q.side == plane.side and q.id != plane.id]
        self._engaged: dict[str, int] = {}
        self._threats: list[Plane] | None = None
        self._tailers: list[Plane] | None = None
        self._objectives: list[Target] | None = None

    def engaged(self, enemy: Plane) -> int:
        """Friendly planes (this one apart) within one Dashboard of the enemy."""
        if enemy.id not in self._engaged:
            reach = self.s.tables.rules.components.dashboard_length_mm ** 2
            ex, ey, _ = enemy.flight.pose
            self._engaged[enemy.id] = sum(1 for q in self.friends
                                          if _d2(q.flight.pose, ex, ey) <= reach)
        return self._engaged[enemy.id]

    def tailers(self) -> list[Plane]:
        if self._tailers is None:
            s, plane = self.s, self.plane
            x, y, _ = plane.flight.pose
            self._tailers = [  # cheap necessary conditions first: behind it, guns may reach
                e for e in self.enemies if e.dash.guns
                and aspect(plane.flight.pose, s.length, s.width_c, *e.flight.pose[:2]) == "back"
                and guns_may_reach(s, e.flight.pose, e.dash.guns[-1].distance * s.step, x, y)
                and any(prey is plane for _, prey in tailing_pairs(s, [e, plane]))]
        return self._tailers

    def threats(self) -> list[Plane]:
        """Enemy planes that fired at it since the previous round, or tail it now."""
        if self._threats is None:
            shooters = set(self.memory.attackers(self.plane.id, self.s.round - 1))
            self._threats = [e for e in self.enemies
                             if e.id in shooters or e in self.tailers()]
        return self._threats

    def objectives(self) -> list[Target]:
        if self._objectives is None:
            self._objectives = self.focus.objectives(self.plane.side)
        return self._objectives

    def fits(self, entry: FocalPoint, enemy: Plane) -> bool:
        """An enemy plane matches an 'enemy_plane' entry (relative altitude, engagement)."""
        if entry.relative is not None and \
                vertical(self.s, self.plane.flight.alt, enemy.flight.alt) != entry.relative:
            return False
        if entry.engaged_by is None:
            return True
        n = self.engaged(enemy)
        return n >= 2 if entry.engaged_by == 2 else n == entry.engaged_by

    def holds(self, override: Override) -> bool:
        plane, since = self.plane, self.s.round - 1
        if override.when == "fired_upon_or_tailed":
            return bool(self.threats())
        if override.when == "damaged":
            if override.damage_at_least is None:
                return plane.damaged or plane.hearts > 0
            return damage_fraction(self.s, plane) >= override.damage_at_least
        if override.when == "under_flak":
            return self.memory.under_flak(plane.id, since)
        return bool(self.tailers()) or self.memory.kills[plane.id] > 0

    def resolve(self, entry: FocalPoint) -> Focal | None:
        s, plane, target = self.s, self.plane, entry.target
        if target == "friendly_edge":
            ex, ey = edge_point(s, plane.side, *plane.flight.pose[:2])
            alt = s.levels.index(entry.altitude) if (
                entry.altitude in s.levels and s.options["altitude"]) else None
            return Focal(target, entry.printed, ex, ey, alt, avoid_enemies=entry.avoid_enemies)
        if target == "mission_objective":
            return self.objective(entry)
        if target == "formation":
            return self.closest(entry, [q for q in self.friends if q.role == plane.role])
        if target == "avoid_flak":
            return None
        if target == "threatening_enemy":
            return self.closest(entry, self.threats())
        if target == "enemy_plane":
            return self.closest(entry, [q for q in self.enemies if self.fits(entry, q)])
        return self.closest(entry, [q for q in self.enemies if q.role == target])

    def closest(self, entry: FocalPoint, planes: list[Plane]) -> Focal | None:
        if not planes:
            return None
        x, y, _ = self.plane.flight.pose
        q = min(planes, key=lambda q: (_d2(q.flight.pose, x, y), q.id))
        qx, qy, _ = q.flight.pose
        return Focal(entry.target, entry.printed, qx, qy, q.flight.alt, unit=q.id,
                     avoid_enemies=entry.avoid_enemies)

    def objective(self, entry: FocalPoint) -> Focal | None:
        s, plane = self.s, self.plane
        loadout, dash = plane.loadout, plane.dash
        targets = self.objectives()
        if loadout == "torpedoes":
            targets = [t for t in targets if t.unit.category == "ship"]
        elif not (loadout in ("bombs", "ag_rockets") or dash.guns):
            return None
        if not targets:
            return None
        x, y, _ = plane.flight.pose
        t = min(targets, key=lambda t: (_d2(t.pose, x, y), t.id))
        alt = None
        if s.options["altitude"]:
            alt = s.levels.index(dash.bombs.altitude) if loadout == "bombs" and dash.bombs \
                else 0
        return Focal(entry.target, entry.printed, t.pose[0], t.pose[1], alt, unit=t.id,
                     avoid_enemies=entry.avoid_enemies)

    def first(self, entries: list[FocalPoint]) -> Focal | None:
        for entry in entries:
            found = self.resolve(entry)
            if found is not None:
                return found
        return None

    def rank(self, entries: list[FocalPoint], unit: str) -> int:
        """Where a target stands in the hierarchy of the entries in force (lower first)."""
        s = self.s
        for i, entry in enumerate(entries):
            if unit in s.targets:
                if entry.target == "mission_objective" and s.targets[unit] in self.objectives():
                    return i
                continue
            q = s.planes[unit]
            if entry.target == "threatening_enemy" and q in self.threats():
                return i
            if entry.target == "enemy_plane" and self.fits(entry, q):
                return i
            if entry.target == q.role:
                return i
        return len(entries)


class Focus:
    """Focal points for one game: the lists, resolved once, and the planes' conditions."""

    def __init__(self, state: State, content) -> None:
        self.s = state
        lists: list[FocalPoints] = content.records("paw.focal_points")
        sweeps = {m.id for m in content.records("paw.mission_type") if m.sweep_victory}
        self.sweep = next((fp for fp in lists if sweeps & set(fp.applies_to)), None)
        self.mission = next((fp for fp in lists if state.scenario.mission in fp.applies_to),
                            None)
        units: set[str] = set()
        self.any_target = state.victory is None
        if state.victory is not None:
            for alternative in state.victory.destroy_any_of:
                for goal in alternative.all_of:
                    units |= set(goal.units)
                    self.any_target |= not goal.units
        self.units = units

    @property
    def available(self) -> bool:
        return self.sweep is not None or self.mission is not None

    def points_for(self, plane: Plane) -> FocalPoints:
        s = self.s
        strike = (s.victory is not None and plane.side == s.scenario.attacker
                  and plane.role != "fighter")
        return (self.mission if strike else self.sweep) or self.sweep or self.mission

    def of(self, plane: Plane, memory: Memory) -> tuple[Focal, list[FocalPoint]]:
        """The focal point, and the entries in force (for the combat hierarchy)."""
        fp = self.points_for(plane)
        view = View(self, plane, memory)
        for override in fp.overrides:
            if not view.holds(override):
                continue
            avoid = any(p.target == "avoid_flak" for p in override.points)
            entries = [p for p in override.points if p.target != "avoid_flak"]
            found = view.first(entries or fp.points)
            if found is not None:
                return replace(found, override=override.printed, max_speed=override.max_speed,
                               hardest=override.hardest_turns, avoid_flak=avoid), \
                    entries + fp.points
        found = view.first(fp.points)
        if found is None:  # nothing on the list is on the mat any more: go home
            x, y = edge_point(self.s, plane.side, *plane.flight.pose[:2])
            found = Focal("friendly_edge", "own edge (nothing on the list is left)", x, y, None)
        return found, list(fp.points)

    def objectives(self, side: str) -> list[Target]:
        """Live enemy targets the victory counts, while its objective is not yet met."""
        s = self.s
        if s.victory is not None and objective_met(s, s.victory):
            return []
        return [t for t in s.targets.values() if t.alive and t.side != side and (
            self.any_target or t.unit.id in self.units or t.unit.flip_side in self.units)]


def _d2(pose, x: float, y: float) -> float:
    return (pose[0] - x) ** 2 + (pose[1] - y) ** 2
