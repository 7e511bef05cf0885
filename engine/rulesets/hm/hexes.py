"""Hex-mat geometry: numbered hexes, the six facings, distances, lines of hexes.

The rulebook asks for a mat whose hexes line up so that the two sides, and the
bombing targets, have a straight path of hexes to each other. Flat-topped
hexes in columns give exactly that along the board's length, so the board is
addressed as (column, row), both counted from 1 at the north-west corner, and
a plane's facing is the hexside it points at, 0-5 clockwise from north.
`stagger` says which columns sit half a hex further south.

Lint rules use these functions now; the rules engine will use the same ones.
"""

from __future__ import annotations

from typing import Literal

Stagger = Literal["even-low", "odd-low"]
Hex = tuple[int, int]  # (column, row), both from 1

# Axial steps (dq, dr) for facings 0-5 on flat-topped hexes, r growing southwards.
_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def _parity_shift(q: int, stagger: Stagger) -> int:
    # 1-based even columns are 0-based odd ones ("odd-q" layout) and vice versa.
    return (q - (q & 1)) // 2 if stagger == "even-low" else (q + (q & 1)) // 2


def to_axial(hex_: Hex, stagger: Stagger) -> tuple[int, int]:
    col, row = hex_
    q = col - 1
    return q, (row - 1) - _parity_shift(q, stagger)


def from_axial(q: int, r: int, stagger: Stagger) -> Hex:
    return q + 1, r + _parity_shift(q, stagger) + 1


def neighbour(hex_: Hex, facing: int, stagger: Stagger, steps: int = 1) -> Hex:
    """The hex `steps` hexes away in direction `facing` (a straight line of hexes)."""
    q, r = to_axial(hex_, stagger)
    dq, dr = _STEPS[facing % 6]
    return from_axial(q + dq * steps, r + dr * steps, stagger)


def distance(a: Hex, b: Hex, stagger: Stagger) -> int:
    """Hexes between `a` and `b`, as the rules count range and deployment distance."""
    aq, ar = to_axial(a, stagger)
    bq, br = to_axial(b, stagger)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def behind(facing: int) -> int:
    return (facing + 3) % 6


def footprint(hex_: Hex, facing: int, length: int, stagger: Stagger) -> list[Hex]:
    """Hexes a plane covers: its nose hex, then `length - 1` hexes straight behind it."""
    return [neighbour(hex_, behind(facing), stagger, steps=i) for i in range(length)]
