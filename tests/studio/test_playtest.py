"""Playtest from the studio (bundled packs): unsaved edits in play, stepping and scrubbing,
a side played through the widgets, balance batches in the background, and replays."""

import json
import math
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QMessageBox

from engine.core.events import EventLog, canonical
from engine.core.decisions import IllegalAction
from engine.core.game import Game
from engine.cli.narrate import line
from engine.cli.situation import Situation
from engine.core.view import view_at
from engine.drawing.shapes import Drawing, Text
from studio.commands import SetField
from studio.playtest import open_playtest, open_replay
from studio.playtest.window import PlaytestWindow
from studio.playtest.run import PERSON
from studio.playtest.source import Source, prepare

SCENARIO = ("hm.scenario", "zekes-in-the-slot")
ZERO = ("hm.fighter", "a6m5-zero-navy")


@pytest.fixture
def studio(bundled_window, sandbox):
    """The bundled studio, its settings (the replay folder) in the test's folder; afterwards its
    playtests are closed and every edit undone."""
    yield bundled_window
    for window in bundled_window.findChildren(PlaytestWindow):
        window.close()
    for doc in bundled_window.session.docs:
        while doc.stack.canUndo():
            doc.stack.undo()


def playtest(studio, kind_id=SCENARIO) -> PlaytestWindow:
    rec = studio.open_record(*kind_id)
    window = open_playtest(studio, rec)
    window.resize(1400, 900)
    return window


def edit(studio, kind_id, path, value):
    rec = studio.open_record(*kind_id)
    rec.doc.stack.push(SetField(rec.doc, rec.uid, path, value))
    return rec


def to_the_end(qtbot, view):
    view.end_action.trigger()
    qtbot.waitUntil(lambda: not view.run.busy, timeout=30_000)


def moves_of(events, plane_prefix):
    return [e["prompt"] for e in events if e["type"] == "decision.pending" and e["kind"] == "hm.move"
            and f"move {plane_prefix}" in e["prompt"]]


def test_an_unsaved_edit_is_played_and_offered_as_a_restart(studio, qtbot):
    window = playtest(studio)
    view = window.play
    to_the_end(qtbot, view)
    assert view.run.game.over
    before = list(view.events)
    assert all("speed 3" in p for p in moves_of(before, "zero"))

    rec = edit(studio, ZERO, ("speed",), 6)
    assert rec.dirty  # not saved: the playtest reads the editor, not the disk
    assert view.banner.isVisible() and "data changed" in view.banner.text.text()
    restart = next(b for b in view.banner.buttons if b.text() == "Restart with the change")
    qtbot.mouseClick(restart, Qt.MouseButton.LeftButton)
    to_the_end(qtbot, view)
    after = list(view.events)
    assert EventLog.first_difference(before, after) is not None
    assert moves_of(after, "zero") and all("speed 6" in p for p in moves_of(after, "zero"))
    assert not view.banner.isVisible()


def test_step_glides_and_the_slider_scrubs_the_board_and_the_log(studio, qtbot):
    window = playtest(studio)
    view = window.play
    start = len(view.events)
    for _ in range(6):
        view.step_action.trigger()
        qtbot.wait(20)
    assert len(view.events) > start and view.cursor == len(view.events) - 1
    qtbot.waitUntil(lambda: view.board.animation.state() == view.board.animation.State.Stopped)
    assert view.board.frames > 6  # moves were animated, not just jumped
    to_the_end(qtbot, view)
    events = view.events
    assert view.slider.maximum() == len(events) - 1

    moved = next(i for i, e in enumerate(events) if e["type"] == "unit.moved" and i > 40)
    for index in (moved - 1, moved, 3, len(events) - 1):
        view.slider.setValue(index)
        assert view.cursor == index
        assert view.log.view.currentIndex().row() == index
        expected = view_at(events, index + 1)
        shown = view.board.view
        assert {u.id: u.at for u in shown.on_board()} == {u.id: u.at for u in expected.on_board()}
        assert line(events[index])[:40] in view.why.toPlainText()
    unit = events[moved]["unit"]
    view.slider.setValue(moved - 1)
    assert view.board.view.units[unit].at != events[moved]["to"]
    view.slider.setValue(moved)
    assert view.board.view.units[unit].at == events[moved]["to"]

    shot = next(i for i, e in enumerate(events) if e["type"] == "hm.shot")
    view.log.view.setCurrentIndex(view.log.proxy.mapFromSource(view.log.model.index(shot)))
    assert view.cursor == shot and view.slider.value() == shot
    why = view.why.toPlainText()
    assert "Dice" in why and f"rolled {', '.join(map(str, events[shot]['rolls']))}" in why


def cell_point(view, label):
    x, y = view.painter.cell_point(label)
    return view.board.mapFromScene(QPointF(x, y))


def wait_for_my_move(qtbot, view):
    if not view.run.running:
        view.run_action.trigger()
    qtbot.waitUntil(lambda: view.run.person_to_move() is not None and view.decision_box.isEnabled(),
                    timeout=20_000)
    qtbot.waitUntil(lambda: view.board.animation.state() == view.board.animation.State.Stopped)


def play_until(qtbot, view, kind: str, answer):
    """The person's first question of `kind`, `answer(decision)` having answered those before it."""
    for _ in range(40):
        wait_for_my_move(qtbot, view)
        decision = view.run.person_to_move()
        if decision.kind == kind:
            return decision
        answer(decision)
    raise AssertionError(f"no {kind} question in 40 answers")


def first_maneuver(qtbot, view):
    """The allies' first Pocket Air War maneuver, the person having taken the first option before
    it, with the game paused there."""
    view.set_seat("allies", PERSON)
    decision = play_until(qtbot, view, "paw.maneuver", lambda _: view.decision.choose_current())
    view.run.pause()
    return decision


def fly_a_stack(view, decision) -> None:
    """An Air Wars answer on the way to a flight: fly a stack when one may, else the last option."""
    view.run.submit(next((o for o in decision.options if o["type"] == "fly"), decision.options[-1]))


