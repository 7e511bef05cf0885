"""Hex-mat geometry: the addressing the scenarios use and the engine will move planes on."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rulesets.hm.hexes import behind, distance, footprint, from_axial, neighbour, to_axial

hexes = st.tuples(st.integers(1, 40), st.integers(1, 40))
staggers = st.sampled_from(["even-low", "odd-low"])


def test_even_low_neighbours_of_an_odd_column():
    # Column 5 is not lowered, columns 4 and 6 are: north-east is one row up.
    assert [neighbour((5, 5), f, "even-low") for f in range(6)] == [
        (5, 4), (6, 4), (6, 5), (5, 6), (4, 5), (4, 4)
    ]


def test_odd_low_neighbours_of_an_odd_column():
    assert [neighbour((5, 5), f, "odd-low") for f in range(6)] == [
        (5, 4), (6, 5), (6, 6), (5, 6), (4, 6), (4, 5)
    ]


def test_a_column_is_a_straight_path_between_the_ends():
    path = [neighbour((9, 30), 0, "even-low", steps=n) for n in range(30)]
    assert path[-1] == (9, 1) and {c for c, _ in path} == {9}
    assert distance((9, 30), (9, 1), "even-low") == 29


def test_heavy_bomber_footprint_lies_behind_the_nose():
    assert footprint((5, 5), 1, 2, "even-low") == [(5, 5), (4, 5)]
    assert footprint((5, 5), 3, 1, "even-low") == [(5, 5)]


@given(hexes, staggers)
def test_axial_round_trip(h, stagger):
    assert from_axial(*to_axial(h, stagger), stagger) == h


@given(hexes, st.integers(0, 5), staggers)
def test_neighbours_are_one_hex_away_and_lead_back(h, facing, stagger):
    n = neighbour(h, facing, stagger)
    assert distance(h, n, stagger) == 1
    assert neighbour(n, behind(facing), stagger) == h


@given(hexes, hexes, staggers)
def test_distance_is_symmetric_and_zero_only_on_the_same_hex(a, b, stagger):
    assert distance(a, b, stagger) == distance(b, a, stagger)
    assert (distance(a, b, stagger) == 0) == (a == b)


@pytest.mark.parametrize("steps", [1, 2, 4])
def test_straight_lines_measure_their_length(steps):
    for facing in range(6):
        assert distance((10, 10), neighbour((10, 10), facing, "even-low", steps), "even-low") == steps
