"""Where a piece stands in the board's drawing, and which cell or mat position a point is.

The layouts speak in the board's own terms (a cell label like "C4" or "0712", a
position on a free mat in its own coordinates, a facing or a heading); the view
works in the drawing's millimetres (y down). These functions translate, for any
board the engine offers: square and hex grids (through `center`, `parse`,
`label`, `outline`) and free mats (through `to_drawing`).
"""

from __future__ import annotations

import math
from typing import Any

from engine.core.layout import Piece

Point = tuple[float, float]
FACING_DEGREES = 60.0  # hex boards: six facings, clockwise from up


def is_free(board: Any) -> bool:
    """Free mats have positions instead of cells."""
    return getattr(board, "kind", "") == "free"


def piece_point(board: Any, piece: Piece) -> Point:
    """The drawing point a piece stands on: its cell's centre or its mat position."""
    if piece.cell is not None:
        return board.center(board.parse(piece.cell))
    if piece.pos is not None:
        return board.to_drawing(*piece.pos)
    return (0.0, 0.0)


def heading_angle(heading: float) -> float:
    """Clockwise degrees from up of a heading (counter-clockwise degrees from +x)."""
    return 90.0 - heading


def angle_heading(angle: float) -> float:
    return (90.0 - angle) % 360.0


def piece_angle(board: Any, piece: Piece) -> float:
    """Clockwise degrees from up the counter is turned (counters are drawn nose up)."""
    if piece.facing is not None and hasattr(board, "facing_angle"):
        return board.facing_angle(piece.facing)
    if piece.heading is not None:
        return heading_angle(piece.heading)
    return 0.0


def turns(board: Any, piece: Piece) -> str | None:
    """How a piece turns on this board: 'facing' (hex grids), 'heading' (free mats), or None."""
    if piece.facing is not None or getattr(board, "kind", "") == "hex":
        return "facing"
    if piece.heading is not None or is_free(board):
        return "heading"
    return None


def from_drawing(board: Any, point: Point) -> Point:
    """A drawing point in the free mat's own coordinates (the inverse of `to_drawing`,
    which is affine: a flip of y on the Pocket Air War mat)."""
    ox, oy = board.to_drawing(0.0, 0.0)
    ax, ay = board.to_drawing(1.0, 0.0)
    bx, by = board.to_drawing(0.0, 1.0)
    a, b, c, d = ax - ox, bx - ox, ay - oy, by - oy  # [[a b] [c d]] maps mat to drawing
    det = a * d - b * c
    px, py = point[0] - ox, point[1] - oy
    return ((d * px - b * py) / det, (a * py - c * px) / det)


def _inside(point: Point, polygon: list[Point]) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def cell_at(board: Any, point: Point) -> str | None:
    """The label of the grid cell under a drawing point, or None off the board.

    Grid centres are linear in column and row (hex columns shifted by half a row),
    so a first guess from the spacing and a look at its neighbours finds the cell
    whatever the board's size.
    """
    x0, y0 = board.center((0, 0))
    col_step = (board.center((2, 0))[0] - x0) / 2
    row_step = board.center((0, 1))[1] - y0
    col = round((point[0] - x0) / col_step)
    row = round((point[1] - y0) / row_step)
    best = None
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            cell = (col + dc, row + dr)
            if not board.contains(cell):
                continue
            cx, cy = board.center(cell)
            dist = math.hypot(point[0] - cx, point[1] - cy)
            if best is None or dist < best[0]:
                best = (dist, cell)
    if best is None or not _inside(point, list(board.outline(best[1]))):
        return None
    return board.label(best[1])


def cell_outline(board: Any, label: str) -> list[Point]:
    return list(board.outline(board.parse(label)))
