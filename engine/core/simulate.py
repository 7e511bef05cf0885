"""Balance runs: many bot-versus-bot games of one scenario, summarised with uncertainty.

Game i of a run with seed S is played with seed S + i, so two runs with the same
seed (before and after an edit) play the same dice where the data allows and
can be compared game by game. Games run in worker processes; the content is
sent to each worker once.
"""

from __future__ import annotations

import gc
import os
import signal
import statistics
from collections import Counter, defaultdict
from contextlib import contextmanager
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from itertools import islice
from pathlib import Path
from typing import Annotated, Callable, Iterator

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .game import Game, run
from .jsonfile import check_shape, read_object
from .proportions import ALPHA, DETECT, POWER, games_to_detect, two_proportions, wilson

CHUNK = 8


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


# ---- workers ------------------------------------------------------------------------

_WORKER: dict = {}


def _init_worker(engine, scenario, content, options) -> None:
    _WORKER.update(engine=engine, scenario=scenario, content=content, options=options)


def _init_pool_worker(*init) -> None:
    """A worker process leaves Ctrl-C to the run that started it, which stops after the games in
    hand and reports them (a terminal sends Ctrl-C to every process of the group)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _init_worker(*init)


def _play_one(seed: int, strengths: dict[str, str]) -> GameSummary:
    w = _WORKER
    engine = w["engine"]
    game = Game(engine, w["scenario"], w["content"], seed, w["options"])
    controllers = {side: engine.bot(side, strengths.get(side, engine.bot_strengths[-1])) for side in game.sides}
    run(game, controllers)
    return summarise(game)


def _play_chunk(task: tuple[dict[str, str], list[int]]) -> list[GameSummary]:
    """A chunk of games: the bots' strengths by side, and the seeds."""
    strengths, seeds = task
    return [_play_one(s, strengths) for s in seeds]


