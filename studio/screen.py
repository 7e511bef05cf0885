"""Windows and dialogs sized for the screen they open on."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget


def fit_to_screen(widget: QWidget, width: int, height: int, parent: QWidget | None = None) -> None:
    """As large as `widget` wants, but never past the screen's edges (a 1366 x 768 laptop)."""
    room = (parent.screen() if parent is not None else widget.screen()).availableGeometry()
    widget.resize(min(width, room.width()), min(height, room.height()))
