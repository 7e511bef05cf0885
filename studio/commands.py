"""Every edit is one of these commands, pushed on the undo stack of the document it edits.

A form field, a table cell, the board's drag handle or a recovery all push the
same commands, so undo, redo and "unsaved changes" behave the same whichever
view made the edit. Records are named by their session uid and fields by a
path tuple like `("rows", 3, "plane")`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Iterable

from PySide6.QtGui import QUndoCommand

from engine.content.diagnostics import FieldPath, format_path
from engine.content.refactor import RenamePlan, renamed_path
from engine.content.schemanav import get_path

from .document import UNSET, DocRecord, PackDocument

MERGE_SECONDS = 2.0


class SetField(QUndoCommand):
    """Set (or with UNSET, clear) one value of a record.

    Consecutive edits of the same field within a couple of seconds merge into
    one step, so undo takes back a typed word, not a keystroke.
    """

    MERGE_ID = 1

    def __init__(self, doc: PackDocument, uid: int, path: FieldPath, value: Any, text: str = "") -> None:
        rec = doc.records[uid]
        super().__init__(text or f"Set {format_path(path) or 'record'} of {rec.id}")
        self.doc, self.uid, self.path, self.value = doc, uid, tuple(path), value
        self.old: Any = UNSET
        self.done_once = False
        self.stamp = time.monotonic()

    def _live(self) -> bool:
        """False when the record left the document or became unreadable (changed on disk)."""
        rec = self.doc.records.get(self.uid)
        return rec is not None and (rec.editable or not self.path)

    def redo(self) -> None:
        if not self._live():
            return
        old = self.doc.set_value(self.uid, self.path, self.value)
        if not self.done_once:
            self.old, self.done_once = old, True

    def undo(self) -> None:
        if self._live() and self.done_once:
            self.doc.set_value(self.uid, self.path, self.old)

    def id(self) -> int:
        return self.MERGE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if not (
            type(other) is SetField
            and type(self) is SetField
            and other.doc is self.doc
            and other.uid == self.uid
            and other.path == self.path
            and other.stamp - self.stamp < MERGE_SECONDS
        ):
            return False
        self.value, self.stamp = other.value, other.stamp
        if self.value == self.old:
            self.setObsolete(True)
        return True


class _ListEdit(SetField):
    """An edit of a list, applied as a new value for the whole list (never merged)."""

    def __init__(self, doc: PackDocument, uid: int, list_path: FieldPath, items: list, text: str) -> None:
        super().__init__(doc, uid, list_path, items, text)

    def id(self) -> int:
        return -1

    @staticmethod
    def current(doc: PackDocument, uid: int, list_path: FieldPath) -> list:
        value = get_path(doc.records[uid].data, list_path, None)
        return list(value) if isinstance(value, list) else []


class InsertItem(_ListEdit):
    def __init__(self, doc: PackDocument, uid: int, list_path: FieldPath, index: int, value: Any) -> None:
        items = self.current(doc, uid, list_path)
        items.insert(index, value)
        super().__init__(doc, uid, list_path, items, f"Add item to {format_path(list_path)}")


class RemoveItem(_ListEdit):
    def __init__(self, doc: PackDocument, uid: int, list_path: FieldPath, index: int) -> None:
        items = self.current(doc, uid, list_path)
        del items[index]
        super().__init__(doc, uid, list_path, items, f"Remove item {index + 1} of {format_path(list_path)}")


class MoveItem(_ListEdit):
    def __init__(self, doc: PackDocument, uid: int, list_path: FieldPath, index: int, to: int) -> None:
        items = self.current(doc, uid, list_path)
        items.insert(to, items.pop(index))
        super().__init__(doc, uid, list_path, items, f"Move item {index + 1} of {format_path(list_path)}")


class MoveFile(QUndoCommand):
    """Change the file a record is saved to (the old one is removed on save)."""

    def __init__(self, doc: PackDocument, uid: int, path: Path) -> None:
        super().__init__(f"Move {doc.records[uid].id} to {Path(path).name}")
        self.doc, self.uid, self.path, self.old = doc, uid, Path(path), doc.records[uid].path

    def redo(self) -> None:
        if self.uid in self.doc.records:
            self.doc.set_path(self.uid, self.path)

    def undo(self) -> None:
        if self.uid in self.doc.records:
            self.doc.set_path(self.uid, self.old)


class CreateRecord(QUndoCommand):
    def __init__(self, doc: PackDocument, rec: DocRecord, text: str = "") -> None:
        super().__init__(text or f"Create {rec.kind} {rec.id}")
        self.doc, self.rec = doc, rec

    def redo(self) -> None:
        self.doc.insert_record(self.rec)

    def undo(self) -> None:
        if self.rec.uid in self.doc.records:
            self.doc.take_record(self.rec.uid)


class DeleteRecord(QUndoCommand):
    def __init__(self, doc: PackDocument, uid: int, text: str = "") -> None:
        rec = doc.records[uid]
        super().__init__(text or f"Delete {rec.kind} {rec.id}")
        self.doc, self.rec = doc, rec

    def redo(self) -> None:
        if self.rec.uid in self.doc.records:
            self.doc.take_record(self.rec.uid)

    def undo(self) -> None:
        self.doc.insert_record(self.rec)


class Macro(QUndoCommand):
    """Several commands as one step; undone in reverse order."""

    def __init__(self, text: str, commands: Iterable[QUndoCommand] = ()) -> None:
        super().__init__(text)
        self.commands = list(commands)

    def redo(self) -> None:
        for command in self.commands:
            command.redo()

    def undo(self) -> None:
        for command in reversed(self.commands):
            command.undo()


class RenameRecord(Macro):
    """A new id for a record, every reference to it (in any open pack), and its file name.

    Pushed on the renamed record's document; references in packs that extend
    it change with it, and those packs show as modified until saved.
    """

    def __init__(self, rec: DocRecord, plan: RenamePlan, holder_of) -> None:
        """`holder_of(entry)` gives the DocRecord that an engine entry belongs to."""
        doc = rec.doc
        commands: list[QUndoCommand] = [SetField(doc, rec.uid, ("id",), plan.new_id)]
        for usage in plan.usages:
            holder = holder_of(usage.entry)
            if holder is not None:
                commands.append(SetField(holder.doc, holder.uid, usage.path, plan.new_id))
        new_path = renamed_path(rec.path, plan.old_id, plan.new_id)
        if new_path != rec.path:
            commands.append(MoveFile(doc, rec.uid, new_path))
        super().__init__(f"Rename {rec.kind} {plan.old_id} to {plan.new_id}", commands)
        self.plan = plan
