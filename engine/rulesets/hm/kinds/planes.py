"""Fighter and bomber ratings, as the two printed plane tables give them.

The print lost both tables' column headers; each kind's description says how
they are reconstructed, so the reading can be checked against the rulebook.
Blank printed cells stay absent, never invented; the `hm.stat_missing` lint
rule reports them and the bundled pack suppresses them "as printed".
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from engine.content.dice import Roll
from engine.content.model import Model, Provenance, Record, Ref, field, kind_literal

Faction = Literal["allies", "axis"]
FACTION = "Printed group the plane is listed under: 'allies' or 'axis'."

BomberClass = Literal["heavy", "medium", "light", "fighter-bomber"]


class Mount(Model):
    """Guns of the real aircraft at one mount, the input of the gun conversion."""

    mount: str = field(
        "Where the guns fire from: 'front' or 'tail' for a fighter, a turret position id "
        "(nose, top, ball, waist, tail) for a bomber.",
        min_length=1,
    )
    machine_guns: int = field("Machine guns at this mount.", 0, unit="guns", ge=0, le=16)
    cannon: int = field("Cannon (20 mm and heavier) at this mount.", 0, unit="guns", ge=0, le=8)


class Specs(Provenance):
    """Real-aircraft figures that the conversion table turns into ratings.

    The rulebook prints none of them; bundled values are approximate published
    figures, so they are always samples. They let the conversion be checked
    against the printed ratings (lint rule `hm.conversion_check`).
    """

    weight_lbs: int = field("Empty weight of the aircraft.", unit="lb", ge=500, le=200_000)
    speed_mph: int = field("Top speed.", unit="mph", ge=50, le=800)
    mounts: list[Mount] = field("Guns by mount.", default_factory=list)


def _crew():
    return field(
        "Crew as printed (for a fighter the number before any '+'); absent when the cell is "
        "blank.",
        None,
        unit="crew",
        ge=1,
        le=15,
    )


def _speed():
    return field(
        "Speed rating: the most hexes the plane may move in its activation; it must move at "
        "least one. Absent: blank cell.",
        None,
        unit="hexes",
        ge=1,
        le=12,
    )


def _turn():
    return field(
        "Turn rating: hexes of movement a turn costs (one hexside left or right, then "
        "forward). Absent: blank cell.",
        None,
        unit="hexes",
        ge=1,
        le=12,
    )


def _damage():
    return field(
        "Damage rating: hits that shoot the plane down. Absent: blank cell.",
        None,
        unit="hits",
        ge=1,
        le=40,
    )


def _specs():
    return field("Real-aircraft figures for the conversion table; samples, not printed.", None)


class Plane(Record):
    """What fighters and bombers share. Ratings are declared per kind, in printed column order."""

    ROLE: ClassVar[str] = ""
    REQUIRED: ClassVar[tuple[str, ...]] = ()  # ratings the rules need, in printed column order

    faction: Faction = field(FACTION)

    def immelman_cost(self) -> int | None:
        """Hexes an Immelman turn costs, or None when the plane cannot perform one."""
        value = getattr(self, "immelman", None)
        return value if isinstance(value, int) else None

    def missing(self) -> list[str]:
        """Ratings the rules need that the record leaves blank."""
        return [name for name in self.REQUIRED if getattr(self, name) is None]


class Fighter(Plane):
    """A fighter from the printed fighter table (rulebook: Rules, fighter table).

    Printed columns, headers reconstructed: Crew | Guns (Front/Tail) | Speed |
    Turn | Immelman | Damage. The rules name exactly these six fighter
    ratings, and the one header fragment that survived, "(Front/Tail)", sits
    over the second column, where the Me 110G and Ki-45 print "4/1" beside a
    crew of "1+1" (pilot plus rear gunner). The conversion formulas fix the
    order: a P-51 (437 mph, six machine guns, about 7,600 lb) converts to Guns
    3, Speed 5, Turn 3, Damage 7, its printed row read this way.

    A crew printed '1+1' is `crew: 1, gunners: 1`; guns printed '4/1' are
    `guns_front: 4, guns_tail: 1`; an Immelman printed '-' (P-61A) means the
    plane cannot perform one.
    """

    ROLE: ClassVar[str] = "fighter"
    REQUIRED: ClassVar[tuple[str, ...]] = ("crew", "guns_front", "speed", "turn", "immelman", "damage")

    kind: kind_literal("hm.fighter")
    crew: int | None = _crew()
    gunners: int = field(
        "Rear gunners, printed after a '+' in the crew column ('1+1'); they fire the tail gun.",
        0,
        unit="crew",
        ge=0,
        le=4,
    )
    guns_front: int | None = field(
        "Gun rating forward: dice rolled when shooting along the line of hexes ahead "
        "(range 4). Absent when the cell is blank.",
        None,
        unit="dice",
        ge=0,
        le=12,
    )
    guns_tail: int = field(
        "Gun rating of the tail gun, printed after a '/' ('4/1'): dice rolled along the line "
        "of hexes behind (range 2). 0: no tail gun.",
        0,
        unit="dice",
        ge=0,
        le=6,
    )
    speed: int | None = _speed()
    turn: int | None = _turn()
    immelman: Annotated[int, Field(ge=1, le=12)] | Literal["-"] | None = field(
        "Immelman rating: hexes moved forward before turning 180 degrees in the last one. "
        "'-' as printed: the plane cannot perform an Immelman turn. Absent: blank cell.",
        None,
        unit="hexes",
    )
    damage: int | None = _damage()
    specs: Specs | None = _specs()


class TurretGuns(Model):
    """One printed turret column of a bomber."""

    position: Ref("hm.turret", description="Turret position (an hm.turret id).")
    dice: int = field(
        "Gun rating of this turret: dice rolled at one plane in its arc within 2 hexes.",
        unit="dice",
        ge=1,
        le=8,
    )
    mark: str | None = field(
        "Footnote mark printed beside the value, e.g. '*' (Lancaster tail turret); the "
        "footnote itself is lost from the print.",
        None,
        max_length=3,
    )


class Engines(Provenance):
    """How many engines the bomber has, for the engine-hit rule (not printed)."""

    count: int = field("Engines; losing them all shoots the bomber down.", unit="engines", ge=1, le=8)


class Bomber(Plane):
    """A bomber from the printed bomber table (rulebook: Rules, bomber table).

    Printed columns, headers reconstructed: Crew | Class | Nose | Top | Ball |
    Waist | Tail | Speed | Turn | Damage | Bomb. Crew is 10 for the B-17G and
    2 for the IL-2 and D4Y; Class is Heavy/Medium/Light/Fighter Bomber; Bomb
    is the printed run of rolls ("3-6") that destroys a target. The five
    middle columns are guns by turret position, not four turrets and a speed:
    the Lancaster's fifth value is "4*", its four-gun tail turret, and read
    the other way the IL-2, Kate and Judy would have Speed 1 and Turn 3 and
    could never turn. Read this way Speed follows miles per hour / 100
    rounded up (the conversion formula: B-24J, Lancaster, IL-2 and Pe-2
    match it; the B-17G prints one less), and Turn equals Speed in 12 of the
    13 filled rows. Eleven columns
    leave no room for an Immelman rating: the bomber table prints none, so
    `immelman` is absent and the bomber cannot perform one.

    A '-' turret cell is a position not listed in `turrets`. A bomber
    squadron moves and shoots on one card; a heavy bomber covers two hexes
    and suffers engine hits.
    """

    ROLE: ClassVar[str] = "bomber"
    REQUIRED: ClassVar[tuple[str, ...]] = ("crew", "bomber_class", "speed", "turn", "damage", "bomb")

    kind: kind_literal("hm.bomber")
    crew: int | None = _crew()
    bomber_class: BomberClass | None = field(
        "Class as printed: heavy bombers occupy two hexes and suffer engine hits. Absent: "
        "blank cell.",
        None,
    )
    turrets: list[TurretGuns] = field(
        "Guns by turret position, in printed column order; positions printed '-' are left out.",
        default_factory=list,
    )
    speed: int | None = _speed()
    turn: int | None = _turn()
    immelman: int | None = field(
        "Immelman rating; the printed bomber table has no such column, so absent means the "
        "bomber cannot perform an Immelman turn.",
        None,
        unit="hexes",
        ge=1,
        le=12,
    )
    damage: int | None = _damage()
    bomb: Roll | None = field(
        "Bomb rating as printed, e.g. '3-6': the rolls of one d6 that destroy a target hex "
        "the bomber has moved onto. Absent: blank cell.",
        None,
    )
    engines: Engines | None = field(
        "Engine count for the engine-hit rule; heavy bombers need it. Not printed.", None
    )
    specs: Specs | None = _specs()

    @property
    def heavy(self) -> bool:
        return self.bomber_class == "heavy"
