"""Air Force lint rule on the board: its layout of sections."""

from __future__ import annotations

from engine.content.ruleset import LintContext, LintRule

from ..kinds.board import Board


# --------------------------------------------------------------------------- board


class BoardLayout(LintRule):
    code = "af.board_layout"
    kinds = ("af.board",)
    summary = "Sections do not overlap and column letters are not repeated, so every code names one hex."

    def check(self, board: Board, ctx: LintContext) -> None:
        repeated = sorted({c for c in board.column_letters if board.column_letters.count(c) > 1})
        if repeated:
            ctx.emit_error(("column_letters",), f"column letter(s) {', '.join(repeated)} appear twice")
        taken: dict[tuple[int, int], str] = {}
        for i, section in enumerate(board.sections):
            spot = (section.column, section.row)
            if spot in taken:
                ctx.emit_error(
                    ("sections", i), f"section {section.id} lies on section {taken[spot]} (column {spot[0]}, row {spot[1]})"
                )
            taken.setdefault(spot, section.id)
