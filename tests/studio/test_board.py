"""The scenario board driven through its real widgets: drag, turn, set values, undo, save.

Edits run on a copy of the bundled Pocket Air War and Red Eagles packs; the
bundled files themselves are only read.
"""

import shutil

import pytest
import yaml
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from engine.content.loader import BUNDLED_CONTENT
from studio.board_geometry import cell_at, from_drawing, piece_point
from studio.board_items import piece_item_at
from studio.commands import SetField
from studio.main_window import MainWindow

pytestmark = pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")


@pytest.fixture
def window_on(qtbot, sandbox):
    """A window on copies of some bundled packs."""

    def make(*names):
        content = sandbox / "content"
        for name in names:
            shutil.copytree(BUNDLED_CONTENT / name, content / name)
        window = MainWindow([content], remember=False)
        window.ask = lambda *args, **kwargs: QMessageBox.StandardButton.Discard
        qtbot.addWidget(window)
        window.resize(1500, 950)
        window.show()
        return window

    return make


@pytest.fixture
def copy_window(window_on):
    """A free mat and a square grid."""
    return window_on("pocket-air-war", "red-eagles")


@pytest.fixture
def hex_window(window_on):
    return window_on("hex-minis", "air-force")


def open_scenario(window, kind, rid):
    rec = window.open_record(kind, rid)
    assert window.drawings.currentWidget() is window.board, "a scenario opens on its board"
    return rec


def piece_item(window, key):
    return window.board.view.items[key]


def screen_point(view, scene_point) -> QPoint:
    return view.mapFromScene(scene_point)


def drag(qtbot, view, item, to: QPointF) -> None:
    """Press on the piece, move in steps as a hand does, release over `to` (scene mm)."""
    start, end = screen_point(view, item.pos()), screen_point(view, to)
    port = view.viewport()
    qtbot.mousePress(port, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 7):
        qtbot.mouseMove(port, start + (end - start) * (step / 6))
    qtbot.mouseRelease(port, Qt.MouseButton.LeftButton, pos=end)


def context_menu(view, item):
    pos = screen_point(view, item.pos())
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(view.viewport(), event)
    return view.menu


def action(menu, text):
    for act in menu.actions():
        if act.text().split("\t")[0] == text:
            return act
        if act.menu() is not None and act.menu().title().startswith(text):
            return act.menu()
    raise AssertionError(f"no '{text}' in {[a.text() for a in menu.actions()]}")


def grid_text(window, list_name, row, column):
    grid = window.form.editor_at((list_name,))
    return grid.table.item(row, grid.columns.index(column)).text()


def test_dragging_a_plane_moves_it_in_the_form_undoes_and_saves(copy_window, qtbot):
    window = copy_window
    rec = open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    view = window.board.view
    spit = piece_item(window, "planes[5]")
    assert rec.data["planes"][5]["id"] == "spitfire-1"
    before = dict(rec.data["planes"][5])
    steps = rec.doc.stack.count()

    drag(qtbot, view, spit, spit.pos() + QPointF(150, -120))  # 150 mm right, 120 mm up the mat
    x, y = rec.data["planes"][5]["x"], rec.data["planes"][5]["y"]
    assert abs(x - (before["x"] + 150)) < 3 and abs(y - (before["y"] + 120)) < 3
    assert rec.doc.stack.count() == steps + 1, "one gesture, one undo step"
    assert grid_text(window, "planes", 5, "x") == f"{x}"  # the form follows the board
    moved = piece_item(window, "planes[5]")
    assert moved.pos() == QPointF(*piece_point(window.board.model.board, window.board.model.piece("planes[5]")))

    window.undo_action.trigger()
    assert rec.data["planes"][5] == before
    assert grid_text(window, "planes", 5, "x") == f"{before['x']}"
    assert piece_item(window, "planes[5]").pos() == QPointF(*window.board.model.board.to_drawing(
        before["x"], before["y"]))
    window.redo_action.trigger()
    assert rec.data["planes"][5]["x"] == x

    window.save()
    saved = yaml.safe_load(rec.path.read_text())
    assert (saved["planes"][5]["x"], saved["planes"][5]["y"]) == (x, y)


def test_the_board_follows_the_form(copy_window, qtbot):
    window = copy_window
    rec = open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    grid = window.form.editor_at(("planes",))
    grid.ctx.commit(("planes", 5, "heading"), 45.0)  # what typing into the cell pushes
    item = piece_item(window, "planes[5]")
    assert item.angle == pytest.approx(45.0) and rec.data["planes"][5]["heading"] == 45.0


