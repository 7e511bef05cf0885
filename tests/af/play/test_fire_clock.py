"""§V Reference Quadrant / §IX Firing Arc: six 60° arcs round a plane, 12 o'clock at the nose."""

from __future__ import annotations

import pytest

from engine.rulesets.af.play.clock import clock, side_of

from .conftest import GRID, HOME, at, plane


@pytest.mark.parametrize("facing", range(6))
def test_v_the_six_hexes_round_a_plane_are_its_six_arcs_clockwise_from_the_nose(facing):
    p = plane("a-1", "p-47d", facing=facing)
    assert [clock(GRID, p, at(((facing + k) % 6, 1))) for k in range(6)] == [12, 2, 4, 6, 8, 10]
    assert clock(GRID, p, HOME) is None


def test_reading_lines_between_arcs_30_degree_lines_go_fore_and_aft_90_degree_lines_forward():
    p = plane("a-1", "p-47d", facing=0)
    assert [clock(GRID, p, at((k, 1), ((k + 1) % 6, 1))) for k in range(6)] == [12, 2, 6, 6, 10, 12]
    assert [clock(GRID, p, at((k, 1), ((k + 1) % 6, 1)), "beam") for k in range(6)] == [2, 2, 4, 8, 10, 10]


def test_ix_the_side_of_the_target_the_attacker_is_on():
    assert [side_of(a) for a in (12, 2, 4, 6, 8, 10)] == ["either", "right", "right", "either", "left", "left"]
