"""Rolling on the pack's tables with every roll kept for the scenario's provenance.

A printed table can leave a roll uncovered, cut a row off, or print a plane no
dashboard stands for. The pack says what to do then (`on_missing`): roll again,
or stop and report. Reporting names the theater, timeline, table and roll so
a designer can go straight to the row.
"""

from __future__ import annotations

from typing import Any, Callable

from engine.content.dice import distribution
from engine.core.dice import Dice

Check = Callable[[Any], "str | None"]  # row -> why it cannot be used, or None


class MissionReport(Exception):
    """The tables cannot give a mission: a roll to report, or nothing usable at all."""


def row_path(table: Any, row: Any, base: str) -> str | None:
    """Field path of `row` inside its record, as the validator prints it."""
    for index, candidate in enumerate(table.roll_rows()):
        if candidate is row:
            return f"{base}.rows[{index}]" if base else f"rows[{index}]"
    return None


def usable_faces(table: Any, check: Check) -> list[int]:
    """Rolls of the table's die that land on a row `check` accepts."""
    faces = []
    for face in distribution(table.die):
        row = table.lookup(face)
        if row is not None and check(row) is None:
            faces.append(face)
    return faces


class Roller:
    """The generator's dice: each roll is logged with its purpose, table, row and outcome."""

    def __init__(self, seed: int, where: str, default_policy: str,
                 forced_policy: str | None = None) -> None:
        self.log: list[dict] = []
        self.dice = Dice(seed, self.log.append)
        self.where = where
        self._default = default_policy
        self._forced = forced_policy

    def note(self, **fields) -> None:
        """Complete the entry of the roll just made."""
        self.log[-1].update(fields)

    def remark(self, text: str) -> None:
        """Add what became of the roll just made to its outcome."""
        self.log[-1]["outcome"] += f"; {text}"

    def policy(self, record: Any) -> str:
        return self._forced or getattr(record, "on_missing", None) or self._default

    def on_table(self, record: Any, table: Any, base: str, step: str, check: Check,
                 describe: Callable[[Any], str]) -> Any:
        """Roll on `table` (inside `record`, at field path `base`) until a usable row.

        Gaps and rows `check` rejects are rerolled or reported as the record's
        policy says. A table with no usable row at all is always reported:
        rerolling would never end.
        """
        inside = f" in {base}" if base not in ("", "table") else ""
        where = f"{self.where}, {record.label} ({record.id}{inside})"
        if not usable_faces(table, check):
            raise MissionReport(f"{where}: no roll of {table.die} gives a usable row for "
                                f"{step}")
        policy = self.policy(record)
        while True:
            roll = self.dice.one(table.die, step)
            row = table.lookup(roll)
            problem = f"no row for roll {roll}{inside} (a gap)" if row is None else check(row)
            self.note(table=record.id, row=None if row is None else row_path(table, row, base))
            if problem is None:
                self.note(outcome=describe(row))
                return row
            if policy == "report":
                self.note(outcome=f"{problem}; reported")
                raise MissionReport(f"{where}: roll {roll} for {step}: {problem}. Reported "
                                    "because on_missing is 'report'; fix the table, or "
                                    "reroll (--on-missing reroll)")
            self.note(outcome=f"{problem}; rerolled")

    def pick(self, options: list[str], step: str, label: Callable[[str], str] = str) -> str:
        """A choice the rules leave to a player, made at random and logged; none if only one."""
        if len(options) == 1:
            return options[0]
        (chosen,) = self.dice.pick(options, 1, step)
        self.note(outcome=f"{label(chosen)}, among {', '.join(map(label, options))}")
        return chosen
