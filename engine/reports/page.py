"""A balance report as one self-contained HTML page: the tables, and the figures as embedded
PNGs drawn by matplotlib's Agg, so the page opens anywhere and can be mailed or archived whole."""

from __future__ import annotations

import base64
import html
import io

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure


def _png(fig: Figure) -> str:
    FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def page(title: str, body: str, figures: list[Figure]) -> str:
    images = "".join(f"<p><img alt='{html.escape(title)}' src='data:image/png;base64,{_png(fig)}'></p>"
                     for fig in figures)
    return ("<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title>"
            "<style>body{font-family:sans-serif;margin:1.5em;max-width:70em}img{max-width:100%}</style>"
            f"</head><body><h2>{html.escape(title)}</h2>{body}{images}</body></html>\n")

