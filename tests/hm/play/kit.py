"""Small scenarios built in tests, loaded dice and a scripted table for the minis rules engine."""

from __future__ import annotations

from typing import Any, Callable

from engine.content.view import ContentView
from engine.core.dice import Dice
from engine.core.game import Game
from engine.rulesets.hm import RULESET
from engine.rulesets.hm.kinds.scenario import Scenario

ENGINE = RULESET.engine
WHOLE = {"col_min": 1, "col_max": 17, "row_min": 1, "row_max": 15}


def fighter(id_: str, col: int, row: int, facing: int, card: str, plane: str | None = None) -> dict:
    out = {"id": id_, "col": col, "row": row, "facing": facing, "card": card}
    if plane:
        out["plane"] = plane
    return out


def squadron(id_: str, side: str, plane: str, planes: list[dict], role: str = "fighter",
             card: str | None = None) -> dict:
    out = {"id": id_, "side": side, "role": role, "plane": plane, "planes": planes}
    if card:
        out["card"] = card
    return out


def scenario(squadrons: list[dict], board: str = "dogfight", **extra: Any) -> Scenario:
    data = {
        "kind": "hm.scenario", "id": "test", "name": "Test", "board": board, "rules": "core",
        "briefing": "A test.", "setup": {"source": "test", "sample": True},
        "sides": [
            {"id": "red", "name": "Red", "faction": "allies", "home_edge": "south", "zone": WHOLE},
            {"id": "blue", "name": "Blue", "faction": "axis", "home_edge": "north", "zone": WHOLE},
        ],
        "squadrons": squadrons,
        "victory": [{"side": "red", "condition": "more_kills"}, {"side": "blue", "condition": "more_kills"}],
        "end": {"max_rounds": 3, "triggers": []},
        "source": "test",
    }
    data.update(extra)
    return Scenario.model_validate(data)


def content(records: dict, *extra) -> ContentView:
    return ContentView(list(records.values()) + list(extra))


class LoadedDice(Dice):
    """The game's dice with some results fixed in advance: rolls come off `rolls` while it lasts,
    shuffles put the cards in the orders of `decks`; everything is logged as usual."""

    def __init__(self, seed: int, record: Callable[[dict], None], rolls=(), decks=()) -> None:
        super().__init__(seed, record)
        self.rolls, self.decks = list(rolls), list(decks)

    def roll(self, die: str, reason: str, count: int = 1, **context) -> list[int]:
        if not self.rolls:
            return super().roll(die, reason, count, **context)
        results = [self.rolls.pop(0) for _ in range(count)]
        self._record({"die": die, "count": count, "results": results, "for": reason, **context})
        return results

    def shuffle(self, items: list, reason: str) -> list:
        if not self.decks:
            return super().shuffle(items, reason)
        order = self.decks.pop(0)
        out = sorted(items, key=lambda card: order.index(card) if card in order else len(order))
        self._record({"die": "shuffle", "count": len(out), "results": [], "for": reason, "order": list(out)})
        return out


def new_game(monkeypatch, scen: Scenario, view: ContentView, seed: int = 1, rolls=(), decks=()) -> Game:
    """A game whose first rolls and shuffles are fixed (the rest come from the seed)."""
    monkeypatch.setattr("engine.core.game.Dice",
                        lambda s, record: LoadedDice(s, record, rolls, decks))
    return Game(ENGINE, scen, view, seed)


def move_to(game: Game, to: str, facing: int) -> dict:
    """Submit the pending move that ends in `to` with `facing`."""
    action = next((a for a in game.pending.options if a.get("to") == to and a.get("facing") == facing), None)
    assert action is not None, f"no move to {to} facing {facing}: {[a['label'] for a in game.pending.options]}"
    game.submit(action)
    return action


def events(game: Game, *types: str) -> list[dict]:
    return game.log.of_type(*types)
