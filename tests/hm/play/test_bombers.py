"""Heavy bombers: two hexes, engine hits, speed loss, the roll to move at speed 0; squadrons; bombing."""

from __future__ import annotations

import pytest

from .kit import content, events, fighter, move_to, new_game, scenario, squadron

BERLIN_WIN = {"victory": [{"side": "red", "condition": "destroy_targets", "count": 1},
                          {"side": "blue", "condition": "otherwise"}],
              "end": {"max_rounds": 3, "triggers": ["victory"]}}


def b17s(*placed, card="2H", side="red", plane="b-17g-fortress"):
    return squadron("bombers", side, plane, [{"id": pid, "col": c, "row": r, "facing": f} for pid, c, r, f in placed],
                    role="bomber", card=card)


def game_with(records, monkeypatch, squadrons, deck, rolls=(), board="dogfight", **extra):
    scen = scenario(squadrons, board=board, **extra)
    return new_game(monkeypatch, scen, content(records, scen), rolls=rolls, decks=[deck])


def attack(records, monkeypatch, rolls, target="b-17g-fortress"):
    """An Me 109G (4 guns) flies up behind a bomber and fires at range 1."""
    squadrons = [squadron("f", "blue", "me109g", [fighter("bf", 9, 12, 0, "AS")]),
                 b17s(("b", 9, 9, 0), plane=target)]
    game = game_with(records, monkeypatch, squadrons, ["AS", "2H"], rolls)
    move_to(game, "0911", 0)
    return game


def test_a_heavy_bomber_covers_its_nose_hex_and_the_hex_behind(records, monkeypatch):
    game = attack(records, monkeypatch, [1, 1, 1, 1])
    b = game.state.planes["b"]
    assert game.state.labels(b) == ["0909", "0910"]
    placed = next(e for e in events(game, "unit.placed") if e["unit"] == "b")
    assert placed["state"]["hexes"] == ["0909", "0910"] and placed["state"]["engines"] == 4
    (shot,) = events(game, "hm.shot")
    assert shot["range"] == 1  # the tail hex is the nearer plane in the line


def test_sixes_from_a_fighter_may_knock_out_an_engine(records, monkeypatch):
    game = attack(records, monkeypatch, [6, 6, 3, 1, 4, 3])
    (shot,) = events(game, "hm.shot")
    assert (shot["hits"], shot["engine_rolls"], shot["engine_need"], shot["engine_hits"]) == (3, [4, 3], "4-6", 1)
    b = game.state.planes["b"]
    assert (b.hits, b.engines_lost) == (3, 1)
    assert b.speed(game.state.rules) == 2  # the first engine hit costs no speed
    rolls = [e for e in events(game, "roll") if e["for"].startswith("engine hit")]
    assert rolls[0]["count"] == 2  # one more roll for each six


def test_no_engine_roll_without_a_six_or_on_a_bomber_that_is_not_heavy(records, monkeypatch):
    game = attack(records, monkeypatch, [5, 5, 5, 5])
    assert "engine_hits" not in events(game, "hm.shot")[0]
    game = attack(records, monkeypatch, [6, 6, 6, 6], target="g4m2-betty")
    assert "engine_hits" not in events(game, "hm.shot")[0]
    assert not [e for e in events(game, "roll") if e["for"].startswith("engine hit")]


@pytest.mark.parametrize("lost, speed", [(0, 2), (1, 2), (2, 1), (3, 0)])
def test_each_engine_hit_after_the_first_costs_one_hex_of_speed(records, monkeypatch, lost, speed):
    game = attack(records, monkeypatch, [1, 1, 1, 1])
    b = game.state.planes["b"]
    b.engines_lost = lost
    assert b.speed(game.state.rules) == speed


