"""A scenario: who intrudes, forces and decks per side, length, victory, special rules.

Everything a special rule fixes as a number or a switch is a field here (command
level bounds, airbase counter limits, wild card play, what each side may
bomb...); each special rule also keeps an id and its printed text, and
`modelled_by` names the fields that carry it, so the engine can switch on the id
and a reviewer can check the data against the print.
"""

from __future__ import annotations

from typing import Literal

from engine.content.model import ID_PATTERN, Model, Provenance, Record, Ref, field, kind_literal

from .cards import Effect
from .vocabulary import (
    MODE_HELP,
    SEGMENT_HELP,
    TARGET_CLASS_HELP,
    UNIT_TYPE_HELP,
    Mode,
    PlanningSegment,
    TargetClass,
    UnitCount,
    UnitPick,
    UnitType,
)


class CommandLevels(Model):
    """A side's command level: cards drawn per day and air stacking limit (3.0, 14.0)."""

    start: int = field("Command level at the start of the game.", unit="levels", ge=1, le=9)
    max: int = field("Highest level cards may raise it to (30.1).", unit="levels", ge=1, le=9)
    min: int = field(
        "Lowest level cards may lower it to (30.1: never zero).", 1, unit="levels", ge=1, le=9
    )


class Deployment(Model):
    """Counters set up on the map at the start (29.0)."""

    unit: Ref("aw.air_unit", "aw.ground_unit") = field("Counter type deployed.")
    count: int = field("Counters deployed.", unit="counters", ge=1, le=40)
    at: list[str] = field(
        "Place ids where they may set up; empty: any friendly airbase (air units) or any "
        "friendly ground space (ground units), capacity permitting.",
        default_factory=list,
    )


class ScheduledReinforcement(UnitCount):
    """Units the scenario brings in on a given turn (12.0 'Scenario')."""

    turn: int = field("Turn on which they arrive, in the Reinforcement segment.", ge=1, le=99)
    at: list[str] = field(
        "Place ids where they arrive; empty: any friendly airbase.", default_factory=list
    )


class AirbaseCounterRule(Model):
    """How a side builds airbases with counters by card (30.3)."""

    unit: Ref("aw.ground_unit") = field("The airbase counter type.")
    max_on_map: int = field(
        "Most airbase counters on the map at once.", unit="counters", ge=1, le=9
    )
    forbidden_places: list[str] = field(
        "Place ids where an airbase counter may never be placed.", default_factory=list
    )


class SideSetup(Model):
    """Everything the scenario gives one side."""

    side: Ref("aw.side") = field("The side set up here.")
    command_level: CommandLevels = field("Command level bounds and start (29.1, 29.2, 30.1).")
    deployment: list[Deployment] = field("Initial deployment (29.1, 29.2).", default_factory=list)
    random_deployment: list[UnitPick] = field(
        "Counters picked at random and deployed like the list above; the rest of each "
        "pool goes to the Reinforcement Box.",
        default_factory=list,
    )
    reinforcement_box: list[UnitCount] = field(
        "Counters that start in the Reinforcement Box and come in by card (12.0).",
        default_factory=list,
    )
    scheduled_reinforcements: list[ScheduledReinforcement] = field(
        "Reinforcements the scenario schedules by turn (12.0).", default_factory=list
    )
    deck: list[Ref("aw.campaign_card")] = field("The side's campaign card deck.", min_length=1)
    target_roster: list[Ref("aw.target_roster")] = field(
        "The side's lines of the Target Roster.", default_factory=list
    )
    vp_per_enemy_air_unit_damaged: int = field(
        "VP for each enemy air unit in the Damage Box at the end of the game (28.2, 28.3).",
        unit="VP",
        ge=0,
        le=9,
    )
    may_bomb: list[TargetClass] = field(
        "Enemy target classes the side may bomb (30.7). " + TARGET_CLASS_HELP, min_length=1
    )
    radar: bool = field("The side has radar cover, drawn on the map (23.0, 30.5).", False)
    airbase_counters: AirbaseCounterRule | None = field(
        "How the side builds airbases by card (30.3); empty: it cannot.", None
    )
    wild_card_effects: list[Effect] = field(
        "What playing the wild cards together does for this side (30.9).", default_factory=list
    )


