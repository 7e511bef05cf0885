"""Pocket Air War scenarios on their free mat: pieces where the record puts them, and the
field edits a drag, a rotation or a value change turns into."""

import pytest

from engine.drawing.shapes import Group
from engine.content.edits import apply_edits
from engine.rulesets.paw import RULESET
from tests.paw.conftest import edited
from tests.previews import renders, resolves

LAYOUT = RULESET.layout


def scenario(view, rid="bombing-adlerangriff-airfield"):
    return view.get("paw.scenario", rid)


def piece(view, record, key):
    return next(p for p in LAYOUT.pieces(record, view) if p.key == key)


def test_every_bundled_scenario_puts_its_pieces_on_its_mat(faithful, errata):
    for view in (faithful, errata):
        for record in view.records("paw.scenario"):
            board = LAYOUT.board(record, view)
            pieces = LAYOUT.pieces(record, view)
            assert len(pieces) == len(record.planes) + len(record.targets)
            assert len({p.key for p in pieces}) == len(pieces)
            for p in pieces:
                assert p.cell is None and board.contains(*p.pos), (record.id, p.key)
                assert resolves(record, p.key) and p.counter is not None
                assert p.side in ("axis", "allies")


def test_pieces_carry_what_the_board_shows_and_edits(faithful):
    record = scenario(faithful)
    he111 = piece(faithful, record, "planes[0]")
    assert he111.label == "he111-1" and he111.side == "axis" and he111.heading == 270.0
    assert he111.pos == (420.0, 540.0) and he111.footprint == (16.0, 16.0)
    assert he111.values == {"altitude": "high", "energy": 4, "loadout": "bombs",
                            "damaged": False}
    airfield = piece(faithful, record, "targets[0]")
    assert airfield.side == "allies" and airfield.values == {} and airfield.path == ("targets", 0)
    assert "Airfield" in airfield.counter.texts()


def test_move_turn_and_set_value_edit_the_record(faithful):
    record = scenario(faithful)
    spit = piece(faithful, record, "planes[5]")
    edits = LAYOUT.move(record, faithful, spit, pos=(123.456, 78.9))
    assert edits == [(("planes", 5, "x"), 123.5), (("planes", 5, "y"), 78.9)]
    moved = apply_edits(record, edits)
    assert piece(faithful, moved, "planes[5]").pos == (123.5, 78.9)
    turned = apply_edits(moved, LAYOUT.turn(moved, faithful, spit, heading=-45))
    assert turned.planes[5].heading == 315.0
    assert apply_edits(turned, LAYOUT.turn(turned, faithful, spit, heading=450)).planes[5].heading == 90.0
    lower = apply_edits(turned, LAYOUT.set_value(turned, faithful, spit, "altitude", "low"))
    assert piece(faithful, lower, "planes[5]").values["altitude"] == "low"
    slow = apply_edits(lower, LAYOUT.set_value(lower, faithful, spit, "energy", 3))
    assert slow.planes[5].energy == 3 and slow.planes[4] == record.planes[4]


def test_impossible_edits_say_why(faithful):
    record = scenario(faithful)
    spit = piece(faithful, record, "planes[5]")
    with pytest.raises(ValueError, match="off the 900 x 600 mm mat"):
        LAYOUT.move(record, faithful, spit, pos=(950.0, 10.0))
    with pytest.raises(ValueError, match="no cells"):
        LAYOUT.move(record, faithful, spit, cell="C4")
    with pytest.raises(ValueError, match="heading"):
        LAYOUT.turn(record, faithful, spit, facing=2)
    with pytest.raises(ValueError, match="energy 99"):
        LAYOUT.set_value(record, faithful, spit, "energy", 99)
    with pytest.raises(ValueError, match="altitude 'orbit'"):
        LAYOUT.set_value(record, faithful, spit, "altitude", "orbit")
    with pytest.raises(ValueError, match="no 'speed'"):
        LAYOUT.set_value(record, faithful, spit, "speed", 3)
    with pytest.raises(ValueError, match="has no 'energy'"):
        LAYOUT.set_value(record, faithful, piece(faithful, record, "targets[0]"), "energy", 3)
    with pytest.raises(ValueError, match="mat 'nowhere' is not in the pack"):
        LAYOUT.board(edited(record, lambda d: d.update(mat="nowhere")), faithful)


def test_a_rule_break_is_left_to_lint(faithful):
    # Energy above the Spitfire's max is legal to author; paw.start_state reports it.
    record = scenario(faithful)
    spit = piece(faithful, record, "planes[5]")
    assert LAYOUT.set_value(record, faithful, spit, "energy", 12) == [(("planes", 5, "energy"), 12)]


def test_the_board_is_the_scenario_mat_with_its_halves(faithful):
    record = scenario(faithful)
    board = LAYOUT.board(record, faithful)
    assert board.size() == (900.0, 600.0) and board.areas == {"axis": "top", "allies": "bottom"}
    assert board.step_mm == faithful.records("paw.rules")[0].components.step_mm
    assert board.to_drawing(100, 50) == (100, 550)  # the mat's y runs up, the page's down
    assert {"Axis side", "Allies side"} <= set(board.drawing().texts())


def test_scenario_preview_draws_each_counter_where_it_stands(faithful):
    record = scenario(faithful)
    drawing = RULESET.previews["paw.scenario"](record, faithful)
    renders(drawing)
    groups = {g.key: g for g in drawing.items if isinstance(g, Group)}
    board = LAYOUT.board(record, faithful)
    for p in LAYOUT.pieces(record, faithful):
        assert (groups[p.key].dx, groups[p.key].dy) == board.to_drawing(*p.pos)
        assert groups[p.key].rotate == 90.0 - p.heading
    mat = RULESET.previews["paw.mat"](faithful.get("paw.mat", "sea"), faithful)
    assert mat.width == 900.0 and "Axis side" not in mat.texts()
