"""Air Wars bots in two strengths.

Both play by what their side may see (fog of war) and land in time. The hard
bot strikes the targets worth most for the risk, escorts, intercepts what it
can outgun, strafes airbases when kills pay, patrols over its most valuable
target, plays wild cards for command level and ground battles when it can
bomb them. The easy bot sends bombers at the nearest targets, never flies its
fighters, and plays its cards as they come.
"""

from __future__ import annotations

from engine.core.decisions import Decision

from ..flying import Destinations, FlyDecision, FlyToDecision
from ..fog import examined
from ..state import State
from .choices import CHOICES
from .intel import Intel
from .missions import Mission, Order, Planner


class AirWarsBot:
    remembers = True  # its missions, orders and order in hand: `engine.core.recall` rebuilds them

    def __init__(self, side: str, strength: str) -> None:
        self.side, self.strength = side, strength
        self.missions: dict[str, Mission] = {}
        self.orders: list[Order] = []
        self.plan_key: tuple | None = None
        self.current: Order | None = None
        self.memory: dict = {}
        self._intel: tuple[tuple, Intel] | None = None
        self._installations: dict = {}  # see `Intel`

    def intel(self, st: State) -> Intel:
        """What the side knows of the enemy now (the same until an enemy unit changes, a target
        is hit or a card shows enemy units or stops showing them), of this game's state: a bot that
        watched the game so far on a copy (`caught_up`) plays on with what the game itself holds."""
        key = (id(st), st.versions[st.static.enemy[self.side]], len(st.bombed_targets), tuple(st.battles),
               len(st.battles_bombed), examined(st, self.side) if st.effects else None)
        if self._intel is None or self._intel[0] != key:
            self._intel = (key, Intel(st, self.side, self._installations))
        return self._intel[1]

    def choose(self, decision: Decision, game) -> dict:
        st: State = game.state
        if decision.kind == "aw.fly":
            return self._fly(decision, st)
        if decision.kind == "aw.fly_to":
            return self._fly_to(decision, st)
        return CHOICES[decision.kind](self, decision, st)

    # ---- flying -----------------------------------------------------------------------
    def _fly(self, decision: FlyDecision, st: State) -> dict:
        key = (st.turn, st.hour, st.active)
        if key != self.plan_key:
            self.plan_key = key
            self.orders = Planner(st, self.side, self.strength, self.missions, self.intel(st)).plan()
        while self.orders:
            order = self.orders.pop(0)
            units = [st.units[u] for u in order.units if st.units[u].square is not None]
            if not units:
                continue
            lead = units[0]
            square = lead.square
            option = None
            if len(units) > 1 and lead.airborne and \
                    {u.id for u in st.unmoved_over(self.side, square)} == {u.id for u in units}:
                option = decision.offer("fly_stack", st.static.label(square))
            option = option or decision.offer("fly", lead.id)
            if option is not None:
                self.current = order if len(units) == len(order.units) else Order(
                    [u.id for u in units], order.dest, order.land, order.why)  # without those lost on the way
                return option
        self.current = None
        return decision.offer("end")

    def _fly_to(self, ends: FlyToDecision, st: State) -> dict:
        order = self.current
        if order is not None and len(order.units) > len(ends.group):  # the group is part of the order
            for uid in order.units:
                add = ends.adds().get(uid)
                if add is not None:
                    return add
        dest = order.dest if order is not None else ends.start
        land = order.land if order is not None else True
        return nearest(ends, st, dest, land)


def nearest(ends: Destinations, st: State, dest: int, land: bool) -> dict:
    """The legal landing (if wanted) or move that ends closest to `dest`."""
    static = st.static
    want = "land" if land else "move"
    exact = ends.offer(want, static.labels[dest])
    if exact is not None:
        return exact
    # Landing: the nearest airbase, else the nearest square. Flying on: the nearest square,
    # a move before a landing there. Ties go to the first listed.
    away = static.dist[dest].__getitem__
    moves = ends.moves()
    move = min(moves, key=away) if moves else None
    if not land and move is not None and len(moves) == len(ends.steps):
        return ends.offer("move", static.labels[move])  # every landing is among the moves: none is nearer
    landings = ends.landings()
    base = min(landings, key=away) if landings else None
    if base is not None and (land or move is None or away(base) < away(move)):
        return ends.offer("land", static.labels[base])
    if move is not None:
        return ends.offer("move", static.labels[move])
    return ends.offer("cancel", None)
