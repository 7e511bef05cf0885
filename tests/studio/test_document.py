"""The document model and its commands, without any view: edit, undo, rename, save."""

import pytest

from studio.commands import InsertItem, MoveItem, RemoveItem, SetField, edit_command
from studio.document import UNSET
from studio.session import Session


@pytest.fixture
def session(qapp, packs):
    s = Session()
    s.open([packs[1]])
    return s


def find(session, kind, rid):
    return next(r for r in session.records() if r.kind == kind and r.id == rid)


def test_opening_a_pack_brings_its_base(session):
    assert sorted(d.id for d in session.docs) == ["base", "child"]
    assert session.diagnostics == []
    assert not any(d.is_modified() for d in session.docs)


def test_set_field_validates_at_once_and_undo_restores(session):
    spit = find(session, "toy.plane", "spit")
    stack = spit.doc.stack
    stack.push(SetField(spit.doc, spit.uid, ("turns",), ["B", "A"]))
    session.check_pending()  # what the event loop does right after the views redraw
    assert [d.code for d in spit.diagnostics] == ["toy.turns_order"]
    assert spit.dirty and spit.doc.is_modified()
    stack.undo()
    session.check_pending()
    assert spit.diagnostics == [] and not spit.dirty and not spit.doc.is_modified()
    stack.redo()
    assert spit.data["turns"] == ["B", "A"]


def test_typing_merges_into_one_step_and_clearing_removes_the_key(session):
    spit = find(session, "toy.plane", "spit")
    stack = spit.doc.stack
    for text in ("S", "Sp", "Spi"):
        stack.push(SetField(spit.doc, spit.uid, ("name",), text))
    assert stack.count() == 1 and spit.data["name"] == "Spi"
    stack.push(SetField(spit.doc, spit.uid, ("notes",), "x"))
    stack.push(SetField(spit.doc, spit.uid, ("notes",), UNSET))
    assert "notes" not in spit.data
    stack.undo()
    stack.undo()
    assert spit.data["name"] == "Spitfire I"


def test_list_commands(session):
    table = find(session, "toy.table", "encounters")
    stack = table.doc.stack
    stack.push(InsertItem(table.doc, table.uid, ("rows",), 2, {"roll": 6}))
    stack.push(MoveItem(table.doc, table.uid, ("rows",), 2, 0))
    assert [r["roll"] for r in table.data["rows"]] == [6, "1-3", "4-6"]
    session.check_pending()
    assert any(d.code == "dice.overlap" for d in table.diagnostics)
    stack.push(RemoveItem(table.doc, table.uid, ("rows",), 0))
    assert [r["roll"] for r in table.data["rows"]] == ["1-3", "4-6"]
    stack.undo(); stack.undo(); stack.undo()
    assert not table.dirty


def test_rename_follows_references_across_packs_and_undoes(session, packs):
    spit = find(session, "toy.plane", "spit")
    raids = find(session, "toy.table", "raids")
    session.rename(spit, "spitfire-i")
    assert raids.data["rows"][0]["plane"] == "spitfire-i"
    assert find(session, "toy.table", "encounters").data["rows"][0]["plane"] == "spitfire-i"
    assert spit.path.name == "spitfire-i.yaml"
    session.check_all()
    assert session.diagnostics == []
    written = session.save_all()
    base, child = packs
    assert (base / "planes/spitfire-i.yaml").exists() and not (base / "planes/spit.yaml").exists()
    assert "plane: spitfire-i" in (child / "tables/raids.yaml").read_text()
    assert base / "planes/hurri.yaml" not in written
    spit.doc.stack.undo()
    assert raids.data["rows"][0]["plane"] == "spit" and spit.path.name == "spit.yaml"


def test_a_rename_across_packs_is_one_step_in_each_of_them(session):
    spit = find(session, "toy.plane", "spit")
    raids = find(session, "toy.table", "raids")
    base, child = spit.doc, raids.doc
    session.rename(spit, "spitfire-i")
    assert base.stack.count() == 1 and child.stack.count() == 1
    assert child.stack.undoText() == "Rename toy.plane spit to spitfire-i"

    child.stack.undo()  # from the pack whose reference followed: the whole rename goes
    assert spit.id == "spit" and raids.data["rows"][0]["plane"] == "spit"
    assert base.stack.index() == 0 and not base.is_modified() and not child.is_modified()
    base.stack.redo()
    assert spit.id == "spitfire-i" and raids.data["rows"][0]["plane"] == "spitfire-i"
    assert child.stack.index() == 1


