"""What a person playing one side may see of a game's log: secrets and face-down units left out."""

from engine.core.game import Game
from engine.core.launch import find_scenario
from engine.core.sight import Sight, hidden_from
from engine.rulesets.aw.rules.fog import sighted

PLACED = [{"seq": 1, "type": "unit.placed", "unit": "yak.1", "name": "Yak 1", "side": "vvs", "unit_type": "yak"},
          {"seq": 2, "type": "unit.placed", "unit": "yak.12", "name": "Yak 12", "side": "vvs", "unit_type": "yak"}]


def test_a_hidden_unit_is_named_nowhere_in_an_event_not_even_inside_a_label():
    sight = Sight({"luftwaffe"})
    sight.learn(PLACED)
    moved = {"seq": 3, "type": "aw.combat", "units": ["yak.1", "yak.12"], "why": "Yak 1, yak.1 and yak.12 at K5"}
    shown = sight.show(moved, frozenset({"yak.1"}))
    assert shown["units"] == ["a vvs unit", "yak.12"]  # yak.12 is not yak.1
    assert shown["why"] == "a vvs unit, a vvs unit and yak.12 at K5"
    mode = {"seq": 4, "type": "decision", "side": "vvs", "kind": "aw.mode",
            "action": {"type": "mode", "unit": "yak.1", "label": "Yak 1 flies as a fighter (3 air combat, speed 4)"}}
    assert sight.show(mode, frozenset({"yak.1"}))["action"] == {"type": "mode", "label": "a choice about a vvs unit"}
    placed = sight.show(PLACED[0], frozenset({"yak.1"}))
    assert placed["unit"] == "a vvs unit" and "unit_type" not in placed and "name" not in placed
    changed = {"seq": 5, "type": "unit.changed", "unit": "yak.1", "state": {"mode": "bomber"}}
    assert sight.show(changed, frozenset({"yak.1"}))["state"] == {"face": "down"}
    assert sight.show(moved) == moved and Sight({"vvs"}).show(moved) == moved  # nothing hidden: as logged


def test_air_wars_hides_what_the_fog_of_war_hides_and_a_person_at_both_sides_sees_all():
    launch = find_scenario("red-eagles")
    engine = launch.ruleset.engine
    game = Game(engine, launch.scenario, launch.content, 1)
    bots = {side: engine.bot(side, "hard") for side in game.sides}
    while not hidden_from(game, ["vvs"]):  # the Luftwaffe bases its first units face down
        game.submit(bots[game.pending.side].choose(game.pending, game))
    hidden = hidden_from(game, ["vvs"])
    assert hidden == {u.id for u, seen in sighted(game.state, "vvs") if not seen}
    assert all(game.state.units[uid].side == "luftwaffe" and not game.state.units[uid].revealed for uid in hidden)
    assert hidden_from(game, ["vvs", "luftwaffe"]) == frozenset()
    foggy = Game(engine, launch.scenario, launch.content, 1, {"fog-of-war": False})
    assert not hasattr(find_scenario("zekes-in-the-slot").ruleset.engine, "hidden")  # the minis hide none
    bots = {side: engine.bot(side, "hard") for side in foggy.sides}
    while len(foggy.log) < len(game.log):
        foggy.submit(bots[foggy.pending.side].choose(foggy.pending, foggy))
        assert hidden_from(foggy, ["vvs"]) == frozenset()
