"""The sans-serif face drawings are measured for and printed in: DejaVu Sans, its real metrics
read from the font file (ReportLab's TrueType reader), so a Cyrillic name is as wide as it prints;
from the system's fonts (ReportLab's search path), else Bitstream Vera, which ReportLab ships and
DejaVu grew from (the same Latin glyphs and widths; no Cyrillic)."""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

# (bold, italic): DejaVu's file, then Vera's.
FACES = {
    (False, False): ("DejaVuSans.ttf", "Vera.ttf"),
    (True, False): ("DejaVuSans-Bold.ttf", "VeraBd.ttf"),
    (False, True): ("DejaVuSans-Oblique.ttf", "VeraIt.ttf"),
    (True, True): ("DejaVuSans-BoldOblique.ttf", "VeraBI.ttf"),
}


@lru_cache(maxsize=None)
def face(bold: bool = False, italic: bool = False) -> TTFont:
    """The face, registered with ReportLab under its own name (`face(...).fontName`)."""
    for file in FACES[(bold, italic)]:
        try:
            font = TTFont(f"Sortie-{'Bold' if bold else ''}{'Italic' if italic else ''}Sans", file)
        except (TTFError, OSError):  # not on the search path
            continue
        pdfmetrics.registerFont(font)
        return font
    raise OSError(f"no sans-serif face: neither {' nor '.join(FACES[(bold, italic)])} on ReportLab's font path")


def advance(text: str, bold: bool = False, italic: bool = False) -> float:
    """The width of `text` in ems: the sum of its glyphs' advances (a glyph the face lacks counts
    as the face's missing glyph, as it prints)."""
    return pdfmetrics.stringWidth(text, face(bold, italic).fontName, 1.0)


def missing(text: str, bold: bool = False, italic: bool = False) -> str:
    """The characters of `text` the face has no glyph for (they print as boxes)."""
    widths = face(bold, italic).face.charWidths
    return "".join(sorted({c for c in text if ord(c) not in widths and not c.isspace()}))
