"""Hexes as bit masks of offsets: one bit per offset, nearer offsets first, masks that add up."""

from __future__ import annotations

from engine.core.board import cube_distance, cube_step
from engine.rulesets.hm.play.offsets import around, bit, disk, first_in_line, mask, number, ray

ORIGIN = (0, 0, 0)


def test_each_offset_within_a_radius_has_its_own_bit_and_nearer_offsets_have_lower_ones():
    near = disk(4)
    assert len(near) == 61 and len({b for _, b in near}) == 61
    assert {o for o, _ in near} == {(x, y, -x - y) for x in range(-4, 5) for y in range(-4, 5)
                                    if cube_distance(ORIGIN, (x, y, -x - y)) <= 4}
    farther = bit((5, -5, 0))
    assert all(b < farther for _, b in near) and bit((0, 0, 0)) == 1


def test_masks_of_cubes_around_a_hex_and_of_a_line_of_fire():
    start = (2, -1, -1)
    far = (-45, 20, 25)  # beyond the offsets numbered so far: its bit is given when asked
    held = {number(cube): who for cube, who in [(start, "mover"), (cube_step(start, 1), "a"),
                                               (cube_step(start, 1, 3), "b"), ((-43, 19, 24), "c")]}
    planes = around(number(start), held)
    assert planes == mask([ORIGIN, (1, 0, -1), (3, 0, -3), far])
    assert around(number(start), held, "mover") == planes & ~bit(ORIGIN)  # the mover's own hex left out
    planes &= ~bit(far)
    line, hexes = ray(ORIGIN, 1, 2)
    assert line == mask([(1, 0, -1), (2, 0, -2)])
    assert hexes == ((bit((1, 0, -1)), (1, 0, -1), 1), (bit((2, 0, -2)), (2, 0, -2), 2))  # in order, with ranges
    assert line & planes == bit((1, 0, -1))  # the first hex of the line holds a plane
    assert not ray(ORIGIN, 4, 4)[0] & planes


def test_the_first_hex_of_a_line_of_fire_holding_a_plane_whichever_hexes_beyond_hold_planes():
    _, hexes = ray(ORIGIN, 1, 3)
    firsts = first_in_line(ORIGIN, 1, 3)
    assert len(firsts) == 7  # every mask of the line's three hexes but none
    near, middle, far = hexes
    assert firsts[near[0] | far[0]] == near and firsts[middle[0] | far[0]] == middle and firsts[far[0]] == far
    assert firsts[near[0] | middle[0] | far[0]] == near
