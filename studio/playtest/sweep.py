"""Sweep this field…: a scenario played with the focused number field of a record at several values,
every variant on the same seeds, in the background, with the curve of win rate against value —
and, when asked for the value that evens the game, a button that writes the value found into the
record (one undoable step).

The sweep is `engine.core.sweep` (what `sortie sweep` runs), fed the record's field as a
`KIND:ID.FIELD` spec, so the studio refuses what the command line refuses with the same words;
the games are `engine.core.simulate.simulate` on this machine's cores, with the data as the editor
holds it when the run starts, unsaved edits included.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any, Callable

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtCore import QThread, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
)

from engine.content.diagnostics import format_path
from engine.content.pack import write_atomic
from engine.core.batch import ExecutorError
from engine.core.simulate import simulate
from engine.core.sweep import SweepError, grid, parse_vary, search
from engine.reports.html import sweep_html
from engine.reports.page import page
from engine.reports.sweep_plot import draw_sweep, sweep_figure

from .balance import strength_choices
from .source import Setup, SetupError, Source, prepare, why_not_sweep
from .where import ExecutorChoiceError, RunOn

DEFAULT_GAMES = 200
GRID_VALUES = 5  # values offered around the field's own


def offered_values(value: Any, schema: dict) -> list:
    """The grid first offered: the field's value in the middle of GRID_VALUES, within its range."""
    low = schema.get("minimum", schema.get("exclusiveMinimum"))
    high = schema.get("maximum", schema.get("exclusiveMaximum"))
    whole = schema.get("type") == "integer"
    value = value if isinstance(value, (int, float)) and not isinstance(value, bool) else (low or 0)
    if whole:
        step = 1
    else:
        step = round(abs(value) * 0.1, 2) or 0.1
    half = GRID_VALUES // 2
    values = [value + (i - half) * step for i in range(GRID_VALUES)]
    values = [int(v) if whole else round(v, 2) for v in values]
    return sorted({v for v in values if (low is None or v >= low) and (high is None or v <= high)})


def field_spec(kind: str, record_id: str, path: tuple) -> str:
    """`KIND:ID.FIELD` as `sortie sweep --vary` names it (list items by their index)."""
    return f"{kind}:{record_id}.{'.'.join(str(p) for p in path)}"


class SweepJob(QThread):
    """The sweep on a worker thread; `progressed(variants done, games of this variant, games)`."""

    progressed = Signal(int, int, int)

    def __init__(self, setup: Setup, spec: str, games: int, seed: int, strengths: dict[str, str],
                 target: tuple[str, float] | None, steps: int, executor) -> None:
        super().__init__()
        self.setup, self.spec, self.games, self.seed, self.strengths = setup, spec, games, seed, strengths
        self.target, self.steps, self.executor = target, steps, executor
        self.cancelled = False
        self.summary: dict | None = None
        self.error = ""
        self.variants = 0
        self.refused: list[str] = []  # Dask workers that hold other files, and why

    def run(self) -> None:  # noqa: D401 - QThread API
        setup = self.setup
        try:
            vary = parse_vary(self.spec, setup.content, setup.scenario)

            def play(content, scenario):
                results = simulate(setup.engine, scenario, content, self.games, self.seed,
                                   strengths=self.strengths, executor=self.executor,
                                   progress=lambda done, _total: self.progressed.emit(self.variants, done, self.games),
                                   cancelled=lambda: self.cancelled)
                self.variants += 1
                self.progressed.emit(self.variants, 0, self.games)
                return results

            stop = lambda: self.cancelled  # noqa: E731 - the engine's stop() callback
            if self.target:
                found = search(vary, *self.target, setup.content, setup.scenario, setup.sides, play, self.steps, stop)
            else:
                found = {"variants": grid([vary], setup.content, setup.scenario, setup.sides, play, stop)}
            self.summary = {"scenario": setup.scenario.id, "pack": setup.source.pack, "seed": self.seed,
                            "games": self.games, "strengths": self.strengths, "vary": [vary.name], **found}
        except SweepError as exc:
            self.error = str(exc).removeprefix("--vary ")
        except ExecutorError as exc:  # the cluster: unreachable, or no worker holds these files
            self.error = str(exc)
        except Exception as exc:  # shown in the dialog, never raised into Qt
            self.error = f"{type(exc).__name__}: {exc}"


