"""One game played in the studio: bots, the person at the keyboard, stepping and running.

A bot's decision is quick, so stepping and the animated run happen in the UI
thread, one decision per timer tick. "To the end" may be thousands of decisions:
it runs in a worker thread while the window stays live, and the view reads the
log when it is done. A rule engine that raises, or a bot that breaks the rules,
stops the game with a message instead of taking the studio down.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QThread, QTimer, Signal

from engine.core.decisions import Action, Decision, IllegalAction
from engine.core.game import Game, resume
from engine.core.recall import caught_up
from engine.core.sight import Watch

from .source import Setup

PERSON = "person"


class _ToTheEnd(QThread):
    """Plays bots' decisions until a person must decide, the game ends, or it is stopped."""

    progressed = Signal(int)  # events so far

    def __init__(self, run: "GameRun") -> None:
        super().__init__()
        self.game_run = run
        self.stop = False
        self.error = ""

    def run(self) -> None:  # noqa: D401 - QThread API
        count = 0
        try:
            while not self.stop and self.game_run._bot_step():
                count += 1
                if count % 25 == 0:
                    self.progressed.emit(len(self.game_run.game.log))
        except Exception as exc:  # reported in the UI thread, never raised into Qt
            self.error = self.game_run._failure(exc)


class GameRun(QObject):
    advanced = Signal()  # the log grew
    restarted = Signal()  # a new game (a new log)
    busyChanged = Signal(bool)  # "to the end" started / finished
    runningChanged = Signal(bool)  # the animated run started / stopped
    progressed = Signal(int)  # events so far while running to the end
    failed = Signal(str)

    def __init__(self, setup: Setup, seats: dict[str, str], seed: int,
                 options: dict[str, bool] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setup = setup
        self.seats = dict(seats)
        self.seed = seed
        self.options = dict(options or {})
        self.game: Game | None = None
        # For each event, the units the person's sides could not identify once it was logged
        # (None: no person sat, or the game came from elsewhere): what the view leaves out.
        self.hidden_at: list[frozenset[str] | None] = []
        self._watch: Watch | None = None
        self._mine: list[int] = []  # the indices of the decisions the person at the keyboard made
        self.error = ""
        self._bots: dict[str, Any] = {}
        self._worker: _ToTheEnd | None = None
        self.timer = QTimer(self, interval=400)
        self.timer.timeout.connect(self._tick)

    # ------------------------------------------------------------------ lifecycle
    def start(self, setup: Setup | None = None, seed: int | None = None) -> bool:
        """A new game (of new content and/or seed); False, with `failed`, if it cannot start."""
        self.pause()
        self.wait_idle()
        self.setup = setup or self.setup
        self.seed = self.seed if seed is None else seed
        self._bots = {}
        self.error = ""
        try:
            self.game = Game(self.setup.engine, self.setup.scenario, self.setup.content, self.seed,
                             self.options, pack=self.setup.source.pack)
        except Exception as exc:
            self.game = None
            self.restarted.emit()
            errors = "".join(f"\n{e}" for e in self.setup.errors)  # the likely cause, where to fix it
            self._fail(exc, "The game cannot start", f"\nThe scenario has errors (see Issues):{errors}" if errors else "")
            return False
        self.hidden_at, self._watch, self._mine = [], None, []
        self._note_sight()
        self.restarted.emit()
        return True

    def adopt(self, game: Game) -> None:
        """Go on with a game built elsewhere (a replay played again)."""
        self.pause()
        self.wait_idle()
        self.game, self.seed, self._bots, self.error = game, game.seed, {}, ""
        self.options = dict(game.options)
        self.hidden_at, self._watch = [None] * len(game.log), None
        persons = self.persons()  # the replay's seats: its person's answers
        self._mine = [i for i, d in enumerate(game.decisions) if d["side"] in persons]
        self.restarted.emit()

    @property
    def busy(self) -> bool:
        return self._worker is not None

    @property
    def running(self) -> bool:
        return self.timer.isActive()

    @property
    def pending(self) -> Decision | None:
        return None if self.game is None or self.busy else self.game.pending

    def person_to_move(self) -> Decision | None:
        """The decision waiting for the person at the keyboard, if any."""
        decision = self.pending
        return decision if decision is not None and self.seats.get(decision.side) == PERSON else None

    def set_seat(self, side: str, seat: str) -> None:
        self.seats[side] = seat
        self._bots.pop(side, None)

    def answered(self) -> list[int]:
        """The indices of the decisions the person at the keyboard made, not the bots' (a side whose
        seat changed hands keeps the moves of whoever sat there)."""
        return list(self._mine)

    def take_back(self) -> str:
        """The person's last answer and what followed it taken back, as `sortie play`'s undo: the game
        played again from its start up to that question, which is asked again. Returns what was
        taken back, or why nothing was."""
        mine = self.answered()
        if self.busy or not mine:
            return "Nothing to take back: you have not answered yet."
        self.pause()
        game, last = self.game, mine[-1]
        try:
            back = resume(self.setup.engine, self.setup.scenario, self.setup.content,
                          {**game.save(), "decisions": game.decisions[:last]}, pack=self.setup.source.pack)
        except Exception as exc:
            self._fail(exc)
            return self.error
        undone = game.decisions[last]["action"]
        self.game, self._bots, self.error = back, {}, ""
        self._mine = mine[:-1]
        self.hidden_at = self.hidden_at[:len(back.log)]  # the same decisions log the same events
        if self._watch is not None:
            self._watch.note(back, [])
        self.restarted.emit()
        return (f"Took back your answer '{undone.get('label', undone)}' and "
                f"{len(game.decisions) - last - 1} decision(s) after it.")

    # ------------------------------------------------------------------ moving on
    def step(self) -> bool:
        """One bot decision; False when a person must decide, the game is over, or it failed."""
        if self.busy or self.game is None:
            return False
        try:
            moved = self._bot_step()
        except Exception as exc:
            self._fail(exc)
            return False
        if moved:
            self.advanced.emit()
        return moved

    def submit(self, action: Action) -> str | None:
        """The person's action; returns the engine's reason when it refuses it."""
        if self.person_to_move() is None:
            return "no decision is waiting for the person at the keyboard"
        index = len(self.game.decisions)
        try:
            self.game.submit(action)
        except IllegalAction as exc:
            return str(exc)
        except Exception as exc:
            self._fail(exc)
            return self.error
        self._mine.append(index)
        self._note_sight()
        self.advanced.emit()
        return None

    def play(self) -> None:
        if self.game is not None and not self.busy and not self.running:
            self.timer.start()
            self.runningChanged.emit(True)

    def pause(self) -> None:
        if self.running:
            self.timer.stop()
            self.runningChanged.emit(False)

    def _tick(self) -> None:
        if not self.step() or self.person_to_move() is not None:  # stops at the person's move, not a tick after
            self.pause()

    def finish(self) -> None:
        """Play the bots' decisions to the end (or to the person's turn) in a worker thread."""
        if self.game is None or self.busy:
            return
        self.pause()
        worker = self._worker = _ToTheEnd(self)
        worker.progressed.connect(self.progressed)
        worker.finished.connect(self._finished)
        self.busyChanged.emit(True)
        worker.start()

    def stop(self) -> None:
        """Stop a run to the end after the decision in hand."""
        if self._worker is not None:
            self._worker.stop = True

    def wait_idle(self) -> None:
        if self._worker is not None:
            self._worker.stop = True
            self._worker.wait()
            self._finished()

    def _finished(self) -> None:
        sender = self.sender()
        worker = sender if isinstance(sender, _ToTheEnd) else self._worker
        if worker is None or worker is not self._worker:
            return  # a worker already waited for (restart), reporting late
        self._worker = None
        worker.wait()
        self.busyChanged.emit(False)
        self.advanced.emit()
        if worker.error:
            self.failed.emit(worker.error)

    # ------------------------------------------------------------------ internals
    def _bot_step(self) -> bool:
        game = self.game
        decision = game.pending
        if decision is None or self.seats.get(decision.side) == PERSON:
            return False
        bot = self._bots.get(decision.side)
        if bot is None:
            bot = self.setup.engine.bot(decision.side, self.seats[decision.side])
            bot = self._bots[decision.side] = caught_up(game, {decision.side: bot})[decision.side]  # joining late
        action = bot.choose(decision, game)
        try:
            game.submit(action)
        except IllegalAction as exc:
            raise RuntimeError(f"the {decision.side} bot broke the rules at {decision.kind}: {exc}") from None
        self._note_sight()
        return True

    def persons(self) -> frozenset[str]:
        return frozenset(side for side, seat in self.seats.items() if seat == PERSON)

    def _note_sight(self) -> None:
        """What the person's sides could not identify at each event the last decision logged."""
        persons, new = self.persons(), self.game.log[len(self.hidden_at):]
        if not persons:
            self.hidden_at += [None] * len(new)
            return
        if self._watch is None or self._watch.sides != persons:  # a seat changed hands
            self._watch = Watch(persons)
        self.hidden_at += self._watch.note(self.game, new)

    def _failure(self, exc: Exception, what: str = "The game stopped", more: str = "") -> str:
        self.error = f"{what}: {type(exc).__name__}: {exc}{more}"
        return self.error

    def _fail(self, exc: Exception, what: str = "The game stopped", more: str = "") -> None:
        self.pause()
        self.failed.emit(self._failure(exc, what, more))
