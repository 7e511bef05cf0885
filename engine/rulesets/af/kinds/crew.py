"""Training and experience (rulebook XIX): crew quality levels and pilot characteristics."""

from __future__ import annotations

from engine.content.model import Model, Record, field, kind_literal

from .vocabulary import LocalId


class CrewQuality(Record):
    """Novice, Average or Ace, and what each does to fire, maneuvers, bombing and spotting."""

    kind: kind_literal("af.crew_quality")
    rank: int = field("Order of experience, 0 = lowest.", ge=0, le=10)
    hit_modifier: int = field("Added to the Hit Table column.", 0, ge=-10, le=10)
    hit_bonus_per_kills: int | None = field(
        "One more on the Hit Table column for every this many kills.", None, unit="kills", ge=1, le=100
    )
    mr_modifier: int = field("Added to every maneuverability requirement.", 0, unit="hexes", ge=-5, le=5)
    high_level_bombing: int = field("Added to the high-level bombing roll.", 0, ge=-5, le=5)
    glide_dive_red_die: int = field("Added to the red die on the bombing cards.", 0, ge=-5, le=5)
    spotting: int = field("Added to its spotting rolls.", 0, ge=-5, le=5)
    any_target: bool = field("May fire at any target in range, not only the nearest.", False)
    concentrated_fire_kills: int | None = field(
        "Kills from which it fires concentrated fire.", None, unit="kills", ge=1, le=200
    )
    promotion_kills: int | None = field(
        "Kills scored at this level that promote the crew to the next.", None, unit="kills", ge=1, le=100
    )


class Effect(Model):
    """One effect of a pilot characteristic, as printed, e.g. Reflexes: one off a Maneuverability Requirement
    (rulebook XIX, Pilot Characteristics)."""

    id: LocalId
    value: int | None = field("The number the effect uses, if any.", None, ge=-20, le=20)
    text: str = field("The effect, as printed.", min_length=1)


class PilotTrait(Record):
    """A pilot characteristic from the Determination of Pilot Characteristics table."""

    kind: kind_literal("af.pilot_trait")
    code: str = field("Letter on the table.", pattern=r"^[A-Z]$")
    doubled_by: str | None = field(
        "Code on the table that doubles its effects, e.g. 'TT'.", None, pattern=r"^[A-Z]{2}$"
    )
    effects: list[Effect] = field("What the characteristic gives.", min_length=1)
