"""Dice and dice tables: the one table shape all four rulebooks share.

A dice table maps rolls of a die expression (d6, 2d6, d20 ...) to rows. Rolls
are kept as printed ("1-5", 7, "1 or 20", even a misprinted "20-15") and
interpreted here, so the faithful packs can carry the print's defects and the
validator can point at them. A row whose roll was never printed keeps
`roll: null`; it can never be rolled and the validator says so.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Annotated, Any, Callable, ClassVar

from pydantic import ConfigDict, Field, StringConstraints

from .diagnostics import format_path
from .model import PATTERN_WORDS, Model, field

DIE_PATTERN = r"^([1-9][0-9]?)?d([1-9][0-9]{0,2})$"
PATTERN_WORDS[DIE_PATTERN] = "a die: 'd6', '2d6', 'd20' (a lower-case d, the dice before it, the sides after it)"

Die = Annotated[
    str,
    StringConstraints(pattern=DIE_PATTERN),
    Field(
        description="Die expression rolled on this table: 'd6', '2d6', 'd20' ...",
        examples=["d20", "2d6", "d6"],
    ),
]

_ONE = r"\s*[0-9]+\s*(-\s*[0-9]+\s*|\+\s*)?"

ROLL_PATTERN = rf"^{_ONE}(or{_ONE})*$"
PATTERN_WORDS[ROLL_PATTERN] = "a roll: a number (7), a range ('1-5'), an open range ('19+') or alternatives ('1 or 20')"

Roll = Annotated[
    int | Annotated[str, StringConstraints(pattern=ROLL_PATTERN)],
    Field(
        description="Roll or range of rolls for this row, as printed: 7, '1-5', '19+', "
        "or alternatives such as '1 or 20'.",
        examples=[7, "1-5", "19+", "1 or 20"],
    ),
]

_RANGE = re.compile(r"^\s*([0-9]+)\s*(?:(-)\s*([0-9]+)|(\+))?\s*$")
_OR = re.compile(r"\s+or\s+")


@lru_cache(maxsize=64)
def distribution(die: str) -> dict[int, Fraction]:
    """Probability of each total of a die expression."""
    m = re.match(DIE_PATTERN, die)
    if not m:
        raise ValueError(f"not a die expression: {die!r}")
    count, sides = int(m.group(1) or 1), int(m.group(2))
    totals: Counter[int] = Counter({0: 1})
    for _ in range(count):
        nxt: Counter[int] = Counter()
        for total, ways in totals.items():
            for face in range(1, sides + 1):
                nxt[total + face] += ways
        totals = nxt
    whole = sides**count
    return {t: Fraction(w, whole) for t, w in sorted(totals.items())}


def die_range(die: str) -> tuple[int, int]:
    faces = distribution(die)
    return min(faces), max(faces)


@dataclass(frozen=True, slots=True)
class RollSpan:
    low: int
    high: int
    reversed: bool = False  # printed high-to-low, e.g. "20-15"

    def __contains__(self, roll: int) -> bool:
        return self.low <= roll <= self.high

    def text(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


def parse_rolls(roll: int | str, die: str) -> list[RollSpan]:
    """Interpret a printed roll that may list alternatives ('1 or 20')."""
    if isinstance(roll, str) and _OR.search(roll):
        return [parse_roll(part, die) for part in _OR.split(roll.strip())]
    return [parse_roll(roll, die)]


def parse_roll(roll: int | str, die: str) -> RollSpan:
    """Interpret one printed roll or range; raises ValueError with a readable reason."""
    if isinstance(roll, int):
        return RollSpan(roll, roll)
    m = _RANGE.match(roll)
    if not m:
        raise ValueError(f"'{roll}' is not a roll: expected a number, 'low-high' or 'n+'")
    low = int(m.group(1))
    if m.group(4):
        return RollSpan(low, die_range(die)[1])
    if not m.group(2):
        return RollSpan(low, low)
    high = int(m.group(3))
    if high < low:
        return RollSpan(high, low, reversed=True)
    return RollSpan(low, high)


def _spans_text(rolls: list[int]) -> str:
    parts, start = [], None
    for i, r in enumerate(rolls):
        if start is None:
            start = r
        if i + 1 == len(rolls) or rolls[i + 1] != r + 1:
            parts.append(str(start) if start == r else f"{start}-{r}")
            start = None
    return ", ".join(parts)


class DiceTable(Model):
    """A table rolled on with `die`. Subclasses declare `rows`, each with a `roll`.

    `COVERAGE` says whether every possible roll must land on a row (most tables)
    or whether uncovered rolls simply mean "nothing happens".
    """

    COVERAGE: ClassVar[bool] = True
    model_config = ConfigDict(json_schema_extra={"x-dice-table": True})

    die: Die = field("Die expression rolled on this table.", "d20")

    def roll_rows(self) -> list[Any]:
        return list(getattr(self, "rows", []))

    def lookup(self, roll: int) -> Any | None:
        """The first row whose roll covers `roll`, or None on a gap."""
        for row in self.roll_rows():
            if any(roll in span for span in _row_spans(row, self.die)):
                return row
        return None

    def probabilities(self) -> list[Fraction]:
        """Chance of landing on each row, in row order (overlaps count for the first row)."""
        dist = distribution(self.die)
        taken: set[int] = set()
        out = []
        for row in self.roll_rows():
            spans = _row_spans(row, self.die)
            faces = [r for r in dist if any(r in s for s in spans) and r not in taken]
            taken.update(faces)
            out.append(sum((dist[r] for r in faces), Fraction(0)))
        return out


def _row_spans(row: Any, die: str) -> list[RollSpan]:
    """The spans a row covers; none when its roll is missing or unreadable."""
    if row.roll is None:
        return []
    try:
        return parse_rolls(row.roll, die)
    except ValueError:
        return []


Emit = Callable[[str, str, tuple, str], None]  # (severity, code, path, message)


def check_table(table: DiceTable, path: tuple, emit: Emit) -> None:
    """Report unreadable, reversed, out-of-range, overlapping and missing rolls."""
    covered: dict[int, int] = {}
    rows = table.roll_rows()
    for index, row in enumerate(rows):
        row_path = path + ("rows", index, "roll")
        if row.roll is None:
            emit("warning", "dice.no_roll", path + ("rows", index),
                 "row has no roll, so it can never be rolled")
            continue
        try:
            spans = parse_rolls(row.roll, table.die)
        except ValueError as exc:
            emit("error", "dice.roll", row_path, str(exc))
            continue
        for span in spans:
            _check_span(span, index, rows, path + ("rows",), table.die, covered, emit)
    if table.COVERAGE:
        for run in _runs([r for r in distribution(table.die) if r not in covered]):
            _gap(run, rows, path + ("rows",), table.die, covered, emit)


def _runs(rolls: list[int]) -> list[list[int]]:
    """Rolls in runs of consecutive ones."""
    out: list[list[int]] = []
    for r in rolls:
        if out and out[-1][-1] == r - 1:
            out[-1].append(r)
        else:
            out.append([r])
    return out


def _gap(run: list[int], rows: list, rows_path: tuple, die: str, covered: dict[int, int], emit: Emit) -> None:
    """A run of rolls no row covers, at the row it would go before (after the last, else at the
    table), saying between which rows it falls."""
    before, after = covered.get(run[0] - 1), covered.get(run[-1] + 1)

    def row(i: int) -> str:
        return f"the row for {rows[i].roll} ({format_path(rows_path + (i,))})"

    where = (f": between {row(before)} and {row(after)}" if before is not None and after is not None
             else f": before {row(after)}" if after is not None else f": after {row(before)}" if before is not None
             else "")
    at = after if after is not None else before
    emit("warning", "dice.gap", rows_path + ((at, "roll") if at is not None else ()),
         f"no row for roll {_spans_text(run)} on {die}{where}")


def _check_span(span: RollSpan, index: int, rows: list, rows_path: tuple,
                die: str, covered: dict[int, int], emit: Emit) -> None:
    low, high = die_range(die)
    printed, row_path = rows[index].roll, rows_path + (index, "roll")
    if span.reversed:
        emit(
            "warning",
            "dice.reversed",
            row_path,
            f"range '{printed}' runs backwards; read as {span.text()}",
        )
    if span.low < low or span.high > high:
        emit(
            "error",
            "dice.out_of_range",
            row_path,
            f"roll {span.text()} is outside {die} ({low}-{high})",
        )
    overlap = []
    for r in range(max(span.low, low), min(span.high, high) + 1):
        if r in covered:
            overlap.append(r)
        else:
            covered[r] = index
    if overlap:
        first = covered[overlap[0]]
        emit(
            "warning",
            "dice.overlap",
            row_path,
            f"roll {_spans_text(overlap)} is already covered by the row for {rows[first].roll} "
            f"({format_path(rows_path + (first,))})",
        )
