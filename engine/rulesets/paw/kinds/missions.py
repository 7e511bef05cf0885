"""Mission briefings, target types with their set-up and victory conditions, and the
mission-generator tables that are not tied to a theater (mission type, extended-mission
events).
"""

from __future__ import annotations

from typing import Literal

from engine.content.dice import DiceTable, Roll
from engine.content.model import Model, Record, Ref, field, kind_literal

from .vocabulary import Loadout, Role, SpecialRule

Stance = Literal["attacker", "defender"]


class PlaneRequirement(Model):
    """"The attacker must select at least 1 fighter-bomber" and the like."""

    stance: Stance = field("Which side the requirement binds.")
    role: Role = field("Role the planes must fill.")
    at_least: int = field("Minimum number of such planes.", ge=1, le=20)
    formation: bool = field(
        "True when they fly as a formation (no plane more than the formation distance from "
        "another).",
        False,
    )


class SweepVictory(Model):
    """Fighter Sweep victory: shoot down the most VP, but enough of them."""

    draw_below_fraction: float = field(
        "If the most VP shot down is below this fraction of the initial VP, the game is a "
        "draw.",
        ge=0,
        le=1,
    )


class MissionType(Record):
    """A mission briefing: Close Air Support, Strategic Bombing or Fighter Sweep."""

    kind: kind_literal("paw.mission_type")
    abbreviation: str | None = field("Short name, e.g. 'CAS'.", None)
    briefing: str = field("The briefing's opening text, as printed.", min_length=1)
    required: list[PlaneRequirement] = field("REQUIRED PLANES.", default_factory=list)
    deploy_altitude: Literal["lowest", "highest", "any"] = field(
        "Altitude the required planes deploy at: the lowest or highest allowed, or any.", "any"
    )
    loadouts: list[Loadout] = field("LOADOUT: ordnance the required planes may carry.",
                                    default_factory=list)
    loadout_fixed: bool = field("The loadout cannot be changed in flight.", True)
    uses_target_table: bool = field(
        "TARGETS: the defender rolls on the timeline's ground-target table.", False
    )
    sweep_victory: SweepVictory | None = field(
        "Victory by VP shot down (Fighter Sweep); null when the target type decides.", None
    )


# --------------------------------------------------------------------------- target types


class Setup(Model):
    """Where the defender places the target counters."""

    min_edge_distance: int = field("Counters at least this far from any edge "
                                   "(the last counter of a row: from any other edge).",
                                   unit="steps", ge=0, le=20)
    min_spacing: int | None = field("Counters at least this far apart; null if no minimum.",
                                    None, unit="steps", ge=0, le=20)
    max_spacing: int | None = field("Counters no more than this far apart; null if no "
                                    "maximum.", None, unit="steps", ge=0, le=20)
    arrangement: Literal["scattered", "row", "parallel_rows", "single"] = field(
        "'row': one row with the last counter adjacent to an edge; 'parallel_rows': one or "
        "more parallel rows; 'single': one counter.",
        "scattered",
    )
    moves_toward_opposite_edge: bool = field(
        "Counters move toward the opposite edge each Movement phase (steps from the counter).",
        False,
    )


class DestroyGoal(Model):
    """Part of what the attacker must destroy."""

    units: list[Ref("paw.ground_target")] = field(
        "Counters this goal counts; empty means every target counter of the composition.",
        default_factory=list,
    )
    amount: Literal["all", "at_least_half", "at_least_one", "main"] = field(
        "How many: all, at least half, at least one, or 'main' = the first of `units`, in "
        "order, that is present (the Task Force's CV, else BB, else CL)."
    )
    if_present: bool = field("Goal applies only if such counters were deployed.", False)


class DestroySet(Model):
    """Goals met together: destroying all of them wins."""

    all_of: list[DestroyGoal] = field("Goals that must all be met.", min_length=1)


