"""The pack browser: packs → kinds → records, with a filter and each record's worst finding."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QAbstractItemView, QLineEdit, QStyle, QStyledItemDelegate, QTreeView, QVBoxLayout,
                               QWidget)

from engine.content.diagnostics import Severity

from .document import DocRecord
from .session import Session

UID_ROLE = Qt.ItemDataRole.UserRole + 1
DOC_ROLE = Qt.ItemDataRole.UserRole + 2
KIND_ROLE = Qt.ItemDataRole.UserRole + 3


_ICONS: dict = {}


def severity_icon(widget: QWidget, severity: Severity | None):
    """The icon of a severity (None: a plain file), made once."""
    if severity not in _ICONS:
        pixmap = {
            Severity.ERROR: QStyle.StandardPixmap.SP_MessageBoxCritical,
            Severity.WARNING: QStyle.StandardPixmap.SP_MessageBoxWarning,
            Severity.INFO: QStyle.StandardPixmap.SP_MessageBoxInformation,
            None: QStyle.StandardPixmap.SP_FileIcon,
        }[severity]
        _ICONS[severity] = widget.style().standardIcon(pixmap)
    return _ICONS[severity]


def worst(rec: DocRecord) -> Severity | None:
    ranks = [d.severity for d in rec.diagnostics if d.suppressed is None]
    return min(ranks, key=lambda s: s.rank) if ranks else None


class _RecordFilter(QSortFilterProxyModel):
    """Records whose row matches the filter, and every record of a kind that matches: typing
    paw.scenario left its row with none of its records to go to. (A pack that matches does not show
    all its records: "air" would show two packs whole.)"""

    kind: str | None = None  # the filter is a kind's id: that kind only ("aw.scenario" is not "paw.scenario")

    def set_text(self, text: str, kinds: set[str]) -> None:
        self.kind = text.strip().lower() if text.strip().lower() in kinds else None
        self.setFilterFixedString(text)

    def filterAcceptsRow(self, row: int, parent) -> bool:  # noqa: N802 - Qt API
        if self.kind is not None:  # a kind's row, or a record under it (packs show through their kinds)
            own = self.sourceModel().index(row, 0, parent).data(KIND_ROLE)
            return (own if own is not None else parent.data(KIND_ROLE)) == self.kind
        if super().filterAcceptsRow(row, parent):
            return True
        kind = parent  # a record's parent is its kind, whose parent is the pack
        return kind.isValid() and kind.parent().isValid() and super().filterAcceptsRow(kind.row(), kind.parent())

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        """A kind's row counts its records listed, of all it has: "(2 of 32)" under a filter, not "(32)"
        over two records. Counted here, not in the model, so the filter reads the kind alone."""
        value = super().data(index, role)
        if role != Qt.ItemDataRole.DisplayRole or index.data(KIND_ROLE) is None:
            return value
        listed, total = self.rowCount(index), self.sourceModel().rowCount(self.mapToSource(index))
        return f"{value}  ({listed if listed == total else f'{listed} of {total}'})"


class _PackNames(QStyledItemDelegate):
    """A pack's row cut in the middle: two packs of one name (a base and its errata) keep their ids
    in view; records and kinds are cut at the end, their names read from the start."""

    def initStyleOption(self, option, index) -> None:  # noqa: N802 - Qt API
        super().initStyleOption(option, index)
        if not index.parent().isValid():
            option.textElideMode = Qt.TextElideMode.ElideMiddle


class PackBrowser(QWidget):
    recordActivated = Signal(object)  # uid
    editRequested = Signal(object)  # uid: Enter (or a double-click) on a record, to work on it in the form

    def __init__(self, session: Session, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter records…")
        self.filter.setClearButtonEnabled(True)
        self.model = QStandardItemModel(self)
        self.proxy = _RecordFilter(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setRecursiveFilteringEnabled(True)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.filter.textChanged.connect(self._filter)
        self.tree = QTreeView()
        self.tree.setModel(self.proxy)
        self.tree.setHeaderHidden(True)
        self.tree.setItemDelegate(_PackNames(self.tree))
        self.tree.setUniformRowHeights(True)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.selectionModel().currentChanged.connect(self._current)
        self.tree.activated.connect(lambda index: index.data(UID_ROLE) is not None
                                    and self.editRequested.emit(index.data(UID_ROLE)))
        # From the filter, Return or Down goes to the first record it leaves, so a keyboard finds its way.
        self.filter.returnPressed.connect(self._to_first_match)
        self.filter.installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.filter)
        layout.addWidget(self.tree)
        self.items: dict[int, QStandardItem] = {}
        self.tops: dict[int, QStandardItem] = {}
        for signal in (session.docsChanged, session.recordAdded, session.recordRemoved):
            signal.connect(self.rebuild)
        session.recordChanged.connect(self._changed)
        session.recordChecked.connect(lambda uid: self._changed(uid, ()))
        session.issuesChanged.connect(self._decorate_all)
        session.saved.connect(self._decorate_doc)  # a save clears every mark at once
        self.rebuild()

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802 - Qt API
        """Tab from a record goes on to its form (its first field), the next thing to read."""
        uid = self.current_uid()
        if forward and self.tree.hasFocus() and uid is not None:
            self.editRequested.emit(uid)
            return True
        return super().focusNextPrevChild(forward)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if watched is self.filter and event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Down:
            self._to_first_match()
            return True
        return super().eventFilter(watched, event)

    def _to_first_match(self) -> None:
        self.tree.setFocus(Qt.FocusReason.TabFocusReason)
        if self.filter.text() or not self.tree.currentIndex().isValid():
            index = self._first_record(self.proxy.index(0, 0))
            if index is not None:
                self.tree.setCurrentIndex(index)

    def _first_record(self, index):
        """The first record row at or under `index` (depth first), or None."""
        while index.isValid():
            if index.data(UID_ROLE) is not None:
                return index
            found = self._first_record(self.proxy.index(0, 0, index))
            if found is not None:
                return found
            index = index.siblingAtRow(index.row() + 1)
        return None

    def _filter(self, text: str) -> None:
        self.proxy.set_text(text, {rec.kind for rec in self.session.records()})
        if text:
            self.tree.expandAll()

    def rebuild(self, *_args) -> None:
        current = self.current_uid()
        self.model.clear()
        self.items, self.tops = {}, {}  # uid -> record row; id of a pack document -> its row
        for doc in self.session.docs:
            top = QStandardItem(doc.title)
            font = QFont()
            font.setBold(True)
            top.setFont(font)
            top.setData(doc.id, DOC_ROLE)
            top.setToolTip(f"{doc.root}\nruleset: {doc.ruleset}"
                           + (f"\nextends: {doc.pack.base.id}" if doc.pack.base else ""))
            self.tops[id(doc)] = top
            manifest = QStandardItem()
            manifest.setData(doc.manifest.uid, UID_ROLE)
            manifest.setData(doc.id, DOC_ROLE)
            top.appendRow(manifest)
            self.items[doc.manifest.uid] = manifest
            kinds: dict[str, QStandardItem] = {}
            for rec in sorted(doc.records.values(), key=lambda r: (r.kind, r.id)):
                if rec.is_manifest:
                    continue
                if rec.kind not in kinds:
                    kinds[rec.kind] = QStandardItem(rec.kind)
                    kinds[rec.kind].setData(rec.kind, KIND_ROLE)
                    kinds[rec.kind].setData(doc.id, DOC_ROLE)
                    top.appendRow(kinds[rec.kind])
                item = QStandardItem()
                item.setData(rec.uid, UID_ROLE)
                kinds[rec.kind].appendRow(item)
                self.items[rec.uid] = item
            self.model.appendRow(top)
        self._decorate_all()
        self.tree.expandToDepth(0)
        if current is not None:
            self.select(current)

    def _decorate(self, rec: DocRecord) -> None:
        item = self.items.get(rec.uid)
        if item is None:
            return
        if rec.is_manifest and id(rec.doc) in self.tops:  # the pack's name and id come from it
            self.tops[id(rec.doc)].setText(rec.doc.title)
        item.setText(("• " if rec.dirty else "") + rec.label)
        item.setIcon(severity_icon(self, worst(rec)))
        item.setToolTip(f"{rec.kind}:{rec.id}\n{rec.file}" + ("\nunsaved changes" if rec.dirty else ""))

    def _decorate_all(self) -> None:
        for rec in self.session.records():
            self._decorate(rec)

    def _decorate_doc(self, doc) -> None:
        for rec in doc.records.values():
            self._decorate(rec)

    def _changed(self, uid: int, _path) -> None:
        rec = self.session.record(uid)
        if rec is not None:
            self._decorate(rec)

    def current_uid(self) -> int | None:
        index = self.tree.currentIndex()
        return index.data(UID_ROLE) if index.isValid() else None

    def current_doc_id(self) -> str | None:
        index = self.tree.currentIndex()
        return index.data(DOC_ROLE) if index.isValid() else None

    def select(self, uid: int) -> None:
        item = self.items.get(uid)
        if item is None:
            return
        index = self.proxy.mapFromSource(item.index())
        if not index.isValid():  # hidden by the filter: show everything again
            self.filter.clear()
            index = self.proxy.mapFromSource(item.index())
        self.tree.setCurrentIndex(index)
        self.tree.scrollTo(index)

    def _current(self, current, _previous) -> None:
        uid = current.data(UID_ROLE)
        if uid is not None:
            self.recordActivated.emit(uid)
