"""Balance runs (`sortie simulate`, the studio's "Run N games"): throughput with 1 and 2 jobs.

Target (issue 7): two jobs at least 1.8 times as fast as one. Each round plays the same
games (hard bots, consecutive seeds) through `engine.core.simulate.simulate`, what the
command runs after loading the packs. Besides the wall-clock rate the benchmark keeps the
CPU time the run cost (this process and its workers): on a machine whose cores are busy
with other work the wall clock cannot show the speed-up, but equal CPU cost for one and
two jobs says the parallel run wastes nothing, so two free cores give close to 2x.

    .venv/bin/python -m pytest bench/test_simulate_speed.py --benchmark-only
    .venv/bin/python bench/test_simulate_speed.py          # both job counts, interleaved, and the ratio
    time .venv/bin/sortie simulate hex-minis/zekes-in-the-slot --games 200 --jobs 1   # then --jobs 2
"""

from __future__ import annotations

import os
import resource
import sys
import time

import pytest

from engine.rulesets.launch import find_scenario
from engine.core.simulate import simulate

SCENARIO = "hex-minis/zekes-in-the-slot"
GAMES = 160


def cpu_seconds() -> float:
    """CPU time of this process and of the worker processes it has waited for."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def play(launch, jobs: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one balance run."""
    engine = launch.ruleset.engine
    wall, cpu = time.perf_counter(), cpu_seconds()
    results = simulate(engine, launch.scenario, launch.content, GAMES, seed=1, jobs=jobs)
    assert len(results) == GAMES
    return time.perf_counter() - wall, cpu_seconds() - cpu


@pytest.fixture(scope="module")
def launch():
    return find_scenario(SCENARIO)


@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_throughput(benchmark, launch, jobs):
    if jobs > (os.cpu_count() or 1):
        pytest.skip("fewer cores than jobs")
    cpu = []
    benchmark.pedantic(lambda: cpu.append(play(launch, jobs)[1]), rounds=3, iterations=1, warmup_rounds=0)
    benchmark.extra_info["games"] = GAMES
    benchmark.extra_info["games_per_second"] = round(GAMES / benchmark.stats.stats.mean, 1)
    benchmark.extra_info["cpu_seconds_per_run"] = round(sum(cpu) / len(cpu), 2)


def main() -> int:
    launch = find_scenario(SCENARIO)
    runs: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
    for _ in range(3):  # interleaved, so a change in the machine's load hits both alike
        for jobs in (1, 2):
            runs[jobs].append(play(launch, jobs))
    best = {jobs: min(w for w, _ in r) for jobs, r in runs.items()}
    cpu = {jobs: sum(c for _, c in r) / len(r) for jobs, r in runs.items()}
    print(f"{SCENARIO}, {GAMES} games per run, {os.cpu_count()} core(s), load {os.getloadavg()[0]:.1f}")
    for jobs in (1, 2):
        print(f"  jobs {jobs}: best {best[jobs]:.2f} s = {GAMES / best[jobs]:.1f} games/s; "
              f"CPU {cpu[jobs]:.2f} s per run")
    print(f"  wall-clock speed-up with 2 jobs: {best[1] / best[2]:.2f}x")
    print(f"  CPU cost of 2 jobs relative to 1: {cpu[2] / cpu[1]:.2f} "
          f"(two free cores: about {2 * cpu[1] / cpu[2]:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
