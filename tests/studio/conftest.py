"""Studio fixtures: a base pack and a pack extending it, in a sandbox for settings and recovery."""

import pytest
from PySide6.QtCore import QSettings

PLANE = """
kind: toy.plane
id: {id}
name: {name}
speed: {speed}
turns: [A, B]
"""

TABLE = """
kind: toy.table
id: {id}
name: Encounters
die: d6
rows:
  - {{roll: 1-3, plane: spit}}
  - {{roll: 4-6, plane: hurri}}
source: Toy rules, table 1
"""

CHILD = "id: child\nname: Child pack\nversion: '1.0'\nruleset: toy\nextends: base\n"


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    """Recovery files and QSettings in the test's own folder."""
    monkeypatch.setenv("SORTIE_RECOVERY_DIR", str(tmp_path / "recovery"))
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    return tmp_path


@pytest.fixture
def packs(make_pack, sandbox):
    """(base root, child root): two planes and a table in the base, a table using them in the child."""
    base = make_pack("base", files={
        "planes/spit.yaml": PLANE.format(id="spit", name="Spitfire I", speed=5),
        "planes/hurri.yaml": PLANE.format(id="hurri", name="Hurricane I", speed=4),
        "tables/encounters.yaml": TABLE.format(id="encounters"),
    })
    child = make_pack("child", manifest=CHILD, files={
        "tables/raids.yaml": TABLE.format(id="raids"),
    })
    return base, child


@pytest.fixture(scope="module")
def bundled_window(qapp, tmp_path_factory):
    """The studio on the bundled packs, opened once per module (it takes a couple of seconds)."""
    from PySide6.QtWidgets import QMessageBox

    from engine.content.loader import BUNDLED_CONTENT
    from studio.main_window import MainWindow

    if not BUNDLED_CONTENT.is_dir():
        pytest.skip("no bundled content")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SORTIE_RECOVERY_DIR", str(tmp_path_factory.mktemp("recovery")))
        window = MainWindow([BUNDLED_CONTENT], remember=False)
        window.ask = lambda *args, **kwargs: QMessageBox.StandardButton.Discard  # closing: drop edits
        window.resize(1400, 900)
        window.show()
        yield window
        window.close()
