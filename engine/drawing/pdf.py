"""Print-and-play sheets as a PDF, headless: each page's SVG (`engine.drawing.svg`, the one
description of a drawing outside the studio) converted by svglib to ReportLab's vector graphics,
at the components' real size, one page per side of each sheet.

Text is set in the face that layouts are measured for (`engine.drawing.fonts`: DejaVu Sans, else
Bitstream Vera), embedded.
"""

from __future__ import annotations

import io
import os
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas
from svglib.fonts import register_font
from svglib.svglib import svg2rlg

from engine.content.pack import replacing
from engine.drawing.fonts import FACES, face
from engine.drawing.shapes import Drawing
from engine.drawing.sheets import Sheet
from engine.drawing.svg import to_svg


@lru_cache(maxsize=1)
def sans_serif() -> tuple[str, ...]:
    """Gives svglib the faces of "sans-serif", once; the files it embeds."""
    used = []
    for bold, italic in FACES:
        font = face(bold, italic)
        register_font("sans-serif", font.face.filename, "bold" if bold else "normal", "italic" if italic else "normal",
                      rlgFontName=font.fontName)
        used.append(Path(font.face.filename).name)
    return tuple(used)


def pdf_bytes(pages: list[Drawing], title: str = "") -> bytes:
    """The pages as one PDF document, each page the size of its drawing."""
    sans_serif()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, title=title, creator="Sortie", invariant=True)  # invariant: the same pages, the same bytes
    for page in pages:
        svg = to_svg(replace(page, background=None))  # the paper is the page: no frame drawn
        graphic = svg2rlg(io.BytesIO(svg.encode("utf-8")))
        if graphic is None:  # pragma: no cover - to_svg writes what svglib reads
            raise ValueError(f"{page.title or 'a page'}: svglib could not read its SVG")
        canvas.setPageSize((graphic.width, graphic.height))
        renderPDF.draw(graphic, canvas, 0, 0)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def write_pdf(sheets: list[Sheet], path: Path, title: str = "") -> Path:
    """Write the sheets (front, then back when it has one) to `path`, whole or not at all: through a
    temporary file beside it, synced and its size checked before it is renamed over `path`, so a
    full disk or a failed write raises OSError and leaves what was there."""
    data = pdf_bytes([side for sheet in sheets for side in (sheet.front, sheet.back) if side is not None], title)
    path = Path(path)
    with replacing(path) as tmp:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            if tmp != path:  # a pipe cannot be synced (nor needs it)
                os.fsync(handle.fileno())
        if tmp != path and tmp.stat().st_size != len(data):
            raise OSError(f"{path}: wrote {tmp.stat().st_size} of {len(data)} bytes")
    return path
