"""The Air Force data card: four semicircular control screens and the target characteristics.

Each screen is drawn as the rulebook describes the printed one: concentric bands
are the altitude levels (lowest inside, the ceiling outermost, the band's top
written at its end), radial columns are read outwards to the numbers on the
outer bands, and the colours are the speed increments' (purple stall, green
maneuver, yellow level, red dive). Every cell is keyed to the band field it
shows, so clicking a colour selects the number that made it.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from engine.drawing.shapes import Drawing, Font, Group, Item, Line, Polygon, Rect, Style, Text
from engine.drawing.kit import INK, MUTED, Cell, key, paragraph, sample_tag, table, value_box

from ..kinds.vocabulary import HIT_ORDER, INCREMENTS, MANEUVERS
from ..kinds.planes import AltitudeBand, ClockDiagram, DataCard

COLOURS = {"stall": "#8e5bb5", "maneuver": "#5aa55a", "level": "#f0cf3a", "dive": "#d9483b"}
HATCH = "#4a4a4a"
CODES = {"bank": "B", "turn": "R", "slip": "S", "half_loop": "V", "half_roll": "H"}
SCREEN_W, SCREEN_H = 104.0, 62.0
R_IN, R_BANDS, RING = 9.0, 34.0, 4.0


def _sector(cx: float, cy: float, r0: float, r1: float, a0: float, a1: float) -> tuple:
    """Outline of a ring sector between radii r0 and r1, angles a0 to a1 (counter-clockwise
    from +x on the page, where y grows down)."""
    steps = max(2, int(abs(a1 - a0) / 4) + 1)
    arc = [math.radians(a0 + (a1 - a0) * i / steps) for i in range(steps + 1)]
    outer = [(cx + r1 * math.cos(a), cy - r1 * math.sin(a)) for a in arc]
    inner = [(cx + r0 * math.cos(a), cy - r0 * math.sin(a)) for a in reversed(arc)]
    return tuple(outer + inner)


def _at(cx: float, cy: float, r: float, a: float) -> tuple[float, float]:
    return (cx + r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a)))


CellFn = Callable[[int, AltitudeBand, int], tuple[str | None, str, str]]


def screen(title: str, bands: list[AltitudeBand], columns: int, cell: CellFn,
           rings: list[tuple[str | None, list[str], str]], *, hatched: Callable[[int, int], bool]
           = lambda b, c: False) -> list[Item]:
    """One control screen, its flat side down: `cell(band_index, band, column)` gives the
    fill, text and key of a cell; `rings` are the outer bands, innermost first, as
    (fill, label per column, key)."""
    cx, cy = SCREEN_W / 2, SCREEN_H - 6.0
    width = (R_BANDS - R_IN) / max(len(bands), 1)
    span = 180.0 / max(columns, 1)
    items: list[Item] = [Text(2, 2, title, Font(2.0, bold=True), INK, anchor="nw")]
    for b, band in enumerate(bands):
        r0, r1 = R_IN + b * width, R_IN + (b + 1) * width
        for c in range(columns):
            a1, a0 = 180.0 - c * span, 180.0 - (c + 1) * span
            fill, text, k = cell(b, band, c)
            items.append(Polygon(_sector(cx, cy, r0, r1, a0, a1),
                                 style=Style("#9a9a9a", fill=fill or "#ffffff", width=0.12), key=k))
            if hatched(b, c):
                x0, y0 = _at(cx, cy, r0 + 0.3, a0 + span * 0.2)
                x1, y1 = _at(cx, cy, r1 - 0.3, a1 - span * 0.2)
                items.append(Line(x0, y0, x1, y1, Style(HATCH, width=0.35), key=k))
            if text:
                tx, ty = _at(cx, cy, (r0 + r1) / 2, (a0 + a1) / 2)
                items.append(Text(tx, ty, text, Font(min(width * 0.42, 1.5), bold=True), INK,
                                  key=k))
        # The band's top, written at its end below the flat baseline, reading upwards.
        items.append(Text(cx - (r0 + r1) / 2, cy + 0.8, f"{band.top_ft / 1000:.1f}",
                          Font(min(1.1, width * 0.5)), MUTED, anchor="e", rotate=-90,
                          key=key("bands", b, "top_ft")))
    for n, (fill, labels, k) in enumerate(rings):
        r0, r1 = R_BANDS + n * RING, R_BANDS + (n + 1) * RING
        for c in range(columns):
            a1, a0 = 180.0 - c * span, 180.0 - (c + 1) * span
            items.append(Polygon(_sector(cx, cy, r0, r1, a0, a1),
                                 style=Style("#9a9a9a", fill=fill or "#f4f1e8", width=0.12), key=k))
            if labels[c]:
                tx, ty = _at(cx, cy, (r0 + r1) / 2, (a0 + a1) / 2)
                items.append(Text(tx, ty, labels[c], Font(min(1.35, span * 0.26), bold=True),
                                  "#ffffff" if fill in (COLOURS["dive"], COLOURS["stall"]) else INK,
                                  key=k))
    items.append(Line(cx - R_BANDS - len(rings) * RING, cy, cx + R_BANDS + len(rings) * RING, cy,
                      Style(INK, width=0.3)))
    return items


def _speeds_screen(card: DataCard) -> list[Item]:
    """1. Speed Increments: each speed (column) coloured by its increment at each altitude."""
    top = max(b.speeds.dive for b in card.bands)

    def cell(b: int, band: AltitudeBand, speed: int):
        name = band.speeds.increment(speed)
        return (COLOURS[name] if name else None, "", key("bands", b, "speeds", name or "dive"))

    return screen("1 SPEED INCREMENTS", card.bands, top + 1, cell,
                  [(None, [str(s) for s in range(top + 1)], "")])


def _mr_columns(card: DataCard) -> list[tuple[int | None, ...]]:
    found = set()
    for band in card.bands:
        for m in MANEUVERS:
            req = getattr(band.mr, m)
            if req is not None:
                found.add((req.maneuver, req.level, req.dive))
    return sorted(found, key=lambda t: tuple(99 if v is None else v for v in t))


def _mr_screen(card: DataCard) -> list[Item]:
    """2. Maneuverability Requirements: maneuver codes in the column whose outer coloured
    bands give their requirement at Maneuver, Level and Dive speed."""
    columns = _mr_columns(card)

    def cell(b: int, band: AltitudeBand, c: int):
        here = [m for m in MANEUVERS if getattr(band.mr, m) is not None
                and (getattr(band.mr, m).maneuver, getattr(band.mr, m).level,
                     getattr(band.mr, m).dive) == columns[c]]
        return (None, "".join(CODES[m] for m in here),
                key("bands", b, "mr", here[0]) if here else key("bands", b, "mr"))

    rings = [(COLOURS[inc], ["–" if t[i] is None else str(t[i]) for t in columns], "")
             for i, inc in enumerate(INCREMENTS[1:])]
    return screen("2 MANEUVERABILITY REQUIREMENTS", card.bands, len(columns), cell, rings)


def _change_screen(card: DataCard) -> list[Item]:
    """3. Speed Change: P and B in every column up to the factors available at each altitude."""
    top = max(max(b.power, b.brake) for b in card.bands)

    def cell(b: int, band: AltitudeBand, c: int):
        n = c + 1
        text = ("P" if n <= band.power else "") + ("B" if n <= band.brake else "")
        path = "power" if n <= band.power else "brake"
        return (None, text, key("bands", b, path))

    return screen("3 SPEED CHANGE", card.bands, top, cell,
                  [(None, [str(n) for n in range(1, top + 1)], "")])


def _altitude_columns(card: DataCard) -> list[int]:
    """Altitude changes in feet, dives negative, as radial columns from left to right."""
    dive = max(b.dive_ft for b in card.bands)
    climbs = [c.per_turn for b in card.bands for c in (b.climb.maneuver, b.climb.level, b.climb.dive)
              if c is not None]
    climb = max(climbs, default=0)
    return ([-ft for ft in range(int(dive), 0, -100)]
            + [ft for ft in range(100, int(math.ceil(climb / 100)) * 100 + 1, 100)])


def _altitude_screen(card: DataCard) -> list[Item]:
    """4. Altitude Change: the climb areas by increment, the hatched dive area, and the speed
    lost climbing or gained diving on the outer bands."""
    columns = _altitude_columns(card)

    def climb_colour(band: AltitudeBand, ft: int) -> tuple[str | None, str]:
        for name in ("maneuver", "level", "dive"):
            climb = getattr(band.climb, name)
            if climb is not None and climb.per_turn >= ft:
                return COLOURS[name], name
        return None, "maneuver"

    def cell(b: int, band: AltitudeBand, c: int):
        ft = columns[c]
        if ft < 0:
            return (None, "", key("bands", b, "dive_ft"))
        fill, name = climb_colour(band, ft)
        return (fill, "", key("bands", b, "climb", name))

    def hatched(b: int, c: int) -> bool:
        return columns[c] < 0 and -columns[c] <= card.bands[b].dive_ft

    loss = [f"-{card.climb_speed_loss(ft)}" if ft > 0 and card.climb_speed_loss(ft) is not None
            else "" for ft in columns]
    gain = [f"+{card.dive_speed_gain(-ft)}" if ft < 0 and card.dive_speed_gain(-ft) is not None
            else "" for ft in columns]
    amounts = [("+" if ft > 0 else "-") + f"{abs(ft) / 1000:.1f}".removeprefix("0")
               for ft in columns]
    return screen("4 ALTITUDE CHANGE", card.bands, len(columns), cell,
                  [(None, amounts, ""), (None, gain, "dive_speed"), (None, loss, "climb_speed")],
                  hatched=hatched)


def clock(diagram: ClockDiagram, path: str, r: float = 9.0) -> list[Item]:
    """A clock reference diagram: six arcs around, high / medium / low from the rim inwards."""
    items: list[Item] = []
    levels = ("low", "medium", "high")
    for i, level in enumerate(levels):
        r0, r1 = r * (0.25 + 0.25 * i), r * (0.5 + 0.25 * i)
        for n, arc in enumerate((12, 2, 4, 6, 8, 10)):
            centre = 90.0 - 60.0 * n
            index = next((k for k, c in enumerate(diagram.cells)
                          if c.arc == arc and c.level == level), None)
            k = key(path, "cells", index) if index is not None else path
            items.append(Polygon(_sector(0, 0, r0, r1, centre - 30, centre + 30),
                                 style=Style("#9a9a9a", fill="#ffffff", width=0.12), key=k))
            value = diagram.value(arc, level)
            if value:
                tx, ty = _at(0, 0, (r0 + r1) / 2, centre)
                items.append(Text(tx, ty, str(value), Font(1.1, bold=True), INK, key=k))
    for n, arc in enumerate((12, 2, 4, 6, 8, 10)):
        tx, ty = _at(0, 0, r + 1.6, 90.0 - 60.0 * n)
        items.append(Text(tx, ty, str(arc), Font(1.2), MUTED))
    return items


def _target_box(card: DataCard, x: float, y: float, w: float) -> tuple[list[Item], float]:
    """5. Target Characteristics: the Damage Record letters with their hits, the G line with
    Gun Factors, type and range, and the modifiers."""
    d = card.damage
    hits = {"W": [str(d.wings)], "F": [str(d.fuselage)], "C": [str(n) for n in d.cockpits],
            "E": [str(n) for n in d.engines], "L": [str(d.fuel)]}
    paths = {"W": "damage.wings", "F": "damage.fuselage", "C": "damage.cockpits",
             "E": "damage.engines", "L": "damage.fuel"}
    items: list[Item] = [Text(x, y, "5 TARGET CHARACTERISTICS", Font(2.0, bold=True), INK,
                              anchor="nw")]
    y += 5.0
    for letter in HIT_ORDER[:-1]:
        miss = letter in d.misses
        items.append(Text(x, y, letter, Font(2.4, bold=True), MUTED if miss else INK, anchor="nw",
                          key="damage.misses" if miss else paths[letter]))
        items.append(Text(x + 6, y, "  ".join(hits[letter]) or "–", Font(2.4), INK, anchor="nw",
                          key=paths[letter]))
        y += 3.8
    items.append(Text(x, y, "G", Font(2.4, bold=True), INK, anchor="nw", key="guns"))
    gx = x + 6
    for i, gun in enumerate(card.guns):
        text = f"{gun.factors}{gun.type}"
        items.append(Text(gx, y, text, Font(2.2, bold=True), INK, anchor="nw",
                          key=key("guns", i, "factors")))
        rng = f"({gun.range})" if not gun.surface_only else f"(({gun.range}))"
        items.append(Text(gx, y + 3.2, f"{gun.position}{rng}", Font(1.4), MUTED, anchor="nw",
                          key=key("guns", i, "range")))
        gx += 8.5
    if not card.guns:
        items.append(Text(gx, y, "flexible only: see gunnery" if card.gunnery else "none",
                          Font(1.8, italic=True), MUTED, anchor="nw", key="guns"))
    y += 8.0
    boxes = [("VP", str(card.victory_points), "victory_points"),
             ("SILHOUETTE", f"{card.silhouette:+d}", "silhouette"),
             ("FIRE", f"{card.fire_modifier:+d}", "fire_modifier"),
             ("ENGINE", card.engine_type or "–", "engine_type")]
    for i, (label, value, path) in enumerate(boxes):
        items += value_box(x + i * (w / 4), y, w / 4 - 1.2, 8.0, label, value, key=path)
    y += 10.0
    extras = []
    if card.ammo is not None:
        bursts = [f"{n} {name}" for n, name in ((card.ammo.cannon, "Cn"), (card.ammo.mg, "Mg"))
                  if n is not None]
        extras.append(([f"Ammo: {', '.join(bursts) or 'none'}"], "ammo"))
    if card.ordnance is not None and (card.ordnance.bombs or card.ordnance.rockets):
        o = card.ordnance
        parts = [f"{o.bombs} bombs ({o.bomb_lb} lb)"] if o.bombs else []
        parts += [f"{r.count} {r.type} rockets" for r in o.rockets]
        extras.append(([", ".join(parts) + (", dive bomber" if o.dive_bomber else "")],
                       "ordnance"))
    if card.load is not None:
        lm = card.load
        extras.append(([f"Loaded: speed {lm.speed:+d}, climb {lm.climb_ft:+d} ft, dive "
                        f"{lm.dive_ft:+d} ft" + (f", no {', '.join(lm.prohibited)}"
                                                  if lm.prohibited else "")], "load"))
    if card.radar:
        extras.append((["Radar"], "radar"))
    for lines, path in extras:
        for line in lines:
            part, used = paragraph(x, y, line, Font(1.6), w, key=path)
            items += part
            y += used + 0.4
    return items, y


def data_card(record: DataCard, ctx: Any) -> Drawing:
    """The card: the four screens two by two, the target characteristics beside them."""
    screens = [_speeds_screen(record), _mr_screen(record), _change_screen(record),
               _altitude_screen(record)]
    items: list[Item] = []
    for i, parts in enumerate(screens):
        items.append(Group(tuple(parts), dx=4 + (i % 2) * (SCREEN_W + 2), dy=12 + (i // 2) * (SCREEN_H + 2)))
    x = 8 + 2 * (SCREEN_W + 2)
    width = x + 62
    box, y = _target_box(record, x, 12, 58)
    items += box
    for path, diagram, title in (("gunnery", record.gunnery, "GUNNERY"),
                                 ("blind_spots", record.blind_spots, "BLIND SPOTS")):
        if diagram is not None:
            items.append(Text(x, y + 2, title, Font(1.6, bold=True), MUTED, anchor="nw", key=path))
            items.append(Group(tuple(clock(diagram, path)), dx=x + 30, dy=y + 16))
            y += 30
    rows = [[Cell(s.name, key("series", i, "name")),
             Cell(" ".join(f"{g.factors}{g.type}" for g in s.guns) if s.guns else "as above",
                  key("series", i, "guns"))] for i, s in enumerate(record.series)]
    if rows:
        part, used = table(x, y + 2, (24, 34), rows, header=("SERIES", "G"), font=Font(1.6),
                           row_h=3.6)
        items += part
        y += used + 4
    height = max(12 + 2 * (SCREEN_H + 2) + 2, y + 4)
    legend = [(COLOURS[n], n.title()) for n in INCREMENTS]
    lx = 4.0
    for fill, name in legend:
        items += [Rect(lx, height - 5.5, 3, 3, style=Style(INK, fill=fill, width=0.15)),
                  Text(lx + 4, height - 4, name, Font(1.5), INK, anchor="w")]
        lx += 18
    items += [Line(lx, height - 4, lx + 3, height - 4.0, Style(HATCH, width=0.4)),
              Text(lx + 4, height - 4, "Dive limit", Font(1.5), INK, anchor="w"),
              Text(lx + 26, height - 4, "R turn / S slip / B bank / V half-loop / H half-roll",
                   Font(1.5), MUTED, anchor="w")]
    header = [Rect(0, 0, width, 9, style=Style(None, fill=INK)),
              Text(4, 4.5, record.name, Font(3.6, bold=True), "#ffffff", anchor="w", key="name"),
              Text(width - 4, 4.5, f"{record.nationality.title()} · {record.role.replace('_', ' ')}",
                   Font(2.0), "#ffffff", anchor="e", key="role"),
              *sample_tag(record, width - 3, height - 2, anchor="se")]
    frame = Rect(0, 0, width, height, radius=1.5, style=Style(INK, fill="#fbfaf6", width=0.4))
    border = Rect(0, 0, width, height, radius=1.5, style=Style(INK, width=0.4))
    return Drawing(width, height, (frame, *header, *items, border), title=record.name)


PREVIEWS = {"af.data_card": data_card}
