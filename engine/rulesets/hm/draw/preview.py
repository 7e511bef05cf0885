"""Hex-mat miniatures stat cards, turret arcs and the shooting table.

The rulebook prints its planes as table rows; a stat card lays one row out for
the table beside the mat, with what the ratings mean drawn next to them: a
fighter's line of fire with the roll to hit at each range, a bomber's turret
arcs with the dice each sector gets, the bomb roll on a die's faces. A cell the
print left blank stays blank, marked so.
"""

from __future__ import annotations

import math
from typing import Any

from engine.content.dice import parse_roll
from engine.drawing.shapes import Arc, Drawing, Font, Group, Item, Polygon, Rect, Style, Text
from engine.drawing.kit import INK, MUTED, SAMPLE, Cell, fit, key, plane_silhouette, sample_tag, table, value_box

from ..kinds.planes import Bomber, Fighter, Plane
from ..kinds.tables import ShootingTable
from ..kinds.turrets import Turret

FACTIONS = {"allies": "#3f5f8a", "axis": "#5f6b52"}
FIRE = "#f08a24"
CARD_W, CARD_H = 100.0, 64.0


def shooting_table_of(ctx: Any) -> ShootingTable | None:
    """The shooting table the pack's core rules name, else the first one."""
    if ctx is None:
        return None
    for rules in ctx.records("hm.rules"):
        found = ctx.get("hm.shooting_table", rules.shooting)
        if found is not None:
            return found
    tables = ctx.records("hm.shooting_table")
    return tables[0] if tables else None


def hexagon(cx: float, cy: float, across: float, **kw) -> Polygon:
    """A flat-topped hex `across` millimetres between opposite sides."""
    r = across / math.sqrt(3)
    return Polygon(tuple((cx + r * math.cos(math.radians(60 * i)),
                          cy + r * math.sin(math.radians(60 * i))) for i in range(6)), **kw)


def _rating(x: float, y: float, label: str, value: Any, path: str, w: float = 12.0) -> list[Item]:
    """A rating box; a blank printed cell shows as such, in red."""
    if value is None:
        return value_box(x, y, w, 10.0, label, "blank", key=path, color=SAMPLE)
    shown = "—" if value == "-" else str(value)
    return value_box(x, y, w, 10.0, label, shown, key=path)


def _header(record: Plane, subtitle: str) -> list[Item]:
    fill = FACTIONS.get(record.faction, INK)
    return [Rect(0, 0, CARD_W, 11.0, radius=2.0, style=Style(None, fill=fill), key="faction"),
            Rect(0, 6, CARD_W, 5.0, style=Style(None, fill=fill), key="faction"),
            Text(4, 3.0, fit(record.name, Font(3.6, bold=True), CARD_W - 36), Font(3.6, bold=True),
                 "#ffffff", anchor="nw", key="name"),
            Text(CARD_W - 4, 3.4, subtitle, Font(2.0, bold=True), "#ffffff", anchor="ne",
                 key="faction")]


def _frame(items: list[Item], record: Plane) -> Drawing:
    frame = Rect(0, 0, CARD_W, CARD_H, radius=2.0, style=Style(INK, fill="#f7f4ec", width=0.4))
    border = Rect(0, 0, CARD_W, CARD_H, radius=2.0, style=Style(INK, width=0.4))
    tag = sample_tag(record, CARD_W - 3, CARD_H - 2.5, anchor="se")
    return Drawing(CARD_W, CARD_H, (frame, *items, *tag, border), title=record.name)


def _line_of_fire(x: float, top: float, height: float, ahead: int, behind: int,
                  table_: ShootingTable | None) -> list[Item]:
    """The plane's hex, the hexes straight ahead (and behind) it can shoot, roll to hit each."""
    hex_mm = min(6.2, height / (ahead + behind + 1))
    y = top + (ahead + 0.5) * hex_mm
    items: list[Item] = []
    for n in range(-behind, ahead + 1):
        cy = y - n * hex_mm
        fill = "#ffffff" if n == 0 else FIRE
        items.append(hexagon(x, cy, hex_mm, style=Style(INK, fill=fill, width=0.2,
                                                            opacity=1.0 if n == 0 else 0.55)))
        if n:
            span = table_.hit_span(abs(n)) if table_ is not None else None
            items.append(Text(x + hex_mm * 0.75, cy, f"{abs(n)}: {span.text() if span else '–'}",
                              Font(1.6), INK, anchor="w"))
    items.append(Group((plane_silhouette(hex_mm * 0.7, fill=INK),), dx=x, dy=y))
    return items


