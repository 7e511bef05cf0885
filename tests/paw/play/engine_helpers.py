"""Building small Pocket Air War positions for engine tests, with dice that roll as told."""

from __future__ import annotations

from engine.core.game import Game
from engine.rulesets.paw import RULESET
from engine.rulesets.paw.kinds.scenario import Scenario
from engine.rulesets.paw.play.start import build_state

FACTIONS = {"axis": "luftwaffe", "allies": "raf"}
OPTIONS = {"altitude": True, "crew_skills": False, "aspect_modifiers": False,
           "dive_attack": False, "advanced_damage": False, "time_freeze": False}


def plane(pid, dashboard, side, x, y, heading=0.0, altitude="standard", energy=5, **extra):
    return {"id": pid, "dashboard": dashboard, "faction": FACTIONS[side], "role": "fighter",
            "altitude": altitude, "energy": energy, "x": x, "y": y, "heading": heading, **extra}


def target(tid, unit, side, x, y, heading=0.0):
    return {"id": tid, "unit": unit, "side": side, "x": x, "y": y, "heading": heading}


def scenario(planes, targets=(), mission="fighter-sweep", target_type=None, options=None,
             **extra) -> Scenario:
    data = {"kind": "paw.scenario", "id": "test", "name": "Test", "briefing": "test",
            "mission": mission, "attacker": "axis", "mat": "sky",
            "areas": {"axis": "top", "allies": "bottom"}, "planes": list(planes),
            "targets": list(targets), "options": {**OPTIONS, **(options or {})}, **extra}
    if target_type:
        data["target_type"] = target_type
    return Scenario.model_validate(data)


def state(content, planes, targets=(), options=None, **extra):
    sc = scenario(planes, targets, options=options, **extra)
    return build_state(sc, content, {**OPTIONS, **(options or {})})


class Dice:
    """Stands in for `engine.core.dice.Dice`: rolls the numbers given, logs what was asked."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)
        self.asked: list[str] = []

    def one(self, die, reason, **context):
        self.asked.append(reason)
        return self.rolls.pop(0)

    def pick(self, items, k, reason):
        self.asked.append(reason)
        return list(items)[:k]


class Recorder:
    """A game stand-in for damage functions: collects emitted events."""

    def __init__(self, dice=None) -> None:
        self.events: list[tuple[str, dict]] = []
        self.dice = dice or Dice()

    def emit(self, type_, **data):
        self.events.append((type_, data))
        return data


def game(content, planes, targets=(), seed=1, options=None, **extra) -> Game:
    return Game(RULESET.engine, scenario(planes, targets, options=options, **extra), content,
                seed, {**OPTIONS, **(options or {})})
