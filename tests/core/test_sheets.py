"""Print-and-play sheets: every piece on the page, none overlapping, each back behind its front."""

import math

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.content.validate import validate_paths
from engine.content.view import ContentView
from engine.content.walk import iter_refs
from engine.draw import Drawing, Group, Rect, Text
from engine.rulesets import rulesets
from engine.sheets import GAP, MARGIN, PAPERS, Component, components_of, lay_out, printable_kinds, used_by


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


def test_each_back_lands_behind_its_front_when_flipped_on_the_long_edge():
    sheets, _ = lay_out(MIXED, "a4", "Toy")
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
    assert checked == 26 + 1 and turned == 1  # the counters with backs and the wide piece, turned to fit


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


def test_asking_for_a_kind_that_is_not_printed_says_what_is():
    makers = {"aw.air_unit": None, "aw.campaign_card": None}
    assert printable_kinds(makers, []) == ["aw.air_unit", "aw.campaign_card"]
    with pytest.raises(ValueError, match="no print-and-play components for kind 'aw.map'; this ruleset "
                                         "prints aw.air_unit, aw.campaign_card"):
        printable_kinds(makers, ["aw.map"])


# --------------------------------------------------------------------------- the bundled packs

bundled = pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")


def pack_view(pack_id):
    pack = next(p for p in validate_paths([BUNDLED_CONTENT / pack_id]).packs if p.id == pack_id)
    return ContentView.of_pack(pack), rulesets()[pack.ruleset].components


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
    view, makers = pack_view("pocket-air-war")
    scenario = view.get("paw.scenario", "bombing-adlerangriff-airfield")
    used = used_by(view, scenario, makers)
    assert {("paw.ground_target", t.unit) for t in scenario.targets} == {(k, i) for k, i in used if k == "paw.ground_target"}
    dashboards = {p.dashboard for p in scenario.planes}
    assert dashboards == {i for k, i in used if k == "paw.dashboard"}
    templates = {(k, t) for d in dashboards for _, t, (k, *_) in iter_refs(view.get("paw.dashboard", d))
                 if k.endswith("_template")}
    assert templates and templates <= used  # named by the dashboards, not the scenario: followed all the same
    pieces = components_of(view, makers, makers, used)
    assert {p.source for p in pieces} == {f"{k} {i}" for k, i in used if k in makers}
    assert len(pieces) < len(components_of(view, makers, makers))