def fighter(record: Fighter, ctx: Any) -> Drawing:
    """Crew, guns front/tail, speed, turn, Immelman and damage; the lines of fire."""
    items = _header(record, f"{record.faction.upper()} FIGHTER")
    crew = None if record.crew is None else (f"{record.crew}+{record.gunners}" if record.gunners
                                             else str(record.crew))
    guns = None if record.guns_front is None else (
        f"{record.guns_front}/{record.guns_tail}" if record.guns_tail else str(record.guns_front))
    boxes = [("CREW", crew, "crew"), ("GUNS", guns, "guns_front"), ("SPEED", record.speed, "speed"),
             ("TURN", record.turn, "turn"), ("IMMELMAN", record.immelman, "immelman"),
             ("DAMAGE", record.damage, "damage")]
    for i, (label, value, path) in enumerate(boxes):
        items += _rating(4 + (i % 3) * 14.0, 15 + (i // 3) * 12.5, label, value, path)
    items.append(Group((plane_silhouette(14.0, fill=FACTIONS.get(record.faction, INK)),),
                       dx=23, dy=50))
    table_ = shooting_table_of(ctx)
    ranges = table_.ranges if table_ is not None else None
    ahead = ranges.front if ranges else 0
    behind = (ranges.tail if ranges else 0) if record.guns_tail else 0
    items.append(Text(50, 14.5, "LINE OF FIRE · range: d6 to hit", Font(1.6, bold=True), MUTED,
                      anchor="nw"))
    items += _line_of_fire(60, 19.0, CARD_H - 23.0, ahead, behind, table_)
    lines = [(f"ahead: {record.guns_front if record.guns_front is not None else '?'} dice",
              "guns_front")]
    if record.guns_tail:
        lines.append((f"behind: {record.guns_tail} dice", "guns_tail"))
    if record.gunners:
        lines.append((f"{record.gunners} rear gunner" + ("s" if record.gunners > 1 else ""),
                      "gunners"))
    for i, (text, path) in enumerate(lines):
        items.append(Text(78, 22 + i * 3.6, text, Font(1.7), INK, anchor="nw", key=path))
    return _frame(items, record)


def _sectors(turrets: list[tuple[int, Any, Turret | None]]) -> dict[int, int]:
    """Dice in each of the six sectors, summed over the turrets that cover it."""
    dice = {d: 0 for d in range(6)}
    for _, guns, turret in turrets:
        if turret is not None:
            for d in turret.directions:
                dice[d] += guns.dice
    return dice


def turret_arcs(x: float, y: float, radius: float, dice: dict[int, int], keys: dict[int, str],
                heavy: bool = False, engines: int = 2) -> list[Item]:
    """Six 60-degree sectors around the bomber, shaded by the dice that fire into each."""
    top = max(dice.values()) or 1
    items: list[Item] = []
    for d in range(6):
        # Direction 0 is ahead (up the page), then clockwise; Arc angles run counter-clockwise.
        centre = 90.0 - 60.0 * d
        style = (Style(INK, fill=FIRE, width=0.2, opacity=0.25 + 0.75 * dice[d] / top)
                 if dice[d] else Style(INK, fill="#ffffff", width=0.2))
        items.append(Arc(x, y, radius, centre - 30, 60, pie=True, style=style,
                         key=keys.get(d, "")))
        a = math.radians(centre)
        items.append(Text(x + radius * 0.72 * math.cos(a), y - radius * 0.72 * math.sin(a),
                          str(dice[d]) if dice[d] else "–", Font(2.0, bold=True), INK,
                          key=keys.get(d, "")))
    items.append(Group((plane_silhouette(radius * 0.55 * (1.3 if heavy else 1.0), fill=INK,
                                         engines=engines),), dx=x, dy=y))
    return items


def bomber(record: Bomber, ctx: Any) -> Drawing:
    """Crew, class, speed, turn, damage, bomb; turret guns and arcs; the bomb roll on a d6."""
    subtitle = f"{record.faction.upper()} {(record.bomber_class or 'BOMBER').upper()}"
    if record.bomber_class and record.bomber_class != "fighter-bomber":
        subtitle += " BOMBER"
    items = _header(record, subtitle)
    boxes = [("CREW", record.crew, "crew"), ("SPEED", record.speed, "speed"),
             ("TURN", record.turn, "turn"), ("DAMAGE", record.damage, "damage")]
    for i, (label, value, path) in enumerate(boxes):
        items += _rating(4 + (i % 2) * 14.0, 15 + (i // 2) * 12.5, label, value, path)
    items += _bomb(34, 15, record)
    turrets = [(i, guns, ctx.get("hm.turret", guns.position) if ctx is not None else None)
               for i, guns in enumerate(record.turrets)]
    rows = [[Cell(t.name if t else guns.position, key("turrets", i, "position")),
             Cell(f"{guns.dice}{guns.mark or ''}", key("turrets", i, "dice"), bold=True,
                  align="c")] for i, guns, t in turrets]
    if rows:
        part, _ = table(4, 39, (26, 10), rows, header=("TURRET", "DICE"), font=Font(1.7),
                        row_h=3.6)
        items += part
    else:
        items.append(Text(4, 39, "no turret guns printed", Font(1.7, italic=True), MUTED,
                          anchor="nw", key="turrets"))
    dice = _sectors(turrets)
    covering = {d: next((key("turrets", i) for i, _, t in turrets if t and d in t.directions), "")
                for d in range(6)}
    items.append(Text(58, 15, "TURRET ARCS (dice per sector)", Font(1.6, bold=True), MUTED,
                      anchor="nw"))
    engines = record.engines.count if record.engines is not None else 2
    items += turret_arcs(77, 38, 17.0, dice, covering, heavy=record.heavy, engines=engines)
    if record.engines is not None:
        note = f"{record.engines.count} engines" + (" (sample)" if record.engines.sample else "")
        items.append(Text(58, CARD_H - 5, note, Font(1.6), MUTED, anchor="sw",
                          key="engines.count"))
    return _frame(items, record)


def _bomb(x: float, y: float, record: Bomber) -> list[Item]:
    """The Bomb rating on the faces of a d6: the faces that destroy the target filled."""
    items: list[Item] = [Text(x, y, "BOMB", Font(1.5, bold=True), MUTED, anchor="nw",
                              key="bomb")]
    if record.bomb is None:
        items.append(Text(x, y + 5, "blank", Font(2.4, bold=True), SAMPLE, anchor="nw",
                          key="bomb"))
        return items
    try:
        span = parse_roll(record.bomb, "d6")
    except ValueError:
        span = None
    for face in range(1, 7):
        hit = span is not None and span.low <= face <= span.high
        fx = x + (face - 1) * 3.6
        items += [Rect(fx, y + 3.5, 3.1, 3.1, radius=0.5,
                       style=Style(INK, fill=FIRE if hit else "#ffffff", width=0.2), key="bomb"),
                  Text(fx + 1.55, y + 5.05, str(face), Font(1.4, bold=hit), INK, key="bomb")]
    items.append(Text(x, y + 8.5, f"destroys a target on {record.bomb}", Font(1.5), INK,
                      anchor="nw", key="bomb"))
    return items


def turret(record: Turret, ctx: Any) -> Drawing:
    """The sectors a turret fires into, around a bomber seen from above, nose up."""
    keys = {d: key("directions", i) for i, d in enumerate(record.directions)}
    dice = {d: 1 if d in record.directions else 0 for d in range(6)}
    items = turret_arcs(30, 32, 22.0, dice, keys)
    items = [i for i in items if not (isinstance(i, Text) and i.text in ("1", "–"))]
    items += [Text(4, 4, record.name, Font(3.0, bold=True), INK, anchor="nw", key="name"),
              Text(56, 4, f"column {record.column}", Font(1.8), MUTED, anchor="ne",
                   key="column"),
              Text(4, 58, f"range and bearing from the {record.fires_from} hex"
                   if record.fires_from != "either" else "range and bearing from either hex",
                   Font(1.7), MUTED, anchor="nw", key="fires_from")]
    items += sample_tag(record, 56, 8.5)
    return Drawing(60, 64, tuple(items), title=record.name)


def shooting_table(record: ShootingTable, ctx: Any) -> Drawing:
    """Range against the roll each gun die needs, as printed, with the weapons' reach."""
    rows = [[Cell(str(r.range), key("rows", i, "range"), bold=True, align="c"),
             Cell(str(r.hit), key("rows", i, "hit"), align="c")]
            for i, r in enumerate(record.rows)]
    part, used = table(4, 11, (26, 26), rows, header=("RANGE (HEXES)", f"TO HIT ({record.die})"),
                       font=Font(2.2), row_h=5.2)
    ranges = record.ranges
    items: list[Item] = [Text(4, 4, record.name, Font(3.2, bold=True), INK, anchor="nw",
                              key="name"), *part]
    y = 11 + used + 3
    for name, label in (("front", "forward guns"), ("tail", "tail guns"), ("turret", "turrets")):
        items.append(Text(4, y, f"{label}: {getattr(ranges, name)} hexes", Font(1.9), INK,
                          anchor="nw", key=f"ranges.{name}"))
        y += 3.6
    if record.planes_block:
        items.append(Text(4, y, "planes block the line of fire", Font(1.9, italic=True), MUTED,
                          anchor="nw", key="planes_block"))
        y += 3.6
    items += sample_tag(record, 58, 2)
    return Drawing(60, y + 3, tuple(items), title=record.name)


PREVIEWS = {
    "hm.fighter": fighter,
    "hm.bomber": bomber,
    "hm.turret": turret,
    "hm.shooting_table": shooting_table,
}
