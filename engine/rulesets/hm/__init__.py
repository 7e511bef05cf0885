"""Hex-mat miniatures air rules: 1/144 planes on a hex mat, activated by playing cards."""

from engine.core.contract import Ruleset
from engine.drawing.sheets import as_printed

from .draw.layout import BOARD_PREVIEWS, LAYOUT
from .draw.preview import PREVIEWS
from .kinds.board import Board
from .kinds.conversion import Conversion
from .kinds.planes import Bomber, Fighter
from .kinds.rules import CoreRules
from .kinds.scenario import Scenario
from .kinds.tables import ShootingTable
from .kinds.turrets import Turret
from .lint import RULES
from .play.engine import MinisEngine

RULESET = Ruleset(
    id="hm",
    name="Hex-mat miniatures",
    description="Fighters and bombers on a hex mat: card-deck activation, d6 shooting by range, "
    "engine hits on heavy bombers, bombing runs on target hexes.",
    kinds=(Fighter, Bomber, Turret, ShootingTable, CoreRules, Conversion, Board, Scenario),
    lint_rules=RULES,
    rulebook="004_1f5890c24a4701e7.txt",
    scenario_kind="hm.scenario",
    previews={**PREVIEWS, **BOARD_PREVIEWS},
    # The planes are models on the mat; what the table needs on paper is each type's card and the
    # shooting table.
    components={kind: as_printed(PREVIEWS[kind]) for kind in ("hm.fighter", "hm.bomber", "hm.shooting_table")},
    layout=LAYOUT,
    engine=MinisEngine(),
)