def test_losing_every_engine_shoots_the_bomber_down(records, monkeypatch):
    squadrons = [squadron("f", "blue", "me109g", [fighter("bf", 9, 12, 0, "AS")]), b17s(("b", 9, 9, 0))]
    game = game_with(records, monkeypatch, squadrons, ["AS", "2H"], [6, 1, 1, 1, 6])
    game.state.planes["b"].engines_lost = 3
    move_to(game, "0911", 0)
    removed = events(game, "unit.removed")[0]
    assert (removed["unit"], removed["destroyed"], removed["by"]) == ("b", True, ["bf"])
    assert removed["cause"] == "lost all 4 engines" and game.state.planes["b"].hits == 1


def stalled(records, monkeypatch, roll):
    """A B-17 with three engines out (speed 0) activates after a fighter far away."""
    squadrons = [squadron("f", "blue", "me109g", [fighter("bf", 2, 14, 0, "AS")]), b17s(("b", 9, 9, 0))]
    game = game_with(records, monkeypatch, squadrons, ["AS", "2H"], [roll])
    game.state.planes["b"].engines_lost = 3
    move_to(game, "0213", 0)
    return game


def test_at_speed_zero_a_bomber_rolls_and_stays_put_on_one_to_three(records, monkeypatch):
    game = stalled(records, monkeypatch, 3)
    event = events(game, "hm.stalled")[0]
    assert (event["plane"], event["roll"], event["need"], event["moves"]) == ("b", 3, "4-6", False)
    after = game.log[event["seq"]:]
    next_card = next(e for e in after if e["type"] in ("hm.activation", "hm.round"))
    assert not [e for e in game.log[event["seq"]:next_card["seq"]] if e["type"] == "unit.moved"]


def test_at_speed_zero_a_bomber_moves_one_hex_on_four_to_six(records, monkeypatch):
    game = stalled(records, monkeypatch, 4)
    assert events(game, "hm.stalled")[0]["moves"] is True
    decision = game.pending
    assert decision.context["plane"] == "b" and decision.context["speed"] == 1
    assert {a["cost"] for a in decision.options} == {1} and len(decision.options) == 3  # forward or a slip


def test_a_squadron_moves_all_its_bombers_on_its_card_before_any_shoots(records, monkeypatch):
    squadrons = [b17s(("b1", 7, 10, 0), ("b2", 11, 10, 0), card="AS"),
                 squadron("f", "blue", "me109g", [fighter("bf", 7, 7, 3, "2H")])]
    game = game_with(records, monkeypatch, squadrons, ["AS", "2H"], [1] * 40)
    assert game.pending.context["plane"] == "b1"
    move_to(game, "0709", 0)
    assert game.pending.context["plane"] == "b2"
    move_to(game, "1109", 0)
    kinds = [e["type"] for e in game.log if e["type"] in ("unit.moved", "hm.shot")]
    assert kinds[:2] == ["unit.moved", "unit.moved"] and "hm.shot" in kinds


def test_a_bomber_that_ends_its_move_on_a_target_rolls_its_bomb_rating(records, monkeypatch):
    squadrons = [b17s(("b", 5, 4, 0), card="AS"), squadron("f", "blue", "me109g", [fighter("bf", 16, 28, 0, "2H")])]
    game = game_with(records, monkeypatch, squadrons, ["AS", "2H"], [3], board="bombing-run", **BERLIN_WIN)
    move_to(game, "0502", 0)
    (bomb,) = events(game, "hm.bomb")
    assert (bomb["bomber"], bomb["target"], bomb["roll"], bomb["need"], bomb["destroyed"]) == \
        ("b", "target-west", 3, "3-6", True)
    assert game.state.targets["target-west"].destroyed
    assert game.over and game.outcome.winner == "red"
    assert events(game, "hm.game_ends")[0]["why"] == "1 of 3 targets destroyed (target-west)"


def test_a_bomb_roll_outside_the_rating_misses(records, monkeypatch):
    squadrons = [b17s(("b", 5, 4, 0), card="AS"), squadron("f", "blue", "me109g", [fighter("bf", 16, 28, 0, "2H")])]
    game = game_with(records, monkeypatch, squadrons, ["AS", "2H"], [2], board="bombing-run", **BERLIN_WIN)
    move_to(game, "0502", 0)
    assert events(game, "hm.bomb")[0]["destroyed"] is False and not game.over


