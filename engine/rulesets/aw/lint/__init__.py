"""Air Wars checks beyond the schema: mistakes an author of this system actually makes.

One class per rule, each with a stable `code`, in modules by topic. Rules about
a card, a roster line or a map that need the scenario's view (its map, its
sides) find the scenarios that use the record and report on the record itself.
"""

from __future__ import annotations

from .cards import (
    CardDisposition,
    CardNumbers,
    CardPlaces,
    NotInPlay,
    RosterGroundBattle,
    RosterOrder,
    RosterTargets,
    UnitPicks,
)
from .counters import GroundUnitFields, UnitDesignations, UnitFaceValues, UnitGroup, UnitTypeMode
from .map import FrontLine, MapGrid, MapPlaces, MapTerritory, RadarLine
from .scenario import (
    CommandLevelBounds,
    ListedTwice,
    ScenarioOptions,
    ScenarioSides,
    SideRefs,
    TurnNumbers,
    UnitClasses,
    VictoryBands,
)
from .deployment import (
    CardReinforcements,
    Countermix,
    DeploymentCapacity,
    ScenarioPlaces,
    WildCardPlay,
)
from .special_rules import AirbaseRules, SpecialRuleIds, SpecialRuleNumbering
from .tables import CrtOptionalColumn, CrtOrder, MayBombColumn

RULES = (
    UnitTypeMode(),
    UnitFaceValues(),
    UnitDesignations(),
    UnitGroup(),
    GroundUnitFields(),
    MapGrid(),
    MapTerritory(),
    MapPlaces(),
    FrontLine(),
    RadarLine(),
    CrtOrder(),
    CrtOptionalColumn(),
    MayBombColumn(),
    CardDisposition(),
    CardNumbers(),
    CardPlaces(),
    UnitPicks(),
    RosterGroundBattle(),
    RosterTargets(),
    RosterOrder(),
    NotInPlay(),
    ScenarioSides(),
    CommandLevelBounds(),
    VictoryBands(),
    SideRefs(),
    ListedTwice(),
    TurnNumbers(),
    Countermix(),
    DeploymentCapacity(),
    ScenarioPlaces(),
    UnitClasses(),
    CardReinforcements(),
    WildCardPlay(),
    ScenarioOptions(),
    SpecialRuleNumbering(),
    SpecialRuleIds(),
    AirbaseRules(),
)
