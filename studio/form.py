"""Record forms generated from the kind's JSON Schema; no kind has a hand-written form.

`build_editor` picks a widget per schema node (see `fields` and `grid`);
objects nest, lists of rows become grids, other lists get add/remove/reorder.
The form shows the validator's findings on the fields they name and tells
the help pane which field has the focus.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Iterator

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from shiboken6 import isValid
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.content.diagnostics import Diagnostic, FieldPath, format_path, parse_path
from engine.content.schemanav import SchemaNav, get_path

from .commands import InsertItem, MoveItem, RemoveItem, SetField
from .document import UNSET, DocRecord
from .fields import (
    MOVE_DOWN,
    MOVE_UP,
    REMOVE,
    BoolField,
    ChoiceField,
    ConstField,
    FieldEditor,
    NumberField,
    RefField,
    ScalarField,
    TextField,
    YamlField,
    describe,
    row_button,
    wheel_scrolls,
)
from .grid import GridField, is_flat_row

HEAD = ("kind", "id", "name")
TAIL = ("source", "sample", "notes", "suppress")
KEPT_FORMS = 3  # forms of other kinds kept to page back to (an Air Force scenario's took most of a second to build)
LAYOUT_PASSES = 40  # turns laying out a new form may take: one per level of nesting (28 in a scenario)
MAX_MESSAGES = 6  # lines under one field; a scenario's grid of two hundred planes may have more


class FormContext:
    """What every editor of one record form needs: the record, its schema, and the way to edit."""

    def __init__(self, form: "RecordForm", rec: DocRecord, nav: SchemaNav) -> None:
        self.form, self.rec, self.nav = form, rec, nav
        self.reshaped = False  # set when an edit made or dropped rows (a list's items, a variant's fields)
        self.memo: dict | None = None  # choices per kinds while the form is filled (a scenario has 26 pickers)

    @property
    def doc(self):
        return self.rec.doc

    @property
    def uid(self) -> int:
        return self.rec.uid

    def commit(self, path: FieldPath, value: Any) -> None:
        current = get_path(self.rec.data, path, UNSET)
        if value != current or type(value) is not type(current):
            self.push(SetField(self.doc, self.uid, path, value))

    def push(self, command) -> None:
        self.doc.stack.push(command)

    @contextmanager
    def memoized(self) -> Iterator[None]:
        """Pickers filled meanwhile share one list of choices per kinds (a scenario has 26), until done."""
        self.memo = {}
        try:
            yield
        finally:
            self.memo = None

    def choices(self, kinds) -> list[DocRecord]:
        if self.memo is None:
            return self.form.session.choices(self.doc, kinds)
        key = tuple(kinds)
        if key not in self.memo:
            self.memo[key] = self.form.session.choices(self.doc, kinds)
        return self.memo[key]

    def open_ref(self, kinds, rid: str) -> None:
        self.form.refActivated.emit(tuple(kinds), rid)


def _is_scalar(option: dict) -> bool:
    return option.get("type") in ("string", "integer", "number", "boolean") and "properties" not in option


def variant_tag(nav: SchemaNav, node: dict, branches: list[dict]) -> str | None:
    """The field that tells the shapes of a union of objects apart (`type`, usually)."""
    declared = (nav.resolve(node).get("discriminator") or {}).get("propertyName")
    candidates = [declared] if declared else list(branches[0].get("properties", {}))
    for name in candidates:
        values = [_const(b.get("properties", {}).get(name, {})) for b in branches]
        if all(v is not None for v in values) and len(set(values)) == len(values):
            return name
    return None


def _const(schema: dict):
    if "const" in schema:
        return schema["const"]
    enum = schema.get("enum")
    return enum[0] if enum and len(enum) == 1 else None


def keyed_object(schema: dict) -> dict | None:
    """A mapping whose keys are a fixed choice (e.g. the two sides) reads as an object."""
    keys = (schema.get("propertyNames") or {}).get("enum")
    values = schema.get("additionalProperties")
    if schema.get("type") != "object" or not keys or not isinstance(values, dict):
        return None
    return {**schema, "properties": {k: values for k in keys}, "required": []}


def build_editor(ctx: FormContext, path: FieldPath, node: dict, optional: bool = False) -> FieldEditor:
    """The editor its schema calls for."""
    nav = ctx.nav
    branches = nav.branches(node)
    optional = optional or nav.nullable(node)
    if len(branches) > 1:
        wrapper = {**nav.resolve(node), "anyOf": branches}
        if all("enum" in b or "const" in b for b in branches):
            merged = [v for b in branches for v in b.get("enum", [b.get("const")])]
            return ChoiceField(ctx, path, {**wrapper, "enum": list(dict.fromkeys(merged))}, optional)
        if all(_is_scalar(b) and "x-ref" not in b and "enum" not in b for b in branches):
            return ScalarField(ctx, path, wrapper, optional)
        if all(b.get("properties") for b in branches):
            tag = variant_tag(nav, node, branches)
            if tag is not None:
                return VariantField(ctx, path, wrapper, optional, tag)
        return YamlField(ctx, path, wrapper, optional)
    schema = branches[0] if branches else {}
    schema = keyed_object(schema) or schema
    kind = schema.get("type")
    if "const" in schema:
        return ConstField(ctx, path, schema, optional)
    if "enum" in schema:
        return ChoiceField(ctx, path, schema, optional)
    if "x-ref" in schema:
        return RefField(ctx, path, schema, optional)
    if kind == "boolean":
        return BoolField(ctx, path, schema, optional)
    if kind in ("integer", "number"):
        return NumberField(ctx, path, schema, optional)
    if kind == "string":
        return TextField(ctx, path, schema, optional)
    if kind == "object" and schema.get("properties"):
        return ObjectField(ctx, path, schema, optional)
    if kind == "array" and schema.get("prefixItems"):
        return TupleField(ctx, path, schema, optional)
    if kind == "array" and "items" in schema:
        items = nav.plain(schema["items"])
        if is_flat_row(nav, items):
            return GridField(ctx, path, schema, optional)
        return ListField(ctx, path, schema, optional)
    return YamlField(ctx, path, schema, optional)


class FieldRow(QWidget):
    """An editor with its clear button (optional fields) and the validator's message under it."""

    def __init__(self, editor: FieldEditor) -> None:
        super().__init__()
        self.editor = editor
        self.message = QLabel()
        self.message.setObjectName("fieldMessage")
        self.message.setWordWrap(True)
        self.message.hide()
        self.shown: tuple = ()
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(editor, 1)
        self.clear: QToolButton | None = None
        if editor.optional and not isinstance(editor, (ConstField,)):
            self.clear = QToolButton()
            self.clear.setText("×")
            self.clear.setObjectName("clearButton")
            self.clear.setToolTip("Clear: remove this optional field from the record")
            self.clear.clicked.connect(lambda: editor.commit(UNSET))
            top.addWidget(self.clear, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(1)
        layout.addLayout(top)
        layout.addWidget(self.message)

    def set_value(self, value: Any) -> None:
        self.editor.set_value(value)
        if self.clear is not None:
            self.clear.setEnabled(value is not UNSET)

    def show_messages(self, diags: list[Diagnostic]) -> None:
        shown = tuple((d.severity, d.code, d.message) for d in diags)
        if shown == self.shown:
            return  # restyling every field on every keystroke is what makes big forms slow
        self.shown = shown
        if not diags:
            self.message.hide()
            self.editor.mark([], "")
            return
        worst = min(diags, key=lambda d: d.severity.rank)
        lines = [f"{d.message}" + (f"  [{d.code}]" if d.code != "schema" else "")
                 for d in sorted(diags, key=lambda d: d.severity.rank)]
        if len(lines) > MAX_MESSAGES:
            lines[MAX_MESSAGES - 1:] = [f"… and {len(lines) - MAX_MESSAGES + 1} more (see Issues)"]
        text = "\n".join(lines)
        self.message.setText(text)
        self.message.setProperty("severity", worst.severity.value)
        self.message.style().unpolish(self.message)
        self.message.style().polish(self.message)
        self.message.show()
        self.editor.mark([d.message for d in diags], worst.severity.value)


class GroupField(FieldEditor):
    """An editor of several fields (an object, a list, a point): the focus goes to its first stop."""

    def focus(self, path: FieldPath = ()) -> None:
        focus_first_stop(self)


class ObjectField(GroupField):
    """A nested object: one labelled row per field, in the canonical order of the file."""

    def __init__(self, ctx, path, schema, optional=False, order: list[str] | None = None) -> None:
        super().__init__(ctx, path, schema, optional)
        props = schema.get("properties", {})
        required = set(schema.get("required", ()))
        names = order or list(props)
        self.rows: dict[str, FieldRow] = {}
        self.body = QWidget()
        form = QFormLayout(self.body)
        form.setContentsMargins(0, 0, 0, 0)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for name in names:
            editor = self.child_editor(name, props[name], name not in required)
            row = FieldRow(editor)
            self.rows[name] = row
            if isinstance(editor, (ObjectField, ListField, GridField, VariantField)):
                box = QGroupBox(self._label(editor))
                box.setToolTip(describe(editor.schema))
                inner = QVBoxLayout(box)
                inner.setContentsMargins(8, 4, 8, 6)
                inner.addWidget(row)
                form.addRow(box)
            else:
                label = QLabel(self._label(editor))
                label.setToolTip(describe(editor.schema))
                label.setObjectName("fieldLabel")
                form.addRow(label, row)
        self.add = QPushButton(f"Add {self.title}")
        self.add.clicked.connect(lambda: self.commit(ctx.nav.skeleton(schema)))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.add)
        layout.addWidget(self.body)

    def child_editor(self, name: str, node: dict, optional: bool) -> FieldEditor:
        return build_editor(self.ctx, self.path + (name,), node, optional)

    @staticmethod
    def _label(editor: FieldEditor) -> str:
        unit = editor.schema.get("x-unit")
        shown = unit and not isinstance(editor, NumberField)  # a number shows its unit itself
        return f"{editor.title} ({unit})" if shown else editor.title

    def set_value(self, value: Any) -> None:
        present = isinstance(value, dict)
        self.add.setVisible(not present and self.optional)
        self.body.setVisible(present or not self.optional)
        data = value if present else {}
        for name, row in self.rows.items():
            row.set_value(data.get(name, UNSET))

    def inner(self) -> Iterator[FieldEditor]:
        return (row.editor for row in self.rows.values())


