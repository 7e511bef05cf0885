"""File ▸ Print-and-Play Sheets: the dialog, and the PDF it saves (the command line's: tests/cli/test_sheets_cmd.py)."""

import pytest
from PySide6.QtCore import Qt

from engine.content.loader import BUNDLED_CONTENT
from tests.drawing.test_pdf import pdf_pages

pytestmark = pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")



@pytest.fixture
def window(bundled_window):
    return bundled_window


def dialog_for(window, pack_id):
    rec = next(r for d in window.session.docs if d.id == pack_id for r in d.records.values() if not r.is_manifest)
    window.show_record(rec)
    return window.print_dialog()


def test_the_dialog_lays_out_what_is_ticked_and_saves_the_pdf(window, tmp_path):
    dialog = dialog_for(window, "red-eagles")
    assert dialog.summary.text().startswith("57 component(s) on 3 sheet(s), 4 side(s)")
    assert dialog.side.count() == 4 and dialog.page.scene().items()
    cards = next(dialog.kinds.item(i) for i in range(dialog.kinds.count()) if "campaign_card" in dialog.kinds.item(i).text())
    cards.setCheckState(cards.checkState().__class__.Unchecked)
    assert dialog.summary.text().startswith("39 component(s) on 1 sheet(s), 2 side(s)")
    dialog.ask_path = lambda: tmp_path / "counters.pdf"
    dialog.save()
    assert dialog.saved == tmp_path / "counters.pdf" and pdf_pages(dialog.saved)[0] == 2


def test_the_dialog_prints_what_one_scenario_uses(window):
    dialog = dialog_for(window, "pocket-air-war")
    everything = dialog.summary.text()
    dialog.scope.setCurrentIndex(dialog.scope.findText("What Strategic Bombing: Eagle Attack on an Airfield uses"))
    assert dialog.summary.text().startswith("18 component(s)") and not everything.startswith("18 ")
    assert "Eagle Attack on an Airfield" in " ".join(dialog.sheets[0].front.texts())  # the footer names it


def test_the_dialog_shows_what_does_not_fit_the_paper(window):
    dialog = dialog_for(window, "air-force")
    dialog.paper.setCurrentIndex(dialog.paper.findData("letter"))
    assert "does not fit" in dialog.summary.text() and "print on a4 or a3" in dialog.summary.text()
    save = dialog.buttons.button(dialog.buttons.StandardButton.Save)
    assert save.isEnabled()  # the counters fit letter paper
    items = {dialog.kinds.item(i).data(Qt.ItemDataRole.UserRole): dialog.kinds.item(i)
             for i in range(dialog.kinds.count())}
    assert items["af.data_card:counters"].text().startswith("af.data_card counters  (32 records)")
    for key, item in items.items():  # the cards alone: nothing fits
        if key != "af.data_card":
            item.setCheckState(Qt.CheckState.Unchecked)
    assert not save.isEnabled()


def test_the_dialog_names_records_left_out_because_they_do_not_validate(window):
    from studio.commands import SetField

    rec = window.open_record("aw.air_unit", "yak")
    rec.doc.stack.push(SetField(rec.doc, rec.uid, ("count",), "many"))
    rec.doc.stack.push(SetField(rec.doc, rec.uid, ("name",), "Yak <b>1</b>"))
    try:
        dialog = window.print_dialog()
        assert "Left out, as they do not validate (see Issues): Yak &lt;b&gt;1&lt;/b&gt; (yak)" in dialog.summary.text()
        assert dialog.summary.text().startswith("54 component(s)")  # the three Yaks are not drawn
    finally:
        rec.doc.stack.undo()
        rec.doc.stack.undo()
    assert "Left out" not in window.print_dialog().summary.text()


def test_print_is_refused_in_the_status_bar_for_a_ruleset_that_prints_nothing(qtbot, packs, sandbox):
    from studio.main_window import MainWindow

    window = MainWindow([packs[1]], remember=False)
    qtbot.addWidget(window)
    assert window.print_dialog() is None
    assert "nothing to print for this ruleset" in window.statusBar().currentMessage()


def test_the_dialog_opens_within_the_screen(window):
    """560 x 720 wanted; a smaller screen (a 1366 x 768 laptop's) gets a dialog that fits it."""
    from studio.screen import fit_to_screen

    dialog = dialog_for(window, "red-eagles")
    room = window.screen().availableGeometry()
    assert dialog.height() == min(720, room.height()) and dialog.width() <= room.width()
    fit_to_screen(dialog, 560, room.height() + 300, window)
    assert dialog.height() == room.height()
