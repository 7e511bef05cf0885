"""Controllers that are not bots: a person at a plain text prompt, and a scripted list."""

from __future__ import annotations

import json
from typing import Callable, Iterable

from .decisions import Action, Decision
from .game import Game

PAGE = 30


class Quit(Exception):
    """The person at the prompt asked to stop."""


class TerminalController:
    """Lists the legal actions and reads a choice: a number, a filter text, or a JSON action.

    A JSON action is checked by the engine like any other and refused with its reason,
    so a person can try anything the rules might allow.
    """

    def __init__(self, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] | None = None) -> None:
        self.read = read or (lambda prompt: input(prompt))
        self.write = write or print

    def choose(self, decision: Decision, game: Game) -> Action:
        shown = decision.options
        self.write(f"\n[{decision.side}] {decision.prompt}")
        while True:
            for i, option in enumerate(shown[:PAGE], 1):
                self.write(f"  {i:>3}. {option.get('label', option['type'])}")
            if len(shown) > PAGE:
                self.write(f"  ... {len(shown) - PAGE} more: type text to filter")
            try:
                line = self.read(f"{decision.side}> ").strip()
            except EOFError:
                raise Quit from None
            if line in ("q", "quit", "exit"):
                raise Quit
            if line.isdigit() and 1 <= int(line) <= min(len(shown), PAGE):
                return shown[int(line) - 1]
            if line.startswith("{"):
                try:
                    return json.loads(line)
                except json.JSONDecodeError as exc:
                    self.write(f"  not valid JSON: {exc.msg} at column {exc.colno}")
                    continue
            matches = [o for o in decision.options if line.lower() in o.get("label", "").lower()]
            if not line or not matches:
                self.write("  type an option's number, part of its label, a JSON action, or q")
                shown = decision.options
            else:
                shown = matches

    def refused(self, decision: Decision, action: Action, reason: str) -> None:
        self.write(f"  refused: {reason}")


class ScriptedController:
    """Plays a fixed list of actions, in order (tests, and resuming a person's moves)."""

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions = iter(actions)

    def choose(self, decision: Decision, game: Game) -> Action:
        try:
            return next(self._actions)
        except StopIteration:
            raise Quit from None
