"""Playable scenarios: mat, sides, squadrons placed on hexes, cards, victory.

Everything the rules engine needs to set a game up is structured: each plane
has a hex, a facing and (for fighters) its activation card; a bomber squadron
has one card; secret designations (which bomber carries Yamamoto) are chosen
by their side at set-up from listed planes; victory and the end of the game
are conditions the engine evaluates, not prose.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Iterator, Literal

from pydantic import Field, StringConstraints

from engine.content.model import ID_PATTERN, PATTERN_WORDS, Model, Provenance, Record, Ref, field, kind_literal

from .planes import Faction

CARD_PATTERN = r"^(A|[2-9]|10|J|Q|K)[SHDC]$"
PATTERN_WORDS[CARD_PATTERN] = "a playing card: A, 2-10, J, Q or K, then S, H, D or C, e.g. 'AS', '10H'"

Card = Annotated[
    str,
    StringConstraints(pattern=CARD_PATTERN),
    Field(description="Playing card, rank then suit (S, H, D, C): 'AS', '10H', 'QD'."),
]
LocalId = Annotated[
    str,
    StringConstraints(pattern=ID_PATTERN, max_length=80),
    Field(description="Id unique within this scenario."),
]
Role = Literal["fighter", "bomber"]
PlaneRef = Ref("hm.fighter", "hm.bomber", description="Plane type (an hm.fighter or hm.bomber id).")
SIDE = "Id of one of the scenario's sides."


class Zone(Model):
    """Rectangle of hexes a side sets up in, bounds included."""

    col_min: int = field("Westmost column.", ge=1, le=200)
    col_max: int = field("Eastmost column.", ge=1, le=200)
    row_min: int = field("Northmost row.", ge=1, le=200)
    row_max: int = field("Southmost row.", ge=1, le=200)

    def contains(self, col: int, row: int) -> bool:
        return self.col_min <= col <= self.col_max and self.row_min <= row <= self.row_max


class Side(Model):
    """One side of a scenario, the planes of one faction, and where on the mat it sets up (rulebook: Deployment;
    Scenarios)."""

    id: LocalId
    name: str = field("Display name.", min_length=1)
    faction: Faction = field("Plane-table group its planes come from: 'allies' or 'axis'.")
    home_edge: Literal["north", "south", "east", "west"] = field("Mat edge the side starts from.")
    zone: Zone = field("Where the side's planes may be set up.")


class PlacedPlane(Model):
    """One plane of a squadron and the hex and facing it starts in; planes face a hexside, not a corner (rulebook:
    Deployment)."""

    id: LocalId
    plane: PlaneRef | None = field("Plane type, when it differs from the squadron's.", None)
    col: int = field("Column of the plane's hex (a heavy bomber's nose hex).", ge=1, le=200)
    row: int = field("Row of the plane's hex (a heavy bomber's nose hex).", ge=1, le=200)
    facing: int = field(
        "Hexside the nose points at, 0 north then clockwise to 5 north-west; a heavy "
        "bomber's other hex lies straight behind.",
        ge=0,
        le=5,
    )
    card: Card | None = field("Activation card of a fighter; bombers use their squadron's.", None)


class Squadron(Model):
    """A group of planes of one type on one side: fighters start grouped into squadrons, and a bomber squadron
    moves and shoots on one card (rulebook: Deployment; Choose Cards)."""

    id: LocalId
    name: str | None = field("Display name.", None)
    side: str = field(SIDE, min_length=1)
    role: Role = field("'fighter': each plane has its own card; 'bomber': one card moves them all.")
    plane: PlaneRef
    substitutes: list[PlaneRef] = field(
        "Plane types the scenario allows instead of `plane`.", default_factory=list
    )
    card: Card | None = field("Activation card of a bomber squadron.", None)
    planes: list[PlacedPlane] = field("The squadron's planes and where they start.", min_length=1)
    notes: str | None = field("Why this squadron is set up as it is.", None)


class Designation(Model):
    """A role one plane secretly plays, e.g. the bomber carrying Admiral Yamamoto."""

    id: LocalId
    name: str = field("What the designated plane carries or is.", min_length=1)
    side: str = field("Side that chooses the plane and keeps the choice.", min_length=1)
    secret: bool = field("True: recorded in secret at set-up and revealed when it matters.")
    choose_from: list[str] = field("Ids of the placed planes the side chooses from.", min_length=1)


class RatioTerm(Model):
    """One side's planes in a scenario's printed forces, e.g. '1 bomber squadron (4 planes each)' (rulebook:
    Scenarios)."""

    side: str = field(SIDE, min_length=1)
    role: Role = field("Fighters or bombers.")
    planes: int = field("Planes of this side and role per unit of the ratio.", unit="planes", ge=1, le=100)
    squadrons: int | None = field(
        "Squadrons they form per unit of the ratio, when the rulebook says.", None, ge=1, le=20
    )


class ForceRatio(Provenance):
    """The forces the rulebook prints, as counts (exact) or a ratio to scale."""

    printed: str = field("The rulebook's words.", min_length=1)
    exact: bool = field("True: the forces must be exactly the terms; false: any whole multiple.")
    terms: list[RatioTerm] = field("Planes per side and role.", min_length=1)


class Victory(Provenance):
    """What one side must do to win a scenario, e.g. shoot down Yamamoto's plane (rulebook: Scenarios); a sample
    where the rulebook prints none."""

    side: str = field(SIDE, min_length=1)
    condition: Literal["shoot_down_designated", "destroy_targets", "more_kills", "otherwise"] = field(
        "shoot_down_designated: the designated plane is shot down; destroy_targets: `count` "
        "of `targets` (all the mat's when empty) are destroyed; more_kills: the side shot "
        "down more enemy planes than it lost when the game ends (equal: a draw); otherwise: "
        "no other side's condition is met when the game ends."
    )
    designation: str | None = field("Designation id, for shoot_down_designated.", None)
    targets: list[str] = field("Target ids of the mat, for destroy_targets.", default_factory=list)
    count: int = field("Targets to destroy, for destroy_targets.", 1, ge=1, le=50)
    printed: str | None = field("The rulebook's words, when it prints the condition.", None)


class End(Provenance):
    """When a scenario's game ends: a limit in rounds of the deck and events that end it at once; the rulebook
    gives none, so these are samples (rulebook: Scenarios)."""

    max_rounds: int = field(
        "Rounds before the game ends; a round ends when every card has been drawn.",
        unit="rounds",
        ge=1,
        le=100,
    )
    triggers: list[Literal["victory", "side_eliminated", "bombers_gone"]] = field(
        "Events that end the game at once: victory (a side's condition other than "
        "more_kills/otherwise is met), side_eliminated (a side has no plane left on the mat), "
        "bombers_gone (no bomber is left on the mat).",
        default_factory=list,
    )


class SpecialRule(Provenance):
    """A rule that holds in one scenario only, beside the core rules (rulebook: Scenarios)."""

    id: LocalId
    text: str = field("The rule; the engine switches on its id.", min_length=1)


@dataclass(frozen=True)
class Placement:
    squadron_index: int
    index: int
    squadron: Squadron
    placed: PlacedPlane
    plane: str  # plane type id

    @property
    def path(self) -> tuple:
        return ("squadrons", self.squadron_index, "planes", self.index)


class Scenario(Record):
    """A scenario (rulebook: Scenarios). Set-up positions are samples where the rulebook
    gives only forces or ratios; each part says so in its own `source`/`sample`."""

    kind: kind_literal("hm.scenario")
    board: Ref("hm.board", description="Hex mat played on (an hm.board id).")
    rules: Ref("hm.rules", description="Core rules played with (an hm.rules id).")
    briefing: str = field("The scenario's text as printed.", min_length=1)
    setup: Provenance = field(
        "Where the set-up comes from: zones, hexes, facings, cards and plane choices are "
        "samples wherever the rulebook gives only forces or ratios."
    )
    sides: list[Side] = field("The opposing sides.", min_length=2)
    squadrons: list[Squadron] = field("Forces, squadron by squadron.", min_length=1)
    designations: list[Designation] = field("Secret roles chosen at set-up.", default_factory=list)
    force_ratio: ForceRatio | None = field("Forces as the rulebook prints them.", None)
    victory: list[Victory] = field("How each side wins.", min_length=1)
    end: End = field("When the game ends.")
    special_rules: list[SpecialRule] = field("Rules of this scenario only.", default_factory=list)

    def placements(self) -> Iterator[Placement]:
        for si, squadron in enumerate(self.squadrons):
            for pi, placed in enumerate(squadron.planes):
                yield Placement(si, pi, squadron, placed, placed.plane or squadron.plane)

    def side(self, side_id: str) -> Side | None:
        return next((s for s in self.sides if s.id == side_id), None)

    def is_bombing_run(self) -> bool:
        return any(v.condition == "destroy_targets" for v in self.victory)
