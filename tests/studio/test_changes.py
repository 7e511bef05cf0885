"""Changes since last save: the engine's diff of the saved files and the edited records, each line
jumping to its field."""

import os
import shutil
import subprocess

import pytest

from studio.commands import SetField

from tests.studio.test_window import make_window, rec_of


def lines(panel):
    out = []
    for i in range(panel.tree.topLevelItemCount()):
        item = panel.tree.topLevelItem(i)
        out.append(tuple(item.text(c) for c in range(4)))
        for j in range(item.childCount()):
            out.append(tuple(item.child(j).text(c) for c in range(4)))
    return out


def test_an_edit_is_listed_and_jumps_to_its_field_and_a_save_clears_it(qtbot, packs):
    window = make_window(qtbot, [packs[0]])
    panel = window.changes_panel
    window.changes_dock.show()  # compared when on show
    spit = rec_of(window, "toy.plane", "spit")
    spit.doc.stack.push(SetField(spit.doc, spit.uid, ("speed",), 6))
    table = rec_of(window, "toy.table", "encounters")
    table.doc.stack.push(SetField(table.doc, table.uid, ("rows", 1, "plane"), "spit"))
    qtbot.waitUntil(lambda: panel.tree.topLevelItemCount() == 2, timeout=3000)
    assert lines(panel) == [
        ("toy.plane:spit", "", "", ""), ("", "speed", "5", "6"),
        ("toy.table:encounters", "", "", ""), ("", "rows[1].plane", "hurri", "spit"),
    ]
    window.open_record("toy.plane", "hurri")
    item = panel.tree.topLevelItem(1).child(0)
    panel.tree.itemActivated.emit(item, 0)
    assert window.rec is table
    assert window.form.editor_at(("rows",)).hasFocus() or window.form.editor_at(("rows",)).isAncestorOf(
        window.focusWidget())
    panel.tree.itemActivated.emit(panel.tree.topLevelItem(0).child(0), 0)
    assert window.rec is spit and window.form.editor_at(("speed",)).isAncestorOf(window.focusWidget())
    window.save()
    qtbot.waitUntil(lambda: panel.tree.topLevelItemCount() == 0, timeout=3000)
    assert panel.summary.text() == "No unsaved change."


def test_a_rename_is_one_line_with_its_references_followed(qtbot, packs):
    window = make_window(qtbot, [packs[0]])
    panel = window.changes_panel
    window.changes_dock.show()  # compared when on show
    window.open_record("toy.plane", "hurri")
    window.prompt_id = lambda dialog: "hurricane-i"
    window.rename_action.trigger()
    qtbot.waitUntil(lambda: panel.tree.topLevelItemCount() == 1, timeout=3000)
    assert lines(panel) == [("toy.plane:hurricane-i", "id", "hurri", "hurricane-i (1 reference followed)")]
    window.open_record("toy.plane", "spit")
    panel.tree.itemActivated.emit(panel.tree.topLevelItem(0), 0)
    assert window.rec is rec_of(window, "toy.plane", "hurricane-i")


def test_changes_since_a_git_revision_and_a_bad_one_said_in_the_panel(qtbot, packs, tmp_path):
    if shutil.which("git") is None:
        pytest.skip("needs git")
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_CONFIG_GLOBAL": os.devnull}
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "packs"]):
        subprocess.run(["git", "-C", str(tmp_path), *args], check=True, env=env, capture_output=True)
    window = make_window(qtbot, [packs[0]])
    panel = window.changes_panel
    window.changes_dock.show()  # compared when on show
    panel.set_revision("HEAD")
    assert panel.summary.text() == "No change since HEAD." and panel.tree.topLevelItemCount() == 0
    spit = rec_of(window, "toy.plane", "spit")
    spit.doc.stack.push(SetField(spit.doc, spit.uid, ("speed",), 7))
    window.save()  # saved, but not committed: still a change since HEAD
    qtbot.waitUntil(lambda: panel.tree.topLevelItemCount() == 1, timeout=3000)
    assert lines(panel) == [("toy.plane:spit", "", "", ""), ("", "speed", "5", "7")]
    assert panel.summary.text() == "1 record(s) changed since HEAD."
    panel.since.setText("no-such-rev")
    panel.since.editingFinished.emit()
    assert "no revision 'no-such-rev'" in panel.summary.text() and panel.tree.topLevelItemCount() == 0
    panel.set_revision("")
    assert panel.summary.text() == "No unsaved change."


def test_a_rename_in_a_base_pack_followed_by_a_pack_built_on_it_is_one_rename(qtbot, packs):
    window = make_window(qtbot, [packs[1]])  # the child and, below it, its base
    panel = window.changes_panel
    window.changes_dock.show()
    window.open_record("toy.plane", "hurri")
    window.prompt_id = lambda dialog: "hurricane-i"
    window.rename_action.trigger()
    assert rec_of(window, "toy.table", "raids").data["rows"][1]["plane"] == "hurricane-i"
    qtbot.waitUntil(lambda: panel.tree.topLevelItemCount() == 1, timeout=3000)
    assert lines(panel) == [("toy.plane:hurricane-i", "id", "hurri", "hurricane-i (2 references followed)")]


def test_with_the_dock_closed_an_edit_is_compared_only_once_the_dock_is_shown(qtbot, packs):
    window = make_window(qtbot, [packs[0]])
    panel = window.changes_panel
    assert not panel.on_screen
    spit = rec_of(window, "toy.plane", "spit")
    spit.doc.stack.push(SetField(spit.doc, spit.uid, ("speed",), 6))
    qtbot.wait(600)  # past the refresh delay
    assert panel.tree.topLevelItemCount() == 0
    window.changes_dock.show()
    qtbot.waitUntil(lambda: panel.tree.topLevelItemCount() == 1, timeout=3000)