def test_a_person_plays_a_side_on_the_board_and_in_the_panel(studio, qtbot):
    window = playtest(studio)
    view = window.play
    combo = view.findChild(QComboBox, "seat:usa")
    combo.setCurrentIndex(combo.findData(PERSON))
    assert view.run.seats["usa"] == PERSON
    wait_for_my_move(qtbot, view)
    decision = view.run.person_to_move()
    assert decision.side == "usa" and decision.kind == "hm.move"
    notes = [view.decision.options.item(r).text() for r in range(view.decision.options.count())]
    guns = [view.run.game.engine.option_note(view.run.game, decision, o) for o in decision.options]
    assert all(t.endswith(f"  → {g}") if g else "→" not in t  # the guns each move brings to bear
               for t, g in zip(notes, guns))

    # a click on a hex the plane may reach
    cells = [p for p in view.places if p.kind == "cell"]
    assert cells
    count = len(view.run.game.decisions)

    def shown():
        return sum(not view.decision.options.item(r).isHidden() for r in range(view.decision.options.count()))

    crowded = next(p.value for p in cells if sum(q.value == p.value for q in cells) > 1)
    qtbot.mouseClick(view.board.viewport(), Qt.MouseButton.LeftButton, pos=cell_point(view, crowded))
    assert len(view.run.game.decisions) == count  # several ways to end there: the list narrows
    assert shown() == sum(q.value == crowded for q in cells) and "pick one" in view.decision.refusal.text()
    qtbot.mouseClick(view.decision.all_button, Qt.MouseButton.LeftButton)
    assert shown() == len(decision.options)
    target = next(p for p in cells if sum(q.value == p.value for q in cells) == 1)
    qtbot.mouseClick(view.board.viewport(), Qt.MouseButton.LeftButton, pos=cell_point(view, target.value))
    made = view.run.game.decisions[count]
    assert made["side"] == "usa" and made["action"]["to"] == target.value

    # from the list of options
    wait_for_my_move(qtbot, view)
    view.run.pause()
    decision = view.run.person_to_move()
    view.decision.options.setCurrentRow(2)
    qtbot.mouseClick(view.decision.choose_button, Qt.MouseButton.LeftButton)
    assert view.run.game.decisions[-1]["action"] == decision.options[2]

    # an illegal move typed as JSON: refused with the engine's reason, nothing changes
    wait_for_my_move(qtbot, view)
    view.run.pause()
    decision = view.run.person_to_move()
    plane = decision.context["plane"]
    logged = len(view.run.game.log)
    view.decision.json.setText(json.dumps({"type": "move", "to": "0101", "facing": 0}))
    qtbot.mouseClick(view.decision.try_button, Qt.MouseButton.LeftButton)
    reason = view.decision.refusal.text()
    assert reason.startswith("Refused:") and f"{plane} cannot do that" in reason
    assert len(view.run.game.log) == logged and view.run.person_to_move() is decision

    # a counter dragged to a hex it cannot reach: the same refusal, through the board
    view.decision.refusal.clear()
    start = cell_point(view, decision.context["at"])
    offered = {p.value for p in view.places if p.kind == "cell"}
    far = next(c for c in ("0101", "0115", "1601", "1615") if c not in offered)
    end = cell_point(view, far)
    qtbot.mousePress(view.board.viewport(), Qt.MouseButton.LeftButton, pos=start)
    for k in range(1, 6):
        qtbot.mouseMove(view.board.viewport(), start + (end - start) * (k / 5))
    qtbot.mouseRelease(view.board.viewport(), Qt.MouseButton.LeftButton, pos=end)
    assert f"{plane} cannot do that" in view.decision.refusal.text()
    assert len(view.run.game.log) == logged


def test_after_the_persons_move_the_bots_play_on_to_the_next_one(studio, qtbot):
    """Found in a walk: after the person's move the bots stood still unless Run was on, while the
    panel said "Waiting for the bots…". They now play on at the pace set, and stop at the next move."""
    view = playtest(studio).play
    view.set_seat("usa", PERSON)
    wait_for_my_move(qtbot, view)
    view.run.pause()
    view.speed.setValue(10)
    first = view.run.person_to_move()
    view.decision.choose_current()
    assert view.run.running and "playing to your next move" in view.decision_box.title()
    qtbot.waitUntil(lambda: view.run.person_to_move() not in (None, first), timeout=20_000)
    assert not view.run.running and view.decision_box.title().startswith("Your move — usa")
    assert any(d["side"] != "usa" for d in view.run.game.decisions[view.run.answered()[-1]:])


