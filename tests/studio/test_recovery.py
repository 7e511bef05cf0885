"""Recovery files are input: a hostile or broken one is said and left unapplied, never a crash at
start-up nor a save outside the pack, and the packs whose files are good are still offered."""

import json

import pytest
from PySide6.QtWidgets import QMessageBox

from studio.commands import SetField
from tests.studio.test_window import make_window, rec_of

Button = QMessageBox.StandardButton


def crashed_with_edits(qtbot, packs):
    """Recovery files of both packs (the base's plane renamed, the child's table deleted), as a
    session that died leaves them: {pack id: file}."""
    first = make_window(qtbot, [packs[1]])
    spit = rec_of(first, "toy.plane", "spit")
    spit.doc.stack.push(SetField(spit.doc, spit.uid, ("name",), "Spitfire Mk I"))
    first.session.delete(rec_of(first, "toy.table", "raids"))
    first.recovery.autosave()
    files = {doc.id: first.recovery.file_for(doc) for doc in first.session.docs}
    first.recovery.timer.stop()
    return files


def path_to(to):
    return lambda snapshot, _sandbox: snapshot["records"][0].__setitem__("path", to)


@pytest.mark.parametrize("change, field", [
    (path_to("../../escaped.yaml"), "records[0].path"),
    (path_to("planes/../../../escaped.yaml"), "records[0].path"),
    (lambda s, sandbox: s["records"][0].__setitem__("path", str(sandbox / "escaped.yaml")), "records[0].path"),
    (lambda s, _: s.__setitem__("removed", ["../child/pack.yaml"]), "removed[0]"),
    (lambda s, _: s.__setitem__("records", 5), "records"),
    (lambda s, _: s.__setitem__("records", "planes/spit.yaml"), "records"),
    (lambda s, _: s["records"][0].pop("path"), "records[0].path"),
    (lambda s, _: s["records"][0].__setitem__("data", [1, 2]), "records[0].data"),
])
def test_a_bad_recovery_file_is_said_and_the_good_ones_still_offered(qtbot, packs, sandbox, change, field):
    bad = crashed_with_edits(qtbot, packs)["base"]
    snapshot = json.loads(bad.read_text())
    change(snapshot, sandbox)
    bad.write_text(json.dumps(snapshot, indent=1))
    second = make_window(qtbot, [packs[1]], answers=[Button.Yes])
    assert [q[1].split(" has ")[0] for q in second.questions] == ["Pack Child pack (child)"]  # the good one only
    said = second.statusBar().currentMessage()
    assert said.startswith(f"Unsaved edits of base not recovered: {bad}:") and f"(at {field})" in said
    assert rec_of(second, "toy.plane", "spit").data["name"] == "Spitfire I"  # nothing of the bad file applied
    assert not any(r.id == "raids" for r in second.session.records())  # the good file's edit recovered
    assert bad.exists()  # kept for a look until the next save, not thrown away unseen
    second.save()
    assert not list(sandbox.rglob("escaped.yaml")) and (packs[1] / "pack.yaml").exists()


def test_a_recovery_file_with_half_a_character_is_said_and_not_applied(qtbot, packs):
    """A lone surrogate would be applied, then fail every autosave and save (it cannot be written)."""
    bad = crashed_with_edits(qtbot, packs)["base"]
    snapshot = json.loads(bad.read_text())
    snapshot["records"][0]["data"]["name"] = "Spitfire \ud800"
    bad.write_text(json.dumps(snapshot, indent=1))
    second = make_window(qtbot, [packs[1]], answers=[Button.Yes])
    said = second.statusBar().currentMessage()
    assert said.startswith(f"Unsaved edits of base not recovered: {bad}:") and "a lone UTF-16 surrogate" in said
    assert rec_of(second, "toy.plane", "spit").data["name"] == "Spitfire I"
