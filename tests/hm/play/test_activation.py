"""Deck of Cards and Choose Cards: a card per fighter and per bomber squadron, drawn in shuffled order,
reshuffled when spent; a shot-down plane's card leaves the deck; steps in the sequence of play."""

from __future__ import annotations

from engine.core.game import Game, run
from engine.rulesets.hm.play.sequence import shoot_down

from ..conftest import variant
from .kit import ENGINE, content, events, fighter, move_to, new_game, scenario, squadron


def bots(game, strength="hard"):
    return {s: ENGINE.bot(s, strength) for s in game.sides}


def zekes(records, seed=3) -> Game:
    return Game(ENGINE, records["hm.scenario", "zekes-in-the-slot"], content(records), seed)


def test_the_deck_holds_one_card_per_fighter_and_per_bomber_squadron(records):
    for scenario_id, cards in (("zekes-in-the-slot", 12), ("yamamotos-defeat", 15), ("bombers-over-berlin", 31)):
        game = Game(ENGINE, records["hm.scenario", scenario_id], content(records), 1)
        run(game, bots(game))
        first = events(game, "hm.round")[0]
        assert len(first["cards"]) == cards
        shuffle = next(e for e in events(game, "roll") if e["die"] == "shuffle")
        assert sorted(shuffle["order"]) == first["cards"]


def test_every_card_is_drawn_once_a_round_in_the_shuffled_order(records):
    game = zekes(records)
    run(game, bots(game))
    shuffles = [e["order"] for e in events(game, "roll") if e["die"] == "shuffle"]
    rounds: dict[int, list[str]] = {}
    for e in events(game, "hm.activation"):
        rounds.setdefault(e["round"], []).append(e["card"])
    for number, drawn in rounds.items():
        order = shuffles[number - 1]
        assert drawn == [c for c in order if c in drawn]  # in order, none twice
        assert len(drawn) == len(set(drawn))
    assert len(shuffles) == game.outcome.turns


def test_a_card_moves_its_own_plane_and_a_squadron_card_all_its_bombers(records):
    game = Game(ENGINE, records["hm.scenario", "yamamotos-defeat"], content(records), 2)
    run(game, bots(game))
    for e in events(game, "hm.activation"):
        expected = {"AH": {"betty-1", "betty-2"}}.get(e["card"])
        if expected:
            assert set(e["planes"]) <= expected and e["planes"]
        else:
            assert len(e["planes"]) == 1


def test_a_shot_down_planes_card_leaves_the_deck_at_once_and_for_good(records, monkeypatch):
    squadrons = [squadron("r", "red", "p-40-warhawk", [fighter("r1", 3, 13, 0, "AS"), fighter("r2", 5, 13, 0, "2S")]),
                 squadron("b", "blue", "me109g", [fighter("b1", 3, 3, 3, "AH"), fighter("b2", 13, 3, 3, "2H")])]
    scen = scenario(squadrons)
    game = new_game(monkeypatch, scen, content(records, scen), decks=[["AS", "AH", "2H", "2S"], ["AS", "2S", "AH"]])
    state = game.state
    shoot_down(game, state, state.planes["b2"], state.planes["r1"], "test")
    assert state.deck == ["AH", "2S"]  # 2H is gone from this round's deck
    assert events(game, "hm.card_removed")[-1]["card"] == "2H"
    game.submit(game.pending.options[0])  # AS
    assert [e["card"] for e in events(game, "hm.activation")] == ["AS", "AH"]
    while events(game, "hm.round")[-1]["round"] == 1:
        game.submit(game.pending.options[0])
    assert events(game, "hm.round")[-1]["cards"] == ["2S", "AH", "AS"]


def test_a_squadrons_card_stays_while_one_of_its_bombers_flies(records, monkeypatch):
    squadrons = [squadron("bombers", "red", "g4m2-betty", [{"id": "x", "col": 5, "row": 12, "facing": 0},
                                                           {"id": "y", "col": 9, "row": 12, "facing": 0}],
                          role="bomber", card="AS"),
                 squadron("b", "blue", "me109g", [fighter("b1", 3, 3, 3, "AH")])]
    scen = scenario(squadrons)
    game = new_game(monkeypatch, scen, content(records, scen), decks=[["AH", "AS"]])
    state = game.state
    shoot_down(game, state, state.planes["x"], state.planes["b1"], "test")
    assert "AS" in state.deck and not events(game, "hm.card_removed")
    shoot_down(game, state, state.planes["y"], state.planes["b1"], "test")
    assert "AS" not in state.deck and events(game, "hm.card_removed")[0]["card"] == "AS"


def test_the_steps_follow_the_sequence_of_play_in_the_rules_record(records, monkeypatch):
    """Move, then shoot, as printed; a rules record listing shoot first makes planes fire before moving."""
    def duel(extra=()):
        squadrons = [squadron("r", "red", "p-61a-black-widow", [fighter("r1", 9, 9, 0, "AS")]),
                     squadron("b", "blue", "a6m5-zero-navy", [fighter("b1", 9, 6, 0, "AH")])]
        scen = scenario(squadrons)
        return new_game(monkeypatch, scen, content(records, scen, *extra), rolls=[1] * 12, decks=[["AS", "AH"]])

    game = duel()
    move_to(game, "0908", 0)
    shot = events(game, "hm.shot")[0]
    assert shot["range"] == 2  # after moving up a hex

    core = records["hm.rules", "core"]
    reordered = variant(core, lambda d: d.update(sequence=[d["sequence"][i] for i in (0, 2, 1, 3)]))
    game = duel([reordered])
    shot = events(game, "hm.shot")[0]
    assert shot["range"] == 3 and game.pending.kind == "hm.move"  # fired from where it stood


def test_cards_of_the_fallen_stay_when_the_rules_say_so(records, monkeypatch):
    keep = variant(records["hm.rules", "core"], lambda d: d["activation"].update(remove_shot_down=False))
    squadrons = [squadron("r", "red", "p-40-warhawk", [fighter("r1", 3, 13, 0, "AS")]),
                 squadron("b", "blue", "me109g", [fighter("b1", 3, 3, 3, "AH"), fighter("b2", 13, 3, 3, "2H")])]
    scen = scenario(squadrons)
    game = new_game(monkeypatch, scen, content(records, scen, keep), decks=[["AS", "2H", "AH"]])
    state = game.state
    shoot_down(game, state, state.planes["b2"], state.planes["r1"], "test")
    assert "2H" in state.deck
    game.submit(game.pending.options[0])
    assert events(game, "hm.activation")[1] == {**events(game, "hm.activation")[1], "card": "2H", "planes": []}
