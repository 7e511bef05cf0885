"""What several Pocket Air War lint topics share: the turning letters and the rules record."""

from __future__ import annotations

from engine.content.ruleset import LintContext


LETTERS = "ABCDE"


def _rules(ctx: LintContext):
    found = ctx.records("paw.rules")
    return found[0] if found else None
