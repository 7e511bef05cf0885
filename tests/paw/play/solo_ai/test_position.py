"""Relative position: the range band, ahead/side/behind by the counter's diagonals, and
higher/level/lower (always level without the Altitude rules)."""

from __future__ import annotations

import math

import pytest

from engine.rulesets.paw.play.solo_ai.focal import Focal
from engine.rulesets.paw.play.solo_ai.position import relative

from ..engine_helpers import plane, state


def at(s, bearing_deg: float, distance: float, alt=None) -> Focal:
    """A focal point `distance` mm from the plane at (400, 300) facing +x, `bearing_deg` left."""
    r = math.radians(bearing_deg)
    return Focal("enemy_plane", "test", 400 + distance * math.cos(r),
                 300 + distance * math.sin(r), alt)


@pytest.fixture
def mat(faithful):
    return state(faithful, [plane("ai", "bf-110", "axis", 400, 300, heading=0),
                            plane("spit", "spitfire-i", "allies", 100, 100)])


def test_one_dashboard_is_the_border_between_the_bands(mat):
    me = mat.planes["ai"]
    length = mat.tables.rules.components.dashboard_length_mm
    assert relative(mat, me, at(mat, 0, length - 0.01)).band == "within_dashboard"
    assert relative(mat, me, at(mat, 0, length)).band == "beyond_dashboard"  # "Range >= 1"


@pytest.mark.parametrize("bearing, position", [
    (0, "ahead"), (44, "ahead"), (-44, "ahead"), (46, "side"), (90, "side"), (-90, "side"),
    (134, "side"), (136, "behind"), (180, "behind"), (-136, "behind"),
])
def test_ahead_side_behind_split_at_the_counters_diagonals(mat, bearing, position):
    # the sample counter is square: its diagonals are at 45 degrees from the nose
    assert relative(mat, mat.planes["ai"], at(mat, bearing, 200)).position == position


def test_higher_level_lower_and_without_the_altitude_rules(mat):
    me = mat.planes["ai"]  # Standard
    assert relative(mat, me, at(mat, 0, 50, alt=2)).vertical == "higher"
    assert relative(mat, me, at(mat, 0, 50, alt=1)).vertical == "level"
    assert relative(mat, me, at(mat, 0, 50, alt=0)).vertical == "lower"
    assert relative(mat, me, at(mat, 0, 50, alt=None)).vertical == "level"
    mat.options["altitude"] = False
    assert relative(mat, me, at(mat, 0, 50, alt=2)).vertical == "level"
