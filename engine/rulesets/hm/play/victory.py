"""When a minis game ends and who won, as the scenario's victory and end records say."""

from __future__ import annotations

from engine.core.game import Game, Outcome

from ..kinds.scenario import Victory
from .state import OFF_MAT, SHOT_DOWN, State

IMMEDIATE = ("shoot_down_designated", "destroy_targets")


def met(state: State, v: Victory) -> str | None:
    """Why the condition holds now, or None. `otherwise` is judged against the other sides."""
    if v.condition == "shoot_down_designated":
        plane_id = state.designated.get(v.designation or "")
        if plane_id and state.planes[plane_id].status == SHOT_DOWN:
            return f"{v.designation} was shot down in {plane_id}"
    elif v.condition == "destroy_targets":
        names = v.targets or list(state.targets)
        gone = [t for t in names if state.targets[t].destroyed]
        if len(gone) >= v.count:
            return f"{len(gone)} of {len(names)} targets destroyed ({', '.join(gone)})"
    elif v.condition == "more_kills":
        kills, losses = state.kills[v.side], state.losses[v.side]
        if kills > losses:
            return f"{v.side} shot down {kills} and lost {losses}"
    elif v.condition == "otherwise":
        others = [o for o in state.scenario.victory if o.side != v.side and o.condition != "otherwise"]
        if not any(met(state, o) for o in others):
            return f"{v.side} denied every other side its victory ({'; '.join(unmet(state, o) for o in others)})"
    return None


def unmet(state: State, v: Victory) -> str:
    """What kept `v.side` from its victory, for the reason the side that denied it wins."""
    if v.condition == "shoot_down_designated":
        plane_id = state.designated.get(v.designation or "")
        plane = state.planes.get(plane_id or "")
        where = "flew off the mat" if plane is not None and plane.status == OFF_MAT else "was still flying"
        return f"{v.designation} in {plane_id} {where}" if plane else f"{v.designation} was never designated"
    if v.condition == "destroy_targets":
        names = v.targets or list(state.targets)
        gone = sum(state.targets[t].destroyed for t in names)
        return f"{v.side} destroyed {gone} of {len(names)} targets, {v.count} needed"
    if v.condition == "more_kills":
        return f"{v.side} shot down {state.kills[v.side]} and lost {state.losses[v.side]}"
    return f"{v.side} did not meet {v.condition}"


def check_end(game: Game, state: State) -> None:
    """Fire the scenario's end triggers once something has changed on the mat."""
    if state.ended is not None:
        return
    why = None
    triggers = state.scenario.end.triggers
    if "victory" in triggers:
        why = next((m for v in state.scenario.victory if v.condition in IMMEDIATE and (m := met(state, v))), None)
    if why is None and "side_eliminated" in triggers:
        why = next((f"{s.id} has no plane left on the mat" for s in state.scenario.sides if not state.live(s.id)),
                   None)
    if why is None and "bombers_gone" in triggers:
        if not any(p.on_mat and p.role == "bomber" for p in state.planes.values()):
            why = "no bomber is left on the mat"
    if why is not None:
        state.ended = why
        game.emit("hm.game_ends", round=state.round, why=why)


def outcome(state: State) -> Outcome:
    reasons = {}
    for v in state.scenario.victory:
        why = met(state, v)
        if why and v.side not in reasons:
            reasons[v.side] = why
    winner = next(iter(reasons)) if len(reasons) == 1 else None
    if winner:
        why = f"{winner} wins: {reasons[winner]}"
    elif reasons:
        why = "draw: " + "; ".join(reasons.values())
    else:
        why = "draw: no side met its victory condition"
    details = {
        "why": why,
        "ended": state.ended or f"the last round ({state.scenario.end.max_rounds}) was played",
        "kills": dict(state.kills),
        "losses": dict(state.losses),
        "designated": dict(state.designated),
        "targets_destroyed": [t.id for t in state.targets.values() if t.destroyed],
    }
    return Outcome(winner, "victory" if winner else "draw", dict(state.score), state.round, details)
