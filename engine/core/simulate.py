"""Balance runs: many bot-versus-bot games of one scenario, summarised with uncertainty.

Game i of a run with seed S is played with seed S + i, so two runs with the same
seed (before and after an edit) play the same dice where the data allows and
can be compared game by game. The games are a batch (`engine.core.batch`) played by an
executor: this machine's processes, or a Dask cluster; the content is sent to each worker once.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Callable

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .batch import Batch, Executor, GameSummary, play_batch
from .executors import LocalExecutor
from .jsonfile import check_shape, read_object
from .proportions import ALPHA, DETECT, POWER, games_to_detect, two_proportions, wilson


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
    executor: Executor | None = None,
) -> list[GameSummary]:
    """Play `games` games on `executor` (default: `jobs` processes of this machine);
    `progress(done, total)` as they come back; stop early if `cancelled()`, keeping the games of
    the first seeds with none missing: what a shorter run would have played."""
    [results] = play_batch(Batch(engine, scenario, content, options or {}), games,
                           executor or LocalExecutor(jobs), seed, [strengths or {}], progress, cancelled)
    return results


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
