"""Victory: the Fighter Sweep's VP shot down, or a target type's destruction goals plus a
plane home across its own edge."""

from __future__ import annotations

from engine.content.diagnostics import possessive
from engine.core.game import Outcome

from ..kinds.missions import DestroyGoal, Victory
from .state import State


def shot_down_vp(state: State) -> dict[str, int]:
    """VP of enemy planes each side shot down (crashes, collisions and own Flak score nothing)."""
    out = {s: 0 for s in state.sides()}
    for p in state.planes.values():
        if p.status == "destroyed" and p.shot_down_by in out:
            out[p.shot_down_by] += p.dash.points
    return out


def over(state: State, cap: int) -> bool:
    sides = state.sides()
    if state.round >= cap:
        return True
    if state.victory is None:
        return any(not state.flying(s) for s in sides)
    return not state.flying(state.scenario.attacker)


def outcome(state: State) -> Outcome:
    """The result, with `why` in its details: what ended the game and what decided it (not logged:
    told to a person at the end)."""
    vp = shot_down_vp(state)
    score = {s: float(v) for s, v in vp.items()}
    result = _sweep(state, vp, score) if state.victory is None else _ground(state, state.victory, score)
    gone = [s for s in state.sides() if not state.flying(s)]
    ended = f"{' and '.join(gone)} had no plane left on the mat" if gone else f"round {state.round}, the last"
    result.details["why"] = f"{ended}; {result.details['why']}"
    return result


def _sweep(state: State, vp: dict[str, int], score: dict[str, float]) -> Outcome:
    best = max(vp.values())
    leaders = [s for s, v in vp.items() if v == best]
    details = {"vp_shot_down": vp, "initial_vp": state.initial_vp}
    shot = ", ".join(f"{s} shot down {v} VP" for s, v in vp.items())
    if len(leaders) > 1:
        return Outcome(None, "draw", score, state.round, {**details, "why": f"{shot}: even (Fighter Sweep)"})
    winner = leaders[0]
    loser = next(s for s in vp if s != winner)
    fraction = state.sweep_fraction
    need = f"{fraction:.0%} of the {state.initial_vp[loser]} VP {loser} started with"
    if best < fraction * state.initial_vp[loser]:
        return Outcome(None, "draw", score, state.round,
                       {**details, "reason": "too few VP", "why": f"{shot}: {winner} most, but less than {need}: "
                                                                  f"a draw (Fighter Sweep)"})
    return Outcome(winner, "victory", score, state.round,
                   {**details, "why": f"{shot}: {winner} most, and at least {need} (Fighter Sweep)"})


def goal_met(state: State, goal: DestroyGoal) -> bool | None:
    """True/False, or None for an 'if present' goal whose counters were never deployed."""
    ids = set(goal.units)
    pool = [t for t in state.targets.values() if not ids or t.unit.id in ids
            or (t.unit.flip_side in ids)]
    if not pool:
        return None if goal.if_present else False
    dead = [t for t in pool if t.status == "destroyed"]
    if goal.amount == "all":
        return len(dead) == len(pool)
    if goal.amount == "at_least_half":
        return 2 * len(dead) >= len(pool)
    if goal.amount == "at_least_one":
        return bool(dead)
    main = next(u for u in goal.units if any(t.unit.id == u for t in pool))
    return all(t.status == "destroyed" for t in pool if t.unit.id == main)


def objective_met(state: State, victory: Victory) -> bool:
    for alternative in victory.destroy_any_of:
        results = [goal_met(state, g) for g in alternative.all_of]
        if all(r is not False for r in results) and any(r is True for r in results):
            return True
    return False


def _ground(state: State, victory: Victory, score: dict[str, float]) -> Outcome:
    attacker = state.scenario.attacker
    defender = next(s for s in state.sides() if s != attacker)
    home = state.areas[attacker]
    exits = [p for p in state.planes.values() if p.side == attacker and p.status == "exited"
             and p.exit_edge == home and (not victory.exit_roles or p.role in victory.exit_roles)]
    met = objective_met(state, victory)
    details = {"objective": met, "exited_home": [p.id for p in exits]}
    goal = "destroyed its objective" if met else "did not destroy its objective"
    home = (f"{', '.join(details['exited_home'])} flew home across {possessive(attacker)} edge" if exits else
            f"no {' or '.join(r.replace('_', '-') for r in victory.exit_roles) or 'plane'} of {attacker} flew "
            f"home across its edge")
    details["why"] = f"{attacker} {goal}; {home}"
    if met and (exits or not victory.exit_required):
        return Outcome(attacker, "attacker victory", score, state.round, details)
    if met:
        return Outcome(None, victory.all_attackers_lost, score, state.round, details) \
            if victory.all_attackers_lost == "draw" else \
            Outcome(defender, "defender victory", score, state.round, details)
    return Outcome(defender, "defender victory", score, state.round, details)
