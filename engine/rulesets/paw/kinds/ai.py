"""The solo AI: maneuvers, focal-point lists per mission, and the ACE AI table.

The text of the rulebook keeps only the Wingover and Hardest Turn rows of the
ACE AI table; the remaining rows are authored samples (each row says so) that
fit the worked AI example.
"""

from __future__ import annotations

from typing import Literal

from engine.content.dice import DiceTable, Roll
from engine.content.model import Model, Provenance, Record, Ref, field, kind_literal

from .vocabulary import Altitude

Position = Literal["behind", "side", "ahead"]
Vertical = Literal["higher", "level", "lower"]


class AiManeuver(Record):
    """A maneuver the ACE AI table can prescribe."""

    kind: kind_literal("paw.ai_maneuver")
    category: Literal["forward", "turn_alt_change", "turn", "hardest_turn", "side_slip",
                      "wingover"] = field("Which AI maneuver rule applies.")
    template: Literal["C", "E"] | None = field(
        "Template for 'turn' (C Turn, E Turn); the tightest available is used if it is not.",
        None,
    )
    altitude_change: Literal["none", "climb", "descent", "toward_focal_point"] = field(
        "Altitude change the maneuver makes; 'toward_focal_point': climb if the focal point is "
        "above or level, descend if below.",
        "none",
    )
    text: str = field("The maneuver's rules as printed.", min_length=1)


class FocalPoint(Model):
    """One entry of a focal-point list."""

    target: Literal[
        "mission_objective", "friendly_edge", "enemy_plane", "threatening_enemy", "bomber",
        "fighter_bomber", "fighter", "formation", "avoid_flak",
    ] = field("What the AI pilot points its nose at.")
    altitude: Altitude | None = field("Altitude to fly at on the way ('Standard Alt.').", None)
    relative: Literal["level", "lower", "higher"] | None = field(
        "Relative altitude of the enemy plane ('- Level', '- Lower').", None
    )
    engaged_by: int | None = field(
        "Enemy planes only: how many friendly planes already engage it (0 = unengaged; 2 "
        "means 2 or more).", None, ge=0, le=2,
    )
    avoid_enemies: bool = field("'avoiding enemy planes'.", False)
    printed: str = field("The entry as printed.", min_length=1)


class Override(Model):
    """A condition that replaces the list ("If fired upon or tailed: ...")."""

    when: Literal["fired_upon_or_tailed", "damaged", "under_flak", "tailed_or_shot_down"] = \
        field("The condition.")
    damage_at_least: float | None = field(
        "With 'damaged': fraction of Durability lost that triggers it (0.75 for "
        "'Damage >= 75%'); null for any damage.", None, ge=0, le=1,
    )
    points: list[FocalPoint] = field("Focal points in priority order.", min_length=1)
    max_speed: bool = field("'gain max speed'.", False)
    hardest_turns: bool = field("'use hardest turns'.", False)
    printed: str = field("The condition as printed.", min_length=1)


class FocalPoints(Record):
    """The focal-point list of one mission type or event."""

    kind: kind_literal("paw.focal_points")
    applies_to: list[str] = field(
        "Ids of the mission types or extended-mission events the list is used for.",
        min_length=1,
    )
    points: list[FocalPoint] = field("Focal points in priority order.", min_length=1)
    overrides: list[Override] = field("Conditions that replace the list, checked in order.",
                                      default_factory=list)


class AiRow(Provenance):
    """A maneuver in one column of the ACE AI table and the d20 range that selects it; '-' where it cannot be
    rolled (rulebook: Solo and Coop Mode, ACE AI Table)."""

    roll: Roll | None = field("d20 range for this maneuver in this column.", None)
    maneuver: Ref("paw.ai_maneuver")


class AiColumn(DiceTable):
    """One column of the table: the focal point's relative position."""

    position: Position = field("Focal point behind, on the side of, or ahead of the plane.")
    vertical: Vertical = field("Focal point higher, level or lower.")
    rows: list[AiRow] = field("Maneuvers of this column, in the table's row order.",
                              min_length=1)


class AiBand(Model):
    """The table for one range band."""

    range: Literal["within_dashboard", "beyond_dashboard"] = field(
        "Distance to the focal point: within one Dashboard's length, or at least one."
    )
    order: list[Ref("paw.ai_maneuver")] = field(
        "Maneuvers in the printed row order; 'n rows down' moves along this list.",
        min_length=1,
    )
    columns: list[AiColumn] = field("The nine columns.", min_length=1)


class AiTable(Record):
    """The ACE AI table: roll a d20 in the column, shift down by the pilot's skill."""

    kind: kind_literal("paw.ai_table")
    bands: list[AiBand] = field("One table per range band.", min_length=1)

    def maneuver(self, band: str, position: str, vertical: str, roll: int,
                 rows_down: int = 0) -> str | None:
        """The maneuver id for a roll, shifted `rows_down` rows (clamped at the last row)."""
        chosen = next(b for b in self.bands if b.range == band)
        column = next(c for c in chosen.columns
                      if c.position == position and c.vertical == vertical)
        row = column.lookup(roll)
        if row is None:
            return None
        index = min(chosen.order.index(row.maneuver) + rows_down, len(chosen.order) - 1)
        return chosen.order[index]
