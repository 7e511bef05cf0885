"""The document model and its commands, without any view: edit, undo, rename, save."""

import pytest

from studio.commands import InsertItem, MoveItem, RemoveItem, SetField
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
