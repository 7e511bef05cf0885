"""The Balance tab: many bot-versus-bot games in the background, their report and plots,
and runs compared — before and after an edit, on the same seeds.

The batch is `engine.core.batch.play_batch` on every core, called from a worker
thread: the window stays live, the progress bar follows the finished games, and
Cancel stops it after the games in hand. Each run plays the data as the editor
holds it when it starts.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Callable

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtCore import QThread, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from engine.core.batch import Batch, ExecutorError, play_batch
from engine.core.simulate import report
from engine.core.strength_matrix import matrix, pairings
from engine.reports.html import comparison, comparison_html, matrix_html, report_html
from engine.reports.plots import balance_figure

from .source import Setup, SetupError
from .where import ExecutorChoiceError, RunOn

DEFAULT_GAMES = 200
GAMES = "%v / %m games"  # the progress bar's text while a run goes on


def strength_choices(row: QHBoxLayout, sides: list[str], strengths: tuple[str, ...],
                     name: str = "strength") -> dict[str, QComboBox]:
    """A bot-strength choice per side in `row` (emptied first), the strongest chosen: side -> box."""
    while row.count():
        item = row.takeAt(0)
        if item.widget():
            item.widget().deleteLater()
    boxes = {}
    for side in sides:
        box = QComboBox()
        box.setObjectName(f"{name}:{side}")
        box.setAccessibleName(f"{side} bot")
        for strength in strengths:
            box.addItem(f"bot ({strength})", strength)
        box.setCurrentIndex(len(strengths) - 1)
        row.addWidget(QLabel(f"<b>{html.escape(side)}</b>:"))
        row.addWidget(box)
        boxes[side] = box
    row.addStretch(1)
    return boxes


class BalanceJob(QThread):
    """`games` games of each pairing of bot strengths: one for a run, all of them for the matrix."""

    progressed = Signal(int, int)  # games done, games asked

    def __init__(self, setup: Setup, games: int, seed: int, cells: list[dict[str, str]], executor) -> None:
        super().__init__()
        self.setup, self.games, self.seed, self.cells, self.executor = setup, games, seed, cells, executor
        self.cancelled = False
        self.results: list[list] = [[] for _ in cells]
        self.error = ""
        self.refused: list[str] = []  # Dask workers that hold other files, and why

    @property
    def matrix(self) -> bool:
        return len(self.cells) > 1

    @property
    def played(self) -> int:
        return sum(len(r) for r in self.results)

    def run(self) -> None:  # noqa: D401 - QThread API
        try:
            batch = Batch(self.setup.engine, self.setup.scenario, self.setup.content)
            self.results = play_batch(batch, self.games, self.executor, self.seed, self.cells,
                                      progress=lambda done, total: self.progressed.emit(done, total),
                                      cancelled=lambda: self.cancelled)
        except ExecutorError as exc:  # the cluster: unreachable, or no worker holds these files
            self.error = str(exc)
        except Exception as exc:  # shown in the panel, never raised into Qt
            self.error = f"{type(exc).__name__}: {exc}"


@dataclass
class BalanceRun:
    number: int
    seed: int
    asked: int
    strengths: dict[str, str]
    report: dict
    note: str = ""  # what was edited since the run before

    @property
    def name(self) -> str:
        return f"Run {self.number}"

    @property
    def title(self) -> str:
        played = self.report["games"]
        games = f"{played} of {self.asked} games (cancelled)" if played < self.asked else f"{played} games"
        bots = ", ".join(f"{s} {b}" for s, b in self.strengths.items())
        return f"{self.name}: {games} from seed {self.seed}; bots {bots}" + \
            (f"; {self.note}" if self.note else "")


class BalancePanel(QWidget):
    finished = Signal(object)  # the BalanceRun, or None when nothing finished

    def __init__(self, make_setup: Callable[[], Setup], parent=None) -> None:
        super().__init__(parent)
        self.make_setup = make_setup
        self.job: BalanceJob | None = None
        self.runs: list[BalanceRun] = []
        self.edits: list[str] = []  # records edited since the last run started
        self.refusals = ""  # the Dask workers the last run refused, and why
        self.progress_updates = 0  # counted for tests
        self.games = QSpinBox(minimum=1, maximum=100_000, value=DEFAULT_GAMES)
        self.games.setObjectName("balanceGames")
        self.games.setSuffix(" games")
        self.seed = QSpinBox(minimum=0, maximum=2**31 - 1, value=1)
        self.seed.setPrefix("first seed ")
        self.seed.setToolTip("Game i plays seed + i: keep it to compare runs on the same dice")
        self.run_on = RunOn()
        self.run_button = QPushButton(f"Run {DEFAULT_GAMES} games")
        self.run_button.setObjectName("balanceRun")
        self.run_button.clicked.connect(self.start)
        self.games.valueChanged.connect(lambda n: self.run_button.setText(f"Run {n} games"))
        self.matrix_button = QPushButton("Strength matrix")
        self.matrix_button.setObjectName("balanceMatrix")
        self.matrix_button.setToolTip("Play the games of every pairing of bot strengths, on the same seeds: "
                                      "how much of the result is the bots, how much the scenario")
        self.matrix_button.clicked.connect(lambda: self.start(matrix=True))
        self.matrix: dict | None = None  # the last strength matrix played
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("balanceCancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.progress = QProgressBar()
        self.progress.setObjectName("balanceProgress")
        self.progress.setFormat(GAMES)
        self.message = QLabel(f"Bot against bot on {self.run_on.describe()}; runs use the data as it is when they start.")
        self.message.setWordWrap(True)
        self.strengths_row = QHBoxLayout()
        self.compare_with = QComboBox()
        self.compare_with.setObjectName("compareWith")
        self.compare_with.currentIndexChanged.connect(lambda _i: self.show_run())
        self.shown = QComboBox()
        self.shown.setObjectName("shownRun")
        self.shown.currentIndexChanged.connect(lambda _i: self.show_run())
        self.text = QTextBrowser()
        self.text.setObjectName("balanceReport")
        self.figure = Figure(figsize=(8, 6), dpi=90)
        self.canvas = FigureCanvasQTAgg(self.figure)
        self.canvas.setObjectName("balancePlots")

        top = QHBoxLayout()
        for widget in (self.games, self.seed, self.run_button, self.matrix_button, self.cancel_button):
            top.addWidget(widget)
        top.addWidget(self.progress, 1)
        where = QHBoxLayout()
        where.addWidget(QLabel("Games run on"))
        where.addWidget(self.run_on, 1)
        pick = QHBoxLayout()
        pick.addWidget(QLabel("Show"))
        pick.addWidget(self.shown, 1)
        pick.addWidget(QLabel("compared with"))
        pick.addWidget(self.compare_with, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.text)
        split.addWidget(self.canvas)
        split.setSizes([420, 640])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(where)
        layout.addLayout(self.strengths_row)
        layout.addWidget(self.message)
        layout.addLayout(pick)
        layout.addWidget(split, 1)
        self.strength_boxes: dict[str, QComboBox] = {}

    def set_sides(self, sides: list[str], strengths: tuple[str, ...]) -> None:
        if list(self.strength_boxes) == sides:
            return
        self.strength_boxes = strength_choices(self.strengths_row, sides, strengths)

    def note_edit(self, what: str) -> None:
        if what not in self.edits:
            self.edits.append(what)

    # ------------------------------------------------------------------ running
    @property
    def busy(self) -> bool:
        return self.job is not None

    def start(self, matrix: bool = False) -> bool:
        """A run of the bots chosen, or with `matrix` the games of every pairing of strengths."""
        if self.busy:
            return False
        try:
            setup = self.make_setup()
        except SetupError as exc:
            self.message.setText(f"Cannot run: {exc}")
            return False
        self.set_sides(setup.sides, tuple(setup.engine.bot_strengths))
        cells = pairings(tuple(setup.engine.bot_strengths), setup.sides) if matrix else \
            [{side: box.currentData() for side, box in self.strength_boxes.items()}]
        games = self.games.value()
        try:
            executor, refused = self.run_on.executor()
        except ExecutorChoiceError as exc:
            self.message.setText(f"Cannot run: {exc}")
            return False
        self.job = BalanceJob(setup, games, self.seed.value(), cells, executor)
        self.job.refused = refused
        self.job.progressed.connect(self._progressed)
        self.job.finished.connect(self._done)
        if not matrix:  # the edits since the last run are noted on the next run, not on a matrix
            self._note = ("after editing " + ", ".join(self.edits[:4]) + ("…" if len(self.edits) > 4 else "")) \
                if self.edits and self.runs else ""
            self.edits = []
        self.progress.setRange(0, games * len(cells))
        self.progress.setValue(0)
        self.progress.setFormat(GAMES)
        self.run_button.setEnabled(False)
        self.matrix_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.cancel_button.setText("Cancel")
        each = f" of each of {len(cells)} pairings of bot strengths" if matrix else ""
        self.message.setText(f"Playing {games} games{each} of {setup.scenario.id} on {self.run_on.describe()}…")
        self.job.start()
        return True

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancelled = True
            self.cancel_button.setEnabled(False)
            self.cancel_button.setText("Cancelling…")
            self.message.setText("Cancelling: the games already under way finish first…")

    def _progressed(self, done: int, total: int) -> None:
        self.progress_updates += 1
        self.progress.setValue(done)

    def _done(self) -> None:
        sender = self.sender()
        job = sender if isinstance(sender, BalanceJob) else self.job
        if job is None or job is not self.job:
            return  # already handled by `wait`
        self.job = None
        job.wait()
        played = job.played  # progress reports come in chunks: the bar ends on the count itself
        self.progress.setValue(played)
        self.progress.setFormat(GAMES if played == self.progress.maximum() else "%v of %m games (cancelled)"
                                if job.cancelled else "%v of %m games (stopped)")
        self.run_button.setEnabled(True)
        self.matrix_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.cancel_button.setText("Cancel")
        if job.error:
            self.message.setText(f"The run stopped: {job.error}")
            self.finished.emit(None)
            return
        if not played:
            self.message.setText("Cancelled before any game finished.")
            self.finished.emit(None)
            return
        reports = [report(results, job.setup.sides) for results in job.results]
        self.refusals = "; ".join(job.refused)
        if job.matrix:
            self.show_matrix(matrix(job.cells, reports, job.setup.sides, tuple(job.setup.engine.bot_strengths)))
            self.finished.emit(None)
            return
        self.add_run(BalanceRun(len(self.runs) + 1, job.seed, job.games, job.cells[0], reports[0], self._note))

    def _say(self, text: str) -> None:
        """The run's line, and the Dask workers it left out because they hold other files."""
        self.message.setText(text + (f". Workers refused, holding other files: {self.refusals}"
                                     if self.refusals else ""))

    def show_matrix(self, found: dict) -> None:
        self.matrix = found
        self._say(f"Strength matrix: {found['games']} games of each pairing from seed {found['seeds'][0]}")
        self.text.setHtml(matrix_html(found))

    def add_run(self, run: BalanceRun) -> None:
        """A finished run listed and shown, compared with the run before it."""
        self.runs.append(run)
        self._say(run.title)
        self.shown.blockSignals(True)
        self.compare_with.blockSignals(True)
        self.shown.addItem(run.title, run.number)
        self.shown.setCurrentIndex(self.shown.count() - 1)
        if self.compare_with.count() == 0:
            self.compare_with.addItem("(nothing)", 0)
        previous = self.runs[-2].number if len(self.runs) > 1 else 0
        self.compare_with.addItem(run.title, run.number)
        self.compare_with.setCurrentIndex(max(0, self.compare_with.findData(previous)))
        self.shown.blockSignals(False)
        self.compare_with.blockSignals(False)
        self.show_run()
        self.finished.emit(run)

    # ------------------------------------------------------------------ showing
    def _run(self, number) -> BalanceRun | None:
        return next((r for r in self.runs if r.number == number), None)

    def show_run(self) -> None:
        run = self._run(self.shown.currentData())
        if run is None:
            return
        other = self._run(self.compare_with.currentData())
        other = other if other is not run else None
        text = ""
        if other is not None:
            text += comparison_html(comparison(other.report, run.report), (other.name, run.name)) + "<hr>"
        text += report_html(run.report, run.title)
        self.text.setHtml(text)
        balance_figure(self.figure, run.report, other.report if other else None,
                       (run.name, other.name if other else ""))
        self.canvas.draw_idle()

    def wait(self) -> None:
        """Block until a running batch ends (closing the window)."""
        if self.job is not None:
            self.job.cancelled = True
            self.job.wait()
            self._done()
