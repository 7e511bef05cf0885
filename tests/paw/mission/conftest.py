"""Missions generated once per session for every timeline of both bundled packs."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from shapely import affinity
from shapely.geometry import box

from engine.content.diagnostics import parse_path
from engine.rulesets.paw.mission import Generation, MissionReport, Request, generate

SEEDS = range(4)
PACKS = ("pocket-air-war", "pocket-air-war-errata")


@dataclass
class Outcome:
    pack: str
    timeline: str
    seed: int
    policy: str | None
    generation: Generation | None = None
    report: MissionReport | None = None


def make(view, pack: str, timeline: str, seed: int, **options) -> Generation:
    tl = view.get("paw.timeline", timeline)
    return generate(view, pack, Request(tl.theater, timeline, seed, **options))


def timelines(view) -> list[str]:
    return sorted(t.id for t in view.records("paw.timeline"))


@pytest.fixture(scope="session")
def views(faithful, errata):
    return {"pocket-air-war": faithful, "pocket-air-war-errata": errata}


@pytest.fixture(scope="session")
def outcomes(views) -> list[Outcome]:
    """Every timeline x seed, both packs, forced to reroll and with the pack's own policy."""
    out = []
    for pack, view in views.items():
        for policy in ("reroll", None):
            for timeline in timelines(view):
                for seed in SEEDS:
                    result = Outcome(pack, timeline, seed, policy)
                    try:
                        result.generation = make(view, pack, timeline, seed, on_missing=policy)
                    except MissionReport as exc:
                        result.report = exc
                    out.append(result)
    return out


@pytest.fixture(scope="session")
def generated(outcomes) -> list[Outcome]:
    return [o for o in outcomes if o.generation is not None]


def counter(x: float, y: float, heading: float, rules):
    """A counter's outline, built independently of the generator's geometry."""
    c = rules.components
    shape = box(-c.counter_length_mm / 2, -c.counter_width_mm / 2,
                c.counter_length_mm / 2, c.counter_width_mm / 2)
    return affinity.translate(affinity.rotate(shape, heading, origin=(0, 0)), x, y)


def resolve(record, path: str):
    """The object at a validator-style field path inside a record."""
    node = record
    for part in parse_path(path):
        node = node[part] if isinstance(part, int) else getattr(node, part)
    return node
