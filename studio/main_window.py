"""The main window: browser, form, preview, help, used-by and Issues, wired through the session.

The window only routes: selection and navigation between views, the menus and
their commands, saving, recovery, and what to ask the person at the keyboard.
Every question goes through `ask` so tests (and scripts) can answer it.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QStyle,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from engine.content.diagnostics import FieldPath, format_path, parse_path
from engine.content.yamlio import dropped_comments

from .board import BoardPane
from .browser import PackBrowser
from .dialogs import FindDialog, IdDialog, NewPackDialog, confirm_text, id_problems
from .document import DocRecord, PackDocument
from .fields import ALSO_REDO, FieldEditor
from .header import RecordHeader
from .form import RecordForm
from .issues import IssuesPanel
from .changes import install as install_changes
from .playtest import install as install_playtest
from .preview import PreviewPane
from .print_dialog import PrintDialog
from .recovery import Recovery
from .session import Session
from .shortcuts import DOCS, ShortcutsDialog, open_documentation
from .watcher import DiskWatcher

RECENT_LIMIT = 8
Button = QMessageBox.StandardButton
FORM_MIN_WIDTH = 440  # pixels


LAYOUT_SAVE_MS = 2000


def type_text(schema: dict, alternative: bool = False) -> str:
    """A field's type as the help pane says it: "integer or string"; for a choice of shapes their
    titles ("CombatBonus or Reinforcements or …", not "object | object | …"); an empty value
    allowed (`null`) is said by "optional", not here."""
    kind = schema.get("type")
    if alternative and schema.get("title"):
        return schema["title"]
    if kind:
        return " or ".join(k for k in (kind if isinstance(kind, list) else [kind]) if k != "null")
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if "enum" in schema or "const" in schema:
        return "choice"
    parts = [type_text(alt, True) for alt in schema.get("anyOf", schema.get("oneOf", [])) if alt.get("type") != "null"]
    return " or ".join(dict.fromkeys(p for p in parts if p))


class MainWindow(QMainWindow):
    recordShown = Signal(object)  # the record on show (a DocRecord, or None)

    def __init__(self, paths: list[Path], recovery_folder: Path | None = None, remember: bool = True) -> None:
        """`remember=False` leaves settings alone (screenshots must not depend on them)."""
        super().__init__()
        self.remember = remember
        self.setWindowTitle("Sortie studio")
        self.session = Session(self)
        self.session.open(paths)
        self.recovery = Recovery(self.session, recovery_folder)
        self.recovery.failed.connect(lambda why: self.statusBar().showMessage(why, 10000))
        self.watcher = DiskWatcher(self.session)
        self.rec: DocRecord | None = None
        self.last_search = ""
        self.restored = False  # a size and place from the last session

        self.form = RecordForm(self.session)
        self.browser = PackBrowser(self.session)
        self.preview = PreviewPane(self.session)
        self.board = BoardPane(self.session)
        self.drawings = QTabWidget()  # tabs in one dock: two tab groups in one dock area leave a stray tab bar
        self.drawings.setObjectName("drawingTabs")
        self.drawings.setDocumentMode(True)
        self.drawings.addTab(self.preview, "Preview")
        self.drawings.addTab(self.board, "Board")
        self.issues = IssuesPanel(self.session)
        self.help = QTextBrowser()
        self.help.setObjectName("helpPane")
        self.used_by = QListWidget()
        self.used_by.setObjectName("usedBy")
        self._build_centre()
        self._build_docks()
        self._build_actions()

        self.browser.recordActivated.connect(self.show_uid)
        self.form.tab_entry = self.browser.tree
        self.browser.editRequested.connect(lambda uid: self.show_uid(uid) or self.form.focus_first())
        self.issues.diagnosticActivated.connect(self.jump_to_diagnostic)
        self.preview.fieldClicked.connect(lambda key: self.form.focus_path(parse_path(key)))
        self.board.fieldClicked.connect(self.form.focus_path)
        self.form.fieldFocused.connect(self.show_help)
        self.form.renameRequested.connect(self.rename_record)
        self.form.refActivated.connect(self.open_reference)
        self.used_by.itemActivated.connect(self._used_by_activated)
        self.session.recordChanged.connect(self._record_changed)
        self.session.recordRemoved.connect(self._record_removed)
        self.session.issuesChanged.connect(self._issues_changed)
        self.session.modifiedChanged.connect(lambda _doc: self._update_title())
        self.session.docsChanged.connect(self._update_title)  # a pack opened or made names itself
        self.watcher.conflict.connect(lambda rec: rec is self.rec and self._update_header())
        self.watcher.reloaded.connect(lambda rec: self.statusBar().showMessage(
            f"{rec.file} changed on disk and was reloaded", 5000))

        install_playtest(self)
        install_changes(self)
        # the layout is saved a moment after it changes, not only on a clean close: a crash keeps it too
        self.layout_timer = QTimer(self, singleShot=True, interval=LAYOUT_SAVE_MS)
        if remember:
            self._restore_settings()
            self._remember_recent(paths)
            self.layout_timer.timeout.connect(self._save_settings)
            for dock in self.findChildren(QDockWidget):
                dock.dockLocationChanged.connect(self.layout_timer.start)
                dock.topLevelChanged.connect(self.layout_timer.start)
                dock.visibilityChanged.connect(self.layout_timer.start)
        self._update_title()
        self._issues_changed()

    # ------------------------------------------------------------------ layout

    def _build_centre(self) -> None:
        self.header = RecordHeader()
        # The unsaved mark has its own place, kept when clean: the first edit must not re-wrap the
        # header and push the form down under the pointer.
        self.dirty_mark = QLabel()
        self.dirty_mark.setObjectName("dirtyMark")
        self.dirty_mark.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self.dirty_mark.setFixedWidth(self.dirty_mark.fontMetrics().horizontalAdvance("● unsaved") + 16)
        self.conflict = QFrame()
        self.conflict.setObjectName("conflictBanner")
        self.conflict_text = QLabel()
        self.conflict_text.setWordWrap(True)
        reload_button = QPushButton("Reload from disk")
        reload_button.clicked.connect(lambda: self.resolve_conflict(keep_mine=False))
        keep_button = QPushButton("Keep my edits")
        keep_button.clicked.connect(lambda: self.resolve_conflict(keep_mine=True))
        row = QHBoxLayout(self.conflict)
        row.addWidget(self.conflict_text, 1)
        row.addWidget(reload_button)
        row.addWidget(keep_button)
        self.conflict.hide()
        centre = QWidget()
        # The form is where the work is: on a small screen (1024 x 700) the docks give way to it
        # rather than leave it 220 px wide, its buttons and values cut.
        centre.setMinimumWidth(FORM_MIN_WIDTH)
        layout = QVBoxLayout(centre)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.header, 1)
        top.addWidget(self.dirty_mark)
        layout.addLayout(top)
        layout.addWidget(self.conflict)
        layout.addWidget(self.form, 1)
        self.setCentralWidget(centre)
        self._update_header()

    def _dock(self, title: str, name: str, widget: QWidget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> None:
        left, right, bottom = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea,
                               Qt.DockWidgetArea.BottomDockWidgetArea)
        self.packs_dock = self._dock("Packs", "packsDock", self.browser, left)
        self.preview_dock = self._dock("Preview", "previewDock", self.drawings, right)
        self.help_dock = self._dock("Field help", "helpDock", self.help, right)
        self.used_dock = self._dock("Used by", "usedByDock", self.used_by, right)
        self.tabifyDockWidget(self.help_dock, self.used_dock)
        self.help_dock.raise_()
        self.issues_dock = self._dock("Issues", "issuesDock", self.issues, bottom)
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.resizeDocks([self.packs_dock, self.preview_dock], [270, 520], Qt.Orientation.Horizontal)
        self.resizeDocks([self.preview_dock, self.help_dock], [420, 180], Qt.Orientation.Vertical)
        self.resizeDocks([self.issues_dock], [170], Qt.Orientation.Vertical)

    def _action(self, menu, text: str, slot, shortcut=None, icon=None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if icon is not None:
            action.setIcon(self.style().standardIcon(icon))
        action.setStatusTip(tip or text.replace("…", ""))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_actions(self) -> None:
        bar = self.menuBar()
        sp = QStyle.StandardPixmap
        file = bar.addMenu("&File")
        self.new_pack_action = self._action(file, "New &Pack…", self.new_pack, "Ctrl+Shift+N", sp.SP_FileDialogNewFolder,
                                            "Create a pack for a ruleset, optionally extending another pack")
        self._action(file, "&Open Pack…", self.open_pack, QKeySequence.StandardKey.Open, sp.SP_DirOpenIcon)
        self.recent_menu = file.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file.addSeparator()
        self.save_action = self._action(file, "&Save", self.save, QKeySequence.StandardKey.Save,
                                        sp.SP_DialogSaveButton, "Save every modified pack")
        file.addSeparator()
        self.print_action = self._action(file, "Print-and-Play S&heets…", self.print_sheets, "Ctrl+Shift+P",
                                         sp.SP_FileDialogListView,
                                         "Lay out this pack's counters, cards and dashboards on pages for a PDF")
        file.addSeparator()
        self._action(file, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        edit = bar.addMenu("&Edit")
        self.undo_action = self.session.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.triggered.disconnect()  # through step(): an undo shows the record it changed
        self.undo_action.triggered.connect(lambda: self.step(undo=True))
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.setIcon(self.style().standardIcon(sp.SP_ArrowBack))
        self.redo_action = self.session.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.triggered.disconnect()
        self.redo_action.triggered.connect(lambda: self.step(undo=False))
        redo_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)  # the platform's, all of them
        if ALSO_REDO not in redo_keys:  # (twice, it was ambiguous and did nothing, as Ctrl+Shift+Z was missing)
            redo_keys.append(ALSO_REDO)
        self.redo_action.setShortcuts(redo_keys)
        self.redo_action.setIcon(self.style().standardIcon(sp.SP_ArrowForward))
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        edit.addSeparator()
        self.find_action = self._action(edit, "&Find Record…", self.find_record, QKeySequence.StandardKey.Find,
                                        sp.SP_FileDialogContentsView, "Find a record by id, name or field value")
        self.find_action.setShortcuts([QKeySequence(QKeySequence.StandardKey.Find), QKeySequence("Ctrl+P")])
        self.next_issue_action = self._action(edit, "Next &Issue", lambda: self.issues.go(1), "F8",
                                              tip="Go to the next issue of the Issues list, its record and field")
        self.previous_issue_action = self._action(edit, "Pre&vious Issue", lambda: self.issues.go(-1), "Shift+F8",
                                                  tip="Go to the previous issue of the Issues list")
        edit.addSeparator()
        self.new_action = self._action(edit, "&New Record…", self.new_record, QKeySequence.StandardKey.New,
                                       sp.SP_FileIcon)
        self.duplicate_action = self._action(edit, "D&uplicate Record…", self.duplicate_record, "Ctrl+D",
                                             sp.SP_FileLinkIcon)
        self.rename_action = self._action(edit, "Rena&me Record…", self.rename_record, "Ctrl+R",
                                          sp.SP_FileDialogDetailedView, "Change the id and every reference to it")
        self.delete_action = self._action(edit, "&Delete Record…", self.delete_record, "Ctrl+Del",
                                          sp.SP_TrashIcon)

        view = bar.addMenu("&View")
        for dock in (self.packs_dock, self.preview_dock, self.help_dock, self.used_dock, self.issues_dock):
            view.addAction(dock.toggleViewAction())
        self.help_menu = help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&Keyboard Shortcuts", lambda: ShortcutsDialog(self).exec(), "Ctrl+/",
                     tip="Every shortcut of the menus")
        docs = self._action(help_menu, "&Documentation", self._open_docs, QKeySequence.StandardKey.HelpContents,
                            tip="The studio's guide (docs/studio.md)")
        docs.setEnabled(DOCS.is_file())
        help_menu.addSeparator()
        self._action(help_menu, "&About Sortie", lambda: QMessageBox.about(
            self, "Sortie", "Sortie studio: author and check the data of WWII air-combat board games."))

        # The toolbar says just "Undo"/"Redo" (the Edit menu names the step).
        group = self.session.undo_group
        self.undo_tool = self._action(QMenu(self), "Undo", self.undo_action.trigger, icon=sp.SP_ArrowBack,
                                      tip="Undo the last edit of this pack")
        self.redo_tool = self._action(QMenu(self), "Redo", self.redo_action.trigger, icon=sp.SP_ArrowForward,
                                      tip="Redo the edit undone last")
        group.canUndoChanged.connect(self.undo_tool.setEnabled)
        group.canRedoChanged.connect(self.redo_tool.setEnabled)
        self.undo_tool.setEnabled(group.canUndo())
        self.redo_tool.setEnabled(group.canRedo())
        tools = self.addToolBar("Main")
        tools.setObjectName("mainToolbar")
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for action in (self.new_pack_action, self.save_action, None, self.undo_tool, self.redo_tool, None,
                       self.new_action, self.duplicate_action, self.rename_action, self.delete_action, None,
                       self.find_action):
            if action is None:
                tools.addSeparator()
            else:
                tools.addAction(action)
        # their icons alone (their tooltips name them): Find and Playtest fit a 1024-pixel-wide window
        for action in (self.duplicate_action, self.rename_action, self.delete_action):
            tools.widgetForAction(action).setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self._update_actions()

    # ------------------------------------------------------------------ showing records

    def show_uid(self, uid: int) -> None:
        rec = self.session.record(uid)
        if rec is not None and rec is not self.rec:
            self.show_record(rec)

    def show_record(self, rec: DocRecord | None) -> None:
        self.rec = rec
        self.form.show_record(rec)
        # A scenario opens on its board; other records on their preview. The tab on show gets the
        # record first and is then brought up, so it draws once; the one behind draws when shown
        # (a scenario's preview, a whole Air Force map of counters, took 300 ms before its board).
        shown = self.board if self.board.can_show(rec) else self.preview
        shown.show_record(rec)
        self.drawings.setCurrentWidget(shown)
        (self.preview if shown is self.board else self.board).show_record(rec)
        if rec is not None:
            self.session.undo_group.setActiveStack(rec.doc.stack)
            self.browser.select(rec.uid)
        self._update_header()
        self._refresh_used_by()
        self._update_actions()
        self.show_help(None)
        self.recordShown.emit(rec)

    def jump(self, rec: DocRecord, path: FieldPath = ()) -> FieldEditor | None:
        """Show a record and put the focus on a field of it."""
        if rec is not self.rec:
            self.show_record(rec)
        return self.form.focus_path(path) if path else None

    def found(self, hit) -> None:
        """A Find hit: the field that matched, or the record in the browser (Enter there edits it)."""
        self.jump(hit.rec, hit.path)
        if not hit.path:
            self.browser.tree.setFocus(Qt.FocusReason.OtherFocusReason)

    def step(self, undo: bool) -> None:
        """Undo or redo one step of the pack in hand. The step may have edited another record of the
        pack than the one on show (the stack is the pack's): that record is shown then, at the field
        it changed, so an undo never changes what the designer cannot see."""
        changed: list[tuple[int, FieldPath]] = []

        def note(uid, path) -> None:
            changed.append((uid, tuple(path or ())))

        group = self.session.undo_group
        self.session.recordChanged.connect(note)
        try:
            if undo:
                group.undo()
            else:
                group.redo()
        finally:
            self.session.recordChanged.disconnect(note)
        if not changed or (self.rec is not None and any(uid == self.rec.uid for uid, _ in changed)):
            return
        uid, path = changed[0]
        rec = self.session.record(uid)
        if rec is not None:
            self.jump(rec, path)
            self.statusBar().showMessage(f"{'Undid' if undo else 'Redid'} an edit of {rec.label}", 5000)

    def open_record(self, kind: str, rid: str) -> DocRecord | None:
        rec = next((r for r in self.session.records() if r.kind == kind and r.id == rid), None)
        if rec is not None:
            self.show_record(rec)
        return rec

    def jump_to_diagnostic(self, diag) -> None:
        rec = self.session.record_for_diagnostic(diag)
        if rec is not None:
            self.jump(rec, parse_path(diag.path))
            self.statusBar().showMessage(diag.format(), 8000)

    def open_reference(self, kinds, rid: str) -> None:
        if self.rec is None:
            return
        for kind in kinds:
            target = self.session.resolve(self.rec.doc, kind, rid)
            if target is not None:
                self.show_record(target)
                return
        self.statusBar().showMessage(f"no {' or '.join(kinds)} with id '{rid}'", 5000)

    def _record_changed(self, uid: int, _path) -> None:
        if self.rec is not None and uid == self.rec.uid:
            self._update_header()

    def _record_removed(self, uid: int) -> None:
        if self.rec is not None and uid == self.rec.uid:
            self.show_record(None)

    def _issues_changed(self) -> None:
        self._refresh_used_by()
        counts = getattr(self.issues, "counts", {})
        errors = sum(v for k, v in counts.items() if k.value == "error")
        warnings = sum(v for k, v in counts.items() if k.value == "warning")
        records = sum(len(d.records) - 1 for d in self.session.docs)  # not counting the manifests
        self.statusBar().showMessage(
            f"{len(self.session.docs)} pack(s), {records} record(s) — {errors} error(s), {warnings} warning(s)")
        self.issues_dock.setWindowTitle(f"Issues ({errors} errors, {warnings} warnings)")

    def _update_header(self) -> None:
        rec = self.rec
        self.dirty_mark.setText("● unsaved" if rec is not None and rec.dirty else "")
        if rec is None:
            self.header.show_text("", "No record selected")
            self.conflict.hide()
            return
        self.header.show_text(rec.name or rec.id, f"{rec.kind} · {rec.id} — pack {rec.doc.id} — {rec.file}")
        if rec.conflict is not None:
            what = "deleted" if rec.conflict == "" else "changed"
            self.conflict_text.setText(f"{rec.file} was {what} on disk by another program while you have "
                                       "unsaved edits here.")
            self.conflict.show()
        else:
            self.conflict.hide()

    def resolve_conflict(self, keep_mine: bool) -> None:
        if self.rec is not None and self.rec.conflict is not None:
            self.watcher.resolve(self.rec, keep_mine)
            self._update_header()

    def show_help(self, editor: FieldEditor | None) -> None:
        if editor is None:
            if self.rec is None:
                self.help.setHtml("<p style='color:#777'>Field descriptions appear here.</p>")
                return
            schema = self.form.ctx.nav.root if self.form.ctx else {}
            self.help.setHtml(f"<h3>{html.escape(schema.get('title', self.rec.kind))}</h3>"
                              f"<p>{html.escape(schema.get('description', ''))}</p>"
                              "<p style='color:#777'>Click a field to see what it holds.</p>")
            return
        schema = editor.schema
        facts = []
        kind = type_text(schema)
        if kind:
            facts.append(("type", kind))
        for key, label in (("x-unit", "unit"), ("minimum", "minimum"), ("maximum", "maximum"),
                           ("pattern", "pattern"), ("default", "default")):
            if key in schema and schema[key] is not None:
                facts.append((label, schema[key]))
        if "x-ref" in schema:
            facts.append(("refers to", " or ".join(schema["x-ref"])))
        if "enum" in schema:
            facts.append(("one of", ", ".join(map(str, schema["enum"]))))
        if "examples" in schema:
            facts.append(("examples", ", ".join(map(str, schema["examples"]))))
        rows = "".join(f"<tr><td style='color:#666; padding-right:8px'>{html.escape(k)}</td>"
                       f"<td>{html.escape(str(v))}</td></tr>" for k, v in facts)
        self.help.setHtml(f"<h3>{html.escape(editor.title)}</h3>"
                          f"<p><code>{html.escape(format_path(editor.path))}</code>"
                          f"{' — optional' if editor.optional else ''}</p>"
                          f"<p>{html.escape(schema.get('description', ''))}</p><table>{rows}</table>")

    def _refresh_used_by(self) -> None:
        self.used_by.clear()
        if self.rec is None or not self.rec.editable:
            self.used_dock.setWindowTitle("Used by")  # not the count of the record deleted or unreadable
            return
        usages = self._usages(self.rec)
        if not usages:
            self.used_by.addItem("Not referenced by any record.")
        for holder, path, text in usages:
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, (holder.uid, path))
            self.used_by.addItem(item)
        self.used_dock.setWindowTitle(f"Used by ({len(usages)})")

    def _usages(self, rec: DocRecord) -> list[tuple[DocRecord, FieldPath, str]]:
        """The references to `rec`: the record holding each, the field, and a line saying both."""
        out = []
        for usage in self.session.used_by(rec):
            holder = self.session.holder_of(usage.entry)
            if holder is not None:
                out.append((holder, usage.path, f"{holder.label} [{holder.kind}] — {format_path(usage.path)}"))
        return out

    def _used_by_activated(self, item: QListWidgetItem) -> None:
        target = item.data(Qt.ItemDataRole.UserRole)
        if target:
            rec = self.session.record(target[0])
            if rec is not None:
                self.jump(rec, target[1])

    # ------------------------------------------------------------------ record commands

    def _update_actions(self) -> None:
        has = self.rec is not None and self.rec.editable
        for action in (self.duplicate_action, self.rename_action, self.delete_action):
            action.setEnabled(has and (action is self.rename_action or not self.rec.is_manifest))
        self.new_action.setEnabled(bool(self.session.docs))

    def current_doc(self) -> PackDocument | None:
        if self.rec is not None:
            return self.rec.doc
        pack_id = self.browser.current_doc_id()
        return next((d for d in self.session.docs if d.id == pack_id), self.session.docs[0] if self.session.docs else None)

    def _open_docs(self) -> None:
        if not open_documentation():
            self.statusBar().showMessage(f"Could not open {DOCS}", 6000)

    def ask(self, title: str, text: str, buttons=Button.Yes | Button.No, default=Button.No, parent=None):
        """Every question to the user goes through here (tests replace it), shown over `parent`, the
        window it is about (default: this one), so that window stays in front."""
        return QMessageBox.question(parent or self, title, text, buttons, default)

    def prompt_id(self, dialog: IdDialog) -> str | None:
        """Run an id dialog; returns the id, or None when cancelled (tests replace it)."""
        return dialog.value if dialog.exec() else None

    def print_dialog(self) -> PrintDialog | None:
        """The print dialog for the pack in hand, or None (said in the status bar) when its ruleset prints nothing."""
        doc = self.current_doc()
        ruleset = self.session.ruleset(doc) if doc is not None else None
        if ruleset is None or not ruleset.components:
            self.statusBar().showMessage(f"{doc.id if doc else 'No pack'}: nothing to print for this ruleset", 6000)
            return None
        return PrintDialog(self.session, doc, self)

    def print_sheets(self) -> None:
        dialog = self.print_dialog()
        if dialog is not None and dialog.exec() and dialog.saved is not None:
            self.statusBar().showMessage(f"Saved {dialog.saved}", 6000)

    def find_dialog(self) -> FindDialog:
        """The Find dialog, opened on the last search (selected: typing replaces it), so the next hit
        of a search is one Ctrl+F and a Down away."""
        dialog = FindDialog(self.session, self)
        dialog.query.setText(self.last_search)
        dialog.query.selectAll()
        dialog.query.textChanged.connect(lambda text: setattr(self, "last_search", text))
        dialog.chosen.connect(self.found)
        return dialog

    def find_record(self) -> None:
        self.find_dialog().exec()

    def new_record(self) -> None:
        doc = self.current_doc()
        if doc is None:
            return
        ruleset = self.session.ruleset(doc)
        kinds = ruleset.kind_ids() if ruleset else []
        if not kinds:
            self.ask("New record", f"Pack {doc.id} has no known ruleset.", Button.Ok, Button.Ok)
            return
        dialog = IdDialog("New record", f"A new record in pack {doc.title}", kinds=kinds,
                          check=lambda kind, rid, _pack: id_problems(self.session, doc, kind, rid), parent=self)
        if self.rec is not None and self.rec.kind in kinds:
            dialog.kind.setCurrentText(self.rec.kind)
        rid = self.prompt_id(dialog)
        if rid:
            self.show_record(self.session.new_record(doc, dialog.kind.currentText(), rid))

    def duplicate_record(self) -> None:
        rec = self.rec
        if rec is None or not rec.editable:
            return
        # The copy may go to a pack built on the record's (a plane of the base copied into a mod).
        packs = [rec.doc] + [d for d in self.session.docs if d is not rec.doc and rec.doc.pack in d.pack.chain()]
        dialog = IdDialog("Duplicate record", f"Id of the copy of {rec.label}", f"{rec.id}-copy",
                          check=lambda _k, rid, pack: id_problems(self.session, pack, rec.kind, rid),
                          packs=packs, parent=self)
        rid = self.prompt_id(dialog)
        if rid:
            self.show_record(self.session.duplicate(rec, rid, dialog.pack.currentData()))

    def rename_record(self) -> None:
        rec = self.rec
        if rec is None or not rec.editable:
            return
        usages = self._usages(rec)
        dialog = IdDialog("Rename record", f"New id for {rec.label}; {len(usages)} reference(s) will follow"
                          + (":" if usages else "."), rec.id,
                          check=lambda _k, rid, _pack: self.session.plan_rename(rec, rid).problems, parent=self,
                          details=[f"{holder.file} — {text}" for holder, _path, text in usages])
        rid = self.prompt_id(dialog)
        if rid and rid != rec.id:
            command = self.session.rename(rec, rid)
            self.statusBar().showMessage(f"Renamed to {rid}; {len(command.plan.usages)} reference(s) updated", 8000)
            self._refresh_used_by()

    def delete_record(self) -> None:
        rec = self.rec
        if rec is None:
            return
        dangling = self.session.dangling_on_delete(rec)
        text = f"Delete {rec.kind} {rec.label}?"
        if dangling:
            lines = [u.label for u in dangling]
            text += f"\n\n{len(dangling)} reference(s) would dangle:\n" + confirm_text(lines)
        if self.ask("Delete record", text) == Button.Yes:
            self.session.delete(rec)

    # ------------------------------------------------------------------ packs, saving, closing

    def open_pack(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Open a pack or a folder of packs")
        if folder:
            self.open_paths([Path(folder)])

    def open_paths(self, paths: list[Path]) -> list[PackDocument]:
        try:
            opened = self.session.open(paths)
        except Exception as exc:  # a usage error: say so, keep the window
            self.ask("Open pack", str(exc), Button.Ok, Button.Ok)
            return []
        self._remember_recent(paths)
        self._update_actions()
        return opened

    def new_pack(self) -> None:
        """The wizard, then the new pack's manifest on show: the pack is found at once in the browser
        (it opens at the end of it), and New Record (Ctrl+N) adds to it."""
        dialog = NewPackDialog(self.session, self)
        if dialog.exec():
            for doc in self.open_paths([dialog.root]):
                self.show_record(doc.manifest)

    def save(self) -> list[Path]:
        """Save every modified pack; a file that cannot be written (a full disk, a folder gone) is
        said, and its edits stay unsaved in the editor (and in the recovery file). Records are written
        in canonical form, which keeps only a file's leading comments: before others are dropped,
        the designer is asked."""
        losing = [f"{rec.file}: line {', '.join(map(str, lines))}" for doc in self.session.docs
                  for rec in doc.records.values() if rec.dirty and rec.disk_path is not None
                  and (lines := dropped_comments(doc.disk_files.get(rec.disk_path) or ""))]
        if losing and self.ask(
                "Save drops comments",
                "Saving writes each edited record in one canonical form, which keeps the comments at the "
                "top of a file only. These comments would be lost:\n\n" + confirm_text(losing)
                + "\n\nMove them into the record's notes (or to the top of the file) to keep them.",
                Button.Save | Button.Cancel, Button.Cancel) != Button.Save:
            return []
        failed, written = None, []
        try:
            written = self.session.save_all()
        except OSError as exc:
            failed = exc
        self.watcher.watch_all()
        self._update_header()
        if failed is not None:
            where, why = failed.filename or "a file", failed.strerror or failed
            self.ask("Save failed", f"Could not write {where}: {why}.\n\nThe edits not saved are kept here "
                     "(marked unsaved): fix the cause, then save again.", Button.Ok, Button.Ok)
            self.statusBar().showMessage(f"Save failed: {where}: {why}", 10000)
            return []
        self.recovery.autosave()  # removes the recovery files of packs now saved
        self.statusBar().showMessage(f"Saved {len(written)} file(s)", 5000)
        return written

    def offer_recovery(self) -> None:
        for doc, snapshot in self.recovery.pending():
            edits = self.recovery.edits(snapshot)
            shown = "".join(f"\n  • {line}" for line in edits[:12]) + (f"\n  … and {len(edits) - 12} more"
                                                                        if len(edits) > 12 else "")
            answer = self.ask("Recover unsaved edits",
                              f"Pack {doc.title} has {len(edits)} unsaved edit(s) from a session that did not "
                              f"close properly:{shown}\n\nRecover them?", default=Button.Yes)
            if answer == Button.Yes:
                self.recovery.restore(doc, snapshot)
            else:
                self.recovery.discard(doc)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        modified = self.session.modified_docs()
        if modified:
            names = ", ".join(d.id for d in modified)
            answer = self.ask("Unsaved changes", f"Save the changes to {names} before closing?",
                              Button.Save | Button.Discard | Button.Cancel, Button.Save)
            if answer == Button.Cancel:
                event.ignore()
                return
            if answer == Button.Save:
                self.save()
                if self.session.modified_docs():  # the save failed: stay open, nothing lost
                    event.ignore()
                    return
            else:
                for doc in modified:
                    self.recovery.discard(doc)
        self.recovery.timer.stop()
        if self.remember:
            self._save_settings()
        event.accept()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.layout_timer.start()

    def _update_title(self) -> None:
        modified = bool(self.session.modified_docs())
        packs = ", ".join(d.id for d in self.session.docs) or "no pack"
        self.setWindowTitle(f"{'* ' if modified else ''}Sortie studio — {packs}")
        self.save_action.setEnabled(modified)
        if self.rec is not None:
            self._update_header()

    # ------------------------------------------------------------------ settings

    def _restore_settings(self) -> None:
        settings = QSettings()
        geometry = settings.value("window/geometry")
        state = settings.value("window/state")
        if isinstance(geometry, QByteArray):
            self.restored = self.restoreGeometry(geometry)
        if isinstance(state, QByteArray):
            self.restoreState(state)

    def _save_settings(self) -> None:
        settings = QSettings()
        settings.setValue("window/geometry", self.saveGeometry())
        settings.setValue("window/state", self.saveState())

    def recent(self) -> list[str]:
        value = QSettings().value("recent", [])
        return [value] if isinstance(value, str) else list(value or [])

    def _remember_recent(self, paths: list[Path]) -> None:
        recent = self.recent()
        for path in paths:
            text = str(Path(path).resolve())
            if text in recent:
                recent.remove(text)
            recent.insert(0, text)
        QSettings().setValue("recent", recent[:RECENT_LIMIT])

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for text in self.recent():
            action = self.recent_menu.addAction(text)
            action.triggered.connect(lambda _=False, t=text: self.open_paths([Path(t)]))
        if not self.recent_menu.actions():
            self.recent_menu.addAction("(none)").setEnabled(False)

