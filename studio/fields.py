"""Editors for single values, chosen from the JSON Schema of the field.

Editors never refuse input the validator would reject: what you type goes into
the record and the validator marks it, so nothing is lost and the message is
the same one `sortie validate` prints. Each editor pushes its edit through the
form context (a command on the document's undo stack) and is updated back from
the model, skipping the update when it already shows that value so the cursor
stays where the user is typing.
"""

from __future__ import annotations

from typing import Any, Iterator

import yaml
from PySide6.QtCore import QEvent, QObject, QSignalBlocker, QSize, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QCompleter,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QToolButton,
    QWidget,
)

from engine.content.diagnostics import FieldPath, format_path
from engine.content.yamlio import dump_yaml, parse_yaml

from .document import UNSET

BIG = 1_000_000_000
MULTILINE_FIELDS = {"notes", "description", "text", "rules", "special_rules"}


def describe(schema: dict) -> str:
    """Tooltip and help text: the description, then unit, range and what a reference names."""
    parts = [schema.get("description", "")]
    facts = []
    if "x-unit" in schema:
        facts.append(f"unit: {schema['x-unit']}")
    low = schema.get("minimum", schema.get("exclusiveMinimum"))
    high = schema.get("maximum", schema.get("exclusiveMaximum"))
    if low is not None or high is not None:
        facts.append(f"range: {'' if low is None else low}–{'' if high is None else high}")
    if "x-ref" in schema:
        facts.append("refers to: " + " or ".join(schema["x-ref"]))
    if "pattern" in schema:
        facts.append(f"pattern: {schema['pattern']}")
    if facts:
        parts.append("(" + "; ".join(facts) + ")")
    return " ".join(p for p in parts if p)


class _WheelScrolls(QObject):
    """A wheel over a number or a choice that is not being edited scrolls the form: Qt's default
    turned a scroll down a dashboard into silent edits of every spin box and list under the pointer."""

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if event.type() != QEvent.Type.Wheel:
            return False
        focus = QApplication.focusWidget()
        if focus is not None and (focus is watched or watched.isAncestorOf(focus)):
            return False  # clicked into: the wheel steps the value, as Qt does
        area = watched.parentWidget()
        while area is not None and not isinstance(area, QAbstractScrollArea):
            area = area.parentWidget()
        if area is not None:
            QApplication.sendEvent(area.verticalScrollBar(), event)
        return True


_WHEEL = _WheelScrolls()


def wheel_scrolls(widget: QWidget) -> None:
    """Let the wheel over `widget` scroll its form until the widget is clicked or tabbed into."""
    widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    widget.installEventFilter(_WHEEL)


ALSO_REDO = QKeySequence("Ctrl+Y")  # the window's redo, besides the platform's (Ctrl+Shift+Z)


class _PackUndo(QObject):
    """Ctrl+Z and Ctrl+Shift+Z (Ctrl+Y) in a text box undo and redo the pack's steps, as everywhere
    else in the window. A text box took them for its own history, which knew only this box's typing
    and pushed its result as a new edit: undoing across records stopped at the first text box an
    undo brought up (with the focus in it), and the steps undone by then could not be redone."""

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.ShortcutOverride and (
                event.matches(QKeySequence.StandardKey.Undo) or event.matches(QKeySequence.StandardKey.Redo)
                or QKeySequence(event.keyCombination()) == ALSO_REDO):
            event.ignore()  # not the box's: the window's shortcut has it
            return True
        return False


_PACK_UNDO = _PackUndo()


def pack_undo(widget: QWidget) -> None:
    """Ctrl+Z in `widget` undoes the pack's last step, not the widget's own typing."""
    widget.installEventFilter(_PACK_UNDO)


MOVE_UP, MOVE_DOWN, REMOVE = "Alt+Up", "Alt+Down", "Alt+Del"  # on the list item or grid row with the focus


def row_button(text: str, tip: str, slot) -> QToolButton:
    """A button that moves or removes one item or row: clicked with the mouse, passed by Tab (a
    list of twenty items made sixty Tab stops); the keyboard has the shortcut its tooltip names."""
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    button.clicked.connect(slot)
    return button


