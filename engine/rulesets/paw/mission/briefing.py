"""What the players are told: the mission, the forces, the set-up and how to win.

The victory conditions are read from the content (the target type's
`victory`, the Fighter Sweep's `sweep_victory`), so a designer who edits them
sees the generated briefings follow.
"""

from __future__ import annotations

from collections import Counter

from .forces import Plane, points

AMOUNTS = {"all": "all of", "at_least_half": "at least half of",
           "at_least_one": "at least one of"}


def _names(units: list[str], content) -> list[str]:
    records = [content.get("paw.ground_target", u) for u in units]
    return [r.label if r is not None else u for r, u in zip(records, units)]


def _goal(goal, content) -> str:
    names = _names(goal.units, content)
    if goal.amount == "main":
        return f"the main ship (the first present of {', '.join(names)})"
    what = " / ".join(names) if names else "target counters"
    text = f"{AMOUNTS[goal.amount]} the {what}"
    return text + " (if any are deployed)" if goal.if_present else text


def victory_text(victory, content) -> str:
    options = [" and ".join(_goal(g, content) for g in s.all_of) for s in victory.destroy_any_of]
    text = "The attacker wins by destroying " + "; or ".join(options)
    if victory.exit_required:
        roles = " or ".join(r.replace("_", "-") for r in victory.exit_roles) or "plane"
        text += f", with at least one attacking {roles} exiting the map from its own edge"
    text += ". If the objective is destroyed but every attacking plane is lost, "
    text += "the result is a draw." if victory.all_attackers_lost == "draw" else \
        "the attacker loses."
    if victory.escaped_targets_safe:
        text += " Counters that leave the map are safe."
    return text


def sweep_text(sweep) -> str:
    return ("The game ends when one side has no planes left on the board (shot down or "
            "exited). The side that shot down the most VP wins; if that is less than "
            f"{sweep.draw_below_fraction:.0%} of the initial VP, the game is a draw.")


def force_text(side: str, planes: list[Plane]) -> str:
    counts = Counter((p.dashboard.label, p.loadout) for p in planes)
    parts = [f"{n} {label}" + (f" ({load.replace('_', ' ')})" if load != "none" else "")
             for (label, load), n in counts.items()]
    return f"{side.capitalize()}: {', '.join(parts)} - {points(planes)} VP."


def composition_text(composition, content) -> str:
    return " + ".join(f"{item.count} {_names([item.unit], content)[0]}" for item in composition)