class SweepDialog(QDialog):
    """One field of one record swept over a scenario of its pack; `apply(value)` writes a value back."""

    def __init__(self, session, rec, path: tuple, schema: dict, title: str,
                 apply: Callable[[Any], None], parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("sweepDialog")
        self.session, self.rec, self.path, self.schema, self.apply = session, rec, tuple(path), schema, apply
        self.whole = schema.get("type") == "integer"
        self.ruleset = session.ruleset(rec.doc)
        self.spec = field_spec(rec.kind, rec.id, self.path)
        self.job: SweepJob | None = None
        self.summary: dict | None = None
        self.setWindowTitle(f"Sweep {rec.id}: {title}")
        self.resize(1000, 640)
        value = rec.data
        for key in self.path:
            value = value[key] if isinstance(value, (dict, list)) else None
        self.value = value

        self.scenario = QComboBox()
        self.scenario.setObjectName("sweepScenario")
        self.scenario.setAccessibleName("Scenario played")
        for name, scenario_id in self._scenarios():
            self.scenario.addItem(name, scenario_id)
        self.scenario.currentIndexChanged.connect(lambda _i: self._sides())
        self.grid_mode = QRadioButton("&Play these values")
        self.grid_mode.setObjectName("sweepGridMode")
        self.values = QLineEdit(", ".join(str(v) for v in offered_values(value, schema)))
        self.values.setObjectName("sweepValues")
        self.values.setAccessibleName("Values to play")
        self.values.setToolTip("Values separated by commas; every one is played on the same seeds")
        self.search_mode = QRadioButton("&Find the value that gives")
        self.search_mode.setObjectName("sweepSearchMode")
        self.grid_mode.setChecked(True)
        self.side = QComboBox()
        self.side.setObjectName("sweepSide")
        self.side.setAccessibleName("Side whose win rate is searched")
        self.rate = QSpinBox(minimum=1, maximum=99, value=50)
        self.rate.setObjectName("sweepRate")
        self.rate.setSuffix(" % wins")
        self.low, self.high = self._range_box("sweepLow", "lowest value"), self._range_box("sweepHigh", "highest value")
        grid_values = offered_values(value, schema) or [0]
        self.low.setValue(grid_values[0])
        self.high.setValue(grid_values[-1])
        self.steps = QSpinBox(minimum=1, maximum=20, value=8)
        self.steps.setPrefix("at most ")
        self.steps.setSuffix(" halvings")
        self.games = QSpinBox(minimum=1, maximum=100_000, value=DEFAULT_GAMES)
        self.games.setObjectName("sweepGames")
        self.games.setSuffix(" games a value")
        self.seed = QSpinBox(minimum=0, maximum=2**31 - 1, value=1)
        self.seed.setPrefix("first seed ")
        self.strengths_row = QHBoxLayout()
        self.strength_boxes: dict[str, QComboBox] = {}
        self.run_on = RunOn()

        self.run_button = QPushButton("&Run")
        self.run_button.setObjectName("sweepRun")
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("&Cancel")
        self.cancel_button.setObjectName("sweepCancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.use_button = QPushButton("&Set the field to it")
        self.use_button.setObjectName("sweepUse")
        self.use_button.setEnabled(False)
        self.use_button.clicked.connect(self._use)
        self.save_button = QPushButton("Save Re&port…")
        self.save_button.setObjectName("sweepSave")
        self.save_button.setEnabled(False)
        self.save_button.clicked.connect(self._ask_save)
        self.progress = QProgressBar()
        self.progress.setObjectName("sweepProgress")
        self.message = QLabel()
        self.message.setObjectName("sweepMessage")
        self.message.setWordWrap(True)
        self.text = QTextBrowser()
        self.text.setObjectName("sweepReport")
        self.figure = Figure(figsize=(7, 4.5), dpi=90, layout="constrained")
        self.canvas = FigureCanvasQTAgg(self.figure)
        self.canvas.setObjectName("sweepPlot")

        form = QFormLayout()
        form.addRow(f"<b>{html.escape(self.spec)}</b>", QLabel(f"now {self.value}"))
        form.addRow("Sc&enario", self.scenario)
        values_row = QHBoxLayout()
        values_row.addWidget(self.grid_mode)
        values_row.addWidget(self.values, 1)
        form.addRow(values_row)
        search_row = QHBoxLayout()
        for widget in (self.search_mode, self.side, self.rate, QLabel("between"), self.low, QLabel("and"), self.high,
                       self.steps):
            search_row.addWidget(widget)
        search_row.addStretch(1)
        form.addRow(search_row)
        run_row = QHBoxLayout()
        for widget in (self.games, self.seed):
            run_row.addWidget(widget)
        run_row.addLayout(self.strengths_row, 1)
        form.addRow(run_row)
        form.addRow("&Games run on", self.run_on)
        buttons = QHBoxLayout()
        for widget in (self.run_button, self.cancel_button):
            buttons.addWidget(widget)
        buttons.addWidget(self.progress, 1)
        buttons.addWidget(self.use_button)
        buttons.addWidget(self.save_button)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.text)
        split.addWidget(self.canvas)
        split.setSizes([380, 600])
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        layout.addWidget(split, 1)
        self.values.textEdited.connect(lambda _t: self.grid_mode.setChecked(True))
        for box in (self.low, self.high, self.rate):
            box.valueChanged.connect(lambda _v: self.search_mode.setChecked(True))
        self.side.activated.connect(lambda _i: self.search_mode.setChecked(True))
        if self.scenario.count():
            self._sides()
        else:
            self.run_button.setEnabled(False)
            self.message.setText(f"No scenario of {self.ruleset.name} in this pack to play: add one first.")

    def _range_box(self, name: str, what: str) -> QSpinBox | QDoubleSpinBox:
        box = QSpinBox() if self.whole else QDoubleSpinBox(decimals=2)
        box.setObjectName(name)
        box.setAccessibleName(what.capitalize())
        box.setRange(self.schema.get("minimum", -10**9), self.schema.get("maximum", 10**9))
        return box

    def _scenarios(self) -> list[tuple[str, str]]:
        """The pack's scenarios, those that name the record first (the likeliest to feel the change)."""
        kind = self.ruleset.scenario_kind
        found = []
        for scenario in self.session.choices(self.rec.doc, [kind]):
            names = self.rec.id in str(scenario.data)
            label = f"{scenario.id}" + (f"  (names {self.rec.id})" if names else "")
            found.append((not names, scenario.id, label))
        return [(label, scenario_id) for _, scenario_id, label in sorted(found)]

    def setup(self) -> Setup:
        source = Source(self.rec.doc.id, self.ruleset.scenario_kind, self.scenario.currentData())
        return prepare(self.rec.doc.pack, self.ruleset, source)

    def _sides(self) -> None:
        try:
            setup = self.setup()
        except SetupError as exc:
            self.message.setText(f"Cannot play {self.scenario.currentData()}: {exc}")
            self.run_button.setEnabled(False)
            return
        self.run_button.setEnabled(True)
        self.message.setText("Every value is played on the same seeds, so the curve shows the value, not the dice.")
        self.side.clear()
        self.side.addItems(setup.sides)
        self.strength_boxes = strength_choices(self.strengths_row, setup.sides, tuple(setup.engine.bot_strengths),
                                               "sweepStrength")

    # ------------------------------------------------------------------ running
    @property
    def busy(self) -> bool:
        return self.job is not None

    def start(self) -> bool:
        if self.busy:
            return False
        try:
            setup = self.setup()
        except SetupError as exc:
            self.message.setText(f"Cannot run: {exc}")
            return False
        search_for = self.search_mode.isChecked()
        if search_for:
            low, high = self.low.value(), self.high.value()
            if low >= high:
                self.message.setText("Cannot run: the lowest value must be below the highest.")
                return False
            spec = f"{self.spec}={low}..{high}"
            target = (self.side.currentText(), self.rate.value() / 100)
        else:
            if not self.values.text().strip():
                self.message.setText("Cannot run: give the values to play, separated by commas.")
                return False
            spec, target = f"{self.spec}={self.values.text().replace(' ', '')}", None
        strengths = {side: box.currentData() for side, box in self.strength_boxes.items()}
        try:
            executor, refused = self.run_on.executor()
        except ExecutorChoiceError as exc:
            self.message.setText(f"Cannot run: {exc}")
            return False
        self.job = SweepJob(setup, spec, self.games.value(), self.seed.value(), strengths, target,
                            self.steps.value(), executor)
        self.job.refused = refused
        self.job.progressed.connect(self._progressed)
        self.job.finished.connect(self._done)
        self.variants_asked = 2 + self.steps.value() if search_for else len(self.values.text().split(","))
        self.progress.setRange(0, self.variants_asked * self.games.value())
        self.progress.setValue(0)
        self.progress.setFormat("%p%")
        self.run_button.setEnabled(False)
        self.use_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.message.setText(f"Playing {setup.scenario.id} with {self.spec} at each value on {self.run_on.describe()}…")
        self.job.start()
        return True

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancelled = True
            self.cancel_button.setEnabled(False)
            self.message.setText("Cancelling: the games already under way finish first…")

    def _progressed(self, variants: int, done: int, games: int) -> None:
        self.progress.setValue(min(variants * games + done, self.progress.maximum()))
        self.progress.setFormat(f"value {min(variants + 1, self.variants_asked)}: {done} / {games} games")

    def _done(self) -> None:
        job = self.job
        if job is None:
            return
        self.job = None
        job.wait()
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.setValue(self.progress.maximum())
        if job.error:
            self.message.setText(f"Cannot sweep: {job.error}")
            self.progress.setFormat("stopped")
            return
        summary = job.summary
        if not summary or not summary["variants"]:
            self.message.setText("Cancelled before a value was played in full.")
            self.progress.setFormat("cancelled")
            return
        self.show_summary(summary, cancelled=job.cancelled)
        if job.refused:
            self.message.setText(self.message.text() + ". Workers refused, holding other files: "
                                 + "; ".join(sorted(set(job.refused))))

    def show_summary(self, summary: dict, cancelled: bool = False) -> None:
        self.summary = summary
        played = len(summary["variants"])
        self.progress.setFormat(f"{played} value(s) played" + (" (cancelled)" if cancelled else ""))
        self.text.setHtml(sweep_html(summary))
        found = summary.get("value")
        self.use_button.setEnabled(found is not None and not cancelled)
        self.use_button.setText(f"&Set the field to {found}" if found is not None else "&Set the field to it")
        if "target" in summary:
            self.message.setText(f"{summary['side']} wins nearest {summary['target']:.0%} at {found}"
                                 if found is not None else f"No value found: {summary['why']}")
        else:
            self.message.setText(f"{played} value(s) of {self.spec}, {summary['games']} games each"
                                 + (" — cancelled: the values not played are left out" if cancelled else ""))
        self.save_button.setEnabled(True)
        draw_sweep(self.figure, summary)
        self.canvas.draw_idle()

    def _use(self) -> None:
        if self.summary and self.summary.get("value") is not None:
            self.apply(self.summary["value"])
            self.message.setText(f"{self.spec} set to {self.summary['value']} (Ctrl+Z takes it back)")
            self.use_button.setEnabled(False)

    def _ask_save(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Save sweep report", f"{self.rec.id}-sweep.html",
                                              "Web pages (*.html)")
        if name:
            self.save(Path(name))

    def save(self, path: Path) -> bool:
        """The sweep as one self-contained page, written whole or not at all."""
        assert self.summary is not None
        text = page(f"{self.summary['scenario']}: sweep of {self.spec}", sweep_html(self.summary),
                    [sweep_figure(self.summary)])
        try:
            write_atomic(path, text)
        except OSError as exc:
            self.message.setText(f"Cannot save {path}: {exc.strerror or exc}")
            return False
        self.message.setText(f"Saved {path}")
        return True

    def done(self, result: int) -> None:  # noqa: D401 - Qt API
        """Closing stops a run: the games in hand finish, the thread ends with the dialog."""
        if self.job is not None:
            self.job.cancelled = True
            self.job.wait()
            self._done()
        super().done(result)


def open_sweep(window, target=None) -> SweepDialog | None:
    """Sweep the field `target` (an editor or grid cell with `path` and `schema`) of the record on show."""
    rec = window.rec
    target = target if target is not None else getattr(window, "focused_field", None)
    why = why_not_sweep(window.session, rec, target)
    if why:
        window.statusBar().showMessage(f"Sweep: {why}", 8000)
        return None
    title = getattr(target, "title", format_path(target.path))
    uid, doc = rec.uid, rec.doc

    def apply(value):
        from studio.commands import SetField

        doc.stack.push(SetField(doc, uid, tuple(target.path), value))

    dialog = SweepDialog(window.session, rec, tuple(target.path), target.schema, title, apply, window)
    dialog.show()
    return dialog
