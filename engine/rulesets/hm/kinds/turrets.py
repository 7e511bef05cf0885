"""Bomber turret positions and their firing arcs.

The rulebook's arc diagram ("The diagram shows where each bomber turret can
fire") is lost from the print, so the arcs are authored samples; the positions
themselves are the five turret columns of the bomber table.
"""

from __future__ import annotations

from typing import Literal

from engine.content.model import Record, field, kind_literal

Direction = Literal[0, 1, 2, 3, 4, 5]


class Turret(Record):
    """A turret position: which printed column it is and where it can fire.

    Directions are hexsides relative to the bomber's facing: 0 ahead, 1
    ahead-right, 2 behind-right, 3 behind, 4 behind-left, 5 ahead-left. The
    turret fires at a plane within its range (2 hexes) whose bearing from the
    bomber lies in the 60-degree sector centred on one of its directions; a
    bearing on the boundary of two sectors belongs to both.
    """

    kind: kind_literal("hm.turret")
    column: int = field(
        "Printed column of the bomber table holding this position's guns, counted among the "
        "five turret columns after Class.",
        ge=1,
        le=5,
    )
    directions: list[Direction] = field(
        "Sectors the turret can fire into, as hexsides relative to the bomber's facing.",
        min_length=1,
        max_length=6,
    )
    fires_from: Literal["front", "rear", "either"] = field(
        "For a heavy bomber, which of its two hexes range and bearing are measured from: "
        "the front (nose) hex, the rear hex, or whichever is nearer the target.",
        "either",
    )
