"""Lists of flat rows — dice tables above all — edited as a spreadsheet-like grid.

Each column is a field of the row schema; a cell is edited with the widget
its schema calls for (a choice list for enums, a picker for references, text
read as YAML scalars otherwise). Rows are added, removed and moved with
commands, and the validator's findings colour the cells they point at.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QSignalBlocker, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QStyledItemDelegate,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
)

from engine.content.diagnostics import Diagnostic, FieldPath, parse_path

from .commands import InsertItem, MoveItem, RemoveItem
from .document import UNSET
from .fields import MOVE_DOWN, MOVE_UP, REMOVE, FieldEditor, describe, parse_scalar, row_button

SEVERITY_COLOURS = {"error": "#f8d0d0", "warning": "#fbe7bf", "info": "#dde8f6"}
MAX_COLUMN = 260  # pixels: a column of long texts stays readable without pushing the rest away


def _scalar_list(nav, option: dict) -> bool:
    """A list of plain values (e.g. a row's results), shown in one cell as "a, b"."""
    if option.get("type") != "array" or "prefixItems" in option or "items" not in option:
        return False
    return all(o.get("type") in ("string", "integer", "number") and "properties" not in o
               for o in nav.branches(option["items"]))


def is_flat_row(nav, items: dict) -> bool:
    """Rows whose every field is a single value (or a short list of them) fit a grid."""
    props = items.get("properties")
    if not props:
        return False
    for sub in props.values():
        for option in nav.branches(sub):
            if _scalar_list(nav, option):
                continue
            if option.get("type") in ("object", "array") or "properties" in option:
                return False
    return True


@dataclass(frozen=True)
class CellHelp:
    """The help pane's subject for a grid's current cell: its column's field, at that row."""

    path: FieldPath
    schema: dict
    title: str
    optional: bool


class _CellDelegate(QStyledItemDelegate):
    def __init__(self, grid: "GridField") -> None:
        super().__init__(grid.table)
        self.grid = grid

    def createEditor(self, parent, option, index):  # noqa: N802 - Qt API
        schema = self.grid.column_schema(index.column())
        choices: list[str] | None = None
        if "enum" in schema:
            choices = [str(v) for v in schema["enum"]]
        elif "x-ref" in schema:
            choices = [rec.id for rec in self.grid.ctx.choices(schema["x-ref"])]
        elif schema.get("type") == "boolean":
            choices = ["true", "false"]
        if choices is None:
            return QLineEdit(parent)
        combo = QComboBox(parent)
        combo.setEditable("x-ref" in schema)
        combo.addItems(choices)
        return combo

    def updateEditorGeometry(self, editor, option, index):  # noqa: N802 - Qt API
        """A cell editor at least as wide as what it shows (an id picked in a narrow column read
        'itfire-raf'), up to MAX_COLUMN; it may overlap the next cells while it is open."""
        super().updateEditorGeometry(editor, option, index)
        text = str(index.data(Qt.ItemDataRole.EditRole) or "")
        wanted = editor.fontMetrics().horizontalAdvance(text) + 24
        if isinstance(editor, QComboBox):
            wanted = max(wanted, editor.sizeHint().width())
        width = max(editor.width(), min(wanted, MAX_COLUMN))
        editor.resize(width, editor.height())

    def setEditorData(self, editor, index):  # noqa: N802 - Qt API
        text = index.data(Qt.ItemDataRole.EditRole) or ""
        if isinstance(editor, QComboBox):
            editor.setCurrentText(str(text))
        else:
            editor.setText(str(text))

    def setModelData(self, editor, model, index):  # noqa: N802 - Qt API
        text = editor.currentText() if isinstance(editor, QComboBox) else editor.text()
        self.grid.cell_edited(index.row(), index.column(), text)


class GridField(FieldEditor):
    def __init__(self, ctx, path, schema, optional=False) -> None:
        super().__init__(ctx, path, schema, optional)
        nav = ctx.nav
        self.items = nav.plain(schema["items"])
        self.columns = list(self.items.get("properties", {}))
        self.required = set(self.items.get("required", ()))
        self._column_schemas: list[dict] | None = None
        self._marked: set[tuple[int, int]] = set()
        self.table = QTableWidget(0, len(self.columns))
        self.table.setObjectName("grid")
        self.table.setHorizontalHeaderLabels([self._heading(c) for c in self.columns])
        for i, column in enumerate(self.columns):
            self.table.horizontalHeaderItem(i).setToolTip(describe(self.column_schema(i)))
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        triggers = QAbstractItemView.EditTrigger
        self.table.setEditTriggers(triggers.DoubleClicked | triggers.SelectedClicked | triggers.EditKeyPressed
                                   | triggers.AnyKeyPressed)
        self.table.setItemDelegate(_CellDelegate(self))
        self.table.currentCellChanged.connect(self._cell_entered)
        self.table.installEventFilter(self)
        self.table.setAlternatingRowColors(True)
        self.setFocusProxy(self.table)
        buttons = QHBoxLayout()
        add = QToolButton()
        add.setText("+ Row")
        add.setToolTip("Add a row after the selected one")
        add.clicked.connect(self.add_row)
        buttons.addWidget(add)
        for text, tip, key in (
            ("− Row", f"Remove the selected row ({REMOVE})", REMOVE),
            ("↑", f"Move the selected row up ({MOVE_UP})", MOVE_UP),
            ("↓", f"Move the selected row down ({MOVE_DOWN})", MOVE_DOWN),
        ):
            buttons.addWidget(row_button(text, tip, lambda _=False, key=key: self.row_action(key)))
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        self.rows: list[Any] = []
        self._shown: list[Any] = []  # a copy of the rows as the cells show them (the data changes in place)

    def _heading(self, column: str) -> str:
        schema = self.ctx.nav.plain(self.items["properties"][column])
        title = schema.get("title") or column
        return f"{title} ({schema['x-unit']})" if "x-unit" in schema else title

    def column_schema(self, index: int) -> dict:
        if self._column_schemas is None:
            self._column_schemas = [self.ctx.nav.plain(self.items["properties"][c]) for c in self.columns]
        return self._column_schemas[index]

    # ------------------------------------------------------------------ model -> view

    def set_value(self, value: Any) -> None:
        rows = value if isinstance(value, list) else []
        self.rows = rows
        shown, self._shown = self._shown, [_snapshot(row) for row in rows]
        with QSignalBlocker(self.table):
            if self.table.rowCount() != len(rows):
                self.table.setRowCount(len(rows))
            for r, row in enumerate(rows):
                if r < len(shown) and shown[r] == row:
                    continue  # a board drag changes one row of two hundred
                for c, column in enumerate(self.columns):
                    cell = row.get(column, UNSET) if isinstance(row, dict) else UNSET
                    text = "" if cell is UNSET or cell is None else _text(cell)
                    item = self.table.item(r, c)
                    if item is None:
                        item = QTableWidgetItem(text)
                        self.table.setItem(r, c, item)
                    elif item.text() != text:
                        item.setText(text)
        if rows and not shown:
            self._fit_columns()
        # Tall enough for every row (up to a screenful) plus a horizontal scroll bar.
        header = self.table.horizontalHeader().sizeHint().height()
        chrome = self.table.horizontalScrollBar().sizeHint().height() + 2 * self.table.frameWidth() + 2
        self.table.setFixedHeight(min(header + 24 * max(len(rows), 1) + chrome, 460))

    def _fit_columns(self) -> None:
        """Each column as wide as its heading and cells (a long name no longer cut to "Advantage ...",
        a yes/no column no longer the widest), up to MAX_COLUMN; the last stretches. Only when rows
        first show, so columns do not jump under a person typing."""
        table = self.table
        for c in range(len(self.columns) - 1):
            table.resizeColumnToContents(c)
            if table.columnWidth(c) > MAX_COLUMN:
                table.setColumnWidth(c, MAX_COLUMN)

    def mark_cells(self, diagnostics: list[Diagnostic]) -> None:
        for r, c in self._marked:
            item = self.table.item(r, c)
            if item is not None:
                item.setBackground(QBrush())
                item.setToolTip("")  # the column header carries the field's description
        self._marked = set()
        depth = len(self.path)
        for diag in diagnostics:
            rest = parse_path(diag.path)[depth:]
            if not rest or not isinstance(rest[0], int) or rest[0] >= self.table.rowCount():
                continue
            row = rest[0]
            columns = [self.columns.index(rest[1])] if len(rest) > 1 and rest[1] in self.columns else range(
                len(self.columns))
            for c in columns:
                item = self.table.item(row, c)
                if item is not None:
                    item.setBackground(QBrush(QColor(SEVERITY_COLOURS[diag.severity.value])))
                    item.setToolTip(f"{diag.severity.value}: {diag.message}")
                    self._marked.add((row, c))

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        """Tab walks the cells, and past the last one (Shift+Tab: before the first) leaves the grid
        for the next field, as it would leave a text box: a keyboard is never caught in a table."""
        if watched is self.table and event.type() == QEvent.Type.KeyPress and self.table.state() != \
                QAbstractItemView.State.EditingState:
            table, key = self.table, event.key()
            last = (table.rowCount() - 1, table.columnCount() - 1)
            here = (table.currentRow(), table.currentColumn())
            if key == Qt.Key.Key_Tab and (table.rowCount() == 0 or here == last):
                return self.focusNextChild()
            if key == Qt.Key.Key_Backtab and (table.rowCount() == 0 or here in ((0, 0), (-1, -1))):
                return self.focusPreviousChild()
        return super().eventFilter(watched, event)

    def help_target(self) -> "CellHelp | GridField":
        """The current cell's column (its description, unit and range), or the list itself."""
        row, column = self.table.currentRow(), self.table.currentColumn()
        if row < 0 or column < 0:
            return self
        name = self.columns[column]
        return CellHelp(self.path + (row, name), self.column_schema(column),
                        self.table.horizontalHeaderItem(column).text(), name not in self.required)

    def _cell_entered(self, row: int, column: int, *_previous) -> None:
        if row >= 0 and column >= 0 and self.table.hasFocus():
            self.ctx.form.fieldFocused.emit(self.help_target())

    def cell_label(self, path: FieldPath) -> str:
        """Where a finding below this grid points, as the grid shows it: "row 2, Hit"."""
        rest = tuple(path)[len(self.path):]
        if not rest or not isinstance(rest[0], int):
            return ""
        label = f"row {rest[0] + 1}"
        if len(rest) > 1 and rest[1] in self.columns:
            label += f", {self.table.horizontalHeaderItem(self.columns.index(rest[1])).text()}"
        return label

    def focus(self, path: FieldPath = ()) -> None:
        rest = tuple(path)[len(self.path):]
        if rest and isinstance(rest[0], int) and rest[0] < self.table.rowCount():
            column = self.columns.index(rest[1]) if len(rest) > 1 and rest[1] in self.columns else 0
            self.table.setCurrentCell(rest[0], column)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    # ------------------------------------------------------------------ view -> commands

    def cell_edited(self, row: int, column: int, text: str) -> None:
        name = self.columns[column]
        schema = self.column_schema(column)
        if text == "" and name not in self.required:
            value = UNSET
        elif schema.get("type") == "boolean":
            value = text.strip().lower() in ("true", "yes", "1")
        elif _scalar_list(self.ctx.nav, schema):
            item = {"anyOf": self.ctx.nav.branches(schema["items"])}
            value = [parse_scalar(part.strip(), item) for part in text.split(",") if part.strip()]
        else:
            value = parse_scalar(text, self.ctx.nav.resolve(self.items["properties"][name]))
        current = self.rows[row].get(name, UNSET) if isinstance(self.rows[row], dict) else UNSET
        if value != current:
            self.ctx.commit(self.path + (row, name), value)

    def _selected(self) -> int:
        return self.table.currentRow()

    def add_row(self) -> None:
        index = self._selected() + 1 if self._selected() >= 0 else len(self.rows)
        self.ctx.push(InsertItem(self.ctx.doc, self.ctx.uid, self.path, index, self.ctx.nav.skeleton(self.items)))
        self.table.setCurrentCell(index, 0)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)  # typing fills the new row's first cell

    def remove_row(self) -> None:
        index = self._selected()
        if 0 <= index < len(self.rows):
            self.ctx.push(RemoveItem(self.ctx.doc, self.ctx.uid, self.path, index))

    def row_action(self, key: str) -> None:
        """Remove or move the current row; not while a cell is being edited (the edit would land
        in the row that took its place)."""
        if self.table.state() == QAbstractItemView.State.EditingState:
            return
        if key == REMOVE:
            self.remove_row()
        else:
            self.move_row(-1 if key == MOVE_UP else 1)

    def reuse(self) -> None:
        """Columns fitted to the new record's cells, no cell current, the table scrolled to its start."""
        self._shown = []
        self.table.setCurrentCell(-1, -1)
        header = self.table.horizontalHeader()
        for c in range(len(self.columns)):
            self.table.setColumnWidth(c, header.defaultSectionSize())
        self.table.scrollToTop()
        self.table.horizontalScrollBar().setValue(0)

    def move_row(self, step: int) -> None:
        index = self._selected()
        to = index + step
        if 0 <= index < len(self.rows) and 0 <= to < len(self.rows):
            self.ctx.push(MoveItem(self.ctx.doc, self.ctx.uid, self.path, index, to))
            self.table.setCurrentCell(to, self.table.currentColumn())


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def _snapshot(row: Any) -> Any:
    """A copy of a flat row deep enough to compare later: its cells are values or short lists."""
    if not isinstance(row, dict):
        return row
    return {k: list(v) if isinstance(v, list) else v for k, v in row.items()}
