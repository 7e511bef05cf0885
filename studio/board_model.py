"""A scenario record seen through its ruleset's layout: the board, the pieces, their findings,
and board gestures turned into the same commands the form pushes.

No widgets here: the board view asks this model what to draw and hands it
gestures ("move this piece to C4", "turn it one facing clockwise", "set its
altitude"); the model asks the layout for field edits and wraps them in one
`Macro` of `SetField`s. A layout refuses an impossible edit with a ValueError
saying why; the model passes it on for the view to show.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.content.diagnostics import Diagnostic, parse_path
from engine.content.view import ContentView
from engine.core.board import FACINGS
from engine.core.layout import Piece
from engine.drawing.shapes import Drawing

from .board_geometry import turns
from .commands import Macro, edit_command
from .document import DocRecord
from .session import Session


def layout_of(session: Session, rec: DocRecord | None) -> Any:
    """The scenario layout of a record's kind, or None when its ruleset has no board for it."""
    if rec is None:
        return None
    ruleset = session.ruleset(rec.doc)
    if ruleset is None or ruleset.layout is None or rec.kind != ruleset.scenario_kind:
        return None  # a ruleset's layout is for its scenario kind only
    return ruleset.layout


class BoardModel:
    """The open scenario on its board. `refresh()` reads the record again after an edit."""

    def __init__(self, session: Session, rec: DocRecord, variant: int = 0) -> None:
        self.session, self.rec = session, rec
        self.base_layout = layout_of(session, rec)
        self.variant = variant
        self.board: Any = None
        self.pieces: list[Piece] = []
        self.problem = ""  # why the board cannot be shown right now, if it cannot
        self._content: ContentView | None = None

    # ------------------------------------------------------------------ reading

    @property
    def layout(self) -> Any:
        """The layout, showing the chosen variant where the layout has variants (Air Force)."""
        if self.variants():
            return dataclasses.replace(self.base_layout, variant=self.variant)
        return self.base_layout

    def variants(self) -> list[str]:
        """Names of the scenario's variants when its layout shows one at a time, else []."""
        layout, model = self.base_layout, self.rec.model
        if not (dataclasses.is_dataclass(layout) and any(f.name == "variant" for f in dataclasses.fields(layout))):
            return []
        return [getattr(v, "name", "") or f"Variant {i + 1}" for i, v in enumerate(getattr(model, "variants", []))]

    @property
    def scenario(self) -> Any:
        return self.rec.model

    def content(self) -> ContentView:
        """The records the scenario can see, unsaved edits included.

        Kept while only the scenario itself changes (the layout reads the scenario
        from the record, the rest from here): a drag then builds no lookup of the
        whole pack. `forget_content` drops it when any other record changes.
        """
        if self._content is None:
            self._content = ContentView.of_pack(self.rec.doc.pack)
        return self._content

    def forget_content(self, uid: int | None = None) -> None:
        if uid != self.rec.uid:
            self._content = None

    def refresh(self, board: bool = False) -> bool:
        """Read the pieces (and with `board`, the board) again; False when the record cannot be
        laid out now (it does not validate, or the layout refuses it), saying why in `problem`."""
        if self.scenario is None:
            self.problem = f"{self.rec.id} has errors (see Issues); the board shows its last valid state."
            return False
        count = len(self.variants())
        if count and self.variant >= count:
            self.variant = count - 1
        try:
            content = self.content()
            if board or self.board is None:
                self.board = self.layout.board(self.scenario, content)
            self.pieces = self.layout.pieces(self.scenario, content)
        except Exception as exc:  # a layout failing must not take the editor down
            self.problem = f"The board cannot be laid out: {exc}"
            return False
        self.problem = ""
        return True

    def drawing(self) -> Drawing:
        return self.board.drawing()

    def piece(self, key: str) -> Piece | None:
        return next((p for p in self.pieces if p.key == key), None)

    def findings(self) -> tuple[dict[str, list[Diagnostic]], list[Diagnostic]]:
        """The record's findings by piece key, each on the pieces whose entry it names most
        closely, and the findings that name no piece (listed beside the board)."""
        by_piece: dict[str, list[Diagnostic]] = {p.key: [] for p in self.pieces}
        loose: list[Diagnostic] = []
        for diag in self.rec.diagnostics:
            path = parse_path(diag.path)
            owners = [p for p in self.pieces if path[:len(p.path)] == tuple(p.path)]
            if not owners:
                loose.append(diag)
                continue
            deepest = max(len(p.path) for p in owners)
            for p in owners:
                if len(p.path) == deepest:
                    by_piece[p.key].append(diag)
        return by_piece, loose

    def value_schema(self, piece: Piece, name: str) -> dict:
        """The schema of the field a value edit sets (its choices, range and unit).

        Only the layout knows where a value lives (a hex-minis bomber's card is its
        squadron's), so it is asked for the edit that keeps the current value.
        """
        try:
            edits = self.layout.set_value(self.scenario, self.content(), piece, name, piece.values[name])
        except ValueError:
            return {}
        nav = self.session.schema_nav(self.rec)
        if not edits or nav is None:
            return {}
        return nav.plain(nav.at(edits[0][0]) or {})

    # ------------------------------------------------------------------ gestures -> commands

    def _command(self, text: str, edits) -> Macro:
        return edit_command(self.rec.doc, self.rec.uid, text, edits)

    def move(self, piece: Piece, cell: str | None = None, pos: tuple[float, float] | None = None) -> Macro:
        """Raises ValueError, saying why, when the piece cannot go there."""
        edits = self.layout.move(self.scenario, self.content(), piece, cell=cell, pos=pos)
        where = cell if cell is not None else f"({pos[0]:.0f}, {pos[1]:.0f}) mm"
        return self._command(f"Move {piece.label} to {where}", edits)

    def move_group(self, moves: list[tuple[Piece, str | None, tuple[float, float] | None]]) -> Macro:
        """Move several pieces as one step: each (piece, cell, pos) as `move` takes them.
        Raises ValueError, naming the piece, when one cannot go, or when two pieces are one
        entry of the record (an Air Wars deployment line) and must move one at a time."""
        if len(moves) == 1:
            return self.move(*moves[0])
        content, edits, owners = self.content(), [], []
        for piece, cell, pos in moves:
            try:
                mine = self.layout.move(self.scenario, content, piece, cell=cell, pos=pos)
            except ValueError as exc:
                raise ValueError(f"{piece.label}: {exc}") from None
            paths = [tuple(path) for path, _ in mine]  # layouts give lists or tuples
            for path in paths:
                clash = next((label for other, label in owners
                              if path[:len(other)] == other[:len(path)]), None)
                if clash is not None:
                    raise ValueError(f"{piece.label} and {clash} are one entry of the scenario; "
                                     "move them one at a time")
            owners += [(path, piece.label) for path in paths]
            edits += mine
        return self._command(f"Move {len(moves)} pieces", edits)

    def turn(self, pieces: list[Piece], steps: float = 0.0, to: float | None = None) -> Macro:
        """Turn pieces `steps` facings (hex) or degrees (mat) clockwise, or to `to` (a facing
        or a heading), as one step. Raises ValueError when a piece cannot turn."""
        content, edits, names = self.content(), [], []
        for piece in pieces:
            mode = turns(self.board, piece)
            if mode == "facing":
                facing = int(to if to is not None else (piece.facing or 0) + steps) % 6
                edits += self.layout.turn(self.scenario, content, piece, facing=facing)
                names.append(f"{piece.label} to facing {facing} ({FACINGS[facing]})")
            else:  # headings, and pieces that cannot turn (the layout says why)
                heading = to if to is not None else (piece.heading or 0.0) - steps
                heading = None if mode is None else heading % 360.0
                edits += self.layout.turn(self.scenario, content, piece, heading=heading)
                names.append(f"{piece.label} to heading {heading:g}°")
        text = f"Turn {names[0]}" if len(names) == 1 else f"Turn {len(names)} pieces"
        return self._command(text, edits)

    def set_value(self, piece: Piece, name: str, value: Any) -> Macro:
        edits = self.layout.set_value(self.scenario, self.content(), piece, name, value)
        return self._command(f"Set {name} of {piece.label} to {value}", edits)

    def push(self, command: Macro) -> None:
        self.rec.doc.stack.push(command)
