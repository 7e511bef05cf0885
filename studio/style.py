"""The studio's look: Fusion with a light palette, and marks for fields the validator flags."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

STYLE_SHEET = """
QWidget#recordHeader { background: #f4f6f9; border-bottom: 1px solid #d6dbe1; }
QLabel#recordWhere { color: #555; }
QLabel#dirtyMark { padding: 14px 12px 8px 0; background: #f4f6f9; border-bottom: 1px solid #d6dbe1; color: #b26a00; }
QFrame#conflictBanner { background: #fff4d6; border-bottom: 1px solid #e0c27a; padding: 4px; }
QLabel#placeholder { color: #777; font-size: 11pt; padding: 40px; }
QLabel#fieldLabel { color: #333; padding-top: 4px; }
QLabel#idValue, QLabel#constValue { font-family: monospace; color: #234; padding: 3px 0; }
QLabel#fieldMessage { color: #b3261e; font-size: 9pt; }
QLabel#fieldMessage[severity="warning"] { color: #8a5a00; }
QLabel#fieldMessage[severity="info"] { color: #2c5d8f; }
QLabel#previewStatus { color: #333; font-weight: 600; padding: 2px 4px; }
QLabel#previewStatus[warn="true"] { color: #8a5a00; }
QLabel#previewNotes { color: #8a3a00; font-size: 9pt; }
QGroupBox { font-weight: 600; border: 1px solid #d3d8de; border-radius: 4px; margin-top: 10px; padding-top: 6px; }
QGroupBox::title { subcontrol-origin: margin; left: 8px; padding: 0 4px; color: #2d3f52; }
QFrame#listItem { border: 1px solid #e0e3e7; border-radius: 3px; background: #fbfbfc; }
*[severity="error"] QLineEdit, *[severity="error"] QSpinBox, *[severity="error"] QDoubleSpinBox,
*[severity="error"] QComboBox, *[severity="error"] QPlainTextEdit, *[severity="error"] QTableWidget
    { border: 1px solid #d93025; background: #fff5f4; }
*[severity="warning"] QLineEdit, *[severity="warning"] QSpinBox, *[severity="warning"] QComboBox,
*[severity="warning"] QPlainTextEdit, *[severity="warning"] QTableWidget
    { border: 1px solid #e3a008; background: #fffaf0; }
QToolButton#clearButton { border: none; color: #888; font-weight: bold; }
QToolButton#clearButton:hover { color: #b3261e; }
QToolButton#clearButton:disabled { color: transparent; }
QLabel#boardMessage { color: #8c1d18; background: #fdecea; border: 1px solid #f1b0aa; border-radius: 3px;
    padding: 4px 6px; }
QLabel#boardFindings { font-size: 9pt; padding: 4px 6px; background: rgba(255, 255, 255, 225);
    border: 1px solid #c9ced6; border-radius: 3px; }
QLabel#boardHint { color: #5a6470; font-size: 8pt; padding: 1px 4px; }
QFrame#valuePopup { background: #ffffff; border: 1px solid #9aa5b1; }
QTextBrowser#helpPane { background: #fcfcfd; }
QCheckBox:focus, QRadioButton:focus { background: #d3e3f7; border-radius: 3px; }
QTreeView:focus, QListView:focus, QTableView:focus, QTextBrowser:focus, QGraphicsView:focus
    { border: 1px solid #2f6db5; }
"""


def apply_style(app: QApplication) -> None:
    app.setStyle("Fusion")
    palette = app.palette()
    palette.setColor(QPalette.ColorRole.Window, QColor("#eef0f3"))
    palette.setColor(QPalette.ColorRole.Base, QColor("#ffffff"))
    palette.setColor(QPalette.ColorRole.AlternateBase, QColor("#f5f7fa"))
    palette.setColor(QPalette.ColorRole.Highlight, QColor("#2f6db5"))
    palette.setColor(QPalette.ColorRole.Button, QColor("#f3f4f6"))
    app.setPalette(palette)
    font = QFont("DejaVu Sans")
    font.setPointSize(9)
    app.setFont(font)
    app.setStyleSheet(STYLE_SHEET)
