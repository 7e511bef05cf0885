"""Flight rules: turning costs, climb and descent, energy, stall, initiative, mat, collisions."""

from __future__ import annotations

import pytest

from engine.rulesets.paw.play.flight import (energy_options, initiative, maneuver_options, mp_cost,
                                        overlaps, predict, stall_outcome)

from .engine_helpers import plane, state


def fly_ready(st, pid, energy=None, mp=None):
    p = st.planes[pid]
    if energy is not None:
        p.flight.energy = energy
    p.flight.mp = mp if mp is not None else p.flight.energy
    p.flight.path = [(p.flight.pose[0], p.flight.pose[1], p.flight.alt)]
    return p


def chain(st, p, *options):
    """Predict options one after the other; returns the last prediction."""
    fl = p.flight
    for option in options:
        pr = predict(st, p, option, fl)
        fl = fl.copy()
        fl.pose, fl.alt, fl.energy, fl.mp = pr.pose, pr.alt, pr.energy, pr.mp
        fl.lay = ("none", 0)
    return pr


def turn(pid, letter, side, steps):
    return {"type": "turn", "plane": pid, "template": letter, "side": side, "steps": steps}


def test_turning_examples_energy_costs(faithful):
    """Spitfire, allowance 6 and 6 Energy: tightest C; C x6 loses 3, D x6 loses 2, D3 + C3 loses 3."""
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, energy=6)])
    p = fly_ready(st, "spit")
    offered = {o["template"] for o in maneuver_options(st, p) if o["type"] == "turn"}
    assert offered == {"C", "D", "E"}
    assert predict(st, p, turn("spit", "C", "left", 6)).energy == 3
    assert predict(st, p, turn("spit", "D", "left", 6)).energy == 4
    first = predict(st, p, turn("spit", "D", "left", 3))
    assert first.energy == 5
    p.flight.pose, p.flight.energy, p.flight.mp = first.pose, first.energy, first.mp
    p.flight.lay = ("turn", "D", "left", 3)
    assert predict(st, p, turn("spit", "C", "right", 3)).energy == 3


def test_continuing_a_lay_keeps_counting_its_marks(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, energy=6)])
    p = fly_ready(st, "spit")
    p.flight.lay = ("turn", "C", "left", 3)  # the next C-left step is mark 4 (no yellow circle)
    assert predict(st, p, turn("spit", "C", "left", 1)).energy == 6
    p.flight.lay = ("turn", "C", "right", 3)  # another side is a new lay: mark 1 costs 1
    assert predict(st, p, turn("spit", "C", "left", 1)).energy == 5


def test_a_quarter_turn_on_any_template_turns_the_heading(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, energy=6)])
    p = fly_ready(st, "spit")
    pr = predict(st, p, turn("spit", "C", "left", 3))  # C: 30 degrees a step
    assert pr.pose[2] == pytest.approx(90.0)
    pr = predict(st, p, turn("spit", "C", "right", 3))
    assert pr.pose[2] == pytest.approx(-90.0)
    assert pr.pose[0] == pytest.approx(400 + 28.65) and pr.pose[1] == pytest.approx(300 - 28.65)


def test_climb_example(faithful):
    """Low, allowance 5: 3 steps straight, loses 3 Energy, to Standard, 2 points left."""
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, altitude="low",
                                energy=5)])
    p = fly_ready(st, "spit")
    climb = next(o for o in maneuver_options(st, p)
                 if o["type"] == "climb" and "final_template" not in o)
    assert climb["steps"] == 3 and mp_cost(climb) == 3
    pr = predict(st, p, climb)
    assert (st.alt_name(pr.alt), pr.energy, pr.mp) == ("standard", 2, 2)


def test_descent_example(faithful):
    """High, allowance 5: 2 steps straight and 1 on template A, to Standard; next allowance 6."""
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, altitude="high",
                                energy=5)])
    p = fly_ready(st, "spit")
    option = {"type": "descent", "plane": "spit", "steps": 2, "final_template": "A",
              "final_side": "left", "label": "x"}
    assert any(o | {"label": "x"} == option for o in maneuver_options(st, p))
    pr = predict(st, p, option)
    assert (st.alt_name(pr.alt), pr.energy, pr.mp) == ("standard", 6, 2)


def test_descent_gains_up_to_max_only(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, energy=6)])
    p = fly_ready(st, "spit")
    option = next(o for o in maneuver_options(st, p) if o["type"] == "descent")
    assert predict(st, p, option).energy == 6


