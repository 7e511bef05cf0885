"""Many games with random legal decisions and with bots, every event checked against the invariants:
planes never share a hex, each plane is in exactly one place, nothing moves or fires once shot down or
gone, every move covers 1 to speed hexes, the deck holds the cards of the living, the score adds up."""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.content.validate import validate_paths
from engine.content.view import ContentView
from engine.core.game import Game, run
from engine.rulesets.hm import RULESET
from engine.rulesets import workspace

from ..conftest import PACK

SCENARIOS = ["zekes-in-the-slot", "yamamotos-defeat", "bombers-over-berlin"]


class RandomLegal:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision, game):
        return self.rng.choice(decision.options)


class Referee:
    """Replays the log, event by event, keeping its own account of the mat, and checks it."""

    def __init__(self, game: Game) -> None:
        self.grid = RULESET.engine.board(game.scenario, game.content)
        self.planes: dict[str, dict] = {}
        self.cards: dict[str, list[str]] = {}
        self.active: list[str] = []
        self.stalled: set[str] = set()
        self.score: Counter = Counter()

    def live_cards(self) -> list[str]:
        return sorted(c for c, ids in self.cards.items() if any(self.planes[i]["where"] == "mat" for i in ids))

    def check(self, e: dict) -> None:
        kind = e["type"]
        if kind == "unit.placed" and e["unit_type"] != "target":
            s = e["state"]
            self.planes[e["unit"]] = {"where": "mat", "side": e["side"], "at": e["at"], "facing": e["facing"],
                                      "length": len(s.get("hexes", [e["at"]])), "speed": s["speed"],
                                      "card": s["card"], "hits": 0, "damage": s["damage"]}
            self.planes[e["unit"]]["hexes"] = self.footprint(self.planes[e["unit"]])
            assert self.planes[e["unit"]]["hexes"] == s.get("hexes", [e["at"]])
            self.cards.setdefault(s["card"], []).append(e["unit"])
            self.no_shared_hexes()
        elif kind == "unit.moved":
            p = self.planes[e["unit"]]
            assert p["where"] == "mat", f"{e['unit']} moved while {p['where']}"
            assert e["unit"] in self.active, f"{e['unit']} moved without its card"
            limit = 1 if e["unit"] in self.stalled else p["speed"]
            assert 1 <= e["cost"] <= limit and len(e["path"]) >= 1, e
            steps = [p["at"]] + e["path"]
            assert all(self.grid.distance(self.grid.parse(a), self.grid.parse(b)) == 1
                       for a, b in zip(steps, steps[1:])), steps
            p["at"], p["facing"] = e["to"], e["facing"]
            p["hexes"] = self.footprint(p)
            self.no_shared_hexes()
        elif kind == "unit.removed" and e["unit"] in self.planes:
            p = self.planes[e["unit"]]
            assert p["where"] == "mat", f"{e['unit']} left twice"
            p["where"] = e["box"]
            if e["destroyed"]:
                assert e["box"] == "shot_down" and e["by"]
        elif kind == "unit.changed" and e["unit"] in self.planes:
            p = self.planes[e["unit"]]
            assert p["where"] == "mat"
            p.update({k: v for k, v in e["state"].items() if k in ("speed", "hits")})
            assert e["state"].get("hexes", p["hexes"]) == p["hexes"]
        elif kind == "hm.round":
            assert e["cards"] == self.live_cards(), "the deck is not the cards of the planes on the mat"
        elif kind == "roll" and e["die"] == "shuffle":
            assert sorted(e["order"]) == self.live_cards()
        elif kind == "hm.activation":
            self.active = e["planes"]
            self.stalled = set()
            assert e["planes"] == [i for i in self.cards[e["card"]] if self.planes[i]["where"] == "mat"]
            assert e["planes"], "a card with no plane left was drawn"
        elif kind == "hm.stalled":
            assert self.planes[e["plane"]]["speed"] == 0
            self.stalled.add(e["plane"])
        elif kind == "hm.shot":
            shooter, target = self.planes[e["shooter"]], self.planes[e["target"]]
            assert shooter["where"] == target["where"] == "mat" and e["shooter"] in self.active
            assert shooter["side"] != target["side"] and 1 <= e["range"] <= 4
        elif kind == "hm.bomb":
            assert self.planes[e["bomber"]]["where"] == "mat" and e["bomber"] in self.active
        elif kind == "hm.score":
            self.score[e["side"]] += e["points"]
            assert self.score[e["side"]] == e["total"]
        elif kind == "game.end":
            assert e["score"] == {side: self.score[side] for side in e["score"]}, "score is not the sum of scoring events"

    def footprint(self, p: dict) -> list[str]:
        """The nose hex and the hexes straight behind it that lie on the mat (a tail may hang off)."""
        nose = self.grid.parse(p["at"])
        cells = [self.grid.step(nose, p["facing"] + 3, i) for i in range(p["length"])]
        return [self.grid.label(c) for c in cells if self.grid.contains(c)]

    def no_shared_hexes(self) -> None:
        taken = [h for p in self.planes.values() if p["where"] == "mat" for h in p["hexes"]]
        assert len(taken) == len(set(taken)), f"planes share a hex: {Counter(taken).most_common(2)}"


def state_agrees(game: Game, referee: Referee) -> None:
    """The engine's own state after the game matches the account kept from the events alone."""
    state = game.state
    for pid, plane in state.planes.items():
        assert plane.status == referee.planes[pid]["where"]
        held = [c for c, p in state.occupied.items() if p is plane]
        assert sorted(held) == sorted(c for c in plane.hexes if c in state.mat.cubes) if plane.on_mat else not held
        assert plane.hits == referee.planes[pid]["hits"]


def play(records_view: ContentView, scenario_id: str, seed: int, control: str) -> Game:
    scen = records_view.get("hm.scenario", scenario_id)
    engine = RULESET.engine
    game = Game(engine, scen, records_view, seed)
    sides = game.sides
    if control == "random":
        controllers = {s: RandomLegal(seed + i) for i, s in enumerate(sides)}
    elif control == "mixed":
        controllers = {sides[0]: RandomLegal(seed), sides[1]: engine.bot(sides[1], "hard")}
    else:
        controllers = {s: engine.bot(s, control) for s in sides}
    run(game, controllers)
    return game


def referee_checks(game: Game) -> None:
    referee = Referee(game)
    for event in game.log:
        referee.check(event)
    state_agrees(game, referee)
    assert game.outcome.turns <= game.scenario.end.max_rounds


@lru_cache(maxsize=1)
def bundled() -> ContentView:
    (pack,) = validate_paths([PACK], workspace()).packs
    return ContentView.of_pack(pack)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SCENARIOS[:2]), st.integers(0, 2**31), st.sampled_from(["random", "mixed", "easy", "hard"]))
def test_dogfights_keep_every_invariant(scenario_id, seed, control):
    referee_checks(play(bundled(), scenario_id, seed, control))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from(["random", "mixed", "easy", "hard"]))
def test_bombing_runs_keep_every_invariant(seed, control):
    referee_checks(play(bundled(), "bombers-over-berlin", seed, control))
