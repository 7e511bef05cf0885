"""Print-and-play sheets: every piece on the page, none overlapping, each back behind its front."""

import math

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.content.validate import validate_paths
from engine.content.view import ContentView
from engine.content.walk import iter_refs
from engine.drawing.shapes import Drawing, Group, Rect, Text
from engine.drawing.kit import text_width
from engine.rulesets import rulesets
from engine.rulesets.paw.draw.style import SIDES
from engine.drawing.shapes import Polygon
from engine.drawing.sheets import (GAP, MARGIN, PAPERS, Component, Scope, components_of, lay_out, printable_kinds, record_kind,
                           scenarios, used_by)
from engine.rulesets import workspace


def face(w, h, label="x"):
    return Drawing(w, h, (Rect(0, 0, w, h), Text(w / 2, h / 2, label)))


def piece(w, h, name, back=True, sample=False):
    return Component(face(w, h, f"{name} front"), face(w, h, f"{name} back") if back else None,
                     f"toy.counter {name}", sample)


def corners(group: Group, w: float, h: float) -> dict[str, tuple[float, float]]:
    """Where a face's corners land on the page: translated, then turned clockwise (y down)."""
    turn = math.radians(group.rotate)
    out = {}
    for name, (x, y) in {"tl": (0, 0), "tr": (w, 0), "bl": (0, h), "br": (w, h)}.items():
        out[name] = (round(group.dx + x * math.cos(turn) - y * math.sin(turn), 6),
                     round(group.dy + x * math.sin(turn) + y * math.cos(turn), 6))
    return out


def group_of(side: Drawing, component_face: Drawing) -> Group:
    return next(i for i in side.items if isinstance(i, Group) and i.items == component_face.items)


MIXED = ([piece(63, 88, f"card{i}", back=False) for i in range(5)]
         + [piece(16, 16, f"counter{i}", back=i % 3 != 0) for i in range(40)]
         + [piece(250, 100, "wide"), piece(150, 72, "dash", back=False)])


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_pieces_stay_on_the_page_and_apart(paper):
    sheets, problems = lay_out(MIXED, paper, "Toy")
    assert problems == []
    width, height = PAPERS[paper]
    assert sum(len(s.placed) for s in sheets) == len(MIXED)
    for sheet in sheets:
        rects = []
        for p in sheet.placed:
            w, h = p.size
            assert MARGIN <= p.x and p.x + w <= width - MARGIN + 1e-9
            assert MARGIN <= p.y and p.y + h <= height - MARGIN + 1e-9
            rects.append((p.x, p.y, p.x + w, p.y + h))
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                apart = (a[2] + GAP <= b[0] + 1e-9 or b[2] + GAP <= a[0] + 1e-9
                         or a[3] + GAP <= b[1] + 1e-9 or b[3] + GAP <= a[1] + 1e-9)
                assert apart, (a, b)


# Two 100 x 64 mm cards overrun A4's 196 mm across; in columns, four upright and two turned fit a sheet.
CARDS = [piece(100, 64, f"card{i}") for i in range(17)]


@pytest.mark.parametrize("pieces, backs, turns", [(MIXED, 26 + 1, 1), (CARDS, 17, 5)])
def test_each_back_lands_behind_its_front_when_flipped_on_the_long_edge(pieces, backs, turns):
    sheets, _ = lay_out(pieces, "a4", "Toy")
    width = PAPERS["a4"][0]
    checked = turned = 0
    for sheet in sheets:
        for p in sheet.placed:
            c = p.component
            w, h = c.front.width, c.front.height
            front = corners(group_of(sheet.front, c.front), w, h)
            slot_x = sorted({x for x, _ in front.values()})
            slot_y = sorted({y for _, y in front.values()})
            assert (slot_x[0], slot_y[0]) == (round(p.x, 6), round(p.y, 6))  # the face fills its slot
            if c.back is None:
                with pytest.raises(StopIteration):
                    group_of(sheet.back, c.front)
                continue
            back = corners(group_of(sheet.back, c.back), w, h)

            def behind(point):  # the point on the other side of the paper
                return (round(width - point[0], 6), point[1])

            # seen from the back, the back's top-left is behind the front's top-right, and so on
            assert back["tl"] == behind(front["tr"]) and back["tr"] == behind(front["tl"])
            assert back["bl"] == behind(front["br"]) and back["br"] == behind(front["bl"])
            checked += 1
            turned += p.turned
    assert checked == backs and turned == turns  # MIXED: the wide piece turned to fit; CARDS: to fill


