"""The shooting table: range in hexes to the d6 roll each gun die needs to hit."""

from __future__ import annotations

from typing import Literal

from engine.content.dice import Die, Roll, RollSpan, parse_roll
from engine.content.model import Model, Provenance, Record, field, kind_literal


class HitRow(Model):
    """One range of the shooting table and the d6 roll a gun die needs to hit there, e.g. range 1: 3 - 6 (rulebook:
    Resolve Shooting)."""

    range: int = field("Range to the target.", unit="hexes", ge=1, le=12)
    hit: Roll


class WeaponRanges(Model):
    """How far each kind of gun reaches; beyond these the table is not read."""

    front: int = field("Range of a fighter's forward guns.", unit="hexes", ge=1, le=12)
    tail: int = field("Range of a fighter's tail gun.", unit="hexes", ge=1, le=12)
    turret: int = field("Range of every bomber turret.", unit="hexes", ge=1, le=12)


class HexsideLines(Provenance):
    """A line of fire that runs along the side between two hexes (a turret shooting two hexes
    out between two of its hexsides): which planes on that side block it."""

    blocked_by: Literal["either", "both"] = field(
        "'either': a plane in either of the two hexes beside the line blocks it; 'both': only "
        "planes in both hexes do."
    )


class ShootingTable(Record):
    """Shooting table (rulebook: Resolve Shooting).

    The Gun rating is the number of dice rolled; each die that shows one of the
    row's `hit` rolls scores a hit. A plane shoots along a straight line of
    hexes (a fighter ahead, a tail gun behind) or, for a bomber turret, into
    its arc; planes in between block the shot.
    """

    kind: kind_literal("hm.shooting_table")
    die: Die = field("Die each gun die is, as printed.", "d6")
    rows: list[HitRow] = field("One row per range, nearest first.", min_length=1)
    ranges: WeaponRanges = field("Reach of forward guns, tail guns and bomber turrets.")
    planes_block: bool = field(
        "True: any plane between shooter and target blocks the shot ('you can't shoot "
        "through friendly planes')."
    )
    hexside_lines: HexsideLines = field(
        "How planes block a line of fire that runs along a hexside (the rulebook is silent)."
    )

    def hit_spans(self) -> dict[int, RollSpan]:
        """Range -> the rolls that hit there (a range's first row), in one pass over the rows, for
        the set-up of every game."""
        spans: dict[int, RollSpan] = {}
        for row in self.rows:
            if row.range not in spans:
                spans[row.range] = parse_roll(row.hit, self.die)
        return spans

    def hit_span(self, range_hexes: int) -> RollSpan | None:
        """Rolls that hit at this range, or None when the range is not on the table."""
        return self.hit_spans().get(range_hexes)
