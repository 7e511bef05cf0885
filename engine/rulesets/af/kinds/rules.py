"""Game-wide rules data: the constants record (`af.rules`), maneuvers and optional rules.

The rulebook's numbers that are not tables (advantage within six hexes and
2,500 ft, one hex of range per 500 ft, 100 ft lost when banked, rockets reach
eight hexes ...) live in one `af.rules` record, so the engine reads them and a
house rule is a content edit. The record also says which table serves which
procedure. Maneuvers and the catalogue of optional rules are records of their
own because scenarios and data cards point at them by id.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.content.dice import Die
from engine.content.model import Model, Provenance, Record, Ref, field, kind_literal

from .vocabulary import Bank, DiceFormula, HitType, LocalId, Nationality

FEET = "ft"


class Maneuver(Record):
    """One of the five maneuvers: its log codes, cost and effect (rulebook VI, Maneuvers)."""

    kind: kind_literal("af.maneuver")
    code_right: str = field("Log code of the right-hand form (or the only form).", pattern=r"^[A-Z]$")
    code_left: str | None = field("Log code of the left-hand form; empty when there is none.", None, pattern=r"^[A-Z]$")
    mp: int = field("Movement points it costs.", unit="MP", ge=0, le=5)
    speed_loss: int = field("Speed points it takes off next turn's speed.", unit="speed points", ge=0, le=5)
    facing_change: int = field("Hexsides the facing turns (3 = 180 degrees).", unit="hexsides", ge=0, le=3)
    sidestep: bool = field(
        "Moves into the hex ahead on the maneuver's side, keeping the facing (slip, half-roll).",
        False,
    )
    bank_shift: int = field(
        "Places moved on the bank diagram: towards the maneuver's side for a bank, "
        "three (the opposite attitude) for a half-loop or half-roll; 0 leaves the bank.",
        ge=0,
        le=3,
    )
    requires_right: list[Bank] = field(
        "Bank attitudes in which the right-hand form may be flown; empty means any.",
        default_factory=list,
    )
    requires_left: list[Bank] = field(
        "Bank attitudes in which the left-hand form may be flown; empty means any.",
        default_factory=list,
    )
    max_cockpit_hits: int | None = field(
        "Most cockpit hits with which it may still be flown; empty for no limit.", None, ge=0, le=5
    )
    full_altitude_change: bool = field(
        "Must be flown while climbing or diving as much as the plane can (half-loop).", False
    )
    turns_after: int = field(
        "Turns that may follow it at once without their own requirement (slip: two).",
        0,
        ge=0,
        le=2,
    )


class OptionalRule(Record):
    """One optional rule the players may switch on; scenarios require some by id."""

    kind: kind_literal("af.optional_rule")
    section: str = field("Rulebook section, e.g. 'XIV'.", pattern=r"^[IVX]+$")
    summary: str = field("What switching it on changes, in a sentence or two.", min_length=1)
    phases: list[LocalId] = field(
        "Steps of the optional sequence of play (ids in `af.rules`) it brings in.",
        default_factory=list,
    )
    requires: list[Ref("af.optional_rule")] = field(
        "Optional rules that must be on for this one to work.", default_factory=list
    )
    default: bool = field(
        "On unless switched off: a basic-game rule the rulebook allows leaving out.", False
    )


class Phase(Model):
    """One step of the sequence of play, as numbered in the rulebook (V, Sequence of Play; X, Optional Sequence of
    Play)."""

    step: int = field("Step number as printed.", ge=1, le=20)
    id: LocalId
    name: str = field("Phase name as printed.", min_length=1)
    optional: bool = field(
        "Marked (*): played only when an optional rule that lists this phase is on.", False
    )


class LogCode(Model):
    """A code written in the Log Sheet's movement section and what it means (rulebook VI, Codes for Writing in the
    Log)."""

    code: str = field("Code written in the Log.", pattern=r"^[A-Z0-9-]+$")
    meaning: str = field("What it means, as printed.", min_length=1)


class Remedy(Model):
    """One row of the illegal-movement table (rulebook VIII)."""

    id: LocalId
    illegal: str = field("The illegal movement, as printed.", min_length=1)
    remedy: str = field("What is done about it, as printed.", min_length=1)
    destroys: bool = field("The remedy destroys the plane.", False)


class Movement(Model):
    """The scale of movement: seconds per turn, mph per speed point, altitude steps, the bank diagram and spins
    (rulebook V-VIII)."""

    turn_seconds: int = field("Real time one turn represents.", unit="s", ge=1, le=600)
    speed_point_mph: int = field("Air speed one speed point represents.", unit="mph", ge=1, le=500)
    altitude_step_ft: int = field("Smallest altitude change written in the Log.", unit=FEET, ge=1, le=1000)
    banked_altitude_loss_ft: int = field(
        "Lost by a plane ending the turn not level without another maneuver.", unit=FEET, ge=0, le=1000
    )
    bank_order: list[Bank] = field(
        "The bank diagram in the order a right bank (B) steps through it, wrapping round; a "
        "left bank (N) steps back, a half-loop or half-roll moves three places.",
        min_length=6,
        max_length=6,
    )
    spin_facing_die: Die = field("Die rolled for the new facing of a spinning plane.", "d6")
    max_banks_in_a_row: int = field(
        "Banks that may be written one after another. The book sets no limit; three reach every "
        "attitude either way, and a bank needing no straight hexes would otherwise repeat without end.",
        3,
        ge=1,
        le=6,
    )
    spin_turn_speed_loss: int = field(
        "Speed points a spinning plane loses per 60 degrees its rolled facing turns it ('the turns "
        "performed count as speed losses just like normal turns').",
        1,
        unit="speed points",
        ge=0,
        le=5,
    )
    crash_altitude_ft: int = field(
        "Ground level: a written move may not end at or below it (landing is an optional rule), "
        "and a spin that takes the plane there crashes.",
        0,
        unit=FEET,
        ge=0,
        le=10_000,
    )


class Advantage(Model):
    """When a plane holds the advantage over an enemy at its 12 o'clock, and when to leave the rule out (rulebook
    V, Determination of Advantage)."""

    max_range_hexes: int = field("An enemy this close or closer in the 12 o'clock arc.", unit="hexes", ge=1, le=50)
    max_height_above_ft: int = field(
        "The enemy may be at most this much higher.", unit=FEET, ge=0, le=10_000
    )
    max_planes_per_side: int = field(
        "Leave advantage out when more planes than this fly per side.", unit="planes", ge=1, le=100
    )


class Heights(Model):
    """High / Medium / Low of the clock reference (rulebook XI, Altitude Difference)."""

    high_at_least_ft: int = field("A target at least this much higher is High.", unit=FEET, ge=0, le=10_000)
    low_more_than_ft: int = field("A target more than this much lower is Low.", unit=FEET, ge=0, le=10_000)
    medium_up_to_ft: int = field(
        "A difference of at most this much is Medium.", unit=FEET, ge=0, le=10_000
    )


class ArcEdges(Provenance):
    """Which clock arc a hex exactly on the line between two arcs belongs to (rulebook V, Reference Quadrant;
    IX, Firing Arc): the diagrams that settle it are not printed in the text, so this is a reading."""

    lines_30: Literal["fore_aft", "beam"] = field(
        "Hexes on the lines 30 degrees off the nose or tail: 'fore_aft' puts them in 12 and 6 o'clock (so in "
        "the FF firing arc), 'beam' in 2, 4, 8 and 10 o'clock. Hexes on the 90-degree lines are always 2 and "
        "10 o'clock."
    )


class Fire(Model):
    """The firing procedure's tables and constants: Hit Table, Range Attenuation Table, altitude added to range,
    flexible fire (rulebook IX, Fire Phase; XIV, Fire Options)."""

    arc_edges: ArcEdges = field("Which arc a hex on the line between two clock arcs belongs to.")
    hit_table: Ref("af.hit_table") = field("Hit Table (No. 1).")
    range_table: Ref("af.range_table") = field("Range Attenuation Table (No. 2) for aircraft guns.")
    range_ft_per_hex: int = field(
        "Altitude difference that adds one hex of range (fractions ignored).", unit=FEET, ge=1, le=10_000
    )
    flexible_group_factors: int = field(
        "Most Gun Factors in one group of flexible (F) fire.", unit="gun factors", ge=1, le=20
    )
    flexible_loss_per_hit: int = field(
        "Gun Factors each hit on F armament takes from every direction.", unit="gun factors", ge=1, le=20
    )
    heights: Heights = field("Height classes of another plane.")
    identification_table: Ref("af.die_table") = field("Aircraft identification die table.")
    inline_engine_table: Ref("af.die_table") = field("In-line engine table.")


class Damage(Model):
    """What hits do to a plane's performance: power lost to engine hits, dive speed to wing hits, no dive speed
    after cockpit hits (rulebook IX, Effect of Damage; XV, Damage Options)."""

    power_loss_per_engine_hit: int = field(
        "Power Factors a single-engine plane loses per engine hit (never below zero).", ge=0, le=10
    )
    excess_gun_hits: HitType = field(
        "What a G hit counts as once every Gun Factor is crossed off.", "F"
    )
    wing_hits_per_dive_point: int = field(
        "Wing hits that take one point off the maximum dive speed of a single-engine plane.",
        ge=1,
        le=10,
    )
    wing_hits_per_dive_point_multi: int = field(
        "The same for a multi-engine plane.", ge=1, le=10
    )
    cockpit_hits_no_dive_speed: int = field(
        "Cockpit hits from which the plane may not fly at dive speed (maneuvers carry their "
        "own cockpit limits).",
        ge=1,
        le=10,
    )
    twin_engine_power_loss: list[int] = field(
        "Power Factors a twin lost when every engine has 1, 2 ... hits (index 0 = one hit each).",
        default_factory=list,
    )
    four_engine_power_loss_per_engine: int = field(
        "Power Factors a four-engine plane loses per engine destroyed.", ge=0, le=10
    )


class Spotting(Model):
    """The visibility options: Spotting Table, airborne radar, blind spots, pre-plotted movement (rulebook XII,
    Visibility Options), and hills' dead zones (XVII, Ground Targets)."""

    table: Ref("af.die_table") = field("Spotting Table.")
    radar_range_hexes: int = field("Reach of airborne radar, altitude included.", unit="hexes", ge=1, le=100)
    flexible_blind_spot: int = field(
        "Blind-spot modifier all round for planes with F armament (their diagram shows gunnery).",
        ge=-10,
        le=10,
    )
    dead_zone_reduction_ft: int = field(
        "A hill's dead zone shrinks one hex per this much height of the higher unit above it.",
        unit=FEET,
        ge=1,
        le=10_000,
    )
    preplot_turns: int = field("Turns written ahead before spotting.", unit="turns", ge=1, le=20)
    preplot_turns_ground_controlled: int = field(
        "Turns written ahead by planes controlled from the ground.", unit="turns", ge=1, le=20
    )


