"""Pocket Air War: Definitive Edition (WBS Games) — energy/altitude flight on a free mat."""

from __future__ import annotations

from engine.content.ruleset import Ruleset

from .ai import AiManeuver, AiTable, FocalPoints
from .common import RULEBOOK
from .crew import CrewSkill, DamageMarker
from .engine import PawEngine
from .defences import AaaDashboard, FlakDashboard
from .lint import RULES
from .missions import EventTable, MissionChart, MissionEvent, MissionType, TargetType
from .planes import Dashboard
from .rules import Rules
from .scenario import Mat, Scenario
from .targets import GroundTarget
from .templates import FireTemplate, TurningTemplate
from .theaters import Faction, Theater, TheaterTable, Timeline
from .time_freeze import TimeFreezeTable

RULESET = Ruleset(
    id="paw",
    name="Pocket Air War",
    description="Pocket Air War: Definitive Edition. Plane dashboards, turning and fire "
    "templates, AAA and Flak, theaters of operations with their d20 tables, the solo AI "
    "and scenarios on a free mat.",
    kinds=(
        Rules,
        Dashboard,
        TurningTemplate,
        FireTemplate,
        AaaDashboard,
        FlakDashboard,
        GroundTarget,
        CrewSkill,
        DamageMarker,
        Faction,
        Theater,
        Timeline,
        TheaterTable,
        MissionType,
        TargetType,
        MissionChart,
        MissionEvent,
        EventTable,
        AiManeuver,
        FocalPoints,
        AiTable,
        TimeFreezeTable,
        Mat,
        Scenario,
    ),
    lint_rules=RULES,
    rulebook=RULEBOOK,
    engine=PawEngine(),
)
