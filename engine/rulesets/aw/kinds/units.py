"""Counter types: air units (6.0) and ground units (7.0), front and back.

A record is one counter type with the number of such counters in the
countermix, so deployment lists can say "3 x LA-5" and a lint rule can check
that no list uses more counters than exist.
"""

from __future__ import annotations

from typing import Literal

from engine.content.model import ID_PATTERN, Model, Record, Ref, field, kind_literal

from .vocabulary import MODE_HELP, TARGET_CLASS_HELP, UNIT_TYPE_HELP, Mode, TargetClass, UnitType


class AirFace(Model):
    """The printed numbers of one side of an air counter, left to right (6.0)."""

    mode: Mode = field(MODE_HELP)
    air_combat: int = field(
        "Air Combat Value: combat dice the unit rolls in air-to-air combat.",
        unit="d6 per combat",
        ge=0,
        le=9,
    )
    bomb: int = field(
        "Bomb Value: bombing dice the unit rolls against a ground target.",
        unit="d6 per attack",
        ge=0,
        le=9,
    )
    speed: int = field(
        "Speed: grid squares the unit may move in one hour (orthogonally, 17.0).",
        unit="squares per hour",
        ge=0,
        le=12,
    )
    short_range: bool = field(
        "True when the speed is printed in parentheses: the unit must land by the end "
        "of the hour after it took off (16.1). False: long range (16.2).",
    )


class AirUnit(Record):
    """An air unit counter type: identification, faces and how many are in the mix."""

    kind: kind_literal("aw.air_unit")
    side: Ref("aw.side") = field("Air force the counter belongs to.")
    group: str | None = field(
        "Counter group within the side (e.g. 'll' Lend Lease, 'lra' Long-Range Aviation, "
        "'axis-allied'); a group id of the side's aw.side record.",
        None,
        pattern=ID_PATTERN,
    )
    type: UnitType = field(UNIT_TYPE_HELP)
    identification: str | None = field(
        "Identification as printed when it differs from the type, e.g. 'LFB' for the "
        "long-range fighter-bomber Me-110 (26.1).",
        None,
    )
    count: int = field("Counters of this type in the countermix.", unit="counters", ge=1, le=40)
    designations: list[str] = field(
        "Formation numbers printed after the type, one per counter (6.0); empty when the "
        "counters carry none.",
        default_factory=list,
    )
    front: AirFace = field("Front face: the unit in the air (6.0).")
    back: AirFace | None = field(
        "Reverse face. For most units it shows the unit based (landed, 6.0 Backprinting) "
        "with the same numbers; for fighter-bombers it is the bomber mode (26.1).",
        None,
    )
    back_use: Literal["based", "alternate_mode"] = field(
        "What the reverse face is for: 'based' (landed at an airbase, 15.0) or "
        "'alternate_mode' (a fighter-bomber used as a bomber for the whole turn, 26.1).",
        "based",
    )
    can_bomb: list[TargetClass] | None = field(
        "Only these target classes may be bombed by this unit (e.g. the Hs 129, 30.15); "
        "empty means whatever the scenario lets its side bomb. " + TARGET_CLASS_HELP,
        None,
    )

    def faces(self) -> list[tuple[str, AirFace]]:
        return [("front", self.front)] + ([("back", self.back)] if self.back else [])


class GroundUnit(Record):
    """A ground unit or installation counter: AA, HQ or an airbase counter (7.0, 30.3)."""

    kind: kind_literal("aw.ground_unit")
    side: Ref("aw.side") = field("Side the counter belongs to.")
    type: Literal["aa", "hq", "airbase"] = field(
        "'aa' anti-aircraft unit, 'hq' headquarters (24.0), 'airbase' airbase counter "
        "placed by card (30.3)."
    )
    count: int = field("Counters of this type in the countermix.", unit="counters", ge=1, le=40)
    aa: int = field(
        "Anti-aircraft value: d6 rolled on the AA column when it fires (19.0).",
        0,
        unit="d6",
        ge=0,
        le=9,
    )
    capacity: int | None = field(
        "Airbase counters only: air units that may be based there (15.0).",
        None,
        unit="air units",
        ge=1,
        le=9,
    )
    functions: list[str] = field(
        "HQ units only: ids of the scenario special rules that describe what it does (24.0).",
        default_factory=list,
    )
    fog_of_war_back: bool = field(
        "True when the reverse shows the unit in fog-of-war status (7.1).", True
    )