class Clouds(Model):
    """Random cloud placement (rulebook XII, Placement of Clouds)."""

    reference: DiceFormula = field("Reference altitude of the cloud.")
    below: DiceFormula = field("Depth of the cloud below the reference altitude.")
    above: DiceFormula = field("Height of the cloud above the reference altitude.")
    extent: DiceFormula = field("Extent in hexes in every direction from the counter.")


class Bombing(Model):
    """High-altitude, glide and dive bombing and damage to ground targets (rulebook XVI, Bombing Options; XVII,
    Ground Targets)."""

    high_altitude_table: Ref("af.die_table") = field("High-Altitude Bombing table.")
    high_altitude_min_ft: int = field("Lowest altitude for high-altitude bombing.", unit=FEET, ge=0, le=50_000)
    specific_target_die: Die = field("Die whose roll multiplies damage points into hits on a specific target.")
    adjacent_hit_column: int = field(
        "Hit Table column used against targets next to a hex a bomb destroys.", ge=1, le=40
    )
    planes_per_hex: int = field("Planes that may drop bombs from one hex in one turn.", ge=1, le=10)
    fortification_hits: int = field("Glide or dive hits that destroy a fortification.", ge=1, le=10)


class Rockets(Model):
    """Air-to-ground and air-to-air rocket fire: the Rocket Fire Table, range and impact area (rulebook XVIII,
    Rockets)."""

    table: Ref("af.die_table") = field("Rocket Fire Table.")
    range_hexes: int = field("Range of every rocket.", unit="hexes", ge=1, le=50)
    ag_radius_hexes: int = field("Air-to-ground impact area: the target hex and this many around.", unit="hexes", ge=0, le=10)
    aa_radius_hexes: int = field(
        "Air-to-air impact area: this many hexes round the target, altitude included.", unit="hexes", ge=0, le=10
    )
    target_altitude_tolerance_ft: int = field(
        "Greatest difference between the target hex's altitude and the firer's.", unit=FEET, ge=0, le=10_000
    )