class FieldEditor(QWidget):
    """Base of every editor: a path in the record and the schema that describes it."""

    def __init__(self, ctx, path: FieldPath, schema: dict, optional: bool = False) -> None:
        super().__init__()
        self.ctx, self.path, self.schema, self.optional = ctx, tuple(path), schema, optional
        self.setToolTip(describe(schema))
        self.setProperty("fieldPath", format_path(path))

    @property
    def title(self) -> str:
        """The field's name as a label ("side_slip" -> "Side Slip"); schemas title a field
        whose type is a model by the model's class name, which says less."""
        name = self.path[-1] if self.path else None
        if isinstance(name, str):
            return " ".join(word.capitalize() for word in name.split("_"))
        return self.schema.get("title") or (f"Item {name + 1}" if isinstance(name, int) else "Record")

    def help_target(self):
        """What the help pane describes while this editor has the focus (a grid: its current cell)."""
        return self

    def commit(self, value: Any) -> None:
        self.ctx.commit(self.path, value)

    def set_value(self, value: Any) -> None:
        raise NotImplementedError

    def reuse(self) -> None:
        """The editor is about to show another value than the one it was made for (another record
        of the kind, an item taken back from a list's spares): forget what only the last one decided,
        so that set_value shows the new value as an editor made for it would."""

    def inner(self) -> Iterator["FieldEditor"]:
        """The editors shown directly inside this one: the form is walked through them (walking
        every widget of a big form took tens of milliseconds, and found a list's spare items)."""
        return iter(())

    def focus(self, path: FieldPath = ()) -> None:
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def mark(self, messages: list[str], severity: str) -> None:
        self.setProperty("severity", severity if messages else "")
        for widget in [self] + self.findChildren(QWidget):
            widget.style().unpolish(widget)
            widget.style().polish(widget)


def _blocked(widget: QWidget):
    return QSignalBlocker(widget)


def forget_typing(edit: QLineEdit | QPlainTextEdit) -> None:
    """Drop the box's own undo history (its context menu's Undo undoes its typing, and commits the
    result): in a box refilled for another record it held the last record's text, and brought it
    back into this one. Setting a line edit's text is the only way Qt clears its history."""
    if isinstance(edit, QPlainTextEdit):
        edit.document().clearUndoRedoStacks()
        return
    position = edit.cursorPosition()
    with _blocked(edit):
        edit.setText(edit.text())
        edit.setCursorPosition(position)


class TextField(FieldEditor):
    def __init__(self, ctx, path, schema, optional=False) -> None:
        super().__init__(ctx, path, schema, optional)
        multiline = path and path[-1] in MULTILINE_FIELDS
        self.edit = QPlainTextEdit() if multiline else QLineEdit()
        if multiline:
            self.edit.setFixedHeight(64)
            self.edit.setTabChangesFocus(True)  # Tab moves on, as in every other field; no tab in the text
            self.edit.textChanged.connect(lambda: self._typed(self.edit.toPlainText()))
        else:
            self.edit.textEdited.connect(self._typed)
        self.edit.setPlaceholderText("not set" if optional else "")
        self.edit.setToolTip(self.toolTip())
        pack_undo(self.edit)
        self.setFocusProxy(self.edit)
        _single(self, self.edit)

    def _typed(self, text: str) -> None:
        self.commit(UNSET if (self.optional and text == "") else text)

    def reuse(self) -> None:
        forget_typing(self.edit)

    def set_value(self, value: Any) -> None:
        text = "" if value is UNSET or value is None else str(value)
        current = self.edit.toPlainText() if isinstance(self.edit, QPlainTextEdit) else self.edit.text()
        if current != text:
            with _blocked(self.edit):
                if isinstance(self.edit, QPlainTextEdit):
                    self.edit.setPlainText(text)
                else:
                    self.edit.setText(text)
                    if not self.edit.hasFocus():  # show a long text's start, not its end
                        self.edit.setCursorPosition(0)


class ScalarField(TextField):
    """A value that may be a number or text, e.g. a roll: 7 or '1-5'. Typed as YAML reads it."""

    def _typed(self, text: str) -> None:
        if self.optional and text == "":
            self.commit(UNSET)
            return
        self.commit(parse_scalar(text, self.schema))


def parse_scalar(text: str, schema: dict) -> Any:
    """Text as the value its schema most likely means: an int or float where allowed, else text."""
    kinds = {o.get("type") for o in schema.get("anyOf", [schema])}
    stripped = text.strip()
    if kinds & {"integer", "number"}:
        try:
            return int(stripped)
        except ValueError:
            pass
    if "number" in kinds:
        try:
            return float(stripped)
        except ValueError:
            pass
    return text


