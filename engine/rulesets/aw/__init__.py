"""Air Wars (Decision Games): the operational square-grid air campaign system.

Content kinds: sides, air and ground unit counters, the map, the two combat
results tables, the Target Roster, campaign cards and scenarios. The bundled
pack `red-eagles` holds the Red Eagles scenario (Kuban 1943).
"""

from __future__ import annotations

from engine.core.contract import Ruleset

from .draw.layout import BOARD_PREVIEWS, LAYOUT
from .draw.preview import COMPONENTS, PREVIEWS
from .kinds.board import Map
from .kinds.cards import CampaignCard
from .kinds.scenario import Scenario
from .kinds.sides import Side
from .kinds.tables import AirSuperiorityCrt, BombingCrt
from .kinds.targets import TargetRosterEntry
from .kinds.units import AirUnit, GroundUnit
from .lint import RULES
from .play.engine import AirWarsEngine

RULESET = Ruleset(
    id="aw",
    name="Air Wars",
    description="Decision Games' Air Wars system: air campaigns on a square grid with "
    "campaign cards, air superiority, AA and bombing CRTs, fog of war and radar.",
    kinds=(
        Side,
        AirUnit,
        GroundUnit,
        Map,
        AirSuperiorityCrt,
        BombingCrt,
        TargetRosterEntry,
        CampaignCard,
        Scenario,
    ),
    lint_rules=RULES,
    rulebook="003_5fdbbd809f0fe70e.txt",
    scenario_kind="aw.scenario",
    previews={**PREVIEWS, **BOARD_PREVIEWS},
    components=COMPONENTS,
    layout=LAYOUT,
    engine=AirWarsEngine(),
)
