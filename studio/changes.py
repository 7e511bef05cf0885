"""Changes since last save: what `sortie diff` would say between each open pack's saved files and
its records as edited, a line a changed value, each line jumping to its field.

The comparison is the engine's (`engine.content.diff`); this module only builds the two packs
from a `PackDocument` (its files as last read or written, and its records as they are now) and
lists the result in a dock beside Issues.
"""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from pydantic import ValidationError
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDockWidget, QHBoxLayout, QLabel, QLineEdit, QSizePolicy, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget,
)

from engine.content.diff import ADDED, REMOVED, RENAMED, PackDiff, diff_pack_sets, show
from engine.content.loader import Entry, Pack, entry_from_document, load_pack
from engine.content.pack import MANIFEST, PackManifest
from engine.content.revisions import pack_folder
from engine.content.validate import UsageError
from engine.content.yamlio import Document, parse_yaml

from .document import PackDocument

REFRESH_DELAY_MS = 400  # after the last edit: a diff of a whole pack is not redone at each key
TARGET_ROLE = Qt.ItemDataRole.UserRole + 1  # (doc, kind, id, path) of the field to jump to


def _manifest(data) -> PackManifest | None:
    try:
        return PackManifest.model_validate(data) if isinstance(data, dict) else None
    except ValidationError:
        return None


class SavedFiles:
    """A document's files as last read or written, as a pack: a record not edited since is its own
    entry; the others' files (edited, deleted, moved) are parsed, each once per text."""

    def __init__(self, doc: PackDocument) -> None:
        self.doc = doc
        self._entries: dict[Path, tuple[str, Entry]] = {}

    def pack(self) -> Pack:
        doc = self.doc
        manifest_text = doc.disk_files.get(doc.root / MANIFEST, "")
        manifest_doc = parse_yaml(manifest_text, MANIFEST)
        pack = Pack(root=doc.root, manifest=_manifest(manifest_doc.data), manifest_doc=manifest_doc)
        held = {}
        clean = {rec.disk_path: rec for rec in doc.records.values()
                 if not rec.is_manifest and not rec.dirty and rec.disk_path is not None}
        for path, text in sorted(doc.disk_files.items()):
            if path.name == MANIFEST and path.parent == doc.root:
                continue
            rec = clean.get(path)
            if rec is not None and rec.entry is not None:  # not edited: what it holds is what was saved
                pack.entries.append(rec.entry)
                continue
            cached = self._entries.get(path)
            if cached is None or cached[0] != text:
                cached = (text, entry_from_document(path, parse_yaml(text, str(path)), pack, doc.kinds))
            cached[1].pack = pack
            held[path] = cached
            pack.entries.append(cached[1])
        self._entries = held
        return pack


def revision_pack(doc: PackDocument, rev: str, rulesets) -> Pack:
    """A document's pack as git revision `rev` holds it; its temporary folder is gone on return
    (the records are read). A UsageError of one line when there is no such revision or pack."""
    with ExitStack() as stack:
        root = pack_folder(f"{doc.root}@{rev}", stack)
        return load_pack(root, doc.kinds, rulesets)


def edited_pack(doc: PackDocument) -> Pack:
    """A document's records as they are now, as a pack."""
    data = doc.manifest.data
    pack = Pack(root=doc.root, manifest=_manifest(data), manifest_doc=Document(file=MANIFEST, data=data))
    pack.entries = [rec.entry for rec in doc.records.values() if not rec.is_manifest and rec.entry is not None]
    return pack


