"""Drawing an `engine.drawing.shapes.Drawing` with Qt: a QGraphicsScene in millimetres.

Previews and boards from every ruleset go through here, so this is the one
place that knows how the headless vocabulary maps onto Qt: text sized by cap
height, arcs counter-clockwise from +x as seen on the page (Qt's convention in
a y-down scene), groups rotated clockwise about their origin. Items carry the
drawing's `key` so a click can be mapped back to the field or unit it shows.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsItemGroup,
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QStyle,
)

from engine.drawing.shapes import CAP_HEIGHT, Arc, Drawing, Ellipse, Font, Group, Item, Line, Polygon, Rect, Style, Text

KEY_ROLE = 0
TEXT_SCALE = 10.0  # fonts are laid out at 10x and scaled down: small sizes hint badly


@lru_cache(maxsize=512)
def _pen(style: Style) -> QPen:
    if not style.stroke:
        return QPen(Qt.PenStyle.NoPen)
    pen = QPen(QColor(style.stroke))
    pen.setWidthF(style.width)
    pen.setCosmetic(False)
    if style.dash:
        pen.setDashPattern([max(d / max(style.width, 0.01), 0.1) for d in style.dash])
    return pen


@lru_cache(maxsize=512)
def _brush(style: Style) -> QBrush:
    return QBrush(QColor(style.fill)) if style.fill else QBrush(Qt.BrushStyle.NoBrush)


@lru_cache(maxsize=8192)
def _polygon(points: tuple[tuple[float, float], ...]) -> QPolygonF:
    """Cached: the set-up areas of a scenario are polygons on the outlines of its board's hexes,
    and switching scenarios draws a thousand of them again (a Qt item copies the points)."""
    return QPolygonF([QPointF(x, y) for x, y in points])


def _shape(item, style: Style) -> None:
    item.setPen(_pen(style))
    if hasattr(item, "setBrush"):
        item.setBrush(_brush(style))
    if style.opacity < 1.0:
        item.setOpacity(style.opacity)


_ANCHOR = {  # fraction of (width, height) to shift left/up so (x, y) is the anchor point
    "c": (0.5, 0.5), "n": (0.5, 0.0), "s": (0.5, 1.0), "e": (1.0, 0.5), "w": (0.0, 0.5),
    "ne": (1.0, 0.0), "nw": (0.0, 0.0), "se": (1.0, 1.0), "sw": (0.0, 1.0),
}


@lru_cache(maxsize=64)
def _qfont(font: Font) -> QFont:
    qfont = QFont(font.family if font.family != "sans-serif" else "DejaVu Sans")
    if font.family == "sans-serif":
        qfont.setStyleHint(QFont.StyleHint.SansSerif)
    qfont.setPixelSize(max(1, round(font.size / CAP_HEIGHT * TEXT_SCALE)))
    qfont.setBold(font.bold)
    qfont.setItalic(font.italic)
    return qfont


def _text(item: Text) -> QGraphicsItem:
    label = QGraphicsSimpleTextItem(item.text)
    label.setFont(_qfont(item.font))
    label.setBrush(QBrush(QColor(item.color)))
    bounds = label.boundingRect()
    fx, fy = _ANCHOR.get(item.anchor, (0.5, 0.5))
    # Scaled to the font's em exactly, not by 1/TEXT_SCALE: the pixel size is a whole number, and
    # its rounding (up to 2% at small sizes) would make text wider than layouts measured it.
    scale = item.font.size / CAP_HEIGHT / label.font().pixelSize()
    label.setScale(scale)
    # Scaled about its top-left corner: put the anchor point of the scaled text at (x, y).
    label.setPos(item.x - bounds.width() * fx * scale, item.y - bounds.height() * fy * scale)
    if item.rotate:
        wrapper = QGraphicsItemGroup()
        wrapper.addToGroup(label)
        wrapper.setTransformOriginPoint(item.x, item.y)
        wrapper.setRotation(item.rotate)
        return wrapper
    return label


def _arc(item: Arc) -> QGraphicsItem:
    box = QRectF(item.cx - item.r, item.cy - item.r, 2 * item.r, 2 * item.r)
    path = QPainterPath()
    if item.pie:
        path.moveTo(item.cx, item.cy)
        path.arcTo(box, item.start, item.span)
        path.closeSubpath()
    else:
        path.arcMoveTo(box, item.start)
        path.arcTo(box, item.start, item.span)
    out = QGraphicsPathItem(path)
    _shape(out, item.style)
    if not item.pie:
        out.setBrush(QBrush(Qt.BrushStyle.NoBrush))
    return out


def make_item(item: Item, pointer: bool = True) -> QGraphicsItem:
    """One Qt item for one drawing item (groups recursively).

    With `pointer`, keyed items show a pointing hand and their key: a click on them
    selects a field. A board's cells are keyed too, but clicking there moves nothing.
    """
    if isinstance(item, Line):
        out = QGraphicsLineItem(item.x1, item.y1, item.x2, item.y2)
        out.setPen(_pen(item.style))
        if item.style.opacity < 1.0:
            out.setOpacity(item.style.opacity)
    elif isinstance(item, Rect):
        if item.radius:
            path = QPainterPath()
            path.addRoundedRect(QRectF(item.x, item.y, item.w, item.h), item.radius, item.radius)
            out = QGraphicsPathItem(path)
        else:
            out = QGraphicsRectItem(item.x, item.y, item.w, item.h)
        _shape(out, item.style)
    elif isinstance(item, Ellipse):
        out = QGraphicsEllipseItem(item.cx - item.rx, item.cy - item.ry, 2 * item.rx, 2 * item.ry)
        _shape(out, item.style)
    elif isinstance(item, Polygon):
        if item.closed:
            out = QGraphicsPolygonItem(_polygon(item.points))
        else:
            path = QPainterPath()
            path.addPolygon(_polygon(item.points))
            out = QGraphicsPathItem(path)
        _shape(out, item.style)
        if not item.closed:
            out.setBrush(QBrush(Qt.BrushStyle.NoBrush))
    elif isinstance(item, Arc):
        out = _arc(item)
    elif isinstance(item, Text):
        out = _text(item)
    elif isinstance(item, Group):
        out = QGraphicsItemGroup()
        for child in item.items:
            out.addToGroup(make_item(child, pointer))
        out.setPos(item.dx, item.dy)
        out.setRotation(item.rotate)
        out.setScale(item.scale)
    else:  # pragma: no cover - the vocabulary is closed
        raise TypeError(f"cannot draw {type(item).__name__}")
    if item.key:
        out.setData(KEY_ROLE, item.key)
        if pointer:
            out.setCursor(Qt.CursorShape.PointingHandCursor)
            out.setToolTip(item.key)
    return out


def render_scene(drawing: Drawing, scene: QGraphicsScene | None = None) -> QGraphicsScene:
    """A scene holding `drawing` (the given scene is cleared and reused)."""
    scene = scene or QGraphicsScene()
    SceneSync(scene).show(drawing)
    return scene


class SceneSync:
    """Keeps a scene showing the latest drawing, rebuilding only the items that changed.

    Drawing items are frozen values, so an item equal to one already shown keeps
    its Qt item: dragging one unit on a board of hundreds rebuilds one counter.
    """

    def __init__(self, scene: QGraphicsScene, pointer: bool = True) -> None:
        self.scene, self.pointer = scene, pointer
        self.frame: tuple | None = None
        self.shown: dict[Item, list[QGraphicsItem]] = {}

    def show(self, drawing: Drawing) -> None:
        frame = (drawing.width, drawing.height, drawing.background)
        if frame != self.frame:
            self.scene.clear()
            self.shown = {}
            self.frame = frame
            self.scene.setSceneRect(QRectF(0, 0, drawing.width, drawing.height))
            if drawing.background:
                page = self.scene.addRect(QRectF(0, 0, drawing.width, drawing.height),
                                          QPen(QColor("#b8b8b8"), 0), QBrush(QColor(drawing.background)))
                page.setZValue(-1)
        old, self.shown = self.shown, {}
        for z, item in enumerate(drawing.items):
            bucket = old.get(item)
            if bucket:
                qt_item = bucket.pop()
            else:
                qt_item = make_item(item, self.pointer)
                self.scene.addItem(qt_item)
            qt_item.setZValue(z)
            self.shown.setdefault(item, []).append(qt_item)
        for leftovers in old.values():
            for qt_item in leftovers:
                self.scene.removeItem(qt_item)

    def clear(self) -> None:
        self.scene.clear()
        self.frame, self.shown = None, {}


def key_at(item: QGraphicsItem | None) -> str:
    """The key of `item` or of its nearest keyed ancestor."""
    while item is not None:
        key = item.data(KEY_ROLE)
        if key:
            return str(key)
        item = item.parentItem()
    return ""


class DrawingView(QGraphicsView):
    """Shows a drawing fitted to the view; clicking a keyed shape emits its key.

    A drawing much taller or wider than the view (a table of twenty tables, a timeline's row of
    tables) fitted whole would be too small to read, so it fills the view's width (or height) and
    scrolls: from its start when it first shows, from where it was when an edit redraws it.
    Ctrl+wheel zooms about the pointer and the zoom stays through edits; 0 fits it whole (a long
    drawing too), until another record."""

    # filling one side is used once that scales it this many times the whole fit: a portrait card
    # beside a wide preview (about 2.3 times) opens whole, a table of twenty tables (6) fills the width
    LONG = 3.5
    ZOOM_STEP = 1.15

    keyClicked = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.sync = SceneSync(self.scene())
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setBackgroundBrush(QColor("#e9ebee"))
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.drawing: Drawing | None = None
        self.zoomed = False  # a person's zoom: kept until another record or 0
        self.whole = False  # 0 was pressed: fitted whole, a long drawing too, until another record

    def show_drawing(self, drawing: Drawing | None) -> None:
        fresh, self.drawing = self.drawing is None, drawing
        if drawing is None:
            self.sync.clear()
            self.zoomed = False
            return
        self.sync.show(drawing)
        self.fit(start=fresh)

    def restart(self) -> None:
        """Another record: its drawing shows from its start, unzoomed. The items of the last one stay
        until it comes, and only those that differ are rebuilt (two data cards share their frame)."""
        self.drawing = None
        self.zoomed = self.whole = False

    def fit(self, start: bool = False) -> None:
        if self.drawing is None or self.zoomed:
            return
        margin = 4.0
        rect = self.scene().sceneRect().adjusted(-margin, -margin, margin, margin)
        view, down, across = self.viewport().rect(), self.verticalScrollBar(), self.horizontalScrollBar()
        extent = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        whole = min(view.width() / rect.width(), view.height() / rect.height())
        by_width = (view.width() - (0 if down.isVisible() else extent) - 1) / rect.width()
        by_height = (view.height() - (0 if across.isVisible() else extent) - 1) / rect.height()
        scale = max(by_width, by_height)
        if self.whole or scale < whole * self.LONG:
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
            return
        kept = down.value(), across.value()
        self.setTransform(QTransform.fromScale(scale, scale))
        down.setValue(down.minimum() if start else kept[0])
        across.setValue(across.minimum() if start else kept[1])

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.fit()

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt API
        delta = event.angleDelta().y()
        if not (event.modifiers() & Qt.KeyboardModifier.ControlModifier) or not delta or self.drawing is None:
            super().wheelEvent(event)  # scrolls a long drawing
            return
        self.zoomed, self.whole = True, False
        factor = self.ZOOM_STEP ** (delta / 120)
        self.scale(factor, factor)
        event.accept()

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if event.key() == Qt.Key.Key_0:
            self.zoomed, self.whole = False, True
            self.fit(start=True)
            event.accept()
            return
        super().keyPressEvent(event)

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        key = key_at(self.itemAt(event.position().toPoint()))
        if key and event.button() == Qt.MouseButton.LeftButton:
            self.keyClicked.emit(key)
            event.accept()
            return
        super().mousePressEvent(event)
