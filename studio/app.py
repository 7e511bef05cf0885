"""Studio start-up: the application object, the main window, the screenshot mode."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from engine.content.loader import BUNDLED_CONTENT
from engine.content.validate import UsageError


def _choose_platform(screenshot: Path | None) -> str | None:
    """Render screenshots offscreen; refuse clearly (not with a Qt abort) when there is no display."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return None
    if screenshot is not None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        return None
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return ("no display: run it in a desktop session (DISPLAY or WAYLAND_DISPLAY), "
                "or use --screenshot FILE to render offscreen")
    return None


def main(paths: list[Path], screenshot: Path | None = None) -> int:
    problem = _choose_platform(screenshot)
    if problem:
        print(f"sortie studio: {problem}", file=sys.stderr)
        return 2
    from .main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Sortie")
    app.setOrganizationName("Sortie")
    try:
        window = MainWindow(paths or [BUNDLED_CONTENT])
    except UsageError as exc:
        print(f"sortie studio: {exc}", file=sys.stderr)
        return 2
    window.resize(1200, 800)
    window.show()
    if screenshot is not None:
        app.processEvents()
        ok = window.grab().save(str(screenshot))
        window.close()
        if not ok:
            print(f"sortie studio: cannot write {screenshot}", file=sys.stderr)
            return 1
        return 0
    return app.exec()
