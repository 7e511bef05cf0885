"""Surface units (`af.ground_unit`): anti-aircraft, vehicles, barrage balloons, ground targets.

Rulebook XVII prints how each kind of counter is hit, moved and destroyed; a
record per counter type holds those numbers, and scenarios place counters of
these types. Victory points come from the Victory Points Card, which the text
does not print, so they are samples.
"""

from __future__ import annotations

from typing import Literal

from engine.content.model import Record, Ref, field, kind_literal

from .vocabulary import HitType


class GroundUnit(Record):
    """One type of surface counter and the rules that govern it."""

    kind: kind_literal("af.ground_unit")
    category: Literal["anti_aircraft", "vehicle", "balloon", "ground_target", "terrain"] = field(
        "What sort of counter it is."
    )
    silhouette: int | None = field(
        "Silhouette modifier when fired at; empty when it cannot be fired at.", None, ge=-10, le=10
    )
    fire_modifier: int | None = field("Fire modifier of its own guns (anti-aircraft).", None, ge=-10, le=10)
    counted_hits: list[HitType] = field(
        "Hit types that affect it; the others have no effect.", default_factory=list
    )
    hits_to_destroy: int | None = field(
        "Counted hits that destroy it (anti-aircraft: each hit destroys one gun).",
        None,
        unit="hits",
        ge=1,
        le=20,
    )
    bomb_hits_to_destroy: int | None = field(
        "Glide or dive bombing hits that destroy it.", None, unit="hits", ge=1, le=20
    )
    gun_factors_min: int | None = field("Fewest Gun Factors one gun of this type has.", None, ge=0, le=20)
    gun_factors_max: int | None = field("Most Gun Factors one gun of this type has.", None, ge=0, le=20)
    range_table: Ref("af.range_table") | None = field("Range attenuation table its guns fire on.", None)
    turn_every: int | None = field(
        "Turns between facing changes of one hexside (1 every turn, 2 on even turns).",
        None,
        unit="turns",
        ge=1,
        le=10,
    )
    road_every: int | None = field(
        "A vehicle enters a road hex on turns divisible by this.", None, unit="turns", ge=1, le=10
    )
    offroad_every: int | None = field(
        "A vehicle enters a non-road hex on turns divisible by this.", None, unit="turns", ge=1, le=10
    )
    machine_guns_effective: bool = field("Machine-gun factors may fire at it (not at tanks).", True)
    rides_vehicle: bool = field("May start stacked on a vehicle and move with it (light AA).", False)
    ceiling_ft: int | None = field("Covers its hex from the ground up to this altitude.", None, unit="ft", ge=0, le=60_000)
    collision_table: Ref("af.die_table") | None = field("Die table rolled by a plane entering its hex.", None)
    length_min: int | None = field("Fewest counters in a line (runway, bridge).", None, unit="hexes", ge=1, le=50)
    length_max: int | None = field("Most counters in a line.", None, unit="hexes", ge=1, le=50)
    victory_points: int | None = field(
        "VP for destroying it (per gun for anti-aircraft, per hex for a target).", None, unit="VP", ge=0, le=100
    )
