"""Print-and-play sheets as a PDF, headless: the sheets' SVG pages through svglib and ReportLab."""

import re
import stat

import pytest

from engine.drawing.pdf import pdf_bytes, sans_serif, write_pdf
from engine.drawing.sheets import Component, lay_out
from engine.drawing.shapes import Drawing, Font, Rect, Text


def pdf_pages(path):
    """(pages, media boxes in points) of a PDF, read from its page objects."""
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", data))
    return pages, {(round(float(w)), round(float(h))) for w, h in boxes}


def test_the_pdf_has_a_page_per_side_at_the_papers_size(tmp_path):
    counter = Drawing(16, 16, (Rect(0, 0, 16, 16),))
    sheets, _ = lay_out([Component(counter, counter, "toy.counter a"), Component(counter, None, "toy.counter b")],
                        "letter", "Toy")
    out = write_pdf(sheets, tmp_path / "toy.pdf")
    assert pdf_pages(out) == (2, {(612, 792)})  # front and back, Letter in points


def test_rewriting_a_pdf_keeps_its_permissions(tmp_path):
    counter = Drawing(16, 16, (Rect(0, 0, 16, 16),))
    sheets, _ = lay_out([Component(counter)], "a4", "Toy")
    path = tmp_path / "toy.pdf"
    write_pdf(sheets, path)
    path.chmod(0o640)
    write_pdf(sheets, path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["toy.pdf"]  # no temporary file left



def toy_sheets():
    counter = Drawing(16, 16, (Rect(0, 0, 16, 16), Text(8, 8, "Як-1 → ♥", Font(2.0))))
    return lay_out([Component(counter, counter, "toy.counter a")], "a4", "Toy")[0]


def test_the_text_is_set_in_the_face_layouts_are_measured_for_and_embedded():
    assert sans_serif()[0] in ("DejaVuSans.ttf", "Vera.ttf")  # the system's DejaVu, else ReportLab's Vera
    data = pdf_bytes([toy_sheets()[0].front])
    # embedded (a subset: "AAAAAA+DejaVuSans"), so it prints the same on a machine without the font,
    # and not ReportLab's default Helvetica, a PDF standard face with no Cyrillic
    assert re.search(rb"/BaseFont /[A-Z]{6}\+(DejaVuSans|BitstreamVeraSans-Roman)", data) and b"/FontFile2" in data


def test_the_same_sheets_give_the_same_bytes():
    sheets = toy_sheets()
    assert pdf_bytes([sheets[0].front], "Toy") == pdf_bytes([sheets[0].front], "Toy")


@pytest.mark.parametrize("failure", ["disk full", "short write"])
def test_a_failed_write_leaves_the_earlier_pdf_whole_and_no_temporary_file(tmp_path, monkeypatch, failure):
    import engine.drawing.pdf

    path = tmp_path / "toy.pdf"
    write_pdf(toy_sheets(), path)
    before = path.read_bytes()
    real_fsync = engine.drawing.pdf.os.fsync

    def fsync(fd):
        if failure == "disk full":
            raise OSError(28, "No space left on device")
        engine.drawing.pdf.os.ftruncate(fd, 100)  # what a full disk on a network share can do, and say nothing
        real_fsync(fd)

    monkeypatch.setattr(engine.drawing.pdf.os, "fsync", fsync)
    with pytest.raises(OSError, match="No space left|wrote 100 of"):
        write_pdf(toy_sheets() * 2, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["toy.pdf"]
