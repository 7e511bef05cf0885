"""§IX Effect of Damage, §XXI the V-1's damage, §II the cards' victory points."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.rulesets.af.play.damage import (
    destruction, gun_priority, guns_left, record_hits, victory_points,
)
from engine.rulesets.af.play.fire import fire_phase
from engine.rulesets.af.play.state import Damage

from .conftest import at, card, dice, plane

ME109 = "me-109g"  # G line 2 M, 3 C, 2 M


def hit(card, letters: str, side: str = "right", damage: Damage = Damage(), choice=()) -> tuple[Damage, str]:
    return record_hits(card, damage, letters, gun_priority(card, side, choice))


@pytest.fixture
def me109(get):
    return get("data_card", ME109)


def test_ix_a_g_hit_from_the_right_crosses_off_the_rightmost_battery_then_the_next(me109):
    once, _ = hit(me109, "G", "right")
    assert guns_left(me109, once) == (2, 3, 0)
    twice, _ = hit(me109, "GG", "right")
    assert guns_left(me109, twice) == (2, 0, 0) and twice.of("G") == 2


def test_ix_a_g_hit_from_the_left_crosses_off_the_leftmost_battery(me109):
    damage, _ = hit(me109, "G", "left")
    assert guns_left(me109, damage) == (0, 3, 2)


def test_ix_from_12_or_6_oclock_the_attacker_chooses_the_gun(me109):
    chosen, _ = hit(me109, "G", "either", choice=(2,))
    assert guns_left(me109, chosen) == (2, 3, 0)
    default, _ = hit(me109, "G", "either")  # unchosen: the biggest battery, the attacker's likely wish
    assert guns_left(me109, default) == (2, 0, 2)


@pytest.mark.parametrize(("offset", "facing", "left"), [
    (((1, 2),), 0, (2, 3, 0)),  # attacker at the target's 2 o'clock: rightmost
    (((2, 2),), 0, (2, 3, 0)),  # 4 o'clock
    (((4, 2),), 0, (0, 3, 2)),  # 8 o'clock: leftmost
    (((5, 2),), 0, (0, 3, 2)),  # 10 o'clock
    (((3, 2),), 0, (2, 0, 2)),  # 6 o'clock: the attacker's choice (default: the biggest)
])
def test_ix_the_fire_phase_takes_the_gun_nearest_the_attacker(get, gunnery_with, offset, facing, left):
    gunner = card(get, "p-47d", "one-g", guns=[{"factors": 4, "type": "M", "position": "FF", "range": 3}])
    g = gunnery_with(gunner)
    target = plane("b-1", ME109, facing=facing)
    cell = at(*offset)
    towards = (offset[0][0] + 3) % 6  # face back at the target
    attacker = plane("a-1", "one-g", cell, facing=towards)
    assert g.aim(attacker, target).read == 3  # 4 GF at 2 hexes: effectiveness 3, no modifiers
    phase = fire_phase(g, [attacker, target], dice(1))  # column 3, roll 1: G
    assert guns_left(get("data_card", ME109), phase.planes[1].damage) == left


def test_ix_each_g_hit_destroys_a_whole_battery_even_of_8_or_more(get):
    big = card(get, ME109, "big-gun", guns=[{"factors": 8, "type": "C", "position": "FF", "range": 3}])
    damage, letters = hit(big, "G")
    assert guns_left(big, damage) == (0,) and letters == "G"


def test_ix_gun_hits_after_every_gun_is_gone_count_as_fuselage_hits(me109):
    damage, letters = hit(me109, "GGGG")
    assert guns_left(me109, damage) == (0, 0, 0)
    assert letters == "GGGF" and damage.of("G") == 3 and damage.of("F") == 1


def test_ix_a_part_at_its_limit_destroys_the_plane_and_g_never_does(get):
    p47 = get("data_card", "p-47d")  # W 6, F 7, C 2, E 3, L 3
    five, _ = hit(p47, "WWWWW")
    assert destruction(p47, five) == ()
    six, _ = hit(p47, "W", damage=five)
    (failure,) = destruction(p47, six)
    assert (failure.part, failure.hits, failure.limit) == ("W", 6, 6) and str(failure) == "W 6 hit(s), limit 6"
    over, _ = hit(p47, "LLLL")
    assert [f.part for f in destruction(p47, over)] == ["L"]  # "equals or exceeds"
    guns, _ = hit(p47, "GGGGG")  # the fifth counts as F
    assert destruction(p47, guns) == ()


def test_ix_hits_are_recorded_per_part_as_the_table_lists_them(get):
    p47 = get("data_card", "p-47d")
    damage, letters = hit(p47, "FWCFW")
    assert letters == "FWCFW"
    assert [(p, damage.of(p)) for p in "WFCELG"] == [("W", 2), ("F", 2), ("C", 1), ("E", 0), ("L", 0), ("G", 0)]


def test_ix_an_e_hit_at_3_pf_leaves_2(get, records):
    """The damage record the movement rules read: one E hit, -1 PF each (af.rules damage)."""
    p47 = get("data_card", "p-47d")
    band = p47.band_for(4_000)
    assert band.power == 3
    damage, _ = hit(p47, "E")
    rules = get("rules", "air-force")
    assert damage.of("E") == 1
    assert max(0, band.power - damage.of("E") * rules.damage.power_loss_per_engine_hit) == 2


def test_xxi_v1_two_wing_hits_or_one_fuel_hit_destroy_it(get):
    v1 = get("data_card", "v-1")
    assert v1.silhouette == -4
    one_w, _ = hit(v1, "W")
    assert destruction(v1, one_w) == ()
    two_w, _ = hit(v1, "WW")
    assert [f.part for f in destruction(v1, two_w)] == ["W"]
    fuel, _ = hit(v1, "L")
    assert [f.part for f in destruction(v1, fuel)] == ["L"]
    for part in "FE":  # "two hits on wings, fuselage or engine"
        assert destruction(v1, hit(v1, part)[0]) == ()
        assert [f.part for f in destruction(v1, hit(v1, part * 2)[0])] == [part]


def test_xxi_v1_cockpit_and_armament_hits_count_as_misses(get):
    v1 = get("data_card", "v-1")
    damage, letters = hit(v1, "CGCG")
    assert damage == Damage() and letters == ""
    damage, letters = hit(v1, "CWG")
    assert letters == "W" and damage.of("W") == 1 and destruction(v1, damage) == ()


def test_ii_a_destroyed_plane_gives_its_card_vp_to_the_enemy(get, gunnery):
    cards = gunnery.cards
    planes = [plane("a-1", "p-47d"), plane("a-2", "p-51d"), plane("b-1", ME109)]
    assert victory_points(planes, cards) == {"a": 0, "b": 0}
    lost = [replace(p, destroyed=p.id != "a-2") for p in planes]
    assert victory_points(lost, cards) == {"a": cards[ME109].victory_points, "b": cards["p-47d"].victory_points}
    assert cards["p-47d"].victory_points == 5


def test_ix_from_6_oclock_the_fire_phase_asks_the_attacker_which_gun(get, gunnery_with):
    gunner = card(get, "p-47d", "one-g", guns=[{"factors": 4, "type": "M", "position": "FF", "range": 3}])
    g = gunnery_with(gunner)
    target, attacker = plane("b-1", ME109), plane("a-1", "one-g", at((3, 2)))
    asked = []

    def choose(shot):
        asked.append(shot.aim.attacker_arc)
        return (0,)
    phase = fire_phase(g, [attacker, target], dice(1), gun_choice=choose)
    assert asked == [6] and guns_left(get("data_card", ME109), phase.planes[1].damage) == (0, 3, 2)
