"""Help ▸ Keyboard Shortcuts: every shortcut of a window's menus, read from its actions when the
list is opened, so it cannot go stale; and Help ▸ Documentation, the guides shipped with the studio."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMenu, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

DOCS = Path(__file__).resolve().parents[1] / "docs" / "studio.md"


def shortcuts(menus: list[QMenu], where: str = "") -> list[tuple[str, str, str]]:
    """(menu, command, keys) of every action with a shortcut in `menus` and their submenus."""
    rows = []
    for menu in menus:
        title = f"{where} ▸ {menu.title()}" if where else menu.title()
        title = title.replace("&", "")
        for action in menu.actions():
            if action.menu() is not None:
                rows += shortcuts([action.menu()], title)
            elif keys := action.shortcuts():
                text = action.text().replace("&", "").replace("…", "")
                rows.append((title, text, ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys)))
    return rows


def menus_of(window) -> list[QMenu]:
    return [a.menu() for a in window.menuBar().actions() if a.menu() is not None]


class ShortcutsDialog(QDialog):
    """The shortcuts of a window's menus, one row each."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setWindowTitle("Keyboard Shortcuts")
        rows = shortcuts(menus_of(window))
        self.table = QTableWidget(len(rows), 3)
        self.table.setObjectName("shortcutsTable")
        self.table.setHorizontalHeaderLabels(["Menu", "Command", "Keys"])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(close)
        self.resize(560, 480)


def open_documentation() -> bool:
    """The studio's guide in the desktop's viewer; False when it is not there (an installed wheel)."""
    return DOCS.is_file() and QDesktopServices.openUrl(QUrl.fromLocalFile(str(DOCS)))
