"""What the mission generator would refuse, found by `sortie validate` first: a side that cannot
field the planes of a mission it may fly. It reads the timeline's tables as the generator does
(`Availability`), so the two cannot disagree; it lives beside the generator and is registered with
the ruleset's lint rules."""

from __future__ import annotations

from typing import Any, Iterator

from engine.content.ruleset import LintContext, LintRule

from ..kinds.theaters import TheaterTable, tables_for
from ..kinds.vocabulary import other_side
from .forces import Availability, roles_needed


def _by_period(timeline: Any, tables: list[TheaterTable], ctx: LintContext) -> Iterator[tuple[Availability, str]]:
    """The availability of each sub-period the generator may choose (one for most timelines)."""
    periods = sorted({t.table.period.printed for t in tables
                      if t.table.type == "availability" and t.table.period is not None})
    for period in periods if len(periods) > 1 else [None]:
        chosen = [t for t in tables if t.table.type != "availability" or period is None
                  or t.table.period is None or t.table.period.printed == period]
        yield Availability.of(timeline, chosen, ctx, None), f" in {period}" if period else ""


def _mission_table(tables: list[TheaterTable], side: str, ctx: LintContext) -> tuple[Any, Any, str] | None:
    """The MISSION TYPE table the side rolls on, as the generator finds it: (record, table, cited)."""
    own = [t for t in tables if t.table.type == "mission_type"]
    found = next((t for t in own if t.side == side), None) or next((t for t in own if t.side is None), None)
    if found is not None:
        return found, found.table, ctx.cite("paw.theater_table", found.id)
    general = sorted(ctx.records("paw.mission_table"), key=lambda t: t.id)
    return (general[0], general[0], ctx.cite("paw.mission_table", general[0].id)) if general else None


def _policy(record: Any, ctx: LintContext) -> str | None:
    """What the generator does on a row it cannot use (`Roller.policy`): the table's, else the pack's."""
    rules = sorted(ctx.records("paw.rules"), key=lambda r: r.id)
    return getattr(record, "on_missing", None) or (rules[0].generator.on_missing if rules else None)


class MissionForces(LintRule):
    code = "paw.mission_forces"
    kinds = ("paw.timeline",)
    summary = ("Each side can field the planes of the missions it may fly: the other side's mission and "
               "some row of its MISSION TYPE table (errors: every mission fails), and each row when the "
               "table's on_missing is 'report' (a warning: the missions that roll it fail).")

    def check(self, record, ctx: LintContext) -> None:
        if any(ctx.partial(k) for k in ("paw.theater_table", "paw.mission_type", "paw.mission_table",
                                        "paw.dashboard", "paw.rules")):
            return
        tables = tables_for(record, ctx)
        roll = record.mission_roll
        rolling = [roll.side] if roll.rule == "fixed" else sorted(record.sides)
        other = ctx.get("paw.mission_type", roll.other_mission)
        for avail, period in _by_period(record, tables, ctx):
            for side in [s for s in rolling if s is not None]:
                flies = other_side(side)
                problem = avail.missing(flies, roles_needed(other)) if other is not None else None
                if problem:
                    ctx.emit_error(("mission_roll", "other_mission"),
                                   f"the {flies} cannot fly {other.label}{period}, the mission of the side "
                                   f"that does not roll: {problem}")
                found = _mission_table(tables, side, ctx)
                if found is not None:
                    self._rows(side, period, avail, *found, ctx)

    @staticmethod
    def _rows(side: str, period: str, avail: Availability, record: Any, table: Any, cited: str,
              ctx: LintContext) -> None:
        cannot = []
        for row in table.rows:
            mission = ctx.get("paw.mission_type", row.mission) if row.mission else None
            problem = avail.missing(side, roles_needed(mission)) if mission is not None else None
            if problem:
                cannot.append((row, mission, problem))
        flown = [row for row in table.rows if row.mission and ctx.get("paw.mission_type", row.mission)]
        if flown and len(cannot) == len(flown):
            ctx.emit_error(("sides", side), f"the {side} can fly no mission of {cited}{period}: "
                           f"{cannot[0][1].label}: {cannot[0][2]}")
        elif _policy(record, ctx) == "report":  # rerolled otherwise: the generator rolls again
            for row, mission, problem in cannot:
                ctx.emit_warning(("sides", side), f"the {side} cannot fly {mission.label}{period}, rolled on "
                                 f"{row.roll} of {cited}: {problem}; every mission that rolls it fails, as "
                                 "on_missing is 'report'")


RULES = (MissionForces(),)
