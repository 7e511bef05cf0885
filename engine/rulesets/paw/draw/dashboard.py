"""The plane dashboard as printed: Movement ruler along the top edge, Combat ruler along the
bottom edge, the plane's values and its ordnance plates in between.

Both rulers are drawn at true scale (one step is `step_mm` of the pack's rules
record), because the printed dashboard is also the measuring tool.
"""

from __future__ import annotations

from typing import Any

from engine.drawing.shapes import Drawing, Ellipse, Font, Group, Item, Line, Rect, Style, Text
from engine.drawing.kit import INK, MUTED, heart, key, plane_silhouette, sample_tag, text_width, value_box

from ..kinds.planes import Dashboard
from . import icons
from .style import (ALTITUDE_DOT, CARD, DARK_PLATE, GUNNERS, GUNS, LIGHT_PLATE, RED, YELLOW,
                     Sizes, start_arrow, step_ticks, threshold_box)
from .templates import fire_sector

RULER_X = 17.0  # room for the row captions left of the start arrow
LANE = 5.6
MANEUVERS = (("wingover", "WINGOVER", icons.wingover), ("side_slip", "SIDE-SLIP", icons.side_slip),
             ("climb", "CLIMB", icons.climb), ("descent", "DESCENT", icons.descent))
CAPTION = Font(1.35, bold=True)
VALUES_W = 6 * 12.0 - 1.5  # the row of value boxes
GUNNER_BOX = (21.0, 24.5)


def dashboard(record: Dashboard, ctx: Any) -> Drawing:
    sizes = Sizes(ctx)
    step = sizes.step
    present = [(name, label, draw) for name, label, draw in MANEUVERS if getattr(record, name)]
    marks = max([record.max_energy.undamaged, len(record.turning)]
                + [getattr(record, name).step for name, _, _ in present])
    combat_steps = max([b.distance for b in record.guns]
                       + [b.distance for b in (record.gunners.ruler if record.gunners else [])]
                       + [1])
    ordnance, ordnance_w = _ordnance(record)
    gunners, gunners_w = _gunner_diagram(record, ctx)
    # Gunner positions and ordnance plates stand right of the values and the Combat ruler.
    side_x = max(RULER_X + VALUES_W, RULER_X + combat_steps * step) + 4.0
    gap = 3.0 if gunners and ordnance else 0.0
    width = max(sizes.dashboard, RULER_X + marks * step + 4, side_x + gunners_w + gap + ordnance_w + 4)

    items: list[Item] = _movement_ruler(record, marks, step)
    y = 15.0
    for lane, (name, label, draw) in enumerate(present):
        items += _maneuver_lane(record, name, label, draw, y + lane * LANE, step)
    y += len(present) * LANE + 2.0
    items += _header(record, y, width)
    y += 12.0
    items += _values(record, y)
    lanes = 1 + (record.gunners is not None)
    height = max(y + 12.0 + lanes * 6.0 + 3.0, y + (GUNNER_BOX[1] + 2.0 if gunners else 0.0))
    items += _combat_ruler(record, height - 3.0 - lanes * 6.0, step, height)
    if gunners:
        items.append(Group(tuple(gunners), dx=side_x, dy=y))
    if ordnance:
        items.append(Group(tuple(ordnance), dx=side_x + gunners_w + gap, dy=y))
    frame = Rect(0, 0, width, height, radius=1.5, style=Style(INK, fill=CARD, width=0.4))
    return Drawing(width, height, (frame, *items), title=f"{record.name} dashboard",
                   notes=sizes.notes)


def _movement_ruler(record: Dashboard, marks: int, step: float) -> list[Item]:
    """Energy values at their marks, the best turning letter under each, max Energy circled."""
    items: list[Item] = step_ticks(RULER_X, 0.0, step, marks)
    items.append(start_arrow(RULER_X, 0.0))
    items.append(Text(1.2, 5.0, "ENERGY", CAPTION, MUTED, anchor="w"))
    items.append(Text(1.2, 11.0, "TURN", CAPTION, MUTED, anchor="w"))
    top, low = record.max_energy.undamaged, record.max_energy.damaged
    for energy in range(1, marks + 1):
        x = RULER_X + energy * step
        color = INK if energy <= top else MUTED
        if energy == top:
            items.append(Ellipse(x, 5.0, 2.4, 2.4, style=Style(INK, fill="#ffffff", width=0.35),
                                 key="max_energy.undamaged"))
        if energy == low:
            items.append(Ellipse(x, 5.0, 2.4, 2.4, style=Style(None, fill=RED),
                                 key="max_energy.damaged"))
            color = "#ffffff"
        items.append(Text(x, 5.0, str(energy), Font(2.4, bold=True), color))
        if energy <= len(record.turning):
            letter = record.turning[energy - 1]
            path = key("turning", energy - 1)
            items.append(Rect(x - 2.3, 8.6, 4.6, 4.8, radius=0.8,
                              style=Style(INK, fill="#ffffff", width=0.3), key=path))
            items.append(Text(x, 11.0, letter or "–", Font(2.8, bold=True),
                              INK if letter else MUTED, key=path))
    return items


