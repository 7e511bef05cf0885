"""Regenerate docs/screenshots/*.png: the studio's editors, dialogs and previews.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_screenshots.py

Until the bundled rulesets land, the pictures show a small demo workspace of the
test suite's toy ruleset (two packs, one extending the other, with a table that
has a gap, an overlap and a dangling reference). For a real pack, the command
line does the same for the main window:
`sortie studio --screenshot FILE --open KIND:ID[@FIELD] PACK`.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine.rulesets  # noqa: E402
from tests.core import toy  # noqa: E402

engine.rulesets.rulesets = lambda: {"toy": toy.RULESET}
engine.rulesets.kinds = lambda: {k.kind_id(): k for k in toy.RULESET.kinds}

from PySide6.QtCore import QPoint, QRectF  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QMessageBox, QWidget  # noqa: E402

from studio.app import application  # noqa: E402
from studio.dialogs import NewPackDialog, confirm_text  # noqa: E402
from studio.main_window import MainWindow  # noqa: E402
from studio.render import render_scene  # noqa: E402
from tests.conftest import write  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
PLANE = "kind: toy.plane\nid: {id}\nname: {name}\nspeed: {speed}\nturns: [A, B]\nsource: Toy rules, plane chart\n"


def demo(folder: Path) -> Path:
    write(folder / "base", {
        "pack.yaml": "id: base\nname: Base pack\nversion: 1.0.0\nruleset: toy\n",
        "planes/spit.yaml": PLANE.format(id="spit", name="Spitfire I", speed=5),
        "planes/hurri.yaml": PLANE.format(id="hurri", name="Hurricane I", speed=4),
        "planes/bf109e.yaml": PLANE.format(id="bf109e", name="Bf 109 E", speed=5),
        "tables/encounters.yaml": "kind: toy.table\nid: encounters\nname: Encounters\ndie: d6\nrows:\n"
                                  "  - {roll: 1-3, plane: spit}\n  - {roll: 4-6, plane: hurri}\n",
    })
    write(folder / "raids", {
        "pack.yaml": "id: raids\nname: Channel raids\nversion: 1.0.0\nruleset: toy\nextends: base\n",
        "tables/raids.yaml": "kind: toy.table\nid: raids\nname: Raid escorts\ndie: 2d6\nrows:\n"
                             "  - {roll: 2-5, plane: spit}\n  - {roll: 5-8, plane: hurri}\n"
                             "  - {roll: 10-12, plane: bf109}\nsource: Toy rules, table 2\n"
                             "notes: Escort on a raid, by 2d6.\n",
    })
    return folder / "raids"


def composite(window: QWidget, dialog: QWidget, name: str) -> None:
    """The window with a dialog over it, as a person sees them."""
    image = window.grab().toImage()
    painter = QPainter(image)
    shot = dialog.grab()
    painter.fillRect(QRectF((image.width() - shot.width()) / 2 + 6, 146, shot.width(), shot.height()),
                     QColor(0, 0, 0, 60))
    painter.drawPixmap(QPoint((image.width() - shot.width()) // 2, 140), shot)
    painter.end()
    image.save(str(OUT / name))


def settle(app) -> None:
    for _ in range(5):
        app.processEvents()


def main() -> int:
    app = application()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SORTIE_RECOVERY_DIR"] = str(Path(tmp) / "recovery")
        window = MainWindow([demo(Path(tmp))], remember=False)
        window.resize(1440, 900)
        window.show()

        rec = window.open_record("toy.table", "raids")
        window.jump(rec, ("rows", 1, "roll"))
        settle(app)
        window.grab().save(str(OUT / "studio-dice-table.png"))

        drawing = window.preview.view.drawing
        scene = render_scene(drawing)
        scale = 8
        image = QImage(int(drawing.width * scale), int(drawing.height * scale), QImage.Format.Format_RGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scene.render(painter, QRectF(0, 0, image.width(), image.height()), scene.sceneRect())
        painter.end()
        image.save(str(OUT / "preview-dice-table.png"))

        window.open_record("toy.plane", "spit")
        window.jump(window.rec, ("speed",))
        settle(app)
        window.grab().save(str(OUT / "studio-record-form.png"))
        window.used_dock.raise_()
        settle(app)
        window.grab().save(str(OUT / "studio-used-by.png"))
        window.help_dock.raise_()

        find = window.find_dialog()
        find.query.setText("hurri")
        find.show()
        settle(app)
        composite(window, find, "studio-find.png")
        find.close()

        dangling = window.session.dangling_on_delete(window.rec)
        box = QMessageBox(QMessageBox.Icon.Question, "Delete record",
                          f"Delete toy.plane {window.rec.label}?\n\n{len(dangling)} reference(s) would dangle:\n"
                          + confirm_text([u.label for u in dangling]),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window)
        box.show()
        settle(app)
        composite(window, box, "studio-delete-warning.png")
        box.close()

        wizard = NewPackDialog(window.session, window)
        wizard.pack_id.setText("my-theater")
        wizard.name.setText("My theater")
        wizard.base.setCurrentIndex(wizard.base.findData("base"))
        wizard.folder.setText(tmp)
        wizard.show()
        settle(app)
        composite(window, wizard, "studio-new-pack.png")
        wizard.close()

        window.remember = False
        window.close()
    print(f"screenshots written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
