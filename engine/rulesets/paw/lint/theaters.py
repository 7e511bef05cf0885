"""Pocket Air War lint rules on theater tables and timelines: rows, planes, sides, dates, mission rolls, corrections."""

from __future__ import annotations

import re
from typing import Any

from engine.content.diagnostics import did_you_mean, format_path, parse_path
from engine.content.ruleset import LintContext, LintRule

from ..kinds.theaters import tables_for


def _plane_name(printed: str) -> str:
    """'SM.79 (as B.R.20 M)' -> 'SM.79'."""
    return re.sub(r"\s*\(as .*\)$", "", printed).strip()


# --------------------------------------------------------------------------- theater tables


def _availability_rows(record):
    """(path, section, row) for every row of an availability table; nothing for others."""
    table = record.table
    if table.type != "availability":
        return
    for s, section in enumerate(table.sections):
        for i, row in enumerate(section.rows):
            yield ("table", "sections", s, "rows", i), section, row


def _dashboard(row, ctx: LintContext):
    return ctx.get("paw.dashboard", row.plane) if row.plane else None


class RowCutOff(LintRule):
    code = "paw.row_cut_off"
    kinds = ("paw.theater_table",)
    summary = "A printed row lost its content (mission, target, role or plane)."

    def check(self, record, ctx: LintContext) -> None:
        table = record.table
        if table.type == "mission_type":
            for i, row in enumerate(table.rows):
                if row.mission is None:
                    ctx.emit_warning(("table", "rows", i), "row is cut off: no mission printed")
        elif table.type == "ground_targets":
            for i, row in enumerate(table.rows):
                if row.target is None:
                    ctx.emit_warning(("table", "rows", i), "row is cut off: no target printed")
        else:
            for s, section in enumerate(table.sections):
                if section.role is None:
                    ctx.emit_warning(("table", "sections", s, "role"),
                                     "section is cut off: no role printed")
            for path, _, row in _availability_rows(record):
                if row.printed is None and row.plane is None:  # an authored row names its plane only
                    ctx.emit_warning(path, "row is cut off: no plane printed")
                if row.role_missing:
                    ctx.emit_warning(path, "the Role cell of this row is not printed")


class UnknownPlane(LintRule):
    code = "paw.unknown_plane"
    kinds = ("paw.theater_table",)
    summary = "A printed plane name that designates no dashboard."

    def check(self, record, ctx: LintContext) -> None:
        names = [n for d in ctx.records("paw.dashboard") for n in d.names()]
        for path, _, row in _availability_rows(record):
            if row.plane is None and row.printed is not None:
                hint = did_you_mean(_plane_name(row.printed), names)
                ctx.emit_warning(path + ("printed",),
                                 f"'{row.printed}' matches no plane dashboard.{hint}")


class PlaneName(LintRule):
    code = "paw.plane_name"
    kinds = ("paw.theater_table",)
    summary = "The referenced dashboard must be the plane the row prints, unless corrected."

    def check(self, record, ctx: LintContext) -> None:
        corrected = {c.path for c in record.corrections}
        for path, _, row in _availability_rows(record):
            plane = _dashboard(row, ctx)
            if plane is None or row.printed is None or format_path(path + ("plane",)) in corrected:
                continue
            if _plane_name(row.printed) not in plane.names():
                ctx.emit_warning(path + ("plane",), f"row prints '{row.printed}' but refers to "
                                 f"'{plane.label}'; add the spelling to the dashboard's aliases "
                                 "or fix the reference")


class PlanePoints(LintRule):
    code = "paw.plane_points"
    kinds = ("paw.theater_table",)
    summary = "Points in a table must match the plane's dashboard."

    def check(self, record, ctx: LintContext) -> None:
        for path, _, row in _availability_rows(record):
            plane = _dashboard(row, ctx)
            if plane is not None and row.points is not None and row.points != plane.points:
                ctx.emit_warning(path + ("points",), f"{row.points} points, but the "
                                 f"{plane.label} dashboard is worth {plane.points}")


class PlaneRole(LintRule):
    code = "paw.plane_role"
    kinds = ("paw.theater_table",)
    summary = "A plane listed under a role its dashboard cannot fill."

    def check(self, record, ctx: LintContext) -> None:
        for path, section, row in _availability_rows(record):
            plane = _dashboard(row, ctx)
            if plane is not None and section.role and section.role not in plane.roles:
                ctx.emit_warning(path + ("plane",), f"{plane.label} is listed as {section.role} "
                                 f"but its dashboard roles are {', '.join(plane.roles)}")


class EmptyComposition(LintRule):
    code = "paw.empty_composition"
    kinds = ("paw.theater_table",)
    summary = "A ground target with no counters to place."

    def check(self, record, ctx: LintContext) -> None:
        if record.table.type != "ground_targets":
            return
        for i, row in enumerate(record.table.rows):
            if row.target is not None and not row.composition:
                ctx.emit_warning(("table", "rows", i, "composition"),
                                 f"'{row.target}' has no composition: nothing to place")


