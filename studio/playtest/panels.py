"""The playtest's side panels: the person's decision, the event log, and why an event happened."""

from __future__ import annotations

import json
from collections.abc import Sequence

from PySide6.QtCore import QAbstractListModel, QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.core.decisions import Decision, with_route
from engine.cli.narrate import line
from engine.cli.situation import Situation
from engine.core.sight import NOTHING, Sight


TYPE_COLOURS = {"decision": "#1f5fa8", "decision.pending": "#7a8590", "roll": "#8a6d00",
                "summary": "#202020", "game.end": "#2e7d32", "game.start": "#2e7d32"}


class DecisionPanel(QWidget):
    """The legal actions of the person's decision, a JSON field for any other, and refusals."""

    chosen = Signal(object)  # an action dict
    highlighted = Signal(object)  # option index (or None): the board shows where it goes

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("decisionPanel")
        self.decision: Decision | None = None
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setObjectName("decisionPrompt")
        self.filter = QLineEdit(placeholderText="Filter the options…")
        self.filter.textChanged.connect(self._refilter)
        self.all_button = QPushButton("All")
        self.all_button.setToolTip("Show every legal action again")
        self.all_button.clicked.connect(lambda: (self.filter.clear(), self._refilter("")))
        self.options = QListWidget()
        self.options.setObjectName("decisionOptions")
        self.options.itemActivated.connect(lambda _item: self.choose_current())
        self.options.currentRowChanged.connect(self._current_changed)
        self.choose_button = QPushButton("Choose")
        self.choose_button.clicked.connect(self.choose_current)
        self.preview = QLabel()  # the option highlighted, whole: what choosing it does
        self.preview.setObjectName("decisionPreview")
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.PlainText)
        self.json = QLineEdit(placeholderText='Any action as JSON, e.g. {"type": "move", "to": "0712"}')
        self.json.setObjectName("actionJson")
        self.json.returnPressed.connect(self.try_json)
        self.try_button = QPushButton("Try")
        self.try_button.setToolTip("Submit this action as it is; the engine accepts it or says why not")
        self.try_button.clicked.connect(self.try_json)
        self.via = QLineEdit(placeholderText="Via: the squares to enter on the way, e.g. G6 G7 "
                                             "(empty: the engine's route)")
        self.via.setObjectName("actionVia")
        self.via.setToolTip("The route of the move or landing you choose next (Air Wars 17.0): a square "
                            "clicked or an option chosen is flown through these squares (Shift-click "
                            "squares on the board to add them); the engine refuses a route that is not "
                            "legal and says which step")
        self.refusal = QLabel()
        self.refusal.setObjectName("refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color:#b3261e")
        self.refusal.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row = QHBoxLayout()
        row.addWidget(self.json, 1)
        row.addWidget(self.try_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.prompt)
        filter_row = QHBoxLayout()  # Choose beside the filter: a row more for the options in a low window
        filter_row.addWidget(self.filter, 1)
        filter_row.addWidget(self.all_button)
        filter_row.addWidget(self.choose_button)
        layout.addLayout(filter_row)
        layout.addWidget(self.options, 1)
        layout.addWidget(self.preview)
        layout.addWidget(self.via)
        layout.addLayout(row)
        layout.addWidget(self.refusal)

    def show_decision(self, decision: Decision | None, situation: Situation | None = None,
                      routes: bool = False, written: bool = False) -> None:
        """List `decision`'s options as the terminal prompt does (`situation`): each with what it leads
        to (the minis: the guns a move brings to bear; Pocket Air War: where a maneuver ends, that it
        leaves the mat or crashes; Air Wars: the engine's route; Air Force: the end state and next
        turn's speed) and the printed text of a record it names (a campaign card); with `routes`, a
        field for the route of a move (17.0); `written`: a move written in secret, so Choose
        says Write."""
        if decision is self.decision:
            return
        self.decision = decision
        self.choose_button.setText("Write" if written else "Choose")
        self.choose_button.setToolTip("Write this move on the log sheet: it stays secret until every move is "
                                      "revealed, and Undo takes it back until then" if written
                                      else "Choose the highlighted action")
        self.refusal.clear()
        self.preview.clear()
        self.via.clear()
        self.via.setVisible(routes)
        self.filter.blockSignals(True)
        self.filter.clear()
        self.filter.blockSignals(False)
        self.options.clear()
        if decision is None:
            self.prompt.setText("")
            self.json.clear()
            return
        self.prompt.setText(f"<b>{decision.side}</b> — {decision.prompt}")
        for i, option in enumerate(decision.options):
            said = situation.option_end(option) if situation is not None else ""
            texts = situation.option_texts(option) if situation is not None else []
            item = QListWidgetItem((option.get("label") or json.dumps(option)) + (f"  → {said}" if said else "")
                                   + "".join(f"\n      {text}" for text in texts))
            if texts:
                item.setToolTip("\n".join(texts))
            item.setData(Qt.ItemDataRole.UserRole, i)
            self.options.addItem(item)
        self.options.setCurrentRow(0)

    def only(self, indices: list[int], note: str = "") -> None:
        """Show just these options (a place clicked on the board offers several)."""
        wanted = set(indices)
        first = None
        for row in range(self.options.count()):
            item = self.options.item(row)
            hidden = item.data(Qt.ItemDataRole.UserRole) not in wanted
            item.setHidden(hidden)
            if not hidden and first is None:
                first = row
        if first is not None:
            self.options.setCurrentRow(first)
        self.refusal.setText(note)

    def _refilter(self, text: str) -> None:
        needle = text.lower()
        for row in range(self.options.count()):
            item = self.options.item(row)
            item.setHidden(bool(needle) and needle not in item.text().lower())

    def _current_changed(self, row: int) -> None:
        item = self.options.item(row) if row >= 0 else None
        index = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if index is not None and self.decision is not None:
            option = {k: v for k, v in self.decision.options[index].items() if k != "label"}
            self.json.setText(json.dumps(option))
        self.preview.setText(item.text().replace("  → ", " → ") if item is not None else "")
        self.highlighted.emit(index)

    def choose_current(self) -> None:
        item = self.options.currentItem()
        if self.decision is not None and item is not None and not item.isHidden():
            self.chosen.emit(self.decision.options[item.data(Qt.ItemDataRole.UserRole)])

    def try_json(self) -> None:
        text = self.json.text().strip()
        try:
            action = json.loads(text)
        except json.JSONDecodeError as exc:
            self.refusal.setText(f"Not valid JSON: {exc.msg} at column {exc.colno}")
            return
        self.chosen.emit(action)

    def refused(self, reason: str) -> None:
        self.refusal.setText(f"Refused: {reason}")

    def routed(self, action: dict) -> dict:
        """`action` along the route in the Via field, when it is a move (has a place) and a route is given."""
        squares = self.via.text().replace(",", " ").split() if self.via.isVisibleTo(self) else []
        if not squares or not isinstance(action, dict) or "at" not in action or "route" in action:
            return action
        return with_route(action, squares)


