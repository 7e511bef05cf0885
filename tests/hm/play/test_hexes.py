"""The hex mat as the engine's HexGrid: 1-based codes, the stagger, footprints, masks of nearby hexes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.board import cube_distance
from engine.rulesets.hm.kinds.board import Board, footprint, to_cell
from engine.rulesets.hm.play.mat import mat_of


def mat(stagger="even-low", columns=40, rows=40) -> Board:
    return Board(kind="hm.board", id="m", name="m", columns=columns, rows=rows, hex_inches=4.0, stagger=stagger)


def neighbours(board: Board, col: int, row: int) -> list[tuple[int, int]]:
    grid = board.grid()
    return [(c + 1, r + 1) for c, r in (grid.step(to_cell((col, row)), f) for f in range(6))]


def test_even_low_neighbours_of_an_odd_column():
    # Column 5 is not lowered, columns 4 and 6 are: north-east is one row up.
    assert neighbours(mat(), 5, 5) == [(5, 4), (6, 4), (6, 5), (5, 6), (4, 5), (4, 4)]


def test_odd_low_neighbours_of_an_odd_column():
    assert neighbours(mat("odd-low"), 5, 5) == [(5, 4), (6, 5), (6, 6), (5, 6), (4, 6), (4, 5)]


def test_hex_codes_are_one_based_column_then_row():
    grid = mat(columns=17, rows=30).grid()
    assert grid.label(to_cell((9, 24))) == "0924"
    assert grid.parse("0924") == (8, 23) and grid.parse("1730") == (16, 29)
    with pytest.raises(ValueError, match="off the board"):
        grid.parse("1831")


def test_even_low_columns_are_drawn_half_a_hex_lower():
    grid = mat().grid()
    (_, y5), (_, y6) = grid.center(to_cell((5, 5))), grid.center(to_cell((6, 5)))
    assert y6 - y5 == pytest.approx(grid.cell_mm / 2)
    assert grid.cell_mm == pytest.approx(4 * 25.4)


def test_a_column_is_a_straight_path_between_the_ends():
    grid = mat(columns=17, rows=30).grid()
    path = grid.line(to_cell((9, 30)), 0, 29)
    assert path[-1] == to_cell((9, 1)) and {c for c, _ in path} == {8}
    assert grid.distance(to_cell((9, 30)), to_cell((9, 1))) == 29


def test_heavy_bomber_footprint_lies_behind_the_nose():
    grid = mat().grid()
    assert footprint(grid, to_cell((5, 5)), 1, 2) == [to_cell((5, 5)), to_cell((4, 5))]
    assert footprint(grid, to_cell((5, 5)), 3, 1) == [to_cell((5, 5))]


hexes = st.tuples(st.integers(1, 40), st.integers(1, 40))
staggers = st.sampled_from(["even-low", "odd-low"])


@given(hexes, st.integers(0, 5), staggers)
def test_neighbours_are_one_hex_away_and_lead_back(h, facing, stagger):
    grid = mat(stagger).grid()
    n = grid.step(to_cell(h), facing)
    assert grid.distance(to_cell(h), n) == 1
    assert grid.step(n, facing + 3) == to_cell(h)


@pytest.mark.parametrize("stagger", ["even-low", "odd-low"])
def test_the_mat_hexes_within_a_distance_of_a_hex_are_exactly_those_that_near(stagger):
    """`Mat.within` builds its masks a column at a time; they must hold exactly the hexes of the mat
    within the distance, edges and corners included."""
    board = mat(stagger, columns=9, rows=7)
    walked = mat_of(board)
    for centre in walked.cubes:
        for radius in range(0, 10):
            near = [c for c in walked.cubes if cube_distance(c, centre) <= radius]
            assert walked.within(centre, radius) == sum(walked.bits[c] for c in near)
    assert len(set(walked.bits.values())) == len(walked.cubes) == len(list(board.grid().cells()))
