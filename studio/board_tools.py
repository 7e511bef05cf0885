"""Board gestures, one class each: drag a piece, turn it by its handle or the wheel, edit a value.

Every gesture ends in at most one command, built by the `BoardModel` from the
layout's field edits; until then it only moves items on screen. A gesture the
layout refuses puts the piece back where the record has it and reports the
reason through the view's `refused` signal.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QLineEdit,
    QMenu,
    QSpinBox,
    QVBoxLayout,
)

from engine.core.board import FACINGS

from .board_geometry import angle_heading, cell_at, cell_outline, from_drawing, is_free, piece_point, turns
from .board_items import Z_LIFTED, Z_PIECE, PieceItem
from .fields import BIG

WHEEL_SETTLE_MS = 400  # wheel turns this long without a notch are one gesture
HEADING_SNAP = 5.0  # degrees; hold Shift for 1


class Interaction:
    """A mouse gesture in progress on the board view."""

    def __init__(self, view, item: PieceItem) -> None:
        self.view, self.item, self.model = view, item, view.model

    def move(self, scene_pos: QPointF, modifiers) -> None: ...

    def release(self, scene_pos: QPointF) -> None: ...

    def cancel(self) -> None:
        """Put everything back as the record has it."""
        self.view.sync_pieces()


class DragPiece(Interaction):
    """Drag a piece, and the other selected pieces with it: they snap into the cells under
    them on grids and go anywhere on a free mat.

    While dragging over a grid, the cell under the grabbed piece is lit green when the layout
    accepts it and red (with the reason) when not. On release: one move command for all.
    """

    def __init__(self, view, item: PieceItem, scene_pos: QPointF) -> None:
        super().__init__(view, item)
        self.grab = scene_pos - item.pos()
        self.cell: str | None = item.piece.cell
        self.started = False
        others = [i for i in view.items.values() if i.isSelected() and i is not item and i.piece.movable]
        self.carried = [(i, i.pos()) for i in [item, *others]]
        for i, _ in self.carried:
            i.setZValue(Z_LIFTED)
            i.placed = ()  # lifted: the next layout of the pieces puts it down again

    def _centre(self, scene_pos: QPointF) -> tuple[float, float]:
        centre = scene_pos - self.grab
        return (centre.x(), centre.y())

    def move(self, scene_pos: QPointF, modifiers) -> None:
        self.started = True
        shift = scene_pos - self.grab - self.carried[0][1]
        for i, start in self.carried:
            i.setPos(start + shift)
        board, centre = self.model.board, self._centre(scene_pos)
        if is_free(board):
            x, y = from_drawing(board, centre)
            self.view.hint.emit(f"{self._name()}: ({x:.0f}, {y:.0f}) mm")
            return
        label = cell_at(board, centre)
        if label == self.cell:
            return
        self.cell = label
        if label is None:
            self.view.highlight.hide()
            self.view.hint.emit("off the board")
            return
        try:
            self.model.move(self.item.piece, cell=label)
            ok, text = True, f"{self._name()} → {label}"
        except ValueError as exc:
            ok, text = False, f"{label}: {exc}"
        self.view.highlight.show_cell(cell_outline(board, label), ok)
        self.view.hint.emit(text)

    def _name(self) -> str:
        extra = len(self.carried) - 1
        return self.item.piece.label + (f" and {extra} more" if extra else "")

    def _moves(self, centre: tuple[float, float]) -> list[tuple]:
        """(piece, cell, pos) for every carried piece: each goes as far as the grabbed one,
        on grids the whole cells between the grabbed piece's old and new cell."""
        board, piece = self.model.board, self.item.piece
        if is_free(board):
            start = self.carried[0][1]
            dx, dy = centre[0] - start.x(), centre[1] - start.y()
            return [(i.piece, None, from_drawing(board, (p.x() + dx, p.y() + dy))) for i, p in self.carried]
        label = cell_at(board, centre)
        if label is None:
            raise ValueError("that is off the board")
        (x0, y0), (x1, y1) = piece_point(board, piece), board.center(board.parse(label))
        moves = []
        for i, _ in self.carried:
            x, y = piece_point(board, i.piece)
            cell = cell_at(board, (x + x1 - x0, y + y1 - y0))
            if cell is None:
                raise ValueError(f"{i.piece.label} would leave the board")
            moves.append((i.piece, cell, None))
        return moves

    def release(self, scene_pos: QPointF) -> None:
        self.view.highlight.hide()
        for i, _ in self.carried:
            i.setZValue(Z_PIECE)
        if not self.started:
            return
        piece = self.item.piece
        try:
            moves = self._moves(self._centre(scene_pos))
            if moves[0][1] is not None and moves[0][1] == piece.cell:
                self.cancel()
                return
            command = self.model.move_group(moves)
        except ValueError as exc:
            self.cancel()
            self.view.refused.emit(f"{self._name()} cannot go there: {exc}")
            return
        self.view.push(command)
        if self.item.scene() is None:  # it left a line of several: the counter is a new item
            label = moves[0][1]
            self.view.select_top(lambda p: (p.label, p.side, p.cell) == (piece.label, piece.side, label))


def _angle_to(item: PieceItem, scene_pos: QPointF) -> float:
    """Clockwise degrees from up of the direction from the piece's centre to a point."""
    d = scene_pos - item.pos()
    return math.degrees(math.atan2(d.x(), -d.y())) % 360.0


