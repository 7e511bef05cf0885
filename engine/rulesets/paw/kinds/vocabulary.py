"""Vocabulary every Pocket Air War kind shares: altitudes, sides, roles, corrections.

Kept apart so that the kind modules stay about one component each and the
engine can import these names without pulling every model in.
"""

from __future__ import annotations

from typing import Literal

from engine.content.model import Model, field

RULEBOOK = "Pocket Air War: Definitive Edition"

Altitude = Literal["low", "standard", "high"]
ALTITUDES: tuple[str, ...] = ("low", "standard", "high")

Side = Literal["axis", "allies"]

Role = Literal["fighter", "fighter_bomber", "bomber"]

Letter = Literal["A", "B", "C", "D", "E"]

Loadout = Literal["none", "aa_rockets", "ag_rockets", "bombs", "torpedoes"]

Policy = Literal["reroll", "report"]


def other_side(side: str) -> str:
    return "allies" if side == "axis" else "axis"


class SpecialRule(Model):
    """A rule the model cannot reasonably structure; `id` lets the engine switch on it."""

    id: str = field(
        "Stable id the rules engine switches on, e.g. 'submarine-dive'.",
        pattern=r"^[a-z0-9][a-z0-9-]*$",
        max_length=60,
    )
    text: str = field("The rule as printed (or as authored, for samples).", min_length=1)


class Correction(Model):
    """One change an errata record makes to the printed data, and why."""

    path: str = field(
        "Field path of the corrected value in this record, e.g. "
        "'table.sections[0].rows[2].plane'.",
        min_length=1,
    )
    printed: str = field("What the rulebook prints there ('' when nothing is printed).")
    corrected: str = field("The value this pack uses instead.")
    reason: str = field("Why: which part of the rulebook settles it, or why it is a guess.",
                        min_length=1)
    sample: bool = field(
        "True when the rulebook does not settle the correction and it is an authored guess.",
        False,
    )


def corrections_field():
    return field(
        "Corrections an errata pack makes to the printed record, each explained; "
        "empty in the faithful pack.",
        default_factory=list,
    )
