"""Pocket Air War checks beyond the schema, one class per rule.

Each rule catches an authoring mistake the rules of the game make visible:
turning letters out of order, thresholds that get easier with distance, a
printed plane name that names no dashboard, a scenario that places a counter
off its mat or above what its dashboard allows.
"""

from __future__ import annotations

from .dashboards import (
    CombatRuler,
    DiveBombing,
    FighterGuns,
    ManeuverReach,
    MaxEnergyOrder,
    TurningLength,
    TurningOrder,
)
from .templates import TemplateGeometry, TemplateOrder
from .theaters import (
    CorrectionPath,
    EmptyComposition,
    MissionRollRule,
    PlaneName,
    PlanePoints,
    PlaneRole,
    RowCutOff,
    TableSide,
    TimelineDates,
    TimelineSequence,
    TimelineTables,
    UnknownPlane,
)
from .solo import AiOrder, TimeFreezeSteps
from .scenario import MissionRequirements, OffMat, ScenarioSides, StartState, TargetSetup, UnitIds

RULES = (
    TurningOrder(),
    TurningLength(),
    MaxEnergyOrder(),
    FighterGuns(),
    CombatRuler(),
    ManeuverReach(),
    DiveBombing(),
    TemplateGeometry(),
    TemplateOrder(),
    RowCutOff(),
    UnknownPlane(),
    PlaneName(),
    PlanePoints(),
    PlaneRole(),
    EmptyComposition(),
    TableSide(),
    TimelineTables(),
    TimelineDates(),
    TimelineSequence(),
    MissionRollRule(),
    CorrectionPath(),
    TimeFreezeSteps(),
    AiOrder(),
    UnitIds(),
    OffMat(),
    StartState(),
    ScenarioSides(),
    MissionRequirements(),
    TargetSetup(),
)
