"""`sortie sheets`: print-and-play sheets as a PDF or SVG pages, headless."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.content.loader import BUNDLED_CONTENT
from tests.drawing.test_pdf import pdf_pages

pytestmark = pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")
RED_EAGLES = BUNDLED_CONTENT / "red-eagles"
ROOT = Path(__file__).resolve().parents[2]


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


def test_sortie_sheets_says_when_a_scenario_needs_none_of_the_kinds_asked(tmp_path, capsys):
    pack = BUNDLED_CONTENT / "pocket-air-war"  # the sweep does not play the Advanced damage model
    assert main(["sheets", str(pack), "paw.damage_marker", "--scenario", "sweep-four-versus-four",
                 "--svg", str(tmp_path)]) == 2
    assert ("pocket-air-war has no records of paw.damage_marker that scenario sweep-four-versus-four uses "
            "or plays with") in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_pdf_is_written_without_loading_qt(tmp_path):
    """A modder's CI installs no Qt (the studio is an extra): the PDF must not need it."""
    out = tmp_path / "re.pdf"
    script = ("import sys; from engine.cli import main; "
              f"code = main(['sheets', {str(RED_EAGLES)!r}, '--out', {str(out)!r}]); "
              "print(code, any(m.startswith('PySide6') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.split()[-2:] == ["0", "False"], done.stderr
    assert pdf_pages(out) == (4, {(595, 842)})


def test_a_full_disk_fails_the_command_and_keeps_the_earlier_pdf(tmp_path, capsys, monkeypatch):
    import engine.drawing.pdf

    out = tmp_path / "re.pdf"
    assert main(["sheets", str(RED_EAGLES), "aw.air_unit", "--out", str(out)]) == 0
    before = out.read_bytes()

    def disk_full(_fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(engine.drawing.pdf.os, "fsync", disk_full)
    capsys.readouterr()
    assert main(["sheets", str(RED_EAGLES), "--out", str(out)]) == 2
    said = capsys.readouterr()
    assert f"{out}: cannot write: No space left on device" in said.err and "Traceback" not in said.err
    assert said.out == ""  # no line saying it was written
    assert out.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["re.pdf"]


def test_sortie_sheets_takes_a_pack_id_as_play_does(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no folder of that name here
    assert main(["sheets", "red-eagles", "aw.air_unit", "--svg", "svg"]) == 0
    assert (tmp_path / "svg" / "sheet-01-front.svg").is_file()
    assert main(["sheets", "red-eagle", "--svg", "svg"]) == 2
    assert "red-eagle: no such folder, nor a pack of that id. Did you mean 'red-eagles'?" in capsys.readouterr().err