def test_the_board_drawing_follows_edits_that_change_it(copy_window, qtbot):
    window = copy_window
    open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    view = window.board.view

    def half(side):
        rect = next(item for item in view.sync.shown if getattr(item, "key", "") == f"half:{side}")
        return (rect.w, rect.h)

    assert half("axis") == (900, 300)
    window.form.editor_at(("areas",)).ctx.commit(("areas", "axis"), "left")
    qtbot.waitUntil(lambda: half("axis") == (450, 600), timeout=3000)  # once editing pauses


def test_a_record_that_does_not_validate_keeps_its_last_board_and_takes_no_gestures(copy_window, qtbot):
    window = copy_window
    rec = open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    view, pane = window.board.view, window.board
    grid = window.form.editor_at(("planes",))
    grid.ctx.commit(("planes", 5, "energy"), "lots")  # typed where a number belongs
    assert rec.model is None and "has errors" in pane.title.text()
    assert len(view.items) == 13 and not view.editable
    spit = view.items["planes[5]"]
    home, steps = spit.pos(), rec.doc.stack.count()
    drag(qtbot, view, spit, spit.pos() + QPointF(100, 0))
    assert rec.doc.stack.count() == steps and spit.pos() == home
    grid.ctx.commit(("planes", 5, "energy"), 4)
    assert view.editable and "13 pieces" in pane.title.text()


def test_a_drop_off_the_mat_snaps_back_with_the_reason(copy_window, qtbot):
    window = copy_window
    rec = open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    view = window.board.view
    spit = piece_item(window, "planes[5]")
    home, steps = spit.pos(), rec.doc.stack.count()
    drag(qtbot, view, spit, QPointF(home.x(), 640.0))  # below the 600 mm mat
    assert rec.doc.stack.count() == steps and spit.pos() == home
    assert window.board.message.isVisibleTo(window.board)
    assert "off the 900 x 600 mm mat" in window.board.message.text()


def test_turning_with_keys_and_the_handle_is_one_step_each(copy_window, qtbot):
    window = copy_window
    rec = open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    view = window.board.view
    spit = piece_item(window, "planes[5]")
    heading = rec.data["planes"][5]["heading"]
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=screen_point(view, spit.pos()))
    assert spit.isSelected() and spit.handle.isVisible()
    steps = rec.doc.stack.count()
    qtbot.keyClick(view, Qt.Key.Key_E)  # clockwise: a heading counter-clockwise from +x goes down
    assert rec.data["planes"][5]["heading"] == (heading - 15) % 360
    qtbot.keyClick(view, Qt.Key.Key_Q)
    qtbot.keyClick(view, Qt.Key.Key_Q)
    assert rec.data["planes"][5]["heading"] == (heading + 15) % 360
    assert rec.doc.stack.count() == steps + 3

    # the handle: drag it round to point right (heading 0)
    spit = piece_item(window, "planes[5]")
    handle = spit.handle.scenePos()
    port = view.viewport()
    qtbot.mousePress(port, Qt.MouseButton.LeftButton, pos=screen_point(view, handle))
    target = spit.pos() + QPointF(60, 0)
    for step in range(1, 5):
        qtbot.mouseMove(port, screen_point(view, handle + (target - handle) * (step / 4)))
    qtbot.mouseRelease(port, Qt.MouseButton.LeftButton, pos=screen_point(view, target))
    assert rec.data["planes"][5]["heading"] == 0.0
    assert rec.doc.stack.count() == steps + 4
    window.undo_action.trigger()
    assert rec.data["planes"][5]["heading"] == (heading + 15) % 360


def test_values_set_from_the_item(copy_window, qtbot):
    window = copy_window
    rec = open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    view = window.board.view
    menu = context_menu(view, piece_item(window, "planes[5]"))
    altitude = action(menu, "Altitude")
    assert [a.text() for a in altitude.actions()] == ["low", "standard", "high"]
    next(a for a in altitude.actions() if a.text() == "low").trigger()
    assert rec.data["planes"][5]["altitude"] == "low"
    assert grid_text(window, "planes", 5, "altitude") == "low"

    menu = context_menu(view, piece_item(window, "planes[5]"))
    action(menu, f"Energy: {rec.data['planes'][5]['energy']}…").trigger()
    popup = view.popup
    assert popup.editor.maximum() == 12  # the schema's range
    popup.editor.setValue(5)
    qtbot.keyClick(popup.editor, Qt.Key.Key_Return)
    assert rec.data["planes"][5]["energy"] == 5 and not popup.isVisible()
    window.undo_action.trigger()
    assert rec.data["planes"][5]["energy"] != 5


