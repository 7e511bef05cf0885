"""The Play tab: the board, the event log, why an event happened, and the game's controls.

It shows one list of events — a live game's log, or a replay's saved log — and
one cursor into it: the selected event, the slider position and the moment the
board shows are the same thing. A live game moves the cursor along as it grows
(animated); selecting an event or dragging the slider jumps to it.
"""

from __future__ import annotations

import html
import random
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QRectF, QSizeF, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFileDialog,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QSpinBox,
    QSplitter,
    QStyle,
    QTextBrowser,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from engine.cli.narrate import line
from engine.cli.situation import Situation
from engine.core.sight import NOTHING
from engine.core.view import BoardView, view_at

from .board import PlaytestBoard
from .explain import read, shot
from . import picking
from .folders import remember_replay_folder, replay_folder
from .framing import followed, frame
from .frames import BoardPainter, Place, deciding_unit, offered
from .panels import DecisionPanel, EventLog
from .replay import Check, ReplayError, replay_data, write_replay
from .run import PERSON, GameRun
from .source import Setup, SetupError
from .trails import Trail, flight_trail, option_trail

MAX_GLIDE_MS = 600
STEP_GLIDE_MS = 300
REVEAL_GLIDE_MS = 1200  # written moves revealed: every plane flies its way at once, slowly enough to follow
OPTION_ROWS = 8  # the person's options shown at once, where the window has the room


