"""Games per second of the Air Force rules engine, bots on every side, on one core.

Targets (issue 21): Air Melee 4v4 at least 50 games per second with easy bots and 10 with hard
bots. Each round plays one whole game with the next seed; OPS is games per second. Rounds are
fixed, so runs play the same seeds and compare. The legal-move generator's own figure (end
states per second) is `bench/test_af_moves.py`.

    .venv/bin/python -m pytest bench/test_af_speed.py --benchmark-only --benchmark-columns=mean,ops,rounds
"""

from itertools import count
from typing import Iterator

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.content.validate import validate_paths
from engine.content.view import ContentView
from engine.core.game import Game, run
from engine.core.executors import frozen_heap
from engine.rulesets.af import RULESET
from engine.rulesets import workspace

ENGINE = RULESET.engine
CASES = {  # name -> scenario, options
    "v-1": ("solitaire-v-1", {}),
    "air-melee 2v2": ("air-melee", {}),
    "air-melee 4v4": ("air-melee", {"planes:4": True}),
}


@pytest.fixture(scope="module")
def view() -> Iterator[ContentView]:
    (pack,) = validate_paths([BUNDLED_CONTENT / "air-force"], workspace()).packs
    content = ContentView.of_pack(pack)
    with frozen_heap():
        yield content


@pytest.mark.parametrize("strength", ["easy", "hard"])
@pytest.mark.parametrize("case", list(CASES))
def test_whole_game(benchmark, view, case, strength):
    scenario_id, options = CASES[case]
    scenario = view.get("af.scenario", scenario_id)
    seeds = count(1)

    def game() -> Game:
        g = Game(ENGINE, scenario, view, next(seeds), options)
        run(g, {side: ENGINE.bot(side, strength) for side in g.sides})
        return g

    played = benchmark.pedantic(game, rounds=8, warmup_rounds=1)
    assert played.over
    benchmark.extra_info["games_per_second"] = round(1 / benchmark.stats.stats.mean, 2)
