"""Air Force lint rules on the hit, range and die tables and the bombing cards."""

from __future__ import annotations

import re

from engine.content.ruleset import LintContext, LintRule

from ..kinds.tables import BombingCard, DieTable, HitTable, RangeTable, result_problem
from .order import _ascending


# --------------------------------------------------------------------------- tables


class HitColumns(LintRule):
    code = "af.hit_columns"
    kinds = ("af.hit_table",)
    summary = "Hit Table columns are numbered 1, 2, 3 ... and do no less damage further right."

    def check(self, table: HitTable, ctx: LintContext) -> None:
        numbers = [c.column for c in table.columns]
        if numbers != list(range(1, len(numbers) + 1)):
            ctx.emit_error(("columns",), f"columns are numbered {numbers[:6]}...; expected 1, 2, 3 ... in order")
            return
        for i in range(1, len(table.columns)):
            for roll in range(1, 7):
                before, now = table.columns[i - 1].lookup(roll), table.columns[i].lookup(roll)
                if before and now and len(now.hits) < len(before.hits):
                    ctx.emit_warning(
                        ("columns", i),
                        f"column {i + 1} scores {len(now.hits)} hit(s) on a {roll}, fewer than "
                        f"column {i} ({len(before.hits)})",
                    )
                    break


class RangeShape(LintRule):
    code = "af.range_shape"
    kinds = ("af.range_table",)
    summary = "Range columns run outwards without gaps; rows rise in firepower and fill every column."

    def check(self, table: RangeTable, ctx: LintContext) -> None:
        expect = table.ranges[0].from_hexes
        for i, band in enumerate(table.ranges):
            if band.from_hexes != expect or band.to_hexes < band.from_hexes:
                ctx.emit_error(
                    ("ranges", i),
                    f"column covers {band.from_hexes}-{band.to_hexes} hexes; expected it to start at {expect}",
                )
                return
            expect = band.to_hexes + 1
        fire = [r.firepower for r in table.rows]
        back = next((i for i in range(1, len(fire)) if fire[i] <= fire[i - 1]), None)
        if back is not None:  # at the row, not the table: a table of 16 rows is a long read
            ctx.emit_error(("rows", back, "firepower"), f"firepower {fire[back]} after {fire[back - 1]} "
                           f"(rows[{back - 1}]); rows rise in firepower, each once")
        for i, row in enumerate(table.rows):
            if len(row.effectiveness) != len(table.ranges):
                ctx.emit_error(
                    ("rows", i, "effectiveness"),
                    f"{len(row.effectiveness)} value(s) for {len(table.ranges)} range column(s)",
                )


class RangeMonotonic(LintRule):
    code = "af.range_monotonic"
    kinds = ("af.range_table",)
    summary = "Effectiveness falls with range and rises with firepower."

    def check(self, table: RangeTable, ctx: LintContext) -> None:
        for i, row in enumerate(table.rows):
            if not _ascending(row.effectiveness[::-1], strict=False):
                ctx.emit_warning(("rows", i, "effectiveness"), f"firepower {row.firepower} grows stronger with range")
        for i in range(1, len(table.rows)):
            a, b = table.rows[i - 1], table.rows[i]
            if any(y < x for x, y in zip(a.effectiveness, b.effectiveness)):
                ctx.emit_warning(
                    ("rows", i, "effectiveness"),
                    f"firepower {b.firepower} is less effective than {a.firepower} at some range",
                )


class DieResults(LintRule):
    code = "af.die_results"
    kinds = ("af.die_table",)
    summary = "Every row has one result per column, each a result the procedure knows."

    def check(self, table: DieTable, ctx: LintContext) -> None:
        for i, message in table.ragged_rows():
            ctx.emit_error(("rows", i, "results"), message)
        for i, row in enumerate(table.rows):
            for j, value in enumerate(row.results):
                problem = result_problem(table.procedure, value)
                if problem:
                    ctx.emit_error(("rows", i, "results", j), f"{table.procedure}: {problem}")


class BombingCardRolls(LintRule):
    code = "af.bombing_card"
    kinds = ("af.bombing_card",)
    summary = "Each red-white roll lands in one hex at most; hexes differ; the altitude band is sane."

    def check(self, card: BombingCard, ctx: LintContext) -> None:
        if card.max_altitude_ft < card.min_altitude_ft:
            ctx.emit_error(("max_altitude_ft",), "card's altitude band ends below where it starts")
        seen: dict[str, int] = {}
        offsets: set[tuple[int, int]] = set()
        for i, cell in enumerate(card.hexes):
            if (cell.dq, cell.dr) in offsets:
                ctx.emit_error(("hexes", i), f"hex ({cell.dq}, {cell.dr}) is listed twice")
            offsets.add((cell.dq, cell.dr))
            for j, result in enumerate(cell.results):
                if not re.fullmatch(r"[1-6][1-6]", result):
                    ctx.emit_error(("hexes", i, "results", j), f"'{result}' is not a red-white roll like '36'")
                elif result in seen:
                    ctx.emit_error(
                        ("hexes", i, "results", j), f"roll {result} is already printed in hex {seen[result] + 1}"
                    )
                seen.setdefault(result, i)


class HitModifiers(LintRule):
    code = "af.hit_modifiers"
    kinds = ("af.hit_table",)
    summary = "The Hit Table's modifiers include the 'inverted' one the fire phase reads by id."

    def check(self, table: HitTable, ctx: LintContext) -> None:
        if not any(m.id == "inverted" for m in table.modifiers):
            ctx.emit_warning(("modifiers",), "no 'inverted' modifier: planes firing inverted (IX) would take none")
