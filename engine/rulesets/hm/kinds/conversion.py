"""The conversion table: ratings for planes the rulebook does not list.

The printed table (rulebook: Additional Planes) turns weight, top speed and
guns into ratings; its layout is garbled, so each formula keeps its printed
text next to the structured reading, and the reading is marked sample where
the print does not settle it. `convert` applies a conversion record to real
aircraft figures; `compare` sets the result beside a plane's printed ratings,
which is how the bundled planes check the reading (lint `hm.conversion_check`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field as dc_field
from typing import Literal

from engine.content.model import Model, Provenance, Record, field, kind_literal

from .planes import Bomber, Fighter, Plane, Specs

Rounding = Literal["up", "down", "nearest"]
Role = Literal["fighter", "bomber"]
ROUNDING = "How a fraction becomes a whole rating: 'up', 'down' or 'nearest' (halves up)."


class Formula(Provenance):
    """One printed formula: its text, which table it is for, and how it is read."""

    role: Role = field("Which plane table the formula is for.")
    printed: str | None = field("The formula's text as printed; absent when not printed.", None)
    notes: str | None = field("How the printed text is read, and what it matches.", None)


class GunValue(Formula):
    """The dice one gun of a kind adds to a Gun rating, e.g. '1 Machine Gun = 1/2 die' (rulebook: Additional
    Planes, Guns)."""

    weapon: Literal["machine_gun", "cannon"] = field("Kind of gun.")
    dice: float = field("Dice one such gun adds to the mount's Gun rating.", unit="dice", ge=0, le=4)


class WeightStep(Model):
    """One weight band of the Damage formula and the pounds per hit in it, e.g. 'Weight / 100 up to 7000 lbs'
    (rulebook: Additional Planes)."""

    up_to_lbs: int | None = field(
        "Weight this step covers up to; absent for the last step (the rest of the weight).",
        None,
        unit="lb",
        ge=1,
    )
    lbs_per_hit: int = field("Pounds of this step that make one hit of Damage.", unit="lb", ge=1)


class DamageFormula(Formula):
    """The conversion of a plane's weight into its Damage rating, by weight bands (rulebook: Additional Planes)."""

    steps: list[WeightStep] = field("Weight bands, lightest first.", min_length=1)
    rounding: Rounding = field(ROUNDING)


class SpeedFormula(Formula):
    """The conversion of top speed into the Speed rating: 'Miles Per Hour / 100 (round up)' (rulebook: Additional
    Planes, Speed)."""

    mph_per_hex: int = field("Miles per hour that make one hex of Speed.", unit="mph", ge=1)
    rounding: Rounding = field(ROUNDING)


class TurnFormula(Formula):
    """The conversion into the Turn rating: '2 x Weight in 1000s / Speed (adjust according to speed)' (rulebook:
    Additional Planes, Turn)."""

    method: Literal["weight_over_speed", "equals_speed"] = field(
        "'weight_over_speed': factor x weight in `lbs_unit`s / Speed rating; "
        "'equals_speed': Turn equals the Speed rating."
    )
    factor: float | None = field("Multiplier of the weight.", None, gt=0)
    lbs_unit: int | None = field("Pounds of one weight unit ('Weight in 1000s').", None, unit="lb", ge=1)
    rounding: Rounding = field(ROUNDING, "nearest")
    minimum: int = field("Lowest Turn rating the formula gives.", 1, unit="hexes", ge=1)


class Fragment(Model):
    """Text printed in the garbled conversion table that no formula accounts for, e.g. 'Add MPH / 50' (rulebook:
    Additional Planes)."""

    printed: str = field("Text printed in the table that no reading places.", min_length=1)
    notes: str | None = field("What it might mean.", None)


