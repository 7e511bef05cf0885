"""Pocket Air War previews show what the printed components show, keyed to their fields,
and follow every edit."""

import pytest

from engine.drawing.shapes import Ellipse, Rect, Text
from engine.rulesets.paw import RULESET
from engine.rulesets.paw.draw.style import DARK_PLATE, GUNNERS, GUNS, RED, Sizes
from engine.rulesets.paw.draw.dashboard import RULER_X
from engine.rulesets.paw.draw.theater import CUT
from tests.paw.conftest import edited
from tests.previews import absolute, items, texts


def preview(kind, record, view):
    return RULESET.previews[kind](record, view)


def test_spitfire_movement_ruler_letters_energy_and_maneuvers(faithful):
    spit = faithful.get("paw.dashboard", "spitfire-i")
    drawing = preview("paw.dashboard", spit, faithful)
    # Examples of Turning: at 6 Energy the Spitfire's tightest template is C.
    assert texts(drawing, "turning[5]") == ["C"]
    assert [texts(drawing, f"turning[{i}]")[0] for i in range(6)] == list("AABBCC")
    step = Sizes(faithful).step
    white, = items(drawing, "max_energy.undamaged", Ellipse)
    red, = items(drawing, "max_energy.damaged", Ellipse)
    assert white.cx == RULER_X + 6 * step and red.cx == RULER_X + 4 * step
    assert red.style.fill == RED
    # Climb example: the icon at step 3 costs 3 Energy.
    assert texts(drawing, "climb.energy") == ["-3"]
    climb_x = [i for i in items(drawing, "climb.step") if hasattr(i, "x1")][0]
    assert RULER_X + 3 * step - 3 < climb_x.x1 < RULER_X + 3 * step + 3
    assert "Spitfire Mk.I" in texts(drawing, "name") and texts(drawing, "points") == ["23 VP"]
    assert texts(drawing, "size") == ["SIZE", "-1"]


def test_gun_and_gunner_thresholds_stand_at_their_distances(faithful):
    step = Sizes(faithful).step
    for plane in ("spitfire-ix", "he-111", "bf-110"):
        dash = faithful.get("paw.dashboard", plane)
        drawing = preview("paw.dashboard", dash, faithful)
        lanes = [("guns", dash.guns, GUNS)]
        if dash.gunners:
            lanes.append(("gunners.ruler", dash.gunners.ruler, GUNNERS))
        for path, boxes, colour in lanes:
            for i, box in enumerate(boxes):
                text, = [t for t in items(drawing, f"{path}[{i}].hit", Text)]
                assert text.text == str(box.hit)
                assert RULER_X + (box.distance - 1) * step < text.x < RULER_X + box.distance * step
                rect = items(drawing, f"{path}[{i}].hit", Rect)[0]
                assert rect.style.fill == colour
                if getattr(box, "kill", None) is not None:
                    assert texts(drawing, f"{path}[{i}].kill") == [str(box.kill)]
    # Easy damage model example: the Spitfire I's Hit Threshold at 3 steps is 11.
    spit = preview("paw.dashboard", faithful.get("paw.dashboard", "spitfire-i"), faithful)
    assert texts(spit, "guns[2].hit") == ["11"] and texts(spit, "guns[2].kill") == []


def test_dashboard_is_redrawn_from_an_edited_record(faithful):
    spit = faithful.get("paw.dashboard", "spitfire-i")

    def change(data):
        data["turning"][5] = "D"
        data["guns"][2]["hit"] = 13
        data["guns"][2]["kill"] = 19
        data["max_energy"]["damaged"] = 3
        data["bombs"] = {"hit": 12, "altitude": "low"}

    before = preview("paw.dashboard", spit, faithful)
    after = preview("paw.dashboard", edited(spit, change), faithful)
    assert texts(after, "turning[5]") == ["D"] and texts(after, "guns[2].hit") == ["13"]
    assert texts(after, "guns[2].kill") == ["19"]
    step = Sizes(faithful).step
    assert items(after, "max_energy.damaged", Ellipse)[0].cx == RULER_X + 3 * step
    assert texts(before, "bombs.hit") == [] and texts(after, "bombs.hit") == ["12"]
    dot, = items(after, "bombs.altitude", Ellipse)
    assert dot.style.fill == RED  # a red dot: drop from Low Altitude


def test_ordnance_plates_and_gunner_positions(faithful):
    he111 = preview("paw.dashboard", faithful.get("paw.dashboard", "he-111"), faithful)
    assert texts(he111, "torpedoes.count") == ["×2"] and texts(he111, "torpedoes.hit") == ["6"]
    assert items(he111, "bombs.altitude") == []  # standard Altitude: no dot
    assert texts(he111, "gunners.positions") == ["G1  G2  G1"]
    assert len(items(he111, "gunners.positions[1]")) >= 2  # the G2 sector and its group
    # A-A rockets: a dark plate marked "AA" with the bonus printed on it.
    me262 = preview("paw.dashboard", faithful.get("paw.dashboard", "me-262"), faithful)
    plate = items(me262, "aa_rockets.bonus", Rect)[0]
    assert plate.style.fill == DARK_PLATE
    assert texts(me262, "aa_rockets.bonus") == ["AA", "+3"]


