"""`PawEngine`, Pocket Air War's `RULESET.engine`: the scenario's sides and options, its state, the
round of play (`sequence`, with the solo AI flying its planes: `solo_ai.play`), bots and the mat."""

from __future__ import annotations

from engine.core.contract import EngineHooks

from .flight import predict, stall_outcome
from .solo_ai.play import SoloPlay
from .start import build_state
from .state import State


class PawEngine(EngineHooks):
    bot_strengths = ("easy", "hard", "ai")

    def sides(self, scenario) -> list[str]:
        return sorted(scenario.areas)

    def option_defaults(self, scenario) -> dict[str, bool]:
        o = scenario.options
        return {"altitude": o.altitude, "crew_skills": o.crew_skills,
                "aspect_modifiers": o.aspect_modifiers, "dive_attack": o.dive_attack,
                "advanced_damage": o.advanced_damage, "time_freeze": o.time_freeze}

    def setup(self, game) -> State:
        return build_state(game.scenario, game.content, game.options)

    def play(self, game):
        return SoloPlay(game).run()

    def bot(self, side: str, strength: str):
        from .bots import Bot

        return Bot(side, strength)

    def board(self, scenario, content):
        from ..draw.free_mat import FreeMat

        return FreeMat.for_scenario(scenario, content)

    def option_place(self, game, decision, option) -> dict | None:
        """Where an offered maneuver would leave the plane (`pos`, `heading`, `path` in mat
        millimetres), so a board can show it and a person can pick it there; with its Energy and
        altitude after it, and the edge it `exits` by, or that it `stalls` or `crashes`, so a person
        at the prompt is warned before flying off the mat. An Energy setting of 0 has no place, only
        its stall (and whether it crashes)."""
        if option.get("plane") not in game.state.planes:
            return None
        if decision.kind == "paw.energy":  # no place, but what setting 0 Energy does: a stall
            if option.get("to") != 0:
                return None
            crash = stall_outcome(game.state, game.state.planes[option["plane"]]) == "crash"
            return {"stalls": True, "crashes": True} if crash else {"stalls": True}
        if decision.kind != "paw.maneuver":
            return None
        end = predict(game.state, game.state.planes[option["plane"]], option)
        place = {**game.state.pose_event(end.pose), "path": [[round(x, 2), round(y, 2)] for x, y, _ in end.path],
                 "energy": end.energy, "altitude": game.state.alt_name(end.alt)}
        for key, value in (("exits", end.exited), ("stalls", end.stalls), ("crashes", end.crashes)):
            if value:
                place[key] = value
        return place
