"""Paging to another record of the kind on show refills the form already built and redraws only
the preview items that differ; both must show and edit the new record exactly as if built for it.
And the keyboard moves and removes list items and grid rows."""

import copy
import shutil

import pytest

import studio.form
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QLineEdit, QPlainTextEdit, QPushButton, QSpinBox,
                               QToolButton, QWidget)

from engine.content.loader import BUNDLED_CONTENT
from studio.commands import SetField
from studio.fields import RefField
from studio.grid import SEVERITY_COLOURS, GridField

from .test_window import _ancestors, _focus, make_window

SPIT = """
kind: toy.plane
id: spit
name: Spitfire I
speed: 5
turns: [A, B, C]
sample: true
notes: fast climber
suppress:
  - {code: toy.turns_order, reason: as printed}
"""

HURRI = """
kind: toy.plane
id: hurri
name: Hurricane I
speed: 12
turns: [A]
"""

YAK = """
kind: toy.plane
id: yak
name: Yak-1
turns: [B, A]
"""

ENCOUNTERS = """
kind: toy.table
id: encounters
die: d6
rows:
  - {roll: 1-3, plane: spit}
  - {roll: 4-6, plane: hurri}
"""

RAIDS = """
kind: toy.table
id: raids
die: d6
rows:
  - {roll: 1-2, plane: hurri}
  - {roll: 3-4}
  - {roll: 5-6, plane: nowhere}
"""

PATROLS = """
kind: toy.table
id: patrols
die: d6
rows:
  - {roll: 1-4, plane: spit}
  - {roll: 5-6}
"""


@pytest.fixture
def window(qtbot, make_pack, sandbox):
    root = make_pack("base", files={
        "planes/spit.yaml": SPIT, "planes/hurri.yaml": HURRI, "planes/yak.yaml": YAK,
        "tables/encounters.yaml": ENCOUNTERS, "tables/raids.yaml": RAIDS,
        "tables/patrols.yaml": PATROLS,
    })
    return make_window(qtbot, [root])


def shown(form) -> dict:
    """Everything the form shows, field by field: values, messages and their marks, grid cells."""
    QApplication.processEvents()  # widgets just added to the form show on the next turn of the loop
    seen = {}
    for path, row in sorted(form.rows_by_path.items()):
        editor = row.editor
        parts = [type(editor).__name__, row.message.text() if not row.message.isHidden() else "",
                 editor.property("severity") or "", row.clear is not None and row.clear.isEnabled()]
        for widget in [editor] + editor.findChildren(QWidget):
            if not widget.isVisibleTo(form):
                continue
            if isinstance(widget, QLineEdit):
                parts.append(widget.text())
            elif isinstance(widget, QPlainTextEdit):
                parts.append(widget.toPlainText())
            elif isinstance(widget, QSpinBox):
                parts.append(widget.text())
            elif isinstance(widget, (QComboBox,)):
                parts.append((widget.currentText(), widget.count()))
            elif isinstance(widget, QCheckBox):
                parts.append(widget.isChecked())
        if isinstance(editor, GridField):
            table = editor.table
            parts.append([(table.item(r, c).text(), table.item(r, c).background().color().name(),
                           table.item(r, c).toolTip())
                          for r in range(table.rowCount()) for c in range(table.columnCount())])
            parts.append([table.columnWidth(c) for c in range(table.columnCount() - 1)])
        seen[path] = parts
    return seen


