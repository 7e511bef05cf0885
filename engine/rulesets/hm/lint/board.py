"""Hex-mat lint rules on the board: its targets."""

from __future__ import annotations

from engine.content.ruleset import LintContext, LintRule

from ..kinds.board import Board, Hex


class BoardTargets(LintRule):
    code = "hm.board_targets"
    kinds = ("hm.board",)
    summary = "Targets lie on the mat, one per hex, with distinct ids."

    def check(self, record: Board, ctx: LintContext) -> None:
        ids: set[str] = set()
        hexes: dict[Hex, str] = {}
        for i, target in enumerate(record.targets):
            if target.id in ids:
                ctx.emit_error(("targets", i, "id"), f"target id '{target.id}' is used twice")
            ids.add(target.id)
            if not record.contains(target.hex):
                ctx.emit_error(
                    ("targets", i),
                    f"target hex {target.col},{target.row} is off the {record.columns}x{record.rows} mat",
                )
            elif target.hex in hexes:
                ctx.emit_error(("targets", i), f"target shares hex {target.col},{target.row} with '{hexes[target.hex]}'")
            hexes.setdefault(target.hex, target.id)
