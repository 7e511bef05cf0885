"""Studio start-up: the application object, the main window, the screenshot mode."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from engine.content.loader import BUNDLED_CONTENT
from engine.content.validate import UsageError


def main(paths: list[Path], screenshot: Path | None = None) -> int:
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
