"""What a damaged plane may still fly (§IX, Effect of Damage): the card's figures less its hits.

Cockpit hits bar maneuvers (each `af.maneuver` carries its own `max_cockpit_hits`) and, from
`cockpit_hits_no_dive_speed` on, dive speed; engine hits take Power Factors away; wing hits take
points off the maximum dive speed. The numbers are the `af.rules` damage record's; the basic
game's rule is applied to every plane (the multi-engine rules of §XV are not read here).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..planes import AltitudeBand
from ..rules import Rules
from .state import Plane


@dataclass(frozen=True, slots=True)
class Capability:
    """One plane's limits in one altitude band, damage included."""

    power: int  # Power Factors it may apply this turn
    brake: int  # Brake Factors
    max_speed: int  # maximum dive speed, less the wing hits
    dive_speed_barred: bool  # too many cockpit hits to fly at dive speed
    cockpit_hits: int  # for the maneuvers' own limits


def capability(plane: Plane, band: AltitudeBand, rules: Rules) -> Capability:
    dmg = rules.damage
    engine = plane.damage.of("E") * dmg.power_loss_per_engine_hit
    wings = plane.damage.of("W") // dmg.wing_hits_per_dive_point
    cockpit = plane.damage.of("C")
    return Capability(
        power=max(0, band.power - engine),
        brake=band.brake,
        max_speed=band.speeds.dive - wings,
        dive_speed_barred=cockpit >= dmg.cockpit_hits_no_dive_speed,
        cockpit_hits=cockpit,
    )