class VictoryLevel(Model):
    """One band of the final VP difference (28.1); an empty bound is open-ended."""

    name: str = field("Level as printed, e.g. 'VVS Strategic'.", min_length=1)
    winner: Ref("aw.side") = field("Side that wins at this level.")
    level: Literal["strategic", "operational", "tactical", "draw"] = field("Degree of the win.")
    min: int | None = field(
        "Lowest VP difference in the band; empty: no lower bound.", None, unit="VP"
    )
    max: int | None = field(
        "Highest VP difference in the band; empty: no upper bound.", None, unit="VP"
    )

    def contains(self, score: int) -> bool:
        return (self.min is None or score >= self.min) and (self.max is None or score <= self.max)


class Victory(Model):
    """Final score = VP of `plus` minus VP of `minus` (28.0), read on the bands."""

    plus: Ref("aw.side") = field("Side whose VP total the other's is subtracted from.")
    minus: Ref("aw.side") = field("Side whose VP total is subtracted.")
    levels: list[VictoryLevel] = field("Bands from the highest score down.", min_length=1)

    def level_for(self, score: int) -> VictoryLevel | None:
        return next((lv for lv in self.levels if lv.contains(score)), None)

    def told(self) -> str:
        """The bands in words, for a person about to play (28.0)."""
        def band(lv: VictoryLevel) -> str:
            if lv.min is not None and lv.max is not None:
                return f"{lv.min} to {lv.max}" if lv.min != lv.max else f"{lv.min}"
            return f"{lv.min} or more" if lv.min is not None else f"{lv.max} or less"
        return (f"final score = {self.plus} VP minus {self.minus} VP: "
                + ", ".join(f"{band(lv)} {lv.name}" for lv in self.levels))


class TurnLabel(Provenance):
    """What a turn box on the Turn Record Track says."""

    turn: int = field("Turn number.", ge=1, le=99)
    label: str = field("Dates of the turn, e.g. '3-16 April 1943'.", min_length=1)


class ModeRules(Model):
    """How a unit type behaves in one mode."""

    mode: Mode = field(MODE_HELP)
    crt_column: Literal["fighters", "bombers", "none"] = field(
        "Air Superiority CRT column its dice use (18.1); 'none': no combat capability."
    )
    bombs: bool = field("May bomb (20.0).")
    strafes: bool = field("May strafe based air units, one die per unit (21.0).")
    missions_per_turn: int | None = field(
        "Missions it may fly per turn; empty: as its range allows (16.1, 16.2).",
        None,
        unit="missions",
        ge=1,
        le=9,
    )
    bombing_attacks_per_turn: int | None = field(
        "Bombing attacks per turn (20.0: one); empty when it does not bomb.",
        None,
        unit="attacks",
        ge=1,
        le=9,
    )
    attacks_first_hour_only: bool = field(
        "Attacks only in the first hour it is in the air (26.2).", False
    )
    stops_enemy_movement: bool = field(
        "Enemy air units entering its square must stop (17.1); decoys do not (22.1).", True
    )


class UnitClass(Provenance):
    """What a unit type may do, per mode."""

    type: UnitType = field(UNIT_TYPE_HELP)
    name: str = field("Name of the type, e.g. 'Fighter-Bomber'.", min_length=1)
    mode_choice: Literal["none", "per_turn"] = field(
        "'per_turn': the player picks the mode at the start of each turn and keeps it "
        "all turn (26.1).",
        "none",
    )
    modes: list[ModeRules] = field(
        "Its modes; the first is the front of the counter.", min_length=1
    )

    def mode(self, mode: str) -> ModeRules | None:
        return next((m for m in self.modes if m.mode == mode), None)


class WildCards(Model):
    """Playing wild cards together (11.4, 30.9); the effect is per side."""

    cards_needed: int = field("Wild cards that must be played together.", unit="cards", ge=2, le=9)
    segment: PlanningSegment = field(
        "Planning segment in which they are played together. " + SEGMENT_HELP
    )


