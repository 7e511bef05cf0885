"""Small dialogs: find a record, new record, rename, delete, new pack."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from engine.content.loader import BUNDLED_CONTENT
from engine.content.model import ID_PATTERN
from engine.content.newpack import installed_from, write_pack
from engine.content.pack import PackManifest

from .session import SearchHit, Session


class FindDialog(QDialog):
    """Ctrl+F: find a record by id, name or any field value, and jump to it."""

    chosen = Signal(object)  # SearchHit

    def __init__(self, session: Session, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Find record")
        self.session = session
        self.query = QLineEdit()
        self.query.setPlaceholderText("id, name or any field value…")
        self.results = QListWidget()
        self.query.textChanged.connect(self.refresh)
        self.query.returnPressed.connect(self.accept_current)
        self.query.installEventFilter(self)  # arrows and page keys in the query move in the results
        self.results.itemActivated.connect(lambda _item: self.accept_current())
        layout = QVBoxLayout(self)
        layout.addWidget(self.query)
        layout.addWidget(self.results)
        self.resize(600, 320)
        self.hits: list[SearchHit] = []

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if (watched is self.query and event.type() == QEvent.Type.KeyPress
                and event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown)):
            QApplication.sendEvent(self.results, event)
            return True
        return super().eventFilter(watched, event)

    def refresh(self, text: str) -> None:
        self.results.clear()
        self.hits = self.session.search(text)
        for hit in self.hits:
            where = "" if not hit.path else f"   —   {hit.text}"
            item = QListWidgetItem(f"{hit.rec.label}   [{hit.rec.kind} · {hit.rec.doc.id}]{where}")
            self.results.addItem(item)
        if self.hits:
            self.results.setCurrentRow(0)

    def accept_current(self) -> None:
        row = self.results.currentRow()
        if 0 <= row < len(self.hits):
            self.chosen.emit(self.hits[row])
            self.accept()


class IdDialog(QDialog):
    """Asks for an id (and a kind, for new records; a pack, for a copy), checking it as it is typed.

    `check(kind, rid, pack)` returns the problems with the id; `pack` is the chosen pack, or None
    when the dialog offers no choice of pack."""

    def __init__(self, title: str, prompt: str, initial: str = "", kinds: list[str] | None = None,
                 check=None, packs: list | None = None, parent=None, details: list[str] | None = None) -> None:
        """`details`: lines listed under the prompt (a rename: the references that will follow)."""
        super().__init__(parent)
        self.setWindowTitle(title)
        self.check = check or (lambda _kind, _rid, _pack: [])
        self.kind = QComboBox()
        for kind in kinds or []:
            self.kind.addItem(kind)
        self.pack = QComboBox()
        for doc in packs or []:
            self.pack.addItem(doc.title, doc)
        self.edit = QLineEdit(initial)
        self.edit.selectAll()
        self.message = QLabel()
        self.message.setObjectName("fieldMessage")
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(QLabel(prompt))
        self.details = QListWidget()
        self.details.setObjectName("idDialogDetails")
        self.details.addItems(details or [])
        self.details.setMaximumHeight(160)
        if details:
            form.addRow(self.details)
        if kinds:
            form.addRow("Kind", self.kind)
        if packs and len(packs) > 1:
            form.addRow("Into pack", self.pack)
        form.addRow("Id", self.edit)
        form.addRow(self.message)
        form.addRow(self.buttons)
        self.edit.textChanged.connect(self._validate)
        self.kind.currentTextChanged.connect(self._validate)
        self.pack.currentIndexChanged.connect(self._validate)
        self._validate()
        self.resize(460, 10)

    def _validate(self, *_args) -> None:
        problems = self.check(self.kind.currentText(), self.edit.text().strip(), self.pack.currentData())
        self.message.setText("\n".join(problems))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problems)

    @property
    def value(self) -> str:
        return self.edit.text().strip()


def id_problems(session: Session, doc, kind: str, rid: str) -> list[str]:
    if not rid:
        return ["type an id"]
    if not re.match(ID_PATTERN, rid):
        return ["use lower-case letters, digits, '.', '_' and '-', starting with a letter or digit"]
    if session.resolve(doc, kind, rid) is not None:
        return [f"{kind} '{rid}' already exists"]
    return []


def _beside_own_packs(session: Session) -> Path:
    """Where a new pack goes by default: beside the first open pack of the designer's own (not among
    the bundled packs, which an installation keeps in its own folder), else the working folder."""
    bundled = BUNDLED_CONTENT.resolve()
    for doc in session.docs:
        root = Path(doc.root).resolve()
        if not root.is_relative_to(bundled):
            return root.parent
    return Path.cwd()


class NewPackDialog(QDialog):
    """The "new pack" wizard for modders: a ruleset, optionally a base pack to extend."""

    def __init__(self, session: Session, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New pack")
        self.session = session
        self.pack_id = QLineEdit()
        self.pack_id.setPlaceholderText("my-theater")
        self.name = QLineEdit()
        self.name.setPlaceholderText("My Theater")
        self.ruleset = QComboBox()
        for rid, ruleset in sorted(session.workspace.rulesets.items()):
            self.ruleset.addItem(f"{ruleset.name} ({rid})", rid)
        self.base = QComboBox()
        self.folder = QLineEdit(str(_beside_own_packs(session)))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        where = QHBoxLayout()
        where.addWidget(self.folder, 1)
        where.addWidget(browse)
        self.message = QLabel()
        self.message.setObjectName("fieldMessage")
        self.message.setWordWrap(True)
        self.root: Path | None = None  # the pack made, once accepted
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create pack")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Pack id", self.pack_id)
        form.addRow("Name", self.name)
        form.addRow("Ruleset", self.ruleset)
        form.addRow("Extends", self.base)
        form.addRow("Create in", where)
        form.addRow(self.message)
        form.addRow(self.buttons)
        self.ruleset.currentIndexChanged.connect(self._bases)
        for edit in (self.pack_id, self.name, self.folder):
            edit.textChanged.connect(self._validate)
        self._bases()
        self.resize(520, 10)

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Create the pack in", self.folder.text())
        if folder:
            self.folder.setText(folder)

    def _bases(self) -> None:
        self.base.clear()
        self.base.addItem("(none — a stand-alone pack)", None)
        for doc in self.session.docs:
            if doc.ruleset == self.ruleset.currentData():
                self.base.addItem(doc.title, doc.id)
        self._validate()

    def _validate(self) -> None:
        pid = self.pack_id.text().strip()
        problem = ""
        if not re.match(ID_PATTERN, pid):
            problem = "pack id: lower-case letters, digits, '.', '_' and '-'"
        elif any(d.id == pid for d in self.session.docs):
            problem = f"a pack '{pid}' is already open"
        elif not self.name.text().strip():
            problem = "give the pack a name"
        elif (self.target()).exists():
            problem = f"{self.target()} already exists"
        self.message.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)

    def accept(self) -> None:
        """Create the pack; a folder that cannot be written is said here, the dialog and what was
        typed kept (it closed on a traceback)."""
        try:
            self.root = self.create()
        except OSError as exc:
            self.message.setText(f"cannot create {self.target()}: {exc.strerror or exc}")
            return
        super().accept()

    def target(self) -> Path:
        return Path(self.folder.text().strip() or ".") / self.pack_id.text().strip()

    def create(self) -> Path:
        """Write the new pack as `sortie new pack` does (manifest, schemas, editor settings, CI
        workflow); returns the pack folder."""
        manifest = PackManifest(
            id=self.pack_id.text().strip(),
            name=self.name.text().strip(),
            version="0.1.0",
            ruleset=self.ruleset.currentData(),
            extends=self.base.currentData(),
        )
        root = self.target()
        write_pack(root, manifest, self.session.workspace.rulesets[manifest.ruleset], installed_from()[0])
        return root


def confirm_text(lines: list[str], limit: int = 12) -> str:
    shown = lines[:limit]
    more = len(lines) - len(shown)
    return "\n".join(f"  • {line}" for line in shown) + (f"\n  … and {more} more" if more > 0 else "")

