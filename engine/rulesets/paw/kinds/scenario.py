"""Play mats and scenarios: a free mat in millimetres with planes and targets placed.

Positions are millimetres from the mat's lower-left corner, x to the right and
y up; headings are degrees counter-clockwise from +x (0 = toward the right
edge, 90 = toward the top edge). These are the conventions shapely and the
flight engine use, so nothing needs converting.
"""

from __future__ import annotations

from typing import Literal

from engine.content.model import Model, Record, Ref, field, kind_literal

from .vocabulary import Altitude, Loadout, Policy, Role, Side, SpecialRule
from .missions import Victory

Edge = Literal["top", "bottom", "left", "right"]


class Mat(Record):
    """A play mat (or any flat surface of that size)."""

    kind: kind_literal("paw.mat")
    width_mm: float = field("Width (x).", unit="mm", gt=0, le=5000)
    height_mm: float = field("Height (y).", unit="mm", gt=0, le=5000)
    terrain: Literal["sky", "sea", "countryside", "coast"] = field("Artwork of the mat.")


class Placed(Model):
    """Where a counter is on the mat."""

    x: float = field("Centre of the counter from the left edge.", unit="mm", ge=-10000,
                     le=10000)
    y: float = field("Centre of the counter from the bottom edge.", unit="mm", ge=-10000,
                     le=10000)
    heading: float = field("Direction of the nose, counter-clockwise from +x.",
                           unit="degrees", ge=-360, le=360)


class ScenarioPlane(Placed):
    """One plane of the scenario: its dashboard, side, role and where and how it starts."""

    id: str = field("Unit id within the scenario, e.g. 'he111-1'.",
                    pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)
    dashboard: Ref("paw.dashboard")
    faction: Ref("paw.faction", description="Faction the plane flies for (gives its side).")
    role: Role = field("Role the plane fills in this mission.")
    altitude: Altitude = field("Starting Altitude.")
    energy: int = field("Starting Energy.", unit="energy", ge=0, le=12)
    skill: Ref("paw.crew_skill", description="Crew skill (Trained by default).") = "trained"
    loadout: Loadout = field("Ordnance carried at the start.", "none")
    damaged: bool = field("Starts on its damaged side.", False)
    ai: bool = field("Flown by the solo AI rather than a player.", False)


class ScenarioTarget(Placed):
    """One ground target counter of the scenario and where it stands."""

    id: str = field("Unit id within the scenario, e.g. 'tr-1'.",
                    pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)
    unit: Ref("paw.ground_target")
    side: Side = field("Side owning the counter (the defender, usually).")


class Options(Model):
    """Optional rules in force."""

    altitude: bool = field("Altitude rules.", True)
    crew_skills: bool = field("Crew skills.", True)
    advanced_damage: bool = field("Advanced damage model (markers and hearts).", False)
    aspect_modifiers: bool = field("Target-aspect modifiers to guns.", False)
    dive_attack: bool = field("Dive attack: +2 to the guns' die after a descent this round.",
                              False)
    time_freeze: bool = field("Time Freeze.", False)


class LegPlane(Model):
    """A plane the defender fields for an extended-mission leg; it is placed when the leg is
    played (by the General Deployment rules), so it has no position here."""

    id: str = field("Unit id within the leg, e.g. 'spitfire-i-1'.",
                    pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)
    dashboard: Ref("paw.dashboard")
    faction: Ref("paw.faction", description="Faction the plane flies for.")
    role: Role = field("Role the plane fills.")


class ScenarioLeg(Model):
    """The extended-mission event rolled for the inbound or the outbound leg."""

    leg: Literal["inbound", "outbound"] = field(
        "'inbound': played before the main mission; 'outbound': after it.")
    event: Ref("paw.mission_event", description="Event the leg's roll gave.")
    damaged: str | None = field(
        "Limping Home: unit id of the attacking plane flipped to its damaged side.", None)
    vp_cap: int | None = field("Most VP the defender may field for the leg; null when the "
                               "event fixes its planes otherwise.", None, unit="VP", ge=0,
                               le=2000)
    planes: list[LegPlane] = field(
        "Defender planes for the leg; empty when the event has none, and for the outbound "
        "leg, whose forces depend on how the main mission ends.", default_factory=list)
    time_reference: int | None = field(
        "Flak Barrage: rounds the slowest attacking plane needs to cross the mat at its max "
        "Energy; each round beyond it helps the defender.", None, unit="rounds", ge=1, le=100)


