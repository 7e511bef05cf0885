"""The movement sections' worked examples and numbers (§II, §V-VIII), flown through `fly` and `spin`.

Each test names its section and quotes or states the example; where no bundled sample card
fits, the test builds one. The sample cards' numbers are in content/air-force/data-cards.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.board import HexGrid
from engine.rulesets.af.play.codes import parse
from engine.rulesets.af.play.flight import IllegalMove, advance, collided, frame, spin, stalled, start

from .kit import CELL, card_with, flown, handbook, plane

GRID = HexGrid(40, 40)


@pytest.fixture(scope="module")
def hb(records):
    return handbook(records)


def refused(records, p, code, rule, card=None):
    with pytest.raises(IllegalMove) as e:
        flown(records, p, code, card=card)
    assert e.value.rule == rule, str(e.value)
    return e.value


# ------------------------------------------------------------------ §II reading the data card


def test_ii_p47_below_10000_ft_speed_8_is_dive_speed_so_no_power(records):
    # §II Screen 1: a P-47 below 10,000 ft at speed 4 is at Maneuver Speed (power allowed), at 8 Dive Speed.
    assert flown(records, plane("p-47d", 9_000, 4), "4P").speed == 5
    refused(records, plane("p-47d", 9_000, 8), "8PD.3", "excess_power_brake")


def test_ii_p47d_at_10000_ft_maneuver_speed_a_turn_needs_three_hexes(records):
    # §II Screen 2: "a P-47 at Maneuver Speed and at an altitude of 10,000 feet must move at least
    # three hexes in a straight line before it can make a turn."
    p = plane("p-47d", 10_000, 4, "RB", carry=0)
    e = refused(records, p, "2R1", "requirement_not_met")
    assert str(e) == ("`2R` at speed increment Maneuver at 10,000 ft: a turn needs 3 straight hexes first "
                      "(§VI, maneuverability screen)")
    assert e.step == 1
    assert flown(records, p, "3R").facing == 1


def test_ii_hurricane_ii_at_15000_ft_has_two_power_and_two_brake_factors(records):
    # §II Screen 3: "a Hurricane II at 15,000 feet has two Power Factors and two Brake Factors".
    p = plane("hurricane-ii", 15_000, 4)
    assert flown(records, p, "4PP").speed == 6
    assert flown(records, p, "4KK").speed == 2
    refused(records, p, "4PPP", "excess_power_brake")
    refused(records, p, "4KKK", "excess_power_brake")


def test_ii_p47d_at_16000_ft_level_speed_climbs_600_ft(records):
    # §II Screen 4: "a P-47D at 16,000 feet, level speed, can climb 600 feet in a single turn."
    p = plane("p-47d", 16_000, 6)
    assert flown(records, p, "6C.6").altitude == 16_600
    refused(records, p, "6C.7", "over_climb_dive")


def test_ii_climb_and_dive_change_speed_by_the_cards_steps(records):
    # §II Screen 4: "a dive of 300 to 500 feet increases the speed of a Me-109 by one point. If a
    # P-47D climbs 300 feet, it loses one ... If it dives 600 feet, three movement points must be added."
    me = plane("me-109e", 7_000, 5)
    assert [flown(records, me, f"5D{d}").speed for d in (".2", ".3", ".5", ".6")] == [5, 6, 6, 7]
    p47 = plane("p-47d", 10_000, 4)
    assert flown(records, p47, "4C.3").speed == 3
    assert flown(records, p47, "4D.6").speed == 7


def test_ii_band_is_the_one_written_at_the_start_of_the_turn(records):
    # §II: "a Me-109 at 32,300 feet uses band 34.9 ... during the turn in which it changes it, it
    # continues to use the level written at the beginning of that turn": it climbs by band 34.9's
    # 100 ft per turn even when it ends in band 39.9, where climbing is 100 ft every three turns.
    p = plane("me-109e", 34_900, 5)
    up = flown(records, p, "5C.1")
    assert up.altitude == 35_000 and up.slow_climb_wait == 0
    assert flown(records, up, "5C.1").slow_climb_wait == 2


def test_ii_the_first_maneuver_needs_no_straight_hexes(records):
    # §II: "it has moved enough hexes prior to performing a maneuver and therefore may carry out its
    # first maneuver without regard to the Maneuverability Requirements."
    assert flown(records, plane("me-109e", 12_000, 5, "RB"), "R4").facing == 1
    refused(records, plane("me-109e", 12_000, 5, "RB", carry=0), "R4", "requirement_not_met")


# ------------------------------------------------------------------ §V-VI writing movement


@pytest.mark.parametrize("code,speed,card,altitude,bank,after", [
    ("2R2R1PD.3", 7, "me-109e", 4_000, "RB", 7 - 2 + 1 + 1),
    ("2S1KC.1", 4, "me-109e", 4_000, "LB", 4 - 2 - 1 - 0),
    ("2TR2PD1.1", 6, "me-109e", 7_000, "RB", 6 - 3 + 1 + 3),
    ("R2H2", 6, "me-109e", 4_000, "RB", 6 - 1 - 1),
])
def test_vi_the_log_examples_cost_what_the_book_says(records, code, speed, card, altitude, bank, after):
    # §VI Examples of Log Entries: 2R2R1PD.3 is 7 MP, 2S1KC.1 4, 2TR2PD1.1 6, R2H2 6 (3VPPD.8: below);
    # next speed: each maneuver's loss, one per P or K, the card's climb and dive steps (§VII).
    p = plane(card, altitude, speed, bank)
    assert flown(records, p, code).speed == after
    refused(records, replace(p, speed=speed - 1), code, "over_speed")
    hb = handbook(records)
    fr = frame(p, records[("af.data_card", card)], hb)
    leg = start(p, fr)
    for token in parse(code, hb.letters).steps:
        leg = advance(fr, leg, token)
    assert leg.mp == speed


def test_vi_3vppd8_costs_4_mp_on_a_card_whose_dive_is_800_ft(records, get):
    # §VI: "3VPPD.8 - Move three hexes; half-loop; apply two power factors; descend 800 feet": a
    # half-loop needs the full dive, so the test card dives at most 800 ft at this altitude.
    card = card_with(get("data_card", "me-109e"), lambda d: d["bands"][0].update(dive_ft=800))
    p = plane("me-109e", 4_000, 4, "RB")
    end = flown(records, p, "3VPPD.8", card=card)
    assert (end.facing, end.bank, end.altitude, end.speed) == (3, "IL", 3_200, 4 - 2 + 2 + 2)
    refused(records, p, "3VPPD.8", "attitude_not_met")  # the bundled card dives 1,000 ft here


def test_vi_turn_needs_its_bank_and_turns_60_degrees_in_its_hex(records):
    # §VI Turn: "a level or inverted plane cannot perform a turn"; it turns 60 degrees and stays in its hex.
    for bank in ("L", "I"):
        refused(records, plane("me-109e", 7_000, 3, bank), "2R1", "attitude_not_met")
    end = flown(records, plane("me-109e", 7_000, 3, "IL"), "1L1")
    assert end.facing == 5 and end.cell == GRID.step(GRID.step(CELL, 0), 5)


def test_vi_sll_from_left_bank_is_3_mp_less_4_speed_and_120_degrees_left(records):
    # §VI Codes: "SLL = slip right followed by two left turns"; a slip costs 1 MP and 2 speed points,
    # each turn 1 and 1; the turns need no straight hexes after the slip.
    p = plane("me-109e", 7_000, 5, "LB", carry=1)
    end = flown(records, p, "SLL2")
    assert end.speed == 5 - 4
    assert end.facing == 4
    assert end.cell == GRID.step(GRID.step(CELL, 1), 4, 2)
    flown(records, replace(p, speed=3), "SLL")
    refused(records, replace(p, speed=4), "SLL", "mp_not_spent")


def test_vi_slip_needs_the_opposite_bank_and_its_turns_the_banks_direction(records):
    # §VI Slip: "to slip to the right it must be in left bank or inverted/left"; the turns after it
    # "must be made in the direction permitted by the bank attitude"; one or two of them.
    refused(records, plane("me-109e", 7_000, 3, "RB"), "S2", "attitude_not_met")
    refused(records, plane("me-109e", 7_000, 3, "LB"), "SRR", "attitude_not_met")
    refused(records, plane("me-109e", 7_000, 4, "LB"), "SLLL", "requirement_not_met")
    assert flown(records, plane("me-109e", 7_000, 3, "IR"), "T2").cell == GRID.step(GRID.step(CELL, 5), 0, 2)


def test_vi_half_loop_needs_the_full_climb_or_dive(records):
    # §VI Half-Loop: "only while it climbs or descends as much as it can"; facing 180 degrees, bank
    # opposite, same hex. §VII: "begins its turn in left bank and performs a half-loop ends up IR".
    p = plane("me-109e", 7_000, 5, "LB")
    end = flown(records, p, "2V2D1.1")
    assert (end.cell, end.facing, end.bank) == (CELL, 3, "IR")  # two out, loop in place, two back
    assert flown(records, p, "2V2C.6").altitude == 7_600
    refused(records, p, "2V2D.5", "attitude_not_met")
    refused(records, p, "2V2", "attitude_not_met")


def test_vi_half_loop_over_two_turns_cannot_climb_after_a_diving_turn(records):
    # §VI Half-Loop: "if the Maneuverability Requirement is carried out over two or more turns, the plane
    # cannot climb during one turn and descend during one of the following turns."
    p = plane("me-109e", 4_500, 4, carry=0)
    first = flown(records, p, "4KKD1.0")
    assert (first.carry, first.carry_vertical, first.speed, first.altitude) == (4, "D", 5, 3_500)
    assert flown(records, first, "V4D1.0").facing == 3  # its 3 hexes at level speed came last turn
    refused(records, first, "V4C.7", "attitude_not_met")
    assert flown(records, first, "3V1C.7").altitude == 4_200  # met this turn: this turn's climb will do


def test_vi_half_roll_steps_aside_and_turns_the_bank_over(records):
    # §VI Half-Roll: facing unchanged, one hex to the side, bank to the opposite ("right bank ends up IL").
    end = flown(records, plane("me-109e", 4_000, 6, "RB"), "R2H2")
    assert (end.facing, end.bank) == (1, "IL")
    assert end.cell == GRID.step(GRID.step(GRID.step(CELL, 1, 2), 2), 1, 2)


def test_vi_requirement_counts_from_the_last_maneuver(records):
    # §VI Maneuvers: "any excess preceding THAT maneuver is of no use".
    p = plane("me-109e", 12_000, 5, "RB", carry=0)
    e = refused(records, p, "3RR1", "requirement_not_met")
    assert e.step == 2


def test_vi_a_bank_restarts_the_straight_count(records):
    # §VI Forward Movement: the straight hexes "must be consecutive and no other maneuver may come between
    # them"; the bank is one of the five maneuvers (§IV), so a turn counts its hexes from the bank
    # (reading). Me-109E at 12,000 ft, maneuver speed: a bank needs 1 hex, a turn 2.
    p = plane("me-109e", 12_000, 5, "L", carry=0)
    assert flown(records, p, "1B2R1").facing == 1
    e = refused(records, p, "2BR2", "requirement_not_met")
    assert e.step == 2


def test_vi_straight_hexes_carry_over_into_the_next_turn(records):
    # §VI Forward Movement: "if a Me-109E is in the Level Speed increment, it must first move five
    # consecutive hexes ... to make a turn at 35,000 feet. This forward movement can be spent over two
    # different turns": three hexes end one turn, two more and a turn open the next.
    # (No power up there: a 300 ft dive keeps the speed, into band 34.9, which needs five too.)
    first = flown(records, plane("me-109e", 35_000, 5, "RB"), "1R3D.3")
    assert (first.carry, first.speed, first.altitude) == (3, 5, 34_700)
    assert flown(records, first, "2R2").facing == 2
    refused(records, first, "1R3", "requirement_not_met")


def test_vi_bank_costs_nothing_and_steps_round_the_diagram(records):
    # §VI Bank: "from left bank to level, or from inverted/right to inverted"; §VII "a plane that begins
    # its turn in left bank and performs a B maneuver has an attitude of L".
    assert flown(records, plane("me-109e", 7_000, 5, "LB"), "B5").bank == "L"
    assert flown(records, plane("me-109e", 7_000, 5, "IR"), "B5").bank == "I"
    assert flown(records, plane("me-109e", 7_000, 5, "L"), "N5").bank == "LB"
    assert flown(records, plane("me-109e", 7_000, 5, "L"), "BBB5").bank == "I"
    refused(records, plane("me-109e", 7_000, 5, "L"), "BBBB5", "attitude_not_met")  # reading: three in a row


def test_vi_banked_plane_without_another_maneuver_loses_100_ft(records):
    # §VI Loss of Altitude When Not Level: 100 ft "unless it performs some maneuver other than a bank".
    p = plane("me-109e", 7_000, 5, "RB")
    assert flown(records, p, "5").altitude == 6_900
    assert flown(records, p, "N5").altitude == 7_000  # ends level
    assert flown(records, p, "2R2").altitude == 7_000
    assert flown(records, p, "5C.2").altitude == 7_100  # reading: the loss adds to a climb
    assert flown(records, p, "5").speed == 5  # reading: no speed from it


def test_vi_power_offsets_a_climbs_loss_and_brake_a_dives_gain(records):
    # §VI Rate of Climb / Descent: "for each Power point spent during a climb, one speed point lost ... is
    # offset"; "for each Brake point spent ... one of the speed points added can be cancelled".
    p = plane("me-109e", 7_000, 5)
    assert flown(records, p, "5PC.4").speed == 5
    assert flown(records, p, "5KD.3").speed == 5


def test_vi_speed_changes_add_up(records, get):
    # §VI Speed Change: "a plane that has performed maneuvers that increase its speed by two points, and
    # then applies three Brake points, has its air speed for the following turn reduced by one point."
    # A 600 ft dive gives the Me-109E two; the test card has three Brake Factors.
    card = card_with(get("data_card", "me-109e"), lambda d: d["bands"][1].update(brake=3))
    assert flown(records, plane("me-109e", 7_000, 5), "5KKKD.6", card=card).speed == 5 - 1


def test_vi_power_and_brake_factors_do_not_accumulate(records):
    # §VI: "Brake and Power Factors cannot be accumulated from turn to turn": a turn without power
    # leaves the next turn's three Power Factors at three.
    p = plane("me-109e", 7_000, 5)
    rested = flown(records, p, "5")
    refused(records, rested, "5PPPP", "excess_power_brake")


def test_vi_slow_climb_is_100_ft_once_every_three_turns_and_never_past_the_ceiling(records):
    # §VI Rate of Climb: ".033 indicates that the plane can climb 100 feet every three turns"; §IV the ceiling
    # can never be exceeded.
    p = plane("me-109e", 36_000, 5)
    one = flown(records, p, "5C.1")
    refused(records, one, "5C.1", "over_climb_dive")
    assert flown(records, one, "5", "5", "5C.1").altitude == 36_200
    refused(records, plane("me-109e", 39_900, 5), "5C.1", "over_climb_dive")


def test_vi_level_speed_may_power_up_into_dive_speed(records):
    # §VI Level Speed: "A plane can add Power Factors to accelerate to a dive speed".
    p = plane("me-109e", 7_000, 7)
    assert flown(records, p, "7PP").speed == 9
    refused(records, p, "7PPP", "over_dive_speed")  # §VIII: over the maximum dive speed breaks up


def test_vi_dive_speed_must_dive_for_a_point_or_drop_below_dive_speed(records):
    # §VI Dive Speed: no power; dive adding at least one speed point, or subtract enough to drop to a
    # lower increment.
    p = plane("me-109e", 7_000, 8)
    refused(records, p, "8P", "excess_power_brake")
    refused(records, p, "8", "attitude_not_met")
    refused(records, p, "8D.1", "attitude_not_met")
    assert flown(records, p, "8D.3").speed == 9
    assert flown(records, p, "8KKD.3").speed == 7  # braking against the dive is allowed
    assert flown(records, p, "8K").speed == 7
    refused(records, p, "8D1.1", "over_dive_speed")


def test_vi_stall_speed_spins_full_speed_die_facing_maximum_dive(records, hb):
    # §VI Stall Speed: "The plane automatically moves forward with all of its current Speed ... roll one
    # die: the plane turns to face the direction indicated ... automatically dives as much as it can ...
    # the turns performed count as speed losses just like normal turns." Example: a roll of 2.
    me = records[("af.data_card", "me-109e")]
    p = plane("me-109e", 7_000, 2, facing=0)
    assert stalled(p, me)
    refused(records, p, "2", "attitude_not_met")
    rolls = []
    out = spin(p, me, hb, lambda die: rolls.append(die) or 2)
    assert rolls == ["d6"]
    assert out.plane.cell == GRID.step(CELL, 0, 2)
    assert out.plane.facing == 1  # compass 2 is one hexside right of compass 1, the top
    assert out.plane.altitude == 7_000 - 1_100
    assert out.plane.speed == 2 - 1 + 3
    assert out.plane.spun and not out.broke_up and not out.crashed
    assert spin(p, me, hb, lambda die: 4).plane.speed == 2 - 3 + 3


def test_a_written_move_may_not_reach_the_ground(records):
    # Reading (af.rules crash_altitude_ft 0): a dive is limited to what leaves the plane above the ground.
    p = plane("me-109e", 500, 4)
    assert flown(records, p, "4D.4").altitude == 100
    refused(records, p, "4D.5", "over_climb_dive")
    refused(records, plane("me-109e", 100, 4, "RB"), "4", "over_climb_dive")  # banked, it would sink to 0


def test_vi_zero_speed_spin_stays_in_its_hex(records, hb):
    me = records[("af.data_card", "me-109e")]
    out = spin(plane("me-109e", 900, 0), me, hb, lambda die: 1)
    assert out.plane.cell == CELL and out.plane.altitude == 0 and out.crashed


# ------------------------------------------------------------------ §VII status, §VIII execution


def test_vii_next_speed_of_2tr2p_d11_is_7(records):
    # §VII: speed 6, "2TR2P" and "D1.1": two for the slip, one for the turn, one for the power, three for
    # the dive: 6 - 3 + 4 = 7. (The Me-109E at 5,000-9,900 ft, right bank.)
    end = flown(records, plane("me-109e", 7_000, 6, "RB"), "2TR2PD1.1")
    assert (end.speed, end.altitude, end.bank, end.maneuvers) == (7, 5_900, "RB", ("T", "R"))


def test_vii_altitude_63_climbing_400_is_67(records):
    # §VII: "a plane whose altitude is 6,300 feet ... climbs 400 feet (C.4) ... 6,700 feet (6.7)".
    assert flown(records, plane("me-109e", 6_300, 4), "4C.4").altitude == 6_700


def test_viii_two_planes_ending_in_one_hex_at_one_altitude_collide(records):
    # §VIII Mid-air collision: "Two planes that end their movement in the same hex and at the same altitude".
    a = plane("me-109e", 7_000, 5)
    b = replace(a, id="p2")
    c = replace(a, id="p3", altitude=7_100)
    assert collided([a, b, c]) == {"p1", "p2"}


# ------------------------------------------------------------------ §IX damage on flying


def test_ix_a_cockpit_hit_bars_half_loops_and_half_rolls(records):
    # §IX Cockpit hits: "one or more cockpit hits cannot perform half-loops or half-rolls".
    p = plane("me-109e", 7_000, 5, "LB", hits={"C": 1})
    refused(records, p, "2V2D1.1", "over_damaged_limits")
    refused(records, p, "2H2", "over_damaged_limits")
    assert flown(records, p, "2S2").speed == 3


def test_ix_two_cockpit_hits_bar_slips_and_dive_speed(records):
    # §IX: "two or more cockpit hits cannot perform slips or move at dive speed".
    p = plane("me-109e", 7_000, 7, "LB", hits={"C": 2})
    refused(records, p, "2S4", "over_damaged_limits")
    refused(records, p, "7PP", "over_damaged_limits")
    assert flown(records, p, "7").speed == 7


def test_ix_engine_hit_takes_a_power_factor(records):
    # §IX Engine hits: "The maximum number of Power Factors ... is reduced by one for each hit".
    p = plane("p-47d", 10_000, 4, hits={"E": 1})
    assert flown(records, p, "4PP").speed == 6
    refused(records, p, "4PPP", "excess_power_brake")


def test_ix_four_wing_hits_take_a_dive_speed_of_9_to_7(records):
    # §IX Wing hits: "a plane with a maximum dive speed of 9 that has accumulated four hits on the wings
    # cannot exceed a speed of 7".
    p = plane("me-109e", 7_000, 6, hits={"W": 4})
    assert flown(records, p, "6P").speed == 7
    refused(records, p, "6PP", "over_dive_speed")


# ------------------------------------------------------------------ §XIII loaded planes (optional)


def test_xiii_loaded_p47d_flies_by_its_load_modifiers(records):
    # §XIII Loaded Plane, the P-47D: between 10 and 14.9 thousand feet the increments become 3-4, 5-6 and
    # 7-9, the climb .5 becomes .3 and the dive 1.2 becomes .8; requirements for banks, turns and slips
    # rise by the modifier; half-loops and half-rolls are prohibited.
    p = plane("p-47d", 12_000, 5, "RB", carry=0, loaded=True)
    refused(records, p, "4R", "requirement_not_met")  # level speed now: 4 + 1 hexes before a turn
    assert flown(records, replace(p, speed=6), "5R").facing == 1
    assert flown(records, replace(p, loaded=False), "3R1").facing == 1  # unloaded, maneuver speed: 3
    slow = replace(p, speed=4, bank="L")
    assert flown(records, slow, "4C.3").altitude == 12_300
    refused(records, slow, "4C.4", "over_climb_dive")
    assert flown(records, slow, "4D.8").altitude == 11_200
    refused(records, slow, "4D.9", "over_climb_dive")
    refused(records, slow, "2V2D.8", "requirement_not_met")
    refused(records, slow, "2H2", "requirement_not_met")
