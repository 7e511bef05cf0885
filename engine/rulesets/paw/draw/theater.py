"""Theaters of operations as printed: each timeline with its dates, factions and d20 tables.

A table is drawn the way the rulebook prints it, defects included: a cut-off
row says so, a printed plane name that designates no dashboard stays in red,
a role cell the print left empty is marked. Tables a timeline borrows from
another ("refer to ...") are drawn under it with the name of their timeline.
"""

from __future__ import annotations

from typing import Any

from engine.drawing.shapes import Drawing, Font, Group, Item, Line, Rect, Style, Text
from engine.drawing.kit import INK, MUTED, SAMPLE, Cell, key, paragraph, sample_tag, squeeze, table

from ..kinds.theaters import Theater, TheaterTable, Timeline, tables_for
from .style import SIDES

TABLE_W = 66.0
GAP = 5.0
COLUMNS = 4
PAGE_W = COLUMNS * TABLE_W + (COLUMNS - 1) * GAP + 8.0
CUT = "cut off in print"
ORDER = {"mission_type": 0, "ground_targets": 1, "availability": 2}


def _name(ctx: Any, kind: str, record_id: str | None) -> str:
    if record_id is None:
        return ""
    found = ctx.get(kind, record_id) if ctx is not None else None
    return found.name if found is not None else record_id


def _codes(ctx: Any, composition) -> str:
    parts = []
    for item in composition:
        unit = ctx.get("paw.ground_target", item.unit) if ctx is not None else None
        parts.append(f"{item.count} {unit.code if unit else item.unit}")
    return ", ".join(parts)


def _roll(row: Any, path: str, k) -> Cell:
    return Cell(str(row.roll) if row.roll is not None else "–", k(path, "roll"), bold=True,
                align="c")


def table_block(record: TheaterTable, ctx: Any, *, keyed: bool = True,
                width: float = TABLE_W) -> tuple[list[Item], float]:
    """One printed table: its title bar, then its rows as printed."""

    def k(*parts) -> str:
        return key("table", *parts) if keyed else ""

    body = record.table
    side = record.side or (ctx.get("paw.faction", body.faction).side
                           if body.type == "availability" and ctx is not None
                           and ctx.get("paw.faction", body.faction) else None)
    title = record.name
    if record.side and not title.upper().startswith(record.side.upper()):
        title = f"{record.side.upper()} {title}"
    (line,), title_font = squeeze(title, Font(2.0, bold=True), width - 2.4, smallest=0.75)
    items: list[Item] = [Rect(0, 0, width, 5.2, style=Style(None, fill=SIDES.get(side, INK)),
                              key="name" if keyed else ""),
                         Text(1.2, 2.6, line, title_font, "#ffffff", anchor="w",
                              key="name" if keyed else "")]
    y = 5.2
    if body.type == "mission_type":
        rows = [[_roll(r, f"rows[{i}]", k),
                 Cell(_name(ctx, "paw.mission_type", r.mission) if r.mission else CUT,
                      k(f"rows[{i}]", "mission"), color=INK if r.mission else SAMPLE)]
                for i, r in enumerate(body.rows)]
        part, used = table(0, y, (12, width - 12), rows, header=("D20", "MISSION"))
        items += part
        y += used
    elif body.type == "ground_targets":
        rows = [[_roll(r, f"rows[{i}]", k),
                 Cell(r.target or "–", k(f"rows[{i}]", "target"), bold=True),
                 Cell(_codes(ctx, r.composition) if r.target else CUT,
                      k(f"rows[{i}]", "composition"), color=INK if r.target else SAMPLE)]
                for i, r in enumerate(body.rows)]
        part, used = table(0, y, (11, 21, width - 32), rows, header=("D20", "TARGET", "COUNTERS"),
                           font=Font(1.8))
        items += part
        y += used
    else:
        for s, section in enumerate(body.sections):
            role = section.role.replace("_", "-").upper() if section.role else "ROLE CUT OFF"
            rows = []
            for i, r in enumerate(section.rows):
                path = f"sections[{s}].rows[{i}]"
                plane = _name(ctx, "paw.dashboard", r.plane) if r.plane else None
                shown = r.printed or plane or CUT
                if r.plays_as and r.plays_as not in shown:
                    shown += f" (as {r.plays_as})"
                rows.append([_roll(r, path, k),
                             Cell(shown, k(path, "plane"), color=INK if r.plane else SAMPLE,
                                  bold=r.plane is not None),
                             Cell(str(r.points) if r.points is not None else "",
                                  k(path, "points"), align="e")])
            part, used = table(0, y, (12, width - 22, 10), rows, header=("D20", role, "VP"),
                               header_fill="#5a5a5a" if section.role else SAMPLE)
            items += part
            y += used
    return items, y


