"""Extended missions: the inbound and outbound events, the defender planes each inbound
event brings (one, or VP up to a cap), and the Flak Barrage's Time Reference."""

from __future__ import annotations

import math

import pytest

from engine.rulesets.paw.mission.events import defender_planes, time_reference
from engine.rulesets.paw.mission.forces import Availability, Plane
from engine.rulesets.paw.mission.rolls import Roller
from engine.rulesets.paw.mission.surface import Surface
from engine.rulesets.paw.kinds.theaters import tables_for

from .conftest import make


def _availability(view, seed: int) -> Availability:
    timeline = view.get("paw.timeline", "adlerangriff")
    roller = Roller(seed, "Battle of Britain / Adlerangriff", "reroll")
    avail = Availability.of(timeline, tables_for(timeline, view), view, roller)
    avail.choose_basing("allies", {"fighter"})
    return avail


def _attackers(view, bombers: int) -> list[Plane]:
    he111, bf109 = view.get("paw.dashboard", "he-111"), view.get("paw.dashboard", "bf-109e")
    planes = [Plane("axis", he111, "luftwaffe", "bomber", he111.points, True, f"he-111-{i}",
                    "bombs") for i in range(1, bombers + 1)]
    return planes + [Plane("axis", bf109, "luftwaffe", "fighter", bf109.points, id="bf-109e-1")]


def _points(view, planes) -> int:
    """VP of planes (generator planes or scenario entries), read from their dashboards."""
    ids = [getattr(p.dashboard, "id", p.dashboard) for p in planes]
    return sum(view.get("paw.dashboard", i).points for i in ids)


def _inbound(view, event: str, seed: int, bombers: int = 3):
    """The defender's planes for `event`'s inbound leg against He-111s and a Bf-109E."""
    avail = _availability(view, seed)
    attackers = _attackers(view, bombers)
    rules = view.get("paw.mission_event", event).inbound
    return avail, attackers, *defender_planes(avail, "allies", rules, attackers, avail.roller)


@pytest.mark.parametrize("seed", range(5))
def test_interception_brings_up_to_the_attacking_bombers_vp(errata, seed):
    avail, _, planes, cap, damaged = _inbound(errata, "interception", seed)
    assert cap == 3 * 23 and damaged is None
    assert _points(errata, planes) <= cap
    assert avail.roller.log[-1]["outcome"].endswith(f"would pass the cap of {cap}")
    assert all(p.side == "allies" and p.role == "fighter" for p in planes)


def test_interception_without_bombers_counts_the_fighters(errata):
    assert _inbound(errata, "interception", 1, bombers=0)[3] == 27


@pytest.mark.parametrize("seed", range(5))
def test_limping_home_caps_the_defender_at_half_the_damaged_planes_vp(errata, seed):
    _, attackers, planes, cap, damaged = _inbound(errata, "limping-home", seed)
    limping = next(p for p in attackers if p.id == damaged)
    assert cap == limping.points // 2 and _points(errata, planes) <= cap


def test_lone_wolf_is_one_plane_and_nothing_happens_brings_none(errata):
    _, _, planes, cap, _ = _inbound(errata, "lone-wolf", 3)
    assert len(planes) == 1 and cap is None
    assert _inbound(errata, "nothing-happens", 3)[2:] == ([], None, None)


def test_the_time_reference_is_set_by_the_slowest_plane_at_max_energy(errata):
    rules = errata.records("paw.rules")[0]
    surface = Surface.of(errata.get("paw.mat", "countryside"), rules)
    attackers = _attackers(errata, 3)  # loaded He-111s: capped at the damaged max Energy
    slowest = errata.get("paw.dashboard", "he-111").max_energy.damaged
    steps = errata.get("paw.mat", "countryside").height_mm / rules.components.step_mm
    assert time_reference(surface, "top", 4, attackers) == math.ceil((steps - 4) / slowest)


def test_generated_missions_carry_their_legs(generated, views):
    seen = set()
    for o in generated:
        scenario, view = o.generation.scenario, views[o.pack]
        if scenario.mission == "fighter-sweep":
            assert scenario.legs == []
            continue
        inbound, outbound = scenario.legs
        assert (inbound.leg, outbound.leg) == ("inbound", "outbound")
        assert outbound.planes == [] and outbound.vp_cap is None
        seen.add(inbound.event)
        if inbound.vp_cap is not None:
            assert _points(view, inbound.planes) <= inbound.vp_cap
        if inbound.event == "lone-wolf":
            assert len(inbound.planes) == 1
        if inbound.event == "limping-home":
            assert inbound.damaged in {p.id for p in scenario.planes}
        assert (inbound.time_reference is not None) == (inbound.event == "flak-barrage")
    assert {"nothing-happens", "flak-barrage"} <= seen and len(seen) >= 4


def test_no_extended_mission_leaves_out_the_legs(errata):
    for seed in range(3):
        scenario = make(errata, "p", "adlerangriff", seed, extended=False).scenario
        assert scenario.legs == []
        assert not any("leg" in r.step for r in scenario.generated.rolls)
