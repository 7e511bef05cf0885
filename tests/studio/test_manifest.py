"""pack.yaml in a form: edited, validated, renamed (with the packs extending it), undone, saved."""

import pytest
import yaml

from studio.fields import TextField
from studio.form import IdField

from .test_window import Button, make_window


@pytest.fixture
def window(qtbot, packs):
    return make_window(qtbot, [packs[1]])


def manifest_of(window, pack_id):
    return next(d.manifest for d in window.session.docs if d.id == pack_id)


def browser_rows(window, pack_id):
    top = next(window.browser.model.item(i) for i in range(window.browser.model.rowCount())
               if window.browser.model.item(i).text().endswith(f"({pack_id})"))
    return top, [top.child(i).text() for i in range(top.rowCount())]


def test_the_manifest_is_the_first_row_of_its_pack_and_gets_a_form(window, qtbot):
    top, rows = browser_rows(window, "child")
    assert rows[0] == "pack.yaml (pack child)" and len(rows) == 2  # manifest, then toy.table
    rec = manifest_of(window, "child")
    window.browser.select(rec.uid)
    assert window.rec is rec
    shown = set(window.form.rows_by_path)
    assert {"id", "name", "version", "ruleset", "extends", "description", "authors", "license"} <= shown
    assert isinstance(window.form.editor_at(("id",)), IdField)  # changed only by Rename
    assert "has no drawing" in window.preview.status.text()
    assert not window.duplicate_action.isEnabled() and not window.delete_action.isEnabled()
    assert window.rename_action.isEnabled()


def test_editing_the_name_follows_to_the_browser_undoes_and_saves(window, qtbot, packs):
    rec = manifest_of(window, "child")
    window.show_record(rec)
    name = window.form.editor_at(("name",))
    assert isinstance(name, TextField)
    name.edit.selectAll()
    qtbot.keyClicks(name.edit, "Raids of 1940")
    assert rec.data["name"] == "Raids of 1940" and rec.doc.pack.manifest.name == "Raids of 1940"
    assert browser_rows(window, "child")[0].text() == "Raids of 1940 (child)"
    assert rec.dirty and window.windowTitle().startswith("*")
    window.undo_action.trigger()
    assert rec.data["name"] == "Child pack" and browser_rows(window, "child")[0].text() == "Child pack (child)"
    window.redo_action.trigger()
    raids = packs[1] / "tables/raids.yaml"
    before = raids.read_text()
    window.save()
    text = (packs[1] / "pack.yaml").read_text()
    assert yaml.safe_load(text) == {"id": "child", "name": "Raids of 1940", "version": "1.0", "ruleset": "toy",
                                    "extends": "base"}
    assert text.splitlines()[:2] == ["id: child", "name: Raids of 1940"]  # canonical order
    assert raids.read_text() == before and not rec.dirty


def test_a_bad_version_and_an_unknown_base_are_marked_and_listed(window, qtbot):
    rec = manifest_of(window, "child")
    window.show_record(rec)
    version = window.form.editor_at(("version",))
    version.edit.selectAll()
    qtbot.keyClicks(version.edit, "one")
    qtbot.waitUntil(lambda: window.form.rows_by_path["version"].message.isVisibleTo(window.form), timeout=2000)
    assert "expected a version" in window.form.rows_by_path["version"].message.text()
    window.form.editor_at(("version",)).commit("1.1")
    window.form.editor_at(("extends",)).commit("bsae")  # a typo: the base is lost, its references wait for it
    assert rec.doc.pack.base is None
    window.session.check_all()
    codes = sorted(d.code for d in window.session.diagnostics)
    assert codes == ["pack.extends", "pack.unchecked"]  # one root cause, one error: no dangling reference each
    extends = next(d for d in window.session.diagnostics if d.code == "pack.extends")
    assert "Did you mean 'base'?" in extends.message and extends.file.endswith("pack.yaml")
    window.undo_action.trigger()
    assert rec.doc.pack.base is not None and rec.doc.pack.base.id == "base"
    window.session.check_all()
    assert window.session.diagnostics == []


def test_renaming_a_pack_renames_the_extends_of_its_extensions_in_one_step(window, qtbot, packs):
    base, child = manifest_of(window, "base"), manifest_of(window, "child")
    window.show_record(base)
    assert window.used_by.count() == 1 and "pack child" in window.used_by.item(0).text()
    window.prompt_id = lambda dialog: (dialog.edit.setText("child") or dialog.message.text()) and "core"
    window.rename_action.trigger()
    assert base.doc.id == "core" and child.data["extends"] == "core"
    assert child.doc.pack.base is base.doc.pack and base.path.name == "pack.yaml"
    child.doc.stack.undo()  # from the extension: the whole rename goes
    assert base.doc.id == "base" and child.data["extends"] == "base"
    assert not base.dirty and not child.dirty
    base.doc.stack.redo()
    window.save()
    assert yaml.safe_load((packs[1] / "pack.yaml").read_text())["extends"] == "core"
    assert yaml.safe_load((packs[0] / "pack.yaml").read_text())["id"] == "core"


def test_rename_refuses_an_id_another_pack_has(window):
    plan = window.session.plan_rename(manifest_of(window, "base"), "child")
    assert plan.problems == ["another open pack is already called 'child'"]
    assert window.session.plan_rename(manifest_of(window, "base"), "Base Pack").problems


def test_a_manifest_changed_on_disk_is_reloaded(window, qtbot, packs):
    rec = manifest_of(window, "child")
    path = packs[1] / "pack.yaml"
    path.write_text(path.read_text().replace("Child pack", "Renamed elsewhere"))
    qtbot.waitUntil(lambda: rec.data["name"] == "Renamed elsewhere", timeout=5000)
    assert rec.doc.pack.manifest.name == "Renamed elsewhere" and not rec.dirty


def test_ruleset_typo_is_caught_and_records_read_again(window, qtbot):
    rec = manifest_of(window, "child")
    window.show_record(rec)
    window.form.editor_at(("ruleset",)).commit("tyo")
    assert rec.doc.pack.manifest is None
    assert any("Did you mean 'toy'?" in d.message for d in rec.doc.pack.diagnostics)
    window.undo_action.trigger()
    raids = next(r for r in rec.doc.records.values() if r.id == "raids")
    assert rec.doc.pack.ruleset == "toy" and raids.model is not None


def test_an_unsaved_manifest_edit_survives_a_crash(qtbot, packs, sandbox):
    first = make_window(qtbot, [packs[1]])
    first.show_record(manifest_of(first, "child"))
    first.form.editor_at(("name",)).commit("Raids")
    first.prompt_id = lambda dialog: "raids-1940"
    first.rename_action.trigger()  # the id too: the recovery file must still be found
    assert first.recovery.autosave()
    second = make_window(qtbot, [packs[1]], answers=[Button.Yes])
    rec = manifest_of(second, "raids-1940")
    assert rec.data["name"] == "Raids" and rec.dirty and rec.doc.pack.manifest.id == "raids-1940"


def test_a_deleted_manifest_is_a_conflict_not_a_lost_pack(window, qtbot, packs):
    rec = manifest_of(window, "child")
    (packs[1] / "pack.yaml").unlink()
    qtbot.waitUntil(lambda: rec.conflict == "", timeout=5000)
    assert rec.uid in rec.doc.records
    window.show_record(rec)
    window.resolve_conflict(keep_mine=True)
    window.save()
    assert (packs[1] / "pack.yaml").is_file()
