"""The three scenarios' victory and end conditions, the secret Yamamoto bomber, and the score."""

from __future__ import annotations

import pytest

from engine.core.decisions import IllegalAction
from engine.core.sight import Sight
from engine.core.game import Game, run
from engine.rulesets.hm.play.sequence import leave, shoot_down
from engine.rulesets.hm.play.victory import outcome

from .kit import ENGINE, content, events


class Designating:
    """Japan's hard bot, except that it puts Yamamoto in the given Betty."""

    def __init__(self, plane: str) -> None:
        self.plane, self.bot = plane, ENGINE.bot("japan", "hard")

    def choose(self, decision, game):
        if decision.kind == "hm.designate":
            return next(a for a in decision.options if a["plane"] == self.plane)
        return self.bot.choose(decision, game)


def start(records, scenario_id, seed=1) -> Game:
    return Game(ENGINE, records["hm.scenario", scenario_id], content(records), seed)


def yamamoto(records, plane="betty-2", seed=1) -> Game:
    game = start(records, "yamamotos-defeat", seed)
    game.submit(next(a for a in game.pending.options if a["plane"] == plane))
    return game


def finish(game: Game) -> None:
    """Let the pending decision through so the rules notice the game has ended."""
    while game.pending is not None:
        game.submit(game.pending.options[0])


# --------------------------------------------------------------------------- Zekes in the Slot


@pytest.mark.parametrize("usa_kills, japan_kills, winner", [(3, 2, "usa"), (2, 2, None), (2, 3, "japan"), (0, 0, None)])
def test_zekes_more_kills_wins_and_equal_kills_draw(records, usa_kills, japan_kills, winner):
    game = start(records, "zekes-in-the-slot")
    state = game.state
    state.kills, state.losses = {"usa": usa_kills, "japan": japan_kills}, {"usa": japan_kills, "japan": usa_kills}
    result = outcome(state)
    assert (result.winner, result.result) == (winner, "victory" if winner else "draw")


def test_zekes_ends_when_a_side_has_no_plane_left(records):
    game = start(records, "zekes-in-the-slot")
    state = game.state
    for plane in state.live("usa"):
        shoot_down(game, state, plane, state.planes["zero-1"], "test")
    assert state.ended == "usa has no plane left on the mat"
    finish(game)
    assert game.outcome.winner == "japan" and game.outcome.turns == 1
    assert game.outcome.score == {"usa": 0, "japan": 4}


def test_a_game_lasts_the_scenarios_rounds_at_most(records):
    game = start(records, "zekes-in-the-slot", 5)
    run(game, {s: ENGINE.bot(s, "easy") for s in game.sides})
    assert game.outcome.turns <= 8
    if not events(game, "hm.game_ends"):
        assert game.outcome.turns == 8 and game.outcome.details["ended"] == "the last round (8) was played"


# --------------------------------------------------------------------------- Yamamoto's Defeat


def test_japan_chooses_yamamotos_bomber_in_secret(records):
    game = start(records, "yamamotos-defeat")
    decision = game.pending
    assert (decision.side, decision.kind, decision.context, decision.secret) == \
        ("japan", "hm.designate", {"designation": "yamamoto"}, True)
    assert [a["plane"] for a in decision.options] == ["betty-1", "betty-2"]
    with pytest.raises(IllegalAction, match="choose one of betty-1, betty-2"):
        game.submit({"type": "designate", "designation": "yamamoto", "plane": "zero-1"})
    game.submit(decision.options[1])
    (designated,) = events(game, "hm.designated")
    assert designated == {**designated, "designation": "yamamoto", "side": "japan", "secret": True}
    assert "plane" not in designated and game.state.designated == {"yamamoto": "betty-2"}
    (chosen,) = [e for e in events(game, "decision") if e["kind"] == "hm.designate"]
    assert chosen["secret"] and chosen["action"]["plane"] == "betty-2"  # kept for replays, marked
    assert Sight({"japan"}).show(chosen) == chosen
    hidden = Sight({"usa"}).show(chosen)
    assert "betty-2" not in str(hidden) and hidden["action"]["type"] == "designate"


