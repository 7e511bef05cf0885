"""Making Air Wars games for tests: the bundled scenario, edited variants, controllers."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable

from engine.content.pack import record_data
from engine.content.view import ContentView
from engine.core.game import Game
from engine.rulesets import kinds
from engine.rulesets.aw import RULESET
from engine.rulesets import workspace

from ..conftest import PACK

ENGINE = RULESET.engine


@lru_cache(maxsize=1)
def bundled() -> ContentView:

    return ContentView.of_pack(workspace().pack(PACK))


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


class Loaded:
    """Dice that roll the faces a test gives, in order (each roll still logged)."""

    def __init__(self, game, faces=()) -> None:
        self.game, self.faces = game, list(faces)
        self.rolled: list[tuple[str, list[int]]] = []

    def load(self, *faces: int) -> "Loaded":
        self.faces += faces
        return self

    def roll(self, die, reason, count=1, **context):
        if len(self.faces) < count:
            raise AssertionError(f"the test loaded too few dice for '{reason}' ({count} needed)")
        out, self.faces = self.faces[:count], self.faces[count:]
        self.rolled.append((reason, out))
        self.game.log.append("roll", {"die": die, "count": count, "results": out, "for": reason, **context})
        return out

    def one(self, die, reason, **context):
        return self.roll(die, reason, 1, **context)[0]

    def pick(self, items, k, reason):
        return list(items)[:k]

    def shuffle(self, items, reason):
        return list(items)


def drive(gen, answer=None):
    """Run a rules generator to its end, answering each decision (default: the first option).

    `answer(decision)` returns an action; a list of actions is answered in order.
    Returns (value, decisions asked).
    """
    asked = []
    if isinstance(answer, list):
        queue = list(answer)
        answer = lambda d: queue.pop(0)  # noqa: E731
    answer = answer or (lambda d: d.options[0])
    try:
        decision = next(gen)
        while True:
            asked.append(decision)
            action = answer(decision)
            decision = gen.send(decision.match(action))
    except StopIteration as stop:
        return stop.value, asked


def board(seed: int = 1, content: ContentView | None = None, options: dict | None = None):
    """A game stopped at its first decision with every counter off the map, empty hands, loaded dice."""
    game = new_game(content or bundled(), seed, options)
    st = game.state
    assert not any(u.square is not None for u in st.units.values())
    for name, side in st.sides.items():
        side.deck += [h.card for h in side.hand] + side.discards + side.to_reshuffle
        side.hand, side.discards, side.to_reshuffle = [], [], []
        side.command_level = st.static.setups[name].command_level.start
    st.turn, st.hour, st.phase = 1, 1, "operations"
    game.dice = Loaded(game)
    return game, st


def put(st, unit_id: str, at: str, airborne: bool = False, took_off: int | None = None):
    """Put a counter on a square (based, or in the air having taken off in `took_off`)."""
    unit = st.units[unit_id]
    st.place(unit, st.static.index[at], "test set-up")
    if airborne:
        unit.took_off = st.hour if took_off is None else took_off
        unit.sorties = max(unit.sorties, 1)
        st.change(unit, {"airborne": True})
    return unit


def option(decision, **match):
    """The offered option with these fields (a test fails if there is none)."""
    for o in decision.options:
        if all(o.get(k) == v for k, v in match.items()):
            return o
    raise AssertionError(f"no option {match} in {decision.kind}: {[o.get('label') for o in decision.options]}")


DECOY = {"kind": "aw.air_unit", "id": "vvs-decoy", "name": "Decoy", "side": "vvs", "type": "D", "count": 2,
         "front": {"mode": "decoy", "air_combat": 0, "bomb": 0, "speed": 5, "short_range": False}}
FLAK = {"kind": "aw.ground_unit", "id": "lw-flak", "name": "Flak", "side": "luftwaffe", "type": "aa",
        "count": 1, "aa": 2}


@lru_cache(maxsize=1)
def with_decoys_and_flak() -> ContentView:
    """Red Eagles has neither; the system rules do (22.1, 7.0): two VVS decoys, one Luftwaffe AA unit."""
    return variant(bundled(), {}, [DECOY, FLAK])
