"""§VIII Movement Execution: the remedies for entries found illegal, one per row of the table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from engine.rulesets.af.play.codes import format_entry, parse
from engine.rulesets.af.play.flight import fly, stalled
from engine.rulesets.af.play.remedies import remedy

from .kit import handbook, plane
from .test_codes import entries
from .test_moves import books, build, planes  # noqa: F401 - books is a fixture


def mended(records, p, code):
    hb = handbook(records)
    out = remedy(p, parse(code, hb.letters), records[("af.data_card", p.card)], hb)
    return format_entry(out.entry), out.applied, out.plane


@pytest.mark.parametrize("p,code,fixed,rule", [
    # "Exceeding the plane's speed: delete the excess written, starting with the first excessive MP."
    (plane("me-109e", 12_000, 5, "RB", carry=0), "2R3", "2R2", "over_speed"),
    # "Maneuverability requirement not met: delete the illegal maneuver and write that the plane spends
    # its remaining MP on straight-line movement (no further maneuvers are allowed that turn)."
    (plane("p-47d", 10_000, 4, "RB", carry=0), "2R1", "4", "requirement_not_met"),
    (plane("me-109e", 12_000, 5, "RB", carry=0), "2R1R1", "2R2", "requirement_not_met"),
    # "Excess Power or Brake factors: delete the excess P or K."
    (plane("hurricane-ii", 15_000, 4), "4PPP", "4PP", "excess_power_brake"),
    (plane("me-109e", 7_000, 8), "8PD.3", "8D.3", "excess_power_brake"),
    # "Exceeding the capacity to climb or dive: correct the altitude change ... to the maximum capacity."
    (plane("p-47d", 16_000, 6), "6C.7", "6C.6", "over_climb_dive"),
    # "Attitude (or other requirement) not met": as for the requirement.
    (plane("me-109e", 7_000, 3, "L"), "2R1", "3", "attitude_not_met"),
    (plane("me-109e", 7_000, 5, "LB"), "2V2D.5", "5D.5", "attitude_not_met"),
    # "MP not spent: add those MP to the end of the written movement ... straight-line movement."
    (plane("me-109e", 7_000, 5, "RB"), "R2", "R4", "mp_not_spent"),
])
def test_viii_an_illegal_entry_is_mended_by_its_remedy(records, p, code, fixed, rule):
    entry, applied, end = mended(records, p, code)
    assert (entry, applied[0]) == (fixed, rule)
    assert end is not None


def test_viii_level_flight_at_dive_speed_dives_the_least_that_gains_a_point(records):
    # §VI Dive Speed's other requirement, mended by the smallest dive that adds a speed point.
    assert mended(records, plane("me-109e", 7_000, 8), "8")[0] == "8D.3"


@pytest.mark.parametrize("p,code,rule", [
    # "Exceeding maximum dive speed: the plane breaks up and is removed from the game."
    (plane("me-109e", 7_000, 7), "7PPP", "over_dive_speed"),
    # "if an illegal maneuver is written because of hits received on the cockpit, the plane is destroyed."
    (plane("me-109e", 7_000, 5, "LB", hits={"C": 1}), "2H2", "over_damaged_limits"),
])
def test_viii_some_illegal_entries_destroy_the_plane(records, p, code, rule):
    entry, applied, end = mended(records, p, code)
    assert applied == (rule,) and end is None


@settings(max_examples=60, deadline=None, derandomize=True)
@given(drawn=planes(), entry=entries())
def test_every_entry_is_mended_into_one_that_flies_or_destroys_the_plane(books, drawn, entry):
    records = books.records
    hb = handbook(records)
    p, card = build(records, drawn)
    if stalled(p, card):
        return
    out = remedy(p, entry, card, hb)
    if out.plane is not None:
        assert fly(p, out.entry, card, hb) == out.plane
    else:
        assert out.applied