def fresh(window, kind, rid):
    """The record shown in a form built for it (another kind first, no form kept, so nothing is reused)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(studio.form, "KEPT_FORMS", 0)
        window.open_record("toy.table" if kind == "toy.plane" else "toy.plane", "spit")
        window.open_record(kind, rid)
    window.session.check_pending()
    return shown(window.form)


@pytest.mark.parametrize("kind,first,second", [
    ("toy.plane", "spit", "hurri"), ("toy.plane", "hurri", "spit"), ("toy.plane", "spit", "yak"),
    ("toy.table", "encounters", "raids"), ("toy.table", "raids", "encounters"),
])
def test_the_next_record_of_a_kind_shows_as_in_a_form_built_for_it(window, kind, first, second):
    expected = fresh(window, kind, second)
    window.open_record(kind, first)
    window.session.check_pending()
    root = window.form.root
    window.open_record(kind, second)
    window.session.check_pending()
    assert window.form.root is root  # reused, not rebuilt
    assert shown(window.form) == expected


def test_a_form_of_another_kind_is_kept_for_the_next_record_of_its_kind(window, monkeypatch):
    expected = fresh(window, "toy.plane", "hurri")
    window.open_record("toy.plane", "spit")
    plane_form = window.form.root
    window.open_record("toy.table", "encounters")
    assert window.form.root is not plane_form and not plane_form.isVisible()
    assert plane_form.window() is window  # kept in the window, hidden: taken out, it was restyled coming back
    window.open_record("toy.plane", "hurri")
    window.session.check_pending()
    assert window.form.root is plane_form and shown(window.form) == expected
    assert set(window.form.rows_by_path) == set(expected)  # the plane's rows, none of the table's
    monkeypatch.setattr(studio.form, "KEPT_FORMS", 1)
    window.open_record("toy.table", "encounters")
    window.show_record(window.rec.doc.manifest)  # the plane's form is the oldest kept: it goes
    window.open_record("toy.plane", "spit")
    assert window.form.root is not plane_form and len(window.form.kept) == 1


def test_items_dropped_and_shown_again_show_as_new(window):
    """The Hurricane has one turn: the Spitfire's second and third are kept hidden, and shown again
    with the Spitfire's values when it comes back (or the Hurricane's, after an undo of a removal)."""
    expected = fresh(window, "toy.plane", "spit")
    window.open_record("toy.plane", "hurri")
    window.session.check_pending()
    assert "turns[1]" not in window.form.rows_by_path and window.form.editor_at(("turns", 1)).path == ("turns",)
    window.open_record("toy.plane", "spit")
    window.session.check_pending()
    assert shown(window.form) == expected


def test_a_refilled_form_shows_the_new_values_and_marks(window):
    window.open_record("toy.plane", "hurri")
    window.session.check_pending()
    form = window.form
    assert not form.rows_by_path["speed"].message.isHidden()
    assert form.rows_by_path["speed"].editor.property("severity") == "error"
    window.open_record("toy.plane", "spit")
    window.session.check_pending()
    assert form.rows_by_path["speed"].message.isHidden()  # the Hurricane's error does not linger
    assert form.rows_by_path["speed"].editor.property("severity") == ""
    assert form.editor_at(("name",)).edit.text() == "Spitfire I"
    assert form.editor_at(("speed",)).spin.value() == 5
    assert [form.editor_at(("turns", i)).edit.text() for i in range(3)] == ["A", "B", "C"]
    assert form.editor_at(("notes",)).edit.toPlainText() == "fast climber"
    assert form.editor_at(("sample",)).box.isChecked()
    window.open_record("toy.plane", "yak")  # no speed: the box shows no Spitfire's 5
    assert form.editor_at(("speed",)).spin.value() == 0 and "turns[2]" not in form.rows_by_path
    assert form.editor_at(("notes",)).edit.toPlainText() == "" and not form.editor_at(("sample",)).box.isChecked()


def test_grid_marks_follow_the_record_shown(window):
    window.open_record("toy.table", "raids")
    window.session.check_pending()
    grid = window.form.editor_at(("rows",))
    marked = {(r, c) for r in range(grid.table.rowCount()) for c in range(grid.table.columnCount())
              if grid.table.item(r, c).background().color().name() in SEVERITY_COLOURS.values()}
    assert {r for r, _ in marked} == {0, 1, 2}  # the Hurricane did not load; no plane; no such plane
    window.open_record("toy.table", "encounters")
    window.session.check_pending()
    assert window.form.editor_at(("rows",)) is grid
    assert grid.table.rowCount() == 2 and grid.table.item(1, 1).text() == "hurri"
    unmarked = {(r, c) for r in range(2) for c in range(grid.table.columnCount())
                if grid.table.item(r, c).background().style() == Qt.BrushStyle.NoBrush}
    assert unmarked == {(0, 0), (0, 1), (1, 0)}  # only the Hurricane's cell, which did not load


def test_editing_a_refilled_form_edits_the_new_record(window, qtbot):
    spit = window.open_record("toy.plane", "spit")
    hurri = window.open_record("toy.plane", "hurri")
    name = window.form.editor_at(("name",)).edit
    _focus(qtbot, name)
    qtbot.keyClick(name, Qt.Key.Key_End)
    qtbot.keyClicks(name, "b")
    assert hurri.data["name"] == "Hurricane Ib" and spit.data["name"] == "Spitfire I"
    assert window.form.editor_at(("speed",)).spin.value() == 12
    window.form.editor_at(("speed",)).spin.setValue(7)
    assert hurri.data["speed"] == 7 and spit.data["speed"] == 5
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert (hurri.data["name"], hurri.data["speed"]) == ("Hurricane I", 12)
    assert spit.dirty is False and hurri.dirty is False


def _type_then_page_then_undo(window, qtbot, first, second, path, typing):
    """Type into a field of the first record, page to the second, and undo the box's typing in the same
    field, as its context menu's Undo does."""
    window.open_record(*first)
    editor = window.form.editor_at(path)
    _focus(qtbot, editor)
    for key in typing:
        keys = key if isinstance(key, tuple) else (key,)
        (qtbot.keyClicks if isinstance(keys[0], str) else qtbot.keyClick)(QApplication.focusWidget(), *keys)
    rec = window.open_record(*second)
    before = copy.deepcopy(rec.data)
    assert window.form.editor_at(path) is editor
    _focus(qtbot, editor)
    box = QApplication.focusWidget()
    (box.lineEdit() if isinstance(box, QComboBox) else box).undo()
    return rec, before


