"""Air Wars components as printed: air and ground counters front and back, the Target
Roster sheet, the combat results tables and campaign cards.

Counters are drawn at the mini-game size (5/8 inch); the printed values read,
left to right, Air Combat Value, Bomb Value and Speed, the speed in brackets
when the unit is short ranged (6.0).
"""

from __future__ import annotations

from typing import Any

from engine.drawing.shapes import Drawing, Ellipse, Font, Group, Item, Line, Polygon, Rect, Style, Text
from engine.drawing.kit import INK, MUTED, SAMPLE, Cell, fit, key, lighter, paragraph, plane_silhouette, sample_tag, squeeze, table
from engine.drawing.sheets import Component, as_printed, centred, source

from ..kinds.cards import CampaignCard
from ..kinds.tables import AirSuperiorityCrt, BombingCrt
from ..kinds.targets import TargetRosterEntry
from ..kinds.units import AirFace, AirUnit, GroundUnit

COUNTER = 15.9  # 5/8 inch, the usual mini-game counter
PAPER = "#f7f4ec"
# Print tones for the colour names sides use; any other CSS colour is used as given.
TONES = {"red": "#b8322a", "grey": "#8a8d91", "gray": "#8a8d91", "brown": "#8a6642",
         "blue": "#3d5f8f", "green": "#5b7a45", "black": "#2b2b2b", "white": "#f2f2f2",
         "yellow": "#d9b430", "tan": "#c8b48a"}
LIGHT_TEXT = {"yellow", "white", "tan"}
RESULT = {"none": "—", "abort": "Abort", "kill": "Kill", "bombed": "Bombed"}
COLUMN_TITLES = {"fighters": "Fighters Firing", "bombers": "Bombers Defensively",
                 "aa": "AA on Aircraft", "logistic_centre": "Logistic Center", "port": "Port",
                 "ground_battle": "Ground Battle", "based_air_unit": "Based Air Unit",
                 "ground_unit": "Ground Unit"}


def side_colours(ctx: Any, side_id: str, group: str | None = None) -> tuple[str, str]:
    """(fill, ink) of a side's counters; a group may print in its own colour."""
    side = ctx.get("aw.side", side_id) if ctx is not None else None
    name = side.colour if side is not None else "grey"
    if side is not None and group:
        found = side.group(group)
        if found is not None and found.colour:
            name = found.colour
    ink = INK if name.lower() in LIGHT_TEXT else "#ffffff"
    return TONES.get(name.lower(), name), ink


def _speed(face: AirFace) -> str:
    return f"({face.speed})" if face.short_range else str(face.speed)


def air_counter(unit: AirUnit, face_name: str, ctx: Any, *, size: float = COUNTER,
                keyed: bool = True, designation: str | None = None) -> list[Item]:
    """One face of an air counter centred on (0, 0): type, plane, values left to right."""
    face: AirFace = getattr(unit, face_name)
    fill, ink = side_colours(ctx, unit.side, unit.group)

    def k(*parts) -> str:
        return key(face_name, *parts) if keyed else ""

    based = face_name == "back" and unit.back_use == "based"
    s = size
    ident = unit.identification or unit.type
    if designation:
        ident = f"{ident} {designation}"
    small = Font(s * 0.085, bold=True)
    values = Font(s * 0.14, bold=True)
    items: list[Item] = [
        Rect(-s / 2, -s / 2, s, s, radius=s * 0.06,
             style=Style(INK, fill=lighter(fill) if based else fill, width=0.25),
             key=k("mode")),
        Text(-s * 0.42, -s * 0.4, fit(ident, small, s * 0.6), small, ink, anchor="nw",
             key=("identification" if unit.identification else "type") if keyed else ""),
        Group((plane_silhouette(s * 0.34, fill=ink, engines=2 if face.mode == "bomber" else 1),),
              dy=-s * 0.09),
        Text(0, s * 0.115, fit(unit.name, Font(s * 0.07), s * 0.9), Font(s * 0.07), ink,
             anchor="n", key="name" if keyed else ""),
    ]
    for x, text, path in ((-s * 0.3, str(face.air_combat), "air_combat"),
                          (-s * 0.03, str(face.bomb), "bomb"),
                          (s * 0.26, _speed(face), "speed")):
        items.append(Text(x, s * 0.36, text, values, ink, key=k(path)))
    if face.short_range:
        items.append(Rect(s * 0.1, s * 0.26, s * 0.32, s * 0.2, style=Style(None, fill=None),
                          key=k("short_range")))
    if based:
        items.append(Text(s * 0.42, -s * 0.4, "BASED", Font(s * 0.06, bold=True), ink,
                          anchor="ne", key="back_use" if keyed else ""))
    return items


