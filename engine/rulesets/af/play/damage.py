"""Hits on the damage record (§IX Effect of Damage), destruction, and the cards' victory points.

Hits are crossed off per part as the Hit Table lists them; a G hit crosses off one whole
battery (one number of the G line, "even of 8 or more Gun Points"), the one nearest the
attacker; with none left it counts as the content's `excess_gun_hits` (F). Letters the card
lists as misses (the V-1's C and G) are not recorded. Destruction is read at the end of the
phase from the record, so a plane hit to pieces still fires that phase.

What damage does to flying (C, E, W) is the movement rules' business: they read `Damage.of`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from ..kinds.planes import DataCard
from .clock import Side
from .state import PARTS, Damage, Plane


def guns_left(card: DataCard, damage: Damage) -> tuple[int, ...]:
    """Gun Factors still able to fire, per battery of the card's G line, left to right."""
    lost = damage.guns_lost
    return tuple(g.factors - (lost[i] if i < len(lost) else 0) for i, g in enumerate(card.guns))


def gun_priority(card: DataCard, side: Side, choice: Sequence[int] = ()) -> tuple[int, ...]:
    """Battery indices in the order G hits cross them off (§IX Hit Priorities): from the right
    of the record for an attacker on the target's right, from the left for one on its left; at
    12 or 6 o'clock the attacker's `choice` first, then (his likely wish) the biggest battery."""
    n = len(card.guns)
    if side == "right":
        return tuple(reversed(range(n)))
    if side == "left":
        return tuple(range(n))
    biggest = sorted(range(n), key=lambda i: (-card.guns[i].factors, i))
    return tuple(choice) + tuple(i for i in biggest if i not in choice)


def record_hits(card: DataCard, damage: Damage, hits: str, priority: Sequence[int],
                excess_gun_hit: str = "F") -> tuple[Damage, str]:
    """`damage` with the Hit Table's `hits` crossed off, and the letters as recorded (misses
    dropped, a G with no battery left written as `excess_gun_hit`)."""
    counts = dict(damage.hits)
    lost = list(damage.guns_lost) + [0] * (len(card.guns) - len(damage.guns_lost))
    recorded = []
    for letter in hits:
        if letter in card.damage.misses:
            continue
        if letter == "G":
            battery = next((i for i in priority if lost[i] < card.guns[i].factors), None)
            if battery is None:
                letter = excess_gun_hit
            else:
                lost[battery] = card.guns[battery].factors
        counts[letter] = counts.get(letter, 0) + 1
        recorded.append(letter)
    hit_parts = tuple((p, counts[p]) for p in PARTS if counts.get(p))
    return Damage(hits=hit_parts, guns_lost=tuple(lost) if any(lost) else ()), "".join(recorded)


@dataclass(frozen=True, slots=True)
class Failure:
    """A part whose hits reached the card's limit: the plane is destroyed (§IX)."""

    part: str
    hits: int
    limit: int

    def __str__(self) -> str:
        return f"{self.part} {self.hits} hit(s), limit {self.limit}"


def limits(card: DataCard) -> dict[str, int]:
    """Hits each part takes before the plane is destroyed; G never destroys. Several cockpits
    or engines add up: the basic game has one of each (§XV's split by side is not built)."""
    record = card.damage
    return {"W": record.wings, "F": record.fuselage, "C": sum(record.cockpits),
            "E": sum(record.engines), "L": record.fuel}


def destruction(card: DataCard, damage: Damage) -> tuple[Failure, ...]:
    """Why the plane is destroyed, part by part; empty while it flies. A part the card gives no
    hits (a limit of 0) fails at its first recorded hit."""
    return tuple(Failure(part, damage.of(part), limit) for part, limit in limits(card).items()
                 if damage.of(part) and damage.of(part) >= limit)


def victory_points(planes: Iterable[Plane], cards: Mapping[str, DataCard]) -> dict[str, int]:
    """VP each side has won: every destroyed plane's card VP goes to each side but its own
    (§II General and Optional Information: "gained by the enemy player")."""
    planes = list(planes)
    won = {p.side: 0 for p in planes}
    for lost in (p for p in planes if p.destroyed):
        for side in won:
            if side != lost.side:
                won[side] += cards[lost.card].victory_points
    return won
