"""Play mats and scenarios: a free mat in millimetres with planes and targets placed.

Positions are millimetres from the mat's lower-left corner, x to the right and
y up; headings are degrees counter-clockwise from +x (0 = toward the right
edge, 90 = toward the top edge). These are the conventions shapely and the
flight engine use, so nothing needs converting.
"""

from __future__ import annotations

from typing import Literal

from engine.content.model import Model, Record, Ref, field, kind_literal

from .common import Altitude, Loadout, Role, Side, SpecialRule
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
