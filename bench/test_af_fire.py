"""Shots per second of the Air Force fire phase (§IX), and expected-hit lookups per second.

The bots score every candidate end state by the expected hits it gives and takes, so an
aim plus `Gunnery.expected` must stay cheap; a resolved shot (aim, roll, hits) is what a game
pays per firing plane per turn. OPS is shots (or lookups, or phases) per second.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest bench/test_af_fire.py --benchmark-only \
        --benchmark-columns=mean,ops,rounds
"""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.content.validate import Workspace, validate_paths
from engine.content.view import ContentView
from engine.core.board import HexGrid
from engine.rulesets.af.play.fire import Gunnery, fire_phase
from engine.rulesets.af.play.state import Plane

GRID = HexGrid(40, 40)


@pytest.fixture(scope="module")
def gunnery() -> Iterator[Gunnery]:
    (pack,) = validate_paths([BUNDLED_CONTENT / "air-force"], Workspace()).packs
    yield Gunnery.of(ContentView.of_pack(pack), GRID)


def _melee() -> list[Plane]:
    """Four P-47Ds against four Me-109Gs, close enough that most have a target."""
    rng = random.Random(7)
    planes = []
    for i in range(8):
        side, card = ("allies", "p-47d") if i % 2 == 0 else ("axis", "me-109g")
        cell = (18 + rng.randrange(5), 18 + rng.randrange(5))
        planes.append(Plane(f"{side}-{i}", side, card, cell, rng.randrange(6), 10_000 + 100 * rng.randrange(10), 5))
    return planes


def _pair() -> tuple[Plane, Plane]:
    firer = Plane("allies-1", "allies", "p-47d", (20, 20), 0, 10_000, 5)
    return firer, Plane("axis-1", "axis", "me-109g", GRID.step((20, 20), 0, 2), 0, 10_300, 5)


def test_shot_resolved(benchmark, gunnery):
    firer, target = _pair()
    rng = random.Random(1)

    def shot():
        return gunnery.shoot(gunnery.aim(firer, target), lambda die, why: rng.randint(1, 6))

    assert benchmark(shot).aim.read == 12
    benchmark.extra_info["shots_per_second"] = round(1 / benchmark.stats.stats.mean)


def test_expected_hits(benchmark, gunnery):
    firer, target = _pair()
    assert benchmark(gunnery.expected_hits, firer, target) > 0
    benchmark.extra_info["lookups_per_second"] = round(1 / benchmark.stats.stats.mean)


def test_fire_phase_of_a_melee(benchmark, gunnery):
    planes = _melee()
    rng = random.Random(1)
    phase = benchmark(fire_phase, gunnery, planes, lambda die, why: rng.randint(1, 6))
    assert phase.shots
    benchmark.extra_info["shots"] = len(phase.shots)
    benchmark.extra_info["shots_per_second"] = round(len(phase.shots) / benchmark.stats.stats.mean)
