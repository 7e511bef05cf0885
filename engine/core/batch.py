"""A batch of games: the public API to play seeds of one scenario, wherever the games run.

A `Batch` is what every game of a balance run shares (the rules engine, the scenario, the
content, the options); a `Task` is a chunk of its seeds with the bots' strengths. `play_batch`
hands the tasks to an executor — `engine.core.executors.LocalExecutor` (this machine's
processes, the default) or `engine.core.dask_executor.DaskExecutor` (a Dask cluster) — which
sends the batch to each of its workers once, and gathers the games by seed: a report does not
depend on where a game ran. Game i of a batch from seed S plays seed S + i.

    batch = Batch(engine, scenario, content, options)
    [games] = play_batch(batch, 200, DaskExecutor("tcp://scheduler:8786"), seed=1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

from .game import Game, run

CHUNK = 8  # games a task plays: small enough for a cancel to stop soon, large enough to cost little


@dataclass
class GameSummary:
    seed: int
    winner: str | None
    result: str
    score: dict[str, float]
    turns: int
    events: int
    losses: dict[str, float] = field(default_factory=dict)  # "side:unit_type" -> count
    kills: dict[str, float] = field(default_factory=dict)


def summarise(game: Game) -> GameSummary:
    """One finished game reduced to what balance reports need (standard unit events)."""
    types: dict[str, tuple[str, str]] = {}
    losses: Counter[str] = Counter()
    kills: Counter[str] = Counter()
    for event in game.log:
        if event["type"] == "unit.placed":
            types[event["unit"]] = (event["side"], event.get("unit_type", ""))
        elif event["type"] == "unit.removed" and event.get("destroyed"):
            side, utype = types.get(event["unit"], ("?", "?"))
            losses[f"{side}:{utype}"] += 1
            shooters = [types[u] for u in event.get("by", []) if u in types]
            for s, t in shooters:
                kills[f"{s}:{t}"] += 1 / len(shooters)
    out = game.outcome
    return GameSummary(game.seed, out.winner, out.result, dict(out.score), out.turns,
                       len(game.log), dict(losses), {k: round(v, 6) for k, v in kills.items()})


@dataclass(frozen=True)
class Task:
    """Games for one pairing of bot strengths (a side left out plays its strongest bot)."""

    pairing: int  # the index of the pairing the games count for
    strengths: dict[str, str]
    seeds: tuple[int, ...]


@dataclass(frozen=True)
class Batch:
    """What every game of a run shares; an executor sends it to each of its workers once."""

    engine: Any
    scenario: Any
    content: Any
    options: dict[str, bool] = field(default_factory=dict)

    def play(self, task: Task) -> list[GameSummary]:
        engine = self.engine
        out = []
        for seed in task.seeds:
            game = Game(engine, self.scenario, self.content, seed, self.options)
            run(game, {side: engine.bot(side, task.strengths.get(side, engine.bot_strengths[-1]))
                       for side in game.sides})
            out.append(summarise(game))
        return out


class ExecutorError(RuntimeError):
    """An executor cannot play the batch (a cluster out of reach, every worker refused);
    `str()` says why and what to do."""


class Executor(Protocol):
    def run(self, batch: Batch, tasks: Sequence[Task], keep: Callable[[Task, list[GameSummary]], None],
            cancelled: Callable[[], bool]) -> None:
        """Play the tasks, handing each one's games to `keep` (in the caller's thread) as they come
        back, until all are played or `cancelled()`: then stop soon, keeping what was played."""


def play_batch(batch: Batch, games: int, executor: Executor, seed: int = 1,
               pairings: Sequence[dict[str, str]] = ({},), progress: Callable[[int, int], None] | None = None,
               cancelled: Callable[[], bool] | None = None) -> list[list[GameSummary]]:
    """`games` games for each pairing of bot strengths on `executor`, all on the seeds S, S+1, …,
    the results in the pairings' order; `progress(done, total)` as games come back. The pairings'
    tasks take turns seed by seed, and a cancelled batch keeps for every pairing the same first
    seeds, none missing: what a shorter batch would have played."""
    if games < 1:
        raise ValueError("games must be at least 1")
    seeds = range(seed, seed + games)
    tasks = [Task(i, strengths, tuple(seeds[c:c + CHUNK])) for c in range(0, games, CHUNK)
             for i, strengths in enumerate(pairings)]
    played: list[list[GameSummary]] = [[] for _ in pairings]
    total, done = games * len(pairings), 0

    def keep(task: Task, results: list[GameSummary]) -> None:
        nonlocal done
        played[task.pairing].extend(results)
        done += len(results)
        if progress:
            progress(done, total)

    executor.run(batch, tasks, keep, cancelled or (lambda: False))
    for results in played:
        results.sort(key=lambda r: r.seed)
    unbroken = min(next((i for i, r in enumerate(results) if r.seed != seed + i), len(results))
                   for results in played)
    return [results[:unbroken] for results in played]