class Airfield(Model):
    """Starting the engine and taking off from an airfield (rulebook XIII, Landings and Take-offs)."""

    engine_start_table: Ref("af.die_table") = field("Engine start die table.")
    speed_after_start: int = field("Speed next turn once the engine starts.", unit="speed points", ge=0, le=10)
    first_climb_max_ft: int = field("Most a plane climbs on the turn it leaves the runway.", unit=FEET, ge=0, le=5000)


class Experience(Model):
    """Parachute jumps, pilot characteristics and how kills and missions add up to experience (rulebook XIX,
    Training and Experience)."""

    parachute_table: Ref("af.die_table") = field("Parachute Jump table.")
    pilot_table: Ref("af.die_table") = field("Determination of Pilot Characteristics table.")
    bombing_missions_per_kill: int = field("Successful bombing missions worth one kill.", ge=1, le=20)
    ground_units_per_kill: int = field("AA guns or vehicles strafed worth one kill.", ge=1, le=20)
    missions_for_experience: int = field("Missions after which a pilot gains Experience.", ge=1, le=50)


Colour = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="A colour as #rrggbb.")]


class CounterColours(Model):
    """The colours of one nationality's airplane counters (rulebook I, Counters)."""

    nationality: Nationality
    name: str = field("The colours as the rulebook names them, e.g. 'beige with a blue silhouette'.",
                      min_length=1)
    background: Colour = field("The counter's background, as printed.")
    silhouette: Colour = field("The plane's silhouette on it.")


