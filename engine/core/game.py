"""A game in progress: the rules generator, its state, the log, and the decisions made."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Generator, Protocol, runtime_checkable

from engine.content.model import Record

from .decisions import Action, Decision, IllegalAction
from .dice import Dice
from .events import EventLog

if TYPE_CHECKING:
    from .contract import RulesEngine

SAVE_FORMAT = "sortie.save/1"

Rules = Generator[Decision, Action, "Outcome"]


@dataclass
class Outcome:
    winner: str | None  # a side name, or None for a draw
    result: str  # e.g. the level of victory
    score: dict[str, float]
    turns: int
    details: dict[str, Any] = field(default_factory=dict)


class ContentLookup(Protocol):
    def get(self, kind: str, record_id: str) -> Record | None: ...
    def records(self, kind: str) -> list[Record]: ...


class Game:
    """Drives one game. The rules run until they need a decision, then wait for `submit`."""

    def __init__(
        self,
        engine: RulesEngine,
        scenario: Record,
        content: ContentLookup,
        seed: int,
        options: dict[str, bool] | None = None,
        pack: str = "",
    ) -> None:
        self.engine = engine
        self.scenario = scenario
        self.content = content
        self.seed = seed
        self.pack = pack
        defaults = engine.option_defaults(scenario)
        unknown = sorted(set(options or {}) - set(defaults))
        if unknown:
            raise ValueError(
                f"unknown option(s) {', '.join(unknown)} for scenario '{scenario.id}'; "
                f"available: {', '.join(sorted(defaults)) or 'none'}"
            )
        self.options = {**defaults, **(options or {})}
        self.sides = engine.sides(scenario)
        self.log = EventLog()
        self.dice = Dice(seed, partial(self.log.append, "roll"))  # no cycle back to the game: once
        # dropped, a finished game is freed at once, not left for the cyclic garbage collector
        self.decisions: list[dict] = []
        self.pending: Decision | None = None
        self.outcome: Outcome | None = None
        self.log.append(
            "game.start",
            {"scenario": scenario.id, "seed": seed, "options": self.options, "sides": self.sides},
        )
        self.state = engine.setup(self)
        self._rules = engine.play(self)
        self._resume(None, first=True)

    # -- used by the rules ----------------------------------------------------------
    def emit(self, type_: str, **data: Any) -> dict:
        return self.log.append(type_, data)

    # -- used by controllers --------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.outcome is not None

    def submit(self, action: Action) -> None:
        """Apply a side's choice; raises IllegalAction (game unchanged) if it is not legal."""
        if self.pending is None:
            raise IllegalAction("the game is over; no decision is pending")
        decision = self.pending
        chosen = decision.match(action)
        side, kind = decision.side, decision.kind
        # The record and its event are each built whole, once: some 700 of each a game, where
        # `log.append` would copy the record into a second dict grown key by key.
        record = {"side": side, "kind": kind, "action": chosen}
        event = {"seq": None, "type": "decision", "side": side, "kind": kind, "action": chosen}
        if decision.secret:  # kept whole for replays; `sight.Sight` leaves it out for the other sides
            record["secret"] = event["secret"] = True
        self.decisions.append(record)
        self.log.add(event)
        self.pending = None
        self._resume(chosen)

    def _resume(self, value: Action | None, first: bool = False) -> None:
        try:
            decision = next(self._rules) if first else self._rules.send(value)
        except StopIteration as stop:
            self.outcome = stop.value
            self.log.append(
                "game.end",
                {
                    "winner": self.outcome.winner,
                    "result": self.outcome.result,
                    "score": self.outcome.score,
                    "turns": self.outcome.turns,
                },
            )
            return
        self.pending = decision
        self.log.add(  # built whole, as in `submit`
            {"seq": None, "type": "decision.pending", "side": decision.side, "kind": decision.kind,
             "prompt": decision.prompt}
        )

    # -- saving ---------------------------------------------------------------------
    def save(self, with_events: bool = False) -> dict:
        data = {
            "format": SAVE_FORMAT,
            "ruleset": self.scenario.RULESET,
            "pack": self.pack,
            "scenario": self.scenario.id,
            "options": self.options,
            "seed": self.seed,
            "decisions": [{"side": d["side"], "action": d["action"]} for d in self.decisions],
        }
        if with_events:
            data["events"] = list(self.log)
        return data


class SaveMismatch(Exception):
    """A saved decision is not legal against the current content/rules: the game diverged."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"saved decision {index + 1} no longer applies: {reason}")
        self.index = index


def resume(
    engine: RulesEngine,
    scenario: Record,
    content: ContentLookup,
    save: dict,
    upto: int | None = None,
    pack: str = "",
) -> Game:
    """Rebuild a game from a save by replaying its decisions (optionally only the first `upto`)."""
    saved = save.get("scenario")
    if saved and saved != scenario.id:
        raise ValueError(f"the save is of scenario '{saved}', not '{scenario.id}'")
    game = Game(engine, scenario, content, int(save["seed"]), save.get("options"), pack=pack)
    decisions = save.get("decisions", [])
    for i, record in enumerate(decisions[:upto] if upto is not None else decisions):
        if game.pending is None:
            raise SaveMismatch(i, "the game ended before this decision")
        if record.get("side") != game.pending.side:
            raise SaveMismatch(i, f"expected a decision by {game.pending.side}, save has {record.get('side')}")
        try:
            game.submit(record["action"])
        except IllegalAction as exc:
            raise SaveMismatch(i, str(exc)) from None
    return game


class Controller(Protocol):
    def choose(self, decision: Decision, game: Game) -> Action: ...


@runtime_checkable
class Person(Controller, Protocol):
    """A controller that may be told no: a person, who tries again (a bot that breaks a rule is a bug)."""

    def refused(self, decision: Decision, action: Action, reason: str) -> None: ...


def run(game: Game, controllers: dict[str, Controller], max_decisions: int = 1_000_000,
        on_decision: Callable[[Game], None] | None = None) -> Outcome:
    """Play to the end, asking each side's controller at each decision point."""
    count = 0
    while game.pending is not None:
        decision = game.pending
        controller = controllers[decision.side]
        action = controller.choose(decision, game)
        try:
            game.submit(action)
        except IllegalAction as exc:
            if not isinstance(controller, Person):  # a bot that breaks the rules: say which and why
                raise IllegalAction(f"{decision.side} ({type(controller).__name__}): {exc}") from None
            controller.refused(decision, action, str(exc))
            continue
        count += 1
        if on_decision:
            on_decision(game)
        if count >= max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions")
    assert game.outcome is not None
    return game.outcome
