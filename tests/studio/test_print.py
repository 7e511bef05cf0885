"""Print-and-play sheets as a PDF: from the command line and from File ▸ Print-and-Play Sheets."""

import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from engine.cli import main
from engine.content.loader import BUNDLED_CONTENT
from engine.drawing.sheets import Component, lay_out
from engine.drawing.shapes import Drawing, Rect
from studio.print_pdf import write_pdf

pytestmark = pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")
RED_EAGLES = BUNDLED_CONTENT / "red-eagles"
ROOT = Path(__file__).resolve().parents[2]


def pdf_pages(path):
    """(pages, media boxes in points) of a PDF, read from its page objects."""
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", data))
    return pages, {(round(float(w)), round(float(h))) for w, h in boxes}


def test_the_pdf_has_a_page_per_side_at_the_papers_size(qapp, tmp_path):
    counter = Drawing(16, 16, (Rect(0, 0, 16, 16),))
    sheets, _ = lay_out([Component(counter, counter, "toy.counter a"), Component(counter, None, "toy.counter b")],
                        "letter", "Toy")
    out = write_pdf(sheets, tmp_path / "toy.pdf")
    assert pdf_pages(out) == (2, {(612, 792)})  # front and back, Letter in points


def test_rewriting_a_pdf_keeps_its_permissions(qapp, tmp_path):
    counter = Drawing(16, 16, (Rect(0, 0, 16, 16),))
    sheets, _ = lay_out([Component(counter)], "a4", "Toy")
    path = tmp_path / "toy.pdf"
    write_pdf(sheets, path)
    path.chmod(0o640)
    write_pdf(sheets, path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["toy.pdf"]  # no temporary file left


def test_sortie_sheets_writes_the_countermix_and_cards(tmp_path, capsys):
    out = tmp_path / "re.pdf"
    assert main(["sheets", str(RED_EAGLES), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    placed, sheets, sides = map(int, re.search(r"(\d+) component\(s\) on (\d+) sheet\(s\), (\d+) side\(s\) of a4 paper",
                                               said).groups())
    assert (placed, sides) == (57, 4) and sheets == 3
    assert pdf_pages(out) == (4, {(595, 842)})


def test_sortie_sheets_writes_svg_pages_without_qt(tmp_path, capsys):
    (tmp_path / "svg").mkdir()
    (tmp_path / "svg" / "sheet-07-front.svg").write_text("an earlier run's page")
    (tmp_path / "svg" / "notes.txt").write_text("mine")
    assert main(["sheets", str(RED_EAGLES), "aw.air_unit", "--svg", str(tmp_path / "svg")]) == 0
    names = sorted(p.name for p in (tmp_path / "svg").iterdir())
    assert names == ["notes.txt", "sheet-01-back.svg", "sheet-01-front.svg"]
    assert 'width="210mm" height="297mm"' in (tmp_path / "svg" / "sheet-01-front.svg").read_text()


def test_a_failed_svg_run_leaves_the_earlier_pages_whole(tmp_path, capsys, monkeypatch):
    import engine.drawing.svg

    svg = tmp_path / "svg"
    assert main(["sheets", str(RED_EAGLES), "aw.air_unit", "--svg", str(svg)]) == 0
    before = {p.name: p.read_text() for p in svg.iterdir()}
    to_svg, pages = engine.drawing.svg.to_svg, []

    def disk_full_at_the_second_page(drawing):
        pages.append(drawing)
        if len(pages) == 2:
            raise OSError(28, "No space left on device")
        return to_svg(drawing)

    monkeypatch.setattr(engine.drawing.svg, "to_svg", disk_full_at_the_second_page)
    assert main(["sheets", str(RED_EAGLES), "aw.air_unit", "--svg", str(svg)]) == 2
    assert "cannot write: No space left on device" in capsys.readouterr().err
    assert {p.name: p.read_text() for p in svg.iterdir()} == before  # no page lost or half-written


def full_disk(monkeypatch, free=0, ends=True):
    """Qt's PDF writer on a full disk: the file is cut at `free` bytes and `end()` still says
    all went well (what it does), or says it failed (`ends=False`)."""
    import studio.print_pdf

    class Writer(studio.print_pdf.QPdfWriter):
        def __init__(self, name):
            super().__init__(name)
            self.name = name

    class Painter(studio.print_pdf.QPainter):
        def begin(self, writer):
            self.writer = writer
            return super().begin(writer)

        def end(self):
            super().end()
            with open(self.writer.name, "r+b") as handle:
                handle.truncate(free)
            return ends

    monkeypatch.setattr(studio.print_pdf, "QPdfWriter", Writer)
    monkeypatch.setattr(studio.print_pdf, "QPainter", Painter)


@pytest.mark.parametrize("free, ends", [(0, True), (20_000, True), (10**9, False)])
def test_sheets_on_a_full_disk_keep_the_old_pdf_and_fail(tmp_path, capsys, monkeypatch, free, ends):
    out = tmp_path / "re.pdf"
    assert main(["sheets", str(RED_EAGLES), "aw.air_unit", "--out", str(out)]) == 0
    before = out.read_bytes()
    capsys.readouterr()
    full_disk(monkeypatch, free, ends)
    assert main(["sheets", str(RED_EAGLES), "--out", str(out)]) == 2
    said = capsys.readouterr()
    assert f"{out}: cannot write:" in said.err and "component(s)" not in said.out
    assert out.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["re.pdf"]  # no temporary file left


def test_svg_pages_are_written_without_loading_qt(tmp_path):
    """A modder's CI server may have no Qt libraries: the SVG route must not need them."""
    script = ("import sys; from engine.cli import main; "
              f"code = main(['sheets', {str(RED_EAGLES)!r}, '--svg', {str(tmp_path)!r}]); "
              "print(code, any(m.startswith('PySide6') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.split()[-2:] == ["0", "False"], done.stderr


def test_sortie_sheets_prints_what_one_scenario_uses(tmp_path, capsys):
    pack = BUNDLED_CONTENT / "pocket-air-war"
    assert main(["sheets", str(pack), "--scenario", "bombing-adlerangriff-airfield", "--svg", str(tmp_path)]) == 0
    # its 4 dashboards, 2 fire templates and 3 targets, and a counter for each of its 9 planes
    assert re.search(r": 18 component\(s\) on", capsys.readouterr().out)
    assert main(["sheets", str(pack), "--scenario", "bombing-adlerangriff"]) == 2
    assert "no scenario 'bombing-adlerangriff' in pocket-air-war. Did you mean 'bombing-adlerangriff-airfield'?" \
        in capsys.readouterr().err


def test_sortie_sheets_says_what_does_not_fit_and_writes_the_rest(tmp_path, capsys):
    out = tmp_path / "af.pdf"
    assert main(["sheets", str(BUNDLED_CONTENT / "air-force"), "--paper", "letter", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "af.data_card b-17f, b-17g, b-24d, b-24j and 28 more: 282 x 142 mm does not fit" in err
    assert "print on a4 or a3" in err
    assert out.exists()  # the counters fit: they are written
    out.unlink()
    assert main(["sheets", str(BUNDLED_CONTENT / "air-force"), "af.data_card", "--paper", "letter",
                 "--out", str(out)]) == 1
    assert not out.exists()  # every card was too big: nothing to write


@pytest.mark.parametrize("argv, message", [
    (["aw.air_units"], "no print-and-play components for kind 'aw.air_units'"),
    (["--out", "/proc/nowhere/x.pdf"], "/proc/nowhere/x.pdf: cannot write"),
])
def test_sortie_sheets_refuses_bad_arguments_plainly(argv, message, capsys):
    assert main(["sheets", str(RED_EAGLES), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_sortie_sheets_says_when_a_ruleset_prints_nothing(make_pack, capsys):
    assert main(["sheets", str(make_pack())]) == 2
    assert "base: the Toy ruleset has no print-and-play components" in capsys.readouterr().err


def test_a_minis_scenario_prints_its_plane_cards_and_the_shooting_table_its_rules_use(tmp_path, capsys):
    assert main(["sheets", str(BUNDLED_CONTENT / "hex-minis"), "--scenario", "yamamotos-defeat",
                 "--svg", str(tmp_path)]) == 0
    assert ": 4 component(s)" in capsys.readouterr().out  # two fighter types, the bomber, the table
    page = (tmp_path / "sheet-01-front.svg").read_text()
    assert "SHOOTING" in page.upper() and "P-38" in page


def test_sortie_sheets_refuses_a_pack_with_errors(tmp_path, capsys):
    pack = shutil.copytree(RED_EAGLES, tmp_path / "red-eagles")
    unit = next((pack / "air-units").glob("*.yaml"))
    unit.write_text(re.sub(r"(?m)^count: .*$", "count: many", unit.read_text()))
    assert main(["sheets", str(pack), "--out", str(tmp_path / "x.pdf")]) == 1
    err = capsys.readouterr().err
    assert re.search(r"red-eagles has \d+ error\(s\); fix them before printing", err)
    assert re.search(rf"{unit.name}:\d+:\d+: error\[schema\]: .*'many' \(at count\)", err)
    assert not (tmp_path / "x.pdf").exists()


# --------------------------------------------------------------------------- the studio


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


def test_the_dialog_says_a_full_disk_and_keeps_the_old_pdf(window, tmp_path, monkeypatch):
    import studio.print_dialog

    old = tmp_path / "counters.pdf"
    old.write_bytes(b"%PDF- the earlier sheets")
    warned = []
    monkeypatch.setattr(studio.print_dialog.QMessageBox, "warning", lambda _parent, _title, text: warned.append(text))
    full_disk(monkeypatch)
    dialog = dialog_for(window, "red-eagles")
    dialog.ask_path = lambda: old
    dialog.save()
    assert dialog.saved is None and warned and warned[0].startswith(f"{old}: cannot write: the PDF was cut short")
    assert old.read_bytes() == b"%PDF- the earlier sheets" and [p.name for p in tmp_path.iterdir()] == ["counters.pdf"]


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


def test_sortie_sheets_says_when_a_scenario_needs_none_of_the_kinds_asked(tmp_path, capsys):
    pack = BUNDLED_CONTENT / "pocket-air-war"  # the sweep does not play the Advanced damage model
    assert main(["sheets", str(pack), "paw.damage_marker", "--scenario", "sweep-four-versus-four",
                 "--svg", str(tmp_path)]) == 2
    assert ("pocket-air-war has no records of paw.damage_marker that scenario sweep-four-versus-four uses "
            "or plays with") in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_the_dialog_opens_within_the_screen(window):
    """560 x 720 wanted; a smaller screen (a 1366 x 768 laptop's) gets a dialog that fits it."""
    from studio.screen import fit_to_screen

    dialog = dialog_for(window, "red-eagles")
    room = window.screen().availableGeometry()
    assert dialog.height() == min(720, room.height()) and dialog.width() <= room.width()
    fit_to_screen(dialog, 560, room.height() + 300, window)
    assert dialog.height() == room.height()
