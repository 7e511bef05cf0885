"""Hex-mat lint rules on the core rules record: the sequence, engine-hit rolls, formations."""

from __future__ import annotations

from engine.content.ruleset import LintContext, LintRule

from ..kinds.rules import CoreRules
from .rolls import roll_on_die


class SequenceNumbers(LintRule):
    code = "hm.sequence_numbers"
    kinds = ("hm.rules",)
    summary = "Sequence-of-play steps are numbered 1, 2, 3 ..."

    def check(self, record: CoreRules, ctx: LintContext) -> None:
        previous = 0
        for i, step in enumerate(record.sequence):
            if step.number != previous + 1:
                ctx.emit_warning(
                    ("sequence", i, "number"),
                    f"step '{step.printed}' is numbered {step.number}; {previous + 1} expected",
                )
            previous = step.number


class EngineHitRolls(LintRule):
    code = "hm.engine_hit_rolls"
    kinds = ("hm.rules",)
    summary = "The engine-hit rolls are each one run of rolls on the engine-hit die."

    def check(self, record: CoreRules, ctx: LintContext) -> None:
        hits = record.engine_hits
        for name in ("confirm", "stalled_move_roll"):
            roll_on_die(ctx, ("engine_hits", name), getattr(hits, name), hits.die, name.replace("_", " "))


class FormationBounds(LintRule):
    code = "hm.formation_bounds"
    kinds = ("hm.rules",)
    summary = "The smallest bomber formation is not larger than the largest."

    def check(self, record: CoreRules, ctx: LintContext) -> None:
        d = record.deployment
        if d.formation_min > d.formation_max:
            ctx.emit_error(
                ("deployment", "formation_min"),
                f"formation of at least {d.formation_min} but at most {d.formation_max} bombers",
            )
