"""Hex-mat lint rules on fighters and bombers: stats, guns, engines, bombs, turrets, the conversion."""

from __future__ import annotations

from engine.content.ruleset import LintContext, LintRule

from ..kinds.conversion import compare
from ..kinds.planes import Bomber, Fighter, Plane
from .rolls import roll_on_die


PLANES = ("hm.fighter", "hm.bomber")


# --------------------------------------------------------------------------- planes


class StatMissing(LintRule):
    code = "hm.stat_missing"
    kinds = PLANES
    summary = "A rating the rules need is blank, as in rows the print cut short."

    def check(self, record: Plane, ctx: LintContext) -> None:
        missing = record.missing()
        if missing:
            ctx.emit_warning(
                ("name",),
                f"no value for {', '.join(missing)}: the plane cannot be flown until "
                "they are given",
            )


class TailGunner(LintRule):
    code = "hm.tail_gunner"
    kinds = ("hm.fighter",)
    summary = "A tail gun needs a rear gunner ('1+1' crew) and a rear gunner needs a tail gun."

    def check(self, record: Fighter, ctx: LintContext) -> None:
        if record.guns_tail and not record.gunners:
            ctx.emit_warning(("guns_tail",), "tail gun but no rear gunner; the crew should read '1+1'")
        if record.gunners and not record.guns_tail:
            ctx.emit_warning(("gunners",), "rear gunner but no tail gun; guns should read 'n/1'")


class ManeuverCost(LintRule):
    code = "hm.maneuver_cost"
    kinds = PLANES
    summary = "A Turn or Immelman rating above the Speed rating can never be flown."

    def check(self, record: Plane, ctx: LintContext) -> None:
        if record.speed is None:
            return
        for name, cost in (("turn", record.turn), ("immelman", record.immelman_cost())):
            if cost is not None and cost > record.speed:
                ctx.emit_warning(
                    (name,),
                    f"{name} costs {cost} hexes but speed is {record.speed}: the plane can never do it",
                )


class HeavyEngines(LintRule):
    code = "hm.heavy_engines"
    kinds = ("hm.bomber",)
    summary = "Heavy bombers suffer engine hits, so they need an engine count."

    def check(self, record: Bomber, ctx: LintContext) -> None:
        if record.heavy and record.engines is None:
            ctx.emit_warning(
                ("bomber_class",),
                "heavy bomber without `engines`: the engine-hit rule cannot tell when it is shot down",
            )


class BombRating(LintRule):
    code = "hm.bomb_rating"
    kinds = ("hm.bomber",)
    summary = "A bomb rating is a run of d6 rolls ending at 6."

    def check(self, record: Bomber, ctx: LintContext) -> None:
        if record.bomb is None:
            return
        span = roll_on_die(ctx, ("bomb",), record.bomb, "d6", "bomb rating")
        if span is not None and span.high != 6:
            ctx.emit_warning(("bomb",), f"bomb rating {span.text()} misses on a 6 but hits on lower rolls")


class TurretColumns(LintRule):
    code = "hm.turret_columns"
    kinds = ("hm.bomber",)
    summary = "Each turret position once, in the printed column order."

    def check(self, record: Bomber, ctx: LintContext) -> None:
        seen: set[str] = set()
        last = 0
        for i, turret in enumerate(record.turrets):
            if turret.position in seen:
                ctx.emit_error(("turrets", i, "position"), f"turret position '{turret.position}' is listed twice")
                continue
            seen.add(turret.position)
            position = ctx.get("hm.turret", turret.position)
            if position is None:
                continue
            if position.column < last:
                ctx.emit_warning(
                    ("turrets", i, "position"),
                    f"'{turret.position}' is printed column {position.column}; list turrets in printed order",
                )
            last = max(last, position.column)


class ConversionCheck(LintRule):
    code = "hm.conversion_check"
    kinds = PLANES
    summary = "Reports where printed ratings differ from the conversion of the plane's specs."

    def check(self, record: Plane, ctx: LintContext) -> None:
        if record.specs is None:
            return
        for i, mount in enumerate(record.specs.mounts):
            valid = (
                ctx.get("hm.turret", mount.mount) is not None
                if isinstance(record, Bomber)
                else mount.mount in ("front", "tail")
            )
            if not valid:
                expected = "a turret position id" if isinstance(record, Bomber) else "'front' or 'tail'"
                ctx.emit_error(("specs", "mounts", i, "mount"), f"unknown mount '{mount.mount}'; expected {expected}")
        for conversion in ctx.records("hm.conversion"):
            for miss in compare(conversion, record):
                printed = "blank" if miss.printed is None else miss.printed
                ctx.emit_info(
                    miss.path,
                    f"{miss.stat}: printed {printed}, conversion '{conversion.id}' gives "
                    f"{miss.converted} from the specs",
                )
