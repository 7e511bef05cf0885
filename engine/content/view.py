"""A read-only view of the records a game or a preview may use: a pack and its bases.

The engine takes one of these rather than a pack so that the studio can hand it
the records as they are in the editor, unsaved edits included.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Iterable

from .model import Record


class ContentView:
    def __init__(self, records: Iterable[Record], pack: str = "") -> None:
        self.pack = pack
        self._by_key: dict[tuple[str, str], Record] = {}
        self._by_kind: dict[str, list[Record]] = defaultdict(list)
        for record in records:
            key = (record.kind_id(), record.id)
            if key not in self._by_key:
                self._by_kind[key[0]].append(record)
            else:
                kind_list = self._by_kind[key[0]]
                kind_list[kind_list.index(self._by_key[key])] = record
            self._by_key[key] = record

    @classmethod
    def of_pack(cls, pack) -> "ContentView":
        """The effective records of a loaded `Pack` (its own over its bases')."""
        return cls((e.record for e in pack.effective().values()), pack=pack.id)

    def get(self, kind: str, record_id: str) -> Record | None:
        return self._by_key.get((kind, record_id))

    def records(self, kind: str) -> list[Record]:
        return list(self._by_kind.get(kind, ()))

    def kinds(self) -> list[str]:
        return sorted(self._by_kind)
