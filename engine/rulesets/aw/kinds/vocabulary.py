"""Vocabulary every Air Wars content kind shares: unit types, target classes, squares.

Kept in one place so that a counter, a card effect and a scenario spell a unit
type or a target class the same way, and the engine can switch on one set of
literals.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from engine.content.model import Model, Ref, field

SQUARE_PATTERN = r"^[A-Z][1-9][0-9]?$"

Square = Annotated[
    str,
    StringConstraints(pattern=SQUARE_PATTERN),
    Field(
        description="A grid square: column letter (A = westmost) and row number "
        "(1 = northmost), e.g. 'C8'.",
        examples=["C8", "K3"],
    ),
]

UnitType = Literal["B", "F", "FB", "D", "GA"]
UNIT_TYPE_HELP = (
    "Unit type printed as the identification (6.0, 26.1, 26.2): B bomber, F fighter, "
    "FB fighter-bomber, D decoy, GA ground attack."
)

Mode = Literal["fighter", "bomber", "decoy"]
MODE_HELP = (
    "How the unit flies on this face: 'fighter' fires on the Fighters column and may "
    "strafe; 'bomber' fires defensively on the Bombers column and may bomb; 'decoy' has "
    "no combat capability (22.1)."
)

TargetClass = Literal["logistic_centre", "port", "ground_battle", "based_air_unit", "ground_unit"]
TARGET_CLASS_HELP = (
    "Kind of bombing target, one per Bombing CRT column: 'logistic_centre', 'port', "
    "'ground_battle' (a battle square activated by a card), 'based_air_unit' "
    "(an air unit landed at an airbase; bombing an airbase attacks these, 30.8) or "
    "'ground_unit' (one enemy AA, HQ or airbase counter on the map, 20.1; only when the "
    "Bombing CRT prints a Ground Unit column)."
)

PlanningSegment = Literal["card_pick", "reinforcement", "redeploy"]
OperationsSegment = Literal["flying", "air_combat", "aa", "bomb"]
SEGMENT_HELP = (
    "Segment of the Sequence of Play (10.1): planning 'card_pick', 'reinforcement', "
    "'redeploy'; operations 'flying', 'air_combat', 'aa', 'bomb'."
)

Choice = Literal["select", "random"]
CHOICE_HELP = (
    "'select': the player deliberately chooses (2.0 'Select'); 'random': a blind draw "
    "(2.0 'Pick at Random')."
)


class UnitPick(Model):
    """Some counters taken from a pool: by unit type, by group, or both (intersection)."""

    count: int = field("Number of counters taken.", unit="counters", ge=1, le=40)
    units: list[Ref("aw.air_unit")] = field(
        "Unit types to take from; empty means any unit type of the group.",
        default_factory=list,
    )
    group: str | None = field(
        "Counter group to take from (a group id of the side, e.g. 'll' for Lend Lease); "
        "empty means any group.",
        None,
        pattern=r"^[a-z0-9][a-z0-9._-]*$",
    )
    choose: Choice = field(CHOICE_HELP, "select")


class UnitCount(Model):
    """A number of counters of one unit type."""

    unit: Ref("aw.air_unit", "aw.ground_unit") = field(
        "Id of the aw.air_unit or aw.ground_unit counter type."
    )
    count: int = field("Number of counters of this type.", unit="counters", ge=1, le=40)
