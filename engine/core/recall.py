"""Bots that join a game under way: resumed from a save, a decision taken back, a seat handed over.

A bot may remember what it planned (Air Wars: each bomber's mission across the hours it flies, the
orders of the hour). A save keeps only the seed and the decisions, so such a bot, made afresh, would
play another game than the one played straight through. It is shown the game so far instead.
"""

from __future__ import annotations

from typing import Mapping

from .game import Controller, Game


def caught_up(game: Game, bots: Mapping[str, Controller]) -> Mapping[str, Controller]:
    """`bots` (by side) once those that remember (`remembers = True`) have watched `game` so far:
    its decisions played again on a game of their own, each such bot asked at every decision of its
    side as if it had played it (its answer dropped: the decision made is taken). A bot's memory
    is thus rebuilt from the decisions alone, the same however the game got here."""
    watching = {side: bot for side, bot in bots.items() if getattr(bot, "remembers", False)}
    if not game.decisions or not watching:
        return bots
    again = Game(game.engine, game.scenario, game.content, game.seed, game.options, pack=game.pack)
    for made in game.decisions:
        bot = watching.get(again.pending.side)
        if bot is not None:
            bot.choose(again.pending, again)
        again.submit(made["action"])
    return bots