def test_a_rule_breaking_value_is_marked_and_unmarked_when_fixed_in_the_form(copy_window, qtbot):
    window = copy_window
    rec = open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    view = window.board.view
    assert piece_item(window, "planes[5]").mark.severity is None
    menu = context_menu(view, piece_item(window, "planes[5]"))
    action(menu, f"Energy: {rec.data['planes'][5]['energy']}…").trigger()
    view.popup.editor.setValue(12)  # above a Spitfire's max
    view.popup.apply()
    qtbot.waitUntil(lambda: piece_item(window, "planes[5]").mark.severity is not None, timeout=3000)
    item = piece_item(window, "planes[5]")
    assert item.mark.severity.value == "error" and item.mark.isVisible()
    assert "above the max" in item.toolTip()

    window.form.editor_at(("planes",)).ctx.commit(("planes", 5, "energy"), 4)  # fixed in the form
    qtbot.waitUntil(lambda: piece_item(window, "planes[5]").mark.severity is None, timeout=3000)
    assert not piece_item(window, "planes[5]").mark.isVisible()


def test_a_target_dragged_into_the_attackers_half_is_marked(copy_window, qtbot):
    window = copy_window
    rec = open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    view = window.board.view
    target = piece_item(window, "targets[0]")
    drag(qtbot, view, target, QPointF(700, 150))  # the axis (attacker's) half is the top
    assert rec.data["targets"][0]["y"] > 300
    qtbot.waitUntil(lambda: piece_item(window, "targets[0]").mark.severity is not None, timeout=3000)
    assert "outside the defender's half" in piece_item(window, "targets[0]").toolTip()


def test_air_wars_counters_snap_to_places_and_refuse_empty_squares(copy_window, qtbot):
    window = copy_window
    rec = open_scenario(window, "aw.scenario", "red-eagles")
    view, model = window.board.view, window.board.model
    board = model.board
    item = next(i for i in view.items.values() if i.piece.movable and i.piece.side == "luftwaffe"
                and piece_item_at(view.itemAt(screen_point(view, i.pos()))) is i)  # on top of its stack
    piece = item.piece
    # an empty square next to no place: refused, back home, with the layout's reason
    empty = next(c for c in board.cells() if board.place_at(board.label(c)) is None)
    home, steps = item.pos(), rec.doc.stack.count()
    drag(qtbot, view, item, QPointF(*board.center(empty)))
    assert rec.doc.stack.count() == steps and item.pos() == home and item.piece.cell == piece.cell
    assert "has no named place" in window.board.message.text()
    # a place of the side's own: accepted, snapped to the square
    own = next(p for p in board.map.places if p.airbase and board.map.territory_of(p.at) == "luftwaffe"
               and p.at != piece.cell)
    square = board.parse(own.at)
    drag(qtbot, view, item, QPointF(*board.center(square)) + QPointF(6, 5))  # off-centre: still that square
    assert rec.doc.stack.count() == steps + 1
    at = [p for p in model.pieces if p.cell == own.at and p.label == piece.label]
    assert at, "the counter now stands at the place"
    assert cell_at(board, (view.items[at[0].key].pos().x(), view.items[at[0].key].pos().y())) == own.at
    selected = [i for i in view.items.values() if i.isSelected()]
    assert [(i.piece.label, i.piece.cell) for i in selected] == [(piece.label, own.at)]  # still in hand


def test_turning_an_air_wars_counter_says_why_not(copy_window, qtbot):
    window = copy_window
    open_scenario(window, "aw.scenario", "red-eagles")
    view = window.board.view
    item = next(i for i in view.items.values() if i.piece.movable)
    assert not item.rotatable
    menu = context_menu(view, item)
    assert "Turn clockwise" not in [a.text().split("\t")[0] for a in menu.actions()]
    view.turn([item], steps=1)
    assert "no facing" in window.board.message.text()


