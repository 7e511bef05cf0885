"""Notices record files changed, created or deleted by another program.

A record without unsaved edits simply follows the disk. A record with unsaved
edits is left alone and marked as in conflict; the form then offers to reload
the file or to keep the edits (and overwrite the file on the next save).
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, Signal

from engine.content.pack import MANIFEST, RECORD_SUFFIXES

from .document import DocRecord, PackDocument
from .session import Session


class DiskWatcher(QObject):
    conflict = Signal(object)  # DocRecord
    reloaded = Signal(object)  # DocRecord

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.session = session
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self.file_changed)
        self.watcher.directoryChanged.connect(self.folder_changed)
        session.docsChanged.connect(self.watch_all)  # saving calls watch_all for the files it wrote
        self.watch_all()

    def watch_all(self) -> None:
        wanted: set[str] = set()
        for doc in self.session.docs:
            for dirpath, dirnames, _files in os.walk(doc.root):
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                wanted.add(dirpath)
            wanted.update(str(p) for p in doc.disk_files if p.exists())
        missing = sorted(wanted - set(self.watcher.files()) - set(self.watcher.directories()))
        if missing:
            self.watcher.addPaths(missing)

    def _owner(self, path: Path) -> tuple[PackDocument, DocRecord | None] | None:
        for doc in self.session.docs:
            if path in doc.disk_files:
                rec = next((r for r in doc.records.values() if r.disk_path == path), None)
                return doc, rec
        return None

    def file_changed(self, name: str) -> None:
        path = Path(name)
        owner = self._owner(path)
        if owner is None:
            return
        doc, rec = owner
        text = _read(path)
        if text == doc.disk_files.get(path):
            self.watch_all()  # an atomic replace (ours, or a no-op) drops the watch
            return
        if rec is None:  # a deleted record's file: saving will settle it
            return
        if rec.dirty or (text is None and rec.is_manifest):  # a pack is not dropped: ask
            rec.conflict = text if text is not None else ""
            self.conflict.emit(rec)
        elif text is None:
            doc.forget(rec.uid)
        else:
            doc.reload(rec.uid, text)
            self.reloaded.emit(rec)
        self.watch_all()

    def folder_changed(self, name: str) -> None:
        folder = Path(name)
        doc = next((d for d in self.session.docs if folder == d.root or d.root in folder.parents), None)
        if doc is None or not folder.is_dir():
            return
        known = {r.path for r in doc.records.values()} | {r.disk_path for r in doc.records.values()}
        known |= set(doc.disk_files)
        for path in sorted(folder.iterdir()):
            if (path.suffix in RECORD_SUFFIXES and not path.name.startswith(".")
                    and path not in known and path.name != MANIFEST and path.is_file()):
                text = _read(path)
                if text is not None:
                    doc.adopt(path, text)
        self.watch_all()

    def resolve(self, rec: DocRecord, keep_mine: bool) -> None:
        """Settle a conflict: keep the edits (the file is overwritten on save) or reload."""
        text, rec.conflict = rec.conflict, None
        if keep_mine:
            rec.doc.keep_edits(rec.uid, text)
        elif text:
            rec.doc.reload(rec.uid, text)
        else:
            rec.doc.forget(rec.uid)


def _read(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return None
