"""Planes for a mission: rolled on a timeline's availability tables, balanced by points.

Each role of a faction's table is its own d20 table. A side with several
factions (Luftwaffe and CAI), several sub-periods (North Sea) or carrier and
land tables (Pacific) leaves a choice the rulebook gives to the players; it is
made at random and logged like a roll, and only among tables that can give
the roles the side needs, so a choice can never strand the mission.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..kinds.vocabulary import Side
from ..kinds.missions import MissionType
from ..kinds.planes import Dashboard
from ..kinds.theaters import TheaterTable, Timeline
from .rolls import MissionReport, Roller, usable_faces

FILLER_ROLE = "fighter"  # escorts and points balancing: every side of every timeline has fighters


@dataclass
class Plane:
    """A plane chosen for the mission; deployment fills in where it starts."""

    side: Side
    dashboard: Dashboard
    faction: str
    role: str
    points: int
    required: bool = False  # fills a REQUIRED PLANES line of its side's mission
    id: str = ""
    loadout: str = "none"
    altitude: str = "standard"
    energy: int = 0
    x: float = 0.0
    y: float = 0.0
    heading: float = 0.0

    @property
    def formation(self) -> str:
        """Bombers of one model fly in formation; every other plane is its own group."""
        return f"bomber:{self.dashboard.id}" if self.role == "bomber" else f"unit:{self.id}"


@dataclass
class Availability:
    """The availability tables of one timeline, split by side, narrowed as choices are made."""

    content: Any
    roller: Roller
    tables: dict[str, list[TheaterTable]]
    basing: dict[str, str | None] = field(default_factory=dict)
    _gives: dict[int, bool] = field(default_factory=dict)  # id(section) -> has a usable row

    @classmethod
    def of(cls, timeline: Timeline, tables: list[TheaterTable], content: Any,
           roller: Roller) -> "Availability":
        by_side = {
            side: [t for t in tables if t.table.type == "availability"
                   and t.table.faction in setup.factions]
            for side, setup in timeline.sides.items()
        }
        return cls(content, roller, by_side)

    def choose_period(self) -> None:
        """Tables printed for sub-periods (North Sea): one period for the whole mission."""
        periods = sorted({t.table.period.printed for ts in self.tables.values() for t in ts
                          if t.table.period is not None})
        if len(periods) < 2:
            return
        chosen = self.roller.pick(periods, "availability period")
        for side, tables in self.tables.items():
            self.tables[side] = [t for t in tables
                                 if t.table.period is None or t.table.period.printed == chosen]

    def plane_problem(self, row: Any) -> str | None:
        if row.plane is None:
            if row.printed:
                return f"'{row.printed}' designates no plane dashboard"
            return "the row is cut off: no plane printed"
        if self.content.get("paw.dashboard", row.plane) is None:
            return f"no dashboard '{row.plane}' in the pack"
        return None

    def sources(self, side: str, role: str, basings: tuple) -> list[tuple[TheaterTable, int]]:
        """(table, section index) of every role section that can give a plane."""
        return [
            (table, index)
            for table in self.tables.get(side, [])
            if table.table.basing in basings
            for index, section in enumerate(table.table.sections)
            if section.role == role and self._gives_a_plane(section)
        ]

    def _gives_a_plane(self, section) -> bool:
        key = id(section)
        if key not in self._gives:
            self._gives[key] = bool(usable_faces(section, self.plane_problem))
        return self._gives[key]

    def _basings(self, side: str) -> list[str | None]:
        return sorted({t.table.basing for t in self.tables.get(side, [])}, key=str)

    def feasible_basings(self, side: str, roles: set[str]) -> list[str | None]:
        return [b for b in self._basings(side)
                if all(self.sources(side, role, (b,)) for role in sorted(roles))]

    def missing(self, side: str, roles: set[str]) -> str | None:
        """Why the side cannot field `roles` from one basing; None when it can."""
        if self.feasible_basings(side, roles):
            return None
        everywhere = tuple(self._basings(side))
        lacking = [r for r in sorted(roles) if not self.sources(side, r, everywhere)]
        if lacking:
            names = " or ".join(r.replace("_", "-") for r in lacking)
            return f"no availability table of the {side} gives a {names}"
        names = ", ".join(r.replace("_", "-") for r in sorted(roles))
        return f"no carrier or land tables of the {side} give {names} together"

    def choose_basing(self, side: str, roles: set[str]) -> None:
        """Carrier or land based (Pacific): one basing per side that fields every role."""
        problem = self.missing(side, roles)
        if problem:
            raise MissionReport(f"{self.roller.where}: {problem}")
        labels = {str(b): b for b in self.feasible_basings(side, roles)}
        chosen = self.roller.pick(list(labels), f"{side} basing")
        self.basing[side] = labels[chosen]

    def roll(self, side: Side, role: str, step: str) -> Plane:
        sources = self.sources(side, role, (self.basing.get(side),))
        keys = {f"{t.id}.sections[{i}]": (t, i) for t, i in sources}
        faction = {k: self.content.get("paw.faction", t.table.faction) for k, (t, _) in
                   keys.items()}
        key = self.roller.pick(list(keys), f"{step}: faction",
                               lambda k: faction[k].label if faction[k] else k)
        table, index = keys[key]
        section = table.table.sections[index]

        def describe(row) -> str:
            dash = self.content.get("paw.dashboard", row.plane)
            return f"{dash.label} ({row.points or dash.points} VP)"

        row = self.roller.on_table(table, section, f"table.sections[{index}]", step,
                                   self.plane_problem, describe)
        dash = self.content.get("paw.dashboard", row.plane)
        return Plane(side, dash, table.table.faction, role, row.points or dash.points)


def roles_needed(mission: MissionType) -> set[str]:
    return {need.role for need in mission.required} | {FILLER_ROLE}


def required_planes(avail: Availability, side: Side, mission: MissionType) -> list[Plane]:
    """REQUIRED PLANES: a formation is one roll for the model, then that many of it."""
    planes = []
    for need in mission.required:
        role = need.role.replace("_", "-")
        if need.formation:
            first = avail.roll(side, need.role, f"{side} {role} formation")
            planes += [Plane(side, first.dashboard, first.faction, need.role, first.points,
                             required=True) for _ in range(need.at_least)]
            continue
        for n in range(need.at_least):
            plane = avail.roll(side, need.role, f"{side} required {role} {n + 1}")
            plane.required = True
            planes.append(plane)
    return planes


def points(planes: list[Plane]) -> int:
    return sum(p.points for p in planes)


def select(avail: Availability, missions: dict[str, MissionType], roller_side: Side,
           force: int) -> dict[str, list[Plane]]:
    """The rolling side's planes (required, then fighters up to `force`), then balancing.

    Balancing follows "make sure that the total VP of each side's planes are
    as equal as possible": the side behind on points rolls a fighter and takes
    it if that narrows the gap; the first roll that would not ends it. So the
    final gap is at most half the points of the plane left out.
    """
    planes = {side: required_planes(avail, side, mission) for side, mission in missions.items()}
    mine = planes[roller_side]
    while len(mine) < force:
        mine.append(avail.roll(roller_side, FILLER_ROLE,
                               f"{roller_side} fighter {len(mine) + 1}"))
    while True:
        totals = {side: points(p) for side, p in planes.items()}
        behind = min(totals, key=lambda s: (totals[s], s))
        gap = max(totals.values()) - totals[behind]
        if gap == 0:
            return planes
        plane = avail.roll(behind, FILLER_ROLE,
                           f"{behind} fighter {len(planes[behind]) + 1} (points balance)")
        after = abs(gap - plane.points)
        if after >= gap:
            avail.roller.remark(f"not taken: the sides would be {after} VP apart instead "
                                f"of {gap}")
            return planes
        avail.roller.remark(f"taken: the sides are {after} VP apart")
        planes[behind].append(plane)


def loadout_options(plane: Plane, mission: MissionType, ships: bool) -> list[str]:
    """LOADOUT of the briefing for the planes that fill its required roles.

    Against a target the ordnance is the point of the mission, so 'none' is
    offered only when the plane can carry nothing useful (torpedoes only hit
    ships); a Fighter Sweep's A-A rockets are optional.
    """
    if plane.role not in {need.role for need in mission.required}:
        return ["none"]
    carry = [name for name in mission.loadouts if name in plane.dashboard.loadouts()
             and (name != "torpedoes" or ships)]
    if mission.uses_target_table:
        return carry or ["none"]
    return ["none", *carry]