def test_turning_template_marks_and_yellow_circles(faithful):
    c = faithful.get("paw.turning_template", "c")
    drawing = preview("paw.turning_template", c, faithful)
    yellow = [i for i, m in enumerate(c.marks) if m.energy_loss]
    for i, mark in enumerate(c.marks):
        circles = items(drawing, f"marks[{i}].energy_loss", Ellipse)
        assert len(circles) == (1 if i in yellow else 0)
        assert texts(drawing, f"marks[{i}].step") == [str(mark.step)]
    assert texts(drawing, "letter") == ["C"]
    wider = edited(c, lambda d: d.update(radius_mm=40.0))
    assert preview("paw.turning_template", wider, faithful).width > drawing.width


def test_fire_template_sector_and_rings(faithful):
    g1 = faithful.get("paw.fire_template", "g1")
    drawing = preview("paw.fire_template", g1, faithful)
    assert texts(drawing, "code") == ["G1"]
    rings = [t for t in drawing.texts() if t.isdigit()]
    assert rings == [str(n) for n in range(1, int(g1.radius_mm // Sizes(faithful).step) + 1)]
    sector, = [i for i in items(drawing, "radius_mm") if hasattr(i, "span")]
    assert sector.span == 60.0 and sector.r == g1.radius_mm


def test_aaa_and_flak_dashboards(faithful):
    aaa = preview("paw.aaa_dashboard", faithful.get("paw.aaa_dashboard", "aaa"), faithful)
    assert texts(aaa, "troops[1].hit") == ["16"] and texts(aaa, "armed[2].hit") == ["16"]
    assert "Low Altitude" in texts(aaa, "target_altitudes[0]")
    flak_record = faithful.get("paw.flak_dashboard", "flak")
    flak = preview("paw.flak_dashboard", flak_record, faithful)
    step = Sizes(faithful).step
    for i, box in enumerate(flak_record.barrage):
        text, = items(flak, f"barrage[{i}].hit", Text)
        assert text.text == str(box.hit)
        assert text.x + absolute(flak, text)[0] == pytest.approx(4 + box.spacing * step)
    assert texts(flak, "cpf.kill")[-1] == "18"


def test_ground_target_counter_and_flip_side(faithful):
    bb = preview("paw.ground_target", faithful.get("paw.ground_target", "bb"), faithful)
    assert texts(bb, "code") == ["BB"] and texts(bb, "turning_template") == ["E"]
    assert texts(bb, "bombing_defence") == ["-5"] and texts(bb, "intrinsic_aaa") == ["AAA FLAK"]
    sub = faithful.get("paw.ground_target", "ss-periscope")
    drawing = preview("paw.ground_target", sub, faithful)
    assert items(drawing, "flip_side") and drawing.width > bb.width - 1


def test_theater_tables_as_printed_with_their_defects(faithful):
    table = faithful.get("paw.theater_table", "kanalkampf-ground-targets")
    drawing = preview("paw.theater_table", table, faithful)
    assert texts(drawing, "table.rows[0].roll") == ["1-2"]
    assert texts(drawing, "table.rows[2].composition") == ["1 DD, 2 TR"]
    assert texts(drawing, "table.rows[8].composition") == [CUT]  # row 17 is cut off in print
    raf = preview("paw.theater_table", faithful.get("paw.theater_table", "kanalkampf-raf"),
                  faithful)
    assert texts(raf, "table.sections[0].rows[0].plane") == ["Spitfire I"]
    assert texts(raf, "table.sections[0].rows[0].points") == ["23"]
    assert "SAMPLE VALUES" not in raf.texts()  # transcribed, not authored


def test_timeline_draws_the_tables_it_borrows(faithful):
    blitz = faithful.get("paw.timeline", "blitz")
    drawing = preview("paw.timeline", blitz, faithful)
    assert texts(drawing, "refer_to").count("from Adlerangriff") == 4
    assert "MISSION TYPE" in drawing.texts() and "RAF AVAILABILITY" in drawing.texts()
    assert texts(drawing, "period") == [blitz.period.printed]


def test_theater_lists_its_timelines_in_order(faithful):
    bob = faithful.get("paw.theater", "battle-of-britain")
    drawing = preview("paw.theater", bob, faithful)
    names = [t for t in drawing.texts() if t[:2] in ("1.", "2.", "3.", "4.")]
    assert names == ["1. Kanalkampf", "2. Adlerangriff", "3. Blitz", "4. Seelöwe"]
    renamed = edited(bob, lambda d: d.update(name="Britain 1940"))
    assert texts(preview("paw.theater", renamed, faithful), "name") == ["BRITAIN 1940"]