def _flow(blocks: list[tuple[list[Item], float]], x0: float, y0: float, *,
          columns: int = COLUMNS, width: float = TABLE_W) -> tuple[list[Item], float]:
    """Blocks in columns, each dropped into the shortest column, as a page is filled."""
    heights = [0.0] * columns
    items: list[Item] = []
    for block, h in blocks:
        col = heights.index(min(heights))
        items.append(Group(tuple(block), dx=x0 + col * (width + GAP), dy=y0 + heights[col]))
        heights[col] += h + GAP
    return items, max(heights) if blocks else 0.0


def timeline_block(record: Timeline, ctx: Any, *, keyed: bool = True,
                   width: float = PAGE_W - 8.0) -> tuple[list[Item], float]:
    """A timeline: name and printed dates, factions and who rolls, then every table it uses."""

    def k(path: str) -> str:
        return path if keyed else ""

    items: list[Item] = [
        Text(0, 0, f"{record.sequence}. {record.name}", Font(3.6, bold=True), INK, anchor="nw",
             key=k("name")),
        Text(width, 0.4, record.period.printed, Font(2.2, italic=True), MUTED, anchor="ne",
             key=k("period")),
        Line(0, 5.6, width, 5.6, Style(INK, width=0.35)),
    ]
    y = 7.5
    for side in ("axis", "allies"):
        setup = record.sides.get(side)
        if setup is None:
            continue
        items.append(Rect(0, y - 0.2, 12, 3.6, radius=0.6, style=Style(None, fill=SIDES[side])))
        items.append(Text(6, y + 1.6, side.upper(), Font(1.5, bold=True), "#ffffff"))
        part, used = paragraph(14, y, setup.printed, Font(1.8), width - 14,
                               key=k(f"sides.{side}.printed"))
        items += part
        y += max(used, 4.2)
    part, used = paragraph(0, y, record.mission_roll.printed, Font(1.8, italic=True), width,
                           key=k("mission_roll.printed"))
    items += part
    y += used
    if record.condition is not None:
        part, used = paragraph(0, y, f"Played only {record.condition.text}.", Font(1.8),
                               width, color=SAMPLE, key=k("condition.text"))
        items += part
        y += used
    y += 2.0
    blocks = []
    ordered = sorted(tables_for(record, ctx),
                     key=lambda t: (ORDER[t.table.type], t.side != "axis", t.name))
    for t in ordered:
        block, h = table_block(t, ctx, keyed=False)
        if t.timeline != record.id:
            block.append(Text(TABLE_W, h + 0.6, f"from {_name(ctx, 'paw.timeline', t.timeline)}",
                              Font(1.5, italic=True), MUTED, anchor="ne", key=k("refer_to")))
            h += 3.0
        blocks.append((block, h))
    if not blocks:
        items.append(Text(0, y, "no tables", Font(2.0, italic=True), SAMPLE, anchor="nw"))
        y += 4.0
    part, used = _flow(blocks, 0, y)
    return items + part, y + used


def theater_table(record: TheaterTable, ctx: Any) -> Drawing:
    items, h = table_block(record, ctx)
    tag = sample_tag(record, TABLE_W + 3, 1.0)
    return Drawing(TABLE_W + 6, h + 8, (Group(tuple(items), dx=3, dy=4), *tag),
                   title=record.name)


def timeline(record: Timeline, ctx: Any) -> Drawing:
    items, h = timeline_block(record, ctx)
    return Drawing(PAGE_W, h + 8, (Group(tuple(items), dx=4, dy=4),), title=record.name)


def theater(record: Theater, ctx: Any) -> Drawing:
    """The theater's introduction, then its timelines in order, each with its tables."""
    width = PAGE_W - 8.0
    items: list[Item] = [Text(4, 4, record.name.upper(), Font(5.0, bold=True), INK,
                              anchor="nw", key="name")]
    part, used = paragraph(4, 12, record.description, Font(2.0), width, key="description")
    items += part
    y = 12 + used + 2
    for i, rule in enumerate(record.special_rules):
        part, used = paragraph(4, y, rule.text, Font(1.9, italic=True), width,
                               key=key("special_rules", i, "text"))
        items += part
        y += used
    y += 4
    lines = sorted((t for t in (ctx.records("paw.timeline") if ctx is not None else [])
                    if t.theater == record.id), key=lambda t: t.sequence)
    for line in lines:
        block, h = timeline_block(line, ctx, keyed=False)
        items.append(Group(tuple(block), dx=4, dy=y))
        y += h + 8
    if not lines:
        items.append(Text(4, y, "no timeline refers to this theater yet", Font(2.2, italic=True),
                          SAMPLE, anchor="nw"))
        y += 6
    return Drawing(PAGE_W, y, tuple(items), title=record.name)