class ChangesPanel(QWidget):
    """The changed values of every open pack since it was last saved."""

    changeActivated = Signal(object, str, str, object)  # doc, kind, id, field path

    def __init__(self, session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("changesPanel")
        self.session = session
        self.saved: dict[int, SavedFiles] = {}
        self.diffs: list[tuple[PackDocument, PackDiff]] = []
        self.revision = ""  # "" for the last save
        self._revision_packs: dict[int, Pack | str] = {}  # id(doc) -> the pack at the revision, or why not
        self.since = QLineEdit()
        self.since.setObjectName("changesSince")
        self.since.setPlaceholderText("since the last save; or type a git revision: HEAD, main, HEAD~3")
        self.since.setToolTip("Compare with the packs as a git revision holds them (Enter); empty: the last save")
        self.since.editingFinished.connect(lambda: self.set_revision(self.since.text().strip()))
        self.summary = QLabel("No unsaved change.")
        self.tree = QTreeWidget()
        self.tree.setObjectName("changesTree")
        self.tree.setHeaderLabels(["Record", "Field", "Saved", "Now"])
        self.tree.setRootIsDecorated(True)
        self.tree.itemActivated.connect(self._activated)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # Narrow: the dock shares the bottom with Issues and must not widen the window on a small screen.
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.since.setMinimumWidth(80)
        self.since.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        top = QHBoxLayout()
        top.addWidget(QLabel("Since:"))
        top.addWidget(self.since, 1)
        top.addWidget(self.summary, 2)
        layout.addLayout(top)
        layout.addWidget(self.tree)
        self._timer = QTimer(self, singleShot=True, interval=REFRESH_DELAY_MS)
        self._timer.timeout.connect(self._due)
        self._stale = True
        self.on_screen = False
        for signal in (session.recordChanged, session.recordAdded, session.recordRemoved, session.saved,
                       session.modifiedChanged):
            signal.connect(lambda *_: self._timer.start())
        session.docsChanged.connect(self._timer.start)

    def _due(self) -> None:
        """Compared when on screen: with the dock closed, an edit costs nothing but a mark."""
        if self.on_screen:
            self.refresh()
        else:
            self._stale = True

    def set_on_screen(self, shown: bool) -> None:
        """Its dock shown or closed (or, tabbed, brought up or put behind: a hidden tab's widget is
        moved off the window, not hidden, so `isVisible` would not say)."""
        self.on_screen = shown
        if shown and self._stale:
            QTimer.singleShot(0, self.refresh)

    def set_revision(self, rev: str) -> None:
        """Compare with git revision `rev` from now on ("" for the last save); read again each time
        it is given (HEAD moves with a commit)."""
        self.revision = rev
        self._revision_packs.clear()
        if self.since.text().strip() != rev:
            self.since.setText(rev)
        self.refresh()

    def _old(self, doc: PackDocument) -> Pack | str:
        if not self.revision:
            return self.saved.setdefault(id(doc), SavedFiles(doc)).pack()
        if id(doc) not in self._revision_packs:
            try:
                self._revision_packs[id(doc)] = revision_pack(doc, self.revision, self.session.workspace.rulesets)
            except UsageError as exc:
                self._revision_packs[id(doc)] = str(exc)
        return self._revision_packs[id(doc)]

    def compare(self) -> tuple[list[tuple[PackDocument, PackDiff]], list[str]]:
        """(doc, its diff) of each open pack that differs from the last save (or the revision), and
        why a pack could not be compared. A rename in one pack whose references in another (a pack
        built on it) followed is one rename: those references are listed with it, not as changes."""
        pairs, problems = [], []
        for doc in self.session.docs:
            if not self.revision and not doc.is_modified():
                continue
            old = self._old(doc)
            if isinstance(old, str):
                problems.append(old)
                continue
            since = f"{doc.id}@{self.revision}" if self.revision else f"{doc.id} as saved"
            pairs.append((doc, old, edited_pack(doc), since))
        diffs = diff_pack_sets([(old, new, since, f"{doc.id} now") for doc, old, new, since in pairs])
        out = [(doc, d) for (doc, *_), d in zip(pairs, diffs) if not d.same]
        return out, problems

    def refresh(self) -> None:
        self._timer.stop()
        self._stale = False
        self.diffs, problems = self.compare()
        self.tree.clear()
        count = 0
        for doc, result in self.diffs:
            for record in result.records:
                count += 1
                self.tree.addTopLevelItem(self._record_item(doc, record))
        self.tree.expandAll()
        for column in range(4):
            self.tree.resizeColumnToContents(column)
        since = f"since {self.revision}" if self.revision else "since last save"
        text = f"{count} record(s) changed {since}." if count else (
            f"No change {since}." if self.revision else "No unsaved change.")
        self.summary.setText(" ".join([text, *problems]))
        self.summary.setToolTip("\n".join(problems))

    def _record_item(self, doc: PackDocument, record) -> QTreeWidgetItem:
        if record.status == RENAMED:
            refs = len(record.followed)
            text = [f"{record.kind}:{record.id}", "id", record.old_id,
                    f"{record.id} ({refs} reference{'s' * (refs != 1)} followed)"]
        else:
            text = [f"{record.kind}:{record.id}", record.status if record.status in (ADDED, REMOVED) else "", "", ""]
        item = QTreeWidgetItem(text)
        item.setToolTip(0, record.file or "")
        if record.status != REMOVED:
            item.setData(0, TARGET_ROLE, (doc, record.kind, record.id, ("id",) if record.status == RENAMED else ()))
        for change in record.changes:
            child = QTreeWidgetItem(["", change.field, "" if change.op == ADDED else show(change.old, 80),
                                     "(removed)" if change.op == REMOVED else show(change.new, 80)])
            for column in (2, 3):
                child.setToolTip(column, child.text(column))
            path = change.path[:-1] if change.op == REMOVED else change.path  # gone: its parent is there
            if record.status != REMOVED:
                child.setData(0, TARGET_ROLE, (doc, record.kind, record.id, path))
            item.addChild(child)
        return item

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        target = item.data(0, TARGET_ROLE)
        if target:
            self.changeActivated.emit(*target)


def install(window) -> ChangesPanel:
    """The "Changes since last save" dock, beside Issues, and its entry in the View menu."""
    panel = ChangesPanel(window.session)
    dock = QDockWidget("Changes since last save", window)
    dock.setObjectName("changesDock")
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)  # beside Issues when shown
    # Hidden until asked for (View menu, Ctrl+Shift+G): tabified with Issues, Qt left a stray copy of
    # the tab bar over the Packs dock and squeezed the side docks on a small screen.
    dock.hide()
    dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+Shift+G"))
    view = next((a.menu() for a in window.menuBar().actions() if a.text() == "&View"), None)
    if view is not None:
        view.addAction(dock.toggleViewAction())

    def jump(doc: PackDocument, kind: str, rid: str, path) -> None:
        rec = doc.manifest if kind == "pack" else doc.find(kind, rid)
        if rec is not None:
            window.jump(rec, tuple(path))

    def shown(visible: bool) -> None:
        panel.set_on_screen(visible)
        both = window.issues_dock.width() + dock.width()
        if visible and not dock.isFloating() and window.issues_dock.isVisible() and dock.width() < both // 3:
            # Qt gives a dock shown beside another the least width: half the bottom, for its four columns
            window.resizeDocks([window.issues_dock, dock], [both - both // 2, both // 2], Qt.Orientation.Horizontal)

    panel.changeActivated.connect(jump)
    dock.visibilityChanged.connect(shown)
    window.changes_panel, window.changes_dock = panel, dock
    return panel
