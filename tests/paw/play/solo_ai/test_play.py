"""AI planes in a game: who flies them, firing while moving and again in Combat, never
colliding, Time Freeze, and saves that replay the AI exactly."""

from __future__ import annotations

from engine.core.game import resume, run
from engine.rulesets.paw import RULESET

from ..engine_helpers import game, plane
from .helpers import Rigged, Steady, ai_events


def axis_ai(decision, g):
    return decision.options[1 if decision.side == "axis" else 0]


class AxisToTheAi(Steady):
    def choose(self, decision, g):
        if decision.kind == "paw.pilots":
            return axis_ai(decision, g)
        return super().choose(decision, g)


def test_each_side_is_asked_once_who_flies_and_ai_planes_are_asked_nothing(faithful):
    g = game(faithful, [plane("bf", "bf-109e", "axis", 300, 500, heading=270),
                        plane("spit", "spitfire-i", "allies", 300, 100, heading=90),
                        plane("hurri", "hurricane-i", "allies", 600, 100, heading=90,
                              ai=True)], round_limit=3)
    run(g, {side: AxisToTheAi() for side in g.sides})
    pilots = [d for d in g.decisions if d["kind"] == "paw.pilots"]
    assert [d["side"] for d in pilots] == ["allies", "axis"]
    assert g.log.of_type("paw.pilots")[0]["ai"] == ["bf", "hurri"]
    asked = {d["action"].get("plane") for d in g.decisions if d["kind"] != "paw.pilots"}
    assert asked == {"spit"}
    flown = {e["plane"] for e in ai_events(g)}
    assert flown == {"bf", "hurri"} and len(ai_events(g)) == 6  # one a round each
    for e in ai_events(g):
        roll = g.log[e["seq"] - 1]
        assert roll["type"] == "roll" and roll["for"] == f"ACE AI table for {e['plane']}"
        assert roll["results"] == [e["roll"]] and e["why"].startswith(e["plane"])


def ahead_of_the_ai(faithful, **extra):
    """The AI 110 flies level (ace, 'ahead level' roll 5) at a Spitfire 5 steps ahead that
    moves first (less Energy) one step away from it."""
    g = game(faithful, [plane("me110", "bf-110", "axis", 300, 300, heading=0, energy=4,
                              skill="ace", ai=True),
                        plane("spit", "spitfire-i", "allies", 370, 300, heading=0, energy=1)],
             options={"crew_skills": True, **extra}, round_limit=1)
    g.dice = Rigged(g.dice, 5)
    return g


def test_the_ai_fires_as_soon_as_a_target_is_in_sight_and_again_in_combat(faithful):
    g = ahead_of_the_ai(faithful)
    run(g, {side: Steady() for side in g.sides})
    assert ai_events(g)[0]["maneuver"] == "forward-level"
    moves = [e for e in g.log.of_type("paw.maneuver") if e["plane"] == "me110"]
    shots = [e for e in g.log.of_type("paw.attack") if e.get("plane") == "me110"]
    assert [s["weapon"] for s in shots] == ["guns", "guns"]
    # the first burst after its first step, with three steps still to fly ...
    assert moves[0]["seq"] < shots[0]["seq"] < moves[1]["seq"] and moves[0]["mp"] == 3
    # ... and the guns again in the Combat phase, after every plane has moved
    spit_moves = [e for e in g.log.of_type("paw.maneuver") if e["plane"] == "spit"]
    assert shots[1]["seq"] > max(m["seq"] for m in moves + spit_moves)


def test_ai_planes_never_collide(faithful):
    # head on, both AI, both flying level 2 steps: they end on top of each other
    g = game(faithful, [plane("a", "bf-109e", "axis", 300, 300, heading=0, energy=2, ai=True,
                              skill="ace"),
                        plane("b", "spitfire-i", "allies", 360, 300, heading=180, energy=2,
                              ai=True, skill="ace")],
             options={"crew_skills": True}, round_limit=1)
    g.dice = Rigged(g.dice, 5)  # both: ahead, level, within a Dashboard: Forward: Level
    run(g, {})
    a, b = g.state.planes["a"], g.state.planes["b"]
    assert g.state.poly(a).intersects(g.state.poly(b))
    assert not g.log.of_type("paw.collision")
    assert not [e for e in g.log.of_type("unit.removed") if e.get("cause") == "collision"]


