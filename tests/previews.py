"""Checks every ruleset's preview and layout tests share: keys that name real fields,
texts found by the field they show, edits applied back to a record.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from engine.content.diagnostics import parse_path
from engine.drawing.shapes import Drawing, Group, Text
from engine.drawing.svg import to_svg


def resolves(record: Any, key: str) -> bool:
    """True when `key` is a field path that leads to something in `record`."""
    node = record
    for part in parse_path(key):
        if isinstance(part, int):
            if not isinstance(node, list) or part >= len(node):
                return False
            node = node[part]
        elif isinstance(node, dict):
            if part not in node:
                return False
            node = node[part]
        elif part in getattr(type(node), "model_fields", {}):
            node = getattr(node, part)
        else:
            return False
    return True


def texts(drawing: Drawing, key: str) -> list[str]:
    return [i.text for i in drawing.walk() if isinstance(i, Text) and i.key == key]


def items(drawing: Drawing, key: str, kind: type | None = None) -> list:
    return [i for i in drawing.walk() if i.key == key and (kind is None or isinstance(i, kind))]


def renders(drawing: Drawing) -> ET.Element:
    """The drawing's SVG, parsed: a drawing that renders at all, with a real size."""
    assert drawing.width > 0 and drawing.height > 0
    return ET.fromstring(to_svg(drawing).split("\n", 1)[1])


def absolute(drawing: Drawing, target: Any) -> tuple[float, float]:
    """Page offset of the group that holds `target` (groups here only translate)."""
    def walk(group_items, dx, dy):
        for item in group_items:
            if item is target:
                return dx, dy
            if isinstance(item, Group):
                found = walk(item.items, dx + item.dx, dy + item.dy)
                if found is not None:
                    return found
        return None
    found = walk(drawing.items, 0.0, 0.0)
    assert found is not None, "item not in drawing"
    return found
