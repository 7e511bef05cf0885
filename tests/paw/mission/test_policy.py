"""Gaps, cut-off rows and rows without a plane: rerolled or reported as the pack (or one of
its tables) says, never a crash; who rolls for the mission; borrowed tables."""

from __future__ import annotations

import shutil

import pytest

from engine.content.view import ContentView
from engine.rulesets.paw.mission import MissionReport

from .conftest import make
from ..conftest import FAITHFUL


def first_seed(view, timeline: str, hit) -> tuple[int, object]:
    """The first seed whose first rerolled roll is one `hit` accepts, and that roll."""
    for seed in range(300):
        rolls = make(view, "p", timeline, seed, on_missing="reroll").scenario.generated.rolls
        found = next((r for r in rolls if r.outcome.endswith("rerolled")), None)
        if found and hit(found):
            return seed, found
    raise AssertionError(f"no seed of {timeline} hits the case")


def gap_in_targets(roll) -> bool:
    return roll.table == "kanalkampf-ground-targets" and "a gap" in roll.outcome


def test_a_gap_is_rerolled_or_reported_with_theater_timeline_table_and_roll(faithful):
    seed, gap = first_seed(faithful, "kanalkampf", gap_in_targets)
    assert gap.row is None and gap.outcome.endswith("rerolled")
    with pytest.raises(MissionReport) as caught:
        make(faithful, "p", "kanalkampf", seed)  # the faithful pack says 'report'
    message = str(caught.value)
    assert message.startswith("Battle of Britain / Kanalkampf, GROUND TARGETS "
                              "(kanalkampf-ground-targets): ")
    assert f"roll {gap.result} for ground target" in message and "a gap" in message


def test_a_cut_off_row_and_a_name_without_a_dashboard_follow_the_policy(faithful, errata):
    seed, cut = first_seed(faithful, "kanalkampf",
                           lambda r: r.table == "kanalkampf-luftwaffe" and "cut off" in r.outcome)
    assert cut.row == "table.sections[2].rows[3]"
    with pytest.raises(MissionReport, match="the row is cut off: no plane printed"):
        make(faithful, "p", "kanalkampf", seed, on_missing="report")
    seed, misnamed = first_seed(faithful, "north-sea",
                                lambda r: "'Bf-190 E' designates no plane" in r.outcome)
    with pytest.raises(MissionReport, match=r"north-sea-luftwaffe-1940 in table\.sections\[0\]"):
        make(faithful, "p", "north-sea", seed, on_missing="report")
    # the errata pack names the plane: the same rolls give a Bf-109E there
    rolls = make(errata, "p", "north-sea", seed).scenario.generated.rolls
    assert any(r.step == misnamed.step and "Bf-109E" in r.outcome for r in rolls)


def _pack_with(tmp_path, workspace, name: str, edit) -> ContentView:
    """A pack extending the faithful one that overrides one theater table."""
    root = tmp_path / name
    (root / "theater_tables").mkdir(parents=True)
    (root / "pack.yaml").write_text(f"id: {name}\nname: {name}\nversion: 1.0.0\nruleset: paw\n"
                                    "extends: pocket-air-war\n")
    source = next(FAITHFUL.rglob("kanalkampf-ground-targets.yaml"))
    target = root / "theater_tables" / source.name
    shutil.copy(source, target)
    target.write_text(edit(target.read_text()))
    return ContentView.of_pack(workspace.pack(root))


def test_a_tables_own_policy_wins_over_the_packs(faithful, tmp_path, workspace):
    seed, _ = first_seed(faithful, "kanalkampf", gap_in_targets)
    rerolls = _pack_with(tmp_path, workspace, "table-rerolls",
                         lambda text: text.replace("table:\n", "on_missing: reroll\ntable:\n", 1))
    rolls = make(rerolls, "p", "kanalkampf", seed).scenario.generated.rolls
    assert any(gap_in_targets(r) and r.outcome.endswith("rerolled") for r in rolls)
    # and a forced policy wins over the table's
    with pytest.raises(MissionReport):
        make(rerolls, "p", "kanalkampf", seed, on_missing="report")


def test_a_table_with_no_usable_row_is_reported_even_when_rerolling(tmp_path, workspace):
    def cut_everything(text: str) -> str:
        head, _, _ = text.partition("  rows:\n")
        return head + "  rows:\n    - {roll: 17}\n"

    broken = _pack_with(tmp_path, workspace, "all-cut", cut_everything)
    for seed in range(20):  # whatever the mission, a target roll must report, never loop
        try:
            scenario = make(broken, "p", "kanalkampf", seed, on_missing="reroll").scenario
        except MissionReport as exc:
            assert "no roll of d20 gives a usable row for ground target" in str(exc)
            assert "kanalkampf-ground-targets" in str(exc)
            return
        assert scenario.mission == "fighter-sweep"
    raise AssertionError("no seed rolled a mission with a target")


def test_who_rolls_follows_the_timelines_factions_rule(errata):
    # Kanalkampf: the Axis always roll, whatever the points
    for points in ({}, {"allies": 5}):
        assert make(errata, "p", "kanalkampf", 1, points=points).scenario.generated.roller \
            == "axis"
    # North Africa, late phase: the side ahead rolls; on a tie, the Allied mission occurs
    assert make(errata, "p", "north-africa-late", 1).scenario.generated.roller == "allies"
    ahead = make(errata, "p", "north-africa-late", 1, points={"axis": 2, "allies": 1})
    assert ahead.scenario.generated.roller == "axis"
    assert ahead.scenario.generated.points == {"axis": 2, "allies": 1}
    assert ahead.summary["roller"] == "axis"


def test_a_timeline_rolls_on_the_tables_it_borrows(errata, faithful):
    tables = set()
    for seed in range(6):
        for roll in make(errata, "p", "blitz", seed).scenario.generated.rolls:
            tables.add(roll.table)
    assert {"adlerangriff-mission-type", "blitz-ground-targets"} <= tables
    assert "adlerangriff-ground-targets" not in tables
    # errata Seelöwe takes the Luftwaffe from Adlerangriff; the faithful pack has none
    errata_factions, faithful_factions = set(), set()
    for seed in range(8):
        errata_factions |= {p.faction for p in make(errata, "p", "seelowe", seed).scenario.planes}
        faithful_factions |= {p.faction for p in make(
            faithful, "p", "seelowe", seed, on_missing="reroll").scenario.planes}
    assert "luftwaffe" in errata_factions and "luftwaffe" not in faithful_factions


def test_a_mat_too_small_for_the_set_up_is_reported_not_written(tmp_path, workspace):
    root = tmp_path / "small"
    (root / "mats").mkdir(parents=True)
    (root / "pack.yaml").write_text("id: small\nname: small\nversion: 1.0.0\nruleset: paw\n"
                                    "extends: pocket-air-war-errata\n")
    (root / "mats" / "napkin.yaml").write_text("kind: paw.mat\nid: napkin\nwidth_mm: 200\n"
                                               "height_mm: 150\nterrain: sky\n")
    view = ContentView.of_pack(workspace.pack(root))
    with pytest.raises(MissionReport) as caught:
        make(view, "small", "kanalkampf", 1, mat="napkin")
    assert str(caught.value).startswith("Battle of Britain / Kanalkampf: the mat is too small")
    assert str(caught.value).endswith("(napkin, 200 x 150 mm)")
