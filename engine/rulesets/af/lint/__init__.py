"""Air Force lint rules: authoring mistakes the schema cannot see.

One class per rule; `code` is what a suppression names. Most rules check an
order the rules depend on (altitude bands, speed increments, range columns),
that references inside a scenario point at what exists (sides, groups, tables,
hexes on the board), and that numbers agree across records (a V-1 table speed
the V-1's card cannot fly, anti-aircraft guns rated outside their type).
"""

from __future__ import annotations

from engine.content.ruleset import LintRule

from .local_ids import DuplicateLocalId
from .cards import (
    AltitudeSteps,
    AmmoTypes,
    BandOrder,
    BandWidth,
    ClimbOrder,
    ClockDiagramCells,
    EngineCount,
    GunRange,
    LoadModifierConflict,
    RequirementOrder,
    SpeedOrder,
)
from .tables import BombingCardRolls, DieResults, HitColumns, HitModifiers, RangeMonotonic, RangeShape
from .rulebook import BankOrder, HeightClasses, ManeuverCodes, PhaseIds
from .ground import GroundUnitShape
from .board import BoardLayout
from .scenario import (
    AntiAircraftGuns,
    MatchupNationality,
    ScenarioGroups,
    ScenarioHexes,
    ScenarioSides,
    ScenarioTables,
    StartArea,
    StartCount,
    StartFacing,
    StartSeparation,
    StartSpeed,
    ValueSpecShape,
    VariantBase,
    WinParameters,
)

RULES: tuple[LintRule, ...] = (
    DuplicateLocalId(),
    BandOrder(),
    BandWidth(),
    SpeedOrder(),
    RequirementOrder(),
    ClimbOrder(),
    AltitudeSteps(),
    LoadModifierConflict(),
    AmmoTypes(),
    ClockDiagramCells(),
    EngineCount(),
    GunRange(),
    HitColumns(),
    HitModifiers(),
    RangeShape(),
    RangeMonotonic(),
    DieResults(),
    BombingCardRolls(),
    HeightClasses(),
    BankOrder(),
    ManeuverCodes(),
    PhaseIds(),
    GroundUnitShape(),
    BoardLayout(),
    ScenarioHexes(),
    StartArea(),
    StartCount(),
    StartFacing(),
    StartSeparation(),
    ScenarioSides(),
    ScenarioGroups(),
    ScenarioTables(),
    ValueSpecShape(),
    MatchupNationality(),
    StartSpeed(),
    VariantBase(),
    AntiAircraftGuns(),
    WinParameters(),
)
