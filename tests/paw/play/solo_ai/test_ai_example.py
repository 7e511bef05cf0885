"""The rulebook's Example of AI Combat: an Ace AI Me-110 against a Spitfire I, its rolls
reproduced round by round.

The printed ACE AI table keeps only its Wingover and Hardest Turn rows, and every roll of
the example lands on one of them. The rows a Trained or Rookie pilot shifts to (Turn &
Alt. Change, C Turn) come from the pack's sample row order, which the pack authored to fit
this example ("an Expert shifts to Turn and Altitude change, a Rookie to C Turn")."""

from __future__ import annotations

from engine.rulesets.paw.play.combat import gun_target, resolve_fire

from ..engine_helpers import Dice, plane
from .helpers import pilot

ACE = {"skill": "ace"}


def me110(x, y, heading, energy, **extra):
    return plane("me110", "bf-110", "axis", x, y, heading=heading, energy=energy,
                 **{**ACE, **extra})


def spitfire(x, y, heading, altitude="standard", energy=4):
    return plane("spit", "spitfire-i", "allies", x, y, heading=heading, altitude=altitude,
                 energy=energy)


def test_round_1_beyond_a_dashboard_on_the_side_17_is_a_hardest_turn_on_d(faithful):
    # The Spitfire more than a Dashboard away on the 110's left, before (Low) and after
    # (Standard) its climb: either way a 17 is a Hardest Turn, a D-turn at 6 Energy.
    for altitude, vertical in (("low", "lower"), ("standard", "level")):
        g, p = pilot(faithful, [me110(450, 420, 180, 6), spitfire(450, 200, 90, altitude)])
        ai = p.start(g.state.planes["me110"], roll=17)
        assert ai["focal"] == f"Closest, unengaged enemy plane - {vertical.title()}"
        assert ai["looks_at"] == "spit"
        assert (ai["range"], ai["position"], ai["vertical"]) == ("beyond_dashboard", "side",
                                                                 vertical)
        assert ai["rolled"] == ai["maneuver"] == "hardest-turn" and ai["rows_down"] == 0
        assert ai["template"] == "D" and ai["energy"] == 6  # not engaged: it keeps 6
        turn = p.plans["me110"][0]
        assert turn["type"] == "turn" and turn["template"] == "D" and turn["side"] == "left"


def test_round_1_a_rookie_shifts_two_rows_to_a_c_turn(faithful):
    g, p = pilot(faithful, [me110(450, 420, 180, 6, skill="rookie"),
                            spitfire(450, 200, 90)])
    ai = p.start(g.state.planes["me110"], roll=17)
    assert ai["rolled"] == "hardest-turn" and ai["rows_down"] == 2
    assert ai["maneuver"] == "c-turn"
    # C is tighter than the 110 may turn at 6 Energy: "use the tightest template available"
    assert ai["template"] == "D" and ai["energy"] == 6


def test_round_2_within_a_dashboard_7_is_a_hardest_turn_on_c_at_4_energy(faithful):
    g, p = pilot(faithful, [me110(450, 300, 180, 4), spitfire(450, 200, 90, energy=4)])
    ai = p.start(g.state.planes["me110"], roll=7)
    assert (ai["range"], ai["position"], ai["vertical"]) == ("within_dashboard", "side",
                                                             "level")
    assert ai["maneuver"] == "hardest-turn" and ai["template"] == "C"
    assert ai["energy"] == 4 and "engaged" in ai["energy_rule"]  # "the Energy stays the same"


def test_round_2_an_expert_shifts_one_row_to_turn_and_altitude_change(faithful):
    g, p = pilot(faithful, [me110(450, 300, 180, 4, skill="trained"),
                            spitfire(450, 200, 90, energy=4)])
    ai = p.start(g.state.planes["me110"], roll=7)
    assert ai["rolled"] == "hardest-turn" and ai["rows_down"] == 1
    assert ai["maneuver"] == "turn-alt-change"
    change = p.plans["me110"][0]
    # the focal point is level: climb, the last straight step replaced by one turning step
    assert change["type"] == "climb" and change["final_template"] in ("D", "E")
    assert ai["energy"] == 4  # the Climb's 3 and a D or E step (no yellow mark) leave 1


def test_round_3_from_2_energy_it_accelerates_to_4_for_its_tightest_turn(faithful):
    g, p = pilot(faithful, [me110(450, 300, 180, 2), spitfire(450, 200, 90, energy=2)])
    ai = p.start(g.state.planes["me110"], roll=4)
    assert ai["maneuver"] == "hardest-turn" and ai["template"] == "C"
    assert (ai["energy_before"], ai["energy"]) == (2, 4)


def test_round_5_a_20_behind_is_a_wingover_from_4_energy_and_the_110_can_fire(faithful):
    g, p = pilot(faithful, [me110(450, 300, 0, 2), spitfire(420, 300, 0, energy=4)])
    s = g.state
    ai = p.start(s.planes["me110"], roll=20)
    assert (ai["range"], ai["position"]) == ("within_dashboard", "behind")
    assert ai["maneuver"] == "wingover"
    assert ai["energy"] == 4  # at 3 the Wingover's 3 Energy would stall it
    # fly the plan as the engine would, then the Spitfire sits 3 steps ahead of the guns
    from engine.rulesets.paw.play.flight import primitives, step

    me = s.planes["me110"]
    me.flight.energy = me.flight.mp = ai["energy"]
    for option in p.plans["me110"]:
        for prim in primitives(option):
            step(s, me, me.flight, prim)
    assert me.flight.mp == 0 and me.flight.energy == 1
    box = gun_target(s, me, s.poly(s.planes["spit"]))
    assert box == 3 and (me.dash.gun_box(3).hit, me.dash.gun_box(3).kill) == (12, 18)
    event, hit = resolve_fire(s, Dice(15), {"plane": "me110", "weapon": "guns",
                                           "target": "spit"})
    assert event["roll"] == 15 and hit is not None  # "with a roll of 15, the Spitfire is damaged"
