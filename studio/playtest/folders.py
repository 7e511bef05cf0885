"""Where replay files are looked for: the folder of the last replay saved or opened, remembered
across sessions, so a dialog does not open in whatever folder the studio was started from."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

KEY = "playtest/replayFolder"


def replay_folder() -> Path:
    """The last replay's folder while it exists, else the user's documents (or home) folder."""
    last = QSettings().value(KEY, "")
    if isinstance(last, str) and last and Path(last).is_dir():
        return Path(last)
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(documents) if documents and Path(documents).is_dir() else Path.home()


def remember_replay_folder(path: Path) -> None:
    """Remember the folder of a replay just saved or opened."""
    QSettings().setValue(KEY, str(Path(path).resolve().parent))
