"""Airplane counters to cut out: "the only information printed on the airplane counters is the
type and number of the plane" (rulebook I, Counters), on the colours of its nationality, which the
`af.rules` record gives with the counters' size.

A type gets as many counters, numbered from 1, as a scenario of the sheets' scope fields at once.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.draw import Drawing, Font, Group, Rect, Style, Text
from engine.drawkit import INK, fit, plane_silhouette, text_width
from engine.sheets import Component, centred, source

from .planes import DataCard
from .rules import Rules
from .scenario import Scenario, Variant


def fielded(variant: Variant, cards: list[DataCard]) -> Counter[str]:
    """Planes of each type a variant may field at once: every plane group counts its most
    counters for each type it may fly (fixed by the set-up, named by a matchup, or of a
    nationality a matchup opens to any model)."""
    need: Counter[str] = Counter()
    for group in variant.groups:
        size = variant.group_size(group)
        if group.unit is not None or size is None:
            continue
        forces = [f for m in variant.matchups for f in m.forces if f.group == group.id]
        nations = {n for f in forces for n in f.any_of}
        types = {*group.aircraft, *(a for f in forces for a in f.aircraft),
                 *(c.id for c in cards if c.nationality in nations)}
        for plane in types:
            need[plane] += size[1]
    return need


def plane_counter(card: DataCard, number: int, rules: Rules) -> Drawing:
    """One counter, nose up: the type above the silhouette, the number below it."""
    spec = rules.counters
    colours = next((c for c in spec.colours if c.nationality == card.nationality), None)
    background, ink = (colours.background, colours.silhouette) if colours else ("#ffffff", INK)
    s = spec.size_mm
    font = Font(s * 0.13, bold=True)
    wide = text_width(card.name, font) / (s * 0.92)  # a long name is set smaller, down to 70%
    name = Font(font.size / min(max(wide, 1.0), 1 / 0.7), bold=True)
    engines = max(1, len(card.damage.engines))
    return centred(Drawing(s, s, (
        Rect(-s / 2, -s / 2, s, s, radius=s * 0.06, style=Style(INK, fill=background, width=0.2)),
        Text(0, -s * 0.44, fit(card.name, name, s * 0.92), name, ink, anchor="n"),
        Group((plane_silhouette(s * 0.5, fill=ink, engines=engines),), dy=s * 0.02),
        Text(0, s * 0.45, str(number), font, ink, anchor="s"),
    ), title=f"{card.name} {number}"))


def plane_counters(card: DataCard, ctx: Any) -> list[Component]:
    """The counters of a type, numbered 1 to the most a scenario in scope fields (one when none
    flies it, for scenarios of the players' own)."""
    rules = next(iter(ctx.records("af.rules")), None)
    if rules is None:
        return []
    cards = ctx.records("af.data_card")
    most = max([fielded(v, cards)[card.id] for s in ctx.scenarios if isinstance(s, Scenario)
                for v in s.variants] + [1])
    return [Component(plane_counter(card, n, rules), source=source(card), sample=rules.counters.sample)
            for n in range(1, most + 1)]