def test_pieces_turn_to_fill_a_shelf_and_columns_win_when_they_take_fewer_sheets():
    sheets, _ = lay_out(CARDS, "a4", "Toy")
    assert [len(s.placed) for s in sheets] == [6, 6, 5]  # by rows: five a sheet, four sheets
    first = sheets[0].placed
    assert [p.turned for p in first] == [False] * 4 + [True] * 2
    assert len({p.x for p in first[:4]}) == 1 and len({p.x for p in first[4:]}) == 1  # two columns


def test_a_piece_too_big_for_the_paper_is_named_with_a_paper_it_fits():
    cards = [piece(282, 142, f"card{i}", back=False) for i in range(6)] + [piece(16, 16, "c")]
    sheets, problems = lay_out(cards, "letter", "Toy")
    assert problems == ["toy.counter card0, card1, card2, card3 and 2 more: 282 x 142 mm does not fit the "
                        "printable 202 x 265 mm of letter paper either way round; print on a4 or a3"]
    assert [len(s.placed) for s in sheets] == [1]  # the rest is laid out all the same
    _, problems = lay_out([piece(400, 300, "huge")], "a4", "Toy")
    assert problems[0].endswith("print on larger paper")


def test_tallest_first_then_in_the_packs_order():
    sheets, _ = lay_out([piece(16, 16, "a"), piece(63, 88, "card"), piece(16, 16, "b")], "a4", "Toy")
    assert [p.component.source for p in sheets[0].placed] == ["toy.counter card", "toy.counter a", "toy.counter b"]


def test_the_footer_counts_the_pieces_showing_sample_values():
    sheets, _ = lay_out([piece(16, 16, "a", sample=True), piece(16, 16, "b")], "a4", "Toy")
    assert "1 piece(s) show sample values" in " ".join(sheets[0].front.texts())
    assert "flipped on the long edge" in " ".join(sheets[0].back.texts())


def test_a_sheet_with_no_back_has_no_back_page():
    sheets, _ = lay_out([piece(63, 88, "card", back=False)], "a4", "Toy")
    assert sheets[0].back is None


def test_a_maker_keyed_by_a_part_of_a_kind_draws_from_that_kinds_records():
    assert record_kind("af.data_card:counters") == record_kind("af.data_card") == "af.data_card"
    assert printable_kinds({"af.data_card": None, "af.data_card:counters": None}, ["af.data_card:counters"]) == [
        "af.data_card:counters"]


def test_asking_for_a_kind_that_is_not_printed_says_what_is():
    makers = {"aw.air_unit": None, "aw.campaign_card": None}
    assert printable_kinds(makers, []) == ["aw.air_unit", "aw.campaign_card"]
    with pytest.raises(ValueError, match="no print-and-play components for kind 'aw.map'. This ruleset "
                                         "prints aw.air_unit, aw.campaign_card"):
        printable_kinds(makers, ["aw.map"])
    with pytest.raises(ValueError, match="'aw.air_units'. Did you mean 'aw.air_unit'?"):
        printable_kinds(makers, ["aw.air_units"])


# --------------------------------------------------------------------------- the bundled packs

bundled = pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")


def pack_view(pack_id, scenario=None):
    """What makers see for a whole bundled pack (or for one of its scenarios), and its makers."""
    pack = next(p for p in validate_paths([BUNDLED_CONTENT / pack_id], workspace()).packs if p.id == pack_id)
    view = ContentView.of_pack(pack)
    chosen = [s for s in scenarios(view) if scenario in (None, s.id)]
    return Scope(view, chosen, whole=scenario is None), rulesets()[pack.ruleset].components