def test_a_heavy_bomber_bombs_a_target_under_its_tail_hex(records, monkeypatch):
    squadrons = [b17s(("b", 5, 3, 0), card="AS"), squadron("f", "blue", "me109g", [fighter("bf", 16, 28, 0, "2H")])]
    game = game_with(records, monkeypatch, squadrons, ["AS", "2H"], [6], board="bombing-run", **BERLIN_WIN)
    move_to(game, "0501", 0)
    assert events(game, "hm.bomb")[0]["target"] == "target-west"


def test_flying_over_a_target_without_stopping_is_no_bombing(records, monkeypatch):
    """Bombing: "If a bomber has moved onto a hex containing a target": where its move ends, not a
    hex it flies through (a Betty, speed 3, crosses the western target and ends beyond it)."""
    bettys = squadron("bombers", "red", "g4m2-betty", [{"id": "b", "col": 5, "row": 4, "facing": 0}],
                      role="bomber", card="AS")
    squadrons = [bettys, squadron("f", "blue", "me109g", [fighter("bf", 16, 28, 0, "2H")])]
    game = game_with(records, monkeypatch, squadrons, ["AS", "2H"], [], board="bombing-run",
                     victory=BERLIN_WIN["victory"], end={"max_rounds": 3, "triggers": ["victory"]})
    flown = move_to(game, "0501", 0)
    assert flown["path"] == ["0503", "0502", "0501"]  # through the target hex 0502
    assert not events(game, "hm.bomb")


def test_sixes_from_a_bomber_turret_knock_out_no_engine(records, monkeypatch):
    """Engine Hits: "When a FIGHTER scores a hit on a heavy bomber with a roll of 6 there is a chance
    that an engine was hit": a bomber's turret sixes are hits and nothing more."""
    he111 = squadron("h", "blue", "he-111h", [{"id": "he", "col": 9, "row": 12, "facing": 0}], role="bomber",
                     card="AS")
    game = game_with(records, monkeypatch, [he111, b17s(("b", 9, 9, 0))], ["AS", "2H"], [6] * 8)
    move_to(game, "0911", 0)  # right behind the B-17's tail hex: its nose and top turrets fire
    shots = events(game, "hm.shot")
    assert [s["weapon"] for s in shots] == ["Nose turret", "Top turret"]
    assert all(s["rolls"] == [6, 6] and s["hits"] == 2 and "engine_hits" not in s for s in shots)
    assert not [e for e in events(game, "roll") if e["for"].startswith("engine hit")]
    b = game.state.planes["b"]
    assert (b.hits, b.engines_lost, b.speed(game.state.rules)) == (4, 0, 2)


def test_a_heavy_bomber_whose_tail_moves_onto_the_target_its_nose_was_on_bombs_again(records, monkeypatch):
    """The reading docs/hm-rules.md records for "If a bomber has moved onto a hex containing a target": a
    heavy bomber bombs every target under either of its hexes after a move, so a B-17 that ends over a
    target with its nose and then moves one hex on, its tail now over it, rolls a second time."""
    squadrons = [b17s(("b", 5, 4, 0), card="AS"), squadron("f", "blue", "me109g", [fighter("bf", 16, 28, 0, "2H")])]
    game = game_with(records, monkeypatch, squadrons, ["AS", "2H"], [1], board="bombing-run", **BERLIN_WIN)
    move_to(game, "0502", 0)
    while game.pending.context.get("plane") != "b":
        game.submit(game.pending.options[0])
    move_to(game, "0501", 0)
    assert game.state.labels(game.state.planes["b"]) == ["0501", "0502"]
    assert [(e["bomber"], e["target"]) for e in events(game, "hm.bomb")] == [("b", "target-west")] * 2