class Banner(QFrame):
    """A line of news over the board with buttons: data changed, replay differs, game failed."""

    def __init__(self, name: str, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(6, 4, 6, 4)
        self.row.addWidget(self.text, 1)
        self.buttons: list[QPushButton] = []
        self.hide()

    def say(self, text: str, colour: str, buttons: list[tuple[str, Callable[[], None]]] = ()) -> None:
        self.setStyleSheet(f"#{self.objectName()} {{ background: {colour}; border-radius: 3px }}")
        self.text.setText(text)
        for button in self.buttons:
            button.deleteLater()
        self.buttons = []
        for title, slot in buttons:
            button = QPushButton(title)
            button.clicked.connect(slot)
            self.row.addWidget(button)
            self.buttons.append(button)
        self.show()


class PlaytestView(QWidget):
    cursorMoved = Signal(int)

    def __init__(self, make_setup: Callable[[], Setup], may_discard: Callable[[str, str], bool] | None = None,
                 parent=None) -> None:
        """`may_discard(title, doing)`: whether the person's unsaved moves may go (the window asks)."""
        super().__init__(parent)
        self.make_setup = make_setup
        self.may_discard = may_discard or (lambda _title, _doing: True)
        self.setup: Setup | None = None
        self.run: GameRun | None = None
        self.mode = "live"  # or "replay": the saved events of a replay
        self.replay: dict | None = None
        self.check: Check | None = None
        self.events: list[dict] = []
        self.cursor = -1
        self._stepped_to = -1  # the last event of the last Step, while its rounds are read one by one
        self.painter: BoardPainter | None = None
        self._framing = False  # the view frames a free mat's units itself (until Board or the wheel)
        self._framed: QRectF | None = None  # the board's region as the view last framed it
        self._followed: str | None = None  # the unit the framing follows (`framing.followed`)
        self.places: list[Place] = []
        self.chosen: int | None = None
        self.inspected: str | None = None
        self.seats: dict[str, str] = {}
        self._kept = 0  # the person's answers in the game as last saved (a replay)
        # The log's length when the person's written moves were all written: the board and the log
        # stay there, the moves unrevealed, until Reveal (Undo takes the last one back meanwhile).
        self._held: int | None = None
        self._build()

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        sp = QStyle.StandardPixmap
        bar = self.toolbar = QToolBar()
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        def act(text, slot, icon, tip, shortcut=None) -> QAction:
            action = QAction(self.style().standardIcon(icon), text, self)
            action.setToolTip(tip)
            action.triggered.connect(slot)
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
            bar.addAction(action)
            return action

        self.restart_action = act("Restart", lambda: self.restart(), sp.SP_BrowserReload,
                                  "Start again with the same seed and the data as it is now", "Ctrl+F5")
        self.new_seed_action = act("New seed", lambda: self.restart(new_seed=True), sp.SP_DialogResetButton,
                                   "Start again with another seed")
        self.seed = QSpinBox(minimum=0, maximum=2**31 - 1)
        self.seed.setPrefix("seed ")
        self.seed.setToolTip("The seed of the dice; Restart plays this seed")
        bar.addWidget(self.seed)
        bar.addSeparator()
        self.step_action = act("Step", self.step, sp.SP_MediaSkipForward,
                               "One decision (a round at a time when one decision plays several)", "F10")
        self.run_action = act("Run", self.toggle_run, sp.SP_MediaPlay, "Play on, animated (Pause stops)", "F8")
        self.end_action = act("To the end", self.to_the_end, sp.SP_MediaSeekForward,
                              "Play the bots to the end (or to your move) in the background")
        self.stop_action = act("Stop", lambda: self.run and self.run.stop(), sp.SP_MediaStop,
                               "Stop playing to the end")
        # the icon alone: the toolbar, and Save replay at its end, fit a 1024-pixel-wide window
        bar.widgetForAction(self.stop_action).setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.undo_action = act("Undo", self.take_back, sp.SP_ArrowBack,
                               "Undo my move: take back your last answer and what followed it; the question "
                               "is asked again", "Ctrl+Z")
        bar.addSeparator()
        self.save_action = act("Save replay…", self.save_replay, sp.SP_DialogSaveButton,
                               "Save this game (seed, options, decisions and events) as a replay")
        bar.addSeparator()
        self.speed = QSlider(Qt.Orientation.Horizontal, minimum=0, maximum=1500, value=400)
        self.speed.setInvertedAppearance(True)
        self.speed.setFixedWidth(90)
        self.speed.setToolTip("Pace of Run: milliseconds per decision (left is slower)")
        self.speed.valueChanged.connect(self._speed_changed)
        bar.addWidget(QLabel(" pace "))
        bar.addWidget(self.speed)

        self.seats_row = QHBoxLayout()
        self.seats_row.setContentsMargins(4, 0, 4, 0)
        self.banner = Banner("playtestBanner")
        self.news = Banner("playtestNews")
        self.status = QLabel()
        self.status.setObjectName("playtestStatus")
        self.status.setWordWrap(True)

        self.board = PlaytestBoard()
        self.board.clicked.connect(self.board_clicked)
        self.board.dropped.connect(self.board_dropped)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("eventSlider")
        self.slider.setToolTip("Scrub through the events")
        self.slider.valueChanged.connect(self._slider_moved)
        self.slider_label = QLabel()
        self.boxes = QLabel()
        self.boxes.setObjectName("offBoard")
        self.boxes.setWordWrap(True)
        self.boxes.setStyleSheet("color:#555")
        left = QWidget()
        col = QVBoxLayout(left)
        col.setContentsMargins(0, 0, 0, 0)
        col.addWidget(self.board, 1)
        scrub = QHBoxLayout()
        for title, slot, tip in (("Board", self.show_board, "Show the whole board"),
                                 ("Units", self.frame_units, "Frame the units and follow them (the wheel zooms)")):
            button = QPushButton(title)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            scrub.addWidget(button)
        scrub.addWidget(self.slider, 1)
        scrub.addWidget(self.slider_label)
        col.addLayout(scrub)
        col.addWidget(self.boxes)

        self.decision = DecisionPanel()
        self.decision.chosen.connect(self.submit)
        self.decision.highlighted.connect(self._highlight)
        self.decision.via.textChanged.connect(lambda _text: self._refresh_board())  # the route drawn follows
        self.decision_box = QGroupBox("Your move")
        box = QVBoxLayout(self.decision_box)
        box.addWidget(self.decision)
        self.decision_box.hide()
        self.log = EventLog()
        self.log.selected.connect(lambda row: self.set_cursor(row))
        self.why = QTextBrowser()
        self.why.setObjectName("whyPane")
        right = self.right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.decision_box)
        right.addWidget(self.log)
        right.addWidget(self.why)
        right.setSizes([260, 380, 260])
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([780, 560])

        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(bar)
        layout.addLayout(self.seats_row)
        layout.addWidget(self.banner)
        layout.addWidget(self.news)
        layout.addWidget(split, 1)
        layout.addWidget(self.status)

    def _seat_widgets(self, sides: list[str], strengths: tuple[str, ...]) -> None:
        while self.seats_row.count():
            item = self.seats_row.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        previous: QWidget = self.seed  # the toolbar's last field: Tab goes on to the seats
        for side in sides:
            combo = QComboBox()
            combo.setObjectName(f"seat:{side}")
            for strength in strengths:
                combo.addItem(f"Bot ({strength})", strength)
            combo.addItem("Person at the keyboard", PERSON)
            combo.setCurrentIndex(max(0, combo.findData(self.seats.get(side, strengths[-1]))))
            combo.currentIndexChanged.connect(lambda _i, s=side, c=combo: self.set_seat(s, c.currentData()))
            self.seats_row.addWidget(QLabel(f"<b>{html.escape(side)}</b>:"))
            self.seats_row.addWidget(combo)
            QWidget.setTabOrder(previous, combo)  # made after the rest: put in the Tab chain where they show
            previous = combo
        self.seats_row.addStretch(1)

    # ------------------------------------------------------------------ games
    def start(self, setup: Setup, seed: int, seats: dict[str, str] | None = None,
              options: dict[str, bool] | None = None) -> bool:
        """A live game of `setup` with `seed`; seats default to the strongest bots."""
        self.setup = setup
        strengths = tuple(setup.engine.bot_strengths)
        self.seats = {side: (seats or self.seats).get(side, strengths[-1]) for side in setup.sides}
        self._seat_widgets(setup.sides, strengths)
        self.seed.setValue(seed)
        self.news.hide()
        self.banner.hide()
        self._painter(setup)
        if self.run is None:
            self.run = GameRun(setup, self.seats, seed, options, self)
            self.run.advanced.connect(self._advanced)
            self.run.restarted.connect(self._restarted)
            self.run.failed.connect(self._failed)
            self.run.busyChanged.connect(lambda _b: self._update())
            self.run.runningChanged.connect(lambda _r: self._update())
            self.run.progressed.connect(lambda n: self.status.setText(f"Playing to the end… {n} events"))
        else:
            self.run.seats = dict(self.seats)
            if options is not None:
                self.run.options = dict(options)
        self.mode, self.replay, self.check = "live", None, None
        if setup.left_out:
            shown = ", ".join(setup.left_out[:3]) + ("…" if len(setup.left_out) > 3 else "")
            self.banner.say(f"{len(setup.left_out)} record(s) with errors are left out of the game: "
                            f"{html.escape(shown)}", "#fff3c4")
        self._speed_changed(self.speed.value())
        return self.run.start(setup, seed)

    def restart(self, new_seed: bool = False) -> bool:
        """Start again with the data as the editor holds it now (unsaved edits included), once the
        person's unsaved moves, if any, are saved or let go."""
        if not self.may_discard("Start a new game" if new_seed else "Restart the playtest", "starting again"):
            return False
        seed = random.randrange(1, 1_000_000) if new_seed else self.seed.value()
        try:
            setup = self.make_setup()
        except SetupError as exc:
            self.news.say(html.escape(str(exc)), "#ffd7d2")
            return False
        return self.start(setup, seed, self.seats, self.run.options if self.run else None)

    def show_replay(self, setup: Setup, data: dict, check: Check) -> None:
        """A replay's saved events; the first event where the game now differs is marked."""
        self.start(setup, int(data["seed"]), data.get("seats"), data.get("options"))
        self.run.pause()
        self.mode, self.replay, self.check = "replay", data, check
        self.events = data["events"]
        self.log.model.reset(self.events, check.difference)
        self._update_slider()
        self._replay_news()
        self.set_cursor(check.difference if check.difference is not None else 0)
        self._update()

    def _replay_news(self) -> None:
        check, saved = self.check, self.events
        seed = self.replay["seed"]
        if check.difference is None:
            self.news.say(f"Replay, seed {seed}: the game plays exactly as saved with the data as it "
                          f"is now ({len(saved)} events).", "#dcedc8",
                          [("Play on from the end", self.play_replay_now)])
            return
        k = check.difference
        now = check.game.log if check.game is not None else []
        was = html.escape(line(saved[k])) if k < len(saved) else "the saved game ends here"
        is_ = html.escape(line(now[k])) if k < len(now) else "the game stops here"
        reason = f"<br>{html.escape(check.reason)}" if check.reason else ""
        self.news.say(f"<b>The data changed: the game now differs from event {k}.</b><br>saved: {was}<br>"
                      f"now: {is_}{reason}", "#ffe0b2",
                      [("Show it", lambda: self.set_cursor(k)),
                       ("Play it as it is now", self.play_replay_now)])

    def play_replay_now(self) -> None:
        """Go live with the replay's game as today's data plays it."""
        if self.check is None or self.check.game is None:
            return
        game = self.check.game
        self.mode, self.replay, self.check = "live", None, None
        self.news.hide()
        self.run.adopt(game)

    def _painter(self, setup: Setup) -> None:
        try:
            self.painter = BoardPainter(setup)
        except Exception as exc:  # a board that cannot be drawn must not stop the game
            self.painter = None
            self.news.say(f"The board cannot be drawn: {html.escape(str(exc))}", "#ffd7d2")
        self.board.set_painter(self.painter)
        self._framing, self._framed, self._followed = self.painter is not None and self.painter.free, None, None

    # ------------------------------------------------------------------ framing a free mat
    def show_board(self) -> None:
        self._framing = False
        self.board.zoom_board()

    def frame_units(self) -> None:
        self._framing = True
        self._frame(*self._focuses(self.board.view, self.cursor) if self.board.view is not None else (None, None),
                    force=True)

    def _frame(self, chosen: str | None, named: str | None, force: bool = False) -> None:
        """Frame a free mat's units (see `framing`) while the view has the framing, following the
        unit `chosen` by the person, else the one followed, else the one `named` by the event; a
        zoom with the wheel, or Board, hands it to the person."""
        board, painter = self.board, self.painter
        if not self._framing or painter is None or board.view is None:
            return
        if board.region != self._framed and not force:
            self._framing = False
            return
        bars = board.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) + 4  # zoomed in, they show
        room = QSizeF(board.viewport().width() - bars, board.viewport().height() - bars)
        poses = painter.poses(board.view)
        self._followed = followed(self._followed, chosen, named, poses)
        region = frame(poses, self._followed, painter.cell_mm, room, board.scene().sceneRect(), board.region, force)
        if region is not None:
            board.region = self._framed = region
            board.fit()

    # ------------------------------------------------------------------ following the game
    def _restarted(self) -> None:
        self._release()
        self.events = self.run.game.log if self.run.game is not None else []
        self._kept = 0
        self.log.model.reset(self.events)
        self.cursor, self._stepped_to = -1, -1  # before the panel empties: no board at the old cursor
        self.decision.show_decision(None)
        self._update_slider()
        if self.events:
            self.set_cursor(len(self.events) - 1)
        self._update()

    def _advanced(self) -> None:
        if self.mode != "live" or self._held is not None:
            return
        before = self.cursor
        following = before >= self.log.model.rowCount() - 1
        self.log.model.grow()
        self._update_slider()
        if following or self.run.person_to_move() is not None:
            self.set_cursor(len(self.events) - 1, glide_from=before)
        self._update()

    def _failed(self, message: str) -> None:
        self.news.say(html.escape(message).replace("\n", "<br>"), "#ffd7d2")
        self._advanced()

    def set_seat(self, side: str, seat: str) -> None:
        self.seats[side] = seat
        combo = self.findChild(QComboBox, f"seat:{side}")
        if combo is not None and combo.currentData() != seat:
            combo.blockSignals(True)
            combo.setCurrentIndex(combo.findData(seat))
            combo.blockSignals(False)
        if self.run is not None:
            self.run.set_seat(side, seat)
        self._update()
        self._refresh_board()

    # ------------------------------------------------------------------ the cursor
    def _update_slider(self) -> None:
        self.slider.blockSignals(True)
        self.slider.setRange(0, max(0, len(self.events) - 1))
        self.slider.blockSignals(False)

    def _slider_moved(self, value: int) -> None:
        self.set_cursor(value)

    def set_cursor(self, index: int, glide_from: int | None = None) -> None:
        if not self.events:
            return
        index = max(0, min(index, len(self.events) - 1))
        self.cursor = index
        self._sync_sight()
        self.inspected = None
        self.slider.blockSignals(True)
        self.slider.setValue(index)
        self.slider.blockSignals(False)
        self.slider_label.setText(f"{index + 1}/{len(self.events)}")
        self.log.select(index)
        self._why(index)
        view = view_at(self.events, index + 1)
        self._update_places(view)
        overlays = self._overlays(view, index)
        if glide_from is not None and 0 <= glide_from < index:
            duration = min(MAX_GLIDE_MS, int(self.run.timer.interval() * 0.8)) if self.run.running \
                else STEP_GLIDE_MS
            if self._reveals(glide_from, index):
                duration = REVEAL_GLIDE_MS
            self.board.glide(view_at(self.events, glide_from + 1), view,
                             self.events[glide_from + 1:index + 1], duration, **overlays)
        else:
            self.board.show_view(view, **overlays)
        self._frame(*self._focuses(view, index))
        self._boxes(view, self._hidden(index))
        if self.run is not None and self.run.game is not None:
            self._show_decision(self.run.busy)
            self.status.setText(self._status_text(self.run.busy))
        self.cursorMoved.emit(index)

    def _reveals(self, start: int, end: int) -> bool:
        """Whether events `start`..`end` carry out written moves: a written decision, then moves."""
        kinds = self.run.game.engine.written_kinds if self.run is not None and self.run.game is not None else ()
        span = self.events[start:end + 1]
        return bool(kinds) and any(e["type"] == "decision" and e.get("kind") in kinds for e in span) \
            and any(e["type"] == "unit.moved" for e in span)

    def _overlays(self, view: BoardView, index: int) -> dict:
        start = index
        while start > 0 and self.events[start]["type"] != "decision":
            start -= 1
        shots = [s for e in self.events[start:index + 1] if (s := shot(e, view.units)) is not None]
        return {"shots": shots, "places": self.places, "selected": self._focus(view, index), "chosen": self.chosen,
                "hidden": self._hidden(index), "trail": self._trail(index, self._person_decision())}

    def _focus(self, view: BoardView, index: int) -> str | None:
        """The unit the board marks: the one deciding the person's move, inspected, or in the event."""
        chosen, named = self._focuses(view, index)
        return chosen or named

    def _focuses(self, view: BoardView, index: int) -> tuple[str | None, str | None]:
        """The unit deciding the person's move or else inspected, and the one the event names."""
        event = self.events[index] if 0 <= index < len(self.events) else {}
        named = next((event[k] for k in ("unit", "plane", "shooter")
                      if isinstance(event.get(k), str) and event[k] in view.units), None)
        decision = self._person_decision()
        return (decision is not None and deciding_unit(decision)) or self.inspected, named

    def _trail(self, index: int, decision) -> Trail | None:
        """The route of the option highlighted in the person's list (along the Via squares when they
        gave some), else the path of the flight the cursor is on."""
        if decision is not None and decision is self.decision.decision and self.chosen is not None \
                and 0 <= self.chosen < len(decision.options):
            trail = option_trail(self.run.game, decision, self.decision.routed(decision.options[self.chosen]))
            if trail is not None:
                return trail
        return flight_trail(self.log.model.shown_events(), index, self.setup) if self.setup is not None else None

    def _refresh_board(self) -> None:
        view = self.board.view
        if view is not None and self.events and self.cursor >= 0:
            self._update_places(view)
            self.board.redraw(**self._overlays(view, self.cursor))

    def _sight(self) -> frozenset[str] | None:
        """The sides a person plays while the game goes on: they do not see the other sides' secrets
        (Yamamoto's bomber) nor identify the units their player could not (face-down counters).
        Watching bots, a replay or a finished game shows everything."""
        if self.mode != "live" or self.run is None or self.run.game is None or self.run.game.over:
            return None
        return self.run.persons() or None

    def _hidden(self, index: int) -> frozenset[str]:
        """Units drawn face down at event `index`: those the person could not identify then, or now."""
        return self.log.model.hidden(index) if self.log.model.sight is not None else NOTHING

    def _sync_sight(self) -> None:
        """The log (and so the why pane, the board and the status) as the person's sides may see it."""
        self.log.model.show_to(self._sight(), self.run.hidden_at if self.run is not None else [])

    def _why(self, index: int) -> None:
        game = self.run.game if self.mode == "live" and self.run is not None else \
            self.check.game if self.check is not None and self.check.difference is None else None
        text = read(self.log.model.shown_events(), index, _outcome(game, index)).html()
        if self.mode == "replay" and self.check is not None and index == self.check.difference:
            now = self.check.game.log if self.check.game is not None else []
            text = ("<p style='color:#b3261e'><b>This is where the game now differs.</b></p><p><b>Saved:</b></p>"
                    + text + "<hr><p><b>Now:</b></p>"
                    + (read(list(now), index, _outcome(self.check.game, index)).html() if index < len(now)
                       else "<p>the game stops here</p>"))
        self.why.setHtml(text)

    def _boxes(self, view: BoardView, hidden: frozenset[str]) -> None:
        """The units off the board by box; those the person cannot identify (`hidden`) by side alone."""
        off: dict[str, list[str]] = {}
        for unit in view.units.values():
            if not unit.on_board:
                off.setdefault(unit.box or "off the board", []).append(
                    f"a {unit.side} unit" if unit.id in hidden else unit.id)
        parts = [f"<b>{html.escape(box)}</b> ({len(ids)}): {html.escape(', '.join(sorted(ids)[:12]))}"
                 + ("…" if len(ids) > 12 else "") for box, ids in sorted(off.items())]
        self.boxes.setText(" · ".join(parts))

    # ------------------------------------------------------------------ the person's move
    def _person_decision(self):
        if self.mode != "live" or self.run is None or self.cursor != len(self.events) - 1 or self._held is not None:
            return None
        return self.run.person_to_move()

    def _update_places(self, view: BoardView) -> None:
        decision = self._person_decision()
        if decision is None or self.painter is None:
            self.places = []
            return
        try:
            self.places = offered(self.run.game, decision, (u.id for u in view.on_board()),
                                  self.painter.has_cell)
        except Exception:  # an engine hook failing only costs the board its hints
            self.places = []

    def _highlight(self, index) -> None:
        self.chosen = index
        self._refresh_board()

    def submit(self, action: dict) -> None:
        if self.run is None:
            return
        decision, start = self.run.person_to_move(), len(self.events)
        written = decision is not None and decision.kind in self.run.game.engine.written_kinds
        if written:
            self._held = start  # the answer may reveal the moves at once: nothing shown until we know
        reason = self.run.submit(self.decision.routed(action))
        if reason:
            self._held = None
            self.decision.refused(reason)
            self.status.setText(f"Refused: {reason}")
            return
        if written and self._still_writing(start):
            self._held = None
            self._advanced()
        elif written:
            self._hold()
        elif self.run.person_to_move() is None:
            self.run.play()  # the bots play on, at the pace set, to the person's next move (Run stops there)

    def _still_writing(self, start: int) -> bool:
        """Whether the person writes another move before any is revealed: asked again, and nothing
        but decisions logged since `start`."""
        return self.run.person_to_move() is not None and all(
            e["type"] in ("decision", "decision.pending") for e in self.events[start:])

    def _written(self) -> list[str]:
        """The person's written moves not yet revealed: their answers in the decisions logged last."""
        out, persons, kinds = [], self.run.persons(), self.run.game.engine.written_kinds
        for event in reversed(self.events[:self._held + 1]):  # the last answer is logged at `_held`
            if event["type"] not in ("decision", "decision.pending"):
                break
            if event["type"] == "decision" and event["side"] in persons and event.get("kind") in kinds:
                out.append(event["action"].get("label") or str(event["action"]))
        return out[::-1]

    def _hold(self) -> None:
        """Every move of the person's written: say so, and wait for Reveal (or Undo)."""
        moves = ", ".join(self._written())
        self.news.say(f"<b>Written, not yet revealed:</b> {html.escape(moves)}. Reveal shows every side's "
                      f"moves together; Undo takes your last one back.", "#e3f2fd",
                      [("Reveal", self.reveal), ("Take back", self.take_back)])
        self.decision.show_decision(None)
        self._update()

    def _release(self) -> None:
        if self._held is not None:
            self._held = None
            self.news.hide()

    def reveal(self) -> None:
        """The held moves go to the rules: every side's are shown together, the planes flying them."""
        if self._held is None:
            return
        self._release()
        self._advanced()
        if self.run.person_to_move() is None and not self.run.game.over:
            self.run.play()

    def _follow(self, pick) -> None:
        """Do what a click or a drop on the board asked for."""
        if pick.action is not None:
            self.submit(pick.action)
        elif pick.among:
            self.decision.only(pick.among, pick.note)
        elif pick.note:
            self.decision.refused(pick.note)

    def board_clicked(self, key: str) -> None:
        if QApplication.keyboardModifiers() & Qt.KeyboardModifier.ShiftModifier and self.add_waypoint(key):
            return
        decision = self._person_decision()
        pick = picking.click(decision, self.places, key, decision.kind not in self.run.game.engine.written_kinds) \
            if decision is not None else None
        if pick is not None:
            self._follow(pick)
            return
        view = self.board.view
        if view is not None and key in view.units:
            self.inspected = key
            unit = view.units[key]
            facts = {"side": unit.side, "type": unit.type, "at": unit.at or unit.pos or unit.box,
                     "facing": unit.facing, "heading": unit.heading, **unit.state}
            title = key
            if key in self._hidden(self.cursor):  # face down: where it is, not what it is
                facts, title = {"side": unit.side, "at": facts["at"]}, f"a {unit.side} unit, face down"
            rows = "".join(f"<tr><td style='color:#555;padding-right:10px'>{html.escape(k)}</td>"
                           f"<td>{html.escape(str(v))}</td></tr>" for k, v in facts.items() if v is not None)
            self.why.setHtml(f"<h3>{html.escape(title)}</h3><table>{rows}</table>")
            self._refresh_board()

    def add_waypoint(self, key: str) -> bool:
        """A Shift-click while the Via field shows: the square clicked (or the clicked counter's)
        goes on the route. False if there is no route to give or no square there."""
        view = self.board.view
        cell = view.units[key].at if view is not None and key in view.units else key
        if not self.decision.via.isVisibleTo(self.decision) or not cell or self.painter is None \
                or not self.painter.has_cell(cell):
            return False
        self.decision.via.setText(f"{self.decision.via.text()} {cell}".strip())
        return True

    def board_dropped(self, unit: str, target: Any) -> None:
        """A counter let go somewhere: an offered place is chosen, anything else is tried."""
        decision = self._person_decision()
        if decision is None:
            self.status.setText("Counters move by the rules: drag one when it is your move.")
            return
        self._follow(picking.drop(decision, self.places, unit, target, self.painter.cell_mm))

    # ------------------------------------------------------------------ controls
    def step(self) -> None:
        """One decision on. A decision whose events play several rounds (a solo AI flying every
        plane, bots with nothing to ask) is shown a round at a time, Step by Step, before the game
        moves on: a Step never jumps a whole game."""
        if self.run is None or self.mode != "live":
            return
        if self._held is not None:
            self.reveal()
            return
        end = len(self.events) - 1
        if self.cursor < end and self._stepped_to == end:
            self.set_cursor(self._round_end(self.cursor, end), glide_from=self.cursor)
            self._update()
            return
        if self.cursor < end:
            self.set_cursor(end)
        moved = self.run.step()
        before, end, self._stepped_to = end, len(self.events) - 1, -1
        stop = self._round_end(before, end) if moved else end
        if stop < end and self.run.person_to_move() is None and self._round_end(stop, end) < end:
            self._stepped_to = end  # two rounds or more: the first of them now, the rest Step by Step
            self.set_cursor(stop, glide_from=before)
            self._update()
        if not moved and self.run.person_to_move() is not None:
            self.status.setText("Your move: pick an action on the board or in the list.")

    def take_back(self) -> None:
        if self.run is None or self.mode != "live":
            return
        self._release()
        said = self.run.take_back()
        self.status.setText(said)

    def unsaved_answers(self) -> int:
        """How many of the person's answers closing would lose: those since the replay was last saved."""
        if self.mode != "live" or self.run is None or self.run.game is None:
            return 0
        return max(0, len(self.run.answered()) - self._kept)

    def discard_answers(self) -> None:
        """Closing without saving was chosen: these answers are not asked about again."""
        self._kept += self.unsaved_answers()

    def _round_end(self, after: int, end: int) -> int:
        """The first round's summary after `after`, or `end`."""
        return next((i for i in range(after + 1, end) if self.events[i]["type"] == "summary"), end)

    def toggle_run(self) -> None:
        if self.run is None or self.mode != "live":
            return
        if self._held is not None:
            self.reveal()
            return
        if self.run.running:
            self.run.pause()
        else:
            self.set_cursor(len(self.events) - 1)
            self.run.play()

    def to_the_end(self) -> None:
        if self.run is not None and self.mode == "live":
            self.run.finish()

    def _speed_changed(self, value: int) -> None:
        if self.run is not None:
            self.run.timer.setInterval(max(1, value))

    def ask_path(self) -> Path | None:
        """Where to save a replay (tests replace it)."""
        default = replay_folder() / f"{self.setup.scenario.id}-seed-{self.seed.value()}.replay.json"
        name, _ = QFileDialog.getSaveFileName(self, "Save replay", str(default),
                                              "Sortie replays (*.replay.json *.json)")
        return Path(name) if name else None

    def save_replay(self) -> Path | None:
        if self.run is None or self.run.game is None:
            return None
        path = self.ask_path()
        if path is None:
            return None
        try:
            write_replay(path, replay_data(self.run.game, self.setup.source, self.seats))
        except ReplayError as exc:  # a file in the way, a full disk: said, not raised out of a click
            self.news.say(f"The replay was not saved: {html.escape(str(exc))}", "#ffd7d2")
            return None
        remember_replay_folder(path)
        self._kept = len(self.run.answered())
        self.status.setText(f"Saved the replay to {path}")
        return path

    def _update(self) -> None:
        live = self.mode == "live" and self.run is not None and self.run.game is not None
        busy = bool(self.run and self.run.busy)
        running = bool(self.run and self.run.running)
        for action in (self.run_action, self.end_action):
            action.setEnabled(live and not busy and not self.run.game.over)
        # Step also while the rounds of the last Step are unread, though the game is over
        self.step_action.setEnabled(live and not busy and (not self.run.game.over or self.cursor < self._stepped_to))
        self.stop_action.setEnabled(busy)
        self.undo_action.setEnabled(live and not busy and bool(self.run.answered()))
        self.save_action.setEnabled(live and not busy)
        self.restart_action.setEnabled(not busy)
        self.new_seed_action.setEnabled(not busy)
        sp = QStyle.StandardPixmap
        self.run_action.setText("Pause" if running else "Run")
        self.run_action.setIcon(self.style().standardIcon(sp.SP_MediaPause if running else sp.SP_MediaPlay))
        self._show_decision(busy)
        self._sync_sight()
        self.status.setText(self._status_text(busy))

    def _show_decision(self, busy: bool = False) -> None:
        """The person's options while the cursor is on the present; looking back, the panel says
        where the move waits (called as the cursor moves, so it never lags behind the board)."""
        decision = self._person_decision() if not busy else None
        new = decision is not None and decision is not self.decision.decision
        engine = self.run.game.engine if self.run is not None and self.run.game is not None else None
        self.decision.show_decision(decision, decision and Situation(self.run.game, decision),
                                    decision is not None and decision.kind in engine.route_kinds,
                                    decision is not None and decision.kind in engine.written_kinds)
        # shown while anyone plays by hand, so the panel does not come and go between moves
        showing = self.mode == "live" and PERSON in self.seats.values()
        if showing and self.decision_box.isHidden():  # room for the options, not what is left over
            self.decision_box.show()
            self._share_right()
        self.decision_box.setVisible(showing)
        self.decision_box.setEnabled(decision is not None)
        if new and self.isActiveWindow() and not isinstance(QApplication.focusWidget(), QLineEdit):
            self.decision.options.setFocus()  # keys alone play: up, down and Enter (text being typed stays)
        self.decision_box.setTitle(self._decision_title(decision, busy))

    def _decision_title(self, decision, busy: bool) -> str:
        """What the move's panel says: the move, where it waits, or what the game is doing instead."""
        if decision is not None:
            return f"Your move — {decision.side}"
        run = self.run
        if self.mode != "live" or run is None or run.game is None:
            return "Your move"
        if self._held is not None:
            return "Your moves are written (Reveal shows every side's)"
        if run.game.over:
            return "The game is over (Restart plays it again)"
        waiting = not busy and run.person_to_move()
        if waiting:
            return f"Your move — {waiting.side}: at the last event (Step takes you there)"
        if busy:
            return "The bots are playing to the end (or to your move)…"
        if run.running:
            return "The bots are playing to your next move…"
        pending = run.game.pending
        return f"Paused: the {pending.side} bot moves next (Step or Run plays on)" if pending else "Your move"

    def _share_right(self) -> None:
        """The options get two fifths of the column, and in a low window (1024 x 700) what they need for
        OPTION_ROWS rows, up to three fifths; the log and the why pane share the rest."""
        total = sum(self.right.sizes())
        if not total:
            return
        options = self.decision.options
        chrome = self.decision_box.sizeHint().height() - options.sizeHint().height()
        want = chrome + OPTION_ROWS * (options.fontMetrics().lineSpacing() + 2) + 2 * options.frameWidth()
        mine = min(max(total * 2 // 5, want), total * 3 // 5)
        log = (total - mine) // 2
        self.right.setSizes([mine, log, total - mine - log])

    def _status_text(self, busy: bool) -> str:
        if self.mode == "replay":
            return (f"Replay: {len(self.events)} saved events, seed {self.replay['seed']}, "
                    f"{len(self.replay['decisions'])} decisions. Restart plays it afresh with today's data.")
        if self.run is None or self.run.game is None:
            return self.run.error if self.run is not None else ""
        game = self.run.game
        if self._held is not None:
            return "Your moves are written and secret: Reveal (F8) shows every side's moves together."
        if busy:
            return "Playing to the end…"
        if self.run.error:
            return self.run.error
        if 0 <= self.cursor < len(self.events) - 1:  # the moment on show, not the game's end ahead of it
            return (f"Event {self.cursor + 1} of {len(self.events)}, looking back: the game goes on from the "
                    f"last event (Step plays on)")
        if game.over:
            out = game.outcome
            score = ", ".join(f"{s} {v:g}" for s, v in out.score.items())
            return f"Game over: {out.result} (winner {out.winner or 'none'}), score {score}, {out.turns} turn(s)."
        pending = game.pending
        who = "you" if self.seats.get(pending.side) == PERSON else f"the {pending.side} bot"
        asked = self.log.model.shown(len(self.events) - 1)  # the question as the log shows it: the last event
        return f"{len(game.log)} events; {pending.side} to decide ({who}): {asked.get('prompt', '')}"


def _outcome(game, index: int):
    """The outcome of `game` when event `index` is its end (the details of why live there)."""
    return game.outcome if game is not None and game.over and index == len(game.log) - 1 else None
