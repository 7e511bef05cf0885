"""Counters to cut out. Airplane counters: "the only information printed on the airplane counters
is the type and number of the plane" (rulebook I, Counters), on the colours of its nationality,
which the `af.rules` record gives with the counters' size. Surface counters (anti-aircraft,
vehicles, balloons, ground targets) are neutral, "used by either side indifferently".

A type gets as many counters as a scenario of the sheets' scope fields at once.
"""

from __future__ import annotations

from typing import Any, Callable

from engine.drawing.shapes import Drawing, Font, Group, Rect, Style, Text
from engine.drawing.kit import INK, plane_silhouette, squeeze, stacked
from engine.drawing.sheets import Component, centred, source

from ..kinds.ground import GroundUnit
from .layout import SYMBOLS
from ..kinds.planes import DataCard
from ..kinds.rules import Rules
from ..kinds.scenario import Scenario, Variant


def planes_fielded(variant: Variant, card: DataCard) -> int:
    """Planes of a type a variant may field at once: the most counters of every plane group that
    may fly it (fixed by the set-up, named by a matchup, or of a nationality a matchup opens to any
    model)."""
    total = 0
    for group in variant.groups:
        size = variant.group_size(group)
        if group.unit is not None or size is None:
            continue
        forces = [f for m in variant.matchups for f in m.forces if f.group == group.id]
        if card.id in group.aircraft or any(card.id in f.aircraft or card.nationality in f.any_of for f in forces):
            total += size[1]
    return total


def surface_fielded(variant: Variant, unit: GroundUnit) -> int:
    """Counters of a surface unit a variant sets up: its groups of that unit, at their most."""
    return sum([(variant.group_size(g) or (0, 0))[1] for g in variant.groups if g.unit == unit.id])


def _most(ctx: Any, fielded: Callable[[Variant, Any], int], record: Any) -> int:
    """The most of `record` a variant of a scenario in scope fields, and one when none does."""
    return max([fielded(v, record) for s in ctx.scenarios if isinstance(s, Scenario) for v in s.variants] + [1])


def _colours(rules: Rules, nationality: str) -> tuple[str, str]:
    found = next((c for c in rules.counters.colours if c.nationality == nationality), None)
    return (found.background, found.silhouette) if found else ("#ffffff", INK)


def _name(text: str, font: Font, s: float, y: float, ink: str, anchor: str) -> Group:
    """A name across a counter `s` wide, from `y` down ("n") or up ("s"), on two lines if need be."""
    lines, smaller = squeeze(text, font, s * 0.86, lines=2)
    return stacked(0, y, lines, smaller, ink, anchor)


def plane_counter(card: DataCard, number: int, rules: Rules) -> Drawing:
    """One counter, nose up: the type above the silhouette, the number below it."""
    spec = rules.counters
    background, ink = _colours(rules, card.nationality)
    s = spec.size_mm
    font = Font(s * 0.13, bold=True)
    engines = max(1, len(card.damage.engines))
    name = _name(card.name, font, s, -s * 0.45, ink, "n")
    lower = 0.03 * (len(name.items) - 1)  # a name on two lines: a smaller plane, lower, clear of both
    return centred(Drawing(s, s, (
        Rect(-s / 2, -s / 2, s, s, radius=s * 0.06, style=Style(INK, fill=background, width=0.2)),
        name,
        Group((plane_silhouette(s * (0.5 - 2 * lower), fill=ink, engines=engines),), dy=s * (0.02 + lower)),
        Text(0, s * 0.45, str(number), font, ink, anchor="s"),
    ), title=f"{card.name} {number}"))


def plane_counters(card: DataCard, ctx: Any) -> list[Component]:
    """The counters of a type, numbered 1 to the most a scenario in scope fields (one when none
    flies it, for scenarios of the players' own)."""
    rules = next(iter(ctx.records("af.rules")), None)
    if rules is None:
        return []
    return [Component(plane_counter(card, n, rules), source=source(card), sample=rules.counters.sample)
            for n in range(1, _most(ctx, planes_fielded, card) + 1)]


def surface_counters(unit: GroundUnit, ctx: Any) -> list[Component]:
    """A surface unit's counters, its symbol and name on the neutral colours: as many as a scenario
    in scope sets up, one when none does. Hills are none: the rules make them of spare counters
    turned face down, the height pencilled on the back."""
    rules = next(iter(ctx.records("af.rules")), None)
    if rules is None or unit.category == "terrain":
        return []
    most = _most(ctx, surface_fielded, unit)
    background, ink = _colours(rules, "neutral")
    s = rules.counters.size_mm
    face = centred(Drawing(s, s, (
        Rect(-s / 2, -s / 2, s, s, radius=s * 0.06, style=Style(INK, fill=background, width=0.2)),
        Text(0, -s * 0.05, SYMBOLS[unit.category], Font(s * 0.22, bold=True), ink),
        _name(unit.name, Font(s * 0.1, bold=True), s, s * 0.42, ink, "s"),
    ), title=unit.name))
    return [Component(face, source=source(unit), sample=rules.counters.sample) for _ in range(most)]
