"""Free-mat geometry of Pocket Air War: counters, steps, templates, firing areas.

Mat conventions are the scenario's: millimetres from the lower-left corner, y up,
headings in degrees counter-clockwise from +x. A pose is `(x, y, heading)` of a
counter's centre. A plane's steps move that centre: straight along the heading,
or around the turning template's circle (the template's arc has the radius and
step angle the content gives; a left turn's centre is on the left of the nose).
Areas and distances that the rules measure against "any part of the counter"
use shapely polygons.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Iterable

from shapely import affinity
from shapely.geometry import Polygon

Pose = tuple[float, float, float]

EPS = 1e-6


def norm(heading: float) -> float:
    """Heading in (-180, 180]."""
    if -180.0 < heading <= 180.0:
        return heading
    h = math.fmod(heading, 360.0)
    if h <= -180.0:
        h += 360.0
    elif h > 180.0:
        h -= 360.0
    return h


def forward(pose: Pose, dist: float) -> Pose:
    x, y, h = pose
    r = math.radians(h)
    return (x + dist * math.cos(r), y + dist * math.sin(r), h)


def sideways(pose: Pose, dist: float) -> Pose:
    """`dist` to the left of the nose (negative: to the right)."""
    x, y, h = pose
    r = math.radians(h)
    return (x - dist * math.sin(r), y + dist * math.cos(r), h)


@lru_cache(maxsize=64)
def _chord(radius: float, angle: float, side: str) -> tuple[float, float, float]:
    """(ahead, left, heading change) of one template step in the plane's own frame."""
    sign = 1.0 if side == "left" else -1.0
    a = math.radians(angle)
    return (radius * math.sin(a), sign * radius * (1.0 - math.cos(a)), sign * angle)


def turn_step(pose: Pose, radius: float, angle: float, side: str) -> Pose:
    """One step along a turning template laid on the `side` ('left'/'right') of the plane."""
    ahead, left, turn = _chord(radius, angle, side)
    x, y, h = pose
    r = math.radians(h)
    c, s = math.cos(r), math.sin(r)
    return (x + ahead * c - left * s, y + ahead * s + left * c, norm(h + turn))


def rounded(pose: Pose) -> Pose:
    """Poses as events and saves show them: 0.01 mm and 0.01 degree."""
    return (round(pose[0], 2), round(pose[1], 2), round(norm(pose[2]), 2))


def corners(pose: Pose, length: float, width: float) -> list[tuple[float, float]]:
    x, y, h = pose
    r = math.radians(h)
    c, s = math.cos(r), math.sin(r)
    hl, hw = length / 2, width / 2
    return [(x + c * dx - s * dy, y + s * dx + c * dy)
            for dx, dy in ((hl, hw), (-hl, hw), (-hl, -hw), (hl, -hw))]


def counter(pose: Pose, length: float, width: float) -> Polygon:
    """The counter as an oriented rectangle."""
    return Polygon(corners(pose, length, width))


def local(pose: Pose, px: float, py: float) -> tuple[float, float]:
    """A mat point in the pose's frame: x ahead of the centre, y to its left."""
    x, y, h = pose
    r = math.radians(h)
    dx, dy = px - x, py - y
    return (dx * math.cos(r) + dy * math.sin(r), -dx * math.sin(r) + dy * math.cos(r))


def to_mat(pose: Pose, lx: float, ly: float) -> tuple[float, float]:
    x, y, h = pose
    r = math.radians(h)
    return (x + lx * math.cos(r) - ly * math.sin(r), y + lx * math.sin(r) + ly * math.cos(r))


def shooting_area(pose: Pose, length: float, width: float, reach: float) -> Polygon:
    """The guns' rectangle: from the counter's front edge to the Combat ruler's limit."""
    pts = [to_mat(pose, lx, ly) for lx, ly in
           ((length / 2, width / 2), (length / 2 + reach, width / 2),
            (length / 2 + reach, -width / 2), (length / 2, -width / 2))]
    return Polygon(pts)


def ruler_distance(pose: Pose, length: float, target: Polygon) -> float:
    """Distance from the front edge to the projection on the ruler of the target's closest part."""
    xs = [local(pose, px, py)[0] for px, py in target.exterior.coords]
    return max(0.0, min(xs) - length / 2)


def placed(outline: Iterable[tuple[float, float]], origin: tuple[float, float],
           heading: float) -> Polygon:
    """A template outline (origin at its mark, facing +x) laid at `origin` facing `heading`."""
    poly = Polygon(list(outline))
    poly = affinity.rotate(poly, heading, origin=(0, 0))
    return affinity.translate(poly, origin[0], origin[1])


def steps_box(distance_mm: float, step_mm: float) -> int:
    """The ruler box a distance falls in: box 1 covers up to one step."""
    return max(1, math.ceil(distance_mm / step_mm - EPS))


def bearing(pose: Pose, px: float, py: float) -> float:
    """Direction of a point seen from the pose, relative to its nose (-180, 180]."""
    lx, ly = local(pose, px, py)
    return norm(math.degrees(math.atan2(ly, lx)))


def aspect(target: Pose, length: float, width: float, px: float, py: float) -> str:
    """'front', 'side' or 'back' of the target where the point lies, by the counter's corners.

    The corners' diagonals split the counter's surroundings into four sectors; a point on a
    diagonal is on the side (the rulebook's "if still unclear, use the side").
    """
    corner = math.degrees(math.atan2(width / 2, length / 2))
    b = abs(bearing(target, px, py))
    if b < corner - EPS:
        return "front"
    if b > 180.0 - corner + EPS:
        return "back"
    return "side"


def inside(width: float, height: float, x: float, y: float) -> bool:
    return 0.0 <= x <= width and 0.0 <= y <= height


def exit_edge(width: float, height: float, x: float, y: float) -> str:
    """The edge a point beyond the mat has crossed (the farthest beyond, when a corner)."""
    over = {"left": -x, "right": x - width, "bottom": -y, "top": y - height}
    return max(over, key=lambda k: over[k])