class Conversion(Record):
    """Conversion table (rulebook: Additional Planes).

    "Use common sense and adjust any ratings that seem out of line": the
    formulas are a starting point, and printed planes may differ from them.
    """

    kind: kind_literal("hm.conversion")
    guns: list[GunValue] = field("Dice per gun, by plane table and kind of gun.", min_length=1)
    gun_rounding: Rounding = field(ROUNDING)
    damage: list[DamageFormula] = field("Damage from weight, per plane table.", min_length=1)
    speed: list[SpeedFormula] = field("Speed from top speed, per plane table.", min_length=1)
    turn: list[TurnFormula] = field("Turn rating, per plane table.", min_length=1)
    unplaced: list[Fragment] = field("Printed fragments no formula accounts for.", default_factory=list)


def _round(value: float, rounding: Rounding) -> int:
    if rounding == "up":
        return math.ceil(value - 1e-9)
    if rounding == "down":
        return math.floor(value + 1e-9)
    return math.floor(value + 0.5)


def _for(formulas: list, role: str):
    return next((f for f in formulas if f.role == role), None)


@dataclass
class Ratings:
    """Ratings the conversion gives; None where it has no formula for the role."""

    speed: int | None = None
    turn: int | None = None
    damage: int | None = None
    guns: dict[str, int] = dc_field(default_factory=dict)  # mount -> dice


def convert(conversion: Conversion, role: Role, specs: Specs) -> Ratings:
    out = Ratings()
    speed = _for(conversion.speed, role)
    if speed:
        out.speed = _round(specs.speed_mph / speed.mph_per_hex, speed.rounding)
    damage = _for(conversion.damage, role)
    if damage:
        hits, below = 0.0, 0
        for step in damage.steps:
            top = specs.weight_lbs if step.up_to_lbs is None else min(step.up_to_lbs, specs.weight_lbs)
            if top > below:
                hits += (top - below) / step.lbs_per_hit
                below = top
        out.damage = _round(hits, damage.rounding)
    turn = _for(conversion.turn, role)
    if turn and out.speed:
        if turn.method == "equals_speed":
            out.turn = out.speed
        elif turn.factor and turn.lbs_unit:
            raw = turn.factor * specs.weight_lbs / turn.lbs_unit / out.speed
            out.turn = max(turn.minimum, _round(raw, turn.rounding))
    dice = {(g.role, g.weapon): g.dice for g in conversion.guns}
    for mount in specs.mounts:
        mg, cannon = dice.get((role, "machine_gun")), dice.get((role, "cannon"))
        if (mount.machine_guns and mg is None) or (mount.cannon and cannon is None):
            continue
        total = mount.machine_guns * (mg or 0) + mount.cannon * (cannon or 0)
        out.guns[mount.mount] = _round(total, conversion.gun_rounding)
    return out


@dataclass(frozen=True)
class Mismatch:
    stat: str  # rating name, or "guns <mount>"
    path: tuple  # where the printed value sits in the record
    printed: int | None
    converted: int


def _gun_slots(plane: Plane) -> dict[str, tuple[tuple, int | None]]:
    """Mount -> (path of the printed gun value, printed dice)."""
    if isinstance(plane, Fighter):
        return {"front": (("guns_front",), plane.guns_front), "tail": (("guns_tail",), plane.guns_tail)}
    if isinstance(plane, Bomber):
        return {t.position: (("turrets", i, "dice"), t.dice) for i, t in enumerate(plane.turrets)}
    return {}


def compare(conversion: Conversion, plane: Plane) -> list[Mismatch]:
    """The plane's printed ratings that differ from the conversion of its specs."""
    if plane.specs is None:
        return []
    got = convert(conversion, plane.ROLE, plane.specs)
    out = [
        Mismatch(name, (name,), getattr(plane, name), getattr(got, name))
        for name in ("speed", "turn", "damage")
        if getattr(got, name) is not None and getattr(got, name) != getattr(plane, name)
    ]
    slots = _gun_slots(plane)
    blank = (("turrets",), None) if isinstance(plane, Bomber) else None  # a '-' turret cell
    for mount, dice in got.guns.items():
        slot = slots.get(mount, blank)
        if slot is None:
            continue  # not a mount of this plane; lint `hm.conversion_check` names it
        path, printed = slot
        if printed != dice:
            out.append(Mismatch(f"guns {mount}", path, printed, dice))
    return out
