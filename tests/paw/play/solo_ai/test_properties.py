"""Whole games flown by the solo AI on both sides, over the bundled scenarios, random seeds
and optional rules: the engine's invariants hold, every AI plane decides each round it
flies, and nobody collides. And `sortie play` plays every scenario with either side AI."""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cli import args as cli_args
from engine.cli import main
from engine.rulesets.launch import find_scenario
from engine.core.game import Game, run
from engine.rulesets.paw import RULESET

from ..test_engine_properties import LAUNCH, OPTIONAL, SCENARIOS, check


def ai_game(scenario: str, seed: int, options: dict) -> Game:
    launch = LAUNCH[scenario]
    game = Game(RULESET.engine, launch.scenario, launch.content, seed, options)
    run(game, {side: RULESET.engine.bot(side, "ai") for side in game.sides})
    return game


def check_ai(game: Game) -> None:
    s = game.state
    assert set(game.log.of_type("paw.pilots")[0]["ai"]) == set(s.planes)
    assert not game.log.of_type("paw.collision")
    decided: dict[str, int] = {}
    gone: set[str] = set()
    current = 0
    for e in game.log:
        if e["type"] == "round.start":
            current = e["round"]
        elif e["type"] == "paw.ai":
            assert e["plane"] not in gone, f"{e['plane']} decided after it left: {e}"
            decided[e["plane"]] = current
        elif e["type"] == "paw.energy" and "allowance" in e:
            assert decided.get(e["plane"]) == current, f"{e['plane']} moved undecided"
        elif e["type"] == "unit.removed" and e["unit"] in s.planes:
            gone.add(e["unit"])
    assert {d["kind"] for d in game.decisions} <= {"paw.pilots", "paw.aaa", "paw.flak",
                                                   "paw.ground_move"}


@settings(max_examples=40, deadline=None, derandomize=True)
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 10**6),
       options=st.fixed_dictionaries({name: st.booleans() for name in OPTIONAL}))
def test_ai_against_ai_keeps_the_invariants(scenario, seed, options):
    game = ai_game(scenario, seed, options)
    check(game)
    check_ai(game)
    assert game.over


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("ai, other", [("axis", "allies"), ("allies", "axis")])
def test_sortie_play_with_one_side_ai_plays_to_the_end(scenario, ai, other, workspace,
                                                       monkeypatch):
    # the packs are read once for all of these runs, not once a run
    monkeypatch.setattr(cli_args, "find_scenario", lambda spec: find_scenario(spec, workspace))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["play", f"pocket-air-war/{scenario}", "--side", f"{ai}=bot:ai",
                     "--side", f"{other}=bot:hard", "--seed", "3", "--json"])
    assert code == 0
    result = json.loads(out.getvalue())
    assert result["result"] in ("victory", "draw", "attacker victory", "defender victory")
    assert result["turns"] >= 1