def test_shooting_down_yamamoto_wins_at_once_and_reveals_him(records):
    game = yamamoto(records, "betty-2")
    state = game.state
    shoot_down(game, state, state.planes["betty-2"], state.planes["p38-1"], "test")
    (revealed,) = events(game, "hm.revealed")
    assert (revealed["plane"], revealed["why"]) == ("betty-2", "shot down")
    assert state.ended == "yamamoto was shot down in betty-2"
    finish(game)
    assert (game.outcome.winner, game.outcome.result) == ("usa", "victory")


def test_shooting_down_the_other_betty_reveals_nothing_and_plays_on(records):
    game = yamamoto(records, "betty-2")
    state = game.state
    shoot_down(game, state, state.planes["betty-1"], state.planes["p38-1"], "test")
    assert not events(game, "hm.revealed") and state.ended is None and game.pending is not None


def test_yamamoto_escaping_off_the_mat_is_a_japanese_victory_revealed_at_the_end(records):
    game = yamamoto(records, "betty-1")
    state = game.state
    leave(game, state, state.planes["betty-1"], "off_mat", "test")
    assert state.ended is None  # the other Betty still flies
    leave(game, state, state.planes["betty-2"], "off_mat", "test")
    assert state.ended == "no bomber is left on the mat"
    finish(game)
    assert game.outcome.winner == "japan"
    assert game.outcome.details["why"].endswith("(yamamoto in betty-1 flew off the mat)")  # why, not only who
    assert [(e["plane"], e["why"]) for e in events(game, "hm.revealed")] == [("betty-1", "end of the game")]


def test_the_americans_fly_the_same_whichever_betty_carries_yamamoto(records):
    """The US bot never reads the secret: until a Betty goes down, both games are the same."""
    logs = []
    for plane in ("betty-1", "betty-2"):
        game = start(records, "yamamotos-defeat", 4)
        run(game, {"usa": ENGINE.bot("usa", "hard"), "japan": Designating(plane)})
        logs.append([e for e in game.log if not (e["type"] == "decision" and e["kind"] == "hm.designate")])
    def first_betty_gone(log):
        return next(i for i, e in enumerate(log) if e["type"] == "game.end"
                    or e["type"] == "unit.removed" and e["unit"].startswith("betty"))

    cut = min(first_betty_gone(log) for log in logs)
    assert cut > 50 and logs[0][:cut] == logs[1][:cut]


# --------------------------------------------------------------------------- Bombers over Berlin


def test_berlin_germany_wins_when_every_bomber_is_gone(records):
    game = start(records, "bombers-over-berlin")
    state = game.state
    for plane in [p for p in state.live("allies") if p.role == "bomber"]:
        shoot_down(game, state, plane, state.planes["bf109-1"], "test")
    assert state.ended == "no bomber is left on the mat"
    finish(game)
    assert game.outcome.winner == "germany" and game.outcome.score == {"allies": 0, "germany": 4}
    assert game.outcome.details["why"].endswith("(allies destroyed 0 of 3 targets, 1 needed)")


def test_berlin_one_target_destroyed_is_an_allied_victory(records):
    game = start(records, "bombers-over-berlin")
    state = game.state
    state.targets["target-east"].destroyed = True
    result = outcome(state)
    assert result.winner == "allies" and "1 of 3 targets destroyed" in result.details["why"]


def test_the_score_is_the_sum_of_scoring_events(records):
    for scenario_id in ("zekes-in-the-slot", "yamamotos-defeat", "bombers-over-berlin"):
        game = start(records, scenario_id, 9)
        run(game, {s: ENGINE.bot(s, "hard") for s in game.sides})
        totals = {side: 0 for side in game.sides}
        for e in events(game, "hm.score"):
            totals[e["side"]] += e["points"]
        assert game.outcome.score == totals
        kills = sum(1 for e in events(game, "unit.removed") if e["destroyed"])
        assert sum(totals.values()) == kills + len(game.outcome.details["targets_destroyed"])
