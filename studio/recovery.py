"""Autosave of unsaved edits to a recovery folder, offered back after a crash.

A few seconds after the last edit, every modified pack's unsaved state (the
records that differ from disk, and the files it would delete) is written
atomically to one JSON file per pack. Saving, or closing and discarding,
removes it. On start, a recovery file for an opened pack is applied as one
undoable command, so the recovered edits can be reviewed and saved — or undone.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path, PurePosixPath
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictStr
from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal

from engine.content.pack import write_atomic
from engine.core.jsonfile import FileShapeError, check_shape, read_object

from .commands import CreateRecord, DeleteRecord, Macro, MoveFile, SetField
from .document import DocRecord, PackDocument
from .session import Session

AUTOSAVE_MS = 3000
ENV = "SORTIE_RECOVERY_DIR"


def recovery_dir() -> Path:
    override = os.environ.get(ENV)
    if override:
        return Path(override)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".sortie") / "recovery"


class Recovery(QObject):
    failed = Signal(str)  # why a recovery file could not be written or removed

    def __init__(self, session: Session, folder: Path | None = None, interval_ms: int = AUTOSAVE_MS) -> None:
        super().__init__(session)
        self.session = session
        self.folder = Path(folder) if folder else recovery_dir()
        self.timer = QTimer(self, singleShot=True, interval=interval_ms)
        self.timer.timeout.connect(self.autosave)
        for signal in (session.recordChanged, session.recordAdded, session.recordRemoved):
            signal.connect(lambda *_args: self.timer.start())

    def file_for(self, doc: PackDocument) -> Path:
        # Named by the folder, not the pack id: an unsaved edit of pack.yaml may change the id.
        digest = hashlib.sha1(str(doc.root.resolve()).encode()).hexdigest()[:16]
        return self.folder / f"{doc.root.name}-{digest}.json"

    def snapshot(self, doc: PackDocument) -> dict:
        root = doc.root
        claimed = {rec.path for rec in doc.records.values()}
        return {
            "root": str(root.resolve()),
            "pack": doc.id,
            "records": [
                {
                    "origin": _rel(rec.disk_path, root),
                    "path": _rel(rec.path, root),
                    "header": rec.header,
                    "data": rec.data,
                }
                for rec in doc.records.values()
                if rec.dirty
            ],
            "removed": [_rel(p, root) for p in doc.disk_files if p not in claimed],
        }

    def autosave(self) -> list[Path]:
        """Write a recovery file for each modified pack; remove those of packs now clean."""
        self.timer.stop()
        written = []
        for doc in self.session.docs:
            path = self.file_for(doc)
            try:
                if doc.is_modified():
                    write_atomic(path, json.dumps(self.snapshot(doc), indent=1, ensure_ascii=False))
                    written.append(path)
                elif path.exists():
                    path.unlink()
            except OSError as exc:  # said, not raised: the edits themselves are untouched
                self.failed.emit(f"Autosave of {doc.id} failed: {path}: {exc.strerror or exc}")
        return written

    def discard(self, doc: PackDocument) -> None:
        try:
            self.file_for(doc).unlink(missing_ok=True)
        except OSError as exc:
            self.failed.emit(f"Could not remove the recovery file of {doc.id}: {exc.strerror or exc}")

    def pending(self) -> list[tuple[PackDocument, dict]]:
        """Open packs that have unsaved edits left over from an earlier session. A recovery file
        is input like any other: one that is not what autosave writes is said (and kept, for a
        look), not applied, and the rest are offered still."""
        found = []
        for doc in self.session.docs:
            path = self.file_for(doc)
            if not path.is_file():
                continue
            try:
                text, snapshot = read_object(path, "recovery")
                if snapshot.get("root") != str(doc.root.resolve()):
                    continue  # another folder's (a name's digest in common): not this pack's edits
                found.append((doc, check_shape(Snapshot, snapshot, text, str(path), "recovery file")))
            except FileShapeError as exc:
                self.failed.emit(f"Unsaved edits of {doc.id} not recovered: {exc}")
        return found

    @staticmethod
    def edits(snapshot: dict) -> list[str]:
        """The records a snapshot holds unsaved edits of, one line each: kind, id and file, or the
        file it deletes."""
        lines = []
        for item in snapshot.get("records", []):
            data = item.get("data") if isinstance(item.get("data"), dict) else {}
            lines.append(f"{data.get('kind', '?')} {data.get('id', '?')} ({item.get('path')})")
        return lines + [f"deleted: {rel}" for rel in snapshot.get("removed", [])]

    def restore(self, doc: PackDocument, snapshot: dict) -> Macro:
        """Apply a recovery snapshot to `doc` as one undoable command."""
        root = doc.root
        commands = []
        for item in snapshot.get("records", []):
            path = root / item["path"]
            origin = doc.record_at(root / item["origin"]) if item.get("origin") else None
            if origin is not None and origin.editable:
                commands.append(SetField(doc, origin.uid, (), item["data"], f"Recover {origin.id}"))
                if origin.path != path:
                    commands.append(MoveFile(doc, origin.uid, path))
            else:
                rec = DocRecord(doc, path, item["data"], item.get("header", ""))
                commands.append(CreateRecord(doc, rec))
        for rel in snapshot.get("removed", []):
            gone = doc.record_at(root / rel)
            if gone is not None:
                commands.append(DeleteRecord(doc, gone.uid))
        macro = Macro(f"Recover unsaved edits of {doc.id}", commands)
        doc.stack.push(macro)
        return macro


def _inside(rel: str) -> str:
    """A path a recovery file may name: relative, and never up out of the pack."""
    parts = PurePosixPath(rel.replace("\\", "/")).parts
    if not parts or Path(rel).is_absolute() or parts[0] == "/" or ".." in parts:
        raise ValueError("expected a path inside the pack (relative, with no '..')")
    return rel


InPack = Annotated[StrictStr, AfterValidator(_inside)]


class RecoveredRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    origin: InPack | None = Field(None, description="the file the record was read from, if any")
    path: InPack = Field(description="where the record is to be saved")
    header: StrictStr = Field("", description="the comment lines above the record")
    data: dict[str, Any] = Field(description="the record as edited")


class Snapshot(BaseModel):
    """What autosave writes and `restore` applies; the paths only ever inside the pack."""

    root: StrictStr = Field(description="the pack's folder")
    pack: StrictStr | None = Field(None, description="the pack's id when it was written")
    records: list[RecoveredRecord] = Field(default_factory=list, description="the records edited")
    removed: list[InPack] = Field(default_factory=list, description="files of records deleted")


def _rel(path: Path | None, root: Path) -> str | None:
    if path is None:
        return None
    try:
        return str(Path(path).relative_to(root))
    except ValueError:
        return str(path)