class TurnPiece(Interaction):
    """Drag the handle ahead of a selected piece round it: facings snap to the six hexsides,
    headings to 5° (1° with Shift). On release: one turn command."""

    def __init__(self, view, item: PieceItem) -> None:
        super().__init__(view, item)
        self.mode = turns(self.model.board, item.piece)
        self.target: float | None = None

    def move(self, scene_pos: QPointF, modifiers) -> None:
        angle = _angle_to(self.item, scene_pos)
        if self.mode == "facing":
            self.target = round(angle / 60.0) % 6
            self.item.set_angle(self.model.board.facing_angle(int(self.target)))
            self.view.hint.emit(f"facing {int(self.target)} ({FACINGS[int(self.target)]})")
        else:
            snap = 1.0 if modifiers & Qt.KeyboardModifier.ShiftModifier else HEADING_SNAP
            angle = round(angle / snap) * snap
            self.target = angle_heading(angle)
            self.item.set_angle(angle)
            self.view.hint.emit(f"heading {self.target:g}°")

    def release(self, scene_pos: QPointF) -> None:
        if self.target is None:
            return
        self.view.turn([self.item], to=self.target)


class WheelTurn:
    """Shift + mouse wheel over a piece turns it a facing (or 15°) per notch; the notches of
    one spin, shown at once, become one command when the wheel rests."""

    def __init__(self, view) -> None:
        self.view = view
        self.item: PieceItem | None = None
        self.steps = 0
        self.timer = QTimer(view, singleShot=True, interval=WHEEL_SETTLE_MS)
        self.timer.timeout.connect(self.commit)

    def notch(self, item: PieceItem, steps: int) -> None:
        if self.item is not None and item is not self.item:
            self.commit()
        self.item = item
        self.steps += steps
        mode = turns(self.view.model.board, item.piece)
        if mode is None:
            self.commit()
            return
        unit = 60.0 if mode == "facing" else 15.0
        item.set_angle(self.view.angle_of(item.piece) + self.steps * unit)
        self.timer.start()

    def commit(self) -> None:
        self.timer.stop()
        item, steps = self.item, self.steps
        self.item, self.steps = None, 0
        if item is None or not steps:
            return
        mode = turns(self.view.model.board, item.piece)
        self.view.turn([item], steps=steps * (1 if mode == "facing" else 15))


class ValuePopup(QFrame):
    """A small editor over a piece for one of its values (a number or text), applied on Enter."""

    def __init__(self, view, item: PieceItem, name: str, schema: dict) -> None:
        super().__init__(view, Qt.WindowType.Popup)
        self.view, self.item, self.name = view, item, name
        self.setObjectName("valuePopup")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        value = item.piece.values.get(name)
        kind = schema.get("type")
        if kind in ("integer", "number"):
            self.editor = QSpinBox() if kind == "integer" else QDoubleSpinBox()
            self.editor.setRange(schema.get("minimum", -BIG), schema.get("maximum", BIG))
            if schema.get("x-unit"):
                self.editor.setSuffix(f" {schema['x-unit']}")
            self.editor.setValue(value or 0)
        else:
            self.editor = QLineEdit("" if value is None else str(value))
        self.editor.setToolTip(schema.get("description", ""))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.apply)
        buttons.rejected.connect(self.close)
        form = QFormLayout()
        form.addRow(f"{name.replace('_', ' ').capitalize()} of {item.piece.label}", self.editor)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.editor.setFocus()

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.apply()
        else:
            super().keyPressEvent(event)

    def value(self) -> Any:
        if isinstance(self.editor, (QSpinBox, QDoubleSpinBox)):
            return self.editor.value()
        return self.editor.text()

    def apply(self) -> None:
        self.close()
        self.view.set_value(self.item, self.name, self.value())


class PieceMenu(QMenu):
    """Right-click on a piece: its values (choices, switches, or a small editor), turning,
    and a way to its entry in the form."""

    def __init__(self, view, item: PieceItem) -> None:
        super().__init__(view)
        self.view, self.item = view, item
        piece = item.piece
        self.addSection(piece.label)
        for name, value in piece.values.items():
            self._value_entry(name, value, view.model.value_schema(piece, name))
        if piece.values:
            self.addSeparator()
        if item.rotatable:
            self.addAction("Turn anticlockwise\tQ", lambda: view.turn([item], steps=-view.turn_unit(item)))
            self.addAction("Turn clockwise\tE", lambda: view.turn([item], steps=view.turn_unit(item)))
        self.addAction("Show in form\tDouble-click", lambda: view.pieceActivated.emit(tuple(piece.path)))

    def _value_entry(self, name: str, value: Any, schema: dict) -> None:
        title = name.replace("_", " ").capitalize()
        choices = schema.get("enum")
        if choices:
            sub = self.addMenu(f"{title}: {value}")
            group = QActionGroup(sub)
            for choice in choices:
                action = QAction(str(choice), sub, checkable=True, checked=choice == value)
                action.triggered.connect(lambda _=False, c=choice: self.view.set_value(self.item, name, c))
                group.addAction(action)
                sub.addAction(action)
        elif schema.get("type") == "boolean":
            action = self.addAction(title)
            action.setCheckable(True)
            action.setChecked(bool(value))
            action.triggered.connect(lambda checked: self.view.set_value(self.item, name, checked))
        else:
            self.addAction(f"{title}: {value}…", lambda: self.view.edit_value(self.item, name, schema))