class ListField(GroupField):
    """A list whose items are not flat rows: each item in its own frame, with move and remove."""

    def __init__(self, ctx, path, schema, optional=False) -> None:
        super().__init__(ctx, path, schema, optional)
        self.items_schema = schema["items"]
        self.item_rows: list[FieldRow] = []
        self.holder = QVBoxLayout()
        self.holder.setSpacing(4)
        self.add = QPushButton("+ Add item")
        self.add.setToolTip(describe(ctx.nav.plain(self.items_schema)))
        self.add.clicked.connect(self.add_item)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.holder)
        layout.addWidget(self.add, 0, Qt.AlignmentFlag.AlignLeft)
        self.length = -1

    def add_item(self) -> None:
        value = get_path(self.ctx.rec.data, self.path, [])
        index = len(value) if isinstance(value, list) else 0
        self.ctx.push(InsertItem(self.ctx.doc, self.ctx.uid, self.path, index,
                                 self.ctx.nav.skeleton(self.items_schema)))
        if index < self.length:
            self.item_rows[index].editor.focus()  # the new item is what the designer fills in next
            select_typing(self)  # a new number's 0 went before the 7 typed: 70

    def _resize(self, length: int) -> None:
        # Items come and go at the end only: the item at index i always shows the list's i-th value.
        # Items past the end are hidden and kept, and shown again when the list grows (paging through
        # records of a kind made and dropped hundreds of widgets). A focus in a hidden item goes to
        # the item now last (or the add button), never left in a widget out of sight, where keys went unseen.
        self.ctx.reshaped = True
        focus = QApplication.focusWidget()
        had = next((i for i, row in enumerate(self.item_rows[:self.length])
                    if focus is not None and row.parentWidget().isAncestorOf(focus)), None)
        for row in self.item_rows[length:max(self.length, 0)]:
            row.parentWidget().hide()  # a hidden widget gives up the focus
        for index in range(max(self.length, 0), length):
            if index < len(self.item_rows):
                reuse_all(self.item_rows[index].editor)
                self.item_rows[index].parentWidget().show()
            else:
                self.item_rows.append(self._item(index))
        self.length = length
        if had is not None and had >= length:
            if length:
                self.item_rows[length - 1].editor.focus()
            else:
                self.add.setFocus(Qt.FocusReason.OtherFocusReason)

    def _item(self, index: int) -> FieldRow:
        """The frame of the index-th item: its editor, then move and remove buttons that Tab passes
        by (Alt+Up, Alt+Down, Alt+Delete do the same in the item that has the focus)."""
        frame = QFrame()
        frame.setObjectName("listItem")
        editor = build_editor(self.ctx, self.path + (index,), self.items_schema)
        row = FieldRow(editor)
        compact = not isinstance(editor, (ObjectField, ListField, GridField, YamlField))
        buttons = QHBoxLayout() if compact else QVBoxLayout()
        for text, tip, slot in (
            ("↑", f"Move up ({MOVE_UP})", lambda: self.item_action(index, MOVE_UP)),
            ("↓", f"Move down ({MOVE_DOWN})", lambda: self.item_action(index, MOVE_DOWN)),
            ("✕", f"Remove ({REMOVE})", lambda: self.item_action(index, REMOVE)),
        ):
            buttons.addWidget(row_button(text, tip, slot))
        if not compact:
            buttons.addStretch(1)
        line = QHBoxLayout(frame)
        line.setContentsMargins(4, 2 if compact else 4, 4, 2 if compact else 4)
        line.addWidget(row, 1)
        line.addLayout(buttons)
        self.holder.addWidget(frame)
        return row

    def item_action(self, index: int, key: str) -> None:
        """Move or remove the index-th item, one command on the pack's stack."""
        if key == REMOVE:
            self.ctx.push(RemoveItem(self.ctx.doc, self.ctx.uid, self.path, index))
        else:
            self._move(index, index + (-1 if key == MOVE_UP else 1))

    def index_of(self, frame: QWidget) -> int | None:
        return next((i for i, row in enumerate(self.item_rows[:self.length]) if row.parentWidget() is frame), None)

    def inner(self) -> Iterator[FieldEditor]:
        return (row.editor for row in self.item_rows[:self.length])

    def _move(self, index: int, to: int) -> None:
        if 0 <= to < self.length:
            self.ctx.push(MoveItem(self.ctx.doc, self.ctx.uid, self.path, index, to))

    def set_value(self, value: Any) -> None:
        items = value if isinstance(value, list) else []
        if len(items) != self.length:
            self._resize(len(items))
        for row, item in zip(self.item_rows, items):  # (the spares past the end are not shown)
            row.set_value(item)


