"""Decision points: what the engine asks a side, and the legal answers it will accept.

Actions are small JSON-able dicts with a `type` and parameters, plus a human
`label`. The engine offers every legal action; whatever a controller returns is
matched against them (labels ignored) and refused with a reason if it is not
among them, so no controller — bot, person or network peer — is trusted.
"""

from __future__ import annotations

import reprlib
from typing import Any, Callable

from .events import canonical

Action = dict[str, Any]


REASON_LENGTH = 280  # a refusal's reason at most, in characters, cut in the middle


class IllegalAction(Exception):
    """Raised by `Game.submit` for an action the rules do not allow now; `str()` says why."""


def action_key(action: Action) -> str:
    return canonical({k: v for k, v in action.items() if k != "label"})


def same_action(a: Action, b: Action) -> bool:
    """Equal as the engine matches actions: the same JSON, labels ignored."""
    return action_key(a) == action_key(b)


def confirm(action: Action, offered: Action | None) -> Action | None:
    """What an `accept` returns: the offered action if `action` is it (labels aside), else None."""
    return offered if offered is not None and (offered is action or same_action(action, offered)) else None


def with_route(action: Action, squares: list[str]) -> Action:
    """An offered move (an action with a place, `at`) along the route a person gives: the
    squares entered on the way, then its place (Air Wars 17.0; the engine checks it)."""
    route = list(squares)
    if not route or route[-1].lower() != str(action["at"]).lower():
        route.append(action["at"])
    return {**{k: v for k, v in action.items() if k != "label"}, "route": route}


class Decision:
    """One decision point. `options` may be given as a list or as a function that builds it.

    A function keeps decisions cheap when the chooser does not need the whole list:
    a bot that builds its action itself is checked by `accept` (the rules' own
    legality test, returning the canonical action or None) without enumerating
    every alternative. A person, a view or a bot that wants the list still gets it.
    A subclass may instead be its own offers: methods `build()` (the list), `explain` and
    `accept`, with `options` None, which costs no helper object and no bound method kept (nor
    the reference cycle one would tie back to the decision).

    What most decisions leave at its default is a class attribute, set on the instance only when
    given: some 700 decisions a game are built, each attribute stored costing a little.
    """

    explain: Callable[[Action], str] | None = None  # why an action is not legal
    accept: Callable[[Action], Action | None] | None = None  # the rules' own legality test
    secret = False  # the other sides must not see the choice until the rules reveal it
    _index: dict[str, Action] | None = None  # offered actions by `action_key`, built on demand
    _options: list[Action] | None = None  # made by `build` when first asked for
    build: Callable[[], list[Action]] | None = None  # makes the options (given, or a subclass's method)

    def __init__(
        self,
        side: str,
        kind: str,  # what is being decided, e.g. "aw.fly" or "hm.move"
        prompt: str,
        options: list[Action] | Callable[[], list[Action]] | None,  # None: the subclass's `build`
        context: dict[str, Any] | None = None,  # for views: unit, square...
        explain: Callable[[Action], str] | None = None,  # why an action is not legal
        accept: Callable[[Action], Action | None] | None = None,
        secret: bool = False,  # the other sides must not see the choice until the rules reveal it
    ) -> None:
        self.side, self.kind, self.prompt = side, kind, prompt
        self.context = context if context is not None else {}
        if explain is not None:
            self.explain = explain
        if accept is not None:
            self.accept = accept
        if secret:
            self.secret = True
        if callable(options):
            self.build = options
        elif options:
            self._options = options
        elif options is not None or self.build is None:
            raise ValueError(f"decision {kind} for {side} offers no action")

    @property
    def options(self) -> list[Action]:
        if self._options is None:
            self._options = self.build()
            if not self._options:
                raise ValueError(f"decision {self.kind} for {self.side} offers no action")
        return self._options

    def match(self, action: Action) -> Action:
        """The offered action equal to `action`, or IllegalAction with the reason."""
        if self._options is not None:
            for offered in self._options:
                if offered is action:
                    return action  # a bot handing back an offered action
        if not isinstance(action, dict) or "type" not in action:
            raise IllegalAction(f"an action is a mapping with a 'type'; got {reprlib.repr(action)}")
        if self.accept is not None:
            accepted = self.accept(action)
            if accepted is not None:
                return accepted
        if self._index is None:  # built on demand: bots answer with the offered dicts
            self._index = {action_key(a): a for a in self.options}
        found = self._index.get(action_key(action))
        if found is not None:
            return found
        reason = self.explain(action) if self.explain else ""
        if not reason:
            kinds = sorted({a["type"] for a in self.options})
            reason = (
                f"{reprlib.repr(action.get('type'))} with these parameters is not legal now "
                f"({self.prompt}); legal action types: {', '.join(kinds)}"
            )
        if len(reason) > REASON_LENGTH:  # quoting a hand-edited save's huge value: its start and the rule
            reason = f"{reason[:REASON_LENGTH - 100]} … {reason[-90:]}"
        raise IllegalAction(reason)

    def by_label(self, label: str) -> Action | None:
        return next((a for a in self.options if a.get("label") == label), None)
