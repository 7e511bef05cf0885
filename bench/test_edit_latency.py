"""Latency from a field edit to the redrawn preview, through the real window.

One edit = one SetField pushed on the undo stack, as a form field or a board
drag pushes it; the time covers the model change, validation of the record,
the form refresh and the preview redraw, which all run synchronously. The
workspace-wide check that feeds the Issues dock runs after a pause in typing
and is not on this path. Target: 16 ms (one frame at 60 Hz).

Cases: a toy dice table; a toy "board" (a record of 200 units drawn by a
registered preview as 200 counters); the bundled Pocket Air War Spitfire IX
dashboard (a gun threshold); the bundled Adlerangriff scenario grown to 200
planes, one plane moved — once up to the redrawn preview, once including the
record's own findings (schema, references, dice, every paw lint rule), which
the studio computes right after the redraw; and the same scenario on the board,
one plane dragged with the mouse, from the release to the redrawn board.
"""

import itertools

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QMessageBox

from engine.content.loader import BUNDLED_CONTENT
from engine.drawing.shapes import Drawing, Font, Group, Line, Rect, Style, Text
from studio.board_items import piece_item_at
from studio.commands import SetField
from studio.main_window import MainWindow

ROUNDS = 60
TABLE_ROWS = "\n".join(f"  - {{roll: {i}, plane: p{i % 5}}}" for i in range(1, 21))
UNITS = "\n".join(f"  - {{roll: {i}, plane: p{i % 5}}}" for i in range(1, 201))
PLANE = "kind: toy.plane\nid: p{i}\nname: Plane {i}\nspeed: 5\nturns: [A, B, C]\n"