class VariantField(FieldEditor):
    """One of several object shapes told apart by a tag field: choose the shape, then fill it in."""

    def __init__(self, ctx, path, schema, optional, tag: str) -> None:
        super().__init__(ctx, path, schema, optional)
        self.tag = tag
        self.variants = {_const(b["properties"][tag]): b for b in schema["anyOf"]}
        self.choice = QComboBox()
        wheel_scrolls(self.choice)
        for value, branch in self.variants.items():
            self.choice.addItem(str(value))
            self.choice.setItemData(self.choice.count() - 1, describe(branch), Qt.ItemDataRole.ToolTipRole)
        self.choice.activated.connect(self._chosen)
        self.current = None
        self.body: ObjectField | None = None
        top = QHBoxLayout()
        top.addWidget(QLabel(tag))
        top.addWidget(self.choice)
        top.addStretch(1)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.addLayout(top)
        self.setFocusProxy(self.choice)

    def _chosen(self, index: int) -> None:
        value = list(self.variants)[index]
        if value != self.current:
            fresh = self.ctx.nav.skeleton(self.variants[value])
            self.commit({self.tag: value, **{k: v for k, v in fresh.items() if k != self.tag}})

    def set_value(self, value) -> None:
        tag = value.get(self.tag) if isinstance(value, dict) else None
        if tag not in self.variants:
            tag = None
        if tag != self.current or self.body is None and tag is not None:
            self.ctx.reshaped = True
            if self.body is not None:
                self.body.hide()
                self.body.setParent(None)
                self.body.deleteLater()
                self.body = None
            if tag is not None:
                props = {k: v for k, v in self.variants[tag]["properties"].items() if k != self.tag}
                self.body = ObjectField(self.ctx, self.path, {**self.variants[tag], "properties": props})
                self.layout_.addWidget(self.body)
            self.current = tag
            self.choice.setCurrentIndex(list(self.variants).index(tag) if tag is not None else -1)
        if self.body is not None:
            self.body.set_value(value)

    def inner(self) -> Iterator[FieldEditor]:
        return iter([self.body] if self.body is not None else [])


