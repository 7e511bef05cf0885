"""Plane dashboards: everything the Movement and Combat rulers of one plane print.

The rulebook prints no dashboard values, so every dashboard in the bundled
pack is a sample (points excepted: they are printed in the availability
tables); the samples respect the rulebook's worked examples.
"""

from __future__ import annotations

from typing import Literal

from engine.content.model import Model, Record, Ref, field, kind_literal

from .vocabulary import Altitude, Letter, Loadout, Role

GunnerMark = Literal["nose", "tail", "dorsal", "ventral", "left", "right"]


class MaxEnergy(Model):
    """The two max Energy values printed on the Movement ruler."""

    undamaged: int = field("Max Energy when undamaged (white value).", unit="energy", ge=1, le=10)
    damaged: int = field(
        "Max Energy when damaged or loaded with ordnance (red value).",
        unit="energy",
        ge=1,
        le=10,
    )


class RulerMark(Model):
    """An icon on the Movement ruler: the mark to reach in a straight line first."""

    step: int = field(
        "Ruler mark the plane must reach in a straight line before the maneuver.",
        unit="steps",
        ge=1,
        le=10,
    )


class ManeuverMark(RulerMark):
    """A Wingover, Side-slip or Climb icon and the Energy it costs."""

    energy: int = field("Energy lost, the value printed next to the icon.", unit="energy",
                        ge=0, le=10)


class DescentMark(RulerMark):
    """The Descent icon: reach it, drop one level, regain Energy up to the max."""


class GunBox(Model):
    """One grey box of the Combat ruler: fixed forward guns at this distance."""

    distance: int = field("Distance to the target, in steps from the plane counter.",
                          unit="steps", ge=1, le=10)
    hit: int = field("Hit Threshold: modified d20 result needed to damage.", ge=1, le=20)
    kill: int | None = field(
        "Kill Threshold (planes with cannons): result that destroys the target outright; "
        "null when the plane has no cannons.",
        None,
        ge=1,
        le=20,
    )


class GunnerBox(Model):
    """One orange box of the Combat ruler: gunners at this distance."""

    distance: int = field("Distance from the gunner's mark, in steps.", unit="steps", ge=1, le=10)
    hit: int = field("Hit Threshold for the gunners.", ge=1, le=20)


class GunnerPosition(Model):
    """Where a gunner lays its fire template on the plane counter."""

    template: Ref("paw.fire_template", description="Fire template the gunner uses (G1-G3).")
    mark: GunnerMark = field("Mark on the plane counter the template is aligned with.")
    facing_deg: float = field(
        "Direction the template faces relative to the plane's nose, counter-clockwise "
        "(0 forward, 90 left, 180 rear, -90 right).",
        unit="degrees",
        ge=-180,
        le=180,
    )


class Gunners(Model):
    """The orange part of the Combat ruler and the gunners' template positions."""

    ruler: list[GunnerBox] = field("Hit Thresholds by distance.", min_length=1)
    positions: list[GunnerPosition] = field("Each gunner's template and mark.", min_length=1)


class RocketPlate(Model):
    """An A-A or A-G rocket plate: the bonus added to the die when the rockets are used."""

    bonus: int = field("Modifier added to the d20 result for the one attack using rockets.",
                       ge=1, le=10)


class Bombs(Model):
    """The bomb (or dive-bomber) icon and the Hit Thresholds below it."""

    hit: int = field("Hit Threshold for level bombing.", ge=1, le=20)
    altitude: Altitude = field(
        "Altitude the bombs must be dropped from: the dot above the threshold "
        "(white = high, none = standard, red = low)."
    )
    dive_hit: int | None = field(
        "Hit Threshold when dive bombing (descent to Low Altitude across the target); "
        "null when the plane cannot dive bomb.",
        None,
        ge=1,
        le=20,
    )


