"""Air Wars previews: counters front and back, the Target Roster sheet, CRTs, cards and the
map, each value keyed to its field and redrawn from edited records."""

import pytest

from engine.content.view import ContentView
from engine.drawing.shapes import Polygon, Rect
from engine.rulesets.aw import RULESET
from engine.rulesets.aw.draw.layout import FRONT

from ..conftest import edited
from tests.previews import items, texts


@pytest.fixture(scope="module")
def view(pack):
    return ContentView.of_pack(pack)


def preview(kind, record, view):
    return RULESET.previews[kind](record, view)


def test_air_counter_prints_values_left_to_right_and_brackets_short_range(view):
    me110 = preview("aw.air_unit", view.get("aw.air_unit", "me110"), view)
    assert texts(me110, "front.air_combat") == ["2"] and texts(me110, "front.bomb") == ["0"]
    assert texts(me110, "front.speed") == ["4"]  # long range: no brackets (26.1 note)
    assert texts(me110, "back.bomb") == ["2"] and texts(me110, "identification") == ["LFB"] * 2
    assert "back · bomber mode" in me110.texts()
    ordered = sorted(items(me110, "front.air_combat") + items(me110, "front.bomb")
                     + items(me110, "front.speed"), key=lambda t: t.x)
    assert [t.key for t in ordered] == ["front.air_combat", "front.bomb", "front.speed"]
    la5 = view.get("aw.air_unit", "la-5")
    assert texts(preview("aw.air_unit", la5, view), "front.speed") == ["(4)"]
    longer = edited({("aw.air_unit", "la-5"): la5}, "aw.air_unit", "la-5",
                    lambda d: d["front"].update(short_range=False, speed=6))
    assert texts(preview("aw.air_unit", longer[("aw.air_unit", "la-5")], view),
                 "front.speed") == ["6"]
    assert "back · based" in preview("aw.air_unit", la5, view).texts()


def test_counters_take_their_side_and_group_colour(view):
    red = items(preview("aw.air_unit", view.get("aw.air_unit", "la-5"), view), "front.mode",
                Rect)[0]
    grey = items(preview("aw.air_unit", view.get("aw.air_unit", "me109"), view), "front.mode",
                 Rect)[0]
    brown = items(preview("aw.air_unit", view.get("aw.air_unit", "me109-slovak"), view),
                  "front.mode", Rect)[0]
    assert len({red.style.fill, grey.style.fill, brown.style.fill}) == 3


def test_ground_unit_airbase_counter(view):
    base = preview("aw.ground_unit", view.get("aw.ground_unit", "vvs-airbase"), view)
    assert texts(base, "capacity") == ["2"] and texts(base, "count") == ["3 in the countermix"]


def test_target_roster_sheet_lists_both_sides_and_marks_this_line(view):
    line = view.get("aw.target_roster", "lw-krymskaya")
    sheet = preview("aw.target_roster", line, view)
    assert texts(sheet, "name") == ["Krymskaya"] and texts(sheet, "vp") == ["+5"]
    all_texts = sheet.texts()
    assert all_texts.index("VVS (Soviet Air Forces) Targets") < all_texts.index("Luftwaffe Targets")
    assert all_texts.count("Krymskaya") == 2  # printed on both sides' rosters
    assert [t for t in all_texts if t.startswith("+")] == ["+6", "+2", "+4", "+6", "+4", "+4",
                                                           "+4", "+2", "+4", "+5", "+5"]


def test_crts_as_printed(view):
    air = preview("aw.air_crt", view.get("aw.air_crt", "air-superiority"), view)
    assert texts(air, "rows[2].roll") == ["6"]
    assert [texts(air, f"rows[2].{c}")[0] for c in ("fighters", "bombers", "aa")] == \
        ["Kill", "Abort", "Abort"]
    assert texts(air, "rows[0].aa") == ["—"]
    bombing = preview("aw.bombing_crt", view.get("aw.bombing_crt", "bombing"), view)
    assert texts(bombing, "rows[1].based_air_unit") == ["Abort"]
    assert "Ground Unit" not in bombing.texts() and not texts(bombing, "rows[0].ground_unit")