def test_free_mat_positions_convert_both_ways(copy_window):
    window = copy_window
    open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    board = window.board.model.board
    assert from_drawing(board, board.to_drawing(123.0, 45.0)) == pytest.approx((123.0, 45.0))


def wheel(qtbot, view, item, notches: int, modifiers=Qt.KeyboardModifier.ShiftModifier) -> None:
    from PySide6.QtGui import QWheelEvent

    pos = QPointF(screen_point(view, item.pos()))
    for _ in range(abs(notches)):
        event = QWheelEvent(pos, QPointF(view.viewport().mapToGlobal(pos.toPoint())), QPoint(0, 0),
                            QPoint(0, 120 if notches > 0 else -120), Qt.MouseButton.NoButton, modifiers,
                            Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(view.viewport(), event)


def test_hex_planes_snap_to_hexes_and_turn_by_the_wheel_as_one_step(hex_window, qtbot):
    window = hex_window
    rec = open_scenario(window, "hm.scenario", "yamamotos-defeat")
    view, model = window.board.view, window.board.model
    view.zoom_by(3)  # closer: a hex is bigger than the counters' minimum size
    item = next(iter(view.items.values()))
    view.centerOn(item)
    path = item.piece.path
    placed = lambda: rec.data[path[0]][path[1]][path[2]][path[3]]  # noqa: E731
    start = dict(placed())
    board = model.board
    target = board.step(board.parse(item.piece.cell), 3, 2)  # two hexes south
    drag(qtbot, view, item, QPointF(*board.center(target)) + QPointF(4, -3))
    assert (placed()["col"], placed()["row"]) == (target[0] + 1, target[1] + 1)
    assert placed()["facing"] == start["facing"]
    assert view.items[item.piece.key].piece.cell == board.label(target)

    steps = rec.doc.stack.count()
    item = view.items[item.piece.key]
    wheel(qtbot, view, item, 2)  # two notches: two facings clockwise, one step when the wheel rests
    assert rec.doc.stack.count() == steps and item.angle == pytest.approx(board.facing_angle(start["facing"] + 2))
    qtbot.waitUntil(lambda: rec.doc.stack.count() == steps + 1, timeout=2000)
    assert placed()["facing"] == (start["facing"] + 2) % 6
    window.undo_action.trigger()
    assert placed()["facing"] == start["facing"]


def test_wheel_without_shift_zooms_about_the_pointer(hex_window, qtbot):
    window = hex_window
    open_scenario(window, "hm.scenario", "yamamotos-defeat")
    view = window.board.view
    item = next(iter(view.items.values()))
    before = view.transform().m11()
    wheel(qtbot, view, item, 2, Qt.KeyboardModifier.NoModifier)
    assert view.transform().m11() == pytest.approx(before * 1.44) and not view.fitted
    view.fit()
    assert view.transform().m11() == pytest.approx(before)


def test_air_force_variants_are_picked_and_a_drop_records_a_start(hex_window, qtbot):
    window = hex_window
    rec = open_scenario(window, "af.scenario", "air-melee")
    pane = window.board
    assert pane.variant.isVisibleTo(pane) and pane.variant.count() == 2
    first = {p.key for p in pane.model.pieces}
    pane.variant.setCurrentIndex(1)
    second = {p.key for p in pane.model.pieces}
    assert all(k.startswith("variants[1]") for k in second) and all(k.startswith("variants[0]") for k in first)
    assert set(pane.view.items) == second

    view, board = pane.view, pane.model.board
    group = next(i for i in view.items.values() if i.piece.path[-2] == "groups")  # "anywhere in area"
    view.zoom_by(4)
    view.centerOn(group)
    j = group.piece.path[3]
    starts = len(rec.data["variants"][1]["groups"][j].get("starts", []))
    target = board.step(board.parse(group.piece.cell), 2, 1)
    drag(qtbot, view, view.items[group.piece.key], QPointF(*board.center(target)))
    assert len(rec.data["variants"][1]["groups"][j]["starts"]) == starts + 1
    assert rec.data["variants"][1]["groups"][j]["starts"][-1]["hex"] == board.label(target)
    assert pane.variant.currentIndex() == 1, "the variant shown stays after an edit"


def test_every_bundled_scenario_opens_on_its_board(bundled_window):
    window = bundled_window
    scenarios = [r for r in window.session.records() if r.kind.endswith(".scenario")]
    assert {r.kind for r in scenarios} == {"paw.scenario", "aw.scenario", "hm.scenario", "af.scenario"}
    for rec in scenarios:
        window.show_record(rec)
        pane = window.board
        assert window.drawings.currentWidget() is pane
        for variant in range(max(1, pane.variant.count())):
            if pane.variant.count():
                pane.variant.setCurrentIndex(variant)
            assert not pane.model.problem, (rec.id, pane.model.problem)
            assert pane.model.pieces, rec.id
            assert set(pane.view.items) == {p.key for p in pane.model.pieces}, rec.id
            assert all(i.scene() is pane.view.scene() for i in pane.view.items.values())
    dashboard = next(r for r in window.session.records() if r.kind == "paw.dashboard")
    window.show_record(dashboard)
    assert window.drawings.currentWidget() is window.preview and window.board.model is None


def test_double_clicking_a_piece_shows_its_entry_in_the_form(copy_window, qtbot):
    window = copy_window
    open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    view = window.board.view
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=screen_point(view, view.items["planes[5]"].pos()))
    grid = window.form.editor_at(("planes",))
    assert grid.table.currentRow() == 5 and grid.table.hasFocus()


