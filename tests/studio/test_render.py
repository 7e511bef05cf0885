"""The Drawing renderer: every primitive lands where the headless drawing says, keys survive."""

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from engine.drawing.shapes import Arc, Drawing, Ellipse, Font, Group, Line, Polygon, Rect, Style, Text
from engine.drawing.kit import text_width
from studio.render import key_at, render_scene

PX = 4  # pixels per millimetre in these checks

DRAWING = Drawing(100, 100, (
    Rect(10, 10, 20, 10, style=Style(stroke=None, fill="#ff0000"), key="rect"),
    Rect(40, 10, 10, 10, radius=3, style=Style(stroke=None, fill="#00aa00")),
    Ellipse(70, 15, 10, 5, style=Style(stroke=None, fill="#0000ff"), key="ellipse"),
    Polygon(((10, 40), (30, 40), (10, 60)), style=Style(stroke=None, fill="#00ff00")),
    Polygon(((40, 40), (60, 40), (40, 60)), closed=False, style=Style(stroke="#000000", fill="#ff00ff", width=0.5)),
    Arc(80, 50, 10, 0, 90, pie=True, style=Style(stroke=None, fill="#ff8800"), key="arc"),
    Line(10, 70, 40, 70, Style(stroke="#000000", width=1.0), key="line"),
    Text(60, 70, "Hit 17", Font(4.0, bold=True), anchor="nw", key="text"),
    Group((Rect(0, 0, 10, 5, style=Style(stroke=None, fill="#800080")),), dx=20, dy=80, rotate=90, key="group"),
))


@pytest.fixture
def image(qapp):
    scene = render_scene(DRAWING)
    out = QImage(100 * PX, 100 * PX, QImage.Format.Format_RGB32)
    out.fill(QColor("white"))
    painter = QPainter(out)
    scene.render(painter, QRectF(0, 0, 100 * PX, 100 * PX), QRectF(0, 0, 100, 100))
    painter.end()
    return out, scene


def colour(image, x_mm, y_mm) -> str:
    return QColor(image.pixel(int(x_mm * PX), int(y_mm * PX))).name()


def test_shapes_are_filled_where_the_drawing_puts_them(image):
    img, _ = image
    assert colour(img, 20, 15) == "#ff0000"
    assert colour(img, 45, 15) == "#00aa00" and colour(img, 40.3, 10.3) == "#ffffff"  # rounded corner
    assert colour(img, 70, 15) == "#0000ff" and colour(img, 79.5, 19.5) == "#ffffff"
    assert colour(img, 14, 44) == "#00ff00" and colour(img, 28, 58) == "#ffffff"
    assert colour(img, 44, 44) == "#ffffff"  # an open polyline is never filled
    assert colour(img, 50, 40) == "#000000" and colour(img, 50, 50) == "#000000"  # along its points
    assert colour(img, 40, 50) == "#ffffff"  # and not back to the first


def test_arcs_run_counter_clockwise_from_east_as_seen_on_the_page(image):
    img, _ = image
    assert colour(img, 85, 45) == "#ff8800"  # up and to the right of the centre
    assert colour(img, 85, 55) == "#ffffff" and colour(img, 75, 45) == "#ffffff"


def test_lines_text_and_rotated_groups(image):
    img, _ = image
    assert colour(img, 25, 70) == "#000000"
    inked = [colour(img, 60 + x / 4, 70 + y / 4) for x in range(0, 60) for y in range(0, 20)]
    assert any(c != "#ffffff" for c in inked)  # text is drawn to the right of and below its nw anchor
    assert all(colour(img, 59, 70 + y / 4) == "#ffffff" for y in range(0, 20))
    # rotated 90 degrees clockwise about (20, 80): the 10x5 rect now spans x 15-20, y 80-90
    assert colour(img, 17.5, 85) == "#800080" and colour(img, 25, 82) == "#ffffff"


def test_keys_are_carried_to_the_scene_items(image):
    _, scene = image
    keys = {key_at(item) for item in scene.items()}
    assert {"rect", "ellipse", "arc", "line", "text", "group"} <= keys


def test_redrawing_rebuilds_only_the_items_that_changed(qapp):
    from PySide6.QtWidgets import QGraphicsScene

    from studio.render import SceneSync

    units = [Rect(i * 5, 0, 4, 4, key=f"units[{i}]") for i in range(50)]
    sync = SceneSync(QGraphicsScene())
    sync.show(Drawing(300, 10, tuple(units)))
    before = {item: qt[0] for item, qt in sync.shown.items()}
    moved = units[:]
    moved[7] = Rect(7 * 5, 5, 4, 4, key="units[7]")
    sync.show(Drawing(300, 10, tuple(moved)))
    kept = [item for item in moved if sync.shown[item][0] is before.get(item)]
    assert len(kept) == 49 and moved[7] not in before
    assert len([i for i in sync.scene.items() if key_at(i).startswith("units")]) == 50
    assert sync.shown[moved[7]][0].zValue() == 7


