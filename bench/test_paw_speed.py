"""Pocket Air War: games per second for a 4-versus-4 Fighter Sweep flown by the bots.

Target (issue 5): at least 20 games/s on one core, for the hard bots and for the rulebook's
solo AI flying both sides. One benchmark round plays a batch of games with consecutive
seeds, so games/s = batch / mean time; the figure is written to the benchmark's extra
info, with the same figure from the CPU time of the process (what one core does when
other work shares the machine).

    .venv/bin/python -m pytest bench/test_paw_speed.py --benchmark-only
"""

import time

from engine.core.game import Game, run
from engine.rulesets.launch import find_scenario

BATCH = 10
LAUNCH = find_scenario("pocket-air-war/sweep-four-versus-four")


def play_batch(strengths=("hard", "hard")):
    engine = LAUNCH.ruleset.engine
    rounds = 0
    for seed in range(BATCH):
        game = Game(engine, LAUNCH.scenario, LAUNCH.content, seed)
        run(game, {side: engine.bot(side, s) for side, s in zip(game.sides, strengths)})
        rounds += game.outcome.turns
    return rounds


def test_four_versus_four_fighter_sweep(benchmark):
    measure(benchmark, ("hard", "hard"))


def test_four_versus_four_fighter_sweep_solo_ai(benchmark):
    measure(benchmark, ("ai", "ai"))


def measure(benchmark, strengths):
    cpu = time.process_time()
    rounds = benchmark.pedantic(play_batch, args=(strengths,), rounds=5, iterations=1,
                                warmup_rounds=1)
    cpu = (time.process_time() - cpu) / 6  # five timed batches and the warm-up
    assert rounds > BATCH  # every game flew more than one round
    benchmark.extra_info["games_per_second"] = round(BATCH / benchmark.stats.stats.mean, 1)
    benchmark.extra_info["games_per_cpu_second"] = round(BATCH / cpu, 1)
    benchmark.extra_info["mean_rounds"] = rounds / BATCH
