"""The Issues dock: every finding of the open packs; double-click goes to the record and field."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.content.diagnostics import Diagnostic, Severity

from .browser import severity_icon
from .session import Session

DIAG_ROLE = Qt.ItemDataRole.UserRole + 1


class IssuesPanel(QWidget):
    diagnosticActivated = Signal(object)  # Diagnostic

    def __init__(self, session: Session, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["", "Message", "Code", "Record", "Field", "File"])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in ((0, 28), (1, 420), (2, 110), (3, 140), (4, 110)):
            self.tree.setColumnWidth(column, width)
        self.tree.itemActivated.connect(self._activated)
        self.shown = {Severity.ERROR: True, Severity.WARNING: True, Severity.INFO: False}
        self.toggles: dict[Severity, QCheckBox] = {}
        bar = QHBoxLayout()
        for severity, label in ((Severity.ERROR, "Errors"), (Severity.WARNING, "Warnings"),
                                (Severity.INFO, "Info")):
            box = QCheckBox(label)
            box.setChecked(self.shown[severity])
            box.toggled.connect(lambda on, s=severity: self._toggle(s, on))
            self.toggles[severity] = box
            bar.addWidget(box)
        bar.addStretch(1)
        self.summary = QLabel()
        bar.addWidget(self.summary)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.tree)
        session.issuesChanged.connect(self.refresh)
        self.refresh()

    def _toggle(self, severity: Severity, on: bool) -> None:
        self.shown[severity] = on
        self.refresh()

    def refresh(self) -> None:
        counts = {s: 0 for s in Severity}
        self.tree.clear()
        items = []
        by_file = {rec.file: rec for rec in self.session.records()}
        for diag in self.session.diagnostics:
            counts[diag.severity] += 1
            if not self.shown[diag.severity]:
                continue
            rec = by_file.get(diag.file)
            message = diag.message + (f"  [suppressed: {diag.suppressed}]" if diag.suppressed else "")
            item = QTreeWidgetItem(["", message, diag.code, rec.label if rec else "", diag.path,
                                    f"{diag.file}:{diag.line}"])
            item.setIcon(0, severity_icon(self, diag.severity))
            for column in range(1, 6):  # a narrow column's text whole ('table.sections[0].rows[1].roll')
                item.setToolTip(column, diag.format() if column == 1 else item.text(column))
            item.setData(0, DIAG_ROLE, diag)
            items.append(item)
        self.tree.addTopLevelItems(items)
        for severity, box in self.toggles.items():
            box.setText(f"{severity.value.capitalize()}s: {counts[severity]}" if severity is not Severity.INFO
                        else f"Info: {counts[severity]}")
        self.counts = counts
        self.summary.setText("No problems" if not (counts[Severity.ERROR] or counts[Severity.WARNING]) else "")

    def rows(self) -> list[Diagnostic]:
        return [self.tree.topLevelItem(i).data(0, DIAG_ROLE) for i in range(self.tree.topLevelItemCount())]

    def go(self, step: int) -> Diagnostic | None:
        """Select the issue `step` rows after the current one (F8, Shift+F8: 1, -1; round the list) and
        go to it, as a double-click does; None when the list is empty."""
        count = self.tree.topLevelItemCount()
        if not count:
            return None
        current = self.tree.indexOfTopLevelItem(self.tree.currentItem()) if self.tree.currentItem() else -1
        if current < 0 and step < 0:
            current = 0
        item = self.tree.topLevelItem((current + step) % count)
        self.tree.setCurrentItem(item)
        self.tree.scrollToItem(item)
        self._activated(item, 0)
        return item.data(0, DIAG_ROLE)

    def _activated(self, item: QTreeWidgetItem, _column: int) -> None:
        self.diagnosticActivated.emit(item.data(0, DIAG_ROLE))