@bundled
def test_air_wars_prints_the_whole_countermix_each_counter_numbered():
    view, makers = pack_view("red-eagles")
    units = view.records("aw.air_unit")
    pieces = components_of(view, makers, ["aw.air_unit"])
    assert len(pieces) == sum(u.count for u in units)
    for unit in units:
        for p in [p for p in pieces if p.source == f"aw.air_unit {unit.id}"]:
            assert (p.back is not None) == (unit.back is not None)
    # counters numbered by formation (6.0) each carry their own number, front and back
    numbered = units[0].model_copy(update={"count": 3, "designations": ["1", "2", "3"]})
    mine = makers["aw.air_unit"](numbered, view)
    assert [[t for t in p.front.texts() + p.back.texts() if t.endswith((" 1", " 2", " 3"))] for p in mine] == [
        [f"{numbered.identification or numbered.type} {n}"] * 2 for n in "123"]
    assert all(p.front.width == p.front.height == pytest.approx(15.9) for p in pieces)
    assert all(p.sample == next(u for u in units if p.source.endswith(" " + u.id)).sample for p in pieces)


@bundled
def test_a_ground_target_prints_its_flip_side_on_the_back():
    view, makers = pack_view("pocket-air-war")
    target = next(t for t in view.records("paw.ground_target") if t.flip_side)
    flip = view.get("paw.ground_target", target.flip_side)
    (p,) = makers["paw.ground_target"](target, view)
    assert p.back is not None and p.back.texts() == makers["paw.ground_target"](flip, view)[0].front.texts()


@bundled
@pytest.mark.parametrize("pack_id", ["red-eagles", "pocket-air-war", "air-force"])
def test_every_bundled_component_fits_an_a4_sheet(pack_id):
    view, makers = pack_view(pack_id)
    sheets, problems = lay_out(components_of(view, makers, makers), "a4", pack_id)
    assert problems == [] and sheets


@bundled
def test_a_scenario_uses_its_planes_dashboards_and_targets_through_its_references():
    view, makers = pack_view("pocket-air-war", "bombing-adlerangriff-airfield")
    scenario = view.scenarios[0]
    used = used_by(view, scenario, makers)
    assert {("paw.ground_target", t.unit) for t in scenario.targets} == {(k, i) for k, i in used if k == "paw.ground_target"}
    dashboards = {p.dashboard for p in scenario.planes}
    assert dashboards == {i for k, i in used if k == "paw.dashboard"}
    templates = {(k, t) for d in dashboards for _, t, (k, *_) in iter_refs(view.get("paw.dashboard", d))
                 if k.endswith("_template")}
    assert templates and templates <= used  # named by the dashboards, not the scenario: followed all the same
    pieces = components_of(view, makers, makers, used)
    markless = {f"paw.crew_skill {s.id}" for s in view.records("paw.crew_skill") if not s.has_marker}
    assert {p.source for p in pieces} == {f"{k} {i}" for k, i in used if k in makers} - markless
    assert len(pieces) < len(components_of(view, makers, makers))


def fills(drawing: Drawing) -> list[str]:
    return [item.style.fill for item in drawing.walk() if isinstance(item, (Rect, Polygon)) and item.style.fill]


@bundled
def test_air_force_counters_show_type_and_number_on_their_nationalitys_colours():
    view, makers = pack_view("air-force", "air-melee")
    rules = view.records("af.rules")[0]
    colours = {c.nationality: c for c in rules.counters.colours}
    melee = view.get("af.data_card", "me-109e")
    counters = makers["af.data_card:counters"](melee, view)
    # Air Melee fields two planes a side (its groups count 2), so two of each type it may fly, numbered
    assert [c.front.texts() for c in counters] == [[melee.name, "1"], [melee.name, "2"]]
    german = colours["german"]
    assert all(fills(c.front)[:2] == [german.background, german.silhouette] for c in counters)
    assert all(c.back is None and c.front.width == c.front.height == rules.counters.size_mm for c in counters)
    assert all(c.sample == rules.counters.sample for c in counters)
    # a house rule's colours are a content edit
    redone = rules.model_copy(update={"counters": rules.counters.model_copy(update={"colours": [
        german.model_copy(update={"background": "#123456"})]})})
    house = Scope(_with_records(view.view, "af.rules", [redone]), view.scenarios)
    assert fills(makers["af.data_card:counters"](melee, house)[0].front)[0] == "#123456"


def _with_records(view, kind, records):
    """A view that sees `records` as the whole of `kind`."""
    class Replaced:
        def __getattr__(self, name):
            return getattr(view, name)

        def records(self, asked):
            return records if asked == kind else view.records(asked)
    return Replaced()


