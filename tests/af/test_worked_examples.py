"""The rulebook's data-level worked examples hold on the bundled air-force pack.

Each test quotes the example it checks; the sample cards and tables were
authored so that these hold, and a careless edit of the content breaks them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest


def test_p47_has_16_gun_factors_and_effectiveness_12_at_two_hexes(get):
    # IX Step 2: "an undamaged P-47 has 4 + 4 + 4 + 4 = 16 Gun Factors ... a P-47 at two hexes'
    # distance has an effectiveness of 12."
    p47 = get("data_card", "p-47d")
    assert [g.factors for g in p47.guns] == [4, 4, 4, 4]
    assert p47.gun_factors() == 16
    rules = get("rules", "air-force")
    table = get("range_table", rules.fire.range_table)
    assert table.effectiveness(p47.gun_factors(), 2) == 12


def test_p47_at_maneuver_speed_at_10000_ft_needs_three_hexes_before_a_turn(get):
    # II Screen 2: "a P-47 at Maneuver Speed and at an altitude of 10,000 feet must move at least
    # three hexes in a straight line before it can make a turn."
    band = get("data_card", "p-47d").band_for(10_000)
    assert band.top_ft == 14_900
    assert band.mr.hexes("turn", "maneuver") == 3


def test_hurricane_ii_at_15000_ft_has_two_power_and_two_brake_factors(get):
    # II Screen 3: "a Hurricane II at 15,000 feet has two Power Factors and two Brake Factors".
    band = get("data_card", "hurricane-ii").band_for(15_000)
    assert band.top_ft == 19_900
    assert (band.power, band.brake) == (2, 2)


@pytest.mark.parametrize("card,altitude,band", [("me-109e", 32_300, 34_900), ("me-109f", 32_300, 34_900),
                                                 ("me-109g", 32_300, 34_900), ("he-111h", 13_000, 14_900)])
def test_band_is_the_next_altitude_listed_above(get, card, altitude, band):
    # II: "a Me-109 at 32,300 feet uses band 34.9"; IV: "a He-111H at 13,000 feet uses band 14.9".
    assert get("data_card", card).band_for(altitude).top_ft == band


@pytest.mark.parametrize("altitude", [0, 3_000, 4_900, 5_000, 9_900])
def test_p47_below_10000_ft_speed_4_is_maneuver_and_8_is_dive(get, altitude):
    # II Screen 1: "a P-47 below 10,000 feet that starts its movement with a speed of 4 is in the
    # Maneuver Speed increment. If its speed were 8 at the same altitude, it would then be in Dive Speed."
    speeds = get("data_card", "p-47d").band_for(altitude).speeds
    assert speeds.increment(4) == "maneuver"
    assert speeds.increment(8) == "dive"


def test_p47d_at_16000_ft_level_speed_climbs_600_ft(get):
    # II Screen 4: "a P-47D at 16,000 feet, level speed, can climb 600 feet in a single turn."
    # VI: "the P-47D has Level Speed Climb as shown by the yellow area".
    band = get("data_card", "p-47d").band_for(16_000)
    assert band.climb.level is not None
    assert band.climb.best("level").ft == 600


def test_altitude_change_speed_bands(get):
    # II Screen 4: "a dive of 300 to 500 feet increases the speed of a Me-109 by one point. If a P-47D
    # climbs 300 feet, it loses one movement point of its speed. If it dives 600 feet, three movement
    # points must be added."
    for me109 in ("me-109e", "me-109f", "me-109g"):
        card = get("data_card", me109)
        assert [card.dive_speed_gain(ft) for ft in (300, 400, 500)] == [1, 1, 1]
    p47 = get("data_card", "p-47d")
    assert p47.climb_speed_loss(300) == 1
    assert p47.dive_speed_gain(600) == 3


def test_me109e_at_level_speed_at_35000_ft_turns_after_five_hexes(get):
    # VI Forward Movement: "if a Me-109E is in the Level Speed increment, it must first move five
    # consecutive hexes in a straight line if it wishes to make a turn at 35,000 feet."
    assert get("data_card", "me-109e").band_for(35_000).mr.hexes("turn", "level") == 5


@pytest.fixture(scope="module")
def cards(get):
    card = get("data_card", "p-47d")
    return card, card.loaded()


class TestP47dLoaded:
    """XIII Loaded Plane: the load-modifier example on the P-47D card."""

    def test_stall_is_not_reduced(self, cards):
        _, loaded = cards
        assert loaded.band_for(4_000).speeds.span("stall") == (0, 2)

    def test_increments_at_10_to_14_9(self, cards):
        _, loaded = cards
        speeds = loaded.band_for(12_000).speeds
        assert [speeds.span(n) for n in ("maneuver", "level", "dive")] == [(3, 4), (5, 6), (7, 9)]

    def test_maneuver_speed_disappears_at_20_to_24_9(self, cards):
        _, loaded = cards
        speeds = loaded.band_for(22_000).speeds
        assert speeds.maneuver is None
        assert [speeds.span("level"), speeds.span("dive")] == [(4, 7), (8, 10)]

    def test_power_and_brake_unchanged(self, cards):
        card, loaded = cards
        assert [(b.power, b.brake) for b in loaded.bands] == [(b.power, b.brake) for b in card.bands]

    def test_climb_and_dive_at_10_to_14_9(self, cards):
        card, loaded = cards
        assert (card.band_for(12_000).climb.maneuver.ft, card.band_for(12_000).dive_ft) == (500, 1200)
        assert (loaded.band_for(12_000).climb.maneuver.ft, loaded.band_for(12_000).dive_ft) == (300, 800)

    def test_cannot_fly_higher_than_34_9(self, cards):
        _, loaded = cards
        assert loaded.band_for(30_000).top_ft == 34_900
        assert all(loaded.band_for(30_000).climb.best(inc) is None for inc in ("maneuver", "level", "dive"))
        assert loaded.band_for(29_000).climb.best("maneuver") is not None

    def test_requirements_grow_and_half_loops_and_rolls_are_prohibited(self, cards):
        card, loaded = cards
        for maneuver in ("bank", "turn", "slip"):
            assert loaded.bands[2].mr.hexes(maneuver, "maneuver") == card.bands[2].mr.hexes(maneuver, "maneuver") + 1
        assert loaded.bands[2].mr.half_loop is None and loaded.bands[2].mr.half_roll is None


def test_b17g_flexible_gun_factors_by_arc(get):
    # XIV Gun Positions: "the B-17G has 12 Gun Factors that fire through the 12 o'clock arc, 8 Gun
    # Factors that fire through the 4 o'clock arc".
    gunnery = get("data_card", "b-17g").gunnery
    assert {gunnery.value(12, level) for level in ("high", "medium", "low")} == {12}
    assert {gunnery.value(4, level) for level in ("high", "medium", "low")} == {8}


def test_v1_characteristics(get):
    # XXI: "silhouette modifier of -4. Two hits on wings, fuselage or engine, or one hit on the fuel tank,
    # destroy the bomb. Hits on cockpit and armament count as misses."
    v1 = get("data_card", "v-1")
    d = v1.damage
    assert v1.silhouette == -4
    assert (d.wings, d.fuselage, d.engines, d.fuel) == (2, 2, [2], 1)
    assert set(d.misses) == {"C", "G"}


def test_hit_modifier_example(get):
    # IX Step 1: "a plane with a fire modifier of +2 fires at a target with a silhouette modifier of +3;
    # the modifier is 2 + 3 = 5. If this plane were flying inverted ... 2 + 3 - 3 = 2."
    inverted = next(m for m in get("hit_table", "hit-table").modifiers if m.id == "inverted")
    assert 2 + 3 == 5 and 2 + 3 + inverted.amount() == 2


def test_hit_table_examples(get):
    # XIX Concentrated Fire: "on column no. 11 of the Hit Table a 2 comes up on the die, which represents
    # four hits. A roll of 4 on the Concentrated Fire ('C') column ... all engine hits."
    table = get("hit_table", "hit-table")
    assert len(table.column(11).lookup(2).hits) == 4
    assert table.concentrated.lookup(4).hit == "E"
    # XVI: column 8 is the one used against targets next to a destroyed hex.
    assert get("rules", "air-force").bombing.adjacent_hit_column == 8
    assert table.column(8) is not None


def test_deflection_example(get):
    # XIV: "plane no. 1 is at 8 o'clock from no. 2; no. 2 is at 12 o'clock from no. 1. The difference ...
    # is 20 minutes and the resulting modifier is zero."
    assert get("hit_table", "hit-table").deflection_modifier(20) == 0


def test_status_example_speed(get):
    # VII: speed 6, movement "2TR2P" and "D1.1": "two for the slip and one for the turn ... one for the
    # power factor and three for the dive. On the following turn the speed will be 7 (6-3+4)."
    slip, turn = get("maneuver", "slip"), get("maneuver", "turn")
    assert (slip.code_left, turn.code_right) == ("T", "R")
    lost = slip.speed_loss + turn.speed_loss
    assert lost == 3
    assert 6 - lost + (1 + 3) == 7


@pytest.mark.parametrize("start,maneuver,direction,end", [("LB", "bank", +1, "L"), ("LB", "half_loop", +1, "IR"),
                                                          ("RB", "half_roll", +1, "IL"), ("IR", "bank", +1, "I")])
def test_bank_examples(get, start, maneuver, direction, end):
    # VI / VII: left bank + B -> level; left bank + half-loop -> IR; right bank + half-roll -> IL;
    # a bank to the right moves inverted/right to inverted.
    order = get("rules", "air-force").movement.bank_order
    shift = get("maneuver", maneuver).bank_shift * direction
    assert order[(order.index(start) + shift) % len(order)] == end


def test_cloud_placement_example(get):
    # XII: "a roll of 8 gives an altitude reference of 16,000 feet ... rolls of six and five respectively
    # indicate a cloud between 10,000 and 21,000 feet".
    clouds = get("rules", "air-force").clouds
    reference = clouds.reference.value(8)
    assert reference == 16_000
    assert (reference - clouds.below.value(6), reference + clouds.above.value(5)) == (10_000, 21_000)


def test_air_melee_altitude_example(get):
    # XXII Scenario 1: "3 + 4 = 7 is multiplied by 2,000 feet (14,000 feet in the example)."
    group = get("scenario", "air-melee").variant("basic").groups[0]
    assert group.altitude.roll.value(3 + 4) == 14_000


def test_wing_hits_example(get):
    # IX: "a plane with a maximum dive speed of 9 that has accumulated four hits on the wings cannot
    # exceed a speed of 7."
    per = get("rules", "air-force").damage.wing_hits_per_dive_point
    assert 9 - 4 // per == 7


def test_rocket_count_modifier(get):
    # XVIII: "More than six rockets fired: +1 for every 12; thus 7 to 12 = +1, 13 to 24 = +2";
    # "+1 each from the second on (example: 3 targets in the area, modifier +2)".
    mods = {m.id: m for m in get("die_table", "rocket-fire").modifiers}
    assert [mods["many_rockets"].amount(n) for n in (6, 7, 12, 13, 24)] == [0, 1, 1, 2, 2]
    assert mods["more_targets"].amount(3) == 2


def test_in_line_engine_table(get):
    # XV: 2d6, "11 means that the engine stops"; the second time, "3 means that the whole plane is
    # destroyed"; anything else keeps it running.
    table = get("die_table", "inline-engine")
    assert table.die == "2d6"
    assert table.result(11, "first") == "stops" and table.result(3, "first") == "runs"
    assert table.result(3, "later") == "destroyed"
    assert {table.result(r, "first") for r in range(2, 13) if r != 11} == {"runs"}


def test_printed_die_procedures(get):
    # XIV identification: 1-4 foe, 5-6 friend, +1 for F armament; XIII engine start on 3-6, -1 per
    # cockpit or engine hit; XVII balloon struck on 5 or 6.
    ident = get("die_table", "aircraft-identification")
    f_bonus = ident.modifiers[0].amount()
    assert [ident.result(r) for r in (4, 5)] == ["foe", "friend"]
    assert ident.result(4 + f_bonus) == "friend" and ident.result(6 + f_bonus) == "friend"
    start = get("die_table", "engine-start")
    assert start.result(3) == "starts" and start.result(3 + start.modifiers[0].amount(1)) == "fails"
    balloon = get("die_table", "balloon-collision")
    assert balloon.probabilities() == [Fraction(2, 3), Fraction(1, 3)]


def test_v1_tables(get):
    # XXI: V-1s enter on turns 1, 4 and 7; speed 7-9 and altitude 1,000-4,000 ft are rolled on entry.
    variant = get("scenario", "solitaire-v-1").variant("basic")
    v1s = variant.groups[0]
    assert v1s.entry.turns == [1, 4, 7]
    tables = {t.id: t for t in variant.tables}
    appearance = tables[v1s.entry.hex_table]
    first = [appearance.cell(r, "turn_1") for r in range(1, 7)]
    assert {h: first.count(h) for h in set(first)} == {"I-F1": 2, "I-N1": 2, "II-I1": 2}
    assert {appearance.cell(r, "turn_7") for r in range(1, 7)} == {"remaining"}
    assert [tables["v1-speed"].cell(r, "speed") for r in range(1, 7)] == [7, 7, 8, 8, 9, 9]
    assert [tables["v1-altitude"].cell(r, "altitude") for r in range(1, 7)] == [1000, 2000, 2500, 3000, 3500, 4000]


def test_v1_entry_hexes_are_on_side_1_and_direction_4_flies_straight_across(get):
    # XXI: V-1s placed at I-F1, I-N1, II-I1 facing 4, flying perpendicular to their entry edge.
    board = get("board", "air-force-board")
    v1s = get("scenario", "solitaire-v-1").variant("basic").groups[0]
    for code in v1s.area.hexes:
        assert board.from_edge(code, 1) == 1
        path = [code]
        for _ in range(board.height - 1):
            path.append(board.neighbor(path[-1], v1s.facing))
        assert [board.from_edge(h, 1) for h in path] == list(range(1, board.height + 1))
        assert len({board.cell(h)[0] for h in path}) == 1  # never drifts sideways
        assert board.neighbor(path[-1], v1s.facing) is None  # leaves by side 4
