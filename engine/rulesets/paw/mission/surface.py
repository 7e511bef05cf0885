"""The mat as geometry: halves, edges, counters as rectangles, the rear sector.

Distances in the deployment rules ("6 steps from any edge", "within 5 steps
of any enemy plane") are between the closest parts of counters and edges, so
counters are shapely rectangles and every check measures outlines, never
centres. Conventions are the scenario's: millimetres from the lower-left
corner, headings counter-clockwise from +x.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import LineString, Polygon, box

# Which half each side flies from, named by its outer edge ("designate one half of the
# playing area as the Allied side and the other as the Axis side").
AREAS = {"axis": "top", "allies": "bottom"}
OPPOSITE = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}
INWARD = {"bottom": 90.0, "top": 270.0, "left": 0.0, "right": 180.0}  # heading away from it


@dataclass(frozen=True)
class Surface:
    width: float
    height: float
    step: float
    length: float  # counter, nose to tail
    breadth: float  # counter, wing to wing

    @classmethod
    def of(cls, mat, rules) -> "Surface":
        c = rules.components
        return cls(mat.width_mm, mat.height_mm, c.step_mm, c.counter_length_mm,
                   c.counter_width_mm)

    @property
    def radius(self) -> float:
        """Half the counter's diagonal: clear of this, a counter fits whatever its heading."""
        return math.hypot(self.length, self.breadth) / 2

    def counter(self, x: float, y: float, heading: float) -> Polygon:
        return _rectangle(x, y, heading, self.length, self.breadth)

    def edge_distance(self, shape: Polygon) -> float:
        """Distance from a counter to the closest mat edge; negative by as much as it pokes
        out. (The closest point of a convex counter to a straight edge is a corner.)"""
        return round(min(min(x, self.width - x, y, self.height - y)
                         for x, y in shape.exterior.coords), 6)  # no -1e-16 from rotations

    def edge_line(self, edge: str) -> LineString:
        w, h = self.width, self.height
        return LineString({"bottom": [(0, 0), (w, 0)], "top": [(0, h), (w, h)],
                           "left": [(0, 0), (0, h)], "right": [(w, 0), (w, h)]}[edge])

    def edge_length(self, edge: str) -> float:
        return self.width if edge in ("top", "bottom") else self.height

    def depth(self, edge: str) -> float:
        """Distance from `edge` to the opposite edge."""
        return self.height if edge in ("top", "bottom") else self.width

    def at(self, edge: str, depth: float, along: float) -> tuple[float, float]:
        """The point `depth` in from `edge` and `along` it from its lower or left end."""
        return {
            "bottom": (along, depth),
            "top": (along, self.height - depth),
            "left": (depth, along),
            "right": (self.width - depth, along),
        }[edge]

    def half(self, edge: str) -> Polygon:
        """The half of the mat along `edge` (a side's own area)."""
        w, h = self.width, self.height
        return {
            "bottom": box(0, 0, w, h / 2),
            "top": box(0, h / 2, w, h),
            "left": box(0, 0, w / 2, h),
            "right": box(w / 2, 0, w, h),
        }[edge]

    def farthest_edge_heading(self, x: float, y: float, prefer: str) -> float:
        """Heading toward the most distant edge; ties go to `prefer`, then in a fixed order."""
        distances = {"top": self.height - y, "bottom": y, "left": x, "right": self.width - x}
        order = [prefer] + [e for e in ("top", "bottom", "left", "right") if e != prefer]
        edge = max(order, key=lambda e: (round(distances[e], 6), -order.index(e)))
        return INWARD[OPPOSITE[edge]]

    def rear_sector(self, x: float, y: float, heading: float) -> Polygon:
        """The wedge behind a counter, bounded by the lines from its centre through its rear
        corners (the target-aspect schematic), reaching past the mat."""
        reach = 2 * (self.width + self.height)
        half = math.degrees(math.atan2(self.breadth / 2, self.length / 2))
        points = [(x, y)]
        for angle in (heading + 180 - half, heading + 180 + half):
            rad = math.radians(angle)
            points.append((x + reach * math.cos(rad), y + reach * math.sin(rad)))
        return Polygon(points)


def _rectangle(x: float, y: float, heading: float, length: float, breadth: float) -> Polygon:
    rad = math.radians(heading)
    ux, uy = math.cos(rad), math.sin(rad)  # along the nose
    vx, vy = -uy, ux  # toward the left wing
    a, b = length / 2, breadth / 2
    return Polygon([
        (x + ux * a + vx * b, y + uy * a + vy * b),
        (x - ux * a + vx * b, y - uy * a + vy * b),
        (x - ux * a - vx * b, y - uy * a - vy * b),
        (x + ux * a - vx * b, y + uy * a - vy * b),
    ])
