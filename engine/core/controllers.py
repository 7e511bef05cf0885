"""Controllers that are not bots: a scripted list (a person at the prompt is in `prompt`)."""

from __future__ import annotations

from typing import Iterable

from .decisions import Action, Decision
from .game import Game


class Quit(Exception):
    """The person at the prompt asked to stop."""


class ScriptedController:
    """Plays a fixed list of actions, in order (tests, and resuming a person's moves)."""

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions = iter(actions)

    def choose(self, decision: Decision, game: Game) -> Action:
        try:
            return next(self._actions)
        except StopIteration:
            raise Quit from None
