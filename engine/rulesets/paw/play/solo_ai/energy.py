"""How much Energy an AI plane takes before moving: the rulebook's three guidelines.

The maneuver must be possible without stalling (the pilot tries the settings in the order
below and takes the first that flies). Engaged in combat (its focal point an enemy plane
within one Dashboard) it keeps the Energy of its tightest turn at the highest Energy that
turn allows; told to "gain max speed" it takes the most; otherwise it keeps what it has.
It must not overshoot its target: a setting that would leave the focal plane behind it is
taken only when no other flies.
"""

from __future__ import annotations

from .craft import Craft
from .focal import Focal
from .position import Relative


def engaged(focal: Focal, rel: Relative) -> bool:
    return focal.enemy_plane and rel.band == "within_dashboard"


def preferred(craft: Craft, values: list[int], focal: Focal,
              rel: Relative) -> tuple[list[int], str]:
    """The Energy settings to try, best first, and the guideline that ordered them."""
    values = [v for v in values if v > 0] or values  # 0 stalls before moving
    if focal.max_speed:
        return sorted(values, reverse=True), "it gains max speed"
    if engaged(focal, rel):
        target = craft.tightest_turn_energy()
        return (sorted(values, key=lambda v: (abs(v - target), craft.rank(v), -v)),
                f"engaged, it keeps the {target} Energy of its tightest turn")
    now = craft.plane.flight.energy
    return (sorted(values, key=lambda v: (abs(v - now), -v)),
            "it keeps its Energy, or the nearest at which the maneuver flies")
