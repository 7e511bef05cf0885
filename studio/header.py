"""The record header over the form: its title and a kind · id — pack — file line, one fixed height.

A header that wrapped a long title to two lines moved the form's top between records while paging."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget


class ElidedLabel(QLabel):
    """One line that neither wraps nor widens its pane: a text too long ends in "…", whole in its tooltip."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.full = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def set_full_text(self, text: str) -> None:
        self.full = text
        self._elide()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """A line of the font whatever the text (none included), so the height never follows it."""
        margins = self.contentsMargins()
        return QSize(0, self.fontMetrics().height() + margins.top() + margins.bottom())

    minimumSizeHint = sizeHint

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(self.full, Qt.TextElideMode.ElideRight, self.contentsRect().width())
        self.setText(shown)
        self.setToolTip(self.full if shown != self.full else "")


class RecordHeader(QWidget):
    """The title of the record on show, in large type, over the line saying where it lives."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("recordHeader")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)  # for the style sheet's background
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.title = ElidedLabel()
        self.title.setObjectName("recordTitle")
        font = QFont(self.title.font())
        font.setPointSize(15)
        font.setWeight(QFont.Weight.DemiBold)
        self.title.setFont(font)
        self.where = ElidedLabel()
        self.where.setObjectName("recordWhere")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.setSpacing(0)
        layout.addWidget(self.title)
        layout.addWidget(self.where)

    def show_text(self, title: str, where: str) -> None:
        self.title.set_full_text(title)
        self.where.set_full_text(where)
