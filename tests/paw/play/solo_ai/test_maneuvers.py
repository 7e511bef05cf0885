"""Every AI maneuver flown as the engine's own actions, and the rows shifted when one is not
allowed or would crash."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.decisions import action_key
from engine.rulesets.paw.play.flight import maneuver_options, mp_cost, primitives, step
from engine.rulesets.paw.play.geometry import bearing
from engine.rulesets.paw.play.solo_ai.craft import Craft
from engine.rulesets.paw.play.solo_ai.focal import Focal
from engine.rulesets.paw.play.solo_ai.maneuvers import Aim, Plan, Refusal, allowed, build
from engine.rulesets.paw.play.solo_ai.position import relative

from ..engine_helpers import plane, state
from .helpers import pilot


def plan(faithful, maneuver: str, energy: int, focal_at=(600, 300), focal_alt=1,
         dashboard="bf-109e", **extra) -> Plan | Refusal:
    s = state(faithful, [plane("ai", dashboard, "axis", 400, 300, heading=0, **extra),
                         plane("spit", "spitfire-i", "allies", 50, 50)])
    me = s.planes["ai"]
    fl = me.flight.copy()
    fl.energy = fl.mp = energy
    focal = Focal("enemy_plane", "test", *focal_at, focal_alt)
    return build(Craft(s, me), fl, faithful.get("paw.ai_maneuver", maneuver), focal,
                 relative(s, me, focal), Aim(s, me, focal))


def kinds(result: Plan) -> list[tuple]:
    return [(o["type"], o["steps"]) for o in result.options]


def test_forward_flights_fly_straight_and_change_altitude_at_the_mark(faithful):
    assert kinds(plan(faithful, "forward-level", 5)) == [("level", 5)]
    climb = plan(faithful, "forward-climb", 5)
    assert kinds(climb) == [("climb", 3), ("level", 2)]  # the 109's Climb icon at step 3
    assert climb.end.alt == 2 and climb.end.energy == 2 and climb.end.pose[2] == 0
    dive = plan(faithful, "forward-dive", 4)
    assert kinds(dive) == [("descent", 3), ("level", 1)] and dive.end.alt == 0
    assert dive.end.energy == 6  # a Descent gains Energy up to the max


def test_altitude_changes_that_are_not_allowed(faithful):
    high = plan(faithful, "forward-climb", 5, altitude="high")
    assert isinstance(high, Refusal) and high.text == "already at High Altitude"
    low = plan(faithful, "forward-dive", 5, altitude="low")
    assert isinstance(low, Refusal) and low.text == "already at Low Altitude"
    barred = plan(faithful, "turn-alt-change", 5, focal_alt=2, damaged=True)
    assert barred.kind == "not allowed" and "cannot fly at High" in barred.text
    short = plan(faithful, "forward-climb", 2)
    assert short.kind == "not allowed" and "movement point" in short.text


def test_turn_and_altitude_change_climbs_or_descends_toward_the_focal_point(faithful):
    up = plan(faithful, "turn-alt-change", 6, focal_at=(400, 500), focal_alt=1)  # level: climb
    first = up.options[0]
    assert (first["type"], first["steps"]) == ("climb", 2) and first["final_side"] == "left"
    assert sum(mp_cost(o) for o in up.options) == 6
    down = plan(faithful, "turn-alt-change", 6, focal_at=(400, 100), focal_alt=0)
    assert down.options[0]["type"] == "descent" and down.options[0]["final_side"] == "right"
    # of every template, the one-step turn that points the nose best (A: 45 degrees)
    assert down.options[0]["final_template"] == "A"


def test_c_and_e_turns_turn_toward_the_focal_point_until_the_nose_points_at_it(faithful):
    # the 110 at 4 Energy may use C; the focal point 90 degrees to its left
    c = plan(faithful, "c-turn", 4, focal_at=(400, 700), dashboard="bf-110")
    turn = c.options[0]
    assert (turn["type"], turn["template"], turn["side"]) == ("turn", "C", "left")
    assert turn["steps"] == 3 and kinds(c)[1:] == [("level", 1)]  # 3 x 30 degrees, then level
    assert abs(bearing(c.end.pose, 400, 700)) < 15
    # at 6 Energy the 110's tightest template is D: "use the tightest available"
    assert plan(faithful, "c-turn", 6, focal_at=(400, 700), dashboard="bf-110").template == "D"
    e = plan(faithful, "e-turn", 6, focal_at=(400, 700), dashboard="bf-110")
    assert e.options[0]["template"] == "E" and e.options[0]["steps"] == 6  # still turning


def test_hardest_turn_uses_the_tightest_template_of_its_energy(faithful):
    hard = plan(faithful, "hardest-turn", 3, focal_at=(200, 300))  # straight behind
    assert hard.options[0]["template"] == "B"  # the 109 at 3 Energy: B
    assert hard.options[0]["steps"] == 3
    assert plan(faithful, "hardest-turn", 6, focal_at=(200, 300)).template == "C"


def test_side_slip_comes_first_then_level_flight(faithful):
    slip = plan(faithful, "side-slip", 5, focal_at=(600, 320))
    assert kinds(slip) == [("side_slip", 2), ("level", 2)]  # mark 2, the slip step, 2 more
    assert slip.options[0]["side"] == "left"  # toward the focal point, 20 mm to the left


def test_wingover_places_the_rotation_where_the_guns_bear(faithful):
    # an enemy 2 steps behind: turning round at once puts it in the guns
    s_before = plan(faithful, "wingover", 5, focal_at=(370, 300))
    assert [o["type"] for o in s_before.options] == ["wingover", "level"]
    assert s_before.end.pose[2] == 180.0 and s_before.end.energy == 3
    # far ahead: fly level first and turn round as late as the engine allows (a rotation
    # needs a movement point still to spend, so one step follows it)
    far = plan(faithful, "wingover", 5, focal_at=(900, 300))
    assert kinds(far) == [("level", 4), ("wingover", 0), ("level", 1)]
    assert isinstance(plan(faithful, "wingover", 2), Refusal)  # the mark is 3 steps away


def test_running_out_of_energy_is_a_stall_above_low_and_a_crash_at_low(faithful):
    # behind: a Hardest Turn on A at 2 Energy loses 1 a step: it would end with none
    stall = plan(faithful, "hardest-turn", 2, focal_at=(200, 300))
    assert stall.kind == "stall" and stall.plan is not None
    crash = plan(faithful, "hardest-turn", 2, focal_at=(200, 300), altitude="low")
    assert crash.kind == "crash" and "crash" in crash.text


# --------------------------------------------------------------------------- row shifts


def test_a_disallowed_climb_shifts_one_row_down(faithful):
    g, p = pilot(faithful, [plane("ai", "bf-109e", "axis", 400, 300, heading=90, damaged=True,
                                  skill="ace"),
                            plane("spit", "spitfire-i", "allies", 400, 600, altitude="high")])
    ai = p.start(g.state.planes["ai"], roll=5)
    assert (ai["range"], ai["position"], ai["vertical"]) == ("beyond_dashboard", "ahead",
                                                             "higher")
    assert ai["rolled"] == "forward-climb" and ai["maneuver"] == "forward-level"
    assert ai["shifts"] == [{"maneuver": "forward-climb",
                             "reason": "a damaged plane cannot fly at High Altitude"}]


def test_at_the_last_row_the_search_goes_back_up(faithful):
    # a Trained pilot at Low shifts Forward: Level to Forward: Dive, which it cannot fly
    g, p = pilot(faithful, [plane("ai", "bf-109e", "axis", 400, 300, heading=90,
                                  altitude="low"),
                            plane("spit", "spitfire-i", "allies", 400, 600, altitude="low")])
    ai = p.start(g.state.planes["ai"], roll=5)
    assert (ai["rolled"], ai["shifted"], ai["maneuver"]) == ("forward-level", "forward-dive",
                                                             "forward-level")
    assert ai["shifts"][0]["reason"] == "already at Low Altitude"


def test_a_maneuver_that_would_crash_shifts_down(faithful):
    # a damaged Spitfire at Low with 1 Energy (it may gain 1), the enemy right behind: an
    # A-turn toward it spends every point of Energy: the Hardest Turn would crash
    g, p = pilot(faithful, [plane("ai", "spitfire-i", "allies", 400, 300, heading=0,
                                  altitude="low", energy=1, skill="ace", damaged=True),
                            plane("bf", "bf-109e", "axis", 320, 300, altitude="low")])
    ai = p.start(g.state.planes["ai"], roll=5)
    assert ai["rolled"] == "hardest-turn" and ai["maneuver"] != "hardest-turn"
    assert "crash" in ai["shifts"][0]["reason"]


# --------------------------------------------------------------------------- the engine's rules


@settings(max_examples=60, deadline=None, derandomize=True)
@given(dashboard=st.sampled_from(["bf-110", "spitfire-i", "he-111", "ju-87"]),
       energy=st.integers(0, 7), mp=st.integers(1, 7), run=st.integers(0, 4),
       turning=st.sampled_from([None, ("C", "left", 2), ("A", "right", 1)]),
       alt=st.integers(0, 2), damaged=st.booleans())
def test_allowed_agrees_with_the_options_the_engine_offers(faithful, dashboard, energy, mp,
                                                          run, turning, alt, damaged):
    s = state(faithful, [plane("ai", dashboard, "axis", 400, 300, damaged=damaged),
                         plane("spit", "spitfire-i", "allies", 50, 50)])
    me = s.planes["ai"]
    fl = me.flight
    fl.energy, fl.mp, fl.alt = energy, mp, alt
    fl.lay = ("turn", *turning) if turning else ("straight", run) if run else ("none", 0)
    offered = {action_key(o) for o in maneuver_options(s, me)}
    craft = Craft(s, me)
    for option in candidates(me.id):
        why = allowed(craft, fl, option)
        if action_key(option) in offered:
            assert why is None, (option, why)
        elif why is None:  # structurally fine: the engine refuses it for its Energy only
            probe = fl.copy()
            assert any(step(s, me, probe, prim) for prim in primitives(option)), option


def candidates(pid: str):
    for k in range(0, 8):
        yield {"type": "level", "plane": pid, "steps": k}
        for letter in "ABCDE":
            for side in ("left", "right"):
                yield {"type": "turn", "plane": pid, "template": letter, "side": side,
                       "steps": k}
        if k <= 4:
            yield {"type": "wingover", "plane": pid, "steps": k}
            for side in ("left", "right"):
                yield {"type": "side_slip", "plane": pid, "side": side, "steps": k}
            for kind in ("climb", "descent"):
                yield {"type": kind, "plane": pid, "steps": k}
                for letter in "AE":
                    yield {"type": kind, "plane": pid, "steps": k, "final_template": letter,
                           "final_side": "left"}


def test_plans_are_what_the_engine_flies(faithful):
    """Each action of a plan is one the engine offers at that point, and flying them as the
    engine does ends where the plan says."""
    for maneuver in ("forward-climb", "turn-alt-change", "c-turn", "side-slip", "wingover"):
        result = plan(faithful, maneuver, 6, focal_at=(300, 500))
        s = state(faithful, [plane("ai", "bf-109e", "axis", 400, 300, heading=0),
                             plane("spit", "spitfire-i", "allies", 50, 50)])
        me = s.planes["ai"]
        me.flight.energy = me.flight.mp = 6
        for option in result.options:
            offered = {action_key(o) for o in maneuver_options(s, me)}
            assert action_key(option) in offered, (maneuver, option)
            for prim in primitives(option):
                step(s, me, me.flight, prim)
        end = result.end
        assert me.flight.mp == 0 and (me.flight.alt, me.flight.energy) == (end.alt, end.energy)
        assert math.isclose(me.flight.pose[0], end.pose[0])
        assert math.isclose(me.flight.pose[1], end.pose[1])


def test_a_plane_damaged_at_high_must_leave_it_or_stall(faithful):
    # damaged at High last round: a row that stays there would lose all Energy (a stall)
    g, p = pilot(faithful, [plane("ai", "bf-109e", "axis", 400, 300, heading=90,
                                  altitude="high", damaged=True, skill="ace", energy=4),
                            plane("spit", "spitfire-i", "allies", 400, 600, altitude="high")])
    g.state.round = 1
    g.state.planes["ai"].leave_high_by = 1
    ai = p.start(g.state.planes["ai"], roll=5)  # ahead, level: Forward: Level
    assert ai["rolled"] == "forward-level" and ai["maneuver"] == "forward-dive"
    assert ai["shifts"] == [{"maneuver": "forward-level",
                             "reason": "would stay at High Altitude, damaged, and stall"}]


def test_a_surprised_ai_plane_flies_level_at_its_energy_in_the_first_round(faithful):
    """Surprised planes "must spend all their movement points on level flight, without
    acceleration or deceleration" in the first round: the rows shift down to Level."""
    g, p = pilot(faithful, [plane("ai", "bf-109e", "axis", 400, 300, heading=0, energy=4),
                            plane("spit", "spitfire-i", "allies", 450, 200, energy=4)],
                 deployment="surprised", caught="axis")
    g.state.round = 1
    ai = p.start(g.state.planes["ai"], roll=17)
    assert ai["maneuver"] == "forward-level" and ai["energy"] == 4
    assert [o["type"] for o in p.plans["ai"]] == ["level"]
    fl = g.state.planes["ai"].flight.copy()
    fl.mp = 4
    turn = {"type": "turn", "plane": "ai", "template": "E", "side": "left", "steps": 1}
    assert "Surprised" in allowed(Craft(g.state, g.state.planes["ai"]), fl, turn)