def _maneuver_lane(record: Dashboard, name: str, label: str, draw, y: float,
                   step: float) -> list[Item]:
    """One icon at the mark to reach in a straight line, with the Energy it costs beside it."""
    mark = getattr(record, name)
    x = RULER_X + mark.step * step
    cy = y + LANE / 2
    items: list[Item] = [
        Text(1.2, cy, label, CAPTION, MUTED, anchor="w"),
        Line(RULER_X, cy, x - 2.5, cy, Style(MUTED, width=0.25, dash=(0.6, 0.8))),
        *draw(x, cy, 4.2, key=key(name, "step")),
    ]
    energy = getattr(mark, "energy", None)
    if energy is not None:
        items += [Ellipse(x + 4.3, cy, 1.9, 1.9, style=Style(INK, fill=YELLOW, width=0.2),
                          key=key(name, "energy")),
                  Text(x + 4.3, cy, f"-{energy}", Font(1.6, bold=True), INK,
                       key=key(name, "energy"))]
    return items


def _header(record: Dashboard, y: float, width: float) -> list[Item]:
    roles = ", ".join(r.replace("_", "-") for r in record.roles)
    return [
        Text(RULER_X, y + 0.5, record.name, Font(4.2, bold=True), INK, anchor="nw", key="name"),
        Text(RULER_X, y + 6.6, record.nation, Font(1.9), MUTED, anchor="nw", key="nation"),
        Text(RULER_X + 3 + text_width(record.nation, Font(1.9)), y + 6.6, roles,
             Font(1.9, italic=True), MUTED, anchor="nw", key="roles"),
        Text(width - 4, y + 0.5, f"{record.points} VP", Font(4.2, bold=True), INK, anchor="ne",
             key="points"),
        *sample_tag(record, width - 4, y + 6.8),
    ]


def _values(record: Dashboard, y: float) -> list[Item]:
    """Acceleration, Deceleration, Size, Durability, then the two max Energy values."""
    boxes = [("ACC", f"+{record.acceleration}", "acceleration"),
             ("DEC", f"-{record.deceleration}", "deceleration"),
             ("SIZE", f"{record.size:+d}" if record.size else "0", "size")]
    items: list[Item] = []
    x = RULER_X
    for label, value, path in boxes:
        items += value_box(x, y, 10.5, 9.0, label, value, key=path)
        x += 12.0
    items += value_box(x, y, 10.5, 9.0, "DUR", "", key="durability")
    items.append(heart(x + 3.4, y + 5.6, 3.6, key="durability"))
    items.append(Text(x + 7.2, y + 5.6, str(record.durability), Font(2.9, bold=True), INK,
                      key="durability"))
    x += 12.0
    # Max Energy: the white value undamaged, the red one damaged (or loaded).
    items += value_box(x, y, 10.5, 9.0, "MAX", str(record.max_energy.undamaged),
                       key="max_energy.undamaged")
    items += value_box(x + 10.5, y, 10.5, 9.0, "MAX", str(record.max_energy.damaged),
                       key="max_energy.damaged", fill=RED, color="#ffffff",
                       label_color="#ffffff")
    return items


def _combat_ruler(record: Dashboard, top: float, step: float, bottom: float) -> list[Item]:
    """Grey boxes for guns, orange for gunners, each at its distance from the red arrow."""
    items: list[Item] = []
    lanes = [("GUNS", GUNS, record.guns, "guns")]
    if record.gunners is not None:
        lanes.append(("GUNNERS", GUNNERS, record.gunners.ruler, "gunners.ruler"))
    for lane, (label, fill, boxes, path) in enumerate(lanes):
        y = top + lane * 6.0
        items.append(Text(1.2, y + 3.0, label, CAPTION, MUTED, anchor="w"))
        if not boxes:
            items.append(Text(RULER_X + 2, y + 3.0, "unarmed", Font(1.8, italic=True), MUTED,
                              anchor="w", key=path))
        for i, box in enumerate(boxes):
            x = RULER_X + (box.distance - 1) * step
            items += threshold_box(x, y, step, 6.0, fill, box.hit, getattr(box, "kill", None),
                                   hit_key=f"{path}[{i}].hit", kill_key=f"{path}[{i}].kill")
    steps = max([b.distance for _, _, boxes, _ in lanes for b in boxes] + [1])
    items += step_ticks(RULER_X, bottom, step, steps, down=False)
    items.append(start_arrow(RULER_X, bottom, down=False))
    return items


