"""Whole games: Time Freeze, torpedoes, stalls, collisions, victory, `sortie play`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.cli.prompt import TerminalController
from engine.core.game import run
from engine.rulesets.paw import RULESET
from engine.rulesets.paw.play import combat
from engine.rulesets.paw.play.geometry import turn_step
from engine.rulesets.paw.play.victory import outcome

from .engine_helpers import game, plane, target

ROOT = Path(__file__).resolve().parents[3]


class Policy:
    """Answers by kind: keep Energy, fly level one step at a time, hold fire, first otherwise."""

    def __init__(self, **by_kind) -> None:
        self.by_kind = by_kind

    def choose(self, decision, g):
        rule = self.by_kind.get(decision.kind.split(".")[1])
        if callable(rule):
            return rule(decision, g)
        if decision.kind == "paw.energy":
            energy = g.state.planes[decision.context["plane"]].flight.energy
            return next(o for o in decision.options if o["to"] == energy)
        if decision.kind == "paw.maneuver":
            return next(o for o in decision.options if o["type"] == "level")
        if decision.kind in ("paw.attack", "paw.aaa", "paw.bomb", "paw.torpedo"):
            return decision.options[-1]
        return decision.options[0]


def play(g, **policy):
    return run(g, {s: Policy(**policy) for s in g.sides})


def test_time_freeze_example(faithful):
    """Me-262 (8) and P-51D (5) head-on: a 262, b P-51, c 262, d both (P-51 first), e 262."""
    g = game(faithful, [plane("me262", "me-262", "axis", 300, 300, heading=0, energy=8),
                        plane("p51", "p-51d", "allies", 430, 300, heading=180, energy=5)],
             options={"time_freeze": True}, round_limit=1)
    play(g)
    freeze = g.log.of_type("paw.time_freeze")
    assert freeze[0]["plane"] == "p51" and freeze[0]["participants"] == ["p51", "me262"]
    impulses = {e["impulse"]: e["moved"] for e in g.log.of_type("paw.impulse")}
    assert impulses["a"] == ["me262"] and impulses["b"] == ["p51"]
    assert impulses["c"] == ["me262"] and impulses["d"] == ["p51", "me262"]
    assert impulses["e"] == ["me262"]


def test_time_freeze_fire_between_impulses_uses_up_the_weapon(faithful):
    def fire_first(decision, g):
        return decision.options[0]

    g = game(faithful, [plane("me262", "me-262", "axis", 300, 300, heading=0, energy=8),
                        plane("p51", "p-51d", "allies", 430, 300, heading=180, energy=5)],
             options={"time_freeze": True}, round_limit=1)
    play(g, attack=fire_first)
    attacks = [e for e in g.log.of_type("paw.attack") if e.get("weapon") == "guns"]
    by_plane = [e["plane"] for e in attacks]
    assert sorted(set(by_plane)) == sorted(by_plane)  # each gun fired at most once this round
    assert attacks and g.log.of_type("paw.impulse")


def test_a_player_may_freeze_an_unmoved_plane_before_an_enemy_moves(faithful):
    """Time Freeze: "Any player can initiate a Time Freeze for one of their planes, provided
    the plane hasn't moved yet" - also before an enemy plane that moves earlier, which the
    freeze then takes along. The 262 (Energy 4) moves before the P-51 (6)."""
    def allies_freeze(decision, g):
        if decision.side == "allies":
            return decision.options[0]
        return decision.options[-1]

    g = game(faithful, [plane("me262", "me-262", "axis", 300, 300, heading=0, energy=4),
                        plane("p51", "p-51d", "allies", 430, 300, heading=180, energy=6)],
             options={"time_freeze": True}, round_limit=1)
    play(g, time_freeze=allies_freeze)
    asked = [(d["side"], d["action"]["type"]) for d in g.decisions
             if d["kind"] == "paw.time_freeze"]
    assert asked == [("axis", "no_freeze"), ("allies", "freeze")]  # before the 262 moves
    freeze = g.log.of_type("paw.time_freeze")
    assert freeze[0]["plane"] == "p51" and freeze[0]["participants"] == ["me262", "p51"]


def torpedo_run(faithful, ship, rounds):
    """A Helldiver flies its whole allowance level at Low and releases; a Zero stays away."""
    g = game(faithful, [plane("hd", "sb2c-helldiver", "allies", 300, 300, heading=90,
                              altitude="low", energy=2, loadout="torpedoes", role="fighter_bomber"),
                        plane("zero", "a6m5-zero", "axis", 800, 550, heading=0, energy=3)],
             [ship], mission="close-air-support", target_type="task-force", attacker="allies",
             round_limit=rounds)
    play(g, torpedo=lambda d, g: d.options[0])
    return g


def test_torpedo_release_run_and_impact(faithful):
    """A full level move at Low releases the torpedo; it runs a step a round and hits the ship."""
    g = torpedo_run(faithful, target("bb", "bb", "axis", 330, 372, heading=180), 2)
    assert [e["result"] for e in g.log.of_type("paw.torpedo")] == ["released"]
    hit = [e for e in g.log.of_type("paw.attack") if e.get("attack") == "torpedo"]
    assert hit and hit[0]["target"] == "bb" and hit[0]["threshold"] == 5
    assert hit[0]["modifiers"] == {"bombing_defence": -5}
    assert g.state.planes["hd"].loadout == "none"


def test_torpedo_overlapping_a_ship_at_release_is_not_armed(faithful):
    g = torpedo_run(faithful, target("bb", "bb", "axis", 300, 350, heading=0), 1)
    assert [e["result"] for e in g.log.of_type("paw.torpedo")] == ["not armed"]


def test_stall_without_altitude_destroys(faithful):
    """Not by choice (page 7: only with Altitude): a Surprised plane with no Energy cannot gain any."""
    g = game(faithful, [plane("spit", "spitfire-i", "allies", 300, 300, energy=0),
                        plane("bf", "bf-109e", "axis", 600, 500, energy=4)],
             options={"altitude": False}, round_limit=2, deployment="surprised", caught="allies")
    play(g)
    stalls = g.log.of_type("paw.stall")
    assert stalls[0]["plane"] == "spit" and stalls[0]["result"] == "crash"
    assert g.state.planes["spit"].status == "destroyed"


def test_stall_with_altitude_drops_and_gains_half_max_energy(faithful):
    g = game(faithful, [plane("spit", "spitfire-i", "allies", 300, 300, energy=1),
                        plane("bf", "bf-109e", "axis", 600, 500, energy=4)], round_limit=1)
    play(g, energy=lambda d, g: d.options[0])
    stall = g.log.of_type("paw.stall")[0]
    assert (stall["result"], stall["altitude"], stall["energy"]) == ("drop", "low", 3)
    assert not [e for e in g.log.of_type("paw.maneuver") if e["plane"] == "spit"]


def test_collision_destroys_both(faithful):
    g = game(faithful, [plane("spit", "spitfire-i", "allies", 300, 300, heading=0, energy=3),
                        plane("bf", "bf-109e", "axis", 390, 300, heading=180, energy=3)],
             round_limit=1)
    play(g)
    assert g.log.of_type("paw.collision")[0]["pairs"] == [["bf", "spit"]]
    assert g.outcome.result == "draw"


def test_every_point_spent_and_exits_recorded(faithful):
    g = game(faithful, [plane("spit", "spitfire-i", "allies", 870, 300, heading=0, energy=5),
                        plane("bf", "bf-109e", "axis", 300, 500, heading=180, energy=3)])
    play(g)
    assert g.state.planes["spit"].exit_edge == "right"
    assert g.outcome.result == "draw" and g.outcome.turns == 1  # nothing shot down
    moves = [e for e in g.log.of_type("paw.maneuver") if e["plane"] == "bf"]
    assert moves[-1]["mp"] == 0


def test_sweep_victory_needs_half_the_enemy_vp(faithful):
    g = game(faithful, [plane("a", "spitfire-i", "allies", 300, 300),
                        plane("b", "spitfire-i", "allies", 500, 300),
                        plane("e", "spitfire-i", "allies", 700, 300),
                        plane("c", "bf-109e", "axis", 300, 500)], round_limit=1)
    st = g.state
    def down(pid, by):
        st.planes[pid].status, st.planes[pid].shot_down_by = "destroyed", by

    down("c", "allies")
    assert outcome(st).winner == "allies"  # 27 of 27
    st.planes["c"].status = "flying"
    down("a", "axis")  # 23 is less than half of 69
    assert outcome(st).result == "draw"
    down("b", "axis")  # 46 is at least half of 69
    assert outcome(st).winner == "axis"
    st.planes["e"].status = "exited"  # exactly half of 46 is enough
    del st.planes["e"]
    st.initial_vp["allies"] = 46
    st.planes["b"].status = "flying"
    assert outcome(st).winner == "axis" and outcome(st).score["axis"] == 23


def test_ground_victory_needs_objective_and_a_plane_home(faithful):
    g = game(faithful, [plane("ju88", "ju-88", "axis", 300, 500, role="bomber", loadout="bombs"),
                        plane("spit", "spitfire-i", "allies", 300, 100)],
             [target("airfield", "airfield", "allies", 300, 200),
              target("aaa", "aaa", "allies", 350, 200)],
             mission="strategic-bombing", target_type="installation", round_limit=1)
    st = g.state
    assert outcome(st).winner == "allies"
    st.targets["airfield"].status = "destroyed"
    assert outcome(st).result == "draw"  # no bomber home yet
    st.planes["ju88"].status, st.planes["ju88"].exit_edge = "exited", "top"
    assert outcome(st).winner == "axis"
    st.planes["ju88"].exit_edge = "bottom"  # off the wrong edge: not home
    assert outcome(st).result == "draw"


def test_explain_gives_reasons_in_the_rules_terms(faithful):
    g = game(faithful, [plane("spit", "spitfire-i", "allies", 300, 300, energy=4),
                        plane("bf", "bf-109e", "axis", 600, 500, energy=6)])
    while g.pending.kind != "paw.maneuver":
        players = g.pending.kind == "paw.pilots"  # the players fly: no solo AI
        g.submit(g.pending.options[0 if players else len(g.pending.options) // 2])
    from engine.core.decisions import IllegalAction

    with pytest.raises(IllegalAction, match="movement point"):
        g.submit({"type": "level", "plane": "spit", "steps": 9})
    with pytest.raises(IllegalAction, match="is tighter"):
        g.submit({"type": "turn", "plane": "spit", "template": "A", "side": "left", "steps": 1})


def test_game_emits_standard_unit_events_with_positions(faithful):
    from engine.core.view import view_at

    g = game(faithful, [plane("spit", "spitfire-i", "allies", 300, 300, energy=4),
                        plane("bf", "bf-109e", "axis", 600, 500, energy=6)], round_limit=2)
    play(g)
    view = view_at(g.log)
    assert view.units["spit"].pos[0] > 300 and view.units["spit"].heading == 0.0
    assert view.units["spit"].state["altitude"] == "standard"


SCENARIOS = ["sweep-spitfire-vs-ace-110", "sweep-four-versus-four", "cas-kanalkampf-convoy",
             "cas-leyte-battleship", "bombing-adlerangriff-airfield"]


def sortie(*args, stdin=""):
    code = "import sys; from engine.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_every_bundled_scenario_is_covered():
    found = sorted(p.stem for p in (BUNDLED_CONTENT / "pocket-air-war" / "scenarios").glob("*.yaml"))
    assert found == sorted(SCENARIOS)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_sortie_play_every_scenario_to_the_end_deterministically(scenario):
    first = sortie("play", f"pocket-air-war/{scenario}", "--seed", "5", "--json")
    again = sortie("play", f"pocket-air-war/{scenario}", "--seed", "5", "--json")
    assert first.returncode == 0, first.stderr
    assert again.returncode == 0, again.stderr  # a run that fails says why, not only that it differs
    assert first.stdout == again.stdout
    result = json.loads(first.stdout)
    assert result["result"] in ("victory", "draw", "attacker victory", "defender victory")


def test_a_person_flies_one_side_at_the_terminal(faithful):
    from engine.rulesets.launch import find_scenario

    launch = find_scenario("pocket-air-war/sweep-spitfire-vs-ace-110")
    from engine.core.game import Game

    g = Game(RULESET.engine, launch.scenario, launch.content, 3)
    said = []
    person = TerminalController(read=lambda prompt: "1", write=said.append)
    run(g, {"allies": person, "axis": RULESET.engine.bot("axis", "hard")})
    assert g.over and any("spitfire" in line for line in said)
    # the scenario's Me-110 is `ai: true`: the solo AI flies it, so axis is never asked
    assert {d["side"] for d in g.decisions} == {"allies"}


def test_sortie_play_with_a_human_side_reads_the_prompt():
    lines = "\n".join(["1"] * 400)
    out = sortie("play", "pocket-air-war/sweep-spitfire-vs-ace-110", "--side", "allies=human",
                 "--seed", "2", stdin=lines)
    assert out.returncode == 0, out.stderr
    assert "Result:" in out.stdout or "quit" in out.stderr


def test_submarine_dives_to_periscope_depth_then_away(faithful):
    g = game(faithful, [plane("hd", "sb2c-helldiver", "allies", 100, 100, heading=90),
                        plane("zero", "a6m5-zero", "axis", 800, 550, heading=0, energy=3)],
             [target("ss", "ss", "axis", 450, 300)], mission="close-air-support",
             target_type="submarine", attacker="allies", round_limit=40)
    play(g, ground_move=lambda d, g: next(o for o in d.options if o["move"] == "stay"))
    dives = [e for e in g.log.of_type("roll") if e["for"] == "ss dives?"]
    assert [d["threshold"] for d in dives[:3]] == [20, 19, 18]
    changed = [e for e in g.log.of_type("unit.changed") if e["unit"] == "ss"]
    removed = [e for e in g.log.of_type("unit.removed") if e["unit"] == "ss"]
    if g.state.targets["ss"].status == "escaped":
        assert changed[0]["state"] == {"side": "ss-periscope"} and removed[0]["box"] == "escaped"
    first = next(i for i, d in enumerate(dives) if d["results"][0] >= d["threshold"])
    assert changed and changed[0]["seq"] > dives[first]["seq"]


def test_the_hard_bot_beats_the_easy_one(faithful):
    from engine.rulesets.launch import find_scenario
    from engine.core.game import Game

    launch = find_scenario("pocket-air-war/sweep-four-versus-four")
    engine = RULESET.engine
    wins = {"hard": 0, "easy": 0}
    for seed in range(12):
        for strengths in (("hard", "easy"), ("easy", "hard")):
            g = Game(engine, launch.scenario, launch.content, seed)
            bots = dict(zip(g.sides, strengths))
            run(g, {side: engine.bot(side, s) for side, s in bots.items()})
            if g.outcome.winner:
                wins[bots[g.outcome.winner]] += 1
    assert wins["hard"] > 2 * wins["easy"], wins


def test_a_damaged_plane_left_at_high_loses_all_its_energy(faithful):
    g = game(faithful, [plane("spit", "spitfire-i", "allies", 300, 300, altitude="high",
                              energy=4, damaged=True),
                        plane("bf", "bf-109e", "axis", 600, 500, energy=4)], round_limit=2)
    g.state.planes["spit"].leave_high_by = 1
    play(g)
    drained = [e for e in g.log.of_type("paw.energy") if e.get("reason")]
    assert drained[0]["plane"] == "spit" and drained[0]["energy"] == 0
    assert g.log.of_type("paw.stall")[0]["plane"] == "spit"  # and it stalls next round


def test_a_damaged_plane_left_at_high_cannot_accelerate_out_of_its_stall(faithful):
    """Basic damage: a plane damaged at High "must reach an allowed Altitude within its next
    turn. Otherwise, it will lose all its Energy and stall" - even if it would accelerate."""
    def accelerate(decision, g):
        return max(decision.options, key=lambda o: o["to"])

    g = game(faithful, [plane("spit", "spitfire-i", "allies", 300, 300, altitude="high",
                              energy=4, damaged=True),
                        plane("bf", "bf-109e", "axis", 600, 500, energy=4)], round_limit=2)
    g.state.planes["spit"].leave_high_by = 1
    play(g, energy=accelerate)
    stall = g.log.of_type("paw.stall")
    assert [(e["plane"], e["result"], e["altitude"]) for e in stall] == [("spit", "drop",
                                                                          "standard")]
    assert g.state.planes["spit"].flight.energy == 4 // 2  # half its damaged max, rounded down


