"""Opening the studio on the bundled packs (542 records): load, check and build the window,
up to the first paint. Imports are not counted (one process imports once); see
tests/studio/test_startup.py for what the editor leaves unimported. Target: under 1.5 s."""

from PySide6.QtWidgets import QApplication

from engine.content.loader import BUNDLED_CONTENT
from studio.main_window import MainWindow


def test_open_bundled(benchmark, qapp, monkeypatch, tmp_path):
    monkeypatch.setenv("SORTIE_RECOVERY_DIR", str(tmp_path))

    def open_window():
        window = MainWindow([BUNDLED_CONTENT], remember=False)
        window.show()
        QApplication.processEvents()
        return window

    windows = []
    benchmark.pedantic(lambda: windows.append(open_window()), rounds=5, iterations=1)
    assert all(w.session.diagnostics and not w.isWindowModified() for w in windows)
    for window in windows:
        window.close()
