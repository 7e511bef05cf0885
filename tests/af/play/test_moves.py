"""The legal-move generator against a brute-force enumerator on random planes (§V-VIII).

The brute force writes every code up to the plane's speed (steps a prefix already refuses
are not extended: `fly` would refuse every code that starts so) with every Power, Brake and
altitude change round the card's limits, and runs each through `fly`. The generator must
offer exactly the end states those codes reach, and each offered code must fly to its state.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.core.board import HexGrid
from engine.rulesets.af.play.codes import STEP_FT, Entry
from engine.rulesets.af.play.flight import (IllegalMove, Refusal, advance, band_of, flown_card, fly, frame, route, start,
                                            stalled)
from engine.rulesets.af.play.moves import _TEMPLATES, end_states, paths, verticals
from engine.rulesets.af.play.state import BANKS, Plane

from .kit import handbook, plane

CARDS = ("me-109e", "p-47d", "spitfire-ix", "hurricane-ii", "fw-190a", "b-17f", "ju-87b", "me-262a")
GRID = HexGrid(40, 40)


def key(p: Plane) -> tuple:
    return (p.cell, p.facing, p.bank, p.altitude, p.speed, p.carry, p.carry_vertical, p.slow_climb_wait)


def movements(p: Plane, card, hb, limit: int) -> list[tuple] | None:
    """Every movement (steps) that spends the speed exactly, or None past `limit` of them."""
    fr = frame(p, flown_card(p, card), hb)
    out: list[tuple] = []

    def dfs(leg, steps):
        if len(out) > limit:
            return
        if leg.mp == fr.speed:
            out.append(steps)
        for token in (1, *hb.letters):
            nxt = advance(fr, leg, token)
            if not isinstance(nxt, Refusal):
                dfs(nxt, steps + (token,))

    dfs(start(p, fr), ())
    return None if len(out) > limit else out


def brute(p: Plane, card, hb, limit: int) -> dict[tuple, str] | None:
    steps_list = movements(p, card, hb, limit)
    if steps_list is None:
        return None
    band = band_of(p, flown_card(p, card))
    climb = max((c.ft for c in (band.climb.maneuver, band.climb.level, band.climb.dive) if c), default=0)
    found: dict[tuple, str] = {}
    for steps in steps_list:
        for ft in range(-band.dive_ft - STEP_FT, climb + 2 * STEP_FT, STEP_FT):
            for pk in range(-band.brake - 1, band.power + 2):
                entry = Entry(steps, max(pk, 0), max(-pk, 0), ft)
                try:
                    found.setdefault(key(fly(p, entry, card, hb)), str(entry))
                except IllegalMove:
                    pass
    return found


@st.composite
def planes(draw) -> tuple[str, dict]:
    """A card id (fighters mostly, a bomber, a dive bomber, a jet) and the plane's state; altitude and speed are shares of the card's ceiling
    and of the band's maximum dive speed plus one (so some planes stall, a few are over it)."""
    hits = draw(st.fixed_dictionaries({}, optional={"C": st.integers(1, 2), "E": st.integers(1, 2),
                                                    "W": st.integers(1, 4)}))
    return draw(st.sampled_from(CARDS)), dict(
        share=draw(st.integers(0, 100)), pace=draw(st.integers(0, 100)), bank=draw(st.sampled_from(BANKS)),
        facing=draw(st.integers(0, 5)), carry=draw(st.none() | st.integers(0, 6)), hits=hits,
        carry_vertical=draw(st.sampled_from((None, "C", "D"))), slow_climb_wait=draw(st.integers(0, 2)),
        cell=draw(st.tuples(st.integers(3, 30), st.integers(3, 30))), loaded=draw(st.booleans()))


def build(records, drawn: tuple[str, dict]) -> tuple[Plane, object]:
    name, d = drawn
    card = records[("af.data_card", name)]
    altitude = card.ceiling_ft * d["share"] // 100 // STEP_FT * STEP_FT
    speed = round(d["pace"] * (card.band_for(altitude).speeds.dive + 1) / 100)
    p = plane(name, altitude, speed, d["bank"], facing=d["facing"], carry=d["carry"], hits=d["hits"],
              carry_vertical=d["carry_vertical"], slow_climb_wait=d["slow_climb_wait"], loaded=d["loaded"])
    return replace(p, cell=d["cell"]), card


