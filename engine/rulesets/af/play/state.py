"""What the engine knows of one plane between phases (§V–IX): the record a player keeps on the
log sheet, plus the board position. Frozen, so a plotted end state can be built, compared and
thrown away without touching the game.

Positions are the engine's hex grid (`engine.core.board.HexGrid`): `cell` is (column, row) on
the whole board, `facing` 0-5 is the grid's direction (`HexGrid.step`), 0 towards the top.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.board import Cell

BANKS = ("L", "RB", "IR", "I", "IL", "LB")  # the bank diagram's order (af.rules.bank_order)
PARTS = ("W", "F", "C", "E", "L", "G")  # the damage record's columns (§IX)


@dataclass(frozen=True, slots=True)
class Damage:
    """Hits taken per part of the damage record (§IX), and gun factors lost per battery.

    Built by `damage.record_hits`: a G hit crosses off one whole battery (counted under G), a G
    with no battery left is recorded as F, the card's misses are not recorded at all.
    """

    hits: tuple[tuple[str, int], ...] = ()  # (part, hits) for parts hit at least once, W F C E L G order
    guns_lost: tuple[int, ...] = ()  # gun factors lost per battery of the card's G line; () for none

    def of(self, part: str) -> int:
        return dict(self.hits).get(part, 0)


@dataclass(frozen=True, slots=True)
class Plane:
    id: str  # unique in the game, e.g. 'allies-1'
    side: str
    card: str  # the af.data_card id
    cell: Cell
    facing: int
    altitude: int  # feet
    speed: int  # this turn's speed (MP to spend)
    bank: str = "L"
    # straight hexes flown since the last maneuver, carried across turns; None at start and
    # entry, when every maneuver's requirement is met (§VI)
    carry: int | None = None
    damage: Damage = field(default_factory=Damage)
    destroyed: bool = False
    # 'C' or 'D' when every earlier turn of the carry climbed or dove as much as the plane
    # could: a half-loop may then count those hexes toward its requirement (§VI, Half-Loop)
    carry_vertical: str | None = None
    # turns before a slow climb ('.033': 100 ft every 3 turns) may be written again (§VI)
    slow_climb_wait: int = 0
    # maneuver letters flown in the turn that led here, in order (the fire options read them)
    maneuvers: tuple[str, ...] = ()
    spun: bool = False  # that turn was a spin (§VI, Stall Speed)
    loaded: bool = False  # carries bombs or rockets: flies by the card's load modifiers (§XIII)
