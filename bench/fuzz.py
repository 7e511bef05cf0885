"""Random-play fuzzing: games of uniformly random legal decisions on every side of every playable
scenario (`sortie list`), with option sets drawn at random among those `play` accepts, each game
checked against what must hold whatever is played: it ends, its scores are finite numbers, no
unit moves, flies, shoots or bombs once removed (until back in play), and its save replays to the same log, byte for byte
(`engine.core.game.resume`).

    PYTHONPATH=. .venv/bin/python bench/fuzz.py --games 10000 [--ruleset aw] [--seed 0] [--minutes 30]

Prints games, decisions, time and failures per ruleset; each failure with the scenario, options
and seed that replay it. Exits 1 if any game failed."""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from functools import lru_cache

from engine.core.game import Game, resume, run
from engine.rulesets.launch import Launch, find_scenario, playable_scenarios

MAX_DECISIONS = 50_000  # some fifty times the longest bundled game: a game past it does not end
REMOVED = "unit.removed"
# The events of a unit acting, and the field naming it (or them): moving, flying, shooting, bombing.
ACTORS = {"unit.moved": "unit", "aw.flight": "units", "aw.bombing": "units", "hm.shot": "shooter",
          "paw.attack": "plane"}


def returned(event: dict) -> bool:
    """A unit back in play after a removal: placed again, or set on the map from a box (the Air
    Wars deployments of units placed aside, and refits, are moves with a reason and no path)."""
    return event["type"] == "unit.placed" or event["type"] == "unit.moved" and "reason" in event and "path" not in event


class RandomLegal:
    """Any of the legal actions, uniformly, from a generator of its own (the game's dice untouched)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, decision, game):
        return self.rng.choice(decision.options)


@lru_cache(maxsize=None)
def launched(spec: str) -> Launch:
    return find_scenario(spec)


def random_options(launch: Launch, rng: random.Random) -> dict[str, bool]:
    """Each optional rule on or off at random, drawn again while `play` would refuse the set
    (options that exclude each other); the defaults after ten refused draws."""
    defaults = launch.ruleset.engine.option_defaults(launch.scenario)
    for _ in range(10):
        options = {name: rng.random() < 0.5 for name in sorted(defaults)}
        try:
            Game(launch.ruleset.engine, launch.scenario, launch.content, 0, options, pack=launch.pack_id)
        except ValueError:
            continue
        return options
    return defaults


def check(game: Game) -> None:
    """What must hold of a game played to its end, whatever was played."""
    assert game.over, "the game did not end"
    for side, score in game.outcome.score.items():
        assert isinstance(score, (int, float)) and math.isfinite(score), f"{side}'s score is {score!r}"
    gone: dict[str, int] = {}  # removed units: the event that removed each
    for event in game.log:
        kind = event["type"]
        if kind == REMOVED:
            assert event["unit"] not in gone, f"{event['unit']} removed twice (events {gone[event['unit']]} and {event['seq']})"
            gone[event["unit"]] = event["seq"]
        elif returned(event):
            gone.pop(event["unit"], None)
        elif kind in ACTORS and "torpedo" not in event:  # a torpedo runs on after its plane is lost
            actors = event.get(ACTORS[kind])
            for unit in actors if isinstance(actors, list) else [actors]:
                assert unit not in gone, f"{unit}: {kind} (event {event['seq']}) after its removal (event {gone[unit]})"
    launch = launched(f"{game.pack}/{game.scenario.id}")
    again = resume(launch.ruleset.engine, launch.scenario, launch.content, game.save(), pack=launch.pack_id)
    assert again.log.to_jsonl() == game.log.to_jsonl(), "the save does not replay to the same log"


@dataclass
class Played:
    """One game: what replays it, and what became of it."""

    spec: str
    seed: int
    options: dict[str, bool]
    decisions: int = 0
    failure: str = ""


def play(spec: str, seed: int) -> Played:
    """A game of `spec` on `seed`: its options, each side's decisions and its dice all from the seed."""
    launch = launched(spec)
    rng = random.Random(seed)
    played = Played(spec, seed, random_options(launch, rng))
    try:
        game = Game(launch.ruleset.engine, launch.scenario, launch.content, seed, played.options, pack=launch.pack_id)
        run(game, {side: RandomLegal(rng) for side in game.sides}, max_decisions=MAX_DECISIONS)
        played.decisions = len(game.decisions)
        check(game)
    except Exception:  # noqa: BLE001 - every failure is the finding: say it, and go on
        played.failure = traceback.format_exc(limit=-3).strip()
    return played


@dataclass
class Tally:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    failures: list[Played] = field(default_factory=list)


def fuzz(games: int, seed: int = 0, rulesets: set[str] | None = None, minutes: float | None = None,
         specs: list[str] | None = None) -> dict[str, Tally]:
    """Up to `games` games per ruleset, its scenarios in turn, on seeds from `seed` (and for at
    most `minutes` in all, the rulesets taking turns game by game so each gets its share)."""
    by_ruleset: dict[str, list[str]] = {}
    for spec in specs or playable_scenarios():
        by_ruleset.setdefault(launched(spec).ruleset.id, []).append(spec)
    if rulesets:
        by_ruleset = {r: s for r, s in by_ruleset.items() if r in rulesets}
    tallies = {r: Tally() for r in by_ruleset}
    end = time.monotonic() + minutes * 60 if minutes else math.inf
    for n in range(games):
        if time.monotonic() > end:
            break
        for ruleset, specs_of in by_ruleset.items():
            tally, started = tallies[ruleset], time.monotonic()
            played = play(specs_of[n % len(specs_of)], seed + n)
            tally.games += 1
            tally.decisions += played.decisions
            tally.seconds += time.monotonic() - started
            if played.failure:
                tally.failures.append(played)
    return tallies


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=100, help="games per ruleset (default 100)")
    p.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    p.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    p.add_argument("--minutes", type=float, help="stop starting games after this long")
    args = p.parse_args(argv)
    tallies = fuzz(args.games, args.seed, set(args.ruleset or ()), args.minutes)
    for ruleset, t in tallies.items():
        print(f"{ruleset}: {t.games} games, {t.decisions} decisions, {t.seconds:.0f} s, {len(t.failures)} failed")
        for f in t.failures:
            print(f"  {f.spec} seed {f.seed} options {f.options}:\n    " + f.failure.replace("\n", "\n    "))
    return 1 if any(t.failures for t in tallies.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