def test_the_status_bar_tells_the_moment_on_show_not_the_end_ahead(studio, qtbot):
    """Found in a walk: stepping through the rounds of a game already played to its end, the status
    bar said "Game over: victory (winner axis)" over round 3."""
    view = playtest(studio, ("paw.scenario", "sweep-four-versus-four")).play
    to_the_end(qtbot, view)
    view.set_cursor(len(view.events) // 2)
    said = view.status.text()
    assert "Game over" not in said and f"Event {len(view.events) // 2 + 1} of {len(view.events)}" in said
    view.set_cursor(len(view.events) - 1)
    assert view.status.text().startswith("Game over")


def test_a_game_that_asks_before_placing_its_units_shows_the_set_up(studio, qtbot):
    """Found in a walk: a Pocket Air War board was empty until the first decision (who flies which
    plane) was answered; it shows the scenario's set-up from the start."""
    view = playtest(studio, ("paw.scenario", "sweep-four-versus-four")).play
    assert not view.board.view.units  # the game has placed nothing yet
    setup = view.setup
    pieces = setup.layout.pieces(setup.scenario, setup.content)
    drawn = [i for i in view.board.drawing.items if i not in view.painter.base.items]
    assert len(pieces) == 8 and len(drawn) >= len(pieces)


def test_a_seat_taken_while_looking_back_offers_the_move_at_the_last_event(studio, qtbot):
    """Found playtesting: watching bots, scrubbing back and taking a side said "Waiting for the
    bots" over an empty list, and Step to the move left it so."""
    window = playtest(studio)
    view = window.play
    view.set_seat("usa", "hard")
    while not (view.run.game.pending.side == "usa" and len(view.events) > 30):
        view.step_action.trigger()
    view.slider.setValue(len(view.events) // 2)
    view.set_seat("usa", PERSON)
    decision = view.run.person_to_move()
    assert decision is not None and view.cursor < len(view.events) - 1
    assert not view.decision_box.isEnabled() and "at the last event" in view.decision_box.title()
    view.step_action.trigger()
    assert view.cursor == len(view.events) - 1 and view.run.person_to_move() is decision
    assert view.decision_box.isEnabled() and view.decision_box.title() == "Your move — usa"
    assert view.decision.options.count() == len(decision.options)
    view.slider.setValue(3)  # looking back again: the panel follows the cursor
    assert not view.decision_box.isEnabled()
    view.slider.setValue(len(view.events) - 1)
    assert view.decision_box.isEnabled() and view.decision.options.count() == len(decision.options)


def test_restart_on_the_persons_move_shows_the_new_game(studio, qtbot):
    """Restart while the person's options were listed drew the board at the old game's cursor,
    past the new log's end (an IndexError in the event loop, the board left as it was)."""
    window = playtest(studio)
    view = window.play
    view.set_seat("usa", PERSON)
    wait_for_my_move(qtbot, view)
    view.run.pause()
    view.restart_action.trigger()
    assert len(view.events) < 30 and view.cursor == len(view.events) - 1
    assert {u.id: u.at for u in view.board.view.on_board()} == \
        {u.id: u.at for u in view_at(view.events, len(view.events)).on_board()}


def test_undo_my_move_takes_back_the_last_answer_and_asks_it_again(studio, qtbot):
    window = playtest(studio)
    view = window.play
    view.set_seat("usa", PERSON)
    wait_for_my_move(qtbot, view)
    view.run.pause()
    assert not view.undo_action.isEnabled()  # nothing answered yet
    first = view.run.person_to_move()
    before = list(view.events)
    view.decision.options.setCurrentRow(1)
    qtbot.mouseClick(view.decision.choose_button, Qt.MouseButton.LeftButton)
    wait_for_my_move(qtbot, view)  # the bots played on to the next question
    view.run.pause()
    assert len(view.events) > len(before) and view.undo_action.isEnabled()

    view.undo_action.trigger()
    assert list(view.events) == before and len(view.run.hidden_at) == len(before)
    again = view.run.person_to_move()
    assert again is not None and again.prompt == first.prompt and again.options == first.options
    assert view.decision_box.isEnabled() and view.decision.options.count() == len(first.options)
    assert "Took back your answer" in view.status.text() and not view.undo_action.isEnabled()
    view.decision.options.setCurrentRow(2)  # another answer this time
    qtbot.mouseClick(view.decision.choose_button, Qt.MouseButton.LeftButton)
    assert view.run.game.decisions[view.run.answered()[-1]]["action"] == first.options[2]


def test_a_person_flies_a_maneuver_by_clicking_where_it_ends(studio, qtbot):
    window = playtest(studio, ("paw.scenario", "sweep-four-versus-four"))
    view = window.play
    decision = first_maneuver(qtbot, view)
    qtbot.waitUntil(lambda: view.board.animation.state() == view.board.animation.State.Stopped)
    ends = [p for p in view.places if p.kind == "pos"]
    assert len(ends) == len(decision.options)
    lone = [p for p in ends if sum(q.value == p.value for q in ends) == 1]
    target = max(lone, key=lambda p: len(p.path))  # the longest: clear of the others
    x, y = view.painter.mat_point(target.value)
    back = math.radians(-(target.heading or 0.0))
    size = view.painter.cell_mm * 0.45
    inside = QPointF(x - 0.5 * size * math.cos(back), y - 0.5 * size * math.sin(back))
    count = len(view.run.game.decisions)
    logged = len(view.run.game.log)
    qtbot.mouseClick(view.board.viewport(), Qt.MouseButton.LeftButton, pos=view.board.mapFromScene(inside))
    assert view.run.game.decisions[count]["action"] == decision.options[target.option]
    moved = next(e for e in view.run.game.log[logged:] if e["type"] == "unit.moved")
    assert moved["unit"] == decision.context["plane"] and moved["pos"] == list(target.value)


def test_a_batch_runs_in_the_background_and_cancels(studio, qtbot):
    window = playtest(studio)
    panel = window.balance
    window.tabs.setCurrentWidget(panel)
    assert panel.games.value() == 200
    panel.games.setValue(5000)  # more than can finish before the cancel, however fast the engine gets
    ticks, values = [], []
    timer = QTimer(interval=20)
    timer.timeout.connect(lambda: (ticks.append(1), values.append(panel.progress.value())))
    timer.start()
    qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    assert panel.busy and not panel.run_button.isEnabled()
    # the event loop keeps turning (the timer ticks) while the games are played
    qtbot.waitUntil(lambda: panel.progress.value() >= 8 and len(ticks) >= 10, timeout=30_000)
    assert panel.busy
    # the window takes input while the games are played
    qtbot.keyClicks(window.play.log.filter, "hm.shot")
    assert window.play.log.proxy.rowCount() < window.play.log.model.rowCount()
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)
    timer.stop()
    assert panel.progress_updates >= 1
    assert len({v for v in values if v}) >= 1
    played = panel.runs[-1].report["games"]
    assert 8 <= played < 5000 and "cancelled" in panel.runs[-1].title
    assert panel.run_button.isEnabled()
    # the bar ends on the games the report counts, not on the last progress report before them
    assert panel.progress.value() == played and panel.progress.text() == f"{played} of 5000 games (cancelled)"
    panel.games.setValue(4)
    qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)
    assert panel.progress.text() == "4 / 4 games"


def test_runs_before_and_after_an_edit_are_compared_on_the_same_seeds(studio, qtbot):
    window = playtest(studio)
    panel = window.balance
    panel.games.setValue(32)
    for change in (None, 6):
        if change is not None:
            edit(studio, ZERO, ("guns_front",), change)
        assert panel.start()
        qtbot.waitUntil(lambda: not panel.busy, timeout=60_000)
    before, after = panel.runs
    assert after.report["seeds"] == before.report["seeds"] and "after editing a6m5-zero-navy" in after.title
    assert len(panel.figure.axes) == 4
    html = panel.text.toHtml()
    assert "Run 2 compared with Run 1" in panel.text.toPlainText()
    assert "#c8e6c9" in html and "#ffcdd2" in html  # significant rises and falls shaded
    assert after.report["win_rates"]["japan"]["rate"] > before.report["win_rates"]["japan"]["rate"]


def test_a_person_does_not_see_the_other_sides_secret_until_the_game_is_over(studio, qtbot):
    """Yamamoto's Defeat: Japan picks Yamamoto's bomber in secret. The person flying the P-38s sees
    that Japan chose, not which Betty, in the log and in the why pane; the log keeps the choice."""
    view = playtest(studio, ("hm.scenario", "yamamotos-defeat")).play
    view.set_seat("usa", PERSON)
    wait_for_my_move(qtbot, view)
    view.run.pause()
    row = next(i for i, e in enumerate(view.events) if e["type"] == "decision" and e["kind"] == "hm.designate")
    plane = view.events[row]["action"]["plane"]

    def shown(r):
        return view.log.model.data(view.log.model.index(r))

    assert "chosen in secret" in shown(row) and "betty" not in shown(row)
    view.set_cursor(row + 1)  # the designation event: its why pane names the choice it follows
    assert "japan chose" in view.why.toPlainText() and plane not in view.why.toPlainText()
    view.set_seat("usa", "hard")
    to_the_end(qtbot, view)  # a finished game hides nothing
    assert plane in shown(row)


def test_the_persons_list_says_what_the_terminal_says_of_each_option(studio, qtbot):
    """Found playtesting: the window's list gave a Pocket Air War maneuver no word of where it ends
    (nor that it leaves the mat or crashes) and a campaign card no text, which the prompt gives."""
    view = playtest(studio, ("paw.scenario", "sweep-four-versus-four")).play
    decision = first_maneuver(qtbot, view)
    situation = Situation(view.run.game, decision)
    shown = [view.decision.options.item(r).text() for r in range(view.decision.options.count())]
    ends = [situation.option_end(o) for o in decision.options]
    assert sum("ends at" in e for e in ends) > 1
    assert all(text.endswith(f"  → {end}") for text, end in zip(shown, ends) if end)

    view = playtest(studio, ("aw.scenario", "red-eagles")).play
    view.set_seat("vvs", PERSON)
    decision = view.run.person_to_move()
    assert decision is not None and decision.kind == "aw.card"
    card = next(o["card"] for o in decision.options if o.get("card"))
    record = view.run.game.content.get("aw.campaign_card", card)
    item = next(view.decision.options.item(r) for r in range(view.decision.options.count())
                if decision.options[view.decision.options.item(r).data(Qt.ItemDataRole.UserRole)].get("card") == card)
    assert record.text in item.text() and record.text in item.toolTip()