class _SchemaRange:
    """A spin box that takes any number typed (a value out of the schema's range goes into the record
    and the validator says what range is expected; Qt's own range dropped the keys without a word,
    so '-2' copied from a card's DEC box could not be typed), while the arrows and the wheel step
    within the range, and the box is as wide as the range's numbers, not as the widest number."""

    low: float
    high: float
    extra_actions = None  # () -> the QActions the form adds to this box's context menu (Sweep this field…)

    def contextMenuEvent(self, event) -> None:  # noqa: N802 - Qt API
        """Qt's menu of a number box, with the form's own commands for the field below it."""
        menu = self.lineEdit().createStandardContextMenu()
        menu.addSeparator()
        enabled = self.stepEnabled()
        flag = QAbstractSpinBox.StepEnabledFlag
        menu.addAction("Step &Up", lambda: self.stepBy(1)).setEnabled(bool(enabled & flag.StepUpEnabled))
        menu.addAction("Step &Down", lambda: self.stepBy(-1)).setEnabled(bool(enabled & flag.StepDownEnabled))
        extra = self.extra_actions() if self.extra_actions else []
        if extra:
            menu.addSeparator()
            for action in extra:
                menu.addAction(action)
        menu.exec(event.globalPos())
        menu.deleteLater()

    def stepBy(self, steps: int) -> None:  # noqa: N802 - Qt API
        self.setValue(min(max(self.value() + steps * self.singleStep(), self.low), self.high))

    def stepEnabled(self):  # noqa: N802 - Qt API
        flag = QAbstractSpinBox.StepEnabledFlag
        enabled = flag.StepNone
        if self.value() > self.low:
            enabled |= flag.StepDownEnabled
        if self.value() < self.high:
            enabled |= flag.StepUpEnabled
        return enabled

    def _narrowed(self, hint: QSize) -> QSize:
        metrics = self.fontMetrics()
        widest = max(self.textFromValue(self.minimum()), self.textFromValue(self.maximum()), key=len)
        needed = max(self.textFromValue(self.low), self.textFromValue(self.high), key=len)
        return QSize(hint.width() - metrics.horizontalAdvance(widest) + metrics.horizontalAdvance(needed),
                     hint.height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return self._narrowed(super().sizeHint())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return self._narrowed(super().minimumSizeHint())


class _IntSpin(_SchemaRange, QSpinBox):
    pass


class _FloatSpin(_SchemaRange, QDoubleSpinBox):
    pass


class NumberField(FieldEditor):
    def __init__(self, ctx, path, schema, optional=False) -> None:
        super().__init__(ctx, path, schema, optional)
        integer = schema.get("type") == "integer"
        self.spin = _IntSpin() if integer else _FloatSpin()
        wheel_scrolls(self.spin)
        if not integer:
            self.spin.setDecimals(2)
        self.spin.low = schema.get("minimum", schema.get("exclusiveMinimum", -BIG))
        self.spin.high = schema.get("maximum", schema.get("exclusiveMaximum", BIG))
        self.spin.setRange(-BIG, BIG)
        if "x-unit" in schema:
            self.spin.setSuffix(f" {schema['x-unit']}")
        self.spin.setKeyboardTracking(True)
        self.spin.setToolTip(self.toolTip())
        pack_undo(self.spin)
        self.spin.extra_actions = lambda: ctx.form.actions_for(self)
        self.spin.valueChanged.connect(lambda v: self.commit(int(v) if integer else float(v)))
        self.setFocusProxy(self.spin)
        _single(self, self.spin, stretch=False)

    def set_value(self, value: Any) -> None:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            value = 0  # what a box made for a record without the value shows; not the last one's
        if value != self.spin.value():
            with _blocked(self.spin):
                self.spin.setValue(value)  # a value outside the range is shown as it is (and marked)


class BoolField(FieldEditor):
    def __init__(self, ctx, path, schema, optional=False) -> None:
        super().__init__(ctx, path, schema, optional)
        self.box = QCheckBox()
        self.box.toggled.connect(self.commit)
        self.setFocusProxy(self.box)
        _single(self, self.box)

    def set_value(self, value: Any) -> None:
        checked = bool(self.schema.get("default", False)) if value is UNSET else bool(value)
        if checked != self.box.isChecked():
            with _blocked(self.box):
                self.box.setChecked(checked)


class ChoiceField(FieldEditor):
    def __init__(self, ctx, path, schema, optional=False) -> None:
        super().__init__(ctx, path, schema, optional)
        self.combo = QComboBox()
        wheel_scrolls(self.combo)
        self.options = list(schema.get("enum", []))
        for option in self.options:
            self.combo.addItem(str(option))
        self.combo.activated.connect(lambda i: self.commit(self.options[i]))
        self.setFocusProxy(self.combo)
        _single(self, self.combo, stretch=False)

    def set_value(self, value: Any) -> None:
        index = self.options.index(value) if value in self.options else -1
        if index != self.combo.currentIndex():
            with _blocked(self.combo):
                self.combo.setCurrentIndex(index)


class ConstField(FieldEditor):
    def __init__(self, ctx, path, schema, optional=False) -> None:
        super().__init__(ctx, path, schema, optional)
        self.label = QLabel(str(schema.get("const")))
        self.label.setObjectName("constValue")
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        _single(self, self.label)

    def set_value(self, value: Any) -> None:
        self.label.setText(str(self.schema.get("const") if value is UNSET else value))


class RefField(FieldEditor):
    """The id of another record: a searchable picker limited to the kinds the field accepts."""

    def __init__(self, ctx, path, schema, optional=False) -> None:
        super().__init__(ctx, path, schema, optional)
        self.kinds = tuple(schema.get("x-ref", ()))
        self.combo = QComboBox()
        wheel_scrolls(self.combo)
        self.combo.setEditable(True)
        pack_undo(self.combo)
        self.combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.combo.lineEdit().setPlaceholderText(("not set — " if optional else "") + " or ".join(self.kinds))
        completer = QCompleter(self.combo.model(), self.combo)
        self.combo.setCompleter(completer)  # completes from the combo's own list of ids
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.combo.lineEdit().textEdited.connect(self._typed)
        self.combo.textActivated.connect(self._typed)
        self.go = QToolButton()
        self.go.setText("→")
        self.go.setToolTip("Open the referenced record")
        self.go.clicked.connect(lambda: ctx.open_ref(self.kinds, self.combo.currentText()))
        self.setFocusProxy(self.combo)
        self.listed: list[tuple[str, str]] | None = None
        self.refresh_choices()
        _single(self, self.combo, extra=self.go)

    def refresh_choices(self) -> None:
        choices = [(rec.id, rec.label) for rec in self.ctx.choices(self.kinds)]
        if choices == self.listed:
            return
        self.listed = choices
        text = self.combo.currentText()
        with _blocked(self.combo):
            self.combo.clear()
            for rid, label in choices:
                self.combo.addItem(rid)
                self.combo.setItemData(self.combo.count() - 1, label, Qt.ItemDataRole.ToolTipRole)
            self.combo.setEditText(text)

    def reuse(self) -> None:
        self.refresh_choices()  # the records the new one's pack sees
        forget_typing(self.combo.lineEdit())

    def _typed(self, text: str) -> None:
        self.commit(UNSET if (self.optional and text == "") else text)

    def set_value(self, value: Any) -> None:
        text = "" if value is UNSET or value is None else str(value)
        if self.combo.currentText() != text:
            with _blocked(self.combo):
                self.combo.setEditText(text)


class YamlField(FieldEditor):
    """Fallback for shapes no better widget fits: the value as YAML, applied when it parses."""

    def __init__(self, ctx, path, schema, optional=False) -> None:
        super().__init__(ctx, path, schema, optional)
        self.edit = QPlainTextEdit()
        self.edit.setObjectName("yamlField")
        self.edit.setFixedHeight(90)
        self.edit.setTabChangesFocus(True)  # YAML indents with spaces; a tab there is an error
        pack_undo(self.edit)
        self.edit.textChanged.connect(self._typed)
        self.setFocusProxy(self.edit)
        _single(self, self.edit)

    def _typed(self) -> None:
        text = self.edit.toPlainText()
        if not text.strip():
            self.commit(UNSET)
            return
        doc = parse_yaml(text, "field")
        if doc.ok:
            self.commit(doc.data)
            self.edit.setToolTip(self.toolTip())
        else:
            self.edit.setToolTip(doc.diagnostics[0].message)

    def reuse(self) -> None:
        forget_typing(self.edit)

    def set_value(self, value: Any) -> None:
        if value is UNSET or value is None:
            text = ""
        else:
            text = dump_yaml(value) if isinstance(value, (dict, list)) else yaml.safe_dump(value).strip()
        current = parse_yaml(self.edit.toPlainText(), "field")
        if not (current.ok and current.data == value):
            with _blocked(self.edit):
                self.edit.setPlainText(text)


def _single(owner: QWidget, widget: QWidget, stretch: bool = True, extra: QWidget | None = None) -> None:
    layout = QHBoxLayout(owner)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(4)
    layout.addWidget(widget, 1 if stretch else 0)
    if extra is not None:
        layout.addWidget(extra)
    if not stretch:
        layout.addStretch(1)
