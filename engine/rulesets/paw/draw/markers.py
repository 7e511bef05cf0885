"""Damage and Skill markers to cut out, round tokens the size of a plane counter.

A damage marker's front is generic, the letter of the pile it is drawn from (F, S, B); its back
names the part hit, its hearts and its effects (Advanced damage model). A Skill marker shows the
Crosshair and Energy Token values; Trained has none (Crew skill).
"""

from __future__ import annotations

from typing import Any

from engine.drawing.shapes import Drawing, Ellipse, Font, Item, Style, Text
from engine.drawing.kit import INK, fit
from engine.drawing.sheets import Component, centred, source, unnamed

from ..kinds.crew import CrewSkill, DamageEffect, DamageMarker
from .style import RED, Sizes

PILES = {"front": ("F", "#e9d8a6"), "side": ("S", "#cfe0c3"), "back": ("B", "#c9d6ea")}

# The rulebook's words for each effect icon (Advanced damage model)
SAYS = {
    "cant_climb": "can't climb",
    "cant_wingover": "can't wingover",
    "cant_fly_high": "can't fly High",
    "gunners_affected": "gunners affected",
    "crew_killed": "crew/gunners killed",
}


def effect_text(effect: DamageEffect) -> str:
    """An effect icon in words, e.g. "ACC -1", "can't turn left", "tightest turn D"."""
    kind = effect.effect
    if kind in SAYS:
        return SAYS[kind]
    if kind in ("acceleration", "hit_threshold", "max_energy"):
        short = {"acceleration": "ACC", "hit_threshold": "hit threshold", "max_energy": "max Energy"}[kind]
        return f"{short} {effect.value:+d}" if effect.value is not None else short
    if kind == "tightest_turn":
        return f"tightest turn {effect.letter or '?'}"
    what = "turn" if kind == "cant_turn" else "side-slip"
    return f"can't {what} {effect.direction}" if effect.direction else f"can't {what}"


def _token(size: float, fill: str, lines: list[tuple[str, Font, str]]) -> Drawing:
    """A round token `size` across, centred on (0, 0), with lines of text stacked about its middle."""
    r = size / 2
    items: list[Item] = [Ellipse(0, 0, r, r, style=Style(INK, fill=fill, width=0.25))]
    heights = [font.size * 1.45 for _, font, _ in lines]
    y = -sum(heights) / 2
    for (text, font, colour), h in zip(lines, heights):
        items.append(Text(0, y + h / 2, fit(text, font, size * 0.86), font, colour))
        y += h
    return Drawing(size, size, tuple(items))


@unnamed
def damage_markers(record: DamageMarker, ctx: Any) -> list[Component]:
    """Each copy of a marker in its pile: the pile's letter in front, what it does on the back.
    For the whole pack, or for a scenario that plays the Advanced damage model."""
    if not ctx.whole and not any(s.options.advanced_damage for s in ctx.scenarios):
        return []
    size = min(Sizes(ctx).counter)
    letter, fill = PILES[record.aspect]
    front = _token(size, fill, [(letter, Font(size * 0.4, bold=True), INK)])
    small = Font(size * 0.062)
    back = _token(size, "#ffffff", [(record.component, Font(size * 0.075, bold=True), INK),
                                    ("♥" * record.hearts or "no hearts", Font(size * 0.12), RED),
                                    *((effect_text(e), small, INK) for e in record.effects)])
    return [Component(centred(front), centred(back), source(record), record.sample)
            for _ in range(record.copies)]


def skill_markers(record: CrewSkill, ctx: Any) -> list[Component]:
    """A skill's marker (none for the default skill), as many as a scenario in scope flies crews
    of that skill at once, and one when none does."""
    if not record.has_marker:
        return []
    size = min(Sizes(ctx).counter)
    most = max([sum(p.skill == record.id for p in s.planes) for s in ctx.scenarios] + [1])
    face = _token(size, "#f3efe2", [(record.name, Font(size * 0.11, bold=True), INK),
                                    (f"crosshair {record.crosshair:+d}", Font(size * 0.09), INK),
                                    (f"Energy {record.energy_tokens:+d}", Font(size * 0.09), INK)])
    return [Component(centred(face), source=source(record), sample=record.sample) for _ in range(most)]
