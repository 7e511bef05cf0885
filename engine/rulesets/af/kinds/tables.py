"""Combat tables: Hit Table, range attenuation, die-rolled procedures and bombing cards.

The rulebook says the tables are "at the end of the booklet" and the text does
not reproduce them, so most values in the bundled pack are samples; what the
prose does print (the in-line engine rolls, aircraft identification, the
deflection example, every modifier) is transcribed. Each table carries the
modifiers that apply to it, because the rulebook prints them with the table.
"""

from __future__ import annotations

import re
from typing import Iterator, Literal

from engine.content.dice import DiceTable, Die, Roll, die_range
from engine.content.model import Model, Provenance, Record, field, kind_literal

from .vocabulary import HitType, LocalId, Modifier, Nationality

HITS_PATTERN = r"^[WFCELG]*$"


# --------------------------------------------------------------------------- Hit Table


class HitRow(Model):
    """One die roll on a Hit Table column and the hits it scores, one letter per hit (rulebook IX, Firing Procedure)."""

    roll: Roll
    hits: str = field(
        "Hits scored, one letter per hit (W F C E L G); empty for no effect.",
        "",
        pattern=HITS_PATTERN,
    )


class HitColumn(DiceTable):
    """One column of the Hit Table, rolled on with one die."""

    die: Die = field("Die rolled on the column.", "d6")
    column: int = field("Column number: armament effectiveness plus modifiers.", ge=1, le=60)
    rows: list[HitRow] = field("Result per die roll.", min_length=1)


class ConcentratedRow(Model):
    """One die roll on the Concentrated Fire ('C') column and the hit type it gives (rulebook XIX, Concentrated
    Fire)."""

    roll: Roll
    hit: HitType


class ConcentratedColumn(DiceTable):
    """The 'C' column: the type every hit of concentrated fire takes (rulebook XIX)."""

    die: Die = field("Die rolled on the column.", "d6")
    rows: list[ConcentratedRow] = field("Hit type per die roll.", min_length=1)


class DeflectionRow(Provenance):
    """The Hit Table modifier for one clock difference between firer and target (rulebook XIV, Deflection Modifiers)."""

    minutes: Literal[0, 10, 20, 30] = field(
        "Clock difference between the two planes' positions, in minutes of the clock face."
    )
    modifier: int = field("Added to the Hit Table column.", ge=-10, le=10)


class HitTable(Record):
    """Hit Table (No. 1). Column = effectiveness + modifiers; 0 or less has no effect."""

    kind: kind_literal("af.hit_table")
    columns: list[HitColumn] = field(
        "Columns 1 upwards; a column beyond the last reads the last.", min_length=1
    )
    concentrated: ConcentratedColumn | None = field("Concentrated fire column, for aces.", None)
    modifiers: list[Modifier] = field("Modifiers to the column (basic and optional).", default_factory=list)
    deflection: list[DeflectionRow] = field(
        "Deflection modifiers by clock difference (optional rule, XIV).", default_factory=list
    )

    def column(self, number: int) -> HitColumn | None:
        """The column for a final column number: None at 0 or less, the last above the top."""
        if number <= 0:
            return None
        by_number = {c.column: c for c in self.columns}
        return by_number.get(number) or max(self.columns, key=lambda c: c.column)

    def deflection_modifier(self, minutes: int) -> int | None:
        return next((row.modifier for row in self.deflection if row.minutes == minutes), None)


# --------------------------------------------------------------------------- Range attenuation


class RangeBand(Model):
    """The hexes of range one column of the Range Attenuation Table (No. 2) covers (rulebook IX, Firing Procedure)."""

    from_hexes: int = field("Nearest range of the column.", unit="hexes", ge=1, le=200)
    to_hexes: int = field("Farthest range of the column.", unit="hexes", ge=1, le=200)


class RangeRow(Model):
    """One firepower line of the Range Attenuation Table (No. 2): armament effectiveness at each range (rulebook
    IX, Firing Procedure)."""

    firepower: int = field("Total Gun Factors firing.", unit="gun factors", ge=1, le=200)
    effectiveness: list[int] = field(
        "Armament effectiveness per range column, in column order.", min_length=1
    )


class RangeTable(Record):
    """Range Attenuation Table: total firepower against range gives armament effectiveness."""

    kind: kind_literal("af.range_table")
    weapon: Literal["aircraft_guns", "light_aa", "heavy_aa"] = field(
        "What fires on this table: planes' guns, or light or heavy anti-aircraft."
    )
    ranges: list[RangeBand] = field(
        "Range columns, nearest first; the weapon cannot fire nearer than the first or beyond the last.", min_length=1
    )
    rows: list[RangeRow] = field(
        "One row per firepower, smallest first; firepower above the last row reads the last.",
        min_length=1,
    )

    @property
    def max_range(self) -> int:
        return self.ranges[-1].to_hexes

    def effectiveness(self, firepower: int, hexes: int) -> int | None:
        """Armament effectiveness, or None when `hexes` is out of every column."""
        col = next((i for i, b in enumerate(self.ranges) if b.from_hexes <= hexes <= b.to_hexes), None)
        if col is None or firepower <= 0:
            return None
        fitting = [r for r in self.rows if r.firepower <= firepower]
        row = fitting[-1] if fitting else None
        return row.effectiveness[col] if row and col < len(row.effectiveness) else None


# --------------------------------------------------------------------------- die tables


Procedure = Literal[
    "spotting",
    "inline_engine",
    "aircraft_identification",
    "balloon_collision",
    "engine_start",
    "high_altitude_bombing",
    "rocket_fire",
    "parachute",
    "pilot_characteristics",
]