@pytest.mark.parametrize("font", [Font(3.0, bold=True), Font(2.0), Font(1.1, bold=True)])
def test_text_is_as_wide_as_layouts_measure_it(qapp, font):
    """Cards, counters and tables fit names by `text_width`: drawn wider, they overrun their frames."""
    text = "Luftflotte 4 Reinforcements"
    scene = render_scene(Drawing(200, 20, (Text(0, 10, text, font, anchor="w"),)))
    drawn = next(i for i in scene.items() if isinstance(i, QGraphicsSimpleTextItem)).sceneBoundingRect().width()
    assert drawn == pytest.approx(text_width(text, font), rel=0.02)


def _tall(rows: int) -> Drawing:
    return Drawing(100, 30 * rows, tuple(Rect(0, 30 * i, 100, 25, key=f"rows[{i}]") for i in range(rows)))


@pytest.fixture
def view(qtbot):
    from studio.render import DrawingView

    view = DrawingView()
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    return view


def test_a_tall_drawing_is_shown_at_the_views_width_and_scrolls(view, qtbot):
    view.show_drawing(Drawing(100, 60, (Rect(0, 0, 100, 60),)))
    assert view.transform().m11() == pytest.approx(
        min(view.viewport().width() / 108, view.viewport().height() / 68), rel=0.03)
    view.show_drawing(None)  # another record: its tall table opens at the top, readable
    view.show_drawing(_tall(20))
    qtbot.waitUntil(view.verticalScrollBar().isVisible, timeout=2000)
    assert view.transform().m11() > 2.5 and view.verticalScrollBar().value() == view.verticalScrollBar().minimum()
    assert view.mapFromScene(0, 0).x() >= 0 and view.mapFromScene(100, 0).x() <= view.viewport().width()
    view.verticalScrollBar().setValue(900)
    view.show_drawing(_tall(20))  # an edit redraws it: the place read stays
    assert view.verticalScrollBar().value() == 900


def test_a_portrait_card_opens_whole_and_0_fits_any_drawing_whole(view, qtbot):
    """Found in a walk: a campaign card (portrait) beside a wide preview opened showing only its
    header, as a long table does, and 0 ("fit") did the same. It opens whole; 0 fits a long table
    whole too, and an edit keeps it so."""
    from PySide6.QtCore import Qt

    def whole_in_view():
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        return shown.contains(view.scene().sceneRect())

    view.resize(520, 310)
    view.show_drawing(Drawing(63, 88, (Rect(0, 0, 63, 88),)))
    assert whole_in_view()
    view.show_drawing(None)
    view.restart()
    view.show_drawing(_tall(20))
    assert not whole_in_view()  # a long table fills the width, readable
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert whole_in_view()
    view.show_drawing(_tall(20))  # an edit redraws it: still whole
    assert whole_in_view()


def test_a_wide_drawing_fills_the_views_height_and_scrolls_across(view, qtbot):
    view.show_drawing(Drawing(400, 40, tuple(Rect(40 * i, 0, 35, 40, key=f"t[{i}]") for i in range(10))))
    qtbot.waitUntil(view.horizontalScrollBar().isVisible, timeout=2000)
    assert view.horizontalScrollBar().value() == view.horizontalScrollBar().minimum()
    assert view.mapFromScene(0, 40).y() <= view.viewport().height() and view.transform().m11() > 5


def test_ctrl_wheel_zooms_the_preview_and_the_zoom_survives_an_edit(view, qtbot):
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent

    view.show_drawing(DRAWING)
    fitted = view.transform().m11()
    centre = QPointF(view.viewport().rect().center())
    wheel = QWheelEvent(centre, view.mapToGlobal(centre.toPoint()), QPoint(), QPoint(0, 240),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.ControlModifier, Qt.ScrollPhase.NoScrollPhase, False)
    view.wheelEvent(wheel)
    assert view.transform().m11() == pytest.approx(fitted * 1.15 ** 2)
    view.show_drawing(DRAWING)  # an edit redraws: the zoom stays
    assert view.transform().m11() == pytest.approx(fitted * 1.15 ** 2)
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert view.transform().m11() == pytest.approx(fitted)