def check(records, drawn, limit: int) -> None:
    hb = handbook(records)
    p, card = build(records, drawn)
    if stalled(p, card):
        assert end_states(p, card, hb) == []
        return
    expected = brute(p, card, hb, limit)
    assume(expected is not None)
    offered = end_states(p, card, hb)
    keys = [key(o.plane) for o in offered]
    assert len(keys) == len(set(keys)), "an end state is offered twice"
    missing = set(expected) - set(keys)
    extra = set(keys) - set(expected)
    assert not missing, f"legal but not offered, e.g. {expected[next(iter(missing))]}"
    assert not extra, f"offered but not legal: {[o.code for o in offered if key(o.plane) in extra][:3]}"
    for o in offered[:: max(1, len(offered) // 200)]:
        assert fly(p, o.entry, card, hb) == o.plane, o.code


class Books:
    """The bundled records, with a short repr for hypothesis' failure reports."""

    def __init__(self, records: dict) -> None:
        self.records = records

    def __repr__(self) -> str:
        return "Books(air-force)"


@pytest.fixture(scope="module")
def books(records) -> Books:
    return Books(records)


SETTINGS = dict(deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@settings(max_examples=15, **SETTINGS)
@given(drawn=planes())
def test_generator_offers_exactly_the_legal_end_states(books, drawn):
    check(books.records, drawn, limit=80)


@pytest.mark.slow
@settings(max_examples=150, **SETTINGS)
@given(drawn=planes())
def test_generator_offers_exactly_the_legal_end_states_long(books, drawn):
    check(books.records, drawn, limit=400)


def test_templates_are_shared_by_planes_that_fly_alike(records):
    # Same frame, bank and carry: one template, rotated and moved; the end sets are images of each other.
    hb = handbook(records)
    card = records[("af.data_card", "me-109e")]
    a = plane("me-109e", 12_000, 5, "RB", carry=0)
    b = replace(a, cell=(20, 7), facing=3)
    before = len(_TEMPLATES)
    ends_a, ends_b = end_states(a, card, hb), end_states(b, card, hb)
    assert len(_TEMPLATES) <= before + 1
    assert sorted(o.code for o in ends_a) == sorted(o.code for o in ends_b)
    assert {(o.plane.facing - 3) % 6 for o in ends_b} == {o.plane.facing for o in ends_a}


def test_a_stalled_plane_has_no_written_options(records):
    # §VI Stall Speed: "Do not write movement for the plane in question": it spins.
    hb = handbook(records)
    assert end_states(plane("me-109e", 7_000, 2), records[("af.data_card", "me-109e")], hb) == []


def test_paths_and_their_verticals_make_up_the_end_states(records):
    # The two-step choice a game asks (hexes and maneuvers, then P/K and altitude) reaches the same end
    # states as the one-step list, and each path's code with a tail of its own flies there.
    hb = handbook(records)
    card = records[("af.data_card", "p-47d")]
    p = plane("p-47d", 20_000, 7, "RB", carry=2)
    pairs = {(path.cell, path.leg.facing, path.leg.bank, status)
             for path in paths(p, card, hb) for _, status in verticals(p, card, hb, path)}
    assert pairs == {(o.cell, o.facing, o.bank, o.status) for o in end_states(p, card, hb)}
    path = paths(p, card, hb)[-1]
    tail, status = verticals(p, card, hb, path)[0]
    end = fly(p, path.code + str(tail), card, hb)
    assert (end.cell, end.speed, end.altitude) == (path.cell, status.speed, status.altitude)


@settings(max_examples=10, **SETTINGS)
@given(drawn=planes())
def test_a_routes_last_hex_is_where_the_entry_ends_and_each_hex_is_a_step(books, drawn):
    """§VI Codes: the hexes a view draws a plot through (`route`) lead, a hex at a time, from the
    plane's hex to the hex the entry ends in, for every end state offered."""
    hb = handbook(books.records)
    p, card = build(books.records, drawn)
    for o in end_states(p, card, hb)[::37]:
        hexes = [p.cell, *route(p, o.entry, hb)]
        assert hexes[-1] == o.plane.cell, o.code
        assert all(GRID.distance(a, b) == 1 for a, b in zip(hexes, hexes[1:])), o.code
        assert len(hexes) - 1 == sum(t for t in o.entry.steps if isinstance(t, int)) + \
            sum(1 for t in o.entry.steps if isinstance(t, str) and hb.spec(t).sidestep), o.code
