"""Pocket Air War lint rules on the solo tables: Time Freeze steps and the AI table."""

from __future__ import annotations

from engine.content.ruleset import LintContext, LintRule


# --------------------------------------------------------------------------- solo tables


class TimeFreezeSteps(LintRule):
    code = "paw.time_freeze_steps"
    kinds = ("paw.time_freeze_table",)
    summary = "A plane with E Energy moves exactly E steps, numbered in order."

    def check(self, record, ctx: LintContext) -> None:
        if len(record.impulses) != 10:
            ctx.emit_warning(("impulses",), "the table has 10 impulses, a to j")
        for i, row in enumerate(record.rows):
            steps = [s for s in row.steps if s is not None]
            if steps != list(range(1, row.energy + 1)):
                ctx.emit_error(("rows", i, "steps"), f"a plane starting with {row.energy} "
                               f"Energy must fly steps 1 to {row.energy} in order; row has "
                               f"{steps}")


class AiOrder(LintRule):
    code = "paw.ai_order"
    kinds = ("paw.ai_table",)
    summary = "Columns list their maneuvers in the band's row order."

    def check(self, record, ctx: LintContext) -> None:
        for b, band in enumerate(record.bands):
            for c, column in enumerate(band.columns):
                last = -1
                for r, row in enumerate(column.rows):
                    path = ("bands", b, "columns", c, "rows", r, "maneuver")
                    if row.maneuver not in band.order:
                        ctx.emit_error(path, f"'{row.maneuver}' is not a row of this band")
                        continue
                    here = band.order.index(row.maneuver)
                    if here <= last:
                        ctx.emit_warning(path, f"'{row.maneuver}' is out of the band's row "
                                         "order; 'rows down' would skip or repeat maneuvers")
                    last = here