def test_a_person_sees_the_enemys_face_down_counters_as_their_player_would(studio, qtbot):
    """Red Eagles, the person at the VVS: a Luftwaffe unit they cannot identify (22.0) is a blank
    counter of its side on the board, and neither the log, the why pane nor a click names it."""
    view = playtest(studio, ("aw.scenario", "red-eagles")).play
    view.set_seat("vvs", PERSON)

    def named_while_hidden():  # rows whose event names a unit the VVS could not identify then
        return [(row, uid) for row, then in enumerate(view.run.hidden_at) for uid in then or ()
                if uid in json.dumps(view.events[row])]

    for _ in range(60):  # the bots play on to the person's next decision; the person picks the first
        to_the_end(qtbot, view)
        if view.run.hidden_at[-1] and named_while_hidden():
            break
        view.decision.options.setCurrentRow(0)
        view.decision.choose_current()
    hidden = view.run.hidden_at[-1]
    assert hidden and named_while_hidden() and len(view.run.hidden_at) == len(view.events)
    model = view.log.model
    names = {e["unit"]: e["name"] for e in view.events if e["type"] == "unit.placed"}
    for row, uid in named_while_hidden():  # e.g. "luftwaffe chose: fly Do217 (based at C6)"
        shown = model.data(model.index(row))
        assert uid not in shown and names[uid] not in shown and "a luftwaffe unit" in shown
    uid = sorted(hidden)[0]
    assert any(uid in str(e) for e in view.events)  # the log keeps it, for replays
    view.set_cursor(len(view.events) - 1)
    counter = next(i for i in view.board.drawing.items if getattr(i, "key", "") == uid)
    assert [t.text for t in Drawing(1, 1, counter.items).walk() if isinstance(t, Text)] == ["?"]
    view.board_clicked(uid)
    assert "face down" in view.why.toPlainText() and uid not in view.why.toPlainText()


def visible_texts(view) -> dict[str, str]:
    """Every text the person's view shows now, by where it shows: each log line, the why pane, the
    status bar, the move's panel (its options and their tooltips) and the units off the board."""
    model = view.log.model
    texts = {f"log {row}": model.data(model.index(row)) for row in range(model.rowCount())}
    options = view.decision.options
    texts |= {f"option {r}": options.item(r).text() + options.item(r).toolTip() for r in range(options.count())}
    texts |= {"why": view.why.toPlainText(), "status": view.status.text(), "off board": view.boxes.text(),
              "panel": view.decision_box.title() + view.decision.prompt.text()}
    return texts


def test_a_person_reads_no_unit_face_down_now_anywhere_in_the_view(studio, qtbot):
    """Found in a walk: the VVS saw a face-down "?" at I8 while the log read "luftwaffe chose:
    Me109 (Slovak) at I8 (Anapa)" (logged while it was on top of its stack). At every decision of
    the VVS, no unit it cannot identify now is named in any line of the log, the why pane of any
    event, the status bar or the panel, and its counter is face down at every event looked back at."""
    view = playtest(studio, ("aw.scenario", "red-eagles")).play
    view.set_seat("vvs", PERSON)
    names = {e["unit"]: e["name"] for e in view.events if e["type"] == "unit.placed"}
    checked = 0
    for _ in range(25):
        to_the_end(qtbot, view)
        if view.run.game.over:
            break
        hidden = view.run.hidden_at[-1] or frozenset()
        words = {w for uid in hidden for w in (uid, names[uid])}
        naming = [row for row, e in enumerate(view.events) if any(uid in json.dumps(e) for uid in hidden)]
        for row in naming[-3:]:  # the why pane of the lines that would name them
            view.set_cursor(row)
            assert not [w for w in words if w in view.why.toPlainText() + view.boxes.text()], row
            assert hidden <= view._hidden(row)  # drawn face down looking back too
        view.set_cursor(len(view.events) - 1)
        leaks = [(where, w) for where, text in visible_texts(view).items() for w in words if w in text]
        assert not leaks, leaks
        checked += bool(hidden and naming)
        view.decision.options.setCurrentRow(0)
        view.decision.choose_current()
    assert checked >= 3


def save_replay(qtbot, view, path):
    view.ask_path = lambda: path
    return view.save_replay()


def test_a_replay_reopens_with_the_same_events_and_scrubs(studio, qtbot, tmp_path):
    window = playtest(studio)
    view = window.play
    view.set_seat("japan", PERSON)
    wait_for_my_move(qtbot, view)
    view.decision.options.setCurrentRow(1)
    view.decision.choose_current()
    view.set_seat("japan", "hard")
    to_the_end(qtbot, view)
    path = save_replay(qtbot, view, tmp_path / "zekes.replay.json")
    saved = json.loads(path.read_text())
    assert saved["seats"]["japan"] == "hard" and saved["source"]["id"] == "zekes-in-the-slot"

    again = open_replay(studio, path)
    assert again.play.mode == "replay" and again.play.check.difference is None
    assert [canonical(e) for e in again.play.events] == [canonical(e) for e in view.run.game.log]
    assert "exactly as saved" in again.play.news.text.text()
    for index in (len(again.play.events) - 1, 0, 57):
        again.play.slider.setValue(index)
        assert again.play.log.view.currentIndex().row() == index


def test_a_replay_reopened_after_an_edit_shows_the_first_difference(studio, qtbot, tmp_path):
    window = playtest(studio)
    view = window.play
    to_the_end(qtbot, view)
    path = save_replay(qtbot, view, tmp_path / "zekes.replay.json")
    edit(studio, ZERO, ("guns_front",), 4)

    # what the game does now, worked out without the studio
    doc = next(d for d in studio.session.docs if d.id == "hex-minis")
    setup = prepare(doc.pack, studio.session.ruleset(doc), Source("hex-minis", *SCENARIO))
    data = json.loads(path.read_text())
    game = Game(setup.engine, setup.scenario, setup.content, data["seed"], data["options"])
    for decision in data["decisions"]:  # the saved choices, as long as the rules still ask them
        if game.pending is None or game.pending.side != decision["side"]:
            break
        try:
            game.submit(decision["action"])
        except IllegalAction:
            break
    expected = EventLog.first_difference(data["events"], game.log)
    assert expected is not None

    again = open_replay(studio, path)
    play = again.play
    assert play.check.difference == expected
    assert play.cursor == expected and play.log.model.marked == expected
    assert f"differs from event {expected}" in play.news.text.text()
    assert "This is where the game now differs" in play.why.toPlainText()
    assert line(data["events"][expected])[:30] in play.why.toPlainText()