YOUNG_THRESHOLD = 20_000  # allocations between young collections during a batch (default 700)


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Everything loaded so far kept out of the garbage collector's full passes for a batch of
    games: it lives to the batch's end, and a full pass walking it (~50 ms in a loaded studio)
    every few games would cost more than the games. Forked workers also leave the pages they
    share with the parent uncopied. The benchmarks time games the same way.

    The youngest generation is also collected less often: a game makes thousands of small
    dicts and lists that live until it ends and are freed by their reference counts, so
    frequent young passes mostly walk live objects in vain (~4% of a Red Eagles game)."""
    gc.collect()
    gc.freeze()
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], YOUNG_THRESHOLD), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


def simulate(
    engine,
    scenario,
    content,
    games: int,
    seed: int = 1,
    jobs: int = 1,
    options: dict[str, bool] | None = None,
    strengths: dict[str, str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> list[GameSummary]:
    """Play `games` games; `progress(done, total)` after each chunk; stop early if `cancelled()`,
    keeping the games of the first seeds with none missing: what a shorter run would have played."""
    return play_pairings(engine, scenario, content, games, seed, jobs, options, [strengths or {}],
                         progress, cancelled)[0]


def play_pairings(
    engine,
    scenario,
    content,
    games: int,
    seed: int = 1,
    jobs: int = 1,
    options: dict[str, bool] | None = None,
    pairings: list[dict[str, str]] = ({},),
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> list[list[GameSummary]]:
    """`games` games for each pairing of bot strengths (a side left out plays the strongest), all
    on the same seeds S, S+1, …, the results in the pairings' order. The pairings' chunks take turns
    seed by seed, so a cancelled batch leaves every pairing the same first seeds, none missing."""
    if games < 1:
        raise ValueError("games must be at least 1")
    seeds = [seed + i for i in range(games)]
    tasks = [(i, (strengths, seeds[c:c + CHUNK])) for c in range(0, games, CHUNK)
             for i, strengths in enumerate(pairings)]
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(tasks)))
    init = (engine, scenario, content, options or {})
    played: list[list[GameSummary]] = [[] for _ in pairings]
    total, done = games * len(pairings), 0

    def keep(index: int, results: list[GameSummary]) -> None:
        nonlocal done
        played[index].extend(results)
        done += len(results)

    with frozen_heap():
        if jobs == 1:
            _init_worker(*init)
            for index, task in tasks:
                if cancelled and cancelled():
                    break
                keep(index, _play_chunk(task))
                if progress:
                    progress(done, total)
        else:
            _play_in_pool(init, tasks, jobs, keep, lambda: progress and progress(done, total), cancelled)
    for results in played:
        results.sort(key=lambda r: r.seed)
    unbroken = min(next((i for i, r in enumerate(results) if r.seed != seed + i), len(results))
                   for results in played)
    return [results[:unbroken] for results in played]


def _play_in_pool(init, tasks, jobs, keep, progressed, cancelled) -> None:
    with ProcessPoolExecutor(jobs, initializer=_init_pool_worker, initargs=init) as pool:
        # Two chunks in hand per worker, the next sent as one comes back: a cancel stops at
        # once whatever the workers' speed, not after every chunk queued up front has played.
        queue = iter(tasks)

        def submit(n: int) -> dict:
            return {pool.submit(_play_chunk, task): index for index, task in islice(queue, n)}

        pending = submit(2 * jobs)
        while pending:
            done, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in done:
                keep(pending.pop(future), future.result())
            if done:
                progressed()
            if cancelled and cancelled():
                for future, index in pending.items():
                    if not future.cancel():  # already running: its games get played, so kept
                        keep(index, future.result())
                break
            pending |= submit(len(done))


# ---- statistics ---------------------------------------------------------------------


def _describe(values: list[float]) -> dict:
    values = sorted(values)
    n = len(values)
    q = statistics.quantiles(values, n=4) if n >= 2 else [values[0]] * 3
    return {
        "mean": round(statistics.fmean(values), 4),
        "stdev": round(statistics.pstdev(values), 4),
        "min": values[0],
        "q1": round(q[0], 4),
        "median": round(q[1], 4),
        "q3": round(q[2], 4),
        "max": values[-1],
        "histogram": dict(sorted(Counter(values).items())),
    }


def report(results: list[GameSummary], sides: list[str]) -> dict:
    """Win rates with 95% intervals, score and length distributions, kills and losses per type."""
    n = len(results)
    wins = Counter(r.winner for r in results)
    win_rates = {}
    for side in sides + [None]:
        low, high = wilson(wins.get(side, 0), n)
        win_rates[side or "draw"] = {"wins": wins.get(side, 0), "rate": round(wins.get(side, 0) / n, 4) if n else 0.0,
                                     "ci95": [round(low, 4), round(high, 4)]}
    per_type: dict[str, dict[str, float]] = defaultdict(lambda: {"kills": 0.0, "losses": 0.0})
    for r in results:
        for key, v in r.kills.items():
            per_type[key]["kills"] += v / n
        for key, v in r.losses.items():
            per_type[key]["losses"] += v / n
    return {
        "games": n,
        "seeds": [results[0].seed, results[-1].seed] if results else [],
        "win_rates": win_rates,
        "results": dict(sorted(Counter(r.result for r in results).items())),
        "score": {s: _describe([r.score.get(s, 0) for r in results]) for s in sides} if n else {},
        "turns": _describe([r.turns for r in results]) if n else {},
        "events": _describe([r.events for r in results]) if n else {},
        "per_unit_type": {k: {m: round(v, 4) for m, v in d.items()} for k, d in sorted(per_type.items())},
        "detect": {"change": DETECT, "alpha": ALPHA, "power": POWER,
                   "games": {s: games_to_detect(win_rates[s]["rate"]) for s in sides} if n else {}},
    }


def compare(before: dict, after: dict) -> dict:
    """Differences between two reports; each win-rate change with its test (`two_proportions`):
    significant when p < ALPHA."""
    out = {"win_rates": {}, "score_mean": {}, "turns_mean": None}
    for side, b in before["win_rates"].items():
        a = after["win_rates"].get(side)
        if a is None:  # a side renamed or gone: nothing to compare it with, not a 0% win rate
            out["win_rates"][side] = {"before": b["rate"], "after": None, "change": None, "significant": False}
            continue
        out["win_rates"][side] = {"before": b["rate"], "after": a["rate"], "change": round(a["rate"] - b["rate"], 4),
                                  **two_proportions(b["wins"], before["games"], a["wins"], after["games"])}
    for side, b in before.get("score", {}).items():
        a = after.get("score", {}).get(side)
        if a:
            out["score_mean"][side] = {"before": b["mean"], "after": a["mean"],
                                       "change": round(a["mean"] - b["mean"], 4)}
    if before.get("turns") and after.get("turns"):
        out["turns_mean"] = {"before": before["turns"]["mean"], "after": after["turns"]["mean"],
                             "change": round(after["turns"]["mean"] - before["turns"]["mean"], 4)}
    return out


Share = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]


class _WinRate(BaseModel):
    model_config = ConfigDict(extra="allow")
    wins: int = Field(ge=0, description="the games the side won")
    rate: float = Field(ge=0, le=1, allow_inf_nan=False, description="the share of games the side won, 0 to 1")
    ci95: tuple[Share, Share] = Field(description="the 95% interval of the rate")


class _Mean(BaseModel):
    model_config = ConfigDict(extra="allow")
    mean: float = Field(allow_inf_nan=False, description="the mean over the games")


class _Report(BaseModel):
    model_config = ConfigDict(extra="allow")
    games: int = Field(ge=0, description="the games the run played")
    win_rates: dict[str, _WinRate] = Field(description="per side (and draw)")
    score: dict[str, _Mean] = Field(default_factory=dict, description="per side")
    turns: _Mean | None = Field(None, description="the length of the games")

    @model_validator(mode="after")
    def _wins_within_games(self) -> "_Report":
        for side, w in self.win_rates.items():
            if w.wins > self.games:
                raise ValueError(f"{side} won {w.wins} games of the {self.games} played")
        return self


class _ReportFile(BaseModel):
    """What `compare` reads of a report written by `sortie simulate --out`."""

    model_config = ConfigDict(extra="allow")
    scenario: str = Field(description="the id of the scenario simulated")
    report: _Report = Field(description="the summary of the run")


def read_report(path: Path, scenario: str) -> dict:
    """The report of an earlier run of `scenario`, checked before a batch is played against it."""
    text, data = read_object(path, "balance report")
    check_shape(_ReportFile, data, text, str(path), "balance report")
    if data["scenario"] != scenario:
        raise ValueError(f"{path}: the report is of scenario '{data['scenario']}', not '{scenario}'")
    return data["report"]


def as_dicts(results: list[GameSummary]) -> list[dict]:
    return [asdict(r) for r in results]
