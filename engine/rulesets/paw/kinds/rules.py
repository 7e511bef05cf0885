"""The numbers the core rules use, as content: a designer can tune them in the studio
and the engine reads them instead of hard-coding them.

Physical sizes (step, counter, dashboard) are not printed and are samples; the
rest is printed in the rulebook sections named in the record's `source`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.content.model import Model, Record, field, kind_literal

from .vocabulary import Altitude, Policy


class Components(Model):
    """Sizes of the physical pieces; geometry of the free mat is measured with them."""

    step_mm: float = field("Length of one step on the rulers and templates.", unit="mm", gt=0,
                           le=100)
    counter_length_mm: float = field("Plane counter length, nose to tail.", unit="mm", gt=0,
                                     le=100)
    counter_width_mm: float = field("Plane counter width.", unit="mm", gt=0, le=100)
    dashboard_length_mm: float = field(
        "One Dashboard's length: the AI's range bands and the Time Freeze reach use it.",
        unit="mm", gt=0, le=500,
    )


class Aspects(Model):
    """Optional target-aspect modifiers to the die result."""

    rear: int = field("Rear attack.", ge=-10, le=10)
    side: int = field("Side attack.", ge=-10, le=10)
    head_on: int = field("Head-to-head attack.", ge=-10, le=10)


class Combat(Model):
    """Modifiers to attack rolls."""

    unmodified_rolls: list[Annotated[int, Field(ge=1, le=20)]] = field("Natural rolls of the d20 that can never be modified.",
                                        min_length=1)
    aspects: Aspects = field("Modifiers by the attacker's aspect on the target.")
    dive_attack: int = field("Added to the die when the plane performed a descent this round.",
                             ge=-10, le=10)


class Damage(Model):
    """The basic damage model's effects on a damaged plane."""

    acceleration_divisor: int = field("Damaged planes divide Acceleration by this (rounded "
                                      "up).", ge=1, le=4)
    forbidden_altitude: Altitude | None = field("Altitude damaged planes cannot fly at.")
    stall_energy_divisor: int = field(
        "A stalled plane regains its max Energy divided by this (rounded down).", ge=1, le=4
    )


class Deployment(Model):
    """General Deployment: roll-off and the three set-ups."""

    bonus_per_plane: int = field("Added to a faction's d20 for each plane it has.", ge=0, le=5)
    surprise_ratio: int = field("Scoring this many times the other faction surprises it.",
                                ge=2, le=5)
    surprised_edge_distance: int = field("Surprised planes: at least this far from any edge.",
                                         unit="steps", ge=0, le=20)
    surprised_altitudes: list[Altitude] = field("Altitudes Surprised planes may deploy at.",
                                                min_length=1)
    surprised_enemy_distance: int = field("Opponents of a Surprised faction deploy at least "
                                          "this far from its planes.", unit="steps", ge=0, le=20)
    jumped_edge_distance: int = field("Jumped planes: at least this far from any edge.",
                                      unit="steps", ge=0, le=20)
    jumped_enemy_distance: int = field("Opponents of a Jumped faction deploy at least this far "
                                       "from its planes, and not in their rear sector.",
                                       unit="steps", ge=0, le=20)
    formation_distance: int = field("Bombers of one model deploy with no plane more than this "
                                    "from another.", unit="steps", ge=0, le=10)


class Initiative(Model):
    """Who moves first."""

    order: list[Literal["least_energy", "lowest_altitude", "larger_faction", "lowest_d20"]] = \
        field("Tie-breakers, checked top to bottom; tailing planes move right after their prey.",
              min_length=1)


class Generator(Model):
    """Mission generator policy and campaign scoring."""

    on_missing: Policy = field(
        "Pack default when a roll lands on a gap or cut-off row of a theater table.")
    mission_point: int = field("Campaign points a faction gets per successful mission.", ge=0,
                               le=10)


class Rules(Record):
    """Core-rule numbers of the game, one record per pack."""

    kind: kind_literal("paw.rules")
    components: Components = field("Physical sizes of rulers, counters and dashboards.")
    altitudes: list[Altitude] = field("Altitude levels, lowest first.", min_length=1)
    combat: Combat = field("Combat modifiers.")
    damage: Damage = field("Basic damage model and stall numbers.")
    deployment: Deployment = field("General Deployment numbers.")
    initiative: Initiative = field("Initiative order.")
    generator: Generator = field("Mission generator and campaign settings.")
    time_freeze_reach: float = field(
        "Planes within this many Dashboards of a frozen plane take part in the Time Freeze.",
        unit="dashboards", gt=0, le=5,
    )
    ground_target_steps: int = field("Steps a moving ground target moves per round.",
                                     unit="steps", ge=0, le=5)