@pytest.mark.parametrize("path,typing", [
    (("turns", 0), [Qt.Key.Key_End, "X", Qt.Key.Key_Backspace]),  # A, AX, A: the Hurricane's first turn
    (("notes",), [(Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier), Qt.Key.Key_Delete]),  # none, as his
])
def test_undo_in_a_refilled_box_never_brings_back_the_last_records_typing(window, qtbot, path, typing):
    """A text box undoes its own typing (its menu's Undo); refilled with the same text for the next
    record, it still held the last record's, and wrote the Spitfire's AX into the Hurricane's turns."""
    hurri, before = _type_then_page_then_undo(window, qtbot, ("toy.plane", "spit"), ("toy.plane", "hurri"),
                                              path, typing)
    assert hurri.data == before


def test_undo_in_a_refilled_picker_never_brings_back_the_last_records_typing(bundled_window, qtbot):
    """The same in a picker's text: two timelines of one theater."""
    blitz, before = _type_then_page_then_undo(
        bundled_window, qtbot, ("paw.timeline", "adlerangriff"), ("paw.timeline", "blitz"), ("theater",),
        [Qt.Key.Key_End, "X", Qt.Key.Key_Backspace])
    try:
        assert blitz.data == before
    finally:
        blitz.doc.stack.setIndex(blitz.doc.stack.cleanIndex())


