"""The person's mouse on the playtest board, as actions: a click picks what is offered there,
a counter dropped anywhere else is tried as an action for the engine to accept or refuse.

The board says what was clicked (a unit id, a cell label, an offered place's key) or
where a counter was let go (a cell label, or mat millimetres); these functions answer
with what to do, and the view does it. No Qt here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

from .frames import PLACE_KEY, Place

DERIVED = ("label", "path", "cost")  # fields an offered action works out from its place


@dataclass
class Pick:
    """What a click or a drop asks for: an action to submit, or options to choose among."""

    action: dict | None = None
    among: list[int] = field(default_factory=list)  # option indices to narrow the list to
    note: str = ""  # what to tell the person


def _at(places: Sequence[Place], kind: str, value: Any) -> list[int]:
    return [p.option for p in places if p.kind == kind and p.value == value]


def _offer(decision: Any, indices: list[int], what: str, commit: bool = True) -> Pick:
    if len(indices) == 1 and commit:
        return Pick(action=decision.options[indices[0]])
    if len(indices) == 1:
        return Pick(among=indices, note="Look it over, then Write it.")
    return Pick(among=indices, note=f"{len(indices)} actions {what}: pick one.")


def click(decision: Any, places: Sequence[Place], key: str, commit: bool = True) -> Pick | None:
    """An offered place, unit or cell clicked; None when nothing is offered there. Without
    `commit` (a move written before it is revealed) even a single action is only picked, for
    the person to look over before writing it."""
    if key.startswith(PLACE_KEY):
        option = int(key[len(PLACE_KEY):])
        place = next(p for p in places if p.option == option)
        if place.kind == "cell":  # an arrow of a hex's fan: the actions ending there, facing so
            indices = [p.option for p in places if p.kind == "cell" and p.value == place.value
                       and p.facing == place.facing]
            return _offer(decision, indices, f"end in {place.value} facing that way", commit)
        return _offer(decision, _at(places, "pos", place.value), "end there", commit)
    for kind in ("unit", "cell"):
        indices = _at(places, kind, key)
        if indices:
            return _offer(decision, indices, f"with {key}", commit)
    return None


def drop(decision: Any, places: Sequence[Place], unit: str, target: Any, reach_mm: float) -> Pick:
    """A counter let go on a cell (a label) or a free mat ((x, y) mm)."""
    if isinstance(target, str):
        indices = _at(places, "cell", target)
        if indices:
            return _offer(decision, indices, f"to {target}")
        moves = [o for o in decision.options if "to" in o or "at" in o]
        template = next((o for o in moves if unit in o.values()), moves[0] if moves else None)
        if template is None:
            return Pick(note=f"no action of this decision moves {unit} to a place; try an action in the "
                             "JSON field")
        action = {k: v for k, v in template.items() if k not in DERIVED}
        action["to" if "to" in template else "at"] = target
        return Pick(action=action)
    near = [p for p in places if p.kind == "pos" and math.dist(p.value, target) <= reach_mm]
    if near:
        best = min(near, key=lambda p: math.dist(p.value, target))
        return _offer(decision, _at(places, "pos", best.value), "end there")
    return Pick(note=f"no offered move of {unit} ends near ({target[0]:.0f}, {target[1]:.0f}) mm: the "
                     "arrows show where the offered moves end")
