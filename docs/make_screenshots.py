"""Regenerate docs/screenshots/*.png: the studio's editors, dialogs and previews, and
docs/editors.md: the editor of every kind, one picture each (docs/screenshots/editors/).

    .venv/bin/python docs/make_screenshots.py

Works on a copy of the bundled content in a temporary folder (some pictures show
edits: a table made to break, a file changed behind the editor's back), renders
offscreen, and never touches the saved window layout. For one picture of the main
window on any pack the command line is enough:
`sortie studio --screenshot FILE --open KIND:ID[@FIELD] PACK...`.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QMessageBox, QWidget  # noqa: E402

from engine.content.diagnostics import parse_path  # noqa: E402
from engine.content.loader import BUNDLED_CONTENT  # noqa: E402
from engine.content.schemas import kind_schema  # noqa: E402
from engine.rulesets import rulesets  # noqa: E402
from studio.app import application  # noqa: E402
from studio.board_tools import DragPiece  # noqa: E402
from studio.commands import SetField  # noqa: E402
from studio.dialogs import NewPackDialog, confirm_text  # noqa: E402
from studio.main_window import MainWindow  # noqa: E402
from studio.render import render_scene  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
GALLERY = ROOT / "docs" / "editors.md"


def settle(app, window: MainWindow | None = None) -> None:
    """Let nested layouts (each a round of posted events) and deferred scrolling finish."""
    for _ in range(20):
        app.processEvents()
        time.sleep(0.01)
    if window is not None:
        window.session.check_pending()
        app.processEvents()


def composite(window: QWidget, dialog: QWidget, name: str) -> None:
    """The window with a dialog over it, as a person sees them."""
    image = window.grab().toImage()
    shot = dialog.grab()
    painter = QPainter(image)
    x = (image.width() - shot.width()) // 2
    painter.fillRect(QRectF(x + 6, 146, shot.width(), shot.height()), QColor(0, 0, 0, 60))
    painter.drawPixmap(QPoint(x, 140), shot)
    painter.end()
    image.save(str(OUT / name))


def save_preview(window: MainWindow, name: str, scale: float = 8) -> None:
    save_drawing(window.preview.view.drawing, name, scale)


def save_drawing(drawing, name: str, scale: float) -> None:
    scene = render_scene(drawing)
    image = QImage(int(drawing.width * scale), int(drawing.height * scale), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, image.width(), image.height()), scene.sceneRect())
    painter.end()
    image.save(str(OUT / name))


def shot(app, window: MainWindow, kind: str, rid: str, field: str, name: str) -> None:
    rec = window.open_record(kind, rid)
    window.jump(rec, parse_path(field))
    settle(app, window)
    window.grab().save(str(OUT / name))


def board_shot(app, window: MainWindow, kind: str, rid: str, name: str, prepare=None) -> None:
    """The window with the Board tab widened, after `prepare(window, rec)` set the scene."""
    rec = window.open_record(kind, rid)
    window.resize(1800, 1000)
    window.resizeDocks([window.packs_dock, window.preview_dock], [230, 960], Qt.Orientation.Horizontal)
    window.resizeDocks([window.preview_dock, window.help_dock], [700, 90], Qt.Orientation.Vertical)
    settle(app, window)
    window.board.view.fit()
    if prepare is not None:
        prepare(window, rec)
    settle(app, window)
    window.grab().save(str(OUT / name))
    while rec.doc.stack.canUndo():
        rec.doc.stack.undo()
    window.resize(1500, 940)
    window.resizeDocks([window.packs_dock, window.preview_dock], [230, 520], Qt.Orientation.Horizontal)
    window.resizeDocks([window.preview_dock, window.help_dock], [420, 180], Qt.Orientation.Vertical)


def paw_board(window: MainWindow, rec) -> None:
    """A plane selected (its turning handle shows), one given an Energy its dashboard does not
    allow (marked), and a drop off the mat refused."""
    view, model = window.board.view, window.board.model
    zoom_on(window, "planes[6]", 3.2)
    spit = view.items["planes[5]"]
    spit.setSelected(True)
    model.push(model.set_value(model.piece("planes[6]"), "energy", 12))
    window.session.check_all()
    try:
        model.move(model.piece("planes[5]"), pos=(950.0, 120.0))
    except ValueError as exc:
        window.board.show_refusal(f"{spit.piece.label} cannot go there: {exc}")


def aw_board(window: MainWindow, rec) -> None:
    """A counter being dragged over a square with no place: lit red, the reason below."""
    view, board = window.board.view, window.board.model.board
    item = next(i for i in view.items.values() if i.piece.movable and i.piece.cell == "G7")
    drag = DragPiece(view, item, item.pos())
    drag.move(QPointF(*board.center(board.parse("G5"))), Qt.KeyboardModifier.NoModifier)
    view.active = drag


def af_board(window: MainWindow, rec) -> None:
    """The second variant picked, zoomed in on the set-up areas."""
    window.board.variant.setCurrentIndex(1)
    zoom_on(window, "variants[1].groups[1]", 5.0)


def zoom_on(window: MainWindow, key: str, factor: float) -> None:
    view = window.board.view
    view.zoom_by(factor)
    view.centerOn(view.items[key])


def gallery(app, window: MainWindow) -> None:
    """Each kind's editor (form, preview, field help) on the first record of the kind in the
    bundled packs, and docs/editors.md listing them by ruleset; the pack tree and the Issues
    dock are closed so the editor fills the picture."""
    folder = OUT / "editors"
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    first: dict[str, object] = {}
    for rec in window.session.records():
        first.setdefault(rec.kind, rec)
    window.packs_dock.hide()
    window.issues_dock.hide()
    window.resize(1280, 760)
    lines = ["# Every editor", "",
             "The studio's editor for each kind of record, on the first record of the kind in the",
             "bundled packs: the form made from the kind's schema, the preview of the printed component",
             "(for kinds that have one) and the help of the field in focus. The fields of each kind are",
             "listed in the reference (`docs/reference/`). Regenerated by `docs/make_screenshots.py`.", ""]
    for ruleset in rulesets().values():
        lines += [f"## {ruleset.name} (`{ruleset.id}`)", ""]
        for kind in ruleset.kinds:
            kid = kind.kind_id()
            rec = first.get(kid)
            lines += [f"### `{kid}`", "", (kind_schema(kind).get("description") or "").strip().split("\n\n")[0], ""]
            if rec is None:
                lines += ["No bundled record of this kind.", ""]
                continue
            window.show_record(rec)
            settle(app, window)
            window.grab().save(str(folder / f"{kid}.png"))
            lines += [f"Shown: {rec.label} in pack `{rec.doc.id}`. Fields: "
                      f"[reference](reference/{ruleset.id}.md#{kid.replace('.', '')}).", "",
                      f"![The {kid} editor](screenshots/editors/{kid}.png)", ""]
    GALLERY.write_text("\n".join(lines))
    window.packs_dock.show()
    window.issues_dock.show()
    window.browser.tree.collapseAll()  # as the window opens: packs and their kinds
    window.browser.tree.expandToDepth(0)
    window.resize(1500, 940)


def changes_shot(app, window: MainWindow) -> None:
    """Changes since last save: a gun's hit threshold and the points of a dashboard, a plane renamed."""
    spit = window.open_record("paw.dashboard", "spitfire-ix")
    steps = [SetField(spit.doc, spit.uid, ("guns", 2, "hit"), 13), SetField(spit.doc, spit.uid, ("points",), 48)]
    for step in steps:
        spit.doc.stack.push(step)
    window.session.rename(window.session.resolve(spit.doc, "paw.dashboard", "bf-109g"), "bf-109g-6")  # pushes itself
    window.changes_dock.show()
    window.changes_panel.refresh()
    window.jump(spit, ("guns", 2, "hit"))
    settle(app, window)
    window.grab().save(str(OUT / "studio-changes.png"))
    for _ in range(3):
        spit.doc.stack.undo()
    window.changes_dock.hide()


