"""Hex-mat stat cards, turret arcs and the shooting table: every printed rating keyed to its
field, blanks shown as blanks, and redrawn from edited records."""

import math

import pytest

from engine.content.view import ContentView
from engine.drawing.shapes import Arc, Text
from engine.rulesets.hm import RULESET

from ..conftest import variant
from tests.previews import items, texts


@pytest.fixture(scope="module")
def view(records):
    return ContentView(records.values())


def preview(kind, record, view):
    return RULESET.previews[kind](record, view)


def test_fighter_card_shows_the_printed_row(view):
    # Printed row 'Me 110G | 1+1 | 4/1 | 4 | 4 | 4 | 8'.
    card = preview("hm.fighter", view.get("hm.fighter", "me110g"), view)
    shown = [texts(card, k)[1] for k in ("crew", "guns_front", "speed", "turn", "immelman",
                                          "damage")]
    assert shown == ["1+1", "4/1", "4", "4", "4", "8"]
    assert texts(card, "name") == ["Me 110G"] and "AXIS FIGHTER" in card.texts()
    # Its line of fire: four hexes ahead and two behind, with the roll to hit at each range.
    assert {"4: 6", "3: 5-6", "2: 4-6", "1: 3-6"} <= set(card.texts())
    assert card.texts().count("1: 3-6") == 2 and texts(card, "guns_tail") == ["behind: 1 dice"]


def test_blank_cells_stay_blank_and_the_dash_means_cannot(view):
    mosquito = preview("hm.fighter", view.get("hm.fighter", "mosquito-fb-mk-iv"), view)
    assert texts(mosquito, "immelman") == ["IMMELMAN", "blank"]
    assert texts(mosquito, "damage") == ["DAMAGE", "blank"]
    p61 = preview("hm.fighter", view.get("hm.fighter", "p-61a-black-widow"), view)
    assert texts(p61, "immelman") == ["IMMELMAN", "—"]


def test_bomber_card_turrets_arcs_and_bomb_faces(view):
    b17 = view.get("hm.bomber", "b-17g-fortress")
    card = preview("hm.bomber", b17, view)
    assert [texts(card, f"turrets[{i}].dice")[0] for i in range(5)] == ["2", "2", "2", "1", "2"]
    assert "ALLIES HEAVY BOMBER" in card.texts()
    faces = [r for r in items(card, "bomb") if hasattr(r, "radius") and r.w < 4]
    assert [f.style.fill != "#ffffff" for f in faces] == [False, False, True, True, True, True]
    sectors = [a for a in card.walk() if isinstance(a, Arc) and a.pie]
    assert len(sectors) == 6
    lancaster = preview("hm.bomber", view.get("hm.bomber", "lancaster"), view)
    assert texts(lancaster, "turrets[2].dice") == ["4*"]  # the footnote mark as printed
    fewer = variant(b17, lambda d: d.update(bomb="5-6"))
    faces = [r for r in items(preview("hm.bomber", fewer, view), "bomb")
             if hasattr(r, "radius") and r.w < 4]
    assert [f.style.fill != "#ffffff" for f in faces] == [False] * 4 + [True] * 2


def test_bomber_arcs_sum_the_turret_dice_per_sector(view):
    b17 = view.get("hm.bomber", "b-17g-fortress")
    card = preview("hm.bomber", b17, view)
    turrets = {t.id: t for t in view.records("hm.turret")}
    expected = {d: sum(g.dice for g in b17.turrets if d in turrets[g.position].directions)
                for d in range(6)}
    sectors = [a for a in card.walk() if isinstance(a, Arc) and a.pie]
    numbers = [t for t in card.walk() if isinstance(t, Text) and t.text.isdigit()]
    shown = {}
    for arc in sectors:
        centre = arc.start + 30  # counter-clockwise from +x; sector 0 is ahead, then clockwise
        d = round((90 - centre) / 60) % 6
        a = math.radians(centre)
        label = min(numbers, key=lambda t: math.dist((t.x, t.y), (arc.cx + arc.r * 0.72 * math.cos(a),
                                                                 arc.cy - arc.r * 0.72 * math.sin(a))))
        shown[d] = int(label.text)
    # Ahead: nose, top and ball turrets (2 + 2 + 2); ahead-right adds a waist gun (1).
    assert shown == expected and (expected[0], expected[1]) == (6, 7)


def test_turret_and_shooting_table(view):
    nose = view.get("hm.turret", "nose")
    drawing = preview("hm.turret", nose, view)
    lit = [a for a in drawing.walk() if isinstance(a, Arc) and a.style.fill != "#ffffff"]
    assert len(lit) == len(nose.directions) == 3
    assert texts(drawing, "fires_from") == ["range and bearing from the front hex"]
    table = preview("hm.shooting_table", view.get("hm.shooting_table", "shooting"), view)
    assert [texts(table, f"rows[{i}].hit")[0] for i in range(4)] == ["3 - 6", "4 - 6", "5 - 6", "6"]
    assert texts(table, "ranges.tail") == ["tail guns: 2 hexes"]


def test_board_preview_marks_target_hexes_and_names_hexes_by_code(view):
    mat = view.get("hm.board", "bombing-run")
    drawing = preview("hm.board", mat, view)
    assert "Central target" in texts(drawing, "targets[1]")
    assert "0902" in drawing.texts() and "1730" in drawing.texts()
    moved = variant(mat, lambda d: d["targets"][1].update(col=10, row=3))
    assert items(preview("hm.board", moved, view), "targets[1]")[0].cx != \
        items(drawing, "targets[1]")[0].cx