# What a cell of each procedure's table may say; the engine switches on these words.
RESULT_WORDS: dict[str, frozenset[str]] = {
    "spotting": frozenset({"spotted", "not_spotted"}),
    "inline_engine": frozenset({"runs", "stops", "destroyed"}),
    "aircraft_identification": frozenset({"foe", "friend"}),
    "balloon_collision": frozenset({"miss", "struck"}),
    "engine_start": frozenset({"starts", "fails"}),
    "parachute": frozenset({"bail_out", "fail"}),
}
COUNT_RESULTS = {"high_altitude_bombing": "damage points", "rocket_fire": "hits"}
PILOT_CODE = re.compile(r"^(-|(V|R|TT|T|E)+)$")


def result_problem(procedure: str, value: str | int) -> str | None:
    """Why `value` cannot be a result of `procedure`, or None when it can."""
    if procedure in COUNT_RESULTS:
        if isinstance(value, int) and value >= 0:
            return None
        return f"expected a whole number of {COUNT_RESULTS[procedure]}, got {value!r}"
    if procedure == "pilot_characteristics":
        if isinstance(value, str) and PILOT_CODE.match(value):
            return None
        return f"expected pilot characteristic letters (V, R, T, TT, E) or '-', got {value!r}"
    words = RESULT_WORDS[procedure]
    if value in words:
        return None
    return f"expected one of {', '.join(sorted(words))}, got {value!r}"


class DieColumn(Model):
    """A result column; the optional conditions say when it is the one to read."""

    key: LocalId
    label: str = field("Column heading.", min_length=1)
    nationality: Nationality | None = field("Read for pilots of this nationality.", None)
    from_year: int | None = field("Read from this year of the war.", None, ge=1936, le=1946)
    to_year: int | None = field("Read up to this year of the war.", None, ge=1936, le=1946)
    min_altitude_ft: int | None = field("Read at or above this altitude.", None, unit="ft", ge=0, le=60_000)


class ResultRow(Model):
    """One die roll of one of the rulebook's die tables (Spotting, Parachute Jump, Rocket Fire ...) or a
    scenario's, with its result in each column."""

    roll: Roll
    results: list[str | int] = field("One result per column, in column order.", min_length=1)


class ResultTable(DiceTable):
    """A dice table whose rows hold one result per named column.

    Subclasses declare `columns` (each with a `key`) and then `rows: list[ResultRow]`.
    """

    def cell(self, roll: int, column: str | None = None) -> str | int | None:
        """The result of `roll` in `column` (the first column when not named)."""
        row = self.lookup(roll)
        keys = [c.key for c in getattr(self, "columns")]
        index = 0 if column is None else keys.index(column)
        return row.results[index] if row is not None and index < len(row.results) else None

    def ragged_rows(self) -> Iterator[tuple[int, str]]:
        """(row index, message) for rows without exactly one result per column."""
        width = len(getattr(self, "columns"))
        for i, row in enumerate(self.rows):
            if len(row.results) != width:
                yield i, f"{len(row.results)} result(s) for {width} column(s)"


class DieTable(Record, ResultTable):
    """A die-rolled procedure: spotting, in-line engine, identification, bombing, rockets ..."""

    kind: kind_literal("af.die_table")
    die: Die = field("Die expression rolled on this table.", "d6")
    procedure: Procedure = field("The rules procedure this table resolves; fixes what results mean.")
    clamp: bool = field(
        "Modified rolls beyond the die's range read the nearest end row (tables rolled with "
        "modifiers).",
        False,
    )
    columns: list[DieColumn] = field("Result columns.", min_length=1)
    rows: list[ResultRow] = field("Rows by roll.", min_length=1)
    modifiers: list[Modifier] = field("Modifiers to the roll.", default_factory=list)

    def result(self, roll: int, column: str | None = None) -> str | int | None:
        """The result of a (modified) roll in a column (the first when not named)."""
        if self.clamp:
            low, high = die_range(self.die)
            roll = max(low, min(high, roll))
        return self.cell(roll, column)


# --------------------------------------------------------------------------- bombing cards


class CardHex(Model):
    """One hex of a bombing card and the red-white rolls that land the bomb in it."""

    dq: int = field(
        "Axial column offset from the arrow hex (the plane), drawn with the plane facing the "
        "top of the card; the engine turns the card with the plane.",
        ge=-10,
        le=10,
    )
    dr: int = field("Axial row offset from the arrow hex, same frame.", ge=-10, le=10)
    results: list[str] = field(
        "Rolls printed in the hex, red die then white die, e.g. '36'.", min_length=1
    )


class BombingCard(Record):
    """A Glide and Dive Bombing Card for one altitude band (rulebook XVI)."""

    kind: kind_literal("af.bombing_card")
    method: Literal["glide", "dive"] = field("Glide bombing, or dive bombing (dive bombers only).")
    min_altitude_ft: int = field("Lowest altitude the card serves.", unit="ft", ge=0, le=60_000)
    max_altitude_ft: int = field("Highest altitude the card serves.", unit="ft", ge=0, le=60_000)
    hexes: list[CardHex] = field("Printed hexes; a roll printed nowhere is a miss.", min_length=1)
    modifiers: list[Modifier] = field("Modifiers to the red die.", default_factory=list)

    def target(self, red: int, white: int) -> tuple[int, int] | None:
        """Offset of the hex the bomb lands in, or None for a miss; red is clamped to 1-6."""
        code = f"{max(1, min(6, red))}{white}"
        for cell in self.hexes:
            if code in cell.results:
                return cell.dq, cell.dr
        return None

