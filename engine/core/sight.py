"""The game as a person playing some of its sides may see it while it goes on: the other sides'
secret choices (which bomber carries Yamamoto) and the units they cannot identify (Air Wars'
face-down counters) left out. The log itself keeps everything, so saves and replays play the
same game; these views are for showing it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Collection, Iterable, Sequence

NOTHING: frozenset[str] = frozenset()


def hidden_from(game: Any, sides: Collection[str]) -> frozenset[str]:
    """Units on the board that none of `sides` can identify now (none for a ruleset that hides none)."""
    if not sides or game.state is None:
        return NOTHING
    return frozenset.intersection(*(frozenset(game.engine.hidden(game.state, side)) for side in sides))


class Watch:
    """What `sides` could not identify at each event, noted after each decision as a game goes on.

    The state is read only between decisions, while a decision's events may reveal units midway
    (the contact that stops a stack's move turns it face up). So a unit hidden at the last reading
    stays hidden until an event brings it into view (the engine's `lookout()`, which reads every
    event of the game in order), and again from an event that takes it out of view (another
    counter put on top of it), or until the next reading if none does; a unit hidden now is hidden
    at every new event. The view errs on showing less, never more. At the end of the game
    everything is shown."""

    def __init__(self, sides: Collection[str]) -> None:
        self.sides = frozenset(sides)
        self._before = NOTHING
        self._game: Any = None
        self._lookout: Any = None
        self._read = 0  # the events of `_game` the lookout has read

    def note(self, game: Any, events: Sequence[dict]) -> list[frozenset[str]]:
        """The hidden units at each of `events`, the ones logged since the last note (the end of
        `game.log`)."""
        if game.over:
            self._before = NOTHING
            return [NOTHING] * len(events)
        after = hidden_from(game, self.sides)
        still, self._before = self._before - after, after
        lookout = self._caught_up(game, len(game.log) - len(events))
        hidden = after | still
        if lookout is None:
            return [hidden] * len(events)
        out, waiting = [], still  # hidden before, not now: shown from the event that shows them
        for event in events:
            shown, covered = lookout.sees(event)  # read even when nothing waits: it follows the game
            if waiting and (not still.isdisjoint(shown) or not waiting.isdisjoint(covered)):
                still = still.difference(shown) | waiting.intersection(covered)
                hidden = after | still
            out.append(hidden)
        self._read += len(events)
        return out

    def _caught_up(self, game: Any, start: int) -> Any:
        """The engine's lookout, having read the game's events before `start` (a new one for another
        game: a restart, an undo); None for a ruleset that hides nothing."""
        if game is not self._game or self._read > start:
            self._game, self._lookout, self._read = game, game.engine.lookout(game.state), 0
        if self._lookout is None:
            return None
        for event in game.log[self._read:start]:
            self._lookout.sees(event)
        self._read = start
        return self._lookout


class Sight:
    """Events as a person playing `sides` may read them. `learn` the events first: a hidden unit
    is named in them by its id and by the name it was placed with, both of which say what it is."""

    def __init__(self, sides: Collection[str]) -> None:
        self.sides = frozenset(sides)
        self.units: dict[str, tuple[str, str]] = {}  # id -> (side, name)
        self._words_of: dict[frozenset[str], dict[str, str]] = {}  # a log shares a few hidden sets

    def learn(self, events: Iterable[dict]) -> None:
        for event in events:
            if event["type"] == "unit.placed":
                self.units[event["unit"]] = (event.get("side", ""), event.get("name", ""))
                self._words_of.clear()

    def show(self, event: dict, hidden: frozenset[str] = NOTHING) -> dict:
        """`event` with another side's secret choice or private draw (an event marked `hidden`) left
        out (that it was made stays), and every mention of a unit in `hidden` made "a <side> unit",
        its type and name dropped."""
        if event["type"] == "decision" and event.get("secret") and event["side"] not in self.sides:
            event = {**event, "action": {"type": event["action"].get("type"), "label": "(chosen in secret)"}}
        elif event.get("hidden") is True and event.get("side") not in self.sides:
            # a side's private draw (Air Wars' campaign cards: "do not reveal them to the enemy",
            # 11.1): that it drew, and how many, not what
            event = {k: len(v) if isinstance(v, list) else v for k, v in event.items()}
        if not hidden or not (words := self._words(hidden)):
            return event
        shown = _mask(event, words, _pattern(tuple(sorted(words))))
        if shown == event:
            return event
        if shown.get("unit") in words.values():
            shown.pop("unit_type", None)
            shown.pop("name", None)
            if "state" in shown:  # a fighter-bomber's mode says what it is: the counter shows none
                shown["state"] = {"face": "down"}
        if event["type"].startswith("decision") and event.get("side") not in self.sides:
            # what another side asks or chooses about a unit whose face you cannot see says what it
            # is ("flies as a fighter: 3 air combat, speed 4"): only that a choice was asked or made
            text = str(event)
            about = "a choice about " + next(alias for word, alias in words.items() if word in text)
            if "prompt" in shown:
                shown["prompt"] = about
            if "action" in shown:
                shown["action"] = {"type": event["action"].get("type"), "label": about}
        return shown

    def _words(self, hidden: frozenset[str]) -> dict[str, str]:
        """What names each hidden unit (its id, its name), and what to say instead."""
        words = self._words_of.get(hidden)
        if words is None:
            words = self._words_of[hidden] = {}
            for uid in hidden:
                side, name = self.units.get(uid, ("", ""))
                words[uid] = alias = f"a {side} unit" if side else "a unit"
                if name:
                    words[name] = alias
        return words


def _mask(value: Any, words: dict[str, str], pattern: re.Pattern) -> Any:
    if isinstance(value, str):
        return words.get(value) or pattern.sub(lambda m: words[m.group(0)], value)
    if isinstance(value, list):
        return [_mask(v, words, pattern) for v in value]
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():  # a unit's id as a key ("how": {"il-4.1": "bomb"}) too
            if isinstance(key, str) and key in words:
                alias, n = words[key], 1
                while (key := alias if n == 1 else f"{alias} ({n})") in out:
                    n += 1
            out[key] = _mask(item, words, pattern)
        return out
    return value


@lru_cache(maxsize=64)
def _pattern(words: tuple[str, ...]) -> re.Pattern:
    """Any of `words` standing alone in a text (not "yak.1" inside "yak.12"), longest first."""
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w.])(?:{alternatives})(?![\w]|\.\w)")
