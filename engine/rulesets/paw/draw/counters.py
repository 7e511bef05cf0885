"""Plane and ground-target counters, centred on (0, 0) with the nose (or front) up.

The scenario board places these; the ground-target preview shows one at its
printed size with its flip side beside it; the print-and-play sheets cut them out.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.drawing.shapes import Drawing, Ellipse, Font, Group, Item, Line, Rect, Style, Text
from engine.drawing.kit import INK, MUTED, fit, paragraph, plane_silhouette, sample_tag, squeeze, stacked
from engine.drawing.sheets import Component, centred, source

from ..kinds.planes import Dashboard
from ..kinds.targets import GroundTarget
from .style import ALTITUDE_DOT, RED, SIDES, YELLOW, Sizes

GROUND = "#c9b98f"
SHIP = "#9fb4c7"


@lru_cache(maxsize=1024)
def plane_counter(label: str, side: str, size: tuple[float, float], *, engines: int = 1,
                  damaged: bool = False, altitude: str | None = None,
                  energy: int | None = None) -> Drawing:
    """A plane counter: side colour, the plane from above, side marks at mid-length.

    With `altitude` and `energy`, the Altitude disc (red low, white high, none at
    standard) and the pile of Energy tokens sit beside it, as on the table. Cached, as a
    board redraws the same counters after every edit.
    """
    w, h = size
    fill = SIDES.get(side, MUTED)
    items: list[Item] = [
        Rect(-w / 2, -h / 2, w, h, radius=w * 0.08,
             style=Style(INK, fill="#f3e3e1" if damaged else fill, width=0.3)),
        Group((plane_silhouette(h * 0.62, fill=RED if damaged else "#ffffff", engines=engines),),
              dy=-h * 0.08),
        Line(-w / 2, 0, -w / 2 + w * 0.12, 0, Style("#ffffff", width=0.4)),
        Line(w / 2, 0, w / 2 - w * 0.12, 0, Style("#ffffff", width=0.4)),
        stacked(0, h / 2 - h * 0.1, *squeeze(label, Font(h * 0.085, bold=True), w * 0.9, lines=2),
                INK if damaged else "#ffffff", "s"),
    ]
    r = w * 0.16
    if altitude in ALTITUDE_DOT:
        items.append(Ellipse(w / 2 + r * 1.3, -h / 2 + r, r, r,
                             style=Style(INK, fill=ALTITUDE_DOT[altitude], width=0.25)))
    if energy is not None:
        items += [Ellipse(w / 2 + r * 1.3, h / 2 - r, r, r, style=Style(INK, fill=YELLOW, width=0.25)),
                  Text(w / 2 + r * 1.3, h / 2 - r, str(energy), Font(r, bold=True), INK)]
    return Drawing(w, h, tuple(items))


def target_counter(record: GroundTarget, size: tuple[float, float], *,
                   keyed: bool = True) -> Drawing:
    """A ground target or ship: its code, Strafing and Bombing Defense, turning letter, fire."""
    w, h = size

    def k(path: str) -> str:
        return path if keyed else ""

    font = Font(h * 0.11, bold=True)
    small = Font(h * 0.075, bold=True)
    items: list[Item] = [
        Rect(-w / 2, -h / 2, w, h, radius=w * 0.08,
             style=Style(INK, fill=SHIP if record.category == "ship" else GROUND, width=0.3),
             key=k("category")),
        Text(0, -h * 0.12, fit(record.code, font, w * 0.86), font, INK, key=k("code")),
        Text(-w * 0.42, h * 0.36, f"{record.strafing_defence:+d}", small, INK, anchor="w",
             key=k("strafing_defence")),
        Text(w * 0.42, h * 0.36, f"{record.bombing_defence:+d}", small, INK, anchor="e",
             key=k("bombing_defence")),
    ]
    if record.turning_template:
        items.append(Text(w * 0.42, -h * 0.36, record.turning_template.upper(), small, INK,
                          anchor="e", key=k("turning_template")))
    fire = [name for name, on in (("AAA", record.intrinsic_aaa != "none"),
                                  ("FLAK", record.intrinsic_flak)) if on]
    if fire:
        items.append(Text(0, h * 0.14, " ".join(fire), Font(h * 0.065, bold=True), RED,
                          key=k("intrinsic_aaa")))
    if record.steps_per_round:
        items.append(Text(-w * 0.42, -h * 0.36, f"→{record.steps_per_round}", small, INK,
                          anchor="w", key=k("steps_per_round")))
    return Drawing(w, h, tuple(items))


def ground_target(record: GroundTarget, ctx: Any) -> Drawing:
    """The counter at its printed size, its flip side beside it, and what the numbers are."""
    sizes = Sizes(ctx)
    w, h = sizes.counter
    flip = ctx.get("paw.ground_target", record.flip_side) if record.flip_side and ctx else None
    width = max(8 + w + (w + 10 if flip else 0), 56.0)
    items: list[Item] = [Group(target_counter(record, (w, h)).items, dx=4 + w / 2, dy=7 + h / 2),
                         Text(4, 5.0, "front", Font(1.5), MUTED, anchor="sw")]
    if flip is not None:
        items += [Group(target_counter(flip, (w, h), keyed=False).items, dx=14 + w * 1.5,
                        dy=7 + h / 2, key="flip_side"),
                  Text(14 + w, 5.0, "flip side", Font(1.5), MUTED, anchor="sw", key="flip_side")]
    legend, used = paragraph(
        4, 10 + h, f"{record.name}: Strafing Defense {record.strafing_defence:+d} (lower "
        f"left), Bombing Defense {record.bombing_defence:+d} (lower right)."
        + (f" Flip side: {flip.name}." if flip is not None else ""), Font(1.5),
        width - 8, color=MUTED, key="name")
    items += legend
    items += sample_tag(record, width - 2, 1.0)
    return Drawing(width, 12 + h + used, tuple(items), title=record.name, notes=sizes.notes)


def target_counters(record: GroundTarget, ctx: Any) -> list[Component]:
    """The counter to cut out, its flip side on the back."""
    size = Sizes(ctx).counter
    flip = ctx.get("paw.ground_target", record.flip_side) if record.flip_side and ctx else None
    return [Component(centred(target_counter(record, size, keyed=False)),
                      centred(target_counter(flip, size, keyed=False)) if flip is not None else None,
                      source(record), record.sample)]


def plane_counters(record: Dashboard, ctx: Any) -> list[Component]:
    """Counters of a plane type to cut out, its damaged side on the back (Basic damage flips the
    counter): as many as a scenario of `ctx.scenarios` fields at once (a mission or one of its
    legs), and one of a type none of them flies. In its side's colour: the side of the faction
    that flies it there, or of the first whose availability table lists it."""
    size = Sizes(ctx).counter
    fielded, flying_for = 1, []  # faction ids: those flying it in scope, then those that may field it
    for scenario in ctx.scenarios:
        for planes in [scenario.planes, *(leg.planes for leg in scenario.legs)]:
            flying = [p.faction for p in planes if p.dashboard == record.id]
            fielded, flying_for = max(fielded, len(flying)), flying_for + flying
    flying_for += [t.table.faction for t in ctx.records("paw.theater_table") if t.table.type == "availability"
                   and any(row.plane == record.id for section in t.table.sections for row in section.rows)]
    factions = [f for f in (ctx.get("paw.faction", fid) for fid in flying_for) if f is not None]
    side = factions[0].side if factions else ""
    engines = 2 if "bomber" in record.roles else 1
    front = centred(plane_counter(record.name, side, size, engines=engines))
    back = centred(plane_counter(record.name, side, size, engines=engines, damaged=True))
    return [Component(front, back, source(record)) for _ in range(fielded)]
