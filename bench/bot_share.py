"""How a game's time splits between the bots choosing and everything else (the rules, the event
log, offering and checking decisions): the games per second the rest alone would allow, were the
bots free. It says whether faster bots could meet a speed target at all.

    .venv/bin/python bench/bot_share.py bombers-over-berlin --games 40 --repeat 3

Wall clock, so run it on a quiet machine; the shares move less than the times.
"""

from __future__ import annotations

import argparse
import time

from engine.content.validate import UsageError
from engine.core.game import Game, run
from engine.rulesets.launch import find_scenario
from engine.core.simulate import frozen_heap


class _Timed:
    """A bot whose choosing time is added up in `spent`."""

    def __init__(self, bot, spent: list[float]) -> None:
        self.bot, self.spent = bot, spent

    def choose(self, decision, game):
        start = time.perf_counter()
        action = self.bot.choose(decision, game)
        self.spent[0] += time.perf_counter() - start
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", help="scenario id or PACK/ID, as `sortie play` takes it")
    parser.add_argument("--strength", default="hard", help="bot strength on every side (default: hard)")
    parser.add_argument("--games", type=int, default=40, help="games a batch, seeds 1.. (default: 40)")
    parser.add_argument("--repeat", type=int, default=3, help="batches (default: 3)")
    args = parser.parse_args()
    try:
        launch = find_scenario(args.scenario)
    except UsageError as exc:
        parser.error(str(exc))
    engine = launch.ruleset.engine
    spent = [0.0]

    def batch(games: int) -> float:
        start = time.perf_counter()
        for seed in range(1, games + 1):
            game = Game(engine, launch.scenario, launch.content, seed)
            run(game, {side: _Timed(engine.bot(side, args.strength), spent) for side in game.sides})
        return time.perf_counter() - start

    with frozen_heap():
        batch(2)  # warm the kept tables
        for _ in range(args.repeat):
            spent[0] = 0.0
            total = batch(args.games) / args.games
            bots = spent[0] / args.games
            rest = total - bots
            print(f"{total * 1e3:.2f} ms a game: bots {bots * 1e3:.2f} ms ({bots / total:.0%}), "
                  f"the rest {rest * 1e3:.2f} ms -> {1 / rest:.0f} games/s with free bots")


if __name__ == "__main__":
    main()