def test_each_cpf_marker_may_be_moved_in_the_same_round(faithful):
    """Flak, CPF: "In any subsequent round, during the last subphase, for each CPF marker you
    can either: leave / remove / move one Altitude level / move up to 2 steps"."""
    def move_each(decision, g):
        moves = [o for o in decision.options if o["type"] == "cpf_move"]
        return moves[0] if moves else decision.options[0]

    g = game(faithful, [plane("bf", "bf-109e", "axis", 700, 500, energy=3),
                        plane("spit", "spitfire-i", "allies", 600, 500, energy=3)],
             [target("f1", "flak", "allies", 100, 100), target("f2", "flak", "allies", 200, 100)],
             round_limit=1)
    g.state.flak["allies"] = combat._battery("allies")
    combat.apply_flak(g.state, {"type": "cpf", "side": "allies", "x": 100, "y": 150,
                                "alt": "high"})
    play(g, flak=move_each)
    moved = [e["cpf"] for e in g.log.of_type("paw.flak") if e["action"] == "cpf_move"]
    assert len(moved) == 2
    assert moved[-1][0]["pos"] != [100, 150] and moved[-1][1]["pos"] != [115, 150]


def test_one_cpf_marker_may_be_removed_and_the_others_kept(faithful):
    st_game = game(faithful, [plane("bf", "bf-109e", "axis", 700, 500)],
                   [target("f1", "flak", "allies", 100, 100),
                    target("f2", "flak", "allies", 200, 100)])
    st = st_game.state
    st.flak["allies"] = combat._battery("allies")
    combat.apply_flak(st, {"type": "cpf", "side": "allies", "x": 100, "y": 150, "alt": "high"})
    first, second = (m["id"] for m in st.flak["allies"].cpf)
    removals = [o for o in combat.flak_options(st, "allies") if o["type"] == "cpf_remove"]
    assert [o["marker"] for o in removals] == [first, second]
    combat.apply_flak(st, removals[0])
    assert [m["id"] for m in st.flak["allies"].cpf] == [second]
    left = combat.flak_options(st, "allies", changed={second})
    assert [o["type"] for o in left] == ["flak_keep"]  # each marker once, then done
    last = next(o for o in combat.flak_options(st, "allies") if o["type"] == "cpf_remove")
    combat.apply_flak(st, last)  # the last one gone: a new one waits for the next round
    assert not st.flak["allies"].cpf and combat.flak_options(st, "allies") == left


