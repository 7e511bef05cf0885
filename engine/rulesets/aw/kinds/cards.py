"""Campaign cards (8.0, 11.0) with effects the engine can execute.

The card texts are not in the rulebook; the effect vocabulary is what the
rules say cards do: combat bonuses (11.4), reinforcements that refit on later
picks (30.13), refits (12.0), command level changes (30.1, 30.9), airbase
counters (30.3), ground battles (30.10) and intelligence (22.0). Each effect is
one member of a tagged union keyed by `type`.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from engine.content.model import ID_PATTERN, Model, Record, Ref, field, kind_literal

from .vocabulary import (
    SEGMENT_HELP,
    UNIT_TYPE_HELP,
    OperationsSegment,
    PlanningSegment,
    UnitPick,
    UnitType,
)

Whose = Literal["own", "enemy"]
WHOSE_HELP = "'own': the player who plays the card; 'enemy': the other player."
Duration = Literal["hour", "turn", "game"]
DURATION_HELP = (
    "How long it lasts: 'hour' (the current hour), 'turn' (to the end of the day turn), "
    "'game' (for the rest of the game)."
)


class EffectBase(Model):
    """Shared by every effect: `type` picks the member of the union, first in the file."""

    type: str = field("Effect kind; each effect class fixes it.")
    option: str | None = field(
        "Id of a scenario option that must be on for this effect to apply (e.g. an errata "
        "toggle); empty: always applies.",
        None,
        pattern=ID_PATTERN,
    )


class CombatBonus(EffectBase):
    """Extra (or fewer) dice in one kind of combat; bonuses are cumulative (11.4)."""

    type: Literal["combat_bonus"] = field("Changes the dice rolled in combat.")
    combat: Literal["air", "aa", "bombing", "strafing"] = field(
        "Which rolls it changes: 'air' air-to-air (18.1), 'aa' AA fire (19.0), 'bombing' "
        "(20.1), 'strafing' (21.0)."
    )
    dice: int = field(
        "Dice added (negative: removed). A unit with a value of 1 or more is never "
        "reduced to 0 (18.1, 20.1).",
        unit="d6",
        ge=-9,
        le=9,
    )
    per: Literal["unit", "combat"] = field(
        "'unit': each qualifying unit's value changes; 'combat': the total of one combat "
        "changes once.",
        "unit",
    )
    applies_to: Whose = field(WHOSE_HELP, "own")
    unit_types: list[UnitType] = field(
        "Only units of these types qualify; empty: all. " + UNIT_TYPE_HELP,
        default_factory=list,
    )
    duration: Duration = field(DURATION_HELP, "turn")


class Reinforcements(EffectBase):
    """Units from the Reinforcement Box the first time picked; refits afterwards (30.13)."""

    type: Literal["reinforcements"] = field("Brings units in as reinforcements.")
    picks: list[UnitPick] = field(
        "Units taken from the side's Reinforcement Box on the first pick.", min_length=1
    )
    later_picks_refits: int = field(
        "Refits granted the second and later times the card is picked (30.13).",
        unit="units",
        ge=0,
        le=9,
    )


class Refit(EffectBase):
    """Units taken from the Damage Box and placed as reinforcements (12.0)."""

    type: Literal["refit"] = field("Refits destroyed units.")
    count: int = field("Units refitted.", unit="units", ge=1, le=9)
    unit_types: list[UnitType] = field(
        "Only units of these types; empty: any. " + UNIT_TYPE_HELP, default_factory=list
    )


class CommandLevel(EffectBase):
    """Raises or lowers a command level, within the scenario's bounds (30.1)."""

    type: Literal["command_level"] = field("Changes a command level.")
    delta: int = field("Change in command level.", unit="levels", ge=-3, le=3)
    applies_to: Whose = field(WHOSE_HELP, "own")


class AirbaseCounters(EffectBase):
    """Places airbase counters (30.3); relocates them when all are already on the map."""

    type: Literal["airbase_counters"] = field("Builds airbases.")
    count: int = field("Airbase counters placed.", unit="counters", ge=1, le=9)


class GroundBattle(EffectBase):
    """Makes a battle square a target for both sides while face up (30.10)."""

    type: Literal["ground_battle"] = field("Designates a battle square as a target.")
    place: str = field("Id of the battle square's place on the map.", pattern=ID_PATTERN)
    lasts_until: Literal["end_of_next_opponent_hour"] = field(
        "When the card is discarded: at the end of the next player's hour, so that each "
        "player has a chance to bomb it (30.10).",
        "end_of_next_opponent_hour",
    )


class Reveal(EffectBase):
    """Lets the player examine enemy units (22.0 'by play of a pertinent card')."""

    type: Literal["reveal"] = field("Lets the player examine enemy units, face down still.")
    scope: Literal["all", "one_square"] = field(
        "'all': every enemy unit on the map; 'one_square': every enemy unit in one square."
    )
    duration: Duration = field(DURATION_HELP, "turn")


Effect = Annotated[
    Union[CombatBonus, Reinforcements, Refit, CommandLevel, AirbaseCounters, GroundBattle, Reveal],
    Field(discriminator="type", description="One effect of the card; `type` says which."),
]


class CampaignCard(Record):
    """One campaign card of a side's deck."""

    kind: kind_literal("aw.campaign_card")
    number: int = field("Card number as printed, e.g. 7 for 'Card 07'.", ge=1, le=99)
    side: Ref("aw.side") = field("Side whose deck holds the card.")
    phase: Literal["planning", "operations", "any"] = field(
        "Phase of the day in which it may be played (11.2)."
    )
    segment: PlanningSegment | OperationsSegment | None = field(
        "Segment the card is limited to, if any; empty: any segment of the phase. " + SEGMENT_HELP,
        None,
    )
    disposition: Literal["discard", "permanent", "reshuffle"] = field(
        "What happens after play (11.3): 'discard' out of play; 'permanent' stays in "
        "effect; 'reshuffle' back into the deck at the end of the phase."
    )
    immediate: bool = field("Must be played as soon as it is picked (11.2).", False)
    wild_card: bool = field(
        "Printed 'Wild Card': may instead be played with the other wild cards for the "
        "scenario's wild card effect (11.4, 30.9).",
        False,
    )
    effects: list[Effect] = field("What playing the card does, in order.", min_length=1)
    text: str | None = field("Card text (authored sample: the print does not give it).", None)
