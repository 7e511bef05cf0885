"""Airplane Data Cards (`af.data_card`): the maneuver screens (CM) and target characteristics (CB).

The printed card draws four semicircular "control screens" whose concentric
bands are altitude levels. Here each altitude band is one entry holding what
all four screens say at that altitude, which is how the rules read them: find
the band, then read speed increments, maneuverability requirements, power and
brake factors, and climb and dive limits. Altitudes are kept in feet.
"""

from __future__ import annotations

from typing import Literal

from engine.content.model import Model, Record, field, kind_literal

from .vocabulary import INCREMENTS, MANEUVERS, Hits, HitType, Increment, LocalId, ManeuverName, Nationality

FEET = "ft"


class Speeds(Model):
    """Speed Increments Screen (1) at one altitude: the top speed of each increment."""

    stall: int = field(
        "Highest speed in the Stall increment (purple); speeds 0 to this spin.",
        unit="speed points",
        ge=0,
        le=20,
    )
    maneuver: int | None = field(
        "Highest speed in the Maneuver increment (green); empty where the band has none.",
        None,
        unit="speed points",
        ge=1,
        le=20,
    )
    level: int | None = field(
        "Highest speed in the Level increment (yellow); empty where the band has none.",
        None,
        unit="speed points",
        ge=1,
        le=20,
    )
    dive: int = field(
        "Highest speed in the Dive increment (red): the maximum dive speed at this altitude.",
        unit="speed points",
        ge=1,
        le=20,
    )

    def tops(self) -> dict[str, int]:
        """Increment -> its top speed, for the increments this band has, slowest first."""
        return {n: getattr(self, n) for n in INCREMENTS if getattr(self, n) is not None}

    def increment(self, speed: int) -> Increment | None:
        """The increment `speed` falls in, or None above the maximum dive speed."""
        for name, top in self.tops().items():
            if speed <= top:
                return name  # type: ignore[return-value]
        return None

    def span(self, name: str) -> tuple[int, int] | None:
        """(lowest, highest) speed of an increment, or None when the band lacks it."""
        low = 0
        for inc, top in self.tops().items():
            if inc == name:
                return (low, top) if top >= low else None
            low = top + 1
        return None


class Requirement(Model):
    """Maneuverability Requirement of one maneuver: straight hexes needed first, per increment."""

    maneuver: int | None = field(
        "Hexes at Maneuver speed; empty when not possible at that increment.",
        None,
        unit="hexes",
        ge=0,
        le=20,
    )
    level: int | None = field(
        "Hexes at Level speed; empty when not possible.", None, unit="hexes", ge=0, le=20
    )
    dive: int | None = field(
        "Hexes at Dive speed; empty when not possible.", None, unit="hexes", ge=0, le=20
    )


class Requirements(Model):
    """Maneuverability Requirements Screen (2) at one altitude, one entry per maneuver."""

    bank: Requirement | None = field("Bank (B/N); empty when the plane cannot bank here.", None)
    turn: Requirement | None = field("Turn (R/L); empty when not possible here.", None)
    slip: Requirement | None = field("Slip (S/T); empty when not possible here.", None)
    half_loop: Requirement | None = field("Half-loop (V); empty when not possible here.", None)
    half_roll: Requirement | None = field("Half-roll (H/E); empty when not possible here.", None)

    def hexes(self, maneuver: str, increment: str) -> int | None:
        req = getattr(self, maneuver)
        return None if req is None or increment == "stall" else getattr(req, increment)


class Climb(Model):
    """A climb limit: `ft` every `every` turns (the card's '.033' is 100 ft every 3 turns)."""

    ft: int = field("Feet gained.", unit=FEET, ge=100, le=5000)
    every: int = field("Turns needed for that gain; 1 for an ordinary per-turn limit.", 1, ge=1, le=10)

    @property
    def per_turn(self) -> float:
        return self.ft / self.every


class Climbs(Model):
    """Altitude Change Screen (4): the coloured climb areas at one altitude."""

    maneuver: Climb | None = field("Maximum climb at Maneuver speed (green area).", None)
    level: Climb | None = field(
        "Maximum climb at Level speed (yellow area); few cards have one (the P-47D does). "
        "Without it a plane at Level speed climbs as at Maneuver speed.",
        None,
    )
    dive: Climb | None = field("Maximum climb at Dive speed ('Dive Sp. Climb', red area).", None)

    def best(self, increment: str) -> Climb | None:
        """Largest climb open to a plane in `increment`: its own area or a lower one's."""
        if increment == "stall":
            return None
        allowed = INCREMENTS[1 : INCREMENTS.index(increment) + 1]
        options = [getattr(self, n) for n in allowed if getattr(self, n) is not None]
        return max(options, key=lambda c: c.per_turn, default=None)


