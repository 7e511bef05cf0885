"""Sets of hexes around a plane as bit masks of cube offsets from it.

Every legal-move check and every bot's look along a line of fire asks "does any
of these hexes hold a plane?" for dozens of end states per decision. With each
offset from the plane given one bit (nearer offsets lower bits), the hexes a
move must find empty, or a gun's line, are one integer made once per template,
and the planes around the mover are one integer made once per decision: the
question is a single `&`.
"""

from __future__ import annotations

from threading import Lock
from typing import Iterable

from engine.core.board import CUBE_DIRECTIONS, Cube

_BITS: dict[Cube, int] = {(0, 0, 0): 1}
# An offset (x, y, z) as one number, x * ROW + y (z is -x - y): a difference of two such numbers is
# the number of the offset between them on any mat under ROW / 2 hexes across (a board has at most
# 200 columns and rows), and a dict reads a number quicker than a tuple made for the asking.
ROW = 4096
_HEXES: dict[int, int] = {0: 0}  # the number of each offset with a bit -> hexes from the origin
_NUMBERED: dict[int, int] = {0: 1}  # the number of each offset with a bit -> its bit, for `around`
_RADIUS = [0]  # every offset up to this distance has its bit
_GROWING = Lock()  # games in two threads must not give one offset two bits


def _grow(radius: int) -> None:
    """Give bits to the rings out to `radius`, ring by ring, so bits never change once given."""
    if _RADIUS[0] >= radius:
        return
    with _GROWING:
        while _RADIUS[0] < radius:
            r = _RADIUS[0] + 1
            x, y, z = (CUBE_DIRECTIONS[4][0] * r, CUBE_DIRECTIONS[4][1] * r, CUBE_DIRECTIONS[4][2] * r)
            ring = {}
            for d in range(6):
                dx, dy, dz = CUBE_DIRECTIONS[d]
                for _ in range(r):
                    ring[(x, y, z)] = 1 << (len(_BITS) + len(ring))
                    x, y, z = x + dx, y + dy, z + dz
            _HEXES.update(dict.fromkeys([x * ROW + y for x, y, _ in ring], r))
            _NUMBERED.update({x * ROW + y: b for (x, y, _), b in ring.items()})
            _BITS.update(ring)
            _RADIUS[0] = r


def bit(offset: Cube) -> int:
    """The bit of one offset."""
    found = _BITS.get(offset)
    if found is None:
        _grow(max(abs(offset[0]), abs(offset[1]), abs(offset[2])))
        found = _BITS[offset]
    return found


def hexes_by_number(radius: int) -> dict[int, int]:
    """Hexes from the origin to every offset within `radius` (at least), by the offset's number
    (ROW): the hexes between two offsets are one subtraction and one lookup, not three `abs`."""
    _grow(radius)
    return _HEXES


def mask(offsets: Iterable[Cube]) -> int:
    out = 0
    for offset in offsets:
        out |= bit(offset)
    return out


_DISKS: dict[int, tuple[tuple[Cube, int], ...]] = {}


def disk(radius: int) -> tuple[tuple[Cube, int], ...]:
    """Every offset within `radius`, with its bit (the nearest come first in `_BITS`)."""
    found = _DISKS.get(radius)
    if found is None:
        _grow(radius)
        found = _DISKS[radius] = tuple(_BITS.items())[:3 * radius * (radius + 1) + 1]
    return found


def number(cube: Cube) -> int:
    """The number of a hex or offset (ROW)."""
    return cube[0] * ROW + cube[1]


def _offset(number: int) -> Cube:
    """The offset of a number (ROW): its y lies within half a ROW of 0."""
    x = (number + ROW // 2) // ROW
    y = number - x * ROW
    return (x, y, -x - y)


def around(here: int, held: dict[int, object], left_out: object = None) -> int:
    """The mask of the hexes in `held` but those `left_out` holds, by their numbers (ROW), as offsets
    from the hex numbered `here`: a subtraction and a lookup each."""
    known = _NUMBERED.get
    out = 0
    for found, holder in held.items():
        if holder is not left_out:
            out |= known(found - here) or bit(_offset(found - here))  # (no bit is 0)
    return out


_RAYS: dict[tuple[Cube, int, int], tuple[int, tuple[tuple[int, Cube, int], ...]]] = {}


def ray(offset: Cube, direction: int, length: int) -> tuple[int, tuple[tuple[int, Cube, int], ...]]:
    """The `length` hexes from `offset` straight along `direction` (a line of fire): their mask,
    and each hex in order as (bit, offset, range), to find the first one a plane is in."""
    key = (offset, direction, length)
    found = _RAYS.get(key)
    if found is None:
        dx, dy, dz = CUBE_DIRECTIONS[direction]
        x, y, z = offset
        hexes = tuple((bit(c), c, k) for k in range(1, length + 1) for c in [(x + dx * k, y + dy * k, z + dz * k)])
        found = _RAYS[key] = (mask(c for _, c, _ in hexes), hexes)
    return found


_FIRSTS: dict[tuple[Cube, int, int], dict[int, tuple[int, Cube, int]]] = {}


def first_in_line(offset: Cube, direction: int, length: int) -> dict[int, tuple[int, Cube, int]]:
    """`ray`'s first hex (bit, offset, range) in each mask of its hexes (every one of them but none):
    the hex a gun fires at when planes are in those, one lookup for each move with planes in its
    line of fire rather than a walk along the line (2 ** length - 1 masks; guns reach a few hexes)."""
    key = (offset, direction, length)
    found = _FIRSTS.get(key)
    if found is None:
        found = {}
        for hex_ in reversed(ray(offset, direction, length)[1]):  # nearer first whatever lies beyond
            found.update({hit | hex_[0]: hex_ for hit in [0, *found]})
        _FIRSTS[key] = found
    return found
