"""Theaters of operations, their timelines, and the d20 tables a timeline rolls on.

Every printed theater table is one `paw.theater_table` record whose `table`
says which of the three printed shapes it is (mission type, ground targets,
availability). A table belongs to the timeline it is printed under; a timeline
that says "refer to <other timeline> for all the tables except ..." points at
that timeline instead of copying its tables (see `tables_for`).

The print cuts rows off, leaves rolls uncovered and misspells planes. Rows keep
what is printed: a missing plane or roll is null, the printed plane name is
kept in `printed`, and `on_missing` tells a mission generator what to do when
a roll lands on such a row or on a gap.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal, Protocol, Union

from pydantic import Field

from engine.content.dice import DiceTable, Roll
from engine.content.model import Model, Provenance, Record, Ref, field, kind_literal

from .vocabulary import Correction, Policy, Role, Side, SpecialRule, corrections_field

TableType = Literal["mission_type", "ground_targets", "availability"]
Basing = Literal["carrier", "land"]


class Lookup(Protocol):
    def get(self, kind: str, record_id: str) -> Any: ...
    def records(self, kind: str) -> list[Any]: ...


class Faction(Record):
    """An air arm that has its own availability table (RAF, Luftwaffe, VVS ...)."""

    kind: kind_literal("paw.faction")
    side: Side = field(
        "Half of the play area the faction flies from. Korea: North Korea plays the Axis "
        "half, South Korea and the UN the Allied half."
    )
    nations: list[str] = field("Nations or services the faction stands for.", min_length=1)


class Theater(Record):
    """A theater of operations; its timelines point at it."""

    kind: kind_literal("paw.theater")
    description: str = field("The theater's introduction, as printed.", min_length=1)
    special_rules: list[SpecialRule] = field("Rules printed for the whole theater.",
                                             default_factory=list)


class Period(Provenance):
    """A date range as printed, read into calendar dates (sample where the print is vague)."""

    start: date = field("First day (ISO date).")
    end: date = field("Last day (ISO date); equal to start for a single day.")
    printed: str = field("The dates as printed, e.g. '(July 4th - August 12th 1940)'.")


class SideSetup(Model):
    """Who flies for one side in a timeline."""

    factions: list[Ref("paw.faction")] = field(
        "Factions of this side, each with its availability table.", min_length=1
    )
    printed: str = field("The FACTIONS text for this side, e.g. 'Germany (Luftwaffe) and "
                         "Italy (CAI)'.")


class MissionRoll(Model):
    """Which side rolls for its mission; the other side flies `other_mission`."""

    rule: Literal["fixed", "points_advantage"] = field(
        "'fixed': `side` always rolls; 'points_advantage': the side ahead on campaign points "
        "rolls, `tie` on a tie."
    )
    side: Side | None = field("The side that always rolls (rule 'fixed').", None)
    tie: Side | None = field("The side whose mission occurs on a tie (rule "
                             "'points_advantage').", None)
    other_mission: Ref("paw.mission_type",
                       description="Mission the side that does not roll performs.")
    printed: str = field("The rule as printed in the FACTIONS paragraph.", min_length=1)


class Refer(Model):
    """"Refer to <timeline> for all the tables with the exception of ..."""

    timeline: Ref("paw.timeline", description="Timeline whose tables are used.")
    except_tables: list[TableType] = field(
        "Table types this timeline prints itself instead.", default_factory=list
    )
    only_factions: list[Ref("paw.faction")] = field(
        "When set, only these factions' availability tables are taken from there.",
        default_factory=list,
    )


class Condition(Model):
    """When a timeline is played at all (Seelöwe happens only if the Axis won so far)."""

    side: Side = field("Side that must have won.")
    text: str = field("The condition as printed.", min_length=1)


class Timeline(Record):
    """One timeline of a theater: dates, sides, who rolls, and where its tables are."""

    kind: kind_literal("paw.timeline")
    theater: Ref("paw.theater")
    sequence: int = field("Position of the timeline within its theater (1 = first).", ge=1,
                          le=20)
    period: Period = field("Dates the timeline covers.")
    description: str = field("The timeline's text, as printed.", min_length=1)
    sides: dict[Side, SideSetup] = field("Factions of each side.")
    mission_roll: MissionRoll = field("Who rolls for the mission.")
    refer_to: Refer | None = field("Tables taken from another timeline, when the print says "
                                   "so.", None)
    condition: Condition | None = field("Condition for the timeline to be played; null when "
                                        "always.", None)
    special_rules: list[SpecialRule] = field("Rules printed for this timeline.",
                                             default_factory=list)
    corrections: list[Correction] = corrections_field()


# --------------------------------------------------------------------------- tables


class MissionRow(Model):
    """One row of a MISSION TYPE table: the rolls that give one mission."""

    roll: Roll | None = field("Roll as printed; null when no roll is printed.", None)
    mission: Ref("paw.mission_type") | None = field(
        "Mission briefing on this roll; null when the row is cut off.", None)


class CompositionItem(Model):
    """Counters of one ground target the defender places for a target row."""

    unit: Ref("paw.ground_target", description="Counter to place.")
    count: int = field("How many of these counters.", ge=1, le=10)