def test_the_bombing_crt_shows_a_ground_unit_column_when_the_table_prints_one(view):
    table = view.get("aw.bombing_crt", "bombing")
    printed = edited({("aw.bombing_crt", "bombing"): table}, "aw.bombing_crt", "bombing",
                     lambda d: [row.update(ground_unit=r) for row, r in
                                zip(d["rows"], ("none", "none", "bombed"))])
    drawing = preview("aw.bombing_crt", printed[("aw.bombing_crt", "bombing")], view)
    assert "Ground Unit" in drawing.texts()
    assert [texts(drawing, f"rows[{i}].ground_unit") for i in range(3)] == [["—"], ["—"], ["Bombed"]]
    assert drawing.width > preview("aw.bombing_crt", table, view).width


def test_campaign_card(view):
    card = preview("aw.campaign_card", view.get("aw.campaign_card", "vvs-lend-lease"), view)
    assert texts(card, "number") == ["Card 04"] and texts(card, "name") == ["Lend-Lease Deliveries"]
    assert "SAMPLE VALUES" in card.texts() and card.width == 63.0


def test_map_preview_draws_places_front_and_radar_keyed_to_the_map(view):
    kuban = view.get("aw.map", "kuban")
    drawing = preview("aw.map", kuban, view)
    anapa = next(i for i, p in enumerate(kuban.places) if p.id == "anapa")
    assert texts(drawing, f"places[{anapa}].airbase.capacity") == ["3"]
    assert texts(drawing, f"places[{anapa}].name") == ["Anapa"]
    front = items(drawing, "front_line.segments[0]", Polygon)[0]
    assert front.style.stroke == FRONT
    assert front.points[0] == (12.0 * 20, 0.0) and front.points[-1] == (10.0 * 20, 2.0 * 20)
    assert items(drawing, "radar[0].line", Polygon)
    bigger = edited({("aw.map", "kuban"): kuban}, "aw.map", "kuban",
                    lambda d: d["places"][anapa]["airbase"].update(capacity=5))
    assert texts(preview("aw.map", bigger[("aw.map", "kuban")], view),
                 f"places[{anapa}].airbase.capacity") == ["5"]


def test_roster_lines_tied_on_order_print_by_id_whichever_is_open(view):
    """Two lines with one order (aw.roster_order warns) keep one place each on the sheet."""
    blue = view.get("aw.target_roster", "lw-blue-line")
    tied = edited({("aw.target_roster", "lw-blue-line"): blue}, "aw.target_roster", "lw-blue-line",
                  lambda d: d.update(order=4))[("aw.target_roster", "lw-blue-line")]
    ctx = ContentView([r for kind in view.kinds() for r in view.records(kind) if r is not blue] + [tied])
    for opened in (tied, ctx.get("aw.target_roster", "lw-krymskaya")):
        lw = preview("aw.target_roster", opened, ctx).texts()
        lw = lw[lw.index("Luftwaffe Targets"):]
        assert lw.index("Blue Line") < lw.index("Krymskaya")


def test_the_airbase_counters_symbol_stays_clear_of_its_label_and_capacity(view):
    """The runways crossed the AIRBASE label above them and the capacity below."""
    from engine.drawing.shapes import Line, Text
    from engine.rulesets.aw.draw.preview import ground_counter

    drawn = ground_counter(view.get("aw.ground_unit", "vvs-airbase"), view)
    texts_ = [(t.y - t.font.size / 2, t.y + t.font.size / 2) for t in drawn if isinstance(t, Text)]
    runways = [(min(i.y1, i.y2) - i.style.width / 2, max(i.y1, i.y2) + i.style.width / 2)
               for i in drawn if isinstance(i, Line)]
    assert len(texts_) == 2 and len(runways) == 2
    assert all(r[1] < t[0] or r[0] > t[1] for r in runways for t in texts_)
