"""The air forces that face each other; the scenario says which is Intruder (9.0)."""

from __future__ import annotations

from engine.content.model import ID_PATTERN, Model, Record, field, kind_literal


class CounterGroup(Model):
    """A printed subset of a side's counters that rules single out (LL, LRA, Axis allies)."""

    id: str = field("Group id used by unit counters and picks, e.g. 'll'.", pattern=ID_PATTERN)
    name: str = field("Group name as printed, e.g. 'Lend Lease (LL)'.", min_length=1)
    colour: str | None = field(
        "Counter colour when it differs from the side's, e.g. 'brown' for Axis allies.", None
    )


class Side(Record):
    """One air force: its counter colour and the groups of counters its rules name."""

    kind: kind_literal("aw.side")
    colour: str = field("Counter colour as printed, e.g. 'red' or 'grey'.", min_length=1)
    groups: list[CounterGroup] = field(
        "Groups of counters the scenario picks or reinforces by name.", default_factory=list
    )

    def group(self, group_id: str) -> CounterGroup | None:
        return next((g for g in self.groups if g.id == group_id), None)
