"""Playtest from the editor: play a scenario (or a rolled mission) with the data as it is now,
watch it, play a side, save and check replays, and measure balance over many games.

`install(window)` adds the Game menu (Playtest F5, Open Replay…) and the toolbar
button to the main window, so the window itself only calls it. The playtest window (with the
balance plots' matplotlib, most of a second to import) loads at the first playtest, not with
the editor.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox, QStyle, QToolBar

from .folders import remember_replay_folder, replay_folder
from .replay import ReplayError, read_replay
from .source import Source, playable, why_not_sweep

if TYPE_CHECKING:
    from .window import PlaytestWindow

FIRST_MISSION_SEED = 1
WINDOW_NAME = "playtestWindow"  # each PlaytestWindow's objectName, found without importing its module


def open_playtest(window, rec=None) -> PlaytestWindow | None:
    """A playtest of `rec` (default: the record on show): a scenario, or a mission rolled on it; the
    window already playing it, brought to the front, when there is one."""
    rec = rec if rec is not None else window.rec
    kind = playable(window.session.ruleset(rec.doc), rec.kind) if rec is not None else None
    if kind is None:
        window.statusBar().showMessage(f"Playtest: {why_not(window, rec)}", 8000)
        return None
    running = next((p for p in window.findChildren(QMainWindow, WINDOW_NAME)
                    if p.uid == rec.uid and p.replay is None and p.isVisible()), None)
    if running is not None:  # F5 again: the game (and balance runs) in hand, not a second window over it
        running.raise_()
        running.activateWindow()
        window.statusBar().showMessage(f"Playtest: {running.source.label} is already open (Restart plays it afresh)", 8000)
        return running
    from .window import PlaytestWindow

    seed = FIRST_MISSION_SEED if kind == "mission" else None
    playtest = PlaytestWindow(window.session, Source(rec.doc.id, rec.kind, rec.id, seed), window, rec.uid)
    playtest.start()
    playtest.show()
    return playtest


def why_not(window, rec) -> str:
    """Why `rec` cannot be playtested ("" when it can)."""
    ruleset = window.session.ruleset(rec.doc) if rec is not None else None
    if ruleset is not None and playable(ruleset, rec.kind) is not None:
        return ""
    if ruleset is not None and ruleset.engine is None and rec.kind == ruleset.scenario_kind:
        return f"{ruleset.name} has no rules engine yet, so its scenarios cannot be played"
    return "select a scenario (or a theater timeline, to roll a mission) of a game that has a rules engine"


def _enable_play(window, play: QAction, rec) -> None:
    """Playtest is enabled for a record it can play; otherwise its tooltip says why not."""
    why = why_not(window, rec)
    play.setEnabled(not why)
    tip = why[:1].upper() + why[1:] if why else PLAY_TIP
    play.setToolTip(tip)
    play.setStatusTip(tip)


PLAY_TIP = "Play the scenario (or a mission rolled on the timeline) with the data as it is now (F5)"


def open_replay(window, path: Path) -> PlaytestWindow | None:
    """A replay file in a playtest window, checked against the data as it is now."""
    try:
        data, source = read_replay(path)
    except ReplayError as exc:
        ok = QMessageBox.StandardButton.Ok
        window.ask("Open replay", str(exc), ok, ok)
        return None
    from .window import PlaytestWindow

    remember_replay_folder(path)
    playtest = PlaytestWindow(window.session, source, window)
    playtest.open_replay(data)
    playtest.show()
    return playtest


def install(window) -> None:
    """The Game menu and the toolbar's Playtest button on the studio's main window."""
    sp = QStyle.StandardPixmap
    menu = QMenu("&Game", window)
    window.menuBar().insertMenu(window.help_menu.menuAction(), menu)  # Help stays last
    play = QAction(window.style().standardIcon(sp.SP_MediaPlay), "&Playtest", window)
    play.setShortcut(QKeySequence("F5"))
    play.triggered.connect(lambda: open_playtest(window))
    _enable_play(window, play, window.rec)
    window.recordShown.connect(lambda rec: _enable_play(window, play, rec))
    replay = QAction(window.style().standardIcon(sp.SP_DialogOpenButton), "Open &Replay…", window)
    replay.setStatusTip("Open a saved playtest and see where today's data makes it differ")
    replay.triggered.connect(lambda: _ask_replay(window))
    menu.addAction(play)
    menu.addAction(replay)
    menu.addSeparator()
    menu.addAction(_install_sweep(window))
    tools = window.findChild(QToolBar, "mainToolbar")
    if tools is not None:
        tools.addSeparator()
        tools.addAction(play)
    window.playtest_action = play
    window.installEventFilter(_CloseWith(window))


SWEEP_TIP = "Play a scenario with this number at several values, on the same seeds, and plot who wins"


def _install_sweep(window) -> QAction:
    """Game ▸ Sweep This Field… for the field last focused in the form, and the same command in a
    number box's context menu; the dialog (and matplotlib) loads when first used."""
    sweep = QAction("S&weep This Field…", window)
    sweep.setShortcut(QKeySequence("Ctrl+Shift+B"))
    window.focused_field = None

    def enable(target=None) -> None:
        why = why_not_sweep(window.session, window.rec, target if target is not None else window.focused_field)
        sweep.setEnabled(not why)
        tip = why[:1].upper() + why[1:] if why else SWEEP_TIP
        sweep.setToolTip(tip)
        sweep.setStatusTip(tip)

    def focused(target) -> None:
        window.focused_field = target
        enable()

    def shown(_rec) -> None:
        window.focused_field = None
        enable()

    def in_menu(editor) -> QAction | None:
        if why_not_sweep(window.session, window.rec, editor):
            return None
        action = QAction("S&weep This Field…", editor)
        action.setStatusTip(SWEEP_TIP)
        action.triggered.connect(lambda: open_sweep(window, editor))
        return action

    sweep.triggered.connect(lambda: open_sweep(window))
    window.form.fieldFocused.connect(focused)
    window.recordShown.connect(shown)
    window.form.field_actions.append(in_menu)
    window.sweep_action = sweep
    enable()
    return sweep


def open_sweep(window, target=None):
    """The sweep dialog for `target` (default: the field last focused in the form)."""
    from .sweep import open_sweep as dialog

    return dialog(window, target)


class _CloseWith(QObject):
    """Closes the playtests of a window when the window itself closes (not when that is
    cancelled): their games and batches stop cleanly instead of outliving the editor. Moves a
    person played are offered as a replay first, while the editor is still there to cancel."""

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Close:
            if not all(p.confirm_close() for p in watched.findChildren(QMainWindow, WINDOW_NAME) if p.isVisible()):
                event.ignore()
                return True
            QTimer.singleShot(0, self._closed)
        return False

    def _closed(self) -> None:
        window = self.parent()
        if not window.isVisible():
            for playtest in window.findChildren(QMainWindow, WINDOW_NAME):
                playtest.close()


def _ask_replay(window) -> None:
    name, _ = QFileDialog.getOpenFileName(window, "Open replay", str(replay_folder()), "Sortie replays (*.json)")
    if name:
        open_replay(window, Path(name))
