"""Whether numbers ascend: the order several Air Force lint rules check."""

from __future__ import annotations


def _ascending(values: list[int], strict: bool = True) -> bool:
    pairs = zip(values, values[1:])
    return all(a < b for a, b in pairs) if strict else all(a <= b for a, b in pairs)