@bundled
def test_air_force_prints_as_many_counters_of_a_type_as_a_scenario_fields():
    view, makers = pack_view("air-force")
    counts = {}
    for p in components_of(view, makers, ["af.data_card:counters"]):
        counts[p.source] = counts.get(p.source, 0) + 1
    stream = view.get("af.scenario", "night-fighters").variant("bomber-stream")
    (force,) = [f for m in stream.matchups for f in m.forces if "lancaster" in f.aircraft]
    assert counts["af.data_card lancaster"] == force.count == 12  # the bomber stream's twelve
    # every type is printed, at least once, for scenarios of the players' own
    assert set(counts) == {f"af.data_card {c.id}" for c in view.records("af.data_card")}
    # for one scenario: only its types (through its references), as many as it fields: two a side
    one, _ = pack_view("air-force", "air-melee")
    melee = components_of(one, makers, ["af.data_card:counters"], used_by(one, one.scenarios[0], makers))
    assert melee and len(melee) == 2 * len({p.source for p in melee}) < sum(counts.values())


@bundled
def test_pocket_air_war_plane_counters_flip_to_their_damaged_side():
    view, makers = pack_view("pocket-air-war", "sweep-four-versus-four")
    scenario = view.scenarios[0]
    dashboard = view.get("paw.dashboard", scenario.planes[0].dashboard)
    counters = makers["paw.dashboard:counters"](dashboard, view)
    assert len(counters) == sum(p.dashboard == dashboard.id for p in scenario.planes) == 4
    side = view.get("paw.faction", scenario.planes[0].faction).side
    front, back = counters[0].front, counters[0].back
    assert back is not None and front.texts() == back.texts() == [dashboard.name]
    assert fills(front)[0] == SIDES[side] and fills(back)[0] != SIDES[side]  # the damaged side
    unflown = next(d for d in view.records("paw.dashboard") if all(p.dashboard != d.id for p in scenario.planes))
    assert len(makers["paw.dashboard:counters"](unflown, view)) == 1
    # a type no scenario in scope flies takes the side of a faction whose availability table lists it
    i16 = makers["paw.dashboard:counters"](view.get("paw.dashboard", "i-16"), view)[0]
    assert fills(i16.front)[0] == SIDES[view.get("paw.faction", "vvs").side]


@bundled
def test_a_damage_marker_shows_its_pile_in_front_and_what_it_does_on_the_back():
    view, makers = pack_view("pocket-air-war")
    oil = view.get("paw.damage_marker", "front-oil-cooler")
    (marker,) = makers["paw.damage_marker"](oil, view)
    assert marker.front.texts() == ["F"] and marker.sample
    assert marker.back.texts() == ["oil cooler", "♥" * oil.hearts, "can't climb", "can't fly High"]
    slipping = type(oil).model_validate({**oil.model_dump(), "aspect": "back", "copies": 3, "effects": [
        {"effect": "cant_side_slip", "direction": "right"}, {"effect": "acceleration", "value": -1},
        {"effect": "tightest_turn", "letter": "D"}]})
    three = makers["paw.damage_marker"](slipping, view)
    assert len(three) == 3 and three[0].front.texts() == ["B"]
    assert three[0].back.texts()[2:] == ["can't side-slip right", "ACC -1", "tightest turn D"]


@bundled
def test_skill_markers_come_for_the_skills_that_have_one_as_many_as_a_scenario_flies():
    view, makers = pack_view("pocket-air-war", "sweep-spitfire-vs-ace-110")
    ace, trained = view.get("paw.crew_skill", "ace"), view.get("paw.crew_skill", "trained")
    assert makers["paw.crew_skill"](trained, view) == []  # the default skill has no marker
    aces = makers["paw.crew_skill"](ace, view)
    assert len(aces) == max(1, sum(p.skill == "ace" for p in view.scenarios[0].planes))
    assert aces[0].front.texts() == [ace.name, f"crosshair {ace.crosshair:+d}", f"Energy {ace.energy_tokens:+d}"]