class Torpedoes(Model):
    """The torpedo icon: Hit Threshold and how many torpedoes the plane carries."""

    hit: int = field("Hit Threshold when the torpedo overlaps a ship.", ge=1, le=20)
    count: int = field("Torpedoes carried; only the He-111 carries 2.", 1, ge=1, le=2)


class Dashboard(Record):
    """A plane's dashboard: Movement ruler, Combat ruler, ordnance and points."""

    kind: kind_literal("paw.dashboard")
    aliases: list[str] = field(
        "Other spellings the rulebook prints for this plane, e.g. 'Spitfire I', 'Me-110'.",
        default_factory=list,
    )
    nation: str = field("Nation or air arm whose counter this is.", min_length=1)
    roles: list[Role] = field(
        "Roles the plane may fill (from the availability tables): fighter, fighter-bomber, "
        "bomber.",
        min_length=1,
    )
    points: int = field("Victory Points of the plane, as in the availability tables.",
                        unit="VP", ge=1, le=200)
    acceleration: int = field("Energy the plane may gain before moving.", unit="energy",
                              ge=0, le=10)
    deceleration: int = field("Energy the plane may shed before moving.", unit="energy",
                              ge=0, le=10)
    size: int = field("Size modifier added to attackers' d20 results.", ge=-5, le=5)
    durability: int = field(
        "Hearts of damage the plane absorbs (advanced damage model); it is destroyed when "
        "the hearts drawn exceed this.",
        unit="hearts",
        ge=1,
        le=20,
    )
    max_energy: MaxEnergy = field("Max Energy, undamaged and damaged/loaded.")
    turning: list[Letter | None] = field(
        "Best turning template for each Energy value: item 1 is for 1 Energy, item 2 for 2 "
        "and so on up to the undamaged max Energy; null where the plane cannot turn.",
        min_length=1,
        max_length=10,
    )
    wingover: ManeuverMark | None = field("Wingover icon; null when the plane has none.", None)
    side_slip: ManeuverMark | None = field("Side-slip icon; null when the plane has none.", None)
    climb: ManeuverMark | None = field("Climb icon; null when the plane has none.", None)
    descent: DescentMark | None = field("Descent icon; null when the plane has none.", None)
    guns: list[GunBox] = field(
        "Grey boxes of the Combat ruler (forward guns), nearest first; empty when unarmed.",
        default_factory=list,
    )
    gunners: Gunners | None = field("Orange boxes and gunner positions; null without gunners.",
                                    None)
    aa_rockets: RocketPlate | None = field("A-A rocket plate, when the plane can carry them.",
                                           None)
    ag_rockets: RocketPlate | None = field("A-G rocket plate, when the plane can carry them.",
                                           None)
    bombs: Bombs | None = field("Bomb or dive-bomber icon, when the plane can carry bombs.", None)
    torpedoes: Torpedoes | None = field("Torpedo icon, when the plane can carry torpedoes.", None)

    def names(self) -> set[str]:
        """Every printed spelling that designates this plane."""
        return {n for n in [self.name, *self.aliases] if n}

    def best_turn(self, energy: int) -> str | None:
        """Tightest template letter usable at `energy` (the letter next to it on the ruler)."""
        if energy < 1:
            return None
        return self.turning[min(energy, len(self.turning)) - 1]

    def loadouts(self) -> list[Loadout]:
        """Ordnance this dashboard can carry; 'none' is always possible."""
        out: list[Loadout] = ["none"]
        for name in ("aa_rockets", "ag_rockets", "bombs", "torpedoes"):
            if getattr(self, name) is not None:
                out.append(name)  # type: ignore[arg-type]
        return out

    def max_energy_for(self, damaged: bool, loaded: bool) -> int:
        """Loaded planes are limited to the damaged value until they release their ordnance."""
        if damaged or loaded:
            return self.max_energy.damaged
        return self.max_energy.undamaged

    def gun_box(self, distance: int) -> GunBox | None:
        return next((b for b in self.guns if b.distance == distance), None)
