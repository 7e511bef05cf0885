"""Air Force scenarios on the six-section board: set-up areas as the rulebook states them
(sections, hexes from a side, road hexes, fixed entry hexes), counters where the scenario
puts them, and the edits a drop, a turn or a new value makes."""

import pytest

from engine.content.diagnostics import format_path
from engine.content.loader import BUNDLED_CONTENT
from engine.content.view import ContentView
from engine.core.board import HexGrid
from engine.drawing.shapes import Group, Line, Polygon
from engine.content.edits import apply_edits
from engine.rulesets.af import RULESET
from engine.rulesets.af.kinds.areas import area_hexes
from engine.rulesets.af.draw.layout import GAP, LEGEND_W, MARGIN, ROAD, SHARED, TITLE_H, AfBoard, AfLayout
from engine.rulesets import workspace

from tests.previews import absolute, renders, resolves, texts

LAYOUT = RULESET.layout


@pytest.fixture(scope="module")
def view():
    return ContentView.of_pack(workspace().pack(BUNDLED_CONTENT / "air-force"))


@pytest.fixture(scope="module")
def board(view):
    return view.get("af.board", "air-force-board")


def scenario(view, rid):
    return view.get("af.scenario", rid)


def piece(view, record, key, variant=0):
    return next(p for p in AfLayout(variant).pieces(record, view) if p.key == key)


def area(board, record, variant, group):
    v = record.variants[variant]
    return area_hexes(board, v.groups[group], v)


def test_every_variant_of_every_bundled_scenario_puts_counters_in_their_areas(view, board):
    for record in view.records("af.scenario"):
        for i, variant in enumerate(record.variants):
            layout = AfLayout(i)
            grid = layout.board(record, view)
            pieces = layout.pieces(record, view)
            assert len({p.key for p in pieces}) == len(pieces)
            for p in pieces:
                group = variant.groups[p.path[3]]
                assert p.path[:2] == ("variants", i) and resolves(record, p.key)
                assert grid.contains(grid.parse(p.cell)) and p.counter is not None
                hexes = area_hexes(board, group, variant)
                assert hexes is None or p.cell in hexes, (record.id, p.key, p.cell)
                assert p.side in {s.id for s in variant.sides}
                expected = board.facing(group.facing) if group.facing else None
                assert p.facing == expected
            # every group is on the board, and the counters of different groups stay apart
            assert {p.path[3] for p in pieces} == set(range(len(variant.groups)))
            cells = [p.cell for p in pieces]
            assert len(set(cells)) == len(cells), (record.id, i)


def test_areas_are_the_printed_set_up(view, board):
    melee = scenario(view, "air-melee")
    allied = area(board, melee, 0, 0)  # "no more than three hexes from the sides ... 5-6"
    assert len(allied) == 3 * board.height and {x for x, _ in allied.values()} == {0, 1, 2}
    german = area(board, melee, 0, 1)
    assert {x for x, _ in german.values()} == {board.width - 3, board.width - 2, board.width - 1}
    assert area(board, melee, 1, 0) is None  # advanced: "any hex of the map"
    bombers = area(board, scenario(view, "bomber-formations"), 0, 0)
    assert set(bombers) == set(board.codes(["I", "II"]))
    low = scenario(view, "low-altitude-mission")
    tanks = area(board, low, 0, 0)  # road hexes ("G" rows) of sections III and IV
    assert sorted(tanks)[:2] == ["III-G1", "III-G10"] and len(tanks) == 2 * board.rows
    attackers = area(board, low, 0, 3)  # "any hex along sides 1 and 4"
    assert len(attackers) == 2 * board.width and {y for _, y in attackers.values()} == {0, board.height - 1}
    entering = area(board, scenario(view, "ploesti-raid"), 0, 4)  # side of entry rolled
    assert len(entering) == 2 * board.width + 2 * board.height - 4
    assert list(area(board, scenario(view, "solitaire-v-1"), 0, 0)) == ["I-F1", "I-N1", "II-I1"]


def test_areas_are_tinted_by_side_and_shared_where_sides_meet(view, board):
    record = scenario(view, "bomber-formations")
    solitaire = LAYOUT.board(record, view)
    section_i, section_v = board.cell("I-A1"), board.cell("V-A1")
    assert solitaire.tints[section_i] != solitaire.tints[section_v]
    assert board.cell("III-A1") not in solitaire.tints
    # competition: the targets (interceptors) go where the bombers start
    assert AfLayout(1).board(record, view).tints[section_i] == SHARED


def test_the_v1s_stand_on_their_entry_hexes_facing_direction_4(view, board):
    record = scenario(view, "solitaire-v-1")
    pieces = LAYOUT.pieces(record, view)
    v1s = [p for p in pieces if p.path[3] == 0]
    assert [(p.cell, p.facing, p.key) for p in v1s] == [
        (code, board.facing(4), f"variants[0].groups[0].area.hexes[{k}]")
        for k, code in enumerate(["I-F1", "I-N1", "II-I1"])]
    (fighter,) = [p for p in pieces if p.path[3] == 1]
    assert fighter.key == "variants[0].groups[1]" and "anywhere on the map" in fighter.label


