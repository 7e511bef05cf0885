"""Square and hex grids: adjacency, distance, lines, labels and geometry."""

import math

import pytest
from hypothesis import given, strategies as st

from engine.core.board import (
    HexGrid, SquareGrid, from_cube, letters, number_code, parse_letter_number, parse_number_code, to_cube,
)


def test_letters_and_codes_round_trip():
    assert [letters(i) for i in (0, 25, 26, 27, 51, 52)] == ["A", "Z", "AA", "AB", "AZ", "BA"]
    assert parse_letter_number("c4") == (2, 3) and parse_letter_number("AA10") == (26, 9)
    for bad in ("4C", "C", "", "C-4"):
        with pytest.raises(ValueError, match="not a square or hex code"):
            parse_letter_number(bad)


def test_square_grid_moves_orthogonally_only():
    grid = SquareGrid(5, 4)
    assert grid.neighbors((0, 0)) == [(1, 0), (0, 1)]
    assert len(grid.neighbors((2, 2))) == 4
    assert grid.distance((0, 0), (3, 2)) == 5  # no diagonal shortcut
    assert grid.label((2, 3)) == "C4" and grid.parse("C4") == (2, 3)
    with pytest.raises(ValueError, match="off the board"):
        grid.parse("F1")


def test_hex_grid_neighbours_and_facings():
    grid = HexGrid(8, 8)
    assert grid.step((2, 2), 0) == (2, 1)  # north stays in the column
    assert grid.step((2, 2), 3) == (2, 3)
    assert sorted(grid.neighbors((3, 3))) == sorted(grid.step((3, 3), f) for f in range(6))
    assert len(set(grid.neighbors((3, 3)))) == 6
    assert len(grid.neighbors((0, 0))) == 2


@given(st.integers(0, 30), st.integers(0, 30))
def test_cube_round_trip(col, row):
    assert from_cube(to_cube((col, row))) == (col, row)
    assert sum(to_cube((col, row))) == 0


@given(st.integers(0, 9), st.integers(0, 9), st.integers(0, 5), st.integers(1, 6))
def test_hex_lines_are_straight_and_measured(col, row, facing, length):
    grid = HexGrid(10, 10)
    line = grid.line((col, row), facing, length)
    assert [grid.distance((col, row), c) for c in line] == list(range(1, length + 1))
    assert grid.direction((col, row), line[-1]) == facing
    assert grid.step(line[-1], (facing + 3) % 6, length) == (col, row)


def test_hex_geometry_neighbours_are_one_hex_width_apart():
    grid = HexGrid(6, 6, cell_mm=20)
    cx, cy = grid.center((2, 2))
    for n in grid.neighbors((2, 2)):
        nx, ny = grid.center(n)
        assert math.isclose(math.hypot(nx - cx, ny - cy), 20, rel_tol=1e-9)
    outline = grid.outline((2, 2))
    assert all(math.isclose(math.hypot(x - cx, y - cy), grid.radius) for x, y in outline)


def test_board_drawing_has_a_keyed_outline_and_label_per_cell():
    grid = SquareGrid(3, 2)
    drawing = grid.drawing()
    assert grid.label((2, 1)) in drawing.keys() and len(drawing.keys()) == 6
    assert "C2" in drawing.texts()


@given(st.integers(0, 30), st.integers(0, 30), st.sampled_from(["odd", "even"]))
def test_cube_round_trip_for_either_stagger(col, row, low):
    assert from_cube(to_cube((col, row), low), low) == (col, row)


def test_even_low_columns_mirror_odd_low_ones():
    odd, even = HexGrid(8, 8), HexGrid(8, 8, low_columns="even")
    assert odd.step((2, 2), 1) == (3, 1) and even.step((2, 2), 1) == (3, 2)
    assert odd.step((3, 2), 1) == (4, 2) and even.step((3, 2), 1) == (4, 1)
    assert even.center((0, 0))[1] - even.center((1, 0))[1] == even.cell_mm / 2
    with pytest.raises(ValueError, match="'odd' or 'even'"):
        HexGrid(4, 4, low_columns="left")


def test_number_codes_are_one_based_and_padded_to_equal_widths():
    assert number_code((8, 23)) == "0924" and parse_number_code("0924") == (8, 23)
    assert number_code((99, 4)) == "100005" and parse_number_code("100005") == (99, 4)
    for bad in ("924", "09a4", "", "12345"):
        with pytest.raises(ValueError, match="not a hex code"):
            parse_number_code(bad)
