"""Studio start-up: the application object, the main window, the screenshot mode."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from engine.content.diagnostics import parse_path
from engine.content.loader import BUNDLED_CONTENT
from engine.content.validate import UsageError

from .style import apply_style


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


def application() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Sortie")
    app.setOrganizationName("Sortie")
    apply_style(app)
    return app


# The window sizes --size takes: a window smaller than the smallest shows nothing usable, and a
# screenshot larger than the largest is more than an image file can hold at once.
SMALLEST, LARGEST = 200, 8000
DEFAULT_SIZE = (1400, 900)


def size_window(window, size: tuple[int, int] | None) -> None:
    """--size wins; else the size the window had when last closed (restored with its layout);
    else DEFAULT_SIZE. A fixed default used to undo the restored size at every start."""
    if size is not None:
        window.resize(*size)
    elif not window.restored:
        window.resize(*DEFAULT_SIZE)


def main(paths: list[Path], screenshot: Path | None = None, open_record: str | None = None,
         size: str | None = None) -> int:
    problem = _choose_platform(screenshot)
    if problem:
        print(f"sortie studio: {problem}", file=sys.stderr)
        return 2
    dims = None  # without --size: the size the window was closed at
    if size is not None:
        try:
            dims = width, height = tuple(int(v) for v in size.lower().split("x"))
            if not (SMALLEST <= width <= LARGEST and SMALLEST <= height <= LARGEST):
                raise ValueError
        except ValueError:
            print(f"sortie studio: --size expects WIDTHxHEIGHT in pixels, each {SMALLEST} to {LARGEST}, "
                  f"e.g. 1400x900; got {size!r}", file=sys.stderr)
            return 2
    if open_record is not None and not open_record.partition(":")[2]:
        print(f"sortie studio: --open expects KIND:ID[@FIELD], e.g. aw.air_unit:yak-1@speed; got {open_record!r}",
              file=sys.stderr)
        return 2
    from .main_window import MainWindow

    app = application()
    if not paths:
        paths = [BUNDLED_CONTENT] if BUNDLED_CONTENT.is_dir() else []
    try:
        window = MainWindow(paths, remember=screenshot is None)
    except UsageError as exc:
        print(f"sortie studio: {exc}", file=sys.stderr)
        return 2
    size_window(window, dims)
    window.show()
    window.offer_recovery()
    if open_record:
        kind, _, rest = open_record.partition(":")
        rid, _, field = rest.partition("@")
        rec = window.open_record(kind, rid)
        if rec is None:
            print(f"sortie studio: --open: no {kind} record with id '{rid}' in the open packs", file=sys.stderr)
            window.close()
            return 2
        if field:
            window.jump(rec, parse_path(field))
    if screenshot is not None:
        for _ in range(3):
            app.processEvents()
        ok = window.grab().save(str(screenshot))
        window.close()
        if not ok:
            print(f"sortie studio: cannot write {screenshot}", file=sys.stderr)
            return 1
        return 0
    return app.exec()
