"""The main window: for now, the loaded packs and their diagnostics."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QSplitter, QTreeWidget, QTreeWidgetItem

from engine.content.validate import validate_paths


class MainWindow(QMainWindow):
    def __init__(self, paths: list[Path]) -> None:
        super().__init__()
        self.setWindowTitle("Sortie")
        self.report = validate_paths(paths)
        self.packs = QTreeWidget()
        self.packs.setHeaderLabels(["Pack / kind", "Records"])
        for pack in self.report.packs:
            top = QTreeWidgetItem([f"{pack.id}  ({pack.ruleset})", str(len(pack.entries))])
            kinds: dict[str, int] = {}
            for entry in pack.entries:
                kinds[entry.kind or "?"] = kinds.get(entry.kind or "?", 0) + 1
            for kind, n in sorted(kinds.items()):
                top.addChild(QTreeWidgetItem([kind, str(n)]))
            self.packs.addTopLevelItem(top)
        self.issues = QTreeWidget()
        self.issues.setHeaderLabels(["Severity", "Code", "Message", "File", "Line"])
        for d in self.report.diagnostics:
            self.issues.addTopLevelItem(
                QTreeWidgetItem([d.severity.value, d.code, d.message, d.file, str(d.line)])
            )
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.packs)
        split.addWidget(self.issues)
        self.setCentralWidget(split)
