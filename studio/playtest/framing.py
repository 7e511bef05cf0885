"""Where the board's view frames a free mat's units (Pocket Air War's 900 mm table, whose counters
fitted whole are a few pixels wide): all of them when that keeps them readable, else the unit it
follows, and only anew when they leave the frame or draw together, so the view does not jitter."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSizeF

READABLE_PX = 24  # a ruler step on screen (a counter is about one), at the least
CLOSEST = 1.5  # and at most this many times that: a few planes together stay in their setting


def followed(previous: str | None, chosen: str | None, named: str | None, poses: dict) -> str | None:
    """The unit the view follows: the one whose move the person is choosing (or inspects), else the
    one it followed while that is on the mat, else the one the event names. Watching, it keeps to
    one plane: following each event's would jump between planes far apart at every event."""
    for unit in (chosen, previous):
        if unit in poses:
            return unit
    return named


def frame(poses: dict, focus: str | None, step: float, room: QSizeF, scene: QRectF,
          region: QRectF | None, force: bool = False) -> QRectF | None:
    """The region to show (scene units) of `poses` (unit: (x, y, turn)) in a viewport of `room`
    pixels, or None to keep `region`, the one on show."""
    if not poses:
        return None
    xs, ys = [p[0] for p in poses.values()], [p[1] for p in poses.values()]
    box = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).adjusted(-2 * step, -2 * step,
                                                                                   2 * step, 2 * step)
    most = room * (step / READABLE_PX)
    if box.width() > most.width() or box.height() > most.height():
        centre = QPointF(*poses[focus][:2]) if focus in poses else box.center()
        target = QRectF(QPointF(), most)
        target.moveCenter(centre)
        keep = [centre]
    else:
        target = QRectF(QPointF(), box.size().expandedTo(most / CLOSEST))
        target.moveCenter(box.center())
        keep = [QPointF(x, y) for x, y, _turn in poses.values()]
    if not force and region is not None and region.width() * region.height() <= 2 * target.width() * target.height() \
            and all(region.adjusted(step, step, -step, -step).contains(p) for p in keep):
        return None
    target.moveLeft(max(scene.left(), min(target.left(), scene.right() - target.width())))
    target.moveTop(max(scene.top(), min(target.top(), scene.bottom() - target.height())))
    return target.intersected(scene)
