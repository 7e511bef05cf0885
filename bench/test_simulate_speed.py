"""Balance runs (`sortie simulate`, the studio's "Run N games"): throughput with 1 and 2 local
jobs, and on a Dask LocalCluster of 2 single-threaded worker processes (`--executor dask`).

Targets: two jobs at least 1.8 times as fast as one (issue 7); Dask within 15% of two local
jobs (issue 24). Each round plays the same games (hard bots, consecutive seeds) through
`engine.core.simulate.simulate`, what the command runs after loading the packs. Besides the
wall-clock rate the benchmark keeps the CPU time the local runs cost (this process and its
workers; a Dask worker is no child of this process, so not counted): on a machine whose cores are
busy with other work the wall clock cannot show the speed-up, but equal CPU cost for one and
two jobs says the parallel run wastes nothing, so two free cores give close to 2x.

    .venv/bin/python -m pytest bench/test_simulate_speed.py --benchmark-only
    .venv/bin/python bench/test_simulate_speed.py [GAMES]  # all three, interleaved, and the ratios
    time .venv/bin/sortie simulate hex-minis/zekes-in-the-slot --games 200 --jobs 1   # then --jobs 2
"""

from __future__ import annotations

import logging
import os
import resource
import sys
import time
from contextlib import contextmanager
from typing import Iterator

import pytest
from distributed import Client, LocalCluster

from engine.core.dask_executor import DaskExecutor
from engine.core.executors import LocalExecutor
from engine.rulesets.launch import find_scenario
from engine.core.simulate import simulate

SCENARIO = "hex-minis/zekes-in-the-slot"
GAMES = 160


def cpu_seconds() -> float:
    """CPU time of this process and of the worker processes it has waited for."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def play(launch, executor, games: int = GAMES) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one balance run."""
    engine = launch.ruleset.engine
    wall, cpu = time.perf_counter(), cpu_seconds()
    results = simulate(engine, launch.scenario, launch.content, games, seed=1, executor=executor)
    assert len(results) == games
    return time.perf_counter() - wall, cpu_seconds() - cpu


@contextmanager
def executors() -> Iterator[dict[str, object]]:
    """Local with 1 and 2 jobs, and a Dask LocalCluster of 2 worker processes (started here, so its
    start-up is not timed; the first run warms its workers as a local run warms its forks)."""
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster, Client(cluster, set_as_default=False) as client:
        yield {"local, 1 job": LocalExecutor(1), "local, 2 jobs": LocalExecutor(2),
               "dask, 2 workers": DaskExecutor(client)}


@pytest.fixture(scope="module")
def launch():
    return find_scenario(SCENARIO)


@pytest.fixture(scope="module")
def pool():
    with executors() as found:
        yield found


@pytest.mark.parametrize("name", ["local, 1 job", "local, 2 jobs", "dask, 2 workers"])
def test_simulate_throughput(benchmark, launch, pool, name):
    if name != "local, 1 job" and (os.cpu_count() or 1) < 2:
        pytest.skip("fewer cores than jobs")
    cpu = []
    benchmark.pedantic(lambda: cpu.append(play(launch, pool[name])[1]), rounds=3, iterations=1, warmup_rounds=1)
    benchmark.extra_info["games"] = GAMES
    benchmark.extra_info["games_per_second"] = round(GAMES / benchmark.stats.stats.mean, 1)
    if name.startswith("local"):
        benchmark.extra_info["cpu_seconds_per_run"] = round(sum(cpu) / len(cpu), 2)


def main(games: int = GAMES) -> int:
    launch = find_scenario(SCENARIO)
    with executors() as found:
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in found}
        for name, executor in found.items():  # warm up: forks, and the Dask workers' imports
            play(launch, executor, GAMES)
        for _ in range(3):  # interleaved, so a change in the machine's load hits all alike
            for name, executor in found.items():
                runs[name].append(play(launch, executor, games))
    best = {name: min(w for w, _ in r) for name, r in runs.items()}
    cpu = {name: sum(c for _, c in r) / len(r) for name, r in runs.items()}
    print(f"{SCENARIO}, {games} games per run, {os.cpu_count()} core(s), load {os.getloadavg()[0]:.1f}")
    for name in runs:
        spent = f"; CPU {cpu[name]:.2f} s per run" if name.startswith("local") else ""
        print(f"  {name}: best {best[name]:.2f} s = {games / best[name]:.1f} games/s{spent}")
    one, two, dask = best["local, 1 job"], best["local, 2 jobs"], best["dask, 2 workers"]
    print(f"  wall-clock speed-up with 2 jobs: {one / two:.2f}x")
    print(f"  CPU cost of 2 jobs relative to 1: {cpu['local, 2 jobs'] / cpu['local, 1 job']:.2f} "
          f"(two free cores: about {2 * cpu['local, 1 job'] / cpu['local, 2 jobs']:.2f}x)")
    print(f"  Dask with 2 workers against 2 local jobs: {dask / two - 1:+.1%} time")
    return 0


if __name__ == "__main__":
    sys.exit(main(*map(int, sys.argv[1:2])))
