"""Game ▸ Sweep This Field… (issue 24): a number field of a record played at several values on the
toy duel, in the background, its curve shown, the value that evens the game written back."""

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from studio.playtest.sweep import SweepDialog
from tests.studio.test_window import make_window

WAIT = 60_000
GAMES_TO_CANCEL = 3000  # enough that the later values are still to play when Cancel is pressed


@pytest.fixture
def window(qtbot, toy_pack, sandbox):
    return make_window(qtbot, [toy_pack])


def focus_speed(window, plane="a"):
    window.open_record("toy.plane", plane)
    speed = window.form.editor_at(("speed",))
    speed.spin.setFocus()
    window.form.fieldFocused.emit(speed)  # what focusing the box by mouse or Tab emits
    return speed


def open_dialog(window, qtbot) -> SweepDialog:
    window.sweep_action.trigger()
    dialog = window.findChild(SweepDialog)
    assert dialog is not None and dialog.isVisible()
    qtbot.addWidget(dialog)
    return dialog


def run(dialog, qtbot, games=40):
    dialog.games.setValue(games)
    dialog.run_button.click()
    assert dialog.busy and not dialog.run_button.isEnabled()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=WAIT)


def red_rates(summary):
    return {v["values"]["toy.plane:a.speed"]: v["report"]["win_rates"]["red"]["rate"] for v in summary["variants"]}


def test_the_command_follows_the_focused_field_and_says_why_not(window):
    sweep = window.sweep_action
    window.open_record("toy.plane", "a")
    assert not sweep.isEnabled() and "Click a number field" in sweep.toolTip()
    focus_speed(window)
    assert sweep.isEnabled()
    window.open_record("toy.scenario", "duel")
    assert not sweep.isEnabled()  # another record: the field focused before is not this one's
    hits = window.form.editor_at(("hits_to_win",))
    window.form.fieldFocused.emit(window.form.editor_at(("id",)))
    assert not sweep.isEnabled() and "Id is not a number" in sweep.toolTip()
    window.form.fieldFocused.emit(hits)
    assert sweep.isEnabled()  # a scenario's own numbers can be swept too


def test_a_number_box_offers_the_sweep_in_its_context_menu(window, qtbot):
    speed = focus_speed(window)
    seen = []

    def look():
        menu = QApplication.activePopupWidget()
        seen.extend(a.text() for a in menu.actions())
        menu.close()

    QTimer.singleShot(100, look)
    speed.spin.contextMenuEvent(type("Event", (), {"globalPos": lambda self: speed.spin.mapToGlobal(
        speed.spin.rect().center())})())
    assert "S&weep This Field…" in seen and "Step &Up" in seen
    name = window.form.editor_at(("id",))
    assert window.form.actions_for(name) == []  # not a number: nothing to sweep


def test_a_grid_of_values_is_played_on_the_same_seeds_and_plotted(window, qtbot):
    focus_speed(window)
    dialog = open_dialog(window, qtbot)
    assert dialog.scenario.currentData() == "duel" and "names a" in dialog.scenario.currentText()
    assert dialog.values.text() == "2, 3, 4, 5, 6"  # around the speed, 4, within its range 1-10
    assert [dialog.side.itemText(i) for i in range(dialog.side.count())] == ["blue", "red"]
    run(dialog, qtbot)
    rates = red_rates(dialog.summary)
    assert list(rates) == [2, 3, 4, 5, 6]
    assert rates[6] > rates[4] > rates[2]  # a faster red plane hits more often
    assert all(v["report"]["seeds"] == [1, 40] for v in dialog.summary["variants"])
    assert "40 games a variant, seeds 1–40" in dialog.text.toPlainText()
    [axes] = dialog.figure.axes
    assert axes.get_xlabel() == "toy.plane:a.speed" and len(axes.lines) >= 3  # red, blue, draw
    assert not dialog.use_button.isEnabled()  # a grid finds no value to write back
    assert window.rec.data["speed"] == 4 and not window.rec.dirty  # the sweep edits nothing