def _face_caption(unit: AirUnit, face_name: str) -> str:
    face = getattr(unit, face_name)
    if face_name == "front":
        return f"front · {face.mode}"
    return "back · based" if unit.back_use == "based" else f"back · {face.mode} mode"


def air_unit(record: AirUnit, ctx: Any) -> Drawing:
    """Front and back side by side at their printed size, captions under them."""
    faces = [name for name, _ in record.faces()]
    pitch = COUNTER + 8
    width = max(8 + pitch * len(faces), 60.0)
    items: list[Item] = []
    for i, name in enumerate(faces):
        cx = 4 + COUNTER / 2 + i * pitch
        first = record.designations[0] if record.designations else None
        items.append(Group(tuple(air_counter(record, name, ctx, designation=first)),
                           dx=cx, dy=4 + COUNTER / 2))
        items.append(Text(cx, 6 + COUNTER, _face_caption(record, name), Font(1.4), MUTED,
                          anchor="n", key=f"{name}.mode"))
    y = 10 + COUNTER
    line = f"{record.count} in the countermix"
    if record.group:
        line += f" · group {record.group}"
    items.append(Text(4, y, line, Font(1.6), INK, anchor="nw", key="count"))
    if record.designations:
        items.append(Text(4, y + 3.2, "numbered " + ", ".join(record.designations), Font(1.6),
                          MUTED, anchor="nw", key="designations"))
    items += sample_tag(record, width - 2, 1.0)
    return Drawing(width, y + 7, tuple(items), title=record.name)


def ground_counter(unit: GroundUnit, ctx: Any, *, size: float = COUNTER, back: bool = False,
                   keyed: bool = True) -> list[Item]:
    """A ground unit or installation; its back in fog of war shows only whose it is."""
    fill, ink = side_colours(ctx, unit.side)
    s = size

    def k(path: str) -> str:
        return path if keyed else ""

    items: list[Item] = [Rect(-s / 2, -s / 2, s, s, radius=s * 0.06,
                              style=Style(INK, fill=fill, width=0.25), key=k("type"))]
    if back:
        items.append(Text(0, 0, "?", Font(s * 0.4, bold=True), ink, key=k("fog_of_war_back")))
        return items
    label = {"aa": "AA", "hq": "HQ", "airbase": "AIRBASE"}[unit.type]
    items.append(Text(0, -s * 0.3, label, Font(s * 0.1, bold=True), ink, key=k("type")))
    if unit.type == "airbase":  # its runways (1.3 r out, 0.3 r wide) clear of the label and the capacity
        items += _airfield(0, 0, s * 0.15, ink)
        items.append(Text(0, s * 0.33, str(unit.capacity or "–"), Font(s * 0.16, bold=True),
                          ink, key=k("capacity")))
    elif unit.type == "aa":
        items.append(Text(0, s * 0.2, str(unit.aa), Font(s * 0.22, bold=True), ink, key=k("aa")))
    else:
        items.append(Text(0, s * 0.12, fit(unit.name, Font(s * 0.08), s * 0.9), Font(s * 0.08),
                          ink, key=k("name")))
    return items


def _airfield(x: float, y: float, r: float, color: str, key: str = "") -> list[Item]:
    """The airfield symbol: a ring crossed by two runways."""
    return [Ellipse(x, y, r, r, style=Style(color, width=r * 0.18), key=key),
            Line(x - r * 1.3, y + r * 0.5, x + r * 1.3, y - r * 0.5, Style(color, width=r * 0.3),
                 key=key),
            Line(x - r * 0.5, y - r * 1.3, x + r * 0.5, y + r * 1.3, Style(color, width=r * 0.3),
                 key=key)]


