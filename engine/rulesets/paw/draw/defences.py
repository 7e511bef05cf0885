"""The AAA and Flak dashboards: Combat rulers of Hit Thresholds by distance from the red arrow."""

from __future__ import annotations

from typing import Any

from engine.drawing.shapes import Drawing, Ellipse, Font, Group, Item, Rect, Style, Text
from engine.drawing.kit import INK, MUTED, key, paragraph, sample_tag, text_width, value_box

from ..kinds.defences import AaaDashboard, FlakDashboard
from .style import CARD, GUNNERS, RED, Sizes, start_arrow, step_ticks, threshold_box
from .templates import fire_sector

ALTITUDE_DISC = {"low": RED, "high": "#ffffff", "standard": "#b8b8b8"}


def _ruler(title: str, boxes, path: str, step: float, x: float, y: float) -> list[Item]:
    """A captioned Combat ruler: orange boxes at their distances, ticks on its lower edge."""
    steps = max(b.distance for b in boxes)
    items: list[Item] = [Text(x, y, title, Font(1.8, bold=True), MUTED, anchor="nw")]
    for i, box in enumerate(boxes):
        items += threshold_box(x + (box.distance - 1) * step, y + 4.0, step, 6.5, GUNNERS,
                               box.hit, None, hit_key=key(path, i, "hit"))
    items += step_ticks(x, y + 13.0, step, steps, down=False)
    items.append(start_arrow(x, y + 13.0, down=False))
    return items


def aaa_dashboard(record: AaaDashboard, ctx: Any) -> Drawing:
    """Troops ruler on the left, armed-counters ruler on the right, as the rulebook says."""
    sizes = Sizes(ctx)
    step = sizes.step
    left_w = max(b.distance for b in record.troops) * step
    right_w = max(b.distance for b in record.armed) * step
    width = max(4 + left_w + 10 + right_w + 4, 90.0)
    items: list[Item] = [
        Text(4, 3, record.name, Font(4.0, bold=True), INK, anchor="nw", key="name"),
        Text(4, 9.5, "attacks like a gunner, planes at", Font(1.8), MUTED, anchor="nw"),
        *sample_tag(record, width - 3, 2.0),
    ]
    x = 4 + text_width("attacks like a gunner, planes at", Font(1.8)) + 2.0
    for i, altitude in enumerate(record.target_altitudes):
        path = key("target_altitudes", i)
        items += [Ellipse(x + 1.6, 10.4, 1.6, 1.6,
                          style=Style(INK, fill=ALTITUDE_DISC[altitude], width=0.2), key=path),
                  Text(x + 4.0, 10.4, f"{altitude.title()} Altitude", Font(1.8, bold=True), INK,
                       anchor="w", key=path)]
        x += 6.0 + text_width(f"{altitude.title()} Altitude", Font(1.8, bold=True))
    template = ctx.get("paw.fire_template", record.fire_template) if ctx is not None else None
    if template is not None:
        scale = 5.0 / template.radius_mm
        items.append(Group(tuple(fire_sector(template, GUNNERS, key="fire_template")),
                           dx=width - 18, dy=12.5, rotate=-90, scale=scale, key="fire_template"))
    items.append(Text(width - 11, 10.5, template.code if template else record.fire_template,
                      Font(2.6, bold=True), INK, anchor="w", key="fire_template"))
    items += _ruler("TROOPS", record.troops, "troops", step, 4, 17.0)
    items += _ruler("ARMED COUNTERS", record.armed, "armed", step, 4 + left_w + 10, 17.0)
    height = 33.0
    frame = Rect(0, 0, width, height, radius=1.5, style=Style(INK, fill=CARD, width=0.4))
    return Drawing(width, height, (frame, *items), title=f"{record.name} dashboard",
                   notes=sizes.notes)


def flak_dashboard(record: FlakDashboard, ctx: Any) -> Drawing:
    """FLAK - BARRAGE: thresholds at the marker spacings; FLAK - CPF: its box of values."""
    sizes = Sizes(ctx)
    step = sizes.step
    steps = max(b.spacing for b in record.barrage)
    width = max(4 + steps * step + 9, 120.0)
    items: list[Item] = [
        Text(4, 3, record.name, Font(4.0, bold=True), INK, anchor="nw", key="name"),
        *sample_tag(record, width - 3, 2.0),
    ]
    text, used = paragraph(
        4, 10.0, f"FLAK - BARRAGE: {record.barrage_markers} BRG markers in a square, each at "
        f"least {record.min_distance} steps from enemy planes; the Hit Threshold is read at the "
        "spacing of two markers, measured from the red arrow.", Font(1.7), width - 8,
        color=MUTED, key="barrage_markers")
    items += text
    ruler_y = 10.0 + used + 12.0
    for i, box in enumerate(record.barrage):
        x = 4 + box.spacing * step
        path = key("barrage", i)
        items += [Rect(x - 4.5, ruler_y - 8.5, 9.0, 6.5, radius=0.8,
                       style=Style("#ffffff", fill="#5c6670", width=0.3), key=key(path, "hit")),
                  Text(x, ruler_y - 5.25, str(box.hit), Font(2.8, bold=True), "#ffffff",
                       key=key(path, "hit")),
                  Text(x, ruler_y - 10.0, f"{box.spacing}", Font(1.5), MUTED, anchor="s",
                       key=key(path, "spacing"))]
    items += step_ticks(4, ruler_y, step, steps, down=True)
    items.append(start_arrow(4, ruler_y))
    cpf = record.cpf
    y = ruler_y + 7.0
    items.append(Text(4, y, "FLAK - CPF", Font(2.2, bold=True), INK, anchor="nw", key="cpf"))
    boxes = [("HIT", str(cpf.hit), "cpf.hit"),
             ("KILL", str(cpf.kill) if cpf.kill is not None else "–", "cpf.kill"),
             ("REACH", f"{cpf.reach} step{'s' if cpf.reach != 1 else ''}", "cpf.reach"),
             ("MOVE", f"{cpf.move} steps", "cpf.move")]
    x = 30.0
    for label, value, path in boxes:
        fill = RED if label == "KILL" and cpf.kill is not None else "#ffffff"
        color = "#ffffff" if fill == RED else INK
        items += value_box(x, y - 1.0, 16.0, 9.0, label, value, key=path, fill=fill, color=color,
                           label_color=color if fill == RED else MUTED)
        x += 18.0
    items.append(Text(x + 2, y + 3.5, f"attacks from the {record.attack_aspect}", Font(1.7),
                      MUTED, anchor="w", key="attack_aspect"))
    height = y + 12.0
    frame = Rect(0, 0, width, height, radius=1.5, style=Style(INK, fill=CARD, width=0.4))
    return Drawing(width, height, (frame, *items), title=f"{record.name} dashboard",
                   notes=sizes.notes)
