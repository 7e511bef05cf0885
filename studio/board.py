"""The scenario board: the ruleset's board with the scenario's pieces, edited by hand.

The board drawing is rendered once (and again, item by item, only where it
changed, when editing pauses); pieces are items of their own, moved, turned and
re-marked after every edit of the record, whichever view made it. Gestures (in
`board_tools`) become commands through the `BoardModel`; the view never changes
the record itself, so the form follows the board and the board follows the form.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from .board_geometry import piece_angle, piece_point, turns
from .board_items import SEVERITY_COLOURS, Z_PIECE, CellHighlight, PieceItem, RotateHandle, piece_item_at
from .board_model import BoardModel, layout_of
from .board_tools import DragPiece, Interaction, PieceMenu, TurnPiece, ValuePopup, WheelTurn
from .commands import Macro
from .document import DocRecord
from .render import SceneSync
from .session import Session

MIN_PIECE_PX = 26  # a counter is never drawn smaller than this on screen
FAN = 0.3  # pieces sharing a cell are fanned out by this fraction of their size
ZOOM_STEP = 1.2
MAX_PX_PER_MM = 40.0
BOARD_SETTLE_MS = 400  # the board drawing follows the record this long after editing pauses
MESSAGE_MS = 10_000
HELP = "Drag to move · Q / E, the handle or Shift+wheel to turn · right-click: values · wheel: zoom"


class BoardView(QGraphicsView):
    """The board and its pieces, with zoom (wheel), pan (drag the board) and the gestures."""

    refused = Signal(str)  # a gesture the layout refused, and why
    hint = Signal(str)  # what the gesture in progress would do
    pieceActivated = Signal(object)  # the field path of a piece, to show in the form

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.sync = SceneSync(self.scene(), pointer=False)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setBackgroundBrush(QColor("#e9ebee"))
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # Panned by dragging the board; scroll bars coming and going would refit the view forever.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.model: BoardModel | None = None
        self.items: dict[str, PieceItem] = {}
        self.highlight = CellHighlight()
        self.scene().addItem(self.highlight)
        self.active: Interaction | None = None
        self.wheel = WheelTurn(self)
        self.menu: PieceMenu | None = None
        self.popup: ValuePopup | None = None
        self.fitted = True  # follow the window's size until the user zooms
        self._press = QPointF()
        # Messages float over the board: showing one must not resize the view (and refit it).
        self.banner = self._overlay("boardMessage")
        self.notes = self._overlay("boardFindings")
        self.notes.setTextFormat(Qt.TextFormat.RichText)

    def _overlay(self, name: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setWordWrap(True)
        label.hide()
        return label

    def say(self, label: QLabel, text: str) -> None:
        """Show `text` in an overlay (an empty text hides it)."""
        label.setText(text)
        label.setVisible(bool(text))
        self._place_overlays()

    def _place_overlays(self) -> None:
        port = self.viewport().geometry()
        width = port.width() - 16
        for label, top in ((self.banner, True), (self.notes, False)):
            height = label.heightForWidth(width)
            y = port.top() + 8 if top else port.bottom() - height - 8
            label.setGeometry(port.left() + 8, y, width, height)
            label.raise_()

    # ------------------------------------------------------------------ showing

    @property
    def editable(self) -> bool:
        return self.model is not None and not self.model.problem

    def clear(self) -> None:
        self.model = None
        self.sync.clear()
        self.items = {}
        self.highlight = CellHighlight()
        self.scene().addItem(self.highlight)

    def drop_pieces(self) -> None:
        """Another scenario is coming: its pieces go, the board drawing stays until the next one is
        shown, which rebuilds only the items that differ (two scenarios on one Air Force map drew
        its thousands of hexes anew, a quarter of a second)."""
        self.model = None
        for item in self.items.values():
            self.scene().removeItem(item)
        self.items = {}
        self.highlight.hide()

    def show_board(self, model: BoardModel) -> None:
        """Show the model's board drawing (only items that changed are rebuilt) and its pieces."""
        self.model = model
        frame = self.sync.frame
        self.sync.show(model.drawing())
        if self.sync.frame != frame:  # a new page: the scene was cleared
            self.items = {}
            self.highlight = CellHighlight()
            self.scene().addItem(self.highlight)
            margin = 20.0
            self.setSceneRect(self.scene().sceneRect().adjusted(-margin, -margin, margin, margin))
        self.sync_pieces()

    def sync_pieces(self) -> None:
        """Bring the piece items in line with the model's pieces: new ones added, gone ones
        removed, the rest moved and turned (rebuilt only when their counter changed)."""
        if self.model is None:
            return
        board = self.model.board
        old, self.items = self.items, {}
        for piece in self.model.pieces:
            rotatable = turns(board, piece) is not None
            item = old.pop(piece.key, None)
            if item is None:
                item = PieceItem(piece, rotatable)
                self.scene().addItem(item)
            elif item.piece != piece or item.rotatable != rotatable:
                item.update_piece(piece, rotatable)
            item.set_angle(piece_angle(board, piece))
            self.items[piece.key] = item
        for item in old.values():
            self.scene().removeItem(item)
        self.place_pieces()
        self.sync_findings()

    def select_top(self, match) -> None:
        """Select only the topmost piece that `match`es (the piece a drop put on its stack)."""
        found = [i for i in self.items.values() if match(i.piece)]
        if found:
            self.scene().clearSelection()
            found[-1].setSelected(True)

    def place_pieces(self) -> None:
        """Positions and on-screen sizes: pieces sharing a cell fan out; none gets smaller than
        `MIN_PIECE_PX` however far out the view is zoomed."""
        if self.model is None:
            return
        board = self.model.board
        stacks: dict[object, list[PieceItem]] = {}
        for item in self.items.values():
            piece = item.piece
            spot = piece.cell if piece.cell is not None else piece.pos
            stacks.setdefault(spot, []).append(item)
        px_per_mm = max(self.transform().m11(), 1e-6)
        for stack in stacks.values():
            for depth, item in enumerate(stack):
                size = max(item.piece.footprint)
                scale = max(1.0, MIN_PIECE_PX / (px_per_mm * size))
                offset = (depth - (len(stack) - 1) / 2) * size * FAN * scale if len(stack) > 1 else 0.0
                x, y = piece_point(board, item.piece)
                place = (scale, x + offset, y + offset, Z_PIECE + depth)
                if item.placed != place:  # moving Qt items is what costs on a board of hundreds
                    item.placed = place
                    item.setScale(scale)
                    item.setPos(x + offset, y + offset)
                    item.setZValue(Z_PIECE + depth)

    def sync_findings(self) -> None:
        if self.model is None:
            return
        by_piece, _ = self.model.findings()
        for key, item in self.items.items():
            item.set_findings(by_piece.get(key, []))

    def angle_of(self, piece) -> float:
        return piece_angle(self.model.board, piece)

    # ------------------------------------------------------------------ zoom

    def fit(self) -> None:
        if self.model is None:
            return
        self.fitted = True
        width, height, _ = self.sync.frame
        self.fitInView(QRectF(0, 0, width, height).adjusted(-4, -4, 4, 4), Qt.AspectRatioMode.KeepAspectRatio)
        self.place_pieces()

    def zoom_by(self, factor: float) -> None:
        current = self.transform().m11()
        factor = min(factor, MAX_PX_PER_MM / current) if factor > 1 else factor
        self.fitted = False
        self.scale(factor, factor)
        self.place_pieces()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._place_overlays()
        if self.fitted:
            self.fit()

    # ------------------------------------------------------------------ edits

    def push(self, command: Macro) -> None:
        self.model.push(command)

    def turn(self, items: list[PieceItem], steps: float = 0.0, to: float | None = None) -> None:
        items = [i for i in items if i.scene() is self.scene()]
        if not items or not self.editable:
            return
        try:
            command = self.model.turn([i.piece for i in items], steps=steps, to=to)
        except ValueError as exc:
            self.sync_pieces()
            self.refused.emit(str(exc))
            return
        self.push(command)

    def turn_unit(self, item: PieceItem) -> float:
        """One press of Q or E: a facing on hex boards, 15° on free mats."""
        return 1 if turns(self.model.board, item.piece) == "facing" else 15

    def set_value(self, item: PieceItem, name: str, value) -> None:
        if not self.editable:
            return
        try:
            command = self.model.set_value(item.piece, name, value)
        except ValueError as exc:
            self.refused.emit(str(exc))
            return
        self.push(command)

    def edit_value(self, item: PieceItem, name: str, schema: dict) -> ValuePopup:
        self.popup = ValuePopup(self, item, name, schema)
        self.popup.adjustSize()
        spot = self.mapToGlobal(self.mapFromScene(item.pos()))
        self.popup.move(spot)
        self.popup.show()
        return self.popup

    def piece_menu(self, item: PieceItem) -> PieceMenu:
        self.menu = PieceMenu(self, item)
        return self.menu

    # ------------------------------------------------------------------ mouse and keys

    def _piece_under(self, pos) -> tuple[PieceItem | None, bool]:
        """(the piece under a view point, whether the point is on its turning handle)."""
        hit = self.itemAt(pos)
        if isinstance(hit, RotateHandle):
            return hit.piece_item, True
        return piece_item_at(hit), False

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.wheel.commit()
        pos = event.position().toPoint()
        if event.button() == Qt.MouseButton.LeftButton and self.model is not None:
            item, on_handle = self._piece_under(pos)
            if item is not None:
                self.setFocus()
                if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                    item.setSelected(not item.isSelected())
                else:
                    if not item.isSelected():
                        self.scene().clearSelection()
                    item.setSelected(True)
                if self.editable and on_handle and item.rotatable:
                    self.active = TurnPiece(self, item)
                elif self.editable and item.piece.movable and not on_handle:
                    self.active = DragPiece(self, item, self.mapToScene(pos))
                self._press = event.position()
                event.accept()
                return
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:  # a band picks a formation
                self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
            else:
                self.scene().clearSelection()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.active is not None:
            if isinstance(self.active, DragPiece) and not self.active.started and \
                    (event.position() - self._press).manhattanLength() < QApplication.startDragDistance():
                return
            self.active.move(self.mapToScene(event.position().toPoint()), event.modifiers())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.active is not None:
            active, self.active = self.active, None
            active.release(self.mapToScene(event.position().toPoint()))
            event.accept()
            return
        super().mouseReleaseEvent(event)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)

    def mouseDoubleClickEvent(self, event) -> None:  # noqa: N802 - Qt API
        # The second press of a double click: a piece dropped and grabbed again at once still drags.
        self.mousePressEvent(event)
        item, _ = self._piece_under(event.position().toPoint())
        if item is not None:
            self.pieceActivated.emit(tuple(item.piece.path))  # after the press: the form keeps the focus

    def contextMenuEvent(self, event) -> None:  # noqa: N802 - Qt API
        item, _ = self._piece_under(event.pos())
        if item is None or not self.editable:
            return
        if not item.isSelected():
            self.scene().clearSelection()
            item.setSelected(True)
        self.piece_menu(item).popup(event.globalPos())

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt API
        delta = event.angleDelta().y() or event.angleDelta().x()  # Shift may turn it sideways
        if not delta:
            return
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier and self.editable:
            item, _ = self._piece_under(event.position().toPoint())
            if item is not None and item.rotatable:
                self.wheel.notch(item, 1 if delta > 0 else -1)
                event.accept()
                return
        self.zoom_by(ZOOM_STEP ** (delta / 120))
        event.accept()

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt API
        key = event.key()
        selected = [i for i in self.items.values() if i.isSelected() and i.rotatable]
        if key in (Qt.Key.Key_Q, Qt.Key.Key_E) and selected:
            sign = -1 if key == Qt.Key.Key_Q else 1
            self.turn(selected, steps=sign * self.turn_unit(selected[0]))
        elif key == Qt.Key.Key_Escape and self.active is not None:
            active, self.active = self.active, None
            self.highlight.hide()
            active.cancel()
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(ZOOM_STEP)
        elif key == Qt.Key.Key_Minus:
            self.zoom_by(1 / ZOOM_STEP)
        elif key in (Qt.Key.Key_0, Qt.Key.Key_F):
            self.fit()
        else:
            super().keyPressEvent(event)
            return
        event.accept()