def ground_unit(record: GroundUnit, ctx: Any) -> Drawing:
    pitch = COUNTER + 8
    items: list[Item] = [
        Group(tuple(ground_counter(record, ctx)), dx=4 + COUNTER / 2, dy=4 + COUNTER / 2),
        Text(4 + COUNTER / 2, 6 + COUNTER, "front", Font(1.4), MUTED, anchor="n"),
    ]
    if record.fog_of_war_back:
        items += [Group(tuple(ground_counter(record, ctx, back=True)), dx=4 + COUNTER / 2 + pitch,
                        dy=4 + COUNTER / 2),
                  Text(4 + COUNTER / 2 + pitch, 6 + COUNTER, "back · fog of war", Font(1.4),
                       MUTED, anchor="n", key="fog_of_war_back")]
    width = 60.0
    items.append(Text(4, 10 + COUNTER, f"{record.count} in the countermix", Font(1.6), INK,
                      anchor="nw", key="count"))
    items += sample_tag(record, width - 2, 1.0)
    return Drawing(width, 17 + COUNTER, tuple(items), title=record.name)


def target_roster(record: TargetRosterEntry, ctx: Any) -> Drawing:
    """The Target Roster sheet, both sides' lines, this line marked; X boxes to tick."""
    width = 90.0
    others = ctx.records("aw.target_roster") if ctx is not None else []
    entries = [e for e in others if e.id != record.id] + [record]  # this one as edited
    # Sides in the order the scenario sets them up (the print lists the Intruder first).
    scenarios = ctx.records("aw.scenario") if ctx is not None else []
    sides = [s.side for s in scenarios[0].sides] if scenarios else []
    sides += [s.id for s in ctx.records("aw.side") if s.id not in sides] if ctx is not None else []
    sides += sorted({e.side for e in entries} - set(sides))
    items: list[Item] = [Text(4, 4, "TARGET ROSTER", Font(3.4, bold=True), INK, anchor="nw")]
    y = 11.0
    for side_id in sides:
        lines = sorted((e for e in entries if e.side == side_id), key=lambda e: (e.order, e.id))  # a tie (aw.roster_order) in one order, whichever line is open
        if not lines:
            continue
        side = ctx.get("aw.side", side_id) if ctx is not None else None
        fill, ink = side_colours(ctx, side_id)
        rows = []
        for e in lines:
            mine = e is record
            highlight = "#fff2b3" if mine else None
            rows.append([Cell(e.name, "name" if mine else "", bold=mine, fill=highlight),
                         Cell(f"+{e.vp}", "vp" if mine else "", bold=True, align="c",
                              fill=highlight),
                         Cell("", "", fill=highlight)])
        part, used = table(4, y, (width - 24, 10, 6), rows,
                           header=(f"{side.name if side else side_id} Targets", "VP", "X"),
                           header_fill=fill, font=Font(2.0))
        items += part
        for i in range(len(rows)):
            items.append(Rect(width - 8.8, y + 4.4 * (i + 1) + 1.0, 2.6, 2.4,
                              style=Style(INK, fill="#ffffff", width=0.2)))
        y += used + 5.0
    items += sample_tag(record, width - 2, 1.0)
    return Drawing(width, y, tuple(items), title="Target Roster")


def crt(record: AirSuperiorityCrt | BombingCrt, ctx: Any) -> Drawing:
    """The table as printed: the columns it has (an optional one only when it prints it)."""
    columns = [(name, COLUMN_TITLES[name]) for name in record.columns()]
    width = 24.0 + 26.0 * len(columns) + 8

    def cell(value: str | None) -> str:
        return "" if value is None else RESULT.get(value, value)

    rows = [[Cell(str(r.roll), key("rows", i, "roll"), bold=True, align="c")]
            + [Cell(cell(getattr(r, name)), key("rows", i, name),
                    align="c", bold=getattr(r, name) not in ("none", None))
               for name, _ in columns]
            for i, r in enumerate(record.rows)]
    items: list[Item] = [Text(4, 4, record.name, Font(2.8, bold=True), INK, anchor="nw",
                              key="name")]
    part, used = table(4, 10, (24.0,) + (26.0,) * len(columns), rows,
                       header=(f"Die Roll ({record.die})",) + tuple(t for _, t in columns),
                       font=Font(2.0), row_h=5.0)
    items += part
    y = 10 + used + 3
    for i, entry in enumerate(record.legend):
        text, h = paragraph(4, y, f"{entry.result}: {entry.text}", Font(1.7), width - 8,
                            key=key("legend", i, "text"))
        items += text
        y += h + 1.0
    items += sample_tag(record, width - 2, 1.0)
    return Drawing(width, y + 3, tuple(items), title=record.name)


