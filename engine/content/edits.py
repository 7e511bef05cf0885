"""Edits to a record by field path, each checked by the record's own model: what a board's drag
or a layout's edit turns into, so the schema stays the one source of what may be set."""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from pydantic import ValidationError

from .diagnostics import format_path


def entry_at(record: Any, path: Sequence[str | int]) -> Any:
    """The sub-entry of a record at a field path, e.g. ("planes", 2)."""
    node = record
    for part in path:
        node = node[part] if isinstance(part, int) else getattr(node, part)
    return node


def checked_value(record: Any, path: Sequence[str | int], name: str, value: Any) -> Any:
    """`value` as field `name` of the entry at `path` would hold it, or ValueError saying why.

    Validating the edited entry with its own model keeps the schema's ranges
    and choices the single source of what a board edit may set.
    """
    entry = entry_at(record, path)
    if name not in type(entry).model_fields:
        raise ValueError(f"'{format_path(tuple(path))}' has no field '{name}'")
    data = entry.model_dump(exclude_unset=True)
    data[name] = value
    try:
        checked = type(entry).model_validate(data)
    except ValidationError as exc:
        problem = exc.errors()[0]
        raise ValueError(f"{name} {value!r}: {problem['msg']}") from None
    return getattr(checked, name)


def field_edits(record: Any, path: Sequence[str | int], **values: Any) -> list[tuple]:
    """Edits setting fields of the entry at `path`, each value checked by `checked_value`."""
    return [(tuple(path) + (name,), checked_value(record, path, name, value))
            for name, value in values.items()]


def required(content: Any, kind: str, record_id: str, what: str) -> Any:
    """The record a scenario names, or ValueError saying it is missing (a board needs it)."""
    found = content.get(kind, record_id)
    if found is None:
        raise ValueError(f"{what} '{record_id}' is not in the pack")
    return found


def apply_edits(record: Any, edits: Iterable[tuple[Sequence[str | int], Any]]) -> Any:
    """A copy of `record` with the field edits a layout returned, validated again."""
    data = record.model_dump(mode="json", exclude_unset=True)
    for path, value in edits:
        node = data
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    return type(record).model_validate(data)