def board(record, ctx) -> Drawing:
    """Each row is a unit: its roll is where it stands, its plane what it is."""
    units = []
    for i, row in enumerate(record.rows):
        spot = int(row.roll)
        plane = ctx.get("toy.plane", row.plane)
        units.append(Group((
            Rect(-7, -7, 14, 14, radius=1, style=Style(fill="#dfe8f3")),
            Line(0, 0, 0, -7, Style(stroke="#b00", width=0.6)),
            Text(0, 2, f"{plane.speed if plane else '?'}", Font(2.4)),
        ), dx=10 + (spot % 20) * 19, dy=10 + (spot // 20) * 19, rotate=(i * 45) % 360, key=f"rows[{i}]"))
    return Drawing(400, 220, tuple(units), title="board")


@pytest.fixture
def window(qtbot, make_pack, sandbox, toy_rulesets):
    files = {f"planes/p{i}.yaml": PLANE.format(i=i) for i in range(5)}
    files["tables/small.yaml"] = f"kind: toy.table\nid: small\ndie: d20\nrows:\n{TABLE_ROWS}\n"
    files["tables/board.yaml"] = f"kind: toy.table\nid: board\ndie: d200\nrows:\n{UNITS}\n"
    w = MainWindow([make_pack("bench", files=files)], remember=False)
    w.ask = lambda *args, **kwargs: QMessageBox.StandardButton.Discard  # closing asks about the edits
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    return w


def edit_and_measure(benchmark, window, rid, path, values):
    measure(benchmark, window, window.open_record("toy.table", rid), path, values)


def test_dice_table_cell_edit_to_preview(benchmark, window):
    edit_and_measure(benchmark, window, "small", ("rows", 3, "roll"), ["4", "3-4", "4-5"])


def test_board_with_200_units_move_one_unit(benchmark, window, toy_rulesets, monkeypatch):
    monkeypatch.setitem(toy_rulesets.previews, "toy.table", board)
    edit_and_measure(benchmark, window, "board", ("rows", 57, "roll"), [58, 59, 60])
    assert len(window.preview.view.scene().items()) >= 200 * 4


# ------------------------------------------------------------------ the bundled packs

bundled = pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")


@pytest.fixture
def content_window(bundled_window):
    return bundled_window


def measure(benchmark, window, rec, path, values, findings=False):
    """`findings`: also the record's own findings (lint included) that follow the redraw."""
    cycle = itertools.cycle(values)
    before = window.preview.redraws

    def edit():
        rec.doc.stack.push(SetField(rec.doc, rec.uid, path, next(cycle)))
        if findings:
            window.session.check_pending()

    benchmark.pedantic(edit, rounds=ROUNDS, iterations=1, warmup_rounds=3)
    assert window.preview.redraws >= before + ROUNDS  # every edit redrew the preview


@bundled
def test_paw_dashboard_gun_threshold_edit_to_preview(benchmark, content_window):
    rec = content_window.open_record("paw.dashboard", "spitfire-ix")
    measure(benchmark, content_window, rec, ("guns", 2, "hit"), [13, 11, 12])
    assert str(rec.data["guns"][2]["hit"]) in content_window.preview.view.drawing.texts()


def scenario_with_200_planes(window):
    rec = window.open_record("paw.scenario", "bombing-adlerangriff-airfield")
    base = rec.data["planes"][0]
    planes = [dict(base, id=f"p{i}", x=20.0 + (i % 20) * 40, y=20.0 + (i // 20) * 50) for i in range(200)]
    rec.doc.stack.push(SetField(rec.doc, rec.uid, ("planes",), planes))
    assert rec.model is not None and len(rec.model.planes) == 200
    return rec


@bundled
@pytest.mark.parametrize("findings", [False, True], ids=["preview", "preview+findings"])
def test_paw_scenario_board_with_200_planes_move_one(benchmark, content_window, findings):
    rec = scenario_with_200_planes(content_window)
    content_window.drawings.setCurrentWidget(content_window.preview)  # scenarios open on the board
    measure(benchmark, content_window, rec, ("planes", 57, "x"), [300.0, 310.0, 320.0], findings)


@bundled
@pytest.mark.parametrize("findings", [False, True], ids=["board", "board+findings"])
def test_board_drag_of_one_plane_among_200(benchmark, content_window, qtbot, findings):
    """Drag end (mouse release) to the redrawn board: the move command from the layout's edits,
    the record validated, the form refreshed, every piece item brought in line (and with
    `findings`, the record's own findings and the pieces' marks)."""
    rec = scenario_with_200_planes(content_window)
    board = content_window.board
    content_window.drawings.setCurrentWidget(board)
    view, port = board.view, board.view.viewport()
    assert len(view.items) == 200 + len(rec.data["targets"])
    targets = itertools.cycle([QPointF(0, -40), QPointF(40, 0), QPointF(0, 40), QPointF(-40, 0)])
    middle = view.mapFromScene(QPointF(450, 300))
    key = min((k for k, item in view.items.items() if k.startswith("planes")  # not under another
               and piece_item_at(view.itemAt(view.mapFromScene(item.pos()))) is item),
              key=lambda k: (view.mapFromScene(view.items[k].pos()) - middle).manhattanLength())  # room to move
    state = {}

    def lift():
        item = view.items[key]
        start = view.mapFromScene(item.pos())
        end = view.mapFromScene(item.pos() + next(targets))
        qtbot.mousePress(port, Qt.MouseButton.LeftButton, pos=start)
        for step in (1, 2, 3):
            qtbot.mouseMove(port, start + (end - start) * (step / 3))
        state.update(end=end, redraws=board.redraws, steps=rec.doc.stack.count())

    done = []

    def drop():
        qtbot.mouseRelease(port, Qt.MouseButton.LeftButton, pos=state["end"])
        if findings:
            content_window.session.check_pending()
        done.append((board.redraws - state["redraws"], rec.doc.stack.count() - state["steps"]))

    benchmark.pedantic(drop, setup=lift, rounds=ROUNDS, iterations=1, warmup_rounds=3)
    assert done == [(1, 1)] * (ROUNDS + 3), str(done)
