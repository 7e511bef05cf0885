"""The Air Wars models on bad input and their helpers; errors name file, line and field."""

from __future__ import annotations

import shutil

import pytest

from engine.content.validate import validate_paths
from engine.rulesets.aw.kinds.board import line_squares, square_box
from engine.rulesets import workspace

from ..conftest import PACK


@pytest.fixture
def pack_copy(tmp_path):
    root = tmp_path / "red-eagles"
    shutil.copytree(PACK, root)
    return root


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _diags(root, code):
    return [d for d in validate_paths([root], workspace()).diagnostics if d.code == code]


def test_unknown_effect_type_names_the_line_and_the_choices(pack_copy):
    card = pack_copy / "cards" / "vvs-repair-brigades.yaml"
    _edit(card, "type: refit", "type: refitt")
    (d,) = _diags(pack_copy, "schema")
    assert d.file.endswith("vvs-repair-brigades.yaml") and (d.line, d.path) == (10, "effects[0].type")
    assert "'refitt'" in d.message and "'combat_bonus'" in d.message and d.message.endswith("Did you mean 'refit'?")


def test_square_outside_the_pattern_is_a_schema_error(pack_copy):
    _edit(
        pack_copy / "maps" / "kuban.yaml",
        "name: Sevastopol\n    at: B9",
        "name: Sevastopol\n    at: b9",
    )
    (d,) = _diags(pack_copy, "schema")
    assert d.path.startswith("places[") and d.path.endswith("].at") and "got 'b9'" in d.message


def test_unit_reference_inside_a_card_effect_suggests_the_close_id(pack_copy):
    _edit(pack_copy / "cards" / "vvs-guards-regiments.yaml", "units: [la-5]", "units: [la5]")
    (d,) = _diags(pack_copy, "ref.unknown")
    assert d.path == "effects[0].picks[0].units[0]" and "Did you mean 'la-5'?" in d.message


def test_removing_the_suppression_turns_the_printed_gap_into_a_warning(pack_copy):
    scenario = pack_copy / "scenarios" / "red-eagles.yaml"
    text = scenario.read_text(encoding="utf-8")
    head, _, _ = text.partition("suppress:")
    scenario.write_text(head, encoding="utf-8")
    (d,) = _diags(pack_copy, "aw.special_rule_numbering")
    assert d.severity.value == "warning" and d.suppressed is None


def test_lint_findings_carry_the_line_of_the_field(pack_copy):
    _edit(pack_copy / "scenarios" / "red-eagles.yaml", "{start: 2, max: 4", "{start: 5, max: 4")
    (d,) = _diags(pack_copy, "aw.command_level")
    assert d.file.endswith("red-eagles.yaml") and (d.line, d.path) == (24, "sides[0].command_level")


def test_squares_in_grid_units_match_the_engine_board(get):
    """C8 spans x 2-3, y 7-8: the cell the engine's square grid calls (2, 7)."""
    assert square_box("A1").bounds == (0.0, 0.0, 1.0, 1.0)
    assert square_box("C8").bounds == (2.0, 7.0, 3.0, 8.0)
    grid = get("aw.map", "kuban").grid()
    assert grid.parse("C8") == (2, 7) and grid.label((14, 9)) == "O10"
    assert sorted(grid.neighbors(grid.parse("A1"))) == [(0, 1), (1, 0)]  # 17.0: no diagonals


def test_a_line_along_a_square_side_touches_neither_square():
    grid = ["A1", "B1", "A2", "B2"]
    assert line_squares([(1, 0), (1, 2)], grid) == set()
    assert line_squares([(0.5, 0), (0.5, 2)], grid) == {"A1", "A2"}
    assert line_squares([(0.9, 0.5), (1.1, 0.5)], grid) == {"A1", "B1"}  # "even slightly" (23.0)


def _undocumented(schema: dict) -> list[str]:
    missing = []
    for owner, definition in [("", schema)] + list(schema.get("$defs", {}).items()):
        for name, prop in definition.get("properties", {}).items():
            if name != "kind" and not prop.get("description"):
                missing.append(f"{owner}.{name}")
    return missing


def test_every_field_of_every_air_wars_kind_is_described():
    from engine.content.schemas import all_schemas
    from engine.rulesets import kinds

    schemas = {n: s for n, s in all_schemas(kinds()).items() if n.startswith("aw.")}
    assert len(schemas) == 9
    for name, schema in schemas.items():
        assert _undocumented(schema) == [], name