def _ordnance(record: Dashboard) -> tuple[list[Item], float]:
    """The plates for rockets, bombs and torpedoes, left to right."""
    items: list[Item] = []
    x = 0.0
    for name, label, fill, ink in (("aa_rockets", "AA", DARK_PLATE, "#ffffff"),
                                   ("ag_rockets", "AG", LIGHT_PLATE, INK)):
        plate = getattr(record, name)
        if plate is None:
            continue
        path = key(name, "bonus")
        items += [Rect(x, 0, 9.5, 15.0, radius=1.0, style=Style(INK, fill=fill, width=0.25),
                       key=path),
                  Text(x + 4.75, 2.4, label, Font(1.8, bold=True), ink, key=path),
                  *icons.rocket(x + 4.75, 7.0, 4.5, ink, key=path),
                  Text(x + 4.75, 12.3, f"+{plate.bonus}", Font(2.4, bold=True), ink, key=path)]
        x += 11.0
    if record.bombs is not None:
        b = record.bombs
        dot = ALTITUDE_DOT.get(b.altitude)
        items += [Rect(x, 0, 9.5, 15.0, radius=1.0, style=Style(INK, fill="#ffffff", width=0.25),
                       key="bombs.hit"),
                  *icons.bomb(x + 4.75, 5.0, 5.5, key="bombs.hit")]
        if dot:
            items.append(Ellipse(x + 4.75, 9.0, 1.0, 1.0, style=Style(INK, fill=dot, width=0.2),
                                 key="bombs.altitude"))
        items.append(Text(x + 4.75, 12.3, str(b.hit), Font(2.6, bold=True), INK, key="bombs.hit"))
        x += 11.0
        if b.dive_hit is not None:
            items += [Rect(x, 0, 9.5, 15.0, radius=1.0,
                           style=Style(INK, fill="#ffffff", width=0.25), key="bombs.dive_hit"),
                      *icons.bomb(x + 4.75, 5.0, 5.5, key="bombs.dive_hit", dive=True),
                      Text(x + 4.75, 12.3, str(b.dive_hit), Font(2.6, bold=True), INK,
                           key="bombs.dive_hit")]
            x += 11.0
    if record.torpedoes is not None:
        t = record.torpedoes
        items += [Rect(x, 0, 11.5, 15.0, radius=1.0, style=Style(INK, fill="#ffffff", width=0.25),
                       key="torpedoes.hit"),
                  *icons.torpedo(x + 5.75, 5.0, 7.0, key="torpedoes.hit"),
                  Text(x + 5.75, 12.3, str(t.hit), Font(2.6, bold=True), INK, key="torpedoes.hit")]
        if t.count > 1:
            items.append(Text(x + 10.8, 2.0, f"×{t.count}", Font(1.7, bold=True), INK,
                              anchor="ne", key="torpedoes.count"))
        x += 13.5
    return items, x


MARK_AT = {"nose": (0.0, -0.5), "tail": (0.0, 0.5), "dorsal": (0.0, 0.05),
           "ventral": (0.0, 0.2), "left": (-0.5, 0.0), "right": (0.5, 0.0)}


def _gunner_diagram(record: Dashboard, ctx: Any) -> tuple[list[Item], float]:
    """The plane from above with each gunner's fire template at its mark, and its code."""
    if record.gunners is None:
        return [], 0.0
    size = GUNNER_BOX[0]
    cx, cy = size / 2, size / 2
    templates = {p.template: ctx.get("paw.fire_template", p.template) if ctx is not None else None
                 for p in record.gunners.positions}
    reach = max([t.radius_mm for t in templates.values() if t is not None] + [1.0])
    scale = (size / 2 - 4.5) / reach
    items: list[Item] = [Rect(0, 0, size, GUNNER_BOX[1], radius=1.0,
                              style=Style(INK, fill="#ffffff", width=0.25))]
    labels: list[str] = []
    for i, pos in enumerate(record.gunners.positions):
        path = key("gunners", "positions", i)
        template = templates[pos.template]
        mx, my = MARK_AT[pos.mark]
        ox, oy = cx + mx * 8.0, cy + my * 8.0
        if template is not None:
            # The template's frame faces +x; the plane's nose is up, so forward is 90 degrees.
            items.append(Group(tuple(fire_sector(template, GUNNERS, opacity=0.45, key=path)),
                               dx=ox, dy=oy, rotate=-(90.0 + pos.facing_deg), scale=scale,
                               key=path))
        labels.append(template.code if template is not None else pos.template.upper())
    items.append(Group((plane_silhouette(8.0, fill=INK),), dx=cx, dy=cy))
    for i, pos in enumerate(record.gunners.positions):
        mx, my = MARK_AT[pos.mark]
        items.append(Ellipse(cx + mx * 8.0, cy + my * 8.0, 0.55, 0.55,
                             style=Style("#ffffff", fill=GUNNERS, width=0.15),
                             key=key("gunners", "positions", i, "mark")))
    codes = "  ".join(labels)
    items.append(Text(size / 2, size + 1.6, codes, Font(1.5, bold=True), INK,
                      key="gunners.positions"))
    return items, size