class AltitudeBand(Model):
    """Everything the four maneuver screens say about one altitude band."""

    top_ft: int = field(
        "Top of the band as printed at the band's end (14.9 = 14,900 ft). A plane uses the "
        "first band whose top is at or above its altitude; the last band's top is the ceiling.",
        unit=FEET,
        ge=0,
        le=60_000,
    )
    speeds: Speeds = field("Speed Increments Screen (1).")
    mr: Requirements = field("Maneuverability Requirements Screen (2).")
    power: int = field(
        "Power Factors available per turn (Speed Change Screen, 3).", unit="speed points", ge=0, le=10
    )
    brake: int = field(
        "Brake Factors available per turn (Speed Change Screen, 3).", unit="speed points", ge=0, le=10
    )
    climb: Climbs = field("Climb areas of the Altitude Change Screen (4).")
    dive_ft: int = field(
        "Largest descent in one turn (the black-lined area), whatever the speed.",
        unit=FEET,
        ge=0,
        le=10_000,
    )


class SpeedStep(Model):
    """One box of an altitude-change speed band: changes up to `up_to_ft` cost/give `speed`."""

    up_to_ft: int = field(
        "Largest altitude change this box covers; it starts just above the previous box.",
        unit=FEET,
        ge=100,
        le=10_000,
    )
    speed: int = field("Speed points lost (climb) or gained (dive).", unit="speed points", ge=0, le=10)


def step_for(steps: list[SpeedStep], ft: int) -> int | None:
    """Speed change for an altitude change of `ft`, or None when no box covers it."""
    if ft <= 0:
        return 0
    for step in steps:
        if ft <= step.up_to_ft:
            return step.speed
    return None


class DamageRecord(Model):
    """Hits each part takes before the plane is destroyed (CB; Log Sheet Damage Record)."""

    wings: int = field("W: hits the wings take.", unit="hits", ge=0, le=99)
    fuselage: int = field("F: hits the fuselage takes.", unit="hits", ge=0, le=99)
    cockpits: list[Hits] = field(
        "C: hits each cockpit takes, left to right on the record (two for pilot and co-pilot).",
        default_factory=list,
        max_length=2,
    )
    engines: list[Hits] = field(
        "E: hits each engine takes, left to right as on the record (up to four).",
        default_factory=list,
        max_length=4,
    )
    fuel: int = field("L: hits the fuel tanks take.", unit="hits", ge=0, le=99)
    misses: list[HitType] = field(
        "Hit types that count as misses on this plane (the V-1 ignores C and G).",
        default_factory=list,
    )


class Gun(Model):
    """One gun or battery on the G line: its Gun Factors are lost together to one G hit."""

    factors: int = field("Gun Factors of the battery.", unit="gun factors", ge=1, le=20)
    type: Literal["C", "M"] = field("'C' cannon or 'M' machine gun (ammunition option).")
    position: Literal["FF", "FH", "FL"] = field(
        "Mounting: FF fixed forward, FH fixed high (12 o'clock and up), FL fixed low "
        "(12 o'clock, lower targets). Flexible (F) armament is the `gunnery` diagram."
    )
    range: int = field("Range in hexes (the number in parentheses).", unit="hexes", ge=1, le=20)
    surface_only: bool = field(
        "Printed in parentheses: fires only at surface targets, added to the FF factors there.",
        False,
    )


ClockArc = Literal[12, 2, 4, 6, 8, 10]
ClockLevel = Literal["high", "medium", "low"]


class ClockCell(Model):
    """One space of the clock reference diagram."""

    arc: ClockArc = field("Clock arc, in o'clock.")
    level: ClockLevel = field("Height of the other plane: high, medium or low (rulebook XI).")
    value: int = field("Number printed in the space.", ge=-10, le=60)


class ClockDiagram(Model):
    """A clock reference diagram; blank spaces read as zero, so only printed ones are listed."""

    cells: list[ClockCell] = field("Printed spaces.", default_factory=list)

    def value(self, arc: int, level: str) -> int:
        for cell in self.cells:
            if cell.arc == arc and cell.level == level:
                return cell.value
        return 0


