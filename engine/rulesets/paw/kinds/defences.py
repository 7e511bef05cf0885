"""AAA and Flak dashboards: how ground fire attacks planes.

AAA shoots like a gunner (a fire template and a ruler of Hit Thresholds) but
only at planes at Low Altitude; Flak fires either a Barrage (four markers in
a square, the threshold set by their spacing) or Continuously Pointed Fire
(one marker per Flak unit, attacking planes within a step of it).
"""

from __future__ import annotations

from engine.content.model import Model, Record, Ref, field, kind_literal

from .vocabulary import Altitude


class AaaBox(Model):
    """One box of an AAA Combat ruler."""

    distance: int = field("Distance from the AAA counter, in steps.", unit="steps", ge=1, le=10)
    hit: int = field("Hit Threshold at this distance.", ge=1, le=20)


class AaaDashboard(Record):
    """The AAA dashboard: a ruler for Troop counters (left) and one for other armed counters."""

    kind: kind_literal("paw.aaa_dashboard")
    fire_template: Ref("paw.fire_template",
                       description="Fire template AAA lays from its counter, as a gunner does.")
    target_altitudes: list[Altitude] = field(
        "Altitudes AAA can attack; the rulebook allows Low Altitude only.",
        default_factory=lambda: ["low"],
    )
    troops: list[AaaBox] = field("Left ruler: Hit Thresholds for Troop counters.", min_length=1)
    armed: list[AaaBox] = field(
        "Right ruler: Hit Thresholds for every other armed counter (AAA, tanks, trains, ships).",
        min_length=1,
    )


class BarrageBox(Model):
    """One spacing of the Barrage square on the Flak dashboard."""

    spacing: int = field(
        "Distance between two adjacent BRG markers (side of the square), measured from the "
        "red arrow of the Flak dashboard.",
        unit="steps",
        ge=1,
        le=30,
    )
    hit: int = field("Hit Threshold for planes inside the square at the Barrage's altitude.",
                     ge=1, le=20)


class CpfFire(Model):
    """The FLAK - CPF part of the dashboard."""

    hit: int = field("Hit Threshold against a plane within reach of a CPF marker.", ge=1, le=20)
    kill: int | None = field("Result that destroys the plane outright; null if none.", None,
                             ge=1, le=20)
    reach: int = field("Planes within this many steps of the marker are attacked.", 1,
                       unit="steps", ge=1, le=5)
    move: int = field("Steps a CPF marker may be moved in the last Combat subphase.", 2,
                      unit="steps", ge=0, le=10)


class FlakDashboard(Record):
    """The Flak dashboard: Barrage thresholds by square size and the CPF thresholds."""

    kind: kind_literal("paw.flak_dashboard")
    barrage_markers: int = field("BRG markers forming the Barrage square.", 4, ge=3, le=8)
    barrage: list[BarrageBox] = field("Barrage Hit Thresholds by marker spacing, closest first.",
                                      min_length=1)
    cpf: CpfFire = field("Continuously Pointed Fire.")
    min_distance: int = field(
        "Markers are placed at least this far from any enemy plane.", 5, unit="steps", ge=0,
        le=20,
    )
    attack_aspect: str = field(
        "Aspect Flak attacks count as for the advanced damage model (the side); the side "
        "attack modifier of the optional aspect rule is not applied.",
        "side",
    )
