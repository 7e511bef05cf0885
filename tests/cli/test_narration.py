"""What a person at the prompt reads of the game: every line whole, the names an event lists."""

from engine.cli import main
from engine.cli.narrate import LINE_LIMIT, line


def test_the_terminal_tells_a_round_whole_where_the_studio_log_cuts_it(capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    assert main(["play", "hex-minis/zekes-in-the-slot", "--seed", "5", "--side", "usa=human"]) == 0
    rounds = [text for text in capsys.readouterr().out.splitlines() if text.startswith("  Round ")]
    long = [text for text in rounds if len(text) > LINE_LIMIT]
    assert long and all("; score usa " in text for text in long)  # was cut before the score: "…"


def test_an_event_listing_names_says_them():
    pilots = {"seq": 5, "type": "paw.pilots", "ai": ["bf109-1", "bf109-2"], "shifts": [], "at": [1.0, 2.0]}
    assert line(pilots) == "paw.pilots: ai bf109-1, bf109-2"  # was "paw.pilots: " (nothing)


def test_the_terminal_says_each_sides_fire_in_an_air_combat_where_the_log_leaves_it_to_the_why_pane():
    combat = {"seq": 384, "type": "aw.air_combat", "at": "G3", "attacker": "luftwaffe", "defender": "vvs",
              "units": {"luftwaffe": ["me109.1", "me110.1"], "vvs": ["pe-2.1"]},
              "fire": [{"side": "luftwaffe", "units": ["me109.1"], "column": "fighters", "printed": 3, "dice": 3,
                        "rolls": [4, 2, 3], "results": ["none", "none", "none"], "kills": 0, "aborts": 0},
                       {"side": "luftwaffe", "units": ["me110.1"], "column": "bombers", "printed": 1, "dice": 1,
                        "rolls": [6], "results": ["abort"], "kills": 0, "aborts": 1}]}
    told = line(combat, limit=None)
    assert ("fire [side luftwaffe, units me109.1, column fighters, printed 3, dice 3, rolls 4, 2, 3, results none, "
            "none, none, kills 0, aborts 0] [side luftwaffe, units me110.1, column bombers, printed 1, dice 1, "
            "rolls 6, results abort, kills 0, aborts 1]") in told  # was: no word of the dice that aborted pe-2.1
    assert "fire" not in line(combat)  # the studio's log line: the why pane shows the fire


def test_a_unit_of_no_side_is_placed_without_an_empty_slot():
    target = {"seq": 40, "type": "unit.placed", "unit": "target:target-west", "unit_type": "target", "side": None,
              "at": "0502"}
    assert line(target) == "target:target-west (target) placed at 0502"  # was "(target, None)" / "(target, )"
    plane = {"seq": 1, "type": "unit.placed", "unit": "b17-1", "unit_type": "b-17g-fortress", "side": "allies",
             "at": "0924"}
    assert line(plane) == "b17-1 (b-17g-fortress, allies) placed at 0924"


def test_the_terminal_says_the_modifiers_that_made_a_rolls_total():
    attack = {"seq": 337, "type": "paw.attack", "plane": "bf109-3", "weapon": "guns", "target": "spitfire-4",
              "roll": 16, "modifiers": {"size": -1}, "total": 15, "threshold": 15, "hit": True}
    assert "roll 16, modifiers -1 size, total 15, threshold 15, hit yes" in line(attack, limit=None)  # was no -1
    assert "modifiers" not in line(attack)  # the studio's why pane lists them


def test_a_unit_set_aside_is_placed_in_its_box_and_a_private_draw_is_not_called_hidden():
    boxed = {"seq": 3, "type": "unit.placed", "unit": "me109.3", "unit_type": "me109", "side": "luftwaffe",
             "box": "reinforcements"}
    assert line(boxed) == "me109.3 (me109, luftwaffe) placed in the reinforcements box"  # was "placed at box ..."
    picked = {"seq": 9, "type": "aw.cards_picked", "side": "luftwaffe", "cards": 3, "hidden": True}
    assert line(picked) == "aw.cards_picked: side luftwaffe, cards 3"  # was "..., hidden yes": sight's mark
