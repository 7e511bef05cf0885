"""Air Force lint rule on ground units."""

from __future__ import annotations

from engine.content.ruleset import LintContext, LintRule

from ..kinds.ground import GroundUnit


# --------------------------------------------------------------------------- ground units


class GroundUnitShape(LintRule):
    code = "af.ground_unit"
    kinds = ("af.ground_unit",)
    summary = "Gun factor ranges rise; anti-aircraft fires on a range table; lines have sane lengths."

    def check(self, unit: GroundUnit, ctx: LintContext) -> None:
        for low, high in (("gun_factors_min", "gun_factors_max"), ("length_min", "length_max")):
            a, b = getattr(unit, low), getattr(unit, high)
            if a is not None and b is not None and b < a:
                ctx.emit_error((high,), f"{high} {b} is below {low} {a}")
        if unit.category == "anti_aircraft" and unit.range_table is None:
            ctx.emit_error(("range_table",), "anti-aircraft needs the range table its guns fire on")
