"""A reference that names nothing says why when a modder would not guess it: a base pack not
extended, a record of another kind, a file that did not load, a short form of the id."""

from engine.content.validate import validate_paths
from engine.rulesets import workspace

PLANE = "kind: toy.plane\nid: {id}\nspeed: 4\n"
TABLE = "kind: toy.table\nid: t\ndie: d6\nrows:\n  - {{roll: 1-6, plane: {plane}}}\n"
CHILD = "id: child\nname: c\nversion: '1'\nruleset: toy\n"


def unknown_refs(root):
    report = validate_paths([root], workspace())
    return [d.message for d in report.diagnostics if d.code == "ref.unknown"]


def test_a_record_of_a_pack_not_extended_asks_for_extends(make_pack):
    make_pack("base", files={"spit.yaml": PLANE.format(id="spit")})
    child = make_pack("child", manifest=CHILD, files={"t.yaml": TABLE.format(plane="spit")})
    assert unknown_refs(child) == ["no toy.plane with id 'spit'. Pack 'base' has one, but this pack extends "
                                   "no pack: add 'extends: base' to its pack.yaml."]


def test_a_record_of_a_pack_the_chain_does_not_reach_names_that_pack(make_pack):
    make_pack("base", files={"spit.yaml": PLANE.format(id="spit")})
    make_pack("other")
    child = make_pack("child", manifest=CHILD + "extends: other\n", files={"t.yaml": TABLE.format(plane="spit")})
    [message] = unknown_refs(child)
    assert "Pack 'base' has one, but this pack's 'extends' (other) does not lead to it" in message


def test_an_id_of_another_kind_says_which_kind_it_is(make_pack):
    root = make_pack(files={"t.yaml": TABLE.format(plane="spit"),
                            "duel.yaml": "kind: toy.scenario\nid: duel\nplanes: {red: t}\n",
                            "spit.yaml": PLANE.format(id="spit")})
    assert unknown_refs(root) == ["no toy.plane with id 't'. 't' is a record of kind toy.table; this field "
                                  "takes an id of kind toy.plane."]


def test_a_reference_to_a_file_that_did_not_load_points_at_that_file_and_is_no_second_error(make_pack):
    """One mistake, one error: a slip in a plane used by twelve tables is not thirteen errors."""
    root = make_pack(files={"planes/spitfire.yaml": "kind: toy.plane\nid: spitfire\nspeed: fast\n",
                            "planes/spit.yaml": PLANE.format(id="spit"),
                            "t.yaml": TABLE.format(plane="spitfire")})
    report = validate_paths([root], workspace())
    assert not unknown_refs(root)  # not "Did you mean 'spit'?": the id is right, its file is not
    [note] = [d for d in report.diagnostics if d.code == "ref.unloaded"]
    assert note.severity.value == "info" and note.file.endswith("t.yaml")
    assert note.message.endswith("/planes/spitfire.yaml, which did not load: its error is reported there")
    assert [d.file for d in report.diagnostics if d.severity.value == "error"] == [note.file.replace(
        "t.yaml", "planes/spitfire.yaml")]


def test_the_start_of_an_id_suggests_the_one_id_it_begins(make_pack):
    root = make_pack(files={"b-17g-fortress.yaml": PLANE.format(id="b-17g-fortress"),
                            "t.yaml": TABLE.format(plane="b-17")})
    assert unknown_refs(root) == ["no toy.plane with id 'b-17'. Did you mean 'b-17g-fortress'?"]


def test_an_id_like_none_of_a_few_lists_them_and_of_many_lists_none(make_pack):
    """A scenario naming a side that is not there ('raf' of 'luftwaffe' and 'vvs') says which there are."""
    few = {f"{p}.yaml": PLANE.format(id=p) for p in ("spit", "hurri")}
    root = make_pack("few", files={**few, "t.yaml": TABLE.format(plane="zero")})
    assert unknown_refs(root) == ["no toy.plane with id 'zero'. Expected one of: hurri, spit."]
    many = {f"p{i}.yaml": PLANE.format(id=f"plane-{i}") for i in range(9)}
    root = make_pack("many", files={**many, "t.yaml": TABLE.format(plane="zero")})
    assert unknown_refs(root) == ["no toy.plane with id 'zero'."]
