"""A person at a plain text prompt: the question, its options page by page, and what they type.

Options are numbered across the whole (narrowed) list, so a number means the same option
whichever page is on show; text narrows the list; `units` shows the board as the side sees it
(`prompt_board`), so the situation needed to decide is one word away.
"""

from __future__ import annotations

import json
import re
from typing import Callable

from engine.core.controllers import Quit
from engine.core.decisions import Action, Decision, with_route
from engine.core.game import Game
from .situation import Situation

PAGE = 30

HELP = """  what you can type:
    a number     take the option with that number
    text         narrow the list to the options whose label holds it (a hex, a unit, 'turn left')
    X via A B    take option X (its number, or the square it ends at) by a route through the
                 squares A, B (Air Wars, 17.0: the route is yours; without 'via' the engine's);
                 'X via' alone asks for the squares
    +            the next page of the list
    all          the whole list again
    units        every unit you can see: where it is, its state{near}
    {{...}}        an action as JSON (try anything: the engine takes it or says why not)
    undo         take back your last answer (and what followed it) and answer it again
    q            stop (with --save FILE the game is saved; Ctrl-D and Ctrl-C stop the same way)"""


_VIA = re.compile(r"\s+via(?:\s+|$)", re.IGNORECASE)


def _numbered(text: str) -> bool:
    """An option's number (with a leading zero it is a hex code: '0105' narrows the list)."""
    return text.isdigit() and text[0] != "0"


class Undo(Exception):
    """The person at the prompt takes back their last answer."""


class TerminalController:
    """Lists the legal actions and reads a choice; anything not understood is answered with what is
    expected, and the list stays as it was. A JSON action is checked by the engine like any other and
    refused with its reason, so a person can try anything the rules might allow."""

    def __init__(self, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] | None = None) -> None:
        self.read = read or (lambda prompt: input(prompt))
        self.write = write or print

    def choose(self, decision: Decision, game: Game) -> Action:
        self.write(f"\n[{decision.side}] {decision.prompt}")
        shown, start, board = decision.options, 0, Situation(game, decision)
        self._page(board, shown, start)
        while True:
            try:
                line = self.read(f"{decision.side}> ").strip()
            except EOFError:
                raise Quit from None
            low = line.lower()
            if low in ("q", "quit", "exit"):
                raise Quit
            if low == "undo":
                raise Undo
            if low in ("?", "h", "help"):
                near = f", how far and at what o'clock from {board.focus.id}" if board.focus else ""
                self.write(HELP.format(near=near))
                if getattr(decision, "help", ""):  # what else this decision takes typed (a log code)
                    self.write(decision.help)
            elif low in ("u", "units", "board", "map"):
                for text in board.lines():
                    self.write(f"  {text}")
            elif low in ("+", "more", "next"):
                start = start + PAGE if start + PAGE < len(shown) else 0  # past the end: back to the top
                self._page(board, shown, start)
            elif low in ("all", "*"):
                shown, start = decision.options, 0
                self._page(board, shown, start)
            elif _numbered(line) and 1 <= int(line) <= len(shown):
                return shown[int(line) - 1]
            elif _numbered(line) and not self._matches(decision, line):
                self.write(f"  there is no option {line}: type a number from 1 to {len(shown)}, or ? for help")
            elif line.startswith("{"):
                try:
                    return json.loads(line)
                except json.JSONDecodeError as exc:
                    self.write(f"  not valid JSON: {exc.msg} at column {exc.colno}")
            elif _VIA.search(line):
                routed = self._via(decision, shown, line)
                if isinstance(routed, dict):
                    return routed
                self.write(f"  {routed}")
            elif not line:
                self.write(f"  type an option's number (1 to {len(shown)}), part of its label, or ? for help")
            elif (typed := getattr(decision, "typed", None)) and (action := typed(line)) is not None:
                return action  # the engine takes it or says why not (run's `refused`)
            elif matches := self._matches(decision, line):
                shown, start = matches, 0
                self._page(board, shown, start)
            else:
                self.write(f"  no option's label holds '{line}': type a number from 1 to {len(shown)}, "
                           f"part of a label, all, or ? for help")

    def _via(self, decision: Decision, shown: list[Action], line: str) -> Action | str:
        """'X via A B': the option X names (its number in the list shown, the square it ends at, or
        its label's text) with the route A, B, then its square; or what is wrong. The engine checks
        the route like any action."""
        head, tail = _VIA.split(line, maxsplit=1)
        head, squares = head.strip(), tail.replace(",", " ").split()
        if _numbered(head):
            found = shown[int(head) - 1:int(head)] if int(head) <= len(shown) else []
        else:
            found = [o for o in decision.options if str(o.get("at", "")).lower() == head.lower()]
            if not found:  # label text: 'land at C1' also holds in 'land at C10', so the square decides
                found = self._matches(decision, head)
                found = [o for o in found if str(o.get("at", "")).lower() == head.split()[-1].lower()] or found
        found = [o for o in found if "at" in o]
        if not found:
            return f"no option goes to '{head}': before 'via', a square or an option's number, e.g. 'C5 via B4 B5'"
        if len(found) > 1:
            labels = "; ".join(o.get("label", o["type"]) for o in found[:4])
            return f"'{head}' is {len(found)} options ({labels}): name one, e.g. '{found[-1].get('label')} via ...'"
        option = found[0]
        if not squares:  # 'C5 via': the follow-up question
            try:
                squares = self.read(f"  the squares to enter on the way to {option['at']}, in order "
                                    f"(Enter: the engine's route)> ").replace(",", " ").split()
            except EOFError:
                raise Quit from None
            if not squares:
                return option
        return with_route(option, squares)

    @staticmethod
    def _matches(decision: Decision, text: str) -> list[Action]:
        return [o for o in decision.options if text.lower() in o.get("label", "").lower()]

    def _page(self, board: Situation, shown: list[Action], start: int) -> None:
        for i, option in enumerate(shown[start:start + PAGE], start + 1):
            end = board.option_end(option)
            self.write(f"  {i:>3}. {option.get('label', option['type'])}" + (f"  → {end}" if end else ""))
            for text in board.option_texts(option):
                self.write(f"         {text}")
        left = len(shown) - start - PAGE
        if left > 0:
            self.write(f"  ... {left} more: + shows them; text narrows the list (a hex, a unit, a word); "
                       f"? for help")
        elif start:
            self.write("  (the end of the list: + goes back to the top)")

    def refused(self, decision: Decision, action: Action, reason: str) -> None:
        self.write(f"  refused: {reason}")
