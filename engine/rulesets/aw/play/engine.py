"""The Air Wars rules engine: plays an `aw.scenario` by the system and scenario rules.

`AirWarsEngine` is the `RULESET.engine` of the ruleset: it builds the game
state from the content (every counter of both sides' countermix), runs the
Sequence of Play as a generator of decisions, and hands out bots.
"""

from __future__ import annotations

from operator import attrgetter

from engine.core.contract import EngineHooks

from ..kinds.units import AirUnit
from .flying import FlyToDecision, via_text
from .fog import Lookout, sighted
from .sequence import play
from .state import State, Unit
from .static import Static


class AirWarsEngine(EngineHooks):
    bot_strengths = ("easy", "hard")
    route_kinds = frozenset({"aw.fly_to"})  # decisions whose moves may carry a person's route (17.0)

    def __init__(self) -> None:
        self._static: dict[tuple, tuple] = {}

    def hidden(self, state: State, side: str) -> frozenset[str]:
        """Enemy units on the map `side` cannot identify now (22.0): what its player's view leaves out."""
        return frozenset(unit.id for unit, seen in sighted(state, side) if not seen)

    def lookout(self, state: State) -> Lookout:
        """What each event lets the other side identify from then on (`sight.Watch` names them
        from that event on): turned face up, examined, come to the top of a stack or flown into
        radar cover (that of `state`'s scenario)."""
        static = state.static
        return Lookout({static.enemy[side]: frozenset(static.labels[s] for s in squares)
                        for side, squares in static.radar.items()})

    def option_note(self, game, decision, option: dict) -> str:
        """For a person at the prompt: the route a move or landing takes unless they give one (17.0)."""
        route = self.option_route(game, decision, option)
        return via_text(route[0][1:]) if route else ""

    def option_route(self, game, decision, option: dict) -> tuple[list[str], str] | None:
        """For a board: the squares a move or landing passes from the stack's square (the option's
        route when a person gave one, else the engine's) and why that route is refused ('' if not)."""
        if not isinstance(decision, FlyToDecision) or option.get("type") not in ("move", "land"):
            return None
        return decision.route_of(option)

    def sides(self, scenario) -> list[str]:
        return [scenario.intruder, scenario.interceptor]

    def option_defaults(self, scenario) -> dict[str, bool]:
        return {o.id: o.default for o in scenario.options}

    def static(self, scenario, content, options: dict[str, bool]) -> Static:
        """The indexed scenario, kept for the next game with the same records and options."""
        key = (id(scenario), id(content), tuple(sorted(options.items())))
        cached = self._static.get(key)
        if cached is None or cached[0] is not scenario or cached[1] is not content:
            if len(self._static) > 16:
                self._static.clear()
            cached = (scenario, content, Static(scenario, content, options))
            self._static[key] = cached
        return cached[2]

    def setup(self, game) -> State:
        static = self.static(game.scenario, game.content, game.options)
        st = State(game, static)
        for side in static.order:
            for record, air, boxed, scheduled in _countermix(static, side):
                units = [Unit(f"{record.id}.{n}", side, record, air) for n in range(1, record.count + 1)]
                for unit in units:
                    st.units[unit.id] = unit
                    st.of_side[side].append(unit)
                tail = units[len(units) - boxed - scheduled:] if boxed + scheduled else []
                st.initial_box.update([u.id for u in tail[:boxed]])
                st.scheduled.update([u.id for u in tail[boxed:]])
        return st

    def play(self, game):
        return play(game)

    def bot(self, side: str, strength: str):
        from .bots import AirWarsBot

        return AirWarsBot(side, strength)

    def board(self, scenario, content):
        return content.get("aw.map", scenario.map).grid()


def _countermix(static: Static, side: str) -> list[tuple]:
    """`side`'s counter records in set-up order (air units, then ground units, each by id), each with
    whether it is an air unit and how many of its counters start in the Reinforcements Box and come as
    scheduled reinforcements (29.0, 12.0): the same in every game of the scenario, so worked out once."""
    found = static.cache.get(("countermix", side))
    if found is None:
        setup = static.setups[side]
        records = sorted([r for r in static.air_units.values() if r.side == side], key=attrgetter("id"))
        records += sorted([r for r in static.ground_units.values() if r.side == side], key=attrgetter("id"))
        found = static.cache[("countermix", side)] = [
            (record, isinstance(record, AirUnit),  # not kind_id(), which reads pydantic's model_fields (slow)
             sum([e.count for e in setup.reinforcement_box if e.unit == record.id]),
             sum([e.count for e in setup.scheduled_reinforcements if e.unit == record.id]))
            for record in records]
    return found
