"""Hex-mat scenarios on their mat: every plane on its hex and facing, hex codes, the mat's
stagger, and the edits a drag, a turn or a new card makes."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.content.view import ContentView
from engine.drawing.shapes import Group
from engine.content.edits import apply_edits
from engine.rulesets.hm import RULESET
from engine.rulesets.hm.kinds.board import Board
from engine.rulesets.hm.draw.layout import MatGrid

from ..conftest import run_rule, variant
from tests.previews import renders, resolves

LAYOUT = RULESET.layout


@pytest.fixture(scope="module")
def view(records):
    return ContentView(records.values())


def piece(view, record, key):
    return next(p for p in LAYOUT.pieces(record, view) if p.key == key)


def test_every_bundled_scenario_puts_each_plane_on_its_hex(view):
    for record in view.records("hm.scenario"):
        board = LAYOUT.board(record, view)
        pieces = LAYOUT.pieces(record, view)
        assert len(pieces) == sum(len(s.planes) for s in record.squadrons)
        for p in pieces:
            placed = record.squadrons[p.path[1]].planes[p.path[3]]
            assert board.hex_of(board.parse(p.cell)) == (placed.col, placed.row)
            assert p.facing == placed.facing and resolves(record, p.key)
            assert board.contains(board.parse(p.cell)) and p.counter is not None


def test_heavy_bombers_cover_the_hexes_the_rules_say(view, records):
    berlin = view.get("hm.scenario", "bombers-over-berlin")
    b17 = piece(view, berlin, "squadrons[0].planes[0]")
    hex_mm = LAYOUT.board(berlin, view).cell_mm
    assert b17.footprint == (hex_mm, 2 * hex_mm) and b17.values == {"card": "AS"}
    p51 = piece(view, berlin, "squadrons[1].planes[0]")
    assert p51.footprint == (hex_mm, hex_mm) and p51.values == {"card": "2S"}
    assert b17.counter.height > p51.counter.height * 1.9


def test_hex_codes_name_column_then_row():
    board = MatGrid(Board(kind="hm.board", id="m", name="m", columns=17, rows=30, hex_inches=4))
    assert board.code((6, 11)) == "0712" and board.parse("0712") == (6, 11)
    assert board.cell_mm == pytest.approx(101.6)
    with pytest.raises(ValueError, match="not a hex code like '0924'"):
        board.parse("7-12")
    with pytest.raises(ValueError, match="off the board"):
        board.parse("1831")


@given(st.sampled_from(["even-low", "odd-low"]), st.integers(2, 15), st.integers(2, 15),
       st.integers(0, 5))
def test_drawn_neighbours_lie_one_hex_away_along_the_facing(stagger, col, row, facing):
    mat = Board(kind="hm.board", id="m", name="m", columns=16, rows=16, hex_inches=1,
                stagger=stagger)
    board = MatGrid(mat)
    here = board.center((col - 1, row - 1))
    there = board.center(board.step((col - 1, row - 1), facing))
    assert math.dist(here, there) == pytest.approx(board.cell_mm)
    bearing = math.degrees(math.atan2(there[0] - here[0], here[1] - there[1])) % 360
    assert bearing == pytest.approx(board.facing_angle(facing))


def test_move_turn_and_card_edits(view):
    record = view.get("hm.scenario", "yamamotos-defeat")
    p38 = piece(view, record, "squadrons[0].planes[0]")
    edits = LAYOUT.move(record, view, p38, cell="0905")
    assert edits == [(("squadrons", 0, "planes", 0, "col"), 9),
                     (("squadrons", 0, "planes", 0, "row"), 5)]
    moved = apply_edits(record, edits)
    assert piece(view, moved, p38.key).cell == "0905"
    turned = apply_edits(moved, LAYOUT.turn(moved, view, p38, facing=7))
    assert piece(view, turned, p38.key).facing == 1
    carded = apply_edits(turned, LAYOUT.set_value(turned, view, p38, "card", "QS"))
    assert carded.squadrons[0].planes[0].card == "QS"
    betty = piece(view, record, "squadrons[1].planes[1]")
    edits = LAYOUT.set_value(record, view, betty, "card", "KH")
    assert edits == [(("squadrons", 1, "card"), "KH")]  # bombers move on their squadron's card
    assert all(p.values["card"] == "KH" for p in LAYOUT.pieces(apply_edits(record, edits), view)
               if p.path[1] == 1)


def test_impossible_edits_say_why_and_rule_breaks_are_linted(view, records):
    record = view.get("hm.scenario", "yamamotos-defeat")
    p38 = piece(view, record, "squadrons[0].planes[0]")
    with pytest.raises(ValueError, match="off the board"):
        LAYOUT.move(record, view, p38, cell="1816")
    with pytest.raises(ValueError, match="give a hex code"):
        LAYOUT.move(record, view, p38, pos=(10.0, 10.0))
    with pytest.raises(ValueError, match="facing 0-5"):
        LAYOUT.turn(record, view, p38, heading=90.0)
    with pytest.raises(ValueError, match="card 'ZZ'"):
        LAYOUT.set_value(record, view, p38, "card", "ZZ")
    with pytest.raises(ValueError, match="no 'speed'"):
        LAYOUT.set_value(record, view, p38, "speed", 4)
    # Into the Japanese zone is a legal edit; the set-up rules report it on the piece's path.
    crowded = apply_edits(record, LAYOUT.move(record, view, p38, cell="0710"))
    assert run_rule("hm.outside_zone", crowded, records) == [
        ("warning", ("squadrons", 0, "planes", 0), "'p38-1' starts outside the set-up zone of 'usa'")]
    assert run_rule("hm.deploy_distance", crowded, records)


def test_scenario_preview_turns_counters_to_their_facing(view):
    record = view.get("hm.scenario", "bombers-over-berlin")
    drawing = RULESET.previews["hm.scenario"](record, view)
    renders(drawing)
    board = LAYOUT.board(record, view)
    groups = {g.key: g for g in drawing.items if isinstance(g, Group)}
    for p in LAYOUT.pieces(record, view):
        assert (groups[p.key].dx, groups[p.key].dy) == pytest.approx(board.center(board.parse(p.cell)))
        assert groups[p.key].rotate == 60.0 * p.facing
    assert "Western target" in drawing.texts() and "0 N" in drawing.texts()
    moved_mat = variant(view.get("hm.board", "bombing-run"), lambda d: d.update(stagger="odd-low"))
    other = ContentView([*view.records("hm.scenario"), moved_mat,
                         *[r for k in ("hm.fighter", "hm.bomber", "hm.rules", "hm.turret")
                           for r in view.records(k)]])
    assert LAYOUT.board(record, other).center((1, 0)) != board.center((1, 0))