def test_an_unreadable_replay_is_named_with_its_line(studio, tmp_path, monkeypatch):
    bad = tmp_path / "bad.json"
    bad.write_text('{"replay": "sortie.replay/1",\n "seed": }\n')
    asked = []
    monkeypatch.setattr(studio, "ask", lambda title, text, *a, **k: asked.append(text))  # then the fixture's again
    assert open_replay(studio, bad) is None
    assert asked and f"{bad}:2:" in asked[0]


def test_a_mission_rolled_on_a_timeline_is_playtested(studio, qtbot):
    window = playtest(studio, ("paw.timeline", "adlerangriff"))
    assert window.play.setup.scenario.kind_id() == "paw.scenario"
    assert window.play.setup.mission is not None
    name = window.mission_label.text()
    assert window.play.run.game is not None and window.play.events
    window.play.step_action.trigger()
    assert len(window.play.events) > 1
    assert window.roll_mission(7) and window.source.mission_seed == 7
    assert window.play.setup.source.mission_seed == 7 and window.mission_label.text()
    assert "mission seed 7" in window.windowTitle() and name


def test_f5_plays_the_record_on_show_and_closing_the_editor_closes_its_playtests(qtbot, sandbox):
    from PySide6.QtGui import QKeySequence
    from PySide6.QtWidgets import QToolBar

    from engine.content.loader import BUNDLED_CONTENT
    from studio.main_window import MainWindow

    window = MainWindow([BUNDLED_CONTENT / "hex-minis"], remember=False)
    window.ask = lambda *args, **kwargs: QMessageBox.StandardButton.Discard
    window.show()
    action = window.playtest_action
    assert action.shortcut() == QKeySequence("F5")
    assert action in window.findChild(QToolBar, "mainToolbar").actions()
    window.open_record(*ZERO)
    assert not action.isEnabled() and "Select a scenario" in action.toolTip()
    window.open_record(*SCENARIO)
    assert action.isEnabled()
    action.trigger()
    [playtest] = window.findChildren(PlaytestWindow)
    assert playtest.isVisible() and playtest.play.run.game is not None
    for _ in range(5):
        playtest.play.step()
    played = list(playtest.play.events)
    action.trigger()  # F5 again: the same window, its game as it was (found playtesting: a second, fresh one)
    assert window.findChildren(PlaytestWindow) == [playtest] and list(playtest.play.events) == played
    assert "already open" in window.statusBar().currentMessage()
    playtest.play.to_the_end()
    window.close()
    qtbot.waitUntil(lambda: not window.findChildren(PlaytestWindow))


def test_a_scenario_of_a_game_with_no_engine_says_why_it_cannot_be_played(studio):
    """Found in a walk: on an Air Force scenario F5 and the ▶ button stayed enabled and answered with
    a line in the status bar; they are now disabled, and their tooltip says what is missing."""
    action = studio.playtest_action
    unplayable = [(r, studio.session.ruleset(r.doc)) for r in studio.session.records()
                  if studio.session.ruleset(r.doc).engine is None and r.kind == studio.session.ruleset(r.doc).scenario_kind]
    if not unplayable:
        pytest.skip("every bundled game has a rules engine")
    rec, ruleset = unplayable[0]
    studio.open_record(rec.kind, rec.id)
    assert not action.isEnabled() and f"{ruleset.name} has no rules engine" in action.toolTip()
    assert open_playtest(studio, rec) is None
    studio.open_record(*SCENARIO)
    assert action.isEnabled() and "F5" in action.toolTip()


def test_a_scenario_plays_with_a_pack_that_extends_its_own(studio):
    window = playtest(studio, ("paw.scenario", "sweep-four-versus-four"))
    choice = window.pack_choice
    assert {choice.itemText(i) for i in range(choice.count())} == {"pocket-air-war", "pocket-air-war-errata"}
    errata = next(d for d in studio.session.docs if d.id == "pocket-air-war-errata")
    rules = next(r for r in errata.records.values() if r.kind == "paw.rules")
    assert window.play.setup.content.get("paw.rules", rules.id) is not rules.model
    choice.setCurrentText("pocket-air-war-errata")
    assert window.play.setup.content.get("paw.rules", rules.id) is rules.model
    assert window.play.setup.scenario.id == "sweep-four-versus-four" and window.play.run.game is not None
    assert "pocket-air-war-errata/sweep-four-versus-four" in window.windowTitle()


def test_a_renamed_scenario_is_still_played(studio, qtbot):
    window = playtest(studio)
    rec = studio.open_record(*SCENARIO)
    studio.session.rename(rec, "zekes-renamed")
    assert window.source.id == "zekes-renamed" and "zekes-renamed" in window.windowTitle()
    assert window.play.restart() and window.play.setup.scenario.id == "zekes-renamed"


def test_a_playtest_window_fits_the_screen(studio):
    """On a screen smaller than 1400 x 900 (here the headless one) the playtest opens within it,
    not past its edges."""
    window = open_playtest(studio, studio.open_record(*SCENARIO))
    room = studio.screen().availableGeometry()
    assert window.width() <= room.width() and window.height() <= room.height()
    assert window.width() == min(1400, room.width())


def test_a_step_that_plays_many_rounds_shows_them_a_round_at_a_time(studio, qtbot):
    """Both sides flown by the solo AI: after who-flies, one decision plays the whole game."""
    view = playtest(studio, ("paw.scenario", "sweep-four-versus-four")).play
    assert set(view.seats.values()) == {"ai"}
    stops = []
    for _ in range(60):
        if not view.step_action.isEnabled():
            break
        view.step_action.trigger()
        stops.append(view.cursor)
    assert view.run.game.over and view.cursor == len(view.events) - 1
    summaries = [i for i, e in enumerate(view.events) if e["type"] == "summary"]
    assert len(summaries) > 5
    assert [i for i in stops if view.events[i]["type"] == "summary"] == summaries  # each round, in turn
    assert stops == sorted(stops)


def test_a_person_sees_which_moves_bring_their_guns_to_bear(studio, qtbot):
    """As at the terminal: a move whose end puts an enemy first on a gun's line says so in the list."""
    view = playtest(studio).play
    combo = view.findChild(QComboBox, "seat:usa")
    combo.setCurrentIndex(combo.findData(PERSON))
    for _ in range(12):
        wait_for_my_move(qtbot, view)
        decision = view.run.person_to_move()
        texts = [view.decision.options.item(r).text() for r in range(view.decision.options.count())]
        firing = [t for t in texts if "  → forward guns at " in t or "  → tail gun at " in t]
        if firing:
            break
        view.run.submit(decision.options[0])
    assert firing and len(firing) < len(texts)


