"""Who a plane can shoot (rulebook: Resolve Shooting, Bomber Firing Arcs).

A fighter fires along the straight line of hexes ahead of its nose (a tail gun
along the line behind); the first plane on that line is the target if it is an
enemy and blocks the shot if it is a friend. A bomber turret fires at an enemy
within its range whose bearing lies in one of its sectors (hm.turret records);
planes between block the line, and a line that runs along a hexside is blocked
as the shooting table's `hexside_lines` says.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from engine.core.board import CUBE_DIRECTIONS, Cube, cube_distance

from .state import Plane, State, cube_distances
from ..kinds.turrets import Turret

_EPS = (1e-6, 2e-6, -3e-6)


class Shot(NamedTuple):
    target: Plane
    range: int


def line_target(state: State, shooter: Plane, facing: int, reach: int, nose: Cube | None = None) -> Shot | None:
    """The enemy a gun pointing along `facing` from the nose (or from `nose`, where a move would
    leave it) hits first within `reach`, if any."""
    (x, y, z), (dx, dy, dz) = nose or shooter.nose, CUBE_DIRECTIONS[facing]
    occupied, block = state.occupied, state.table.planes_block
    for distance in range(1, reach + 1):
        x, y, z = x + dx, y + dy, z + dz
        plane = occupied.get((x, y, z))
        if plane is None or plane is shooter:
            continue
        if plane.side != shooter.side:
            return Shot(plane, distance)
        if block:
            return None
    return None


def fighter_guns(state: State, plane: Plane, facing: int) -> tuple[tuple[int, int, int, str], ...]:
    """(dice, facing, reach, weapon) of a fighter's forward guns and tail gun, its nose along `facing`."""
    ranges = state.table.ranges
    return ((plane.record.guns_front or 0, facing, ranges.front, "forward guns"),
            (plane.record.guns_tail, facing + 3, ranges.tail, "tail gun"))


def guns_from(state: State, plane: Plane, nose: Cube, facing: int) -> str:
    """What a fighter's guns would fire at from `nose` and `facing`, the enemies where they are now
    (they stay put while its card is played): for a person weighing a hundred moves."""
    said = []
    for dice, aim, reach, weapon in fighter_guns(state, plane, facing):
        shot = line_target(state, plane, aim % 6, reach, nose) if dice else None
        if shot is not None:
            said.append(f"{weapon} at {shot.target.id}, range {shot.range}, "
                        f"{dice} dice hit on {state.hit_spans[shot.range].text()}")
    return "; ".join(said)


def _pixel(cube: Cube) -> tuple[float, float]:
    x, _, z = cube
    return 1.5 * x, math.sqrt(3) * (z + x / 2)  # y grows southwards


def _bearing(cube: Cube) -> float:
    """Degrees clockwise from north of a hex seen from the origin."""
    px, py = _pixel(cube)
    return math.degrees(math.atan2(px, -py)) % 360


def _round(x: float, y: float, z: float) -> Cube:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return (int(rx), int(ry), int(rz))


class Sight(NamedTuple):
    range: int
    sectors: frozenset[int]  # absolute hexside directions whose 60-degree sector holds the bearing
    between: tuple[tuple[Cube, ...], ...]  # hexes the line crosses; two where it runs along a hexside


@lru_cache(maxsize=None)
def sight(offset: Cube) -> Sight:
    """How a hex at `offset` from a shooter is seen: its range, sectors and the hexes in between."""
    distance = cube_distance((0, 0, 0), offset)
    bearing = _bearing(offset)
    sectors = frozenset(d for d in range(6) if abs((bearing - 60 * d + 180) % 360 - 180) <= 30 + 1e-9)
    between = []
    for i in range(1, distance):
        t = i / distance
        point = [c * t for c in offset]
        a = _round(*(p + e for p, e in zip(point, _EPS)))
        b = _round(*(p - e for p, e in zip(point, _EPS)))
        between.append((a,) if a == b else tuple(sorted((a, b))))
    return Sight(distance, sectors, tuple(between))


def _origins(bomber: Plane, turret: Turret) -> tuple[Cube, ...]:
    hexes = bomber.hexes
    if turret.fires_from == "front":
        return hexes[:1]
    if turret.fires_from == "rear":
        return hexes[-1:]
    return hexes


def in_reach(state: State, bomber: Plane) -> list[Plane]:
    """Enemies on the mat that may be within turret range of the bomber, in set-up order: what its
    turrets look at."""
    reach = state.table.ranges.turret
    nx, ny, nz = bomber.nose
    near = []
    for enemy in state.enemies(bomber.side):
        far = reach + bomber.length + enemy.length - 2  # no hex of the one is nearer the other's nose
        x, y, z = enemy.nose
        if -far <= x - nx <= far and -far <= y - ny <= far and -far <= z - nz <= far:
            near.append(enemy)
    return near


def turret_shots(state: State, bomber: Plane, turret: Turret, near: list[Plane] | None = None) -> list[Shot]:
    """Enemies the turret can fire at now, nearest hex of each, in set-up order. `near`: the
    bomber's `in_reach`, when its turrets fire one after another (those shot down since are passed by)."""
    table = state.table
    reach, block = table.ranges.turret, table.planes_block
    both = table.hexside_lines.blocked_by == "both"
    origins = _origins(bomber, turret)
    arcs = {(d + bomber.facing) % 6 for d in turret.directions}
    shots = []
    for enemy in in_reach(state, bomber) if near is None else near:
        if not enemy.on_mat:
            continue
        best = reach + 1  # nearer than this by a line the turret sees (a farther hex cannot be the best)
        for hex_ in enemy.hexes:
            # 'either': range and bearing from whichever of the bomber's hexes is nearer
            distance = min(cube_distances(hex_, origins))
            if not 0 < distance < best:
                continue
            for origin in origins:
                seen = sight((hex_[0] - origin[0], hex_[1] - origin[1], hex_[2] - origin[2]))
                if seen.range != distance or seen.sectors.isdisjoint(arcs):
                    continue
                if block and _blocked(state, origin, seen, bomber, enemy, both):
                    continue
                best = distance
                break  # (another origin at this distance makes it no nearer)
        if best <= reach:
            shots.append(Shot(enemy, best))
    return shots


def _blocked(state: State, origin: Cube, seen: Sight, shooter: Plane, target: Plane, both: bool) -> bool:
    occupied = state.occupied
    for group in seen.between:
        held = [occupied.get((origin[0] + x, origin[1] + y, origin[2] + z)) for x, y, z in group]
        blocking = [p is not None and p is not shooter and p is not target for p in held]
        if all(blocking) if both else any(blocking):
            return True
    return False
