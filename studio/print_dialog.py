"""File ▸ Print-and-Play Sheets: choose the whole pack or what one scenario uses, the kinds and the
paper, see at once how many sheets they take and what does not fit, look at any side of any sheet,
and save the PDF."""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QVBoxLayout,
)

from engine.content.view import ContentView
from engine.drawing.pdf import write_pdf
from engine.drawing.sheets import PAPERS, Sheet, lay_out_pack, record_kind, scenarios, summary

from .document import PackDocument
from .render import DrawingView
from .screen import fit_to_screen
from .session import Session


class PrintDialog(QDialog):
    def __init__(self, session: Session, doc: PackDocument, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        ruleset = session.ruleset(doc)
        self.makers = ruleset.components if ruleset is not None else {}
        self.view = ContentView.of_pack(doc.pack)  # as edited, saved or not
        self.setWindowTitle(f"Print-and-Play Sheets — {doc.id}")
        self.kinds = QListWidget()
        for key in sorted(self.makers):
            count = len(self.view.records(record_kind(key)))
            item = QListWidgetItem(f"{key.replace(':', ' ')}  ({count} record{'s' if count != 1 else ''})")
            item.setData(Qt.ItemDataRole.UserRole, key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if count else Qt.CheckState.Unchecked)
            self.kinds.addItem(item)
        rows = min(self.kinds.count(), 10)  # every kind in sight, up to ten, then a scroll bar
        self.kinds.setMaximumHeight(rows * max(self.kinds.sizeHintForRow(0), 16) + 2 * self.kinds.frameWidth() + 4)
        self.scope = QComboBox()  # the whole pack, or what one scenario uses
        self.scope.addItem("The whole pack", None)
        for scenario in scenarios(self.view):
            self.scope.addItem(f"What {scenario.name} uses", scenario)
        self.paper = QComboBox()
        for name, (w, h) in PAPERS.items():
            self.paper.addItem(f"{name.upper() if name != 'letter' else 'Letter'}  ({w:g} x {h:g} mm)", name)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.side = QComboBox()  # which side of which sheet the view shows
        self.page = DrawingView()
        self.page.setMinimumHeight(320)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setText("Save PDF…")
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("For", self.scope)
        form.addRow("Print", self.kinds)
        form.addRow("Paper", self.paper)
        form.addRow("Show", self.side)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addWidget(self.page, 1)
        layout.addWidget(self.buttons)
        self.kinds.itemChanged.connect(lambda _item: self.refresh())
        self.paper.currentIndexChanged.connect(lambda _i: self.refresh())
        self.scope.currentIndexChanged.connect(lambda _i: self.refresh())
        self.side.currentIndexChanged.connect(self.show_side)
        self.sheets: list[Sheet] = []
        self.problems: list[str] = []
        self.saved: Path | None = None
        fit_to_screen(self, 560, 720, parent)
        self.refresh()

    def chosen_kinds(self) -> list[str]:
        items = [self.kinds.item(i) for i in range(self.kinds.count())]
        return [i.data(Qt.ItemDataRole.UserRole) for i in items if i.checkState() == Qt.CheckState.Checked]

    def refresh(self) -> None:
        """Lay the sheets out again for the kinds and paper chosen, and say what comes out."""
        scenario = self.scope.currentData()
        self.sheets, self.problems = lay_out_pack(self.doc.pack, self.view, self.makers, self.chosen_kinds(),
                                                  self.paper.currentData(), scenario)
        text = (f"{summary(self.sheets)} to print."
                if self.sheets else "Nothing to print: tick a kind with records.")
        chosen = {record_kind(key) for key in self.chosen_kinds()}
        broken = [r.label for r in self.doc.records.values()
                  if not r.is_manifest and r.kind in chosen and r.model is None]
        warnings = list(self.problems)
        if broken:  # a record that does not validate has no model to draw
            warnings.append(f"Left out, as they do not validate (see Issues): {', '.join(broken)}")
        if warnings:
            text += "<br><span style='color:#b3261e'>" + "<br>".join(map(escape, warnings)) + "</span>"
        self.summary.setText(text)
        self.side.blockSignals(True)
        self.side.clear()
        for i, sheet in enumerate(self.sheets, 1):
            self.side.addItem(f"Sheet {i} front", sheet.front)
            if sheet.back is not None:
                self.side.addItem(f"Sheet {i} back", sheet.back)
        self.side.blockSignals(False)
        self.show_side(0)
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(bool(self.sheets))

    def show_side(self, index: int) -> None:
        self.page.show_drawing(self.side.itemData(index) if index >= 0 else None)

    def ask_path(self) -> Path | None:
        """Where to save (tests replace it)."""
        name, _ = QFileDialog.getSaveFileName(self, "Save print-and-play sheets", f"{self.doc.id}-sheets.pdf",
                                              "PDF (*.pdf)")
        return Path(name) if name else None

    def save(self) -> None:
        path = self.ask_path()
        if path is None:
            return
        try:
            write_pdf(self.sheets, path, title=f"{self.doc.id} print-and-play sheets")
        except OSError as exc:
            why = exc.strerror or str(exc)
            QMessageBox.warning(self, "Print-and-Play Sheets", f"{path}: cannot write: {why}")
            return
        self.saved = path
        self.accept()
