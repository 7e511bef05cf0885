"""What changed between two versions of a pack: renames with their references, field paths, values."""

from engine.content.diff import (
    ADDED, CHANGED, REMOVED, RENAMED, Change, Followed, as_markdown, as_text, compare, diff_packs,
)
from engine.rulesets import workspace

from tests.conftest import MANIFEST

PLANES = {
    "a.yaml": "kind: toy.plane\nid: a\nspeed: 4\nturns: [A, B, C]\n",
    "b.yaml": "kind: toy.plane\nid: b\nspeed: 3\n",
    "duel.yaml": "kind: toy.scenario\nid: duel\nplanes: {red: a, blue: b}\n",
    "t.yaml": "kind: toy.table\nid: t\ndie: d6\nrows:\n  - {roll: 1-3, plane: a}\n  - {roll: 4-6, plane: b}\n",
}


def packs(make_pack, new_files: dict, drop: tuple = (), old_files: dict | None = None, manifest: str | None = None):
    old_files = old_files or PLANES
    files = {k: v for k, v in {**old_files, **new_files}.items() if k not in drop}
    old_root = make_pack("old", files=old_files, manifest=MANIFEST.format(id="mine"))
    new_root = make_pack("new", files=files, manifest=manifest or MANIFEST.format(id="mine"))
    ws = workspace()
    return diff_packs(ws.pack(old_root), ws.pack(new_root), "old", "new")


def test_a_rename_whose_references_followed_is_one_rename(make_pack):
    diff = packs(make_pack, drop=("a.yaml",), new_files={
        "a2.yaml": "kind: toy.plane\nid: a2\nspeed: 4\nturns: [A, B, C]\n",
        "duel.yaml": "kind: toy.scenario\nid: duel\nplanes: {red: a2, blue: b}\n",
        "t.yaml": "kind: toy.table\nid: t\ndie: d6\nrows:\n  - {roll: 1-3, plane: a2}\n  - {roll: 4-6, plane: b}\n",
    })
    assert [(r.kind, r.old_id, r.id, r.status) for r in diff.records] == [("toy.plane", "a", "a2", RENAMED)]
    rename = diff.records[0]
    assert (rename.old_file, rename.new_file, rename.changes) == ("a.yaml", "a2.yaml", [])
    assert rename.followed == [Followed("toy.scenario", "duel", ("planes", "red")),
                               Followed("toy.table", "t", ("rows", 0, "plane"))]
    assert diff.counts() == {ADDED: 0, REMOVED: 0, RENAMED: 1, CHANGED: 0}


def test_a_renamed_record_changed_a_little_is_still_a_rename_with_its_changes(make_pack):
    diff = packs(make_pack, drop=("a.yaml",), new_files={
        "a2.yaml": "kind: toy.plane\nid: a2\nspeed: 5\nturns: [A, B, C]\n",
        "duel.yaml": "kind: toy.scenario\nid: duel\nplanes: {red: a2, blue: b}\n",
        "t.yaml": "kind: toy.table\nid: t\ndie: d6\nrows:\n  - {roll: 1-3, plane: a2}\n  - {roll: 4-6, plane: b}\n",
    })
    assert [(r.id, r.status, r.changes) for r in diff.records] == [
        ("a2", RENAMED, [Change(CHANGED, ("speed",), 4, 5)])]


def test_an_id_change_its_references_did_not_follow_is_a_removal_and_an_addition(make_pack):
    diff = packs(make_pack, drop=("a.yaml",), new_files={
        "a2.yaml": "kind: toy.plane\nid: a2\nspeed: 4\nturns: [A, B, C]\n"})
    assert [(r.id, r.status) for r in diff.records] == [("a", REMOVED), ("a2", ADDED)]


def test_records_unlike_each_other_are_not_taken_for_a_rename(make_pack):
    unused = {**PLANES, "d.yaml": "kind: toy.plane\nid: d\nspeed: 3\nturns: [A]\n"}  # no reference to follow
    diff = packs(make_pack, drop=("d.yaml",), old_files=unused, new_files={
        "e.yaml": "kind: toy.plane\nid: e\nspeed: 9\nturns: [X, Y, Z]\n"})
    assert [(r.id, r.status) for r in diff.records] == [("d", REMOVED), ("e", ADDED)]
    diff = packs(make_pack, drop=("d.yaml",), old_files=unused, new_files={
        "e.yaml": "kind: toy.plane\nid: e\nspeed: 3\nturns: [A]\n"})
    assert [(r.id, r.old_id, r.status) for r in diff.records] == [("e", "d", RENAMED)]


def test_a_changed_nested_value_names_its_field_path_and_both_values(make_pack):
    diff = packs(make_pack, new_files={
        "t.yaml": "kind: toy.table\nid: t\ndie: d6\nrows:\n  - {roll: 1-3, plane: a}\n  - {roll: 4-6, plane: a}\n",
        "duel.yaml": "kind: toy.scenario\nid: duel\nplanes: {red: a, blue: b}\nhits_to_win: 5\n",
    })
    assert [(r.kind, r.id, r.status) for r in diff.records] == [("toy.scenario", "duel", CHANGED),
                                                                ("toy.table", "t", CHANGED)]
    assert diff.records[0].changes == [Change(CHANGED, ("hits_to_win",), 3, 5)]
    (change,) = diff.records[1].changes
    assert (change.field, change.old, change.new) == ("rows[1].plane", "b", "a")
    assert "      rows[1].plane: b → a" in as_text(diff).splitlines()