class Counters(Provenance):
    """The airplane counters (I, Counters): each shows only the plane's type and number, on its
    nationality's colours; the print-and-play sheets cut them out at this size."""

    size_mm: float = field("Side of a square counter.", unit="mm", gt=0, le=50)
    colours: list[CounterColours] = field("Background and silhouette by nationality.", min_length=1)


class Rules(Record):
    """The Air Force rules' constants and the map from procedures to their tables."""

    kind: kind_literal("af.rules")
    sequence_basic: list[Phase] = field("Sequence of play of the basic game (V).", min_length=1)
    sequence_optional: list[Phase] = field("Optional sequence of play (X).", default_factory=list)
    log_codes: list[LogCode] = field(
        "Log codes other than the maneuvers' (power, brake, spin, climb, dive, bombs).",
        default_factory=list,
    )
    illegal_moves: list[Remedy] = field("Illegal movements and their remedies (VIII).", default_factory=list)
    movement: Movement = field("Movement constants (V-VIII).")
    advantage: Advantage = field("Who holds the advantage (V, Determination of Advantage).")
    fire: Fire = field("Fire procedure constants and tables (IX, XIV).")
    damage: Damage = field("Effects of damage (IX, XV).")
    spotting: Spotting = field("Visibility options (XII, XVII hills).")
    clouds: Clouds = field("Random cloud placement (XII).")
    bombing: Bombing = field("Bombing options (XVI, XVII).")
    rockets: Rockets = field("Rockets (XVIII).")
    airfield: Airfield = field("Landings and take-offs (XIII).")
    experience: Experience = field("Training and experience (XIX).")
    counters: Counters = field("The airplane counters (I, Counters).")
