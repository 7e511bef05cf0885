"""Every edit is one of these commands, pushed on the undo stack of the document it edits.

A form field, a table cell, the board's drag handle or a recovery all push the
same commands, so undo, redo and "unsaved changes" behave the same whichever
view made the edit. Records are named by their session uid and fields by a
path tuple like `("rows", 3, "plane")`.
"""

from __future__ import annotations

import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Iterable

from PySide6.QtGui import QUndoCommand
from shiboken6 import isValid

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
    """Several commands as one step; undone in reverse order.

    Each document the commands edit takes them as one change (`PackDocument.batch`),
    so views redraw once per step, not once per value.
    """

    def __init__(self, text: str, commands: Iterable[QUndoCommand] = ()) -> None:
        super().__init__(text)
        self.commands = list(commands)

    @property
    def docs(self) -> list[PackDocument]:
        found: dict[int, PackDocument] = {}
        for command in self.commands:
            for doc in getattr(command, "docs", None) or [command.doc]:
                found.setdefault(id(doc), doc)
        return list(found.values())

    def _batched(self) -> ExitStack:
        stack = ExitStack()
        for doc in self.docs:
            stack.enter_context(doc.batch())
        return stack

    def redo(self) -> None:
        with self._batched():
            for command in self.commands:
                command.redo()

    def undo(self) -> None:
        with self._batched():
            for command in reversed(self.commands):
                command.undo()


def edit_command(doc: PackDocument, uid: int, text: str, edits: Iterable[tuple[FieldPath, Any]]) -> Macro:
    """One step setting several fields of a record: what a board gesture pushes (the form
    pushes the same `SetField`s one at a time)."""
    return Macro(text, [SetField(doc, uid, path, value) for path, value in edits])


class Shared:
    """One step in the history of several documents, e.g. a rename that reaches other packs.

    Each document's stack holds its own part, so undo finds the step whichever pack
    is current, and the parts are done and undone together: undoing the step in one
    pack first undoes what came after it in the others, redoing it first redoes what
    came before it there. Every pack's history stays a consistent order of its own
    edits. A part dropped from its stack (a new edit there after the step was
    undone) stops following; the other parts still apply their own edits, and the
    validator reports what no longer matches.
    """

    def __init__(self, text: str, commands: Iterable[QUndoCommand]) -> None:
        by_doc: dict[int, tuple[PackDocument, list[QUndoCommand]]] = {}
        for command in commands:
            by_doc.setdefault(id(command.doc), (command.doc, []))[1].append(command)
        self.text = text
        self.parts = [SharedPart(self, doc, text, part) for doc, part in by_doc.values()]
        self.done: set[int] = set()  # ids of the parts that are done

    def push(self) -> None:
        for part in self.parts:
            part.doc.stack.push(part)


class SharedPart(Macro):
    """The part of a `Shared` step on one document's stack."""

    def __init__(self, shared: Shared, doc: PackDocument, text: str, commands: list[QUndoCommand]) -> None:
        super().__init__(text, commands)
        self.shared, self.doc = shared, doc

    def id(self) -> int:
        return -1

    def redo(self) -> None:
        if id(self) in self.shared.done:
            return
        self.shared.done.add(id(self))
        for other in self.shared.parts:
            if other is not self and id(other) not in self.shared.done:
                other._follow(done=True)
        super().redo()

    def undo(self) -> None:
        if id(self) not in self.shared.done:
            return
        self.shared.done.discard(id(self))
        for other in self.shared.parts:
            if other is not self and id(other) in self.shared.done:
                other._follow(done=False)
        super().undo()

    def _follow(self, done: bool) -> None:
        """Bring this part's stack to just after (done) or just before (undone) this part."""
        position = self.position()
        if position is not None:
            self.doc.stack.setIndex(position + 1 if done else position)

    def position(self) -> int | None:
        """Where this part is on its stack; None once it was dropped from it."""
        if not isValid(self):
            return None
        stack = self.doc.stack
        return next((i for i in range(stack.count() - 1, -1, -1) if stack.command(i) is self), None)


class RenameRecord(Shared):
    """A new id for a record, every reference to it (in any open pack), and its file name.

    One step in every pack it edits (see `Shared`): undo it from the renamed
    record's pack or from a pack whose references followed.
    """

    def __init__(self, rec: DocRecord, plan: RenamePlan, holder_of) -> None:
        """`holder_of(entry)` gives the DocRecord that an engine entry belongs to."""
        doc = rec.doc
        commands: list[QUndoCommand] = [SetField(doc, rec.uid, ("id",), plan.new_id)]
        for usage in plan.usages:
            holder = holder_of(usage.entry)
            if holder is not None:
                commands.append(SetField(holder.doc, holder.uid, usage.path, plan.new_id))
        new_path = rec.path if rec.is_manifest else renamed_path(rec.path, plan.old_id, plan.new_id)
        if new_path != rec.path:
            commands.append(MoveFile(doc, rec.uid, new_path))
        super().__init__(f"Rename {rec.kind} {plan.old_id} to {plan.new_id}", commands)
        self.plan = plan
