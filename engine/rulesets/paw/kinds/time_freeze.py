"""The Time Freeze table: which impulse each step of a plane is flown in."""

from __future__ import annotations

from engine.content.model import Provenance, Record, field, kind_literal


class FreezeRow(Provenance):
    """One row of the Time Freeze table: for a starting Energy, the impulses (a to j) in which the plane moves one
    step (rulebook: Time Freeze)."""

    energy: int = field("Starting Energy of the plane.", unit="energy", ge=1, le=10)
    steps: list[int | None] = field(
        "One cell per impulse (a to j): the number of the step flown there, or null (a dash) "
        "when the plane does not move.",
        min_length=10,
        max_length=10,
    )


class TimeFreezeTable(Record):
    """Rows by starting Energy, columns a-j by impulse."""

    kind: kind_literal("paw.time_freeze_table")
    impulses: list[str] = field("Column labels, in order.", min_length=1)
    rows: list[FreezeRow] = field("One row per starting Energy.", min_length=1)

    def movers(self, impulse: str) -> list[int]:
        """Starting Energies that move at `impulse`."""
        col = self.impulses.index(impulse)
        return [r.energy for r in self.rows if r.steps[col] is not None]
