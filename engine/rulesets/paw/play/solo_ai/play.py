"""The round with AI planes in it: the engine's `Play`, with the rulebook's AI rules.

Which planes the AI flies is settled before the first round: those the scenario marks
`ai: true`, and every plane of a side that answers the `paw.pilots` decision with the
solo AI. For those planes the engine asks no one: the pilot (`pilot.Pilot`) answers the
engine's own questions (Energy, bombs, torpedoes, targets) and flies its plan as the
engine's maneuver actions. The AI's rules that differ from a player's:
- it checks for a target after every step it moves and fires at once (the engine flies
  it one step at a time where a target may come into sight);
- it fires again in the Combat phase with every weapon, whatever fired while moving;
- it never collides, even when its counter overlaps another plane's;
- it never calls a Time Freeze (one called by a player still takes it along).
"""

from __future__ import annotations

from engine.core.decisions import Decision

from ..sequence import Play
from ..state import Plane
from .pilot import Pilot


def answered(rules, answer) -> None:
    """Run a rules generator to its end, answering its decisions with `answer(decision)`."""
    try:
        decision = next(rules)
        while True:
            decision = rules.send(answer(decision))
    except StopIteration:
        return


class SoloPlay(Play):
    def __init__(self, game) -> None:
        super().__init__(game)
        self.pilot = Pilot(game)
        self.ai: set[str] = set()

    def run(self):
        yield from self.choose_pilots()
        return (yield from super().run())

    def choose_pilots(self):
        s, g = self.s, self.game
        if not self.pilot.available:
            return
        self.ai = {sp.id for sp in s.scenario.planes if sp.ai}
        for side in s.sides():
            own = sorted(p.id for p in s.planes.values() if p.side == side)
            if not own or set(own) <= self.ai:
                continue
            opts = [{"type": "pilots", "side": side, "solo_ai": False,
                     "label": f"{side}: the players fly the {side} planes"},
                    {"type": "pilots", "side": side, "solo_ai": True,
                     "label": f"{side}: the solo AI flies every {side} plane"}]
            choice = yield Decision(side, "paw.pilots", f"Who flies the {side} planes "
                                    f"({', '.join(own)})?", opts, context={"side": side})
            if choice["solo_ai"]:
                self.ai |= set(own)
        if self.ai:
            g.emit("paw.pilots", ai=sorted(self.ai))

    def flown(self, plane: Plane) -> bool:
        return plane.id in self.ai

    # ------------------------------------------------------------------ a plane's round
    def may_freeze(self, plane: Plane) -> bool:
        return not self.flown(plane)

    def begin(self, plane: Plane):
        if not self.flown(plane):
            yield from super().begin(plane)
            return
        self.pilot.start(plane)
        answered(super().begin(plane), self.pilot.answer)

    def fly(self, plane: Plane, single_step: bool = False):
        if not self.flown(plane):
            yield from super().fly(plane, single_step)
            return
        fl = plane.flight
        start = fl.mp
        while fl.mp > 0 and plane.flying and not plane.stalled:
            option, in_sight = self.pilot.next_option(plane, single_step)
            answered(self.execute(plane, option), self.pilot.answer)
            if plane.flying and in_sight is not False:  # fire at once at what is in sight
                batch: list[dict] = []
                yield from self.declare(plane, batch)
                if batch:
                    self.resolve(batch)
            if single_step and fl.mp < start:
                return

    def end(self, plane: Plane):
        if not self.flown(plane):
            yield from super().end(plane)
            return
        answered(super().end(plane), self.pilot.answer)

    # ------------------------------------------------------------------ combat
    def combat(self):
        for plane in self.s.flying():
            if self.flown(plane):
                plane.fired = set()
        yield from super().combat()

    def declare(self, plane: Plane, batch: list[dict]):
        if not self.flown(plane):
            yield from super().declare(plane, batch)
        elif self.pilot.sighted(plane):
            answered(super().declare(plane, batch), self.pilot.answer)

    def may_collide(self, plane: Plane) -> bool:
        return not self.flown(plane)