class Shown(Sequence):
    """A model's events as its person may see them, read lazily (the why pane looks at a few)."""

    def __init__(self, model: "EventModel", rows: range | None = None) -> None:
        self.model, self.rows = model, rows if rows is not None else range(len(model.events))

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return Shown(self.model, self.rows[i])
        return self.model.shown(self.rows[i])


class EventModel(QAbstractListModel):
    """The events of a log, one line each; a marked event (where a replay differs) stands out."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.events: list[dict] = []
        self.marked: int | None = None
        # While a person plays: their sides' view, and for each event what they could not identify.
        self.sight: Sight | None = None
        self.hidden_at: list[frozenset[str] | None] = []
        self.now: frozenset[str] = NOTHING  # what they cannot identify at the last event
        self._shown = 0
        self._bold = QFont()
        self._bold.setBold(True)

    def reset(self, events: list[dict], marked: int | None = None) -> None:
        self.beginResetModel()
        self.events, self.marked = events, marked
        self._shown = len(events)
        if self.sight is not None:
            self.sight = Sight(self.sight.sides)
            self.sight.learn(events)
        self.endResetModel()

    def show_to(self, sides: frozenset[str] | None, hidden_at: list[frozenset[str] | None]) -> None:
        """Lines as a person playing `sides` may read them (None: everything); `hidden_at` gives, by
        event, the units they could not identify then."""
        self.hidden_at = hidden_at
        now = (hidden_at[-1] or NOTHING) if hidden_at and sides else NOTHING
        changed = now != self.now
        self.now = now
        if sides != (self.sight.sides if self.sight is not None else None):
            self.sight = Sight(sides) if sides else None
            if self.sight is not None:
                self.sight.learn(self.events[:self._shown])
            changed = True
        if changed and self._shown:
            self.dataChanged.emit(self.index(0), self.index(self._shown - 1))

    def hidden(self, row: int) -> frozenset[str]:
        """The units the person may not identify in event `row`: those they could not then, and those
        they cannot now (a counter face down on the board now is not named in the lines before it)."""
        then = self.hidden_at[row] if row < len(self.hidden_at) else None
        return (then or NOTHING) | self.now

    def shown(self, row: int) -> dict:
        """The event of `row` as the person may see it."""
        event = self.events[row]
        if self.sight is None:
            return event
        return self.sight.show(event, self.hidden(row))

    def shown_events(self) -> Sequence[dict]:
        """Every event as the person may see it, each worked out when asked for."""
        return Shown(self) if self.sight is not None else self.events

    def grow(self) -> None:
        """Rows for events appended to the list since the last call."""
        count = len(self.events)
        if count > self._shown:
            if self.sight is not None:
                self.sight.learn(self.events[self._shown:count])
            self.beginInsertRows(QModelIndex(), self._shown, count - 1)
            self._shown = count
            self.endInsertRows()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else self._shown

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        event = self.events[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{index.row():>5}  {line(self.shown(index.row()))}"
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(QColor(TYPE_COLOURS.get(event["type"], "#3a3f45")))
        if role == Qt.ItemDataRole.BackgroundRole and index.row() == self.marked:
            return QBrush(QColor("#ffd7d2"))
        if role == Qt.ItemDataRole.FontRole and event["type"] in ("summary", "game.end") \
                or role == Qt.ItemDataRole.FontRole and index.row() == self.marked:
            return self._bold
        if role == Qt.ItemDataRole.UserRole:
            return index.row()
        return None


class EventLog(QWidget):
    """The log with a filter; selecting an event reports its index."""

    selected = Signal(int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.model = EventModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.filter = QLineEdit(placeholderText="Filter events (type, unit, text)…")
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QListView()
        self.view.setObjectName("eventLog")
        self.view.setModel(self.proxy)
        self.view.setUniformItemSizes(True)
        self.view.setFont(QFont("DejaVu Sans Mono", 9))
        self.view.selectionModel().currentChanged.connect(self._current)
        self._quiet = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.filter)
        layout.addWidget(self.view, 1)

    def select(self, row: int) -> None:
        """Select event `row` without echoing it back (the view already shows it)."""
        index = self.proxy.mapFromSource(self.model.index(row))
        if not index.isValid():
            return
        self._quiet = True
        self.view.setCurrentIndex(index)
        self._quiet = False
        self.view.scrollTo(index)

    def _current(self, index: QModelIndex, _previous: QModelIndex) -> None:
        if index.isValid() and not self._quiet:
            self.selected.emit(self.proxy.mapToSource(index).row())
