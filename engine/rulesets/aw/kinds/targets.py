"""The Target Roster (5.0, 28.0): one record per printed line, with who scores it.

What a line targets is a tagged union, because the print names three different
things: one installation ("Sevastopol"), every other installation of a class
("Each Other Port"), and a ground battle that exists only while its card is
face up ("Krymskaya").
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from engine.content.model import ID_PATTERN, Model, Record, Ref, field, kind_literal

Installation = Literal["port", "logistic_centre"]
INSTALLATION_HELP = "Installation class: 'port' or 'logistic_centre'."


class PlaceTarget(Model):
    """One named installation on the map."""

    type: Literal["place"] = field("A named installation.")
    place: str = field("Id of a place of the scenario's map.", pattern=ID_PATTERN)
    installation: Installation = field(INSTALLATION_HELP)


class EachOtherTarget(Model):
    """Every enemy installation of a class not named by another line of the same roster side."""

    type: Literal["each_other"] = field("Each other installation of a class.")
    installation: Installation = field(INSTALLATION_HELP)


class GroundBattleTarget(Model):
    """The square a ground battle card designates, while the card is face up (30.10)."""

    type: Literal["ground_battle"] = field("A ground battle named by a card.")
    card: Ref("aw.campaign_card") = field("The ground battle card that designates the square.")


RosterTarget = Annotated[
    Union[PlaceTarget, EachOtherTarget, GroundBattleTarget],
    Field(discriminator="type", description="What bombing this line scores for."),
]


class TargetRosterEntry(Record):
    """One line of a side's Target Roster: bombing this scores `vp` for `side`."""

    kind: kind_literal("aw.target_roster")
    side: Ref("aw.side") = field(
        "Side whose targets these are: the side that bombs them and gains the VP."
    )
    vp: int = field("Victory points for bombing it (printed with a '+').", unit="VP", ge=0, le=99)
    target: RosterTarget
    order: int = field(
        "Position of the line in the printed roster of its side (1 = first; one line a position).", ge=1, le=99
    )