class Ammo(Model):
    """Ammunition (optional rule): bursts the plane can fire, per kind of gun."""

    cannon: int | None = field("Cn: bursts of cannon ammunition.", None, unit="bursts", ge=0, le=99)
    mg: int | None = field("Mg: bursts of machine-gun ammunition.", None, unit="bursts", ge=0, le=99)


class RocketLoad(Model):
    """Rockets of one type the plane can carry (rulebook XVIII, Rockets)."""

    type: Literal["AA", "AG"] = field("'AA' air-to-air or 'AG' air-to-ground (rulebook XVIII).")
    count: int = field("Rockets carried.", unit="rockets", ge=1, le=60)


class Ordnance(Model):
    """What the plane can carry; carrying any of it makes the plane 'loaded'."""

    bombs: int = field("Bombs carried at most.", 0, unit="bombs", ge=0, le=100)
    bomb_lb: int = field("Maximum bomb load.", 0, unit="lb", ge=0, le=40_000)
    bombsight: bool = field("Has a bombsight (high-altitude bombing without the -2).", False)
    bombing_radar: bool = field("Has bombing radar (+1 at night or on obscured targets).", False)
    dive_bomber: bool = field("Is a dive bomber (may use dive bombing).", False)
    rockets: list[RocketLoad] = field("Rocket loads it can carry, one of which is chosen.", default_factory=list)


class ManeuverModifiers(Model):
    """Hexes added to each maneuver's requirement when loaded."""

    bank: int = field("Added to the bank requirement.", 0, unit="hexes", ge=0, le=10)
    turn: int = field("Added to the turn requirement.", 0, unit="hexes", ge=0, le=10)
    slip: int = field("Added to the slip requirement.", 0, unit="hexes", ge=0, le=10)
    half_loop: int = field("Added to the half-loop requirement.", 0, unit="hexes", ge=0, le=10)
    half_roll: int = field("Added to the half-roll requirement.", 0, unit="hexes", ge=0, le=10)


class LoadModifiers(Model):
    """Load modifiers printed on the card (rulebook XIII, Loaded Plane)."""

    speed: int = field(
        "Added to the tops of the Maneuver, Level and Dive increments (stall is never reduced).",
        0,
        unit="speed points",
        ge=-10,
        le=0,
    )
    power: int = field("Added to the Power Factors.", 0, ge=-10, le=0)
    brake: int = field("Added to the Brake Factors.", 0, ge=-10, le=0)
    climb_ft: int = field("Added to every climb limit.", 0, unit=FEET, ge=-5000, le=0)
    dive_ft: int = field("Added to the maximum dive.", 0, unit=FEET, ge=-5000, le=0)
    mr: ManeuverModifiers = field("Added to the maneuverability requirements.", default_factory=ManeuverModifiers)
    prohibited: list[ManeuverName] = field(
        "Maneuvers a loaded plane may not perform ('P' on the card); doing so destroys it.",
        default_factory=list,
    )


class Series(Model):
    """Another series of the same model: its guns replace the card's (armament variants)."""

    id: LocalId
    name: str = field("Series as printed, e.g. 'Spitfire Vb'.", min_length=1)
    guns: list[Gun] | None = field("Gun line of this series; empty keeps the card's.", None)
    ammo: Ammo | None = field("Ammunition of this series; empty keeps the card's.", None)
    ordnance: Ordnance | None = field("Ordnance of this series; empty keeps the card's.", None)
    notes: str | None = field("Card notes for this series.", None)


