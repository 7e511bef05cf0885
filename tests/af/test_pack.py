"""The bundled air-force pack as CI sees it: validation, counts, print defects, canonical files."""

from __future__ import annotations

import contextlib
import shutil
import io
import json

import pytest

from engine.cli import main
from engine.content.pack import record_text

from .conftest import PACK, changed

EXPECTED_COUNTS = {
    "af.board": 1,
    "af.bombing_card": 5,
    "af.crew_quality": 3,
    "af.data_card": 32,
    "af.die_table": 9,
    "af.ground_unit": 10,
    "af.hit_table": 1,
    "af.maneuver": 5,
    "af.optional_rule": 42,
    "af.pilot_trait": 4,
    "af.range_table": 3,
    "af.rules": 1,
    "af.scenario": 6,
}
BASIC_GAME = {"hurricane-i", "hurricane-ii", "spitfire-i", "spitfire-v", "spitfire-ix", "tempest-v", "me-109e",
              "me-109f", "me-109g", "fw-190a", "fw-190g", "p-51b", "p-51d", "p-47b", "p-47d"}
SCENARIOS = {"solitaire-v-1": 2, "air-melee": 2, "bomber-formations": 2, "night-fighters": 2,
             "low-altitude-mission": 2, "ploesti-raid": 1}


@pytest.fixture(scope="module")
def report():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["validate", "--json", str(PACK)])
    return code, json.loads(out.getvalue())


def test_validates_with_the_expected_counts(report):
    code, data = report
    assert code == 0 and data["ok"] is True
    assert data["counts"] == EXPECTED_COUNTS


def test_the_known_print_defect_is_reported_suppressed_as_printed(report):
    _, data = report
    assert [(d["severity"], d["code"], d["path"], d.get("suppressed")) for d in data["diagnostics"]] == [
        ("info", "af.height_classes", "fire.heights", "as printed")
    ]
    assert data["diagnostics"][0]["file"].endswith("rules/air-force.yaml")


def test_the_defect_corrected_is_quiet(get, lint):
    # XI prints High at 500 ft or more above, Low at more than 500 below, Medium at 400 or less:
    # 500 ft below has no class. Reading Low as "500 feet or more lower" closes the gap.
    fixed = changed(get("rules", "air-force"), lambda d: d["fire"]["heights"].update(low_more_than_ft=400))
    assert [f for f in lint(fixed) if f[1] == "af.height_classes"] == []


def test_every_file_is_in_canonical_form(pack):
    for entry in pack.entries:
        assert entry.record is not None, entry.diagnostics
        assert record_text(entry.record, entry.doc.header) == entry.path.read_text(encoding="utf-8"), entry.file


def test_files_sit_in_kind_folders_named_by_id(pack):
    folders = {}
    for entry in pack.entries:
        assert entry.path.stem == entry.record.id
        folders.setdefault(entry.kind, set()).add(entry.path.parent.name)
    assert all(len(names) == 1 for names in folders.values()), folders


def test_every_record_names_its_source_and_samples_say_so(records):
    for (kind, rid), record in records.items():
        assert record.source and record.source.startswith("Air Force rulebook, "), (kind, rid)
        if record.sample:
            assert record.notes and "sample" in record.notes.lower(), (kind, rid)


def test_what_is_printed_and_what_is_sample(records):
    samples = {k for k, r in records.items() if r.sample}
    printed_kinds = {"af.rules", "af.maneuver", "af.optional_rule", "af.crew_quality", "af.pilot_trait",
                     "af.ground_unit", "af.scenario"}
    assert not {k for k in samples if k[0] in printed_kinds}
    assert {k for k in records if k[0] in ("af.data_card", "af.range_table", "af.bombing_card", "af.board",
                                           "af.hit_table")} <= samples
    printed_tables = {"inline-engine", "aircraft-identification", "balloon-collision", "engine-start"}
    assert {rid for (k, rid) in samples if k == "af.die_table"} == {
        rid for (k, rid) in records if k == "af.die_table"} - printed_tables


def test_cards_for_every_basic_game_plane_the_v1_and_every_suggested_plane(records, get):
    cards = {rid for (k, rid) in records if k == "af.data_card"}
    assert {rid for rid in cards if get("data_card", rid).basic_game} == BASIC_GAME
    assert "v-1" in cards
    suggested = {a for (k, rid), s in records.items() if k == "af.scenario"
                 for v in s.variants for m in v.matchups for f in m.forces for a in f.aircraft}
    assert suggested <= cards and suggested - BASIC_GAME


def test_six_scenarios_with_their_variants(records, get):
    found = {rid: len(get("scenario", rid).variants) for (k, rid) in records if k == "af.scenario"}
    assert found == SCENARIOS
    for rid in SCENARIOS:
        for variant in get("scenario", rid).variants:
            assert variant.matchups and variant.victory.text and variant.groups


def test_a_broken_copy_reports_file_line_and_code(tmp_path, capsys):
    root = tmp_path / "air-force"
    shutil.copytree(PACK, root)
    scenario = root / "scenarios" / "solitaire-v-1.yaml"
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace("[I-F1, I-N1, II-I1]", "[I-F1, I-N1, II-I99]", 1)
                            .replace("roll: 1-2\n            results: [7]", "roll: 1\n            results: [7]", 1), encoding="utf-8")
    assert main(["validate", str(root)]) == 1
    out = capsys.readouterr().out
    line = next(i for i, t in enumerate(scenario.read_text().splitlines(), 1) if "II-I99" in t)
    assert f"solitaire-v-1.yaml:{line}:" in out and "error[af.scenario_hex]" in out and "II-I99" not in out.split("error")[0]
    assert "warning[dice.gap]: no row for roll 2 on d6" in out
