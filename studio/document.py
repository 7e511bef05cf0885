"""The document model: one `PackDocument` per open pack, holding its records' data.

Records are kept as plain data (what the YAML holds), not as validated models,
so that work in progress that does not validate yet is never refused or lost.
Each record has a stable `uid` for the session: commands, views and the board
refer to records by uid, so a rename does not break them.

Only commands (`studio.commands`) call the mutating methods; views listen to
the signals and never change data themselves.
"""

from __future__ import annotations

import copy
import itertools
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from engine.content.diagnostics import Diagnostic, FieldPath
from engine.content.loader import Entry, Pack, display_path, entry_from_document, read_manifest
from engine.content.model import Record
from engine.content.pack import MANIFEST, PackManifest, canonical_order, record_text, write_atomic
from engine.content.schemanav import get_path
from engine.content.yamlio import Document, dump_yaml, parse_yaml


class _Unset:
    """A field that is absent from the record (cleared), as opposed to set to null."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNSET"

    def __deepcopy__(self, memo):
        return self


UNSET: Any = _Unset()
_uids = itertools.count(1)


def assign(data: Any, path: FieldPath, value: Any) -> Any:
    """Set (or with UNSET, remove) the value at `path`, creating mappings on the way.

    Returns the new root, since replacing the whole record is `path == ()`.
    """
    if not path:
        return value
    node = data
    for part, nxt in zip(path[:-1], path[1:]):
        child = node[part] if _has(node, part) else None
        if not isinstance(child, (dict, list)):
            child = [] if isinstance(nxt, int) else {}
            node[part] = child
        node = child
    last = path[-1]
    if value is UNSET:
        if _has(node, last):
            del node[last]
    elif isinstance(node, list) and isinstance(last, int) and last >= len(node):
        node.extend([None] * (last - len(node)) + [value])
    else:
        node[last] = value
    return data


def _has(node: Any, part: Any) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)


class DocRecord:
    """One record file of a pack: its current data and what is on disk."""

    def __init__(self, doc: "PackDocument", path: Path, data: Any, header: str = "",
                 on_disk: bool = False, entry: Entry | None = None) -> None:
        self.uid = next(_uids)
        self.doc = doc
        self.path = Path(path)
        self._file: tuple[Path | None, str] = (None, "")
        self.data = data
        self.header = header
        self.baseline = copy.deepcopy(data) if on_disk else UNSET
        self.disk_path = self.path if on_disk else None
        self.diagnostics: list[Diagnostic] = []
        self.conflict: str | None = None  # disk text, when changed on disk while edited here
        self.precise = True
        self.entry = entry or self.build_entry()

    @property
    def kind(self) -> str:
        value = self.data.get("kind") if isinstance(self.data, dict) else None
        return value if isinstance(value, str) else (self.entry.kind or "?")

    @property
    def id(self) -> str:
        value = self.data.get("id") if isinstance(self.data, dict) else None
        return value if isinstance(value, str) else self.path.stem

    @property
    def name(self) -> str:
        value = self.data.get("name") if isinstance(self.data, dict) else None
        return value if isinstance(value, str) else ""

    @property
    def label(self) -> str:
        return f"{self.name} ({self.id})" if self.name else self.id

    @property
    def model(self) -> Record | None:
        """The validated record, or None while the data does not validate."""
        return self.entry.record

    @property
    def editable(self) -> bool:
        return isinstance(self.data, dict)

    @property
    def dirty(self) -> bool:
        return self.editable and (self.data != self.baseline or self.path != self.disk_path)

    @property
    def file(self) -> str:
        """The path as diagnostics name it (worked out once per path: it asks the file system)."""
        if self._file[0] != self.path:
            self._file = (self.path, display_path(self.path))
        return self._file[1]

    is_manifest = False

    def model_class(self) -> type | None:
        """The model the data validates against (it gives the canonical order of fields)."""
        return self.doc.kinds.get(self.kind)

    def text(self) -> str:
        """The file text this record saves as: canonical, like `sortie fmt` writes it."""
        if self.entry.record is not None:
            return record_text(self.entry.record, self.header)
        return dump_yaml(canonical_order(self.data, self.model_class()), self.header)

    def build_entry(self, precise: bool = True) -> Entry:
        """The engine's view of the current data.

        `precise` entries carry the line and column of every value in `text()`,
        which takes a YAML round trip; while typing, the studio validates an
        entry without positions and makes it precise once typing pauses.
        """
        self.precise = precise
        if precise:
            text = dump_yaml(canonical_order(self.data, self.model_class()), self.header)
            parsed = parse_yaml(text, self.file)
        else:
            parsed = Document(file=self.file, data=self.data, header=self.header)
        return self.entry_from(parsed)

    def entry_from(self, parsed: Document) -> Entry:
        return entry_from_document(self.path, parsed, self.doc.pack, self.doc.kinds)


MANIFEST_KIND = "pack"


class ManifestRecord(DocRecord):
    """The pack's `pack.yaml`, edited like a record: a form from its schema, commands, saving.

    Its entry holds the validated `PackManifest` (or None) and the manifest's findings;
    the session reads it into the engine's pack after every edit (`Workspace.relink`).
    It is never one of the pack's entries: it is not a record the validator checks.
    """

    is_manifest = True

    @property
    def kind(self) -> str:
        return MANIFEST_KIND

    @property
    def label(self) -> str:
        return f"{MANIFEST} (pack {self.id})"

    def model_class(self) -> type:
        return PackManifest

    def text(self) -> str:
        return dump_yaml(canonical_order(self.data, PackManifest), self.header)

    def build_entry(self, precise: bool = True) -> Entry:
        return super().build_entry(precise=True)  # a few lines: always with positions

    def entry_from(self, parsed: Document) -> Entry:
        probe = Pack(root=self.doc.root, manifest=None, manifest_doc=parsed)
        read_manifest(probe, parsed, {kind.split(".", 1)[0] for kind in self.doc.kinds})
        return Entry(path=self.path, doc=parsed, pack=self.doc.pack, record=probe.manifest,
                     kind=MANIFEST_KIND, diagnostics=probe.diagnostics)


class PackDocument(QObject):
    """An open pack: its records, its undo stack, and saving them safely."""

    changed = Signal(object, object)  # uid, field path (() for the whole record)
    added = Signal(object)  # uid
    removed = Signal(object)  # uid
    modifiedChanged = Signal(bool)

    def __init__(self, pack: Pack, kinds: dict[str, type[Record]], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pack = pack
        self.kinds = kinds
        self.stack = QUndoStack(self)
        self.records: dict[int, DocRecord] = {}
        self.disk_files: dict[Path, str] = {}
        self._modified = False
        self._dirty: set[int] = set()  # uids of records whose data or file differ from disk
        self._orphans = False  # files on disk that no record claims any more (deleted, moved)
        self._batch_depth = 0
        self._batched: dict[int, tuple[FieldPath, bool, bool]] = {}  # uid -> (path, rebuild, structure)
        for entry in pack.entries:
            data = copy.deepcopy(entry.doc.data) if entry.doc.ok else None
            rec = DocRecord(self, entry.path, data, entry.doc.header, on_disk=True, entry=entry)
            self.records[rec.uid] = rec
            self.disk_files[Path(entry.path)] = _read_text(entry.path)
        path = pack.root / MANIFEST
        parsed = pack.manifest_doc
        self.manifest = ManifestRecord(self, path, copy.deepcopy(parsed.data) if parsed.ok else None,
                                       parsed.header, on_disk=True)
        self.manifest.entry = self.manifest.entry_from(parsed)  # positions as in the file
        self.records[self.manifest.uid] = self.manifest
        self.disk_files[path] = _read_text(path)

    # ------------------------------------------------------------------ reading

    @property
    def id(self) -> str:
        return self.pack.id

    @property
    def root(self) -> Path:
        return self.pack.root

    @property
    def ruleset(self) -> str | None:
        return self.pack.ruleset

    @property
    def title(self) -> str:
        name = self.pack.manifest.name if self.pack.manifest else self.pack.root.name
        return f"{name} ({self.id})"

    def find(self, kind: str, rid: str) -> DocRecord | None:
        for rec in self.records.values():
            if rec.kind == kind and rec.id == rid:
                return rec
        return None

    def record_at(self, path: Path) -> DocRecord | None:
        path = Path(path)
        for rec in self.records.values():
            if rec.path == path or rec.disk_path == path:
                return rec
        return None

    def is_modified(self) -> bool:
        return self._modified

    def folder_for(self, kind: str) -> Path:
        """Where a new record of `kind` goes: beside the others of its kind, or `<kind>/`."""
        for rec in self.records.values():
            if rec.kind == kind:
                return rec.path.parent
        return self.root / kind.split(".", 1)[-1]

    # ------------------------------------------------------------------ mutating (commands only)

    def set_value(self, uid: int, path: FieldPath, value: Any) -> Any:
        """Set the value at `path` of a record; returns the previous value (UNSET if absent)."""
        rec = self.records[uid]
        old = copy.deepcopy(get_path(rec.data, path, UNSET))
        rec.data = assign(rec.data, tuple(path), copy.deepcopy(value))
        self._touched(rec, tuple(path))
        return old

    def set_path(self, uid: int, path: Path) -> Path:
        rec = self.records[uid]
        old, rec.path = rec.path, Path(path)
        self._touched(rec, (), structure=True)
        return old

    def insert_record(self, rec: DocRecord) -> None:
        self.records[rec.uid] = rec
        rec.entry = rec.build_entry()
        self._sync_entries()
        self.added.emit(rec.uid)
        self._update_modified(rec, structure=True)

    def take_record(self, uid: int) -> DocRecord:
        rec = self.records.pop(uid)
        self._dirty.discard(uid)
        self._sync_entries()
        self.removed.emit(uid)
        self._update_modified(structure=True)
        return rec

    @contextmanager
    def batch(self):
        """Edits inside are one change: each record they touch is validated and announced once.

        A board gesture sets x and y, a rename many references; without this, views
        would redraw (and the validator run) after every single value.
        """
        self._batch_depth += 1
        try:
            yield
        finally:
            self._batch_depth -= 1
            if not self._batch_depth:
                pending, self._batched = self._batched, {}
                for uid, (path, rebuild, structure) in pending.items():
                    if uid in self.records:
                        self._touched(self.records[uid], path, rebuild, structure)

    def _touched(self, rec: DocRecord, path: FieldPath, rebuild: bool = True, structure: bool = False) -> None:
        if self._batch_depth:
            if rec.uid in self._batched:
                before, was_rebuilt, was_structure = self._batched[rec.uid]
                path = _common_prefix(before, path)
                rebuild, structure = rebuild or was_rebuilt, structure or was_structure
            self._batched[rec.uid] = (path, rebuild, structure)
            return
        if rec.editable and rebuild:
            rec.entry = rec.build_entry(precise=False)
        self._sync_entries()
        self.changed.emit(rec.uid, path)
        self._update_modified(rec, structure)

    def rebuild_entries(self) -> None:
        """Every record read again, after the pack's ruleset changed."""
        for rec in self.records.values():
            if not rec.is_manifest:
                rec.entry = rec.build_entry(precise=False)
        self._sync_entries()

    def make_precise(self) -> bool:
        """Give every edited record's entry its positions; True when any changed."""
        stale = [rec for rec in self.records.values() if rec.editable and not rec.precise]
        for rec in stale:
            rec.entry = rec.build_entry(precise=True)
        if stale:
            self._sync_entries()
        return bool(stale)

    def _sync_entries(self) -> None:
        """Keep the engine's pack (which the validator and refactoring read) in step."""
        self.pack.entries = [rec.entry for rec in self.records.values() if not rec.is_manifest]

    def _update_modified(self, rec: DocRecord | None = None, structure: bool = False) -> None:
        """Track "unsaved changes" by what changed: one record, or which files are claimed."""
        if rec is not None and rec.uid in self.records:
            (self._dirty.add if rec.dirty else self._dirty.discard)(rec.uid)
        if structure:
            claimed = {r.path for r in self.records.values()}
            self._orphans = any(p not in claimed for p in self.disk_files)
        modified = bool(self._dirty) or self._orphans
        if modified != self._modified:
            self._modified = modified
            self.modifiedChanged.emit(modified)

    # ------------------------------------------------------------------ disk

    def accept_disk(self, rec: DocRecord, text: str | None) -> None:
        """Record that the file now holds `text` (None: the file is gone)."""
        if text is None:
            self.disk_files.pop(rec.disk_path, None)
            rec.baseline, rec.disk_path = UNSET, None
        else:
            rec.baseline, rec.disk_path = copy.deepcopy(rec.data), rec.path
            self.disk_files[rec.path] = text
        rec.conflict = None
        self._update_modified(rec, structure=True)

    def reload(self, uid: int, text: str) -> None:
        """Take the file's new text as the record's data, after another program changed it.

        Not a command: the disk changed, not the document; edits on the undo stack
        still apply to the new data by path.
        """
        rec = self.records[uid]
        path = rec.disk_path or rec.path
        parsed = parse_yaml(text, rec.file)
        rec.data = copy.deepcopy(parsed.data) if parsed.ok else None
        rec.header = parsed.header
        rec.path = path
        rec.entry = rec.entry_from(parsed)
        self.accept_disk(rec, text)
        self._touched(rec, (), rebuild=False)

    def keep_edits(self, uid: int, disk_text: str) -> None:
        """Settle a conflict in favour of the edits: the next save overwrites the file
        (or writes it again, when another program deleted it: `disk_text` is "")."""
        rec = self.records[uid]
        if disk_text:
            self.disk_files[rec.disk_path] = disk_text
        else:
            self.disk_files.pop(rec.disk_path, None)
            rec.disk_path = None
        rec.conflict = None
        self._touched(rec, (), rebuild=False, structure=True)

    def forget(self, uid: int) -> None:
        """Drop a record whose file another program deleted (it had no unsaved edits)."""
        rec = self.records[uid]
        self.disk_files.pop(rec.disk_path, None)
        self.take_record(uid)

    def adopt(self, path: Path, text: str) -> DocRecord:
        """Take in a record file another program created in the pack."""
        parsed = parse_yaml(text, display_path(path))
        entry = entry_from_document(path, parsed, self.pack, self.kinds)
        data = copy.deepcopy(parsed.data) if parsed.ok else None
        rec = DocRecord(self, path, data, parsed.header, on_disk=True, entry=entry)
        self.disk_files[Path(path)] = text
        self.records[rec.uid] = rec
        self._sync_entries()
        self.added.emit(rec.uid)
        return rec

    def save(self) -> list[Path]:
        """Write the records that changed, atomically; remove files of deleted or moved records.

        Records that were not edited are never rewritten, even when their file is
        not in canonical form.
        """
        written: list[Path] = []
        claimed = {rec.path for rec in self.records.values()}
        for rec in list(self.records.values()):
            if not rec.dirty:
                continue
            text = rec.text()
            write_atomic(rec.path, text)
            written.append(rec.path)
            old = rec.disk_path
            self.accept_disk(rec, text)
            if old is not None and old != rec.path and old not in claimed:
                self.disk_files.pop(old, None)
                _unlink(old)
        for path in [p for p in self.disk_files if p not in claimed]:
            del self.disk_files[path]
            _unlink(path)
            written.append(path)
        self._update_modified(structure=True)
        return written


def _common_prefix(a: FieldPath, b: FieldPath) -> FieldPath:
    """The deepest field holding both `a` and `b` (what changed, announced once)."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return tuple(a[:n])


def _read_text(path: Path) -> str:
    try:
        return Path(path).read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return ""


def _unlink(path: Path) -> None:
    try:
        Path(path).unlink()
    except FileNotFoundError:
        pass