def test_undoing_a_shared_step_first_undoes_later_edits_of_the_other_pack(session):
    spit = find(session, "toy.plane", "spit")
    raids = find(session, "toy.table", "raids")
    base, child = spit.doc, raids.doc
    session.rename(spit, "spitfire-i")
    child.stack.push(SetField(child, raids.uid, ("name",), "Raids"))
    base.stack.undo()
    assert child.stack.index() == 0 and raids.data["name"] == "Encounters"
    assert raids.data["rows"][0]["plane"] == "spit"
    child.stack.redo()  # the rename, in both packs
    assert base.stack.index() == 1 and spit.id == "spitfire-i" and raids.data["name"] == "Encounters"
    child.stack.redo()
    assert raids.data["name"] == "Raids"


def test_redoing_a_shared_step_first_redoes_earlier_edits_of_the_other_pack(session):
    spit = find(session, "toy.plane", "spit")
    raids = find(session, "toy.table", "raids")
    base, child = spit.doc, raids.doc
    child.stack.push(SetField(child, raids.uid, ("name",), "Raids"))
    session.rename(spit, "spitfire-i")
    base.stack.undo()
    child.stack.undo()
    assert raids.data["name"] == "Encounters"
    base.stack.redo()
    assert child.stack.index() == 2 and raids.data["name"] == "Raids"
    assert raids.data["rows"][0]["plane"] == "spitfire-i"


def test_a_part_dropped_by_a_new_edit_stops_following(session):
    spit = find(session, "toy.plane", "spit")
    raids = find(session, "toy.table", "raids")
    base, child = spit.doc, raids.doc
    session.rename(spit, "spitfire-i")
    base.stack.undo()
    child.stack.push(SetField(child, raids.uid, ("name",), "Raids"))  # drops the child's part
    base.stack.redo()
    assert spit.id == "spitfire-i" and raids.data["rows"][0]["plane"] == "spit"
    assert child.stack.index() == 1 and raids.data["name"] == "Raids"
    session.check_all()
    assert [d.code for d in session.diagnostics] == ["ref.unknown"]
    base.stack.undo()
    assert spit.id == "spit" and raids.data["name"] == "Raids"


def test_a_macro_is_one_change_per_record(session):
    spit = find(session, "toy.plane", "spit")
    seen = []
    session.recordChanged.connect(lambda uid, path: seen.append((uid, path)))
    spit.doc.stack.push(edit_command(spit.doc, spit.uid, "Faster", [(("speed",), 6), (("turns", 0), "C")]))
    assert spit.data["speed"] == 6 and spit.data["turns"] == ["C", "B"]
    assert seen == [(spit.uid, ())] and spit.model.speed == 6
    spit.doc.stack.undo()
    assert seen[-1] == (spit.uid, ()) and len(seen) == 2 and spit.model.speed == 5


def test_delete_reports_dangling_then_save_removes_the_file(session, packs):
    hurri = find(session, "toy.plane", "hurri")
    dangling = sorted(u.label for u in session.dangling_on_delete(hurri))
    assert dangling == ["toy.table:encounters at rows[1].plane", "toy.table:raids at rows[1].plane"]
    session.delete(hurri)
    session.check_all()
    assert sum(d.code == "ref.unknown" for d in session.diagnostics) == 2
    session.save_all()
    assert not (packs[0] / "planes/hurri.yaml").exists()


def test_untouched_records_are_not_rewritten(session, packs):
    path = packs[0] / "planes/hurri.yaml"
    path.write_text("kind: toy.plane\nid: hurri\nspeed:   4\n")  # not canonical
    s = Session()
    s.open([packs[0]])
    spit = find(s, "toy.plane", "spit")
    s.docs[0].stack.push(SetField(spit.doc, spit.uid, ("speed",), 6))
    assert s.save_all() == [spit.path]
    assert path.read_text() == "kind: toy.plane\nid: hurri\nspeed:   4\n"
    assert "speed: 6\n" in spit.path.read_text()