def test_ctrl_z_in_a_field_undoes_the_packs_steps_across_records(window, qtbot):
    """Each undo that changes another record brings it up with the focus in the field it changed;
    Ctrl+Z there went to the text box's own history and stopped. It goes on, and Ctrl+Y redoes."""
    spit = window.open_record("toy.plane", "spit")
    name = window.form.editor_at(("name",))
    _focus(qtbot, name)
    qtbot.keyClick(name.edit, Qt.Key.Key_End)
    qtbot.keyClicks(name.edit, "b")
    hurri = window.open_record("toy.plane", "hurri")
    _focus(qtbot, name)
    qtbot.keyClick(name.edit, Qt.Key.Key_End)
    qtbot.keyClicks(name.edit, "c")
    speed = window.form.editor_at(("speed",))
    _focus(qtbot, speed)
    qtbot.keyClick(speed.spin, Qt.Key.Key_Down)  # 12 is out of range: the arrows step into it
    stack = spit.doc.stack
    assert (spit.data["name"], hurri.data["name"], hurri.data["speed"], stack.count()) == (
        "Spitfire Ib", "Hurricane Ic", 10, 3)
    for _ in range(3):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert (spit.data["name"], hurri.data["name"], hurri.data["speed"], stack.index()) == (
        "Spitfire I", "Hurricane I", 12, 0)
    assert window.rec is spit and name.edit.hasFocus()  # the last undo brought the Spitfire up, at its name
    qtbot.keyClick(name.edit, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert (spit.data["name"], hurri.data["name"], stack.index()) == ("Spitfire Ib", "Hurricane Ic", 2)


def test_ctrl_z_in_a_picker_undoes_the_packs_step(bundled_window, qtbot):
    """As in a text box: the step is undone (and can be redone), not the picker's own typing."""
    timeline = bundled_window.open_record("paw.timeline", "adlerangriff")
    stack = timeline.doc.stack
    picker = bundled_window.form.editor_at(("theater",))
    _focus(qtbot, picker)
    try:
        qtbot.keyClick(picker.combo, Qt.Key.Key_End)
        qtbot.keyClicks(picker.combo, "X")
        assert timeline.data["theater"] == "battle-of-britainX"
        qtbot.keyClick(picker.combo, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        assert timeline.data["theater"] == "battle-of-britain" and stack.canRedo()
    finally:
        stack.setIndex(stack.cleanIndex())


def test_the_focus_leaves_the_form_on_another_record_as_on_a_new_form(window, qtbot):
    window.open_record("toy.plane", "spit")
    _focus(qtbot, window.form.editor_at(("turns", 2)).edit)
    window.form.verticalScrollBar().setValue(window.form.verticalScrollBar().maximum())
    window.open_record("toy.plane", "hurri")  # the Spitfire's third turn is dropped
    focus = QApplication.focusWidget()
    assert focus is None or not window.form.isAncestorOf(focus)
    assert window.form.verticalScrollBar().value() == 0


def test_the_preview_keeps_the_items_two_records_share_and_none_of_the_last(window):
    """Two tables of one size share their frame and headings: those items stay, the rest is redrawn."""
    window.open_record("toy.table", "encounters")
    sync = window.preview.view.sync
    before = {item: list(qt) for item, qt in sync.shown.items()}
    patrols = window.open_record("toy.table", "patrols")
    assert window.preview.view.drawing.title == "patrols"
    shared = [item for item in sync.shown if item in before]
    assert len(shared) < len(sync.shown)  # some are the patrols' own
    assert kept(before, sync.shown) == sum(min(len(before[i]), len(sync.shown[i])) for i in shared) > 0
    drawn = {qt for qts in sync.shown.values() for qt in qts}
    top = {i for i in window.preview.view.scene().items() if i.parentItem() is None}
    assert [i.zValue() for i in top - drawn] == [-1]  # the page; nothing left of the encounters
    del before, shared, drawn, top  # wrappers of items the scene deletes below
    patrols.doc.stack.push(SetField(patrols.doc, patrols.uid, ("rows", 0, "roll"), "soon"))
    assert patrols.model is None
    window.open_record("toy.table", "encounters")
    window.open_record("toy.table", "patrols")
    assert window.preview.status.text() == "patrols has errors (see Issues)."
    assert window.preview.view.scene().items() == []


@pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")
def test_a_picker_of_a_refilled_form_lists_the_records_as_they_are_now(qtbot, sandbox):
    """A board made while one scenario was on show is a choice on the next scenario, as on a new form."""
    shutil.copytree(BUNDLED_CONTENT / "air-force", sandbox / "air-force")
    window = make_window(qtbot, [sandbox / "air-force"])
    window.open_record("af.scenario", "air-melee")
    picker = window.form.editor_at(("board",))
    assert isinstance(picker, RefField) and "practice-map" not in listed(picker)
    board = next(r for r in window.session.records() if r.kind == "af.board" and r.id == "air-force-board")
    window.session.duplicate(board, "practice-map")
    window.open_record("af.scenario", "bomber-formations")
    assert window.form.editor_at(("board",)) is picker and "practice-map" in listed(picker)


def test_every_bundled_kind_pages_as_if_built_for_each_record(bundled_window, monkeypatch):
    """Two records of each bundled kind, each shown in a form refilled from the other: the same as
    in a form built for it (unions changing shape, lists growing and shrinking, grids, pickers)."""
    window = bundled_window
    pairs = {}
    for rec in window.session.records():
        if rec.editable and len(pairs.setdefault(rec.kind, [])) < 2:
            pairs[rec.kind].append(rec)
    pairs = {kind: recs for kind, recs in pairs.items() if len(recs) == 2}
    assert len(pairs) > 30
    for kind, (first, second) in pairs.items():
        monkeypatch.setattr(studio.form, "KEPT_FORMS", 0)
        window.show_record(None)
        expected = {}
        for rec in (first, second):
            window.show_record(None)
            window.show_record(rec)
            window.session.check_pending()
            expected[rec.uid] = shown(window.form)
        monkeypatch.setattr(studio.form, "KEPT_FORMS", 3)
        for rec in (first, second, first):
            window.show_record(rec)
            window.session.check_pending()
            assert shown(window.form) == expected[rec.uid], (kind, rec.id)


def test_a_jump_into_a_new_form_scrolls_to_the_field(bundled_window, qtbot, monkeypatch):
    """Find, Issues and undo jump to a field; in a form just built (deep: an Air Force scenario's) the
    view was scrolled before the form was laid out, thousands of pixels short of the field."""
    window = bundled_window
    monkeypatch.setattr(studio.form, "KEPT_FORMS", 0)
    window.open_record("af.data_card", "p-51b")  # no scenario form left to refill
    scenario = next(r for r in window.session.records() if (r.kind, r.id) == ("af.scenario", "air-melee"))
    editor = window.jump(scenario, ("variants", 0, "matchups", 2, "forces", 0, "aircraft"))
    qtbot.wait(50)  # the form laid out and scrolled on the next turns of the event loop
    top = editor.mapTo(window.form.viewport(), QPoint(0, 0)).y()
    assert window.form.verticalScrollBar().value() > 0
    assert 0 <= top and top + editor.height() <= window.form.viewport().height()


def test_a_number_typed_into_a_new_item_replaces_its_zero(bundled_window, qtbot):
    """+ Add item puts the focus in the new item, whose spin box shows 0 with the cursor before it (a
    spare item kept it there from the last record): typing 7 made 70. The 0 is selected, as after Tab."""
    for rid in ("b-17f", "fw-190a"):  # two cockpits, then one: the second is a spare, then taken back
        card = bundled_window.open_record("af.data_card", rid)
        cockpits = bundled_window.form.editor_at(("damage", "cockpits"))
        add = next(b for b in cockpits.findChildren(QPushButton) if b.text() == "+ Add item")
        _focus(qtbot, add)
        qtbot.keyClick(add, Qt.Key.Key_Space)
        qtbot.keyClicks(QApplication.focusWidget(), "7")
        try:
            assert card.data["damage"]["cockpits"][-1] == 7
        finally:
            card.doc.stack.setIndex(card.doc.stack.cleanIndex())


def test_a_new_item_of_a_list_of_objects_takes_the_keys(bundled_window, qtbot):
    """+ Add item on a data card's altitude bands put the focus on the new band's group of fields,
    which takes no keys: what was typed next went nowhere. It goes to the band's first field."""
    card = bundled_window.open_record("af.data_card", "b-17f")
    bands = bundled_window.form.editor_at(("bands",))
    add = next(b for b in bands.findChildren(QPushButton) if b.text() == "+ Add item")
    _focus(qtbot, add)
    qtbot.keyClick(add, Qt.Key.Key_Space)
    try:
        new = bundled_window.form.editor_at(("bands", len(card.data["bands"]) - 1))
        assert new.path[-1] == len(card.data["bands"]) - 1 and new.isAncestorOf(QApplication.focusWidget())
        qtbot.keyClicks(QApplication.focusWidget(), "12000")
        assert card.data["bands"][-1]["top_ft"] == 12000
    finally:
        card.doc.stack.setIndex(card.doc.stack.cleanIndex())


def listed(picker: RefField) -> list[str]:
    return [picker.combo.itemText(i) for i in range(picker.combo.count())]


def test_the_pickers_on_show_follow_records_renamed_added_and_deleted(bundled_window):
    """The rules' engine-start picker, on show while its die table is renamed, deleted and the
    deletion undone: the list says what there is, each time (it kept what there was when shown)."""
    window = bundled_window
    session = window.session
    rules = window.open_record("af.rules", "air-force")
    picker = window.form.editor_at(("airfield", "engine_start_table"))
    table = next(r for r in session.records() if (r.kind, r.id) == ("af.die_table", "engine-start"))
    stack = table.doc.stack
    try:
        session.rename(table, "engine-start-2")
        assert window.rec is rules and picker.combo.currentText() == "engine-start-2"
        assert "engine-start-2" in listed(picker) and "engine-start" not in listed(picker)
        session.delete(table)
        assert "engine-start-2" not in listed(picker)
        stack.undo()
        assert "engine-start-2" in listed(picker)
    finally:
        stack.setIndex(stack.cleanIndex())
    assert "engine-start" in listed(picker) and "engine-start-2" not in listed(picker)


# ------------------------------------------------------------------ the keyboard


def _row_buttons(form):
    return [b for b in form.findChildren(QToolButton) if b.text() in ("↑", "↓", "✕", "− Row")]


def test_tab_passes_the_row_buttons_by(window, qtbot):
    """From the name down the form: every turn, then + Add item, then the next field; the grid's
    cells, then + Row; never an item's ↑ ↓ ✕ or a grid's − Row ↑ ↓, which stay clickable."""
    window.open_record("toy.plane", "spit")
    buttons = _row_buttons(window.form)
    assert len(buttons) == 3 * 3 + 3 and all(b.isEnabled() and not b.isHidden() for b in buttons)
    _focus(qtbot, window.form.editor_at(("name",)).edit)
    seen = []
    for _ in range(30):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        if not window.form.isAncestorOf(focus):
            break
        assert focus not in buttons
        editor = next((w for w in _ancestors(focus) if w.property("fieldPath")), None)
        label = focus.text() if isinstance(focus, QToolButton) or focus.inherits("QPushButton") else None
        seen.append(label or editor.property("fieldPath"))
    turns = seen.index("turns[0]")
    assert seen[turns:turns + 4] == ["turns[0]", "turns[1]", "turns[2]", "+ Add item"]
    assert seen[turns + 4] != "turns" and "suppress" in seen and "+ Row" in seen


def _alt(qtbot, widget, key):
    qtbot.keyClick(widget, key, Qt.KeyboardModifier.AltModifier)


def test_alt_keys_move_and_remove_the_focused_item_in_one_step(window, qtbot):
    spit = window.open_record("toy.plane", "spit")
    stack = spit.doc.stack
    second = window.form.editor_at(("turns", 1)).edit
    _focus(qtbot, second)
    steps = stack.count()
    _alt(qtbot, second, Qt.Key.Key_Up)
    assert spit.data["turns"] == ["B", "A", "C"] and stack.count() == steps + 1
    assert window.form.editor_at(("turns", 0)).edit.hasFocus()  # the focus moved with the item
    _alt(qtbot, QApplication.focusWidget(), Qt.Key.Key_Up)  # the first goes no higher
    assert spit.data["turns"] == ["B", "A", "C"] and stack.count() == steps + 1
    _alt(qtbot, QApplication.focusWidget(), Qt.Key.Key_Down)
    assert spit.data["turns"] == ["A", "B", "C"] and window.form.editor_at(("turns", 1)).edit.hasFocus()
    _alt(qtbot, QApplication.focusWidget(), Qt.Key.Key_Delete)
    assert spit.data["turns"] == ["A", "C"] and stack.count() == steps + 3
    focus = QApplication.focusWidget()
    assert focus is window.form.editor_at(("turns", 1)).edit  # on the item now in its place
    window.undo_action.trigger()
    assert spit.data["turns"] == ["A", "B", "C"]
    QApplication.processEvents()
    third = window.form.editor_at(("turns", 2))
    assert third.edit.text() == "C" and third.isVisibleTo(window.form)


def test_alt_keys_move_and_remove_the_current_grid_row(window, qtbot):
    table_rec = window.open_record("toy.table", "encounters")
    grid = window.form.editor_at(("rows",))
    _focus(qtbot, grid.table)
    grid.table.setCurrentCell(1, 1)
    _alt(qtbot, grid.table, Qt.Key.Key_Up)
    assert [r["plane"] for r in table_rec.data["rows"]] == ["hurri", "spit"]
    assert grid.table.currentRow() == 0
    _alt(qtbot, grid.table, Qt.Key.Key_Delete)
    assert [r["plane"] for r in table_rec.data["rows"]] == ["spit"]
    window.undo_action.trigger()
    assert [r["plane"] for r in table_rec.data["rows"]] == ["hurri", "spit"]


def kept(before: dict, after: dict) -> int:
    """How many Qt items of a drawing were kept for the next one (its items equal to the last's)."""
    return len({id(q) for qts in before.values() for q in qts} & {id(q) for qts in after.values() for q in qts})