def test_dropping_the_area_counter_records_starts_until_every_counter_has_one(view):
    record = scenario(view, "air-melee")
    rest = piece(view, record, "variants[0].groups[0]")
    assert "×2" in rest.label and "within 3 hexes of sides 5, 6" in rest.label
    edits = LAYOUT.move(record, view, rest, cell="III-B5")
    assert edits == [(("variants", 0, "groups", 0, "starts"), [{"hex": "III-B5"}])]
    once = apply_edits(record, edits)
    first = piece(view, once, "variants[0].groups[0].starts[0]")
    assert first.cell == "III-B5" and first.facing is None
    rest = piece(view, once, "variants[0].groups[0]")
    assert "×1" in rest.label and rest.cell != "III-B5"
    twice = apply_edits(once, LAYOUT.move(once, view, rest, cell="V-A20"))
    assert [s.hex for s in twice.variants[0].groups[0].starts] == ["III-B5", "V-A20"]
    assert "variants[0].groups[0]" not in {p.key for p in LAYOUT.pieces(twice, view)}
    with pytest.raises(ValueError, match="already has a starting hex"):
        LAYOUT.move(twice, view, rest, cell="I-A1")
    moved = apply_edits(twice, LAYOUT.move(twice, view, first, cell="I-C3"))
    assert piece(view, moved, first.key).cell == "I-C3"


def test_turning_a_start_turns_it_alone_and_a_scenario_facing_turns_its_group(view, board):
    record = scenario(view, "air-melee")
    rest = piece(view, record, "variants[0].groups[0]")
    placed = apply_edits(record, LAYOUT.move(record, view, rest, cell="III-B5"))
    start = piece(view, placed, "variants[0].groups[0].starts[0]")
    edits = LAYOUT.turn(placed, view, start, facing=8)  # grid facing 2: south-east
    assert edits == [(("variants", 0, "groups", 0, "starts", 0, "facing"), board.direction(2))]
    turned = apply_edits(placed, edits)
    assert piece(view, turned, start.key).facing == 2
    assert piece(view, turned, "variants[0].groups[0]").facing is None
    v1 = scenario(view, "solitaire-v-1")
    first = piece(view, v1, "variants[0].groups[0].area.hexes[0]")
    edits = LAYOUT.turn(v1, view, first, facing=0)
    assert edits == [(("variants", 0, "groups", 0, "facing"), board.direction(0))]
    assert {p.facing for p in LAYOUT.pieces(apply_edits(v1, edits), view) if p.path[3] == 0} == {0}


def test_moving_a_fixed_hex_edits_the_scenario_hex(view):
    record = scenario(view, "solitaire-v-1")
    second = piece(view, record, "variants[0].groups[0].area.hexes[1]")
    edits = LAYOUT.move(record, view, second, cell="I-H1")
    assert edits == [(("variants", 0, "groups", 0, "area", "hexes", 1), "I-H1")]
    assert apply_edits(record, edits).variants[0].groups[0].area.hexes == ["I-F1", "I-H1", "II-I1"]


def test_values_the_scenario_fixes_are_set_on_the_board(view):
    record = scenario(view, "low-altitude-mission")
    defenders = piece(view, record, "variants[1].groups[2]", variant=1)
    assert defenders.values == {"altitude": 0, "speed": 0}
    layout = AfLayout(1)
    edits = layout.set_value(record, view, defenders, "altitude", 500)
    assert edits == [(("variants", 1, "groups", 2, "altitude", "value"), 500)]
    assert piece(view, apply_edits(record, edits), defenders.key, 1).values["altitude"] == 500
    with pytest.raises(ValueError, match="less than or equal to 60000"):
        layout.set_value(record, view, defenders, "altitude", 70_000)
    attackers = piece(view, record, "variants[1].groups[3]", variant=1)
    assert attackers.values == {}
    with pytest.raises(ValueError, match="altitude as 0-2,000 ft, not a fixed value"):
        layout.set_value(record, view, attackers, "altitude", 1000)
    with pytest.raises(ValueError, match="no 'bank'"):
        layout.set_value(record, view, attackers, "bank", "L")


IMPOSSIBLE = [
    (lambda r, v, p: LAYOUT.move(r, v, p, pos=(10.0, 10.0)), "give a hex code"),
    (lambda r, v, p: LAYOUT.move(r, v, p, cell="I-Q1"), "column Q is not on a section"),
    (lambda r, v, p: LAYOUT.move(r, v, p, cell="VII-A1"), "no section VII"),
    (lambda r, v, p: LAYOUT.move(r, v, p, cell="north"), "not a hex code"),
    (lambda r, v, p: LAYOUT.turn(r, v, p, heading=90.0), "facing 0-5"),
    (lambda r, v, p: AfLayout(2).pieces(r, v), "no variant 3"),
]


