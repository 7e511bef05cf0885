"""Air Wars lint rule on the combat results tables."""

from __future__ import annotations

from engine.content.dice import parse_roll
from engine.content.ruleset import LintContext, LintRule

from ..tables import SEVERITY


class CrtOrder(LintRule):
    code = "aw.crt_order"
    kinds = ("aw.air_crt", "aw.bombing_crt")
    summary = "Within a CRT column, a higher roll never gives a milder result."

    def check(self, table, ctx: LintContext) -> None:
        ordered = []
        for i, row in enumerate(table.rows):
            try:
                ordered.append((parse_roll(row.roll, table.die).low, i, row))
            except ValueError:
                continue
        ordered.sort()
        for column in type(table).COLUMNS:
            worst, worst_result = -1, None
            for low, i, row in ordered:
                result = getattr(row, column)
                if SEVERITY[result] < worst:
                    ctx.emit_warning(
                        ("rows", i, column),
                        f"roll {row.roll} gives '{result}' in column {column}, milder than "
                        f"'{worst_result}' on a lower roll",
                    )
                if SEVERITY[result] >= worst:
                    worst, worst_result = SEVERITY[result], result
