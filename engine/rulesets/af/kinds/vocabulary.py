"""Vocabulary every Air Force kind shares: hit letters, bank codes, hex codes, modifiers.

The rulebook writes everything in a handful of codes (W/F/C/E/L/G hits, L/RB/IR/I/IL/LB
banks, 'I-F1' hex codes, compass directions 1-6); they are typed once here so
that every kind spells them the same way and the schema can tell an author
what is allowed.
"""

from __future__ import annotations

import math
from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from engine.content.dice import Die
from engine.content.model import ID_PATTERN, Model, Provenance, Ref, field

Hits = Annotated[int, Field(ge=0, le=99)]  # an item of a list of hit counts (the record's W and F are 0-99)

HitType = Annotated[
    Literal["W", "F", "C", "E", "L", "G"],
    Field(
        description="Part of the plane a hit falls on: W wings, F fuselage, C cockpit, "
        "E engine, L fuel tank, G guns (rulebook II, Preparing the Log Sheet)."
    ),
]
HIT_ORDER = ("W", "F", "C", "E", "L", "G")

Bank = Annotated[
    Literal["L", "RB", "IR", "I", "IL", "LB"],
    Field(
        description="Bank attitude code: L level, RB right bank, IR inverted/right, "
        "I inverted, IL inverted/left, LB left bank (rulebook VII)."
    ),
]

ManeuverName = Literal["bank", "turn", "slip", "half_loop", "half_roll"]
MANEUVERS: tuple[str, ...] = ("bank", "turn", "slip", "half_loop", "half_roll")

Increment = Literal["stall", "maneuver", "level", "dive"]
INCREMENTS: tuple[str, ...] = ("stall", "maneuver", "level", "dive")

Nationality = Annotated[
    Literal["german", "british", "american", "neutral"],
    Field(description="Nationality, as the counter colours show (rulebook I, Counters)."),
]

Direction = Annotated[
    int,
    Field(
        ge=1,
        le=6,
        description="Compass direction 1-6 as printed on each board section; also names "
        "the board side a unit faces or enters by.",
    ),
]

HEX_CODE_PATTERN = r"^([IVX]+)-([A-Z]{1,2})([0-9]{1,3})$"
HexCode = Annotated[
    str,
    StringConstraints(pattern=HEX_CODE_PATTERN),
    Field(
        description="Hex code: board section (Roman numeral), a hyphen, then the hex's "
        "column letter and row number, e.g. 'I-F1'.",
        examples=["I-F1", "II-I1"],
    ),
]

LocalId = Annotated[
    str,
    StringConstraints(pattern=ID_PATTERN, max_length=80),
    Field(description="Identifier unique inside this record; the engine switches on it."),
]

Clamp = Literal["clamp", "none"]


class DiceFormula(Model):
    """A rolled quantity: the dice total times a multiplier plus an offset."""

    dice: Die = field("Dice rolled, e.g. '2d6'.")
    times: int = field("Multiplier applied to the dice total.", 1, ge=1, le=100_000)
    plus: int = field("Added after multiplying.", 0, ge=-100_000, le=100_000)
    unit: str | None = field("Unit of the result, e.g. 'ft' or 'hexes'.", None)

    def value(self, total: int) -> int:
        return total * self.times + self.plus


class Modifier(Provenance):
    """One named modifier to a die roll or a table column.

    The engine recognises the situation by `id`; the numbers live here so that a
    designer can change them without touching code.
    """

    id: LocalId
    value: int = field("Amount added to the roll or column (negative subtracts).", ge=-20, le=20)
    condition: str = field("When the modifier applies, as the rulebook words it.", min_length=1)
    threshold: int | None = field(
        "The number the condition compares against, e.g. a range of 10 hexes or a target "
        "speed of 8.",
        None,
        ge=0,
        le=100_000,
    )
    every: int | None = field(
        "When set, `value` applies once per `every` things counted (kills, rockets, hits).",
        None,
        ge=1,
        le=1000,
    )
    above: int = field(
        "Applies only when more than this many are counted (rockets: 'more than six').",
        0,
        ge=0,
        le=1000,
    )
    not_counted: int = field(
        "The first this many things are not counted ('each target from the second on': 1).",
        0,
        ge=0,
        le=1000,
    )
    rounding: Literal["down", "up"] = field(
        "How a partial `every` counts: 'down' ignores it (+1 per five kills), 'up' counts "
        "it in full (+1 for 7-12 rockets).",
        "down",
    )
    optional_rule: Ref("af.optional_rule") | None = field(
        "Optional rule that brings this modifier into play; empty for basic-game modifiers.",
        None,
    )

    def amount(self, count: int = 1) -> int:
        """The modifier for `count` things counted (ignored when `every` is unset)."""
        if self.every is None:
            return self.value
        if count <= self.above:
            return 0
        steps = max(0, count - self.not_counted) / self.every
        return self.value * (math.ceil(steps) if self.rounding == "up" else math.floor(steps))

# The letters the movement log writes for power, brake, climb and dive (§VI); a maneuver's own
# letters (af.maneuver) must differ from them.
POWER, BRAKE, CLIMB, DIVE = "P", "K", "C", "D"
LOG_LETTERS = {POWER: "power", BRAKE: "brake", CLIMB: "climb", DIVE: "dive"}