class Victory(Model):
    """Who wins a ground-attack mission."""

    destroy_any_of: list[DestroySet] = field(
        "Alternatives: the attacker meets its destruction objective with any one of them.",
        min_length=1,
    )
    exit_required: bool = field(
        "At least one attacking plane must exit the map from its own edge.", True
    )
    exit_roles: list[Role] = field(
        "Roles that count for the exit ('bombers or fighter-bombers'); empty = any plane.",
        default_factory=list,
    )
    escaped_targets_safe: bool = field(
        "Targets that leave the map (or a submarine that dives away) can no longer be "
        "destroyed.",
        False,
    )
    all_attackers_lost: Literal["draw", "defeat"] = field(
        "Result when the objective is destroyed but every attacking plane is destroyed.", "draw"
    )


class TargetType(Record):
    """A target type's SETUP and VICTORY CONDITIONS."""

    kind: kind_literal("paw.target_type")
    targets: list[str] = field("Printed target names this type covers, e.g. 'Bridge'.",
                               min_length=1)
    setup: Setup = field("SETUP: where the defender places the target counters.")
    victory: Victory = field("VICTORY CONDITIONS of missions against this target type.")
    special_rules: list[SpecialRule] = field("Rules the model does not structure.",
                                             default_factory=list)


# --------------------------------------------------------------------------- generic tables


class MissionChartRow(Model):
    """A d20 range of the Mission Type table and the mission it gives (rulebook: Mission Generator, Mission Type)."""

    roll: Roll
    mission: Ref("paw.mission_type")


class MissionChart(Record, DiceTable):
    """The general Mission Type table, for games outside a historical timeline."""

    kind: kind_literal("paw.mission_table")
    rows: list[MissionChartRow] = field("Rows in printed order.", min_length=1)


class Leg(Model):
    """What happens on the inbound or outbound leg for one event."""

    attacker_force: Literal["main", "whole", "remaining", "none"] = field(
        "'main': proceed with the main mission; 'whole' force; the 'remaining' planes; "
        "'none': nothing to play."
    )
    defender_planes: Literal["none", "one", "vp_half_damaged", "vp_attacking_bombers"] = field(
        "Defender's planes: none, one plane, VP up to half the damaged plane's value, or VP up "
        "to the attacking bombers' value (fighters' if no bombers)."
    )
    flak: Literal["none", "barrage", "cpf"] = field("Flak the defender sets up.", "none")
    cpf_markers: int = field("CPF markers placed (CPF Flak event).", 0, ge=0, le=10)
    deploy_edge_distance: int | None = field(
        "Attacker deploys this many steps from an edge of its area, facing the defender.",
        None, unit="steps", ge=0, le=20,
    )
    play_as: Ref("paw.mission_type") | None = field(
        "Mission whose rules the leg is played with (Interception: Fighter Sweep).", None)
    text: str = field("The leg's rules as printed.", min_length=1)


class MissionEvent(Record):
    """An extended-mission event (Limping Home, Lone Wolf, Interception ...)."""

    kind: kind_literal("paw.mission_event")
    summary: str = field("The event's opening line, as printed.", min_length=1)
    inbound: Leg = field("Rules for the inbound leg (rolled before set-up).")
    outbound: Leg = field("Rules for the outbound leg (rolled after the main mission).")
    ends_when: str = field("When the event's game ends, as printed.", min_length=1)
    delay_modifier: int | None = field(
        "Flak Barrage: deployment-roll modifier per round beyond the Time Reference.",
        None, ge=0, le=10,
    )
    outbound_interception_on: int | None = field(
        "Flak Barrage outbound: a d20 (plus delay modifiers) of at least this triggers an "
        "Interception.", None, ge=1, le=40,
    )


class EventRow(Model):
    """A d20 range of the extended-mission event table and the event it gives, e.g. '11: Limping Home' (rulebook:
    Extended Missions)."""

    roll: Roll
    event: Ref("paw.mission_event")


class EventTable(Record, DiceTable):
    """The extended-mission event table, rolled once per leg."""

    kind: kind_literal("paw.event_table")
    rows: list[EventRow] = field("Rows in printed order.", min_length=1)
