"""Bots play toward the scenario's goal, see only what a player sees, and the hard one is the stronger."""

from __future__ import annotations

from engine.core.game import Game, run
from engine.core.board import cube_distance

from .kit import ENGINE, content, events


def play(records, scenario_id, seed, strengths) -> Game:
    game = Game(ENGINE, records["hm.scenario", scenario_id], content(records), seed)
    run(game, {side: ENGINE.bot(side, strengths[side]) for side in game.sides})
    return game


def test_bombers_make_for_their_targets_and_the_bettys_for_the_far_edge(records):
    game = Game(ENGINE, records["hm.scenario", "bombers-over-berlin"], content(records), 1)
    state = game.state
    target = state.targets["target-centre"].cube
    before = {p.id: cube_distance(p.nose, target) for p in state.live("allies") if p.role == "bomber"}
    run(game, {s: ENGINE.bot(s, "hard") for s in game.sides})
    first = {e["unit"]: e for e in reversed(events(game, "unit.moved")) if e["unit"] in before}
    grid = state.mat.grid
    for pid, moved in first.items():
        assert cube_distance(grid.cube(grid.parse(moved["to"])), target) < before[pid]

    game = play(records, "yamamotos-defeat", 1, {"usa": "hard", "japan": "hard"})
    betty_moves = [e for e in events(game, "unit.moved") if e["unit"].startswith("betty")][:2]
    assert all(e["facing"] in (5, 0, 1) and int(e["to"][2:]) < 13 for e in betty_moves)  # northwards


def test_fighters_close_on_the_enemy_and_open_fire(records):
    game = play(records, "zekes-in-the-slot", 2, {"usa": "easy", "japan": "easy"})
    assert events(game, "hm.shot")
    game = play(records, "zekes-in-the-slot", 2, {"usa": "hard", "japan": "hard"})
    assert events(game, "hm.shot")


def test_bots_do_not_read_the_order_of_the_deck(records):
    game = Game(ENGINE, records["hm.scenario", "zekes-in-the-slot"], content(records), 3)
    bot = ENGINE.bot(game.pending.side, "hard")
    chosen = bot.choose(game.pending, game)
    game.state.deck.reverse()
    assert bot.choose(game.pending, game) is chosen


def test_the_hard_bot_beats_the_easy_one(records):
    """Same seeds, strengths swapped: the side flown by the hard bot wins more."""
    for scenario_id, a, b in (("zekes-in-the-slot", "usa", "japan"), ("yamamotos-defeat", "usa", "japan")):
        margin = 0
        for seed in range(12):
            hard_a = play(records, scenario_id, seed, {a: "hard", b: "easy"}).outcome.winner
            hard_b = play(records, scenario_id, seed, {a: "easy", b: "hard"}).outcome.winner
            margin += (hard_a == a) - (hard_a == b) + (hard_b == b) - (hard_b == a)
        assert margin > 4, f"{scenario_id}: the hard bot won only {margin} more games"
