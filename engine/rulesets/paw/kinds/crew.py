"""Crew skills and advanced-damage markers: what changes a plane beyond its dashboard."""

from __future__ import annotations

from typing import Literal

from engine.content.model import Model, Record, field, kind_literal

Aspect = Literal["front", "side", "back"]

EffectKind = Literal[
    "cant_climb",
    "cant_wingover",
    "acceleration",
    "cant_side_slip",
    "cant_turn",
    "hit_threshold",
    "gunners_affected",
    "cant_fly_high",
    "tightest_turn",
    "max_energy",
    "crew_killed",
]


class CrewSkill(Record):
    """A crew skill level (Rookie, Trained, Ace) and what it modifies."""

    kind: kind_literal("paw.crew_skill")
    rank: int = field("Order of experience: 1 Rookie, 2 Trained, 3 Ace.", ge=1, le=5)
    crosshair: int = field(
        "Crosshair value: added to the Hit Threshold of the plane's attacks (a Rookie's 12 "
        "becomes 14).",
        ge=-5,
        le=5,
    )
    energy_tokens: int = field(
        "Energy Token value: added to the plane's max Energy.", unit="energy", ge=-3, le=3
    )
    ai_rows_down: int = field(
        "Rows an AI pilot of this skill shifts down the ACE AI table after its roll.",
        ge=0,
        le=5,
    )
    has_marker: bool = field("False for Trained, the default skill, which has no marker.", True)


class DamageEffect(Model):
    """One icon on the back of a damage marker."""

    effect: EffectKind = field("What the hit does (one icon).")
    value: int | None = field(
        "Amount for modifier icons (acceleration, hit_threshold, max_energy); null otherwise.",
        None,
        ge=-10,
        le=10,
    )
    direction: Literal["left", "right"] | None = field(
        "For cant_turn and cant_side_slip: which side is lost.", None
    )
    letter: Literal["A", "B", "C", "D", "E"] | None = field(
        "For tightest_turn: the tightest template left, whatever the Energy.", None
    )


class DamageMarker(Record):
    """An advanced-damage marker, drawn at random from the pile of the attack's aspect."""

    kind: kind_literal("paw.damage_marker")
    aspect: Aspect = field("Pile the marker is drawn from: where the bullets came from.")
    component: str = field("Part of the plane that is hit, e.g. 'aileron', 'engine'.",
                           min_length=1)
    hearts: int = field("Heart icons: damage counted against the plane's Durability.",
                        unit="hearts", ge=0, le=5)
    effects: list[DamageEffect] = field("Icons on the marker; effects are cumulative.",
                                        default_factory=list)
    copies: int = field("How many identical markers are in the pile.", 1, ge=1, le=10)