class TupleField(GroupField):
    """A fixed-length list such as an (x, y) point: one editor per position, side by side."""

    def __init__(self, ctx, path, schema, optional=False) -> None:
        super().__init__(ctx, path, schema, optional)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.parts = [build_editor(ctx, self.path + (i,), item) for i, item in enumerate(schema["prefixItems"])]
        for part in self.parts:
            layout.addWidget(part)
        layout.addStretch(1)

    def set_value(self, value) -> None:
        items = value if isinstance(value, list) else []
        for i, part in enumerate(self.parts):
            part.set_value(items[i] if i < len(items) else UNSET)

    def inner(self) -> Iterator[FieldEditor]:
        return iter(self.parts)


class IdField(FieldEditor):
    """The id is changed only by Rename, which keeps every reference in step."""

    def __init__(self, ctx, path, schema, optional=False) -> None:
        super().__init__(ctx, path, schema, optional)
        self.label = QLabel()
        self.label.setObjectName("idValue")
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        rename = QPushButton("Rename…")
        rename.setToolTip("Change the id and every reference to it (Ctrl+R)")
        rename.clicked.connect(ctx.form.renameRequested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(rename)
        layout.addStretch(1)

    def set_value(self, value: Any) -> None:
        self.label.setText("" if value is UNSET else str(value))


class RecordRoot(ObjectField):
    """The record itself: `id` goes through Rename; fields in the order files are written."""

    def child_editor(self, name: str, node: dict, optional: bool) -> FieldEditor:
        if name == "id":
            return IdField(self.ctx, (name,), self.ctx.nav.plain(node))
        return super().child_editor(name, node, optional)


def reuse_all(editor: FieldEditor) -> None:
    """Every editor shown inside `editor` drops what belonged to the last value it showed."""
    for part in walk(editor):
        part.reuse()


def walk(editor: FieldEditor) -> Iterator[FieldEditor]:
    """The editor and every editor shown inside it, in reading order."""
    yield editor
    for part in editor.inner():
        yield from walk(part)


def focus_first_stop(editor: FieldEditor) -> None:
    """The focus on the first widget Tab stops at in a group of fields (an object, a list, a point):
    the group takes none itself, so keys typed after + Add item in a list of objects went nowhere."""
    stop = next((w for w in _tab_stops(editor.layout()) if w.isEnabled()), None)
    (stop or editor).setFocus(Qt.FocusReason.OtherFocusReason)


def select_typing(within: QWidget) -> None:
    """Select the text of the box with the focus in `within`, as Tab does: typing replaces the value.
    (Its window's focus, not the application's: a jump may come while the window is not active.)"""
    box = within.window().focusWidget()
    if isinstance(box, (QLineEdit, QAbstractSpinBox)) and within.isAncestorOf(box):
        box.selectAll()


def record_field_order(schema: dict) -> list[str]:
    props = list(schema.get("properties", {}))
    head = [k for k in HEAD if k in props]
    tail = [k for k in TAIL if k in props]
    return head + [k for k in props if k not in head and k not in tail] + tail


def _tab_stops(layout) -> Iterator[QWidget]:
    """The widgets Tab stops at under `layout`, in its order: the reading order, which is not the
    order they were made in once a list has rebuilt its items."""
    for i in range(layout.count()):
        item = layout.itemAt(i)
        child = item.widget()
        if child is None:
            if item.layout() is not None:
                yield from _tab_stops(item.layout())
        elif not (child.isHidden() and child.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide)):
            # (a widget just added is hidden until the event loop shows it: not hidden on purpose)
            if child.focusProxy() is None and child.focusPolicy() & Qt.FocusPolicy.TabFocus:
                yield child
            elif child.layout() is not None:
                yield from _tab_stops(child.layout())


