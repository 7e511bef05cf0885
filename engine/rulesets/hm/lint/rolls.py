"""Reading a roll on a die, for the hex-mat lint rules that check one."""

from __future__ import annotations

from engine.content.dice import RollSpan, die_range, parse_roll
from engine.content.ruleset import LintContext


def roll_on_die(ctx: LintContext, path: tuple, roll: int | str, die: str, what: str) -> RollSpan | None:
    """The one run of rolls (the rules read no '1 or 6' here) that `roll` names on `die`; None,
    with an error, when it names none: play would stop on it or never roll it."""
    try:
        span = parse_roll(roll, die)
    except ValueError as exc:
        ctx.emit_error(path, str(exc))
        return None
    low, high = die_range(die)
    if span.low < low or span.high > high:
        ctx.emit_error(path, f"{what} {span.text()} is outside {die} ({low}-{high})")
        return None
    return span
