"""Fire and damage fixtures: the bundled pack as a content view, a plain hex grid, planes placed
by steps from one hex, and test cards made by editing bundled ones."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from engine.content.view import ContentView
from engine.core.board import HexGrid
from engine.rulesets.af.play.fire import Gunnery
from engine.rulesets.af.play.state import Damage, Plane
from tests.af.conftest import changed

GRID = HexGrid(40, 40)
HOME = (20, 20)


def at(*steps: tuple[int, int]) -> tuple[int, int]:
    """The hex reached from HOME by (facing, hexes) legs: at((0, 2)) is two hexes north."""
    cell = HOME
    for facing, count in steps:
        cell = GRID.step(cell, facing, count)
    return cell


def plane(id: str, card: str, cell=HOME, *, side: str | None = None, facing: int = 0, altitude: int = 10_000,
          bank: str = "L", damage: Damage = Damage()) -> Plane:
    """A plane; its side is the id's prefix ('a-1' flies for 'a')."""
    return Plane(id=id, side=side or id.split("-")[0], card=card, cell=cell, facing=facing,
                 altitude=altitude, speed=5, bank=bank, damage=damage)


def card(get, base: str, new_id: str, **values: Any):
    """A test card: bundled card `base` under `new_id` with top-level `values` replaced."""
    def edit(data: dict) -> None:
        data.update(values, id=new_id, name=new_id)
    return changed(get("data_card", base), edit)


@pytest.fixture(scope="session")
def view(records) -> ContentView:
    return ContentView(records.values())


@pytest.fixture(scope="session")
def gunnery(view) -> Gunnery:
    return Gunnery.of(view, GRID)


@pytest.fixture
def gunnery_with(view) -> Callable[..., Gunnery]:
    """Gunnery over the bundled cards plus the test cards given."""
    def make(*cards) -> Gunnery:
        return Gunnery.of(ContentView([*view.records("af.rules"), *view.records("af.hit_table"),
                                       *view.records("af.range_table"), *view.records("af.data_card"),
                                       *cards]), GRID)
    return make


def dice(*faces: int) -> Callable[[str, str], int]:
    """A roll function returning `faces` in turn; it fails the test if called once too often."""
    queue = list(faces)

    def roll(die: str, reason: str) -> int:
        assert die == "d6", die
        assert queue, f"unexpected roll for {reason}"
        return queue.pop(0)
    return roll