class GeneratedRoll(Model):
    """One roll (or pick) the mission generator made, and what it gave."""

    step: str = field("What the roll decided, e.g. 'mission type', 'allies fighter 2'.",
                      min_length=1)
    die: str = field("Die rolled ('d20') or 'pick' for a choice among options.",
                     min_length=1)
    result: int | None = field("Natural roll; null for a pick.", None)
    modifier: int | None = field("Added to the roll (General Deployment: planes); null if "
                                 "none.", None)
    table: str | None = field("Id of the record rolled on; null when no table is involved.",
                              None)
    row: str | None = field(
        "Field path of the row hit inside that record, e.g. 'table.sections[2].rows[1]'; "
        "null on a gap or when no table is involved.", None)
    outcome: str = field("What the roll gave, or why it was rerolled or reported.",
                         min_length=1)


class Generated(Model):
    """How a generated scenario came about, so a designer can see why it looks as it does."""

    seed: int = field("Seed of the generator; the same seed and content give the same "
                      "scenario.", ge=0)
    pack: str = field("Pack the tables were read from.", min_length=1)
    theater: Ref("paw.theater")
    points: dict[Side, int] = field(
        "Campaign points of each side, which decide who rolls for the mission when the "
        "timeline says 'the faction with a points advantage'.", default_factory=dict)
    roller: Side = field("Side that rolled for its mission; the other flies the timeline's "
                         "other mission (a Fighter Sweep).")
    force: int = field("Planes the rolling side started with before points balancing.",
                       ge=1, le=40)
    on_missing: Policy | None = field(
        "Policy forced for gaps and cut-off rows; null when each table's (or the pack's) "
        "own policy applied.", None)
    rolls: list[GeneratedRoll] = field("Every roll and pick, in the order made.",
                                       default_factory=list)


class Scenario(Record):
    """A ready-to-play mission: mat, sides, placed planes and targets, victory."""

    kind: kind_literal("paw.scenario")
    briefing: str = field("What the players are told.", min_length=1)
    mission: Ref("paw.mission_type")
    attacker: Side = field(
        "The attacking side: the side flying the strike (CAS, Strategic Bombing), or the side "
        "a Fighter Sweep is flown against (the briefing calls the sweeping faction the "
        "defender). The other side defends."
    )
    target_type: Ref("paw.target_type") | None = field(
        "Target type whose set-up and victory conditions apply; null for a Fighter Sweep.", None)
    timeline: Ref("paw.timeline") | None = field("Historical setting, if any.", None)
    mat: Ref("paw.mat")
    areas: dict[Side, Edge] = field(
        "Which half of the mat each side owns, named by its outer edge ('bottom' = the half "
        "along the bottom edge); planes exit 'from their own edge'."
    )
    deployment: Literal["neutral", "surprised", "jumped", "set"] = field(
        "General Deployment result the placement reflects; 'set' for a fixed set-up.", "set"
    )
    caught: Side | None = field(
        "Side the General Deployment roll caught: Surprised or Jumped (surprised planes fly "
        "level without changing Energy in the first round). Null for a neutral or set "
        "deployment.", None)
    options: Options = field("Which optional rules this scenario plays with.",
                             default_factory=Options)
    planes: list[ScenarioPlane] = field("Planes and where they start.", min_length=1)
    targets: list[ScenarioTarget] = field("Ground targets and ships placed.",
                                          default_factory=list)
    victory: Victory | None = field(
        "This scenario's own victory conditions; null plays by the target type's (or, for a "
        "Fighter Sweep, by VP shot down).", None)
    round_limit: int | None = field("Rounds after which the game ends; null for none.", None,
                                    ge=1, le=100)
    special_rules: list[SpecialRule] = field("Scenario rules.", default_factory=list)
    legs: list[ScenarioLeg] = field(
        "Extended mission: the events rolled for the inbound and outbound legs.",
        default_factory=list)
    generated: Generated | None = field(
        "Set by the mission generator: seed, tables, rolls and the rows they hit.", None)
