"""The bundled packs validate, hold the counts issue 3 asks for, and keep the print's defects."""

import json
from collections import Counter

import pytest

from engine.cli import main
from engine.content.pack import record_text
from engine.content.validate import validate_paths
from engine.rulesets import workspace

from .conftest import ERRATA, FAITHFUL


def validate_json(capsys, *paths) -> tuple[int, dict]:
    code = main(["validate", "--json", *map(str, paths)])
    return code, json.loads(capsys.readouterr().out)


def test_faithful_pack_is_ok_with_the_printed_counts(capsys):
    code, report = validate_json(capsys, FAITHFUL)
    assert code == 0 and report["ok"]
    counts = report["counts"]
    assert counts["paw.theater"] == 8
    assert counts["paw.timeline"] == 16
    assert counts["paw.theater_table"] == 100
    assert counts["paw.mission_type"] == 3
    assert counts["paw.turning_template"] == 5 and counts["paw.fire_template"] == 3
    assert counts["paw.scenario"] >= 3
    assert not [d for d in report["diagnostics"] if "suppressed" not in d]


def test_errata_pack_validates_against_its_base(capsys):
    code, report = validate_json(capsys, ERRATA)
    assert code == 0 and report["ok"]
    found = [d for d in report["diagnostics"] if "suppressed" not in d]
    # Corrections only: each of its records replaces the base's record of its kind and id, and says so.
    assert {d["code"] for d in found} == {"pack.replaces"}
    assert len({d["file"] for d in found}) == sum(report["counts"].values())
    assert report["counts"]["paw.theater_table"] < 100  # overrides only, no new tables


def test_all_content_together_keeps_the_counts(capsys):
    code, report = validate_json(capsys, FAITHFUL.parent)
    counts = report["counts"]
    assert code == 0
    assert (counts["paw.theater"], counts["paw.timeline"], counts["paw.theater_table"]) == (8, 16, 100)


def test_the_hundred_tables_are_26_mission_27_target_47_availability(faithful):
    shapes = Counter(t.table.type for t in faithful.records("paw.theater_table"))
    assert shapes == {"mission_type": 26, "ground_targets": 27, "availability": 47}


def test_every_printed_table_has_a_source_naming_its_section(faithful):
    for table in faithful.records("paw.theater_table"):
        assert table.source and "Theaters of Operations" in table.source
        assert table.name and table.name.split(" (")[0] in table.source


KNOWN_DEFECTS = [
    # (file inside the faithful pack, code, path) - each must show as suppressed "as printed"
    ("italy-landings-rai.yaml", "dice.reversed", "table.sections[0].rows[1].roll"),
    ("italy-landings-rai.yaml", "dice.overlap", "table.sections[0].rows[1].roll"),
    ("western-europe-d-day-allies-ground-targets.yaml", "dice.gap", "table.rows[6].roll"),  # where 14 would go
    ("north-sea-luftwaffe-1940.yaml", "paw.unknown_plane", "table.sections[0].rows[0].printed"),
    ("north-sea-luftwaffe-1943.yaml", "paw.unknown_plane", "table.sections[0].rows[0].printed"),
    ("pacific-sleeping-giant-japan-carrier.yaml", "dice.no_roll", "table.sections[0].rows[0]"),
    ("pacific-sleeping-giant-japan-carrier.yaml", "paw.unknown_plane",
     "table.sections[1].rows[0].printed"),
    ("kanalkampf-ground-targets.yaml", "paw.row_cut_off", "table.rows[8]"),
    ("kanalkampf-luftwaffe.yaml", "paw.row_cut_off", "table.sections[2].rows[3]"),
    ("north-africa-early-raf.yaml", "paw.row_cut_off", "table.sections[1].role"),
    ("blitz-ground-targets.yaml", "paw.empty_composition", "table.rows[6].composition"),
    ("pacific-nightfall-japan-land.yaml", "paw.row_cut_off", "table.sections[0].rows[1]"),
    ("north-africa-late.yaml", "paw.timeline_dates", "period.start"),
    ("western-europe-berlin.yaml", "paw.timeline_dates", "period.start"),
    ("seelowe.yaml", "paw.timeline_tables", "sides.axis.factions[0]"),
]


@pytest.fixture(scope="module")
def faithful_report():
    return validate_paths([FAITHFUL], workspace())


@pytest.mark.parametrize("file,code,path", KNOWN_DEFECTS)
def test_known_print_defect_is_reported_as_suppressed(faithful_report, file, code, path):
    hits = [d for d in faithful_report.diagnostics
            if d.file.endswith("/" + file) and d.code == code and d.path == path]
    assert hits, f"{file}: no {code} at {path}"
    assert all(d.severity.value == "info" and d.suppressed == "as printed" for d in hits)


def test_the_missing_rolls_14_and_20_are_named_where_they_would_go(faithful_report):
    gaps = [d.message for d in faithful_report.diagnostics
            if d.file.endswith("western-europe-d-day-allies-ground-targets.yaml") and d.code == "dice.gap"]
    assert gaps == ["no row for roll 14 on d20: between the row for 11-13 (table.rows[5]) and the row for 15-17 "
                    "(table.rows[6])", "no row for roll 20 on d20: after the row for 18-19 (table.rows[7])"]


def test_every_suppression_in_the_faithful_pack_says_as_printed(faithful_report):
    suppressed = [d for d in faithful_report.diagnostics if d.suppressed]
    assert len(suppressed) > 50
    assert {d.suppressed for d in suppressed} == {"as printed"}


@pytest.mark.parametrize("pack", [FAITHFUL, ERRATA], ids=["faithful", "errata"])
def test_every_record_writes_back_byte_identical(workspace, pack):
    loaded = workspace.pack(pack)
    assert loaded.entries
    for entry in loaded.entries:
        assert entry.record is not None, entry.file
        text = record_text(entry.record, entry.doc.header)
        assert entry.path.read_text(encoding="utf-8") == text, entry.file


def test_every_record_names_its_source(workspace):
    for pack in (FAITHFUL, ERRATA):
        for entry in workspace.pack(pack).entries:
            assert entry.record.source, entry.file


def test_values_the_rulebook_does_not_print_are_marked_sample(faithful):
    for kind in ("paw.dashboard", "paw.turning_template", "paw.fire_template",
                 "paw.ground_target", "paw.damage_marker", "paw.mat", "paw.aaa_dashboard",
                 "paw.flak_dashboard"):
        records = faithful.records(kind)
        assert records and all(r.sample for r in records), kind