def test_a_person_flies_an_air_wars_move_by_the_route_in_the_via_field(studio, qtbot, monkeypatch):
    """17.0: the route is the player's. The Via field (shown for a move's destination only) sends the
    chosen move along the squares typed; an illegal one is refused with the step that is wrong."""
    from engine.rulesets.aw.play.flying import default_route

    view = playtest(studio, ("aw.scenario", "red-eagles")).play
    view.set_seat("vvs", PERSON)

    def answer(decision):
        assert not view.decision.via.isVisibleTo(view.decision)
        fly_a_stack(view, decision)

    decision = play_until(qtbot, view, "aw.fly_to", answer)
    assert view.decision.via.isVisibleTo(view.decision)
    static = view.run.game.state.static
    for row, option in enumerate(decision.options):  # a move the other way round the rectangle it spans
        a, b = static.squares[decision.start], static.squares[static.index.get(option.get("at"), 0)]
        if option["type"] == "move" and a.row != b.row and a.col != b.col:
            across, down = (1 if b.col > a.col else -1), (1 if b.row > a.row else -1)
            route = [static.labels[a.row * static.cols + c] for c in range(a.col + across, b.col + across, across)]
            route += [static.labels[r * static.cols + b.col] for r in range(a.row + down, b.row + down, down)]
            if route != default_route(decision, option["at"]) and decision.accept({**option, "route": route}):
                break
    else:
        raise AssertionError("no move to fly the other way round")
    view.decision.options.setCurrentRow(row)
    view.decision.via.setText(f"{static.labels[decision.start]}")  # not a step through a grid side
    view.decision.choose_current()
    assert "step 1 of the route" in view.decision.refusal.text() and view.run.person_to_move() is decision
    view.decision.via.clear()
    monkeypatch.setattr(QApplication, "keyboardModifiers", staticmethod(lambda: Qt.KeyboardModifier.ShiftModifier))
    for square in route[:-1]:  # Shift-clicked on the board, square by square: the route, not a move
        view.board_clicked(square)
    assert view.decision.via.text() == " ".join(route[:-1]) and view.run.person_to_move() is decision
    assert not view.add_waypoint("nowhere")
    monkeypatch.undo()
    view.decision.choose_current()
    flight = [e for e in view.run.game.log if e["type"] == "aw.flight"][-1]
    assert flight["to"] == option["at"] and flight["path"] == route


def test_closing_a_game_the_person_played_offers_to_save_it(qtbot, sandbox):
    """Found playtesting: closing the window (or the editor) mid-game dropped the person's moves
    without a word; bots alone replay from the seed, so only a person's moves are asked about."""
    from engine.content.loader import BUNDLED_CONTENT
    from studio.main_window import MainWindow

    b = QMessageBox.StandardButton
    answers, asked = [], []
    editor = MainWindow([BUNDLED_CONTENT / "hex-minis"], remember=False)
    editor.ask = lambda title, text, *a, **k: (asked.append(text), answers.pop(0) if answers else b.Discard)[1]
    editor.show()
    window = open_playtest(editor, editor.open_record(*SCENARIO))
    view = window.play
    window.close()  # bots only: nothing to lose, nothing asked
    assert not window.isVisible() and not asked

    window = open_playtest(editor, editor.open_record(*SCENARIO))
    view = window.play
    view.set_seat("usa", PERSON)
    wait_for_my_move(qtbot, view)
    view.run.pause()
    view.decision.choose_current()
    played = list(view.run.game.decisions)
    answers[:] = [b.Cancel]
    window.close()
    assert window.isVisible() and "You played 1 move(s)" in asked[-1] and view.run.game.decisions == played
    answers[:] = [b.Cancel]
    editor.close()  # the editor asks for its playtests before it goes
    assert editor.isVisible() and window.isVisible() and len(asked) == 2

    path = sandbox / "mine.replay.json"
    view.ask_path = lambda: path
    answers[:] = [b.Save]
    window.close()
    assert not window.isVisible() and json.loads(path.read_text())["decisions"] == \
        [{"side": d["side"], "action": d["action"]} for d in played]

    window = open_playtest(editor, editor.open_record(*SCENARIO))
    window.play.set_seat("usa", PERSON)
    wait_for_my_move(qtbot, window.play)
    window.play.run.pause()
    window.play.decision.choose_current()
    answers[:] = [b.Discard]  # the playtest's question; the editor has no edits to ask about
    editor.close()
    assert not editor.isVisible() and "You played 1 move(s)" in asked[-1]
    qtbot.waitUntil(lambda: not editor.findChildren(PlaytestWindow))


def test_the_save_discard_cancel_question_is_over_the_playtest_window(studio, qtbot, monkeypatch):
    """Found in a walk: the question about the person's moves was parented to the editor, which it
    raised over the playtest window it was about; it now belongs to the playtest window."""
    from studio.main_window import MainWindow

    over = []

    def answer():  # the question as it is shown: whose window it is over, then Cancel
        shown = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
        if not shown:
            QTimer.singleShot(20, answer)
            return
        over.append(shown[0].parentWidget())
        shown[0].button(QMessageBox.StandardButton.Cancel).click()

    monkeypatch.setattr(studio, "ask", MainWindow.ask.__get__(studio))  # the real question, not the fixture's
    window = playtest(studio)
    view = window.play
    view.set_seat("usa", PERSON)
    wait_for_my_move(qtbot, view)
    view.run.pause()
    view.decision.choose_current()
    QTimer.singleShot(0, answer)
    view.restart_action.trigger()
    view.discard_answers()  # closing it afterwards asks nothing (the real question would wait)
    assert over == [window] and view.run.answered()


def test_a_scenario_that_cannot_start_says_where_it_is_wrong(studio):
    """Found playtesting: a scenario naming a board that is not in the pack said "The game stopped:
    ValueError ..." with no file, line or field; it now says it cannot start and lists the
    validator's errors on the scenario, as the Issues dock gives them."""
    rec = edit(studio, SCENARIO, ("board",), "dogfightx")
    window = playtest(studio)
    view = window.play
    assert view.run.game is None
    said = view.news.text.text()
    assert "The game cannot start" in said and "stopped" not in said
    assert f"{rec.file}:" in said and "dogfightx" in said and "(at board)" in said
    assert not view.step_action.isEnabled() and not view.run_action.isEnabled()


def test_a_side_is_played_with_the_keys_alone(studio, qtbot):
    """Found playtesting: when the person's move came, the keyboard focus stayed where it was (the
    seat's box), so keys alone could not reach the options without a tour of the window."""
    from PySide6.QtWidgets import QApplication

    window = playtest(studio)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    view = window.play
    combo = view.findChild(QComboBox, "seat:usa")
    combo.setFocus()
    combo.setCurrentIndex(combo.findData(PERSON))
    wait_for_my_move(qtbot, view)
    view.run.pause()
    decision = view.run.person_to_move()
    assert QApplication.focusWidget() is view.decision.options
    count = len(view.run.game.decisions)
    qtbot.keyClick(view.decision.options, Qt.Key.Key_Down)
    qtbot.keyClick(view.decision.options, Qt.Key.Key_Return)
    assert view.run.game.decisions[count]["action"] == decision.options[1]


