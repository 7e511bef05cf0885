"""Checks beyond the schema: the authoring mistakes the hex-mat rules make easy.

One class per rule; `code` is stable because suppressions name it.
"""

from __future__ import annotations

from .planes import (
    BombRating,
    ConversionCheck,
    HeavyEngines,
    ManeuverCost,
    StatMissing,
    TailGunner,
    TurretColumns,
)
from .tables import ShootingOrder
from .core_rules import EngineHitRolls, FormationBounds, SequenceNumbers
from .board import BoardTargets
from .scenario import (
    BoardSmall,
    BomberStart,
    Deck,
    DeployDistance,
    ForceRatioCheck,
    FormationSize,
    HexShared,
    LocalIds,
    OffBoard,
    OutsideZone,
    RoundsShort,
    SquadronRole,
    VictoryRef,
    WrongSide,
)

RULES = (
    StatMissing(),
    TailGunner(),
    ManeuverCost(),
    HeavyEngines(),
    BombRating(),
    TurretColumns(),
    ConversionCheck(),
    ShootingOrder(),
    SequenceNumbers(),
    EngineHitRolls(),
    FormationBounds(),
    BoardTargets(),
    LocalIds(),
    OffBoard(),
    HexShared(),
    DeployDistance(),
    OutsideZone(),
    SquadronRole(),
    WrongSide(),
    FormationSize(),
    Deck(),
    ForceRatioCheck(),
    BomberStart(),
    RoundsShort(),
    VictoryRef(),
    BoardSmall(),
)
