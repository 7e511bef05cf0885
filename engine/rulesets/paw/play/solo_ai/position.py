"""Where the focal point lies from the AI plane: the ACE AI table's range band and column.

The horizontal position uses the sectors of the rulebook's aspect schematics (the
counter's diagonals: ahead, side, behind); the range is measured centre to centre
against one Dashboard's length.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..geometry import aspect
from ..state import Plane, State
from .focal import Focal, vertical

POSITIONS = {"front": "ahead", "side": "side", "back": "behind"}


@dataclass(frozen=True)
class Relative:
    band: str  # within_dashboard | beyond_dashboard
    position: str  # ahead | side | behind
    vertical: str  # higher | level | lower
    distance: float  # mm


def relative(state: State, plane: Plane, focal: Focal) -> Relative:
    pose = plane.flight.pose
    d = math.dist(pose[:2], (focal.x, focal.y))
    band = ("within_dashboard" if d < state.tables.rules.components.dashboard_length_mm
            else "beyond_dashboard")
    side = aspect(pose, state.length, state.width_c, focal.x, focal.y)
    return Relative(band, POSITIONS[side], vertical(state, plane.flight.alt, focal.alt), d)