def campaign_card(record: CampaignCard, ctx: Any) -> Drawing:
    """A playing-card sized campaign card in its side's colour: number, title, when, text."""
    w, h = 63.0, 88.0
    fill, ink = side_colours(ctx, record.side)
    title, title_font = squeeze(record.name, Font(3.0, bold=True), w - 8)
    items: list[Item] = [
        Rect(0, 0, w, h, radius=3.0, style=Style(INK, fill=PAPER, width=0.4)),
        Rect(0, 0, w, 16, radius=3.0, style=Style(None, fill=fill), key="side"),
        Rect(0, 8, w, 8, style=Style(None, fill=fill), key="side"),
        Text(4, 4, f"Card {record.number:02d}", Font(2.0, bold=True), ink, anchor="nw",
             key="number"),
        Text(4, 8.6, title[0], title_font, ink, anchor="nw", key="name"),
    ]
    when = record.phase.title() + (f" · {record.segment.replace('_', ' ')}" if record.segment else "")
    items.append(Text(4, 19, when, Font(1.9, bold=True), INK, anchor="nw", key="phase"))
    flags = [record.disposition.title()] + (["Immediate"] if record.immediate else [])
    items.append(Text(w - 4, 19, " · ".join(flags), Font(1.9), MUTED, anchor="ne",
                      key="disposition"))
    y = 25.0
    if record.text:
        part, used = paragraph(4, y, record.text, Font(2.1), w - 8, key="text")
        items += part
        y += used + 2
    for i, effect in enumerate(record.effects):
        part, used = paragraph(6, y, "• " + _effect_text(effect), Font(1.7, italic=True),
                               w - 10, color=MUTED, key=key("effects", i))
        items += part
        y += used
    if record.wild_card:
        items.append(Polygon(((w / 2, h - 13), (w / 2 + 5, h - 8), (w / 2, h - 3),
                              (w / 2 - 5, h - 8)), style=Style(INK, fill=SAMPLE, width=0.3),
                             key="wild_card"))
        items.append(Text(w / 2, h - 8, "W", Font(2.4, bold=True), "#ffffff", key="wild_card"))
    items += sample_tag(record, w - 3, h - 3, anchor="se")
    items.append(Rect(0, 0, w, h, radius=3.0, style=Style(INK, width=0.4)))
    return Drawing(w, h, tuple(items), title=record.name)


def _effect_text(effect: Any) -> str:
    """An effect in a line, from its data: 'reinforcements: picks 1 ll, later picks refits 1'."""
    data = effect.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    kind = data.pop("type", effect.type)

    def shown(value: Any) -> str:
        if isinstance(value, list):
            return " + ".join(shown(v) for v in value)
        if isinstance(value, dict):
            return " ".join(shown(v) for v in value.values())
        return str(value)

    details = ", ".join(f"{k.replace('_', ' ')} {shown(v)}" for k, v in data.items())
    return kind.replace("_", " ") + (f": {details}" if details else "")


def _counter(items: list[Item], title: str) -> Drawing:
    return centred(Drawing(COUNTER, COUNTER, tuple(items), title=title))


def air_counters(record: AirUnit, ctx: Any) -> list[Component]:
    """Every counter of the countermix, each with its own formation number, front and back."""
    numbers = record.designations or [None] * record.count
    return [Component(_counter(air_counter(record, "front", ctx, keyed=False, designation=n), record.name),
                      _counter(air_counter(record, "back", ctx, keyed=False, designation=n), record.name)
                      if record.back else None,
                      source(record), record.sample)
            for n in numbers]


def ground_counters(record: GroundUnit, ctx: Any) -> list[Component]:
    """Every counter of the countermix; the back shows only whose it is, in fog of war."""
    front = _counter(ground_counter(record, ctx, keyed=False), record.name)
    back = _counter(ground_counter(record, ctx, back=True, keyed=False), record.name) if record.fog_of_war_back else None
    return [Component(front, back, source(record), record.sample)] * record.count


COMPONENTS = {"aw.air_unit": air_counters, "aw.ground_unit": ground_counters,
              "aw.campaign_card": as_printed(campaign_card),
              "aw.air_crt": as_printed(crt), "aw.bombing_crt": as_printed(crt)}

PREVIEWS = {
    "aw.air_unit": air_unit,
    "aw.ground_unit": ground_unit,
    "aw.target_roster": target_roster,
    "aw.air_crt": crt,
    "aw.bombing_crt": crt,
    "aw.campaign_card": campaign_card,
}
