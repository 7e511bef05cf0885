"""Dice tables drawn as coverage bars over the die's faces.

Each row is a bar over the faces its roll covers, with the chance of landing
on it; a coverage strip underneath shows every face once, so gaps, overlaps,
reversed and out-of-range rolls are visible at a glance rather than read off a
list of warnings. Works for a record that is a table and for tables nested in
a record; every shape is keyed with the field path it shows so a click in the
studio selects that field.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pydantic import BaseModel

from engine.drawing.shapes import Drawing, Font, Line, Rect, Style, Text

from engine.content.diagnostics import FieldPath, format_path
from engine.content.dice import DiceTable, RollSpan, _spans_text, die_range, distribution, parse_roll
from engine.content.walk import iter_dice_tables

WIDTH = 210.0
FACES_X0, FACES_X1 = 26.0, 136.0
PROB_X, SUMMARY_X = 139.0, 163.0
LANE = 6.0
ROW_COLOURS = ("#5b8db8", "#6aa57a", "#b88a4a", "#8a6fb0", "#4aa3a3", "#b0677a")
COVERED, GAP, OVERLAP, NOTHING = "#a9d8a0", "#e06060", "#f0a83c", "#e4e4e4"
ERROR = "#c62828"
SMALL, NORMAL = Font(2.3), Font(2.8)


def dice_tables_drawing(record: BaseModel, title: str = "") -> Drawing | None:
    """Every dice table in `record`, one section each; None when it holds no table."""
    tables = list(iter_dice_tables(record))
    if not tables:
        return None
    items: list[Any] = []
    notes: list[str] = []
    y = 4.0
    for path, table in tables:
        section, height, found = _section(table, path, y, title if not path else "")
        items.extend(section)
        notes.extend(found)
        y += height + 6.0
    return Drawing(WIDTH, y, tuple(items), title=title, notes=tuple(notes))


def _percent(p: Fraction) -> str:
    text = f"{float(p) * 100:.1f}%"
    return f"{text} · {p.numerator}/{p.denominator}" if 1 < p.denominator <= 400 and p else text


def _summary(row: Any) -> str:
    if not isinstance(row, BaseModel):
        return ""
    data = row.model_dump(mode="json", exclude={"roll"}, exclude_unset=True, exclude_none=True)
    parts = []
    for key, value in data.items():
        if isinstance(value, list) and all(isinstance(v, (str, int, float, bool)) for v in value):
            shown = ", ".join(map(str, value))
        else:
            shown = value if isinstance(value, (str, int, float, bool)) else "…"
        parts.append(f"{key}: {shown}")
    text = ", ".join(parts)
    return text if len(text) <= 26 else text[:25] + "…"  # fits the 47 mm column


def _section(table: DiceTable, path: FieldPath, top: float, name: str) -> tuple[list, float, list[str]]:
    low, high = die_range(table.die)
    dist = distribution(table.die)
    faces = list(range(low, high + 1))
    cell = (FACES_X1 - FACES_X0) / len(faces)
    label_every = 1 if cell >= 3.0 else (5 if cell >= 0.8 else 10)

    def x_of(face: int) -> float:
        return FACES_X0 + (face - low) * cell

    where = format_path(path) or name or "table"
    rows_key = format_path(path + ("rows",))
    items: list[Any] = [
        Text(2, top, f"{where} · {table.die} ({low}–{high})", Font(3.2, bold=True),
             anchor="nw", key=format_path(path + ("die",))),
    ]
    y = top + 6.0
    # Face numbers, with the chance of each face when more than one die is rolled.
    peak = max(dist.values())
    if len(set(dist.values())) > 1:
        for face in faces:
            h = float(dist[face] / peak) * 7.0
            items.append(Rect(x_of(face) + cell * 0.1, y + 7.0 - h, cell * 0.8, h,
                              style=Style(stroke=None, fill="#9aa8b8")))
        y += 8.0
    for face in faces:
        if (face - low) % label_every == 0 or face == high:
            items.append(Text(x_of(face) + cell / 2, y + 1.5, str(face), SMALL))
    items.append(Text(PROB_X, y + 1.5, "chance", SMALL, color="#555555", anchor="w"))
    y += 3.5

    probabilities = table.probabilities()
    covered: dict[int, int] = {}
    overlaps: dict[int, list[int]] = {}
    notes: list[str] = []
    for index, row in enumerate(table.roll_rows()):
        roll_key = format_path(path + ("rows", index, "roll"))
        colour = ROW_COLOURS[index % len(ROW_COLOURS)]
        items.append(Rect(0, y, WIDTH, LANE, style=Style(stroke=None, fill="#f7f7f7" if index % 2 else None)))
        items.append(Text(2, y + LANE / 2, str(row.roll), NORMAL, anchor="w", key=roll_key))
        try:
            span: RollSpan | None = parse_roll(row.roll, table.die)
        except ValueError as exc:
            span = None
            items.append(Text(FACES_X0 + 1, y + LANE / 2, "unreadable roll", NORMAL, color=ERROR,
                              anchor="w", key=roll_key))
            notes.append(f"{where} row {index + 1}: {exc}")
        if span is not None:
            a, b = max(span.low, low), min(span.high, high)
            dash = (1.0, 0.6) if span.reversed else None
            if a <= b:
                items.append(Rect(x_of(a), y + 1, (b - a + 1) * cell, LANE - 2, radius=0.8,
                                  style=Style(stroke="#303030", fill=colour, width=0.25, dash=dash),
                                  key=roll_key))
            for face in range(a, b + 1):
                if face in covered:
                    overlaps.setdefault(face, [covered[face]]).append(index)
                    items.append(Rect(x_of(face), y + 1, cell, LANE - 2,
                                      style=Style(stroke=ERROR, fill=OVERLAP, width=0.3), key=roll_key))
                else:
                    covered[face] = index
            if span.low < low or span.high > high:
                edge = FACES_X0 - 1.5 if span.low < low else FACES_X1 + 1.5
                items.append(Text(edge, y + LANE / 2, "!", Font(3.2, bold=True), color=ERROR, key=roll_key))
                notes.append(f"{where} row {index + 1}: roll {span.text()} is outside {table.die}")
            if span.reversed:
                notes.append(f"{where} row {index + 1}: '{row.roll}' runs backwards; read as {span.text()}")
        items.append(Text(PROB_X, y + LANE / 2, _percent(probabilities[index]), SMALL, anchor="w"))
        items.append(Text(SUMMARY_X, y + LANE / 2, _summary(row), SMALL, color="#333333", anchor="w",
                          key=format_path(path + ("rows", index))))
        y += LANE

    # The coverage strip: one cell per face, coloured by how many rows cover it.
    y += 1.0
    items.append(Text(2, y + LANE / 2, "coverage", NORMAL, color="#555555", anchor="w", key=rows_key))
    gaps = [f for f in faces if f not in covered]
    for face in faces:
        if face in overlaps:
            fill = OVERLAP
        elif face in covered:
            fill = COVERED
        else:
            fill = GAP if table.COVERAGE else NOTHING
        items.append(Rect(x_of(face), y + 0.5, cell, LANE - 1,
                          style=Style(stroke="#ffffff", fill=fill, width=0.2), key=rows_key))
    items.append(Line(FACES_X0, y + LANE + 0.5, FACES_X1, y + LANE + 0.5, Style(width=0.2)))
    total = sum(probabilities, Fraction(0))
    items.append(Text(PROB_X, y + LANE / 2, f"{float(total) * 100:.1f}% in all", SMALL, anchor="w"))
    y += LANE + 2.0
    if gaps:
        what = "gap" if table.COVERAGE else "no result"
        message = f"{what}: {_spans_text(gaps)}"
        items.append(Text(FACES_X0, y + 1.5, message, SMALL, color=ERROR if table.COVERAGE else "#555555",
                          anchor="w", key=rows_key))
        if table.COVERAGE:
            notes.append(f"{where}: no row for roll {_spans_text(gaps)} on {table.die}")
        y += 3.5
    if overlaps:
        rows = sorted({i + 1 for involved in overlaps.values() for i in involved})
        message = f"overlap: {_spans_text(sorted(overlaps))} (rows {', '.join(map(str, rows))})"
        items.append(Text(FACES_X0, y + 1.5, message, SMALL, color=ERROR, anchor="w", key=rows_key))
        notes.append(f"{where}: {message}")
        y += 3.5
    return items, y - top, notes