def test_tab_goes_from_the_seed_to_the_seats(studio, qtbot):
    """Found in a keyboard walk: the seats, made after the rest of the tab, came last in the Tab
    chain, after the log and the why pane; Tab now goes from the toolbar's seed to the seats."""
    window = playtest(studio)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    view = window.play
    view.seed.setFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is view.findChild(QComboBox, f"seat:{view.setup.sides[0]}")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is view.findChild(QComboBox, f"seat:{view.setup.sides[1]}")


def test_taking_a_seat_gives_the_options_room(studio, qtbot):
    """Found playtesting: the panel of the person's move came up squeezed over the log, its list
    three rows high under a three-line prompt."""
    window = playtest(studio)
    qtbot.waitExposed(window)
    view = window.play
    view.set_seat("usa", PERSON)
    wait_for_my_move(qtbot, view)
    rows = view.decision.options.height() // view.decision.options.sizeHintForRow(0)
    assert rows >= 8 and view.log.height() > 150 and view.why.height() > 150


def test_the_end_of_the_game_says_who_won_and_why(studio, qtbot, tmp_path):
    """Found playtesting: the game's end in the log said only which decision came before it, not
    the result and its reasons that `sortie play` prints at the end."""
    window = playtest(studio)
    view = window.play
    to_the_end(qtbot, view)
    outcome = view.run.game.outcome
    assert outcome.details["why"] and outcome.details["ended"]
    view.set_cursor(len(view.events) - 1)
    why = view.why.toPlainText()
    assert f"{outcome.result} (winner: {outcome.winner or 'none'}) — {outcome.details['why']}" in why
    assert f"ended: {outcome.details['ended']}" in why
    view.set_cursor(len(view.events) - 2)  # only the end says it
    assert f"ended: {outcome.details['ended']}" not in view.why.toPlainText()

    again = open_replay(studio, save_replay(qtbot, view, tmp_path / "end.replay.json"))
    again.play.set_cursor(len(again.play.events) - 1)
    assert outcome.details["why"] in again.play.why.toPlainText()


def test_save_replay_starts_in_the_last_replays_folder_with_a_name(studio, qtbot, tmp_path, monkeypatch):
    """Found playtesting: Save replay… opened in the folder the studio was started from, with a name
    of the scenario and seed but no folder; it now starts where the last replay was saved or opened
    (remembered across sessions), else in the documents or home folder."""
    from PySide6.QtWidgets import QFileDialog

    import studio.playtest as playtest_menu
    from studio.playtest.folders import replay_folder

    asked = []
    answers = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda _w, _t, start, _f: (asked.append(start), (answers.pop(0), ""))[1]))
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda _w, _t, start, _f: (asked.append(start), ("", ""))[1]))
    window = playtest(studio)
    view = window.play
    view.seed.setValue(7)
    view.restart()
    answers[:] = [""]
    assert view.save_replay() is None  # cancelled
    first = Path(asked[-1])
    assert first.name == "zekes-in-the-slot-seed-7.replay.json" and first.parent.is_dir()
    assert first.parent.resolve() != Path.cwd().resolve() or first.parent == Path.home()

    (tmp_path / "replays").mkdir()
    answers[:] = [str(tmp_path / "replays" / "mine.replay.json")]
    assert view.save_replay() is not None
    answers[:] = [""]
    view.save_replay()
    assert Path(asked[-1]) == tmp_path / "replays" / "zekes-in-the-slot-seed-7.replay.json"
    playtest_menu._ask_replay(studio)
    assert Path(asked[-1]) == tmp_path / "replays"

    (tmp_path / "elsewhere").mkdir()
    moved = (tmp_path / "replays" / "mine.replay.json").rename(tmp_path / "elsewhere" / "mine.replay.json")
    open_replay(studio, moved)  # opening one remembers its folder too
    assert replay_folder() == tmp_path / "elsewhere"
    (tmp_path / "elsewhere" / "mine.replay.json").unlink()
    (tmp_path / "elsewhere").rmdir()  # a folder gone: back to documents or home
    assert replay_folder() == first.parent


def test_restart_and_new_seed_ask_before_dropping_the_persons_moves(studio, qtbot, monkeypatch, tmp_path):
    """Found playtesting: Restart and New seed threw away a game the person had played moves in
    without a word; they now ask as closing does (Save replay / Discard / Cancel)."""
    b = QMessageBox.StandardButton
    answers, asked = [], []
    monkeypatch.setattr(studio, "ask", lambda title, text, *a: (asked.append((title, text)), answers.pop(0))[1])
    window = playtest(studio)
    view = window.play
    view.restart_action.trigger()  # bots only: nothing asked
    assert not asked

    view.set_seat("usa", PERSON)
    wait_for_my_move(qtbot, view)
    view.run.pause()
    view.decision.choose_current()
    played = list(view.run.game.decisions)
    seed = view.seed.value()
    for action in (view.restart_action, view.new_seed_action):
        answers[:] = [b.Cancel]
        action.trigger()
        assert view.run.game.decisions == played and view.seed.value() == seed
    assert [t for t, _ in asked] == ["Restart the playtest", "Start a new game"]
    assert "You played 1 move(s)" in asked[-1][1] and "before starting again" in asked[-1][1]

    view.ask_path = lambda: tmp_path / "kept.replay.json"
    answers[:] = [b.Save]
    view.new_seed_action.trigger()
    saved = json.loads((tmp_path / "kept.replay.json").read_text())
    assert saved["seed"] == seed and saved["decisions"][-1]["action"] == played[-1]["action"]
    assert view.seed.value() != seed and view.run.game.decisions != played

    wait_for_my_move(qtbot, view)
    view.run.pause()
    view.decision.choose_current()
    answers[:] = [b.Discard]
    view.restart_action.trigger()
    assert len(asked) == 4 and not view.run.answered()
    window.close()  # the discarded moves are gone: closing asks nothing
    assert len(asked) == 4


def test_only_the_persons_own_moves_are_asked_about(studio, qtbot, monkeypatch):
    """Found in a walk: taking a seat after the game had ended showed "Waiting for the bots…" over
    the finished game, and Restart then asked to save "386 move(s) you played": the bots' moves of
    the side the person took. Only the moves the person made count."""
    asked = []
    discard = QMessageBox.StandardButton.Discard
    monkeypatch.setattr(studio, "ask", lambda title, text, *a: (asked.append(text), discard)[1])
    view = playtest(studio).play
    to_the_end(qtbot, view)
    view.set_seat("usa", PERSON)
    assert view.unsaved_answers() == 0 and "Waiting" not in view.decision_box.title()
    assert "over" in view.decision_box.title()
    view.restart_action.trigger()
    assert not asked

    wait_for_my_move(qtbot, view)
    view.run.pause()
    view.decision.choose_current()
    view.set_seat("usa", "hard")  # the bot takes the seat back and plays on
    to_the_end(qtbot, view)
    view.set_seat("usa", PERSON)
    assert view.run.answered() and view.unsaved_answers() == 1
    view.restart_action.trigger()
    assert len(asked) == 1 and "You played 1 move(s)" in asked[0]


