"""Every number of the core rules that is not a plane rating or the shooting table.

Sequence of play, movement costs, deployment limits, card-deck activation,
engine hits and bombing are kept as data so that house rules are an edit in
the studio and the rules engine reads them instead of hard-coding them.
"""

from __future__ import annotations

from typing import Literal

from engine.content.dice import Die, Roll
from engine.content.model import Model, Provenance, Record, Ref, field, kind_literal

from .planes import BomberClass

Phase = Literal["draw_card", "move", "shoot", "bomb"]


class Step(Model):
    """One numbered step of the Sequence of Play: draw card, active planes move, shoot, bombing (rulebook: Rules,
    Sequence of Play)."""

    number: int = field("Step number as printed.", ge=1, le=20)
    phase: Phase = field(
        "What happens: draw_card (turn over the top card), move (the card's planes move), "
        "shoot (they shoot), bomb (bombers on a target hex roll to destroy it)."
    )
    printed: str = field("The step's name as printed.", min_length=1)


class Movement(Model):
    """Rulebook: Active Planes Move."""

    minimum_hexes: int = field("Hexes every plane must move each activation.", unit="hexes", ge=0, le=6)
    forward_cost: int = field("Movement a step forward costs.", unit="hexes", ge=1, le=6)
    slip_cost: int = field(
        "Movement a slip costs: forward and one hex over to the left or right, keeping the facing.",
        unit="hexes",
        ge=1,
        le=6,
    )
    turn_hexsides: int = field(
        "Hexsides a turn changes the facing by (its cost is the plane's Turn rating).",
        unit="hexsides",
        ge=1,
        le=3,
    )
    immelman_clear_path: bool = field(
        "True: the hexes flown through in an Immelman turn must hold no other plane."
    )
    pass_through_planes: bool = field("True: a moving plane may fly through occupied hexes.")
    end_in_occupied: bool = field("True: a plane may end its move in an occupied hex.")
    off_board: Literal["out_of_play", "forbidden"] = field(
        "What a move off the mat does: 'out_of_play' removes the plane, not shot down; "
        "'forbidden' disallows it."
    )
    off_board_provenance: Provenance = field(
        "Where the off-board rule comes from (the rulebook is silent on it).",
        default_factory=Provenance,
    )


class Mat(Model):
    """Rulebook: The Board."""

    min_side_inches: float = field(
        "Shortest side of a mat for a dogfight (the rulebook: a 5' square is about the minimum).",
        unit="in",
        gt=0,
        le=600,
    )


class Deployment(Model):
    """Rulebook: Deployment."""

    min_enemy_distance: int = field(
        "Fewest hexes between planes of opposing sides at set-up.", unit="hexes", ge=1, le=30
    )
    formation_min: int = field(
        "Fewest bombers in a bomber squadron on a bombing run.", unit="planes", ge=1, le=12
    )
    formation_max: int = field(
        "Most bombers in a bomber squadron on a bombing run.", unit="planes", ge=1, le=12
    )
    heavy_bomber_hexes: int = field(
        "Hexes a heavy bomber occupies: its nose hex and the hexes straight behind it.",
        unit="hexes",
        ge=1,
        le=3,
    )


class Activation(Model):
    """Rulebook: Deck of Cards and Choose Cards."""

    deck_size: int = field("Cards in the deck used (a standard deck).", unit="cards", ge=1, le=108)
    cards_per_fighter: int = field("Cards per fighter plane.", unit="cards", ge=1, le=4)
    cards_per_bomber_squadron: int = field(
        "Cards per bomber squadron; all its bombers move and shoot on it.", unit="cards", ge=1, le=4
    )
    remove_shot_down: bool = field(
        "True: a shot-down fighter's card, or the card of a squadron with no bomber left, "
        "leaves the deck."
    )


class EngineHits(Model):
    """Rulebook: Engine Hits."""

    classes: list[BomberClass] = field("Bomber classes that suffer engine hits.", min_length=1)
    trigger_roll: int = field(
        "To-hit die face that may have hit an engine when a fighter shoots such a bomber.",
        ge=1,
        le=6,
    )
    die: Die = field("Die rolled again for each trigger face.", "d6")
    confirm: Roll = field("Rolls of the second die that destroy an engine, as printed ('4 - 6').")
    free_hits: int = field(
        "Engine hits that cost no speed (each engine hit after the first slows the bomber).",
        unit="engine hits",
        ge=0,
        le=8,
    )
    speed_loss: int = field("Speed lost per further engine hit.", unit="hexes", ge=1, le=6)
    stalled_move_roll: Roll = field(
        "At speed 0 the bomber rolls one die each activation and moves on these rolls ('4 - 6')."
    )
    stalled_move_hexes: int = field("Hexes a stalled bomber moves on such a roll.", unit="hexes", ge=1, le=6)
    all_engines_lost: Literal["shot_down"] = field("What losing every engine does to the bomber.")


class Bombing(Model):
    """Rulebook: Bombing."""

    die: Die = field("Dice each bomber rolls against a target hex it has moved onto.", "d6")
    when: Literal["moved_onto_target"] = field(
        "When a bomber may bomb: after moving onto a hex holding a target."
    )


class CoreRules(Record):
    """The core rules' numbers (rulebook: Deployment, Deck of Cards, Rules).

    Scenarios name the rules record they are played with, so a variant is a
    second record, not a code change.
    """

    kind: kind_literal("hm.rules")
    sequence: list[Step] = field("Sequence of play as printed.", min_length=1)
    shooting: Ref("hm.shooting_table", description="Shooting table used (hm.shooting_table id).")
    mat: Mat = field("Size limits of the hex mat.")
    movement: Movement = field("Movement costs and limits.")
    deployment: Deployment = field("Set-up limits.")
    activation: Activation = field("Card-deck activation.")
    engine_hits: EngineHits = field("Engine hits on heavy bombers.")
    bombing: Bombing = field("Bombing a target hex.")
