"""The board record: hex codes <-> board cells on the engine's hex grid, neighbours, distance, edges."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rulesets.af.kinds.board import Board

from ..conftest import changed


@pytest.fixture(scope="module")
def board(get) -> Board:
    return get("board", "air-force-board")


def test_six_sections_of_lettered_columns_and_numbered_rows(board):
    assert [s.id for s in board.sections] == ["I", "II", "III", "IV", "V", "VI"]
    codes = list(board.codes())
    assert len(codes) == len(set(codes)) == 6 * len(board.column_letters) * board.rows
    assert board.parse("II-I1").code == "II-I1"
    assert "VI-P20" in codes and list(board.codes(["III"]))[0] == "III-A1"


@pytest.mark.parametrize("code,why", [
    ("I-F0", "row 0 is off the section"),
    ("I-F21", "row 21 is off the section"),
    ("I-Q1", "column Q is not on a section"),
    ("VII-A1", "no section VII"),
    ("F1", "not a hex code"),
])
def test_bad_codes_say_what_is_wrong(board, code, why):
    with pytest.raises(ValueError, match=why):
        board.parse(code)


def test_every_code_round_trips_through_cells_and_the_engine_grid(board):
    grid = board.grid()
    for code in board.codes():
        assert board.code_at(board.cell(code)) == code
        assert grid.label(grid.parse(code)) == code
    assert board.code_at((-1, 0)) is None and board.code_at((board.width, 0)) is None
    assert board.code_at((0, board.height)) is None
    with pytest.raises(ValueError, match="row 21 is off the section"):
        grid.parse("I-A21")


def test_sections_tile_the_board(board):
    assert (board.width, board.height) == (2 * len(board.column_letters), 3 * board.rows)
    assert board.cell("I-A1") == (0, 0)
    assert board.cell("II-A1") == (len(board.column_letters), 0)
    assert board.cell("V-A1") == (0, 2 * board.rows)
    # crossing a section boundary is one ordinary step
    assert board.neighbor("I-A20", 4) == "III-A1"
    assert board.distance("I-P1", "II-A1") == 1


def test_neighbours_are_reciprocal_adjacent_and_evenly_spaced(board):
    for code in board.codes(["III"]):
        cx, cy = board.center_mm(code)
        for direction in range(1, 7):
            other = board.neighbor(code, direction)
            if other is None:
                continue
            opposite = (direction + 2) % 6 + 1
            assert board.neighbor(other, opposite) == code
            assert board.distance(code, other) == 1
            ox, oy = board.center_mm(other)
            assert math.isclose(math.hypot(ox - cx, oy - cy), board.hex_mm)


def test_compass_runs_clockwise_from_side_1(board):
    cx, cy = board.center_mm("III-H10")
    bearings = []
    for direction in range(1, 7):
        ox, oy = board.center_mm(board.neighbor("III-H10", direction))
        bearings.append(round(math.degrees(math.atan2(ox - cx, cy - oy))) % 360)
    assert bearings == [0, 60, 120, 180, 240, 300]


def test_board_sides_are_named_by_the_directions_that_cross_them(board):
    assert [board.side_of(d) for d in range(1, 7)] == ["top", "right", "right", "bottom", "left", "left"]
    assert board.from_edge("I-F1", 1) == 1 and board.from_edge("V-F20", 4) == 1
    assert board.from_edge("II-P7", 2) == board.from_edge("II-P7", 3) == 1
    assert board.from_edge("I-C7", 5) == 3


def test_the_compass_orientation_is_content(board):
    turned = changed(board, lambda d: d.update(up=4))
    assert turned.neighbor("III-H10", 4) == board.neighbor("III-H10", 1)
    assert turned.side_of(4) == "top"


def test_a_gap_in_the_layout_has_no_codes(board):
    holed = changed(board, lambda d: d["sections"].pop(3))  # section IV missing
    assert holed.code_at(board.cell("IV-A1")) is None
    assert holed.neighbor("III-P10", 3) is None


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_distance_is_a_metric(board, data):
    codes = list(board.codes())
    a, b, c = (data.draw(st.sampled_from(codes)) for _ in range(3))
    assert board.distance(a, b) == board.distance(b, a)
    assert (board.distance(a, b) == 0) == (a == b)
    assert board.distance(a, c) <= board.distance(a, b) + board.distance(b, c)