class RecordForm(QScrollArea):
    """The form of one record, updated on every edit; refilled for the next record of its kind."""

    renameRequested = Signal()
    refActivated = Signal(object, str)  # kinds, id
    fieldFocused = Signal(object)  # FieldEditor or None

    def __init__(self, session, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.setWidgetResizable(True)
        self.setObjectName("recordForm")
        self.rec: DocRecord | None = None
        self.ctx: FormContext | None = None
        self.root: RecordRoot | None = None
        self.rows_by_path: dict[str, FieldRow] = {}
        self.page: QWidget | None = None  # the form on show
        self.kept: dict[SchemaNav, tuple[QWidget, RecordRoot, FormContext]] = {}  # forms not on show, oldest first
        self.tab_entry: QWidget | None = None  # what Tab comes from into the form (the browser)
        # Commands other parts of the studio offer on a field (the playtest's Sweep this field…):
        # each maker gives a QAction for the field's context menu, or None where it does not apply.
        self.field_actions: list = []
        # Every form is a page of one holder, the one on show visible: taking a form out of the
        # window and putting it back restyled its thousands of widgets (0.4 s each way).
        self.pages = QWidget()
        self.pages.setObjectName("formPages")
        self.stack = QVBoxLayout(self.pages)
        self.stack.setContentsMargins(0, 0, 0, 0)
        self.note = QLabel()
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note.setObjectName("placeholder")
        self.note.setWordWrap(True)
        self.stack.addWidget(self.note)
        self.setWidget(self.pages)
        self._placeholder("Select a record in the Packs browser, or press Ctrl+F to find one.")
        session.recordChanged.connect(self._on_changed)
        session.recordChecked.connect(lambda uid: self.rec is not None and uid == self.rec.uid
                                      and self.show_diagnostics())
        session.issuesChanged.connect(self.show_diagnostics)
        session.recordAdded.connect(self._refresh_pickers)
        session.recordRemoved.connect(self._refresh_pickers)
        QApplication.instance().focusChanged.connect(self._on_focus)
        for key in (MOVE_UP, MOVE_DOWN, REMOVE):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(lambda key=key: self.row_action(key))

    def actions_for(self, editor) -> list:
        """The context-menu commands the studio offers on `editor`'s field."""
        return [a for make in self.field_actions if (a := make(editor)) is not None]

    def _placeholder(self, text: str) -> None:
        self._put_away()
        self.note.setText(text)
        self.note.show()

    def show_record(self, rec: DocRecord | None) -> None:
        self.rec = rec
        if rec is None:
            self._placeholder("Select a record in the Packs browser, or press Ctrl+F to find one.")
            return
        nav = self.session.schema_nav(rec)
        if not rec.editable or nav is None:
            problem = rec.entry.diagnostics[0].format() if rec.entry.diagnostics else "unknown kind"
            self._placeholder(f"{rec.file} cannot be edited in a form until it reads as a record:\n\n"
                              f"{problem}\n\nFix it in a text editor; Sortie reloads it when it changes.")
            return
        if self.root is not None and self.ctx.nav is nav:
            self._refill(rec)
            return
        self._put_away()
        self.note.hide()
        kept = self.kept.pop(nav, None)
        if kept is not None:
            self.page, self.root, self.ctx = kept
            self.page.show()
            self._refill(rec, index=True)  # the rows of this page, not of the one put away
            return
        self.ctx = FormContext(self, rec, nav)
        self.page = QWidget()
        self.page.setObjectName("formPage")
        layout = QVBoxLayout(self.page)
        layout.setContentsMargins(12, 10, 12, 12)
        self.root = RecordRoot(self.ctx, (), nav.root, order=record_field_order(nav.root))
        layout.addWidget(self.root)
        layout.addStretch(1)
        self.stack.addWidget(self.page)
        self.page.show()  # now, not on the next turn of the event loop: the focus may go into it at once
        self._fill(rec, index=True)

    def _put_away(self) -> None:
        """Keep the form on show for the next record of its kind (paging through a pack goes back and
        forth between a few kinds); the form least recently shown goes once more than KEPT_FORMS are kept."""
        if self.root is None:
            return
        focus = QApplication.focusWidget()
        if focus is not None and self.page.isAncestorOf(focus):
            focus.clearFocus()  # as when the form was deleted
        self.page.hide()
        self.kept[self.ctx.nav] = (self.page, self.root, self.ctx)
        self.page, self.root, self.rows_by_path = None, None, {}
        while len(self.kept) > KEPT_FORMS:
            page = self.kept.pop(next(iter(self.kept)))[0]
            self.stack.removeWidget(page)
            page.deleteLater()

    def _refill(self, rec: DocRecord, index: bool = False) -> None:
        """Another record of the kind on show goes into the form already built, as a form built for
        it would show it: building an Air Force data card's 3000 widgets took most of a second, so
        paging through records stuttered. Lists grow or shrink at their end, unions change shape."""
        focus = QApplication.focusWidget()
        if focus is not None and self.page.isAncestorOf(focus):
            focus.clearFocus()  # as a form built anew has none; first, so an open cell edit goes to the last record
        self.ctx.rec = rec
        self.ctx.reshaped = False
        reuse_all(self.root)
        self._fill(rec, index or self.ctx.reshaped)

    def _fill(self, rec: DocRecord, index: bool) -> None:
        """Show `rec`'s values in the form (built or refilled), from its top, with its findings."""
        with self.ctx.memoized():
            self.root.set_value(rec.data)
        if index or self.ctx.reshaped:
            self._index_rows()
        self.verticalScrollBar().setValue(0)
        self.horizontalScrollBar().setValue(0)
        self.show_diagnostics()

    def _index_rows(self) -> None:
        """Field path -> row, for every field shown (lists and unions add and drop rows)."""
        rows = (e.parentWidget() for e in walk(self.root))
        self.rows_by_path = {format_path(r.editor.path): r for r in rows if isinstance(r, FieldRow)}

    def _on_changed(self, uid: int, path) -> None:
        if not path or path[0] == "id":  # a record renamed (or read again from its file)
            self._refresh_pickers()
        if self.rec is None or uid != self.rec.uid:
            return
        if (self.root is None) == self.rec.editable:  # reloaded from disk: readable, or no longer
            self.show_record(self.rec)
        elif self.root is not None:
            self.ctx.reshaped = False
            self.root.set_value(self.rec.data)
            if self.ctx.reshaped:  # walking every widget of a big form took 10 ms a keystroke
                self._index_rows()
            self.show_diagnostics()  # rows added or dropped; fresh findings follow (recordChecked)

    def _refresh_pickers(self, *_) -> None:
        """The pickers on show list the records as they are now: one added, renamed or deleted while
        the form is on show (an optional rule renamed in its own form, a rename or deletion undone
        from a record that refers to it) was missing from the list, or still there."""
        if self.root is None:
            return
        with self.ctx.memoized():
            for editor in walk(self.root):
                if isinstance(editor, RefField):
                    editor.refresh_choices()

    def show_diagnostics(self) -> None:
        if self.rec is None or self.root is None:
            return
        by_row: dict[str, list[Diagnostic]] = {p: [] for p in self.rows_by_path}
        grids: dict[str, list[Diagnostic]] = {}
        for diag in self.rec.diagnostics:
            path = parse_path(diag.path)
            row_key = self._nearest(path)
            if row_key is None:
                continue
            editor = self.rows_by_path[row_key].editor
            if isinstance(editor, GridField) and len(path) > len(editor.path):
                grids.setdefault(row_key, []).append(diag)
                # Said under the grid too, naming the cell: a coloured cell alone says nothing.
                by_row[row_key].append(replace(diag, message=f"{editor.cell_label(path)}: {diag.message}"))
            else:
                by_row[row_key].append(diag)
        for key, row in self.rows_by_path.items():
            row.show_messages(by_row.get(key, []))
            if isinstance(row.editor, GridField):
                row.editor.mark_cells(grids.get(key, []))

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802 - Qt API
        """Tab and Shift+Tab go through the fields as they read, top to bottom. Qt's own order is the
        order widgets were made in, and a list rebuilds its items after the rest: they came last."""
        stops = [w for w in _tab_stops(self.page.layout()) if w.isEnabled()] if self.root else []
        index = {id(w): i for i, w in enumerate(stops)}
        here = QApplication.focusWidget()
        while here is not None and id(here) not in index:
            here = here.parentWidget()
        if here is None:
            return super().focusNextPrevChild(forward)
        step = index[id(here)] + (1 if forward else -1)
        if 0 <= step < len(stops):
            target = stops[step]
        elif not forward and self.tab_entry is not None:
            target = self.tab_entry
        else:
            target = self._after()
            if target is None:
                return super().focusNextPrevChild(forward)
        reason = Qt.FocusReason.TabFocusReason if forward else Qt.FocusReason.BacktabFocusReason
        target.setFocus(reason)
        return True

    def row_action(self, key: str) -> None:
        """Alt+Up, Alt+Down, Alt+Delete: move or remove the list item or grid row that has the focus
        (the innermost, in a list of lists), one command; after a move the focus follows the item."""
        focus = QApplication.focusWidget()
        child, widget = None, focus
        while widget is not None and widget is not self:
            if isinstance(widget, GridField):
                widget.row_action(key)
                return
            index = widget.index_of(child) if isinstance(widget, ListField) else None
            if index is not None:
                self._item_action(widget, index, key, focus)
                return
            child, widget = widget, widget.parentWidget()

    def _item_action(self, items: "ListField", index: int, key: str, focus: QWidget) -> None:
        editor = focus
        while not isinstance(editor, FieldEditor):
            editor = editor.parentWidget()
        count = items.length
        items.item_action(index, key)
        to = index + (-1 if key == MOVE_UP else 1)
        if key != REMOVE and 0 <= to < count:
            depth = len(items.path)
            self.focus_path(editor.path[:depth] + (to,) + editor.path[depth + 1:])

    def _after(self) -> QWidget | None:
        """The first widget past the form in the window's Tab order."""
        widget = self.nextInFocusChain()
        while widget is not None and widget is not self:
            if (not self.isAncestorOf(widget) and widget.isVisible() and widget.isEnabled()
                    and widget.focusPolicy() & Qt.FocusPolicy.TabFocus):
                return widget
            widget = widget.nextInFocusChain()
        return None

    def _nearest(self, path: FieldPath) -> str | None:
        path = tuple(path)
        while path:
            key = format_path(path)
            if key in self.rows_by_path:
                return key
            path = path[:-1]
        return None

    def editor_at(self, path: FieldPath) -> FieldEditor | None:
        key = self._nearest(tuple(path))
        return self.rows_by_path[key].editor if key else None

    def focus_path(self, path: FieldPath) -> FieldEditor | None:
        editor = self.editor_at(path)
        if editor is not None:
            self.ensureWidgetVisible(editor, 40, 80)
            # A form just built is laid out on the next turn of the event loop: scroll again then.
            QTimer.singleShot(0, lambda: self._scroll_to(editor))
            editor.focus(tuple(path))
            # A jump (Find, Issues, an undo) selects the value as Tab does: the text cursor left where
            # it was in a spin box put the digits typed next to the old ones, not in their place.
            select_typing(self)
            self.fieldFocused.emit(editor.help_target())
        return editor

    def focus_first(self) -> FieldEditor | None:
        """The focus on the record's first field that can be edited (its name, mostly), for the keyboard."""
        for row in self.rows_by_path.values():
            if not isinstance(row.editor, (ConstField, IdField)):
                return self.focus_path(row.editor.path)
        return None

    def _scroll_to(self, editor: FieldEditor) -> None:
        """Scroll to the editor once the form is laid out. Widgets just added show on the next turn of
        the event loop and are laid out a level of nesting per turn after: a jump into an Air Force
        scenario's new form scrolled to where the field was half laid out, 5000 pixels short of it."""
        if not (isValid(editor) and isValid(self) and editor.window() is self.window()):
            return
        for _ in range(LAYOUT_PASSES):  # (a pass with nothing to lay out costs microseconds)
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        self.ensureWidgetVisible(editor, 40, 80)

    def _on_focus(self, _old, new) -> None:
        widget = new
        while widget is not None and not isinstance(widget, FieldEditor):
            widget = widget.parentWidget()
        if widget is not None and self.ctx is not None and widget.ctx is self.ctx:
            self.fieldFocused.emit(widget.help_target())