class DataCard(Record):
    """One Airplane Data Card: maneuver characteristics (CM) and target characteristics (CB)."""

    kind: kind_literal("af.data_card")
    nationality: Nationality
    role: Literal[
        "fighter", "fighter_bomber", "heavy_fighter", "night_fighter", "bomber", "dive_bomber",
        "flying_bomb",
    ] = field("What the plane is for; scenarios and bots use it.")
    basic_game: bool = field(
        "One of the basic-game planes (Hurricane, Spitfire, Tempest, Me-109, FW-190, P-51, P-47).",
        False,
    )
    engine_type: Literal["I", "R"] | None = field(
        "'I' in-line (water-cooled; in-line engine table) or 'R' radial. Jets count as 'I'. "
        "Empty when the card gives none.",
        None,
    )
    victory_points: int = field("VP the enemy gains for shooting it down.", unit="VP", ge=0, le=100)
    silhouette: int = field("Silhouette modifier, applied to fire at this plane.", ge=-10, le=10)
    fire_modifier: int = field("Fire modifier of its FF/FH/FL guns.", 0, ge=-10, le=10)
    flexible_fire_modifier: int = field(
        "Fire modifier of its flexible (F) guns; cards showing 'FF/FH Fire' give F zero.", 0, ge=-10, le=10
    )
    damage: DamageRecord = field("Damage Record limits (CB).")
    guns: list[Gun] = field(
        "G line, left to right as on the Damage Record (hit priority follows the side).",
        default_factory=list,
    )
    gunnery: ClockDiagram | None = field(
        "Gunnery Performance diagram: Gun Factors of the flexible (F) armament per arc and "
        "height. Present only on planes with F armament.",
        None,
    )
    blind_spots: ClockDiagram | None = field(
        "Blind Spot Modifiers diagram: spotting die modifiers per arc and height (FF planes).",
        None,
    )
    ammo: Ammo | None = field("Ammunition, for the ammunition option.", None)
    radar: bool = field("Carries radar: +2 spotting in its 12 o'clock arc within 15 hexes.", False)
    ordnance: Ordnance | None = field("What it can carry; empty when it carries nothing.", None)
    load: LoadModifiers | None = field("Load modifiers; empty when the card prints none.", None)
    bands: list[AltitudeBand] = field(
        "Altitude bands from the ground up; blank printed bands are left out.", min_length=1
    )
    climb_speed: list[SpeedStep] = field(
        "Outermost band of the Altitude Change Screen: speed lost per climb, smallest first.",
        default_factory=list,
    )
    dive_speed: list[SpeedStep] = field(
        "Second band of the Altitude Change Screen: speed gained per dive, smallest first.",
        default_factory=list,
    )
    series: list[Series] = field(
        "Other series of the model printed at the foot of the card.", default_factory=list
    )

    @property
    def ceiling_ft(self) -> int:
        return self.bands[-1].top_ft

    def band_for(self, altitude_ft: int) -> AltitudeBand | None:
        """The band a plane at `altitude_ft` uses, or None above the ceiling."""
        for band in self.bands:
            if altitude_ft <= band.top_ft:
                return band
        return None

    def guns_of(self, series: str | None = None) -> list[Gun]:
        if series is not None:
            for s in self.series:
                if s.id == series and s.guns is not None:
                    return s.guns
        return self.guns

    def gun_factors(self, series: str | None = None, *, surface: bool = False) -> int:
        """Total Gun Factors of the fixed guns; parenthesised ones only against the surface."""
        return sum(g.factors for g in self.guns_of(series) if surface or not g.surface_only)

    def climb_speed_loss(self, ft: int) -> int | None:
        return step_for(self.climb_speed, ft)

    def dive_speed_gain(self, ft: int) -> int | None:
        return step_for(self.dive_speed, ft)

    def loaded(self) -> "DataCard":
        """This card as a loaded plane flies it: the load modifiers applied to every band."""
        if self.load is None:
            return self
        load = self.load
        return self.model_copy(update={"bands": [_load_band(b, load) for b in self.bands]})


def _load_band(band: AltitudeBand, load: LoadModifiers) -> AltitudeBand:
    s = band.speeds
    tops: dict[str, int | None] = {}
    floor = s.stall
    for name in ("maneuver", "level", "dive"):
        top = getattr(s, name)
        if top is not None:
            top += load.speed
        # An increment squeezed down onto the one below it disappears ("the maneuver
        # speed disappears"); the maximum dive speed always stays above stall.
        tops[name] = top if top is not None and (top > floor or name == "dive") else None
        if tops[name] is not None:
            floor = tops[name]
    speeds = Speeds(stall=s.stall, maneuver=tops["maneuver"], level=tops["level"], dive=max(tops["dive"], s.stall + 1))

    reqs = {}
    for m in MANEUVERS:
        req = getattr(band.mr, m)
        if req is None or m in load.prohibited:
            reqs[m] = None
            continue
        add = getattr(load.mr, m)
        reqs[m] = Requirement(**{k: (v + add if v is not None else None) for k, v in req.model_dump().items()})

    climbs = {}
    for name in ("maneuver", "level", "dive"):
        c = getattr(band.climb, name)
        ft = (c.ft + load.climb_ft) if c is not None else 0
        climbs[name] = Climb(ft=ft, every=c.every) if c is not None and ft >= 100 else None
    return AltitudeBand(
        top_ft=band.top_ft,
        speeds=speeds,
        mr=Requirements(**reqs),
        power=max(0, band.power + load.power),
        brake=max(0, band.brake + load.brake),
        climb=Climbs(**climbs),
        dive_ft=max(0, band.dive_ft + load.dive_ft),
    )

