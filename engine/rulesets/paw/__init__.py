"""Pocket Air War: Definitive Edition (WBS Games) — energy/altitude flight on a free mat.

Content kinds in `kinds/` (`planes`, `templates`, `rules`, `scenario` ...), lint rules in
`lint/`, previews and the mat's layout in `draw/`, the rules engine in `play/` (what bots and the
solo AI read is described there), the mission generator in `mission/`.
"""

from __future__ import annotations

from engine.core.contract import Ruleset

from .draw.layout import BOARD_PREVIEWS, LAYOUT
from .draw.preview import COMPONENTS, PREVIEWS
from .kinds.ai import AiManeuver, AiTable, FocalPoints
from .kinds.crew import CrewSkill, DamageMarker
from .kinds.defences import AaaDashboard, FlakDashboard
from .kinds.missions import EventTable, MissionChart, MissionEvent, MissionType, TargetType
from .kinds.planes import Dashboard
from .kinds.rules import Rules
from .kinds.scenario import Mat, Scenario
from .kinds.targets import GroundTarget
from .kinds.templates import FireTemplate, TurningTemplate
from .kinds.theaters import Faction, Theater, TheaterTable, Timeline
from .kinds.time_freeze import TimeFreezeTable
from .kinds.vocabulary import RULEBOOK
from .lint import RULES
from .mission import COMMAND as MISSION_GENERATOR
from .mission.lint import RULES as MISSION_RULES
from .play.engine import PawEngine

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
    lint_rules=RULES + MISSION_RULES,
    rulebook=RULEBOOK,
    scenario_kind="paw.scenario",
    previews={**PREVIEWS, **BOARD_PREVIEWS},
    components=COMPONENTS,
    layout=LAYOUT,
    engine=PawEngine(),
    mission=MISSION_GENERATOR,
)