def test_wingover_turns_about_and_costs_its_mark(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, energy=5)])
    p = fly_ready(st, "spit")
    option = next(o for o in maneuver_options(st, p) if o["type"] == "wingover")
    pr = predict(st, p, option)
    assert option["steps"] == 3 and pr.energy == 3 and pr.pose[2] == pytest.approx(180.0)
    assert pr.pose[0] == pytest.approx(400 + 3 * 15)


def test_side_slip_moves_across_one_counter_width(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, energy=5)])
    p = fly_ready(st, "spit")
    option = next(o for o in maneuver_options(st, p)
                  if o["type"] == "side_slip" and o["side"] == "left")
    pr = predict(st, p, option)
    assert (pr.pose[0], pr.pose[1], pr.energy, pr.mp) == pytest.approx((445.0, 316.0, 4, 2))


def test_every_option_spends_at_most_the_points_left(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, energy=6)])
    p = fly_ready(st, "spit", mp=2)
    options = maneuver_options(st, p)
    assert options and all(mp_cost(o) <= 2 for o in options)
    assert not any(o["type"] == "climb" and "final_template" not in o for o in options)


def test_no_maneuver_costs_more_energy_than_left_at_low(faithful):
    """Losing more than it has is only an intentional stall, which needs altitude above Low."""
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, altitude="low",
                                energy=1)])
    p = fly_ready(st, "spit", mp=6)
    assert all(predict(st, p, o).deficit == 0 for o in maneuver_options(st, p))
    st2 = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, energy=1)])
    p2 = fly_ready(st2, "spit", mp=6)
    assert any(predict(st2, p2, o).deficit > 0 for o in maneuver_options(st2, p2))


def test_without_altitude_no_climb_or_descent(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, energy=5)],
               options={"altitude": False})
    p = fly_ready(st, "spit")
    assert not {o["type"] for o in maneuver_options(st, p)} & {"climb", "descent"}
    assert stall_outcome(st, p) == "crash"


def test_stall_with_altitude_drops_a_level_or_crashes_at_low(faithful):
    st = state(faithful, [plane("a", "spitfire-i", "allies", 400, 300, altitude="standard"),
                          plane("b", "spitfire-i", "allies", 100, 300, altitude="low")])
    assert stall_outcome(st, st.planes["a"]) == "drop"
    assert stall_outcome(st, st.planes["b"]) == "crash"


def test_damaged_planes_cannot_climb_to_high(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, energy=4,
                                damaged=True)])
    p = fly_ready(st, "spit")
    assert not any(o["type"] == "climb" for o in maneuver_options(st, p))
    p.damaged = False
    assert any(o["type"] == "climb" for o in maneuver_options(st, p))


def test_energy_options_respect_acceleration_deceleration_and_max(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, energy=5),
                          plane("110", "bf-110", "axis", 100, 100, energy=5, loadout="bombs")])
    spit = st.planes["spit"]
    assert [o["to"] for o in energy_options(st, spit)] == [3, 4, 5, 6]
    spit.damaged = True  # acceleration 2 -> 1, max 6 -> 4
    spit.flight.energy = 3
    assert [o["to"] for o in energy_options(st, spit)] == [1, 2, 3, 4]
    loaded = st.planes["110"]  # loaded: max Energy is the damaged value 5
    assert st.max_energy(loaded) == 5
    assert max(o["to"] for o in energy_options(st, loaded)) == 5
    loaded.loadout = "none"
    assert max(o["to"] for o in energy_options(st, loaded)) == 7


def test_a_stall_by_choice_is_offered_only_with_altitude_above_low(faithful):
    """Page 7: a stall "can be voluntarily induced ... provided you are playing with Altitude and you
    are not flying at Low Altitude"; where it would crash, 0 Energy is offered only if nothing else is."""
    st = state(faithful, [plane("std", "spitfire-i", "allies", 400, 300, energy=2, altitude="standard"),
                          plane("low", "spitfire-i", "allies", 100, 300, energy=2, altitude="low")])
    assert 0 in [o["to"] for o in energy_options(st, st.planes["std"])]
    assert [o["to"] for o in energy_options(st, st.planes["low"])][0] > 0
    flat = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, energy=2)], options={"altitude": False})
    assert 0 not in [o["to"] for o in energy_options(flat, flat.planes["spit"])]
    st.planes["low"].must_stall = True  # drained for staying at High when damaged: the stall is not a choice
    assert [o["to"] for o in energy_options(st, st.planes["low"])] == [0]


def test_crew_skill_energy_tokens_change_max_energy(faithful):
    st = state(faithful, [plane("a", "spitfire-i", "allies", 400, 300, skill="ace"),
                          plane("r", "spitfire-i", "allies", 100, 300, skill="rookie")],
               options={"crew_skills": True})
    assert (st.max_energy(st.planes["a"]), st.max_energy(st.planes["r"])) == (7, 5)


