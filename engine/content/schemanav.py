"""Walking a kind's JSON Schema alongside record data.

The studio builds its forms from the schemas, and the refactoring helpers find
references in records that may not validate yet; both need the same small
vocabulary: follow `$ref`, see through `X | None`, find the schema of a value
at a data path, and make a sensible empty value for a new record or list item.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any, Iterator

from .diagnostics import FieldPath
from .model import Record
from .schemas import kind_schema

_NULL = {"type": "null"}
# Keys of a wrapper (a `$ref` with siblings, an `anyOf` with null) that describe the field.
_FIELD_KEYS = ("title", "description", "default", "examples", "x-unit", "x-ref")


class SchemaNav:
    """A root schema and the means to read any node of it."""

    def __init__(self, root: dict) -> None:
        self.root = root

    def resolve(self, node: dict | None) -> dict:
        """`node` with `$ref` followed; the wrapper's own keys win over the target's."""
        node = node or {}
        seen = 0
        while "$ref" in node and seen < 32:
            seen += 1
            target = self._lookup(node["$ref"])
            node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        return node

    def _lookup(self, ref: str) -> dict:
        if not ref.startswith("#/"):
            return {}
        node: Any = self.root
        for part in ref[2:].split("/"):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        return node if isinstance(node, dict) else {}

    def branches(self, node: dict) -> list[dict]:
        """The non-null alternatives of a node (the node itself when it has none)."""
        node = self.resolve(node)
        options = node.get("anyOf") or node.get("oneOf")
        if not options:
            return [node]
        outer = {k: node[k] for k in _FIELD_KEYS if k in node}
        out = []
        for option in options:
            option = self.resolve(option)
            if option == _NULL:
                continue
            nested = option.get("anyOf") or option.get("oneOf")
            for flat in self.branches(option) if nested else [option]:
                out.append({**flat, **outer})  # the field's own description wins
        return out

    def nullable(self, node: dict) -> bool:
        node = self.resolve(node)
        options = [self.resolve(o) for o in node.get("anyOf") or node.get("oneOf") or ()]
        return any(o == _NULL or (("anyOf" in o or "oneOf" in o) and self.nullable(o)) for o in options)

    def plain(self, node: dict) -> dict:
        """The single non-null form of a node, or the node itself when it is a true union."""
        options = self.branches(node)
        return options[0] if len(options) == 1 else self.resolve(node)

    def child(self, node: dict, part: str | int) -> dict | None:
        """Schema of the value at `part` inside a value described by `node`."""
        for option in self.branches(node):
            if isinstance(part, int) and "items" in option:
                return option["items"]
            if isinstance(part, str):
                props = option.get("properties") or {}
                if part in props:
                    return props[part]
                extra = option.get("additionalProperties")
                if isinstance(extra, dict):
                    return extra
        return None

    def at(self, path: FieldPath) -> dict | None:
        node: dict | None = self.root
        for part in path:
            if node is None:
                return None
            node = self.child(node, part)
        return node

    def skeleton(self, node: dict | None) -> Any:
        """A fresh value for `node`: its default, or the simplest value of its type.

        Objects get their required fields only, so a new record or row starts
        with just what must be filled in.
        """
        node = self.plain(node or {})
        if "default" in node and node["default"] is not None:
            return copy.deepcopy(node["default"])
        if "const" in node:
            return node["const"]
        if node.get("enum"):
            return node["enum"][0]
        kind = node.get("type")
        if "anyOf" in node or "oneOf" in node:
            return self.skeleton(self.branches(node)[0])
        if kind == "object" or "properties" in node:
            props = node.get("properties") or {}
            return {k: self.skeleton(props.get(k)) for k in node.get("required", ()) if k in props}
        if kind == "array":
            return []
        if kind in ("integer", "number"):
            value = 0
            if "exclusiveMinimum" in node:
                value = max(value, node["exclusiveMinimum"] + 1)
            if "minimum" in node:
                value = max(value, node["minimum"])
            if "exclusiveMaximum" in node:
                value = min(value, node["exclusiveMaximum"] - 1)
            if "maximum" in node:
                value = min(value, node["maximum"])
            return int(value) if kind == "integer" else float(value)
        if kind == "boolean":
            return False
        if kind == "null":
            return None
        return ""

    def refs(self, data: Any, node: dict | None = None, path: FieldPath = ()) -> Iterator[
        tuple[FieldPath, str, tuple[str, ...]]
    ]:
        """(path, id, kinds) of every reference in `data`, valid or not."""
        seen: set[FieldPath] = set()
        for found in self._refs(data, self.root if node is None else node, path):
            if found[0] not in seen:
                seen.add(found[0])
                yield found

    def _refs(self, data: Any, node: dict, path: FieldPath):
        for option in self.branches(node):
            if "x-ref" in option and isinstance(data, str):
                yield path, data, tuple(option["x-ref"])
            elif isinstance(data, dict):
                for key, value in data.items():
                    sub = self.child(option, key)
                    if sub is not None:
                        yield from self._refs(value, sub, path + (key,))
            elif isinstance(data, list) and "items" in option:
                for index, value in enumerate(data):
                    yield from self._refs(value, option["items"], path + (index,))


@lru_cache(maxsize=None)
def nav_for(model: type[Record]) -> SchemaNav:
    """The schema navigator of a record class (schema generation is slow: once per class)."""
    return SchemaNav(kind_schema(model))


def get_path(data: Any, path: FieldPath, default: Any = None) -> Any:
    """The value at `path` inside plain data, or `default` when any step is missing."""
    for part in path:
        if isinstance(part, int) and isinstance(data, list) and 0 <= part < len(data):
            data = data[part]
        elif isinstance(part, str) and isinstance(data, dict) and part in data:
            data = data[part]
        else:
            return default
    return data
