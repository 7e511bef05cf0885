"""What a damaged plane may still fly (§IX, Effect of Damage): the card's figures less its hits.

Cockpit hits bar maneuvers (each `af.maneuver` carries its own `max_cockpit_hits`) and, from
`cockpit_hits_no_dive_speed` on, dive speed; engine hits take Power Factors away; wing hits take
points off the maximum dive speed. The numbers are the `af.rules` damage record's; the basic
game's rule is applied to every plane (the multi-engine rules of §XV are not read here).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.planes import AltitudeBand
from ..kinds.rules import Rules
from .state import Plane


@dataclass(frozen=True, slots=True)
class Capability:
    """One plane's damage, as limits on what each altitude band's figures allow."""

    power_lost: int  # Power Factors the engine hits take
    speed_lost: int  # points the wing hits take off the maximum dive speed
    cockpit_hits: int  # for the maneuvers' own limits
    dive_speed_barred: bool  # too many cockpit hits to fly at dive speed

    def power(self, band: AltitudeBand) -> int:
        return max(0, band.power - self.power_lost)

    def brake(self, band: AltitudeBand) -> int:
        return band.brake

    def max_speed(self, band: AltitudeBand) -> int:
        """The maximum dive speed in `band`, less the wing hits."""
        return band.speeds.dive - self.speed_lost


def capability(plane: Plane, rules: Rules) -> Capability:
    dmg = rules.damage
    cockpit = plane.damage.of("C")
    return Capability(
        power_lost=plane.damage.of("E") * dmg.power_loss_per_engine_hit,
        speed_lost=plane.damage.of("W") // dmg.wing_hits_per_dive_point,
        cockpit_hits=cockpit,
        dive_speed_barred=cockpit >= dmg.cockpit_hits_no_dive_speed,
    )