class GroundTargetRow(Model):
    """One row of a GROUND TARGETS table: the rolls that give one target and its counters."""

    roll: Roll | None = field("Roll as printed; null when no roll is printed.", None)
    target: str | None = field("Target as printed ('Radar Station', 'HQ Bunker' ...); null "
                               "when the row is cut off.", None)
    target_type: Ref("paw.target_type") | None = field(
        "Target type whose set-up and victory rules apply; null when the row is cut off.", None)
    composition: list[CompositionItem] = field(
        "Counters the defender places; empty when the print gives none.", default_factory=list
    )


class AvailabilityRow(Model):
    """One row of an AVAILABILITY table: the rolls that give one plane of the role. A table a
    modder authors names the `plane` and its `points` and may leave `printed` out."""

    roll: Roll | None = field("Roll as printed; null when no roll is printed.", None)
    plane: Ref("paw.dashboard") | None = field(
        "Dashboard of the plane on this roll; null when the row is cut off or the printed name "
        "designates no plane.", None)
    printed: str | None = field("Plane name exactly as printed; null when nothing is printed "
                                "(an authored table may name only the `plane`).", None)
    plays_as: str | None = field(
        "Plane the dashboard stands in for, as printed in brackets: 'SM.79 (as B.R.20 M)'.",
        None,
    )
    points: int | None = field("Points as printed.", None, unit="VP", ge=1, le=200)
    role_missing: bool = field(
        "True when the print leaves this row's Role cell empty; the row is kept in the "
        "section it sits in.",
        False,
    )


class MissionTypeTable(DiceTable):
    """A MISSION TYPE table: the side that rolls for its mission rolls a d20 on it."""

    type: Literal["mission_type"] = field("Table shape: a MISSION TYPE table.")
    rows: list[MissionRow] = field("Rows in printed order.", min_length=1)


class GroundTargetTable(DiceTable):
    """A GROUND TARGETS table: rolled for the target of a mission that attacks one."""

    type: Literal["ground_targets"] = field("Table shape: a GROUND TARGETS table.")
    rows: list[GroundTargetRow] = field("Rows in printed order.", min_length=1)


class RoleSection(DiceTable):
    """The rows of one role: each role is rolled on separately with its own d20."""

    role: Role | None = field("Role of these rows; null when the print cut the role off.", None)
    rows: list[AvailabilityRow] = field("Rows in printed order.", min_length=1)


class AvailabilityTable(Model):
    """A faction's AVAILABILITY table: a d20 table per role, rolled for each plane it flies."""

    type: Literal["availability"] = field("Table shape: an AVAILABILITY table.")
    faction: Ref("paw.faction")
    basing: Basing | None = field("'carrier' or 'land' for the Pacific's split tables.", None)
    period: Period | None = field("Sub-period printed in the title, e.g. '(Feb.1940 - "
                                  "Feb.1943)'.", None)
    sections: list[RoleSection] = field("One dice table per role, in printed order.",
                                        min_length=1)

    def section(self, role: str) -> RoleSection | None:
        return next((s for s in self.sections if s.role == role), None)


TableBody = Annotated[
    Union[MissionTypeTable, GroundTargetTable, AvailabilityTable],
    Field(discriminator="type", description="The printed table; `type` says which shape."),
]


class TheaterTable(Record):
    """One printed d20 table of a timeline."""

    kind: kind_literal("paw.theater_table")
    timeline: Ref("paw.timeline", description="Timeline the table is printed under.")
    side: Side | None = field(
        "For mission and ground-target tables: the side whose mission it serves (AXIS / "
        "ALLIES in the title; the defender rolls ground targets). Null when the title names "
        "no side. Availability tables take the side of their faction.",
        None,
    )
    on_missing: Policy | None = field(
        "What a mission generator does when a roll lands on a gap, a cut-off row or a row "
        "without a plane: 'reroll' or 'report'. Null uses the pack's rules record.",
        None,
    )
    table: TableBody = field("The printed table; `type` says which shape.")
    corrections: list[Correction] = corrections_field()

    @property
    def table_type(self) -> str:
        return self.table.type


def own_tables(timeline_id: str, content: Lookup) -> list[TheaterTable]:
    return [t for t in content.records("paw.theater_table") if t.timeline == timeline_id]


def tables_for(timeline: Timeline, content: Lookup, _seen: frozenset = frozenset()) \
        -> list[TheaterTable]:
    """Every table a timeline rolls on: its own, plus those it refers to, not copied."""
    own = own_tables(timeline.id, content)
    ref = timeline.refer_to
    if ref is None or ref.timeline in _seen:
        return own
    other = content.get("paw.timeline", ref.timeline)
    if other is None:
        return own
    borrowed = []
    for table in tables_for(other, content, _seen | {timeline.id}):
        if ref.only_factions:
            if table.table.type == "availability" and table.table.faction in ref.only_factions:
                borrowed.append(table)
        elif table.table.type not in ref.except_tables:
            borrowed.append(table)
    return own + borrowed
