"""Small positions for the solo AI: a game on the bundled pack and a pilot looking at it."""

from __future__ import annotations

from engine.rulesets.paw.play.solo_ai.pilot import Pilot

from ..engine_helpers import game


def pilot(content, planes, targets=(), options=None, **extra) -> tuple:
    """(game, pilot) before the first round; move pieces on `game.state` freely."""
    g = game(content, planes, targets, options={"crew_skills": True, **(options or {})},
             **extra)
    return g, Pilot(g)


def ai_events(g, plane: str | None = None) -> list[dict]:
    return [e for e in g.log.of_type("paw.ai") if plane is None or e["plane"] == plane]


class Steady:
    """A player who keeps Energy, flies level one step at a time and holds fire."""

    def choose(self, decision, g):
        if decision.kind == "paw.pilots":
            return next(o for o in decision.options if not o["solo_ai"])
        if decision.kind == "paw.energy":
            energy = g.state.planes[decision.context["plane"]].flight.energy
            return next(o for o in decision.options if o["to"] == energy)
        if decision.kind == "paw.maneuver":
            return next(o for o in decision.options if o["type"] == "level")
        return decision.options[-1]  # hold fire, keep ordnance, no Time Freeze


class Rigged:
    """The game's dice, except that the ACE AI table rolls `roll`."""

    def __init__(self, dice, roll: int) -> None:
        self.dice, self.roll = dice, roll

    def one(self, die, reason, **context):
        if reason.startswith("ACE AI table"):
            self.dice._record({"die": die, "count": 1, "results": [self.roll], "for": reason,
                               **context})
            return self.roll
        return self.dice.one(die, reason, **context)

    def __getattr__(self, name):
        return getattr(self.dice, name)
