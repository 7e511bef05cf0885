"""Where a record is referenced: "used by", renames that keep references in step, and
what a delete would leave dangling.

Works on loaded packs (`engine.content.loader.Pack`), reading each entry's raw
data through its kind's schema, so records that do not validate yet are still
searched. A reference counts only where it resolves to the record in question:
a pack that overrides the id with its own record is not affected by a rename
in its base.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from .diagnostics import FieldPath, format_path
from .loader import Entry, Pack
from .model import ID_PATTERN
from .schemanav import nav_for


@dataclass(frozen=True, eq=False)
class Usage:
    """One reference: the record that holds it and the field path inside that record."""

    entry: Entry
    path: FieldPath
    kinds: tuple[str, ...]

    @property
    def label(self) -> str:
        return f"{self.entry.kind}:{self.entry.id} at {format_path(self.path)}"


@dataclass
class RenamePlan:
    """The references a rename rewrites, and why it cannot be done (if it cannot)."""

    kind: str
    old_id: str
    new_id: str
    usages: list[Usage] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _definer(pack: Pack, kind: str, rid: str) -> Pack | None:
    """The pack in `pack`'s chain whose record (kind, rid) `pack` sees."""
    for member in pack.chain():
        if any(e.kind == kind and e.id == rid for e in member.entries):
            return member
    return None


def _defines_other(pack: Pack, owner: Pack, kinds: Iterable[str], rid: str) -> bool:
    """Whether `pack` still sees a record `rid` of one of `kinds` once `owner`'s is gone."""
    for member in pack.chain():
        if member is owner:
            continue
        if any(e.kind in kinds and e.id == rid for e in member.entries):
            return True
    return False


def references_in(entry: Entry) -> tuple[tuple[FieldPath, str, tuple[str, ...]], ...]:
    """(path, id, kinds) of the references held by one entry, valid or not.

    Kept on the entry: an entry is never changed once built (an edited record gets a new one),
    and the studio's Used-by pane asks for every record's references each time a record shows."""
    found = entry.__dict__.get("_references")
    if found is None:
        model = entry.model
        data = entry.doc.data
        found = () if model is None or not isinstance(data, dict) else tuple(nav_for(model).refs(data))
        entry._references = found
    return found


def used_by(packs: Iterable[Pack], owner: Pack, kind: str, rid: str) -> list[Usage]:
    """Every reference to `owner`'s record (kind, rid) from `owner` and the packs that extend it."""
    out = []
    for pack in packs:
        if _definer(pack, kind, rid) is not owner:
            continue
        for entry in pack.entries:
            for path, value, kinds in references_in(entry):
                if value == rid and kind in kinds:
                    out.append(Usage(entry, path, kinds))
    return out


def dangling_on_delete(packs: Iterable[Pack], owner: Pack, kind: str, rid: str) -> list[Usage]:
    """The references that would point at nothing if `owner`'s record were deleted.

    A reference still resolves when a base pack holds a record with the same id
    (deleting an override reveals the base's record) or when the field accepts
    another kind that has a record with that id.
    """
    packs = list(packs)
    out = []
    for usage in used_by(packs, owner, kind, rid):
        pack = usage.entry.pack
        if pack is not None and _defines_other(pack, owner, usage.kinds, rid):
            continue
        out.append(usage)
    return out


def plan_rename(packs: Iterable[Pack], owner: Pack, kind: str, old_id: str, new_id: str) -> RenamePlan:
    """What renaming `owner`'s record (kind, old_id) to `new_id` rewrites, or why it cannot."""
    packs = list(packs)
    plan = RenamePlan(kind, old_id, new_id)
    if not re.match(ID_PATTERN, new_id) or len(new_id) > 80:
        plan.problems.append(
            f"'{new_id}' is not a valid id: use lower-case letters, digits, '.', '_' and '-', "
            "starting with a letter or digit"
        )
    elif new_id == old_id:
        plan.problems.append("the new id is the same as the old one")
    else:
        for pack in packs:
            if owner in pack.chain() and _definer(pack, kind, new_id) is not None:
                plan.problems.append(f"{kind} '{new_id}' already exists in pack '{pack.id}'")
                break
    if plan.ok:
        plan.usages = used_by(packs, owner, kind, old_id)
    return plan


def renamed_path(path: Path, old_id: str, new_id: str) -> Path:
    """Where a record's file goes after a rename: files named after their id follow it."""
    path = Path(path)
    return path.with_name(new_id + path.suffix) if path.stem == old_id else path