def test_an_inserted_row_is_one_added_row_not_a_change_of_every_row_after_it():
    old = {"rows": [{"roll": "1-2"}, {"roll": "3-4"}, {"roll": "5-6"}]}
    new = {"rows": [{"roll": "1-2"}, {"roll": "3"}, {"roll": "3-4"}, {"roll": "5-6"}]}
    assert compare(old, new) == [Change(ADDED, ("rows", 1), None, {"roll": "3"})]
    assert compare(new, old) == [Change(REMOVED, ("rows", 1), {"roll": "3"}, None)]


def test_values_equal_in_python_but_not_as_data_differ():
    assert compare({"a": 1}, {"a": True}) == [Change(CHANGED, ("a",), 1, True)]
    assert compare({"a": [1]}, {"a": [True]}) == [Change(CHANGED, ("a", 0), 1, True)]
    assert compare({"a": 1, "b": 2}, {"b": 2, "a": 1}) == []
    assert compare([{1: "x", "b": 2}], [{1: "x", "b": 2}, {}]) == [Change(ADDED, (1,), None, {})]  # keys as written


def test_a_default_written_out_is_no_change(make_pack):
    diff = packs(make_pack, new_files={
        "duel.yaml": "kind: toy.scenario\nid: duel\nplanes: {red: a, blue: b}\nhits_to_win: 3\n"})
    assert diff.same and diff.records == []


def test_the_manifest_is_compared_too(make_pack):
    diff = packs(make_pack, new_files={}, manifest=MANIFEST.format(id="mine").replace("1.0.0", "1.1.0"))
    assert [(r.kind, r.id, r.changes) for r in diff.records] == [
        ("pack", "mine", [Change(CHANGED, ("version",), "1.0.0", "1.1.0")])]


def test_a_file_that_does_not_load_is_compared_as_written_and_said(make_pack):
    diff = packs(make_pack, new_files={"b.yaml": "kind: toy.plane\nid: b\nspeed: 99\n"})
    assert [(r.id, r.changes) for r in diff.records] == [("b", [Change(CHANGED, ("speed",), 3, 99)])]
    assert diff.problems == ["b.yaml (new) does not load: line 3: input should be less than or equal to 10; "
                             "got 99; compared as written"]


def test_the_markdown_form_has_a_table_a_kind(make_pack):
    diff = packs(make_pack, drop=("a.yaml",), new_files={
        "a2.yaml": "kind: toy.plane\nid: a2\nspeed: 4\nturns: [A, B, C]\n",
        "duel.yaml": "kind: toy.scenario\nid: duel\nplanes: {red: a2, blue: b}\nhits_to_win: 4\n",
        "t.yaml": "kind: toy.table\nid: t\ndie: d6\nrows:\n  - {roll: 1-3, plane: a2}\n  - {roll: 4-6, plane: b}\n",
    })
    text = as_markdown(diff)
    assert text.splitlines()[:3] == ["## Game changes: `old` → `new`", "", "**1** renamed, **1** changed"]
    assert "### `toy.plane`" in text and "### `toy.scenario`" in text
    assert "| `a` → `a2` | renamed | `id` | `a` | `a2` (2 references followed) |" in text
    assert "| `duel` | changed | `hits_to_win` | `3` | `4` |" in text


def test_a_pack_whose_every_id_changed_is_diffed_at_once_and_copies_are_renames(make_pack):
    def plane(rid, i):
        return f"kind: toy.plane\nid: {rid}\nspeed: {1 + i % 10}\nturns: [{chr(65 + i // 10)}, {chr(65 + i % 10)}]\n"

    old = {f"p{i}.yaml": plane(f"p{i}", i) for i in range(60)}  # 3,600 pairs: past MAX_PAIRS
    new = {f"q{i}.yaml": plane(f"q{i}", i) for i in range(60)}
    diff = packs(make_pack, new_files=new, drop=tuple(old), old_files=old)
    assert sorted((r.old_id, r.id) for r in diff.records) == sorted((f"p{i}", f"q{i}") for i in range(60))
    assert {r.status for r in diff.records} == {RENAMED}


def test_references_that_followed_a_rename_in_a_base_pack_are_no_change(make_pack):
    diff = packs(make_pack, new_files={
        "duel.yaml": "kind: toy.scenario\nid: duel\nplanes: {red: base-a, blue: b}\n"})
    assert [r.changes for r in diff.records] == [[Change(CHANGED, ("planes", "red"), "a", "base-a")]]
    mine = MANIFEST.format(id="mine")
    ws_old, ws_new = make_pack("old2", files=PLANES, manifest=mine), make_pack("new2", manifest=mine, files={
        **PLANES, "duel.yaml": "kind: toy.scenario\nid: duel\nplanes: {red: base-a, blue: b}\n"})
    ws = workspace()
    diff = diff_packs(ws.pack(ws_old), ws.pack(ws_new), renamed_elsewhere={("toy.plane", "a"): "base-a"})
    assert diff.same
    assert diff.followed_elsewhere == {("toy.plane", "base-a"): [Followed("toy.scenario", "duel", ("planes", "red"))]}