class NoRoll:
    def __call__(self, p):
        raise AssertionError("no d20 should be needed")


def ids(order):
    return [p.id for p in order]


def test_initiative_example(faithful):
    """Me-110 5, Ju-88 4, Spitfire 4, all Standard: Ju-88 (larger faction), Spitfire, Me-110."""
    planes = [plane("me110", "bf-110", "axis", 100, 100, heading=90, energy=5),
              plane("ju88", "ju-88", "axis", 300, 100, heading=90, energy=4),
              plane("spit", "spitfire-i", "allies", 500, 100, heading=90, energy=4)]
    assert ids(initiative(state(faithful, planes), NoRoll())) == ["ju88", "spit", "me110"]


def test_initiative_variant_lower_altitude_first(faithful):
    planes = [plane("me110", "bf-110", "axis", 100, 100, heading=90, energy=5),
              plane("ju88", "ju-88", "axis", 300, 100, heading=90, energy=4),
              plane("spit", "spitfire-i", "allies", 500, 100, heading=90, energy=4,
                    altitude="low")]
    assert ids(initiative(state(faithful, planes), NoRoll())) == ["spit", "ju88", "me110"]


def test_initiative_variant_tailing(faithful):
    """The faster Spitfire at Low is tailed by a slower Me-110: the 110 moves right after it."""
    planes = [plane("me110", "bf-110", "axis", 400, 100, heading=0, energy=4, altitude="low"),
              plane("ju88", "ju-88", "axis", 300, 400, heading=90, energy=4),
              plane("spit", "spitfire-i", "allies", 445, 100, heading=0, energy=6,
                    altitude="low")]
    st = state(faithful, planes)
    assert ids(initiative(st, NoRoll())) == ["ju88", "spit", "me110"]
    st.planes["spit"].flight.pose = (445, 100, 180.0)  # head-on: no longer in its rear quarter
    assert ids(initiative(st, NoRoll())) == ["me110", "ju88", "spit"]


def test_initiative_d20_breaks_full_ties_lowest_first(faithful):
    planes = [plane("a", "spitfire-i", "allies", 100, 100, heading=90),
              plane("b", "bf-109e", "axis", 300, 100, heading=90)]
    rolls = {"a": [7], "b": [3]}
    order = initiative(state(faithful, planes), lambda p: rolls[p.id].pop(0))
    assert ids(order) == ["b", "a"]
    rolls = {"a": [5, 2], "b": [5, 9]}  # a tie on the d20 is rolled again
    assert ids(initiative(state(faithful, planes), lambda p: rolls[p.id].pop(0))) == ["a", "b"]


def test_leaving_the_mat_is_seen_at_the_step_that_crosses_the_edge(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 870, 300, energy=5)])
    p = fly_ready(st, "spit")
    pr = predict(st, p, {"type": "level", "plane": "spit", "steps": 5})
    assert pr.exited == "right" and pr.mp == 2


def test_overlaps_only_at_the_same_altitude(faithful):
    st = state(faithful, [plane("a", "spitfire-i", "allies", 400, 300),
                          plane("b", "bf-109e", "axis", 410, 300),
                          plane("c", "bf-109e", "axis", 405, 300, altitude="low")])
    a = st.planes["a"]
    assert overlaps(st, a, a.flight.pose, a.flight.alt) == ["b"]
    assert overlaps(st, a, (300, 300, 0), a.flight.alt) == []


def test_surprised_planes_fly_level_without_changing_energy_in_the_first_round(faithful):
    """General Deployment, Surprised: "during the first round, all Surprised planes must spend
    all their movement points on level flight, without acceleration or deceleration"."""
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 400, 300, energy=5),
                          plane("bf", "bf-109e", "axis", 100, 100, energy=5)],
               deployment="surprised", caught="allies")
    spit, bf = st.planes["spit"], st.planes["bf"]
    st.round = 1
    assert [o["to"] for o in energy_options(st, spit)] == [5]
    fly_ready(st, "spit")
    assert {o["type"] for o in maneuver_options(st, spit)} == {"level"}
    assert len(energy_options(st, bf)) > 1  # the side that surprised them flies freely
    fly_ready(st, "bf")
    assert "turn" in {o["type"] for o in maneuver_options(st, bf)}
    st.round = 2
    assert len(energy_options(st, spit)) > 1
    assert "turn" in {o["type"] for o in maneuver_options(st, spit)}
