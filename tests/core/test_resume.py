"""Resume at any point: a game saved after any decision and resumed with bots plays on exactly as
the game played straight through, byte for byte, for every playable scenario (bots' memory is
rebuilt from the decisions, `engine.core.recall`)."""

from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest

from engine.cli import main
from engine.content.loader import BUNDLED_CONTENT
from engine.core.game import Game, resume, run
from engine.core.recall import caught_up
from engine.rulesets.launch import find_scenario, playable_scenarios

pytestmark = pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")


@lru_cache(maxsize=None)
def launched(spec: str):
    return find_scenario(spec)


def bots(game: Game, strength: int = -1) -> dict:
    engine = game.engine
    return {side: engine.bot(side, engine.bot_strengths[strength]) for side in game.sides}


@lru_cache(maxsize=None)
def straight(spec: str, seed: int, strength: int = -1) -> tuple[dict, str]:
    """The save and the event log (JSON lines) of the game played straight through."""
    launch = launched(spec)
    game = Game(launch.ruleset.engine, launch.scenario, launch.content, seed, pack=launch.pack_id)
    run(game, bots(game, strength))
    return game.save(), game.log.to_jsonl()


def resumed(spec: str, save: dict, cut: int, strength: int = -1) -> str:
    launch = launched(spec)
    game = resume(launch.ruleset.engine, launch.scenario, launch.content,
                  {**save, "decisions": save["decisions"][:cut]}, pack=launch.pack_id)
    run(game, dict(caught_up(game, bots(game, strength))))
    return game.log.to_jsonl()


def check_cuts(spec: str, seed: int, cuts: int | None, strength: int = -1) -> None:
    """Cut the save at `cuts` random decisions (None: at every one), resume, compare the bytes."""
    save, log = straight(spec, seed, strength)
    made = len(save["decisions"])
    points = range(made + 1) if cuts is None else random.Random(seed).sample(range(made + 1), min(cuts, made + 1))
    for cut in points:
        assert resumed(spec, save, cut, strength) == log, f"{spec} seed {seed}: resumed after {cut} of {made} differs"


@pytest.mark.parametrize("spec", playable_scenarios())
@pytest.mark.parametrize("seed", [1, 11])
def test_a_game_resumed_at_random_decisions_plays_as_played_straight_through(spec, seed):
    check_cuts(spec, seed, cuts=3)


def test_the_red_eagles_game_cut_half_way_ends_as_the_game_played_through():
    """The case that diverged: seed 11 cut at 306 of 613 decisions ended Luftwaffe 13 instead of 8."""
    save, log = straight("red-eagles/red-eagles", 11)
    assert len(save["decisions"]) == 613
    assert resumed("red-eagles/red-eagles", save, 306) == log


def test_play_resume_from_a_save_plays_on_as_the_game_played_through(tmp_path, capsys):
    """`sortie play --resume` of a save cut part-way: the same result as `play` straight through."""
    save, _ = straight("red-eagles/red-eagles", 11)
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps({**save, "decisions": save["decisions"][:306]}))
    assert main(["play", "red-eagles/red-eagles", "--seed", "11", "--json"]) == 0
    through = json.loads(capsys.readouterr().out)
    assert main(["play", "red-eagles/red-eagles", "--resume", str(cut), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == through


@pytest.mark.slow
@pytest.mark.parametrize("spec", playable_scenarios())
def test_a_game_resumed_at_any_decision_plays_as_played_straight_through(spec):
    """Every cut of one game per scenario (Red Eagles' 600: every tenth), and more seeds at random."""
    save, _ = straight(spec, 3)
    if len(save["decisions"]) < 200:
        check_cuts(spec, 3, cuts=None)
    else:
        check_cuts(spec, 3, cuts=60)
    for seed in (2, 5, 8, 13):
        check_cuts(spec, seed, cuts=8)
    check_cuts(spec, 4, cuts=5, strength=0)  # the weakest bots too
