"""Games per second of the hex-minis rules engine, bots on every side, on one core.

Target (issue 4): at least 200 games per second for each minis scenario. Each
round of the benchmark plays one whole game with the next seed, so the figure
is the mean over many different games; OPS is games per second. The number of
rounds is fixed (not calibrated by time), so every run plays the same seeds and
runs compare: games differ in length far more than runs differ in speed.

    .venv/bin/python -m pytest bench/test_hm_speed.py --benchmark-only --benchmark-columns=mean,ops,rounds
"""

from itertools import count
from typing import Iterator

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.content.validate import validate_paths
from engine.content.view import ContentView
from engine.core.game import Game, run
from engine.core.simulate import frozen_heap
from engine.rulesets.hm import RULESET
from engine.rulesets import workspace

ENGINE = RULESET.engine


@pytest.fixture(scope="module")
def view() -> Iterator[ContentView]:
    (pack,) = validate_paths([BUNDLED_CONTENT / "hex-minis"], workspace()).packs
    content = ContentView.of_pack(pack)
    with frozen_heap():
        yield content


@pytest.mark.parametrize("strength", ["hard", "easy"])
@pytest.mark.parametrize("scenario_id", ["zekes-in-the-slot", "yamamotos-defeat", "bombers-over-berlin"])
def test_whole_game(benchmark, view, scenario_id, strength):
    scenario = view.get("hm.scenario", scenario_id)
    seeds = count(1)

    def game() -> Game:
        g = Game(ENGINE, scenario, view, next(seeds))
        run(g, {side: ENGINE.bot(side, strength) for side in g.sides})
        return g

    rounds = 60 if scenario_id == "bombers-over-berlin" else 200
    played = benchmark.pedantic(game, rounds=rounds, warmup_rounds=2)
    assert played.over
    benchmark.extra_info["games_per_second"] = round(1 / benchmark.stats.stats.mean, 1)
