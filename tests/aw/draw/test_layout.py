"""The Red Eagles set-up on the Kuban map: counters at friendly airbases within capacity,
and drops that set a counter's place (splitting a deployment line when needed)."""

from collections import Counter

import pytest

from engine.content.view import ContentView
from engine.drawing.shapes import Group
from engine.content.edits import apply_edits
from engine.rulesets.aw import RULESET
from engine.rulesets.aw.lint import RULES as LINT_RULES

from ..conftest import run_rule
from tests.previews import renders, resolves

LAYOUT = RULESET.layout


@pytest.fixture(scope="module")
def view(pack):
    return ContentView.of_pack(pack)


@pytest.fixture(scope="module")
def scenario(view):
    return view.get("aw.scenario", "red-eagles")


def pieces_of(view, record, unit=None):
    return [p for p in LAYOUT.pieces(record, view) if unit is None or p.label == unit]


def test_bundled_set_up_fills_friendly_airbases_within_capacity(view, scenario):
    board = LAYOUT.board(scenario, view)
    pieces = LAYOUT.pieces(scenario, view)
    expected = sum(d.count for s in scenario.sides for d in s.deployment) + \
        sum(p.count for s in scenario.sides for p in s.random_deployment)
    assert len(pieces) == expected == 27
    assert len({p.key for p in pieces}) == len(pieces)
    per_square = Counter(p.cell for p in pieces)
    for p in pieces:
        place = board.place_at(p.cell)
        assert place is not None and place.airbase is not None, p.key
        assert board.map.territory_of(p.cell) == p.side
        assert per_square[p.cell] <= place.airbase.capacity
        assert resolves(scenario, p.key.split("#")[0])
        assert p.facing is None and p.pos is None and p.counter is not None
    randoms = [p for p in pieces if not p.movable]
    assert len(randoms) == 3 and {p.side for p in randoms} == {"vvs"}


def test_moving_a_single_counter_sets_its_place(view, scenario):
    me110 = pieces_of(view, scenario, "Me110")[0]
    edits = LAYOUT.move(scenario, view, me110, cell="G7")
    assert edits == [(("sides", 1, "deployment", 1, "at"), ["bagerovo"])]
    moved = apply_edits(scenario, edits)
    assert pieces_of(view, moved, "Me110")[0].cell == "G7"


def test_moving_one_of_several_splits_the_line_and_merges_the_next(view, scenario):
    la5 = pieces_of(view, scenario, "LA-5")
    assert len(la5) == 3
    once = apply_edits(scenario, LAYOUT.move(scenario, view, la5[2], cell="L8"))
    lines = [(d.unit, d.count, d.at) for d in once.sides[0].deployment if d.unit == "la-5"]
    assert lines == [("la-5", 2, []), ("la-5", 1, ["krasnodar"])]
    assert sorted(p.cell for p in pieces_of(view, once, "LA-5")).count("L8") == 1
    first = pieces_of(view, once, "LA-5")[0]
    twice = apply_edits(once, LAYOUT.move(once, view, first, cell="L8"))
    lines = [(d.unit, d.count, d.at) for d in twice.sides[0].deployment if d.unit == "la-5"]
    assert lines == [("la-5", 1, []), ("la-5", 2, ["krasnodar"])]
    assert len(pieces_of(view, twice, "LA-5")) == 3


def test_over_capacity_is_legal_to_author_and_linted(view, scenario):
    record = scenario

    def unpinned(p):
        return record.sides[0].deployment[p.path[3]].at != ["gelendzhik"]

    # The first two are drawn at Gelendzhik already (the first VVS airbase with room);
    # dropping each there pins it, the third goes over capacity.
    for _ in range(3):
        la5 = next(p for p in pieces_of(view, record, "LA-5") if unpinned(p))
        record = apply_edits(record, LAYOUT.move(record, view, la5, cell="K9"))
    lines = [(d.count, d.at) for d in record.sides[0].deployment if d.unit == "la-5"]
    assert lines == [(3, ["gelendzhik"])]  # Gelendzhik holds 2 (sample map)
    rule = next(r for r in LINT_RULES if r.code == "aw.deployment_capacity")
    records = {(r.kind_id(), r.id): r for kind in view.kinds() for r in view.records(kind)}
    found = run_rule(rule, record, records)
    k = next(k for k, d in enumerate(record.sides[0].deployment) if d.unit == "la-5")
    assert found == [("warning", ("sides", 0, "deployment", k),
                      "3 la-5 set up at gelendzhik, whose airbases hold 2")]


def test_impossible_moves_say_why(view, scenario):
    la5 = pieces_of(view, scenario, "LA-5")[0]
    with pytest.raises(ValueError, match="no named place"):
        LAYOUT.move(scenario, view, la5, cell="M5")
    with pytest.raises(ValueError, match="off the board"):
        LAYOUT.move(scenario, view, la5, cell="Z40")
    with pytest.raises(ValueError, match="not a square"):
        LAYOUT.move(scenario, view, la5, cell="north")
    with pytest.raises(ValueError, match="give a square"):
        LAYOUT.move(scenario, view, la5, pos=(10.0, 10.0))
    random = next(p for p in LAYOUT.pieces(scenario, view) if not p.movable)
    with pytest.raises(ValueError, match="picked at random"):
        LAYOUT.move(scenario, view, random, cell="L8")
    with pytest.raises(ValueError, match="no facing"):
        LAYOUT.turn(scenario, view, la5, facing=1)
    with pytest.raises(ValueError, match="no value"):
        LAYOUT.set_value(scenario, view, la5, "speed", 3)


def test_scenario_preview_stacks_counters_in_their_squares(view, scenario):
    drawing = RULESET.previews["aw.scenario"](scenario, view)
    renders(drawing)
    board = LAYOUT.board(scenario, view)
    groups = {g.key: g for g in drawing.items if isinstance(g, Group)}
    for p in LAYOUT.pieces(scenario, view):
        cx, cy = board.center(board.parse(p.cell))
        g = groups[p.key]
        assert 0 <= g.dx - cx <= 4.5 and 0 <= cy - g.dy <= 4.5  # fanned out, up to 3 deep
    assert "Sevastopol" in drawing.texts() and "1 square = 40 km" in drawing.texts()
