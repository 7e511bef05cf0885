"""Property tests: random legal play and bot play of every bundled scenario keep the invariants.

Checked on every event in order: Energy within 0..max, altitude one of the levels, no event
or decision for a plane after it is destroyed, every movement point spent by a plane that
neither stalled, crashed nor left the mat, one-shot ordnance used at most once.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.game import Game, run
from engine.rulesets.launch import find_scenario
from engine.rulesets.paw import RULESET

SCENARIOS = ["sweep-spitfire-vs-ace-110", "sweep-four-versus-four", "cas-kanalkampf-convoy",
             "cas-leyte-battleship", "bombing-adlerangriff-airfield"]
LAUNCH = {s: find_scenario(f"pocket-air-war/{s}") for s in SCENARIOS}
OPTIONAL = ("altitude", "crew_skills", "aspect_modifiers", "dive_attack", "advanced_damage",
            "time_freeze")


class RandomPlayer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision, game):
        return self.rng.choice(decision.options)


def check(game: Game) -> None:
    s = game.state
    levels = set(s.levels)
    top = {p.id: p.dash.max_energy.undamaged + 1 for p in s.planes.values()}
    torpedoes = {p.id: p.dash.torpedoes.count if p.dash.torpedoes else 0
                 for p in s.planes.values()}
    dead: set[str] = set()
    gone: set[str] = set()
    stalled: set[str] = set()
    last_mp: dict[str, int] = {}
    used: dict[tuple[str, str], int] = {}

    def spent():
        for pid, mp in last_mp.items():
            if pid not in gone and pid not in stalled:
                assert mp == 0, f"{pid} left {mp} movement point(s) unspent"

    for e in game.log:
        kind = e["type"]
        pid = e.get("plane")
        if kind in ("round.start", "game.end"):
            spent()
            last_mp.clear()
            stalled.clear()
        # (a torpedo in the water runs on after its plane is gone: "the torpedo is independent of the plane")
        if pid in dead and kind in ("paw.maneuver", "paw.energy", "paw.attack", "paw.torpedo") and not e.get("torpedo"):
            raise AssertionError(f"destroyed plane {pid} acted: {e}")
        if kind == "decision" and e["action"].get("plane") in dead:
            raise AssertionError(f"a decision for destroyed plane: {e}")
        if kind == "unit.removed" and e["unit"] in s.planes:
            gone.add(e["unit"])
            if e.get("destroyed"):
                dead.add(e["unit"])
        for value in ([e["state"].get("energy")] if kind == "unit.changed" else []) + \
                [e.get("energy")] if kind in ("paw.maneuver", "paw.energy", "paw.stall") else []:
            if value is not None:
                who = pid or e.get("unit")
                assert 0 <= value <= top[who], f"Energy {value} out of range: {e}"
        if kind == "unit.changed" and "altitude" in e["state"]:
            assert e["state"]["altitude"] in levels
        if kind == "paw.maneuver":
            assert e["altitude"] in levels and e["mp"] >= 0
            last_mp[pid] = e["mp"]
        if kind == "paw.energy" and "allowance" in e:
            last_mp[pid] = e["allowance"]
        if kind == "paw.stall":
            stalled.add(pid)
        if kind == "paw.attack" and pid:
            if e.get("rockets"):
                used[(pid, "rockets")] = used.get((pid, "rockets"), 0) + 1
            if e.get("weapon") == "bombs":
                used[(pid, "bombs")] = used.get((pid, "bombs"), 0) + 1
        if kind == "paw.torpedo":
            used[(pid, "torpedoes")] = used.get((pid, "torpedoes"), 0) + 1
    for (p, what), n in used.items():
        assert n <= (torpedoes[p] if what == "torpedoes" else 1), f"{p} used {what} {n} times"
    for p in s.planes.values():
        assert p.status != "flying" or (0 <= p.flight.energy <= s.max_energy(p)
                                        and 0 <= p.flight.alt < len(s.levels))


def play(scenario: str, seed: int, options: dict, bots: bool) -> Game:
    launch = LAUNCH[scenario]
    game = Game(RULESET.engine, launch.scenario, launch.content, seed, options)
    engine = RULESET.engine
    if bots:
        controllers = {side: engine.bot(side, engine.bot_strengths[i % 2])
                       for i, side in enumerate(game.sides)}
    else:
        controllers = {side: RandomPlayer(seed * 7 + i) for i, side in enumerate(game.sides)}
    run(game, controllers)
    return game


flags = st.fixed_dictionaries({name: st.booleans() for name in OPTIONAL})


@settings(max_examples=300, deadline=None, derandomize=True)
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 10**6), options=flags)
def test_random_legal_play_keeps_the_invariants(scenario, seed, options):
    check(play(scenario, seed, options, bots=False))


@settings(max_examples=80, deadline=None, derandomize=True)
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 10**6), options=flags)
def test_bot_play_keeps_the_invariants(scenario, seed, options):
    game = play(scenario, seed, options, bots=True)
    check(game)
    assert game.over