def ctrl_click(qtbot, view, item) -> None:
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier,
                     screen_point(view, item.pos()))


def test_selected_planes_drag_together_as_one_step(hex_window, qtbot):
    window = hex_window
    rec = open_scenario(window, "hm.scenario", "yamamotos-defeat")
    view, board = window.board.view, window.board.model.board
    view.zoom_by(2)
    fighters = [i for i in view.items.values() if rec.data["squadrons"][i.piece.path[1]]["role"] == "fighter"]
    lead, wing = fighters[0], next(i for i in fighters[1:] if i.piece.side == fighters[0].piece.side)
    view.centerOn(lead)
    view.scene().clearSelection()
    for item in (lead, wing):
        ctrl_click(qtbot, view, item)
    assert lead.isSelected() and wing.isSelected()
    cells = {i.piece.key: board.parse(i.piece.cell) for i in (lead, wing)}
    steps = rec.doc.stack.count()
    target = board.step(cells[lead.piece.key], 3, 2)  # two hexes south
    drag(qtbot, view, lead, QPointF(*board.center(target)))
    assert rec.doc.stack.count() == steps + 1, "one command for the group"
    for key, cell in cells.items():
        assert view.items[key].piece.cell == board.label(board.step(cell, 3, 2))
    window.undo_action.trigger()
    assert {k: board.parse(view.items[k].piece.cell) for k in cells} == cells


def test_selected_counters_on_the_mat_keep_their_spacing(copy_window, qtbot):
    window = copy_window
    rec = open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    view = window.board.view
    bombers = [view.items[f"planes[{i}]"] for i in range(3)]
    view.zoom_by(3)  # closer: the bombers' counters no longer overlap on screen
    view.centerOn(bombers[1])
    view.scene().clearSelection()
    for item in bombers:
        ctrl_click(qtbot, view, item)
    assert [i.isSelected() for i in bombers] == [True] * 3
    before = [(p["x"], p["y"]) for p in rec.data["planes"][:3]]
    drag(qtbot, view, bombers[1], bombers[1].pos() + QPointF(60, 0))  # 60 mm right on screen
    after = [(p["x"], p["y"]) for p in rec.data["planes"][:3]]
    shifts = {(round(a[0] - b[0], 1), round(a[1] - b[1], 1)) for a, b in zip(after, before)}
    assert len(shifts) == 1, (before, after)
    (shift,) = shifts  # the same for all three: the formation keeps its shape
    assert shift == (pytest.approx(60, abs=2), 0), (before, after)


def test_counters_of_one_deployment_line_move_one_at_a_time(copy_window, qtbot):
    window = copy_window
    rec = open_scenario(window, "aw.scenario", "red-eagles")
    view, model = window.board.view, window.board.model
    by_line = {}
    for item in view.items.values():
        if item.piece.movable:
            by_line.setdefault(item.piece.path, []).append(item)
    pair = next(items for items in by_line.values() if len(items) > 1)
    view.scene().clearSelection()
    for item in pair[:2]:
        item.setSelected(True)
    own = next(p for p in model.board.map.places if p.airbase and p.at != pair[0].piece.cell
               and model.board.map.territory_of(p.at) == pair[0].piece.side)
    steps = rec.doc.stack.count()
    drag(qtbot, view, pair[0], QPointF(*model.board.center(model.board.parse(own.at))))
    assert rec.doc.stack.count() == steps
    assert "one at a time" in window.board.message.text()