def test_the_value_that_evens_the_game_is_found_and_written_back(window, qtbot):
    focus_speed(window)
    dialog = open_dialog(window, qtbot)
    dialog.search_mode.setChecked(True)
    dialog.side.setCurrentText("red")
    dialog.rate.setValue(40)
    dialog.low.setValue(1)
    dialog.high.setValue(9)
    run(dialog, qtbot, games=60)
    summary = dialog.summary
    found = summary["value"]
    assert summary["side"] == "red" and summary["target"] == 0.4
    rates = red_rates(summary)
    assert rates[1] < 0.4 < rates[9]
    # the value found brackets the target with its neighbour one step away
    assert any(abs(v - found) == 1 and (rates[v] - 0.4) * (rates[found] - 0.4) <= 0 for v in rates)
    assert dialog.use_button.isEnabled() and dialog.use_button.text() == f"&Set the field to {found}"
    dialog.use_button.click()
    rec = window.rec
    assert rec.data["speed"] == found and rec.dirty
    rec.doc.stack.undo()
    assert rec.data["speed"] == 4


def test_values_the_field_cannot_hold_are_refused_with_the_field_named(window, qtbot):
    focus_speed(window)
    dialog = open_dialog(window, qtbot)
    dialog.values.setText("3, 11")
    run(dialog, qtbot)
    assert dialog.summary is None
    assert dialog.message.text().startswith("Cannot sweep: toy.plane:a.speed=11: ")
    assert "less than or equal to 10" in dialog.message.text()
    dialog.values.setText("")
    dialog.run_button.click()
    assert not dialog.busy and "give the values" in dialog.message.text()
    dialog.search_mode.setChecked(True)
    dialog.low.setValue(5)
    dialog.high.setValue(5)
    dialog.run_button.click()
    assert not dialog.busy and "lowest value must be below the highest" in dialog.message.text()


def test_cancel_keeps_the_values_played_in_full(window, qtbot):
    focus_speed(window)
    dialog = open_dialog(window, qtbot)
    dialog.values.setText("2,3,4,5,6,7,8,9")
    dialog.games.setValue(GAMES_TO_CANCEL)
    dialog.run_button.click()
    qtbot.waitUntil(lambda: dialog.job.variants >= 2, timeout=WAIT)  # the first value is in the sweep
    dialog.cancel_button.click()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=WAIT)
    played = dialog.summary["variants"]
    assert 1 <= len(played) < 8
    assert all(v["report"]["games"] == GAMES_TO_CANCEL for v in played)  # none cut short
    assert "cancelled" in dialog.message.text() and "cancelled" in dialog.progress.text()
    assert dialog.run_button.isEnabled() and not dialog.cancel_button.isEnabled()


def test_the_report_is_saved_as_one_page(window, qtbot, tmp_path):
    focus_speed(window)
    dialog = open_dialog(window, qtbot)
    dialog.values.setText("3,5")
    run(dialog, qtbot, games=10)
    path = tmp_path / "sweep.html"
    assert dialog.save(path)
    text = path.read_text()
    assert "duel: sweep of toy.plane:a.speed" in text and "data:image/png;base64," in text
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("sweep")] == ["sweep.html"]
    assert not dialog.save(tmp_path)  # a folder: refused, said, nothing written
    assert dialog.message.text().startswith(f"Cannot save {tmp_path}")


def test_a_sweep_on_a_dask_cluster_is_the_sweep_on_this_machine(window, qtbot):
    import json
    import logging

    from distributed import LocalCluster

    focus_speed(window)
    dialog = open_dialog(window, qtbot)
    dialog.values.setText("3,5")
    run(dialog, qtbot, games=12)
    local = dialog.summary
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster:
        dialog.run_on.where.setCurrentIndex(dialog.run_on.where.findData("dask"))
        dialog.run_on.address.setText(cluster.scheduler_address)
        run(dialog, qtbot, games=12)
    assert dialog.summary is not local and json.dumps(dialog.summary) == json.dumps(local)