@pytest.mark.parametrize("edit, why", IMPOSSIBLE, ids=[w for _, w in IMPOSSIBLE])
def test_impossible_edits_say_why(view, edit, why):
    record = scenario(view, "air-melee")
    with pytest.raises(ValueError, match=why):
        edit(record, view, piece(view, record, "variants[0].groups[0]"))


def test_rule_breaks_are_legal_to_author_and_linted_on_the_start(view, lint):
    record = scenario(view, "bomber-formations")
    bombers = piece(view, record, "variants[0].groups[0]")
    outside = apply_edits(record, LAYOUT.move(record, view, bombers, cell="V-A1"))
    assert [f for f in lint(outside) if f[1] == "af.start_area"] == [
        ("warning", "af.start_area", ("variants", 0, "groups", 0, "starts", 0, "hex"),
         "V-A1 is outside the set-up area of 'bombers' (sections I, II)")]


def test_scenario_preview_draws_every_variant_with_its_set_up(view):
    record = scenario(view, "low-altitude-mission")
    drawing = RULESET.previews["af.scenario"](record, view)
    renders(drawing)
    assert texts(drawing, "variants[0].name") == ["Solitaire for Attacks Against Vehicles"]
    assert texts(drawing, "variants[1].name") == ["Airfield Raid"]
    assert "road hexes in sections III, IV" in texts(drawing, "variants[0].groups[0].area")
    assert texts(drawing, "variants[1].groups[2].altitude") == ["altitude 0 ft"]
    roads = [i for i in drawing.walk() if isinstance(i, Line) and i.style.stroke == ROAD]
    assert len(roads) == 2 * 6  # the G road of each section, in both variants
    board = LAYOUT.board(record, view)
    groups = {g.key: g for g in drawing.walk() if isinstance(g, Group) and g.key}
    for i in range(len(record.variants)):
        panel = (MARGIN + i * (board.size()[0] + 6 + LEGEND_W + GAP), TITLE_H)
        for p in AfLayout(i).pieces(record, view):
            g = groups[p.key]
            assert absolute(drawing, g) == pytest.approx(panel)
            assert (g.dx, g.dy) == pytest.approx(board.center(board.parse(p.cell)))
    # a start drawn after it is recorded
    rest = next(p for p in LAYOUT.pieces(record, view) if p.path[3] == 3)
    moved = apply_edits(record, LAYOUT.move(record, view, rest, cell="I-A1"))
    redrawn = RULESET.previews["af.scenario"](moved, view)
    assert format_path(rest.path + ("starts", 0)) in redrawn.keys()
    assert "started at I-A1" in texts(redrawn, "variants[0].groups[3].starts")


def test_board_preview_keys_its_fields_and_names_the_sides(view, board):
    drawing = RULESET.previews["af.board"](board, view)
    assert {"side 1", "sides 2-3", "side 4", "sides 5-6"} <= set(drawing.texts())
    assert all(resolves(board, k) for k in drawing.keys())
    assert "I-A1" not in drawing.keys() and "I-A1" in LAYOUT.board(scenario(view, "air-melee"), view) \
        .drawing().keys()


def test_boards_of_one_shape_share_their_drawn_hexes_and_other_shapes_draw_their_own(view, board):
    def hexes(drawing):
        return {i.key: i for i in drawing.items if isinstance(i, Polygon) and i.key}

    first = LAYOUT.board(scenario(view, "bomber-formations"), view)
    second = LAYOUT.board(scenario(view, "low-altitude-mission"), view)
    a, b = hexes(first.drawing()), hexes(second.drawing())
    assert len(a) == board.width * board.height
    assert all(a[code] is b[code] for code in a)  # drawn once: the studio keeps their Qt items
    grid, items = HexGrid.drawing(first).items, first.drawing().items
    start = items.index(grid[0])
    assert items[start:start + len(grid)] == grid  # the grid's own drawing, hex codes and all
    # the tints lie exactly on their hexes
    for cell, colour in first.tints.items():
        assert any(isinstance(i, Polygon) and i.style.fill == colour
                   and i.points == a[board.code_at(cell)].points for i in first.drawing().items)
    # another shape, or a fill, draws hexes of its own
    short = board.model_copy(update={"rows": 4})
    drawn = hexes(AfBoard(short).drawing())
    assert len(drawn) == short.width * short.height and "I-A5" in a and "I-A5" not in drawn
    filled = hexes(AfBoard(board).drawing(lambda cell: "#abcdef" if cell == (0, 0) else None))
    assert filled["I-A1"].style.fill == "#abcdef" and a["I-A1"].style.fill is None
    assert "I-A1" not in RULESET.previews["af.board"](board, view).keys()
