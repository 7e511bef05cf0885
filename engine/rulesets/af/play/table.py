"""What is on the table between phases: every plane as all players see it, and the scenario's
bookkeeping (turn, entries to come, kills). Nothing here is secret: a plot written this turn
lives in the rules generator until the reveal (`sequence.writing`), never in this state, so a
bot reading `game.state` reads what a player at the table sees.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.board import HexGrid

from ..kinds.board import Board
from ..kinds.planes import DataCard
from ..kinds.scenario import Group, Scenario, Variant
from .fire import Gunnery
from .flight import Handbook
from .state import Plane


@dataclass
class Waiting:
    """A plane not on the board yet: it enters during play (the V-1s, §XXI)."""

    id: str
    side: str
    card: str
    group: Group


@dataclass
class Table:
    scenario: Scenario
    variant: Variant
    board: Board
    grid: HexGrid
    hb: Handbook
    gunnery: Gunnery
    cards: dict[str, DataCard]
    planes: dict[str, Plane] = field(default_factory=dict)  # on the board, flying
    automatic: frozenset[str] = frozenset()  # sides the scenario flies (the V-1s)
    waiting: list[Waiting] = field(default_factory=list)
    entry_hexes: dict[str, list[str]] = field(default_factory=dict)  # group -> its entry hexes not yet used
    gone: dict[str, str] = field(default_factory=dict)  # plane id -> why it is out (destroyed, left ...)
    lost: list[Plane] = field(default_factory=list)  # planes destroyed, as they were last
    left: list[Plane] = field(default_factory=list)  # planes that left the board (not destroyed)
    group_of: dict[str, str] = field(default_factory=dict)  # plane id -> group id
    turn: int = 0
    moved: set[str] = field(default_factory=set)  # planes whose movement this turn is done
    advantage: dict[str, str] = field(default_factory=dict)  # this turn: plane -> the enemy it has it over
    max_turns: int | None = None
    endless: bool = True  # sections may be exchanged: the board follows the planes (§VI Board Limits)
    ended: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def live(self, side: str | None = None) -> list[Plane]:
        return [p for p in self.planes.values() if side is None or p.side == side]

    def enemies(self, side: str) -> list[Plane]:
        return [p for p in self.planes.values() if p.side != side]

    def card(self, plane: Plane) -> DataCard:
        return self.cards[plane.card]

    def label(self, plane: Plane) -> str:
        return self.grid.label(plane.cell)

    def kills(self, side: str) -> int:
        """Enemy planes destroyed, whatever destroyed them (reading: a collision, a break-up or a spin
        into the ground counts for the other side as a shot-down plane would, as the card's VP do)."""
        return sum(1 for p in self.lost if p.side != side)

    def vp(self, side: str) -> int:
        return sum(self.cards[p.card].victory_points for p in self.lost if p.side != side)
