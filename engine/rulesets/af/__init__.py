"""Avalon Hill's Air Force: written simultaneous hex movement with altitude-banded data cards."""

from __future__ import annotations

from engine.core.contract import Ruleset
from engine.drawing.sheets import as_printed

from .draw.counters import plane_counters, surface_counters
from .draw.layout import BOARD_PREVIEWS, LAYOUT
from .draw.preview import PREVIEWS
from .kinds.board import Board
from .kinds.crew import CrewQuality, PilotTrait
from .kinds.ground import GroundUnit
from .kinds.planes import DataCard
from .kinds.rules import Maneuver, OptionalRule, Rules
from .kinds.scenario import Scenario
from .kinds.tables import BombingCard, DieTable, HitTable, RangeTable
from .lint import RULES
from .play.engine import AfEngine

RULESET = Ruleset(
    id="af",
    name="Air Force",
    description="Avalon Hill's Air Force: airplane data cards with altitude-banded maneuver "
    "screens, written simultaneous movement on a six-section hex board, hit and range "
    "attenuation tables, many optional rules and six scenarios.",
    kinds=(
        Rules,
        Maneuver,
        OptionalRule,
        DataCard,
        HitTable,
        RangeTable,
        DieTable,
        BombingCard,
        GroundUnit,
        CrewQuality,
        PilotTrait,
        Board,
        Scenario,
    ),
    lint_rules=RULES,
    rulebook="002_a8c1bec5b3f23e2c.txt",
    scenario_kind="af.scenario",
    previews={**PREVIEWS, **BOARD_PREVIEWS},
    components={"af.data_card": as_printed(PREVIEWS["af.data_card"]), "af.data_card:counters": plane_counters,
                "af.ground_unit": surface_counters},
    engine=AfEngine(),
    layout=LAYOUT,
)
