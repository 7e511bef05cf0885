"""The §VIII remedies: how an entry found illegal at execution is corrected, or destroys the plane.

A new entry is refused (`flight.fly`); an entry written earlier that has become illegal (a
pre-plotted move, a formation's follower, a plane hit after writing) is mended by the table of
illegal movements in `af.rules` instead: excess deleted, the rest of the MP flown straight,
Power and Brake cut to what is available, the altitude change cut to the plane's capacity;
the rows marked `destroys` (over the maximum dive speed, a maneuver the damage bars) destroy it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..kinds.planes import DataCard
from .capability import capability
from .codes import STEP_FT, Entry, Token
from .flight import Handbook, IllegalMove, band_of, flown_card, fly, increment_of, stalled, vertical
from .state import Plane

ROUNDS = 8  # corrections tried before giving up; each one removes one fault


@dataclass(frozen=True, slots=True)
class Remedied:
    """The entry as flown after the remedies, the remedies applied, and the plane (None if destroyed)."""

    entry: Entry
    applied: tuple[str, ...]  # af.rules illegal_moves ids, in the order applied
    plane: Plane | None


def remedy(plane: Plane, entry: Entry, card: DataCard, hb: Handbook) -> Remedied:
    """The entry mended until it flies, each remedy noted; a stalled plane is not written for (it spins)."""
    if stalled(plane, card):
        raise ValueError(f"{plane.id} is at stall speed: it spins (flight.spin), whatever was written")
    destroys = {r.id for r in hb.rules.illegal_moves if r.destroys}
    applied: list[str] = []
    for _ in range(ROUNDS):
        try:
            return Remedied(entry, tuple(applied), fly(plane, entry, card, hb))
        except IllegalMove as e:
            applied.append(e.rule)
            fixed = None if e.rule in destroys else _corrected(plane, entry, e, card, hb)
            if fixed is None or fixed == entry:  # nothing to mend (or it flies into the ground)
                return Remedied(entry, tuple(applied), None)
            entry = fixed
    raise ValueError(f"no remedy makes '{entry}' legal for {plane.id}")


def _corrected(plane: Plane, entry: Entry, e: IllegalMove, card: DataCard, hb: Handbook) -> Entry | None:
    flying = flown_card(plane, card)
    if e.rule in ("over_speed", "requirement_not_met", "attitude_not_met") and e.step is not None:
        return replace(entry, steps=_straight_from(entry.steps, e.step, plane.speed, hb))
    if e.rule == "mp_not_spent":
        return replace(entry, steps=_straight_from(entry.steps, len(entry.steps), plane.speed, hb))
    if e.rule == "excess_power_brake":
        band = band_of(plane, flying)
        cap = capability(plane, hb.rules)
        power = 0 if increment_of(plane, band) == "dive" else cap.power(band)
        return replace(entry, power=min(entry.power, power), brake=min(entry.brake, cap.brake(band)))
    if e.rule == "over_climb_dive":
        vert = vertical(plane, flying, hb)
        return replace(entry, altitude=max(-vert.dive, min(entry.altitude, vert.climb)))
    if e.rule == "attitude_not_met":
        loops = [i for i, t in enumerate(entry.steps) if isinstance(t, str) and hb.spec(t).full_altitude]
        if loops:  # a half-loop without its full climb or dive: delete it, the rest straight
            return replace(entry, steps=_straight_from(entry.steps, loops[0], plane.speed, hb))
        return _dive_for_a_point(plane, entry, flying, hb)
    return None


def _straight_from(steps: tuple[Token, ...], i: int, speed: int, hb: Handbook) -> tuple[Token, ...]:
    """`steps` up to step `i`, then the MP left flown straight ('no further maneuvers')."""
    kept = steps[:i]
    left = speed - sum(t if isinstance(t, int) else hb.spec(t).mp for t in kept)
    return kept + ((left,) if left > 0 else ())


def _dive_for_a_point(plane: Plane, entry: Entry, card: DataCard, hb: Handbook) -> Entry | None:
    """At dive speed and staying there: the smallest dive that adds a speed point (§VI, Dive Speed)."""
    most = vertical(plane, card, hb).dive
    for ft in range(STEP_FT, most + 1, STEP_FT):
        if (card.dive_speed_gain(ft) or 0) >= 1:
            return replace(entry, altitude=-max(ft, -min(entry.altitude, 0)))
    return None
