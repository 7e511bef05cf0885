"""A tiny ruleset used to test the content machinery apart from any real game."""

from __future__ import annotations

from engine.content.dice import DiceTable, Roll
from engine.content.model import Model, Record, Ref, field, kind_literal
from engine.content.ruleset import LintRule, Ruleset


class Plane(Record):
    kind: kind_literal("toy.plane")
    speed: int = field("Top speed.", unit="hexes", ge=1, le=10)
    turns: list[str] = field("Turn letters, one per speed.", default_factory=list)


class Row(Model):
    roll: Roll
    plane: Ref("toy.plane") | None = field("Plane on this roll; empty when cut off.", None)


class Table(Record, DiceTable):
    kind: kind_literal("toy.table")
    rows: list[Row] = field("Rows of the table.", default_factory=list)


class TurnsOrdered(LintRule):
    code = "toy.turns_order"
    kinds = ("toy.plane",)

    def check(self, record: Plane, ctx) -> None:
        if record.turns != sorted(record.turns):
            ctx.emit_warning(("turns",), "turn letters are not in order")


class RowWithoutPlane(LintRule):
    code = "toy.row_no_plane"
    kinds = ("toy.table",)

    def check(self, record: Table, ctx) -> None:
        for i, row in enumerate(record.rows):
            if row.plane is None:
                ctx.emit_warning(("rows", i), "row has no plane")


RULESET = Ruleset(
    id="toy",
    name="Toy",
    description="test ruleset",
    kinds=(Plane, Table),
    lint_rules=(TurnsOrdered(), RowWithoutPlane()),
)