class Rules(Model):
    """Numbers and switches of the system and scenario rules."""

    air_stacking: Literal["command_level"] = field(
        "Most air units of a side in the air in one square at the end of movement (14.0).",
        "command_level",
    )
    ground_units_per_type_per_square: int = field(
        "Ground units of one type allowed in one square (14.0).", 1, unit="units", ge=1, le=9
    )
    airbase_aa_equals_capacity: bool = field(
        "Every functioning airbase fires AA equal to its capacity (30.2, 30.4).", False
    )
    airbase_launch_limit: Literal["command_level", "none"] = field(
        "Most air units that may take off from one airbase in one hour (30.2).", "none"
    )
    one_airbase_per_square: bool = field(
        "At most one airbase (printed or counter) per square (30.3).", False
    )
    airbase_attack_reduces_capacity: bool = field(
        "A successful attack on an airbase also reduces its capacity (30.8: no).", False
    )
    strafe_dice_per_unit: int = field(
        "Dice a strafing fighter rolls, whatever its strength (21.0).", 1, unit="d6", ge=1, le=9
    )
    excess_reinforcements: Literal["held_aside"] = field(
        "Reinforcements beyond airbase capacity are set aside until there is room (30.14).",
        "held_aside",
    )
    end_turn_by_agreement: bool = field(
        "Players may end the Operations Phase early when all aircraft have landed (10.1).", True
    )


class SpecialRule(Model):
    """A scenario special rule, by id, with where the model carries it."""

    id: str = field("Stable id the engine switches on, e.g. 'hs129'.", pattern=ID_PATTERN)
    section: str = field("Section number as printed, e.g. '30.15'.", pattern=r"^[0-9]+(\.[0-9]+)*$")
    title: str = field("Title as printed.", min_length=1)
    text: str = field("Rule text as printed (errata applied).", min_length=1)
    modelled_by: list[str] = field(
        "Field paths that carry the rule as data, e.g. 'sides[0].command_level'; empty: "
        "prose only, the engine implements it by id.",
        default_factory=list,
    )


class ScenarioOption(Provenance):
    """A rule the players may switch on or off before play."""

    id: str = field("Option id that content and the engine refer to.", pattern=ID_PATTERN)
    name: str = field("Short name.", min_length=1)
    default: bool = field("On unless the players switch it off.")
    description: str = field("What switching it changes.", min_length=1)


class Scenario(Record):
    """A playable scenario of the Air Wars system."""

    kind: kind_literal("aw.scenario")
    map: Ref("aw.map") = field("The game map.")
    air_crt: Ref("aw.air_crt") = field("Air Superiority CRT used by both sides (30.6).")
    bombing_crt: Ref("aw.bombing_crt") = field("Bombing CRT used by both sides (30.6).")
    intruder: Ref("aw.side") = field("The Intruder: picks, reinforces and flies first (9.0, 10.1).")
    interceptor: Ref("aw.side") = field("The Interceptor (9.0).")
    setup_order: list[Ref("aw.side")] = field(
        "Sides in the order they set up (29.0).", min_length=2, max_length=2
    )
    setup_segment: PlanningSegment = field(
        "Planning segment of turn 1 in which set-up takes place (29.0). " + SEGMENT_HELP,
        "redeploy",
    )
    turns: int = field("Game turns (days of the system; 27.0).", ge=1, le=99)
    days_per_turn: int = field(
        "Real days one game turn stands for (27.0).", unit="days", ge=1, le=366
    )
    hours_per_turn: int = field(
        "Hours in the Operations Phase; each hour is an Intruder then an Interceptor "
        "hour (10.1, 27.0).",
        unit="hours",
        ge=1,
        le=24,
    )
    turn_labels: list[TurnLabel] = field("Turn Record Track boxes.", default_factory=list)
    sides: list[SideSetup] = field("Set-up per side.", min_length=2, max_length=2)
    victory: Victory = field("How the final VP difference decides the level of victory (28.0).")
    unit_classes: list[UnitClass] = field("What each unit type may do.", min_length=1)
    wild_cards: WildCards | None = field(
        "How wild cards are played together; empty: no wild cards.", None
    )
    rules: Rules = field("Numbers and switches of the rules.", default_factory=Rules)
    special_rules: list[SpecialRule] = field("Scenario special rules, by id.", default_factory=list)
    options: list[ScenarioOption] = field("Rules players may switch.", default_factory=list)

    @property
    def briefing(self) -> str:
        """What a person is told before playing: the length and how the game is won (27.0, 28.0)."""
        return (f"{self.turns} turns of {self.hours_per_turn} hours (in each hour {self.intruder} flies, then "
                f"{self.interceptor}); victory (28.0): {self.victory.told()}.")

    def side_setup(self, side_id: str) -> SideSetup | None:
        return next((s for s in self.sides if s.side == side_id), None)

    def unit_class(self, unit_type: str) -> UnitClass | None:
        return next((c for c in self.unit_classes if c.type == unit_type), None)
