"""The preview pane: the current record drawn like the printed component, on every edit.

A ruleset registers `previews[kind_id] = function(record, ctx) -> Drawing`;
any record holding dice tables gets the generic coverage preview. While a
record does not validate, the last good drawing stays up, marked as such.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from engine.drawing.dice import dice_tables_drawing
from engine.content.view import ContentView
from engine.drawing.shapes import Drawing

from .document import DocRecord
from .render import DrawingView
from .session import Session


def drawing_for(session: Session, rec: DocRecord) -> Drawing | None:
    """The preview of a valid record, or None when its kind has none.

    Raises whatever a ruleset's preview function raises; the pane shows it.
    """
    model = rec.model
    if model is None or rec.is_manifest:
        return None
    ruleset = session.ruleset(rec.doc)
    draw = ruleset.previews.get(rec.kind) if ruleset else None
    if draw is not None:
        return draw(model, ContentView.of_pack(rec.doc.pack))
    return dice_tables_drawing(model, title=rec.label)


class PreviewPane(QWidget):
    fieldClicked = Signal(str)  # a field path, e.g. "rows[2].roll"

    def __init__(self, session: Session, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.rec: DocRecord | None = None
        self.view = DrawingView()
        self.view.keyClicked.connect(self.fieldClicked)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setObjectName("previewStatus")
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setObjectName("previewNotes")
        self.notes.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.status)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.notes)
        session.recordChanged.connect(self._on_changed)
        session.recordRemoved.connect(lambda uid: uid == getattr(self.rec, "uid", None) and self.show_record(None))
        self.redraws = 0  # counted for tests and the latency benchmark
        self._stale = False
        self.show_record(None)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if self._stale:
            self.redraw()

    def show_record(self, rec: DocRecord | None) -> None:
        self.rec = rec
        self.view.restart()
        self.redraw()

    def _on_changed(self, uid: int, _path) -> None:
        if self.rec is not None and uid == self.rec.uid:
            self.redraw()

    def redraw(self) -> None:
        if not self.isVisible() and self.rec is not None:
            self._stale = True  # behind another tab (the board): drawn when shown
            return
        self._stale = False
        drawing = self._drawing()
        if drawing is not None:
            self.view.show_drawing(drawing)
            self._say(drawing.title or self.rec.label)
            self.notes.setText("\n".join(f"• {n}" for n in drawing.notes))
        elif self.view.drawing is None:
            self.view.show_drawing(None)  # nothing of the last record's drawing under this one's note

    def _drawing(self) -> Drawing | None:
        """The record's drawing; None, said why, when there is nothing new to show."""
        rec = self.rec
        if rec is None:
            self._say("Select a record to see its preview.")
            self.notes.setText("")
            return None
        if rec.model is None:
            last = "; showing its last valid state" if self.view.drawing is not None else ""
            self._say(f"{rec.id} has errors (see Issues){last}.", warn=True)
            return None
        try:
            drawing = drawing_for(self.session, rec)
        except Exception as exc:  # a ruleset's preview failing must not take the editor down
            self._say(f"The {rec.kind} preview failed: {type(exc).__name__}: {exc}", warn=True)
            return None
        self.redraws += 1
        if drawing is None:  # (the caller empties the view)
            self._say("The pack manifest names the pack, its ruleset and its base; it has no drawing."
                      if rec.is_manifest else f"No preview for {rec.kind} yet.")
            self.notes.setText("")
        return drawing

    def _say(self, text: str, warn: bool = False) -> None:
        self.status.setText(text)
        self.status.setProperty("warn", warn)
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)