def test_shift_drag_on_the_board_bands_a_formation(copy_window, qtbot):
    window = copy_window
    open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    view = window.board.view
    bombers = [view.items[f"planes[{i}]"] for i in range(3)]
    view.zoom_by(3)
    view.centerOn(bombers[1])
    box = QRectF()
    for item in bombers:
        box |= item.sceneBoundingRect()
    box.adjust(-3, -3, 3, 3)
    port, shift = view.viewport(), Qt.KeyboardModifier.ShiftModifier
    assert piece_item_at(view.itemAt(screen_point(view, box.topLeft()))) is None, "the band starts off the pieces"
    qtbot.mousePress(port, Qt.MouseButton.LeftButton, shift, screen_point(view, box.topLeft()))
    for step in range(1, 5):
        qtbot.mouseMove(port, screen_point(view, box.topLeft() + (box.bottomRight() - box.topLeft()) * step / 4))
    qtbot.mouseRelease(port, Qt.MouseButton.LeftButton, shift, screen_point(view, box.bottomRight()))
    chosen = {k for k, i in view.items.items() if i.isSelected()}
    assert {f"planes[{i}]" for i in range(3)} <= chosen
    assert view.dragMode() == view.DragMode.ScrollHandDrag, "a plain drag pans again"


def test_a_scenario_opened_from_a_preview_draws_only_its_board(copy_window):
    """From a dashboard (Preview tab) to a scenario: the board draws it once; the preview behind the
    Board tab waits until it is shown (it drew the whole scenario for nothing first, 300 ms on an
    Air Force map), then draws the scenario, not the dashboard."""
    window = copy_window
    window.open_record("paw.dashboard", "spitfire-i")
    assert window.drawings.currentWidget() is window.preview
    previews, boards = window.preview.redraws, window.board.redraws
    open_scenario(window, "paw.scenario", "sweep-four-versus-four")
    assert window.preview.redraws == previews and window.board.redraws == boards + 1
    window.drawings.setCurrentWidget(window.preview)
    assert window.preview.redraws == previews + 1 and window.preview.rec.id == "sweep-four-versus-four"
    window.open_record("paw.dashboard", "bf-109e")
    assert window.drawings.currentWidget() is window.preview and window.preview.redraws == previews + 2
    assert window.board.redraws == boards + 1


def test_the_next_scenario_keeps_the_board_items_it_shares_and_none_of_the_last_pieces(copy_window):
    """Paging from scenario to scenario rebuilds only the board items that differ (an Air Force map
    has thousands of hexes); the pieces are the new scenario's only, and a scenario that does not
    validate shows no board at all rather than the last one's."""
    window = copy_window
    open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    view = window.board.view
    before = {item: list(qt) for item, qt in view.sync.shown.items()}
    second = open_scenario(window, "paw.scenario", "sweep-four-versus-four")
    shared = [item for item in view.sync.shown if item in before]
    assert shared and kept(before, view.sync.shown) == sum(min(len(before[i]), len(view.sync.shown[i])) for i in shared)
    assert set(view.items) == {p.key for p in window.board.model.pieces}
    drawn = {qt for qts in view.sync.shown.values() for qt in qts}
    pieces = set(view.items.values())
    rest = {i for i in view.scene().items() if i.parentItem() is None} - drawn - pieces - {view.highlight}
    assert [i.zValue() for i in rest] == [-1]  # the page; nothing left of the last scenario
    del before, shared, drawn, pieces, rest  # wrappers of items the scene deletes below
    second.doc.stack.push(SetField(second.doc, second.uid, ("planes", 0, "energy"), "lots"))
    assert second.model is None
    open_scenario(window, "paw.scenario", "bombing-adlerangriff-airfield")
    open_scenario(window, "paw.scenario", "sweep-four-versus-four")
    assert "has errors" in window.board.title.text()
    assert [i for i in view.scene().items() if i.parentItem() is None] == [view.highlight]


def kept(before: dict, after: dict) -> int:
    """How many Qt items of a drawing were kept for the next one (its items equal to the last's)."""
    return len({id(q) for qts in before.values() for q in qts} & {id(q) for qts in after.values() for q in qts})
