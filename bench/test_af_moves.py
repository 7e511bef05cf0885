"""End states per second of the Air Force legal-move generator (engine/rulesets/af/play/moves.py).

One round generates every legal end state of one plane: warm, the movement templates are
already cached (as in play, where planes of one type fly the same frames again and again);
cold, the cache is emptied first. The figure to read is `end_states_per_s` in extra_info
(end states / mean time), printed at the end of the run.

    .venv/bin/python -m pytest bench/test_af_moves.py --benchmark-only --benchmark-columns=mean,ops,rounds
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.content.validate import Workspace
from engine.rulesets.af.play.flight import Handbook
from engine.rulesets.af.play.moves import _TEMPLATES, end_states, paths
from engine.rulesets.af.play.state import Plane

CASES = {  # a plane in a typical state: card, altitude, speed, bank, carry
    "me-109e maneuver 12,000 ft speed 5": ("me-109e", 12_000, 5, "RB", 2),
    "p-47d level 20,000 ft speed 7": ("p-47d", 20_000, 7, "L", 4),
    "spitfire-ix maneuver 3,000 ft speed 4": ("spitfire-ix", 3_000, 4, "LB", 1),
    "fw-190a dive 8,000 ft speed 9": ("fw-190a", 8_000, 9, "L", None),
}
RESULTS: dict[str, float] = {}


@pytest.fixture(scope="module")
def books():
    pack = Workspace().pack(BUNDLED_CONTENT / "air-force")
    records = {(e.kind, e.record.id): e.record for e in pack.entries if e.record is not None}
    hb = Handbook.of(records[("af.rules", "air-force")], [r for (k, _), r in records.items() if k == "af.maneuver"])
    return records, hb


@pytest.mark.parametrize("cache", ["warm", "cold"])
@pytest.mark.parametrize("case", list(CASES))
def test_end_states_per_second(benchmark, books, case, cache):
    records, hb = books
    card_id, altitude, speed, bank, carry = CASES[case]
    card = records[("af.data_card", card_id)]
    plane = Plane("p1", "allies", card_id, (20, 20), 0, altitude, speed, bank, carry)
    planes = [replace(plane, facing=f) for f in range(6)]

    def run():
        if cache == "cold":
            _TEMPLATES.clear()
        return sum(len(end_states(p, card, hb)) for p in planes)

    total = benchmark.pedantic(run, rounds=5, warmup_rounds=1 if cache == "warm" else 0, iterations=1)
    rate = total / benchmark.stats.stats.mean
    moves = len(paths(plane, card, hb))
    benchmark.extra_info["paths"] = moves
    benchmark.extra_info["end_states"] = total // 6
    benchmark.extra_info["end_states_per_s"] = round(rate)
    RESULTS[f"{case} ({cache})"] = rate
    print(f"\n{case} ({cache}): {moves} paths, {total // 6} end states, {rate:,.0f} end states/s")