def test_a_ground_target_turns_on_its_letter_or_any_wider_template(faithful):
    """Ground Target Movement: "To know which Turning template to use, follow the same rule as
    for planes, based on the letter printed on the counter" - for planes, "any Turning
    template whose letter is equal to or greater". The tank's counter says C."""
    offered = []

    def wide_right(decision, g):
        offered.append(decision.options)
        return next(o for o in decision.options if o["label"] == "tank: turn right on E")

    g = game(faithful, [plane("bf", "bf-109e", "axis", 700, 500, energy=3),
                        plane("spit", "spitfire-i", "allies", 100, 500, energy=3)],
             [target("tank", "tank", "allies", 300, 100, heading=90)], round_limit=1)
    play(g, ground_move=wide_right)
    turns = sorted((o["move"], o["template"]) for o in offered[0] if o["move"] in ("left", "right"))
    assert turns == [(side, letter) for side in ("left", "right") for letter in "CDE"]
    e = g.state.tables.templates["e"]
    x, y, h = turn_step((300, 100, 90), e.radius_mm, e.step_angle_deg, "right")
    tank = g.state.targets["tank"].pose
    assert (round(tank[0], 2), round(tank[1], 2), round(tank[2], 2)) == (round(x, 2),
                                                                       round(y, 2), round(h, 2))
