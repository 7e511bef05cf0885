"""What a Pocket Air War game holds while it runs: planes, targets, torpedoes, Flak.

Everything the rules read from content (dashboards, skills, damage markers) is
resolved once at set-up and kept on the pieces, so the hot paths of flight and
combat never search the pack. Derived values that the optional rules change
(max Energy, Acceleration, tightest turn) are methods here, so flight, combat,
bots and the solo AI all read the same numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..kinds.crew import CrewSkill, DamageMarker
from ..kinds.defences import AaaDashboard, FlakDashboard
from .geometry import Pose, counter, rounded
from ..kinds.planes import Dashboard
from ..kinds.rules import Rules
from ..kinds.scenario import Scenario
from ..kinds.targets import GroundTarget
from ..kinds.templates import FireTemplate, TurningTemplate
from ..kinds.time_freeze import TimeFreezeTable

LETTERS = ("A", "B", "C", "D", "E")
SIDES = ("left", "right")


@dataclass
class Flight:
    """A plane's movement within its round; copied to predict a maneuver without flying it.

    `lay` is the template being followed: ('straight', n) or ('turn', letter, side, n) with
    n steps laid so far; `prev_run` is the straight run that preceded a turn lay (a climb or
    descent may replace the last straight step with one turning step).
    """

    pose: Pose
    alt: int
    energy: int
    mp: int = 0
    lay: tuple = ("none", 0)
    prev_run: int = 0
    path: list[tuple[float, float, int]] = field(default_factory=list)
    descended: bool = False
    climbed: bool = False
    level_only: bool = True  # every step of the round so far was straight flight
    low_throughout: bool = True
    exited: str | None = None

    def copy(self) -> "Flight":
        twin = object.__new__(Flight)
        twin.__dict__.update(self.__dict__)
        twin.path = list(self.path)
        return twin

    @property
    def run(self) -> int:
        """Steps of the current straight line."""
        return self.lay[1] if self.lay[0] == "straight" else 0


@dataclass
class Plane:
    id: str
    side: str
    dash: Dashboard
    faction: str
    role: str
    skill: CrewSkill | None
    flight: Flight
    damaged: bool = False
    loadout: str = "none"
    torpedoes: int = 0
    markers: list[DamageMarker] = field(default_factory=list)
    status: str = "flying"  # flying | destroyed | exited
    exit_edge: str | None = None
    leave_high_by: int = 0  # damaged at High: the round by whose end it must be lower
    must_stall: bool = False  # drained for staying at High: stalls, no Energy set, next round
    stalled: bool = False  # this round: no combat
    moved: bool = False
    fired: set[str] = field(default_factory=set)  # weapons used this round
    fired_upon: bool = False  # attacked by a plane this round (the solo AI's override)
    allowance: int = 0
    shot_down_by: str | None = None  # the side that scores its VP

    @property
    def flying(self) -> bool:
        return self.status == "flying"

    @property
    def loaded(self) -> bool:
        return self.loadout != "none"

    def effects(self, kind: str) -> list:
        return [e for m in self.markers for e in m.effects if e.effect == kind]

    @property
    def hearts(self) -> int:
        return sum(m.hearts for m in self.markers)


@dataclass
class Target:
    id: str
    side: str
    unit: GroundTarget
    pose: Pose
    status: str = "alive"  # alive | destroyed | escaped
    flipped_turns: int = 0

    @property
    def alive(self) -> bool:
        return self.status == "alive"


@dataclass
class Torpedo:
    id: str
    side: str
    by: str
    hit: int
    pose: Pose


@dataclass
class FlakBattery:
    """One side's Flak: a Barrage square or CPF markers (never both), and its timing."""

    side: str
    barrage: dict[str, Any] | None = None  # {"centre": [x, y], "spacing": n, "alt": i}
    cpf: list[dict[str, Any]] = field(default_factory=list)  # {"id", "pos": [x, y], "alt": i}
    removed_round: int = -1  # a technique removed in round r cannot be placed before r + 1


@dataclass
class Tables:
    """Content the rules read, resolved once per game."""

    rules: Rules
    templates: dict[str, TurningTemplate]
    fire: dict[str, FireTemplate]
    aaa: AaaDashboard | None
    flak: FlakDashboard | None
    freeze: TimeFreezeTable | None
    markers: dict[str, list[DamageMarker]]  # aspect -> markers (copies expanded)


