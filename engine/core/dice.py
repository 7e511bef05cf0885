"""Dice drawn from the one seeded generator of a game, every roll logged with its purpose."""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Callable

from engine.content.dice import DIE_PATTERN

# The largest seed a game is played with (what the studio's seed boxes hold): a game started here
# can be restarted there. Python's generator plays seed -N as N, so no seed is below 0.
MAX_SEED = 2**31 - 1


@lru_cache(maxsize=None)
def _shape(die: str) -> tuple[int, int]:
    """(dice, sides) of a die expression such as '2d6', read once per expression."""
    m = re.match(DIE_PATTERN, die)
    if not m:
        raise ValueError(f"not a die expression: {die!r}")
    return int(m.group(1) or 1), int(m.group(2))


class Dice:
    """Rolls dice for a game. `record` receives each roll so it lands in the event log."""

    def __init__(self, seed: int, record: Callable[[dict], None]) -> None:
        self._rng = random.Random(seed)
        self._record = record

    @property
    def rng(self) -> random.Random:
        """The generator itself, for shuffles and random picks (also deterministic)."""
        return self._rng

    def roll(self, die: str, reason: str, count: int = 1, **context) -> list[int]:
        """Roll `count` times `die` ("d6", "2d6", "d20") and log it; returns each total."""
        dice, sides = _shape(die)
        if dice == 1:
            results = self._faces(sides, count)
        else:
            results = [sum(self._faces(sides, dice)) for _ in range(count)]
        self._record({"die": die, "count": count, "results": results, "for": reason, **context})
        return results

    def _faces(self, sides: int, count: int) -> list[int]:
        """`count` faces of a die of `sides`, drawn exactly as `randint(1, sides)` draws them (the
        rejection sampling of `randrange`, the same bits from the same generator), without
        randint's three Python calls per face: dice are rolled at every shot of every game."""
        bits, draw, faces = sides.bit_length(), self._rng.getrandbits, []
        for _ in range(count):
            face = draw(bits)
            while face >= sides:
                face = draw(bits)
            faces.append(face + 1)
        return faces

    def one(self, die: str, reason: str, **context) -> int:
        return self.roll(die, reason, 1, **context)[0]

    def shuffle(self, items: list, reason: str) -> list:
        out = list(items)
        self._rng.shuffle(out)
        # the log keeps its own copy: callers draw from (and so empty) the list they get back
        self._record({"die": "shuffle", "count": len(out), "results": [], "for": reason, "order": list(out)})
        return out

    def pick(self, items: list, k: int, reason: str) -> list:
        out = self._rng.sample(list(items), k)
        self._record({"die": "pick", "count": k, "results": [], "for": reason, "picked": out})
        return out
