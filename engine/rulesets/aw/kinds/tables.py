"""The two combat results tables, rolled once per die (18.1, 19.0, 20.1).

Each die rolled is looked up on its own; the columns are fixed by the printed
tables so the engine reads a cell by name. A dash in the print is 'none'.
A column the system allows but not every scenario prints (the Bombing CRT's
Ground Unit column) is optional: a table has it in every row or in none.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from engine.content.dice import DiceTable, Roll
from engine.content.model import Model, Record, field, kind_literal

AirResult = Literal["none", "abort", "kill"]
BombResult = Literal["none", "abort", "kill", "bombed"]

AIR_HELP = (
    "'none' (printed as a dash); 'abort': one enemy air unit to the Abort Box (18.2); "
    "'kill': one enemy air unit to the Damage Box (18.2)."
)
UnitBombResult = Literal["none", "bombed"]

BOMB_HELP = (
    "'none' (printed as a dash); 'bombed': the target is destroyed and its VP recorded "
    "(20.2); 'abort' / 'kill': one based air unit aborted or destroyed (30.8)."
)


class LegendEntry(Model):
    """A result explained as printed under the tables."""

    result: str = field("Result word as printed, e.g. 'Abort'.", min_length=1)
    text: str = field("Its explanation as printed.", min_length=1)


# Order of severity, mildest first: a higher roll never gives a milder result.
SEVERITY = {"none": 0, "abort": 1, "bombed": 2, "kill": 2}


class AirRow(Model):
    """One row of the Air Combat CRT: the results on each firing column for the rolls."""

    roll: Roll
    fighters: AirResult = field("Fighters Firing column: " + AIR_HELP)
    bombers: AirResult = field("Bombers Firing Defensively column: " + AIR_HELP)
    aa: AirResult = field(
        "AA Firing on Aircraft column (the AA CRT of 19.0 per the scenario errata): " + AIR_HELP
    )


class Crt(DiceTable):
    """What both CRTs share: fixed columns, and optional ones a scenario may print."""

    COLUMNS: ClassVar[tuple[str, ...]] = ()
    OPTIONAL: ClassVar[tuple[str, ...]] = ()

    def columns(self) -> tuple[str, ...]:
        """The columns this table prints: the fixed ones, then each optional one that any
        row fills (a row that leaves it empty is the lint rule aw.crt_optional_column's)."""
        extra = tuple(c for c in self.OPTIONAL if any(getattr(r, c) is not None for r in self.rows))
        return self.COLUMNS + extra


class AirSuperiorityCrt(Record, Crt):
    """Air Superiority Combat Results Table, with the AA column (18.0, 19.0, 25.0 errata)."""

    kind: kind_literal("aw.air_crt")
    rows: list[AirRow] = field("Rows as printed, lowest roll first.", min_length=1)
    legend: list[LegendEntry] = field("Result explanations as printed.", default_factory=list)

    COLUMNS: ClassVar[tuple[str, ...]] = ("fighters", "bombers", "aa")


class BombingRow(Model):
    """One row of the Bombing CRT: the results against each target class for the rolls."""

    roll: Roll
    logistic_centre: BombResult = field("Logistic Center column: " + BOMB_HELP)
    port: BombResult = field("Port column: " + BOMB_HELP)
    ground_battle: BombResult = field("Ground Battle column: " + BOMB_HELP)
    based_air_unit: BombResult = field("Based Air Unit column: " + BOMB_HELP)
    ground_unit: UnitBombResult | None = field(
        "Ground Unit column, for a scenario whose Bombing CRT prints one (20.0): the result "
        "of a die against one enemy ground unit designated as the target (20.1). 'none' "
        "(printed as a dash) or 'bombed': the unit goes to the Damage Box (20.2). Empty in "
        "every row when the table has no such column (Red Eagles has none).",
        None,
    )


class BombingCrt(Record, Crt):
    """Bombing Combat Results Table, one column per target class (20.0)."""

    kind: kind_literal("aw.bombing_crt")
    rows: list[BombingRow] = field("Rows as printed, lowest roll first.", min_length=1)
    legend: list[LegendEntry] = field("Result explanations as printed.", default_factory=list)

    COLUMNS: ClassVar[tuple[str, ...]] = (
        "logistic_centre",
        "port",
        "ground_battle",
        "based_air_unit",
    )
    OPTIONAL: ClassVar[tuple[str, ...]] = ("ground_unit",)
