"""Reading a kind's schema alongside its data: optional fields, nested rows, skeletons."""

from engine.content.schemanav import SchemaNav, get_path, nav_for

from tests import toy


def test_optional_reference_inside_rows_is_found_through_ref_and_anyof():
    nav = nav_for(toy.Table)
    node = nav.at(("rows", 0, "plane"))
    assert nav.nullable(node)
    assert nav.plain(node)["x-ref"] == ["toy.plane"]
    assert nav.plain(node)["description"].startswith("Plane on this roll")
    assert nav.at(("rows", 0, "nope")) is None


def test_refs_in_data_that_does_not_validate():
    nav = nav_for(toy.Table)
    data = {"kind": "toy.table", "id": "t", "rows": [{"roll": "x", "plane": "spit"}, {"roll": 2}, "junk"]}
    assert list(nav.refs(data)) == [(("rows", 0, "plane"), "spit", ("toy.plane",))]


def test_skeleton_fills_required_fields_with_values_in_range():
    nav = nav_for(toy.Plane)
    record = nav.skeleton(nav.root)
    assert record == {"id": "", "kind": "toy.plane", "speed": 1}
    assert nav.skeleton(nav.at(("turns",))) == []
    assert nav_for(toy.Table).skeleton(nav_for(toy.Table).at(("die",))) == "d20"
    capped = SchemaNav({"type": "integer", "maximum": -3})
    assert capped.skeleton(capped.root) == -3


def test_get_path():
    data = {"rows": [{"roll": 1}]}
    assert get_path(data, ("rows", 0, "roll")) == 1
    assert get_path(data, ("rows", 3, "roll"), "none") == "none"


def test_nested_unions_are_flattened():
    nav = SchemaNav({"anyOf": [{"anyOf": [{"type": "integer"}, {"type": "string"}]}, {"type": "null"}],
                     "description": "a roll or nothing"})
    assert [b["type"] for b in nav.branches(nav.root)] == ["integer", "string"]
    assert all(b["description"] == "a roll or nothing" for b in nav.branches(nav.root))
    assert nav.nullable(nav.root)
