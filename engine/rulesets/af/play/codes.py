"""The log codes of §VI, parsed and written back: what a player writes on the log sheet.

An entry is its movement (straight hexes and maneuver letters, in order), then Power or
Brake letters, then an altitude change: `2TR2PD1.1`, `3VPPD.8`, `SLL`, or the word `SPIN`.
Which letters are maneuvers is the content's (`af.maneuver` codes), so a parse takes
them; the grammar's own letters (P, K, C, D, SPIN) are the log sheet's. A malformed
entry raises `CodeError` naming the position and what was expected there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from ..kinds.vocabulary import BRAKE, CLIMB, DIVE, POWER

SPIN = "SPIN"
STEP_FT = 100  # the log writes altitude in tenths of a thousand feet (§VI, Altitude Change)
_AMOUNT = re.compile(r"(\d*)\.(\d)(?!\d)|(\d+)(?![\d.])")

Token = int | str  # straight hexes, or one maneuver letter


class CodeError(ValueError):
    """A log entry that does not parse: `position` is the 0-based character it fails at."""

    def __init__(self, text: str, position: int, expected: str) -> None:
        self.text, self.position, self.expected = text, position, expected
        found = repr(text[position]) if position < len(text) else "the end"
        super().__init__(f"'{text}': at character {position + 1} expected {expected}, found {found}")


@dataclass(frozen=True, slots=True)
class Entry:
    """One turn's log entry (§VI, Codes for Writing in the Log)."""

    steps: tuple[Token, ...] = ()  # in flying order: ints are straight hexes, str maneuver letters
    power: int = 0
    brake: int = 0
    altitude: int = 0  # feet, + climb / - dive
    spin: bool = False

    def __str__(self) -> str:
        return format_entry(self)


def parse(text: str, maneuvers: Iterable[str]) -> Entry:
    """The entry `text` writes; `maneuvers` are the maneuver letters the content defines."""
    letters = set(maneuvers)
    s = text.strip().upper()
    if s == SPIN:
        return Entry(spin=True)
    steps: list[Token] = []
    i = 0
    while i < len(s) and (s[i].isdigit() or s[i] in letters):
        if s[i].isdigit():
            j = i
            while j < len(s) and s[j].isdigit():
                j += 1
            n = int(s[i:j])
            if n == 0:
                raise CodeError(text, i, "a number of hexes of 1 or more")
            steps.append(n)
            i = j
        else:
            steps.append(s[i])
            i += 1
    power = brake = 0
    while i < len(s) and s[i] == POWER:
        power, i = power + 1, i + 1
    while not power and i < len(s) and s[i] == BRAKE:
        brake, i = brake + 1, i + 1
    altitude = 0
    if i < len(s) and s[i] in (CLIMB, DIVE):
        sign = 1 if s[i] == CLIMB else -1
        m = _AMOUNT.match(s, i + 1)
        if not m:
            raise CodeError(text, i + 1, "an altitude change in thousands of feet, like .3 or 1.1")
        if m.group(3) is not None:
            ft = int(m.group(3)) * 1000
        else:
            ft = int(m.group(1) or 0) * 1000 + int(m.group(2)) * STEP_FT
        if ft == 0:
            raise CodeError(text, i + 1, "a climb or dive of at least .1 (100 ft)")
        altitude, i = sign * ft, m.end()
    if i < len(s):
        if altitude:
            expected = "the end of the entry after the altitude change"
        elif brake:
            expected = "K, C, D or the end"
        elif power:
            expected = "P, C, D or the end (an entry has P or K, not both)"
        else:
            expected = "a number of hexes, a maneuver letter, P, K, C, D or the end"
        raise CodeError(text, i, expected)
    if not steps and not (power or brake or altitude):
        raise CodeError(text, 0, "a number of hexes, a maneuver letter or SPIN")
    return Entry(tuple(steps), power, brake, altitude)


def format_altitude(ft: int) -> str:
    """Feet as the log writes them: 300 -> '.3', 1100 -> '1.1', 2000 -> '2.0'."""
    thousands, hundreds = divmod(abs(ft) // STEP_FT, 10)
    return f"{thousands or ''}.{hundreds}"


def format_entry(entry: Entry) -> str:
    """The log code of an entry, as the book writes it (`2TR2PD1.1`)."""
    if entry.spin:
        return SPIN
    out = "".join(_merged(entry.steps)) + POWER * entry.power + BRAKE * entry.brake
    if entry.altitude:
        out += (CLIMB if entry.altitude > 0 else DIVE) + format_altitude(entry.altitude)
    return out


def _merged(steps: tuple[Token, ...]) -> list[str]:
    """Steps as written, adjacent straight runs added up (2 then 1 is written 3)."""
    out: list[str] = []
    run = 0
    for t in steps:
        if isinstance(t, int):
            run += t
            continue
        if run:
            out.append(str(run))
            run = 0
        out.append(t)
    if run:
        out.append(str(run))
    return out
