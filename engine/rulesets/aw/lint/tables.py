"""Air Wars lint rules on the combat results tables and the columns a scenario reads."""

from __future__ import annotations

from engine.content.dice import parse_roll
from engine.content.ruleset import LintContext, LintRule

from ..kinds.scenario import Scenario
from ..kinds.tables import SEVERITY, Crt
from .helpers import SCENARIO

BOMB = "aw.bombing_crt"


class CrtOrder(LintRule):
    code = "aw.crt_order"
    kinds = ("aw.air_crt", BOMB)
    summary = "Within a CRT column, a higher roll never gives a milder result."

    def check(self, table: Crt, ctx: LintContext) -> None:
        ordered = []
        for i, row in enumerate(table.rows):
            try:
                ordered.append((parse_roll(row.roll, table.die).low, i, row))
            except ValueError:
                continue
        ordered.sort()
        for column in table.columns():
            worst, worst_result = -1, None
            for low, i, row in ordered:
                result = getattr(row, column)
                if result is None:  # an optional column left empty: aw.crt_optional_column
                    continue
                if SEVERITY[result] < worst:
                    ctx.emit_warning(
                        ("rows", i, column),
                        f"roll {row.roll} gives '{result}' in column {column}, milder than "
                        f"'{worst_result}' on a lower roll",
                    )
                if SEVERITY[result] >= worst:
                    worst, worst_result = SEVERITY[result], result


class CrtOptionalColumn(LintRule):
    code = "aw.crt_optional_column"
    kinds = ("aw.air_crt", BOMB)
    summary = (
        "An optional CRT column (the Bombing CRT's ground_unit, 20.0) is printed in every row "
        "or in none, so every roll of the die has a result on it."
    )

    def check(self, table: Crt, ctx: LintContext) -> None:
        for column in table.columns():
            if column not in table.OPTIONAL:
                continue
            for i, row in enumerate(table.rows):
                if getattr(row, column) is None:
                    ctx.emit_error(
                        ("rows", i, column),
                        f"row {i + 1} (roll {row.roll}) has no {column} result, but other rows "
                        f"print the {column} column: give every row a result ('none' for a "
                        f"dash) or remove the column from every row",
                    )


class MayBombColumn(LintRule):
    code = "aw.may_bomb_column"
    kinds = (SCENARIO,)
    summary = (
        "Every target class a side may bomb has its column on the scenario's Bombing CRT "
        "(20.0: the Bombing CRT for the scenario says which targets are eligible)."
    )

    def check(self, s: Scenario, ctx: LintContext) -> None:
        table = ctx.get(BOMB, s.bombing_crt)
        if table is None:
            return  # an unknown id is the reference check's to report
        printed = table.columns()
        for i, setup in enumerate(s.sides):
            for j, kind in enumerate(setup.may_bomb):
                if kind not in printed:
                    ctx.emit_error(
                        ("sides", i, "may_bomb", j),
                        f"'{setup.side}' may bomb '{kind}' targets, but Bombing CRT "
                        f"'{table.id}' has no {kind} column to read their results on (20.0): "
                        f"add the column to every row of the table or remove '{kind}' here",
                    )
