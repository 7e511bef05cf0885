"""Turning templates A-E and fire templates G1-G3 as geometry a flight engine can use.

Coordinates are millimetres in the template's own frame: the origin is the
start mark (the arrow), +x is the plane's heading when it lays the template,
+y is the inside of a left turn (a right turn uses the mirror image, y -> -y).
The printed cards are not in the rulebook, so the geometry is authored as a
sample; what the rulebook does fix (which letter is tighter, where the yellow
energy marks fall in the Spitfire turning example) the samples respect.
"""

from __future__ import annotations

import math

from pydantic import Field

from engine.content.model import Model, Record, field, kind_literal

from .vocabulary import Letter

Point = tuple[float, float]


def points_field(description: str):
    return Field(
        default_factory=list,
        description=description + " Points are [x, y] in millimetres in the template's frame.",
        json_schema_extra={"x-unit": "mm"},
    )


class TurnMark(Model):
    """One mark along a turning template; reaching it completes one step."""

    step: int = field("Step number counted from the start arrow (1 = first mark).", ge=1, le=40)
    energy_loss: int = field(
        "Energy lost on reaching or crossing this mark (the yellow circle); 0 for a plain mark.",
        0,
        unit="energy",
        ge=0,
        le=3,
    )


class TurningTemplate(Record):
    """A turning template: an arc whose marks are one step apart along the curve."""

    kind: kind_literal("paw.turning_template")
    letter: Letter = field("Template letter; A is the tightest turn, E the widest.")
    radius_mm: float = field(
        "Radius of the arc the plane's side mark follows.", unit="mm", gt=0, le=500
    )
    step_angle_deg: float = field(
        "Heading change per step (the angle between consecutive marks seen from the centre).",
        unit="degrees",
        gt=0,
        le=90,
    )
    marks: list[TurnMark] = field(
        "Marks in order from the start arrow; a turn longer than the template is continued "
        "by laying it again from its start, so the marks repeat.",
        min_length=1,
    )
    outline: list[tuple[float, float]] = points_field(
        "Outline of the printed template card, a closed polygon (first point not repeated)."
    )

    def energy_loss(self, steps: int) -> int:
        """Energy lost over `steps` consecutive steps laid from the start arrow."""
        per_lay = [m.energy_loss for m in self.marks]
        whole, rest = divmod(steps, len(per_lay))
        return whole * sum(per_lay) + sum(per_lay[:rest])

    def mark_point(self, step: int) -> Point:
        """Where the plane's side mark sits after `step` steps of a left turn."""
        theta = math.radians(self.step_angle_deg * step)
        return (self.radius_mm * math.sin(theta), self.radius_mm * (1 - math.cos(theta)))


class FireTemplate(Record):
    """A gunner's fire template: the sector a gunner (or AAA) can shoot into."""

    kind: kind_literal("paw.fire_template")
    code: str = field("Code printed on the template: G1, G2 or G3.", pattern=r"^G[1-9]$")
    radius_mm: float = field(
        "Radius of the sector measured from the gunner's mark.", unit="mm", gt=0, le=500
    )
    arc_start_deg: float = field(
        "Start of the sector, measured from the direction the template faces "
        "(counter-clockwise positive).",
        unit="degrees",
        ge=-180,
        le=180,
    )
    arc_end_deg: float = field(
        "End of the sector, counter-clockwise from `arc_start_deg`.",
        unit="degrees",
        ge=-180,
        le=180,
    )
    outline: list[tuple[float, float]] = points_field(
        "Outline of the printed template with the gunner's mark at the origin and the facing "
        "direction along +x; a closed polygon (first point not repeated)."
    )