def small_playtest(studio, qtbot, kind_id, side):
    """A playtest in a 1024 x 700 window, a person at `side`, at their move."""
    window = playtest(studio, kind_id)
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    assert (window.width(), window.height()) == (1024, 700)
    view = window.play
    view.set_seat(side, PERSON)
    wait_for_my_move(qtbot, view)
    view.run.pause()
    return window, view


def test_a_1024_by_700_window_shows_the_toolbar_and_room_for_the_options(studio, qtbot):
    """Found playtesting at 1024 x 700: Save replay… was behind the toolbar's overflow, and the
    options list was four rows high."""
    window, view = small_playtest(studio, qtbot, SCENARIO, "usa")
    bar = view.toolbar
    hidden = [a.text() or bar.widgetForAction(a).toolTip() for a in bar.actions()
              if not a.isSeparator() and not bar.widgetForAction(a).isVisible()]
    assert not hidden
    assert all(len(a.toolTip()) > len(a.text()) for a in bar.actions() if a.text())  # tips say more
    assert view.save_action.isEnabled() and bar.widgetForAction(view.save_action).isVisible()
    rows = view.decision.options.height() // view.decision.options.sizeHintForRow(0)
    assert rows >= 7 and view.log.height() > 90 and view.why.height() > 90  # a three-line prompt above


def test_pocket_air_war_counters_are_framed_readable_in_a_small_window(studio, qtbot):
    """Found playtesting at 1024 x 700: Pocket Air War's 900 mm mat fitted whole drew its counters a
    few pixels wide until Units was pressed. The view frames the units itself, never so wide that a
    counter is unreadable (then about the plane in focus), until Board shows the whole mat."""
    from studio.playtest.frames import deciding_unit
    from studio.playtest.framing import READABLE_PX

    window, view = small_playtest(studio, qtbot, ("paw.scenario", "sweep-four-versus-four"), "allies")
    board, painter = view.board, view.painter
    for _ in range(10):  # past the questions before the planes are on the mat (who flies them)
        if deciding_unit(view.run.person_to_move()):
            break
        view.decision.choose_current()
        wait_for_my_move(qtbot, view)
        view.run.pause()
    mine = view._focus(board.view, view.cursor)
    assert mine and mine.startswith("spitfire")

    def px():  # a ruler step on screen
        return board.transform().m11() * painter.cell_mm

    def shown(unit):
        x, y, _turn = painter.poses(board.view)[unit]
        return board.viewport().rect().contains(board.mapFromScene(QPointF(x, y)))

    assert px() >= READABLE_PX - 0.5 and shown(mine)
    view.show_board()  # the whole mat: the framing is the person's now
    whole = px()
    assert whole < READABLE_PX / 2
    view.decision.choose_current()
    wait_for_my_move(qtbot, view)
    view.run.pause()
    assert px() == whole
    view.frame_units()
    assert px() >= READABLE_PX - 0.5 and shown(view._focus(board.view, view.cursor))


def test_a_replay_that_cannot_be_written_is_said_not_raised(studio, qtbot, tmp_path):
    """A replay that cannot be written (here: its folder is a file) raised ReplayError out of the
    button's slot (a traceback, the person told nothing); the window now says which file and why."""
    window = playtest(studio)
    view = window.play
    to_the_end(qtbot, view)
    (tmp_path / "taken").write_text("a file, not a folder")
    path = tmp_path / "taken" / "zekes.replay.json"
    assert save_replay(qtbot, view, path) is None and not path.exists()
    said = view.news.text.text()
    assert view.news.isVisibleTo(window) and "not saved" in said and str(path) in said


def test_another_pack_or_mission_asks_before_dropping_the_persons_moves(studio, qtbot, monkeypatch):
    """Playing with another pack, or rolling another mission, starts a new game as Restart does: it
    asks first, and Cancel keeps the game, the pack chosen and the mission."""
    b = QMessageBox.StandardButton
    asked = []
    monkeypatch.setattr(studio, "ask", lambda title, *a: (asked.append(title), b.Cancel)[1])
    for kind_id, change, title in (
            (("paw.scenario", "sweep-four-versus-four"),
             lambda w: w.pack_choice.setCurrentText("pocket-air-war-errata"), "Play with another pack"),
            (("paw.timeline", "adlerangriff"), lambda w: w.roll_mission(7), "Roll another mission")):
        window = playtest(studio, kind_id)
        view = window.play
        side = view.setup.sides[0]
        view.set_seat(side, PERSON)
        wait_for_my_move(qtbot, view)
        view.run.pause()
        view.decision.choose_current()
        played, source = list(view.run.game.decisions), window.source
        change(window)
        assert asked[-1] == title and view.run.game.decisions == played and window.source == source
        assert window.pack_choice is None or window.pack_choice.currentText() == source.pack
        window.play.discard_answers()
        window.close()


def test_watching_bots_on_a_free_mat_the_view_moves_only_when_the_followed_plane_leaves_it(studio, qtbot):
    """Found playtesting Pocket Air War: the view followed the unit named in each event, so with
    planes far apart it jumped between them from event to event (147 moves in this game's 883
    events). At the person's move their plane is in view; watching, the view keeps to one plane
    and moves only when it leaves the frame (9 moves)."""
    from studio.playtest.frames import deciding_unit

    window, view = small_playtest(studio, qtbot, ("paw.scenario", "sweep-four-versus-four"), "allies")
    board, painter = view.board, view.painter

    def on_screen(unit):
        x, y, _turn = painter.poses(board.view)[unit]
        return board.viewport().rect().contains(board.mapFromScene(QPointF(x, y)))

    moves = 0
    while moves < 12:
        mine = deciding_unit(view.run.person_to_move())
        if mine in painter.poses(board.view):
            assert on_screen(mine)
            moves += 1
        view.decision.choose_current()
        wait_for_my_move(qtbot, view)
        view.run.pause()
    view.set_seat("allies", "hard")  # the person leaves: the bots play on, a decision a Step
    regions = []
    view.cursorMoved.connect(lambda _index: regions.append(board.region and QRectF(board.region)))

    def moved():
        return sum(a != b for a, b in zip(regions, regions[1:]))

    while not view.run.game.over:
        view.step()
    assert len(regions) > 50 and moved() <= len(regions) // 10
    regions.clear()
    for index in range(len(view.events)):  # the game event by event, as the slider scrubs it
        view.set_cursor(index)
    assert len(regions) > 500 and moved() <= len(regions) // 40