class BoardPane(QWidget):
    """The Board dock: the open scenario on its board, a variant picker where the layout has
    variants, zoom buttons, and what the last gesture was refused for."""

    fieldClicked = Signal(object)  # a field path of the record, to show in the form

    def __init__(self, session: Session, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.rec: DocRecord | None = None
        self.model: BoardModel | None = None
        self.redraws = 0  # counted for tests and the latency benchmark
        self._stale = False
        self.view = BoardView()
        self.view.pieceActivated.connect(self.fieldClicked)
        self.view.refused.connect(self.show_refusal)
        self.view.hint.connect(lambda text: self.hint.setText(text))
        self.title = QLabel()
        self.title.setObjectName("previewStatus")
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        self.variant = QComboBox()
        self.variant.setToolTip("The scenario's variant shown on the board")
        self.variant.currentIndexChanged.connect(self._variant_chosen)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.title, 1)
        bar.addWidget(self.variant)
        for text, tip, slot in (("−", "Zoom out (-)", lambda: self.view.zoom_by(1 / ZOOM_STEP)),
                                ("+", "Zoom in (+)", lambda: self.view.zoom_by(ZOOM_STEP)),
                                ("Fit", "Fit the board to the view (0)", self.view.fit)):
            button = QToolButton()
            button.setText(text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            bar.addWidget(button)
        self.message, self.findings = self.view.banner, self.view.notes
        self.hint = QLabel()
        self.hint.setObjectName("boardHint")
        self.hint.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.hint)
        self._message_timer = QTimer(self, singleShot=True, interval=MESSAGE_MS)
        self._message_timer.timeout.connect(lambda: self.view.say(self.message, ""))
        self._board_timer = QTimer(self, singleShot=True, interval=BOARD_SETTLE_MS)
        self._board_timer.timeout.connect(lambda: self.refresh(board=True))
        session.recordChanged.connect(self._on_changed)
        session.recordChecked.connect(lambda uid: self.rec is not None and uid == self.rec.uid
                                      and self.show_findings())
        session.issuesChanged.connect(self.show_findings)
        session.recordRemoved.connect(self._on_removed)
        session.recordAdded.connect(lambda _uid: self.model is not None and self.model.forget_content())
        self.show_record(None)

    def _on_removed(self, uid: int) -> None:
        if self.model is not None:
            self.model.forget_content()
        if uid == getattr(self.rec, "uid", None):
            self.show_record(None)

    def can_show(self, rec: DocRecord | None) -> bool:
        return layout_of(self.session, rec) is not None

    def show_record(self, rec: DocRecord | None) -> None:
        """Show a scenario on its board (anything else: a note saying there is no board)."""
        self.rec = rec if self.can_show(rec) else None
        self.model = BoardModel(self.session, self.rec) if self.rec is not None else None
        if self.model is None:
            self.view.clear()
        else:
            self.view.drop_pieces()
        self.view.say(self.message, "")
        self.view.say(self.findings, "")
        names = self.model.variants() if self.model else []
        self.variant.blockSignals(True)
        self.variant.clear()
        self.variant.addItems(names)
        self.variant.blockSignals(False)
        self.variant.setVisible(len(names) > 1)
        if self.model is None:
            self.title.setText("Open a scenario to see it on its board." if rec is None
                               else f"{rec.kind} has no board.")
            self.hint.setText("")
            return
        self.refresh(board=True)
        self.view.fit()

    def _variant_chosen(self, index: int) -> None:
        if self.model is not None and index >= 0:
            self.model.variant = index
            self.refresh(board=True)
            self.view.fit()

    def _on_changed(self, uid: int, _path) -> None:
        if self.model is not None:
            self.model.forget_content(uid)
        if self.rec is None or uid != self.rec.uid:
            return
        self.refresh()
        self._board_timer.start()  # the board itself may depend on the record (areas, options)

    def refresh(self, board: bool = False) -> None:
        """Read the record again and redraw: the pieces now, the board drawing with `board`."""
        model = self.model
        if model is None:
            return
        if not self.isVisible():
            self._stale = True
            return
        self._stale = False
        ok = model.refresh(board=board)
        self.redraws += 1
        if ok and (board or self.view.model is None):
            self.view.show_board(model)
        elif ok:
            self.view.sync_pieces()
        elif self.view.model is None:
            self.view.clear()  # not the board of the scenario shown before, under this one's problem
        self._title(ok)
        self.show_findings()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if self._stale:
            self.refresh(board=True)
            self.view.fit()

    def _title(self, ok: bool) -> None:
        rec, model = self.rec, self.model
        if not ok:
            self.title.setText(model.problem)
            self.title.setProperty("warn", True)
        else:
            kind = {"free": "free mat", "hex": "hex board", "square": "square grid"}.get(
                getattr(model.board, "kind", ""), "board")
            self.title.setText(f"{rec.name or rec.id} — {len(model.pieces)} pieces on the {kind}")
            self.title.setProperty("warn", False)
        self.title.style().unpolish(self.title)
        self.title.style().polish(self.title)
        self.hint.setText(HELP)

    def show_findings(self) -> None:
        """Marks on the pieces, and the findings that concern no single piece under the board."""
        if self.model is None or self.model.problem:
            return
        self.view.sync_findings()
        _, loose = self.model.findings()
        shown = [d for d in loose if d.suppressed is None]
        lines = [f"<span style='color:{SEVERITY_COLOURS[d.severity]}'>●</span> {html.escape(d.message, quote=False)} "
                 f"<span style='color:#777'>({html.escape(d.path or 'record')})</span>" for d in shown[:4]]
        if len(shown) > 4:
            lines.append(f"… and {len(shown) - 4} more (see Issues)")
        self.view.say(self.findings, "<br>".join(lines))

    def show_refusal(self, text: str) -> None:
        self.view.say(self.message, text)
        self._message_timer.start()
