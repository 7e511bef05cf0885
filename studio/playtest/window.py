"""A playtest window: the Play and Balance tabs of one scenario, following the editor's data.

It never holds on to a scenario object: every start, restart, replay check and
balance run asks `make_setup` for the scenario and content as the editor holds
them at that moment. Edits to the packs the game plays with are noticed and
offered as a restart.
"""

from __future__ import annotations

import html
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QToolBar,
    QWidget,
)

from ..screen import fit_to_screen
from . import WINDOW_NAME
from .balance import BalancePanel
from .replay import check
from .source import Setup, SetupError, Source, prepare
from .view import PlaytestView


class PlaytestWindow(QMainWindow):
    def __init__(self, session, source: Source, parent: QWidget | None = None, uid: int | None = None) -> None:
        """`uid`: the record played, when it is open (a rename then follows it)."""
        super().__init__(parent, Qt.WindowType.Window)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setObjectName(WINDOW_NAME)
        self.session = session
        self.source = source
        self.uid = uid
        self.changes: list[str] = []  # records edited since the game on show started
        self.replay: dict | None = None
        self.play = PlaytestView(self.make_setup, self.confirm_discard)
        self.balance = BalancePanel(self.make_setup)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.play, "Play")
        self.tabs.addTab(self.balance, "Balance")
        self.setCentralWidget(self.tabs)
        self.mission_bar = self._mission_bar()
        self.pack_choice = self._pack_bar()
        # bound methods, not lambdas: Qt drops them when this window is deleted
        session.recordChanged.connect(self._record_changed)
        session.recordAdded.connect(self._data_changed)
        session.recordRemoved.connect(self._record_removed)
        fit_to_screen(self, 1400, 900, parent)
        self._title()

    def _mission_bar(self) -> QToolBar | None:
        if self.source.mission_seed is None:
            return None
        bar = QToolBar("Mission")
        bar.setObjectName("missionBar")
        self.mission_seed = QSpinBox(minimum=0, maximum=2**31 - 1, value=self.source.mission_seed)
        self.mission_seed.setPrefix("mission seed ")
        self.mission_label = QLabel()
        roll = QPushButton("Roll this mission")
        roll.setToolTip("Generate the mission of this seed from the timeline's tables and play it")
        roll.clicked.connect(lambda: self.roll_mission(self.mission_seed.value()))
        bar.addWidget(QLabel(f"Mission rolled on {html.escape(self.source.id)}: "))
        bar.addWidget(self.mission_label)
        bar.addSeparator()
        bar.addWidget(self.mission_seed)
        bar.addWidget(roll)
        self.addToolBar(bar)
        return bar

    def _pack_bar(self) -> QComboBox | None:
        """A choice of the open packs that see the record: its own, or one extending it
        (an errata pack over the base) — the game then plays with that pack's records."""
        home = self._doc()
        packs = [d.id for d in self.session.docs if home is not None and home.pack in d.pack.chain()]
        if len(packs) < 2:
            return None
        bar = QToolBar("Content")
        bar.setObjectName("packBar")
        choice = QComboBox()
        choice.setObjectName("playWithPack")
        choice.addItems(packs)
        choice.setCurrentText(self.source.pack)
        choice.setToolTip("The pack whose records the game plays with: a pack extending the record's "
                          "pack plays its own records over the base's")
        choice.currentTextChanged.connect(self.play_with)
        bar.addWidget(QLabel("Play with pack "))
        bar.addWidget(choice)
        self.addToolBar(bar)
        return choice

    def play_with(self, pack: str) -> bool:
        if not self.confirm_discard("Play with another pack", "changing the pack"):
            self.pack_choice.blockSignals(True)
            self.pack_choice.setCurrentText(self.source.pack)
            self.pack_choice.blockSignals(False)
            return False
        self.source = replace(self.source, pack=pack)
        self._title()
        return self.start(self.play.seed.value())

    # ------------------------------------------------------------------ content
    def _doc(self):
        return next((d for d in self.session.docs if d.id == self.source.pack), None)

    def make_setup(self) -> Setup:
        """The scenario and content of this playtest as the editor holds them now."""
        doc = self._doc()
        if doc is None:
            raise SetupError(f"pack '{self.source.pack}' is not open in the studio")
        setup = prepare(doc.pack, self.session.ruleset(doc), self.source)
        if self.mission_bar is not None:
            self.mission_label.setText(f"<b>{html.escape(setup.scenario.name or setup.scenario.id)}</b>")
        return setup

    def start(self, seed: int = 1) -> bool:
        try:
            setup = self.make_setup()
        except SetupError as exc:
            self.play.news.say(html.escape(str(exc)), "#ffd7d2")
            return False
        self.changes, self.replay = [], None
        self.balance.set_sides(setup.sides, tuple(setup.engine.bot_strengths))
        return self.play.start(setup, seed)

    def roll_mission(self, seed: int) -> bool:
        if not self.confirm_discard("Roll another mission", "rolling another mission"):
            return False
        self.source = replace(self.source, mission_seed=seed)
        self._title()
        return self.start(self.play.seed.value())

    def open_replay(self, data: dict) -> bool:
        """Show a replay's saved events, checked against the data as it is now."""
        self.replay = data
        try:
            setup = self.make_setup()
        except SetupError as exc:
            self.play.news.say(f"The replay cannot be checked: {html.escape(str(exc))}", "#ffd7d2")
            return False
        self.changes = []
        self.balance.set_sides(setup.sides, tuple(setup.engine.bot_strengths))
        self.play.show_replay(setup, data, check(setup, data))
        return True

    # ------------------------------------------------------------------ edits
    def _record_changed(self, uid, _path) -> None:
        rec = self.session.record(uid)
        if uid == self.uid and rec is not None and rec.id != self.source.id:
            self.source = replace(self.source, id=rec.id)  # renamed: play it under its new id
            self._title()
        self._data_changed(uid)

    def _record_removed(self, _uid) -> None:
        self._data_changed(None)

    def _data_changed(self, uid) -> None:
        doc = self._doc()
        rec = self.session.record(uid) if uid is not None else None
        if doc is None or rec is not None and rec.doc.pack not in doc.pack.chain():
            return  # another pack: this game does not see it
        what = rec.label if rec is not None else "a record was deleted"
        self.balance.note_edit(rec.id if rec is not None else "a deleted record")
        if what not in self.changes:
            self.changes.append(what)
        names = ", ".join(self.changes[:4]) + ("…" if len(self.changes) > 4 else "")
        if self.play.mode == "replay":
            self.play.banner.say(f"<b>The data changed</b> ({html.escape(names)}).", "#fff3c4",
                                 [("Check the replay again", lambda: self.open_replay(self.replay))])
        else:
            self.play.banner.say(f"<b>The data changed since this game started</b> ({html.escape(names)}).",
                                 "#fff3c4", [("Restart with the change", self._restart_with_change),
                                             ("Keep playing", self.play.banner.hide)])

    def _restart_with_change(self) -> None:
        if self.play.restart():
            self.changes = []

    def _title(self) -> None:
        self.setWindowTitle(f"Playtest — {self.source.label}")

    def ask(self, title: str, text: str, buttons, default):
        """A question to the user over this window, brought to the front (closing the editor asks each
        playtest): through the editor's `ask` when there is one (tests replace it)."""
        self.raise_()
        self.activateWindow()
        parent = self.parent()
        if hasattr(parent, "ask"):
            return parent.ask(title, text, buttons, default, self)
        return QMessageBox.question(self, title, text, buttons, default)

    def confirm_close(self) -> bool:
        return self.confirm_discard("Close the playtest", "closing")

    def confirm_discard(self, title: str, doing: str) -> bool:
        """False when `doing` (closing, starting again) would lose moves the person played and they
        chose to stay; a game the person played a part in is offered as a replay first (bots alone
        replay from the seed)."""
        moves = self.play.unsaved_answers()
        if not moves:
            return True
        b = QMessageBox.StandardButton
        answer = self.ask(title, f"You played {moves} move(s) in this game since it was last saved. Save it as a "
                          f"replay before {doing}?", b.Save | b.Discard | b.Cancel, b.Save)
        if answer == b.Save:
            return self.play.save_replay() is not None
        if answer == b.Discard:
            self.play.discard_answers()
            return True
        return False

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if not self.confirm_close():
            event.ignore()
            return
        if self.play.run is not None:
            self.play.run.pause()
            self.play.run.wait_idle()
        self.balance.wait()
        super().closeEvent(event)
