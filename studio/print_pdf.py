"""Print-and-play sheets to PDF with the studio's own renderer, so a sheet prints exactly as the
preview shows, at the components' real size (one page per side of each sheet)."""

from __future__ import annotations

import errno
import os
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSizeF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtWidgets import QApplication

from engine.content.pack import replacing
from engine.content.validate import UsageError
from engine.drawing.sheets import Sheet

from .render import render_scene

DPI = 600  # fine enough for hairline cut marks and small counter text


def write_pdf(sheets: list[Sheet], path: Path, title: str = "") -> Path:
    """Write the sheets (front, then back when it has one) to `path`, whole or not at all."""
    QApplication.instance() or QApplication([])  # fonts and scenes need an application
    pages = [side for sheet in sheets for side in (sheet.front, sheet.back) if side is not None]
    path = Path(path)
    with replacing(path) as tmp:
        writer = QPdfWriter(str(tmp))
        writer.setTitle(title)
        writer.setCreator("Sortie")
        writer.setResolution(DPI)
        writer.setPageLayout(_layout(pages[0].width, pages[0].height))  # every sheet is of one paper
        painter = QPainter()
        if not painter.begin(writer):
            raise UsageError(f"{path}: cannot write the PDF")
        for i, page in enumerate(pages):
            if i:
                writer.newPage()
            scene = render_scene(replace(page, background=None))  # the paper is the page: no frame drawn
            # The page in device pixels, the drawing in millimetres: the scene maps one onto the other.
            scene.render(painter, QRectF(0, 0, page.width / 25.4 * DPI, page.height / 25.4 * DPI),
                         QRectF(0, 0, page.width, page.height))
        if not painter.end():
            raise OSError(errno.EIO, "the PDF writer failed", str(path))
        _check_complete(tmp, path)
    return path


def _check_complete(pdf: Path, name: Path) -> None:
    """Qt's PDF writer drops a failed write (a full disk) without a word: a file that does not
    end as every PDF does, with `%%EOF`, was cut short, and must not replace the one there."""
    with open(pdf, "rb") as handle:
        handle.seek(max(0, os.fstat(handle.fileno()).st_size - 32))
        if not handle.read().rstrip().endswith(b"%%EOF"):
            raise OSError(errno.EIO, "the PDF was cut short (is the disk full?)", str(name))


def _layout(width: float, height: float) -> QPageLayout:
    size = QPageSize(QSizeF(width, height), QPageSize.Unit.Millimeter, "", QPageSize.SizeMatchPolicy.ExactMatch)
    return QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0))