@bundled
def test_air_force_surface_counters_are_neutral_and_as_many_as_a_scenario_sets_up():
    view, makers = pack_view("air-force", "low-altitude-mission")
    rules = view.records("af.rules")[0]
    neutral = next(c for c in rules.counters.colours if c.nationality == "neutral")
    light_aa, tank = view.get("af.ground_unit", "light-aa"), view.get("af.ground_unit", "tank")
    aa = makers["af.ground_unit"](light_aa, view)
    assert len(aa) == 16  # "Sixteen light anti-aircraft counters are placed"
    assert len(makers["af.ground_unit"](tank, view)) == 6
    symbol, *name = aa[0].front.texts()
    assert symbol == "AA" and name == ["Light", "anti-aircraft"] and fills(aa[0].front) == [neutral.background]
    hill = next(u for u in view.records("af.ground_unit") if u.category == "terrain")
    assert makers["af.ground_unit"](hill, view) == []  # spare counters face down, the rules say
    unused = view.get("af.ground_unit", "barrage-balloon")
    assert len(makers["af.ground_unit"](unused, view)) == 1


@bundled
def test_air_force_counter_names_go_on_two_lines_rather_than_be_cut():
    view, makers = pack_view("air-force")
    size = view.records("af.rules")[0].counters.size_mm
    pieces = components_of(view, makers, ["af.data_card:counters", "af.ground_unit"])
    names = [t for p in pieces for t in p.front.walk() if isinstance(t, Text) and t.anchor in ("n", "s")]
    assert names and all(text_width(t.text, t.font) <= size * 0.86 * 1.0001 and "…" not in t.text for t in names)
    mosquito = makers["af.data_card:counters"](view.get("af.data_card", "mosquito-fb-vi"), view)[0].front
    lines = [t for t in mosquito.walk() if isinstance(t, Text) and t.anchor == "n"]
    assert [t.text for t in lines] == ["Mosquito", "F.B.VI"] and lines[0].y < lines[1].y  # read top down
    long = view.get("af.data_card", "mosquito-fb-vi").model_copy(update={"name": "Supercalifragilistic"})
    assert makers["af.data_card:counters"](long, view)[0].front.texts()[0].endswith("…")  # one word: cut


@bundled
def test_damage_markers_come_with_a_scenario_only_when_it_plays_advanced_damage():
    whole, makers = pack_view("pocket-air-war")
    sweep = whole.get("paw.scenario", "sweep-four-versus-four")
    markers = sum(m.copies for m in whole.records("paw.damage_marker"))
    assert len(components_of(whole, makers, ["paw.damage_marker"])) == markers  # the whole pack: all

    def printed(scenario):
        scope = Scope(whole.view, [scenario], whole=False)
        return components_of(scope, makers, ["paw.damage_marker"], used_by(scope, scenario, makers))

    assert not sweep.options.advanced_damage and printed(sweep) == []
    advanced = sweep.model_copy(update={"options": sweep.options.model_copy(update={"advanced_damage": True})})
    assert len(printed(advanced)) == markers  # no scenario names them: the rule brings them


@bundled
def test_air_force_counters_need_the_rules_record_that_gives_their_size_and_colours():
    view, makers = pack_view("air-force")
    card, aa = view.get("af.data_card", "me-109e"), view.get("af.ground_unit", "light-aa")
    assert makers["af.data_card:counters"](card, view) and makers["af.ground_unit"](aa, view)

    bare = Scope(_with_records(view.view, "af.rules", []), view.scenarios)
    assert makers["af.data_card:counters"](card, bare) == makers["af.ground_unit"](aa, bare) == []


def test_no_cut_mark_crosses_the_footer():
    """A piece down to the printable area's bottom edge (an Air Force data card fills A4's height):
    its downward cut marks stopped short of the footer's text, which they ran over."""
    from engine.drawing.shapes import Line

    tall = Drawing(60, PAPERS["a4"][1] - 2 * MARGIN, (Rect(0, 0, 60, 283),))
    sheets, _ = lay_out([Component(tall, tall, "toy.card a"), Component(tall, None, "toy.card b")], "a4", "Toy")
    for side in (sheets[0].front, sheets[0].back):
        foot = next(i for i in side.items if isinstance(i, Text))
        box = (foot.x, foot.x + text_width(foot.text, foot.font), foot.y - foot.font.size, foot.y)
        crossing = [i for i in side.items if isinstance(i, Line) and max(i.y1, i.y2) >= box[2]
                    and min(i.x1, i.x2) <= box[1] and max(i.x1, i.x2) >= box[0]]
        assert crossing == []
        assert sum(1 for i in side.items if isinstance(i, Line)) >= 12  # the rest of the 16 marks a piece kept
