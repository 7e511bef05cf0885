"""The open packs as one workspace: loading, validation as you type, lookups, search.

Views connect to the session's signals rather than to each document, and
never to each other: a form edit reaches the preview, the browser and the
Issues dock only through the model.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoGroup

from engine.content.diagnostics import Diagnostic, FieldPath, format_path, sort_key
from engine.content.loader import Entry, Pack, find_pack_roots
from engine.content.model import ID_PATTERN, Record
from engine.content.pack import MANIFEST
from engine.content.refactor import RenamePlan, Usage, dangling_on_delete, plan_rename, used_by
from engine.core.contract import Ruleset
from engine.content.schemanav import SchemaNav, nav_for
from engine.content.schemas import manifest_schema
from engine.content.validate import UsageError, check_entry, check_pack
from engine.rulesets import workspace

from .commands import CreateRecord, DeleteRecord, RenameRecord
from .document import MANIFEST_KIND, DocRecord, PackDocument

CHECK_DELAY_MS = 250


@dataclass(frozen=True)
class SearchHit:
    rec: DocRecord
    path: FieldPath  # the field that matched; () for id or name
    text: str  # what matched, for display


class Session(QObject):
    recordChanged = Signal(object, object)  # uid, field path
    recordAdded = Signal(object)
    recordRemoved = Signal(object)
    modifiedChanged = Signal(object)  # PackDocument
    saved = Signal(object)  # PackDocument
    recordChecked = Signal(object)  # uid: its findings (rec.diagnostics) are up to date
    docsChanged = Signal()
    issuesChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace()
        self.docs: list[PackDocument] = []
        self.undo_group = QUndoGroup(self)
        self.diagnostics: list[Diagnostic] = []
        self._holders: dict[int, DocRecord] | None = None
        self._haystacks: dict[int, str] = {}  # uid -> what search looks in
        self._manifest_nav: SchemaNav | None = None
        self._check_timer = QTimer(self, singleShot=True, interval=CHECK_DELAY_MS)
        self._check_timer.timeout.connect(self.check_all)
        # A record's own findings follow its edit at once, but after the views have
        # redrawn: the preview never waits for the lint rules.
        self._pending: set[int] = set()
        self._record_timer = QTimer(self, singleShot=True, interval=0)
        self._record_timer.timeout.connect(self.check_pending)

    # ------------------------------------------------------------------ opening

    def open(self, paths: Iterable[Path]) -> list[PackDocument]:
        """Open pack folders or folders of packs (and the packs they extend)."""
        roots: list[Path] = []
        for raw in paths:
            path = Path(raw)
            if not path.is_dir():
                raise UsageError(f"{raw}: no such folder")
            found = find_pack_roots(path)
            if not found:
                raise UsageError(f"{raw}: no pack found (a pack is a folder with {MANIFEST})")
            roots.extend(found)
        self._holders = None
        opened = [self._doc_for(self.workspace.pack(root)) for root in roots]
        for pack in list(self.workspace.packs.values()):
            self._doc_for(pack)  # bases come along, so renames reach them and their users
        self.docsChanged.emit()
        self.check_all()
        return opened

    def _doc_for(self, pack: Pack) -> PackDocument:
        for doc in self.docs:
            if doc.pack is pack:
                return doc
        doc = PackDocument(pack, self.workspace.kinds, self)
        self.docs.append(doc)
        self.undo_group.addStack(doc.stack)
        doc.changed.connect(lambda uid, path, d=doc: self._on_changed(d, uid, path))
        doc.added.connect(lambda uid, d=doc: self._on_added(d, uid))
        doc.removed.connect(lambda uid: self._on_removed(uid))
        doc.modifiedChanged.connect(lambda _m, d=doc: self.modifiedChanged.emit(d))
        return doc  # its findings come with the check of every pack that follows each caller

    def base_of(self, doc: PackDocument) -> PackDocument | None:
        return next((d for d in self.docs if d.pack is doc.pack.base), None) if doc.pack.base else None

    # ------------------------------------------------------------------ lookups

    def records(self) -> Iterator[DocRecord]:
        for doc in self.docs:
            yield from doc.records.values()

    def record(self, uid: int) -> DocRecord | None:
        for doc in self.docs:
            if uid in doc.records:
                return doc.records[uid]
        return None

    def holder_of(self, entry: Entry) -> DocRecord | None:
        """The record whose engine entry this is (entries are replaced on every edit)."""
        if self._holders is None:
            self._holders = {id(rec.entry): rec for rec in self.records()}
        rec = self._holders.get(id(entry))
        return rec if rec is not None and rec.entry is entry else None

    def resolve(self, doc: PackDocument, kind: str, rid: str) -> DocRecord | None:
        """The record (kind, rid) as `doc` sees it: its own, else its bases'."""
        entry = doc.pack.effective().get((kind, rid))
        return self.holder_of(entry) if entry else None

    def choices(self, doc: PackDocument, kinds: Iterable[str]) -> list[DocRecord]:
        """Records of `kinds` that a reference in `doc` may name."""
        kinds = set(kinds)
        found = [self.holder_of(e) for (k, _), e in doc.pack.effective().items() if k in kinds]
        return sorted((r for r in found if r is not None), key=lambda r: r.id)

    def ruleset(self, doc: PackDocument) -> Ruleset | None:
        return self.workspace.rulesets.get(doc.ruleset or "")

    def model_class(self, kind: str) -> type[Record] | None:
        return self.workspace.kinds.get(kind)

    def schema_nav(self, rec: DocRecord) -> SchemaNav | None:
        """The schema a record's form is generated from (None for an unknown kind)."""
        if rec.is_manifest:
            if self._manifest_nav is None:
                self._manifest_nav = SchemaNav(manifest_schema(sorted(self.workspace.rulesets)))
            return self._manifest_nav
        model = self.model_class(rec.kind)
        return nav_for(model) if model is not None else None

    def used_by(self, rec: DocRecord) -> list[Usage]:
        """Every reference to `rec` from its pack and the open packs that extend it
        (for a manifest: the manifests whose `extends` names its pack)."""
        if rec.is_manifest:
            return [Usage(d.manifest.entry, ("extends",), (MANIFEST_KIND,)) for d in self.docs
                    if d is not rec.doc and d.manifest.editable and d.manifest.data.get("extends") == rec.id]
        return used_by([d.pack for d in self.docs], rec.doc.pack, rec.kind, rec.id)

    def dangling_on_delete(self, rec: DocRecord) -> list[Usage]:
        return dangling_on_delete([d.pack for d in self.docs], rec.doc.pack, rec.kind, rec.id)

    def search(self, text: str, limit: int = 200) -> list[SearchHit]:
        """Records whose id, name or any field value contains `text` (case-insensitive)."""
        needle = text.strip().lower()
        if not needle:
            return []
        hits: list[SearchHit] = []
        for rec in self.records():
            if needle in rec.id.lower() or needle in rec.name.lower():
                hits.append(SearchHit(rec, (), rec.label))
            elif rec.editable and needle in self._haystack(rec):
                for path, value in _searched(rec.data):
                    if needle in str(value).lower():
                        hits.append(SearchHit(rec, path, f"{format_path(path)}: {value}"))
                        break
            if len(hits) >= limit:
                break
        hits.sort(key=lambda h: (h.path != (), not h.rec.id.lower().startswith(needle), h.rec.id))
        return hits

    def _haystack(self, rec: DocRecord) -> str:
        """The record's field values in lower case, one a line, kept until it changes: a search as
        you type tests each record with one `in` rather than walking all its fields."""
        text = self._haystacks.get(rec.uid)
        if text is None:
            text = "\n".join(str(value).lower() for _path, value in _searched(rec.data))
            self._haystacks[rec.uid] = text
        return text

    # ------------------------------------------------------------------ edits that need the whole workspace

    def new_record(self, doc: PackDocument, kind: str, rid: str, data: dict | None = None) -> DocRecord:
        """A record of `kind` with its required fields filled in, created by a command."""
        model = self.model_class(kind)
        if data is None:
            nav = nav_for(model)
            data = nav.skeleton(nav.root)
        data = dict(copy.deepcopy(data), kind=kind, id=rid)
        rec = DocRecord(doc, doc.folder_for(kind) / f"{rid}.yaml", data)
        doc.stack.push(CreateRecord(doc, rec))
        return rec

    def duplicate(self, rec: DocRecord, rid: str, doc: PackDocument | None = None) -> DocRecord:
        """A copy of `rec` named `rid`, in `doc` (default: `rec`'s pack), beside the records of its kind
        there, or in the folder it has in its own pack."""
        doc = doc or rec.doc
        data = copy.deepcopy(rec.data)
        data.pop("id", None)
        if isinstance(data.get("name"), str):  # two records of one name read alike in the browser
            data["name"] += " (copy)"
        if doc is rec.doc or not any(r.kind == rec.kind for r in doc.records.values()):
            folder = doc.root / rec.path.parent.relative_to(rec.doc.root)
        else:
            folder = doc.folder_for(rec.kind)
        copy_rec = DocRecord(doc, folder / f"{rid}{rec.path.suffix}", {"id": rid, **data})
        doc.stack.push(CreateRecord(doc, copy_rec, f"Duplicate {rec.id} as {rid}"))
        return copy_rec

    def plan_rename(self, rec: DocRecord, new_id: str) -> RenamePlan:
        if not rec.is_manifest:
            return plan_rename([d.pack for d in self.docs], rec.doc.pack, rec.kind, rec.id, new_id)
        plan = RenamePlan(MANIFEST_KIND, rec.id, new_id, self.used_by(rec))
        if not re.fullmatch(ID_PATTERN, new_id):
            plan.problems.append(f"'{new_id}' is not a valid pack id: use lower-case letters, digits, "
                                 "'.', '_' and '-'")
        if any(d.id == new_id for d in self.docs if d is not rec.doc):
            plan.problems.append(f"another open pack is already called '{new_id}'")
        return plan

    def rename(self, rec: DocRecord, new_id: str) -> RenameRecord:
        plan = self.plan_rename(rec, new_id)
        if not plan.ok:
            raise ValueError("; ".join(plan.problems))
        command = RenameRecord(rec, plan, self.holder_of)
        command.push()
        return command

    def delete(self, rec: DocRecord) -> None:
        rec.doc.stack.push(DeleteRecord(rec.doc, rec.uid))

    # ------------------------------------------------------------------ validation

    def check_record(self, rec: DocRecord) -> None:
        """Findings for one record now (as you type); the whole workspace follows shortly."""
        if rec.is_manifest:
            rec.diagnostics = list(rec.doc.pack.diagnostics)
            return
        ruleset = self.ruleset(rec.doc)
        rec.diagnostics = check_entry(rec.entry, rec.doc.pack.effective(), ruleset)

    def check_all(self) -> None:
        """Every finding of every open pack, as `sortie validate` reports them."""
        self._check_timer.stop()
        self._pending.clear()
        for doc in self.docs:
            if doc.make_precise():  # line numbers for the Issues dock
                self._holders = None
        found: list[Diagnostic] = []
        for doc in self.docs:
            found.extend(check_pack(doc.pack, self.ruleset(doc)))
        found.sort(key=sort_key)
        by_file: dict[str, list[Diagnostic]] = {}
        for diag in found:
            by_file.setdefault(diag.file, []).append(diag)
        for rec in self.records():
            rec.diagnostics = by_file.get(rec.file, [])
        self.diagnostics = found
        self.issuesChanged.emit()

    def schedule_check(self) -> None:
        self._check_timer.start()

    def record_for_diagnostic(self, diag: Diagnostic) -> DocRecord | None:
        for rec in self.records():
            if rec.file == diag.file:
                return rec
        return None

    def check_pending(self) -> None:
        """Findings for the records edited since the last call (as you type)."""
        self._record_timer.stop()
        pending, self._pending = self._pending, set()
        for uid in sorted(pending):
            rec = self.record(uid)
            if rec is not None:
                self.check_record(rec)
                self.recordChecked.emit(uid)

    def _on_changed(self, doc: PackDocument, uid: int, path: FieldPath) -> None:
        self._holders = None
        self._haystacks.pop(uid, None)
        if doc.records.get(uid) is doc.manifest:
            self._relink(doc)
        self._pending.add(uid)
        self.recordChanged.emit(uid, path)
        self._record_timer.start()
        self.schedule_check()

    def _relink(self, doc: PackDocument) -> None:
        """The engine's pack follows an edited manifest: its id, ruleset and base pack."""
        ruleset = doc.pack.ruleset
        self.workspace.relink(doc.pack, doc.manifest.entry.doc)
        if doc.pack.ruleset != ruleset:
            doc.rebuild_entries()  # which kinds a pack may hold comes from its ruleset
        base = doc.pack.base
        if base is not None and not any(d.pack is base for d in self.docs):
            self._doc_for(base)  # a base found on disk opens with the pack, as on opening
            self.docsChanged.emit()

    def _on_added(self, doc: PackDocument, uid: int) -> None:
        self._holders = None
        self.check_record(doc.records[uid])
        self.recordAdded.emit(uid)
        self.schedule_check()

    def _on_removed(self, uid: int) -> None:
        self._holders = None
        self._haystacks.pop(uid, None)
        self.recordRemoved.emit(uid)
        self.schedule_check()

    # ------------------------------------------------------------------ saving

    def modified_docs(self) -> list[PackDocument]:
        return [d for d in self.docs if d.is_modified()]

    def save_all(self) -> list[Path]:
        written: list[Path] = []
        for doc in self.modified_docs():
            try:
                written.extend(doc.save())
            finally:  # a pack saved in part: the records written lose their marks all the same
                self.saved.emit(doc)
        return written


def _searched(data: Any) -> Iterator[tuple[FieldPath, Any]]:
    """The values search looks in: every field but the kind, id and name (matched on their own)."""
    return ((path, value) for path, value in _leaves(data) if not (path and path[0] in ("kind", "id", "name")))


def _leaves(data: Any, path: FieldPath = ()) -> Iterator[tuple[FieldPath, Any]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _leaves(value, path + (index,))
    elif data is not None:
        yield path, data
