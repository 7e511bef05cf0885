"""Missions for every timeline of every theater: they validate, repeat byte for byte, keep
the points balance, and their provenance points at the rows that were rolled."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engine.content.diagnostics import Severity
from engine.content.validate import validate_paths
from engine.rulesets.paw.kinds.vocabulary import other_side

from .conftest import PACKS, SEEDS, make, resolve, timelines


def test_every_timeline_of_both_packs_gives_missions_when_rerolling(outcomes, views):
    for pack, view in views.items():
        rerolled = [o for o in outcomes if o.pack == pack and o.policy == "reroll"]
        assert {o.timeline for o in rerolled} == set(timelines(view)) and len(timelines(view)) == 16
        assert all(o.report is None for o in rerolled), [str(o.report) for o in rerolled
                                                         if o.report]


def test_pack_policy_either_generates_or_reports_naming_where(outcomes, views):
    for o in outcomes:
        if o.policy is None and o.report is not None:
            view = views[o.pack]
            timeline = view.get("paw.timeline", o.timeline)
            theater = view.get("paw.theater", timeline.theater)
            message = str(o.report)
            assert message.startswith(f"{theater.label} / {timeline.label}, "), message
            assert re.search(r"\(([a-z0-9-]+)( in table\.sections\[\d\])?\)", message), message
            assert re.search(r"roll \d+ for ", message), message
    reports = Counter(o.pack for o in outcomes if o.policy is None and o.report)
    # the faithful pack reports its gaps and cut-off rows; the errata pack rerolls them
    assert reports["pocket-air-war"] > 0 and reports["pocket-air-war-errata"] == 0


@pytest.mark.parametrize("pack", PACKS)
def test_generated_scenarios_validate_inside_a_pack_extending_the_base(pack, generated,
                                                                       tmp_path, workspace):
    root = tmp_path / "generated"
    (root / "scenarios").mkdir(parents=True)
    (root / "pack.yaml").write_text(f"id: generated\nname: Generated\nversion: 1.0.0\n"
                                    f"ruleset: paw\nextends: {pack}\n")
    mine = [o for o in generated if o.pack == pack and o.policy == "reroll"]
    for o in mine:
        scenario = o.generation.scenario
        (root / "scenarios" / f"{scenario.id}.yaml").write_text(o.generation.text())
    report = validate_paths([root], workspace)
    findings = [d.format() for d in report.diagnostics if d.severity is not Severity.INFO]
    assert findings == []
    assert report.counts["paw.scenario"] == len(mine) == 16 * len(SEEDS)


def test_the_same_seed_gives_byte_identical_output(generated, views):
    for o in generated[::7]:
        again = make(views[o.pack], o.pack, o.timeline, o.seed, on_missing=o.policy)
        assert again.text() == o.generation.text()
        assert again.summary == o.generation.summary
    texts = {o.generation.text() for o in generated if o.timeline == "kanalkampf"}
    assert len(texts) > len(SEEDS)  # different seeds, different missions


def test_mission_types_targets_and_set_ups_all_occur(generated):
    scenarios = [o.generation.scenario for o in generated]
    assert {s.mission for s in scenarios} == {"close-air-support", "strategic-bombing",
                                             "fighter-sweep"}
    assert {s.deployment for s in scenarios} == {"neutral", "surprised", "jumped"}
    assert len({s.target_type for s in scenarios if s.target_type}) >= 5


def test_every_rolled_row_is_the_row_the_provenance_names(generated, views):
    for o in generated:
        view = views[o.pack]
        for roll in o.generation.scenario.generated.rolls:
            if roll.die == "pick":
                assert roll.result is None and ", among " in roll.outcome
                continue
            assert 1 <= roll.result <= 20
            if roll.table is None:
                continue
            record = view.get("paw.theater_table", roll.table) or view.get(
                "paw.event_table", roll.table)
            if roll.row is None:  # a gap: no row covers the roll
                assert "a gap" in roll.outcome
                match = re.search(r" in (table\.sections\[\d+\])", roll.outcome)
                table = resolve(record, match.group(1)) if match else record.table
                assert table.lookup(roll.result) is None
                continue
            row = resolve(record, roll.row)
            section = resolve(record, roll.row.rsplit(".rows", 1)[0]) if ".sections" in \
                roll.row else getattr(record, "table", record)
            assert section.lookup(roll.result) is row
            if getattr(row, "plane", None) and not roll.outcome.endswith("rerolled"):
                assert view.get("paw.dashboard", row.plane).label in roll.outcome


def test_points_balance_stops_at_the_first_plane_that_would_not_narrow_the_gap(generated):
    for o in generated:
        summary = o.generation.summary
        totals = {side: summary["planes"][side]["points"] for side in ("axis", "allies")}
        assert all(totals[s] == sum(p["points"] for p in summary["planes"][s]["planes"])
                   for s in totals)
        gap = abs(totals["axis"] - totals["allies"])
        if gap == 0:
            continue
        balance = [r for r in o.generation.scenario.generated.rolls
                   if "(points balance)" in r.step and r.die == "d20"
                   and not r.outcome.endswith("rerolled")]
        last = balance[-1]
        assert "not taken" in last.outcome
        rejected = int(re.search(r"\((\d+) VP\)", last.outcome).group(1))
        assert gap <= rejected / 2, (o.timeline, o.seed, gap, rejected)
        behind = min(totals, key=totals.get)
        assert last.step.startswith(behind)


def test_the_rolling_side_fields_its_force_and_the_briefings_required_planes(generated, views):
    for o in generated:
        scenario = o.generation.scenario
        view = views[o.pack]
        roller = scenario.generated.roller
        faction_side = {f.id: f.side for f in view.records("paw.faction")}
        mine = [p for p in scenario.planes if faction_side[p.faction] == roller]
        assert len(mine) >= scenario.generated.force
        mission = view.get("paw.mission_type", scenario.mission)
        roller_attacks = roller == scenario.attacker
        assert roller_attacks == mission.uses_target_table
        other = view.get("paw.mission_type",
                         view.get("paw.timeline", scenario.timeline).mission_roll.other_mission)
        for side, briefing in ((roller, mission), (other_side(roller), other)):
            for need in briefing.required:
                filled = [p for p in scenario.planes if faction_side[p.faction] == side
                          and p.role == need.role]
                assert len(filled) >= need.at_least
                if need.formation:
                    assert len({p.dashboard for p in filled}) == 1


def test_loadouts_follow_the_briefing(generated, views):
    for o in generated:
        scenario = o.generation.scenario
        view = views[o.pack]
        ships = any(view.get("paw.ground_target", t.unit).category == "ship"
                    for t in scenario.targets)
        for plane in scenario.planes:
            dash = view.get("paw.dashboard", plane.dashboard)
            if plane.loadout == "torpedoes":
                assert ships
            if scenario.mission == "strategic-bombing" and plane.role == "bomber":
                assert plane.loadout == ("bombs" if dash.bombs else "none")
            if plane.role == "fighter" and plane.loadout != "none":
                assert plane.loadout == "aa_rockets" and dash.aa_rockets is not None
            loaded = plane.loadout != "none"
            assert plane.energy == dash.max_energy_for(False, loaded)
            assert plane.skill == "trained"
