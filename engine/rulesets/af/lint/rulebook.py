"""Air Force lint rules on the rules record and the optional rules: height classes, the bank order, phase ids."""

from __future__ import annotations

from engine.content.diagnostics import did_you_mean
from engine.content.ruleset import LintContext, LintRule

from ..kinds.rules import Maneuver, OptionalRule, Rules
from ..kinds.vocabulary import LOG_LETTERS


class HeightClasses(LintRule):
    code = "af.height_classes"
    kinds = ("af.rules",)
    summary = "High, Medium and Low must classify every altitude difference once."

    def check(self, rules: Rules, ctx: LintContext) -> None:
        h = rules.fire.heights
        step = rules.movement.altitude_step_ft
        unclassified, doubled = [], []
        for diff in range(-3000, 3001, step):
            classes = [
                diff >= h.high_at_least_ft,
                -diff > h.low_more_than_ft,
                abs(diff) <= h.medium_up_to_ft,
            ]
            if not any(classes):
                unclassified.append(diff)
            elif sum(classes) > 1:
                doubled.append(diff)
        if unclassified:
            ctx.emit_warning(
                ("fire", "heights"),
                "no height class for a target " + ", ".join(_ft(d) for d in unclassified),
            )
        if doubled:
            ctx.emit_warning(("fire", "heights"), "two height classes for a target " + ", ".join(_ft(d) for d in doubled))


def _ft(diff: int) -> str:
    return f"{abs(diff)} ft {'higher' if diff > 0 else 'lower'}"


class BankOrder(LintRule):
    code = "af.bank_order"
    kinds = ("af.rules",)
    summary = "The bank diagram lists the six attitudes once each."

    def check(self, rules: Rules, ctx: LintContext) -> None:
        order = rules.movement.bank_order
        if len(set(order)) != len(order):
            ctx.emit_error(("movement", "bank_order"), "an attitude appears twice; list each of the six once")


class PhaseIds(LintRule):
    code = "af.phase_ids"
    kinds = ("af.optional_rule",)
    summary = "Phases an optional rule brings in are steps of the optional sequence of play."

    def check(self, rule: OptionalRule, ctx: LintContext) -> None:
        known = {p.id for r in ctx.records("af.rules") for p in r.sequence_optional}
        if not known:
            return
        for i, phase in enumerate(rule.phases):
            if phase not in known:
                ctx.emit_error(
                    ("phases", i),
                    f"no phase '{phase}' in the optional sequence of play.{did_you_mean(phase, sorted(known))}",
                )


class ManeuverCodes(LintRule):
    code = "af.maneuver_codes"
    kinds = ("af.maneuver",)
    summary = "A maneuver's log letter is another maneuver's, or one the log writes for power, brake, climb or dive."

    def check(self, maneuver: Maneuver, ctx: LintContext) -> None:
        others = {c: m.id for m in ctx.records("af.maneuver") if m.id != maneuver.id
                  for c in (m.code_right, m.code_left) if c}
        for name in ("code_right", "code_left"):
            letter = getattr(maneuver, name)
            if letter in LOG_LETTERS:
                ctx.emit_error((name,), f"'{letter}' is the log's {LOG_LETTERS[letter]}; a maneuver needs its own letter")
            elif letter in others:
                ctx.emit_error((name,), f"'{letter}' is already the {others[letter]}'s letter")
        if maneuver.code_left is not None and maneuver.code_left == maneuver.code_right:
            ctx.emit_error(("code_left",), "the left-hand form needs a letter of its own")

