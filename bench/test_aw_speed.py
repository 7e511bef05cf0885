"""Games per second for a full Red Eagles game, hard bots on both sides, on one core.

Target (issue 4): at least 50 games per second.

    make bench
    .venv/bin/python -m pytest bench/test_aw_speed.py --benchmark-only
"""

from itertools import count

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.content.view import ContentView
from engine.core.game import Game, run
from engine.core.simulate import frozen_heap
from engine.rulesets.aw import RULESET
from engine.rulesets import workspace

ENGINE = RULESET.engine


@pytest.fixture(scope="module")
def red_eagles():
    content = ContentView.of_pack(workspace().pack(BUNDLED_CONTENT / "red-eagles"))
    with frozen_heap():
        yield content.get("aw.scenario", "red-eagles"), content


def test_red_eagles_full_game(benchmark, red_eagles):
    scenario, content = red_eagles
    seeds = count(1)

    def one_game():
        game = Game(ENGINE, scenario, content, next(seeds))
        return run(game, {side: ENGINE.bot(side, "hard") for side in game.sides})

    outcome = benchmark.pedantic(one_game, rounds=60, warmup_rounds=2)
    assert outcome.turns == 5
    benchmark.extra_info["games_per_second"] = round(1 / benchmark.stats.stats.mean, 1)