@dataclass
class State:
    scenario: Scenario
    tables: Tables
    options: dict[str, bool]
    width: float
    height: float
    planes: dict[str, Plane]
    targets: dict[str, Target]
    areas: dict[str, str]
    round: int = 0
    torpedoes: list[Torpedo] = field(default_factory=list)
    flak: dict[str, FlakBattery] = field(default_factory=dict)
    piles: dict[str, list[str]] = field(default_factory=dict)  # aspect -> marker ids left
    initial_vp: dict[str, int] = field(default_factory=dict)
    next_torpedo: int = 1
    next_marker: int = 1
    victory: Any = None  # the target type's (or scenario's) Victory; None for a Fighter Sweep
    sweep_fraction: float = 0.5
    target_type: Any = None  # the scenario's TargetType record, if any

    def __post_init__(self) -> None:
        # component sizes, read on every step: plain attributes rather than a content walk
        parts = self.tables.rules.components
        self.step: float = parts.step_mm
        self.length: float = parts.counter_length_mm
        self.width_c: float = parts.counter_width_mm
        self.levels: list[str] = self.tables.rules.altitudes

    def alt_name(self, index: int) -> str:
        return self.levels[index]

    # ---- optional rules ------------------------------------------------------------------
    def same_alt(self, a: int, b: int) -> bool:
        return a == b or not self.options["altitude"]

    def surprised(self, p: Plane) -> bool:
        """A Surprised plane flies level at its Energy in the first round (General Deployment)."""
        sc = self.scenario
        return self.round == 1 and sc.deployment == "surprised" and sc.caught == p.side

    def at_level(self, alt: int, name: str) -> bool:
        """'Only at [Low/High] Altitude' actions are always available without the Altitude rule."""
        return not self.options["altitude"] or self.levels[alt] == name

    # ---- derived plane values ---------------------------------------------------------
    def max_energy(self, p: Plane) -> int:
        value = p.dash.max_energy_for(p.damaged, p.loaded)
        if self.options["crew_skills"] and p.skill is not None:
            value += p.skill.energy_tokens
        value += sum(e.value or 0 for e in p.effects("max_energy"))
        return max(1, value)

    def acceleration(self, p: Plane) -> int:
        value = p.dash.acceleration
        if p.damaged:
            value = math.ceil(value / self.tables.rules.damage.acceleration_divisor)
        value += sum(e.value or 0 for e in p.effects("acceleration"))
        return max(0, value)

    def barred_high(self, p: Plane) -> bool:
        forbidden = self.tables.rules.damage.forbidden_altitude
        if forbidden is None or forbidden not in self.levels:
            return False
        return p.damaged or bool(p.effects("cant_fly_high"))

    def high_index(self) -> int | None:
        forbidden = self.tables.rules.damage.forbidden_altitude
        return self.levels.index(forbidden) if forbidden in self.levels else None

    def letters(self, p: Plane, energy: int) -> list[str]:
        """Templates the plane may turn on now: its letter at this Energy or wider."""
        best = p.dash.best_turn(energy)
        if best is None:
            return []
        floor = LETTERS.index(best)
        for e in p.effects("tightest_turn"):
            if e.letter:
                floor = max(floor, LETTERS.index(e.letter))
        return [l for l in LETTERS[floor:] if l.lower() in self.tables.templates]

    def turn_sides(self, p: Plane) -> list[str]:
        barred = {e.direction for e in p.effects("cant_turn")}
        return [s for s in SIDES if s not in barred]

    def hit_modifier(self, p: Plane) -> int:
        """What is added to the Hit Threshold of the plane's attacks (crosshair, damage)."""
        value = sum(e.value or 0 for e in p.effects("hit_threshold"))
        if self.options["crew_skills"] and p.skill is not None:
            value += p.skill.crosshair
        return value

    def gunners_silenced(self, p: Plane) -> bool:
        return bool(p.effects("gunners_affected") or p.effects("crew_killed"))

    # ---- pieces ---------------------------------------------------------------------------
    def flying(self, side: str | None = None) -> list[Plane]:
        return [p for p in self.planes.values() if p.flying and (side is None or p.side == side)]

    def poly(self, p: Plane):
        return counter(p.flight.pose, self.length, self.width_c)

    def target_poly(self, t: Target):
        return counter(t.pose, self.length, self.width_c)

    def sides(self) -> list[str]:
        return sorted(self.areas)

    def pose_event(self, pose: Pose) -> dict:
        x, y, h = rounded(pose)
        return {"pos": [x, y], "heading": h}
