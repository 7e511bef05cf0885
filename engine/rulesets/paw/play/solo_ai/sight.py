"""Cheap tests of what may be in a plane's sights, run before the engine's polygons.

They may say yes when the engine then finds no target; they never say no when it would.
"""

from __future__ import annotations

import math

from ..geometry import local
from ..state import State


def guns_may_reach(state: State, pose, reach: float, x: float, y: float) -> bool:
    """Could a counter centred at (x, y) touch the guns' area (`reach` mm long) of a plane at
    `pose`?"""
    corner = math.hypot(state.length, state.width_c) / 2 + 1e-6  # centre to corner
    lx, ly = local(pose, x, y)
    front = state.length / 2
    return (reach > 0 and front - corner <= lx <= front + reach + corner
            and abs(ly) <= state.width_c / 2 + corner)
