"""Hex-mat miniatures air rules: 1/144 planes on a hex mat, activated by playing cards."""

from engine.core.contract import Ruleset
from engine.drawing.sheets import as_printed

from .board import Board
from .conversion import Conversion
from .layout import BOARD_PREVIEWS, LAYOUT
from .lint import RULES
from .planes import Bomber, Fighter
from .preview import PREVIEWS
from .rules import CoreRules
from .rules_engine import MinisEngine
from .scenario import Scenario
from .tables import ShootingTable
from .turrets import Turret

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