def main() -> int:
    app = application()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        content = Path(tmp) / "content"
        shutil.copytree(BUNDLED_CONTENT, content)
        os.environ["SORTIE_RECOVERY_DIR"] = str(Path(tmp) / "recovery")
        os.chdir(tmp)  # paths in the window read content/...
        window = MainWindow([Path("content")], remember=False)
        window.ask = lambda *args, **kwargs: QMessageBox.StandardButton.Discard
        window.resize(1500, 940)
        window.show()
        settle(app)
        gallery(app, window)  # first: before the pictures below make edits

        shot(app, window, "paw.dashboard", "spitfire-ix", "guns[2].hit", "studio-dashboard.png")
        save_preview(window, "preview-paw-dashboard.png", scale=6)
        shot(app, window, "af.data_card", "p-47d", "name", "studio-data-card.png")
        shot(app, window, "hm.scenario", "yamamotos-defeat", "name", "studio-scenario.png")
        shot(app, window, "af.die_table", "inline-engine", "rows[2].roll", "studio-dice-table.png")
        shot(app, window, "aw.campaign_card", "vvs-kuban-escalator", "effects[1].option", "studio-campaign-card.png")
        shot(app, window, "aw.air_unit", "sturmovik", "name", "studio-air-unit.png")
        shot(app, window, "hm.bomber", "b-17g-fortress", "name", "studio-hm-bomber.png")
        shot(app, window, "aw.target_roster", "vvs-krymskaya", "name", "studio-target-roster.png")
        save_preview(window, "preview-dice-table.png")

        # Validation as you type: break a table the way a slip of the keyboard would.
        rec = window.open_record("paw.theater_table", "adlerangriff-luftwaffe")
        rows = ("table", "sections", 0, "rows")
        rec.doc.stack.push(SetField(rec.doc, rec.uid, rows + (0, "roll"), "1-14"))
        rec.doc.stack.push(SetField(rec.doc, rec.uid, rows + (1, "plane"), "bf-11O"))
        window.session.check_all()
        window.jump(rec, rows + (1, "plane"))
        settle(app, window)
        window.grab().save(str(OUT / "studio-validation.png"))
        rec.doc.stack.undo()
        rec.doc.stack.undo()

        changes_shot(app, window)
        spit = window.open_record("paw.dashboard", "spitfire-ix")
        window.used_dock.raise_()
        settle(app, window)
        window.grab().save(str(OUT / "studio-used-by.png"))
        window.help_dock.raise_()

        find = window.find_dialog()
        find.query.setText("spitfire")
        find.show()
        settle(app)
        composite(window, find, "studio-find.png")
        find.close()

        target = window.open_record("paw.dashboard", "bf-109e")
        dangling = window.session.dangling_on_delete(target)
        box = QMessageBox(QMessageBox.Icon.Question, "Delete record",
                          f"Delete paw.dashboard {target.label}?\n\n{len(dangling)} reference(s) would dangle:\n"
                          + confirm_text([u.label for u in dangling]),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window)
        box.show()
        settle(app)
        composite(window, box, "studio-delete-warning.png")
        box.close()

        board_shot(app, window, "paw.scenario", "bombing-adlerangriff-airfield", "studio-board-paw.png", paw_board)
        board_shot(app, window, "aw.scenario", "red-eagles", "studio-board-aw.png", aw_board)
        window.board.view.active.cancel()
        window.board.view.active = None
        board_shot(app, window, "hm.scenario", "bombers-over-berlin", "studio-board-hm.png",
                   lambda w, _rec: zoom_on(w, next(iter(w.board.view.items)), 2.2))
        board_shot(app, window, "af.scenario", "low-altitude-mission", "studio-board-af.png", af_board)
        shot(app, window, "pack", "pocket-air-war-errata", "extends", "studio-manifest.png")

        window.open_record("aw.air_unit", "yak")
        sheets = window.print_dialog()
        sheets.side.setCurrentIndex(sheets.side.findText("Sheet 3 front"))  # the countermix
        sheets.show()
        settle(app)
        composite(window, sheets, "studio-print-sheets.png")
        save_drawing(sheets.side.itemData(sheets.side.currentIndex()), "sheet-red-eagles-counters.png", 4)
        sheets.close()
        window.open_record("af.data_card", "me-109e")
        sheets = window.print_dialog()
        sheets.scope.setCurrentIndex(sheets.scope.findText("What Scenario 4: Low-Altitude Mission uses"))
        for i in range(sheets.kinds.count()):  # the counters alone
            item = sheets.kinds.item(i)
            if item.data(Qt.ItemDataRole.UserRole) != "af.data_card:counters":
                item.setCheckState(Qt.CheckState.Unchecked)
        save_drawing(sheets.sheets[0].front, "sheet-air-force-counters.png", 4)
        sheets.close()

        # Another program changes a file while it has unsaved edits here.
        window.open_record("paw.dashboard", "spitfire-ix")
        spit.doc.stack.push(SetField(spit.doc, spit.uid, ("points",), 48))
        spit.path.write_text(spit.path.read_text().replace("points: 47", "points: 46"))
        for _ in range(50):
            settle(app)
            if spit.conflict is not None:
                break
        window._update_header()
        settle(app)
        window.grab().save(str(OUT / "studio-conflict.png"))

        wizard = NewPackDialog(window.session, window)
        wizard.pack_id.setText("my-theater")
        wizard.name.setText("My theater")
        wizard.ruleset.setCurrentIndex(wizard.ruleset.findData("paw"))
        wizard.base.setCurrentIndex(wizard.base.findData("pocket-air-war"))
        wizard.folder.setText(tmp)
        wizard.show()
        settle(app)
        composite(window, wizard, "studio-new-pack.png")
        wizard.close()
        window.close()
    print(f"screenshots written to {OUT}, the editor of every kind listed in {GALLERY}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
