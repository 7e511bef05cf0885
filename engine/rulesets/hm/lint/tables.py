"""Hex-mat lint rules on the shooting table."""

from __future__ import annotations

from engine.content.ruleset import LintContext, LintRule

from ..kinds.tables import ShootingTable
from .rolls import roll_on_die


# --------------------------------------------------------------------------- tables, rules, board


class ShootingOrder(LintRule):
    code = "hm.shooting_order"
    kinds = ("hm.shooting_table",)
    summary = "Ranges 1, 2, 3 ... in order; farther never easier to hit; weapon reach on the table."

    def check(self, record: ShootingTable, ctx: LintContext) -> None:
        previous = None
        for i, row in enumerate(record.rows):
            if row.range != i + 1:
                ctx.emit_error(("rows", i, "range"), f"range {row.range} where range {i + 1} is expected")
            span = roll_on_die(ctx, ("rows", i, "hit"), row.hit, record.die, "hit roll")
            if span is None:
                continue
            if previous is not None and span.low < previous.low:
                ctx.emit_warning(
                    ("rows", i, "hit"),
                    f"hits on {span.text()} at range {row.range}, easier than {previous.text()} nearer in",
                )
            previous = span
        for name in ("front", "tail", "turret"):
            reach = getattr(record.ranges, name)
            if reach > len(record.rows):
                ctx.emit_error(
                    ("ranges", name),
                    f"{name} guns reach {reach} hexes but the table stops at {len(record.rows)}",
                )
