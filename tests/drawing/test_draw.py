"""The drawing vocabulary's items are values: equal items hash alike, and an item's hash is
worked out once (the studio looks every shape of a redrawn board up by it)."""

import pickle
from dataclasses import FrozenInstanceError, replace

import pytest

from engine.drawing.shapes import Arc, Ellipse, Group, Line, Polygon, Rect, Text


class CountedKey(str):
    """A key that counts how often it is hashed."""

    hashed = 0

    def __hash__(self) -> int:
        CountedKey.hashed += 1
        return str.__hash__(self)


def every_kind(key: str = "") -> list:
    return [Line(0, 0, 1, 1, key=key), Polygon(((0, 0), (1, 0), (0, 1)), key=key),
            Rect(0, 0, 2, 1, key=key), Ellipse(1, 1, 1, 1, key=key), Arc(0, 0, 1, 0, 90, key=key),
            Text(0, 0, "A", key=key), Group((Line(0, 0, 1, 1),), key=key)]


@pytest.mark.parametrize("item", every_kind(), ids=lambda item: type(item).__name__)
def test_each_kind_hashes_its_fields_once(item):
    CountedKey.hashed = 0
    counted = replace(item, key=CountedKey("k"))
    assert hash(counted) == hash(counted)
    assert CountedKey.hashed == 1


def test_a_group_hashes_its_shapes_once_however_often_it_is_looked_up():
    CountedKey.hashed = 0
    group = Group(tuple(every_kind(CountedKey("k"))), dx=3)
    shown = {group: "qt item"}
    for _ in range(3):
        assert shown[group] == "qt item"
    assert CountedKey.hashed == len(every_kind())


def test_equal_items_hash_alike_and_the_cached_hash_is_no_part_of_the_value():
    a, b = Group(tuple(every_kind("k")), dx=1), Group(tuple(every_kind("k")), dx=1)
    hash(a)
    assert a == b and hash(a) == hash(b)
    assert a != replace(b, dx=2) and hash(a) != hash(replace(b, dx=2))
    assert pickle.loads(pickle.dumps(a)) == a and hash(pickle.loads(pickle.dumps(a))) == hash(a)
    assert "_hash" not in repr(a)


def test_items_stay_frozen():
    text = Text(0, 0, "A")
    hash(text)
    with pytest.raises(FrozenInstanceError):
        text.text = "B"
