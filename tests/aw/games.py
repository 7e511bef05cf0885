"""Making Air Wars games for tests: the bundled scenario, edited variants, controllers."""

from __future__ import annotations

import random
from typing import Callable

from engine.content.pack import record_data
from engine.content.view import ContentView
from engine.core.game import Game
from engine.rulesets import kinds
from engine.rulesets.aw import RULESET

from .conftest import PACK

ENGINE = RULESET.engine


def bundled() -> ContentView:
    from engine.content.validate import Workspace

    return ContentView.of_pack(Workspace().pack(PACK))


def variant(content: ContentView, changes: dict[tuple[str, str], Callable[[dict], None]],
            extra: list[dict] = ()) -> ContentView:
    """The content with some records edited (and re-validated) and some added."""
    records = []
    for kind in content.kinds():
        for record in content.records(kind):
            change = changes.get((kind, record.id))
            if change is not None:
                data = record_data(record)
                change(data)
                record = kinds()[kind].model_validate(data)
            records.append(record)
    records += [kinds()[data["kind"]].model_validate(data) for data in extra]
    return ContentView(records)


def new_game(content: ContentView, seed: int = 1, options: dict | None = None) -> Game:
    return Game(ENGINE, content.get("aw.scenario", "red-eagles"), content, seed, options)


class RandomPlayer:
    """Random legal play, leaning towards ending a flying segment so games stay short."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision, game):
        options = [o for o in decision.options if o["type"] != "cancel"] or decision.options
        if decision.kind == "aw.fly" and self.rng.random() < 0.35:
            return options[-1]
        return self.rng.choice(options)
