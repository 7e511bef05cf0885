"""What the board scene holds besides the board's drawing: pieces, their marks, the drop cell.

A `PieceItem` is a counter drawn from the piece's Drawing (through the same
renderer as previews), turned to its facing or heading. It carries a mark in
the colour of its worst finding, with the messages as its tooltip, and, when
selected, a handle to turn it. Items never edit anything: the board's tools
read them and push commands.
"""

from __future__ import annotations

import html
import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsPolygonItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
)

from engine.content.diagnostics import Diagnostic, Severity
from engine.core.layout import Piece
from engine.drawing.shapes import Font, Group, Style, Text
from engine.drawing.shapes import Ellipse as DrawEllipse

from .render import make_item

SEVERITY_COLOURS = {Severity.ERROR: "#d93025", Severity.WARNING: "#e3a008", Severity.INFO: "#2c6db5"}
SELECTED = QColor("#2f6db5")
Z_PIECE, Z_CELL, Z_LIFTED = 1e7, 2e7, 3e7  # above any board drawing's items


def _text(text: str) -> str:
    return html.escape(text, quote=False)


def worst(diags: list[Diagnostic]) -> Severity | None:
    return min((d.severity for d in diags), key=lambda s: s.rank) if diags else None


def _placeholder(piece: Piece):
    """A plain disc for a piece whose ruleset gives no counter drawing."""
    r = max(piece.footprint) / 2
    return Group((DrawEllipse(0, 0, r, r, style=Style("#202020", fill="#f3f1ea", width=0.3)),
                  Text(0, 0, piece.label[:6], Font(r * 0.35, bold=True))))


class FindingMark(QGraphicsEllipseItem):
    """A badge on a piece's corner in the colour of its worst finding."""

    def __init__(self, parent: QGraphicsItem, radius: float) -> None:
        super().__init__(-radius, -radius, 2 * radius, 2 * radius, parent)
        self.setPen(QPen(QColor("#ffffff"), radius * 0.2))
        self.text = QGraphicsSimpleTextItem("!", self)
        font = QFont("DejaVu Sans")
        font.setBold(True)
        font.setPixelSize(20)
        self.text.setFont(font)
        self.text.setBrush(QBrush(QColor("#ffffff")))
        bounds = self.text.boundingRect()
        scale = radius * 1.5 / bounds.height()
        self.text.setScale(scale)
        self.text.setPos(-bounds.width() * scale / 2, -bounds.height() * scale / 2)
        self.setZValue(2)
        self.severity: Severity | None = None

    def show_severity(self, severity: Severity | None) -> None:
        self.severity = severity
        self.setVisible(severity is not None)
        if severity is not None:
            self.setBrush(QBrush(QColor(SEVERITY_COLOURS[severity])))


class RotateHandle(QGraphicsEllipseItem):
    """The knob ahead of a selected piece's nose: drag it round to turn the piece."""

    def __init__(self, parent: "PieceItem", radius: float) -> None:
        super().__init__(-radius, -radius, 2 * radius, 2 * radius, parent)
        self.setBrush(QBrush(QColor("#ffffff")))
        self.setPen(QPen(SELECTED, radius * 0.35))
        self.setCursor(Qt.CursorShape.SizeAllCursor)
        self.setToolTip("Drag to turn (or Q / E, or Shift + mouse wheel)")
        self.setZValue(3)
        self.hide()

    @property
    def piece_item(self) -> "PieceItem":
        return self.parentItem()


