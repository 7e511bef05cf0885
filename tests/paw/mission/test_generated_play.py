"""Issue 5: missions generated for every timeline of every theater play to the end."""

from __future__ import annotations

from engine.content.view import ContentView
from engine.core.game import Game, run
from engine.rulesets.paw import RULESET


def test_a_generated_mission_of_every_timeline_plays_to_the_end(generated, views):
    engine = RULESET.engine
    played: set[tuple[str, str]] = set()
    for outcome in generated:
        key = (outcome.pack, outcome.timeline)
        if key in played:
            continue
        base = views[outcome.pack]
        scenario = outcome.generation.scenario
        content = ContentView([*(r for k in base.kinds() for r in base.records(k)), scenario])
        game = Game(engine, scenario, content, seed=outcome.seed)
        result = run(game, {side: engine.bot(side, "hard") for side in game.sides})
        assert game.over and result.turns >= 1, key
        assert game.log[-1]["type"] == "game.end"
        played.add(key)
    assert len(played) == 32  # 16 timelines in each of the two packs
