"""Pocket Air War lint rules on dashboards: turning letters, Energy, guns, the combat ruler, dive bombing."""

from __future__ import annotations

from engine.content.ruleset import LintContext, LintRule

from .helpers import LETTERS


# --------------------------------------------------------------------------- dashboards


class TurningOrder(LintRule):
    code = "paw.turning_order"
    kinds = ("paw.dashboard",)
    summary = "Best turning letters must not get tighter as Energy rises."

    def check(self, record, ctx: LintContext) -> None:
        last = None
        for index, letter in enumerate(record.turning):
            if letter is None:
                continue
            if last is not None and LETTERS.index(letter) < LETTERS.index(last):
                ctx.emit_warning(
                    ("turning", index),
                    f"at {index + 1} Energy the best turn is {letter}, tighter than {last} at "
                    "a lower Energy; turning letters must be ordered by Energy",
                )
            last = letter


class TurningLength(LintRule):
    code = "paw.turning_length"
    kinds = ("paw.dashboard",)
    summary = "One turning letter per Energy value up to the undamaged max Energy."

    def check(self, record, ctx: LintContext) -> None:
        want = record.max_energy.undamaged
        if len(record.turning) != want:
            ctx.emit_warning(
                ("turning",),
                f"{len(record.turning)} turning letters for a max Energy of {want}; give one "
                "per Energy value from 1 to the max",
            )


class MaxEnergyOrder(LintRule):
    code = "paw.max_energy"
    kinds = ("paw.dashboard",)
    summary = "Damaged max Energy cannot exceed the undamaged one."

    def check(self, record, ctx: LintContext) -> None:
        if record.max_energy.damaged > record.max_energy.undamaged:
            ctx.emit_error(
                ("max_energy", "damaged"),
                f"damaged max Energy {record.max_energy.damaged} exceeds the undamaged "
                f"{record.max_energy.undamaged}",
            )


class FighterGuns(LintRule):
    code = "paw.fighter_guns"
    kinds = ("paw.dashboard",)
    summary = "A plane that may fly as a fighter has forward guns to shoot with."

    def check(self, record, ctx: LintContext) -> None:
        fighting = [r for r in record.roles if r in ("fighter", "fighter_bomber")]
        if fighting and not record.guns:
            ctx.emit_warning(("guns",), f"no forward guns on a plane whose roles include {fighting[0]}: "
                             "as a fighter it could never shoot; give its Combat ruler's grey boxes")


def _ruler_findings(boxes, path, ctx: LintContext, key: str = "distance") -> None:
    previous = None
    for index, box in enumerate(boxes):
        here = path + (index,)
        if previous is not None:
            if getattr(box, key) <= getattr(previous, key):
                ctx.emit_error(here + (key,), f"{key} {getattr(box, key)} does not increase "
                               f"after {getattr(previous, key)}")
            elif box.hit < previous.hit:
                ctx.emit_warning(
                    here + ("hit",),
                    f"Hit Threshold {box.hit} at {key} {getattr(box, key)} is easier than "
                    f"{previous.hit} closer in; thresholds must not fall with distance",
                )
        kill = getattr(box, "kill", None)
        if kill is not None and kill < box.hit:
            ctx.emit_error(here + ("kill",), f"Kill Threshold {kill} is below the Hit "
                           f"Threshold {box.hit}")
        previous = box


class CombatRuler(LintRule):
    code = "paw.combat_ruler"
    kinds = ("paw.dashboard", "paw.aaa_dashboard", "paw.flak_dashboard")
    summary = "Combat rulers: distances increase, thresholds never fall, kill >= hit."

    def check(self, record, ctx: LintContext) -> None:
        kind = record.kind_id()
        if kind == "paw.dashboard":
            _ruler_findings(record.guns, ("guns",), ctx)
            if record.gunners is not None:
                _ruler_findings(record.gunners.ruler, ("gunners", "ruler"), ctx)
        elif kind == "paw.aaa_dashboard":
            _ruler_findings(record.troops, ("troops",), ctx)
            _ruler_findings(record.armed, ("armed",), ctx)
        else:
            _ruler_findings(record.barrage, ("barrage",), ctx, key="spacing")
            cpf = record.cpf
            if cpf.kill is not None and cpf.kill < cpf.hit:
                ctx.emit_error(("cpf", "kill"), f"Kill Threshold {cpf.kill} is below the Hit "
                               f"Threshold {cpf.hit}")


class ManeuverReach(LintRule):
    code = "paw.maneuver_reach"
    kinds = ("paw.dashboard",)
    summary = "A maneuver icon beyond the undamaged max Energy can never be reached."

    def check(self, record, ctx: LintContext) -> None:
        top = record.max_energy.undamaged
        for name in ("wingover", "side_slip", "climb", "descent"):
            mark = getattr(record, name)
            if mark is not None and mark.step > top:
                ctx.emit_warning(
                    (name, "step"),
                    f"{name.replace('_', '-')} icon at step {mark.step} is beyond the max "
                    f"Energy {top}: the plane can never move that far in one round",
                )


class DiveBombing(LintRule):
    code = "paw.dive_bombing"
    kinds = ("paw.dashboard",)
    summary = "Dive bombing gives better chances than level bombing."

    def check(self, record, ctx: LintContext) -> None:
        bombs = record.bombs
        if bombs is not None and bombs.dive_hit is not None and bombs.dive_hit > bombs.hit:
            ctx.emit_warning(
                ("bombs", "dive_hit"),
                f"dive-bombing threshold {bombs.dive_hit} is harder than level bombing "
                f"{bombs.hit}; the rulebook says dive bombing gives better chances",
            )