class PieceItem(QGraphicsObject):
    """One piece on the board; `update_piece` refreshes it after an edit without rebuilding it
    unless its counter drawing changed."""

    def __init__(self, piece: Piece, rotatable: bool) -> None:
        super().__init__()
        self.piece = piece
        self.rotatable = rotatable
        self.diags: list[Diagnostic] = []
        self.angle = 0.0
        self.placed: tuple = ()  # (scale, x, y, z) last given
        self.body: QGraphicsItem | None = None
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.OpenHandCursor if piece.movable else Qt.CursorShape.ArrowCursor)
        self.setZValue(Z_PIECE)
        self.radius = math.hypot(*piece.footprint) / 2
        self.mark = FindingMark(self, max(piece.footprint) * 0.17)
        self.mark.setPos(piece.footprint[0] / 2, -piece.footprint[1] / 2)
        self.mark.show_severity(None)
        self.handle = RotateHandle(self, max(piece.footprint) * 0.1)
        self._stem = max(piece.footprint) * 0.5 + max(piece.footprint) * 0.28
        self._build_body()
        self._tooltip()

    # ------------------------------------------------------------------ content

    def _build_body(self) -> None:
        if self.body is not None:
            self.body.setParentItem(None)
            if self.body.scene() is not None:
                self.body.scene().removeItem(self.body)
        counter = self.piece.counter
        group = Group(counter.items) if counter is not None else _placeholder(self.piece)
        self.body = make_item(group)
        self.body.setParentItem(self)
        self.body.setRotation(self.angle)
        self.body.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent, False)

    def update_piece(self, piece: Piece, rotatable: bool) -> None:
        counter_changed = piece.counter != self.piece.counter
        self.piece, self.rotatable = piece, rotatable
        if counter_changed:
            self._build_body()
        self.setCursor(Qt.CursorShape.OpenHandCursor if piece.movable else Qt.CursorShape.ArrowCursor)
        self._tooltip()

    def set_angle(self, angle: float) -> None:
        """Turn the counter (clockwise degrees from up) and its handle with it."""
        if angle == self.angle and self.body.rotation() == angle:
            return
        self.angle = angle
        self.body.setRotation(angle)
        rad = math.radians(angle)
        self.handle.setPos(self._stem * math.sin(rad), -self._stem * math.cos(rad))
        self.update()

    def set_findings(self, diags: list[Diagnostic]) -> None:
        if diags == self.diags:
            return
        self.diags = diags
        self.mark.show_severity(worst(diags))
        self._tooltip()
        self.update()

    def _tooltip(self) -> None:
        p = self.piece
        facts = [f"{k}: {v}" for k, v in p.values.items() if v is not None]
        where = p.cell if p.cell is not None else (f"{p.pos[0]:g}, {p.pos[1]:g} mm" if p.pos else "")
        turn = (f"facing {p.facing}" if p.facing is not None
                else f"heading {p.heading:g}°" if p.heading is not None else "")
        lines = [f"<b>{_text(p.label)}</b> — {_text(p.side)}", _text(" · ".join(x for x in (where, turn) if x))]
        if facts:
            lines.append(_text(", ".join(facts)))
        for diag in self.diags:
            colour = SEVERITY_COLOURS[diag.severity]
            lines.append(f"<span style='color:{colour}'>{diag.severity.value}: {_text(diag.message)}"
                         f"</span> <span style='color:#777'>[{diag.code}]</span>")
        text = "<br>".join(x for x in lines if x)
        self.setToolTip(text)
        self.mark.setToolTip(text)

    # ------------------------------------------------------------------ QGraphicsItem

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        r = self.radius * 1.12
        return QRectF(-r, -r, 2 * r, 2 * r)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        w, h = self.piece.footprint
        r = max(w, h) / 2
        path.addEllipse(QPointF(0, 0), r, r)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        r = max(self.piece.footprint) / 2 * 1.08
        severity = worst(self.diags)
        if severity is not None:
            painter.setPen(QPen(QColor(SEVERITY_COLOURS[severity]), r * 0.12))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), r, r)
        if self.isSelected():
            painter.setPen(QPen(SELECTED, r * 0.07, Qt.PenStyle.DashLine))
            painter.setBrush(QBrush(QColor(47, 109, 181, 28)))
            painter.drawEllipse(QPointF(0, 0), r * 1.04, r * 1.04)
            if self.rotatable:
                rad = math.radians(self.angle)
                painter.setPen(QPen(SELECTED, r * 0.04))
                painter.drawLine(QPointF(r * math.sin(rad), -r * math.cos(rad)),
                                 QPointF(self._stem * math.sin(rad), -self._stem * math.cos(rad)))

    def itemChange(self, change, value):  # noqa: N802 - Qt API
        if change == QGraphicsItem.GraphicsItemChange.ItemSelectedHasChanged:
            self.handle.setVisible(bool(value) and self.rotatable)
        return super().itemChange(change, value)


class CellHighlight(QGraphicsPolygonItem):
    """The cell a dragged piece would drop into: green when the layout accepts it, red when not."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_CELL)
        self.hide()

    def show_cell(self, outline: list[tuple[float, float]], ok: bool) -> None:
        colour = QColor("#1e8e3e" if ok else "#d93025")
        pen = QPen(colour, 0.8)
        fill = QColor(colour)
        fill.setAlpha(50)
        self.setPen(pen)
        self.setBrush(QBrush(fill))
        self.setPolygon(QPolygonF([QPointF(x, y) for x, y in outline]))
        self.show()


def piece_item_at(item: QGraphicsItem | None) -> PieceItem | None:
    """The piece an item under the mouse belongs to (its counter, mark or the piece itself)."""
    while item is not None and not isinstance(item, PieceItem):
        item = item.parentItem()
    return item