def test_an_ai_plane_overlapping_a_players_plane_does_not_collide_either(faithful):
    g = game(faithful, [plane("a", "bf-109e", "axis", 300, 300, heading=0, energy=2, ai=True,
                              skill="ace"),
                        plane("b", "spitfire-i", "allies", 330, 300, heading=180, energy=1)],
             options={"crew_skills": True}, round_limit=1)
    g.dice = Rigged(g.dice, 5)
    run(g, {"allies": Steady()})
    assert g.state.poly(g.state.planes["a"]).intersects(g.state.poly(g.state.planes["b"]))
    assert not g.log.of_type("paw.collision")


def test_an_ai_plane_moves_step_by_step_in_a_players_time_freeze(faithful):
    class Freezer(Steady):
        def choose(self, decision, g):
            if decision.kind == "paw.time_freeze":
                return decision.options[0]
            return super().choose(decision, g)

    g = game(faithful, [plane("me262", "me-262", "axis", 300, 300, heading=0, energy=8,
                              ai=True),
                        plane("p51", "p-51d", "allies", 430, 300, heading=180, energy=5)],
             options={"time_freeze": True}, round_limit=1)
    run(g, {"allies": Freezer()})
    assert g.log.of_type("paw.time_freeze")[0]["participants"] == ["p51", "me262"]
    impulses = {e["impulse"]: e["moved"] for e in g.log.of_type("paw.impulse")}
    assert "me262" in impulses["a"]
    steps = [e for e in g.log.of_type("paw.maneuver") if e["plane"] == "me262"]
    mp = [e["mp"] for e in steps]
    assert mp == sorted(mp, reverse=True) and mp[-1] == 0
    assert not [e for e in g.decisions if e["kind"] == "paw.time_freeze"
                and e["side"] == "axis"]  # the AI never calls one


def test_a_save_replays_the_ai_exactly(faithful):
    from engine.rulesets.launch import find_scenario

    launch = find_scenario("pocket-air-war/sweep-four-versus-four")
    engine = RULESET.engine
    players = {"allies": engine.bot("allies", "hard"), "axis": engine.bot("axis", "ai")}
    from engine.core.game import Game

    full = Game(engine, launch.scenario, launch.content, 7)
    run(full, players)
    assert ai_events(full) and full.decisions[0]["action"]["solo_ai"] is False
    half = resume(engine, launch.scenario, launch.content, full.save(),
                  upto=len(full.decisions) // 2)
    run(half, players)
    assert half.log.to_jsonl() == full.log.to_jsonl()


def test_a_plan_flown_step_by_step_keeps_its_descent_at_the_last_step(faithful):
    # Forward: Dive (ace, 'ahead lower' roll 5) with a Low enemy ahead: the 109 flies step by
    # step (the enemy comes into sight once it is at Low) and still descends on its last step
    g = game(faithful, [plane("bf", "bf-109e", "axis", 300, 300, heading=0, energy=3,
                              skill="ace", ai=True),
                        plane("spit", "spitfire-i", "allies", 400, 300, heading=0, energy=1,
                              altitude="low")],
             options={"crew_skills": True}, round_limit=1)
    g.dice = Rigged(g.dice, 5)
    run(g, {"allies": Steady()})
    assert ai_events(g)[0]["maneuver"] == "forward-dive"
    moves = [(e["maneuver"], e["steps"]) for e in g.log.of_type("paw.maneuver")
             if e["plane"] == "bf"]
    assert moves == [("level", 1), ("level", 1), ("descent", 1)]
    assert g.state.planes["bf"].flight.alt == 0
