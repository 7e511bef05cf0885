"""The bundled hex-minis pack: validates, counts, print defects kept, canonical files."""

from __future__ import annotations

import json

from engine.cli import main
from engine.content.yamlio import parse_yaml

from .conftest import PACK, pack_files

COUNTS = {
    "hm.fighter": 25,
    "hm.bomber": 14,
    "hm.turret": 5,
    "hm.shooting_table": 1,
    "hm.rules": 1,
    "hm.conversion": 1,
    "hm.board": 2,
    "hm.scenario": 3,
}

# Known print defects, each kept as printed and suppressed with that reason.
DEFECTS = {
    ("hm.stat_missing", "hm.bomber:ju-87d"),
    ("hm.stat_missing", "hm.fighter:mosquito-fb-mk-iv"),
    ("hm.stat_missing", "hm.fighter:yak-7-9"),
    ("hm.stat_missing", "hm.fighter:airacobra"),
    ("hm.sequence_numbers", "hm.rules:core"),
}


def test_cli_json_is_ok_with_the_issue_counts_and_shows_defects_suppressed(capsys):
    assert main(["validate", "--json", str(PACK)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True
    assert out["counts"] == COUNTS
    shown = {(d["code"], d["record"]) for d in out["diagnostics"] if d.get("suppressed") == "as printed"}
    assert shown == DEFECTS
    assert all(d["severity"] == "info" for d in out["diagnostics"])


def test_only_known_defects_and_conversion_reports(report):
    assert report.ok
    loud = [d.format() for d in report.diagnostics if d.severity.value != "info"]
    assert loud == []
    suppressed = {(d.code, d.record) for d in report.diagnostics if d.suppressed is not None}
    assert suppressed == DEFECTS
    assert {d.suppressed for d in report.diagnostics if d.suppressed is not None} == {"as printed"}
    others = {d.code for d in report.diagnostics if d.suppressed is None}
    assert others == {"hm.conversion_check"}


def test_every_file_is_a_record(report):
    (pack,) = report.packs
    assert len(pack.entries) == sum(COUNTS.values()) == len(pack_files())


def test_every_record_names_its_source(records):
    for (kind, rid), record in records.items():
        assert record.source and record.source.startswith("Hex-mat miniatures air rules"), rid


def test_values_the_print_lacks_are_marked_sample(records):
    for (kind, _), record in records.items():
        if kind in ("hm.turret", "hm.board"):
            assert record.sample
        if kind == "hm.scenario":
            assert record.setup.sample and record.end.sample
        if kind in ("hm.fighter", "hm.bomber"):
            assert not record.sample
            assert record.specs is None or record.specs.sample
            assert getattr(record, "engines", None) is None or record.engines.sample
    movement = records["hm.rules", "core"].movement
    assert movement.off_board_provenance.sample


def test_files_are_plain_yaml_with_kind_and_id_first():
    for path in pack_files():
        doc = parse_yaml(path.read_bytes(), str(path))
        assert doc.ok and list(doc.data)[:2] == ["kind", "id"], path
        assert path.stem == doc.data["id"]