class TableSide(LintRule):
    code = "paw.table_side"
    kinds = ("paw.theater_table",)
    summary = "A table for a side or faction that does not fight in its timeline."

    def check(self, record, ctx: LintContext) -> None:
        timeline = ctx.get("paw.timeline", record.timeline)
        if timeline is None:
            return
        table = record.table
        if table.type == "availability":
            if record.side is not None:
                ctx.emit_warning(("side",), "availability tables take the side of their "
                                 "faction; remove 'side'")
            sides = [s for s, setup in timeline.sides.items() if table.faction in setup.factions]
            if not sides:
                ctx.emit_error(("table", "faction"), f"faction '{table.faction}' does not fly "
                               f"in {timeline.label}")
            faction = ctx.get("paw.faction", table.faction)
            if faction is not None and sides and faction.side not in sides:
                ctx.emit_error(("table", "faction"), f"{faction.label} is on the {faction.side} "
                               f"side but {timeline.label} lists it with the {sides[0]}")
            return
        roll = timeline.mission_roll
        if record.side is not None and roll.rule == "fixed" and roll.side != record.side:
            ctx.emit_warning(("side",), f"only the {roll.side} roll for missions in "
                             f"{timeline.label}, so a {record.side} table is never used")


class TimelineTables(LintRule):
    code = "paw.timeline_tables"
    kinds = ("paw.timeline",)
    summary = "Every rolling side needs its mission and target tables, every faction its "
    "availability table."

    def check(self, record, ctx: LintContext) -> None:
        if ctx.partial("paw.theater_table"):
            return
        tables = tables_for(record, ctx)
        have = {(t.table.type, t.side) for t in tables if t.table.type != "availability"}
        factions = {t.table.faction for t in tables if t.table.type == "availability"}
        roll = record.mission_roll
        rolling = [roll.side] if roll.rule == "fixed" else list(record.sides)
        for side in rolling:
            for kind in ("mission_type", "ground_targets"):
                if (kind, side) not in have and (kind, None) not in have:
                    ctx.emit_warning(("mission_roll",), f"the {side} side rolls for missions but no "
                                     f"{kind.replace('_', ' ')} table serves them: add a paw.theater_table "
                                     f"with timeline: {record.id}, side: {side} and a table of type {kind}")
        for side, setup in record.sides.items():
            for i, faction in enumerate(setup.factions):
                if faction not in factions:
                    ctx.emit_warning(("sides", side, "factions", i),
                                     f"no availability table for '{faction}': add a paw.theater_table with "
                                     f"timeline: {record.id} and a table of type availability, faction: {faction}")


class TimelineDates(LintRule):
    code = "paw.timeline_dates"
    kinds = ("paw.timeline",)
    summary = "Dates run forward and timelines of a theater follow one another."

    def check(self, record, ctx: LintContext) -> None:
        period = record.period
        if period.end < period.start:
            ctx.emit_error(("period", "end"), f"ends {period.end} before it starts "
                           f"{period.start}")
            return
        if record.condition is not None:
            return
        earlier = [t for t in ctx.records("paw.timeline")
                   if t.theater == record.theater and t.sequence < record.sequence
                   and t.condition is None]
        for other in earlier:
            if record.period.start < other.period.end:
                ctx.emit_warning(
                    ("period", "start"),
                    f"starts {record.period.start}, before {other.label} (earlier in the "
                    f"theater) ends {other.period.end}",
                )


class TimelineSequence(LintRule):
    code = "paw.timeline_sequence"
    kinds = ("paw.timeline",)
    summary = "No two timelines of a theater share a sequence, the timeline's place in it."

    def check(self, record, ctx: LintContext) -> None:
        first = ctx.repeated("paw.timeline", record, lambda t: (t.theater, t.sequence))
        if first is not None:
            ctx.emit_warning(("sequence",), f"sequence {record.sequence} is also that of "
                             f"{ctx.cite('paw.timeline', first.id)} in theater '{record.theater}': neither "
                             "comes first, so the theater shows them in file order and checks neither's dates "
                             "against the other's; give each timeline of a theater its own sequence")


class MissionRollRule(LintRule):
    code = "paw.mission_roll"
    kinds = ("paw.timeline",)
    summary = "A fixed roll names its side; a points-advantage roll names its tie-break."

    def check(self, record, ctx: LintContext) -> None:
        roll = record.mission_roll
        if roll.rule == "fixed" and roll.side is None:
            ctx.emit_error(("mission_roll", "side"), "a fixed mission roll needs the side that "
                           "rolls")
        if roll.rule == "points_advantage" and roll.tie is None:
            ctx.emit_error(("mission_roll", "tie"), "say whose mission occurs on a tie")


class CorrectionPath(LintRule):
    code = "paw.correction_path"
    kinds = ("paw.theater_table", "paw.timeline")
    summary = "A correction must name a field of its record."

    def check(self, record, ctx: LintContext) -> None:
        for i, correction in enumerate(record.corrections):
            node: Any = record
            for part in parse_path(correction.path):
                try:
                    node = node[part] if isinstance(part, int) or isinstance(node, dict) \
                        else getattr(node, part)
                except (AttributeError, IndexError, KeyError, TypeError):
                    ctx.emit_error(("corrections", i, "path"), f"'{correction.path}' names no "
                                   "field of this record")
                    break
