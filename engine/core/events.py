"""The event log: the complete, ordered record of a game.

Events are plain JSON-able dicts with a `seq` number and a `type`. Standard
unit events (see `engine.core.view`) let any viewer rebuild the board at any
point; ruleset events add what happened and why (tables, rolls, modifiers).
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Iterator


def canonical(obj: Any) -> str:
    """The one JSON spelling of a value: sorted keys, no spaces; used for byte-identical logs."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class EventLog:
    def __init__(self) -> None:
        self._events: list[dict] = []

    def append(self, type_: str, data: dict[str, Any]) -> dict:
        event = {"seq": len(self._events), "type": type_, **data}
        self._events.append(event)
        return event

    def add(self, event: dict[str, Any]) -> dict:
        """Log an event its caller built whole, `{"seq": None, "type": ..., ...}`: the number is set
        here, and the placeholder keeps it the first key. Hot paths use it: `append` copies the
        data into a second dict (and grows it on the way), some fifth of what an event costs."""
        event["seq"] = len(self._events)
        self._events.append(event)
        return event

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[dict]:
        return iter(self._events)

    def __getitem__(self, index):
        return self._events[index]

    def of_type(self, *types: str) -> list[dict]:
        return [e for e in self._events if e["type"] in types]

    def to_jsonl(self) -> str:
        return "".join(canonical(e) + "\n" for e in self._events)

    @staticmethod
    def first_difference(a: Iterable[dict], b: Iterable[dict]) -> int | None:
        """Index of the first event that differs between two logs, or None if identical."""
        a, b = list(a), list(b)
        for i, (x, y) in enumerate(zip(a, b)):
            if canonical(x) != canonical(y):
                return i
        return None if len(a) == len(b) else min(len(a), len(b))
