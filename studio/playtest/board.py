"""The playtest board: frames from `frames.BoardPainter` on the studio renderer, animated.

Moves glide along the paths their events give; fire and dice of the latest
events sit on top, a route (`trails`) under the counters. Clicking a counter, a
cell or an offered place says so (`clicked`), through any mark drawn over it;
dragging a counter and letting go says where (`dropped`) — the view turns both
into actions for the engine to accept or refuse.
"""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

from engine.core.view import BoardView
from engine.drawing.shapes import Drawing

from ..render import KEY_ROLE, DrawingView, key_at
from .frames import BoardPainter, Pose, along, turn_between

DRAG_START_PX = 6
ZOOM_STEP = 1.15


class PlaytestBoard(DrawingView):
    clicked = Signal(str)  # a unit id, a cell label, or "place:<option>"
    dropped = Signal(str, object)  # unit id, and the cell label or mat (x, y) it was let go on

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestBoard")
        self.painter: BoardPainter | None = None
        self.animation = QVariantAnimation(self, startValue=0.0, endValue=1.0, duration=350)
        self.animation.setEasingCurve(QEasingCurve.Type.InOutQuad)
        self.animation.valueChanged.connect(self._animate)
        self._motion: tuple | None = None
        self._drag: tuple[str, QGraphicsItem, QPointF, QPointF, float] | None = None
        self._fitted: tuple | None = None
        self.view: BoardView | None = None  # the moment shown (or glided to)
        self.region: QRectF | None = None  # the part of the board in view; None: all of it
        self.frames = 0  # counted for tests
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    def set_painter(self, painter: BoardPainter | None) -> None:
        self.animation.stop()
        self.painter = painter
        self._fitted = None
        self.region = None
        if painter is None:
            self.show_drawing(None)

    # ------------------------------------------------------------------ zoom
    def fit(self) -> None:
        if self.drawing is None:
            return
        if self.region is None:
            return super().fit()
        self.fitInView(self.region, Qt.AspectRatioMode.KeepAspectRatio)

    def zoom_to_units(self, margin_cells: float = 2.0) -> None:
        """Frame the units on the board (a big mat with a few planes on it)."""
        if self.view is None or self.painter is None:
            return
        poses = self.painter.poses(self.view)
        if not poses:
            return
        xs, ys = [p[0] for p in poses.values()], [p[1] for p in poses.values()]
        m = self.painter.cell_mm * margin_cells
        rect = QRectF(min(xs) - m, min(ys) - m, max(xs) - min(xs) + 2 * m, max(ys) - min(ys) + 2 * m)
        self.region = rect.intersected(self.scene().sceneRect())
        self.fit()

    def zoom_board(self) -> None:
        self.region = None
        self.fit()

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt API
        factor = ZOOM_STEP ** (event.angleDelta().y() / 120)
        self.scale(factor, factor)
        self.region = self.mapToScene(self.viewport().rect()).boundingRect()
        event.accept()

    # ------------------------------------------------------------------ frames
    def show_frame(self, drawing: Drawing) -> None:
        self.drawing = drawing
        self.sync.show(drawing)
        self.frames += 1
        if self._fitted != (drawing.width, drawing.height):
            self._fitted = (drawing.width, drawing.height)
            self.fit()

    def show_view(self, view: BoardView, **overlays) -> None:
        """Jump to a moment (scrubbing, selecting an event)."""
        self.animation.stop()
        self._motion = None
        self.view = view
        if self.painter is not None:
            self.show_frame(self.painter.frame(view, **overlays))

    def redraw(self, **overlays) -> None:
        """The moment on show with new overlays; a glide under way goes on with them."""
        if self._motion is not None and self.animation.state() == QVariantAnimation.State.Running:
            view, end, routes, _old = self._motion
            self._motion = (view, end, routes, overlays)
        elif self.view is not None:
            self.show_view(self.view, **overlays)

    def glide(self, before: BoardView, after: BoardView, events: list[dict], duration: int,
              **overlays) -> None:
        """Move the counters from `before` to `after` along the paths of `events`."""
        self.animation.stop()
        if self.painter is None:
            return
        self.view = after
        start, end = self.painter.poses(before), self.painter.poses(after)
        routes = {uid: (self.painter.route(uid, start[uid], pose, events), start[uid][2], pose[2])
                  for uid, pose in end.items() if uid in start and start[uid] != pose}
        if not routes or duration <= 0:
            self.show_view(after, **overlays)
            return
        self._motion = (after, end, routes, overlays)
        self.animation.setDuration(duration)
        self.animation.start()

    def _animate(self, t: float) -> None:
        if self._motion is None or self.painter is None:
            return
        view, end, routes, overlays = self._motion
        poses: dict[str, Pose] = dict(end)
        for uid, (points, a, b) in routes.items():
            x, y = along(points, t)
            poses[uid] = (x, y, turn_between(a, b, t))
        shown = overlays if t >= 1.0 else {k: v for k, v in overlays.items() if k != "shots"}
        self.show_frame(self.painter.frame(view, poses=poses, **shown))

    # ------------------------------------------------------------------ mouse
    def _item_of(self, item: QGraphicsItem | None, key: str) -> QGraphicsItem | None:
        while item is not None and item.data(KEY_ROLE) != key:
            item = item.parentItem()
        return item

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        # the topmost keyed item: marks drawn over cells (a route, a shot) do not catch their clicks
        hit = next((item for item in self.items(event.position().toPoint()) if key_at(item)), None)
        if hit is None:
            return super().mousePressEvent(event)
        key = key_at(hit)
        item = self._item_of(hit, key)
        self._drag = (key, item, QPointF(item.pos()), event.position(), item.zValue())
        event.accept()

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self._drag is None or self.painter is None:
            return super().mouseMoveEvent(event)
        key, item, origin, pressed, _z = self._drag
        if key not in self._units() or (event.position() - pressed).manhattanLength() < DRAG_START_PX:
            return
        delta = self.mapToScene(event.position().toPoint()) - self.mapToScene(pressed.toPoint())
        item.setPos(origin + delta)
        item.setZValue(10_000)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self._drag is None:
            return super().mouseReleaseEvent(event)
        key, item, origin, _pressed, z = self._drag
        self._drag = None
        if item.pos() == origin:
            self.clicked.emit(key)
            return
        item.setPos(origin)  # the next frame decides where the counter really is
        item.setZValue(z)
        point = self.mapToScene(event.position().toPoint())
        target = self._cell_at(event.position().toPoint(), item)
        if target is None and self.painter.free:
            target = self.painter.from_drawing(point.x(), point.y())
        self.dropped.emit(key, target)

    def _units(self) -> set[str]:
        return {u.id for u in self.view.on_board()} if self.view is not None else set()

    def _cell_at(self, pos, dragged: QGraphicsItem) -> str | None:
        for item in self.items(pos):
            if item is dragged or dragged.isAncestorOf(item):
                continue
            key = key_at(item)
            if key and self.painter.has_cell(key):
                return key
        return None

